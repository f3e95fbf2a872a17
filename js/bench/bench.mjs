// Benchmark (not a test): this package against robots-parser and
// robots-txt-guard on the corpus, side by side in one run, and the Rust core
// on the same queries for what the JavaScript/WebAssembly boundary costs.
//
//   node bench/bench.mjs [--corpus DIR] [--rounds N] [--every N] [--no-rust]
//
// Queries: Googlebot on every (site, URL) pair of the corpus (the sites with
// both a robots.txt and URLs; bodies and URLs as JavaScript strings, the
// way a crawler has them). Figures are queries per second:
//
// - parse once: each file parsed once (not timed), then every query timed;
// - per call: each query parses its file, as a crawler without a cache
//   does, on every --every-th query (default 20; a parser without a cache
//   runs at the same rate on any order of queries). Ours: RobotsMatcher
//   with the memo off parses every query; IsAllowed (with the memo, which
//   parses a body that comes twice in a row once) runs every query site by
//   site, as a crawler asks.
//
// robots-parser answers `undefined` for a URL of another origin than its
// robots.txt URL, so each URL is asked of the object for its own origin.
// robots-txt-guard takes a path (the URL's pathname and search are
// computed before timing) and the groups of robots-txt-parse, its companion
// parser, which is asynchronous (its per-call figure awaits it).
//
// The machine is small and shared: each figure is the best of --rounds
// runs, and only the ratios of one run are worth comparing.

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { IsAllowed, Robots, RobotsMatcher } from '../lib/index.js';

const require = createRequire(import.meta.url);
const robotsParser = require('robots-parser');
const guard = require('robots-txt-guard');
const parseTxt = require('robots-txt-parse');

const JS = dirname(dirname(fileURLToPath(import.meta.url)));
const ROOT = dirname(JS);
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const CORPUS = opt('--corpus', process.env.ROBOTSTXT_CORPUS || join(ROOT, '..', 'shared', 'corpus'));
const ROUNDS = Number(opt('--rounds', '3'));
const EVERY = Number(opt('--every', '20'));
const AGENT = 'Googlebot';

if (!existsSync(join(CORPUS, 'robotfiles'))) {
  console.error(`CORPUS NOT FOUND at ${CORPUS}: nothing to measure`);
  process.exit(1);
}

// --- the corpus ----------------------------------------------------------------

const decoder = new TextDecoder();
const sites = [];
for (const name of readdirSync(join(CORPUS, 'links')).sort()) {
  const file = join(CORPUS, 'robotfiles', name);
  if (!existsSync(file)) continue;
  const body = decoder.decode(readFileSync(file));
  const urls = readFileSync(join(CORPUS, 'links', name), 'utf8')
    .split('\n')
    .map((u) => u.replace(/\r$/, ''))
    .filter((u) => u && !u.includes('\t'));
  if (urls.length) sites.push({ name, body, urls });
}
const QUERIES = sites.reduce((n, s) => n + s.urls.length, 0);
// The per-call subset: every EVERY-th query, as [site index, url index].
const SAMPLE = [];
{
  let k = 0;
  sites.forEach((s, i) => s.urls.forEach((_, j) => k++ % EVERY === 0 && SAMPLE.push([i, j])));
}

function origin(url) {
  try {
    return new URL(url).origin;
  } catch {
    return 'invalid:';
  }
}

// --- timing --------------------------------------------------------------------

function best(fn) {
  let fastest = Infinity;
  let result;
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = process.hrtime.bigint();
    result = fn();
    const s = Number(process.hrtime.bigint() - t0) / 1e9;
    fastest = Math.min(fastest, s);
  }
  return { seconds: fastest, result };
}

async function bestAsync(fn) {
  let fastest = Infinity;
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = process.hrtime.bigint();
    await fn();
    fastest = Math.min(fastest, Number(process.hrtime.bigint() - t0) / 1e9);
  }
  return { seconds: fastest };
}

const rows = [];
function row(library, mode, queries, seconds, note = '') {
  rows.push({ library, mode, qps: queries / seconds, note });
}

