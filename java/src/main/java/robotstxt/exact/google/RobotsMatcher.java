package robotstxt.exact.google;

import java.util.Collections;
import java.util.List;
import java.util.Objects;
import robotstxt.exact.Robots;

/**
 * google/robotstxt-java's {@code RobotsMatcher}, answering as Google's C++ {@code RobotsMatcher}
 * does. Thread-safe; it holds a parsed {@link Robots}: {@link #close} it, or leave it to the
 * garbage collector.
 */
public class RobotsMatcher implements Matcher, AutoCloseable {
  private final Robots robots;

  /**
   * A matcher over a parsed robots.txt, which it takes ownership of.
   *
   * @param robots the parsed file
   */
  public RobotsMatcher(Robots robots) {
    this.robots = Objects.requireNonNull(robots, "robots");
  }

  @Override
  public boolean allowedByRobots(List<String> userAgents, String url) {
    return robots.check(userAgents, url).allowed();
  }

  @Override
  public boolean singleAgentAllowedByRobots(String userAgent, String url) {
    return robots.check(Collections.singletonList(userAgent), url).allowed();
  }

  @Override
  public boolean ignoreGlobalAllowedByRobots(List<String> userAgents, String url) {
    return !robots.check(userAgents, url).disallowIgnoreGlobal();
  }

  /**
   * The parsed file, for this package's other queries (sitemaps, crawl-delay, ...).
   *
   * @return the parsed file
   */
  public Robots robots() {
    return robots;
  }

  /** Frees the native memory. Idempotent. */
  @Override
  public void close() {
    robots.close();
  }
}
