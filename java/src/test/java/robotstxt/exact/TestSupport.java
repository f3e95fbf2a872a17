package robotstxt.exact;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What the test classes share: the corpus (../shared/corpus next to the repository, or
 * $ROBOTSTXT_CORPUS), and the skip of a test that needs it when it is absent: loud, appended to
 * $ROBOTSTXT_SKIP_LOG (scripts/test-all.sh counts those lines), a failure under
 * ROBOTSTXT_REQUIRE_CORPUS=1. scripts/test-java.sh passes the repository root as the system
 * property robotstxt.repo.
 */
final class TestSupport {
  private TestSupport() {}

  /** The agent lists every corpus URL is checked for, as the other bindings' tests do. */
  static final List<List<String>> AGENT_SETS =
      Arrays.asList(
          Arrays.asList("Googlebot"),
          Arrays.asList("Bingbot"),
          Arrays.asList("Googlebot-Image", "Googlebot"));

  static Path repo() {
    return Paths.get(System.getProperty("robotstxt.repo", "..")).toAbsolutePath().normalize();
  }

  static Path corpusDir() {
    String env = System.getenv("ROBOTSTXT_CORPUS");
    return env != null && !env.isEmpty()
        ? Paths.get(env)
        : repo().getParent().resolve("shared").resolve("corpus");
  }

  /**
   * The corpus, or the tests of {@code testClass} are skipped (each counted in the skip log) or
   * failed, as the environment says.
   */
  static Path corpusOrSkip(Class<?> testClass) {
    String test = testClass.getSimpleName();
    Path corpus = corpusDir();
    if (Files.isDirectory(corpus.resolve("robotfiles"))) {
      return corpus;
    }
    String why = "no corpus at " + corpus + " (see the README, \"The corpus\")";
    if ("1".equals(System.getenv("ROBOTSTXT_REQUIRE_CORPUS"))) {
      fail(why + ", and ROBOTSTXT_REQUIRE_CORPUS=1 requires it");
    }
    System.err.println("\n*** SKIPPED: " + test + ": " + why + " ***");
    String log = System.getenv("ROBOTSTXT_SKIP_LOG");
    if (log != null && !log.isEmpty()) {
      try {
        StringBuilder lines = new StringBuilder();
        for (java.lang.reflect.Method m : testClass.getDeclaredMethods()) {
          if (m.isAnnotationPresent(org.junit.jupiter.api.Test.class)) {
            lines.append("java\t").append(test).append('.').append(m.getName());
            lines.append('\t').append(why).append('\n');
          }
        }
        Files.write(
            Paths.get(log),
            lines.toString().getBytes(StandardCharsets.UTF_8),
            StandardOpenOption.CREATE,
            StandardOpenOption.APPEND);
      } catch (IOException e) {
        throw new AssertionError(e);
      }
    }
    assumeTrue(false, why);
    return corpus;
  }

  /** The robots.txt bodies by site name, in name order. */
  static Map<String, byte[]> bodies(Path corpus) throws IOException {
    Map<String, byte[]> out = new LinkedHashMap<>();
    try (Stream<Path> files = Files.list(corpus.resolve("robotfiles"))) {
      for (Path p : files.sorted().collect(Collectors.toList())) {
        out.put(p.getFileName().toString(), Files.readAllBytes(p));
      }
    }
    return out;
  }

  /** The URLs of each site that has a robots.txt, in file order, as bytes. */
  static Map<String, List<byte[]>> links(Path corpus, Map<String, byte[]> bodies)
      throws IOException {
    Map<String, List<byte[]>> out = new LinkedHashMap<>();
    try (Stream<Path> files = Files.list(corpus.resolve("links"))) {
      for (Path p : files.sorted().collect(Collectors.toList())) {
        String site = p.getFileName().toString();
        if (!bodies.containsKey(site)) {
          continue;
        }
        List<byte[]> urls = new ArrayList<>();
        byte[] all = Files.readAllBytes(p);
        int start = 0;
        for (int i = 0; i <= all.length; i++) {
          if (i == all.length || all[i] == '\n') {
            int end = i;
            if (end > start && all[end - 1] == '\r') {
              end--;
            }
            byte[] url = Arrays.copyOfRange(all, start, end);
            if (url.length > 0 && indexOf(url, (byte) '\t') < 0) {
              urls.add(url);
            }
            start = i + 1;
          }
        }
        out.put(site, urls);
      }
    }
    return out;
  }

  static int indexOf(byte[] b, byte x) {
    for (int i = 0; i < b.length; i++) {
      if (b[i] == x) {
        return i;
      }
    }
    return -1;
  }
}
