package robotstxt.exact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import robotstxt.exact.google.Matcher;
import robotstxt.exact.google.RobotsParser;

/**
 * The shared cases of spec/cases/ (see spec/README.md) through the Java API, one JUnit test per
 * case, named {@code <suite>.<name>}; the count of checks is printed at the end, as every runner
 * prints it.
 *
 * <p>Each matcher query is asked of a fresh {@link RobotsMatcher} (bytes in), of the parse-once
 * {@link Robots} ({@code check}, {@code allowed}, {@code checkMany}) and its {@link
 * CompiledRobots} view, which must agree; where the agent and URL are UTF-8, also of the {@code
 * String} forms and of google/robotstxt-java's names ({@code robotstxt.exact.google}). Parser
 * callbacks are recorded by a handler with and without {@code reportLineMetadata} (two paths
 * through the native parse), which must agree. A field a check kind does not know fails the case,
 * so a misspelt expectation cannot go unchecked.
 */
class SpecTest {
  private static int checks;
  private static int cases;

  /** The LineMetadata fields as the cases name them, in Google's order. */
  private static final Map<String, Predicate<LineMetadata>> FLAGS = new LinkedHashMap<>();

  static {
    FLAGS.put("is_empty", LineMetadata::isEmpty);
    FLAGS.put("has_comment", LineMetadata::hasComment);
    FLAGS.put("is_comment", LineMetadata::isComment);
    FLAGS.put("has_directive", LineMetadata::hasDirective);
    FLAGS.put("is_acceptable_typo", LineMetadata::isAcceptableTypo);
    FLAGS.put("is_line_too_long", LineMetadata::isLineTooLong);
    FLAGS.put("is_missing_colon_separator", LineMetadata::isMissingColonSeparator);
  }

  @TestFactory
  List<DynamicTest> spec() throws IOException {
    Path dir = TestSupport.repo().resolve("spec").resolve("cases");
    List<Path> files;
    try (Stream<Path> walk = Files.walk(dir)) {
      files =
          walk.filter(p -> p.toString().endsWith(".json"))
              .sorted()
              .collect(Collectors.toList());
    }
    if (files.isEmpty()) {
      fail("no case files under " + dir);
    }
    List<DynamicTest> out = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (Path file : files) {
      Map<String, Object> doc =
          object(Json.parse(new String(Files.readAllBytes(file), StandardCharsets.UTF_8)));
      String suite = (String) doc.get("suite");
      for (Object t : (List<?>) doc.get("tests")) {
        Map<String, Object> test = object(t);
        String name = suite + "." + test.get("name");
        List<?> checkList = (List<?>) test.get("checks");
        boolean fresh = names.add(name);
        out.add(
            DynamicTest.dynamicTest(
                name,
                () -> {
                  if (!fresh) {
                    fail(name + ": the name is taken");
                  }
                  runCase(checkList);
                }));
      }
    }
    return out;
  }

  @AfterAll
  static void summary() {
    System.out.println("spec: " + checks + " checks in " + cases + " cases through the Java API");
  }

  private static void runCase(List<?> checkList) {
    cases++;
    List<String> errors = new ArrayList<>();
    for (int i = 0; i < checkList.size(); i++) {
      try {
        checks += runCheck(Fields.of(checkList.get(i)));
      } catch (AssertionError | RuntimeException e) {
        String msg = e.getMessage() == null ? e.toString() : e.getMessage();
        if (!(e instanceof AssertionError || e instanceof IllegalArgumentException)) {
          msg = e.getClass().getName() + ": " + msg;
        }
        errors.add("check " + (i + 1) + ": " + msg.replace("\n", "\n    "));
      }
    }
    if (!errors.isEmpty()) {
      fail(String.join("\n", errors));
    }
  }

