package robotstxt.exact;

/**
 * Google's {@code RobotsParseHandler}: receives the directives of a body in file order from {@link
 * RobotsTxt#parseRobotsTxt(byte[], RobotsParseHandler)}.
 *
 * <p>Line numbers start at 1. Values are the bytes Google's parser reports: {@code allow}, {@code
 * disallow} and unknown keys' values percent-escape normalised, {@code user-agent} and {@code
 * sitemap} values as written. An exception thrown by a method stops the parse and reaches the
 * caller of {@code parseRobotsTxt}.
 */
public interface RobotsParseHandler {
  /** Called once before the first line. */
  void handleRobotsStart();

  /** Called once after the last line. */
  void handleRobotsEnd();

  /**
   * A {@code user-agent} line.
   *
   * @param lineNum the line number
   * @param value the value
   */
  void handleUserAgent(int lineNum, byte[] value);

  /**
   * An {@code allow} line.
   *
   * @param lineNum the line number
   * @param value the pattern
   */
  void handleAllow(int lineNum, byte[] value);

  /**
   * A {@code disallow} line.
   *
   * @param lineNum the line number
   * @param value the pattern
   */
  void handleDisallow(int lineNum, byte[] value);

  /**
   * A {@code sitemap} line.
   *
   * @param lineNum the line number
   * @param value the URL as written
   */
  void handleSitemap(int lineNum, byte[] value);

  /**
   * A key-value line whose key is not one of the above.
   *
   * @param lineNum the line number
   * @param action the key as written
   * @param value the value
   */
  void handleUnknownAction(int lineNum, byte[] action, byte[] value);

  /**
   * Called for every line, after that line's directive callback, as Google's {@code
   * ReportLineMetadata}. The default does nothing; a handler that keeps it costs the parse nothing
   * for the metadata.
   *
   * @param lineNum the line number
   * @param metadata what the parser learned about the line
   */
  default void reportLineMetadata(int lineNum, LineMetadata metadata) {}
}
