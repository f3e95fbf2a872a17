package robotstxt.exact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Native memory: a million parse/close cycles leave nothing behind (the library's own count of
 * its heap, exact, and the process's resident size), and objects never closed are freed by the
 * Cleaner.
 */
class MemoryTest {
  static final String BODY =
      "User-agent: Googlebot\nDisallow: /private/\nAllow: /private/ok$\n"
          + "User-agent: *\nDisallow: /*.pdf$\nCrawl-delay: 2\nSitemap: https://example.com/s.xml\n";

  /**
   * Resident set size in KiB less what the JVM has committed for its heap and its own areas
   * (metaspace, code cache): the part that native allocations move. The Java heap grows by the
   * garbage of a million objects, which RSS alone would count (scripts/test-java.sh fixes the
   * heap's size, so that its committed part does not move). Meaningless where /proc is absent.
   */
  static long nativeRssKib() {
    long rss = rssKib();
    if (rss < 0) {
      return -1;
    }
    java.lang.management.MemoryMXBean m = java.lang.management.ManagementFactory.getMemoryMXBean();
    long java = m.getHeapMemoryUsage().getCommitted() + m.getNonHeapMemoryUsage().getCommitted();
    return rss - java / 1024;
  }

  /** Resident set size in KiB, from /proc (Linux); -1 elsewhere. */
  static long rssKib() {
    try {
      for (String line : Files.readAllLines(Paths.get("/proc/self/status"))) {
        if (line.startsWith("VmRSS:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", ""));
        }
      }
    } catch (IOException | NumberFormatException e) {
      // Not Linux.
    }
    return -1;
  }

  @Test
  void aMillionParseCloseCyclesLeaveNoNativeMemoryBehind() {
    byte[] body = BODY.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    // Warm up: the JIT, the allocator's arenas, and the Java heap, which
    // grows to its working size (with the garbage collector's own tables)
    // over the first cycles.
    for (int i = 0; i < 1_000_000; i++) {
      try (Robots r = Robots.parse(body)) {
        r.allowed("Googlebot", "/private/x");
      }
    }
    long heapBefore = NativeLibrary.allocatedBytes();
    long rssBefore = nativeRssKib();
    long start = System.nanoTime();
    for (int i = 0; i < 1_000_000; i++) {
      Robots r = Robots.parse(body);
      if ((i & 1023) == 0) {
        assertTrue(!r.allowed("Googlebot", "/private/x"));
      }
      r.close();
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    long heapAfter = NativeLibrary.allocatedBytes();
    long rssAfter = nativeRssKib();
    System.out.printf(
        "1,000,000 parse/close cycles in %.1f s; native heap %d -> %d bytes; RSS less the JVM's committed memory %d -> %d KiB%n",
        seconds, heapBefore, heapAfter, rssBefore, rssAfter);
    assertEquals(heapBefore, heapAfter, "native heap bytes after the cycles");
    if (Files.isReadable(Paths.get("/proc/self/status"))) {
      // A leak of one parsed object a cycle would be hundreds of MiB, of
      // 16 bytes a cycle 16 MiB.
      assertTrue(rssAfter - rssBefore < 16 * 1024, "RSS grew by " + (rssAfter - rssBefore) + " KiB");
    }
  }

  @Test
  void objectsNeverClosedAreFreedByTheCleaner() throws Exception {
    long before = NativeLibrary.allocatedBytes();
    byte[] big = new byte[64 * 1024];
    Arrays.fill(big, (byte) 'a');
    String body = "User-agent: *\nDisallow: /" + new String(big, "US-ASCII") + "\n";
    for (int i = 0; i < 2_000; i++) {
      Robots.parse(body).allowed("x", "/a");
      new RobotsMatcher().oneAgentAllowedByRobots(body, "x", "/");
      new RobotsParsingReporter();
    }
    assertTrue(NativeLibrary.allocatedBytes() > before, "the unclosed objects hold memory");
    long deadline = System.nanoTime() + 20_000_000_000L;
    while (NativeLibrary.allocatedBytes() > before && System.nanoTime() < deadline) {
      System.gc();
      Thread.sleep(20);
    }
    assertEquals(before, NativeLibrary.allocatedBytes(), "native heap after the Cleaner ran");
  }
}
