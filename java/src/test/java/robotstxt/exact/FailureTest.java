package robotstxt.exact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Failure as Java expects it: native memory running out is OutOfMemoryError and leaves every
 * object usable; a closed object is IllegalStateException; a bad argument NullPointerException or
 * IllegalArgumentException; a handler's exception reaches the caller. The JVM survives them all.
 */
class FailureTest {
  static final String BODY = "User-agent: FooBot\nDisallow: /x/\n";

  @AfterEach
  void noLimit() {
    NativeLibrary.setMemoryLimit(-1);
  }

  /** A body whose parsed form needs megabytes: 100,000 rules. */
  static byte[] bigBody() {
    StringBuilder b = new StringBuilder("User-agent: *\n");
    for (int i = 0; i < 100_000; i++) {
      b.append("Disallow: /p").append(i).append("*q$\n");
    }
    return b.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  }

  @Test
  void nativeMemoryRunningOutIsOutOfMemoryErrorAndEverythingStaysUsable() {
    byte[] big = bigBody();
    try (Robots small = Robots.parse(BODY);
        RobotsMatcher matcher = new RobotsMatcher();
        RobotsParsingReporter reporter = new RobotsParsingReporter()) {
      NativeLibrary.setMemoryLimit(NativeLibrary.allocatedBytes() + 64 * 1024);
      assertThrows(OutOfMemoryError.class, () -> Robots.parse(big));
      assertThrows(
          OutOfMemoryError.class, () -> matcher.oneAgentAllowedByRobots(big, "a".getBytes(), big));
      assertThrows(OutOfMemoryError.class, () -> RobotsTxt.parseRobotsTxt(big, reporter));
      assertThrows(
          OutOfMemoryError.class,
          () -> RobotsTxt.parseRobotsTxt(big, new Collect()),
          "the events of a parse are made under the cap too");
      // Small work still fits, and the objects made before answer as before.
      assertFalse(small.allowed("FooBot", "https://a.example/x/y"));
      assertFalse(matcher.oneAgentAllowedByRobots(BODY, "FooBot", "https://a.example/x/"));
      NativeLibrary.setMemoryLimit(-1);
      try (Robots parsed = Robots.parse(big)) {
        assertFalse(parsed.allowed("x", "https://a.example/p7zq"));
      }
      RobotsTxt.parseRobotsTxt(big, reporter);
      assertEquals(100_001, reporter.validDirectives());
    }
  }

  @Test
  void closedObjectsThrowIllegalStateException() {
    Robots robots = Robots.parse(BODY);
    CompiledRobots compiled = robots.compile("FooBot");
    robots.close();
    robots.close(); // idempotent
    assertTrue(robots.isClosed());
    assertThrows(IllegalStateException.class, () -> robots.allowed("FooBot", "/"));
    assertThrows(IllegalStateException.class, () -> robots.check("FooBot", "/"));
    assertThrows(IllegalStateException.class, robots::sitemaps);
    assertThrows(IllegalStateException.class, robots::groups);
    assertThrows(IllegalStateException.class, () -> robots.crawlDelay("FooBot"));
    assertThrows(IllegalStateException.class, () -> robots.compile("FooBot"));
    // The compiled view is independent of the object it came from.
    assertFalse(compiled.allowed("https://a.example/x/"));
    compiled.close();
    assertThrows(IllegalStateException.class, () -> compiled.allowed("/"));

    RobotsMatcher matcher = new RobotsMatcher();
    matcher.close();
    assertThrows(
        IllegalStateException.class, () -> matcher.oneAgentAllowedByRobots(BODY, "a", "/"));

    RobotsParsingReporter reporter = new RobotsParsingReporter();
    reporter.close();
    assertThrows(IllegalStateException.class, () -> RobotsTxt.parseRobotsTxt(BODY, reporter));
    assertThrows(IllegalStateException.class, reporter::parseResults);

    CacheEntry entry = new CacheEntry();
    entry.close();
    assertThrows(IllegalStateException.class, () -> entry.decide(Instant.EPOCH));
  }

