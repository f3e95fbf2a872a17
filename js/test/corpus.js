// The corpus (../shared/corpus beside the repository, or $ROBOTSTXT_CORPUS)
// and the Rust core's answers for its queries, shared by the tests that run
// every file. The answers come from examples/corpus_answers.rs of the core
// crate (Google's RobotsMatcher in Rust), built and run with cargo.

import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
export const CORPUS = process.env.ROBOTSTXT_CORPUS || join(ROOT, '..', 'shared', 'corpus');

/** The agent lists every corpus URL is checked for. */
export const AGENT_SETS = [['Googlebot'], ['Bingbot'], ['Googlebot-Image', 'Googlebot']];

/**
 * The `skip` option of the suite named `suite`, which needs the corpus:
 * false when the corpus is there; else the reason, after saying so loudly,
 * appending the suite to $ROBOTSTXT_SKIP_LOG when that names a file
 * (scripts/test-all.sh counts those lines in its closing line), or throwing
 * when ROBOTSTXT_REQUIRE_CORPUS=1 (scripts/test-all.sh --require-corpus).
 */
export function corpusSkip(suite) {
  if (existsSync(join(CORPUS, 'robotfiles'))) return false;
  const reason = `no corpus at ${CORPUS} (see the README, "The corpus")`;
  if (process.env.ROBOTSTXT_REQUIRE_CORPUS === '1') {
    throw new Error(`${suite}: ${reason}, and ROBOTSTXT_REQUIRE_CORPUS=1 requires it`);
  }
  console.error(`\n*** SKIPPED ${suite}: ${reason} ***\n`);
  if (process.env.ROBOTSTXT_SKIP_LOG) {
    appendFileSync(process.env.ROBOTSTXT_SKIP_LOG, `js\t${suite}\t${reason}\n`);
  }
  return reason;
}

const NL = 10;
const CR = 13;
const TAB = 9;

function splitLines(bytes) {
  const out = [];
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === NL) {
      let end = i;
      if (end > start && bytes[end - 1] === CR) end--;
      const line = bytes.subarray(start, end);
      if (line.length && !line.includes(TAB)) out.push(line);
      start = i + 1;
    }
  }
  return out;
}

let loaded;

/**
 * {bodies: Map(site -> Uint8Array), sites: [{site, urls: Uint8Array[]}]}:
 * every robots.txt, and the URLs of the sites that have one.
 */
export function loadCorpus() {
  if (loaded) return loaded;
  const bodies = new Map();
  for (const name of readdirSync(join(CORPUS, 'robotfiles')).sort()) {
    bodies.set(name, new Uint8Array(readFileSync(join(CORPUS, 'robotfiles', name))));
  }
  const sites = [];
  for (const name of readdirSync(join(CORPUS, 'links')).sort()) {
    if (!bodies.has(name)) continue;
    const urls = splitLines(new Uint8Array(readFileSync(join(CORPUS, 'links', name))));
    if (urls.length) sites.push({ site: name, urls });
  }
  loaded = { bodies, sites };
  return loaded;
}

/** The queries: every URL of every site, for each agent list. */
export function corpusQueries() {
  const { sites } = loadCorpus();
  const queries = [];
  for (const { site, urls } of sites) {
    for (const url of urls) for (const agents of AGENT_SETS) queries.push({ site, agents, url });
  }
  return queries;
}

/**
 * The Rust core's answers for `queries`: [{allowed, matchingLine,
 * everSeenSpecificAgent, disallowIgnoreGlobal}], in order.
 */
export function rustAnswers(queries) {
  const build = execFileSync(
    process.env.CARGO || 'cargo',
    ['build', '--quiet', '--example', 'corpus_answers', '-p', 'robotstxt-exact', '--message-format', 'json'],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 28 },
  );
  let exe;
  for (const line of build.split('\n')) {
    if (!line) continue;
    const msg = JSON.parse(line);
    if (msg.reason === 'compiler-artifact' && msg.target.name === 'corpus_answers' && msg.executable) exe = msg.executable;
  }
  if (!exe) throw new Error('cargo built no corpus_answers executable');
  const enc = new TextEncoder();
  const parts = [];
  for (const q of queries) {
    parts.push(enc.encode(`${q.site}\t${q.agents.join(',')}\t`), q.url, Uint8Array.of(NL));
  }
  const input = Buffer.concat(parts);
  const out = execFileSync(exe, [join(CORPUS, 'robotfiles')], { input, maxBuffer: 1 << 28, encoding: 'utf8' });
  const answers = out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [a, l, s, d] = line.split(' ');
      return { allowed: a === '1', matchingLine: Number(l), everSeenSpecificAgent: s === '1', disallowIgnoreGlobal: d === '1' };
    });
  if (answers.length !== queries.length) throw new Error(`${answers.length} answers for ${queries.length} queries`);
  return answers;
}
