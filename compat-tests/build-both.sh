# Sourced by the scripts that compare this library with Google's
# (compat-tests/bench/run-vs-google.sh, compat-tests/differential/run-vs-google.sh):
# builds one C++ program twice, once against this repository's drop-in
# headers and librobotstxt, once against Google's robots.h and robots.cc
# from a source tree the caller names. Nothing of Google's is kept in the
# repository; its objects go to the scratch folder.
#
# Needs: cargo, readelf, c++ (g++ or clang++), Google's dependencies (abseil: on
# Debian `apt-get install libabsl-dev`).
#
# After sourcing, with ROOT (this repository), GOOGLE_SRC (Google's tree)
# and OUT (a scratch folder) set:
#   build_ours                 cargo build --release of the C ABI
#   build_google               compiles Google's robots.cc once
#   compile_ours SRC BIN       SRC against our headers and library
#   compile_google SRC BIN     SRC against Google's header and object

CXX=${CXX:-c++}
CXXFLAGS_BENCH=${CXXFLAGS_BENCH:--O2}
# What Google's robots.cc needs of abseil (Debian's libabsl-dev 20220623).
GOOGLE_LIBS=${GOOGLE_LIBS:--labsl_strings -labsl_throw_delegate -labsl_raw_logging_internal}

build_ours() {
  local target=${CARGO_TARGET_DIR:-$ROOT/target}
  echo "== building librobotstxt (cargo build --release)" >&2
  (cd "$ROOT" && cargo build --release --quiet -p robotstxt-exact-capi)
  local built=$target/release/librobotstxt.so soname
  [[ -f $built ]] || { echo "no $built" >&2; return 1; }
  # Staged under its SONAME, as an installed library is found.
  OUR_LIB=$OUT/ours/lib
  rm -rf "$OUR_LIB"
  mkdir -p "$OUR_LIB"
  soname=$(readelf -d "$built" | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')
  cp "$built" "$OUR_LIB/$soname"
  ln -s "$soname" "$OUR_LIB/librobotstxt.so"
}

build_google() {
  [[ -f $GOOGLE_SRC/robots.cc && -f $GOOGLE_SRC/robots.h ]] || {
    echo "no robots.cc/robots.h in $GOOGLE_SRC (a checkout of github.com/google/robotstxt)" >&2
    return 1
  }
  mkdir -p "$OUT/google"
  echo "== compiling Google's robots.cc from $GOOGLE_SRC" >&2
  # shellcheck disable=SC2086 # flag lists
  "$CXX" -std=c++17 $CXXFLAGS_BENCH -I"$GOOGLE_SRC" -c "$GOOGLE_SRC/robots.cc" \
    -o "$OUT/google/robots.o"
}

compile_ours() {
  mkdir -p "$(dirname "$2")"
  # The library is found beside the program (BIN's folder must be
  # $OUT/ours, where lib/ is), so the pair can be copied to another machine.
  # shellcheck disable=SC2086,SC2016 # flag lists; $ORIGIN is the loader's
  "$CXX" -std=c++17 $CXXFLAGS_BENCH -I"$ROOT/include" -o "$2" "$1" \
    -L"$OUR_LIB" -lrobotstxt -Wl,-rpath,'$ORIGIN/lib'
}

compile_google() {
  mkdir -p "$(dirname "$2")"
  # shellcheck disable=SC2086
  "$CXX" -std=c++17 $CXXFLAGS_BENCH -I"$GOOGLE_SRC" -o "$2" "$1" "$OUT/google/robots.o" \
    $GOOGLE_LIBS
}
