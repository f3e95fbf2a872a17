package robotstxt.exact;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** A {@code Content-Signal} or {@code Content-Usage} line of a group, parsed. */
public final class PreferenceLine {
  private final String kind;
  private final String path;
  private final int line;
  private final Map<String, Boolean> values;

  private PreferenceLine(String kind, String path, int line, Map<String, Boolean> values) {
    this.kind = kind;
    this.path = path;
    this.line = line;
    this.values = values;
  }

  static PreferenceLine read(Wire w) {
    String kind = w.u8() == 0 ? "content-signal" : "content-usage";
    String path = w.string();
    int line = w.u32();
    int n = w.u32();
    Map<String, Boolean> values = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      String name = w.string();
      values.put(name, w.bool());
    }
    return new PreferenceLine(kind, path, line, Collections.unmodifiableMap(values));
  }

  /**
   * {@code "content-signal"} or {@code "content-usage"}.
   *
   * @return the key
   */
  public String kind() {
    return kind;
  }

  /**
   * The path it applies to; empty for every path.
   *
   * @return the path pattern
   */
  public String path() {
    return path;
  }

  /**
   * The line number.
   *
   * @return the line
   */
  public int line() {
    return line;
  }

  /**
   * Names or labels to true (yes) or false (no), as the line states them.
   *
   * @return the values, unmodifiable
   */
  public Map<String, Boolean> values() {
    return values;
  }

  @Override
  public String toString() {
    return "PreferenceLine(" + kind + ", \"" + path + "\", line " + line + ", " + values + ")";
  }
}
