// The TypeScript declarations (lib/*.d.ts) compile with tsc --strict against
// a file that uses the API (types/usage.ts), including the @ts-expect-error
// lines there: a declaration that accepted what the API rejects fails too.

import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

test('the declarations type-check a use of the whole API', () => {
  const tsc = require.resolve('typescript/bin/tsc');
  execFileSync(
    process.execPath,
    [tsc, '--noEmit', '--strict', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--lib', 'es2022,dom,esnext.disposable', join(HERE, 'types', 'usage.ts')],
    { stdio: 'inherit' },
  );
});
