package robotstxt.exact;

/** How a robots.txt fetch ended: an HTTP status, or no response. */
public final class FetchOutcome {
  /** DNS failure, refused or reset connection, invalid response and the like. */
  public static final FetchOutcome NETWORK_ERROR = new FetchOutcome(-1);

  /** The fetch did not complete in time. */
  public static final FetchOutcome TIMEOUT = new FetchOutcome(-2);

  /** The redirect chain was too long or looped: the same as a final 3xx. */
  public static final FetchOutcome TOO_MANY_REDIRECTS = new FetchOutcome(-3);

  /** The code the native library reads: a status, or -1, -2, -3. */
  final int code;

  private FetchOutcome(int code) {
    this.code = code;
  }

  /**
   * The server answered with {@code status} after the redirects the crawler chose to follow (a 3xx
   * here means it stopped following).
   *
   * @param status an HTTP status, 0 to 65535
   * @return the outcome
   * @throws IllegalArgumentException for a status outside 0 to 65535
   */
  public static FetchOutcome status(int status) {
    if (status < 0 || status > 65535) {
      throw new IllegalArgumentException("an HTTP status is 0 to 65535, not " + status);
    }
    return new FetchOutcome(status);
  }

  /**
   * The HTTP status, or -1 when the outcome is not a response.
   *
   * @return the status
   */
  public int httpStatus() {
    return code >= 0 ? code : -1;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FetchOutcome && ((FetchOutcome) o).code == code;
  }

  @Override
  public int hashCode() {
    return code;
  }

  @Override
  public String toString() {
    switch (code) {
      case -1:
        return "NETWORK_ERROR";
      case -2:
        return "TIMEOUT";
      case -3:
        return "TOO_MANY_REDIRECTS";
      default:
        return "status " + code;
    }
  }
}
