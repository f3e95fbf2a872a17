package robotstxt.exact.google;

import java.util.List;

/** google/robotstxt-java's {@code Matcher}: a parsed robots.txt that answers queries. */
public interface Matcher {
  /**
   * Whether any of {@code userAgents} may fetch {@code url}.
   *
   * @param userAgents product tokens of one crawler
   * @param url a percent-encoded URL
   * @return the verdict
   */
  boolean allowedByRobots(List<String> userAgents, String url);

  /**
   * Whether {@code userAgent} may fetch {@code url}.
   *
   * @param userAgent a product token
   * @param url a percent-encoded URL
   * @return the verdict
   */
  boolean singleAgentAllowedByRobots(String userAgent, String url);

  /**
   * Whether {@code url} may be fetched when only the groups naming one of {@code userAgents} count
   * (the {@code *} groups ignored).
   *
   * @param userAgents product tokens of one crawler
   * @param url a percent-encoded URL
   * @return the verdict
   */
  boolean ignoreGlobalAllowedByRobots(List<String> userAgents, String url);
}
