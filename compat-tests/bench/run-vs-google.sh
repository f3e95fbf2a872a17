#!/usr/bin/env bash
# Runs the C++ drop-in benchmarks (dropin_bench.cc, parse_bench.cc) built
# twice, against this repository's robots.h + librobotstxt and against
# Google's robots.h + robots.cc, alternately in one session, and prints the
# ratio of each round (Google's time over ours) and their median. On a
# machine shared with other work, compare the ratios within rounds, not the
# figures across runs.
#
#   compat-tests/bench/run-vs-google.sh GOOGLE_SRC [CORPUS_DIR]
#
# GOOGLE_SRC is a checkout of github.com/google/robotstxt (its robots.cc is
# compiled into the scratch folder; the repository holds none of it).
# CORPUS_DIR defaults to ../shared/corpus beside the repository.
#
# Environment:
#   ROUNDS      rounds of alternation (default 5)
#   INNER       best-of runs inside each program per round (default 3)
#   PER_SITE    URLs per site for dropin_bench (default 20)
#   MODES       dropin_bench modes and "parse" (default:
#               "shuffle shuffle-fresh fresh reuse parse")
#   OUT         scratch folder (default: <target>/vs-google)
#   CXX, CXXFLAGS_BENCH, GOOGLE_LIBS   see compat-tests/build-both.sh
#   PREBUILT    1: build nothing, run the programs an earlier run left in
#               OUT (GOOGLE_SRC is then not read). For timing on a quieter
#               machine without a toolchain: build here with ROUNDS=0 and
#               GOOGLE_LIBS naming abseil's static archives, copy OUT over.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
[[ $# -ge 1 ]] || { sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2; }
PREBUILT=${PREBUILT:-0}
if [[ $PREBUILT != 1 ]]; then
  GOOGLE_SRC=$(cd "$1" && pwd)
fi
CORPUS=${2:-$ROOT/../shared/corpus}
[[ -d $CORPUS/robotfiles && -d $CORPUS/links ]] || { echo "no corpus at $CORPUS" >&2; exit 2; }
OUT=${OUT:-${CARGO_TARGET_DIR:-$ROOT/target}/vs-google}
ROUNDS=${ROUNDS:-5}
INNER=${INNER:-3}
PER_SITE=${PER_SITE:-20}
MODES=${MODES:-shuffle shuffle-fresh fresh reuse parse}

if [[ $PREBUILT == 1 ]]; then
  for prog in ours/dropin_bench ours/parse_bench google/dropin_bench google/parse_bench; do
    [[ -x $OUT/$prog ]] || { echo "PREBUILT=1 but no $OUT/$prog" >&2; exit 2; }
  done
else
  # shellcheck source=../build-both.sh
  source "$ROOT/compat-tests/build-both.sh"
  build_ours
  build_google
  for prog in dropin_bench parse_bench; do
    compile_ours "$ROOT/compat-tests/bench/$prog.cc" "$OUT/ours/$prog"
    compile_google "$ROOT/compat-tests/bench/$prog.cc" "$OUT/google/$prog"
  done
fi

# One run of one build: prints "figure checksum".
run() {
  local side=$1 mode=$2 line
  if [[ $mode == parse ]]; then
    line=$("$OUT/$side/parse_bench" "$CORPUS" "$INNER")
    awk '{for (i = 1; i <= NF; i++) if ($i == "MiB/s,") print $(i - 1), $NF}' <<<"$line"
  else
    line=$("$OUT/$side/dropin_bench" "$CORPUS" "$INNER" "$PER_SITE" 0 "$mode")
    awk '{for (i = 1; i <= NF; i++) if ($i == "ns/query,") print $(i - 1), $NF}' <<<"$line"
  fi
}

declare -A ratios
echo "== $ROUNDS rounds, best of $INNER inside each; ratio = how many times faster ours is"
for ((round = 1; round <= ROUNDS; round++)); do
  for mode in $MODES; do
    # Who goes first alternates, so that neither always runs warmer.
    if ((round % 2)); then
      read -r ours ours_sum < <(run ours "$mode")
      read -r google google_sum < <(run google "$mode")
    else
      read -r google google_sum < <(run google "$mode")
      read -r ours ours_sum < <(run ours "$mode")
    fi
    if [[ $mode == parse ]]; then
      # MiB/s: higher is faster. The handlers' checksums differ by design
      # only where the parsers do.
      ratio=$(awk -v a="$ours" -v b="$google" 'BEGIN {printf "%.2f", a / b}')
      unit="MiB/s"
    else
      ratio=$(awk -v a="$ours" -v b="$google" 'BEGIN {printf "%.2f", b / a}')
      unit="ns/query"
    fi
    same=$([[ $ours_sum == "$google_sum" ]] && echo "same answers" || echo "ANSWERS DIFFER")
    printf 'round %d %-14s ours %10s  Google %10s %-8s  %6sx  (%s)\n' \
      "$round" "$mode" "$ours" "$google" "$unit" "$ratio" "$same"
    [[ $same == "same answers" ]] || exit 1
    ratios[$mode]+="$ratio "
  done
done

# ROUNDS=0 only builds (for a PREBUILT=1 run elsewhere): no ratios.
((ROUNDS > 0)) || exit 0
echo "== ratios per mode (min / median / max over the rounds)"
for mode in $MODES; do
  # shellcheck disable=SC2086 # one word per ratio
  printf '%s\n' ${ratios[$mode]} | sort -g | awk -v mode="$mode" '
    { r[NR] = $1 }
    END {
      med = NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
      printf "%-14s %sx / %.2fx / %sx\n", mode, r[1], med, r[NR]
    }'
done
