package robotstxt.exact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import robotstxt.exact.google.Parser;

/**
 * The Java API's names, codes, units and limits are those of spec/vocabulary.json: the enums'
 * constants are the names in upper snake case, their {@code toString()} the names, their {@code
 * code()} the codes; the fetch outcomes cross into the native library as those codes; the line
 * metadata bits, the time types and the limits are the vocabulary's.
 *
 * <p>The vocabulary's {@code packed} forms are those of the WebAssembly module and are not used
 * here: the JNI library hands answers to Java in layouts of its own (java/native/src/matcher.rs,
 * parse.rs), which every case of spec/ reads back through SpecTest. Google's {@code KeyType} has no
 * Java form: the nearest, google/robotstxt-java's {@code Parser.DirectiveType}, keeps the port's
 * order and has no codes, so only its names are held to the vocabulary.
 */
class VocabularyTest {
  private static Map<String, Object> vocabulary;

  @BeforeAll
  static void read() throws IOException {
    byte[] text = Files.readAllBytes(TestSupport.repo().resolve("spec").resolve("vocabulary.json"));
    vocabulary = SpecTest.object(Json.parse(new String(text, StandardCharsets.UTF_8)));
  }

  /** The value at a path of keys. */
  private static Object at(String... keys) {
    Object v = vocabulary;
    for (String k : keys) {
      v = SpecTest.object(v).get(k);
      if (v == null) {
        throw new AssertionError("spec/vocabulary.json has no " + String.join(".", keys));
      }
    }
    return v;
  }

