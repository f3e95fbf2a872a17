#!/usr/bin/env bash
# Tests the C ABI and the C++ drop-in headers the way a C or C++ user meets
# them: builds the library (cargo build --release, the same packages as the
# CMake build, so the two share one compilation), stages it like an
# installed prefix, compiles the C examples (C99) and the C++ tests (C++17
# and C++20; the drop-in robots.h also as C++11 and C++14, with and without
# abseil, exceptions and RTTI) with -Wall -Wextra -Wpedantic -Werror, runs everything under
# valgrind (the exception-unwinding test under ASan and UBSan instead), and
# compares the programs' output with tests/c/expected/.
#
#   scripts/test-c.sh
#
# Environment:
#   CARGO_TARGET_DIR       cargo's target dir (default: ./target)
#   ROBOTSTXT_C_BUILD      scratch dir (default: <target>/c-tests)
#   GOOGLE_ROBOTSTXT_SRC   a checkout of github.com/google/robotstxt: its own
#                          robots_main.cc is then compiled unchanged against
#                          include/robots.h and must print what ours prints
#   VALGRIND=0             run without valgrind (faster, checks less)
#   CC, CXX                compilers (default: cc, c++)
#
# valgrind runs with --error-exitcode=97, not 1: the programs under test use
# exit status 1 to mean "disallowed", so a memory error must be told apart.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
BUILD=${ROBOTSTXT_C_BUILD:-$TARGET/c-tests}
CC=${CC:-cc}
CXX=${CXX:-c++}
WARN=(-Wall -Wextra -Wpedantic -Werror)
DATA=$ROOT/tests/c/data
EXPECTED=$ROOT/tests/c/expected

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok   $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1" >&2; }

for tool in "$CC" "$CXX" nm readelf make; do
  command -v "$tool" >/dev/null || { echo "missing tool: $tool" >&2; exit 2; }
done
if [[ ${VALGRIND:-1} != 0 ]]; then
  command -v valgrind >/dev/null || { echo "missing valgrind (or set VALGRIND=0)" >&2; exit 2; }
  RUN=(valgrind -q --error-exitcode=97 --leak-check=full
       --errors-for-leak-kinds=definite,indirect,possible
       --show-leak-kinds=definite,indirect,possible)
else
  RUN=()
fi

echo "== building the library"
(cd "$ROOT" && CARGO_TARGET_DIR=$TARGET cargo build --release --quiet \
  -p robotstxt-exact-capi -p robotstxt-exact-cli)
LIB=$TARGET/release

