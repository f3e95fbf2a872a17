package robotstxt.exact;

import java.util.List;

/**
 * Google's {@code RobotsMatcher}: whether a URL may be fetched under a robots.txt body, with the
 * details of the last answer ({@link #matchingLine}, {@link #everSeenSpecificAgent}, {@link
 * #disallowIgnoreGlobal}, {@link #disallow}).
 *
 * <p>Each query takes the body, as Google's does; a body that comes twice in a row is parsed once
 * and its parsed form kept for the next queries. To query one body many times, or from several
 * threads, parse it once with {@link Robots}. A matcher is for one thread at a time: a second
 * thread's call while one runs throws {@link IllegalStateException}. It holds native memory:
 * {@link #close} it, or leave it to the garbage collector.
 */
public final class RobotsMatcher implements AutoCloseable {
  private final Handle handle;
  /**
   * The last answer, packed by the native library; its accessors read it. Before any query it is
   * Google's initial state: not disallowed, no line.
   */
  private long last = 1;

  /** A matcher with no query asked yet. */
  public RobotsMatcher() {
    Native.ensureLoaded();
    this.handle = new Handle(this, Native.matcherNew(), Native::matcherFree, "RobotsMatcher");
  }

  /**
   * Whether any of {@code userAgents} may fetch {@code url} under {@code robotsBody}: Google's
   * {@code AllowedByRobots}.
   *
   * @param robotsBody the robots.txt body, any bytes
   * @param userAgents product tokens of one crawler
   * @param url a percent-encoded URL
   * @return the verdict
   */
  public boolean allowedByRobots(byte[] robotsBody, List<byte[]> userAgents, byte[] url) {
    return allowed(
        Bytes.bytes(robotsBody, "robotsBody"),
        Bytes.pack(userAgents, "userAgents"),
        Bytes.bytes(url, "url"));
  }

  /**
   * {@link #allowedByRobots(byte[], List, byte[])} with text, each taken as its UTF-8 bytes.
   *
   * @param robotsBody the robots.txt body
   * @param userAgents product tokens of one crawler
   * @param url a percent-encoded URL
   * @return the verdict
   */
  public boolean allowedByRobots(String robotsBody, List<String> userAgents, String url) {
    return allowed(
        Bytes.utf8(robotsBody, "robotsBody"),
        Bytes.packStrings(userAgents, "userAgents"),
        Bytes.utf8(url, "url"));
  }

  private boolean allowed(byte[] body, Bytes.Packed agents, byte[] url) {
    long h = handle.acquireExclusive();
    try {
      last = Native.matcherAllowed(h, body, agents.data, agents.ends, url);
    } finally {
      handle.release();
    }
    return Answer.allowedOf(last);
  }

  /**
   * Whether {@code userAgent} may fetch {@code url} under {@code robotsBody}: Google's {@code
   * OneAgentAllowedByRobots}.
   *
   * @param robotsBody the robots.txt body, any bytes
   * @param userAgent a product token
   * @param url a percent-encoded URL
   * @return the verdict
   */
  public boolean oneAgentAllowedByRobots(byte[] robotsBody, byte[] userAgent, byte[] url) {
    return oneAgent(
        Bytes.bytes(robotsBody, "robotsBody"),
        Bytes.bytes(userAgent, "userAgent"),
        Bytes.bytes(url, "url"));
  }

  /**
   * {@link #oneAgentAllowedByRobots(byte[], byte[], byte[])} with text (UTF-8).
   *
   * @param robotsBody the robots.txt body
   * @param userAgent a product token
   * @param url a percent-encoded URL
   * @return the verdict
   */
  public boolean oneAgentAllowedByRobots(String robotsBody, String userAgent, String url) {
    return oneAgent(
        Bytes.utf8(robotsBody, "robotsBody"),
        Bytes.utf8(userAgent, "userAgent"),
        Bytes.utf8(url, "url"));
  }

  private boolean oneAgent(byte[] body, byte[] agent, byte[] url) {
    long h = handle.acquireExclusive();
    try {
      last = Native.matcherOneAgentAllowed(h, body, agent, url);
    } finally {
      handle.release();
    }
    return Answer.allowedOf(last);
  }

  /**
   * Whether the last query was disallowed.
   *
   * @return Google's {@code disallow()}
   */
  public boolean disallow() {
    return !Answer.allowedOf(last);
  }

  /**
   * Whether the groups naming the last query's agents alone disallow its URL.
   *
   * @return Google's {@code disallow_ignore_global()}
   */
  public boolean disallowIgnoreGlobal() {
    return Answer.ignoreGlobalOf(last);
  }

  /**
   * Whether a group named one of the last query's agents.
   *
   * @return Google's {@code ever_seen_specific_agent()}
   */
  public boolean everSeenSpecificAgent() {
    return Answer.everSeenOf(last);
  }

  /**
   * The line of the rule that decided the last query, 0 if none did.
   *
   * @return Google's {@code matching_line()}
   */
  public int matchingLine() {
    return Answer.lineOf(last);
  }

  /**
   * Google's {@code IsValidUserAgentToObey}: non-empty and only {@code [a-zA-Z_-]}.
   *
   * @param userAgent a product token
   * @return whether it is valid
   */
  public static boolean isValidUserAgentToObey(String userAgent) {
    return isValidUserAgentToObey(Bytes.utf8(userAgent, "userAgent"));
  }

  /**
   * Google's {@code IsValidUserAgentToObey} on bytes.
   *
   * @param userAgent a product token
   * @return whether it is valid
   */
  public static boolean isValidUserAgentToObey(byte[] userAgent) {
    Native.ensureLoaded();
    return Native.isValidUserAgentToObey(Bytes.bytes(userAgent, "userAgent"));
  }

  /** Frees the native memory. Idempotent; a query after it throws {@link IllegalStateException}. */
  @Override
  public void close() {
    handle.close();
  }
}
