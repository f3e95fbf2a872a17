// The package's API beyond the shared cases of spec/: input types, free() and the
// FinalizationRegistry, leak-free reuse, bad input, the parse-once extras,
// lint and the crawler side.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import {
  CacheEntry,
  IsAllowed,
  MAX_REDIRECT_HOPS,
  MAX_ROBOTS_TXT_BYTES,
  Robots,
  RobotsMatcher,
  RobotsParsingReporter,
  appliesTo,
  classify,
  decide,
  extractUserAgent,
  isRobotsTxtUrl,
  lint,
  maxAgeFromCacheControl,
  parseRobotsTxt,
  robotsTxtUrl,
  shouldFollowRedirect,
  truncateBody,
} from '../lib/index.js';
import { memory } from '../lib/wasm.js';

const BODY = 'User-agent: *\nDisallow: /search\nAllow: /search/about\n';

describe('inputs', () => {
  test('a string is its UTF-8 bytes; Buffer, DataView and ArrayBuffer are bytes too', () => {
    const bytes = new TextEncoder().encode(BODY);
    const url = 'https://example.com/search?q=x';
    for (const body of [BODY, bytes, Buffer.from(bytes), new DataView(bytes.buffer), bytes.buffer]) {
      const robots = Robots.parse(body);
      assert.deepEqual(robots.check('Googlebot', url), {
        allowed: false,
        matchingLine: 2,
        everSeenSpecificAgent: false,
        disallowIgnoreGlobal: false,
      });
      robots.free();
    }
  });

  test('agents may be one agent, an array or any iterable', () => {
    const robots = Robots.parse('User-agent: FooBot\nDisallow: /\n');
    const url = 'https://example.com/x';
    assert.equal(robots.check('FooBot', url).allowed, false);
    assert.equal(robots.check(['BarBot', 'FooBot'], url).allowed, false);
    assert.equal(robots.check(new Set(['BarBot', 'FooBot']), url).allowed, false);
    assert.equal(robots.check(['BarBot'], url).allowed, true);
    assert.deepEqual(robots.allowedMany(new Set(['FooBot']), (function* () { yield url; yield 'https://example.com'; })()), [false, false]);
    robots.free();
  });

  test('wrong types are a TypeError naming the argument', () => {
    const robots = Robots.parse(BODY);
    assert.throws(() => robots.allowed('a', 42), { name: 'TypeError', message: /the URL must be a string or a Uint8Array, not number/ });
    assert.throws(() => robots.check(null, 'http://a/'), { name: 'TypeError', message: /user agents must be an array/ });
    assert.throws(() => Robots.parse(undefined), { name: 'TypeError', message: /robots.txt body/ });
    assert.throws(() => robots.allowedMany('a', 'http://a/'), { name: 'TypeError', message: /URLs must be an array/ });
    robots.free();
  });

  test('any bytes, NULs and invalid UTF-8 included, give an answer through every entry point', () => {
    // A fixed pseudo-random sequence, so a failure can be replayed.
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
    const alphabet = [0, 10, 13, 35, 36, 42, 47, 58, 0x80, 0xc3, 0xa9, 0xef, 0xbb, 0xbf, 0xff, 32, 97, 65];
    const junk = (n) => Uint8Array.from({ length: n }, () => (next() < 128 ? alphabet[next() % alphabet.length] : next()));
    const words = new TextEncoder().encode('user-agent: a\nallow: /\ndisallow: /*$\nsitemap: x\n');
    const matcher = new RobotsMatcher();
    for (let i = 0; i < 300; i++) {
      const body = new Uint8Array([...junk(next()), ...words.subarray(0, next() % words.length), ...junk(next())]);
      const url = junk(next() % 64);
      const agent = junk(next() % 8);
      const robots = Robots.parse(body);
      const answer = robots.check([agent, 'a'], url);
      assert.equal(matcher.allowedByRobots(body, [agent, 'a'], url), answer.allowed);
      assert.equal(matcher.matchingLine(), answer.matchingLine);
      assert.equal(robots.allowed(agent, url), robots.check(agent, url).allowed);
      assert.deepEqual(robots.checkMany([agent, 'a'], [url, url]), [answer, answer]);
      const compiled = robots.compile([agent, 'a']);
      assert.deepEqual(compiled.check(url), answer);
      compiled.free();
      robots.sitemaps();
      robots.groups();
      robots.crawlDelay(agent);
      lint(body);
      const reporter = new RobotsParsingReporter();
      parseRobotsTxt(body, reporter);
      assert.equal(reporter.parseResults().length, reporter.lastLineSeen());
      reporter.free();
      parseRobotsTxt(body, { reportLineMetadata() {} });
      robots.free();
    }
    matcher.free();
  });
});

