package robotstxt.exact.crawlercommons;

import crawlercommons.robots.BaseRobotsParser;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import robotstxt.exact.FetchOutcome;
import robotstxt.exact.Policy;

/**
 * A crawler-commons {@code BaseRobotsParser} that reads robots.txt as Google does: Google's parser
 * and matcher (robots.cc), byte for byte, with the crawler side of RFC 9309 for failed fetches.
 *
 * <p>Where it differs from {@code SimpleRobotRulesParser}, by design:
 *
 * <ul>
 *   <li>the body is read as Google reads it: bytes, a UTF-8 byte order mark skipped, the first 500
 *       KiB only, whatever the content type (no HTML or UTF-16 guessing);
 *   <li>agent names are matched as Google matches them: case-insensitively against the product
 *       token of each {@code user-agent} line; names need not be lower-case;
 *   <li>{@code crawl-delay} changes no verdict unless {@link #setMaxCrawlDelay} asks for it
 *       (crawler-commons disallows everything past 300 seconds by default); it is reported in
 *       milliseconds, {@code Long.MIN_VALUE} when unset;
 *   <li>{@link #failedFetch} follows RFC 9309's status classes: 3xx (a redirect chain given up)
 *       and 4xx allow everything; 5xx and anything else disallow everything and defer the visits;
 *       429 is a server error under Google's policy (the default) and a 4xx under RFC 9309's.
 * </ul>
 *
 * <p>Thread-safe: one parser may serve every thread of a crawler.
 */
public class ExactRobotRulesParser extends BaseRobotsParser {
  private static final long serialVersionUID = 1L;
  private static final Pattern ROBOT_NAMES_SPLIT = Pattern.compile("\\s*,\\s*|\\s+");

  /** Whose reading of a failed fetch's status: Google's or RFC 9309's. */
  private final Policy policy;
  /** See {@link #setMaxCrawlDelay}. */
  private volatile long maxCrawlDelay = Long.MAX_VALUE;

  /** A parser under Google's policy. */
  public ExactRobotRulesParser() {
    this(Policy.GOOGLE);
  }

  /**
   * A parser under {@code policy}, which decides only what a 429 means to {@link #failedFetch}.
   *
   * @param policy Google's or RFC 9309's reading
   */
  public ExactRobotRulesParser(Policy policy) {
    this.policy = Objects.requireNonNull(policy, "policy");
  }

  /**
   * The rules for a fetched robots.txt.
   *
   * @param url the robots.txt URL (relative sitemap URLs are resolved against it)
   * @param content the body
   * @param contentType the response's content type (not used: Google reads the bytes)
   * @param robotNames the crawler's names, comma- or space-separated
   * @return the rules
   * @deprecated as in crawler-commons: pass the names as a collection
   */
  @Deprecated
  @Override
  public ExactRobotRules parseContent(
      String url, byte[] content, String contentType, String robotNames) {
    Objects.requireNonNull(robotNames, "robotNames");
    String trimmed = robotNames.trim();
    List<String> names =
        trimmed.isEmpty()
            ? new ArrayList<>()
            : new ArrayList<>(Arrays.asList(ROBOT_NAMES_SPLIT.split(trimmed)));
    return parseContent(url, content, contentType, names);
  }

  /**
   * The rules for a fetched robots.txt: the groups naming one of {@code robotNames}, else the
   * {@code *} groups, as Google's matcher chooses them.
   *
   * @param url the robots.txt URL (relative sitemap URLs are resolved against it)
   * @param content the body (null or empty: everything allowed)
   * @param contentType the response's content type (not used: Google reads the bytes)
   * @param robotNames the crawler's product tokens, such as {@code mybot}
   * @return the rules
   */
  @Override
  public ExactRobotRules parseContent(
      String url, byte[] content, String contentType, Collection<String> robotNames) {
    Objects.requireNonNull(robotNames, "robotNames");
    ExactRobotRules rules =
        ExactRobotRules.parse(url, content == null ? new byte[0] : content, robotNames);
    long max = maxCrawlDelay;
    if (max != Long.MAX_VALUE && rules.getCrawlDelay() > max) {
      return ExactRobotRules.allowNone();
    }
    return rules;
  }

  /**
   * crawler-commons' maximum crawl-delay: rules whose crawl-delay is longer disallow everything.
   * The default here is none ({@code Long.MAX_VALUE}), so that {@code crawl-delay}, which Google
   * ignores, changes no verdict; Nutch and StormCrawler set exactly that.
   *
   * @param maxCrawlDelay milliseconds
   */
  public void setMaxCrawlDelay(long maxCrawlDelay) {
    this.maxCrawlDelay = maxCrawlDelay;
  }

  /**
   * The maximum crawl-delay (see {@link #setMaxCrawlDelay}).
   *
   * @return milliseconds; {@code Long.MAX_VALUE} for none
   */
  public long getMaxCrawlDelay() {
    return maxCrawlDelay;
  }

  /**
   * The rules when the robots.txt could not be fetched: RFC 9309's status classes.
   *
   * @param httpStatusCode the final HTTP status
   * @return allow-all for 3xx and 4xx; disallow-all with visits deferred otherwise
   * @throws IllegalStateException for a 2xx, which is no failure (as crawler-commons)
   */
  @Override
  public ExactRobotRules failedFetch(int httpStatusCode) {
    if (httpStatusCode >= 200 && httpStatusCode < 300) {
      throw new IllegalStateException("Can't use status code constructor with 2xx response");
    }
    FetchOutcome outcome =
        httpStatusCode < 0 || httpStatusCode > 65535
            ? FetchOutcome.NETWORK_ERROR
            : FetchOutcome.status(httpStatusCode);
    switch (policy.decide(outcome)) {
      case ALLOW_ALL:
        return ExactRobotRules.allowAll();
      default:
        return ExactRobotRules.deferVisits();
    }
  }

  /**
   * Google's {@code IsValidUserAgentToObey}: non-empty and only {@code [a-zA-Z_-]}; false for null,
   * as crawler-commons' own.
   *
   * @param userAgent a product token
   * @return whether it is valid
   */
  public static boolean isValidUserAgentToObey(String userAgent) {
    return userAgent != null && robotstxt.exact.RobotsMatcher.isValidUserAgentToObey(userAgent);
  }
}
