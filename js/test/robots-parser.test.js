// The robots-parser drop-in (robotstxt-exact/robots-parser) against
// robots-parser itself on the corpus, and its interface on small files.
//
// For Googlebot on every corpus URL of a site whose robots.txt is UTF-8,
// both answer isAllowed(url, 'Googlebot') with the robots.txt URL of the
// URL's own origin. The drop-in must give Google's answer (the Rust core's,
// through Robots.allowed, which corpus.test.js holds to the Rust answers),
// and every difference from robots-parser must have one of the documented
// explanations (EXPLANATIONS, the table in js/README.md); an unexplained
// one fails. The counts are printed; with ROBOTSTXT_ADAPTER_DIFFS=DIR set,
// every difference is written to DIR/robots-parser.tsv.

import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { Robots, RobotsParsingReporter, extractUserAgent, getPathParamsQuery, parseRobotsTxt } from '../lib/index.js';
import googleRobotsParser, { PARSED_FILES } from '../lib/robots-parser.js';
import { corpusSkip, loadCorpus } from './corpus.js';

const require = createRequire(import.meta.url);
const robotsParser = require('robots-parser');

const AGENT = 'Googlebot';

export const EXPLANATIONS = {
  agent:
    "a different group applies: Google compares the agent's product token with each user-agent line's " +
    'leading [a-zA-Z_-] run (Googlebot-News is not Googlebot, "Googlebot News" is), merges every group ' +
    'naming it, and keeps to a group naming it even when that group has no rules (everything allowed); ' +
    'robots-parser compares the whole lower-cased value cut at "/" and falls back to the * group when the ' +
    "agent's group has no rules",
  group:
    "the deciding rule is in the agent's group for one and not the other: robots-parser ends a group at any " +
    'line between two user-agent lines (sitemap, crawl-delay, an unknown key), Google only at a user-agent ' +
    'line after a rule',
  parsing: "the deciding line is one robots-parser does not read: Google accepts typos of keys (disalow, useragent) and a missing colon",
  'index.html': "Google's 'allow: /x/index.html' also allows '/x/'",
  normalisation:
    "the URL or the deciding rule is rewritten by robots-parser and not by Google: robots-parser parses the URL " +
    'with WHATWG URL (percent-encoding spaces, quotes and non-ASCII, resolving dot segments, dropping an empty query), ' +
    'runs the rules through encodeURI and upper-cases every escape; Google matches the bytes as written, escaping ' +
    'only non-ASCII bytes of rules',
  'long line': 'the deciding rule is on a line longer than 16,663 bytes, where Google stops reading',
};

const fatal = new TextDecoder('utf-8', { fatal: true });
function text(bytes) {
  try {
    return fatal.decode(bytes);
  } catch {
    return null;
  }
}