describe('free() and the FinalizationRegistry', () => {
  test('free() is idempotent and a freed object says so', () => {
    for (const [name, make, use] of [
      ['Robots', () => Robots.parse(BODY), (o) => o.allowed('a', 'http://a/')],
      ['CompiledRobots', () => Robots.parse(BODY).compile('a'), (o) => o.allowed('http://a/')],
      ['RobotsMatcher', () => new RobotsMatcher(), (o) => o.matchingLine()],
      ['RobotsParsingReporter', () => new RobotsParsingReporter(), (o) => o.lastLineSeen()],
      ['CacheEntry', () => new CacheEntry(), (o) => o.needsFetch(0)],
    ]) {
      const o = make();
      use(o);
      o.free();
      o.free();
      assert.throws(() => use(o), { message: `robotstxt-exact: ${name} used after free()` });
    }
  });

  test('Symbol.dispose frees, for `using` declarations', { skip: typeof Symbol.dispose !== 'symbol' && 'no Symbol.dispose' }, () => {
    const robots = Robots.parse(BODY);
    robots[Symbol.dispose]();
    assert.throws(() => robots.sitemaps(), /used after free/);
  });

  test('a compiled view outlives the Robots it came from', () => {
    const robots = Robots.parse(BODY);
    const view = robots.compile(['Googlebot']);
    robots.free();
    assert.equal(view.allowed('https://example.com/search/about'), true);
    assert.equal(view.allowed('https://example.com/search'), false);
    view.free();
  });

  test('parsing and freeing again and again reuses the same memory', () => {
    const body = 'User-agent: *\n' + 'Disallow: /private/x*y$\nAllow: /a/b/c\n'.repeat(5000);
    const warm = Robots.parse(body);
    warm.allowed('a', 'http://a/private/xzy');
    warm.free();
    const before = memory.buffer.byteLength;
    for (let i = 0; i < 300; i++) {
      const robots = Robots.parse(body);
      robots.allowed('a', 'http://a/private/xzy');
      robots.compile('a').free();
      robots.free();
      const m = new RobotsMatcher();
      m.oneAgentAllowedByRobots(body, 'a', 'http://a/');
      m.oneAgentAllowedByRobots(body, 'a', 'http://a/');
      m.free();
    }
    // 300 rounds of a 190 KB body would be well over 100 MB if any leaked.
    assert.ok(memory.buffer.byteLength - before < 8 << 20, `memory grew by ${memory.buffer.byteLength - before} bytes`);
  });

  test('objects left unreachable are freed by the FinalizationRegistry after a collection', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc');
    const body = 'User-agent: *\n' + 'Disallow: /p/q*r$\n'.repeat(20000); // about 370 KB parsed
    const before = memory.buffer.byteLength;
    for (let round = 0; round < 40; round++) {
      for (let i = 0; i < 10; i++) Robots.parse(body); // never freed by hand
      gc();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    // 400 unfreed objects would hold about 150 MB; the registry gave it back.
    assert.ok(memory.buffer.byteLength - before < 64 << 20, `memory grew by ${memory.buffer.byteLength - before} bytes`);
  });
});

