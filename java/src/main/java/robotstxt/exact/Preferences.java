package robotstxt.exact;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The usage preferences ({@code Content-Signal}, {@code Content-Usage}) that apply to a crawler
 * for a URL: an extension beside Google's matcher, which no verdict uses (docs/AI-PREFERENCES.md).
 */
public final class Preferences {
  private final boolean allowed;
  private final Map<String, Stated> signals;
  private final Map<String, Stated> usage;

  private Preferences(boolean allowed, Map<String, Stated> signals, Map<String, Stated> usage) {
    this.allowed = allowed;
    this.signals = signals;
    this.usage = usage;
  }

  static Preferences read(Wire w) {
    boolean allowed = w.bool();
    Map<String, Stated> signals = readMap(w);
    Map<String, Stated> usage = readMap(w);
    return new Preferences(allowed, signals, usage);
  }

  private static Map<String, Stated> readMap(Wire w) {
    int n = w.u32();
    Map<String, Stated> map = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      String name = w.string();
      boolean allowed = w.bool();
      map.put(name, new Stated(allowed, w.u32()));
    }
    return Collections.unmodifiableMap(map);
  }

  /**
   * Google's verdict for the URL; when false, no preference applies.
   *
   * @return whether the crawler may fetch the URL
   */
  public boolean allowed() {
    return allowed;
  }

  /**
   * {@code Content-Signal} values by name ({@code search}, {@code ai-input}, {@code ai-train}).
   *
   * @return the signals stated, unmodifiable
   */
  public Map<String, Stated> signals() {
    return signals;
  }

  /**
   * {@code Content-Usage} values by label ({@code train-ai}, {@code search}).
   *
   * @return the usage preferences stated, unmodifiable
   */
  public Map<String, Stated> usage() {
    return usage;
  }

  @Override
  public String toString() {
    return "Preferences(allowed=" + allowed + ", signals=" + signals + ", usage=" + usage + ")";
  }
}
