package robotstxt.exact;

/**
 * The native methods of {@code librobotstxt_jni} ({@code java/native/} in the source tree), one per
 * export. Arguments are checked by the callers (never null, handles open); results are numbers, byte
 * arrays, or structured results in the layout {@link Wire} reads. Failures come as exceptions thrown
 * by the library: {@link OutOfMemoryError}, {@link IllegalArgumentException}, {@link
 * RobotsException}.
 */
final class Native {
  private Native() {}

  static {
    NativeLibrary.load();
  }

  /** Makes sure the library is loaded (the static initialiser does it). */
  static void ensureLoaded() {}

  static native byte[] version();

  static native void setMemoryLimit(long limit);

  static native long allocatedBytes();

  // Google's RobotsMatcher: answers packed as Answer.unpack reads them.
  static native long matcherNew();

  static native void matcherFree(long handle);

  static native long matcherAllowed(
      long handle, byte[] body, byte[] agents, int[] agentEnds, byte[] url);

  static native long matcherOneAgentAllowed(long handle, byte[] body, byte[] agent, byte[] url);

  static native boolean isValidUserAgentToObey(byte[] agent);

  static native byte[] getPathParamsQuery(byte[] url);

  static native byte[] maybeEscapePattern(byte[] pattern);

  static native byte[] extractUserAgent(byte[] agent);

  // ParseRobotsTxt and the reporter.
  static native byte[] parseEvents(byte[] body, boolean metadata);

  static native long reporterNew();

  static native void reporterFree(long handle);

  static native void reporterParse(long handle, byte[] body);

  static native byte[] reporterResults(long handle);

  static native long[] reporterCounts(long handle);

  // Parse once.
  static native long robotsParse(byte[] body);

  static native void robotsFree(long handle);

  static native int robotsAllowed(long handle, byte[] agent, byte[] url);

  static native long robotsCheck(long handle, byte[] agents, int[] agentEnds, byte[] url);

  static native long[] robotsCheckMany(
      long handle, byte[] agents, int[] agentEnds, byte[] urls, int[] urlEnds);

  static native long robotsCompile(long handle, byte[] agents, int[] agentEnds);

  static native void compiledFree(long handle);

  static native long compiledCheck(long handle, byte[] url);

  static native long[] compiledCheckMany(long handle, byte[] urls, int[] urlEnds);

  static native byte[] robotsGroups(long handle);

  static native byte[] robotsSitemaps(long handle);

  static native double robotsCrawlDelay(long handle, byte[] agents, int[] agentEnds);

  static native byte[] robotsRequestRate(long handle, byte[] agent);

  static native byte[] robotsPreferences(long handle, byte[] agents, int[] agentEnds, byte[] url);

  static native int robotsReach(long handle, byte[] agents, int[] agentEnds);

  static native byte[] robotsFileValues(long handle, boolean licenses);

  static native byte[] robotsPolicyTokens(long handle);

  static native long robotsPolicy(long handle, byte[] token, byte[] url);

  static native long robotsHeapBytes(long handle);

  // The crawler's side.
  static native byte[] robotsTxtUrl(byte[] pageUrl);

  static native boolean appliesTo(byte[] robotsUrl, byte[] pageUrl);

  static native boolean isRobotsTxtUrl(byte[] url);

  static native boolean shouldFollowRedirect(int hopsFollowed);

  static native double maxAgeFromCacheControl(byte[] value);

  static native int truncatedLength(int length);

  static native int maxRedirectHops();

  static native int policyClassify(int policy, int outcome, int status);

  static native int policyDecide(int policy, int outcome, int status);

  static native long cacheNew(int policy, long lifetimeMillis, long sizeLimit);

  static native void cacheFree(long handle);

  static native void cacheRecord(
      long handle, long now, int outcome, int status, byte[] body, long maxAgeMillis);

  static native boolean cacheNeedsFetch(long handle, long now);

  static native int cacheDecide(long handle, long now);

  static native void cacheSetSiteAvailable(long handle, boolean available);

  static native byte[] cacheBody(long handle);

  static native long[] cacheTimes(long handle);
}