// --- this package --------------------------------------------------------------

const parsed = sites.map((s) => Robots.parse(s.body));
{
  const { seconds } = best(() => {
    let allowed = 0;
    for (let i = 0; i < sites.length; i++) {
      const r = parsed[i];
      for (const url of sites[i].urls) if (r.allowed(AGENT, url)) allowed++;
    }
    return allowed;
  });
  row('robotstxt-exact', 'parse once: Robots.allowed(agent, url)', QUERIES, seconds);
}
{
  const { seconds } = best(() => {
    let allowed = 0;
    for (let i = 0; i < sites.length; i++) {
      for (const a of parsed[i].allowedMany(AGENT, sites[i].urls)) if (a) allowed++;
    }
    return allowed;
  });
  row('robotstxt-exact', 'parse once: Robots.allowedMany(agent, urls), one call per site', QUERIES, seconds);
}
const compiled = parsed.map((r) => r.compile(AGENT));
{
  const { seconds } = best(() => {
    let allowed = 0;
    for (let i = 0; i < sites.length; i++) {
      const c = compiled[i];
      for (const url of sites[i].urls) if (c.allowed(url)) allowed++;
    }
    return allowed;
  });
  row('robotstxt-exact', 'parse once: CompiledRobots.allowed(url)', QUERIES, seconds);
}
{
  const { seconds } = best(() => {
    let allowed = 0;
    for (let i = 0; i < sites.length; i++) {
      for (const a of compiled[i].allowedMany(sites[i].urls)) if (a) allowed++;
    }
    return allowed;
  });
  row('robotstxt-exact', 'parse once: CompiledRobots.allowedMany(urls)', QUERIES, seconds);
}
{
  // Every query, site by site: the memo parses each file once per site.
  const { seconds } = best(() => {
    let allowed = 0;
    for (const s of sites) for (const url of s.urls) if (IsAllowed(AGENT, url, s.body)) allowed++;
    return allowed;
  });
  row('robotstxt-exact', 'per call: IsAllowed(agent, url, body), every query site by site', QUERIES, seconds, 'a body that comes twice in a row is parsed once');
}
{
  const matcher = new RobotsMatcher({ memo: false });
  const { seconds } = best(() => {
    let allowed = 0;
    for (const [i, j] of SAMPLE) if (matcher.oneAgentAllowedByRobots(sites[i].body, AGENT, sites[i].urls[j])) allowed++;
    return allowed;
  });
  matcher.free();
  row('robotstxt-exact', 'per call: RobotsMatcher({memo: false}), parses every query', SAMPLE.length, seconds);
}
const parseAll = best(() => {
  for (const s of sites) Robots.parse(s.body).free();
});
const corpusBytes = sites.reduce((n, s) => n + Buffer.byteLength(s.body), 0);

// --- robots-parser -------------------------------------------------------------

{
  const objects = sites.map((s) => {
    const byOrigin = new Map();
    for (const url of s.urls) {
      const o = origin(url);
      if (!byOrigin.has(o)) byOrigin.set(o, robotsParser(`${o}/robots.txt`, s.body));
    }
    return byOrigin;
  });
  const origins = sites.map((s) => s.urls.map(origin));
  const { seconds } = best(() => {
    let allowed = 0;
    for (let i = 0; i < sites.length; i++) {
      const urls = sites[i].urls;
      for (let j = 0; j < urls.length; j++) if (objects[i].get(origins[i][j]).isAllowed(urls[j], AGENT)) allowed++;
    }
    return allowed;
  });
  row('robots-parser', 'parse once: isAllowed(url, agent)', QUERIES, seconds);
  const perCall = best(() => {
    let allowed = 0;
    for (const [i, j] of SAMPLE) {
      if (robotsParser(`${origins[i][j]}/robots.txt`, sites[i].body).isAllowed(sites[i].urls[j], AGENT)) allowed++;
    }
    return allowed;
  });
  row('robots-parser', 'per call: robotsParser(url, body).isAllowed', SAMPLE.length, perCall.seconds);
}

