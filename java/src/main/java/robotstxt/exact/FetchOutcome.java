package robotstxt.exact;

import java.util.Objects;

/**
 * How a robots.txt fetch ended: an HTTP status, or no response. The outcomes without a response
 * have a name and a code in the vocabulary every binding shares: {@code "network-error"} (1),
 * {@code "timeout"} (2), {@code "too-many-redirects"} (3); an HTTP status has code 0 and is passed
 * as its number. {@code toString()} gives the name ({@code "status 404"} for a status), {@link
 * #fromName} takes it.
 */
public final class FetchOutcome {
  /** DNS failure, refused or reset connection, invalid response and the like. */
  public static final FetchOutcome NETWORK_ERROR = new FetchOutcome(1, -1, "network-error");

  /** The fetch did not complete in time. */
  public static final FetchOutcome TIMEOUT = new FetchOutcome(2, -1, "timeout");

  /** The redirect chain was too long or looped: the same as a final 3xx. */
  public static final FetchOutcome TOO_MANY_REDIRECTS =
      new FetchOutcome(3, -1, "too-many-redirects");

  private static final FetchOutcome[] NAMED = {NETWORK_ERROR, TIMEOUT, TOO_MANY_REDIRECTS};

  /** The vocabulary's code: 0 for a status, 1 to 3 for the named outcomes. */
  private final int code;

  /** The HTTP status; -1 for a named outcome. */
  private final int status;

  private final String label;

  private FetchOutcome(int code, int status, String label) {
    this.code = code;
    this.status = status;
    this.label = label;
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
    return new FetchOutcome(0, status, "status " + status);
  }

  /**
   * The outcome named {@code name}: {@code "network-error"}, {@code "timeout"} or {@code
   * "too-many-redirects"} (an HTTP status is passed as a number, to {@link #status}).
   *
   * @param name the outcome's name
   * @return the outcome
   * @throws IllegalArgumentException for another name
   */
  public static FetchOutcome fromName(String name) {
    Objects.requireNonNull(name, "name");
    for (FetchOutcome o : NAMED) {
      if (o.label.equals(name)) {
        return o;
      }
    }
    throw new IllegalArgumentException(
        "a fetch outcome is an HTTP status or \"network-error\", \"timeout\" or"
            + " \"too-many-redirects\", not \""
            + name
            + "\"");
  }

  /**
   * The outcome's code: 0 for an HTTP status, 1 a network error, 2 a timeout, 3 too many
   * redirects.
   *
   * @return the code
   */
  public int code() {
    return code;
  }

  /**
   * The HTTP status, or -1 when the outcome is not a response.
   *
   * @return the status
   */
  public int httpStatus() {
    return status;
  }

  /** The status as the native library takes it beside the code: 0 where there is none. */
  int statusOrZero() {
    return Math.max(status, 0);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FetchOutcome
        && ((FetchOutcome) o).code == code
        && ((FetchOutcome) o).status == status;
  }

  @Override
  public int hashCode() {
    return code * 65537 + status;
  }

  /**
   * The outcome's name: {@code "network-error"}, {@code "timeout"}, {@code "too-many-redirects"},
   * or {@code "status "} and the number.
   *
   * @return the name
   */
  @Override
  public String toString() {
    return label;
  }
}
