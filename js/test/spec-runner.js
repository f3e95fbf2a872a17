// The shared cases of spec/cases/ (see spec/README.md) through the
// JavaScript API: for Node (spec.test.js) and for Chromium, on a page and in
// a worker (browser.test.js). Nothing here imports a module: the parsed case
// files, `assert` (ok, equal, deepEqual) and the package's exports are
// passed in.
//
// Each matcher query is asked of RobotsMatcher (bytes in), of the parse-once
// Robots (check and allowed), and of Google's IsAllowed, which must agree;
// where the body is UTF-8 also as a string.

const TAGS = ['unknown', 'user-agent', 'allow', 'disallow', 'sitemap', 'unused'];
const FLAGS = [
  ['is_empty', 'isEmpty'],
  ['has_comment', 'hasComment'],
  ['is_comment', 'isComment'],
  ['has_directive', 'hasDirective'],
  ['is_acceptable_typo', 'isAcceptableTypo'],
  ['is_line_too_long', 'isLineTooLong'],
  ['is_missing_colon_separator', 'isMissingColonSeparator'],
];

const encoder = new TextEncoder();
// Handler values are strings: invalid UTF-8 as U+FFFD, as the API says.
const lossy = new TextDecoder('utf-8');
const strict = new TextDecoder('utf-8', { fatal: true });