describe('parse once', () => {
  const body =
    'Sitemap: https://example.com/a.xml\n' +
    'User-agent: FooBot\nUser-agent: BarBot/2.0\nCrawl-delay: 2.5\nDisallow: /private\nAllow: /private/press\n\n' +
    'User-agent: *\nDisallow: /tmp/\nCrawl-delay: 7\nsitemap: https://example.com/b.xml\n';

  test('sitemaps in file order, groups with their lines, crawl-delays', () => {
    const robots = Robots.parse(body);
    assert.deepEqual(robots.sitemaps(), ['https://example.com/a.xml', 'https://example.com/b.xml']);
    assert.deepEqual(robots.groups(), [
      {
        agents: [
          { value: 'FooBot', line: 2 },
          { value: 'BarBot/2.0', line: 3 },
        ],
        rules: [
          { kind: 'disallow', pattern: '/private', line: 5 },
          { kind: 'allow', pattern: '/private/press', line: 6 },
        ],
        isGlobal: false,
        crawlDelay: 2.5,
      },
      { agents: [{ value: '*', line: 8 }], rules: [{ kind: 'disallow', pattern: '/tmp/', line: 9 }], isGlobal: true, crawlDelay: 7 },
    ]);
    assert.equal(robots.crawlDelay('FooBot'), 2.5);
    assert.equal(robots.crawlDelay('barbot'), 2.5);
    assert.equal(robots.crawlDelay('Other'), 7);
    assert.equal(Robots.parse('User-agent: *\nDisallow: /\n').crawlDelay('a'), undefined);
    assert.ok(robots.heapBytes() > 0);
    robots.free();
  });

  test("an agent's own group decides, the * group only for agents without one", () => {
    const robots = Robots.parse(body);
    assert.deepEqual(robots.check('FooBot', 'https://example.com/private/press/x'), {
      allowed: true,
      matchingLine: 6,
      everSeenSpecificAgent: true,
      disallowIgnoreGlobal: false,
    });
    assert.deepEqual(robots.check('BarBot', 'https://example.com/private/x'), {
      allowed: false,
      matchingLine: 5,
      everSeenSpecificAgent: true,
      disallowIgnoreGlobal: true,
    });
    // FooBot's group has no /tmp/ rule, and the * group does not apply to it.
    assert.equal(robots.allowed('FooBot', 'https://example.com/tmp/x'), true);
    assert.equal(robots.allowed('Other', 'https://example.com/tmp/x'), false);
    robots.free();
  });

  test('IsAllowed takes (userAgent, url, robotsContent)', () => {
    assert.equal(IsAllowed('FooBot', 'https://example.com/private/x', body), false);
    assert.equal(IsAllowed('FooBot', 'https://example.com/tmp/x', body), true);
  });
});

describe('lint', () => {
  test('each finding has its code, severity, line and details', () => {
    const report = lint('User-agent: *\nDisalow: /a\nDisallow: /a\nDisallow: page.html\nSitemap: /s.xml\n');
    assert.deepEqual(
      report.findings.map((f) => [f.line, f.code, f.severity]),
      [
        [2, 'accepted-typo', 'note'],
        [3, 'duplicate-rule', 'warning'],
        [4, 'rule-never-matches', 'error'],
        [5, 'relative-sitemap', 'error'],
      ],
    );
    assert.equal(report.findings[0].key, 'Disalow');
    assert.equal(report.findings[1].firstLine, 2);
    assert.equal(report.lines, 6);
    assert.equal(report.directives, 5);
    assert.deepEqual([report.errors, report.warnings, report.notes], [2, 1, 1]);
    assert.equal(report.firstLinePastLimit, null);
  });

  test('a file over 500 KiB is reported once, where Google stops reading', () => {
    const body = 'User-agent: *\n' + '#'.repeat(MAX_ROBOTS_TXT_BYTES) + '\nDisallow: /x\n';
    const report = lint(body);
    const big = report.findings.filter((f) => f.code === 'file-too-large');
    assert.equal(big.length, 1);
    assert.equal(big[0].line, 2);
    assert.equal(big[0].size, new TextEncoder().encode(body).length);
    assert.equal(report.directivesPastLimit, 1);
  });
});

