#!/usr/bin/env bash
# The drop-in headers (include/robots.h, reporting_robots.h) in programs
# whose translation units are built with different flags, as real code
# bases mix them, with g++ and with clang++ (tests/c/modes/):
#
#   modes_mixed    four units: exceptions and RTTI; -fno-exceptions;
#                  -fno-rtti (each makes a RobotsMatcher subclass of its
#                  own); -fno-exceptions -fno-rtti -fno-threadsafe-statics.
#                  Each parses, makes matchers and queries every unit's,
#                  handlers throw through parses and queries called from
#                  each, and an exit handler queries again. Linked in two
#                  orders (a linker keeps the first unit's copy of an inline
#                  function), both under ASan and UBSan.
#   modes_plugin   a -fno-rtti, hidden-visibility plugin loaded with
#                  dlopen() by a program built with RTTI; each side queries
#                  the other's matchers and parses with its handlers.
#   modes_threads  the first queries of four threads at once in a unit
#                  built with -fno-threadsafe-statics, under TSan.
#
# Each program's output must equal tests/c/expected/<program>.txt, which
# the same programs printed built against Google's robots.h and robots.cc;
# built against the drop-in, the programs also check that the shortcuts
# held in every unit (plain matchers answered by the library's matcher, no
# line metadata for handlers that keep the default).
#
#   scripts/test-dropin-modes.sh                      # test the drop-in
#   scripts/test-dropin-modes.sh --record GOOGLE_SRC  # rewrite the expected
#                                                     # transcripts
#
# --record takes a checkout of github.com/google/robotstxt, compiles its
# robots.cc once into a shared library with g++ and the default flags (as
# Google's CMake builds it; abseil from the system, Debian's libabsl-dev),
# builds the programs against it with both compilers and writes their
# (identical) output. Environment: CARGO_TARGET_DIR (default ./target).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
BUILD=$TARGET/dropin-modes
SRC=$ROOT/tests/c/modes
EXPECTED=$ROOT/tests/c/expected
GOOGLE_SRC=
if [[ ${1:-} == --record ]]; then
  [[ $# == 2 && -f $2/robots.cc ]] || { echo "usage: $0 --record GOOGLE_SRC" >&2; exit 2; }
  GOOGLE_SRC=$(cd "$2" && pwd)
fi

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "ok   $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1" >&2; }

rm -rf "$BUILD"
mkdir -p "$BUILD/lib"
if [[ -z $GOOGLE_SRC ]]; then
  (cd "$ROOT" && CARGO_TARGET_DIR=$TARGET cargo build --release --quiet -p robotstxt-exact-capi)
  # Under its SONAME, as an installed library is found.
  soname=$(readelf -d "$TARGET/release/librobotstxt.so" | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')
  cp "$TARGET/release/librobotstxt.so" "$BUILD/lib/$soname"
  ln -s "$soname" "$BUILD/lib/librobotstxt.so"
  INCLUDE=(-I"$ROOT/include")
  LIBS=(-L"$BUILD/lib" -lrobotstxt -Wl,-rpath,"$BUILD/lib")
  WARN=(-Wall -Wextra -Wpedantic -Werror)
else
  g++ -std=c++17 -O1 -fPIC -I"$GOOGLE_SRC" -c "$GOOGLE_SRC/robots.cc" -o "$BUILD/robots.o"
  g++ -shared -o "$BUILD/lib/librobots.so" "$BUILD/robots.o" \
    -labsl_strings -labsl_throw_delegate -labsl_raw_logging_internal
  INCLUDE=(-I"$GOOGLE_SRC")
  LIBS=(-L"$BUILD/lib" -lrobots -Wl,-rpath,"$BUILD/lib")
  WARN=()
fi

STD=(-std=c++17 -O1 -g -I"$SRC" "${INCLUDE[@]}" "${WARN[@]}")
# Not UBSan's vptr check: it reads RTTI, which objects of the -fno-rtti
# units lack, so it fails on any program of such mixed units (Google's
# library's too).
ASAN=(-fsanitize=address,undefined -fno-sanitize=vptr -fno-sanitize-recover=all
  -fno-omit-frame-pointer)
TSAN=(-fsanitize=thread)
# The units of modes_unit.cc and their flags.
UNITS=(noexc:-fno-exceptions nortti:-fno-rtti
  "google:-fno-exceptions -fno-rtti -fno-threadsafe-statics")

# check NAME OUTPUT: the output equals Google's transcript (or, recording,
# becomes it; every build must then print the same).
check() {
  local name=$1 out=$2 expected=$EXPECTED/${1%%.*}.txt
  if [[ -n $GOOGLE_SRC && ! -f $BUILD/recorded.${1%%.*} ]]; then
    cp "$out" "$expected"
    touch "$BUILD/recorded.${1%%.*}"
    pass "$name: recorded $(wc -l <"$expected") lines into ${expected#"$ROOT/"}"
  elif diff -u "$expected" "$out" >"$BUILD/$name.diff"; then
    pass "$name: Google's transcript, $(wc -l <"$out") lines"
  else
    fail "$name: differs from ${expected#"$ROOT/"}"
    head -40 "$BUILD/$name.diff" >&2
  fi
}

# run NAME PROGRAM ARGS...: runs it, then checks its output.
run() {
  local name=$1 status=0
  shift
  "$@" >"$BUILD/$name.out" 2>"$BUILD/$name.err" || status=$?
  if [[ $status != 0 ]]; then
    fail "$name: exit status $status"
    tail -30 "$BUILD/$name.err" >&2
    return
  fi
  if [[ -z $GOOGLE_SRC ]]; then
    grep '^drop-in:' "$BUILD/$name.err" | sed "s/^/     $name: /" || true
  fi
  check "$name" "$BUILD/$name.out"
}

for cxx in g++ clang++; do
  out=$BUILD/$cxx
  mkdir -p "$out"
  san=("${ASAN[@]}")
  [[ -n $GOOGLE_SRC ]] && san=()
  # modes_mixed: the four units, linked in both orders.
  objects=()
  for unit in "${UNITS[@]}"; do
    name=${unit%%:*}
    read -r -a flags <<<"${unit#*:}"
    $cxx "${STD[@]}" "${san[@]}" "${flags[@]}" -DMODES_UNIT="$name" -c "$SRC/modes_unit.cc" \
      -o "$out/unit_$name.o"
    objects+=("$out/unit_$name.o")
  done
  $cxx "${STD[@]}" "${san[@]}" -c "$SRC/modes_main.cc" -o "$out/main.o"
  $cxx "${san[@]}" -o "$out/mixed_main_first" "$out/main.o" "${objects[@]}" "${LIBS[@]}" -ldl
  reversed=()
  for ((i = ${#objects[@]} - 1; i >= 0; i--)); do reversed+=("${objects[$i]}"); done
  $cxx "${san[@]}" -o "$out/mixed_units_first" "${reversed[@]}" "$out/main.o" "${LIBS[@]}" -ldl
  run "modes_mixed.$cxx.main-first" env ASAN_OPTIONS=detect_leaks=1 "$out/mixed_main_first"
  run "modes_mixed.$cxx.units-first" env ASAN_OPTIONS=detect_leaks=1 "$out/mixed_units_first"

  # modes_plugin: -fno-rtti, hidden visibility, dlopen()ed by an RTTI host.
  $cxx "${STD[@]}" -fPIC -shared -fno-rtti -fvisibility=hidden -fvisibility-inlines-hidden \
    "$SRC/modes_plugin.cc" -o "$out/modes_plugin.so" "${LIBS[@]}"
  $cxx "${STD[@]}" -rdynamic "$SRC/modes_host.cc" -o "$out/modes_host" "${LIBS[@]}" -ldl
  run "modes_plugin.$cxx" "$out/modes_host" "$out/modes_plugin.so"

  # modes_threads: four first queries at once, -fno-threadsafe-statics.
  tsan=("${TSAN[@]}")
  [[ -n $GOOGLE_SRC ]] && tsan=()
  $cxx "${STD[@]}" "${tsan[@]}" -fno-exceptions -fno-rtti -fno-threadsafe-statics \
    -DMODES_UNIT=google -c "$SRC/modes_unit.cc" -o "$out/threads_unit.o"
  $cxx "${STD[@]}" "${tsan[@]}" -pthread "$SRC/modes_threads.cc" "$out/threads_unit.o" \
    -o "$out/modes_threads" "${LIBS[@]}"
  run "modes_threads.$cxx" env TSAN_OPTIONS=halt_on_error=1:exitcode=66 "$out/modes_threads"
done

echo "test-dropin-modes: $passed passed, $failed failed"
[[ $failed == 0 ]]
