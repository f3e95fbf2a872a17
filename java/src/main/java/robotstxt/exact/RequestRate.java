package robotstxt.exact;

import java.util.Objects;

/**
 * A {@code Request-rate} (an extension; no verdict uses it): at most {@link #requests} every {@link
 * #seconds} seconds, during a window of UTC time of day when one is given.
 */
public final class RequestRate {
  private final int requests;
  private final int seconds;
  private final int windowStart;
  private final int windowEnd;

  RequestRate(int requests, int seconds, int windowStart, int windowEnd) {
    this.requests = requests;
    this.seconds = seconds;
    this.windowStart = windowStart;
    this.windowEnd = windowEnd;
  }

  static RequestRate read(Wire w) {
    if (!w.bool()) {
      return null;
    }
    int requests = w.u32();
    int seconds = w.u32();
    boolean window = w.bool();
    int start = w.u32();
    int end = w.u32();
    return new RequestRate(requests, seconds, window ? start : -1, window ? end : -1);
  }

  /**
   * Requests per period, at least 1.
   *
   * @return the requests
   */
  public int requests() {
    return requests;
  }

  /**
   * The period in seconds, at least 1.
   *
   * @return the seconds
   */
  public int seconds() {
    return seconds;
  }

  /**
   * The least delay between two requests, in seconds.
   *
   * @return {@code seconds / requests}
   */
  public double delay() {
    return (double) seconds / requests;
  }

  /**
   * The window's start in minutes after midnight UTC (0-1439), or -1 when the rate has no window.
   *
   * @return the start
   */
  public int windowStart() {
    return windowStart;
  }

  /**
   * The window's end in minutes after midnight UTC (before the start when it spans midnight), or -1
   * when the rate has no window.
   *
   * @return the end
   */
  public int windowEnd() {
    return windowEnd;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof RequestRate)) {
      return false;
    }
    RequestRate r = (RequestRate) o;
    return requests == r.requests
        && seconds == r.seconds
        && windowStart == r.windowStart
        && windowEnd == r.windowEnd;
  }

  @Override
  public int hashCode() {
    return Objects.hash(requests, seconds, windowStart, windowEnd);
  }

  @Override
  public String toString() {
    return "RequestRate("
        + requests
        + "/"
        + seconds
        + "s"
        + (windowStart < 0 ? "" : ", window " + windowStart + "-" + windowEnd)
        + ")";
  }
}
