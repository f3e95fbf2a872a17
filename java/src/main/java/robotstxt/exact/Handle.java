package robotstxt.exact;

import java.lang.ref.Cleaner;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * The native object behind a Java object: freed once, never while a call uses it, and by a {@link
 * Cleaner} when its owner is unreachable and was not closed.
 *
 * <p>The state counts the calls in progress (two per call) and keeps the closed flag in bit 0. A
 * call {@link #acquire acquires} the pointer and {@link #release releases} it; {@link #close} sets
 * the flag, and whoever leaves the count at zero with the flag set frees the object. So a close
 * while other threads query waits for nothing and frees after their last call, a call after it
 * throws {@link IllegalStateException}, and the cleaner, which runs only once the owner is
 * unreachable, frees no object a call still uses. Objects that are not thread-safe (a matcher, a
 * reporter, a cache entry) are acquired {@link #acquireExclusive exclusively}: a second thread gets
 * {@link IllegalStateException}, never a data race in native code.
 */
final class Handle implements Runnable {
  private static final Cleaner CLEANER = Cleaner.create();

  private final AtomicLong state = new AtomicLong();
  private final long pointer;
  private final LongConsumer free;
  private final String what;
  private final Cleaner.Cleanable cleanable;

  /**
   * Takes ownership of {@code pointer}.
   *
   * @param owner the Java object whose unreachability frees it
   * @param pointer the native object
   * @param free the native method that frees it
   * @param what the owner's class name, for messages
   */
  Handle(Object owner, long pointer, LongConsumer free, String what) {
    this.pointer = pointer;
    this.free = free;
    this.what = what;
    this.cleanable = CLEANER.register(owner, this);
  }

  /** The pointer, for a call that only reads the object; pair with {@link #release}. */
  long acquire() {
    while (true) {
      long s = state.get();
      if ((s & 1) != 0) {
        throw closed();
      }
      if (state.compareAndSet(s, s + 2)) {
        return pointer;
      }
    }
  }

  /** The pointer, for a call that changes the object; pair with {@link #release}. */
  long acquireExclusive() {
    if (state.compareAndSet(0, 2)) {
      return pointer;
    }
    if ((state.get() & 1) != 0) {
      throw closed();
    }
    throw new IllegalStateException(
        "robotstxt-exact: this "
            + what
            + " is in use by another thread; use one per thread (it is not thread-safe)");
  }

  /** Ends a call begun by {@link #acquire} or {@link #acquireExclusive}. */
  void release() {
    if (state.addAndGet(-2) == 1) {
      free.accept(pointer);
    }
  }

  /** Closes: frees now, or after the calls in progress. Idempotent. */
  void close() {
    cleanable.clean();
  }

  /** Whether {@link #close} was called (or the cleaner ran). */
  boolean isClosed() {
    return (state.get() & 1) != 0;
  }

  /** The cleaning action: run once, by {@link #close} or by the cleaner. */
  @Override
  public void run() {
    while (true) {
      long s = state.get();
      if ((s & 1) != 0) {
        return;
      }
      if (state.compareAndSet(s, s | 1)) {
        if (s == 0) {
          free.accept(pointer);
        }
        return;
      }
    }
  }

  private IllegalStateException closed() {
    return new IllegalStateException("robotstxt-exact: this " + what + " is closed");
  }
}
