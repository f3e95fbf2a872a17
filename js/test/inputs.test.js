// Every input is read once, in full, before the module is called: an input
// whose getters or a list whose elements call the package (re-entrancy)
// cannot change what a call stages, and a list with holes is the package's
// own TypeError.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  CacheEntry,
  IsAllowed,
  Robots,
  RobotsMatcher,
  extractUserAgent,
  getPathParamsQuery,
  lint,
  maybeEscapePattern,
  parseRobotsTxt,
} from '../lib/index.js';
import robotsParser from '../lib/robots-parser.js';

const BODY = 'User-agent: FooBot\nDisallow: /p\nAllow: /p/ok\nCrawl-delay: 3\nSitemap: https://example.com/s.xml\n';
const encode = (s) => new TextEncoder().encode(s);
/** A string result, or a bytes result as the same string. */
const text = (r) => (typeof r === 'string' ? r : new TextDecoder().decode(r));

// Calls into the package with other inputs, staging another body, agent
// and URL each time: what an input's getter does in the tests below.
let reentered = 0;
function clobber() {
  reentered++;
  const robots = Robots.parse('User-agent: *\nAllow: /\n');
  robots.allowed('Clobber', `https://other.example/${'z'.repeat(40)}`);
  robots.checkMany(['Clobber', 'More'], ['https://other.example/a', 'https://other.example/b']);
  robots.free();
  IsAllowed('Clobber', 'https://other.example/zz', 'User-agent: Clobber\nAllow: /\n');
  lint('User-agent: *\nDisalow: /x\n');
}

/** A Uint8Array subclass whose every view getter calls the package. */
class Reentrant extends Uint8Array {
  get length() {
    clobber();
    return super.length;
  }
  get byteLength() {
    clobber();
    return super.byteLength;
  }
  get byteOffset() {
    clobber();
    return super.byteOffset;
  }
  get buffer() {
    clobber();
    return super.buffer;
  }
}

/** The bytes of `s` in a Reentrant. */
function reentrant(s) {
  const bytes = encode(s);
  const out = new Reentrant(bytes.length);
  Uint8Array.prototype.set.call(out, bytes);
  return out;
}

/** The bytes of `s` in a plain Uint8Array with an own `length` getter that calls the package. */
function ownLength(s) {
  const bytes = encode(s);
  Object.defineProperty(bytes, 'length', {
    get() {
      clobber();
      return 0;
    },
  });
  return bytes;
}

/** An array whose every element read calls the package. */
function reentrantList(items) {
  return new Proxy(items, {
    get(target, key, receiver) {
      clobber();
      return Reflect.get(target, key, receiver);
    },
  });
}

/** A one-shot iterable that calls the package before each item. */
function* reentrantIterable(items) {
  for (const item of items) {
    clobber();
    yield item;
  }
}

const URL_P = 'https://example.com/p';

// Each entry point, called with inputs made by `wrap` (a single input) and
// `list` (a list of inputs); the answer must be the one for plain strings.
const CALLS = {
  'Robots.check, one agent': (wrap) => Robots.parse(BODY).check(wrap('FooBot'), wrap(URL_P)),
  'Robots.check, agents': (wrap, list) => Robots.parse(BODY).check(list([wrap('Other'), wrap('FooBot')]), wrap(URL_P)),
  'Robots.allowed': (wrap) => Robots.parse(BODY).allowed(wrap('FooBot'), wrap(URL_P)),
  'Robots.checkMany': (wrap, list) => Robots.parse(BODY).checkMany(wrap('FooBot'), list([wrap(URL_P), wrap(`${URL_P}/ok`)])),
  'Robots.allowedMany': (wrap, list) => Robots.parse(BODY).allowedMany(list([wrap('FooBot')]), list([wrap(URL_P), wrap('https://example.com/')])),
  'Robots.parse': (wrap) => Robots.parse(wrap(BODY)).check('FooBot', URL_P),
  'Robots.preferences': (wrap) => Robots.parse(BODY).preferences(wrap('FooBot'), wrap(URL_P)),
  'Robots.crawlDelay': (wrap) => Robots.parse(BODY).crawlDelay(wrap('FooBot')),
  'Robots.requestRate': (wrap) => Robots.parse(BODY).requestRate(wrap('FooBot')),
  'Robots.audit': (wrap, list) => Robots.parse(BODY).audit({ paths: list([wrap('/p')]) }).crawlers.length,
  'CompiledRobots.check': (wrap, list) => Robots.parse(BODY).compile(list([wrap('FooBot')])).check(wrap(URL_P)),
  'CompiledRobots.allowed': (wrap) => Robots.parse(BODY).compile(wrap('FooBot')).allowed(wrap(URL_P)),
  'CompiledRobots.checkMany': (wrap, list) => Robots.parse(BODY).compile('FooBot').checkMany(list([wrap(URL_P), wrap(`${URL_P}/ok`)])),
  'CompiledRobots.allowedMany': (wrap, list) => Robots.parse(BODY).compile('FooBot').allowedMany(list([wrap(URL_P)])),
  'RobotsMatcher.allowedByRobots': (wrap, list) => {
    const m = new RobotsMatcher();
    return [m.allowedByRobots(wrap(BODY), list([wrap('FooBot')]), wrap(URL_P)), m.matchingLine()];
  },
  'RobotsMatcher.oneAgentAllowedByRobots': (wrap) => {
    const m = new RobotsMatcher();
    return [m.oneAgentAllowedByRobots(wrap(BODY), wrap('FooBot'), wrap(URL_P)), m.matchingLine()];
  },
  IsAllowed: (wrap) => IsAllowed(wrap('FooBot'), wrap(URL_P), wrap(BODY)),
  parseRobotsTxt: (wrap) => {
    const seen = [];
    parseRobotsTxt(wrap(BODY), { handleDisallow: (line, value) => seen.push([line, value]) });
    return seen;
  },
  lint: (wrap) => lint(wrap(BODY)).findings.length,
  extractUserAgent: (wrap) => text(extractUserAgent(wrap('FooBot/1.0'))),
  getPathParamsQuery: (wrap) => text(getPathParamsQuery(wrap(`${URL_P}?q#f`))),
  maybeEscapePattern: (wrap) => text(maybeEscapePattern(wrap('/%aa'))),
  'CacheEntry.record': (wrap) => {
    const entry = new CacheEntry();
    entry.record(0, 200, wrap(BODY));
    return [...entry.body];
  },
  'robots-parser drop-in': (wrap) => robotsParser('https://example.com/robots.txt', wrap(BODY)).isAllowed(URL_P, 'FooBot'),
};

