package robotstxt.exact;

import java.util.List;

/**
 * The rules of a {@link Robots} for a fixed list of agents, in one index: only the path work per
 * query, the same answers as {@link Robots#check} with those agents. Thread-safe and immutable,
 * like {@link Robots}; independent of the object it came from.
 */
public final class CompiledRobots implements AutoCloseable {
  private final Handle handle;

  CompiledRobots(long pointer) {
    this.handle = new Handle(this, pointer, Native::compiledFree, "CompiledRobots");
  }

  /**
   * Whether the agents may fetch {@code url}.
   *
   * @param url a percent-encoded URL
   * @return Google's verdict
   */
  public boolean allowed(String url) {
    return Answer.allowedOf(checkPacked(Bytes.utf8(url, "url")));
  }

  /**
   * Whether the agents may fetch {@code url}, given as bytes.
   *
   * @param url a percent-encoded URL
   * @return Google's verdict
   */
  public boolean allowed(byte[] url) {
    return Answer.allowedOf(checkPacked(Bytes.bytes(url, "url")));
  }

  /**
   * The full answer for {@code url} (without {@link Answer#rule}).
   *
   * @param url a percent-encoded URL
   * @return the answer
   */
  public Answer check(String url) {
    return Answer.unpack(checkPacked(Bytes.utf8(url, "url")), null);
  }

  /**
   * The full answer for {@code url}, given as bytes (without {@link Answer#rule}).
   *
   * @param url a percent-encoded URL
   * @return the answer
   */
  public Answer check(byte[] url) {
    return Answer.unpack(checkPacked(Bytes.bytes(url, "url")), null);
  }

  private long checkPacked(byte[] url) {
    long h = handle.acquire();
    try {
      return Native.compiledCheck(h, url);
    } finally {
      handle.release();
    }
  }

  /**
   * {@link #allowed(String)} for each URL, in one native call.
   *
   * @param urls percent-encoded URLs
   * @return one verdict per URL
   */
  public boolean[] allowedMany(List<String> urls) {
    return Robots.verdicts(checkMany(Bytes.packStrings(urls, "urls")));
  }

  /**
   * {@link #allowed(byte[])} for each URL, in one native call.
   *
   * @param urls percent-encoded URLs
   * @return one verdict per URL
   */
  public boolean[] allowedMany(byte[][] urls) {
    return Robots.verdicts(checkMany(Robots.packArray(urls, "urls")));
  }

  /**
   * {@link #check(String)} for each URL, in one native call.
   *
   * @param urls percent-encoded URLs
   * @return one answer per URL
   */
  public List<Answer> checkMany(List<String> urls) {
    return Robots.answers(checkMany(Bytes.packStrings(urls, "urls")));
  }

  private long[] checkMany(Bytes.Packed urls) {
    long h = handle.acquire();
    try {
      return Native.compiledCheckMany(h, urls.data, urls.ends);
    } finally {
      handle.release();
    }
  }

  /**
   * Whether {@link #close} was called.
   *
   * @return whether the object is closed
   */
  public boolean isClosed() {
    return handle.isClosed();
  }

  /** Frees the native memory, after any call in progress. Idempotent. */
  @Override
  public void close() {
    handle.close();
  }
}
