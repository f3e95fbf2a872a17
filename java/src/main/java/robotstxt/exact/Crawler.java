package robotstxt.exact;

import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

/**
 * The crawler's side of RFC 9309, beside the matcher: which robots.txt governs a URL, redirects,
 * the 500 KiB cut and {@code Cache-Control}. What a fetch's outcome means is {@link Policy}; the
 * cached state of one robots.txt is {@link CacheEntry}.
 */
public final class Crawler {
  private Crawler() {}

  /** Google's 500 KiB (512,000 bytes): how much of a robots.txt Google reads. */
  public static final int MAX_ROBOTS_TXT_BYTES = 512000;

  /** How many redirect hops to follow when fetching robots.txt (Google: 5). */
  public static final int MAX_REDIRECT_HOPS = 5;

  /**
   * The robots.txt URL that governs {@code pageUrl}: scheme, host and port, lower-cased and with a
   * default port dropped, and {@code /robots.txt}.
   *
   * @param pageUrl an absolute http or https URL
   * @return the robots.txt URL
   * @throws IllegalArgumentException when the URL has none (not http(s), no host, unparsable)
   */
  public static String robotsTxtUrl(String pageUrl) {
    Native.ensureLoaded();
    return Bytes.text(Native.robotsTxtUrl(Bytes.utf8(pageUrl, "pageUrl")));
  }

  /**
   * Whether the robots.txt at {@code robotsUrl} governs {@code pageUrl} (same scheme, host and
   * port).
   *
   * @param robotsUrl a robots.txt URL
   * @param pageUrl a page URL
   * @return whether it applies
   */
  public static boolean appliesTo(String robotsUrl, String pageUrl) {
    Native.ensureLoaded();
    return Native.appliesTo(Bytes.utf8(robotsUrl, "robotsUrl"), Bytes.utf8(pageUrl, "pageUrl"));
  }

  /**
   * Whether {@code url} is where a robots.txt can be: path {@code /robots.txt}, no query.
   *
   * @param url a URL
   * @return whether it is a robots.txt URL
   */
  public static boolean isRobotsTxtUrl(String url) {
    Native.ensureLoaded();
    return Native.isRobotsTxtUrl(Bytes.utf8(url, "url"));
  }

  /**
   * Whether to follow one more redirect after {@code hopsFollowed} hops.
   *
   * @param hopsFollowed redirects followed so far
   * @return whether to follow the next
   */
  public static boolean shouldFollowRedirect(int hopsFollowed) {
    Native.ensureLoaded();
    return Native.shouldFollowRedirect(hopsFollowed);
  }

  /**
   * The {@code max-age} of a {@code Cache-Control} value (RFC 9111).
   *
   * @param value the header's value
   * @return the age, or empty when there is none
   */
  public static Optional<Duration> maxAgeFromCacheControl(String value) {
    Native.ensureLoaded();
    double seconds = Native.maxAgeFromCacheControl(Bytes.utf8(value, "value"));
    if (Double.isNaN(seconds)) {
      return Optional.empty();
    }
    return Optional.of(Duration.ofMillis(Math.round(seconds * 1000)));
  }

  /**
   * The first 500 KiB of a body: what a crawler should parse, as Google does.
   *
   * @param body a fetched body
   * @return the body itself when short enough, else a copy of its first {@link
   *     #MAX_ROBOTS_TXT_BYTES} bytes
   */
  public static byte[] truncateBody(byte[] body) {
    Bytes.bytes(body, "body");
    Native.ensureLoaded();
    int n = Native.truncatedLength(body.length);
    return n == body.length ? body : Arrays.copyOf(body, n);
  }
}
