package robotstxt.exact.google;

import java.nio.charset.StandardCharsets;
import robotstxt.exact.Robots;

/**
 * google/robotstxt-java's {@code RobotsParseHandler}: collects the directives and makes a {@link
 * RobotsMatcher} of them. {@link RobotsParser} parses natively when given this class itself;
 * a subclass receives every directive (and may drop or change some before calling {@code super}).
 */
public class RobotsParseHandler implements ParseHandler {
  private StringBuilder directives = new StringBuilder();

  /** A handler with nothing received. */
  public RobotsParseHandler() {}

  @Override
  public void handleStart() {
    directives = new StringBuilder();
  }

  @Override
  public void handleDirective(Parser.DirectiveType directiveType, String directiveValue) {
    String key;
    switch (directiveType) {
      case USER_AGENT:
        key = "user-agent";
        break;
      case ALLOW:
        key = "allow";
        break;
      case DISALLOW:
        key = "disallow";
        break;
      case SITEMAP:
        key = "sitemap";
        break;
      default:
        // Unknown keys change no answer; keeping the line keeps the
        // grouping, which Google's parser does not end on them either.
        key = "unknown";
    }
    // A directive's value never holds a line end or a '#': written back as
    // a line, it parses to the same directive.
    directives.append(key).append(": ").append(directiveValue).append('\n');
  }

  @Override
  public void handleEnd() {}

  /**
   * A matcher over the directives received, as Google's parser reads them written one per line.
   *
   * @return the matcher
   */
  @Override
  public Matcher compute() {
    return new RobotsMatcher(
        Robots.parse(directives.toString().getBytes(StandardCharsets.UTF_8)));
  }
}
