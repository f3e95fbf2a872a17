// The package's tables (lib/vocabulary.js), its TypeScript declarations and
// the RobotsTagName it exports are those of spec/vocabulary.json.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import * as api from '../lib/index.js';
import * as ours from '../lib/vocabulary.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const V = JSON.parse(readFileSync(join(HERE, '..', '..', 'spec', 'vocabulary.json'), 'utf8'));
const TYPES = readFileSync(join(HERE, '..', 'lib', 'index.d.ts'), 'utf8');

const values = (which) => V.enums[which].values.map(({ name, code }) => [name, code]);
const camel = (name) => name.replace(/_(.)/g, (_, c) => c.toUpperCase());
/** The string literals of `export type NAME = ...;` in index.d.ts. */
const declared = (name) => {
  const m = TYPES.match(new RegExp(`export type ${name} =([^;]*);`));
  assert.ok(m, `index.d.ts declares no type ${name}`);
  return [...m[1].matchAll(/'([^']*)'/g)].map((x) => x[1]);
};

test('policies, fetch outcomes, access results and decisions', () => {
  assert.deepEqual(ours.POLICIES.map((n, code) => [n, code]), values('policy'));
  assert.deepEqual(ours.ACCESS.map((n, code) => [n, code]), values('access'));
  assert.deepEqual(ours.DECISIONS.map((n, code) => [n, code]), values('decision'));
  assert.deepEqual(
    Object.entries(ours.OUTCOMES),
    values('fetch-outcome').filter(([name]) => name !== 'status'),
  );
  assert.deepEqual(declared('Policy'), ours.POLICIES);
  assert.deepEqual(declared('Access'), ours.ACCESS);
  assert.deepEqual(declared('Decision'), ours.DECISIONS);
  assert.deepEqual(declared('FetchOutcome'), Object.keys(ours.OUTCOMES));
  // And the API takes and gives them.
  for (const name of Object.keys(ours.OUTCOMES)) assert.ok(ours.DECISIONS.includes(api.decide(name)));
  assert.equal(api.decide(404, 'rfc9309'), 'allow-all');
  assert.equal(api.classify(503), 'unreachable');
});

test('tag names', () => {
  const members = values('tag-name').map(([name, code]) => [name.toUpperCase().replace(/-/g, '_'), code]);
  assert.deepEqual(Object.entries(api.RobotsTagName), members);
});

test('packed numbers: answer, verdict, report line, parse events, metadata bits', () => {
  const p = V.packed;
  assert.deepEqual(ours.ANSWER, {
    lineFactor: p.answer.line_factor,
    ...Object.fromEntries(Object.entries(p.answer.flags).map(([k, v]) => [camel(k), v])),
    outOfMemory: p.answer.out_of_memory,
  });
  assert.deepEqual(
    ours.VERDICT,
    Object.fromEntries(Object.entries(p.verdict.codes).map(([k, v]) => [camel(k), v])),
  );
  assert.deepEqual(ours.REPORT_LINE, {
    tagMask: p['report-line'].tag_mask,
    typoBit: p['report-line'].typo_bit,
    metadataShift: p['report-line'].metadata_shift,
  });
  assert.deepEqual(
    ours.PARSE_EVENT,
    Object.fromEntries(Object.entries(p['parse-event'].codes).map(([k, v]) => [camel(k.replace(/-/g, '_')), v])),
  );
  const fields = [...V['line-metadata'].fields].sort((a, b) => a.bit - b.bit).map((f) => camel(f.name));
  assert.deepEqual(ours.METADATA_FIELDS, fields);
});

test('limits', () => {
  assert.equal(api.MAX_ROBOTS_TXT_BYTES, V.limits['max-robots-txt-bytes'].value);
  assert.equal(api.MAX_REDIRECT_HOPS, V.limits['max-redirect-hops'].value);
  const big = new Uint8Array(V.limits['max-robots-txt-bytes'].value + 3);
  assert.equal(api.truncateBody(big).length, V.limits['max-robots-txt-bytes'].value);
  assert.equal(api.truncateBody('abc').length, 3);
});
