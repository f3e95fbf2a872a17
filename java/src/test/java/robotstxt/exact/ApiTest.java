package robotstxt.exact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import robotstxt.exact.google.Matcher;
import robotstxt.exact.google.Parser;
import robotstxt.exact.google.RobotsParseHandler;
import robotstxt.exact.google.RobotsParser;

/**
 * The Java API's shape, on examples whose answers the references state: RFC 9309's (section 5.2,
 * the longest match), Google's documentation of robots.txt and of its fetch outcomes, and
 * reporting_robots.h. Google's own test cases run from the shared spec/ data, not here.
 */
class ApiTest {
  /** RFC 9309 section 5.2. */
  static final String LONGEST_MATCH =
      "User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n";

  /**
   * The body of a per-call query reaches the library three ways by size (copied onto the stack up
   * to 256 bytes, read in place up to 1 MiB, copied past it): each gives RFC 9309's longest match,
   * the padding being a comment line (section 2.2), which Google skips.
   */
  @Test
  void everyBodySizeGivesTheSameAnswer() {
    for (int padding : new int[] {0, 1000, (1 << 20) - 200, (1 << 20) + 1000}) {
      byte[] comment = new byte[padding];
      Arrays.fill(comment, (byte) 'x');
      String body =
          LONGEST_MATCH + "# " + new String(comment, StandardCharsets.US_ASCII) + "\n";
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      try (RobotsMatcher m = new RobotsMatcher()) {
        byte[] agent = "foobot".getBytes(StandardCharsets.UTF_8);
        assertFalse(
            m.oneAgentAllowedByRobots(
                bytes,
                agent,
                "https://example.com/example/page/disallowed.gif"
                    .getBytes(StandardCharsets.UTF_8)),
            "padding " + padding);
        assertEquals(3, m.matchingLine(), "padding " + padding);
        assertTrue(
            m.allowedByRobots(
                bytes,
                Collections.singletonList(agent),
                "https://example.com/example/page/".getBytes(StandardCharsets.UTF_8)),
            "padding " + padding);
        assertEquals(2, m.matchingLine(), "padding " + padding);
      }
    }
  }

  @Test
  void everyFormGivesTheLongestMatchOfRfc9309() {
    String ok = "https://example.com/example/page/";
    String no = "https://example.com/example/page/disallowed.gif";
    try (Robots r = Robots.parse(LONGEST_MATCH);
        RobotsMatcher m = new RobotsMatcher()) {
      assertTrue(r.allowed("foobot", ok));
      assertFalse(r.allowed("foobot", no));
      Answer a = r.check("foobot", no);
      assertEquals(3, a.matchingLine());
      assertEquals(Rule.Kind.DISALLOW, a.rule().kind());
      assertEquals("/example/page/disallowed.gif", a.rule().pattern());
      assertTrue(a.everSeenSpecificAgent());
      assertFalse(m.oneAgentAllowedByRobots(LONGEST_MATCH, "foobot", no));
      assertEquals(3, m.matchingLine());
      assertTrue(m.disallow());
      assertTrue(m.allowedByRobots(LONGEST_MATCH, Arrays.asList("x", "foobot"), ok));
      assertEquals(2, m.matchingLine());
      assertFalse(m.disallow());
      assertTrue(
          m.allowedByRobots(
              LONGEST_MATCH.getBytes(StandardCharsets.UTF_8),
              Collections.singletonList("foobot".getBytes(StandardCharsets.UTF_8)),
              ok.getBytes(StandardCharsets.UTF_8)));
      assertEquals(
          Arrays.asList(true, false),
          toList(r.allowedMany(Collections.singletonList("foobot"), Arrays.asList(ok, no))));
      try (CompiledRobots c = r.compile("FOOBOT")) {
        assertFalse(c.allowed(no));
        assertEquals(r.check("foobot", ok), c.check(ok));
      }
    }
  }

  static List<Boolean> toList(boolean[] b) {
    List<Boolean> out = new ArrayList<>();
    for (boolean x : b) {
      out.add(x);
    }
    return out;
  }