  @Test
  void badArgumentsThrowNullPointerOrIllegalArgument() {
    try (Robots robots = Robots.parse(BODY);
        RobotsMatcher matcher = new RobotsMatcher()) {
      assertThrows(NullPointerException.class, () -> Robots.parse((byte[]) null));
      assertThrows(NullPointerException.class, () -> Robots.parse((String) null));
      assertThrows(NullPointerException.class, () -> robots.allowed((String) null, "/"));
      assertThrows(NullPointerException.class, () -> robots.allowed("a", (String) null));
      assertThrows(NullPointerException.class, () -> robots.check((List<String>) null, "/"));
      assertThrows(NullPointerException.class, () -> robots.check(Arrays.asList("a", null), "/"));
      assertThrows(NullPointerException.class, () -> robots.allowedMany(Collections.singletonList("a"), null));
      assertThrows(NullPointerException.class, () -> robots.allowedMany(new byte[][] {null}, new byte[][] {}));
      assertThrows(
          NullPointerException.class,
          () -> matcher.allowedByRobots((byte[]) null, Collections.emptyList(), new byte[0]));
      assertThrows(
          NullPointerException.class, () -> RobotsTxt.parseRobotsTxt(BODY, (RobotsParseHandler) null));
      assertThrows(IllegalArgumentException.class, () -> FetchOutcome.status(70000));
      assertThrows(IllegalArgumentException.class, () -> Crawler.robotsTxtUrl("mailto:a@b"));
      assertThrows(IllegalArgumentException.class, () -> Crawler.robotsTxtUrl("not a url"));
      assertThrows(
          IllegalArgumentException.class,
          () -> new CacheEntry(Policy.GOOGLE, java.time.Duration.ofSeconds(-1), 10));
      // Nothing above hurt the objects.
      assertFalse(robots.allowed("FooBot", "https://a.example/x/"));
    }
  }

  /** Collects callbacks; throws at the user-agent line when asked to. */
  static class Collect implements RobotsParseHandler {
    final StringBuilder seen = new StringBuilder();
    final boolean throwAtAgent;

    Collect() {
      this(false);
    }

    Collect(boolean throwAtAgent) {
      this.throwAtAgent = throwAtAgent;
    }

    @Override
    public void handleRobotsStart() {
      seen.append("start;");
    }

    @Override
    public void handleRobotsEnd() {
      seen.append("end;");
    }

    @Override
    public void handleUserAgent(int line, byte[] value) {
      if (throwAtAgent) {
        throw new UnsupportedOperationException("handler says no at line " + line);
      }
      seen.append("ua;");
    }

    @Override
    public void handleAllow(int line, byte[] value) {}

    @Override
    public void handleDisallow(int line, byte[] value) {
      seen.append("disallow;");
    }

    @Override
    public void handleSitemap(int line, byte[] value) {}

    @Override
    public void handleUnknownAction(int line, byte[] action, byte[] value) {}
  }

  @Test
  void aHandlersExceptionStopsTheParseAndReachesTheCaller() {
    Collect handler = new Collect(true);
    UnsupportedOperationException e =
        assertThrows(UnsupportedOperationException.class, () -> RobotsTxt.parseRobotsTxt(BODY, handler));
    assertEquals("handler says no at line 1", e.getMessage());
    assertEquals("start;", handler.seen.toString(), "no callback after the exception");
    Collect fine = new Collect();
    RobotsTxt.parseRobotsTxt(BODY, fine);
    assertEquals("start;ua;disallow;end;", fine.seen.toString());
  }

  @Test
  void hostileInputsGetAnswersNotCrashes() {
    byte[] nasty = new byte[1 << 20];
    for (int i = 0; i < nasty.length; i++) {
      nasty[i] = (byte) (i * 31 + (i >>> 7));
    }
    try (Robots r = Robots.parse(nasty);
        RobotsMatcher m = new RobotsMatcher()) {
      r.check(Arrays.asList(new String(nasty, 0, 100, java.nio.charset.StandardCharsets.ISO_8859_1)), "x");
      m.allowedByRobots(nasty, Arrays.asList(nasty, new byte[0]), nasty);
      // robots.h: an empty path is "/".
      assertEquals("/", RobotsTxt.getPathParamsQuery(""));
    }
    // Unpaired surrogates are sent as '?', as String.getBytes does: "/?" is disallowed here.
    try (Robots r = Robots.parse("User-agent: *\nDisallow: /?\n")) {
      assertFalse(r.allowed("\ud800", "https://a.example/\udc00"));
      assertTrue(r.allowed("\ud800", "https://a.example/x"));
    }
  }
}
