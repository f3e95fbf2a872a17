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
    // Warm up: the JIT, and the allocator's arenas.
    for (int i = 0; i < 50_000; i++) {
      try (Robots r = Robots.parse(body)) {
        r.allowed("Googlebot", "/private/x");
      }
    }
    long heapBefore = NativeLibrary.allocatedBytes();
    long rssBefore = rssKib();
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
    long rssAfter = rssKib();
    System.out.printf(
        "1,000,000 parse/close cycles in %.1f s; native heap %d -> %d bytes; RSS %d -> %d KiB%n",
        seconds, heapBefore, heapAfter, rssBefore, rssAfter);
    assertEquals(heapBefore, heapAfter, "native heap bytes after the cycles");
    if (rssBefore > 0) {
      // A leak of one parsed object a cycle would be hundreds of MiB; the
      // Java heap's own growth stays well under this.
      assertTrue(rssAfter - rssBefore < 64 * 1024, "RSS grew by " + (rssAfter - rssBefore) + " KiB");
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
