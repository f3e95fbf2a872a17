package com.google.search.robotstxt;

/**
 * The benchmark's way into google/robotstxt-java, whose {@code Parser.parse} is package-private:
 * compiled into that package by java/bench/run.sh, never shipped.
 */
public final class BenchAccess {
  private BenchAccess() {}

  /**
   * Parses a body as the port's own command-line tool does.
   *
   * @param body the robots.txt body
   * @return the port's matcher
   */
  public static Matcher parse(byte[] body) {
    return new RobotsParser(new RobotsParseHandler()).parse(body);
  }
}
