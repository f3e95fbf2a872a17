// A Cloudflare Worker that uses robotstxt-exact as any worker would: the
// package name, resolved by wrangler with workerd's conditions, which pick
// the entry that imports the .wasm file as a module (workerd refuses to
// compile WebAssembly from bytes). workerd.test.js bundles it with
// `wrangler deploy --dry-run` and serves it with workerd on 127.0.0.1.
//
//   GET  /cases                      Google's cases (../google-cases.js): {passed, failed, extra}
//   POST /check?agent=A&url=U        the body is a robots.txt: {allowed, matchingLine}

import * as api from 'robotstxt-exact';
import robotsParser from 'robotstxt-exact/robots-parser';

import { googleCases } from '../google-cases.js';

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

function cases() {
  const passed = [];
  const failed = [];
  for (const [name, fn] of googleCases(assert, api)) {
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
  return { passed, failed, extra };
}

export default {
  async fetch(request) {
    const { pathname, searchParams } = new URL(request.url);
    if (pathname === '/cases') return Response.json(cases());
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
