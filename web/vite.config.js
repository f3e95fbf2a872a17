// Builds the page into ../cli/web-dist, where the `robots` CLI embeds it
// (`robots serve`). Everything is bundled: the page loads nothing from
// elsewhere. The WebAssembly module comes from the npm package in ../js
// (ROBOTSTXT_JS names another build of it).

import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  base: "./",
  resolve: {
    alias: {
      "robotstxt-exact": process.env.ROBOTSTXT_JS ?? here("../js/pkg/robotstxt_exact.js"),
    },
  },
  worker: { format: "es" },
  build: {
    outDir: here("../cli/web-dist"),
    emptyOutDir: true,
    target: "es2022",
    // The wasm file stays a file of its own, fetched and compiled streaming.
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
});
