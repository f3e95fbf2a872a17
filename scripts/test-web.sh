#!/usr/bin/env bash
# The robots.txt tester page (web/) as a person meets it: builds the
# JavaScript package's WebAssembly module (js/), the page with Vite into
# cli/web-dist/, the robots CLI with the page embedded, then runs the browser
# tests (node --test web/tests/): Debian's chromium, driven by
# playwright-core, loads the page from `robots --serve` on 127.0.0.1 and is
# typed into. Also runs the `robots --serve` tests of the CLI, now that the
# page is embedded.
#
# Works on a fresh Debian machine with Node 18+ and the Rust toolchain:
# chromium is installed with apt-get when missing (never a browser download).
#
# Environment:
#   CARGO_TARGET_DIR   honoured (the debug build of the CLI is used)
#   CHROMIUM           the browser (default /usr/bin/chromium)
#   WEB_SCREENSHOT     where the tests write the page's screenshot (default
#                      target/web/web-tester.png; docs/web-tester.png is the
#                      README's, refreshed with WEB_SCREENSHOT=docs/web-tester.png)
set -Eeuo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"

die() {
  printf 'test-web: FAILED: %s\n' "$*" >&2
  exit 1
}

as_root() {
  if [[ "$(id -u)" == 0 ]]; then "$@"; else sudo "$@"; fi
}

command -v node >/dev/null || die "node not found (Node 18 or later is needed)"
node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 18 ? 0 : 1)' ||
  die "Node $(node --version) is too old: 18 or later is needed"
if [[ ! -x "$CHROMIUM" ]]; then
  command -v apt-get >/dev/null || die "no $CHROMIUM and no apt-get to install Debian's chromium"
  as_root apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium
fi
echo "$("$CHROMIUM" --version 2>/dev/null | head -n1), node $(node --version)"

echo "--- the WebAssembly module (js/: npm run build)"
# What the package's build needs: the wasm32 target and wasm-bindgen-cli at
# the version of the wasm-bindgen crate in Cargo.lock (scripts/test-all.sh
# has them already when it runs this script).
rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown ||
  rustup target add wasm32-unknown-unknown
BINDGEN="$(sed -n '/^name = "wasm-bindgen"$/{n;s/^version = "\(.*\)"$/\1/p;}' Cargo.lock | head -n1)"
[[ -n "$BINDGEN" ]] || die "no wasm-bindgen in Cargo.lock"
if [[ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $BINDGEN" ]]; then
  cargo install wasm-bindgen-cli --version "$BINDGEN" --force
fi
# The package's own test step installs its dependencies; installed once.
[[ -d js/node_modules ]] || npm --prefix js ci --no-audit --no-fund
npm --prefix js run build

echo "--- the page (web/, Vite) into cli/web-dist/"
npm --prefix web ci --no-audit --no-fund
npm --prefix web run build

echo "--- the robots CLI, with the page embedded"
cargo build -p robotstxt-exact-cli
export ROBOTS_BIN="$TARGET/debug/robots"

echo "--- robots --serve tests (cargo test -p robotstxt-exact-cli --test serve)"
cargo test -q -p robotstxt-exact-cli --test serve

echo "--- browser tests (node --test web/tests/)"
export WEB_SCREENSHOT="${WEB_SCREENSHOT:-$TARGET/web/web-tester.png}"
node --test web/tests/
