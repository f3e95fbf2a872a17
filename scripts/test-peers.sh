#!/usr/bin/env bash
# The drop-in adapters against their peers' own test suites, each taken from
# the peer's package as its registry ships it and run with its import
# swapped to the adapter, nothing else changed:
#
#   robots-parser 3.0.1  test/Robots.js from its npm package, by mocha 10 and
#                        chai 4 (its devDependencies), against
#                        robotstxt-exact/robots-parser (require()d, as
#                        robots-parser is; Node 20.19 or later)
#   Protego 0.7.0        tests/test_on_google_spec.py and tests/test_protego.py
#                        from its sdist on PyPI, against robotstxt_exact.protego
#   CPython              test/test_robotparser.py of the interpreter's version:
#                        its own `test` package, or Debian's
#                        libpython3.X-testsuite, against
#                        robotstxt_exact.robotparser (run as regrtest runs it
#                        by default: the `network` resource off)
#   Scrapy 2.19.0        TestProtegoRobotParser, the tests of Scrapy's default
#                        parser, from tests/test_robotstxt_interface.py of its
#                        sdist, against robotstxt_exact.scrapy.RobotParser
#
# Each suite's expected failures are listed by name in
# scripts/peers/expected.tsv and in the adapter's table of differences
# (js/README.md, docs/PYTHON.md); a new failure, a newly passing test or a
# listed test missing from the table fails (scripts/peers/compare.py).
#
# It reuses what scripts/test-js.sh and scripts/test-python.sh built: the
# npm package in js/ (packed again without its build step) and the wheel
# installed in the virtual environment. A suite whose package cannot be
# fetched (offline) is skipped and says so; run by test-all.sh, the skip is
# counted in its closing line.
#
# Environment:
#   ROBOTSTXT_PY_VENV        the virtual environment with the wheel
#                            (default python/.venv)
#   ROBOTSTXT_SKIP_LOG       where to record a skipped suite (test-all.sh's)
#   ROBOTSTXT_REQUIRE_PEERS=1  a suite that cannot be fetched fails instead
#   KEEP_WORK=1              keep the temporary folder
set -Eeuo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
VENV="${ROBOTSTXT_PY_VENV:-$ROOT/python/.venv}"
PY="$VENV/bin/python"
PEERS="$ROOT/scripts/peers"
EXPECTED="$PEERS/expected.tsv"

ROBOTS_PARSER=3.0.1
PROTEGO=0.7.0
SCRAPY=2.19.0

die() {
  printf 'test-peers: FAILED: %s\n' "$*" >&2
  exit 1
}
as_root() {
  if [[ "$(id -u)" == 0 ]]; then "$@"; else sudo "$@"; fi
}

