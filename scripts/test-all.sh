#!/usr/bin/env bash
# Every test of the project, in the order a failure is cheapest to find:
# Rust formatting, lints and tests; the C/C++ examples, and the C++ drop-in
# in programs whose units mix build flags; then the C/C++ packaging as a
# downstream user meets it: CMake build and install into a temporary prefix,
# the prefix moved elsewhere, consumer projects built against it
# (find_package and pkg-config, shared and static), this checkout where
# projects had vendored Google's repository, and Google's
# test cases (compat-tests/) run by ctest in every C++ configuration of the
# drop-in headers, one of them under valgrind; then the Python package
# built with pip and its pytest suite; the npm package (js/); the peers'
# own test suites against the drop-ins of both; the tester page; last, the
# jar (java/) and its JUnit suite.
#
# Works on a fresh Debian machine that has only the Rust toolchain: missing
# build tools are installed with apt-get (as root, or through sudo).
#
#   scripts/test-all.sh [--require-corpus]
#
# The tests that run the shared corpus (../shared/corpus, see the README's
# "The corpus") are skipped when it is absent, each saying so; the closing
# line counts them and names the reason. With --require-corpus (CI passes
# it) a missing corpus is a failure instead: checked first, and again by
# every such test (ROBOTSTXT_REQUIRE_CORPUS=1).
#
# Environment:
#   ROBOTSTXT_CORPUS   the corpus directory (default ../shared/corpus next to
#                      the checkout); =/nonexistent runs as a fresh clone does
#   CARGO_TARGET_DIR   honoured by every cargo build, including CMake's
#   CARGO_INCREMENTAL  0 unless set (a one-shot run keeps no caches)
#   JOBS               parallel build jobs (default 2)
#   KEEP_WORK=1        keep the temporary build/install tree
set -Eeuo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
JOBS="${JOBS:-2}"
STEP="start"
START_TIME=$SECONDS

REQUIRE_CORPUS=0
for arg in "$@"; do
  case "$arg" in
    --require-corpus) REQUIRE_CORPUS=1 ;;
    -h | --help)
      sed -n '2,/^set -Eeuo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
      exit 0
      ;;
    *)
      printf 'test-all: unknown argument %s (try --help)\n' "$arg" >&2
      exit 2
      ;;
  esac
done

step() {
  STEP="$*"
  printf '\n=== [%4ss] %s\n' "$((SECONDS - START_TIME))" "$STEP"
}
die() {
  printf '\ntest-all: FAILED in step "%s": %s\n' "$STEP" "$*" >&2
  exit 1
}
trap 'printf "\ntest-all: FAILED in step \"%s\" (line %s, exit %s): %s\n" \
  "$STEP" "$LINENO" "$?" "$BASH_COMMAND" >&2' ERR

# --- Tools -----------------------------------------------------------------

