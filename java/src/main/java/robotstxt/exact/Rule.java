package robotstxt.exact;

/** An {@code allow} or {@code disallow} line of a group. */
public final class Rule {
  /** Which of the two. */
  public enum Kind {
    /** An {@code allow} line. */
    ALLOW,
    /** A {@code disallow} line. */
    DISALLOW
  }

  private final Kind kind;
  private final String pattern;
  private final int line;

  Rule(Kind kind, String pattern, int line) {
    this.kind = kind;
    this.pattern = pattern;
    this.line = line;
  }

  /**
   * Allow or disallow.
   *
   * @return the kind
   */
  public Kind kind() {
    return kind;
  }

  /**
   * The pattern, percent-escape normalised as Google's parser hands it over (invalid UTF-8 as
   * U+FFFD).
   *
   * @return the pattern
   */
  public String pattern() {
    return pattern;
  }

  /**
   * The line number, from 1.
   *
   * @return the line
   */
  public int line() {
    return line;
  }

  @Override
  public String toString() {
    return "Rule(" + kind + ", \"" + pattern + "\", line " + line + ")";
  }
}