WORK="$(mktemp -d "${TMPDIR:-/tmp}/robotstxt-peers.XXXXXX")"
cleanup() {
  if [[ "${KEEP_WORK:-}" == 1 ]]; then echo "test-peers: work folder kept in $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

SKIPS=()
FAILED=()
# skipped SUITE WHY: a suite that could not be fetched.
skipped() {
  [[ "${ROBOTSTXT_REQUIRE_PEERS:-}" == 1 ]] && die "$1: $2 (and ROBOTSTXT_REQUIRE_PEERS=1)"
  printf 'SKIPPED: %s: %s\n' "$1" "$2" >&2
  SKIPS+=("$1: $2")
  if [[ -n "${ROBOTSTXT_SKIP_LOG:-}" ]]; then
    printf 'script\t%s\t%s\n' "$1" "$2" >>"$ROBOTSTXT_SKIP_LOG"
  fi
}
# compare SUITE OUTCOMES DOC: the run's outcomes against the expected failures.
compare() {
  python3 "$PEERS/compare.py" "$1" "$2" "$EXPECTED" "$3" || FAILED+=("$1")
}
# swap FILE FROM TO: replaces the line FROM of FILE with TO; fails when the
# peer's file no longer has that line.
swap() {
  python3 - "$@" <<'EOF'
import sys
path, old, new = sys.argv[1:]
text = open(path, encoding="utf-8").read()
if text.count(old) != 1:
    sys.exit(f"test-peers: {path} does not hold exactly one {old!r}")
open(path, "w", encoding="utf-8").write(text.replace(old, new))
EOF
}

# --- robots-parser ---------------------------------------------------------------

echo "--- robots-parser $ROBOTS_PARSER's test/Robots.js against robotstxt-exact/robots-parser"
run_robots_parser() {
  local suite="robots-parser $ROBOTS_PARSER test/Robots.js" dir="$WORK/robots-parser"
  [[ -f js/pkg/robotstxt_exact_js_bg.wasm ]] || die "js/pkg is not built: run scripts/test-js.sh first"
  if ! node -e 'process.exit(process.features.require_module ? 0 : 1)'; then
    skipped "$suite" "Node $(node --version) cannot require() an ES module (20.19 or later can)"
    return
  fi
  mkdir -p "$dir/app"
  if ! (cd "$dir" && npm pack --silent "robots-parser@$ROBOTS_PARSER" >/dev/null 2>&1); then
    skipped "$suite" "the npm registry is unreachable"
    return
  fi
  tar -xzf "$dir/robots-parser-$ROBOTS_PARSER.tgz" -C "$dir"
  # The package as scripts/test-js.sh built it, packed without building again.
  (cd js && npm pack --silent --ignore-scripts --pack-destination "$dir" >/dev/null)
  (cd "$dir/app" && npm init -y >/dev/null &&
    npm install --silent --no-audit --no-fund mocha@10 chai@4 "$dir"/robotstxt-exact-*.tgz) ||
    die "npm install of mocha, chai and the package failed"
  mkdir -p "$dir/app/test"
  cp "$dir/package/test/Robots.js" "$dir/app/test/Robots.js"
  swap "$dir/app/test/Robots.js" "require('../index')" "require('robotstxt-exact/robots-parser')"
  (cd "$dir/app" && node node_modules/mocha/bin/mocha.js --reporter json \
    --reporter-option "output=$dir/outcomes.json" test/Robots.js >/dev/null) || true
  [[ -s "$dir/outcomes.json" ]] || die "mocha wrote no report for $suite"
  compare "$suite" "$dir/outcomes.json" js/README.md
}
run_robots_parser

# --- The Python suites -----------------------------------------------------------

[[ -x "$PY" ]] && "$PY" -c 'import robotstxt_exact, pytest' 2>/dev/null ||
  die "no robotstxt_exact and pytest in $VENV: run scripts/test-python.sh first"

# run_pytest SUITE DIR DOC ARGS...: the suite's tests in DIR, through the
# outcome plugin; pytest's own exit status is not the verdict, compare's is.
run_pytest() {
  local suite="$1" dir="$2" doc="$3"
  shift 3
  : >"$dir/pytest.ini" # DIR is the root: no configuration from elsewhere
  (cd "$dir" && PYTHONPATH="$PEERS" PEER_OUTCOMES="$dir/outcomes.tsv" \
    "$PY" -m pytest -p no:cacheprovider -p pytest_outcomes -q "$@" >"$dir/pytest.log" 2>&1) || true
  [[ -s "$dir/outcomes.tsv" ]] || { cat "$dir/pytest.log"; die "pytest ran nothing of $suite"; }
  compare "$suite" "$dir/outcomes.tsv" "$doc"
}

# sdist NAME VERSION DIR: unpacks the sdist from PyPI into DIR; false when
# it cannot be fetched.
sdist() {
  "$PY" -m pip download -q --no-deps --no-binary :all: -d "$3" "$1==$2" >/dev/null 2>&1 &&
    tar -xzf "$3"/"$1"-"$2".tar.gz -C "$3"
}

echo "--- Protego $PROTEGO's test_on_google_spec.py and test_protego.py against robotstxt_exact.protego"
run_protego() {
  local dir="$WORK/protego" src
  mkdir -p "$dir/run"
  if ! sdist protego "$PROTEGO" "$dir"; then
    skipped "Protego $PROTEGO tests" "PyPI is unreachable"
    return
  fi
  src="$dir/protego-$PROTEGO/tests"
  for file in test_on_google_spec.py test_protego.py; do
    cp "$src/$file" "$dir/run/$file"
    swap "$dir/run/$file" "from protego import Protego" "from robotstxt_exact.protego import Protego"
    run_pytest "Protego $PROTEGO $file" "$dir/run" docs/PYTHON.md "$file"
  done
}
run_protego

echo "--- CPython's test_robotparser.py against robotstxt_exact.robotparser"
run_cpython() {
  local dir="$WORK/cpython" version test_file suite
  version="$("$PY" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
  suite="CPython $version test_robotparser.py"
  mkdir -p "$dir/run"
  test_file="$("$PY" -c 'import test.test_robotparser as t; print(t.__file__)' 2>/dev/null || true)"
  if [[ -z "$test_file" ]]; then
    # Debian keeps the test modules out of the interpreter's packages.
    command -v apt-get >/dev/null || {
      skipped "$suite" "the interpreter has no test package and there is no apt-get to fetch it"
      return
    }
    local deb="libpython$version-testsuite"
    if ! (cd "$dir" && apt-get download -q "$deb" >/dev/null 2>&1); then
      as_root apt-get update -q >/dev/null 2>&1 || true
      (cd "$dir" && apt-get download -q "$deb" >/dev/null 2>&1) || {
        skipped "$suite" "Debian's $deb cannot be fetched"
        return
      }
    fi
    dpkg-deb -x "$dir"/"$deb"_*.deb "$dir/deb"
    test_file="$dir/deb/usr/lib/python$version/test/test_robotparser.py"
    [[ -f "$test_file" ]] || die "$deb has no test_robotparser.py"
    echo "test_robotparser.py from $(basename "$dir"/"$deb"_*.deb) ($("$PY" --version))"
  fi
  cp "$test_file" "$dir/run/test_robotparser.py"
  swap "$dir/run/test_robotparser.py" "import urllib.robotparser" \
    $'import urllib.request\nimport robotstxt_exact.robotparser'
  sed -i 's/urllib\.robotparser\./robotstxt_exact.robotparser./g' "$dir/run/test_robotparser.py"
  # regrtest's default: no resource enabled, so the network tests skip
  # rather than reach python.org.
  printf 'from test import support\n\nsupport.use_resources = []\n' >"$dir/run/conftest.py"
  run_pytest "$suite" "$dir/run" docs/PYTHON.md test_robotparser.py
}
run_cpython

echo "--- Scrapy $SCRAPY's TestProtegoRobotParser against robotstxt_exact.scrapy.RobotParser"
run_scrapy() {
  local dir="$WORK/scrapy" src suite="Scrapy $SCRAPY test_robotstxt_interface.py"
  installed="$("$PY" -c 'import scrapy; print(scrapy.__version__)' 2>/dev/null || true)"
  [[ "$installed" == "$SCRAPY" ]] || die "Scrapy $SCRAPY is not what $VENV has (${installed:-none})"
  mkdir -p "$dir/run/tests/utils"
  if ! sdist scrapy "$SCRAPY" "$dir"; then
    skipped "$suite" "PyPI is unreachable"
    return
  fi
  src="$dir/scrapy-$SCRAPY/tests"
  # The file and the helper it imports; Scrapy's tests/__init__.py files are
  # left out (they look a host name up and start Twisted, which it does not
  # need), as is its conftest.py (the reactor set-up of other tests).
  cp "$src/test_robotstxt_interface.py" "$dir/run/tests/"
  cp "$src/utils/robotstxt.py" "$dir/run/tests/utils/"
  : >"$dir/run/tests/__init__.py"
  : >"$dir/run/tests/utils/__init__.py"
  swap "$dir/run/tests/test_robotstxt_interface.py" $'    ProtegoRobotParser,\n' ''
  swap "$dir/run/tests/test_robotstxt_interface.py" $'from scrapy.robotstxt import (\n' \
    $'from robotstxt_exact.scrapy import RobotParser as ProtegoRobotParser\nfrom scrapy.robotstxt import (\n'
  run_pytest "$suite" "$dir/run" docs/PYTHON.md tests/test_robotstxt_interface.py::TestProtegoRobotParser
}
run_scrapy

if ((${#FAILED[@]})); then
  die "$(printf '%s; ' "${FAILED[@]}")see the lines above"
fi
summary="every peer suite failed only where listed"
if ((${#SKIPS[@]})); then
  summary+="; skipped: $(printf '%s; ' "${SKIPS[@]}")"
  summary="${summary%; }"
fi
echo "test-peers: $summary"
