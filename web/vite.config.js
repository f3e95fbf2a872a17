// Builds the page into ../cli/web-dist, where the `robots` CLI embeds it
// (`robots --serve`). Everything is bundled: the page loads nothing from
// elsewhere. The WebAssembly module comes from the JavaScript package in
// ../js (its build, `npm --prefix js run build`, comes first).

import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The package instantiates its module from bytes it carries inline; the
 * wasm-bindgen glue's fallback, `new URL("…_bg.wasm", import.meta.url)`, is
 * never taken, but a bundler would copy that file beside the page all the
 * same. This drops the fallback, so the module ships once.
 */
const inlineWasmOnly = {
  name: "robotstxt-exact-inline-wasm-only",
  enforce: "pre",
  transform(code, id) {
    if (!/[\\/]js[\\/]pkg[\\/][^\\/]+\.js$/.test(id)) return null;
    return code.replace(/new URL\((['"])[\w-]+_bg\.wasm\1, import\.meta\.url\)/g, "undefined");
  },
};

export default defineConfig({
  base: "./",
  plugins: [inlineWasmOnly],
  resolve: {
    alias: { "robotstxt-exact": here("../js/lib/index.js") },
  },
  worker: { format: "es", plugins: () => [inlineWasmOnly] },
  build: {
    outDir: here("../cli/web-dist"),
    emptyOutDir: true,
    target: "es2022",
    reportCompressedSize: false,
  },
});
