// Parse once, query many times: Robots, and CompiledRobots, its view for a
// fixed list of agents.

import * as wasm from './wasm.js';
import { booleans, unpack, unpackAll } from './answer.js';
import { isSingle, outOfMemory, packAgents, packInputs, packList, readInput, readList, toArgument } from './bytes.js';
import { stageInput, stageList, useAgent, withStaged } from './stage.js';
import { INTERNAL, disposable, freed } from './owned.js';
import { ANSWER, VERDICT } from './vocabulary.js';

/** A staged query's verdict code (VERDICT) as a boolean. */
function verdict(code) {
  if (code === VERDICT.outOfMemory) throw outOfMemory('matching a URL');
  return code === VERDICT.allowed;
}

/** A staged query's packed answer (ANSWER), unpacked. */
function answer(packed) {
  if (packed === ANSWER.outOfMemory) throw outOfMemory('matching a URL');
  return unpack(packed);
}

/**
 * A crawler list as the module reads it: a token and a category a line; a
 * string is a list's text as it is (the shipped list's format, ai.robots.txt's
 * robots.json, or a token a line).
 */
function crawlerList(crawlers) {
  if (typeof crawlers === 'string') return crawlers;
  const lines = [];
  for (const c of crawlers) {
    const token = typeof c === 'string' ? c : c.token;
    if (typeof token !== 'string' || !wasm.is_crawler_list_token(token)) {
      throw new TypeError(`robotstxt-exact: a crawler token must be a non-empty string without spaces or '#', not ${JSON.stringify(token)}`);
    }
    lines.push(typeof c === 'string' || c.category === undefined ? token : `${token} ${c.category}`);
  }
  return lines.join('\n');
}

/** The members of a robots.json entry the module reads, asked once. */
let robotsJsonMembers;

/**
 * ai.robots.txt's robots.json read with JSON.parse, as the module takes it:
 * each entry's token, then the values of the members the module reads (the
 * empty string where a member is absent or not a string), five strings an
 * entry in the file's order, packed; and a byte an entry, 0 where it is not
 * an object. The module maps the entries to crawlers as the core does the
 * entries serde_json reads, so that it need carry no JSON reader of its own.
 */
function robotsJsonEntries(text) {
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`robotstxt-exact: crawler list, not JSON: ${error.message}`, { cause: error });
  }
  robotsJsonMembers ??= wasm.robots_json_members().split(' ');
  const strings = [];
  const tokens = Object.keys(parsed);
  const objects = new Uint8Array(tokens.length);
  tokens.forEach((token, i) => {
    const entry = parsed[token];
    const object = entry !== null && typeof entry === 'object' && !Array.isArray(entry);
    objects[i] = object ? 1 : 0;
    strings.push(token);
    for (const name of robotsJsonMembers) {
      const value = object && Object.hasOwn(entry, name) ? entry[name] : undefined;
      strings.push(typeof value === 'string' ? value : '');
    }
  });
  return [...packInputs(strings, 'the crawler list'), objects];
}

/**
 * Which known crawlers `robots` (a Robots, or a body) blocks: see
 * `Robots.audit`.
 */
export function audit(robots, options) {
  if (robots instanceof Robots) return robots.audit(options);
  const parsed = new Robots(robots);
  try {
    return parsed.audit(options);
  } finally {
    parsed.free();
  }
}

export class Robots {
  #p;

  /** Parses a robots.txt body (a string or bytes; any bytes are accepted). */
  constructor(body) {
    this.#p = withStaged(body, 'the robots.txt body', (len) => wasm.Parsed.parse_staged(len));
  }

  /** Same as `new Robots(body)`. */
  static parse(body) {
    return new Robots(body);
  }

  #parsed() {
    if (this.#p === null) throw freed('Robots');
    return this.#p;
  }

  /** The full answer for `userAgents` (one agent or an array) and `url`. */
  check(userAgents, url) {
    const p = this.#parsed();
    if (isSingle(userAgents)) {
      const agent = readInput(userAgents, 'the user agent');
      const target = readInput(url, 'the URL');
      useAgent(agent);
      return answer(p.check_one_staged(stageInput(target)));
    }
    const [agents, ends] = packAgents(userAgents);
    const target = readInput(url, 'the URL');
    return answer(p.check_staged(agents, ends, stageInput(target)));
  }

  /** Whether `userAgent` may fetch `url`. */
  allowed(userAgent, url) {
    const p = this.#parsed();
    const agent = readInput(userAgent, 'the user agent');
    const target = readInput(url, 'the URL');
    useAgent(agent);
    return verdict(p.allowed_staged(stageInput(target)));
  }

  /** `check` for each URL of an array, in one call into the module. */
  checkMany(userAgents, urls) {
    const p = this.#parsed();
    const [agents, agentEnds] = packAgents(userAgents);
    const targets = readList(urls, 'the URLs');
    return unpackAll(p.check_many_staged(agents, agentEnds, ...stageList(targets)));
  }

  /** `allowed` for each URL of an array, in one call into the module. */
  allowedMany(userAgents, urls) {
    const p = this.#parsed();
    const [agents, agentEnds] = packAgents(userAgents);
    const targets = readList(urls, 'the URLs');
    return booleans(p.allowed_many_staged(agents, agentEnds, ...stageList(targets)));
  }

