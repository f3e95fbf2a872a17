// Running out of WebAssembly memory is a JavaScript Error, and the module
// keeps working after it. A module's memory is at most 4 GiB and one
// allocation at most 2 GiB: an input of nearly 2 GiB fits once, and
// whatever must copy it then cannot.
//
// This file runs in a process of its own (node --test runs each file in
// one), which ends holding about 4 GiB of the machine's memory. With less
// memory available than that and some room (free memory, or what is left
// of the container's limit) the tests are skipped, and say so: a machine
// that has to swap or kill processes for them would prove nothing.

import assert from 'node:assert/strict';
import { freemem } from 'node:os';
import { test } from 'node:test';

import {
  IsAllowed,
  Robots,
  RobotsMatcher,
  extractUserAgent,
  getPathParamsQuery,
  lint,
  maxAgeFromCacheControl,
  maybeEscapePattern,
} from '../lib/index.js';
import robotsParser, { PARSED_FILES } from '../lib/robots-parser.js';
import { extract_user_agent, memory } from '../lib/wasm.js';

/** Memory the tests need: they peak at about 4.1 GiB (the module's 4 GiB). */
const NEEDED = 5 * 2 ** 30;

/** What this process may still use: free memory, within a container's limit. */
function available() {
  const free = freemem();
  const limit = typeof process.constrainedMemory === 'function' ? process.constrainedMemory() : 0;
  // constrainedMemory() is 0, or a huge number, when there is no limit.
  return limit > 0 ? Math.min(free, limit - process.memoryUsage().rss) : free;
}

const GiB = (n) => `${(n / 2 ** 30).toFixed(1)} GiB`;
const skip =
  available() < NEEDED
    ? `only ${GiB(available())} of memory available, ${GiB(NEEDED)} needed: the out-of-memory tests are SKIPPED`
    : false;
if (skip) console.error(`\n*** ${skip} ***\n`);

const BODY = 'User-agent: FooBot\nDisallow: /private\n';
// The largest single allocation in wasm32 is 2 GiB - 1 (isize::MAX), and
// the memory 4 GiB: one such input fits, a copy of it does not.
const HUGE = 2 ** 31 - 4096;
const OUT_OF_MEMORY = /robotstxt-exact: out of WebAssembly memory while/;

/** Google's answers on a small body: the module still works. */
function stillWorks() {
  const robots = Robots.parse(BODY);
  assert.equal(robots.allowed('FooBot', 'https://example.com/private/x'), false);
  assert.equal(robots.allowed('FooBot', 'https://example.com/public'), true);
  robots.free();
  assert.equal(IsAllowed('FooBot', 'https://example.com/private/x', BODY), false);
  // Google reads the typo "Disalow"; the lint notes it.
  assert.deepEqual(
    lint('User-agent: *\nDisalow: /x\n').findings.map((f) => f.code),
    ['accepted-typo'],
  );
}

test('an input over 2 GiB, more than one allocation can hold, is an Error', { skip }, () => {
  const tooLarge = new Uint8Array(2 ** 31 + 16);
  assert.throws(() => Robots.parse(tooLarge), OUT_OF_MEMORY);
  assert.throws(() => IsAllowed('FooBot', tooLarge, BODY), OUT_OF_MEMORY);
  // Arguments the module copies itself (not staged) are refused before.
  assert.throws(() => extractUserAgent(tooLarge), OUT_OF_MEMORY);
  assert.throws(() => getPathParamsQuery(tooLarge), OUT_OF_MEMORY);
  assert.throws(() => maybeEscapePattern(tooLarge), OUT_OF_MEMORY);
  assert.throws(() => maxAgeFromCacheControl(tooLarge), OUT_OF_MEMORY);
  assert.throws(() => RobotsMatcher.isValidUserAgentToObey(tooLarge), OUT_OF_MEMORY);
  const robots = Robots.parse(BODY);
  assert.throws(() => robots.crawlDelay(tooLarge), OUT_OF_MEMORY);
  assert.throws(() => robots.requestRate(tooLarge), OUT_OF_MEMORY);
  assert.throws(() => robots.preferences('FooBot', tooLarge), OUT_OF_MEMORY);
  assert.throws(() => robots.check([tooLarge], 'https://example.com/'), OUT_OF_MEMORY);
  assert.throws(() => robots.compile([tooLarge]), OUT_OF_MEMORY);
  robots.free();
  stillWorks();
});

