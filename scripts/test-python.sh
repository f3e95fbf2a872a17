#!/usr/bin/env bash
# The Python package (python/) as PyPI would ship it: `maturin sdist`, then
# the wheel built from that sdist by pip, as a manylinux wheel (maturin's
# --zig --compatibility manylinux2014: zig, from PyPI's ziglang, links
# against glibc 2.17's symbols), its tag and glibc needs checked
# (auditwheel, objdump); then that wheel installed into a virtual
# environment with its `spark` extra and what the tests need (pytest, mypy,
# Protego, Scrapy), and pytest: the shared cases of spec/, the corpus differential
# against the Rust core, the adapters against urllib.robotparser and
# Protego, 8 threads on one Robots, a Scrapy crawl of a local server and a
# local Spark run. One release compile of the extension in all.
#
# Environment:
#   ROBOTSTXT_PY_VENV   the virtual environment (default python/.venv; kept
#                       between runs, so later runs only rebuild the package)
#   PYTHON              the interpreter to create it with (default python3)
#   PYTEST_ARGS         extra pytest arguments
#   ROBOTSTXT_CORPUS    the corpus (default ../shared/corpus); the tests that
#                       need it are skipped without it, and counted in the
#                       last line (or, run by test-all.sh, in its last line)
#   ROBOTSTXT_REQUIRE_CORPUS=1  fail those tests instead of skipping them
set -Eeuo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VENV="${ROBOTSTXT_PY_VENV:-$ROOT/python/.venv}"
PYTHON="${PYTHON:-python3}"

die() {
  printf 'test-python: FAILED: %s\n' "$*" >&2
  exit 1
}

as_root() {
  if [[ "$(id -u)" == 0 ]]; then "$@"; else sudo "$@"; fi
}

command -v "$PYTHON" >/dev/null || die "$PYTHON not found"
if [[ ! -x "$VENV/bin/python" ]]; then
  if ! "$PYTHON" -m venv "$VENV" 2>/dev/null; then
    # Debian splits venv out of the interpreter.
    command -v apt-get >/dev/null || die "cannot create a virtual environment with $PYTHON"
    as_root apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q python3-venv
    "$PYTHON" -m venv "$VENV"
  fi
fi
# Spark needs a Java runtime; Debian's is enough.
if ! command -v java >/dev/null; then
  command -v apt-get >/dev/null || die "java not found (needed by the Spark test)"
  as_root apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends default-jre-headless
fi

PY="$VENV/bin/python"
"$PY" -m pip install -q --upgrade pip
# The build tools, and the test dependencies that no extra of the package
# names. PySpark, pyarrow and pandas come with the wheel's `spark` extra
# below, so the Spark tests fail if that extra misses one. Protego and
# Scrapy are the versions whose own test suites scripts/test-peers.sh runs
# against the drop-ins (their tests import their own helpers).
"$PY" -m pip install -q pytest mypy protego==0.7.0 scrapy==2.19.0 "maturin>=1.7,<2" ziglang auditwheel

DIST="$(mktemp -d "${TMPDIR:-/tmp}/robotstxt-dist.XXXXXX")"
trap 'rm -rf "$DIST"' EXIT
# python/tests/conftest.py appends each test it skips for want of the
# corpus to this log; test-all.sh passes its own and counts them itself.
OWN_SKIP_LOG=0
if [[ -z "${ROBOTSTXT_SKIP_LOG:-}" ]]; then
  export ROBOTSTXT_SKIP_LOG="$DIST/skipped.log"
  OWN_SKIP_LOG=1
fi
echo "--- maturin sdist, then pip builds the manylinux wheel from it"
# An editable install (maturin develop, pip install -e) leaves its build of
# the extension in the source tree, where the sdist would pick it up stale.
rm -f python/python/robotstxt_exact/_native*.so
"$VENV/bin/maturin" sdist --manifest-path python/Cargo.toml --out "$DIST"
SDIST="$(ls "$DIST"/robotstxt_exact-*.tar.gz)"
# pip runs maturin's PEP 517 backend (the one installed above: no isolated
# environment to download), which takes its extra options from
# MATURIN_PEP517_ARGS; maturin finds zig as `python -m ziglang` on PATH.
# The target directory outlives the run, so reruns reuse the dependencies.
PATH="$VENV/bin:$PATH" CARGO_TARGET_DIR="$ROOT/python/target" \
  MATURIN_PEP517_ARGS="--zig --compatibility manylinux2014" \
  "$PY" -m pip wheel -q --no-deps --no-build-isolation -w "$DIST" "$SDIST"
