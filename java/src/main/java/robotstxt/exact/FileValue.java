package robotstxt.exact;

/**
 * A file-wide value: a {@code License} (RSL 1.0) or {@code LLM-Policy} line, for the whole file
 * wherever it stands (an extension; no verdict uses it).
 */
public final class FileValue {
  private final String value;
  private final int line;

  FileValue(String value, int line) {
    this.value = value;
    this.line = line;
  }

  /**
   * The value as written (invalid UTF-8 as U+FFFD).
   *
   * @return the value
   */
  public String value() {
    return value;
  }

  /**
   * The line number.
   *
   * @return the line
   */
  public int line() {
    return line;
  }

  @Override
  public String toString() {
    return "\"" + value + "\" (line " + line + ")";
  }
}
