// The smallest adapter a Crawlee user writes to have Google's robots.txt
// answers (robotstxt-exact) instead of robots-parser's. Crawlee 3 has no
// option for another parser: respectRobotsTxtFile is true or {userAgent},
// and RobotsTxtFile always wraps robots-parser. Its crawlers fetch robots.txt
// in one protected method, getRobotsTxtFileForUrl(url), which a subclass may
// override; whatever it returns needs isAllowed(url, userAgent) and
// getSitemaps(). js/README.md shows this file.

import robotsParser from 'robotstxt-exact/robots-parser';
import { decide, robotsTxtUrl, truncateBody } from 'robotstxt-exact';

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

// Google's reading of the fetch: a 4xx allows everything, a 5xx or a
// network error disallows everything, only the first 500 KiB count.
async function fetchRobotsTxt(pageUrl) {
  const url = robotsTxtUrl(pageUrl);
  let outcome;
  let body;
  try {
    const response = await fetch(url);
    outcome = response.status;
    if (response.ok) body = truncateBody(new Uint8Array(await response.arrayBuffer()));
  } catch {
    outcome = 'network-error';
  }
  const decision = decide(outcome);
  const robots = decision === 'use-rules' ? robotsParser(url, body) : null;
  return {
    isAllowed: (u, userAgent) => (robots ? robots.isAllowed(u, userAgent) ?? true : decision === 'allow-all'),
    getSitemaps: () => (robots ? robots.getSitemaps() : []),
  };
}
