#!/usr/bin/env bash
# Every test of the project, in the order a failure is cheapest to find:
# Rust formatting, lints and tests; the C/C++ examples; then the C/C++
# packaging as a downstream user meets it: CMake build and install into a
# temporary prefix, the prefix moved elsewhere, consumer projects built
# against it (find_package and pkg-config, shared and static), and Google's
# test cases (compat-tests/) run by ctest under valgrind; last, the Python
# package built with pip and its pytest suite.
#
# Works on a fresh Debian machine that has only the Rust toolchain: missing
# build tools are installed with apt-get (as root, or through sudo).
#
# Environment:
#   CARGO_TARGET_DIR   honoured by every cargo build, including CMake's
#   JOBS               parallel build jobs (default 2)
#   KEEP_WORK=1        keep the temporary build/install tree
set -Eeuo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
JOBS="${JOBS:-2}"
STEP="start"
START_TIME=$SECONDS

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
  if command -v dpkg >/dev/null && ! dpkg -s libgtest-dev >/dev/null 2>&1; then
    missing+=(libgtest-dev)
  fi
  if ((${#missing[@]} == 0)); then
    echo "all present: cc c++ make cmake pkg-config valgrind readelf googletest"
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

VERSION="$(sed -n '/^\[package\]/,/^\[/s/^version *= *"\([0-9.]*\)".*/\1/p' Cargo.toml | head -n1)"
[[ "$VERSION" =~ ^([0-9]+)\.([0-9]+)\.([0-9]+)$ ]] || die "no version in Cargo.toml"
MAJOR="${BASH_REMATCH[1]}"
MINOR="${BASH_REMATCH[2]}"
if ((MAJOR == 0)); then SONAME="librobotstxt.so.0.$MINOR"; else SONAME="librobotstxt.so.$MAJOR"; fi
echo "robotstxt $VERSION, SONAME $SONAME"

# --- Rust --------------------------------------------------------------------

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy --all-targets -- -D warnings"
cargo clippy --all-targets -- -D warnings

# `cargo test` builds the cdylib only in deps/; a plain build puts
# librobotstxt.so at <target>/debug/, where the ABI tests look for it.
step "cargo build"
cargo build

step "cargo test"
cargo test

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

# --- Build and install with CMake ----------------------------------------------

WORK="$(mktemp -d "${TMPDIR:-/tmp}/robotstxt-test.XXXXXX")"
cleanup() {
  local rc=$?
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
if [[ -f src/bin/robots.rs ]]; then
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

step "compat-tests: Google's test cases against the installed package"
cmake -S compat-tests -B "$WORK/compat" -DCMAKE_PREFIX_PATH="$PREFIX"
cmake --build "$WORK/compat" --parallel "$JOBS"
LISTED="$(ctest --test-dir "$WORK/compat" -N)"
CXX_TESTS="$(grep -c ': RobotsUnittest\.' <<<"$LISTED" || true)"
C_TESTS="$(grep -c ': RobotsCApiUnittest\.' <<<"$LISTED" || true)"
((CXX_TESTS == 23)) || die "expected Google's 23 tests through the C++ API, ctest lists $CXX_TESTS"
((C_TESTS == 23)) || die "expected Google's 23 tests through the C API, ctest lists $C_TESTS"

step "ctest under valgrind ($CXX_TESTS C++ API + $C_TESTS C API tests)"
ctest --test-dir "$WORK/compat" -T memcheck --output-on-failure --parallel "$JOBS"

# --- Python ----------------------------------------------------------------------

# The Python package as a Python user meets it: one `pip install ./python`
# into a virtual environment, then pytest (Google's cases, the corpus against
# the Rust answers, the adapters, Scrapy and Spark runs).
if [[ -f scripts/test-python.sh ]]; then
  step "Python package (scripts/test-python.sh)"
  bash scripts/test-python.sh
fi

step "done"
echo "test-all: all checks passed in $((SECONDS - START_TIME))s"
