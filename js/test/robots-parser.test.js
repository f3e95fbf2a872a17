// The robots-parser drop-in (robotstxt-exact/robots-parser) against
// robots-parser itself on the corpus, and its interface on small files.
//
// For Googlebot on every corpus URL of a site whose robots.txt is UTF-8,
// both answer isAllowed(url, 'Googlebot') with the robots.txt URL of the
// URL's own origin. The drop-in must give Google's answer (the Rust core's,
// through Robots.allowed, which corpus.test.js holds to the Rust answers)
// for the URL as robots-parser reads it, and every difference from
// robots-parser must have one of the documented explanations
// (EXPLANATIONS, the table in js/README.md); an unexplained one fails. The
// counts are printed; with ROBOTSTXT_ADAPTER_DIFFS=DIR set, every
// difference is written to DIR/robots-parser.tsv.

import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { Robots, RobotsParsingReporter, extractUserAgent, parseRobotsTxt } from '../lib/index.js';
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
    'the deciding rule is rewritten by robots-parser and not by Google: robots-parser runs the rules through ' +
    'encodeURI (escaping spaces, quotes, [ ] { } | ^ ` \\ and non-ASCII); Google escapes only their non-ASCII ' +
    'bytes (both upper-case escapes)',
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

/** The URL as robots-parser reads it, for Google's matcher. */
const rpUrl = (url) => `http://example.com${rpPath(url)}`;

/** Whether robots-parser rewrites a rule's pattern (Google's, as parsed). */
const rewritten = (rule) => rule !== undefined && rpNormalise(rule.pattern) !== rule.pattern;

function classify(trace, rp, url) {
  const answer = trace.robots.check(AGENT, rpUrl(url));
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
  if (rewritten(rule) || (rpRule && rewritten(trace.rules.get(rpRule.lineNumber)))) {
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
        assert.equal(got, trace.robots.allowed(AGENT, rpUrl(url)), `${site} ${url}: the drop-in is not Google's answer`);
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
    // Neither decodes %2F to "/".
    check('User-agent: *\nDisallow: /a/b\n', 'https://example.com/a%2fb', 'a', true, true);
    // encodeURI rewrites "[" in rules; WHATWG URL keeps it in queries.
    check('User-agent: *\nDisallow: /\nAllow: /s?f[x]\n', 'https://example.com/s?f[x]', 'a', true, false);
    // Crawl-delay: the first valid value of the groups that apply.
    assert.equal(googleRobotsParser(url, 'User-agent: a\nCrawl-delay: 2\nCrawl-delay: 5\n').getCrawlDelay('a'), 2);
    assert.equal(robotsParser(url, 'User-agent: a\nCrawl-delay: 2\nCrawl-delay: 5\n').getCrawlDelay('a'), 5);
  });

  // Where robots-parser and Google agree, the drop-in must too: the two
  // readings it takes from robots-parser before Google's matcher decides.
  test("an agent with no product token is Google's '*', not an empty agent", () => {
    const body = 'User-agent:\nDisallow: /fish/\n\nUser-agent: *\nDisallow: /tmp/\n';
    const original = robotsParser(url, body);
    const ours = googleRobotsParser(url, body);
    for (const ua of [undefined, '', '*', '/1.0', '(compatible)']) {
      for (const u of ['https://example.com/fish/', 'https://example.com/tmp/']) {
        assert.equal(ours.isAllowed(u, ua), original.isAllowed(u, ua), `${JSON.stringify(ua)} ${u}`);
      }
    }
    // Google's matcher with the agent '*' keeps to the `*` group (robots.cc,
    // RobotsMatcher::HandleUserAgent: '*' is no group's product token).
    assert.equal(ours.isAllowed('https://example.com/fish/'), true);
    assert.equal(ours.isAllowed('https://example.com/tmp/'), false);
  });

  test('a URL is read through WHATWG URL with its escapes upper-cased, as robots-parser reads it', () => {
    const body = 'User-agent: *\nDisallow: /%CF%80\nDisallow: /a%2Fb\nDisallow: /x/y\nDisallow: /q?a%20b\n';
    const original = robotsParser(url, body);
    const ours = googleRobotsParser(url, body);
    for (const path of ['/π', '/%cf%80', '/%CF%80/x', '/a%2fb', '/x/./z/../y', '/q?a b', '/q?a%20b', '/%F0%9F%92%A9', '/p#/x/y']) {
      const u = `https://example.com${path}`;
      assert.equal(ours.isAllowed(u, 'a'), original.isAllowed(u, 'a'), path);
      assert.equal(ours.getMatchingLineNumber(u, 'a'), original.getMatchingLineNumber(u, 'a'), path);
    }
    assert.equal(ours.isAllowed('https://example.com/π', 'a'), false);
    // Google's own API still takes the URL as given: the ID_Encoding case of
    // robots_test.cc, where a URL that is not percent-encoded does not match
    // the rule's escaped form.
    const google = 'User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n';
    const robots = Robots.parse(google);
    assert.equal(robots.allowed('FooBot', 'http://foo.bar/foo/bar/ツ'), false);
    assert.equal(robots.allowed('FooBot', 'http://foo.bar/foo/bar/%E3%83%84'), true);
    robots.free();
    const viaAdapter = googleRobotsParser('http://foo.bar/robots.txt', google);
    assert.equal(viaAdapter.isAllowed('http://foo.bar/foo/bar/ツ', 'FooBot'), true);
    assert.equal(robotsParser('http://foo.bar/robots.txt', google).isAllowed('http://foo.bar/foo/bar/ツ', 'FooBot'), true);
  });

  test('a rule holding a lone surrogate matches no URL, as in robots-parser', () => {
    const body = 'User-agent: *\nDisallow: /\uD800\nDisallow: /a\uDC00b\nDisallow: /ok\n';
    const original = robotsParser(url, body);
    const ours = googleRobotsParser(url, body);
    for (const path of ['/\uD800', '/\uDC00', '/%EF%BF%BD', '/a\uDC00b', '/a%EF%BF%BDb', '/a%7Fb', '/ok']) {
      const u = `https://example.com${path}`;
      assert.equal(ours.isAllowed(u, 'a'), original.isAllowed(u, 'a'), JSON.stringify(path));
    }
    assert.equal(ours.isAllowed('https://example.com/ok', 'a'), false);
  });

  test('require() gives the function itself, as require("robots-parser") does', { skip: !process.features.require_module && 'this Node cannot require an ES module' }, () => {
    const required = require('../lib/robots-parser.js');
    assert.equal(typeof required, 'function');
    assert.equal(required(url, 'User-agent: *\nDisallow: /x\n').isAllowed('https://example.com/x'), false);
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