WHEEL="$(ls "$DIST"/robotstxt_exact-*.whl)"
echo "$(basename "$SDIST") -> $(basename "$WHEEL")"

echo "--- the wheel's platform: manylinux_2_17 (glibc 2.17 and later)"
ARCH="$(uname -m)"
[[ "$(basename "$WHEEL")" == robotstxt_exact-*-cp310-abi3-*manylinux_2_17_"$ARCH".whl ]] ||
  die "$(basename "$WHEEL") is not tagged cp310-abi3 manylinux_2_17_$ARCH"
# auditwheel reads the extension's ELF dependencies and versioned symbols
# and names the most compatible policy they satisfy.
AUDIT="$("$VENV/bin/auditwheel" show "$WHEEL")"
echo "$AUDIT" | sed 's/^/  /'
grep -q "is consistent with the following platform tag:" <<<"$AUDIT" &&
  grep -q "\"manylinux_2_17_$ARCH\"" <<<"$AUDIT" ||
  die "auditwheel does not find the wheel consistent with manylinux_2_17_$ARCH"
# The same from the symbols themselves: no GLIBC_x.y above 2.17.
command -v objdump >/dev/null || die "objdump not found (Debian: binutils)"
"$PY" -m zipfile -e "$WHEEL" "$DIST/unpacked"
NEWEST="$(find "$DIST/unpacked" -name '*.so' -exec objdump -T {} + |
  grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -n1)"
[[ "$(printf '%s\n2.17\n' "$NEWEST" | sort -V | tail -n1)" == 2.17 ]] ||
  die "the extension needs GLIBC_$NEWEST, newer than manylinux_2_17's 2.17"
echo "newest glibc symbol version the extension needs: $NEWEST (manylinux_2_17 allows 2.17)"

echo "--- pip install the wheel with its spark extra"
# PySpark 4 warns that it does not fully support pandas 3 yet: a constraint
# picks pandas 2 without installing it unasked.
printf 'pandas<3\n' >"$DIST/constraints.txt"
"$PY" -m pip install -q -c "$DIST/constraints.txt" "$WHEEL[spark]"
"$PY" -m pip install -q --force-reinstall --no-deps "$WHEEL"

echo "--- pytest python/tests"
rc=0
# shellcheck disable=SC2086
"$PY" -m pytest -p no:cacheprovider -q -rs ${PYTEST_ARGS:-} python/tests || rc=$?
case $rc in
  0) ;;
  5) die "pytest collected no tests" ;;
  *) die "pytest exited with status $rc" ;;
esac

# One abi3 wheel serves every CPython from 3.10: where other interpreters are
# installed (pyenv, Debian's python3.X), the same wheel runs the tests that
# need nothing but pytest on each.
find_python() {
  local v="$1" p
  if command -v pyenv >/dev/null; then
    for p in "$(pyenv root)"/versions/"$v".*/bin/python"$v"; do
      [[ -x "$p" ]] && { echo "$p"; return; }
    done
  fi
  p="$(command -v "python$v" || true)"
  if [[ -n "$p" ]] && "$p" -c 'import venv' 2>/dev/null; then echo "$p"; fi
}
OTHERS=()
for v in 3.10 3.13; do
  p="$(find_python "$v")"
  [[ -n "$p" ]] && OTHERS+=("$p")
done
if ((${#OTHERS[@]})); then
  for other in "${OTHERS[@]}"; do
    echo "--- the wheel on $("$other" --version 2>&1)"
    venv="$VENV-${other##*python}"
    [[ -x "$venv/bin/python" ]] || "$other" -m venv "$venv"
    "$venv/bin/python" -m pip install -q pytest
    "$venv/bin/python" -m pip install -q --force-reinstall --no-deps "$WHEEL"
    rc=0
    "$venv/bin/python" -m pytest -p no:cacheprovider -q python/tests/test_spec.py \
      python/tests/test_api.py \
      python/tests/test_robotparser_read.py python/tests/test_readme.py \
      python/tests/test_out_of_memory.py python/tests/test_misuse.py || rc=$?
    ((rc == 0)) || die "pytest on $other exited with status $rc"
  done
else
  echo "--- no python3.10 or python3.13 found: the wheel was tested on $("$PY" --version) only"
fi
if ((OWN_SKIP_LOG)) && [[ -s "$ROBOTSTXT_SKIP_LOG" ]]; then
  echo "test-python: all Python tests passed; $(wc -l <"$ROBOTSTXT_SKIP_LOG") skipped:" \
    "no corpus at ${ROBOTSTXT_CORPUS:-$ROOT/../shared/corpus} (see the README, \"The corpus\")"
else
  echo "test-python: all Python tests passed"
fi
