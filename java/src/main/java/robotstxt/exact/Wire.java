package robotstxt.exact;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Reads the structured results of the native library: fields one after the other, little-endian
 * ({@code u8}, {@code u32}, {@code f64}, and byte strings as a {@code u32} length and the bytes),
 * in the order each native method's comment gives (java/native/src/wire.rs).
 */
final class Wire {
  private final ByteBuffer buf;

  Wire(byte[] bytes) {
    this.buf = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
  }

  boolean hasMore() {
    return buf.hasRemaining();
  }

  int u8() {
    return buf.get() & 0xff;
  }

  boolean bool() {
    return buf.get() != 0;
  }

  /** A line number or a count; counts and line numbers fit an {@code int}'s 31 bits. */
  int u32() {
    int v = buf.getInt();
    return v < 0 ? Integer.MAX_VALUE : v;
  }

  /** A {@code u32} that may use all 32 bits, as a {@code long}. */
  long u32Long() {
    return buf.getInt() & 0xffffffffL;
  }

  double f64() {
    return buf.getDouble();
  }

  byte[] bytes() {
    byte[] b = new byte[buf.getInt()];
    buf.get(b);
    return b;
  }

  String string() {
    return Bytes.text(bytes());
  }
}