  /** The (name, code) pairs of an enum of the vocabulary, in order. */
  private static List<Map<String, Object>> values(String which) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Object v : (List<?>) at("enums", which, "values")) {
      out.add(SpecTest.object(v));
    }
    return out;
  }

  /** A vocabulary name as a Java constant: upper snake case. */
  private static String constant(String name) {
    return name.toUpperCase(java.util.Locale.ROOT).replace('-', '_');
  }

  private static long limit(String name) {
    return (Long) at("limits", name, "value");
  }

  /** Constants in order, codes, names, and both lookups, for one enum. */
  private static <E extends Enum<E>> void sameAsVocabulary(
      String which,
      Class<E> type,
      Function<E, Integer> code,
      Function<String, E> fromName,
      IntFunction<E> fromCode) {
    List<String> want = new ArrayList<>();
    for (Map<String, Object> v : values(which)) {
      want.add(constant((String) v.get("name")) + " " + v.get("code") + " " + v.get("name"));
    }
    List<String> got = new ArrayList<>();
    for (E e : type.getEnumConstants()) {
      got.add(e.name() + " " + code.apply(e) + " " + e);
      assertSame(e, fromName.apply(e.toString()), which + ": fromName(" + e + ")");
      assertSame(e, fromCode.apply(code.apply(e)), which + ": fromCode(" + code.apply(e) + ")");
      // The constant's own spelling stays what valueOf reads, never what fromName reads.
      assertSame(e, Enum.valueOf(type, e.name()));
    }
    assertEquals(want, got, which);
    assertThrows(IllegalArgumentException.class, () -> fromName.apply("no-such-" + which));
    assertThrows(IllegalArgumentException.class, () -> fromCode.apply(-1));
  }

  @Test
  void policiesAccessResultsDecisionsAndTagsHaveTheVocabularysNamesAndCodes() {
    sameAsVocabulary("policy", Policy.class, Policy::code, Policy::fromName, Policy::fromCode);
    sameAsVocabulary("access", Access.class, Access::code, Access::fromName, Access::fromCode);
    sameAsVocabulary(
        "decision", Decision.class, Decision::code, Decision::fromName, Decision::fromCode);
    sameAsVocabulary(
        "tag-name",
        RobotsTagName.class,
        RobotsTagName::code,
        RobotsTagName::fromName,
        RobotsTagName::fromCode);
  }

  @Test
  void fetchOutcomesHaveTheVocabularysNamesAndCodesAndCrossAsThem() throws Exception {
    List<String> named = new ArrayList<>();
    for (Map<String, Object> v : values("fetch-outcome")) {
      String name = (String) v.get("name");
      int code = ((Long) v.get("code")).intValue();
      if (name.equals("status")) {
        assertEquals(code, FetchOutcome.status(404).code(), "a status's code");
        assertEquals(404, FetchOutcome.status(404).httpStatus());
        assertThrows(IllegalArgumentException.class, () -> FetchOutcome.fromName("status"));
        continue;
      }
      named.add(name);
      FetchOutcome o = (FetchOutcome) FetchOutcome.class.getField(constant(name)).get(null);
      assertEquals(code, o.code(), name);
      assertEquals(name, o.toString());
      assertSame(o, FetchOutcome.fromName(name));
      assertEquals(-1, o.httpStatus(), name);
    }
    assertEquals(Arrays.asList("network-error", "timeout", "too-many-redirects"), named);
    // Each code reaches the native library as that outcome: Google's page reads a network error
    // and a timeout as a server error (unreachable), and a redirect chain given up as a 404
    // (unavailable); a status code beside the status.
    assertEquals(
        Access.UNREACHABLE, Policy.GOOGLE.classify(FetchOutcome.fromName("network-error")));
    assertEquals(Access.UNREACHABLE, Policy.GOOGLE.classify(FetchOutcome.fromName("timeout")));
    assertEquals(
        Access.UNAVAILABLE, Policy.GOOGLE.classify(FetchOutcome.fromName("too-many-redirects")));
    assertEquals(Access.SUCCESSFUL, Policy.GOOGLE.classify(FetchOutcome.status(200)));
    assertEquals(Access.UNAVAILABLE, Policy.RFC9309.classify(FetchOutcome.status(404)));
    assertEquals(Decision.DISALLOW_ALL, Policy.GOOGLE.decide(FetchOutcome.status(503)));
    assertThrows(IllegalArgumentException.class, () -> FetchOutcome.fromName("network_error"));
  }

  @Test
  void googleJavaPortsDirectiveTypesAreTheKeyTypes() {
    TreeSet<String> want = new TreeSet<>();
    for (Map<String, Object> v : values("key-type")) {
      want.add(constant((String) v.get("name")));
    }
    TreeSet<String> got =
        Arrays.stream(Parser.DirectiveType.values())
            .map(Enum::name)
            .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(want, got);
  }

  @Test
  void lineMetadataBitsAreTheVocabularys() throws Exception {
    List<Method> accessors = new ArrayList<>();
    for (Method m : LineMetadata.class.getDeclaredMethods()) {
      if (Modifier.isPublic(m.getModifiers())
          && m.getReturnType() == boolean.class
          && m.getParameterCount() == 0) {
        accessors.add(m);
      }
    }
    List<?> fields = (List<?>) at("line-metadata", "fields");
    assertEquals(fields.size(), accessors.size(), "LineMetadata's fields");
    for (Object f : fields) {
      Map<String, Object> field = SpecTest.object(f);
      String name = (String) field.get("name");
      int bit = ((Long) field.get("bit")).intValue();
      // is_line_too_long as isLineTooLong.
      StringBuilder camel = new StringBuilder();
      for (String part : name.split("_")) {
        camel.append(
            camel.length() == 0 ? part : Character.toUpperCase(part.charAt(0)) + part.substring(1));
      }
      LineMetadata only = LineMetadata.of(1 << bit);
      for (Method m : accessors) {
        assertEquals(
            m.getName().equals(camel.toString()), m.invoke(only), name + ": " + m.getName());
      }
    }
  }

  @Test
  void timesAreTheVocabularysTypes() throws Exception {
    Class<?> instant = Class.forName((String) at("time", "java", "instant"));
    Class<?> duration = Class.forName((String) at("time", "java", "duration"));
    assertEquals(Instant.class, instant);
    assertEquals(Duration.class, duration);
    CacheEntry.class.getConstructor(Policy.class, duration, long.class);
    CacheEntry.class.getMethod("record", instant, FetchOutcome.class, byte[].class, duration);
    CacheEntry.class.getMethod("needsFetch", instant);
    CacheEntry.class.getMethod("decide", instant);
    for (String name : Arrays.asList("freshUntil", "unreachableSince")) {
      assertEquals(
          optionalOf(instant),
          CacheEntry.class.getMethod(name).getGenericReturnType().getTypeName());
    }
    assertEquals(
        optionalOf(duration),
        Crawler.class
            .getMethod("maxAgeFromCacheControl", String.class)
            .getGenericReturnType()
            .getTypeName());
  }

  private static String optionalOf(Class<?> type) {
    return Optional.class.getName() + "<" + type.getName() + ">";
  }

  @Test
  void limitsAreTheVocabularys() {
    int body = (int) limit("max-robots-txt-bytes");
    assertEquals(body, Crawler.MAX_ROBOTS_TXT_BYTES);
    assertEquals(body, Crawler.truncateBody(new byte[body + 1]).length);
    assertEquals(body, Crawler.truncateBody(new byte[body]).length);

    int hops = (int) limit("max-redirect-hops");
    assertEquals(hops, Crawler.MAX_REDIRECT_HOPS);
    assertTrue(Crawler.shouldFollowRedirect(hops - 1));
    assertFalse(Crawler.shouldFollowRedirect(hops));

    // The line cap: a line of max-line-len bytes is kept whole, one byte more is flagged.
    int line = (int) limit("max-line-len");
    assertFalse(firstLine(repeat('a', line)).isLineTooLong());
    assertTrue(firstLine(repeat('a', line + 1)).isLineTooLong());

    // The scheme and authority of a page URL are parsed up to max-parsed-url-len bytes: here
    // "http://", the host and the "/" that ends it.
    int url = (int) limit("max-parsed-url-len");
    String host = repeat('a', url - "http://".length() - 1);
    assertEquals(
        "http://" + host + "/robots.txt", Crawler.robotsTxtUrl("http://" + host + "/page"));
    assertThrows(
        IllegalArgumentException.class, () -> Crawler.robotsTxtUrl("http://a" + host + "/page"));

    // The cache: a result without max-age stays fresh for the default lifetime; once the file is
    // unreachable, Google crawls nothing for its stop period, then uses the cached rules until the
    // grace period ends (and then, the site being available, allows everything).
    Duration lifetime = Duration.ofSeconds(limit("default-cache-lifetime-secs"));
    Duration stop = Duration.ofSeconds(limit("google-stop-crawling-secs"));
    Duration grace = Duration.ofSeconds(limit("unreachable-grace-secs"));
    Duration ms = Duration.ofMillis(1);
    Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
    try (CacheEntry e = new CacheEntry(Policy.GOOGLE)) {
      byte[] rules = "User-agent: *\nDisallow: /x\n".getBytes(StandardCharsets.UTF_8);
      e.record(t0, FetchOutcome.status(200), rules, null);
      assertEquals(Optional.of(t0.plus(lifetime)), e.freshUntil());
      assertFalse(e.needsFetch(t0.plus(lifetime).minus(ms)));
      assertTrue(e.needsFetch(t0.plus(lifetime)));
      Instant t1 = t0.plus(lifetime);
      e.record(t1, FetchOutcome.status(503), null, null);
      assertEquals(Decision.DISALLOW_ALL, e.decide(t1.plus(stop).minus(ms)));
      assertEquals(Decision.USE_RULES, e.decide(t1.plus(stop)));
      assertEquals(Decision.USE_RULES, e.decide(t1.plus(grace).minus(ms)));
      assertEquals(Decision.ALLOW_ALL, e.decide(t1.plus(grace)));
    }
  }

  private static LineMetadata firstLine(String line) {
    try (RobotsParsingReporter r = new RobotsParsingReporter()) {
      RobotsTxt.parseRobotsTxt(line + "\n", r);
      return r.parseResults().get(0).metadata();
    }
  }

  private static String repeat(char c, int n) {
    char[] out = new char[n];
    Arrays.fill(out, c);
    return new String(out);
  }
}
