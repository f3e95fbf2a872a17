package robotstxt.exact;

/**
 * An internal error of the native library (a bug): the call failed, the objects it used stay valid.
 * Running out of memory is {@link OutOfMemoryError}, a closed object {@link IllegalStateException},
 * a bad argument {@link NullPointerException} or {@link IllegalArgumentException}.
 */
public class RobotsException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * An exception with a message.
   *
   * @param message what went wrong
   */
  public RobotsException(String message) {
    super(message);
  }
}