  @Test
  void theParseOnceObjectListsWhatTheFileSays() {
    String body =
        "User-agent: a\nUser-agent: *\nDisallow: /x\nCrawl-delay: 1.5\n"
            + "Content-Signal: ai-train=no\nSitemap: https://example.com/s.xml\n";
    try (Robots r = Robots.parse(body)) {
      assertEquals(Collections.singletonList("https://example.com/s.xml"), r.sitemaps());
      assertEquals(1, r.groups().size());
      Group g = r.groups().get(0);
      assertEquals(2, g.agents().size());
      assertTrue(g.isGlobal());
      assertEquals(1.5, g.crawlDelay().getAsDouble());
      assertEquals(1.5, r.crawlDelay("zbot").getAsDouble());
      assertEquals(1, g.preferenceLines().size());
      Preferences p = r.preferences("zbot", "https://example.com/y");
      assertTrue(p.allowed());
      assertFalse(p.signals().get("ai-train").allowed());
      assertEquals(5, p.signals().get("ai-train").line());
      assertFalse(r.allowsEverything(Collections.singletonList("zbot")));
      assertFalse(r.disallowsEverything(Collections.singletonList("zbot")));
      assertTrue(r.heapBytes() > 0);
    }
    try (Robots r = Robots.parse("User-agent: *\nDisallow: /\n")) {
      assertTrue(r.disallowsEverything(Collections.singletonList("zbot")));
      assertTrue(r.matchesOnlyGlobal(Collections.singletonList("zbot")));
    }
  }

  @Test
  void fileWideValuesAndPolicyTokensAsTheDraftsWriteThem() {
    // Cloudflare's managed robots.txt: "Content-Signal:
    // search=yes,ai-train=no,use=reference", inside "User-agent: *".
    String managed = "User-agent: *\nContent-Signal: search=yes,ai-train=no,use=reference\nAllow: /\n";
    try (Robots r = Robots.parse(managed)) {
      Preferences p = r.preferences("AnyBot", "https://example.com/");
      assertEquals(Optional.of("reference"), p.contentUse());
      assertEquals(2, p.contentUseLine());
    }
    // RSL 1.0, "Adding RSL to robots.txt": one License URL for the whole file.
    try (Robots r = Robots.parse("License: https://your-website.com/license.xml\nUser-agent: Googlebot\nAllow: /\n")) {
      assertEquals(1, r.licenses().size());
      assertEquals("https://your-website.com/license.xml", r.licenses().get(0).value());
      assertEquals(1, r.licenses().get(0).line());
      assertTrue(r.llmPolicies().isEmpty());
    }
    // draft-kelley-aipref-training-preference-signal-00: ordinary groups
    // keyed by a policy token, read as Google reads any group.
    String body = "User-agent: *\nAllow: /\n\nUser-agent: __usage_ai-training\nDisallow: /\n"
        + "Allow: /blog/\nDisallow: /blog/drafts/\n";
    try (Robots r = Robots.parse(body)) {
      assertEquals(1, r.policyTokens().size());
      PolicyToken t = r.policyTokens().get(0);
      assertEquals("__usage_ai-training", t.token());
      assertEquals("usage", t.namespace());
      assertEquals("ai-training", t.label());
      Answer root = r.policy("__usage_ai-training", "https://example.com/").get();
      assertFalse(root.allowed());
      assertEquals(5, root.matchingLine());
      assertTrue(r.policy("__usage_ai-training", "https://example.com/blog/post").get().allowed());
      assertFalse(r.policy("__usage_ai-input", "https://example.com/").isPresent());
      assertTrue(r.allowed("AnyBot", "https://example.com/blog/drafts/x"), "crawlers get the * group");
    }
  }

  @Test
  void theReporterSaysWhatEachLineWasParsedAs() {
    // reporting_robots.h: accepted typos are reported, crawl-delay is a
    // recognised but unused key.
    String body = "User-agent: *\nDisalow: /x\ncrawl-delay: 4\n# note\n";
    try (RobotsParsingReporter r = new RobotsParsingReporter()) {
      RobotsTxt.parseRobotsTxt(body, r);
      List<RobotsParsedLine> lines = r.parseResults();
      assertEquals(RobotsTagName.USER_AGENT, lines.get(0).tagName());
      assertEquals(RobotsTagName.DISALLOW, lines.get(1).tagName());
      assertTrue(lines.get(1).isTypo());
      assertEquals(RobotsTagName.UNUSED, lines.get(2).tagName());
      assertTrue(lines.get(3).metadata().isComment());
      assertEquals(2, r.validDirectives());
      assertEquals(1, r.unusedDirectives());
      assertEquals(5, r.lastLineSeen());
    }
  }

