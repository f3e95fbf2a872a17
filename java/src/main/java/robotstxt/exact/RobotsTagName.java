package robotstxt.exact;

/**
 * What a line was parsed as: Google's {@code RobotsParsedLine::RobotsTagName}, in its order and
 * with its values as {@link #code}. {@code toString()} is the tag's name in the vocabulary every
 * binding shares ({@code "user-agent"}).
 */
public enum RobotsTagName {
  /** No directive, an unknown key, a comment or an empty line. */
  UNKNOWN(0, "unknown"),
  /** A {@code user-agent} line. */
  USER_AGENT(1, "user-agent"),
  /** An {@code allow} line. */
  ALLOW(2, "allow"),
  /** A {@code disallow} line. */
  DISALLOW(3, "disallow"),
  /** A {@code sitemap} line. */
  SITEMAP(4, "sitemap"),
  /** A recognised key that Google does not use ({@code crawl-delay}, {@code noindex}, ...). */
  UNUSED(5, "unused");

  private static final RobotsTagName[] ALL = values();
  private final int code;
  private final String label;

  RobotsTagName(int code, String label) {
    this.code = code;
    this.label = label;
  }

  /**
   * Google's value of the tag: 0 unknown to 5 unused.
   *
   * @return the code
   */
  public int code() {
    return code;
  }

  /**
   * The tag's name: {@code "unknown"}, {@code "user-agent"}, {@code "allow"}, {@code "disallow"},
   * {@code "sitemap"} or {@code "unused"}.
   *
   * @return the name
   */
  @Override
  public String toString() {
    return label;
  }

  /**
   * The tag named {@code name} (as {@link #toString} gives it).
   *
   * @param name a tag's name
   * @return the tag
   * @throws IllegalArgumentException for another name
   */
  public static RobotsTagName fromName(String name) {
    return Vocabulary.byName(ALL, name, "tag");
  }

  /**
   * The tag with Google's value {@code code}.
   *
   * @param code 0 to 5
   * @return the tag
   * @throws IllegalArgumentException for another code
   */
  public static RobotsTagName fromCode(int code) {
    return Vocabulary.byCode(ALL, RobotsTagName::code, code, "tag");
  }
}
