// The corpus queries (every URL of every site, for three agent lists)
// through every entry point of the package equal the Rust core's answers
// (Google's RobotsMatcher in Rust): 0 differences on every field. Bodies
// and URLs go in as the bytes on disk; a last test gives the decodable ones
// as strings.

import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';

import { IsAllowed, Robots, RobotsMatcher } from '../lib/index.js';
import { corpusQueries, corpusSkip, loadCorpus, rustAnswers } from './corpus.js';

const same = (a, b) =>
  a.allowed === b.allowed &&
  a.matchingLine === b.matchingLine &&
  a.everSeenSpecificAgent === b.everSeenSpecificAgent &&
  a.disallowIgnoreGlobal === b.disallowIgnoreGlobal;

const decoder = new TextDecoder();
const show = (q) => `${q.site} [${q.agents}] ${decoder.decode(q.url)}`;

function report(diffs, total) {
  const head = diffs.slice(0, 20).map((d) => `  ${d}`).join('\n');
  return `${diffs.length} of ${total} queries differ from the Rust answers:\n${head}`;
}

/** (site, agents) -> {urls, wants}, in query order. */
function grouped(queries, answers) {
  const groups = new Map();
  queries.forEach((q, i) => {
    const key = `${q.site}\t${q.agents.join(',')}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { site: q.site, agents: q.agents, urls: [], wants: [] }));
    g.urls.push(q.url);
    g.wants.push(answers[i]);
  });
  return [...groups.values()];
}

const SUITE = 'corpus differential against the Rust core';
describe(SUITE, { skip: corpusSkip(SUITE) }, () => {
  let bodies;
  let queries;
  let answers;

  before(() => {
    bodies = loadCorpus().bodies;
    queries = corpusQueries();
    answers = rustAnswers(queries);
  });

  test('the corpus is the one the figures are about', () => {
    // 1,613 robots.txt files; 111,215 URLs on the 1,225 sites with both.
    assert.equal(bodies.size, 1613);
    assert.equal(queries.length, 3 * 111_215);
  });

  test('RobotsMatcher.allowedByRobots and its accessors', () => {
    const matcher = new RobotsMatcher();
    const diffs = [];
    queries.forEach((q, i) => {
      const allowed = matcher.allowedByRobots(bodies.get(q.site), q.agents, q.url);
      const got = {
        allowed,
        matchingLine: matcher.matchingLine(),
        everSeenSpecificAgent: matcher.everSeenSpecificAgent(),
        disallowIgnoreGlobal: matcher.disallowIgnoreGlobal(),
      };
      if (!same(got, answers[i]) || matcher.disallow() === allowed) diffs.push(show(q));
    });
    matcher.free();
    assert.equal(diffs.length, 0, report(diffs, queries.length));
  });

  test('RobotsMatcher without its memo (every query parsed), every other query', () => {
    const matcher = new RobotsMatcher({ memo: false });
    const diffs = [];
    let n = 0;
    queries.forEach((q, i) => {
      if (i % 2) return;
      n++;
      const allowed = matcher.allowedByRobots(bodies.get(q.site), q.agents, q.url);
      if (allowed !== answers[i].allowed || matcher.matchingLine() !== answers[i].matchingLine) diffs.push(show(q));
    });
    matcher.free();
    assert.equal(diffs.length, 0, report(diffs, n));
  });

  test('oneAgentAllowedByRobots and IsAllowed', () => {
    const matcher = new RobotsMatcher();
    const diffs = [];
    queries.forEach((q, i) => {
      if (q.agents.length !== 1) return;
      const body = bodies.get(q.site);
      if (matcher.oneAgentAllowedByRobots(body, q.agents[0], q.url) !== answers[i].allowed) diffs.push(`one agent: ${show(q)}`);
      if (matcher.matchingLine() !== answers[i].matchingLine) diffs.push(`matching line: ${show(q)}`);
      if (IsAllowed(q.agents[0], q.url, body) !== answers[i].allowed) diffs.push(`IsAllowed: ${show(q)}`);
    });
    matcher.free();
    assert.equal(diffs.length, 0, report(diffs, queries.length));
  });

  test('Robots.check and Robots.allowed', () => {
    const parsed = new Map([...bodies].map(([site, body]) => [site, Robots.parse(body)]));
    const diffs = [];
    queries.forEach((q, i) => {
      const robots = parsed.get(q.site);
      if (!same(robots.check(q.agents, q.url), answers[i])) diffs.push(`check: ${show(q)}`);
      if (q.agents.length === 1) {
        if (!same(robots.check(q.agents[0], q.url), answers[i])) diffs.push(`check(agent): ${show(q)}`);
        if (robots.allowed(q.agents[0], q.url) !== answers[i].allowed) diffs.push(`allowed: ${show(q)}`);
      }
    });
    for (const r of parsed.values()) r.free();
    assert.equal(diffs.length, 0, report(diffs, queries.length));
  });

  test('Robots.checkMany and Robots.allowedMany', () => {
    const diffs = [];
    for (const g of grouped(queries, answers)) {
      const robots = Robots.parse(bodies.get(g.site));
      const checked = robots.checkMany(g.agents, g.urls);
      const allowed = robots.allowedMany(g.agents, g.urls);
      g.wants.forEach((want, j) => {
        if (!same(checked[j], want) || allowed[j] !== want.allowed) diffs.push(`${g.site} [${g.agents}] ${decoder.decode(g.urls[j])}`);
      });
      robots.free();
    }
    assert.equal(diffs.length, 0, report(diffs, queries.length));
  });

  test('CompiledRobots: check, allowed, checkMany, allowedMany', () => {
    const diffs = [];
    for (const g of grouped(queries, answers)) {
      const robots = Robots.parse(bodies.get(g.site));
      const compiled = robots.compile(g.agents);
      robots.free(); // the compiled view does not depend on it
      const checked = compiled.checkMany(g.urls);
      const allowed = compiled.allowedMany(g.urls);
      g.wants.forEach((want, j) => {
        const url = g.urls[j];
        if (
          !same(checked[j], want) ||
          allowed[j] !== want.allowed ||
          !same(compiled.check(url), want) ||
          compiled.allowed(url) !== want.allowed ||
          compiled.everSeenSpecificAgent() !== want.everSeenSpecificAgent
        ) {
          diffs.push(`${g.site} [${g.agents}] ${decoder.decode(url)}`);
        }
      });
      compiled.free();
    }
    assert.equal(diffs.length, 0, report(diffs, queries.length));
  });

  test('strings give the answers of their UTF-8 bytes', () => {
    const fatal = new TextDecoder('utf-8', { fatal: true });
    const text = (b) => {
      try {
        return fatal.decode(b);
      } catch {
        return null;
      }
    };
    const matcher = new RobotsMatcher();
    const parsed = new Map();
    const diffs = [];
    let checked = 0;
    queries.forEach((q, i) => {
      const body = text(bodies.get(q.site));
      const url = text(q.url);
      if (body === null || url === null) return;
      checked++;
      if (!parsed.has(q.site)) parsed.set(q.site, Robots.parse(body));
      const want = answers[i];
      if (matcher.allowedByRobots(body, q.agents, url) !== want.allowed || matcher.matchingLine() !== want.matchingLine) {
        diffs.push(`matcher: ${show(q)}`);
      }
      if (!same(parsed.get(q.site).check(q.agents, url), want)) diffs.push(`check: ${show(q)}`);
    });
    for (const r of parsed.values()) r.free();
    matcher.free();
    assert.ok(checked > 300_000, `only ${checked} decodable queries`);
    assert.equal(diffs.length, 0, report(diffs, checked));
  });

  test('string URLs in batches equal the bytes, ASCII or not', () => {
    // The batch calls join strings and split them by UTF-16 lengths; URLs
    // with non-ASCII characters, surrogate pairs and a lone surrogate
    // (which TextEncoder writes as U+FFFD) must split where their bytes do.
    const robots = Robots.parse('User-agent: *\nDisallow: /é\nDisallow: /*😀$\nAllow: /\uFFFD\nDisallow: /x\n');
    const urls = ['http://a/é', 'http://a/x', 'http://a/😀', 'http://a/\uD800', 'http://a/ok', '', 'http://a/é😀'];
    const enc = new TextEncoder();
    const fromBytes = robots.checkMany('a', urls.map((u) => enc.encode(u)));
    assert.deepEqual(robots.checkMany('a', urls), fromBytes);
    assert.deepEqual(
      urls.map((u) => robots.check('a', u)),
      fromBytes,
    );
    // Google's answers: non-ASCII in a rule is percent-escaped, in a URL not.
    assert.deepEqual(
      fromBytes.map((a) => a.allowed),
      [true, false, true, true, true, true, true],
    );
    robots.free();
  });
});
