#!/usr/bin/env bash
# The npm package (js/) as a JavaScript user meets it, from a fresh clone:
# the wasm32 target and wasm-bindgen-cli (at the version of the wasm-bindgen
# crate in Cargo.lock) installed when missing, clippy for that target, a
# check that the module depends on no JSON reader, `npm install` and
# `npm pack` in js/ (its prepack script builds the
# module), the tarball installed into an empty Node project where the
# README's JavaScript example runs as
# written, then `node --test` (the shared cases of spec/, the corpus differential, the
# robots-parser comparison, free() and out-of-memory, the README example
# against the checkout, the TypeScript declarations), the same cases in
# Debian's Chromium (installed with apt-get when missing), a Crawlee crawl
# of a local server, and a worker bundled by wrangler and served by workerd
# (Cloudflare's runtime) on 127.0.0.1.
#
# Environment:
#   CHROMIUM   the Chromium to drive (default: chromium on PATH)
#   KEEP_WORK=1  keep the temporary Node project
set -Eeuo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

die() {
  printf 'test-js: FAILED: %s\n' "$*" >&2
  exit 1
}
as_root() {
  if [[ "$(id -u)" == 0 ]]; then "$@"; else sudo "$@"; fi
}

command -v node >/dev/null || die "node not found (Node 18 or later)"
command -v npm >/dev/null || die "npm not found"
NODE_MAJOR="$(node -p 'process.versions.node.split(".")[0]')"
((NODE_MAJOR >= 18)) || die "Node $(node --version) is too old: 18 or later"

echo "--- toolchain: the wasm32-unknown-unknown target and wasm-bindgen-cli"
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
# The CLI must match the crate exactly; cargo resolves the crate's version.
BINDGEN="$(sed -n '/^name = "wasm-bindgen"$/{n;s/^version = "\(.*\)"$/\1/p;}' Cargo.lock | head -n1)"
[[ -n "$BINDGEN" ]] || die "no wasm-bindgen in Cargo.lock"
if [[ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $BINDGEN" ]]; then
  # Not --locked: the CLI's own lock file does not build on every toolchain.
  cargo install wasm-bindgen-cli --version "$BINDGEN" --force
fi
echo "wasm-bindgen $BINDGEN"

echo "--- clippy for wasm32-unknown-unknown (code the native build never compiles)"
cargo clippy --target wasm32-unknown-unknown -p robotstxt-exact -p robotstxt-exact-js -- -D warnings

echo "--- the module carries no JSON reader (lib/robots.js reads robots.json with JSON.parse)"
MODULE_DEPS="$(cargo tree -p robotstxt-exact-js -e normal --target wasm32-unknown-unknown --prefix none)"
if grep -Eq '^(serde_json|serde) ' <<<"$MODULE_DEPS"; then
  die "the WebAssembly module pulls in serde_json (the core's robots-json feature?)"
fi

echo "--- npm install and npm pack in js/ (prepack builds the module)"
# No browser download by any package: the browser test drives Debian's.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PUPPETEER_SKIP_DOWNLOAD=1
(cd js && npm install --no-audit --no-fund)
WORK="$(mktemp -d "${TMPDIR:-/tmp}/robotstxt-js.XXXXXX")"
cleanup() {
  if [[ "${KEEP_WORK:-}" == 1 ]]; then echo "test-js: work tree kept in $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
(cd js && npm pack --pack-destination "$WORK")
TARBALL="$(ls "$WORK"/robotstxt-exact-*.tgz)"
CONTENTS="$(tar -tzf "$TARBALL")"
echo "$CONTENTS" | sed 's/^/  /'
for f in package/lib/index.js package/lib/index.d.ts package/lib/robots-parser.js package/lib/robots-parser.d.ts \
  package/pkg/robotstxt_exact_js.js package/pkg/wasm-inline.js package/pkg/robotstxt_exact_js_bg.wasm \
  package/pkg/edge/index.js package/pkg/edge/robots-parser.js package/pkg/edge/wasm.js package/LICENSE package/README.md; do
  grep -qx "$f" <<<"$CONTENTS" || die "the tarball lacks $f"
done
cat js/pkg/size.json

echo "--- the tarball in an empty Node project: the README's JavaScript example, as written"
EXAMPLE="$(sed -n '/<!-- js-example:begin -->/,/<!-- js-example:end -->/p' README.md | sed -n '/^```js$/,/^```$/p' | sed '1d;$d')"
[[ -n "$EXAMPLE" ]] || die "README has no js-example block"
mkdir -p "$WORK/app"
(cd "$WORK/app" && npm init -y >/dev/null && npm install --no-audit --no-fund "$TARBALL" >/dev/null)
printf '%s\n' "$EXAMPLE" >"$WORK/app/example.mjs"
(cd "$WORK/app" && node example.mjs) || die "the README's JavaScript example failed"
echo "README example OK"

echo "--- node --test (js/test)"
command -v chromium >/dev/null || command -v chromium-browser >/dev/null || [[ -n "${CHROMIUM:-}" ]] || {
  as_root apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium
}
(cd js && ROBOTSTXT_REQUIRE_BROWSER=1 node --test test/*.test.js) || die "node --test failed"

echo "--- Crawlee: a crawl of a local server, the adapter's bounded fetch (js/test/crawlee)"
(cd js/test/crawlee && npm install --omit=optional --no-audit --no-fund && node --test crawl.test.js fetch.test.js) ||
  die "the Crawlee test failed"

echo "--- workerd: a worker bundled by wrangler, served on 127.0.0.1 (js/test/workerd)"
(cd js/test/workerd && npm install --no-audit --no-fund && node --test workerd.test.js) ||
  die "the workerd test failed"

echo "test-js: all JavaScript tests passed"
