// Usage preferences, Request-rate and the audit from JavaScript. Expected
// values from draft-ietf-aipref-attach-05 §3.4 (its example and table), the
// Content Signals Policy's example, the 1996 Request-rate proposal
// ("10/10m - no more than 10 documents per 10 mins"), and Google's rules
// applied by hand for the audit (see the comments).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { Robots, audit } from '../lib/index.js';

const ATTACH = `User-Agent: *
Allow: /
Disallow: /never/
Content-Usage: train-ai=n
Content-Usage: /ai-ok/ train-ai=y
Content-Signal: ai-train=no, search=yes
Request-rate: 10/10m

User-Agent: ExampleBot
Allow: /
Content-Usage: train-ai=y
`;

test('the attach example table', () => {
  const robots = new Robots(ATTACH);
  assert.deepEqual(robots.preferences('OtherBot', 'https://example.com/test'), {
    allowed: true,
    signals: { search: { allowed: true, line: 6 }, 'ai-train': { allowed: false, line: 6 } },
    usage: { 'train-ai': { allowed: false, line: 4 } },
  });
  assert.deepEqual(robots.preferences(['OtherBot'], 'https://example.com/ai-ok/test').usage, {
    'train-ai': { allowed: true, line: 5 },
  });
  // Not fetchable: nothing applies (attach §3.1).
  assert.deepEqual(robots.preferences('OtherBot', 'https://example.com/never/test'), {
    allowed: false,
    signals: {},
    usage: {},
  });
  assert.deepEqual(robots.preferences('ExampleBot', 'https://example.com/never/test').usage, {
    'train-ai': { allowed: true, line: 11 },
  });
  assert.deepEqual(robots.requestRate('OtherBot'), { requests: 10, seconds: 600, window: null });
  assert.equal(robots.requestRate('ExampleBot'), null);
  robots.free();
});

test('the audit, by hand', () => {
  const body = 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: archive.org_bot\nDisallow: /\n\n' +
    'User-agent: *\nDisallow: /admin/\nContent-Signal: ai-train=no\n';
  const report = audit(body, { paths: ['/admin/x'] });
  const byToken = Object.fromEntries(report.crawlers.map((c) => [c.token, c]));
  // GPTBot: its own group, `Disallow: /` (line 2) everywhere.
  assert.deepEqual(byToken.GPTBot.paths.map((p) => [p.allowed, p.line]), [[false, 2], [false, 2]]);
  assert.deepEqual(byToken.GPTBot.groups, [1]);
  // archive.org_bot is matched as `archive`, as its group's line is read.
  assert.equal(byToken['archive.org_bot'].matchedAs, 'archive');
  assert.equal(byToken['archive.org_bot'].paths[0].allowed, false);
  // Everyone else: the `*` group (line 7); /admin/x hits line 8; the
  // Content-Signal of line 9 applies at /.
  const claude = byToken.ClaudeBot;
  assert.deepEqual(claude.paths.map((p) => [p.allowed, p.line]), [[true, 0], [false, 8]]);
  assert.deepEqual(claude.paths[0].preferences.signals['ai-train'], { allowed: false, line: 9 });
  assert.equal(report.aiBlocked.blocked, 1);
  // No crawl-delay line: none applies.
  assert.equal(claude.crawlDelay, null);
  assert.ok(report.aiBlocked.total >= 30);
  assert.match(report.summary, /^blocks 1 of \d+ AI crawlers from \//);
});

test("the audit's crawl-delay is that of the group that applies", () => {
  // FooBot's own group states 2.5 seconds; BarBot falls to `*`, with 7.
  const body = 'User-agent: FooBot\nCrawl-delay: 2.5\nDisallow: /x\n\nUser-agent: *\nCrawl-delay: 7\n';
  const report = audit(body, { crawlers: ['FooBot', 'BarBot'] });
  assert.deepEqual(report.crawlers.map((c) => [c.token, c.crawlDelay]), [
    ['FooBot', 2.5],
    ['BarBot', 7],
  ]);
  assert.deepEqual(audit('User-agent: *\nDisallow: /\n', { crawlers: ['FooBot'] }).crawlers[0].crawlDelay, null);
});

test('own crawler lists', () => {
  const robots = new Robots('User-agent: FooBot\nDisallow: /\n');
  const report = robots.audit({ crawlers: ['FooBot', { token: 'BarBot', category: 'ai-search' }] });
  assert.deepEqual(report.crawlers.map((c) => [c.token, c.category, c.paths[0].allowed]), [
    ['FooBot', 'other', false],
    ['BarBot', 'ai-search', true],
  ]);
  assert.deepEqual(report.aiBlocked, { blocked: 0, total: 1 });
  assert.throws(() => robots.audit({ crawlers: ['two words'] }), TypeError);
  assert.throws(() => robots.audit({ crawlers: [{ token: 'X', category: 'robots' }] }), /unknown category/);
  robots.free();
});