test('a body too large to parse is an Error, and the module keeps working', { skip }, () => {
  const huge = new Uint8Array(HUGE); // zeros: one enormous line
  assert.throws(() => Robots.parse(huge), OUT_OF_MEMORY);
  stillWorks();
});

test('a body too large for the matcher to keep is an Error', { skip }, () => {
  const huge = new Uint8Array(HUGE);
  const matcher = new RobotsMatcher();
  assert.throws(() => matcher.oneAgentAllowedByRobots(huge, 'FooBot', 'https://example.com/'), OUT_OF_MEMORY);
  // The matcher itself is still usable.
  assert.equal(matcher.oneAgentAllowedByRobots(BODY, 'FooBot', 'https://example.com/private/x'), false);
  assert.equal(matcher.matchingLine(), 2);
  matcher.free();
  stillWorks();
});

test('a URL whose path cannot be copied is an Error', { skip }, () => {
  const url = new Uint8Array(HUGE).fill(0x61); // "aaa...": no scheme, a path to copy
  const robots = Robots.parse(BODY);
  assert.throws(() => robots.allowed('FooBot', url), OUT_OF_MEMORY);
  assert.throws(() => robots.check('FooBot', url), OUT_OF_MEMORY);
  // Its verdict comes first, and needs the same copy.
  assert.throws(() => robots.preferences('FooBot', url), OUT_OF_MEMORY);
  const compiled = robots.compile('FooBot');
  assert.throws(() => compiled.allowed(url), OUT_OF_MEMORY);
  compiled.free();
  robots.free();
  stillWorks();
  assert.ok(memory.buffer.byteLength > HUGE, 'the test did not reach the memory it meant to');
});

test('a lint whose rules do not fit is an Error', { skip }, () => {
  // 1 GiB of `Allow:/` lines in one group: the lint keeps each rule (16
  // bytes) and, all being the same rule, a finding for each (12 bytes),
  // beside the 1 GiB body: more than the module's 4 GiB.
  const body = new Uint8Array(2 ** 30);
  const line = new TextEncoder().encode('Allow:/\n');
  body.set(line, 0);
  for (let n = line.length; n < body.length; n *= 2) body.copyWithin(n, 0, Math.min(n, body.length - n));
  body.set(new TextEncoder().encode('User-agent: *\n'), 0);
  assert.throws(() => lint(body), OUT_OF_MEMORY);
  stillWorks();
});

test('a trap is a RuntimeError, and the module keeps working', { skip }, () => {
  // What the package's functions no longer let through (they stage large
  // inputs, refuse an argument over 2 GiB and allocate fallibly), provoked
  // in the raw module: wasm-bindgen's copy of an argument larger than one
  // allocation can be aborts, which traps. Such a trap leaves nothing of
  // the module's half done, as do those still possible (js/README.md,
  // "Memory").
  const tooLarge = new Uint8Array(2 ** 31 + 16);
  for (let i = 0; i < 3; i++) {
    assert.throws(() => extract_user_agent(tooLarge), WebAssembly.RuntimeError);
  }
  stillWorks();
});

test('the robots-parser drop-in drops parsed files to make room, and answers as robots-parser would', { skip }, () => {
  // 70 sites with 24 MB bodies: parsed (about 75 MB each), they need more
  // than the module's 4 GiB before the cache of PARSED_FILES (64) is full.
  // robots-parser answers for every one, so the drop-in must too, the files
  // it dropped parsed again when asked. One body string serves every site
  // (each object parses its own copy), so that the test holds 24 MB of
  // JavaScript strings, not 1.7 GB.
  const filler = 'user-agent:a\nallow:/\n'.repeat((24 << 20) / 21);
  const body = `User-agent: *\nDisallow: /private\n${filler}`;
  const sites = [];
  for (let i = 0; i < 70; i++) {
    const site = robotsParser(`https://site${i}.example/robots.txt`, body);
    assert.equal(site.isAllowed(`https://site${i}.example/private/x`, 'FooBot'), false, `site ${i}`);
    assert.equal(site.isDisallowed(`https://site${i}.example/`, 'FooBot'), false, `site ${i}`);
    sites.push(site);
  }
  assert.ok(memory.buffer.byteLength > 3.5 * 2 ** 30, 'the test did not reach the memory it meant to');
  // The first sites were dropped; asked again, they parse again.
  for (const i of [0, 1, 69]) {
    assert.equal(sites[i].getMatchingLineNumber(`https://site${i}.example/private`, 'FooBot'), 2);
  }
  assert.ok(PARSED_FILES === 64);
  for (const site of sites) site.free();
  stillWorks();
});
