#!/usr/bin/env bash
# The Java benchmark (java/bench/src/robotstxt/exact/bench/Bench.java): this
# package against crawler-commons' SimpleRobotRulesParser and
# google/robotstxt-java, side by side in one JVM on the corpus. A
# measurement, not a test: the peers are built here from checkouts outside
# this repository, with Debian's jars (libcommons-io-java, libslf4j-java,
# libguava-java, libgoogle-flogger-java).
#
#   java/bench/run.sh CRAWLER_COMMONS_SRC ROBOTSTXT_JAVA_SRC [ROUNDS]
#
# ROBOTSTXT_CORPUS names the corpus (default ../shared/corpus).
set -Eeuo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
CC_SRC="$(cd "$1" && pwd)"
GJ_SRC="$(cd "$2" && pwd)"
ROUNDS="${3:-5}"
CORPUS="${ROBOTSTXT_CORPUS:-$ROOT/../shared/corpus}"
J=/usr/share/java
for jar in commons-io slf4j-api guava flogger flogger-system-backend; do
  [[ -f "$J/$jar.jar" ]] || {
    echo "java/bench/run.sh: $J/$jar.jar missing: apt-get install libcommons-io-java libslf4j-java libguava-java libgoogle-flogger-java" >&2
    exit 1
  }
done
WORK="$(mktemp -d "${TMPDIR:-/tmp}/robotstxt-bench.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

echo "--- crawler-commons (robots package) from $CC_SRC ($(git -C "$CC_SRC" rev-parse --short HEAD 2>/dev/null || echo no git))"
(cd "$CC_SRC" && javac --release 11 -nowarn -encoding UTF-8 -cp "$J/commons-io.jar:$J/slf4j-api.jar" \
  -sourcepath src/main/java -d "$WORK/cc" src/main/java/crawlercommons/robots/*.java)

jar --create --file "$WORK/crawler-commons.jar" -C "$WORK/cc" .
CRAWLER_COMMONS_JAR="$WORK/crawler-commons.jar" bash "$ROOT/java/build.sh" >/dev/null
JARFILE="$(ls "$ROOT"/java/build/robotstxt-exact-[0-9]*.jar)"
ADAPTER="$(ls "$ROOT"/java/build/robotstxt-exact-crawler-commons-*.jar)"

echo "--- google/robotstxt-java from $GJ_SRC ($(git -C "$GJ_SRC" rev-parse --short HEAD 2>/dev/null || echo no git))"
GJ_CP="$J/guava.jar:$J/flogger.jar:$J/picocli.jar"
javac --release 11 -nowarn -encoding UTF-8 -cp "$GJ_CP" -d "$WORK/gj" \
  $(find "$GJ_SRC/src/main/java" -name '*.java') \
  "$ROOT/java/bench/src/com/google/search/robotstxt/BenchAccess.java"

CP="$JARFILE:$ADAPTER:$WORK/cc:$WORK/gj:$GJ_CP:$J/flogger-system-backend.jar:$J/commons-io.jar:$J/slf4j-api.jar:$J/slf4j-nop.jar"
javac --release 11 -nowarn -encoding UTF-8 -cp "$CP" -d "$WORK/bench" \
  "$ROOT/java/bench/src/robotstxt/exact/bench/Bench.java"
java -Xmx4g -cp "$CP:$WORK/bench" robotstxt.exact.bench.Bench "$CORPUS" "$ROUNDS"
