package robotstxt.exact.bench;

import com.google.search.robotstxt.BenchAccess;
import com.google.search.robotstxt.Matcher;
import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import robotstxt.exact.CompiledRobots;
import robotstxt.exact.Robots;
import robotstxt.exact.RobotsMatcher;
import robotstxt.exact.crawlercommons.ExactRobotRulesParser;

/**
 * Side by side in one JVM, on the corpus (1,613 robots.txt files, the URLs seen on those sites),
 * Googlebot's verdict for every (site, URL) pair: this package, crawler-commons'
 * SimpleRobotRulesParser and google/robotstxt-java, parse once then query, and parse on every
 * call. Each figure is the best of several timed passes after a warm-up pass; every pass computes
 * every verdict (their count of allowed URLs is printed, so none is optimised away).
 *
 * <p>Usage (java/bench/run.sh builds the peers from their sources): {@code Bench <corpus> [rounds]}
 */
public final class Bench {
  private Bench() {}

  static final String AGENT = "Googlebot";
  static final String CC_AGENT = "googlebot";

  /** One site: its body and URLs. */
  static final class Site {
    final String name;
    final byte[] body;
    final List<String> urls;

    Site(String name, byte[] body, List<String> urls) {
      this.name = name;
      this.body = body;
      this.urls = urls;
    }
  }

  /** One timed body of work, returning the number of allowed verdicts. */
  interface Work {
    long run();
  }

  /**
   * Times each contender {@code rounds} times, round by round in turn (A, B, C, A, B, C, ...) after
   * one warm-up pass each, so that a change in the machine's load falls on all of them; prints and
   * returns the best time per query of each.
   */
  static Map<String, Double> race(int rounds, long queries, Map<String, Work> contenders) {
    Map<String, Long> allowed = new LinkedHashMap<>();
    Map<String, Double> best = new LinkedHashMap<>();
    contenders.forEach((label, work) -> {
      allowed.put(label, work.run());
      best.put(label, Double.MAX_VALUE);
    });
    for (int i = 0; i < rounds; i++) {
      for (Map.Entry<String, Work> c : contenders.entrySet()) {
        long t0 = System.nanoTime();
        long a = c.getValue().run();
        double ns = (System.nanoTime() - t0) / (double) queries;
        if (a != allowed.get(c.getKey())) {
          throw new IllegalStateException(c.getKey() + ": passes disagree");
        }
        best.merge(c.getKey(), ns, Math::min);
      }
    }
    best.forEach((label, ns) -> System.out.printf(
        "  %-62s %10.1f ns/query  (%d of %d allowed)%n", label, ns, allowed.get(label), queries));
    return best;
  }

