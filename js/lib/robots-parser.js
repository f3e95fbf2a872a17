// A drop-in for the npm package robots-parser with Google's answers:
//
//   import robotsParser from 'robotstxt-exact/robots-parser';
//   const robotsParser = require('robotstxt-exact/robots-parser'); // Node 20.19+
//   const robots = robotsParser('https://example.com/robots.txt', contents);
//   robots.isAllowed('https://example.com/page', 'MyBot/1.0');
//
// The interface is robots-parser's (3.x): the same function, methods,
// argument order and return values, `undefined` for a URL of another origin
// included. A URL is read as robots-parser reads it (WHATWG URL, relative to
// a placeholder host); its path and query are then matched as Google's
// matcher matches them. The verdicts, matching lines, crawl-delays and
// sitemaps are Google's; js/README.md lists where and why they differ from
// robots-parser's, counted on the corpus.
//
// Memory: robots-parser's objects have no free(), so the parsed files are
// kept in a small cache of the WebAssembly module's memory instead of one
// per object: the PARSED_FILES most recently queried stay parsed, and an
// object whose file was dropped parses it again when next asked. What the
// module holds never waits for the garbage collector. When the module runs
// out of memory, the least recently used files are dropped and the call
// tried again: robots-parser answers for any file it can hold, and so does
// this for any file the module can hold alone.

import { Robots } from './robots.js';
import { isOutOfMemory } from './bytes.js';
import { extractUserAgent, parseRobotsTxt } from './parse.js';

/** How many parsed files the adapter keeps in WebAssembly memory. */
export const PARSED_FILES = 64;

/** adapter -> Robots, least recently used first (a Map keeps insertion order). */
const parsed = new Map();

/** Drops up to `n` parsed files, least recently used first, but `keep`'s; how many it dropped. */
function evict(n, keep) {
  let dropped = 0;
  for (const [adapter, robots] of parsed) {
    if (dropped === n) break;
    if (adapter === keep) continue;
    parsed.delete(adapter);
    robots.free();
    dropped++;
  }
  return dropped;
}

/** The adapter's file parsed, made the most recently used. */
function robotsOf(adapter, contents) {
  let robots = parsed.get(adapter);
  if (robots !== undefined) {
    parsed.delete(adapter);
    parsed.set(adapter, robots);
    return robots;
  }
  robots = new Robots(contents);
  parsed.set(adapter, robots);
  if (parsed.size > PARSED_FILES) evict(1, adapter);
  return robots;
}

/**
 * `fn()`, and out of memory (parsing a file, or staging a URL), again after
 * dropping 1, then 2, 4, ... of the parsed files other than `keep`'s, until
 * none is left: then the Error stands, as the module cannot do it with
 * `keep`'s file alone.
 */
function withRoom(keep, fn) {
  for (let n = 1; ; n *= 2) {
    try {
      return fn();
    } catch (error) {
      if (!isOutOfMemory(error) || evict(n, keep) === 0) throw error;
    }
  }
}

/** `fn` on the adapter's parsed file, with room made as withRoom makes it. */
function withParsed(adapter, contents, fn) {
  return withRoom(adapter, () => fn(robotsOf(adapter, contents)));
}

/** Where robots-parser resolves relative URLs: a host nobody uses. */
const RELATIVE_BASE = 'http://robots-relative.samclarke.com/';

// robots-parser's reading of a URL: WHATWG URL, relative ones resolved
// against RELATIVE_BASE, and the port always filled in, so that its origin
// check compares scheme, host and port.
function parseUrl(url) {
  try {
    const parsedUrl = new URL(url, RELATIVE_BASE);
    if (!parsedUrl.port) parsedUrl.port = parsedUrl.protocol === 'https:' ? 443 : 80;
    return parsedUrl;
  } catch {
    return null;
  }
}

// The URL Google's matcher is given: the path and query as robots-parser
// reads them (WHATWG URL's, so `/π` is `/%CF%80` and dot segments are
// resolved, then every escape upper-cased, so `/%cf%80` is `/%CF%80` too),
// after a placeholder authority. The parsed URL's own host would not do:
// Google's GetPathParamsQuery ends the authority at the first `/`, `?` or
// `;`, and a host or user name may hold a `;`; a bare path starting with
// `//` would be read as an authority.
function matchedUrl(target) {
  const path = target.pathname.startsWith('/') ? target.pathname : `/${target.pathname}`;
  const read = `${path}${target.search}`;
  const upper = read.includes('%') ? read.replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase()) : read;
  return `http://robots-parser.invalid${upper}`;
}