// --- robots-txt-guard ----------------------------------------------------------

function pathOf(url) {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return '/';
  }
}
{
  const configs = [];
  for (const s of sites) configs.push(await parseTxt(Readable.from([s.body])));
  const guards = configs.map((c) => guard(c));
  const paths = sites.map((s) => s.urls.map(pathOf));
  const { seconds } = best(() => {
    let allowed = 0;
    for (let i = 0; i < sites.length; i++) {
      const g = guards[i];
      for (const p of paths[i]) if (g.isAllowed(AGENT, p)) allowed++;
    }
    return allowed;
  });
  row('robots-txt-guard', 'parse once: isAllowed(agent, path)', QUERIES, seconds, 'paths computed before timing');
  const perCall = await bestAsync(async () => {
    for (const [i, j] of SAMPLE) guard(await parseTxt(Readable.from([sites[i].body]))).isAllowed(AGENT, paths[i][j]);
  });
  row('robots-txt-guard', 'per call: robots-txt-parse (async) + guard + isAllowed', SAMPLE.length, perCall.seconds);
}

// --- the Rust core, natively -----------------------------------------------------

let rust = null;
if (!args.includes('--no-rust')) {
  try {
    execFileSync('cargo', ['build', '--quiet', '--release', '-p', 'robotstxt-exact-js', '--example', 'corpus_bench'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    const meta = JSON.parse(execFileSync('cargo', ['metadata', '--format-version', '1', '--no-deps'], { cwd: ROOT, encoding: 'utf8' }));
    const exe = join(meta.target_directory, 'release', 'examples', 'corpus_bench');
    rust = JSON.parse(execFileSync(exe, [CORPUS, String(ROUNDS)], { encoding: 'utf8' }));
    for (const r of rust.rows) rows.push({ library: 'Rust core (native)', mode: r.mode, qps: r.qps, note: '' });
  } catch (e) {
    console.error(`the Rust side could not run (${e.message}): skipped`);
  }
}

// --- report --------------------------------------------------------------------

const rpOnce = rows.find((r) => r.library === 'robots-parser' && r.mode.startsWith('parse once')).qps;
const rpCall = rows.find((r) => r.library === 'robots-parser' && r.mode.startsWith('per call')).qps;
const fmt = (q) => (q >= 1e6 ? `${(q / 1e6).toFixed(2)} M` : `${(q / 1e3).toFixed(1)} k`);
console.log(
  `\nNode ${process.version}, ${QUERIES} queries (${AGENT}) on ${sites.length} sites (per call: every ${EVERY}th, ${SAMPLE.length}), best of ${ROUNDS}`,
);
console.log('| library | how | queries/s | vs robots-parser (same mode) |');
console.log('| --- | --- | ---: | ---: |');
for (const r of rows) {
  const base = r.mode.startsWith('per call') ? rpCall : rpOnce;
  console.log(`| ${r.library} | ${r.mode}${r.note ? ` (${r.note})` : ''} | ${fmt(r.qps)} | ${(r.qps / base).toFixed(1)}x |`);
}
console.log(
  `\nparsing the ${sites.length} files (${(corpusBytes / 1e6).toFixed(2)} MB) with Robots.parse: ` +
    `${(parseAll.seconds * 1000).toFixed(0)} ms, ${(corpusBytes / parseAll.seconds / 1e6).toFixed(0)} MB/s` +
    (rust ? `; the Rust core natively: ${(rust.parse_seconds * 1000).toFixed(0)} ms` : ''),
);
const wasmFile = join(JS, 'pkg', 'robotstxt_exact_js_bg.wasm');
if (existsSync(wasmFile)) {
  const wasm = readFileSync(wasmFile);
  console.log(`module: ${wasm.length} bytes, ${gzipSync(wasm, { level: 9 }).length} gzipped`);
}
for (const r of parsed) r.free();
for (const c of compiled) c.free();
