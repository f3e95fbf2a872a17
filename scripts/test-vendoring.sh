#!/usr/bin/env bash
# This checkout where Google's robotstxt repository stood, in the three ways
# projects vendor it. Each runs its project's own build steps, unchanged,
# with a small client of this repository (tests/vendoring/) standing in for
# the project's own source, which stays out of this repository:
#
#   the seed gem google_robotstxt_parser (ext/robotstxt/extconf.rb): in
#     robotstxt/c-build, `cmake ..` and `make`; have_library('robots') with
#     -L robotstxt/c-build; the extension compiled with -std=c++11
#     -I robotstxt -I robotstxt/c-build/libs/abseil-cpp-src and linked with
#     -lrobots (librobots.so). The gem then links c-build's libraries into
#     /usr/local/lib, which a test does not: it puts c-build on the loader's
#     path instead.
#   jwm.robotstxt (setup.py): `cmake -S robotstxt -B c-build
#     -DROBOTS_INSTALL=OFF`, `cmake --build c-build`, every file of c-build
#     with a .so suffix deleted, the pybind11 extension compiled with
#     -std=c++14 and pybind11's -fvisibility=hidden, -I robotstxt
#     -I c-build/libs/abseil-cpp-src, linked with -lrobots (now
#     librobots.a) -labsl_strings -labsl_string_view -labsl_throw_delegate
#     from c-build's folders (abseil from the system here: the project
#     includes abseil's header itself).
#   rampart (extern/extern.cmake, src/CMakeLists.txt): add_subdirectory() of
#     extern/robotstxt; a shared module compiled as C++14 with
#     extern/robotstxt/ on its include path, linked with
#     ${PROJECT_BINARY_DIR}/extern/robotstxt/librobots.a, after
#     add_dependencies(... robots robots-static robots-main).
#
# Then each client, loaded as its project loads it (dlopen), answers the
# queries Google's library was asked: always those recorded on the 158
# robots.txt files in compat-tests/data/, and, where the shared corpus is,
# every URL of it for Googlebot (tests/vendoring/google_corpus_googlebot.tsv;
# skipped and counted without the corpus, as test-all.sh's other corpus
# tests). The build folders must also have Google's layout at their top.
#
# One copy of the checkout (the files git lists) serves all three projects,
# each finding it where it expects Google's repository (a link), so cargo
# compiles it once; the copy shares CARGO_TARGET_DIR, so only this
# repository's own crates compile again.
#
#   scripts/test-vendoring.sh
#   scripts/test-vendoring.sh --record GOOGLE_SRC   # rewrite the corpus digests
#
# --record takes a checkout of github.com/google/robotstxt, builds its
# robots.cc as a shared library (g++, abseil from the system) and the
# clients against it, and writes Google's corpus answers.
#
# Environment: CARGO_TARGET_DIR (default ./target), ROBOTSTXT_CORPUS (default
# ../shared/corpus), ROBOTSTXT_REQUIRE_CORPUS=1 (a missing corpus fails),
# ROBOTSTXT_SKIP_LOG (where test-all.sh counts skips), KEEP_WORK=1.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
export CARGO_TARGET_DIR=$TARGET
CORPUS=${ROBOTSTXT_CORPUS:-$ROOT/../shared/corpus}
CLIENTS=$ROOT/tests/vendoring
RECORDED=$ROOT/compat-tests/data/google_protected_state.tsv
RECORDED_FILES=$ROOT/compat-tests/data/robotfiles
GOOGLE_CORPUS=$CLIENTS/google_corpus_googlebot.tsv
CXX=${CXX:-c++}
CC=${CC:-cc}
W=$(mktemp -d "${TMPDIR:-/tmp}/robotstxt-vendoring.XXXXXX")
cleanup() {
  if [[ ${KEEP_WORK:-} == 1 ]]; then echo "work tree kept in $W"; else rm -rf "$W"; fi
}
trap cleanup EXIT

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok   $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1" >&2; }
skipped() { # skipped WHAT WHY
  echo "SKIPPED: $1: $2" >&2
  if [[ -n ${ROBOTSTXT_SKIP_LOG:-} ]]; then
    printf 'script\t%s\t%s\n' "$1" "$2" >>"$ROBOTSTXT_SKIP_LOG"
  fi
}
step() { echo "== $*"; }

g++ -std=c++17 -O1 -Wall -Wextra -Wpedantic -Werror "$CLIENTS/check_client.cc" \
  -o "$W/check_client" -ldl