# Stage an install prefix, as a packager would lay it out.
rm -rf "$BUILD"
PREFIX=$BUILD/prefix
mkdir -p "$PREFIX/include" "$PREFIX/lib" "$BUILD/bin" "$BUILD/out"
# The headers as the install lays them out: Google's two at the top, this
# library's own in robotstxt/.
cp -R "$ROOT"/include/. "$PREFIX/include/"
SONAME=$(readelf -d "$LIB/librobotstxt.so" | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')
cp "$LIB/librobotstxt.so" "$PREFIX/lib/$SONAME"
ln -s "$SONAME" "$PREFIX/lib/librobotstxt.so"
cp "$LIB/librobotstxt.a" "$PREFIX/lib/"

echo "== the shared library"
version=$(sed -n 's/^version = "\([0-9]*\)\.\([0-9]*\)\..*"/\1 \2/p' "$ROOT/Cargo.toml" | head -1)
read -r major minor <<<"$version"
if [[ $major == 0 ]]; then want="librobotstxt.so.0.$minor"; else want="librobotstxt.so.$major"; fi
if [[ $SONAME == "$want" ]]; then pass "SONAME is $want"; else fail "SONAME is '$SONAME', not $want"; fi
strays=$(nm -D --defined-only "$PREFIX/lib/$SONAME" | awk '$2 != "A" && $3 !~ /^robotstxt_/ {print $3}')
if [[ -z $strays ]]; then pass "exports only robotstxt_* symbols"; else fail "stray exports: $strays"; fi

echo "== compiling"
make -s -C "$ROOT/examples-c" PREFIX="$PREFIX" BUILD="$BUILD/bin" CC="$CC" CFLAGS="-O1 -g"
pass "C examples build as C99 with ${WARN[*]}"
make -s -C "$ROOT/examples-c" PREFIX="$PREFIX" BUILD="$BUILD/bin/static" CC="$CC" \
  CFLAGS="-O1 -g" STATIC=1
pass "C examples link statically against librobotstxt.a"
# The header alone, in every C standard a user may pick.
for std in c99 c11 c17; do
  echo '#include <robotstxt/robotstxt.h>
int main(void) { return robotstxt_version() == 0; }' >"$BUILD/header_$std.c"
  "$CC" -std=$std "${WARN[@]}" -I"$PREFIX/include" "$BUILD/header_$std.c" \
    -L"$PREFIX/lib" -lrobotstxt -Wl,-rpath,"$PREFIX/lib" -o "$BUILD/bin/header_$std"
done
pass "robotstxt/robotstxt.h compiles as C99, C11 and C17"
# The spelling from before the headers had a folder, with the two include
# directories pkg-config and the CMake targets give.
echo '#include <robotstxt.h>
int main(void) { return robotstxt_version() == 0; }' >"$BUILD/header_flat.c"
"$CC" -std=c99 "${WARN[@]}" -I"$PREFIX/include" -I"$PREFIX/include/robotstxt" \
  "$BUILD/header_flat.c" -L"$PREFIX/lib" -lrobotstxt -Wl,-rpath,"$PREFIX/lib" \
  -o "$BUILD/bin/header_flat"
pass "#include <robotstxt.h> still compiles with the package's include directories"
CXXLINK=(-L"$PREFIX/lib" -lrobotstxt -Wl,-rpath,"$PREFIX/lib")
for std in c++17 c++20; do
  "$CXX" -std=$std -O1 -g "${WARN[@]}" -I"$PREFIX/include" \
    "$ROOT/tests/c/cpp_api_test.cc" "$ROOT/tests/c/cpp_reporting_test.cc" \
    "${CXXLINK[@]}" -o "$BUILD/bin/cpp_api_test_$std"
done
pass "C++ tests build as C++17 and C++20 (two translation units)"
for std in c++17 c++20; do
  "$CXX" -std=$std -O1 -g -pthread "${WARN[@]}" -I"$PREFIX/include" \
    "$ROOT/tests/c/cpp_robots_test.cc" "$ROOT/tests/c/cpp_crawler_test.cc" \
    "${CXXLINK[@]}" -o "$BUILD/bin/cpp_robots_test_$std"
done
pass "robotstxt.hpp tests build as C++17 and C++20 (two translation units)"
# robotstxt.hpp reports errors as exceptions: a unit built without them is
# told so, rather than compiling a second meaning of its functions.
echo '#include <robotstxt/robotstxt.hpp>' >"$BUILD/hpp_no_exceptions.cc"
if "$CXX" -std=c++17 -fno-exceptions -fsyntax-only -I"$PREFIX/include" \
  "$BUILD/hpp_no_exceptions.cc" 2>"$BUILD/hpp_no_exceptions.err"; then
  fail "robotstxt.hpp compiles without exceptions"
elif grep -q 'reports errors as C++ exceptions' "$BUILD/hpp_no_exceptions.err"; then
  pass "robotstxt.hpp refuses a unit built without exceptions, saying why"
else
  fail "robotstxt.hpp without exceptions fails otherwise than by its #error"
fi
"$CXX" -std=c++17 -O1 -g "${WARN[@]}" -I"$PREFIX/include" "$ROOT/tests/c/cpp_oom_test.cc" \
  "${CXXLINK[@]}" -o "$BUILD/bin/cpp_oom_test"
pass "the out-of-memory test of the C++ headers builds"
# A subclass's handler throwing through a query: ASan reports any read of
# what the unwinding destroyed, which valgrind does not see on the stack.
SANITIZE=(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all)
for std in c++11 c++17; do
  "$CXX" -std=$std -O1 -g "${WARN[@]}" "${SANITIZE[@]}" -I"$PREFIX/include" \
    "$ROOT/tests/c/cpp_unwind_test.cc" "${CXXLINK[@]}" -o "$BUILD/bin/cpp_unwind_test_$std"
done
pass "the unwinding test of robots.h builds with ASan and UBSan as C++11 and C++17"
# A program written for Google's robots.h, in every way a user may build the
# drop-in headers: C++11 to C++20, with abseil's absl::string_view (when its
# header is installed) and with the header's own, with and without
# exceptions and RTTI, after macros named like common words.
absl_modes=(0)
if echo '#include <absl/strings/string_view.h>' | "$CXX" -std=c++17 -x c++ -fsyntax-only - 2>/dev/null; then
  absl_modes+=(1)
fi
dropin_builds=()
for std in c++11 c++14 c++17 c++20; do
  for absl in "${absl_modes[@]}"; do
    for mode in default no-exceptions-rtti; do
      flags=()
      [[ $mode == no-exceptions-rtti ]] && flags=(-fno-exceptions -fno-rtti)
      exe="$BUILD/bin/cpp_dropin_${std}_absl${absl}_$mode"
      "$CXX" -std=$std -O1 -g "${WARN[@]}" "${flags[@]}" -DROBOTSTXT_USE_ABSL_STRING_VIEW=$absl \
        -I"$PREFIX/include" "$ROOT/tests/c/cpp_dropin_builds.cc" "${CXXLINK[@]}" -o "$exe"
      dropin_builds+=("$exe")
    done
  done
done
pass "robots.h builds as C++11/14/17/20 x absl::string_view ${absl_modes[*]} x (no) exceptions/RTTI"
"$CXX" -std=c++17 -O1 -g "${WARN[@]}" -I"$PREFIX/include" "$ROOT/tests/c/robots_main.cc" \
  "${CXXLINK[@]}" -o "$BUILD/bin/robots_main"
pass "robots_main.cc builds against the googlebot:: API"
google_main=
if [[ -n ${GOOGLE_ROBOTSTXT_SRC:-} ]]; then
  # Google's file is compiled as it is; its one warning (an unused argc) is
  # Google's, not the header's.
  "$CXX" -std=c++17 -O1 -g "${WARN[@]}" -Wno-unused-parameter -I"$PREFIX/include" \
    "$GOOGLE_ROBOTSTXT_SRC/robots_main.cc" "${CXXLINK[@]}" -o "$BUILD/bin/google_robots_main"
  google_main=$BUILD/bin/google_robots_main
  pass "Google's robots_main.cc builds unchanged against include/robots.h"
fi

echo "== running"
# run NAME EXPECTED_STATUS [--stdin FILE] -- PROGRAM ARGS...: runs under
# valgrind and compares stdout with tests/c/expected/NAME.txt (if present),
# where NAME loses its "google_" prefix and "_static" suffix: every variant
# of a program must print the same.
run() {
  local name=$1 want=$2 input=/dev/null
  shift 2
  if [[ $1 == --stdin ]]; then input=$2; shift 2; fi
  [[ $1 == -- ]] && shift
  local out=$BUILD/out/$name.txt status=0 expected=${name#google_}
  expected=$EXPECTED/${expected%_static}.txt
  "${RUN[@]}" "$@" <"$input" >"$out" 2>"$BUILD/out/$name.err" || status=$?
  if [[ $status == 97 ]]; then
    fail "$name: valgrind found errors"; cat "$BUILD/out/$name.err" >&2; return
  fi
  if [[ $status != "$want" ]]; then
    fail "$name: exit status $status, expected $want"; cat "$BUILD/out/$name.err" >&2; return
  fi
  if [[ -f $expected ]] && ! diff -u "$expected" "$out" >&2; then
    fail "$name: output differs from ${expected#"$ROOT/"}"; return
  fi
  pass "$name"
}

B=$BUILD/bin
# Natively: the address-space cap of each case leaves no room for
# valgrind's shadow memory.
if [[ $(uname) == Linux ]]; then
  saved_run=("${RUN[@]}")
  RUN=()
  run cpp_oom_test 0 -- "$B/cpp_oom_test"
  cat "$BUILD/out/cpp_oom_test.txt"
  RUN=("${saved_run[@]}")
fi
# Without valgrind too: ASan has its own shadow memory and allocator.
valgrind_run=("${RUN[@]}")
RUN=(env ASAN_OPTIONS=detect_stack_use_after_return=1:detect_leaks=1
     UBSAN_OPTIONS=print_stacktrace=1)
for std in c++11 c++17; do
  run "cpp_unwind_test_$std" 0 -- "$B/cpp_unwind_test_$std"
  cat "$BUILD/out/cpp_unwind_test_$std.txt"
done
RUN=("${valgrind_run[@]}")
for std in c++17 c++20; do
  run "cpp_api_test_$std" 0 -- "$B/cpp_api_test_$std"
  cat "$BUILD/out/cpp_api_test_$std.txt"
  run "cpp_robots_test_$std" 0 -- "$B/cpp_robots_test_$std"
  cat "$BUILD/out/cpp_robots_test_$std.txt"
done
for bin in "$B" "$B/static"; do
  suffix=${bin#"$B"}; suffix=${suffix//\//_}
  run "check_urls_groups_foobot$suffix" 1 -- "$bin/check_urls" "$DATA/groups.txt" FooBot \
    http://foo.bar/x/b http://foo.bar/z/d http://foo.bar/y/c http://foo.bar/foo/bar/
  printf 'http://foo.bar/z/d\n\nhttp://foo.bar/x/b\n' >"$BUILD/bazbot_urls.txt"
  run "check_urls_groups_bazbot_stdin$suffix" 1 --stdin "$BUILD/bazbot_urls.txt" -- \
    "$bin/check_urls" "$DATA/groups.txt" BazBot
  run "check_urls_index_html$suffix" 1 -- "$bin/check_urls" "$DATA/index_html.txt" shopbot \
    https://shop.example/shop/ https://shop.example/shop/index.htm \
    https://shop.example/shop/index.html https://shop.example/elsewhere
  run "check_urls_empty$suffix" 0 -- "$bin/check_urls" "$DATA/empty.txt" FooBot http://foo.bar/x
  run "check_urls_usage$suffix" 2 -- "$bin/check_urls"
  run "print_directives_reporting$suffix" 0 -- "$bin/print_directives" "$DATA/reporting.txt"
  run "print_directives_encoding$suffix" 0 -- "$bin/print_directives" "$DATA/encoding.txt"
  run "line_report_reporting$suffix" 0 -- "$bin/line_report" "$DATA/reporting.txt"
  run "line_report_encoding$suffix" 0 -- "$bin/line_report" "$DATA/encoding.txt"
  run "line_report_missing_file$suffix" 2 -- "$bin/line_report" "$DATA/no-such-file.txt"
  run "parse_once_foobot$suffix" 1 -- "$bin/parse_once" "$DATA/parse_once.txt" FooBot \
    https://example.com/private/x https://example.com/doc.pdf 'https://example.com/doc.pdf?x=1'
  printf 'https://example.com/private/x\n\nhttps://example.com/private/public.html\nhttps://example.com/\n' \
    >"$BUILD/quxbot_urls.txt"
  run "parse_once_quxbot_stdin$suffix" 1 --stdin "$BUILD/quxbot_urls.txt" -- \
    "$bin/parse_once" "$DATA/parse_once.txt" QuxBot
  run "parse_once_barbot$suffix" 1 -- "$bin/parse_once" "$DATA/parse_once.txt" barbot \
    https://example.com/a.pdf https://example.com/private/x
  run "parse_once_encoding$suffix" 1 -- "$bin/parse_once" "$DATA/encoding.txt" FooBot \
    https://example.com/foo/bar/%E3%83%84 https://example.com/%AA%FF
  run "parse_once_usage$suffix" 2 -- "$bin/parse_once" "$DATA/parse_once.txt"
  run "parse_once_missing_file$suffix" 2 -- "$bin/parse_once" "$DATA/no-such-file.txt" FooBot
  run "crawl_loop_builtin$suffix" 0 -- "$bin/crawl_loop" FooBot
  run "crawl_loop_script$suffix" 0 -- "$bin/crawl_loop" FooBot "$DATA/crawl_script.txt"
  printf 'at 1h\nfetch https://example.com/robots.txt\n' >"$BUILD/bad_script.txt"
  run "crawl_loop_bad_script$suffix" 2 -- "$bin/crawl_loop" FooBot "$BUILD/bad_script.txt"
  run "crawl_loop_usage$suffix" 2 -- "$bin/crawl_loop"
done
run "header_c99" 0 -- "$B/header_c99"
for exe in "${dropin_builds[@]}"; do
  run "$(basename "$exe")" 0 -- "$exe"
done

mains=("$B/robots_main")
[[ -n $google_main ]] && mains+=("$google_main")
for main in "${mains[@]}"; do
  prefix=; [[ $main == "$google_main" ]] && prefix=google_
  run "${prefix}robots_main_allowed" 0 -- "$main" "$DATA/groups.txt" FooBot http://foo.bar/x/b
  run "${prefix}robots_main_disallowed" 1 -- "$main" "$DATA/groups.txt" FooBot http://foo.bar/y/c
  run "${prefix}robots_main_empty" 0 -- "$main" "$DATA/empty.txt" FooBot http://foo.bar/
  run "${prefix}robots_main_usage" 2 -- "$main"
  run "${prefix}robots_main_help" 2 -- "$main" --help
  run "${prefix}robots_main_unreadable" 2 -- "$main" "$DATA/no-such-file.txt" FooBot http://foo.bar/
done

echo "test-c: $passed passed, $failed failed"
echo "$passed passed, $failed failed"
[[ $failed == 0 ]]
