package robotstxt.exact.google;

/**
 * google/robotstxt-java's {@code ParseHandler}: receives the directives {@link Parser#parse} finds,
 * then makes the {@link Matcher}.
 */
public interface ParseHandler {
  /** Called once before any directive. */
  void handleStart();

  /**
   * A directive: its type and value (Google's parser's value: {@code allow} and {@code disallow}
   * patterns percent-escape normalised).
   *
   * @param directiveType the directive's type
   * @param directiveValue its value
   */
  void handleDirective(Parser.DirectiveType directiveType, String directiveValue);

  /** Called once after the last directive. */
  void handleEnd();

  /**
   * The matcher for the directives received.
   *
   * @return the matcher
   */
  Matcher compute();
}
