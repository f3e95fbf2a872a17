package robotstxt.exact;

import java.util.Objects;

/**
 * The answer to one query: what Google's {@code RobotsMatcher} and its accessors say, and the rule
 * that decided.
 */
public final class Answer {
  private final boolean allowed;
  private final int matchingLine;
  private final boolean everSeenSpecificAgent;
  private final boolean disallowIgnoreGlobal;
  private final Rule rule;

  private Answer(
      boolean allowed,
      int matchingLine,
      boolean everSeenSpecificAgent,
      boolean disallowIgnoreGlobal,
      Rule rule) {
    this.allowed = allowed;
    this.matchingLine = matchingLine;
    this.everSeenSpecificAgent = everSeenSpecificAgent;
    this.disallowIgnoreGlobal = disallowIgnoreGlobal;
    this.rule = rule;
  }

  /** Reads an answer packed by the native library (java/native/src/matcher.rs, {@code pack}). */
  static boolean allowedOf(long packed) {
    return (packed & 1) != 0;
  }

  static int lineOf(long packed) {
    return (int) (packed >>> 32);
  }

  static boolean everSeenOf(long packed) {
    return (packed & 2) != 0;
  }

  static boolean ignoreGlobalOf(long packed) {
    return (packed & 4) != 0;
  }

  static Answer unpack(long packed, Rule rule) {
    return new Answer(
        allowedOf(packed), lineOf(packed), everSeenOf(packed), ignoreGlobalOf(packed), rule);
  }

  /**
   * Whether the URL may be fetched.
   *
   * @return the verdict
   */
  public boolean allowed() {
    return allowed;
  }

  /**
   * The line of the rule that decided, 0 when no rule matched.
   *
   * @return Google's {@code matching_line()}
   */
  public int matchingLine() {
    return matchingLine;
  }

  /**
   * Whether a group names one of the queried agents (else the {@code *} groups applied).
   *
   * @return Google's {@code ever_seen_specific_agent()}
   */
  public boolean everSeenSpecificAgent() {
    return everSeenSpecificAgent;
  }

  /**
   * Whether the groups naming the agents alone disallow the URL.
   *
   * @return Google's {@code disallow_ignore_global()}
   */
  public boolean disallowIgnoreGlobal() {
    return disallowIgnoreGlobal;
  }

  /**
   * The rule at {@link #matchingLine}: the {@code allow} or {@code disallow} line that decided, or
   * null when none did. Filled by {@link Robots#check}; null in the answers of the batch and
   * compiled forms, which give the line only.
   *
   * @return the deciding rule, or null
   */
  public Rule rule() {
    return rule;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Answer)) {
      return false;
    }
    Answer a = (Answer) o;
    return allowed == a.allowed
        && matchingLine == a.matchingLine
        && everSeenSpecificAgent == a.everSeenSpecificAgent
        && disallowIgnoreGlobal == a.disallowIgnoreGlobal;
  }

  @Override
  public int hashCode() {
    return Objects.hash(allowed, matchingLine, everSeenSpecificAgent, disallowIgnoreGlobal);
  }

  @Override
  public String toString() {
    return "Answer(allowed="
        + allowed
        + ", matchingLine="
        + matchingLine
        + ", everSeenSpecificAgent="
        + everSeenSpecificAgent
        + ", disallowIgnoreGlobal="
        + disallowIgnoreGlobal
        + (rule == null ? "" : ", rule=" + rule)
        + ")";
  }
}
