#!/usr/bin/env bash
# Runs every shared case of spec/cases/ through Google's own library: the
# C++ runner (robots_test.cc and spec/), written against Google's API only,
# built against Google's robots.h, robots.cc and reporting_robots.cc instead
# of this repository's headers. Every expected value in spec/cases/ must be
# Google's answer, so this passes; run it after adding or changing a case.
#
#   compat-tests/spec-vs-google.sh GOOGLE_SRC [gtest flags]
#
# GOOGLE_SRC is a checkout of github.com/google/robotstxt (compiled into the
# scratch folder; the repository holds none of it).
#
# Needs: c++, googletest and abseil (Debian: libgtest-dev libabsl-dev).
# Environment:
#   OUT          scratch folder (default: <target>/spec-vs-google)
#   CXX          the compiler (default c++)
#   GOOGLE_LIBS  what Google's sources need of abseil
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
[[ $# -ge 1 ]] || { sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2; }
GOOGLE_SRC=$(cd "$1" && pwd)
shift
for f in robots.h robots.cc reporting_robots.h reporting_robots.cc; do
  [[ -f $GOOGLE_SRC/$f ]] || { echo "no $f in $GOOGLE_SRC" >&2; exit 2; }
done
OUT=${OUT:-${CARGO_TARGET_DIR:-$ROOT/target}/spec-vs-google}
CXX=${CXX:-c++}
GOOGLE_LIBS=${GOOGLE_LIBS:--labsl_strings -labsl_str_format_internal -labsl_throw_delegate -labsl_raw_logging_internal}
mkdir -p "$OUT"
echo "== building the spec runner against Google's library from $GOOGLE_SRC" >&2
# shellcheck disable=SC2086 # a flag list
"$CXX" -std=c++17 -O1 -I"$GOOGLE_SRC" -I"$ROOT/compat-tests" \
  -DROBOTSTXT_SPEC_CASES_DIR="\"$ROOT/spec/cases\"" \
  "$ROOT/compat-tests/robots_test.cc" "$ROOT/compat-tests/spec/runner.cc" \
  "$ROOT/compat-tests/spec/json.cc" "$GOOGLE_SRC/robots.cc" "$GOOGLE_SRC/reporting_robots.cc" \
  -lgtest $GOOGLE_LIBS -lpthread -o "$OUT/spec_google"
"$OUT/spec_google" --gtest_brief=1 "$@"