  @Test
  void googlesStringFunctions() {
    // robots.h: MaybeEscapePattern upper-cases escapes and escapes bytes
    // past ASCII; ExtractUserAgent keeps [a-zA-Z_-].
    assertEquals("/a%2Fb%C3%A9", RobotsTxt.maybeEscapePattern("/a%2fb\u00e9"));
    assertEquals("Googlebot", RobotsTxt.extractUserAgent("Googlebot/2.1"));
    assertTrue(RobotsTxt.isValidUserAgentToObey("Googlebot-Image"));
    assertFalse(RobotsTxt.isValidUserAgentToObey("Googlebot/2.1"));
  }

  @Test
  void theCrawlerSideFollowsGooglesDocumentation() {
    assertEquals("https://example.com/robots.txt", Crawler.robotsTxtUrl("https://Example.COM:443/a/b?c"));
    assertTrue(Crawler.appliesTo("https://example.com/robots.txt", "https://example.com/x"));
    assertFalse(Crawler.appliesTo("https://example.com/robots.txt", "http://example.com/x"));
    // 4xx: no restrictions; 5xx: nothing crawled; 429 is a server error to
    // Google and a 4xx to RFC 9309.
    assertEquals(Decision.ALLOW_ALL, Policy.GOOGLE.decide(FetchOutcome.status(404)));
    assertEquals(Decision.DISALLOW_ALL, Policy.GOOGLE.decide(FetchOutcome.status(503)));
    assertEquals(Access.UNREACHABLE, Policy.GOOGLE.classify(FetchOutcome.status(429)));
    assertEquals(Access.UNAVAILABLE, Policy.RFC9309.classify(FetchOutcome.status(429)));
    assertEquals(Access.UNREACHABLE, Policy.GOOGLE.classify(FetchOutcome.TIMEOUT));
    assertEquals(Optional.of(Duration.ofSeconds(3600)), Crawler.maxAgeFromCacheControl("public, max-age=3600"));
    assertEquals(Crawler.MAX_ROBOTS_TXT_BYTES, Crawler.truncateBody(new byte[600_000]).length);
    assertTrue(Crawler.shouldFollowRedirect(Crawler.MAX_REDIRECT_HOPS - 1));
    assertFalse(Crawler.shouldFollowRedirect(Crawler.MAX_REDIRECT_HOPS));
    Instant now = Instant.parse("2026-01-01T00:00:00Z");
    try (CacheEntry e = new CacheEntry()) {
      assertEquals(Decision.DISALLOW_ALL, e.decide(now), "nothing fetched yet");
      e.record(now, FetchOutcome.status(200), "User-agent: *\nDisallow: /x\n".getBytes(StandardCharsets.UTF_8), null);
      assertEquals(Decision.USE_RULES, e.decide(now));
      assertEquals(Optional.of(now.plus(Duration.ofHours(24))), e.freshUntil());
      assertFalse(e.needsFetch(now.plusSeconds(60)));
      assertTrue(e.needsFetch(now.plus(Duration.ofHours(25))));
      // Google: a server error is a full disallow for 12 hours, then the
      // cached copy serves (up to 30 days).
      e.record(now.plusSeconds(90_000), FetchOutcome.status(503), null, null);
      assertEquals(Decision.DISALLOW_ALL, e.decide(now.plusSeconds(90_000)));
      assertEquals(Decision.USE_RULES, e.decide(now.plusSeconds(90_000).plus(Duration.ofHours(13))));
      assertTrue(e.body().isPresent());
      assertEquals(Optional.of(now.plusSeconds(90_000)), e.unreachableSince());
    }
  }

  @Test
  void googlesJavaPortsNamesAnswerAsGooglesLibrary() {
    byte[] body = LONGEST_MATCH.getBytes(StandardCharsets.UTF_8);
    Matcher m = new RobotsParser(new RobotsParseHandler()).parse(body);
    assertFalse(m.singleAgentAllowedByRobots("foobot", "https://example.com/example/page/disallowed.gif"));
    assertTrue(m.allowedByRobots(Arrays.asList("x", "foobot"), "https://example.com/example/page/"));
    assertTrue(m.ignoreGlobalAllowedByRobots(Collections.singletonList("other"), "https://example.com/example/page/disallowed.gif"));
    // A handler subclass sees each directive and may drop some.
    Matcher noDisallows =
        new RobotsParser(
                new RobotsParseHandler() {
                  @Override
                  public void handleDirective(Parser.DirectiveType type, String value) {
                    if (type != Parser.DirectiveType.DISALLOW) {
                      super.handleDirective(type, value);
                    }
                  }
                })
            .parse(body);
    assertTrue(noDisallows.singleAgentAllowedByRobots("foobot", "https://example.com/example/page/disallowed.gif"));
  }
}
