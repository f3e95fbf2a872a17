package robotstxt.exact;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The usage preferences ({@code Content-Signal}, {@code Content-Usage}) that apply to a crawler
 * for a URL: an extension beside Google's matcher, which no verdict uses (docs/AI-PREFERENCES.md).
 */
public final class Preferences {
  private final boolean allowed;
  private final Map<String, Stated> signals;
  private final Map<String, Stated> usage;
  private final Map<String, Stated> usageInSearch;
  private final String contentUse;
  private final int contentUseLine;

  private Preferences(
      boolean allowed,
      Map<String, Stated> signals,
      Map<String, Stated> usage,
      Map<String, Stated> usageInSearch,
      String contentUse,
      int contentUseLine) {
    this.allowed = allowed;
    this.signals = signals;
    this.usage = usage;
    this.usageInSearch = usageInSearch;
    this.contentUse = contentUse;
    this.contentUseLine = contentUseLine;
  }

  static Preferences read(Wire w) {
    boolean allowed = w.bool();
    Map<String, Stated> signals = readMap(w);
    Map<String, Stated> usage = readMap(w);
    Map<String, Stated> inSearch = readMap(w);
    String use = null;
    int line = 0;
    if (w.bool()) {
      use = w.string();
      line = w.u32();
    }
    return new Preferences(allowed, signals, usage, inSearch, use, line);
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

  /**
   * {@code Content-Usage} values for uses within a search application, where a stated {@code
   * search} overrides the others (draft-ietf-aipref-vocab-08 section 4.3).
   *
   * @return the usage preferences within search, unmodifiable
   */
  public Map<String, Stated> usageInSearch() {
    return usageInSearch;
  }

  /**
   * The {@code use=} item of {@code Content-Signal}: {@code immediate}, {@code reference} or {@code
   * full}.
   *
   * @return the value, or empty
   */
  public Optional<String> contentUse() {
    return Optional.ofNullable(contentUse);
  }

  /**
   * The line that gave {@link #contentUse}, 0 when none did.
   *
   * @return the line
   */
  public int contentUseLine() {
    return contentUseLine;
  }

  @Override
  public String toString() {
    return "Preferences(allowed="
        + allowed
        + ", signals="
        + signals
        + ", usage="
        + usage
        + (contentUse == null ? "" : ", use=" + contentUse + " (line " + contentUseLine + ")")
        + ")";
  }
}
