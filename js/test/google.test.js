// Google's test cases through the JavaScript API in Node (the cases are in
// google-cases.js, shared with the browser test).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import * as api from '../lib/index.js';
import { googleCases } from './google-cases.js';

for (const [name, fn] of googleCases(assert, api)) test(name, fn);
