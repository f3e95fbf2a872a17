// A drop-in for the npm package robots-parser with Google's answers:
//
//   import robotsParser from 'robotstxt-exact/robots-parser';
//   const robots = robotsParser('https://example.com/robots.txt', contents);
//   robots.isAllowed('https://example.com/page', 'MyBot/1.0');
//
// The interface is robots-parser's (3.x): the same function, methods,
// argument order and return values, `undefined` for a URL of another origin
// included. The verdicts, matching lines, crawl-delays and sitemaps are
// Google's; js/README.md lists where and why they differ from
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

// The product token Google compares with the groups' user-agent lines: the
// leading [a-zA-Z_-] run, so 'MyBot/1.0' and 'MyBot (+https://...)' are
// 'MyBot' (robots-parser cuts at '/'). An empty agent is robots-parser's '*'.
function agentOf(ua) {
  return extractUserAgent(ua ? String(ua) : '*');
}

class GoogleRobots {
  #url;
  #contents;
  #host = undefined;

  constructor(url, contents) {
    this.#url = parseUrl(url) || {};
    // A string as robots-parser takes it, or the bytes as fetched (an addition).
    this.#contents = !contents ? '' : typeof contents === 'string' || ArrayBuffer.isView(contents) ? contents : String(contents);
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
    return withParsed(this, this.#contents, (robots) => robots.check(agent, String(url)));
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
