package robotstxt.exact;

/**
 * RFC 9309's access results for a robots.txt fetch (section 2.3.1). {@code toString()} is the
 * result's name in the vocabulary every binding shares ({@code "unreachable"}); {@link #code} its
 * number there.
 */
public enum Access {
  /** The file was downloaded: its rules apply. */
  SUCCESSFUL(0, "successful"),
  /** The server says there is no file for the crawler: everything may be crawled. */
  UNAVAILABLE(1, "unavailable"),
  /** Server or network errors: assume complete disallow, subject to the caching rules. */
  UNREACHABLE(2, "unreachable");

  private static final Access[] ALL = values();
  private final int code;
  private final String label;

  Access(int code, String label) {
    this.code = code;
    this.label = label;
  }

  /**
   * The result's code: 0 successful, 1 unavailable, 2 unreachable.
   *
   * @return the code
   */
  public int code() {
    return code;
  }

  /**
   * The result's name: {@code "successful"}, {@code "unavailable"} or {@code "unreachable"}.
   *
   * @return the name
   */
  @Override
  public String toString() {
    return label;
  }

  /**
   * The result named {@code name} (as {@link #toString} gives it).
   *
   * @param name {@code "successful"}, {@code "unavailable"} or {@code "unreachable"}
   * @return the result
   * @throws IllegalArgumentException for another name
   */
  public static Access fromName(String name) {
    return Vocabulary.byName(ALL, name, "access result");
  }

  /**
   * The result with code {@code code} (as {@link #code} gives it).
   *
   * @param code 0, 1 or 2
   * @return the result
   * @throws IllegalArgumentException for another code
   */
  public static Access fromCode(int code) {
    return Vocabulary.byCode(ALL, Access::code, code, "access result");
  }
}
