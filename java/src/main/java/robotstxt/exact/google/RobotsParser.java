package robotstxt.exact.google;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import robotstxt.exact.Robots;
import robotstxt.exact.RobotsTxt;

/**
 * google/robotstxt-java's {@code RobotsParser}, reading the body as Google's C++ parser does.
 *
 * <p>With a plain {@link RobotsParseHandler} the body is parsed once, natively, into a {@link
 * RobotsMatcher}. Any other handler (a subclass that filters directives, or a handler of one's
 * own) receives each directive in order and makes the matcher itself.
 */
public class RobotsParser extends Parser {
  /**
   * A parser that hands directives to {@code parseHandler}.
   *
   * @param parseHandler the handler
   */
  public RobotsParser(ParseHandler parseHandler) {
    super(Objects.requireNonNull(parseHandler, "parseHandler"));
  }

  @Override
  public Matcher parse(byte[] robotsTxtBodyBytes) {
    Objects.requireNonNull(robotsTxtBodyBytes, "robotsTxtBodyBytes");
    if (parseHandler.getClass() == RobotsParseHandler.class) {
      return new RobotsMatcher(Robots.parse(robotsTxtBodyBytes));
    }
    parseHandler.handleStart();
    RobotsTxt.parseRobotsTxt(robotsTxtBodyBytes, new Forward(parseHandler));
    parseHandler.handleEnd();
    return parseHandler.compute();
  }

  /** Google's callbacks as the Java port's directives. */
  private static final class Forward implements robotstxt.exact.RobotsParseHandler {
    private final ParseHandler to;

    Forward(ParseHandler to) {
      this.to = to;
    }

    private static String text(byte[] value) {
      return new String(value, StandardCharsets.UTF_8);
    }

    @Override
    public void handleRobotsStart() {}

    @Override
    public void handleRobotsEnd() {}

    @Override
    public void handleUserAgent(int lineNum, byte[] value) {
      to.handleDirective(DirectiveType.USER_AGENT, text(value));
    }

    @Override
    public void handleAllow(int lineNum, byte[] value) {
      to.handleDirective(DirectiveType.ALLOW, text(value));
    }

    @Override
    public void handleDisallow(int lineNum, byte[] value) {
      to.handleDirective(DirectiveType.DISALLOW, text(value));
    }

    @Override
    public void handleSitemap(int lineNum, byte[] value) {
      to.handleDirective(DirectiveType.SITEMAP, text(value));
    }

    @Override
    public void handleUnknownAction(int lineNum, byte[] action, byte[] value) {
      to.handleDirective(DirectiveType.UNKNOWN, text(value));
    }
  }
}