const plain = Object.fromEntries(Object.entries(CALLS).map(([name, call]) => [name, call((s) => s, (l) => l)]));

describe('re-entrancy: an input that calls the package while it is read', () => {
  test("a Uint8Array subclass whose length calls the package does not change the staged URL", () => {
    const robots = Robots.parse('User-agent: FooBot\nDisallow: /p\n');
    // Google: /p is disallowed for FooBot.
    assert.equal(robots.allowed('FooBot', reentrant('/p')), false);
    assert.equal(robots.check('FooBot', reentrant('/p')).matchingLine, 2);
    robots.free();
  });

  test("typed arrays are read through the engine's getters: the subclass's are never called", () => {
    reentered = 0;
    for (const [name, call] of Object.entries(CALLS)) {
      if (name === 'robots-parser drop-in') continue;
      call(reentrant, (l) => l);
      call(ownLength, (l) => l);
    }
    assert.equal(reentered, 0);
  });

  for (const [name, call] of Object.entries(CALLS)) {
    test(`${name}: the answer for plain inputs, whatever the inputs' code calls`, () => {
      assert.deepEqual(call(reentrant, (l) => l), plain[name], 'a Uint8Array subclass');
      assert.deepEqual(call(ownLength, (l) => l), plain[name], 'an own length getter');
      reentered = 0;
      assert.deepEqual(call((s) => s, reentrantList), plain[name], 'a list whose reads call the package');
      assert.deepEqual(call((s) => s, (l) => reentrantIterable(l)), plain[name], 'an iterable that calls the package');
    });
  }
});

describe('lists with holes', () => {
  test('a hole is an item that is not an input: the TypeError names it', () => {
    const robots = Robots.parse(BODY);
    // eslint-disable-next-line no-sparse-arrays
    const sparse = [URL_P, , URL_P];
    const message = /robotstxt-exact: item 1 of the URLs must be a string or a Uint8Array, not undefined/;
    assert.throws(() => robots.checkMany('FooBot', sparse), { name: 'TypeError', message });
    assert.throws(() => robots.allowedMany('FooBot', sparse), { name: 'TypeError', message });
    assert.throws(() => robots.compile('FooBot').checkMany(sparse), { name: 'TypeError', message });
    assert.throws(() => robots.check(['FooBot', , 'x'], URL_P), { name: 'TypeError', message: /item 1 of the user agents/ });
    // eslint-disable-next-line no-sparse-arrays
    assert.throws(() => robots.checkMany('FooBot', new Array(3)), { name: 'TypeError', message: /item 0 of the URLs/ });
    // The module still answers.
    assert.deepEqual(robots.allowedMany('FooBot', [URL_P, `${URL_P}/ok`]), [false, true]);
    robots.free();
  });
});

describe('lists of strings with lone surrogates', () => {
  test('a high surrogate ending one item and a low one starting the next are two U+FFFD', () => {
    // Each half alone is a lone surrogate, encoded as U+FFFD: '/a\uFFFD'
    // falls under `Disallow: /a`, and '\uFFFD' (no path) is '/'.
    const robots = Robots.parse('User-agent: *\nDisallow: /a\n');
    const urls = ['/a\ud83d', '\ude00'];
    const alone = urls.map((u) => robots.allowed('x', u));
    assert.deepEqual(alone, [false, true]);
    assert.deepEqual(robots.allowedMany('x', urls), alone);
    assert.deepEqual(robots.checkMany('x', urls).map((a) => a.allowed), alone);
    assert.deepEqual(robots.compile('x').allowedMany(urls), alone);
    assert.deepEqual(robots.allowedMany(['x\ud800', '\udc00y'], urls), alone);
    robots.free();
  });
});
