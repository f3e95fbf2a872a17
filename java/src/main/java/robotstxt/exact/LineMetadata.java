package robotstxt.exact;

/** What Google's parser learned about one line: {@code RobotsParseHandler::LineMetadata}. */
public final class LineMetadata {
  private static final LineMetadata[] ALL = new LineMetadata[128];

  static {
    for (int i = 0; i < ALL.length; i++) {
      ALL[i] = new LineMetadata(i);
    }
  }

  private final int bits;

  private LineMetadata(int bits) {
    this.bits = bits;
  }

  /** The metadata for the native library's flags, one bit per field in Google's order. */
  static LineMetadata of(int bits) {
    return ALL[bits & 127];
  }

  /**
   * Whether the line is empty or only spaces and tabs.
   *
   * @return {@code is_empty}
   */
  public boolean isEmpty() {
    return (bits & 1) != 0;
  }

  /**
   * Whether the line has a comment (it may have a directive too).
   *
   * @return {@code has_comment}
   */
  public boolean hasComment() {
    return (bits & 2) != 0;
  }

  /**
   * Whether the whole line is a comment.
   *
   * @return {@code is_comment}
   */
  public boolean isComment() {
    return (bits & 4) != 0;
  }

  /**
   * Whether the line has a key and value, recognised or not.
   *
   * @return {@code has_directive}
   */
  public boolean hasDirective() {
    return (bits & 8) != 0;
  }

  /**
   * Whether the key is an accepted typo (such as {@code disalow}).
   *
   * @return {@code is_acceptable_typo}
   */
  public boolean isAcceptableTypo() {
    return (bits & 16) != 0;
  }

  /**
   * Whether the line passes Google's length cap and was cut.
   *
   * @return {@code is_line_too_long}
   */
  public boolean isLineTooLong() {
    return (bits & 32) != 0;
  }

  /**
   * Whether the key and value were separated by white space, not a colon.
   *
   * @return {@code is_missing_colon_separator}
   */
  public boolean isMissingColonSeparator() {
    return (bits & 64) != 0;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LineMetadata && ((LineMetadata) o).bits == bits;
  }

  @Override
  public int hashCode() {
    return bits;
  }

  @Override
  public String toString() {
    return "LineMetadata(isEmpty="
        + isEmpty()
        + ", hasComment="
        + hasComment()
        + ", isComment="
        + isComment()
        + ", hasDirective="
        + hasDirective()
        + ", isAcceptableTypo="
        + isAcceptableTypo()
        + ", isLineTooLong="
        + isLineTooLong()
        + ", isMissingColonSeparator="
        + isMissingColonSeparator()
        + ")";
  }
}
