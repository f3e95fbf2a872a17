// Running out of WebAssembly memory is a JavaScript Error, and the module
// keeps working after it. A module's memory is at most 4 GiB and one
// allocation at most 2 GiB: an input of nearly 2 GiB fits once, and
// whatever must copy it then cannot.
//
// This file runs in a process of its own (node --test runs each file in
// one), which ends holding about 4 GB of the machine's memory.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { IsAllowed, Robots, RobotsMatcher } from '../lib/index.js';
import { memory } from '../lib/wasm.js';

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
}

test('an input over 2 GiB, more than one allocation can hold, is an Error', () => {
  const tooLarge = new Uint8Array(2 ** 31 + 16);
  assert.throws(() => Robots.parse(tooLarge), OUT_OF_MEMORY);
  assert.throws(() => IsAllowed('FooBot', tooLarge, BODY), OUT_OF_MEMORY);
  stillWorks();
});

test('a body too large to parse is an Error, and the module keeps working', () => {
  const huge = new Uint8Array(HUGE); // zeros: one enormous line
  assert.throws(() => Robots.parse(huge), OUT_OF_MEMORY);
  stillWorks();
});

test('a body too large for the matcher to keep is an Error', () => {
  const huge = new Uint8Array(HUGE);
  const matcher = new RobotsMatcher();
  assert.throws(() => matcher.oneAgentAllowedByRobots(huge, 'FooBot', 'https://example.com/'), OUT_OF_MEMORY);
  // The matcher itself is still usable.
  assert.equal(matcher.oneAgentAllowedByRobots(BODY, 'FooBot', 'https://example.com/private/x'), false);
  assert.equal(matcher.matchingLine(), 2);
  matcher.free();
  stillWorks();
});

test('a URL whose path cannot be copied is an Error', () => {
  const url = new Uint8Array(HUGE).fill(0x61); // "aaa...": no scheme, a path to copy
  const robots = Robots.parse(BODY);
  assert.throws(() => robots.allowed('FooBot', url), OUT_OF_MEMORY);
  assert.throws(() => robots.check('FooBot', url), OUT_OF_MEMORY);
  const compiled = robots.compile('FooBot');
  assert.throws(() => compiled.allowed(url), OUT_OF_MEMORY);
  compiled.free();
  robots.free();
  stillWorks();
  assert.ok(memory.buffer.byteLength > HUGE, 'the test did not reach the memory it meant to');
});
