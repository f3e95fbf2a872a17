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
    // Search states nothing here: within search, train-ai's own applies.
    usageInSearch: { 'train-ai': { allowed: false, line: 4 } },
    contentUse: null,
  });
  assert.deepEqual(robots.preferences(['OtherBot'], 'https://example.com/ai-ok/test').usage, {
    'train-ai': { allowed: true, line: 5 },
  });
  // Not fetchable: nothing applies (attach §3.1).
  assert.deepEqual(robots.preferences('OtherBot', 'https://example.com/never/test'), {
    allowed: false,
    signals: {},
    usage: {},
    usageInSearch: {},
    contentUse: null,
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

// An excerpt of ai.robots.txt's robots.json as published (MIT; see NOTICE):
// an object keyed by token, each with operator, respect, function,
// frequency and description.
const ROBOTS_JSON = JSON.stringify({
  AI2Bot: {
    operator: '[Ai2](https://allenai.org/crawler)',
    respect: 'Yes',
    function: 'Content is used to train open language models.',
    frequency: 'No information provided.',
    description: "Explores 'certain domains' to find web content.",
  },
  'ChatGPT Agent': {
    operator: '[OpenAI](https://openai.com)',
    respect: 'Unclear at this time.',
    function: 'AI Agents',
    frequency: 'Unclear at this time.',
    description: 'ChatGPT Agent is an AI agent.',
  },
});

// RSL 1.0 ("License: [absoluteURL]", not tied to any user agent), a
// policy-token group (draft-kelley-aipref-training-preference-signal-00,
// written __usage_ai-training as draft-kelley-rep-namespaces-00 writes it)
// and draft-ietf-aipref-vocab-08's ai-use label.
const DRAFTS = `License: https://example.com/license.xml
User-agent: *
Allow: /
Content-Usage: ai-use=n
Content-Signal: search=yes, use=reference
LLM-Policy: /llms.txt

User-agent: __usage_ai-training
Disallow: /
Allow: /blog/
`;

test('vocab-08, RSL License, LLM-Policy and policy tokens', () => {
  const robots = new Robots(DRAFTS);
  const p = robots.preferences('AnyBot', 'https://example.com/page');
  assert.deepEqual(p.usage, { 'ai-use': { allowed: false, line: 4 } });
  assert.deepEqual(p.contentUse, { value: 'reference', line: 5 });
  assert.deepEqual(robots.licenses(), [{ value: 'https://example.com/license.xml', line: 1 }]);
  assert.deepEqual(robots.llmPolicies(), [{ value: '/llms.txt', line: 6 }]);
  assert.deepEqual(robots.policyTokens(), [{ token: '__usage_ai-training', known: true, line: 8 }]);
  // The group is read as Google reads any group: Disallow: / (line 9),
  // Allow: /blog/ (line 10) the longer match.
  assert.deepEqual(robots.policy('__usage_ai-training', 'https://example.com/x'), { allowed: false, line: 9 });
  assert.deepEqual(robots.policy('__usage_ai-training', 'https://example.com/blog/a'), { allowed: true, line: 10 });
  assert.equal(robots.policy('__usage_other', 'https://example.com/'), null);
  // Extensions never change a verdict.
  assert.equal(robots.allowed('AnyBot', 'https://example.com/x'), true);
  robots.free();
});

test('the audit with robots.json, a License, a policy token and ai-use=n', () => {
  const report = audit(DRAFTS, { paths: ['/blog/a'], crawlers: ROBOTS_JSON });
  assert.deepEqual(report.crawlers.map((c) => [c.token, c.matchedAs, c.category]), [
    ['AI2Bot', 'AI', 'ai'],
    ['ChatGPT Agent', 'ChatGPT', 'ai-assistant'],
  ]);
  assert.equal(report.crawlers[0].operator, '[Ai2](https://allenai.org/crawler)');
  assert.equal(report.crawlers[0].function, 'Content is used to train open language models.');
  for (const c of report.crawlers) {
    // The `*` group (line 2): Allow: / (line 3); ai-use=n from line 4.
    assert.deepEqual(c.paths.map((p) => [p.allowed, p.line]), [[true, 3], [true, 3]]);
    assert.deepEqual(c.paths[0].preferences.usage, { 'ai-use': { allowed: false, line: 4 } });
  }
  assert.deepEqual(report.license, [{ value: 'https://example.com/license.xml', line: 1 }]);
  assert.deepEqual(report.llmPolicy, [{ value: '/llms.txt', line: 6 }]);
  assert.deepEqual(report.policyTokens, [{
    token: '__usage_ai-training',
    known: true,
    line: 8,
    paths: [{ path: '/', allowed: false, line: 9 }, { path: '/blog/a', allowed: true, line: 10 }],
  }]);
});

test("the audit's report does not grow with the number of groups", () => {
  // 100,000 one-rule `*` groups: each crawler lists the first 16 group
  // lines and counts the rest, where it once listed them all (a 100 MB file
  // made the report longer than V8's longest string).
  const body = 'User-agent: *\nDisallow: /x\n'.repeat(100_000);
  const report = audit(body, { crawlers: ['FooBot', 'BarBot'] });
  for (const c of report.crawlers) {
    assert.equal(c.groups.length, 16);
    assert.equal(c.groupCount, 100_000);
    assert.deepEqual(c.groups.slice(0, 3), [1, 3, 5]);
  }
  assert.ok(JSON.stringify(report).length < 4096);
});
