package robotstxt.exact;

/**
 * Whose reading of the protocol a crawler follows where Google and RFC 9309 differ (docs/CRAWLER.md):
 * they differ on 429 (Google: unreachable; RFC 9309: unavailable, as any 4xx) and on caching.
 * {@code toString()} is the policy's name in the vocabulary every binding shares ({@code
 * "rfc9309"}); {@link #code} its number there.
 */
public enum Policy {
  /** Google's documented behaviour (the default). */
  GOOGLE(0, "google"),
  /** RFC 9309, taking the listed options where it leaves a choice. */
  RFC9309(1, "rfc9309");

  private static final Policy[] ALL = values();
  private final int code;
  private final String label;

  Policy(int code, String label) {
    this.code = code;
    this.label = label;
  }

  /**
   * The policy's code: 0 Google, 1 RFC 9309.
   *
   * @return the code
   */
  public int code() {
    return code;
  }

  /**
   * The policy's name: {@code "google"} or {@code "rfc9309"}.
   *
   * @return the name
   */
  @Override
  public String toString() {
    return label;
  }

  /**
   * The policy named {@code name} (as {@link #toString} gives it).
   *
   * @param name {@code "google"} or {@code "rfc9309"}
   * @return the policy
   * @throws IllegalArgumentException for another name
   */
  public static Policy fromName(String name) {
    return Vocabulary.byName(ALL, name, "policy");
  }

  /**
   * The policy with code {@code code} (as {@link #code} gives it).
   *
   * @param code 0 or 1
   * @return the policy
   * @throws IllegalArgumentException for another code
   */
  public static Policy fromCode(int code) {
    return Vocabulary.byCode(ALL, Policy::code, code, "policy");
  }

  /**
   * Which access result a fetch outcome is.
   *
   * @param outcome how the fetch ended
   * @return successful, unavailable or unreachable
   */
  public Access classify(FetchOutcome outcome) {
    java.util.Objects.requireNonNull(outcome, "outcome");
    Native.ensureLoaded();
    return Access.fromCode(Native.policyClassify(code, outcome.code(), outcome.statusOrZero()));
  }

  /**
   * What to do right after a fetch with nothing cached: the rules for a success, allow all when
   * unavailable, disallow all when unreachable. A crawler that keeps state across fetches uses
   * {@link CacheEntry}.
   *
   * @param outcome how the fetch ended
   * @return the decision
   */
  public Decision decide(FetchOutcome outcome) {
    java.util.Objects.requireNonNull(outcome, "outcome");
    Native.ensureLoaded();
    return Decision.fromCode(Native.policyDecide(code, outcome.code(), outcome.statusOrZero()));
  }
}
