#!/usr/bin/env bash
# Builds the Java package with the JDK's javac and jar and cargo (no Maven or
# Gradle): the JNI library (java/native/, a workspace crate), the classes
# (--release 11 bytecode), and
#
#   java/build/robotstxt-exact-VERSION.jar
#       the classes, with the library for this platform under
#       robotstxt/exact/native/<platform>/ (linux-x86_64 here);
#   java/build/robotstxt-exact-crawler-commons-VERSION.jar
#       the crawler-commons adapter, only when CRAWLER_COMMONS_JAR names a
#       crawler-commons jar to compile it against.
#
# Environment:
#   CARGO_TARGET_DIR      honoured (the library is built once per profile there)
#   ROBOTSTXT_JNI_PROFILE cargo profile of the library (default release: the
#                         jar's library is what users run)
#   ROBOTSTXT_JNI_EXTRA   a folder of libraries built on other machines, laid
#                         out as robotstxt/exact/native/ is (for example
#                         macos-aarch64/librobotstxt_jni.dylib,
#                         windows-x86_64/robotstxt_jni.dll): each is added to
#                         the jar beside this platform's
#   CRAWLER_COMMONS_JAR   a crawler-commons jar (1.4 or later): also build the
#                         adapter jar
#   JAVAC, JAR            the tools (default: javac and jar on PATH)
set -Eeuo pipefail

JAVA_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$JAVA_DIR/.." && pwd)"
BUILD="$JAVA_DIR/build"
PROFILE="${ROBOTSTXT_JNI_PROFILE:-release}"
JAVAC="${JAVAC:-javac}"
JAR="${JAR:-jar}"

die() {
  printf 'java/build.sh: %s\n' "$*" >&2
  exit 1
}

command -v "$JAVAC" >/dev/null || die "no javac: install a JDK (11 or later)"
command -v "$JAR" >/dev/null || die "no jar: install a JDK (11 or later)"
VERSION="$(sed -n '/^\[workspace\.package\]/,/^\[/s/^version *= *"\([0-9.]*\)".*/\1/p' "$ROOT/Cargo.toml" | head -n1)"
[[ -n "$VERSION" ]] || die "no version in Cargo.toml"

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) PLATFORM=linux-x86_64 LIB=librobotstxt_jni.so ;;
  Linux-aarch64) PLATFORM=linux-aarch64 LIB=librobotstxt_jni.so ;;
  Darwin-arm64) PLATFORM=macos-aarch64 LIB=librobotstxt_jni.dylib ;;
  Darwin-x86_64) PLATFORM=macos-x86_64 LIB=librobotstxt_jni.dylib ;;
  *) die "unknown platform $(uname -s)-$(uname -m)" ;;
esac

mkdir -p "$BUILD"
echo "--- cargo build -p robotstxt-exact-jni --profile $PROFILE"
START=$SECONDS
cargo build --manifest-path "$ROOT/Cargo.toml" -p robotstxt-exact-jni --profile "$PROFILE" \
  --message-format json-render-diagnostics >"$BUILD/cargo.json" ||
  die "cargo build failed"
NATIVE="$(sed -n 's/.*"reason":"compiler-artifact".*"filenames":\[[^]]*"\([^"]*\/'"$LIB"'\)".*/\1/p' "$BUILD/cargo.json" | tail -n1)"
rm -f "$BUILD/cargo.json"
[[ -f "$NATIVE" ]] || die "cargo made no $LIB"
echo "    $NATIVE ($((SECONDS - START))s)"

rm -rf "$BUILD/classes" "$BUILD/crawler-commons-classes"
mkdir -p "$BUILD/classes/robotstxt/exact/native/$PLATFORM"
echo "--- javac --release 11 (robotstxt.exact, robotstxt.exact.google)"
find "$JAVA_DIR/src/main/java" -name '*.java' | sort >"$BUILD/sources.txt"
"$JAVAC" --release 11 -Xlint:all -Werror -encoding UTF-8 -d "$BUILD/classes" @"$BUILD/sources.txt"
cp "$NATIVE" "$BUILD/classes/robotstxt/exact/native/$PLATFORM/$LIB"
if [[ -n "${ROBOTSTXT_JNI_EXTRA:-}" ]]; then
  [[ -d "$ROBOTSTXT_JNI_EXTRA" ]] || die "ROBOTSTXT_JNI_EXTRA=$ROBOTSTXT_JNI_EXTRA is not a folder"
  cp -R "$ROBOTSTXT_JNI_EXTRA"/. "$BUILD/classes/robotstxt/exact/native/"
fi
printf '%s\n' "$VERSION" >"$BUILD/classes/robotstxt/exact/VERSION"
cp "$ROOT/LICENSE" "$ROOT/NOTICE" "$BUILD/classes/"

manifest() { # manifest TITLE MODULE
  printf 'Implementation-Title: %s\nImplementation-Version: %s\nAutomatic-Module-Name: %s\n' \
    "$1" "$VERSION" "$2"
}
JARFILE="$BUILD/robotstxt-exact-$VERSION.jar"
rm -f "$BUILD"/robotstxt-exact-*.jar
manifest robotstxt-exact robotstxt.exact >"$BUILD/manifest.txt"
"$JAR" --create --file "$JARFILE" --manifest "$BUILD/manifest.txt" -C "$BUILD/classes" .
echo "    $JARFILE ($(du -k "$JARFILE" | cut -f1) KiB; native: $(cd "$BUILD/classes/robotstxt/exact/native" && echo */*))"

if [[ -n "${CRAWLER_COMMONS_JAR:-}" ]]; then
  [[ -f "$CRAWLER_COMMONS_JAR" ]] || die "CRAWLER_COMMONS_JAR=$CRAWLER_COMMONS_JAR is not a file"
  echo "--- javac --release 11 (robotstxt.exact.crawlercommons, against $CRAWLER_COMMONS_JAR)"
  mkdir -p "$BUILD/crawler-commons-classes"
  find "$JAVA_DIR/crawler-commons/src/main/java" -name '*.java' | sort >"$BUILD/cc-sources.txt"
  "$JAVAC" --release 11 -Xlint:all -Xlint:-serial -Werror -encoding UTF-8 \
    -cp "$JARFILE:$CRAWLER_COMMONS_JAR" -d "$BUILD/crawler-commons-classes" @"$BUILD/cc-sources.txt"
  CC_JAR="$BUILD/robotstxt-exact-crawler-commons-$VERSION.jar"
  manifest robotstxt-exact-crawler-commons robotstxt.exact.crawlercommons >"$BUILD/manifest.txt"
  "$JAR" --create --file "$CC_JAR" --manifest "$BUILD/manifest.txt" -C "$BUILD/crawler-commons-classes" .
  echo "    $CC_JAR"
fi
rm -f "$BUILD/manifest.txt" "$BUILD/sources.txt" "$BUILD/cc-sources.txt"
