#!/usr/bin/env bash
# The Java package (java/) as a JVM user meets it: java/build.sh builds the
# jar (the JNI library in release, the classes for Java 11), then JUnit 5
# (Debian's junit5 console launcher) runs java/src/test/java against that
# jar: every case of spec/cases/ through the Java API (SpecTest, which
# prints "spec: N checks in M cases") and the vocabulary drift test, the
# corpus against the Rust core (byte[] and String forms), 16 threads on one
# Robots, a million parse/close cycles, the jar alone in a folder of its
# own, out-of-memory, closed objects and bad arguments.
#
# The crawler-commons adapter needs crawler-commons to compile, which no
# registry here serves: with CRAWLER_COMMONS_JAR (a crawler-commons jar) its
# jar is built and its own tests run; with CRAWLER_COMMONS_SRC (a checkout
# of crawler-commons) the robots package is compiled from it first, and
# crawler-commons' GoogleRobotsTxtTest and SimpleRobotRulesParserTest run
# against the adapter (java/crawler-commons/upstream_tests.py). Without
# either, those tests are skipped, and counted.
#
# Environment:
#   ROBOTSTXT_CORPUS, ROBOTSTXT_REQUIRE_CORPUS, ROBOTSTXT_SKIP_LOG  as for
#                       scripts/test-all.sh (skips are counted there)
#   CRAWLER_COMMONS_JAR, CRAWLER_COMMONS_SRC  see above
#   CARGO_TARGET_DIR    honoured
set -Eeuo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
BUILD="$ROOT/java/build"
JUNIT=/usr/share/java/junit-platform-console-standalone.jar

die() {
  printf 'test-java: FAILED: %s\n' "$*" >&2
  exit 1
}
as_root() {
  if [[ "$(id -u)" == 0 ]]; then "$@"; else sudo "$@"; fi
}
skipped() { # skipped WHAT WHY
  printf 'SKIPPED: %s: %s\n' "$1" "$2" >&2
  if [[ -n "${ROBOTSTXT_SKIP_LOG:-}" ]]; then
    printf 'script\t%s\t%s\n' "$1" "$2" >>"$ROBOTSTXT_SKIP_LOG"
  fi
}

