package robotstxt.exact;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Google's {@code RobotsParsingReporter}: give it to {@link RobotsTxt#parseRobotsTxt(byte[],
 * RobotsParsingReporter)} and read what each line was parsed as. A parse resets the counts but
 * keeps the reports of earlier parses' lines past its end, as Google's does.
 *
 * <p>For one thread at a time; it holds native memory: {@link #close} it, or leave it to the
 * garbage collector.
 */
public final class RobotsParsingReporter implements AutoCloseable {
  private final Handle handle;

  /** An empty reporter. */
  public RobotsParsingReporter() {
    Native.ensureLoaded();
    this.handle =
        new Handle(this, Native.reporterNew(), Native::reporterFree, "RobotsParsingReporter");
  }

  void parse(byte[] body) {
    long h = handle.acquireExclusive();
    try {
      Native.reporterParse(h, body);
    } finally {
      handle.release();
    }
  }

  /**
   * The report of each line seen, by line number.
   *
   * @return the reports, unmodifiable
   */
  public List<RobotsParsedLine> parseResults() {
    byte[] result;
    long h = handle.acquireExclusive();
    try {
      result = Native.reporterResults(h);
    } finally {
      handle.release();
    }
    Wire w = new Wire(result);
    int n = w.u32();
    List<RobotsParsedLine> lines = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      int line = w.u32();
      RobotsTagName tag = RobotsTagName.fromCode(w.u8());
      boolean typo = w.bool();
      lines.add(new RobotsParsedLine(line, tag, typo, LineMetadata.of(w.u8())));
    }
    return Collections.unmodifiableList(lines);
  }

  private long count(int index) {
    long h = handle.acquireExclusive();
    try {
      return Native.reporterCounts(h)[index];
    } finally {
      handle.release();
    }
  }

  /**
   * The number of the last line of the last parse.
   *
   * @return {@code last_line_seen()}
   */
  public int lastLineSeen() {
    return (int) Math.min(Integer.MAX_VALUE, count(0));
  }

  /**
   * How many {@code user-agent}, {@code allow}, {@code disallow} and {@code sitemap} lines the last
   * parse found.
   *
   * @return {@code valid_directives()}
   */
  public int validDirectives() {
    return (int) Math.min(Integer.MAX_VALUE, count(1));
  }

  /**
   * How many lines of the last parse had a key Google does not use or know.
   *
   * @return {@code unused_directives()}
   */
  public int unusedDirectives() {
    return (int) Math.min(Integer.MAX_VALUE, count(2));
  }

  /** Frees the native memory. Idempotent. */
  @Override
  public void close() {
    handle.close();
  }
}
