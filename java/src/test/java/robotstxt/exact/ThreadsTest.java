package robotstxt.exact;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** One Robots shared by 16 threads gives each the answers it gives alone. */
class ThreadsTest {
  static final int THREADS = 16;

  /** A body with groups for several agents, wildcards, ends and overlapping rules. */
  static String body() {
    StringBuilder b = new StringBuilder();
    String[] agents = {"*", "Googlebot", "Bingbot", "Googlebot-Image"};
    for (int g = 0; g < agents.length; g++) {
      b.append("User-agent: ").append(agents[g]).append('\n');
      for (int i = 0; i < 200; i++) {
        b.append(i % 3 == 0 ? "Allow: " : "Disallow: ")
            .append('/')
            .append((char) ('a' + (i + g) % 26))
            .append(i % 7)
            .append(i % 5 == 0 ? "*x" : "")
            .append(i % 11 == 0 ? "$" : "/")
            .append('\n');
      }
    }
    return b.toString();
  }

  static List<String> urls() {
    List<String> urls = new ArrayList<>();
    for (int i = 0; i < 4000; i++) {
      urls.add(
          "https://example.com/"
              + (char) ('a' + i % 26)
              + (i % 7)
              + (i % 3 == 0 ? "x" : "/")
              + (i % 5 == 0 ? "page" + i : "")
              + (i % 13 == 0 ? "?q=" + i : ""));
    }
    return urls;
  }

  @Test
  void sixteenThreadsShareOneRobotsAndAgreeWithAnswersAlone() throws Exception {
    List<String> urls = urls();
    List<List<String>> agentSets = TestSupport.AGENT_SETS;
    try (Robots robots = Robots.parse(body())) {
      // Alone: one thread, before any other touches the object.
      long[][] alone = new long[agentSets.size()][urls.size()];
      for (int a = 0; a < agentSets.size(); a++) {
        for (int u = 0; u < urls.size(); u++) {
          Answer ans = robots.check(agentSets.get(a), urls.get(u));
          alone[a][u] = ans.matchingLine() * 8L + (ans.allowed() ? 1 : 0);
        }
      }
      ExecutorService pool = Executors.newFixedThreadPool(THREADS);
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Integer>> results = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        final int seed = t;
        results.add(
            pool.submit(
                () -> {
                  start.await();
                  int checked = 0;
                  for (int round = 0; round < 5; round++) {
                    for (int k = 0; k < urls.size(); k++) {
                      // Each thread walks the URLs and agents in its own order.
                      int u = (k * 31 + seed * 977 + round * 101) % urls.size();
                      int a = (k + seed + round) % agentSets.size();
                      Answer ans = robots.check(agentSets.get(a), urls.get(u));
                      long got = ans.matchingLine() * 8L + (ans.allowed() ? 1 : 0);
                      if (got != alone[a][u]) {
                        throw new AssertionError("thread " + seed + ": " + urls.get(u));
                      }
                      if (agentSets.get(a).size() == 1
                          && robots.allowed(agentSets.get(a).get(0), urls.get(u))
                              != ans.allowed()) {
                        throw new AssertionError("allowed() thread " + seed);
                      }
                      checked++;
                    }
                    boolean[] many = robots.allowedMany(agentSets.get(seed % 3), urls);
                    for (int u = 0; u < urls.size(); u++) {
                      assertEquals((alone[seed % 3][u] & 1) == 1, many[u]);
                    }
                  }
                  return checked;
                }));
      }
      start.countDown();
      int total = 0;
      for (Future<Integer> f : results) {
        total += f.get();
      }
      pool.shutdown();
      assertEquals(THREADS * 5 * urls.size(), total);
    }
  }

  @Test
  void closingWhileOtherThreadsQueryFailsThemCleanly() throws Exception {
    List<String> urls = urls();
    for (int trial = 0; trial < 20; trial++) {
      Robots robots = Robots.parse(body());
      ExecutorService pool = Executors.newFixedThreadPool(THREADS);
      AtomicInteger answered = new AtomicInteger();
      AtomicInteger refused = new AtomicInteger();
      CountDownLatch running = new CountDownLatch(THREADS);
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        futures.add(
            pool.submit(
                () -> {
                  running.countDown();
                  for (String url : urls) {
                    try {
                      robots.allowed("Googlebot", url);
                      answered.incrementAndGet();
                    } catch (IllegalStateException closed) {
                      refused.incrementAndGet();
                    }
                  }
                  return null;
                }));
      }
      running.await();
      robots.close();
      for (Future<?> f : futures) {
        f.get();
      }
      pool.shutdown();
      assertEquals(THREADS * urls.size(), answered.get() + refused.get());
      assertTrue(robots.isClosed());
      assertThrows(IllegalStateException.class, () -> robots.allowed("a", "/"));
    }
  }

  @Test
  void aMatcherUsedByTwoThreadsAtOnceRefusesTheSecond() throws Exception {
    String body = body();
    try (RobotsMatcher matcher = new RobotsMatcher()) {
      ExecutorService pool = Executors.newFixedThreadPool(4);
      AtomicInteger busy = new AtomicInteger();
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        futures.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < 3000; i++) {
                    try {
                      matcher.oneAgentAllowedByRobots(body + i, "Googlebot", "/a1/");
                    } catch (IllegalStateException inUse) {
                      busy.incrementAndGet();
                    }
                  }
                  return null;
                }));
      }
      for (Future<?> f : futures) {
        f.get();
      }
      pool.shutdown();
      // The matcher still answers as before.
      assertArrayEquals(
          new boolean[] {false},
          new boolean[] {matcher.oneAgentAllowedByRobots("user-agent: *\ndisallow: /", "x", "/")});
      System.out.println("matcher calls refused while another thread used it: " + busy.get());
    }
    assertEquals(Arrays.asList("Googlebot"), TestSupport.AGENT_SETS.get(0));
  }
}
