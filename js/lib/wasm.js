// Instantiates the WebAssembly module once, synchronously, when the package
// is first imported. The bytes come from pkg/wasm-inline.js (base64 written
// by scripts/build.mjs), so loading needs no fetch, no fs and no bundler
// support for .wasm files: the same code runs in Node, browsers, Deno, Bun
// and web workers.

import { initSync } from '../pkg/robotstxt_exact_js.js';
import { wasmBytes } from '../pkg/wasm-inline.js';

/** The module's memory, for the staging area (see bytes.js). */
export const { memory } = initSync({ module: wasmBytes() });

export * from '../pkg/robotstxt_exact_js.js';
