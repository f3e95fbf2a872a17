package robotstxt.exact;

/**
 * Whose reading of the protocol a crawler follows where Google and RFC 9309 differ (docs/CRAWLER.md):
 * they differ on 429 (Google: unreachable; RFC 9309: unavailable, as any 4xx) and on caching.
 */
public enum Policy {
  /** Google's documented behaviour (the default). */
  GOOGLE,
  /** RFC 9309, taking the listed options where it leaves a choice. */
  RFC9309;

  private static final Access[] ACCESS = Access.values();
  private static final Decision[] DECISIONS = Decision.values();

  /**
   * Which access result a fetch outcome is.
   *
   * @param outcome how the fetch ended
   * @return successful, unavailable or unreachable
   */
  public Access classify(FetchOutcome outcome) {
    java.util.Objects.requireNonNull(outcome, "outcome");
    Native.ensureLoaded();
    return ACCESS[Native.policyClassify(ordinal(), outcome.code)];
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
    return DECISIONS[Native.policyDecide(ordinal(), outcome.code)];
  }

  static Decision decision(int code) {
    return DECISIONS[code];
  }
}
