#!/usr/bin/env bash
# The Python package (python/): builds and installs it from the checkout with
# one `pip install ./python` into a virtual environment, with what the tests
# need (pytest, mypy, Protego, Scrapy, PySpark, pyarrow, pandas), and runs pytest:
# Google's test cases, the corpus differential against the Rust core, the
# adapters against urllib.robotparser and Protego, 8 threads on one Robots,
# a Scrapy crawl of a local server and a local Spark run.
#
# Environment:
#   ROBOTSTXT_PY_VENV   the virtual environment (default python/.venv; kept
#                       between runs, so later runs only rebuild the package)
#   PYTHON              the interpreter to create it with (default python3)
#   PYTEST_ARGS         extra pytest arguments
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
# PySpark 4 warns that it does not fully support pandas 3 yet.
"$PY" -m pip install -q pytest mypy protego scrapy pyspark pyarrow "pandas<3"

echo "--- pip install ./python (maturin builds the abi3 wheel)"
# An editable install (maturin develop, pip install -e) leaves its build of
# the extension in the source tree, where the wheel would pick it up stale.
rm -f python/python/robotstxt_exact/_native*.so
"$PY" -m pip install -q --force-reinstall --no-deps ./python

echo "--- pytest python/tests"
rc=0
# shellcheck disable=SC2086
"$PY" -m pytest -p no:cacheprovider -q -rs ${PYTEST_ARGS:-} python/tests || rc=$?
case $rc in
  0) ;;
  5) die "pytest collected no tests" ;;
  *) die "pytest exited with status $rc" ;;
esac

# One abi3 wheel serves every CPython from 3.9: where other interpreters are
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
for v in 3.9 3.13; do
  p="$(find_python "$v")"
  [[ -n "$p" ]] && OTHERS+=("$p")
done
if ((${#OTHERS[@]})); then
  WHEELS="$(mktemp -d "${TMPDIR:-/tmp}/robotstxt-wheel.XXXXXX")"
  trap 'rm -rf "$WHEELS"' EXIT
  "$PY" -m pip wheel -q --no-deps -w "$WHEELS" ./python
  for other in "${OTHERS[@]}"; do
    echo "--- the wheel on $("$other" --version 2>&1)"
    venv="$VENV-${other##*python}"
    [[ -x "$venv/bin/python" ]] || "$other" -m venv "$venv"
    "$venv/bin/python" -m pip install -q pytest
    "$venv/bin/python" -m pip install -q --force-reinstall --no-deps "$WHEELS"/*.whl
    rc=0
    "$venv/bin/python" -m pytest -p no:cacheprovider -q python/tests/test_google.py \
      python/tests/test_google_reporting.py python/tests/test_api.py \
      python/tests/test_robotparser_read.py python/tests/test_readme.py || rc=$?
    ((rc == 0)) || die "pytest on $other exited with status $rc"
  done
else
  echo "--- no python3.9 or python3.13 found: the wheel was tested on $("$PY" --version) only"
fi
echo "test-python: all Python tests passed"
