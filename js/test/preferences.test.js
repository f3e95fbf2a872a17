// Usage preferences, Request-rate and the audit from JavaScript. Expected
// values from draft-ietf-aipref-attach-05 §3.4 (its example and table), the
// Content Signals Policy's example, the 1996 Request-rate proposal
// ("10/10m - no more than 10 documents per 10 mins"), and Google's rules
// applied by hand for the audit (see the comments). The audit of an
// ai.robots.txt list is also compared with the Rust core's, through the
// `robots` CLI of this checkout (built with cargo) on the same files.

import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { Robots, audit } from '../lib/index.js';
import { ROOT } from './corpus.js';

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

/** The `robots` CLI of this checkout, built with cargo (a no-op after `cargo build`). */
function robotsCli() {
  const build = execFileSync(
    process.env.CARGO || 'cargo',
    ['build', '--quiet', '--bin', 'robots', '--message-format', 'json'],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 },
  );
  for (const line of build.split('\n')) {
    if (!line) continue;
    const msg = JSON.parse(line);
    if (msg.reason === 'compiler-artifact' && msg.target.name === 'robots' && msg.executable) return msg.executable;
  }
  throw new Error('cargo built no robots executable');
}

/**
 * `robots --audit` of `body` with the crawler list `list`, both as files,
 * as the CLI's user runs it: {status, stdout, stderr}.
 */
function cliAudit(body, list, args) {
  const dir = mkdtempSync(join(tmpdir(), 'robotstxt-js-audit-'));
  try {
    writeFileSync(join(dir, 'robots.txt'), body);
    writeFileSync(join(dir, 'robots.json'), list);
    const run = spawnSync(
      robotsCli(),
      ['--audit', join(dir, 'robots.txt'), '--agents-file', join(dir, 'robots.json'), ...args],
      { encoding: 'utf8' },
    );
    return { status: run.status, stdout: run.stdout, stderr: run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Entries of ai.robots.txt's robots.json as published (MIT; see NOTICE), in
// the file's layout, and one whose members are missing or not strings.
const ROBOTS_JSON_FILE = `{
    "AI2Bot": {
        "operator": "[Ai2](https://allenai.org/crawler)",
        "respect": "Yes",
        "function": "Content is used to train open language models.",
        "frequency": "No information provided.",
        "description": "Explores 'certain domains' to find web content."
    },
    "GPTBot": {
        "operator": "[OpenAI](https://openai.com)",
        "respect": "Yes",
        "function": "Scrapes data to train OpenAI's products.",
        "frequency": "No information provided.",
        "description": "Data is used to train current and future models."
    },
    "ChatGPT Agent": {
        "operator": "[OpenAI](https://openai.com)",
        "respect": "Unclear at this time.",
        "function": "AI Agents",
        "frequency": "Unclear at this time.",
        "description": "ChatGPT Agent is an AI agent."
    },
    "AddSearchBot": {"function": "AI Search Crawlers", "operator": 1, "has_name_and_version": true}
}
`;

test("the audit of a robots.json list is the Rust core's for the same files", () => {
  const body = `User-agent: GPTBot\nDisallow: /\n\n${DRAFTS}`;
  const js = audit(body, { paths: ['/blog/a', '/x'], crawlers: ROBOTS_JSON_FILE });
  const run = cliAudit(body, ROBOTS_JSON_FILE, ['--json', '--path', '/blog/a', '--path', '/x']);
  assert.equal(run.status, 0, run.stderr);
  const rust = JSON.parse(run.stdout);
  // The CLI's names for the same fields; a line of 0 (no rule) is its null.
  assert.deepEqual(
    js.crawlers.map((c) => ({
      token: c.token,
      matchedAs: c.matchedAs,
      operator: c.operator,
      function: c.function,
      category: c.category,
      specificGroup: c.specificGroup,
      groups: c.groups,
      groupCount: c.groupCount,
      paths: c.paths.map((p) => [p.path, p.allowed, p.line]),
      crawlDelay: c.crawlDelay,
      source: c.source,
      checked: c.checked,
      note: c.note,
    })),
    rust.crawlers.map((c) => ({
      token: c.token,
      matchedAs: c.matched_as,
      operator: c.operator,
      function: c.function,
      category: c.category,
      specificGroup: c.specific_group,
      groups: c.groups,
      groupCount: c.group_count,
      paths: c.paths.map((p) => [p.path, p.allowed, p.line ?? 0]),
      crawlDelay: c.crawl_delay,
      source: c.source,
      checked: c.checked,
      note: c.note,
    })),
  );
  assert.equal(js.summary, rust.summary);
  assert.deepEqual(js.aiBlocked, rust.ai_blocked);
  assert.deepEqual(js.categories, rust.categories);
  // In the list's order, not sorted; GPTBot's own group blocks it.
  assert.deepEqual(js.crawlers.map((c) => [c.token, c.paths[0].allowed]), [
    ['AI2Bot', true],
    ['GPTBot', false],
    ['ChatGPT Agent', true],
    ['AddSearchBot', true],
  ]);
});

test("a robots.json list the core refuses is refused with the package's Error", () => {
  // Not JSON (the closing brace missing): the CLI refuses the file too.
  const broken = ROBOTS_JSON_FILE.trimEnd().slice(0, -1);
  assert.throws(() => audit(DRAFTS, { crawlers: broken }), (error) => {
    assert.equal(error.constructor, Error);
    assert.match(error.message, /^robotstxt-exact: crawler list, not JSON: /);
    assert.ok(error.cause instanceof SyntaxError);
    return true;
  });
  const refused = cliAudit(DRAFTS, broken, ['--json']);
  assert.notEqual(refused.status, 0);
  assert.match(refused.stderr, /: not JSON: /);
  // JSON, but an entry is not an object: the core's own message.
  const notObject = '{"AI2Bot": {"operator": "x"}, "GPTBot": ["no"]}';
  const prefix = 'robotstxt-exact: crawler list, ';
  let message;
  assert.throws(() => audit(DRAFTS, { crawlers: notObject }), (error) => {
    message = error.message;
    return error.constructor === Error && message.startsWith(prefix);
  });
  assert.equal(message, `${prefix}line 1: the entry of "GPTBot" is not an object`);
  const cli = cliAudit(DRAFTS, notObject, ['--json']);
  assert.notEqual(cli.status, 0);
  assert.ok(cli.stderr.includes(message.slice(prefix.length)), cli.stderr);
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
