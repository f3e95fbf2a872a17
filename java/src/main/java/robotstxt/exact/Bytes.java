package robotstxt.exact;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;
import java.util.Objects;

/**
 * Arguments as the native methods take them: a {@code String} as its UTF-8 bytes (an unpaired
 * surrogate becomes {@code ?}, as {@link String#getBytes} does), lists packed into one byte array
 * and the end offset of each item, nulls refused with {@link NullPointerException} naming the
 * argument.
 */
final class Bytes {
  private Bytes() {}

  /** A packed list: every item's bytes one after the other, and each item's end offset. */
  static final class Packed {
    final byte[] data;
    final int[] ends;

    Packed(byte[] data, int[] ends) {
      this.data = data;
      this.ends = ends;
    }
  }

  static byte[] utf8(String s, String what) {
    return Objects.requireNonNull(s, what).getBytes(StandardCharsets.UTF_8);
  }

  static byte[] bytes(byte[] b, String what) {
    return Objects.requireNonNull(b, what);
  }

  static String text(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  /** Packs byte strings. */
  static Packed pack(Collection<byte[]> items, String what) {
    Objects.requireNonNull(items, what);
    int[] ends = new int[items.size()];
    long total = 0;
    int i = 0;
    for (byte[] item : items) {
      Objects.requireNonNull(item, what + " element");
      total += item.length;
      if (total > Integer.MAX_VALUE - 8) {
        throw new IllegalArgumentException("robotstxt-exact: " + what + " too large to pass");
      }
      ends[i++] = (int) total;
    }
    if (i != ends.length) {
      throw new IllegalArgumentException(what + " changed size while being read");
    }
    byte[] data = new byte[(int) total];
    int at = 0;
    for (byte[] item : items) {
      System.arraycopy(item, 0, data, at, item.length);
      at += item.length;
    }
    return new Packed(data, ends);
  }

  /** Packs strings as their UTF-8 bytes. */
  static Packed packStrings(Collection<String> items, String what) {
    Objects.requireNonNull(items, what);
    byte[][] encoded = new byte[items.size()][];
    int i = 0;
    for (String item : items) {
      if (i == encoded.length) {
        throw new IllegalArgumentException(what + " changed size while being read");
      }
      encoded[i++] = utf8(item, what + " element");
    }
    return pack(Arrays.asList(encoded).subList(0, i), what);
  }

  /** Packs one byte string. */
  static Packed one(byte[] item, String what) {
    return new Packed(bytes(item, what), new int[] {item.length});
  }

  /** Packs one string. */
  static Packed one(String item, String what) {
    return one(utf8(item, what), what);
  }
}
