// The same module in a real browser: Debian's Chromium, driven by
// playwright-core, loads lib/index.js from a page this test serves on
// 127.0.0.1, and runs the shared cases of spec/cases/ (spec-runner.js, as in
// Node) on the page and in a module Web Worker. Nothing is fetched from
// anywhere else.
//
// Without a Chromium (CHROMIUM, or chromium on PATH) the test is skipped
// and says so; ROBOTSTXT_REQUIRE_BROWSER=1 (set by scripts/test-js.sh)
// makes that a failure.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import * as api from '../lib/index.js';
import { specCases } from './spec-runner.js';
import { specDocuments } from './spec-files.js';

const JS = dirname(dirname(fileURLToPath(import.meta.url)));
const DOCUMENTS = specDocuments();

function findChromium() {
  if (process.env.CHROMIUM) return process.env.CHROMIUM;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8' }).trim();
    } catch {
      // not this one
    }
  }
  return null;
}

// playwright-core needs Node 20; the package itself runs on Node 18.
const NODE_MAJOR = Number(process.versions.node.split('.')[0]);
const chromiumPath = NODE_MAJOR >= 20 ? findChromium() : null;
if (!chromiumPath) {
  const msg =
    NODE_MAJOR >= 20
      ? 'NO CHROMIUM FOUND (apt-get install chromium, or set CHROMIUM): the browser test is SKIPPED'
      : `playwright-core needs Node 20 or later, this is Node ${process.versions.node}: the browser test is SKIPPED`;
  if (process.env.ROBOTSTXT_REQUIRE_BROWSER === '1') throw new Error(msg);
  console.error(`\n*** ${msg} ***\n`);
}

// The cases and a minimal assert for the browser; the page and the worker
// fetch the case files (/spec/cases.json) and post {passed, failed, counts}
// back.
const RUNNER = `
import * as api from '/lib/index.js';
import robotsParser from '/lib/robots-parser.js';
import { specCases } from '/test/spec-runner.js';
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const assert = {
  ok(v, m) { if (!v) throw new Error(m || 'expected a truthy value'); },
  equal(a, b, m) { if (!Object.is(a, b)) throw new Error((m || 'not equal') + ': ' + a + ' !== ' + b); },
  deepEqual(a, b, m) {
    const norm = (x) => (x instanceof Uint8Array ? Array.from(x) : x);
    if (!same(norm(a), norm(b))) throw new Error((m || 'not deep-equal') + ': ' + JSON.stringify(norm(a)) + ' vs ' + JSON.stringify(norm(b)));
  },
};
export async function run() {
  const passed = [];
  const failed = [];
  const counts = { checks: 0, cases: 0 };
  const documents = await (await fetch('/spec/cases.json')).json();
  for (const [name, fn] of specCases(documents, assert, api, counts)) {
    try { fn(); passed.push(name); } catch (e) { failed.push({ name, message: String(e && e.message) }); }
  }
  const rp = robotsParser('https://example.com/robots.txt', 'User-agent: *\\nDisalow: /x\\n');
  const extra = { robotsParser: rp.isAllowed('https://example.com/x', 'Bot'), lint: api.lint('User-agent: *\\nDisalow: /x\\n').findings.map((f) => f.code) };
  return { passed, failed, counts, extra };
}
`;

const PAGE = `<!doctype html><meta charset="utf-8"><title>robotstxt-exact</title>
<script type="module">
import { run } from '/test/runner.js';
window.pageResult = await run();
const worker = new Worker('/test/worker.js', { type: 'module' });
worker.onmessage = (e) => { window.workerResult = e.data; };
worker.onerror = (e) => { window.workerResult = { error: String(e.message) }; };
</script>`;

const WORKER = `import { run } from '/test/runner.js'; postMessage(await run());`;

const TYPES = { '.js': 'text/javascript', '.html': 'text/html', '.wasm': 'application/wasm', '.json': 'application/json' };

describe('in Chromium', { skip: chromiumPath ? false : 'no Chromium' }, () => {
  let server;
  let origin;
  const requests = [];

  before(async () => {
    server = createServer((req, res) => {
      requests.push(req.url);
      const path = new URL(req.url, 'http://127.0.0.1').pathname;
      const generated = {
        '/': PAGE,
        '/test/runner.js': RUNNER,
        '/test/worker.js': WORKER,
        '/spec/cases.json': JSON.stringify(DOCUMENTS),
      }[path];
      if (generated !== undefined) {
        res.writeHead(200, { 'content-type': TYPES[extname(path) || '.html'] });
        res.end(generated);
        return;
      }
      const file = normalize(join(JS, path));
      const served = [join(JS, 'lib'), join(JS, 'pkg'), join(JS, 'test', 'spec-runner.js')];
      if (!served.some((p) => file === p || file.startsWith(p + '/'))) {
        res.writeHead(404).end();
        return;
      }
      try {
        const body = readFileSync(file);
        res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream' });
        res.end(body);
      } catch {
        res.writeHead(404).end();
      }
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${server.address().port}`;
  });

  after(() => server?.close());

  test('the shared cases pass on a page and in a Worker, as in Node', async () => {
    const { chromium } = await import('playwright-core');
    const profile = mkdtempSync(join(tmpdir(), 'robotstxt-chromium-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      // Only the test's own server may be reached.
      await page.route('**/*', (route) => (route.request().url().startsWith(origin) ? route.continue() : route.abort()));
      await page.goto(`${origin}/`);
      await page.waitForFunction(() => window.pageResult && window.workerResult, null, { timeout: 60_000 });
      const { pageResult, workerResult } = await page.evaluate(() => ({ pageResult: window.pageResult, workerResult: window.workerResult }));
      assert.deepEqual(errors, []);
      const names = specCases(DOCUMENTS, assert, api).map(([name]) => name);
      for (const [where, result] of [['page', pageResult], ['worker', workerResult]]) {
        assert.equal(result.error, undefined, `${where}: ${result.error}`);
        assert.deepEqual(result.failed, [], `${where}: failed cases`);
        assert.deepEqual(result.passed, names, `${where}: cases run`);
        console.log(`spec: ${result.counts.checks} checks in ${result.counts.cases} cases through the JavaScript API in Chromium (${where})`);
        // Google reads the typo "Disalow"; the lint notes it.
        assert.equal(result.extra.robotsParser, false);
        assert.deepEqual(result.extra.lint, ['accepted-typo']);
      }
      assert.ok(requests.includes('/pkg/wasm-inline.js'), 'the page did not load the module from the test server');
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