describe('the crawler side', () => {
  test('which robots.txt governs a URL (RFC 9309 section 2.3, WHATWG URL parsing)', () => {
    assert.equal(robotsTxtUrl('https://Example.COM:443/a/b?c#d'), 'https://example.com/robots.txt');
    assert.equal(robotsTxtUrl('HTTP://www.Exämple.com:80/a?b#c'), 'http://www.xn--exmple-cua.com/robots.txt');
    assert.throws(() => robotsTxtUrl('mailto:someone@example.com'), /no authority/);
    assert.throws(() => robotsTxtUrl('not a url'), /not a valid absolute URL/);
    assert.equal(appliesTo('https://example.com/robots.txt', 'https://example.com:443/folder/file'), true);
    assert.equal(appliesTo('https://example.com/robots.txt', 'https://other.example.com/'), false);
    assert.equal(isRobotsTxtUrl('https://example.com/robots.txt'), true);
    assert.equal(isRobotsTxtUrl('https://example.com/folder/robots.txt'), false);
  });

  test("Google's and RFC 9309's reading of a fetch", () => {
    assert.equal(decide(200), 'use-rules');
    assert.equal(decide(404), 'allow-all');
    assert.equal(decide(503), 'disallow-all');
    assert.equal(decide('network-error'), 'disallow-all');
    assert.equal(decide('too-many-redirects'), 'allow-all');
    // Google counts 429 as a server error; RFC 9309 puts it with the 4xx.
    assert.equal(classify(429), 'unreachable');
    assert.equal(classify(429, 'rfc9309'), 'unavailable');
    assert.throws(() => decide(70000), RangeError);
    assert.throws(() => decide('dns'), TypeError);
    assert.throws(() => decide(200, 'bing'), TypeError);
    assert.equal(MAX_REDIRECT_HOPS, 5);
    assert.equal(shouldFollowRedirect(4), true);
    assert.equal(shouldFollowRedirect(5), false);
  });

  test('Cache-Control max-age (RFC 9111 section 5.2.2.1) and the 500 KiB cut', () => {
    assert.equal(maxAgeFromCacheControl('public, Max-Age=3600'), 3600);
    assert.equal(maxAgeFromCacheControl('no-cache'), undefined);
    assert.equal(MAX_ROBOTS_TXT_BYTES, 512_000);
    assert.equal(truncateBody(new Uint8Array(MAX_ROBOTS_TXT_BYTES + 10)).length, 512_000);
    assert.equal(truncateBody('short').length, 5);
  });

  test('a cache entry follows Google’s caching rules, with times passed in', () => {
    const entry = new CacheEntry();
    const now = 1_700_000_000_000;
    assert.equal(entry.needsFetch(now), true);
    assert.equal(entry.decide(now), 'disallow-all');
    entry.record(now, 200, 'User-agent: *\nDisallow: /private\n');
    assert.equal(entry.decide(now), 'use-rules');
    assert.equal(new TextDecoder().decode(entry.body), 'User-agent: *\nDisallow: /private\n');
    assert.equal(entry.freshUntil, now + 24 * 3600 * 1000);
    assert.equal(entry.needsFetch(now + 24 * 3600 * 1000 + 1), true);
    // Unreachable for the first 12 hours: Google stops crawling.
    const later = now + 25 * 3600 * 1000;
    entry.record(later, 503);
    assert.equal(entry.unreachableSince, later);
    assert.equal(entry.decide(later + 1000), 'disallow-all');
    // Then the last good copy, for up to 30 days.
    assert.equal(entry.decide(later + 13 * 3600 * 1000), 'use-rules');
    assert.equal(entry.policy, 'google');
    entry.free();
    const rfc = new CacheEntry({ policy: 'rfc9309', lifetime: 60, sizeLimit: null });
    rfc.record(0, 404);
    assert.equal(rfc.decide(1000), 'allow-all');
    assert.equal(rfc.freshUntil, 60_000);
    rfc.free();
  });

  test('extractUserAgent: the product token Google compares', () => {
    assert.equal(extractUserAgent('Googlebot/2.1 (+http://www.google.com/bot.html)'), 'Googlebot');
    assert.deepEqual(extractUserAgent(new TextEncoder().encode('Foo-Bar_baz1')), new TextEncoder().encode('Foo-Bar_baz'));
  });
});
