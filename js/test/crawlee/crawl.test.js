// A real Crawlee crawl of a server this test runs on 127.0.0.1: with the
// adapter of google-robots.js, the crawler fetches exactly the pages
// Google's rules allow; stock Crawlee (robots-parser) fetches others.
//
// The robots.txt below is written so that Google's reading and
// robots-parser's differ: a typo Google accepts (Disalow), Google's
// index.html rule, and a $-anchored wildcard both read alike.

import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

// Crawlee keeps its request queue here; nothing is left behind.
const storage = mkdtempSync(join(tmpdir(), 'robotstxt-crawlee-'));
process.env.CRAWLEE_STORAGE_DIR = storage;
process.env.CRAWLEE_PERSIST_STORAGE = 'false';
process.env.CRAWLEE_LOG_LEVEL = 'ERROR';

const { Configuration, HttpCrawler } = await import('@crawlee/http');
const { withGoogleRobotsTxt } = await import('./google-robots.js');

const ROBOTS_TXT = [
  'User-agent: ExampleBot',
  'Disallow: /private/',
  'Allow: /private/press/index.html',
  'Disalow: /typo',
  'Disallow: /*.pdf$',
  '',
  'User-agent: *',
  'Disallow: /',
  '',
].join('\n');

const LINKS = {
  '/': ['/a', '/private/secret', '/private/press/', '/private/press/index.html', '/typo', '/doc.pdf', '/doc.pdf?download=1'],
  '/a': ['/b', '/typo/deep'],
  '/b': ['/'],
};

// Google's answers for ExampleBot, rule by rule (Google's robots.txt
// documentation and robots.cc): /private/ is disallowed except the press
// page, whose "index.html" allow rule also allows its directory; the typo
// "Disalow" is a disallow; "/*.pdf$" matches a path ending in .pdf only.
const GOOGLE_FETCHES = ['/', '/a', '/b', '/private/press/', '/private/press/index.html', '/doc.pdf?download=1'];
// robots-parser ignores the typo and has no index.html rule.
const ROBOTS_PARSER_FETCHES = ['/', '/a', '/b', '/private/press/index.html', '/typo', '/typo/deep', '/doc.pdf?download=1'];

let server;
let origin;
let fetched;

before(async () => {
  server = createServer((req, res) => {
    fetched.push(req.url);
    if (req.url === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(ROBOTS_TXT);
      return;
    }
    const links = (LINKS[req.url.split('?')[0]] || []).map((href) => `<a href="${href}">${href}</a>`).join('\n');
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>${req.url}</title>\n${links}`);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
});

after(() => {
  server?.close();
  rmSync(storage, { recursive: true, force: true });
});

async function crawl(Crawler) {
  fetched = [];
  const skipped = [];
  const crawler = new Crawler(
    {
      respectRobotsTxtFile: { userAgent: 'ExampleBot' },
      maxConcurrency: 2,
      maxRequestRetries: 0,
      onSkippedRequest: ({ url, reason }) => skipped.push([new URL(url).pathname + new URL(url).search, reason]),
      async requestHandler({ request, body }) {
        const links = [...String(body).matchAll(/href="([^"]+)"/g)].map((m) => new URL(m[1], request.url).href);
        await crawler.addRequests(links);
      },
    },
    new Configuration({ persistStorage: false }),
  );
  await crawler.run([`${origin}/`]);
  const pages = fetched.filter((u) => u !== '/robots.txt');
  return { pages: [...new Set(pages)].sort(), robotsFetches: fetched.length - pages.length, skipped };
}

test('with the adapter, Crawlee fetches exactly the pages Google allows', async () => {
  const { pages, robotsFetches, skipped } = await crawl(withGoogleRobotsTxt(HttpCrawler));
  assert.deepEqual(pages, [...GOOGLE_FETCHES].sort());
  assert.equal(robotsFetches, 1, 'robots.txt is fetched once per origin');
  assert.ok(skipped.every(([, reason]) => reason === 'robotsTxt'));
  assert.deepEqual([...new Set(skipped.map(([u]) => u))].sort(), ['/doc.pdf', '/private/secret', '/typo', '/typo/deep']);
});

test('stock Crawlee (robots-parser) fetches what robots-parser allows', async () => {
  const { pages } = await crawl(HttpCrawler);
  assert.deepEqual(pages, [...ROBOTS_PARSER_FETCHES].sort());
});
