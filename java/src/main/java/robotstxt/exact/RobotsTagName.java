package robotstxt.exact;

/** What a line was parsed as: Google's {@code RobotsParsedLine::RobotsTagName}, in its order. */
public enum RobotsTagName {
  /** No directive, an unknown key, a comment or an empty line. */
  UNKNOWN,
  /** A {@code user-agent} line. */
  USER_AGENT,
  /** An {@code allow} line. */
  ALLOW,
  /** A {@code disallow} line. */
  DISALLOW,
  /** A {@code sitemap} line. */
  SITEMAP,
  /** A recognised key that Google does not use ({@code crawl-delay}, {@code noindex}, ...). */
  UNUSED
}
