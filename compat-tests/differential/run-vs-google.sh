#!/usr/bin/env bash
# The differential test against Google's library: differential.cc built
# against this repository's drop-in headers and librobotstxt and against
# Google's robots.h and robots.cc, run on the corpus and on generated
# adversarial bodies, each way of asking (a fresh matcher per query, a kept
# matcher asked each body's queries again, the callback parse with and
# without line metadata); prints the number of differing lines per set and
# mode, and the first differences.
# Exits 1 when any differ.
#
#   compat-tests/differential/run-vs-google.sh GOOGLE_SRC [CORPUS_DIR]
#
# GOOGLE_SRC is a checkout of github.com/google/robotstxt (compiled into the
# scratch folder; the repository holds none of it). CORPUS_DIR defaults to
# ../shared/corpus beside the repository.
#
# Environment:
#   SEEDS   seeds of the adversarial sets, 20,000 bodies each (default "1 2 3")
#   OUT     scratch folder (default: <target>/vs-google)
#   CXX, CXXFLAGS_BENCH, GOOGLE_LIBS   see compat-tests/build-both.sh
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
[[ $# -ge 1 ]] || { sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2; }
GOOGLE_SRC=$(cd "$1" && pwd)
CORPUS=${2:-$ROOT/../shared/corpus}
[[ -d $CORPUS/robotfiles && -d $CORPUS/links ]] || { echo "no corpus at $CORPUS" >&2; exit 2; }
OUT=${OUT:-${CARGO_TARGET_DIR:-$ROOT/target}/vs-google}
SEEDS=${SEEDS:-1 2 3}

# shellcheck source=../build-both.sh
source "$ROOT/compat-tests/build-both.sh"
build_ours
build_google
compile_ours "$ROOT/compat-tests/differential/differential.cc" "$OUT/ours/differential"
compile_google "$ROOT/compat-tests/differential/differential.cc" "$OUT/google/differential"

differing=0
check() {
  local set=$1 mode=$2 seed=$3 name=$1
  [[ $set == adversarial ]] && name="adversarial seed $seed"
  "$OUT/ours/differential" "$CORPUS" "$set" "$mode" "$seed" >"$OUT/ours.txt"
  "$OUT/google/differential" "$CORPUS" "$set" "$mode" "$seed" >"$OUT/google.txt"
  local lines diffs
  lines=$(wc -l <"$OUT/google.txt")
  diffs=$(diff "$OUT/ours.txt" "$OUT/google.txt" | grep -c '^<' || true)
  printf '%-24s %-10s %8d lines  %d differ\n' "$name" "$mode" "$lines" "$diffs"
  if ((diffs > 0)); then
    differing=$((differing + diffs))
    diff "$OUT/ours.txt" "$OUT/google.txt" | head -6 | sed 's/^/    /'
  fi
}

echo "== lines: <body> allowed disallow disallow_ignore_global ever_seen matching_line" \
  "allow_/disallow_ (priority line, global then specific) seen_global seen_specific" \
  "seen_separator; parse, directives: <body> events hash"
for mode in fresh kept parse directives; do
  check corpus "$mode" 0
  for seed in $SEEDS; do check adversarial "$mode" "$seed"; done
done
if ((differing > 0)); then
  echo "$differing lines differ (bodies: $OUT/*/differential CORPUS SET dump N)"
  exit 1
fi
echo "no differences"