# A JDK (CI has a Java 17 runtime) and JUnit 5's console launcher.
missing=()
command -v javac >/dev/null && command -v jar >/dev/null || missing+=(openjdk-17-jdk-headless)
[[ -f "$JUNIT" ]] || missing+=(junit5)
if ((${#missing[@]})); then
  command -v apt-get >/dev/null || die "missing ${missing[*]} and no apt-get to install them"
  as_root apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
echo "$(javac -version 2>&1), $(java -version 2>&1 | head -n1)"

START=$SECONDS
bash java/build.sh
VERSION="$(cat "$BUILD/classes/robotstxt/exact/VERSION")"
JARFILE="$BUILD/robotstxt-exact-$VERSION.jar"
echo "--- build: $((SECONDS - START))s"

# The Rust answers the corpus test compares with (examples/corpus_answers.rs).
ANSWERS="$(cargo build --quiet --example corpus_answers --message-format json |
  sed -n 's/.*"executable":"\([^"]*corpus_answers\)".*/\1/p' | tail -n1)"
[[ -x "$ANSWERS" ]] || die "cargo built no corpus_answers"

echo "--- javac the tests"
rm -rf "$BUILD/test-classes"
mkdir -p "$BUILD/test-classes"
find java/src/test/java -name '*.java' | sort >"$BUILD/test-sources.txt"
javac --release 17 -Xlint:all -Werror -encoding UTF-8 -cp "$JARFILE:$JUNIT" \
  -d "$BUILD/test-classes" @"$BUILD/test-sources.txt"

OWN_SKIP_LOG=0
if [[ -z "${ROBOTSTXT_SKIP_LOG:-}" ]]; then
  export ROBOTSTXT_SKIP_LOG="$BUILD/skipped.log"
  : >"$ROBOTSTXT_SKIP_LOG"
  OWN_SKIP_LOG=1
fi

# A heap of fixed size: MemoryTest reads the process's resident size less
# the JVM's committed memory, which a growing or shrinking heap would move.
junit() { # junit CLASSPATH REPORTS-DIR
  java -Xms1g -Xmx1g -Xss4m -Drobotstxt.repo="$ROOT" -Drobotstxt.jar="$JARFILE" \
    -Drobotstxt.corpusAnswers="$ANSWERS" -jar "$JUNIT" --disable-banner \
    --fail-if-no-tests --details=tree --class-path "$1" --scan-class-path "$1" \
    --reports-dir "$2"
}

echo "--- JUnit: java/src/test/java against $JARFILE"
START=$SECONDS
junit "$JARFILE:$BUILD/test-classes" "$BUILD/test-reports"
echo "--- JUnit: $((SECONDS - START))s"

# The crawler-commons adapter.
CC_JAR="${CRAWLER_COMMONS_JAR:-}"
if [[ -z "$CC_JAR" && -n "${CRAWLER_COMMONS_SRC:-}" ]]; then
  echo "--- crawler-commons' robots package from $CRAWLER_COMMONS_SRC"
  CC_BUILD="$(mktemp -d "${TMPDIR:-/tmp}/crawler-commons.XXXXXX")"
  trap 'rm -rf "$CC_BUILD"' EXIT
  # The robots package and what it uses, compiled against Debian's
  # commons-io and slf4j.
  (cd "$CRAWLER_COMMONS_SRC" &&
    javac --release 11 -nowarn -encoding UTF-8 \
      -cp /usr/share/java/commons-io.jar:/usr/share/java/slf4j-api.jar \
      -sourcepath src/main/java -d "$CC_BUILD/classes" src/main/java/crawlercommons/robots/*.java)
  jar --create --file "$CC_BUILD/crawler-commons.jar" -C "$CC_BUILD/classes" .
  CC_JAR="$CC_BUILD/crawler-commons.jar"
fi
if [[ -n "$CC_JAR" ]]; then
  for pkg in libcommons-io-java libslf4j-java; do
    dpkg -s "$pkg" >/dev/null 2>&1 ||
      as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$pkg"
  done
  CRAWLER_COMMONS_JAR="$CC_JAR" bash java/build.sh >/dev/null
  ADAPTER="$BUILD/robotstxt-exact-crawler-commons-$VERSION.jar"
  CC_CP="$JARFILE:$ADAPTER:$CC_JAR:/usr/share/java/slf4j-api.jar:/usr/share/java/commons-io.jar"
  rm -rf "$BUILD/cc-test-classes"
  mkdir -p "$BUILD/cc-test-classes"
  javac --release 17 -Xlint:all -Xlint:-serial -Werror -encoding UTF-8 -cp "$CC_CP:$JUNIT" \
    -d "$BUILD/cc-test-classes" $(find java/crawler-commons/src/test/java -name '*.java' | sort)
  echo "--- JUnit: the adapter's tests"
  junit "$CC_CP:$BUILD/cc-test-classes" "$BUILD/cc-test-reports"
  if [[ -n "${CRAWLER_COMMONS_SRC:-}" ]]; then
    echo "--- crawler-commons' own tests against the adapter"
    python3 java/crawler-commons/upstream_tests.py "$CRAWLER_COMMONS_SRC" "$CC_JAR" \
      "$JARFILE" "$ADAPTER" "$BUILD/upstream-tests"
  else
    skipped "crawler-commons' own tests against the adapter" \
      "no crawler-commons checkout (CRAWLER_COMMONS_SRC)"
  fi
else
  skipped "the crawler-commons adapter tests (its own and crawler-commons')" \
    "no crawler-commons jar (CRAWLER_COMMONS_JAR) or checkout (CRAWLER_COMMONS_SRC): no registry here serves it"
fi

if ((OWN_SKIP_LOG)) && [[ -s "$ROBOTSTXT_SKIP_LOG" ]]; then
  echo "test-java: skipped:"
  sed 's/^/  /' "$ROBOTSTXT_SKIP_LOG"
fi
echo "test-java: done"
