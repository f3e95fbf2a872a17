package robotstxt.exact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The tests' JSON reader reads RFC 8259's examples of each form and refuses what is not JSON. */
class JsonTest {
  @Test
  void readsEachForm() {
    Map<String, Object> want = new LinkedHashMap<>();
    want.put("a", Arrays.asList(1L, -2.5, 1e3, true, false, null));
    want.put("s", "\"\\/\b\f\n\r\t\u00e9\ud83d\ude00");
    assertEquals(
        want,
        Json.parse(
            " {\"a\": [1, -2.5, 1E3, true, false, null],\n"
                + " \"s\": \"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00E9\\uD83D\\uDE00\"} "));
    assertNull(Json.parse("null"));
    assertEquals(Arrays.asList(), Json.parse("[]"));
  }

  @Test
  void refusesWhatIsNotJson() {
    for (String bad :
        Arrays.asList(
            "",
            "{\"a\": 1, \"a\": 2}",
            "[1,]",
            "[1] 2",
            "01",
            "1.",
            "\"\\x\"",
            "\"\\uD83D\"",
            "\"a\nb\"",
            "tru",
            "{'a': 1}",
            "[[[[")) {
      assertThrows(IllegalArgumentException.class, () -> Json.parse(bad), bad);
    }
  }
}
