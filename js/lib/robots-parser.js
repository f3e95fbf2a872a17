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
// module holds never waits for the garbage collector.

import { Robots } from './robots.js';
import { extractUserAgent, parseRobotsTxt } from './parse.js';

/** How many parsed files the adapter keeps in WebAssembly memory. */
export const PARSED_FILES = 64;

/** adapter -> Robots, least recently used first (a Map keeps insertion order). */
const parsed = new Map();

function robotsOf(adapter, contents) {
  let robots = parsed.get(adapter);
  if (robots !== undefined) {
    parsed.delete(adapter);
    parsed.set(adapter, robots);
    return robots;
  }
  robots = new Robots(contents);
  parsed.set(adapter, robots);
  if (parsed.size > PARSED_FILES) {
    const [oldest, old] = parsed.entries().next().value;
    parsed.delete(oldest);
    old.free();
  }
  return robots;
}

// robots-parser's reading of a URL: relative ones are resolved against a
// host nobody uses, and the port is always filled in, so that its origin
// check compares scheme, host and port.
function parseUrl(url) {
  try {
    const parsedUrl = new URL(url, 'http://robots-relative.samclarke.com/');
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

  #robots() {
    return robotsOf(this, this.#contents);
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
    return this.#robots().check(agentOf(ua), String(url));
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
    return this.#robots().crawlDelay(agentOf(ua));
  }

  /** The sitemap URLs, in file order. */
  getSitemaps() {
    return this.#robots().sitemaps();
  }

  /**
   * The value of the last `host` line, lower-cased, or null. Google reads
   * no `host` line; its parser hands them over as unused keys, and this
   * takes them from there as robots-parser does.
   */
  getPreferredHost() {
    if (this.#host === undefined) {
      let host = null;
      parseRobotsTxt(this.#contents, {
        handleUnknownAction(line, key, value) {
          if (key.toLowerCase() === 'host' && value) host = value.toLowerCase();
        },
      });
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