  /** Runs one check; returns how many checks it counts for, or throws what failed. */
  private static int runCheck(Fields f) {
    String kind = f.string("kind");
    Failures failures = new Failures();
    int counted = 1;
    switch (kind) {
      case "allowed":
        {
          byte[] robots = f.bytes("robots");
          List<?> queries = f.list("queries");
          counted = queries.size();
          for (Object query : queries) {
            Fields q = Fields.of(query);
            byte[] agent = q.bytes("agent");
            byte[] url = q.bytes("url");
            boolean allowed = q.bool("allowed");
            Long line = q.has("line") ? q.count("line") : null;
            Boolean specific = q.has("specific") ? q.bool("specific") : null;
            q.done();
            Verdict got = allowed(robots, agent, url);
            String what = "agent \"" + show(agent) + "\", url \"" + show(url) + "\"";
            failures.expect(
                got.allowed == allowed,
                what + ": allowed " + got.allowed + ", expected " + allowed);
            if (line != null) {
              failures.expect(
                  got.line == line, what + ": matching line " + got.line + ", expected " + line);
            }
            if (specific != null) {
              failures.expect(
                  got.specific == specific,
                  what + ": ever seen specific agent " + got.specific + ", expected " + specific);
            }
          }
          break;
        }
      case "valid_agent":
        {
          // The Java API takes no null (a NullPointerException names the argument): a null agent is
          // the empty string, as spec/README.md says for languages without a null string.
          byte[] agent = f.isNull("agent") ? new byte[0] : f.bytes("agent");
          boolean valid = f.bool("valid");
          boolean got = RobotsMatcher.isValidUserAgentToObey(agent);
          failures.expect(
              got == valid, "agent \"" + show(agent) + "\": valid " + got + ", expected " + valid);
          failures.expect(
              RobotsTxt.isValidUserAgentToObey(agent) == got,
              "RobotsTxt.isValidUserAgentToObey differs from RobotsMatcher's");
          String text = utf8(agent);
          if (text != null) {
            failures.expect(
                RobotsMatcher.isValidUserAgentToObey(text) == got,
                "the agent as a String differs from its bytes");
          }
          break;
        }
      case "events":
        {
          byte[] robots = f.bytes("robots");
          List<String> want = new ArrayList<>();
          for (Object e : f.list("events")) {
            List<?> event = (List<?>) e;
            long line = ((Number) event.get(0)).longValue();
            String eventKind = (String) event.get(1);
            if (event.size() == 4) {
              want.add(
                  line
                      + " "
                      + eventKind
                      + " "
                      + show(Fields.bytesOf(event.get(2)))
                      + "="
                      + show(Fields.bytesOf(event.get(3))));
            } else if (event.size() == 3) {
              want.add(line + " " + eventKind + " " + show(Fields.bytesOf(event.get(2))));
            } else {
              throw new IllegalArgumentException(
                  "event " + e + ": one value, or a key and a value");
            }
          }
          List<String> got = new ArrayList<>();
          for (Event e : parse(robots)) {
            got.add(e.toString());
          }
          failures.expect(
              got.equals(want),
              "events\n  "
                  + String.join("\n  ", got)
                  + "\nexpected\n  "
                  + String.join("\n  ", want));
          break;
        }
      case "parse_stats":
        {
          byte[] robots = f.bytes("robots");
          // The handler of Google's robots_test.cc, over the callbacks.
          List<Event> events = parse(robots);
          long unknown = events.stream().filter(e -> e.kind.equals("unknown")).count();
          Map<String, Long> got = new LinkedHashMap<>();
          got.put("valid_directives", events.size() - unknown);
          got.put("unknown_directives", unknown);
          got.put("last_line_seen", events.isEmpty() ? 0L : events.get(events.size() - 1).line);
          for (Map.Entry<String, Long> e : got.entrySet()) {
            if (f.has(e.getKey())) {
              long want = f.count(e.getKey());
              failures.expect(
                  e.getValue() == want, e.getKey() + " " + e.getValue() + ", expected " + want);
            }
          }
          if (f.has("sitemap")) {
            ByteArrayOutputStream sitemap = new ByteArrayOutputStream();
            for (Event e : events) {
              if (e.kind.equals("sitemap")) {
                sitemap.write(e.value, 0, e.value.length);
              }
            }
            byte[] want = f.bytes("sitemap");
            failures.expect(
                Arrays.equals(sitemap.toByteArray(), want),
                "sitemap \"" + show(sitemap.toByteArray()) + "\", expected \"" + show(want) + "\"");
          }
          break;
        }
      case "report":
        report(f, failures);
        break;
      case "path":
        {
          byte[] url = f.bytes("url");
          byte[] want = f.bytes("path");
          byte[] got = RobotsTxt.getPathParamsQuery(url);
          failures.expect(
              Arrays.equals(got, want),
              "url \""
                  + show(url)
                  + "\": path \""
                  + show(got)
                  + "\", expected \""
                  + show(want)
                  + "\"");
          sameAsText(failures, url, want, RobotsTxt::getPathParamsQuery, "getPathParamsQuery");
          break;
        }
      case "escape":
        {
          byte[] pattern = f.bytes("pattern");
          byte[] want = f.bytes("escaped");
          byte[] got = RobotsTxt.maybeEscapePattern(pattern);
          failures.expect(
              Arrays.equals(got, want),
              "pattern \""
                  + show(pattern)
                  + "\": \""
                  + show(got)
                  + "\", expected \""
                  + show(want)
                  + "\"");
          sameAsText(failures, pattern, want, RobotsTxt::maybeEscapePattern, "maybeEscapePattern");
          break;
        }
      default:
        throw new AssertionError("unknown check kind \"" + kind + "\": a runner runs every kind");
    }
    f.done();
    failures.throwIfAny();
    return counted;
  }

