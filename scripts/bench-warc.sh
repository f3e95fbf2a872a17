#!/usr/bin/env bash
# The WARC benchmark (not a test): `robots warc` on Common Crawl-like
# robots.txt WARC files made from the corpus, beside zcat of the same files
# and beside the datatrove-style Python route (warcio or FastWARC, then
# Protego), all on the same files, one after the other on this machine.
# Prints records and MB per second (compressed and decoded) for each.
#
#   scripts/bench-warc.sh [RECORDS] [FILES]     (default 40000 records in 4 files)
#
# Environment: ROBOTSTXT_CORPUS (default ../shared/corpus), BENCH_DIR (the
# files and a virtual environment for warcio, FastWARC and Protego; default
# a folder under /tmp, kept between runs), ROUNDS (default 3: the best of
# each is shown).
set -Eeuo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
RECORDS="${1:-40000}"
FILES="${2:-4}"
CORPUS="${ROBOTSTXT_CORPUS:-$ROOT/../shared/corpus}"
DIR="${BENCH_DIR:-${TMPDIR:-/tmp}/robotstxt-bench-warc}"
ROUNDS="${ROUNDS:-3}"
mkdir -p "$DIR"
[[ -d "$CORPUS/robotfiles" ]] || { echo "no corpus at $CORPUS" >&2; exit 1; }

if [[ ! -x "$DIR/venv/bin/python" ]]; then
  python3 -m venv "$DIR/venv"
  "$DIR/venv/bin/pip" install -q warcio fastwarc protego
fi
PY="$DIR/venv/bin/python"
PREFIX="$DIR/cc-robotstxt-$RECORDS"
if [[ ! -f "$PREFIX-00.warc.gz" ]]; then
  "$PY" scripts/bench_warc.py make "$CORPUS/robotfiles" "$PREFIX" "$FILES" "$RECORDS"
fi
WARCS=("$PREFIX"-*.warc.gz)
cargo build -q --release -p robotstxt-exact-cli
ROBOTS="${CARGO_TARGET_DIR:-$ROOT/target}/release/robots"
GZ_BYTES=$(cat "${WARCS[@]}" | wc -c)
RAW_BYTES=$(zcat "${WARCS[@]}" | wc -c)
CORES=$(nproc)

best() { # best NAME COMMAND...: the best wall time of ROUNDS runs, in seconds
  local name="$1" t b=""
  shift
  for ((r = 0; r < ROUNDS; r++)); do
    local s e
    s=$(date +%s.%N)
    "$@" >/dev/null
    e=$(date +%s.%N)
    t=$(echo "$e - $s" | bc)
    if [[ -z "$b" ]] || (($(echo "$t < $b" | bc))); then b=$t; fi
  done
  printf '%-44s %7.3f s  %9.0f records/s  %7.1f MB/s gz  %7.1f MB/s decoded\n' "$name" "$b" \
    "$(echo "$RECORDS / $b" | bc -l)" "$(echo "$GZ_BYTES / $b / 1000000" | bc -l)" \
    "$(echo "$RAW_BYTES / $b / 1000000" | bc -l)"
}

echo "$RECORDS records in ${#WARCS[@]} files: $((GZ_BYTES / 1000000)) MB gzip, $((RAW_BYTES / 1000000)) MB decoded; $CORES cores"
best "zcat (gzip -dc, one core)" zcat "${WARCS[@]}"
best "robots warc --agent GPTBot, 1 thread" "$ROBOTS" warc "${WARCS[@]}" --agent GPTBot --threads 1
best "robots warc --agent GPTBot, all cores" "$ROBOTS" warc "${WARCS[@]}" --agent GPTBot
best "robots warc --agents-from ai, all cores" "$ROBOTS" warc "${WARCS[@]}" --agents-from ai
best "robots warc --format parquet, all cores" "$ROBOTS" warc "${WARCS[@]}" --agent GPTBot --format parquet -o "$DIR/out.parquet"
best "warcio + Protego (datatrove-style)" "$PY" scripts/bench_warc.py warcio GPTBot "${WARCS[@]}"
best "FastWARC + Protego (datatrove-style)" "$PY" scripts/bench_warc.py fastwarc GPTBot "${WARCS[@]}"
