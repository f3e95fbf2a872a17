package robotstxt.exact;

import java.util.Arrays;
import java.util.Objects;
import java.util.function.ToIntFunction;
import java.util.stream.Collectors;

/**
 * Lookups of the shared vocabulary (spec/vocabulary.json) for the enums that carry it: {@link
 * Policy}, {@link Access}, {@link Decision}, {@link RobotsTagName}. Each has the vocabulary's
 * name as its {@code toString()} and its code as {@code code()}; this finds a value by either.
 */
final class Vocabulary {
  private Vocabulary() {}

  /** The value of {@code values} whose {@code toString()} is {@code name}. */
  static <E> E byName(E[] values, String name, String what) {
    Objects.requireNonNull(name, "name");
    for (E v : values) {
      if (v.toString().equals(name)) {
        return v;
      }
    }
    throw new IllegalArgumentException(
        "no "
            + what
            + " named \""
            + name
            + "\": one of "
            + Arrays.stream(values).map(v -> "\"" + v + "\"").collect(Collectors.joining(", ")));
  }

  /** The value of {@code values} whose code is {@code code}. */
  static <E> E byCode(E[] values, ToIntFunction<E> codeOf, int code, String what) {
    for (E v : values) {
      if (codeOf.applyAsInt(v) == code) {
        return v;
      }
    }
    throw new IllegalArgumentException("no " + what + " with code " + code);
  }
}
