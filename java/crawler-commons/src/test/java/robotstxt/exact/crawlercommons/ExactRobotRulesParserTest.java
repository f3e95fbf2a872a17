package robotstxt.exact.crawlercommons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.BaseRobotsParser;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import org.junit.jupiter.api.Test;
import robotstxt.exact.Policy;

/**
 * The adapter speaks crawler-commons' API as its users rely on it: milliseconds and
 * Long.MIN_VALUE for crawl-delay, RFC 9309's status classes for failed fetches, sitemaps resolved,
 * allow-all and allow-none, serialization.
 */
class ExactRobotRulesParserTest {
  static final String URL = "https://example.com/robots.txt";

  static BaseRobotRules parse(String body, String... names) {
    BaseRobotsParser parser = new ExactRobotRulesParser();
    return parser.parseContent(
        URL, body.getBytes(StandardCharsets.UTF_8), "text/plain", Arrays.asList(names));
  }

  @Test
  void verdictsAreGooglesForTheCrawlersNames() {
    // RFC 9309 section 5.2's longest match.
    BaseRobotRules rules =
        parse("User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n", "foobot");
    assertTrue(rules.isAllowed("https://example.com/example/page/"));
    assertFalse(rules.isAllowed("https://example.com/example/page/disallowed.gif"));
    assertFalse(rules.isAllowAll());
    assertFalse(rules.isAllowNone());
    assertFalse(rules.isDeferVisits());
  }

  @Test
  void crawlDelayIsInMillisecondsAndUnsetIsLongMinValue() {
    assertEquals(2500, parse("User-agent: *\nCrawl-delay: 2.5\n", "foobot").getCrawlDelay());
    assertEquals(BaseRobotRules.UNSET_CRAWL_DELAY, parse("User-agent: *\nDisallow: /x\n", "foobot").getCrawlDelay());
    assertEquals(Long.MIN_VALUE, BaseRobotRules.UNSET_CRAWL_DELAY);
    // A huge delay changes no verdict, unless the caller asks for crawler-commons' maximum.
    assertTrue(parse("User-agent: *\nCrawl-delay: 100000\n", "foobot").isAllowed("https://example.com/"));
    ExactRobotRulesParser capped = new ExactRobotRulesParser();
    capped.setMaxCrawlDelay(300_000);
    byte[] slow = "User-agent: *\nCrawl-delay: 301\n".getBytes(StandardCharsets.UTF_8);
    assertTrue(capped.parseContent(URL, slow, "text/plain", Collections.singleton("foobot")).isAllowNone());
    byte[] fine = "User-agent: *\nCrawl-delay: 300\n".getBytes(StandardCharsets.UTF_8);
    assertTrue(capped.parseContent(URL, fine, "text/plain", Collections.singleton("foobot")).isAllowed("https://example.com/"));
  }

  @Test
  void failedFetchFollowsRfc9309sStatusClasses() {
    ExactRobotRulesParser parser = new ExactRobotRulesParser();
    // 4xx: unavailable, everything allowed (RFC 9309 section 2.3.1.3).
    BaseRobotRules notFound = parser.failedFetch(404);
    assertTrue(notFound.isAllowAll());
    assertTrue(notFound.isAllowed("https://example.com/x"));
    assertFalse(notFound.isDeferVisits());
    // 5xx: unreachable, complete disallow (section 2.3.1.4).
    BaseRobotRules serverError = parser.failedFetch(503);
    assertTrue(serverError.isAllowNone());
    assertFalse(serverError.isAllowed("https://example.com/x"));
    assertTrue(serverError.isDeferVisits());
    // A redirect chain given up: unavailable (section 2.3.1.2).
    assertTrue(parser.failedFetch(301).isAllowAll());
    // 429: a server error to Google, a 4xx to RFC 9309.
    assertTrue(parser.failedFetch(429).isDeferVisits());
    assertTrue(new ExactRobotRulesParser(Policy.RFC9309).failedFetch(429).isAllowAll());
    assertThrows(IllegalStateException.class, () -> parser.failedFetch(200));
  }

  @Test
  void sitemapsAreResolvedAgainstTheRobotsUrl() {
    BaseRobotRules rules =
        parse("Sitemap: /a.xml\nSitemap: https://other.example/b.xml\nUser-agent: *\n", "foobot");
    assertEquals(Arrays.asList("https://example.com/a.xml", "https://other.example/b.xml"), rules.getSitemaps());
  }

  @Test
  void allowAllAndAllowNone() {
    assertTrue(parse("User-agent: *\nDisallow:\n", "foobot").isAllowAll());
    assertTrue(parse("", "foobot").isAllowAll());
    assertTrue(parse("User-agent: foobot\nDisallow: /\n", "foobot").isAllowNone());
    assertFalse(parse("User-agent: foobot\nDisallow: /\nAllow: /public\n", "foobot").isAllowNone());
    assertTrue(parse("User-agent: foobot\nDisallow: /\n", "otherbot").isAllowAll());
  }

  @Test
  void theDeprecatedFormSplitsNamesAtCommasAndSpaces() {
    @SuppressWarnings("deprecation")
    BaseRobotRules rules =
        new ExactRobotRulesParser()
            .parseContent(URL, "User-agent: barbot\nDisallow: /\n".getBytes(StandardCharsets.UTF_8), "text/plain", "foobot, barbot");
    assertFalse(rules.isAllowed("https://example.com/x"));
  }

  @Test
  void rulesSurviveSerialization() throws Exception {
    BaseRobotRules rules = parse("User-agent: foobot\nDisallow: /x\nCrawl-delay: 3\nSitemap: /s.xml\n", "foobot");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(rules);
    }
    BaseRobotRules back;
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      back = (BaseRobotRules) in.readObject();
    }
    assertEquals(rules, back);
    assertFalse(back.isAllowed("https://example.com/x"));
    assertTrue(back.isAllowed("https://example.com/y"));
    assertEquals(3000, back.getCrawlDelay());
    assertEquals(Collections.singletonList("https://example.com/s.xml"), back.getSitemaps());
  }
}