ensure_tools() {
  local missing=()
  command -v cc >/dev/null || missing+=(gcc)
  command -v c++ >/dev/null || missing+=(g++)
  command -v make >/dev/null || missing+=(make)
  command -v cmake >/dev/null || missing+=(cmake)
  command -v pkg-config >/dev/null || missing+=(pkg-config)
  command -v valgrind >/dev/null || missing+=(valgrind)
  command -v readelf >/dev/null || missing+=(binutils)
  command -v clang++ >/dev/null || missing+=(clang)
  # The tool's manual page is rendered with groff, its completions loaded
  # in the three shells they are made for.
  command -v groff >/dev/null || missing+=(groff-base)
  command -v zsh >/dev/null || missing+=(zsh)
  command -v fish >/dev/null || missing+=(fish)
  # dpkg-shlibdeps gives the .deb files their libc6 version.
  if command -v dpkg >/dev/null && ! command -v dpkg-shlibdeps >/dev/null; then
    missing+=(dpkg-dev)
  fi
  if command -v dpkg >/dev/null && ! dpkg -s libgtest-dev >/dev/null 2>&1; then
    missing+=(libgtest-dev)
  fi
  # clang's sanitizer runtimes: the mixed-flag programs of the drop-in run
  # under ASan, UBSan and TSan with clang++ as with g++.
  if command -v dpkg >/dev/null && ! dpkg -s libclang-rt-dev >/dev/null 2>&1; then
    missing+=(libclang-rt-dev)
  fi
  # abseil's headers: the compat tests build robots.h with Debian's
  # absl::string_view (a class of its own there) as well as without it.
  if command -v dpkg >/dev/null && ! dpkg -s libabsl-dev >/dev/null 2>&1; then
    missing+=(libabsl-dev)
  fi
  if ((${#missing[@]} == 0)); then
    echo "all present: cc c++ clang++ (with its sanitizers) make cmake pkg-config valgrind readelf groff zsh fish googletest abseil dpkg-dev"
    return
  fi
  echo "missing: ${missing[*]}"
  command -v apt-get >/dev/null ||
    die "no apt-get to install ${missing[*]}; install them by hand"
  local sudo=()
  if [[ "$(id -u)" != 0 ]]; then
    command -v sudo >/dev/null || die "installing ${missing[*]} needs root or sudo"
    sudo=(sudo)
  fi
  "${sudo[@]}" apt-get update -q
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends "${missing[@]}"
}

step "tools"
ensure_tools
command -v cargo >/dev/null || die "cargo not found: install the Rust toolchain"
cargo fmt --version >/dev/null 2>&1 || die "rustfmt missing: rustup component add rustfmt"
cargo clippy --version >/dev/null 2>&1 || die "clippy missing: rustup component add clippy"

VERSION="$(sed -n '/^\[workspace\.package\]/,/^\[/s/^version *= *"\([0-9.]*\)".*/\1/p' Cargo.toml | head -n1)"
[[ "$VERSION" =~ ^([0-9]+)\.([0-9]+)\.([0-9]+)$ ]] || die "no version in Cargo.toml"
MAJOR="${BASH_REMATCH[1]}"
MINOR="${BASH_REMATCH[2]}"
if ((MAJOR == 0)); then SONAME="librobotstxt.so.0.$MINOR"; else SONAME="librobotstxt.so.$MAJOR"; fi
echo "robotstxt $VERSION, SONAME $SONAME"

# Every test that runs the corpus reads it from here; each one that skips
# for want of it appends a line to the skip log (tests/corpus_root/mod.rs,
# python/tests/conftest.py), and so does this script for a step it skips.
CORPUS="${ROBOTSTXT_CORPUS:-$ROOT/../shared/corpus}"
export ROBOTSTXT_CORPUS="$CORPUS"
SKIP_LOG="$(mktemp "${TMPDIR:-/tmp}/robotstxt-skips.XXXXXX")"
export ROBOTSTXT_SKIP_LOG="$SKIP_LOG"
trap 'rm -f "$SKIP_LOG"' EXIT
skipped() { # skipped WHAT WHY
  printf 'SKIPPED: %s: %s\n' "$1" "$2" >&2
  printf 'script\t%s\t%s\n' "$1" "$2" >>"$SKIP_LOG"
}
if [[ -d "$CORPUS/robotfiles" ]]; then
  echo "corpus: $CORPUS ($(find "$CORPUS/robotfiles" -type f | wc -l) robots.txt files)"
elif ((REQUIRE_CORPUS)); then
  die "no corpus at $CORPUS, and --require-corpus was given (see the README, \"The corpus\")"
else
  echo "NOTE: no corpus at $CORPUS: the tests that run it will be skipped and counted at the end" >&2
fi
if ((REQUIRE_CORPUS)); then export ROBOTSTXT_REQUIRE_CORPUS=1; fi
# A full run writes about 2 GiB of build output; a linker that runs out of
# disk dies of a bus error, so the free space is printed up front.
df -h "$ROOT" 2>/dev/null | sed 's/^/  /' || true
# One run from a fresh clone: incremental caches would only take disk.
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"

# --- Rust --------------------------------------------------------------------

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy --workspace --all-targets -- -D warnings"
cargo clippy --workspace --all-targets -- -D warnings

step "the library crate alone depends on no CLI crate"
LIB_DEPS="$(cargo tree -p robotstxt-exact -e normal --prefix none)"
echo "$LIB_DEPS" | sed 's/^/  /'
if grep -Eq '^(clap|serde_json|ureq|rustls) ' <<<"$LIB_DEPS"; then
  die "robotstxt-exact pulls in a CLI dependency"
fi

# `cargo test` builds the cdylib only in deps/; a plain build puts
# librobotstxt.so at <target>/debug/, where the ABI tests look for it.
step "cargo build --workspace"
cargo build --workspace

step "cargo test --workspace"
cargo test --workspace

step "each crate packages and builds from its package (cargo package --workspace)"
# What `cargo publish --dry-run` checks, for the three crates at once: the
# packaged sources build on their own (the dependency tree is reused).
# cargo unpacks each packaged crate under
# $CARGO_HOME/registry/src/-<hash of this checkout's path>/ and reuses that copy
# on the next run from the same path even after the sources changed, so the
# dependent crates would be verified against stale sources. Drop those copies.
rm -rf "${CARGO_HOME:-$HOME/.cargo}"/registry/src/-*/robotstxt-exact-* \
  "${CARGO_HOME:-$HOME/.cargo}"/registry/cache/-*/robotstxt-exact-* \
  "${CARGO_TARGET_DIR:-$ROOT/target}/package"
# Likewise its build: cargo takes a registry crate for immutable and reuses
# what an earlier run compiled of "robotstxt-exact 0.1.0" from that
# registry, so the JS crate was verified against an old library. Cleaning
# the package by name drops both builds of it; the next steps rebuild it.
cargo clean -q -p robotstxt-exact
PKG_LOG="$(mktemp)"
if ! cargo package --workspace --allow-dirty --offline >"$PKG_LOG" 2>&1; then
  cat "$PKG_LOG"
  die "cargo package failed"
fi
grep -E '^ *(Packaged|Verifying|Finished)' "$PKG_LOG" || true
rm -f "$PKG_LOG"

# The fuzz targets are a crate of their own (cargo fuzz runs them on
# nightly); checking them on stable keeps an API change from breaking them
# unnoticed. `cargo fmt --all` at the root does not reach a workspace of
# its own, so their formatting is checked here too.
step "fuzz targets formatted and compile (cargo fmt --check, cargo check in fuzz/)"
(cd fuzz && cargo fmt --check)
cargo check --manifest-path fuzz/Cargo.toml --all-targets

# --- C and C++ examples --------------------------------------------------------

if [[ -f scripts/test-c.sh ]]; then
  step "C/C++ examples and tests (scripts/test-c.sh)"
  bash scripts/test-c.sh
fi

step "the C++ drop-in in programs of mixed flags, against Google's transcripts (scripts/test-dropin-modes.sh)"
bash scripts/test-dropin-modes.sh

step "cargo install --locked --path cli (the documented way to install robots)"
# The shared target directory makes this a link of what is built already.
CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}" \
  cargo install --path cli --root "$ROOT/target/cargo-install-root" --offline --locked --quiet
INSTALLED_ROBOTS="$ROOT/target/cargo-install-root/bin/robots"
"$INSTALLED_ROBOTS" examples/robots.txt Googlebot https://example.com/private/press/ |
  grep -qx "user-agent 'Googlebot' with URI 'https://example.com/private/press/': ALLOWED" ||
  die "the robots installed by cargo install gave a wrong answer"
rm -rf "$ROOT/target/cargo-install-root"

# --- Build and install with CMake ----------------------------------------------

WORK="$(mktemp -d "${TMPDIR:-/tmp}/robotstxt-test.XXXXXX")"
# Debian's names for the three packages (cmake/RobotstxtInstall.cmake): the
# runtime library after its SONAME, its -dev, and the tool.
DEB_RUNTIME="librobotstxt${SONAME#librobotstxt.so.}"
DEB_PACKAGES=("$DEB_RUNTIME" librobotstxt-dev robotstxt)
DEB_INSTALLED=0
SUDO=()
cleanup() {
  local rc=$?
  rm -f "$SKIP_LOG"
  if [[ "$DEB_INSTALLED" == 1 ]]; then
    echo "test-all: removing the packages installed by the test: ${DEB_PACKAGES[*]}"
    "${SUDO[@]}" dpkg -P "${DEB_PACKAGES[@]}" || true
  fi
  if [[ "${KEEP_WORK:-}" == 1 || $rc != 0 ]]; then
    echo "test-all: work tree kept in $WORK"
  else
    rm -rf "$WORK"
  fi
}
trap cleanup EXIT

# The release build shares cargo's target directory, so reruns are incremental.
CARGO_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"

# The tool's manual page and completions under ROOT (zsh's in ROOT/ZSH_DIR):
# the page renders without a groff warning, each script parses in its shell
# and, loaded, completes a mode.
check_cli_docs() { # check_cli_docs ROOT ZSH_DIR
  local root="$1" page="$1/share/man/man1/robots.1.gz" warnings got
  local bash_script="$1/share/bash-completion/completions/robots"
  local zsh_script="$1/$2/_robots" fish_script="$1/share/fish/vendor_completions.d/robots.fish"
  for f in "$page" "$bash_script" "$zsh_script" "$fish_script"; do
    [[ -f "$f" ]] || die "$f not installed"
  done
  warnings="$(gzip -dc "$page" | groff -man -Tutf8 -ww -z 2>&1)" || die "groff failed on $page"
  [[ -z "$warnings" ]] || die "groff warns about $page: $warnings"
  gzip -dc "$page" | groff -man -Tutf8 2>/dev/null | grep -q -- '--completions' ||
    die "$page does not render the modes"
  bash -n "$bash_script" || die "$bash_script does not parse"
  zsh -n "$zsh_script" || die "$zsh_script does not parse"
  fish --no-execute "$fish_script" || die "$fish_script does not parse"
  got="$(bash -c 'source "$1"; COMP_WORDS=(robots --ch); COMP_CWORD=1
    _robots robots --ch robots; echo "${COMPREPLY[*]}"' _ "$bash_script")"
  [[ "$got" == --check ]] || die "bash completes 'robots --ch' as '$got', not --check"
  got="$(fish --no-config -c 'source $argv[1]; complete -C "robots --check x --pol" | string split -f1 \t' "$fish_script")"
  [[ "$got" == --policy ]] || die "fish completes 'robots --check x --pol' as '$got', not --policy"
  echo "manual page and bash, zsh and fish completions OK under $root"
}

step "cmake configure, build, install"
cmake -S . -B "$WORK/build" -DCMAKE_BUILD_TYPE=Release \
  -DROBOTSTXT_CARGO_TARGET_DIR="$CARGO_DIR"
cmake --build "$WORK/build" --parallel "$JOBS"
FIRST_PREFIX="$WORK/install"
cmake --install "$WORK/build" --prefix "$FIRST_PREFIX"

# Moving the tree is how the relocatability is checked: nothing below may
# depend on where it was installed.
PREFIX="$WORK/moved/elsewhere/prefix"
mkdir -p "$(dirname "$PREFIX")"
mv "$FIRST_PREFIX" "$PREFIX"

step "installed layout (moved to $PREFIX)"
LIB="$PREFIX/lib"
REAL="librobotstxt.so.$VERSION"
[[ -f "$LIB/$REAL" && ! -L "$LIB/$REAL" ]] || die "$LIB/$REAL is not a regular file"
[[ "$(readlink "$LIB/$SONAME")" == "$REAL" ]] || die "$SONAME does not link to $REAL"
[[ "$(readlink "$LIB/librobotstxt.so")" == "$SONAME" ]] || die "librobotstxt.so does not link to $SONAME"
ACTUAL_SONAME="$(readelf -d "$LIB/$REAL" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')"
[[ "$ACTUAL_SONAME" == "$SONAME" ]] || die "SONAME is '$ACTUAL_SONAME', expected $SONAME"
for f in lib/librobotstxt.a include/robotstxt/robotstxt.h include/robotstxt/robotstxt.hpp \
  include/robots.h include/reporting_robots.h \
  lib/cmake/robotstxt/robotstxtConfig.cmake lib/cmake/robotstxt/robotstxtConfigVersion.cmake \
  lib/pkgconfig/robotstxt.pc; do
  [[ -f "$PREFIX/$f" ]] || die "$f not installed"
done
# A case of Google's ID_LongestMatch: /x/page.html allowed, /x/ disallowed.
printf 'user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n' >"$WORK/robots.txt"
if [[ -f cli/src/main.rs ]]; then
  [[ -x "$PREFIX/bin/robots" ]] || die "bin/robots not installed"
  # Google's robots_main contract: the verdict on stdout, exit 0 when allowed
  # and 1 when disallowed.
  "$PREFIX/bin/robots" "$WORK/robots.txt" FooBot http://foo.bar/x/page.html >"$WORK/cli.out" &&
    grep -q ': ALLOWED$' "$WORK/cli.out" ||
    die "bin/robots: expected ALLOWED and exit 0, got: $(cat "$WORK/cli.out")"
  rc=0
  "$PREFIX/bin/robots" "$WORK/robots.txt" FooBot http://foo.bar/x/ >"$WORK/cli.out" || rc=$?
  [[ $rc == 1 ]] && grep -q ': DISALLOWED$' "$WORK/cli.out" ||
    die "bin/robots: expected DISALLOWED and exit 1, got exit $rc: $(cat "$WORK/cli.out")"
  # Outside Debian's /usr, zsh reads <prefix>/share/zsh/site-functions.
  check_cli_docs "$PREFIX" share/zsh/site-functions
fi
# Only the C API may be exported from the shared library.
OTHER_EXPORTS="$(nm -D --defined-only "$LIB/$REAL" | awk '$2 ~ /^[A-TV-Z]$/ && $3 !~ /^robotstxt_/ {print $3}')"
[[ -z "$OTHER_EXPORTS" ]] || die "symbols exported beyond robotstxt_*: $(echo $OTHER_EXPORTS)"
if grep -rqF "$FIRST_PREFIX" "$PREFIX/lib/cmake" "$PREFIX/lib/pkgconfig"; then
  die "package files still name the install prefix $FIRST_PREFIX"
fi
# This library's own headers only in their folder: none beside robots.h
# where it could shadow a header of the same name on the include path.
for f in robotstxt.h robotstxt.hpp; do
  [[ ! -e "$PREFIX/include/$f" ]] || die "include/$f installed at the top of the include directory"
done
# Google's names only when asked for (ROBOTSTXT_GOOGLE_NAMES, tested below).
for f in librobots.so librobots.a; do
  [[ ! -e "$LIB/$f" && ! -L "$LIB/$f" ]] || die "lib/$f installed without ROBOTSTXT_GOOGLE_NAMES"
done
echo "layout, SONAME and exports OK"

VALGRIND=(valgrind -q --error-exitcode=99 --leak-check=full
  --errors-for-leak-kinds=definite,indirect)

# Runs the consumer programs in $1 (by default the four of tests/consumers/
# cmake and pkg-config; else those named after it) under valgrind and checks
# what each links: the *_shared ones the installed SONAME, the *_static ones
# no librobotstxt.
run_consumers() {
  local dir="$1" exe needed
  shift
  (($#)) || set -- verdicts_c_shared verdicts_cxx_shared verdicts_c_static verdicts_cxx_static
  for exe in "$@"; do
    [[ -x "$dir/$exe" ]] || die "$dir/$exe was not built"
    needed="$(readelf -d "$dir/$exe" | grep '(NEEDED)' || true)"
    case "$exe" in
      *_shared) grep -qF "[$SONAME]" <<<"$needed" || die "$exe does not load $SONAME" ;;
      *_static) ! grep -q librobotstxt <<<"$needed" || die "$exe loads librobotstxt dynamically" ;;
    esac
    echo "--- $exe"
    "${VALGRIND[@]}" "$dir/$exe" || die "$exe failed"
  done
}

step "consumer: CMake find_package (shared and static targets)"
cmake -S tests/consumers/cmake -B "$WORK/consumer-cmake" \
  -DCMAKE_PREFIX_PATH="$PREFIX" -DROBOTSTXT_REQUIRED_VERSION="$VERSION"
cmake --build "$WORK/consumer-cmake" --parallel "$JOBS"
run_consumers "$WORK/consumer-cmake"
if ((MINOR > 0)); then
  # SameMinorVersion: while 0.x, an older minor must not be accepted.
  OLDER="$MAJOR.$((MINOR - 1))"
  if cmake -S tests/consumers/cmake -B "$WORK/consumer-older" \
    -DCMAKE_PREFIX_PATH="$PREFIX" -DROBOTSTXT_REQUIRED_VERSION="$OLDER" >"$WORK/older.log" 2>&1; then
    die "find_package(robotstxt $OLDER) accepted $VERSION"
  fi
  grep -q "compatible with requested version" "$WORK/older.log" ||
    die "find_package(robotstxt $OLDER) failed for another reason: see $WORK/older.log"
  echo "find_package(robotstxt $OLDER) rejects $VERSION, as it should"
fi

step "consumer: pkg-config (C and C++, shared and --static)"
export PKG_CONFIG_PATH="$PREFIX/lib/pkgconfig"
echo "pkg-config --cflags --libs robotstxt: $(pkg-config --cflags --libs robotstxt)"
echo "pkg-config --static --libs robotstxt: $(pkg-config --static --libs robotstxt)"
make -C tests/consumers/pkg-config OUT="$WORK/consumer-pc"
run_consumers "$WORK/consumer-pc"
unset PKG_CONFIG_PATH

step "consumer: add_subdirectory() of this checkout (in-tree targets)"
cmake -S tests/consumers/cmake -B "$WORK/consumer-subdir" -DROBOTSTXT_CONSUME=subdirectory \
  -DROBOTSTXT_SOURCE="$ROOT" -DROBOTSTXT_CARGO_TARGET_DIR="$CARGO_DIR"
cmake --build "$WORK/consumer-subdir" --parallel "$JOBS"
run_consumers "$WORK/consumer-subdir"

step "consumer: FetchContent_Declare(robotstxt SOURCE_DIR <checkout>)"
cmake -S tests/consumers/cmake -B "$WORK/consumer-fc-dir" -DROBOTSTXT_CONSUME=fetchcontent \
  -DROBOTSTXT_SOURCE="$ROOT" -DROBOTSTXT_CARGO_TARGET_DIR="$CARGO_DIR"
cmake --build "$WORK/consumer-fc-dir" --parallel "$JOBS"
run_consumers "$WORK/consumer-fc-dir"

step "consumer: FetchContent_Declare(robotstxt URL <source archive>)"
# The archive holds the source tree as a release tarball would. Its crates
# sit at another path, so cargo compiles them (not their dependencies) again.
tar -czf "$WORK/robotstxt-src.tar.gz" -C "$ROOT" --exclude=./.git --exclude=./target \
  --exclude=./fuzz/target --exclude=./python/target --exclude='*.pyc' --transform 's,^\.,robotstxt,' .
cmake -S tests/consumers/cmake -B "$WORK/consumer-fc-url" -DROBOTSTXT_CONSUME=fetchcontent \
  -DROBOTSTXT_URL="file://$WORK/robotstxt-src.tar.gz" -DROBOTSTXT_CARGO_TARGET_DIR="$CARGO_DIR"
cmake --build "$WORK/consumer-fc-url" --parallel "$JOBS"
run_consumers "$WORK/consumer-fc-url"

step "Google's names (-DROBOTSTXT_GOOGLE_NAMES=ON): librobots.so, librobots.a, -lrobots"
# What a program built against Google's installed library links: -lrobots.
cmake -S . -B "$WORK/google" -DCMAKE_BUILD_TYPE=Release -DROBOTSTXT_GOOGLE_NAMES=ON \
  -DROBOTSTXT_CARGO_TARGET_DIR="$CARGO_DIR"
cmake --build "$WORK/google" --parallel "$JOBS"
GOOGLE_PREFIX="$WORK/google-prefix"
cmake --install "$WORK/google" --prefix "$GOOGLE_PREFIX"
[[ "$(readlink "$GOOGLE_PREFIX/lib/librobots.so")" == "$SONAME" ]] ||
  die "lib/librobots.so does not link to $SONAME"
[[ "$(readlink "$GOOGLE_PREFIX/lib/librobots.a")" == librobotstxt.a ]] ||
  die "lib/librobots.a does not link to librobotstxt.a"
make -C tests/consumers/google-names PREFIX="$GOOGLE_PREFIX" OUT="$WORK/consumer-lrobots"
run_consumers "$WORK/consumer-lrobots" verdicts_lrobots_shared verdicts_lrobots_static
# The package config of such a prefix defines Google's target names.
cmake -S tests/consumers/google-names -B "$WORK/consumer-google-pkg" \
  -DROBOTSTXT_CONSUME=find_package -DCMAKE_PREFIX_PATH="$GOOGLE_PREFIX"
cmake --build "$WORK/consumer-google-pkg" --parallel "$JOBS"
run_consumers "$WORK/consumer-google-pkg" verdicts_google_shared verdicts_google_static
# And any build folder has Google's layout at its top (`cmake -S . -B
# build`, as Google's README builds it).
for f in librobots.so librobots.a robots "$SONAME"; do
  [[ -e "$WORK/google/$f" ]] || die "the build folder has no $f at its top"
done
"$WORK/google/robots" "$WORK/robots.txt" FooBot http://foo.bar/x/page.html | grep -q ': ALLOWED$' ||
  die "the build folder's robots gave a wrong verdict"

step "consumer written for Google's CMake: add_subdirectory(), target_link_libraries(app robots)"
# The project has a robots-main target of its own, which it keeps.
cmake -S tests/consumers/google-names -B "$WORK/consumer-google-subdir" \
  -DROBOTSTXT_SOURCE="$ROOT" -DROBOTSTXT_CARGO_TARGET_DIR="$CARGO_DIR"
cmake --build "$WORK/consumer-google-subdir" --parallel "$JOBS"
run_consumers "$WORK/consumer-google-subdir" verdicts_google_shared verdicts_google_static

step "this checkout where Google's stood: the seed gem's, jwm.robotstxt's and rampart's steps (scripts/test-vendoring.sh)"
bash scripts/test-vendoring.sh

step "README: linking from the build tree, the lines as written"
# The README's block between the build-tree-link markers, run as it stands.
LINK_BLOCK="$(sed -n '/<!-- build-tree-link:begin -->/,/<!-- build-tree-link:end -->/p' README.md |
  sed -n '/^```sh$/,/^```$/p' | sed '1d;$d')"
[[ -n "$LINK_BLOCK" ]] || die "README has no build-tree-link block"
echo "$LINK_BLOCK" | sed 's/^/  /'
(cd "$ROOT" && CARGO_TARGET_DIR="$CARGO_DIR" bash -euo pipefail -c "$LINK_BLOCK") ||
  die "the README's build-tree link lines failed"

if [[ -f examples-c/Makefile ]]; then
  step "consumer: examples-c against the installed prefix (shared and STATIC=1)"
  for variant in shared static; do
    build="$WORK/examples-c-$variant"
    static=()
    [[ $variant == static ]] && static=(STATIC=1)
    make -C examples-c PREFIX="$PREFIX" BUILD="$build" "${static[@]}"
    # check_urls exits 0 when every URL is allowed and 1 when one is not.
    "${VALGRIND[@]}" "$build/check_urls" "$WORK/robots.txt" FooBot http://foo.bar/x/page.html ||
      die "examples-c ($variant): check_urls should allow /x/page.html"
    rc=0
    "${VALGRIND[@]}" "$build/check_urls" "$WORK/robots.txt" FooBot http://foo.bar/x/ || rc=$?
    [[ $rc == 1 ]] || die "examples-c ($variant): check_urls should disallow /x/ (exit 1), got exit $rc"
  done
fi

step "Debian packages (CPack): runtime, -dev and tool, each built, checked, installed, used, removed"
[[ "$(id -u)" == 0 ]] || SUDO=(sudo -n)
if command -v dpkg-deb >/dev/null && command -v cpack >/dev/null &&
  { [[ "$(id -u)" == 0 ]] || sudo -n true 2>/dev/null; }; then
  for pkg in "${DEB_PACKAGES[@]}"; do
    if dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q ' installed$'; then
      die "the package $pkg is installed already; remove it first (dpkg -P $pkg)"
    fi
  done
  # With the prefix /usr, GNUInstallDirs picks Debian's multiarch libdir.
  cmake -S . -B "$WORK/deb" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr \
    -DROBOTSTXT_CARGO_TARGET_DIR="$CARGO_DIR"
  cmake --build "$WORK/deb" --parallel "$JOBS"
  (cd "$WORK/deb" && cpack -G "DEB;TGZ")
  ls "$WORK"/deb/robotstxt-"$VERSION"-*.tar.gz >/dev/null || die "CPack made no .tar.gz"
  MULTIARCH="$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)"
  L="usr/lib/$MULTIARCH"
  deb_of() { ls "$WORK"/deb/"$1"_"$VERSION"_*.deb; }
  DEB_RT="$(deb_of "$DEB_RUNTIME")"
  DEB_DEV="$(deb_of librobotstxt-dev)"
  DEB_CLI="$(deb_of robotstxt)"
  # Each package holds exactly its part (files and links, folders aside).
  contents() { dpkg-deb -c "$1" | awk '$1 !~ /^d/ {sub(/^\.\//, "", $6); print $6 ($7 == "->" ? " -> " $8 : "")}' | sort; }
  expect() { printf '%s\n' "$@" | sort; }
  diff -u <(expect "$L/librobotstxt.so.$VERSION" "$L/$SONAME -> librobotstxt.so.$VERSION" \
    "usr/share/doc/$DEB_RUNTIME/copyright" "usr/share/doc/$DEB_RUNTIME/NOTICE") \
    <(contents "$DEB_RT") || die "$(basename "$DEB_RT") holds other files than the runtime library"
  HEADERS=()
  for h in include/*.h include/robotstxt/*.h include/robotstxt/*.hpp; do HEADERS+=("usr/$h"); done
  diff -u <(expect "$L/librobotstxt.so -> $SONAME" "$L/librobotstxt.a" "${HEADERS[@]}" \
    "$L/cmake/robotstxt/robotstxtConfig.cmake" "$L/cmake/robotstxt/robotstxtConfigVersion.cmake" \
    "$L/pkgconfig/robotstxt.pc" usr/share/doc/librobotstxt-dev/copyright \
    usr/share/doc/librobotstxt-dev/NOTICE usr/share/doc/librobotstxt-dev/README.md) \
    <(contents "$DEB_DEV") || die "$(basename "$DEB_DEV") holds other files than the development files"
  contents "$DEB_CLI" | grep -qx usr/bin/robots || die "$(basename "$DEB_CLI") lacks usr/bin/robots"
  # The manual page and the completions, where Debian's man, bash-completion,
  # zsh and fish look.
  for f in usr/share/man/man1/robots.1.gz usr/share/bash-completion/completions/robots \
    usr/share/zsh/vendor-completions/_robots usr/share/fish/vendor_completions.d/robots.fish; do
    contents "$DEB_CLI" | grep -qx "$f" || die "$(basename "$DEB_CLI") lacks $f"
  done
  contents "$DEB_CLI" | grep -qx usr/share/doc/robotstxt/copyright ||
    die "$(basename "$DEB_CLI") lacks its copyright file"
  ! contents "$DEB_CLI" | grep -q '^usr/lib/\|^usr/include/' ||
    die "$(basename "$DEB_CLI") holds library files"
  # The control fields that make the split work: names, sections, the -dev
  # tied to the same version of the runtime, shlibs for programs built
  # against it, versioned libc6 from dpkg-shlibdeps.
  field() { dpkg-deb -f "$1" "$2"; }
  [[ "$(field "$DEB_RT" Package)" == "$DEB_RUNTIME" && "$(field "$DEB_RT" Section)" == libs ]] ||
    die "$(basename "$DEB_RT"): Package/Section are $(field "$DEB_RT" Package)/$(field "$DEB_RT" Section)"
  [[ "$(field "$DEB_DEV" Section)" == libdevel ]] || die "librobotstxt-dev is not in section libdevel"
  grep -qF "$DEB_RUNTIME (= $VERSION)" <<<"$(field "$DEB_DEV" Depends)" ||
    die "librobotstxt-dev does not depend on $DEB_RUNTIME (= $VERSION): $(field "$DEB_DEV" Depends)"
  grep -q 'libc6 (>= [0-9.]*)' <<<"$(field "$DEB_RT" Depends)" ||
    die "$DEB_RUNTIME does not depend on a versioned libc6: $(field "$DEB_RT" Depends)"
  grep -q 'libc6' <<<"$(field "$DEB_CLI" Depends)" || die "robotstxt does not depend on libc6"
  ! grep -q librobotstxt <<<"$(field "$DEB_CLI" Depends)" ||
    die "robotstxt depends on the library, which it links statically"
  SHLIBS="$(dpkg-deb -I "$DEB_RT" shlibs)"
  [[ "$SHLIBS" == "librobotstxt ${SONAME#librobotstxt.so.} $DEB_RUNTIME"* ]] ||
    die "$DEB_RUNTIME has no shlibs line for $SONAME: $SHLIBS"
  for deb in "$DEB_RT" "$DEB_DEV" "$DEB_CLI"; do
    echo "  $(basename "$deb"): $(field "$deb" Depends)"
  done
  echo "the three packages hold what Debian's split puts in each"

  DEB_INSTALLED=1
  # The runtime alone: the library is there, nothing to develop with.
  "${SUDO[@]}" dpkg -i "$DEB_RT"
  /sbin/ldconfig -p | grep -qF "$SONAME" || die "ldconfig does not know $SONAME after installing $DEB_RUNTIME"
  [[ ! -e /usr/include/robotstxt/robotstxt.h && ! -e "/$L/librobotstxt.so" ]] ||
    die "development files present with $DEB_RUNTIME alone"
  # Then the -dev: consumers find it with no prefix and no PKG_CONFIG_PATH.
  "${SUDO[@]}" dpkg -i "$DEB_DEV"
  cmake -S tests/consumers/cmake -B "$WORK/consumer-deb-cmake" 2>&1 | tee "$WORK/deb-cmake.log"
  grep -q "from /$L/cmake/robotstxt" "$WORK/deb-cmake.log" ||
    die "find_package did not find the package under /$L"
  cmake --build "$WORK/consumer-deb-cmake" --parallel "$JOBS"
  run_consumers "$WORK/consumer-deb-cmake"
  (unset PKG_CONFIG_PATH; make -C tests/consumers/pkg-config OUT="$WORK/consumer-deb-pc")
  run_consumers "$WORK/consumer-deb-pc"
  # The tool.
  "${SUDO[@]}" dpkg -i "$DEB_CLI"
  /usr/bin/robots "$WORK/robots.txt" FooBot http://foo.bar/x/page.html | grep -q ': ALLOWED$' ||
    die "/usr/bin/robots from the package gave a wrong verdict"
  check_cli_docs /usr share/zsh/vendor-completions
  # The runtime cannot go while the -dev needs it.
  if "${SUDO[@]}" dpkg -r "$DEB_RUNTIME" >/dev/null 2>&1; then
    die "dpkg removed $DEB_RUNTIME although librobotstxt-dev depends on it"
  fi
  "${SUDO[@]}" dpkg -P robotstxt librobotstxt-dev "$DEB_RUNTIME"
  DEB_INSTALLED=0
  [[ ! -e "/$L/librobotstxt.so.$VERSION" && ! -e /usr/bin/robots &&
    ! -e /usr/share/man/man1/robots.1.gz ]] || die "dpkg -P left files behind"
  echo "packages installed one by one, used by C and C++ consumers and the tool, and removed"
else
  skipped "the Debian package test" "it needs dpkg-deb, cpack and root (or sudo -n)"
fi

# The shared cases of spec/cases/ (Google's test cases among them) and the
# protected-API replay, through robots.h in every configuration a user may
# build it in: g++ and clang++, C++11/14/17/20, with abseil's
# absl::string_view and with the header's own; and the shared cases through
# the C API. One tree per compiler, each configuration built once; every
# case natively as a test of its own, and one configuration and the C API
# also under valgrind, all their cases in one process each.
step "compat-tests: configure and build (g++ and clang++, C++11..20, with and without abseil)"
for cxx in g++ clang++; do
  cmake -S compat-tests -B "$WORK/compat-$cxx" -DCMAKE_PREFIX_PATH="$PREFIX" \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=Debug
done
for cxx in g++ clang++; do
  cmake --build "$WORK/compat-$cxx" --parallel "$JOBS"
done
CONFIGS=0
for cxx in g++ clang++; do
  LISTED="$(ctest --test-dir "$WORK/compat-$cxx" -N)"
  # Every configuration lists every shared case, as the C API does.
  SPEC_CASES="$(grep -c ': [A-Za-z]*-c-api\.' <<<"$LISTED" || true)"
  n="$(grep -c ': [A-Za-z]*-c-api\.RobotsUnittest\.' <<<"$LISTED" || true)"
  ((n == 23)) || die "$cxx: expected Google's 23 tests through the C API, ctest lists $n"
  for config in $(grep -o ': [A-Za-z]*-cxx[0-9]*-[a-z]*\.' <<<"$LISTED" | sort -u | tr -d ': .'); do
    n="$(grep -c ": $config\.RobotsUnittest\." <<<"$LISTED" || true)"
    ((n == 23)) || die "$cxx $config: expected Google's 23 tests through the C++ API, ctest lists $n"
    n="$(grep -c ": $config\.ProtectedApi\." <<<"$LISTED" || true)"
    ((n == 5)) || die "$cxx $config: expected the 5 ProtectedApi tests, ctest lists $n"
    n="$(grep -c ": $config\." <<<"$LISTED" || true)"
    ((n == SPEC_CASES + 5)) ||
      die "$cxx $config: expected the $SPEC_CASES shared cases and 5 ProtectedApi tests, ctest lists $n"
    CONFIGS=$((CONFIGS + 1))
  done
  echo "$cxx: ctest lists the $SPEC_CASES shared cases of spec/cases/ in each configuration and through the C API"
done
((CONFIGS == 16)) || die "expected 16 configurations (2 compilers x 4 standards x abseil or not), found $CONFIGS"

step "compat-tests: the g++ C++17 abseil configuration and the C API under valgrind, every case"
ctest --test-dir "$WORK/compat-g++" -L memcheck -T memcheck --output-on-failure --parallel "$JOBS"

step "compat-tests: every case of the 16 configurations and the C API natively"
ctest --test-dir "$WORK/compat-g++" -L native --output-on-failure --parallel "$JOBS"
ctest --test-dir "$WORK/compat-clang++" --output-on-failure --parallel "$JOBS"

# --- Python ----------------------------------------------------------------------

# The Python package as PyPI would ship it: the sdist, the manylinux wheel
# built from it, installed into a virtual environment, then pytest (Google's
# cases, the corpus against the Rust answers, the adapters, Scrapy and Spark
# runs).
if [[ -f scripts/test-python.sh ]]; then
  step "Python package (scripts/test-python.sh)"
  bash scripts/test-python.sh
fi

# --- JavaScript ------------------------------------------------------------------

# The npm package as a JavaScript user meets it: built for WebAssembly,
# packed, installed from the tarball into an empty Node project (the README
# example), then node --test, the browser test in Chromium and a Crawlee
# crawl.
if [[ -f scripts/test-js.sh ]]; then
  step "npm package (scripts/test-js.sh)"
  bash scripts/test-js.sh
fi

# --- The peers' own test suites ----------------------------------------------------

# robots-parser's, Protego's, CPython's and Scrapy's own robots.txt tests,
# from their registry packages, against the drop-ins in the npm package and
# the wheel the two steps above built; offline, each is skipped and counted
# below.
if [[ -f scripts/test-peers.sh ]]; then
  step "the peers' own test suites against the drop-ins (scripts/test-peers.sh)"
  bash scripts/test-peers.sh
fi

# --- The tester page -------------------------------------------------------------

# The robots.txt tester page (web/) on the JavaScript package's WebAssembly
# module, embedded in `robots --serve`, typed into in Debian's chromium.
if [[ -f scripts/test-web.sh ]]; then
  step "the tester page in a browser (scripts/test-web.sh)"
  bash scripts/test-web.sh
fi

# --- The JVM ----------------------------------------------------------------------

# The jar with its JNI library, built with javac and jar, and its JUnit 5
# suite (scripts/test-java.sh); the crawler-commons adapter's tests run only
# where crawler-commons is given (CRAWLER_COMMONS_JAR or _SRC), else counted.
step "Java package (scripts/test-java.sh)"
bash scripts/test-java.sh

step "done"
# The closing line says what did not run, and why.
summary="all checks passed in $((SECONDS - START_TIME))s"
if [[ -s "$SKIP_LOG" ]]; then
  echo "skipped:"
  sed 's/^/  /' "$SKIP_LOG"
  n_rust="$(grep -c '^rust	' "$SKIP_LOG" || true)"
  n_python="$(grep -c '^python	' "$SKIP_LOG" || true)"
  n_js="$(grep -c '^js	' "$SKIP_LOG" || true)"
  n_web="$(grep -c '^web	' "$SKIP_LOG" || true)"
  n_java="$(grep -c '^java	' "$SKIP_LOG" || true)"
  if ((n_rust + n_python + n_js + n_web + n_java)); then
    # node --test skips a suite without listing its tests: JavaScript counts
    # suites.
    summary+="; skipped for want of the corpus: $n_rust Rust tests, $n_python Python tests"
    summary+=", $n_js JavaScript suites, $n_web browser tests, $n_java Java tests (no corpus at $CORPUS; see the"
    summary+=" README, \"The corpus\")"
  fi
  while IFS=$'\t' read -r _ what why; do
    summary+="; $what skipped: $why"
  done < <(grep '^script	' "$SKIP_LOG" || true)
else
  summary+="; no test skipped"
fi
rm -f "$SKIP_LOG"
echo "test-all: $summary"