/** A bytes value: a string, or a list of strings, {hex} and {repeat, times} segments. */
export function bytesOf(value) {
  if (typeof value === 'string') return encoder.encode(value);
  const parts = [];
  for (const segment of value) {
    if (typeof segment === 'string') {
      parts.push(encoder.encode(segment));
    } else if ('hex' in segment) {
      const hex = segment.hex;
      const out = new Uint8Array(hex.length / 2);
      for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
      parts.push(out);
    } else if ('repeat' in segment) {
      const unit = bytesOf(segment.repeat);
      const out = new Uint8Array(unit.length * segment.times);
      for (let i = 0; i < segment.times; i++) out.set(unit, i * unit.length);
      parts.push(out);
    } else {
      throw new Error(`not a segment: ${JSON.stringify(segment)}`);
    }
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Bytes as a failure message shows them. */
const show = (b) => {
  const s = lossy.decode(b);
  return s.length > 120 ? `${s.slice(0, 120)}...(${b.length} bytes)` : s;
};

/**
 * The cases as [name, fn] pairs, `<suite>.<name>`, from the parsed case
 * files in path order; `counts` gathers the checks and cases run.
 */
export function specCases(documents, assert, api, counts = { checks: 0, cases: 0 }) {
  const { IsAllowed, Robots, RobotsMatcher, RobotsParsingReporter, getPathParamsQuery, maybeEscapePattern, parseRobotsTxt } =
    api;

  function allowed(robots, agent, url) {
    const matcher = new RobotsMatcher();
    const verdict = matcher.oneAgentAllowedByRobots(robots, agent, url);
    const answer = { allowed: verdict, line: matcher.matchingLine(), specific: matcher.everSeenSpecificAgent() };
    matcher.free();
    const parsed = Robots.parse(robots);
    const check = parsed.check([agent], url);
    assert.deepEqual(
      { allowed: check.allowed, line: check.matchingLine, specific: check.everSeenSpecificAgent },
      answer,
      'Robots.check differs from RobotsMatcher',
    );
    assert.equal(parsed.allowed(agent, url), verdict, 'Robots.allowed differs from RobotsMatcher');
    parsed.free();
    assert.equal(IsAllowed(agent, url, robots), verdict, 'IsAllowed differs from RobotsMatcher');
    let text = null;
    try {
      text = strict.decode(robots);
    } catch {
      // not UTF-8: bytes only
    }
    if (text !== null) {
      const m = new RobotsMatcher({ memo: false });
      assert.equal(m.oneAgentAllowedByRobots(text, agent, url), verdict, 'the body as a string differs from the bytes');
      m.free();
    }
    return answer;
  }

  function events(robots) {
    const out = [];
    const push = (kind) => (line, value) => out.push([line, kind, '', value]);
    parseRobotsTxt(robots, {
      handleUserAgent: push('user-agent'),
      handleAllow: push('allow'),
      handleDisallow: push('disallow'),
      handleSitemap: push('sitemap'),
      handleUnknownAction: (line, key, value) => out.push([line, 'unknown', key, value]),
    });
    return out;
  }

  function run(check) {
    switch (check.kind) {
      case 'allowed': {
        const robots = bytesOf(check.robots);
        for (const q of check.queries) {
          const agent = bytesOf(q.agent);
          const url = bytesOf(q.url);
          const got = allowed(robots, agent, url);
          const what = `agent ${JSON.stringify(show(agent))}, url ${JSON.stringify(show(url))}`;
          assert.equal(got.allowed, q.allowed, `${what}: allowed`);
          if (q.line !== undefined) assert.equal(got.line, q.line, `${what}: matching line`);
          if (q.specific !== undefined) assert.equal(got.specific, q.specific, `${what}: ever seen specific agent`);
        }
        return check.queries.length;
      }
      case 'valid_agent': {
        const agent = check.agent === null ? new Uint8Array(0) : bytesOf(check.agent);
        assert.equal(RobotsMatcher.isValidUserAgentToObey(agent), check.valid, `agent ${JSON.stringify(show(agent))}`);
        return 1;
      }
      case 'events': {
        const want = check.events.map(([line, kind, ...values]) => {
          const [key, value] = values.length === 2 ? values : ['', values[0]];
          return [line, kind, lossy.decode(bytesOf(key)), lossy.decode(bytesOf(value))];
        });
        assert.deepEqual(events(bytesOf(check.robots)), want, 'events');
        return 1;
      }
      case 'parse_stats': {
        // The handler of Google's robots_test.cc, over the callbacks.
        const got = events(bytesOf(check.robots));
        const unknown = got.filter((e) => e[1] === 'unknown').length;
        const stats = {
          valid_directives: got.length - unknown,
          unknown_directives: unknown,
          last_line_seen: got.length ? got[got.length - 1][0] : 0,
          sitemap: got.filter((e) => e[1] === 'sitemap').map((e) => e[3]).join(''),
        };
        for (const [key, value] of Object.entries(stats)) {
          if (check[key] === undefined) continue;
          const want = key === 'sitemap' ? lossy.decode(bytesOf(check[key])) : check[key];
          assert.equal(value, want, key);
        }
        return 1;
      }
      case 'report': {
        const reporter = new RobotsParsingReporter();
        parseRobotsTxt(bytesOf(check.robots), reporter);
        const results = reporter.parseResults();
        const got = {
          valid_directives: reporter.validDirectives(),
          last_line_seen: reporter.lastLineSeen(),
          results_count: results.length,
        };
        reporter.free();
        for (const [key, value] of Object.entries(got)) {
          if (check[key] !== undefined) assert.equal(value, check[key], key);
        }
        for (const want of check.lines ?? []) {
          const n = want.line;
          const line = results[n - 1];
          assert.ok(line !== undefined, `line ${n}: not reported`);
          assert.equal(line.lineNum, n, `line ${n}: number`);
          if (want.tag !== undefined) assert.equal(TAGS[line.tagName], want.tag, `line ${n}: tag`);
          if (want.typo !== undefined) assert.equal(line.isTypo, want.typo, `line ${n}: typo`);
          if (want.flags !== undefined) {
            const flags = FLAGS.filter(([, field]) => line.metadata[field]).map(([name]) => name);
            assert.deepEqual(flags.sort(), [...want.flags].sort(), `line ${n}: flags`);
          }
        }
        return 1;
      }
      case 'path': {
        const url = bytesOf(check.url);
        assert.deepEqual(Array.from(getPathParamsQuery(url)), Array.from(bytesOf(check.path)), `url ${show(url)}`);
        return 1;
      }
      case 'escape': {
        const pattern = bytesOf(check.pattern);
        assert.deepEqual(
          Array.from(maybeEscapePattern(pattern)),
          Array.from(bytesOf(check.escaped)),
          `pattern ${show(pattern)}`,
        );
        return 1;
      }
      default:
        throw new Error(`unknown check kind ${JSON.stringify(check.kind)}: a runner runs every kind`);
    }
  }

  const cases = [];
  for (const doc of documents) {
    for (const test of doc.tests) {
      cases.push([
        `${doc.suite}.${test.name}`,
        () => {
          counts.cases += 1;
          test.checks.forEach((check, i) => {
            try {
              counts.checks += run(check);
            } catch (e) {
              e.message = `check ${i + 1}: ${e.message}`;
              throw e;
            }
          });
        },
      ]);
    }
  }
  return cases;
}

/** The summary line every runner prints. */
export const summary = (counts, through) => `spec: ${counts.checks} checks in ${counts.cases} cases through ${through}`;
