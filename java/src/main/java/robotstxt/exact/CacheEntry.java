package robotstxt.exact;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What a crawler knows about one robots.txt URL: the last good body, until when it is fresh, since
 * when the file has been unreachable, and so what to do with the site's URLs now (docs/CRAWLER.md).
 * Times are passed in: the entry reads no clock.
 *
 * <p>For one thread at a time (guard it with the crawler's own lock); it holds native memory:
 * {@link #close} it, or leave it to the garbage collector.
 */
public final class CacheEntry implements AutoCloseable {
  private final Handle handle;
  private final Policy policy;

  /** An entry under Google's policy, with a 24-hour lifetime and bodies cut to 500 KiB. */
  public CacheEntry() {
    this(Policy.GOOGLE);
  }

  /**
   * An entry under {@code policy}, with a 24-hour lifetime and bodies cut to 500 KiB.
   *
   * @param policy Google's or RFC 9309's reading
   */
  public CacheEntry(Policy policy) {
    this(policy, null, Crawler.MAX_ROBOTS_TXT_BYTES);
  }

  /**
   * An entry with its limits.
   *
   * @param policy Google's or RFC 9309's reading
   * @param lifetime how long a result stays fresh without {@code max-age} (null: 24 hours)
   * @param sizeLimit bytes of a body kept; negative keeps whole bodies
   */
  public CacheEntry(Policy policy, Duration lifetime, long sizeLimit) {
    this.policy = Objects.requireNonNull(policy, "policy");
    if (lifetime != null && lifetime.isNegative()) {
      throw new IllegalArgumentException("lifetime must not be negative");
    }
    Native.ensureLoaded();
    long pointer =
        Native.cacheNew(
            policy.code(), lifetime == null ? -1 : lifetime.toMillis(), Math.max(-1, sizeLimit));
    this.handle = new Handle(this, pointer, Native::cacheFree, "CacheEntry");
  }

  /**
   * Records how a fetch ended at {@code now}.
   *
   * @param now when
   * @param outcome how the fetch ended
   * @param body the response body (read only for a 2xx; may be null otherwise)
   * @param maxAge the response's {@code max-age}, or null
   */
  public void record(Instant now, FetchOutcome outcome, byte[] body, Duration maxAge) {
    Objects.requireNonNull(now, "now");
    Objects.requireNonNull(outcome, "outcome");
    if (maxAge != null && maxAge.isNegative()) {
      throw new IllegalArgumentException("maxAge must not be negative");
    }
    byte[] b = body == null ? new byte[0] : body;
    long h = handle.acquireExclusive();
    try {
      Native.cacheRecord(
          h,
          now.toEpochMilli(),
          outcome.code(),
          outcome.statusOrZero(),
          b,
          maxAge == null ? -1 : maxAge.toMillis());
    } finally {
      handle.release();
    }
  }

  /**
   * Whether the robots.txt should be fetched (again) at {@code now}.
   *
   * @param now when
   * @return whether to fetch
   */
  public boolean needsFetch(Instant now) {
    Objects.requireNonNull(now, "now");
    long h = handle.acquireExclusive();
    try {
      return Native.cacheNeedsFetch(h, now.toEpochMilli());
    } finally {
      handle.release();
    }
  }

  /**
   * What to do with the site's URLs at {@code now}.
   *
   * @param now when
   * @return the decision
   */
  public Decision decide(Instant now) {
    Objects.requireNonNull(now, "now");
    long h = handle.acquireExclusive();
    try {
      return Decision.fromCode(Native.cacheDecide(h, now.toEpochMilli()));
    } finally {
      handle.release();
    }
  }

  /**
   * Tells whether the rest of the site answers (used after 30 days of an unreachable robots.txt
   * under Google's policy).
   *
   * @param available whether the site is generally available
   */
  public void setSiteAvailable(boolean available) {
    long h = handle.acquireExclusive();
    try {
      Native.cacheSetSiteAvailable(h, available);
    } finally {
      handle.release();
    }
  }

  /**
   * The last good body, cut to the size limit.
   *
   * @return a copy of the body, or empty
   */
  public Optional<byte[]> body() {
    long h = handle.acquireExclusive();
    try {
      return Optional.ofNullable(Native.cacheBody(h));
    } finally {
      handle.release();
    }
  }

  private Optional<Instant> time(int index) {
    long ms;
    long h = handle.acquireExclusive();
    try {
      ms = Native.cacheTimes(h)[index];
    } finally {
      handle.release();
    }
    return ms == Long.MIN_VALUE ? Optional.empty() : Optional.of(Instant.ofEpochMilli(ms));
  }

  /**
   * Until when the last result is fresh.
   *
   * @return the time, or empty with nothing recorded
   */
  public Optional<Instant> freshUntil() {
    return time(0);
  }

  /**
   * Since when the file has been unreachable.
   *
   * @return the time, or empty when it is not
   */
  public Optional<Instant> unreachableSince() {
    return time(1);
  }

  /**
   * The policy.
   *
   * @return Google's or RFC 9309's
   */
  public Policy policy() {
    return policy;
  }

  /** Frees the native memory. Idempotent. */
  @Override
  public void close() {
    handle.close();
  }
}