  private static void report(Fields f, Failures failures) {
    byte[] robots = f.bytes("robots");
    List<RobotsParsedLine> results;
    Map<String, Long> got = new LinkedHashMap<>();
    try (RobotsParsingReporter reporter = new RobotsParsingReporter()) {
      RobotsTxt.parseRobotsTxt(robots, reporter);
      results = reporter.parseResults();
      got.put("valid_directives", (long) reporter.validDirectives());
      got.put("last_line_seen", (long) reporter.lastLineSeen());
      got.put("results_count", (long) results.size());
    }
    for (Map.Entry<String, Long> e : got.entrySet()) {
      if (f.has(e.getKey())) {
        long want = f.count(e.getKey());
        failures.expect(
            e.getValue() == want, e.getKey() + " " + e.getValue() + ", expected " + want);
      }
    }
    if (!f.has("lines")) {
      return;
    }
    for (Object want : f.list("lines")) {
      Fields l = Fields.of(want);
      long n = l.count("line");
      String tag = l.has("tag") ? l.string("tag") : null;
      Boolean typo = l.has("typo") ? l.bool("typo") : null;
      Set<String> flags = null;
      if (l.has("flags")) {
        flags = new TreeSet<>();
        for (Object name : l.list("flags")) {
          flags.add((String) name);
        }
      }
      l.done();
      if (n < 1 || n > results.size()) {
        failures.expect(false, "line " + n + ": not reported");
        continue;
      }
      RobotsParsedLine line = results.get((int) n - 1);
      failures.expect(line.lineNum() == n, "line " + n + ": numbered " + line.lineNum());
      // A tag's toString() is its name in spec/vocabulary.json.
      if (tag != null) {
        failures.expect(
            line.tagName().toString().equals(tag),
            "line " + n + ": tag " + line.tagName() + ", expected " + tag);
      }
      if (typo != null) {
        failures.expect(
            line.isTypo() == typo, "line " + n + ": typo " + line.isTypo() + ", expected " + typo);
      }
      if (flags != null) {
        Set<String> have = new TreeSet<>();
        FLAGS.forEach(
            (name, on) -> {
              if (on.test(line.metadata())) {
                have.add(name);
              }
            });
        failures.expect(
            have.equals(flags), "line " + n + ": flags " + have + ", expected " + flags);
      }
    }
  }

