// The package in Cloudflare's Workers runtime, as a worker author meets it:
// worker.js imports 'robotstxt-exact' by name; `wrangler deploy --dry-run`
// bundles it exactly as for a deploy (esbuild with workerd's conditions,
// the .wasm file kept as a module of its own) and writes the modules,
// without contacting anything; workerd (the runtime Cloudflare runs, an
// npm dependency of wrangler) serves them on 127.0.0.1, and the test asks
// for the shared cases of spec/cases/ and a few checks over HTTP.
//
// workerd refuses to compile WebAssembly from bytes ("Wasm code generation
// disallowed by embedder"), so the package's default entry, which embeds
// the module as base64, cannot start there: passing means the `workerd`
// condition picked the entry that imports the .wasm file.
//
// Run by scripts/test-js.sh after `npm install` in this folder (wrangler
// is not a dependency of the package).

import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';

import * as api from 'robotstxt-exact';

import { specDocuments } from '../spec-files.js';
import { specCases } from '../spec-runner.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const WORKERD = (await import('workerd')).default.default;

/** A port nothing listens on now, on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A workerd configuration serving the bundled modules (entry first). */
function config(modules, port) {
  const lines = modules.map(({ name, type }) => `    (name = ${JSON.stringify(name)}, ${type} = embed ${JSON.stringify(name)}),`);
  return [
    'using Workerd = import "/workerd/workerd.capnp";',
    'const config :Workerd.Config = (',
    '  services = [(name = "main", worker = .worker)],',
    `  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],`,
    ');',
    'const worker :Workerd.Worker = (',
    '  compatibilityDate = "2025-01-01",',
    '  modules = [',
    ...lines,
    '  ],',
    ');',
    '',
  ].join('\n');
}

let dir;
let workerd;
let origin;
let output = '';

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'robotstxt-workerd-'));
  const bundle = join(dir, 'bundle');
  const wrangler = spawnSync(
    process.execPath,
    [join(HERE, 'node_modules', 'wrangler', 'bin', 'wrangler.js'), 'deploy', '--dry-run', '--outdir', bundle],
    { cwd: HERE, encoding: 'utf8', env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1' } },
  );
  assert.equal(wrangler.status, 0, `wrangler failed:\n${wrangler.stdout}\n${wrangler.stderr}`);

  const files = readdirSync(bundle);
  const wasm = files.filter((f) => f.endsWith('.wasm'));
  assert.equal(wasm.length, 1, `the bundle has no .wasm module of its own: ${files.join(', ')}`);
  const entry = readFileSync(join(bundle, 'worker.js'), 'utf8');
  assert.ok(!entry.includes('wasmBytes'), 'the default entry (the module as base64) was bundled, not the workerd one');
  const modules = [
    { name: 'worker.js', type: 'esModule' },
    ...files.filter((f) => f.endsWith('.js') && f !== 'worker.js').map((name) => ({ name, type: 'esModule' })),
    ...wasm.map((name) => ({ name, type: 'wasm' })),
  ];
  const port = await freePort();
  writeFileSync(join(bundle, 'config.capnp'), config(modules, port));

  workerd = spawn(WORKERD, ['serve', 'config.capnp'], { cwd: bundle, stdio: ['ignore', 'pipe', 'pipe'] });
  workerd.stdout.on('data', (d) => (output += d));
  workerd.stderr.on('data', (d) => (output += d));
  origin = `http://127.0.0.1:${port}`;
  // workerd compiles the worker before it listens: poll until it answers.
  const deadline = Date.now() + 60_000;
  for (;;) {
    assert.equal(workerd.exitCode, null, `workerd exited:\n${output}`);
    try {
      await fetch(`${origin}/`);
      break;
    } catch {
      assert.ok(Date.now() < deadline, `workerd did not answer within 60 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
});

after(() => {
  workerd?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the shared cases pass in workerd, as in Node', async () => {
  const documents = specDocuments();
  const response = await fetch(`${origin}/cases`, { method: 'POST', body: JSON.stringify(documents) });
  assert.equal(response.status, 200, output);
  const result = await response.json();
  assert.deepEqual(result.failed, []);
  assert.deepEqual(result.passed, specCases(documents, assert, api).map(([name]) => name));
  console.log(`spec: ${result.counts.checks} checks in ${result.counts.cases} cases through the JavaScript API in workerd`);
  // The robots-parser entry loads there too; Google reads the typo
  // "Disalow", and the lint notes it.
  assert.equal(result.extra.robotsParser, false);
  assert.deepEqual(result.extra.lint, ['accepted-typo']);
});

test('a worker answers checks on the robots.txt it is sent', async () => {
  // Google's longest match: the longer allow wins (robots_test.cc,
  // ID_LongestMatch); an agent no group names gets the `*` group.
  const body = 'User-agent: FooBot\nDisallow: /x/\nAllow: /x/page\n\nUser-agent: *\nDisallow: /\n';
  const check = async (agent, url) => {
    const query = new URLSearchParams({ agent, url });
    const response = await fetch(`${origin}/check?${query}`, { method: 'POST', body });
    assert.equal(response.status, 200, output);
    return response.json();
  };
  assert.deepEqual(await check('FooBot', 'https://example.com/x/page.html'), { allowed: true, matchingLine: 3 });
  assert.deepEqual(await check('FooBot', 'https://example.com/x/other'), { allowed: false, matchingLine: 2 });
  assert.deepEqual(await check('BarBot', 'https://example.com/x/page.html'), { allowed: false, matchingLine: 6 });
});
