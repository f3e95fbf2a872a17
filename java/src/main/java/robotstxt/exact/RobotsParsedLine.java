package robotstxt.exact;

import java.util.Objects;

/** The report of one line: Google's {@code RobotsParsingReporter::RobotsParsedLine}. */
public final class RobotsParsedLine {
  private final int lineNum;
  private final RobotsTagName tagName;
  private final boolean isTypo;
  private final LineMetadata metadata;

  RobotsParsedLine(int lineNum, RobotsTagName tagName, boolean isTypo, LineMetadata metadata) {
    this.lineNum = lineNum;
    this.tagName = tagName;
    this.isTypo = isTypo;
    this.metadata = metadata;
  }

  /**
   * The line number, from 1.
   *
   * @return {@code line_num}
   */
  public int lineNum() {
    return lineNum;
  }

  /**
   * What the line was parsed as.
   *
   * @return {@code tag_name}
   */
  public RobotsTagName tagName() {
    return tagName;
  }

  /**
   * Whether the key was an accepted typo.
   *
   * @return {@code is_typo}
   */
  public boolean isTypo() {
    return isTypo;
  }

  /**
   * The parser's metadata for the line.
   *
   * @return {@code metadata}
   */
  public LineMetadata metadata() {
    return metadata;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof RobotsParsedLine)) {
      return false;
    }
    RobotsParsedLine l = (RobotsParsedLine) o;
    return lineNum == l.lineNum
        && tagName == l.tagName
        && isTypo == l.isTypo
        && metadata.equals(l.metadata);
  }

  @Override
  public int hashCode() {
    return Objects.hash(lineNum, tagName, isTypo, metadata);
  }

  @Override
  public String toString() {
    return "RobotsParsedLine(lineNum="
        + lineNum
        + ", tagName="
        + tagName
        + ", isTypo="
        + isTypo
        + ", metadata="
        + metadata
        + ")";
  }
}
