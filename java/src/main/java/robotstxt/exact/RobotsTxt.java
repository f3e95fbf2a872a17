package robotstxt.exact;

/**
 * Google's free functions: {@code ParseRobotsTxt}, {@code GetPathParamsQuery}, {@code
 * MaybeEscapePattern}, and {@code RobotsMatcher::ExtractUserAgent} and {@code
 * IsValidUserAgentToObey}. A {@code String} argument is taken as its UTF-8 bytes and gives a {@code
 * String} back (from UTF-8); a {@code byte[]} gives bytes back.
 */
public final class RobotsTxt {
  private RobotsTxt() {}

  /** Per handler class: whether it overrides {@code reportLineMetadata}. */
  private static final ClassValue<Boolean> WANTS_METADATA =
      new ClassValue<Boolean>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
          try {
            return type.getMethod("reportLineMetadata", int.class, LineMetadata.class)
                    .getDeclaringClass()
                != RobotsParseHandler.class;
          } catch (NoSuchMethodException e) {
            return true;
          }
        }
      };

  /**
   * Google's {@code ParseRobotsTxt}: the directives of {@code body}, in order, to {@code handler}.
   *
   * @param body the robots.txt body, any bytes
   * @param handler receives the callbacks
   */
  public static void parseRobotsTxt(byte[] body, RobotsParseHandler handler) {
    Bytes.bytes(body, "body");
    java.util.Objects.requireNonNull(handler, "handler");
    Native.ensureLoaded();
    replay(Native.parseEvents(body, WANTS_METADATA.get(handler.getClass())), handler);
  }

  /**
   * {@link #parseRobotsTxt(byte[], RobotsParseHandler)} on text (its UTF-8 bytes).
   *
   * @param body the robots.txt body
   * @param handler receives the callbacks
   */
  public static void parseRobotsTxt(String body, RobotsParseHandler handler) {
    parseRobotsTxt(Bytes.utf8(body, "body"), handler);
  }

  /**
   * Google's {@code ParseRobotsTxt} into a {@link RobotsParsingReporter}, natively.
   *
   * @param body the robots.txt body, any bytes
   * @param reporter receives the reports
   */
  public static void parseRobotsTxt(byte[] body, RobotsParsingReporter reporter) {
    Bytes.bytes(body, "body");
    java.util.Objects.requireNonNull(reporter, "reporter").parse(body);
  }

  /**
   * {@link #parseRobotsTxt(byte[], RobotsParsingReporter)} on text (its UTF-8 bytes).
   *
   * @param body the robots.txt body
   * @param reporter receives the reports
   */
  public static void parseRobotsTxt(String body, RobotsParsingReporter reporter) {
    parseRobotsTxt(Bytes.utf8(body, "body"), reporter);
  }

  /** Calls the handler for each event the native parse wrote (java/native/src/parse.rs). */
  private static void replay(byte[] events, RobotsParseHandler handler) {
    Wire w = new Wire(events);
    while (w.hasMore()) {
      int tag = w.u8();
      switch (tag) {
        case 0:
          handler.handleRobotsStart();
          break;
        case 1:
          handler.handleRobotsEnd();
          break;
        case 2:
          {
            int line = w.u32();
            handler.handleUserAgent(line, w.bytes());
            break;
          }
        case 3:
          {
            int line = w.u32();
            handler.handleAllow(line, w.bytes());
            break;
          }
        case 4:
          {
            int line = w.u32();
            handler.handleDisallow(line, w.bytes());
            break;
          }
        case 5:
          {
            int line = w.u32();
            handler.handleSitemap(line, w.bytes());
            break;
          }
        case 6:
          {
            int line = w.u32();
            byte[] action = w.bytes();
            handler.handleUnknownAction(line, action, w.bytes());
            break;
          }
        case 7:
          {
            int line = w.u32();
            handler.reportLineMetadata(line, LineMetadata.of(w.u8()));
            break;
          }
        case 8:
          {
            long first = w.u32Long();
            long count = w.u32Long();
            LineMetadata empty = LineMetadata.of(1);
            for (long i = 0; i < count; i++) {
              handler.reportLineMetadata((int) Math.min(first + i, 0xffffffffL), empty);
            }
            break;
          }
        default:
          throw new RobotsException("unknown parse event " + tag);
      }
    }
  }

  /**
   * Google's {@code GetPathParamsQuery}: the path, params and query of a URL ({@code /} when it has
   * none).
   *
   * @param url a URL
   * @return its path and query
   */
  public static String getPathParamsQuery(String url) {
    return Bytes.text(getPathParamsQuery(Bytes.utf8(url, "url")));
  }

  /**
   * {@link #getPathParamsQuery(String)} on bytes.
   *
   * @param url a URL
   * @return its path and query
   */
  public static byte[] getPathParamsQuery(byte[] url) {
    Native.ensureLoaded();
    return Native.getPathParamsQuery(Bytes.bytes(url, "url"));
  }

  /**
   * Google's {@code MaybeEscapePattern}: percent escapes upper-cased, bytes outside ASCII escaped.
   *
   * @param pattern a path pattern
   * @return the normalised pattern
   */
  public static String maybeEscapePattern(String pattern) {
    return Bytes.text(maybeEscapePattern(Bytes.utf8(pattern, "pattern")));
  }

  /**
   * {@link #maybeEscapePattern(String)} on bytes.
   *
   * @param pattern a path pattern
   * @return the normalised pattern
   */
  public static byte[] maybeEscapePattern(byte[] pattern) {
    Native.ensureLoaded();
    return Native.maybeEscapePattern(Bytes.bytes(pattern, "pattern"));
  }

  /**
   * Google's {@code ExtractUserAgent}: the leading {@code [a-zA-Z_-]} run of a value, which is what
   * the matcher compares.
   *
   * @param userAgent a user-agent value
   * @return its product token part
   */
  public static String extractUserAgent(String userAgent) {
    return Bytes.text(extractUserAgent(Bytes.utf8(userAgent, "userAgent")));
  }

  /**
   * {@link #extractUserAgent(String)} on bytes.
   *
   * @param userAgent a user-agent value
   * @return its product token part
   */
  public static byte[] extractUserAgent(byte[] userAgent) {
    Native.ensureLoaded();
    return Native.extractUserAgent(Bytes.bytes(userAgent, "userAgent"));
  }

  /**
   * Google's {@code IsValidUserAgentToObey}: non-empty and only {@code [a-zA-Z_-]}.
   *
   * @param userAgent a product token
   * @return whether it is valid
   */
  public static boolean isValidUserAgentToObey(String userAgent) {
    return RobotsMatcher.isValidUserAgentToObey(userAgent);
  }

  /**
   * {@link #isValidUserAgentToObey(String)} on bytes.
   *
   * @param userAgent a product token
   * @return whether it is valid
   */
  public static boolean isValidUserAgentToObey(byte[] userAgent) {
    return RobotsMatcher.isValidUserAgentToObey(userAgent);
  }
}