  /** What a matcher says after one query. */
  private static final class Verdict {
    final boolean allowed;
    final int line;
    final boolean specific;

    Verdict(boolean allowed, int line, boolean specific) {
      this.allowed = allowed;
      this.line = line;
      this.specific = specific;
    }

    static Verdict of(Answer a) {
      return new Verdict(a.allowed(), a.matchingLine(), a.everSeenSpecificAgent());
    }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof Verdict)) {
        return false;
      }
      Verdict v = (Verdict) o;
      return allowed == v.allowed && line == v.line && specific == v.specific;
    }

    @Override
    public int hashCode() {
      return (allowed ? 1 : 0) + 2 * (specific ? 1 : 0) + 4 * line;
    }

    @Override
    public String toString() {
      return "(allowed " + allowed + ", line " + line + ", specific " + specific + ")";
    }
  }

  /**
   * {@code OneAgentAllowedByRobots} on a fresh matcher, and what it says after; the other forms
   * must say the same.
   */
  private static Verdict allowed(byte[] robots, byte[] agent, byte[] url) {
    Verdict answer;
    try (RobotsMatcher matcher = new RobotsMatcher()) {
      boolean verdict = matcher.oneAgentAllowedByRobots(robots, agent, url);
      answer = new Verdict(verdict, matcher.matchingLine(), matcher.everSeenSpecificAgent());
      assertEquals(!verdict, matcher.disallow(), "RobotsMatcher.disallow() is not !allowed");
      matcher.allowedByRobots(robots, Collections.singletonList(agent), url);
      assertEquals(
          answer,
          new Verdict(!matcher.disallow(), matcher.matchingLine(), matcher.everSeenSpecificAgent()),
          "RobotsMatcher.allowedByRobots with the one agent differs from oneAgentAllowedByRobots");
    }
    try (Robots parsed = Robots.parse(robots)) {
      List<byte[]> agents = Collections.singletonList(agent);
      assertEquals(answer, Verdict.of(parsed.check(agents, url)), "Robots.check differs");
      assertEquals(answer.allowed, parsed.allowed(agent, url), "Robots.allowed differs");
      byte[][] oneAgent = {agent};
      byte[][] oneUrl = {url};
      assertEquals(
          answer,
          Verdict.of(parsed.checkMany(oneAgent, oneUrl).get(0)),
          "Robots.checkMany differs");
      try (CompiledRobots compiled = parsed.compile(oneAgent)) {
        assertEquals(answer, Verdict.of(compiled.check(url)), "CompiledRobots.check differs");
      }
    }
    String agentText = utf8(agent);
    String urlText = utf8(url);
    if (agentText == null || urlText == null) {
      return answer;
    }
    Matcher port = new RobotsParser(new robotstxt.exact.google.RobotsParseHandler()).parse(robots);
    try (robotstxt.exact.google.RobotsMatcher closing =
        (robotstxt.exact.google.RobotsMatcher) port) {
      assertEquals(
          answer.allowed,
          closing.singleAgentAllowedByRobots(agentText, urlText),
          "google/robotstxt-java's singleAgentAllowedByRobots differs");
    }
    String body = utf8(robots);
    if (body != null) {
      try (RobotsMatcher matcher = new RobotsMatcher()) {
        assertEquals(
            answer.allowed,
            matcher.oneAgentAllowedByRobots(body, agentText, urlText),
            "the String form differs from the byte[] form");
      }
    }
    return answer;
  }

  /** One parser callback. */
  private static final class Event {
    final int line;
    final String kind;
    final byte[] key;
    final byte[] value;

    Event(int line, String kind, byte[] key, byte[] value) {
      this.line = line;
      this.kind = kind;
      this.key = key;
      this.value = value;
    }

    @Override
    public String toString() {
      return kind.equals("unknown")
          ? line + " unknown " + show(key) + "=" + show(value)
          : line + " " + kind + " " + show(value);
    }
  }

  /** Records every callback; start and end must come once each, around the others. */
  private static class Recorder implements RobotsParseHandler {
    final List<Event> events = new ArrayList<>();
    int starts;
    int ends;

    private void push(int line, String kind, byte[] key, byte[] value) {
      if (starts != 1 || ends != 0) {
        throw new AssertionError(kind + " callback outside handleRobotsStart/End");
      }
      events.add(new Event(line, kind, key, value));
    }

    @Override
    public void handleRobotsStart() {
      starts++;
    }

    @Override
    public void handleRobotsEnd() {
      ends++;
    }

    @Override
    public void handleUserAgent(int lineNum, byte[] value) {
      push(lineNum, "user-agent", new byte[0], value);
    }

    @Override
    public void handleAllow(int lineNum, byte[] value) {
      push(lineNum, "allow", new byte[0], value);
    }

    @Override
    public void handleDisallow(int lineNum, byte[] value) {
      push(lineNum, "disallow", new byte[0], value);
    }

    @Override
    public void handleSitemap(int lineNum, byte[] value) {
      push(lineNum, "sitemap", new byte[0], value);
    }

    @Override
    public void handleUnknownAction(int lineNum, byte[] action, byte[] value) {
      push(lineNum, "unknown", action, value);
    }
  }

  /** A recorder that takes the line metadata too: the native parse then reports every line. */
  private static final class MetadataRecorder extends Recorder {
    int lines;

    @Override
    public void reportLineMetadata(int lineNum, LineMetadata metadata) {
      // Google's parser reports each line once, in order, after its directive.
      lines++;
      if (lineNum != lines) {
        throw new AssertionError(
            "line metadata for line " + lineNum + " where " + lines + " was due");
      }
    }
  }

  /** {@code ParseRobotsTxt} with a recording handler, with and without the line metadata. */
  private static List<Event> parse(byte[] robots) {
    Recorder plain = new Recorder();
    RobotsTxt.parseRobotsTxt(robots, plain);
    MetadataRecorder withMetadata = new MetadataRecorder();
    RobotsTxt.parseRobotsTxt(robots, withMetadata);
    for (Recorder r : Arrays.asList(plain, withMetadata)) {
      assertEquals(1, r.starts, "handleRobotsStart calls");
      assertEquals(1, r.ends, "handleRobotsEnd calls");
    }
    assertEquals(
        plain.events.toString(),
        withMetadata.events.toString(),
        "a handler with reportLineMetadata gets other callbacks");
    return plain.events;
  }

  /** A byte[] function's String form gives the same, where the input and output are UTF-8. */
  private static void sameAsText(
      Failures failures,
      byte[] in,
      byte[] want,
      java.util.function.Function<String, String> form,
      String what) {
    String text = utf8(in);
    String wantText = utf8(want);
    if (text != null && wantText != null) {
      failures.expect(
          form.apply(text).equals(wantText),
          what + ": the String form differs from the byte[] form");
    }
  }

  /** What failed in one check; a check reports all its failures at once. */
  private static final class Failures {
    private final List<String> list = new ArrayList<>();

    void expect(boolean ok, String what) {
      if (!ok) {
        list.add(what);
      }
    }

    void throwIfAny() {
      if (!list.isEmpty()) {
        throw new AssertionError(String.join("\n", list));
      }
    }
  }

  /** The text of UTF-8 bytes, or null when they are not UTF-8. */
  static String utf8(byte[] b) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(b))
          .toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }

  /** Bytes as a failure message shows them: printable ASCII, escapes for the rest. */
  static String show(byte[] b) {
    StringBuilder s = new StringBuilder();
    for (byte x : b) {
      if (s.length() > 120) {
        return s + "...(" + b.length + " bytes)";
      }
      int c = x & 0xff;
      if (c == '\n') {
        s.append("\\n");
      } else if (c == '\r') {
        s.append("\\r");
      } else if (c == '"' || c == '\\') {
        s.append('\\').append((char) c);
      } else if (c >= 0x20 && c < 0x7f) {
        s.append((char) c);
      } else {
        s.append(String.format("\\x%02X", c));
      }
    }
    return s.toString();
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> object(Object v) {
    if (!(v instanceof Map)) {
      throw new IllegalArgumentException("not an object: " + v);
    }
    return (Map<String, Object>) v;
  }

  /** One check's fields, each read once: what is left over was misspelt. */
  private static final class Fields {
    private final Map<String, Object> object;
    private final Set<String> used = new HashSet<>();

    private Fields(Map<String, Object> object) {
      this.object = object;
    }

    static Fields of(Object v) {
      return new Fields(object(v));
    }

    boolean has(String key) {
      used.add(key);
      return object.containsKey(key);
    }

    private Object need(String key) {
      if (!has(key)) {
        throw new IllegalArgumentException("no \"" + key + "\"");
      }
      return object.get(key);
    }

    boolean isNull(String key) {
      return need(key) == null;
    }

    String string(String key) {
      Object v = need(key);
      if (!(v instanceof String)) {
        throw new IllegalArgumentException("\"" + key + "\" is not a string");
      }
      return (String) v;
    }

    boolean bool(String key) {
      Object v = need(key);
      if (!(v instanceof Boolean)) {
        throw new IllegalArgumentException("\"" + key + "\" is not a boolean");
      }
      return (Boolean) v;
    }

    long count(String key) {
      Object v = need(key);
      if (!(v instanceof Long) || (Long) v < 0) {
        throw new IllegalArgumentException("\"" + key + "\" is not a count");
      }
      return (Long) v;
    }

    List<?> list(String key) {
      Object v = need(key);
      if (!(v instanceof List)) {
        throw new IllegalArgumentException("\"" + key + "\" is not a list");
      }
      return (List<?>) v;
    }

    byte[] bytes(String key) {
      try {
        return bytesOf(need(key));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("\"" + key + "\": " + e.getMessage(), e);
      }
    }

    void done() {
      for (String key : object.keySet()) {
        if (!used.contains(key)) {
          throw new IllegalArgumentException("unknown field \"" + key + "\"");
        }
      }
    }

    /**
     * A bytes value: a string (its UTF-8), or a list of strings, {@code {"hex"}} and {@code
     * {"repeat", "times"}} segments.
     */
    static byte[] bytesOf(Object value) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      append(out, value);
      return out.toByteArray();
    }

    private static void append(ByteArrayOutputStream out, Object value) {
      if (value instanceof String) {
        byte[] b = ((String) value).getBytes(StandardCharsets.UTF_8);
        out.write(b, 0, b.length);
        return;
      }
      if (!(value instanceof List)) {
        throw new IllegalArgumentException("not a bytes value: " + value);
      }
      for (Object segment : (List<?>) value) {
        if (segment instanceof String) {
          append(out, segment);
          continue;
        }
        Map<String, Object> o = segment instanceof Map ? object(segment) : null;
        if (o != null && o.size() == 1 && o.get("hex") instanceof String) {
          String hex = (String) o.get("hex");
          if (hex.length() % 2 != 0) {
            throw new IllegalArgumentException("odd hex \"" + hex + "\"");
          }
          for (int i = 0; i < hex.length(); i += 2) {
            int hi = Character.digit(hex.charAt(i), 16);
            int lo = Character.digit(hex.charAt(i + 1), 16);
            if (hi < 0 || lo < 0) {
              throw new IllegalArgumentException("hex \"" + hex + "\"");
            }
            out.write(hi * 16 + lo);
          }
        } else if (o != null
            && o.size() == 2
            && o.containsKey("repeat")
            && o.get("times") instanceof Long
            && (Long) o.get("times") >= 0) {
          byte[] unit = bytesOf(o.get("repeat"));
          for (long i = (Long) o.get("times"); i > 0; i--) {
            out.write(unit, 0, unit.length);
          }
        } else {
          throw new IllegalArgumentException("not a segment: " + segment);
        }
      }
    }
  }
}