function originOf(url) {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** What decided Google's answer, to explain a difference. */
class GoogleTrace {
  constructor(body) {
    this.robots = Robots.parse(body);
    this.groups = this.robots.groups();
    this.rules = new Map();
    for (const g of this.groups) for (const r of g.rules) this.rules.set(r.line, r);
    const reporter = new RobotsParsingReporter();
    parseRobotsTxt(body, reporter);
    this.lines = new Map(reporter.parseResults().map((l) => [l.lineNum, l]));
    reporter.free();
    this.specific = this.groups.filter((g) => g.agents.some((a) => extractUserAgent(a.value).toLowerCase() === AGENT.toLowerCase()));
    this.selected = this.specific.length ? this.specific : this.groups.filter((g) => g.isGlobal);
  }

  free() {
    this.robots.free();
  }
}

/** robots-parser's reading of a pattern (its normaliseEncoding), to compare rules. */
function rpNormalise(pattern) {
  let p;
  try {
    p = encodeURI(pattern).replace(/%25/g, '%');
  } catch {
    p = pattern;
  }
  return p.replace(/%[0-9a-fA-F]{2}/g, (m) => m.toUpperCase());
}

/** The path robots-parser matches: WHATWG URL's, escapes upper-cased. */
function rpPath(url) {
  const u = new URL(url);
  return (u.pathname + u.search).replace(/%[0-9a-fA-F]{2}/g, (m) => m.toUpperCase());
}

/** Whether robots-parser rewrites a rule's pattern (Google's, as parsed). */
const rewritten = (rule) => rule !== undefined && rpNormalise(rule.pattern) !== rule.pattern;

function classify(trace, rp, url) {
  const answer = trace.robots.check(AGENT, url);
  const rule = trace.rules.get(answer.matchingLine);
  const rpRule = rp._getRule(url, AGENT);
  // Which groups apply.
  const rpSpecific = Object.prototype.hasOwnProperty.call(rp._rules, AGENT.toLowerCase());
  if (rpSpecific !== trace.specific.length > 0) return 'agent';
  if (rpSpecific && trace.specific.some((g) => g.agents.some((a) => a.value.toLowerCase().split('/')[0].trim() !== AGENT.toLowerCase() && extractUserAgent(a.value).toLowerCase() === AGENT.toLowerCase()))) {
    return 'agent';
  }
  const line = rule && trace.lines.get(rule.line);
  if (line && (line.isTypo || line.metadata.isMissingColonSeparator)) return 'parsing';
  if (line && line.metadata.isLineTooLong) return 'long line';
  if (rpRule && rpRule.pattern.length > 16663) return 'long line';
  if (rule && rule.kind === 'allow' && rule.pattern.endsWith('/index.html') && answer.allowed) return 'index.html';
  if (rpPath(url) !== getPathParamsQuery(url) || rewritten(rule) || (rpRule && rewritten(trace.rules.get(rpRule.lineNumber)))) {
    return 'normalisation';
  }
  // The deciding rule of one is not a rule of the other's group.
  const rpRules = new Set((rp._rules[rpSpecific ? AGENT.toLowerCase() : '*'] || []).map((r) => `${r.allow}\t${r.pattern}`));
  if (rule && !rpRules.has(`${rule.kind === 'allow'}\t${rpNormalise(rule.pattern)}`)) return 'group';
  const googleRules = new Set(trace.selected.flatMap((g) => g.rules.map((r) => `${r.kind === 'allow'}\t${rpNormalise(r.pattern)}`)));
  if (rpRule && !googleRules.has(`${rpRule.allow}\t${rpRule.pattern}`)) return 'group';
  return 'unexplained';
}

const CORPUS_SUITE = 'robots-parser drop-in on the corpus';
describe(CORPUS_SUITE, { skip: corpusSkip(CORPUS_SUITE) }, () => {
  test('Google verdicts; every difference from robots-parser explained', () => {
    const { bodies, sites } = loadCorpus();
    const diffs = [];
    let total = 0;
    for (const { site, urls } of sites) {
      const body = text(bodies.get(site));
      if (body === null) continue;
      const objects = new Map();
      let trace = null;
      for (const raw of urls) {
        const url = text(raw);
        const origin = url === null ? null : originOf(url);
        if (origin === null) continue;
        if (!objects.has(origin)) {
          const robotsUrl = `${origin}/robots.txt`;
          objects.set(origin, [robotsParser(robotsUrl, body), googleRobotsParser(robotsUrl, body)]);
        }
        const [original, ours] = objects.get(origin);
        total++;
        trace ??= new GoogleTrace(body);
        const got = ours.isAllowed(url, AGENT);
        assert.equal(got, trace.robots.allowed(AGENT, url), `${site} ${url}: the drop-in is not Google's answer`);
        const want = original.isAllowed(url, AGENT);
        if (got === want) continue;
        diffs.push({ kind: classify(trace, original, url), site, url, original: want, google: got });
      }
      trace?.free();
      for (const [, ours] of objects.values()) ours.free();
    }
    const counts = new Map();
    for (const d of diffs) counts.set(d.kind, (counts.get(d.kind) || 0) + 1);
    const lines = [`robots-parser: ${diffs.length} of ${total} answers differ for ${AGENT}`];
    for (const [kind, n] of [...counts].sort((a, b) => b[1] - a[1])) {
      lines.push(`  ${String(n).padStart(6)}  ${kind}: ${EXPLANATIONS[kind] || 'NOT EXPLAINED'}`);
    }
    for (const d of diffs.filter((d) => d.kind === 'unexplained').slice(0, 20)) {
      lines.push(`  unexplained: ${d.site} ${d.url} robots-parser=${d.original} google=${d.google}`);
    }
    console.log(lines.join('\n'));
    const out = process.env.ROBOTSTXT_ADAPTER_DIFFS;
    if (out) {
      mkdirSync(out, { recursive: true });
      writeFileSync(
        join(out, 'robots-parser.tsv'),
        'site\turl\trobots-parser\tgoogle\texplanation\n' +
          diffs.map((d) => `${d.site}\t${d.url}\t${d.original}\t${d.google}\t${d.kind}\n`).join(''),
      );
    }
    assert.ok(total > 100_000, `only ${total} queries`);
    assert.equal(counts.get('unexplained') || 0, 0, lines.join('\n'));
  });
});

describe("robots-parser's interface", () => {
  const body =
    'User-agent: FooBot\nDisallow: /private\nCrawl-delay: 3\n\n' +
    'User-agent: *\nDisallow: /tmp/\nSitemap: https://example.com/a.xml\nHost: Example.COM\n';
  const url = 'https://example.com/robots.txt';

  test('the same answers as robots-parser where Google agrees', () => {
    const original = robotsParser(url, body);
    const ours = googleRobotsParser(url, body);
    for (const ua of ['FooBot', 'FooBot/1.0', 'Other', undefined]) {
      for (const u of ['https://example.com/private/x', 'https://example.com/tmp/', 'https://example.com/', 'http://example.com/tmp/', 'https://other.com/tmp/']) {
        assert.equal(ours.isAllowed(u, ua), original.isAllowed(u, ua), `${ua} ${u}`);
        assert.equal(ours.isDisallowed(u, ua), original.isDisallowed(u, ua), `${ua} ${u}`);
        assert.equal(ours.getMatchingLineNumber(u, ua), original.getMatchingLineNumber(u, ua), `${ua} ${u}`);
      }
      assert.equal(ours.getCrawlDelay(ua), original.getCrawlDelay(ua), String(ua));
    }
    assert.deepEqual(ours.getSitemaps(), original.getSitemaps());
    assert.equal(ours.getPreferredHost(), original.getPreferredHost());
    assert.equal(ours.getPreferredHost(), 'example.com');
    assert.equal(googleRobotsParser(url, '').getPreferredHost(), null);
    // A URL of another origin is undefined (isDisallowed: true), as in robots-parser.
    assert.equal(ours.isAllowed('https://other.com/x', 'FooBot'), undefined);
    assert.equal(ours.isDisallowed('https://other.com/x', 'FooBot'), true);
    assert.equal(ours.isAllowed('/relative', 'FooBot'), undefined);
  });

  test('the documented differences hold', () => {
    const check = (robots, u, ua, google, original) => {
      assert.equal(googleRobotsParser(url, robots).isAllowed(u, ua), google, `google: ${JSON.stringify(robots)} ${u}`);
      assert.equal(robotsParser(url, robots).isAllowed(u, ua), original, `robots-parser: ${JSON.stringify(robots)} ${u}`);
    };
    // Typos Google accepts.
    check('User-agent: *\nDisalow: /x\n', 'https://example.com/x', 'a', false, true);
    // The product token: "Googlebot News" names Googlebot, Googlebot-News does not.
    check('User-agent: Googlebot News\nDisallow: /\n', 'https://example.com/x', 'Googlebot', false, true);
    // A group continues across a sitemap line between user-agent lines.
    check('User-agent: a\nSitemap: https://example.com/s.xml\nUser-agent: b\nDisallow: /\n', 'https://example.com/x', 'a', false, true);
    // index.html allows its directory.
    check('User-agent: *\nDisallow: /d/\nAllow: /d/index.html\n', 'https://example.com/d/', 'a', true, false);
    // Escapes: Google upper-cases those of rules only, robots-parser those
    // of URLs too; neither decodes %2F to "/".
    check('User-agent: *\nDisallow: /a/b\n', 'https://example.com/a%2fb', 'a', true, true);
    check('User-agent: *\nDisallow: /a%2Fb\n', 'https://example.com/a%2fb', 'a', true, false);
    // encodeURI rewrites "[" in rules; WHATWG URL keeps it in queries.
    check('User-agent: *\nDisallow: /\nAllow: /s?f[x]\n', 'https://example.com/s?f[x]', 'a', true, false);
    // Crawl-delay: the first valid value of the groups that apply.
    assert.equal(googleRobotsParser(url, 'User-agent: a\nCrawl-delay: 2\nCrawl-delay: 5\n').getCrawlDelay('a'), 2);
    assert.equal(robotsParser(url, 'User-agent: a\nCrawl-delay: 2\nCrawl-delay: 5\n').getCrawlDelay('a'), 5);
  });

  test(`at most ${PARSED_FILES} files stay parsed; the others are parsed again when asked`, () => {
    const objects = [];
    for (let i = 0; i < PARSED_FILES * 3; i++) {
      const o = googleRobotsParser(url, `User-agent: *\nDisallow: /${i}/\n`);
      assert.equal(o.isAllowed(`https://example.com/${i}/x`, 'a'), false);
      objects.push(o);
    }
    objects.forEach((o, i) => {
      assert.equal(o.isAllowed(`https://example.com/${i}/x`, 'a'), false);
      assert.equal(o.isAllowed(`https://example.com/${i + 1}/x`, 'a'), true);
      o.free();
    });
  });
});
