// The smallest adapter a Crawlee user writes to have Google's robots.txt
// answers (robotstxt-exact) instead of robots-parser's. Crawlee 3 has no
// option for another parser: respectRobotsTxtFile is true or {userAgent},
// and RobotsTxtFile always wraps robots-parser. Its crawlers fetch robots.txt
// in one protected method, getRobotsTxtFileForUrl(url), which a subclass may
// override; whatever it returns needs isAllowed(url, userAgent) and
// getSitemaps(). js/README.md shows this file.

import robotsParser from 'robotstxt-exact/robots-parser';
import { MAX_ROBOTS_TXT_BYTES, decide, robotsTxtUrl } from 'robotstxt-exact';

/** How long a robots.txt fetch may take, redirects and body included. */
const TIMEOUT_MS = 10_000;

/** `Crawler` (HttpCrawler, CheerioCrawler, ...) with Google's robots.txt answers. */
export function withGoogleRobotsTxt(Crawler) {
  return class extends Crawler {
    #files = new Map(); // origin -> Promise of what its robots.txt says

    async getRobotsTxtFileForUrl(url) {
      if (!this.respectRobotsTxtFile) return undefined;
      const origin = new URL(url).origin;
      if (!this.#files.has(origin)) this.#files.set(origin, fetchRobotsTxt(url));
      return this.#files.get(origin);
    }
  };
}

// Google's reading of the fetch: a 4xx allows everything, a 5xx, a network
// error or a timeout disallows everything, only the first 500 KiB count.
export async function fetchRobotsTxt(pageUrl) {
  const url = robotsTxtUrl(pageUrl);
  let outcome;
  let body;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    outcome = response.status;
    if (response.ok) {
      if (!readable(response.headers.get('content-encoding'))) throw new Error('unreadable coding');
      body = await firstBytes(response, MAX_ROBOTS_TXT_BYTES);
    }
  } catch (error) {
    outcome = error?.name === 'TimeoutError' ? 'timeout' : 'network-error';
  }
  const decision = decide(outcome);
  const robots = decision === 'use-rules' ? robotsParser(url, body) : null;
  return {
    isAllowed: (u, userAgent) => (robots ? robots.isAllowed(u, userAgent) ?? true : decision === 'allow-all'),
    getSitemaps: () => (robots ? robots.getSitemaps() : []),
  };
}

// Node's fetch undoes gzip, deflate and br, but leaves the body as sent when
// any coding of the list is another (identity included: `identity, gzip`
// from two fields would be gzip bytes read as rules). A body it would not
// undo, a stack of more than 4 codings or of more than one br (each brotli
// decoder may hold a 16 MiB window) is unreadable: a network error.
const CODINGS = new Set(['gzip', 'x-gzip', 'deflate', 'br']);
const MAX_CODINGS = 4;

function readable(contentEncoding) {
  if (contentEncoding === null) return true;
  const codings = contentEncoding.split(',').map((c) => c.trim().toLowerCase()).filter(Boolean);
  if (codings.length === 1 && codings[0] === 'identity') return true;
  const brotli = codings.filter((c) => c === 'br').length;
  return codings.length <= MAX_CODINGS && brotli <= 1 && codings.every((c) => CODINGS.has(c));
}

// The first `limit` bytes of the body, however long or endless it is: the
// rest is never read (arrayBuffer() would hold all of it, decoded).
async function firstBytes(response, limit) {
  const body = new Uint8Array(limit);
  let length = 0;
  const reader = response.body.getReader();
  try {
    while (length < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      const n = Math.min(value.length, limit - length);
      body.set(value.subarray(0, n), length);
      length += n;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return body.subarray(0, length);
}
