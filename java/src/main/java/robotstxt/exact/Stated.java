package robotstxt.exact;

/** A usage preference and the line that stated it. */
public final class Stated {
  private final boolean allowed;
  private final int line;

  Stated(boolean allowed, int line) {
    this.allowed = allowed;
    this.line = line;
  }

  /**
   * True for yes (allowed), false for no.
   *
   * @return the value
   */
  public boolean allowed() {
    return allowed;
  }

  /**
   * The line of the {@code Content-Signal} or {@code Content-Usage} line that gave it.
   *
   * @return the line
   */
  public int line() {
    return line;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Stated && ((Stated) o).allowed == allowed && ((Stated) o).line == line;
  }

  @Override
  public int hashCode() {
    return line * 2 + (allowed ? 1 : 0);
  }

  @Override
  public String toString() {
    return "Stated(" + allowed + ", line " + line + ")";
  }
}
