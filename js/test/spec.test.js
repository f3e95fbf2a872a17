// The shared cases of spec/cases/ through the JavaScript API in Node, one
// test per case (the runner is spec-runner.js, shared with the browser test).

import assert from 'node:assert/strict';
import { after, test } from 'node:test';

import * as api from '../lib/index.js';
import { specDocuments } from './spec-files.js';
import { specCases, summary } from './spec-runner.js';

const counts = { checks: 0, cases: 0 };
for (const [name, fn] of specCases(specDocuments(), assert, api, counts)) test(name, fn);
after(() => console.log(summary(counts, 'the JavaScript API in Node')));
