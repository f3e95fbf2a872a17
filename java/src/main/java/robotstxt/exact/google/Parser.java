package robotstxt.exact.google;

/** google/robotstxt-java's {@code Parser}: turns a body into a {@link Matcher} through a handler. */
public abstract class Parser {
  /** The kinds of directive a handler receives. */
  public enum DirectiveType {
    /** A {@code user-agent} line. */
    USER_AGENT,
    /** An {@code allow} line. */
    ALLOW,
    /** A {@code disallow} line. */
    DISALLOW,
    /** A {@code sitemap} line. */
    SITEMAP,
    /** Any other key. */
    UNKNOWN
  }

  /** The handler the directives go to. */
  protected ParseHandler parseHandler;

  /**
   * A parser that hands directives to {@code parseHandler}.
   *
   * @param parseHandler the handler
   */
  protected Parser(ParseHandler parseHandler) {
    this.parseHandler = parseHandler;
  }

  /**
   * Parses a body and returns the handler's matcher. Public here: the Java port keeps it
   * package-private.
   *
   * @param robotsTxtBodyBytes the robots.txt body, any bytes
   * @return the matcher
   */
  public abstract Matcher parse(byte[] robotsTxtBodyBytes);
}
