// A Cloudflare Worker that uses robotstxt-exact as any worker would: the
// package name, resolved by wrangler with workerd's conditions, which pick
// the entry that imports the .wasm file as a module (workerd refuses to
// compile WebAssembly from bytes). workerd.test.js bundles it with
// `wrangler deploy --dry-run` and serves it with workerd on 127.0.0.1.
//
//   POST /cases                      the body is the case files of spec/cases/, run by
//                                    ../spec-runner.js: {passed, failed, counts, extra}
//   POST /check?agent=A&url=U        the body is a robots.txt: {allowed, matchingLine}

import * as api from 'robotstxt-exact';
import robotsParser from 'robotstxt-exact/robots-parser';

import { specCases } from '../spec-runner.js';

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const norm = (x) => (x instanceof Uint8Array ? Array.from(x) : x);
const assert = {
  ok(v, m) {
    if (!v) throw new Error(m || 'expected a truthy value');
  },
  equal(a, b, m) {
    if (!Object.is(a, b)) throw new Error(`${m || 'not equal'}: ${a} !== ${b}`);
  },
  deepEqual(a, b, m) {
    if (!same(norm(a), norm(b))) throw new Error(`${m || 'not deep-equal'}: ${JSON.stringify(norm(a))} vs ${JSON.stringify(norm(b))}`);
  },
};

function cases(documents) {
  const passed = [];
  const failed = [];
  const counts = { checks: 0, cases: 0 };
  for (const [name, fn] of specCases(documents, assert, api, counts)) {
    try {
      fn();
      passed.push(name);
    } catch (e) {
      failed.push({ name, message: String(e && e.message) });
    }
  }
  const body = 'User-agent: *\nDisalow: /x\n';
  const extra = {
    robotsParser: robotsParser('https://example.com/robots.txt', body).isAllowed('https://example.com/x', 'Bot'),
    lint: api.lint(body).findings.map((f) => f.code),
  };
  return { passed, failed, counts, extra };
}

export default {
  async fetch(request) {
    const { pathname, searchParams } = new URL(request.url);
    if (pathname === '/cases' && request.method === 'POST') return Response.json(cases(await request.json()));
    if (pathname === '/check' && request.method === 'POST') {
      const robots = api.Robots.parse(new Uint8Array(await request.arrayBuffer()));
      try {
        const answer = robots.check([searchParams.get('agent')], searchParams.get('url'));
        return Response.json({ allowed: answer.allowed, matchingLine: answer.matchingLine });
      } finally {
        robots.free();
      }
    }
    return new Response('not found', { status: 404 });
  },
};