  /**
   * The rules for `userAgents` compiled into one index: a CompiledRobots
   * answers as `check` with those agents, doing only the path work. It is
   * independent of this object (either may be freed first).
   */
  compile(userAgents) {
    const [agents, ends] = packAgents(userAgents);
    return new CompiledRobots(INTERNAL, this.#parsed().compile(agents, ends));
  }

  /** The sitemap URLs, in file order. */
  sitemaps() {
    return JSON.parse(this.#parsed().sitemaps_json());
  }

  /** The groups, in file order, with their agents and rules. */
  groups() {
    const parsed = this.#parsed();
    const groups = JSON.parse(parsed.groups_json());
    const delays = parsed.group_crawl_delays();
    groups.forEach((group, i) => {
      group.crawlDelay = Number.isFinite(delays[i]) ? delays[i] : null;
    });
    return groups;
  }

  /**
   * The crawl-delay for `userAgent` in seconds, or undefined. An extension:
   * Google ignores crawl-delay, and so do the verdicts.
   */
  crawlDelay(userAgent) {
    return this.#parsed().crawl_delay(toArgument(userAgent, 'the user agent'));
  }

  /**
   * The usage preferences (Content-Signal, Content-Usage) that apply to
   * `userAgents` for `url`, each with the line that stated it:
   * `{allowed, signals: {name: {allowed, line}}, usage: {label: {...}}}`.
   * An extension: no verdict uses them; nothing applies where `allowed` is
   * false.
   */
  preferences(userAgents, url) {
    const p = this.#parsed();
    const [agents, ends] = packAgents(userAgents);
    return JSON.parse(withStaged(url, 'the URL', (len) => p.preferences_json_staged(agents, ends, len)));
  }

  /**
   * The Request-rate for `userAgent`: `{requests, seconds, window}` (window
   * `[start, end]` in UTC minutes, or null), or null. An extension.
   */
  requestRate(userAgent) {
    return JSON.parse(this.#parsed().request_rate_json(toArgument(userAgent, 'the user agent')));
  }

  /**
   * The `License` URLs (RSL 1.0; absolute URLs only), `[{value, line}]` in
   * file order: for the whole file, wherever the lines stand.
   */
  licenses() {
    return JSON.parse(this.#parsed().file_values_json()).license;
  }

  /** The `LLM-Policy` values, `[{value, line}]` in file order. */
  llmPolicies() {
    return JSON.parse(this.#parsed().file_values_json()).llmPolicy;
  }

  /**
   * The policy tokens (`__<namespace>_<label>`, such as
   * `__usage_ai-training`) the file's user-agent lines name:
   * `[{token, known, line}]` in file order.
   */
  policyTokens() {
    return JSON.parse(this.#parsed().file_values_json()).policyTokens;
  }

  /**
   * What the groups naming the policy token `token` say for `url`, read as
   * Google reads any group: `{allowed, line}` (allowed: the purpose is
   * allowed there), or null when no group names the token.
   */
  policy(token, url) {
    const p = this.#parsed();
    const t = toArgument(token, 'the policy token');
    return JSON.parse(withStaged(url, 'the URL', (len) => p.policy_json_staged(t, len)));
  }

  /**
   * Which known crawlers this file blocks from `/` and each of `paths`, with
   * the deciding group and line and the preferences that apply; `crawlers`
   * (tokens, `{token, category}`, or a list's text, ai.robots.txt's
   * robots.json included) replaces the shipped list. Also the file's
   * License and LLM-Policy values and what each policy-token group says at
   * each path.
   */
  audit({ paths = [], crawlers } = {}) {
    const [packed, ends] = packList(paths, 'the paths');
    const list = crawlers === undefined ? undefined : crawlerList(crawlers);
    const parsed = this.#parsed();
    const report = JSON.parse(
      list !== undefined && wasm.is_robots_json(list)
        ? parsed.audit_robots_json(packed, ends, ...robotsJsonEntries(list))
        : parsed.audit_json(packed, ends, list),
    );
    // The crawl-delays cross as numbers, as in groups(): the audit's is the
    // one for the agent as matched.
    for (const crawler of report.crawlers) {
      crawler.crawlDelay = parsed.crawl_delay(toArgument(crawler.matchedAs, 'the user agent')) ?? null;
    }
    return report;
  }

  /** Bytes of WebAssembly memory the parsed file holds. */
  heapBytes() {
    return this.#parsed().heap_bytes();
  }

  /** Releases the parsed file's memory. Idempotent. */
  free() {
    if (this.#p !== null) {
      this.#p.free();
      this.#p = null;
    }
  }
}
disposable(Robots);

export class CompiledRobots {
  #c;

  /** Made by `Robots.compile`. */
  constructor(token, compiled) {
    if (token !== INTERNAL) throw new TypeError('robotstxt-exact: use Robots.compile(agents)');
    this.#c = compiled;
  }

  #compiled() {
    if (this.#c === null) throw freed('CompiledRobots');
    return this.#c;
  }

  /** The full answer for `url`. */
  check(url) {
    return answer(this.#compiled().check_staged(stageInput(readInput(url, 'the URL'))));
  }

  /** Whether the agents may fetch `url`. */
  allowed(url) {
    return verdict(this.#compiled().allowed_staged(stageInput(readInput(url, 'the URL'))));
  }

  /** `check` for each URL of an array, in one call into the module. */
  checkMany(urls) {
    const c = this.#compiled();
    return unpackAll(c.check_many_staged(...stageList(readList(urls, 'the URLs'))));
  }

  /** `allowed` for each URL of an array, in one call into the module. */
  allowedMany(urls) {
    const c = this.#compiled();
    return booleans(c.allowed_many_staged(...stageList(readList(urls, 'the URLs'))));
  }

  /** Whether a group names one of the agents (else the `*` groups apply). */
  everSeenSpecificAgent() {
    return this.#compiled().ever_seen_specific_agent();
  }

  /** Bytes of WebAssembly memory the compiled rules hold. */
  heapBytes() {
    return this.#compiled().heap_bytes();
  }

  /** Releases the compiled rules' memory. Idempotent. */
  free() {
    if (this.#c !== null) {
      this.#c.free();
      this.#c = null;
    }
  }
}
disposable(CompiledRobots);
