// The README's JavaScript example, as written, against this checkout (the
// package imports itself by name). scripts/test-js.sh also runs it in an
// empty project with the packed tarball installed.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const README = join(HERE, '..', '..', 'README.md');

test("the README's JavaScript example runs and its assertions hold", () => {
  const readme = readFileSync(README, 'utf8');
  const block = /<!-- js-example:begin -->[\s\S]*?```js\n([\s\S]*?)```[\s\S]*?<!-- js-example:end -->/.exec(readme);
  assert.ok(block, 'README.md has no js-example block');
  assert.match(block[1], /assert/, 'the example checks nothing');
  const file = join(HERE, '.readme-example.mjs');
  writeFileSync(file, block[1]);
  try {
    execFileSync(process.execPath, [file], { stdio: 'inherit' });
  } finally {
    rmSync(file, { force: true });
  }
});
