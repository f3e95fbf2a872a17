package robotstxt.exact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The corpus queries through every entry point, byte[] and String forms, equal the Rust core's
 * answers (Google's, through the Rust RobotsMatcher, printed by examples/corpus_answers.rs, whose
 * path scripts/test-java.sh passes as robotstxt.corpusAnswers): 0 differences on every field.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CorpusTest {
  /** One query: a site, its agents, a URL, and the Rust core's packed answer. */
  static final class Query {
    final String site;
    final List<String> agents;
    final byte[] url;
    long rust;

    Query(String site, List<String> agents, byte[] url) {
      this.site = site;
      this.agents = agents;
      this.url = url;
    }
  }

  Map<String, byte[]> bodies;
  List<Query> queries;

  @BeforeAll
  void load() throws Exception {
    Path corpus = TestSupport.corpusOrSkip(CorpusTest.class);
    bodies = TestSupport.bodies(corpus);
    queries = new ArrayList<>();
    for (Map.Entry<String, List<byte[]>> e : TestSupport.links(corpus, bodies).entrySet()) {
      for (byte[] url : e.getValue()) {
        for (List<String> agents : TestSupport.AGENT_SETS) {
          queries.add(new Query(e.getKey(), agents, url));
        }
      }
    }
    rustAnswers(corpus);
  }

  /** Runs the Rust program over all queries and keeps its answers, packed as Answer packs them. */
  private void rustAnswers(Path corpus) throws IOException, InterruptedException {
    String exe = System.getProperty("robotstxt.corpusAnswers");
    assertNotNull(exe, "scripts/test-java.sh passes -Drobotstxt.corpusAnswers=<corpus_answers>");
    Process p =
        new ProcessBuilder(exe, corpus.resolve("robotfiles").toString())
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    Thread writer =
        new Thread(
            () -> {
              try (OutputStream out = p.getOutputStream()) {
                ByteArrayOutputStream line = new ByteArrayOutputStream();
                for (Query q : queries) {
                  line.reset();
                  line.write(q.site.getBytes(StandardCharsets.UTF_8));
                  line.write('\t');
                  line.write(String.join(",", q.agents).getBytes(StandardCharsets.UTF_8));
                  line.write('\t');
                  line.write(q.url);
                  line.write('\n');
                  line.writeTo(out);
                }
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });
    writer.start();
    int i = 0;
    try (BufferedReader in =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII))) {
      String line;
      while ((line = in.readLine()) != null) {
        String[] f = line.split(" ");
        long packed =
            (f[0].equals("1") ? 1 : 0)
                | (f[2].equals("1") ? 2 : 0)
                | (f[3].equals("1") ? 4 : 0)
                | (Long.parseLong(f[1]) << 32);
        queries.get(i++).rust = packed;
      }
    }
    writer.join();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), "corpus_answers failed");
    assertEquals(queries.size(), i, "corpus_answers answered every query");
  }

  private static long pack(Answer a) {
    return (a.allowed() ? 1 : 0)
        | (a.everSeenSpecificAgent() ? 2 : 0)
        | (a.disallowIgnoreGlobal() ? 4 : 0)
        | ((long) a.matchingLine() << 32);
  }

  private static long pack(RobotsMatcher m, boolean allowed) {
    return (allowed ? 1 : 0)
        | (m.everSeenSpecificAgent() ? 2 : 0)
        | (m.disallowIgnoreGlobal() ? 4 : 0)
        | ((long) m.matchingLine() << 32);
  }

  /** The text of bytes that are valid UTF-8, or null: the String forms take only such. */
  private static String strictUtf8(byte[] b) {
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

  private static List<byte[]> bytesOf(List<String> agents) {
    List<byte[]> out = new ArrayList<>();
    for (String a : agents) {
      out.add(a.getBytes(StandardCharsets.UTF_8));
    }
    return out;
  }

  private void report(List<String> diffs, String what) {
    assertTrue(
        diffs.isEmpty(),
        diffs.size()
            + " of "
            + queries.size()
            + " "
            + what
            + " answers differ from the Rust core's, first: "
            + diffs.subList(0, Math.min(10, diffs.size())));
  }

  private static String show(Query q, long got) {
    return q.site
        + " "
        + q.agents
        + " "
        + new String(q.url, StandardCharsets.UTF_8)
        + ": got "
        + Long.toHexString(got)
        + ", Rust "
        + Long.toHexString(q.rust);
  }

  @Test
  void corpusIsLargeEnough() {
    // 1,613 files; 111,215 URLs on the sites that have one, three agent lists each.
    assertEquals(1613, bodies.size());
    assertTrue(queries.size() >= 3 * 111_000, "queries: " + queries.size());
  }

  @Test
  void robotsMatcherBytesEqualsRust() {
    List<String> diffs = new ArrayList<>();
    try (RobotsMatcher m = new RobotsMatcher()) {
      for (Query q : queries) {
        boolean allowed = m.allowedByRobots(bodies.get(q.site), bytesOf(q.agents), q.url);
        long got = pack(m, allowed);
        if (got != q.rust) {
          diffs.add(show(q, got));
        }
        if (q.agents.size() == 1) {
          byte[] agent = q.agents.get(0).getBytes(StandardCharsets.UTF_8);
          if (m.oneAgentAllowedByRobots(bodies.get(q.site), agent, q.url)
              != Answer.allowedOf(q.rust)) {
            diffs.add("oneAgentAllowedByRobots " + show(q, 0));
          }
        }
      }
    }
    report(diffs, "RobotsMatcher (byte[])");
  }

  @Test
  void robotsMatcherStringsEqualsRust() {
    List<String> diffs = new ArrayList<>();
    Map<String, String> texts = new LinkedHashMap<>();
    int compared = 0;
    try (RobotsMatcher m = new RobotsMatcher()) {
      for (Query q : queries) {
        String body = texts.computeIfAbsent(q.site, s -> strictUtf8(bodies.get(s)));
        String url = strictUtf8(q.url);
        if (body == null || url == null) {
          continue;
        }
        compared++;
        long got = pack(m, m.allowedByRobots(body, q.agents, url));
        if (got != q.rust) {
          diffs.add(show(q, got));
        }
        if (q.agents.size() == 1
            && m.oneAgentAllowedByRobots(body, q.agents.get(0), url)
                != Answer.allowedOf(q.rust)) {
          diffs.add("oneAgentAllowedByRobots " + show(q, 0));
        }
      }
    }
    // Only a few bodies are not UTF-8; their queries cannot be put as Strings.
    assertTrue(compared > queries.size() * 9 / 10, "String queries compared: " + compared);
    report(diffs, "RobotsMatcher (String)");
  }

  @Test
  void robotsCheckAndAllowedEqualRust() {
    List<String> diffs = new ArrayList<>();
    Map<String, Robots> parsed = new LinkedHashMap<>();
    try {
      for (Query q : queries) {
        Robots r = parsed.computeIfAbsent(q.site, s -> Robots.parse(bodies.get(s)));
        long got = pack(r.check(bytesOf(q.agents), q.url));
        if (got != q.rust) {
          diffs.add(show(q, got));
        }
        String url = strictUtf8(q.url);
        if (url != null && pack(r.check(q.agents, url)) != q.rust) {
          diffs.add("check(String) " + show(q, 0));
        }
        if (q.agents.size() == 1) {
          byte[] agent = q.agents.get(0).getBytes(StandardCharsets.UTF_8);
          if (r.allowed(agent, q.url) != Answer.allowedOf(q.rust)) {
            diffs.add("allowed(byte[]) " + show(q, 0));
          }
          if (url != null && r.allowed(q.agents.get(0), url) != Answer.allowedOf(q.rust)) {
            diffs.add("allowed(String) " + show(q, 0));
          }
        }
      }
    } finally {
      parsed.values().forEach(Robots::close);
    }
    report(diffs, "Robots.check / allowed");
  }

  @Test
  void batchAndCompiledFormsEqualRust() {
    // (site, agents) -> the queries, in order.
    Map<String, List<Query>> groups = new LinkedHashMap<>();
    for (Query q : queries) {
      groups.computeIfAbsent(q.site + "\t" + q.agents, k -> new ArrayList<>()).add(q);
    }
    List<String> diffs = new ArrayList<>();
    for (List<Query> group : groups.values()) {
      Query first = group.get(0);
      byte[][] urls = new byte[group.size()][];
      for (int i = 0; i < urls.length; i++) {
        urls[i] = group.get(i).url;
      }
      byte[][] agents = bytesOf(first.agents).toArray(new byte[0][]);
      try (Robots r = Robots.parse(bodies.get(first.site));
          CompiledRobots c = r.compile(agents)) {
        List<Answer> many = r.checkMany(agents, urls);
        boolean[] allowed = r.allowedMany(agents, urls);
        boolean[] compiledAllowed = c.allowedMany(urls);
        for (int i = 0; i < urls.length; i++) {
          Query q = group.get(i);
          if (pack(many.get(i)) != q.rust
              || allowed[i] != Answer.allowedOf(q.rust)
              || compiledAllowed[i] != Answer.allowedOf(q.rust)
              || pack(c.check(q.url)) != q.rust) {
            diffs.add("batch/compiled " + show(q, pack(many.get(i))));
          }
        }
      }
    }
    report(diffs, "checkMany / allowedMany / CompiledRobots");
  }
}
