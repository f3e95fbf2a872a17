#!/usr/bin/env bash
# Every test of the project, in the order a failure is cheapest to find:
# Rust formatting, lints and tests; the C/C++ examples; then the C/C++
# packaging as a downstream user meets it: CMake build and install into a
# temporary prefix, the prefix moved elsewhere, consumer projects built
# against it (find_package and pkg-config, shared and static), and Google's
# test cases (compat-tests/) run by ctest in every C++ configuration of the
# drop-in headers, one of them under valgrind; last, the Python package
# built with pip and its pytest suite.
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
  if command -v dpkg >/dev/null && ! dpkg -s libgtest-dev >/dev/null 2>&1; then
    missing+=(libgtest-dev)
  fi
  # abseil's headers: the compat tests build robots.h with Debian's
  # absl::string_view (a class of its own there) as well as without it.
  if command -v dpkg >/dev/null && ! dpkg -s libabsl-dev >/dev/null 2>&1; then
    missing+=(libabsl-dev)
  fi
  if ((${#missing[@]} == 0)); then
    echo "all present: cc c++ clang++ make cmake pkg-config valgrind readelf googletest abseil"
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
  "${CARGO_HOME:-$HOME/.cargo}"/registry/cache/-*/robotstxt-exact-*
PKG_LOG="$(mktemp)"
if ! cargo package --workspace --allow-dirty --offline >"$PKG_LOG" 2>&1; then
  cat "$PKG_LOG"
  die "cargo package failed"
fi
grep -E '^ *(Packaged|Verifying|Finished)' "$PKG_LOG" || true
rm -f "$PKG_LOG"

# The fuzz targets are a crate of their own (cargo fuzz runs them on
# nightly); checking them on stable keeps an API change from breaking them
# unnoticed.
step "fuzz targets compile (cargo check --manifest-path fuzz/Cargo.toml)"
cargo check --manifest-path fuzz/Cargo.toml --all-targets

# --- C and C++ examples --------------------------------------------------------

if [[ -f scripts/test-c.sh ]]; then
  step "C/C++ examples and tests (scripts/test-c.sh)"
  bash scripts/test-c.sh
fi

step "cargo install --path cli (the documented way to install robots)"
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
DEB_INSTALLED=0
SUDO=()
cleanup() {
  local rc=$?
  rm -f "$SKIP_LOG"
  if [[ "$DEB_INSTALLED" == 1 ]]; then
    echo "test-all: removing the robotstxt package installed by the test"
    "${SUDO[@]}" dpkg -P robotstxt || true
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
for f in lib/librobotstxt.a include/robotstxt.h include/robots.h include/reporting_robots.h \
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
fi
# Only the C API may be exported from the shared library.
OTHER_EXPORTS="$(nm -D --defined-only "$LIB/$REAL" | awk '$2 ~ /^[A-TV-Z]$/ && $3 !~ /^robotstxt_/ {print $3}')"
[[ -z "$OTHER_EXPORTS" ]] || die "symbols exported beyond robotstxt_*: $(echo $OTHER_EXPORTS)"
if grep -rqF "$FIRST_PREFIX" "$PREFIX/lib/cmake" "$PREFIX/lib/pkgconfig"; then
  die "package files still name the install prefix $FIRST_PREFIX"
fi
echo "layout, SONAME and exports OK"

VALGRIND=(valgrind -q --error-exitcode=99 --leak-check=full
  --errors-for-leak-kinds=definite,indirect)

# Runs the consumer programs in $1 under valgrind and checks what each links:
# the *_shared ones the installed SONAME, the *_static ones no librobotstxt.
run_consumers() {
  local dir="$1" exe needed
  for exe in verdicts_c_shared verdicts_cxx_shared verdicts_c_static verdicts_cxx_static; do
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

step "Debian package (CPack): build, dpkg -i, consumers against /usr, dpkg -r"
[[ "$(id -u)" == 0 ]] || SUDO=(sudo -n)
if command -v dpkg-deb >/dev/null && command -v cpack >/dev/null &&
  { [[ "$(id -u)" == 0 ]] || sudo -n true 2>/dev/null; }; then
  if dpkg-query -W -f='${Status}' robotstxt 2>/dev/null | grep -q ' installed$'; then
    die "a robotstxt package is installed already; remove it first (dpkg -P robotstxt)"
  fi
  # With the prefix /usr, GNUInstallDirs picks Debian's multiarch libdir.
  cmake -S . -B "$WORK/deb" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr \
    -DROBOTSTXT_CARGO_TARGET_DIR="$CARGO_DIR"
  cmake --build "$WORK/deb" --parallel "$JOBS"
  (cd "$WORK/deb" && cpack -G "DEB;TGZ")
  DEB="$(ls "$WORK"/deb/robotstxt_"$VERSION"_*.deb)"
  ls "$WORK"/deb/robotstxt-"$VERSION"-*.tar.gz >/dev/null || die "CPack made no .tar.gz"
  MULTIARCH="$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)"
  CONTENTS="$(dpkg-deb -c "$DEB")"
  for f in "usr/lib/$MULTIARCH/librobotstxt.so.$VERSION" "usr/lib/$MULTIARCH/$SONAME -> librobotstxt.so.$VERSION" \
    "usr/lib/$MULTIARCH/librobotstxt.so -> $SONAME" "usr/lib/$MULTIARCH/librobotstxt.a" \
    usr/include/robotstxt.h usr/include/robots.h usr/include/reporting_robots.h \
    "usr/lib/$MULTIARCH/cmake/robotstxt/robotstxtConfig.cmake" "usr/lib/$MULTIARCH/pkgconfig/robotstxt.pc" \
    usr/bin/robots usr/share/doc/robotstxt/copyright; do
    grep -qF "./$f" <<<"$CONTENTS" || die "the .deb lacks $f"
  done
  echo "$(basename "$DEB"): Debian layout OK (multiarch $MULTIARCH)"
  DEB_INSTALLED=1
  "${SUDO[@]}" dpkg -i "$DEB"
  # No prefix and no PKG_CONFIG_PATH: the system paths must be enough.
  cmake -S tests/consumers/cmake -B "$WORK/consumer-deb-cmake" 2>&1 | tee "$WORK/deb-cmake.log"
  grep -q "from /usr/lib/$MULTIARCH/cmake/robotstxt" "$WORK/deb-cmake.log" ||
    die "find_package did not find the package under /usr/lib/$MULTIARCH"
  cmake --build "$WORK/consumer-deb-cmake" --parallel "$JOBS"
  run_consumers "$WORK/consumer-deb-cmake"
  (unset PKG_CONFIG_PATH; make -C tests/consumers/pkg-config OUT="$WORK/consumer-deb-pc")
  run_consumers "$WORK/consumer-deb-pc"
  /usr/bin/robots "$WORK/robots.txt" FooBot http://foo.bar/x/page.html | grep -q ': ALLOWED$' ||
    die "/usr/bin/robots from the package gave a wrong verdict"
  "${SUDO[@]}" dpkg -P robotstxt
  DEB_INSTALLED=0
  [[ ! -e "/usr/lib/$MULTIARCH/librobotstxt.so.$VERSION" ]] || die "dpkg -P left the library behind"
  echo "package installed, used by C and C++ consumers, and removed"
else
  skipped "the Debian package test" "it needs dpkg-deb, cpack and root (or sudo -n)"
fi

# Google's test cases and the protected-API replay, through robots.h in
# every configuration a user may build it in: g++ and clang++, C++11/14/17/20,
# with abseil's absl::string_view and with the header's own. One tree per
# compiler, each configuration built once; one configuration runs under
# valgrind, the other fifteen natively.
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
  for config in $(grep -o ': [A-Za-z]*-cxx[0-9]*-[a-z]*\.' <<<"$LISTED" | sort -u | tr -d ': .'); do
    n="$(grep -c ": $config\.RobotsUnittest\." <<<"$LISTED" || true)"
    ((n == 23)) || die "$cxx $config: expected Google's 23 tests through the C++ API, ctest lists $n"
    n="$(grep -c ": $config\.ProtectedApi\." <<<"$LISTED" || true)"
    ((n == 5)) || die "$cxx $config: expected the 5 ProtectedApi tests, ctest lists $n"
    CONFIGS=$((CONFIGS + 1))
  done
  n="$(grep -c ': [A-Za-z]*-c-api\.RobotsCApiUnittest\.' <<<"$LISTED" || true)"
  ((n == 23)) || die "$cxx: expected Google's 23 tests through the C API, ctest lists $n"
done
((CONFIGS == 16)) || die "expected 16 configurations (2 compilers x 4 standards x abseil or not), found $CONFIGS"

step "compat-tests: the g++ C++17 abseil configuration and the C API under valgrind"
ctest --test-dir "$WORK/compat-g++" -L memcheck -T memcheck --output-on-failure --parallel "$JOBS"

step "compat-tests: the other 15 configurations natively"
ctest --test-dir "$WORK/compat-g++" -L native --output-on-failure --parallel "$JOBS"
ctest --test-dir "$WORK/compat-clang++" --output-on-failure --parallel "$JOBS"

# --- Python ----------------------------------------------------------------------

# The Python package as a Python user meets it: one `pip install ./python`
# into a virtual environment, then pytest (Google's cases, the corpus against
# the Rust answers, the adapters, Scrapy and Spark runs).
if [[ -f scripts/test-python.sh ]]; then
  step "Python package (scripts/test-python.sh)"
  bash scripts/test-python.sh
fi

step "done"
# The closing line says what did not run, and why.
summary="all checks passed in $((SECONDS - START_TIME))s"
if [[ -s "$SKIP_LOG" ]]; then
  echo "skipped:"
  sed 's/^/  /' "$SKIP_LOG"
  n_rust="$(grep -c '^rust	' "$SKIP_LOG" || true)"
  n_python="$(grep -c '^python	' "$SKIP_LOG" || true)"
  n_corpus=$((n_rust + n_python))
  if ((n_corpus)); then
    summary+="; $n_corpus tests skipped ($n_rust Rust, $n_python Python): no corpus at $CORPUS"
    summary+=' (see the README, "The corpus")'
  fi
  while IFS=$'\t' read -r _ what why; do
    summary+="; $what skipped: $why"
  done < <(grep '^script	' "$SKIP_LOG" || true)
else
  summary+="; no test skipped"
fi
rm -f "$SKIP_LOG"
echo "test-all: $summary"