if [[ ${1:-} == --record ]]; then
  [[ $# == 2 && -f $2/robots.cc ]] || { echo "usage: $0 --record GOOGLE_SRC" >&2; exit 2; }
  G=$(cd "$2" && pwd)
  g++ -std=c++17 -O1 -fPIC -I"$G" -c "$G/robots.cc" -o "$W/robots.o"
  g++ -shared -o "$W/librobots.so" "$W/robots.o" \
    -labsl_strings -labsl_throw_delegate -labsl_raw_logging_internal
  g++ -std=c++14 -O1 -fPIC -shared -fvisibility=hidden -I"$G" "$CLIENTS/jwm/googlebot.cc" \
    -L"$W" -lrobots -Wl,-rpath,"$W" -o "$W/jwm.so"
  {
    echo "# Google's answers for Googlebot on every URL of the shared corpus, per site."
    echo "#"
    echo "# Recorded from Google's robotstxt library (github.com/google/robotstxt, commit"
    echo "# $(git -C "$G" rev-parse HEAD 2>/dev/null || echo "(unknown)")), robots.cc built with g++ -std=c++17 against"
    echo "# Debian's abseil (libabsl-dev 20220623), asked through tests/vendoring/jwm/googlebot.cc"
    echo "# built against it: \`scripts/test-vendoring.sh --record GOOGLE_SRC\` writes this file."
    echo "#"
    echo "# Columns, tab-separated: site (the URLs of corpus links/<site>, in file order, asked"
    echo "# against corpus robotfiles/<site>), URLs asked, URLs allowed, FNV-1a 64 of the"
    echo "# verdicts (\"a\" or \"d\" per URL), FNV-1a 64 of the matching lines (decimal, one a line)."
    "$W/check_client" "$W/jwm.so" record-corpus "$CORPUS"
  } >"$GOOGLE_CORPUS"
  echo "wrote $(grep -vc '^#' "$GOOGLE_CORPUS") sites into ${GOOGLE_CORPUS#"$ROOT/"}"
  exit 0
fi

have_corpus=0
if [[ -d $CORPUS/robotfiles && -d $CORPUS/links ]]; then
  have_corpus=1
elif [[ ${ROBOTSTXT_REQUIRE_CORPUS:-0} == 1 ]]; then
  echo "no corpus at $CORPUS, and the corpus is required" >&2
  exit 1
fi

# ask NAME CLIENT.so [one-agent]: the client answers as Google's library.
ask() {
  local name=$1 client=$2 one=${3:-}
  if "$W/check_client" "$client" recorded "$RECORDED" "$RECORDED_FILES" $one \
    >"$W/$name.recorded" 2>&1; then
    pass "$name: $(cat "$W/$name.recorded")"
  else
    fail "$name: answers differ from Google's"; head -20 "$W/$name.recorded" >&2
  fi
  if ((have_corpus)); then
    if "$W/check_client" "$client" corpus "$CORPUS" "$GOOGLE_CORPUS" >"$W/$name.corpus" 2>&1; then
      pass "$name: $(tail -1 "$W/$name.corpus")"
    else
      fail "$name: corpus answers differ from Google's"; head -20 "$W/$name.corpus" >&2
    fi
  else
    skipped "$name on the corpus" "no corpus at $CORPUS"
  fi
}

# layout NAME DIR [static-only]: Google's files at the top of a build folder.
layout() {
  local name=$1 dir=$2 f
  local files=(librobots.a robots)
  [[ ${3:-} == static-only ]] || files+=(librobots.so)
  for f in "${files[@]}"; do
    [[ -e $dir/$f ]] || { fail "$name: no $f at the top of ${dir#"$W/"}"; return; }
  done
  pass "$name: ${files[*]} at the top of ${dir#"$W/"}"
}

step "a copy of the checkout"
CHECKOUT=$W/checkout/robotstxt
mkdir -p "$CHECKOUT"
(cd "$ROOT" && git ls-files -z --cached --others --exclude-standard |
  tar --null -T - -cf - | tar -xf - -C "$CHECKOUT")

step "the seed gem google_robotstxt_parser"
GEM=$W/gem/ext/robotstxt
mkdir -p "$GEM"
ln -s "$CHECKOUT" "$GEM/robotstxt"
(cd "$GEM/robotstxt" && mkdir -p c-build && cd c-build && cmake .. && make) >"$W/gem.log" 2>&1 ||
  { fail "gem: cmake .. and make in robotstxt/c-build"; tail -30 "$W/gem.log" >&2; }
layout gem "$GEM/robotstxt/c-build"
printf 'int main(void) { return 0; }\n' >"$W/conftest.c"
if (cd "$GEM" && $CC -o "$W/conftest" "$W/conftest.c" -L robotstxt/c-build -lrobots); then
  pass "gem: have_library('robots') links -lrobots from robotstxt/c-build"
else
  fail "gem: have_library('robots')"
fi
if (cd "$GEM" && $CXX -std=c++11 -fPIC -shared -I robotstxt -I robotstxt/c-build/libs/abseil-cpp-src \
  "$CLIENTS/gem/robotstxt.cc" -L robotstxt/c-build -lrobots -o "$W/gem.so"); then
  pass "gem: the extension builds with -I robotstxt and -lrobots"
  LD_LIBRARY_PATH=$GEM/robotstxt/c-build ask gem "$W/gem.so" one-agent
else
  fail "gem: the extension does not build"
fi

step "jwm.robotstxt"
JWM=$W/jwm
mkdir -p "$JWM"
ln -s "$CHECKOUT" "$JWM/robotstxt"
(cd "$JWM" && cmake -S robotstxt -B c-build -DROBOTS_INSTALL=OFF && cmake --build c-build) \
  >"$W/jwm.log" 2>&1 || { fail "jwm: cmake -S robotstxt -B c-build -DROBOTS_INSTALL=OFF"; tail -30 "$W/jwm.log" >&2; }
layout jwm "$JWM/c-build"
# setup.py's remove_dynamic_libraries(): every file whose suffixes include .so.
for path in "$JWM"/c-build/*; do
  [[ -d $path ]] && continue
  [[ $(basename "$path") =~ \.so(\.|$) ]] && rm -f "$path"
done
layout jwm-without-so "$JWM/c-build" static-only
if ! echo '#include <absl/strings/string_view.h>' | $CXX -std=c++14 -x c++ -fsyntax-only - 2>/dev/null; then
  skipped "jwm.robotstxt's extension" "it includes abseil's string_view.h, and abseil's headers are not installed"
else
  # Debian 12's abseil (20220623) has absl_string_view inside absl_strings;
  # the later abseil jwm's setup.py expects has it apart. A linker script
  # stands in for the newer name.
  compat=()
  if [[ $($CXX -print-file-name=libabsl_string_view.so) == libabsl_string_view.so ]]; then
    mkdir -p "$W/abseil-compat"
    echo 'INPUT(-labsl_strings)' >"$W/abseil-compat/libabsl_string_view.so"
    compat=(-L"$W/abseil-compat")
  fi
  if (cd "$JWM" && $CXX -std=c++14 -fPIC -shared -fvisibility=hidden \
    -I robotstxt -I c-build/libs/abseil-cpp-src "$CLIENTS/jwm/googlebot.cc" \
    -L c-build -L c-build/libs/abseil-cpp-build/absl/strings -L c-build/libs/abseil-cpp-build/absl/base \
    "${compat[@]}" -lrobots -labsl_strings -labsl_string_view -labsl_throw_delegate -o "$W/jwm.so"); then
    if readelf -d "$W/jwm.so" | grep -q 'NEEDED.*librobots'; then
      fail "jwm: the extension loads librobots dynamically, not librobots.a"
    else
      pass "jwm: the extension links librobots.a statically"
    fi
    ask jwm "$W/jwm.so"
  else
    fail "jwm: the extension does not build"
  fi
fi

step "rampart"
RAMPART=$W/rampart
mkdir -p "$RAMPART/extern"
cp "$CLIENTS"/rampart/* "$RAMPART/"
ln -s "$CHECKOUT" "$RAMPART/extern/robotstxt"
(cmake -S "$RAMPART" -B "$RAMPART/build" && cmake --build "$RAMPART/build") >"$W/rampart.log" 2>&1 ||
  { fail "rampart: add_subdirectory(extern/robotstxt)"; tail -30 "$W/rampart.log" >&2; }
layout rampart "$RAMPART/build/extern/robotstxt"
if [[ -f $RAMPART/build/librampart-robots.so ]]; then
  pass "rampart: librampart-robots.so builds after robots, robots-static and robots-main"
  ask rampart "$RAMPART/build/librampart-robots.so" one-agent
else
  fail "rampart: no librampart-robots.so"
fi

step "Google's option names"
# The other options of Google's CMakeLists.txt: no static library, no
# dependencies to fetch (none are, either way).
(cmake -S "$CHECKOUT" -B "$W/options" -DROBOTS_BUILD_STATIC=OFF -DROBOTS_SKIP_DEPS=ON \
  -DROBOTS_BUILD_TESTS=OFF -DROBOTS_INSTALL=OFF && cmake --build "$W/options") >"$W/options.log" 2>&1 ||
  { fail "cmake with Google's options"; tail -30 "$W/options.log" >&2; }
if [[ -e $W/options/librobots.so && ! -e $W/options/librobots.a ]]; then
  pass "ROBOTS_BUILD_STATIC=OFF: librobots.so and no librobots.a"
else
  fail "ROBOTS_BUILD_STATIC=OFF: librobots.so and no librobots.a expected"
fi

echo "test-vendoring: $passed passed, $failed failed"
[[ $failed == 0 ]]