// A lone surrogate (half of a UTF-16 pair) has no UTF-8 form. robots-parser
// leaves a rule holding one as it is, and it matches no URL, whose path and
// query WHATWG URL has percent-encoded; Google's parser is given DEL
// (0x7F) in its place, which such a path never holds either, and which its
// escaping of rules leaves as it is. (TextEncoder would give U+FFFD, which
// a URL's escaped U+FFFD would match.)
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function wellFormed(text) {
  return text.isWellFormed?.() ? text : text.replace(LONE_SURROGATE, '\x7f');
}

// The product token Google compares with the groups' user-agent lines: the
// leading [a-zA-Z_-] run, so 'MyBot/1.0' and 'MyBot (+https://...)' are
// 'MyBot' (robots-parser cuts at '/'). No agent, or one with no token ('*'
// among them), is '*' as Google's matcher takes it: only the `*` groups
// apply (robots-parser's default agent is '*'; an empty token would match
// an empty `User-agent:` line).
function agentOf(ua) {
  const token = ua ? extractUserAgent(String(ua)) : '';
  return token === '' ? '*' : token;
}

class GoogleRobots {
  #url;
  #contents;
  #host = undefined;

  constructor(url, contents) {
    this.#url = parseUrl(url) || {};
    // A string as robots-parser takes it, or the bytes as fetched (an addition).
    if (!contents) this.#contents = '';
    else if (ArrayBuffer.isView(contents)) this.#contents = contents;
    else this.#contents = wellFormed(String(contents));
  }

  // The answer for (url, ua), or undefined when the URL's scheme, host or
  // port differ from the robots.txt URL's (robots-parser's origin check).
  #answer(url, ua) {
    const target = parseUrl(url) || {};
    if (
      target.protocol !== this.#url.protocol ||
      target.hostname !== this.#url.hostname ||
      target.port !== this.#url.port
    ) {
      return undefined;
    }
    const agent = agentOf(ua);
    const matched = matchedUrl(target);
    return withParsed(this, this.#contents, (robots) => robots.check(agent, matched));
  }

  /** true if allowed, false if not, undefined for a URL of another origin. */
  isAllowed(url, ua) {
    return this.#answer(url, ua)?.allowed;
  }

  /** The opposite of isAllowed (true for a URL of another origin). */
  isDisallowed(url, ua) {
    return !this.isAllowed(url, ua);
  }

  /** The line of the deciding rule, -1 when no rule decided. */
  getMatchingLineNumber(url, ua) {
    const answer = this.#answer(url, ua);
    return answer && answer.matchingLine > 0 ? answer.matchingLine : -1;
  }

  /** The crawl-delay (seconds) of the groups that apply to ua, or undefined. */
  getCrawlDelay(ua) {
    const agent = agentOf(ua);
    return withParsed(this, this.#contents, (robots) => robots.crawlDelay(agent));
  }

  /** The sitemap URLs, in file order. */
  getSitemaps() {
    return withParsed(this, this.#contents, (robots) => robots.sitemaps());
  }

  /**
   * The value of the last `host` line, lower-cased, or null. Google reads
   * no `host` line; its parser hands them over as unused keys, and this
   * takes them from there as robots-parser does.
   */
  getPreferredHost() {
    if (this.#host === undefined) {
      let host = null;
      withRoom(this, () =>
        parseRobotsTxt(this.#contents, {
          handleUnknownAction(line, key, value) {
            if (key.toLowerCase() === 'host' && value) host = value.toLowerCase();
          },
        }),
      );
      this.#host = host;
    }
    return this.#host;
  }

  /** Drops the parsed file from WebAssembly memory now (an addition). */
  free() {
    const robots = parsed.get(this);
    if (robots !== undefined) {
      parsed.delete(this);
      robots.free();
    }
  }
}

/**
 * robots-parser's entry point: the robots.txt at `url` with body
 * `contents`, answering with Google's verdicts.
 */
export default function robotsParser(url, contents) {
  return new GoogleRobots(url, contents);
}

// What `require('robotstxt-exact/robots-parser')` returns where Node loads
// ES modules with require (20.19, 22.12 and later): the function itself, as
// robots-parser's `module.exports` is.
export { robotsParser as 'module.exports' };
