// The case files of spec/cases/ for the Node tests (spec.test.js, and
// browser.test.js, which hands them to the page).

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CASES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'spec', 'cases');

/** Every case file under spec/cases/, in sorted path order, parsed. */
export function specDocuments() {
  return readdirSync(CASES, { recursive: true })
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(CASES, f), 'utf8')));
}