  public static void main(String[] args) throws IOException {
    Logger.getLogger("").setLevel(Level.OFF); // the Java port logs through flogger's JUL backend
    Path corpus = Paths.get(args[0]);
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    List<Site> sites = load(corpus);
    long queries = sites.stream().mapToLong(s -> s.urls.size()).sum();
    System.out.printf(
        "corpus: %d sites with URLs, %d queries (Googlebot); %s %s, %d cores; best of %d rounds%n",
        sites.size(), queries, System.getProperty("java.vm.name"), System.getProperty("java.version"),
        Runtime.getRuntime().availableProcessors(), rounds);

    // Parse once, then query.
    List<Robots> ours = new ArrayList<>();
    List<CompiledRobots> compiled = new ArrayList<>();
    List<BaseRobotRules> cc = new ArrayList<>();
    List<BaseRobotRules> adapter = new ArrayList<>();
    List<Matcher> google = new ArrayList<>();
    SimpleRobotRulesParser ccParser = new SimpleRobotRulesParser();
    ExactRobotRulesParser adapterParser = new ExactRobotRulesParser();
    List<String> ccAgents = Collections.singletonList(CC_AGENT);
    for (Site s : sites) {
      Robots r = Robots.parse(s.body);
      ours.add(r);
      compiled.add(r.compile(AGENT));
      String url = "https://" + s.name + "/robots.txt";
      cc.add(ccParser.parseContent(url, s.body, "text/plain", ccAgents));
      adapter.add(adapterParser.parseContent(url, s.body, "text/plain", ccAgents));
      google.add(BenchAccess.parse(s.body));
    }
    System.out.println("parse once, then query every URL (objects built before timing):");
    Map<String, Work> once = new LinkedHashMap<>();
    once.put("robotstxt-exact Robots.allowed(agent, url)", () -> {
      long n = 0;
      for (int i = 0; i < sites.size(); i++) {
        for (String u : sites.get(i).urls) {
          n += ours.get(i).allowed(AGENT, u) ? 1 : 0;
        }
      }
      return n;
    });
    once.put("robotstxt-exact CompiledRobots.allowed(url)", () -> {
      long n = 0;
      for (int i = 0; i < sites.size(); i++) {
        for (String u : sites.get(i).urls) {
          n += compiled.get(i).allowed(u) ? 1 : 0;
        }
      }
      return n;
    });
    once.put("robotstxt-exact ExactRobotRules.isAllowed(url) (the adapter)", () -> {
      long n = 0;
      for (int i = 0; i < sites.size(); i++) {
        for (String u : sites.get(i).urls) {
          n += adapter.get(i).isAllowed(u) ? 1 : 0;
        }
      }
      return n;
    });
    once.put("crawler-commons SimpleRobotRules.isAllowed(url)", () -> {
      long n = 0;
      for (int i = 0; i < sites.size(); i++) {
        for (String u : sites.get(i).urls) {
          n += cc.get(i).isAllowed(u) ? 1 : 0;
        }
      }
      return n;
    });
    once.put("robotstxt-java Matcher.singleAgentAllowedByRobots", () -> {
      long n = 0;
      for (int i = 0; i < sites.size(); i++) {
        for (String u : sites.get(i).urls) {
          n += google.get(i).singleAgentAllowedByRobots(AGENT, u) ? 1 : 0;
        }
      }
      return n;
    });
    Map<String, Double> a = race(rounds, queries, once);
    compiled.forEach(CompiledRobots::close);
    ours.forEach(Robots::close);

    // Parse on every call: every 10th query of each site, in a shuffled
    // order, so that no two calls in a row share a body.
    List<Integer> siteOf = new ArrayList<>();
    List<String> urlOf = new ArrayList<>();
    for (int i = 0; i < sites.size(); i++) {
      List<String> urls = sites.get(i).urls;
      for (int k = 0; k < urls.size(); k += 10) {
        siteOf.add(i);
        urlOf.add(urls.get(k));
      }
    }
    Integer[] order = new Integer[siteOf.size()];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Collections.shuffle(Arrays.asList(order), new Random(42));
    long calls = order.length;
    byte[] agentBytes = AGENT.getBytes(StandardCharsets.UTF_8);
    System.out.printf("parse on every call (%d calls: every 10th query, shuffled):%n", calls);
    Map<String, Work> perCall = new LinkedHashMap<>();
    RobotsMatcher matcher = new RobotsMatcher();
    perCall.put("robotstxt-exact RobotsMatcher.oneAgentAllowedByRobots", () -> {
      long n = 0;
      for (int q : order) {
        n += matcher.oneAgentAllowedByRobots(sites.get(siteOf.get(q)).body, agentBytes,
            urlOf.get(q).getBytes(StandardCharsets.UTF_8)) ? 1 : 0;
      }
      return n;
    });
    perCall.put("robotstxt-exact Robots.parse + allowed + close", () -> {
      long n = 0;
      for (int q : order) {
        try (Robots r = Robots.parse(sites.get(siteOf.get(q)).body)) {
          n += r.allowed(AGENT, urlOf.get(q)) ? 1 : 0;
        }
      }
      return n;
    });
    perCall.put("robotstxt-exact ExactRobotRulesParser parseContent + isAllowed", () -> {
      long n = 0;
      for (int q : order) {
        Site s = sites.get(siteOf.get(q));
        n += adapterParser.parseContent("https://" + s.name + "/robots.txt", s.body, "text/plain", ccAgents)
                .isAllowed(urlOf.get(q)) ? 1 : 0;
      }
      return n;
    });
    perCall.put("crawler-commons parseContent + isAllowed", () -> {
      long n = 0;
      for (int q : order) {
        Site s = sites.get(siteOf.get(q));
        n += ccParser.parseContent("https://" + s.name + "/robots.txt", s.body, "text/plain", ccAgents)
                .isAllowed(urlOf.get(q)) ? 1 : 0;
      }
      return n;
    });
    perCall.put("robotstxt-java parse + singleAgentAllowedByRobots", () -> {
      long n = 0;
      for (int q : order) {
        n += BenchAccess.parse(sites.get(siteOf.get(q)).body)
                .singleAgentAllowedByRobots(AGENT, urlOf.get(q)) ? 1 : 0;
      }
      return n;
    });
    Map<String, Double> b = race(rounds, calls, perCall);

    // Google's API in site order: each call still takes the body, as with
    // Google's library; the matcher parses a body that comes again once.
    System.out.printf("Google's API per call, every query in site order (%d calls):%n", queries);
    Map<String, Work> siteOrder = new LinkedHashMap<>();
    siteOrder.put("robotstxt-exact RobotsMatcher.oneAgentAllowedByRobots", () -> {
      long n = 0;
      for (Site s : sites) {
        for (String u : s.urls) {
          n += matcher.oneAgentAllowedByRobots(s.body, agentBytes, u.getBytes(StandardCharsets.UTF_8)) ? 1 : 0;
        }
      }
      return n;
    });
    siteOrder.put("robotstxt-java parse + singleAgentAllowedByRobots", () -> {
      long n = 0;
      for (Site s : sites) {
        for (String u : s.urls) {
          n += BenchAccess.parse(s.body).singleAgentAllowedByRobots(AGENT, u) ? 1 : 0;
        }
      }
      return n;
    });
    Map<String, Double> c = race(Math.min(rounds, 3), queries, siteOrder);
    matcher.close();

    String ccOnce = "crawler-commons SimpleRobotRules.isAllowed(url)";
    String gjOnce = "robotstxt-java Matcher.singleAgentAllowedByRobots";
    String ccCall = "crawler-commons parseContent + isAllowed";
    String gjCall = "robotstxt-java parse + singleAgentAllowedByRobots";
    String mCall = "robotstxt-exact RobotsMatcher.oneAgentAllowedByRobots";
    System.out.println("ratios (their time / ours):");
    System.out.printf("  parse once, per query: crawler-commons %.1fx Robots.allowed, %.1fx CompiledRobots, %.1fx the adapter; robotstxt-java %.1fx Robots.allowed, %.1fx CompiledRobots%n",
        a.get(ccOnce) / a.get("robotstxt-exact Robots.allowed(agent, url)"),
        a.get(ccOnce) / a.get("robotstxt-exact CompiledRobots.allowed(url)"),
        a.get(ccOnce) / a.get("robotstxt-exact ExactRobotRules.isAllowed(url) (the adapter)"),
        a.get(gjOnce) / a.get("robotstxt-exact Robots.allowed(agent, url)"),
        a.get(gjOnce) / a.get("robotstxt-exact CompiledRobots.allowed(url)"));
    System.out.printf("  per call with parsing, shuffled: crawler-commons %.1fx RobotsMatcher, %.1fx Robots.parse, %.1fx the adapter; robotstxt-java %.1fx RobotsMatcher, %.1fx Robots.parse%n",
        b.get(ccCall) / b.get(mCall),
        b.get(ccCall) / b.get("robotstxt-exact Robots.parse + allowed + close"),
        b.get(ccCall) / b.get("robotstxt-exact ExactRobotRulesParser parseContent + isAllowed"),
        b.get(gjCall) / b.get(mCall),
        b.get(gjCall) / b.get("robotstxt-exact Robots.parse + allowed + close"));
    System.out.printf("  Google's API per call, site order: robotstxt-java %.1fx RobotsMatcher%n",
        c.get(gjCall) / c.get(mCall));
  }

  static List<Site> load(Path corpus) throws IOException {
    Map<String, byte[]> bodies = new LinkedHashMap<>();
    try (Stream<Path> files = Files.list(corpus.resolve("robotfiles"))) {
      for (Path p : files.sorted().collect(Collectors.toList())) {
        bodies.put(p.getFileName().toString(), Files.readAllBytes(p));
      }
    }
    List<Site> sites = new ArrayList<>();
    try (Stream<Path> files = Files.list(corpus.resolve("links"))) {
      for (Path p : files.sorted().collect(Collectors.toList())) {
        String name = p.getFileName().toString();
        if (!bodies.containsKey(name)) {
          continue;
        }
        List<String> urls = new ArrayList<>();
        for (String line : new String(Files.readAllBytes(p), StandardCharsets.UTF_8).split("\n")) {
          String u = line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
          if (!u.isEmpty() && u.indexOf('\t') < 0) {
            urls.add(u);
          }
        }
        if (!urls.isEmpty()) {
          sites.add(new Site(name, bodies.get(name), urls));
        }
      }
    }
    return sites;
  }
}
