package robotstxt.exact;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict reader of JSON (RFC 8259) for the tests' data files, spec/: the JDK has no JSON reader
 * and no Maven registry serves one here. An object is a {@code LinkedHashMap} (keys in file order,
 * a repeated key an error), an array a {@code List}, a number a {@code Long} when it is an integer
 * that fits and a {@code Double} otherwise, {@code true}/{@code false} a {@code Boolean}, {@code
 * null} null. A string holding an unpaired surrogate is refused: it has no UTF-8 encoding, and the
 * spec's strings stand for their UTF-8 bytes.
 */
final class Json {
  private final String text;
  private int at;

  private Json(String text) {
    this.text = text;
  }

  /**
   * The value {@code text} holds, or {@link IllegalArgumentException} saying where it is not JSON.
   */
  static Object parse(String text) {
    Json p = new Json(text);
    p.space();
    Object value = p.value(0);
    p.space();
    if (p.at != text.length()) {
      throw p.error("text after the value");
    }
    return value;
  }

  private IllegalArgumentException error(String what) {
    int line = 1;
    int column = 1;
    for (int i = 0; i < at && i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        line++;
        column = 1;
      } else {
        column++;
      }
    }
    return new IllegalArgumentException("JSON, line " + line + " column " + column + ": " + what);
  }

  private void space() {
    while (at < text.length()) {
      char c = text.charAt(at);
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
        return;
      }
      at++;
    }
  }

  private char peek() {
    if (at >= text.length()) {
      throw error("unexpected end");
    }
    return text.charAt(at);
  }

  private void expect(char c) {
    if (peek() != c) {
      throw error("expected '" + c + "'");
    }
    at++;
  }

  private void word(String w, int from) {
    if (!text.startsWith(w, from)) {
      throw error("not a value");
    }
    at = from + w.length();
  }

  // Nesting is bounded so that a hostile file fails with a message, not a StackOverflowError.
  private Object value(int depth) {
    if (depth > 512) {
      throw error("nested too deeply");
    }
    char c = peek();
    switch (c) {
      case '{':
        return object(depth);
      case '[':
        return array(depth);
      case '"':
        return string();
      case 't':
        word("true", at);
        return Boolean.TRUE;
      case 'f':
        word("false", at);
        return Boolean.FALSE;
      case 'n':
        word("null", at);
        return null;
      default:
        if (c == '-' || (c >= '0' && c <= '9')) {
          return number();
        }
        throw error("not a value");
    }
  }

  private Map<String, Object> object(int depth) {
    expect('{');
    Map<String, Object> out = new LinkedHashMap<>();
    space();
    if (peek() == '}') {
      at++;
      return out;
    }
    while (true) {
      space();
      if (peek() != '"') {
        throw error("expected a key");
      }
      String key = string();
      if (out.containsKey(key)) {
        throw error("key \"" + key + "\" repeated");
      }
      space();
      expect(':');
      space();
      out.put(key, value(depth + 1));
      space();
      if (peek() == ',') {
        at++;
        continue;
      }
      expect('}');
      return out;
    }
  }

  private List<Object> array(int depth) {
    expect('[');
    List<Object> out = new ArrayList<>();
    space();
    if (peek() == ']') {
      at++;
      return out;
    }
    while (true) {
      space();
      out.add(value(depth + 1));
      space();
      if (peek() == ',') {
        at++;
        continue;
      }
      expect(']');
      return out;
    }
  }

  private String string() {
    expect('"');
    StringBuilder out = new StringBuilder();
    while (true) {
      char c = peek();
      at++;
      if (c == '"') {
        break;
      }
      if (c < 0x20) {
        throw error("a control character in a string");
      }
      if (c != '\\') {
        out.append(c);
        continue;
      }
      char e = peek();
      at++;
      switch (e) {
        case '"':
        case '\\':
        case '/':
          out.append(e);
          break;
        case 'b':
          out.append('\b');
          break;
        case 'f':
          out.append('\f');
          break;
        case 'n':
          out.append('\n');
          break;
        case 'r':
          out.append('\r');
          break;
        case 't':
          out.append('\t');
          break;
        case 'u':
          out.append(hex4());
          break;
        default:
          throw error("bad escape \\" + e);
      }
    }
    String s = out.toString();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < s.length()
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        throw error("an unpaired surrogate in a string");
      }
    }
    return s;
  }

  private char hex4() {
    if (at + 4 > text.length()) {
      throw error("unexpected end");
    }
    int v = 0;
    for (int i = 0; i < 4; i++) {
      int d = Character.digit(text.charAt(at + i), 16);
      if (d < 0) {
        throw error("bad \\u escape");
      }
      v = v * 16 + d;
    }
    at += 4;
    return (char) v;
  }

  private Object number() {
    int start = at;
    if (peek() == '-') {
      at++;
    }
    if (peek() == '0') {
      at++;
    } else {
      digits();
    }
    boolean integral = true;
    if (at < text.length() && text.charAt(at) == '.') {
      at++;
      digits();
      integral = false;
    }
    if (at < text.length() && (text.charAt(at) == 'e' || text.charAt(at) == 'E')) {
      at++;
      if (peek() == '+' || peek() == '-') {
        at++;
      }
      digits();
      integral = false;
    }
    String n = text.substring(start, at);
    if (integral) {
      try {
        return Long.parseLong(n);
      } catch (NumberFormatException e) {
        // Past a long: a double, as a reader of JSON numbers in doubles would read it.
      }
    }
    return Double.parseDouble(n);
  }

  private void digits() {
    int start = at;
    while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') {
      at++;
    }
    if (at == start) {
      throw error("expected a digit");
    }
  }
}
