package robotstxt.exact;

/**
 * What a crawler may do with a site's URLs after a robots.txt fetch. {@code toString()} is the
 * decision's name in the vocabulary every binding shares ({@code "use-rules"}); {@link #code} its
 * number there.
 */
public enum Decision {
  /** Apply the rules of the fetched (or cached) file. */
  USE_RULES(0, "use-rules"),
  /** Crawl everything. */
  ALLOW_ALL(1, "allow-all"),
  /** Crawl nothing for now. */
  DISALLOW_ALL(2, "disallow-all");

  private static final Decision[] ALL = values();
  private final int code;
  private final String label;

  Decision(int code, String label) {
    this.code = code;
    this.label = label;
  }

  /**
   * The decision's code: 0 use the rules, 1 allow all, 2 disallow all.
   *
   * @return the code
   */
  public int code() {
    return code;
  }

  /**
   * The decision's name: {@code "use-rules"}, {@code "allow-all"} or {@code "disallow-all"}.
   *
   * @return the name
   */
  @Override
  public String toString() {
    return label;
  }

  /**
   * The decision named {@code name} (as {@link #toString} gives it).
   *
   * @param name {@code "use-rules"}, {@code "allow-all"} or {@code "disallow-all"}
   * @return the decision
   * @throws IllegalArgumentException for another name
   */
  public static Decision fromName(String name) {
    return Vocabulary.byName(ALL, name, "decision");
  }

  /**
   * The decision with code {@code code} (as {@link #code} gives it).
   *
   * @param code 0, 1 or 2
   * @return the decision
   * @throws IllegalArgumentException for another code
   */
  public static Decision fromCode(int code) {
    return Vocabulary.byCode(ALL, Decision::code, code, "decision");
  }
}
