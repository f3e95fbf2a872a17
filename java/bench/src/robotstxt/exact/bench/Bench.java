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

  static double best(String label, int rounds, long queries, Work work) {
    long allowed = work.run(); // warm-up
    double bestNs = Double.MAX_VALUE;
    for (int i = 0; i < rounds; i++) {
      long t0 = System.nanoTime();
      long a = work.run();
      long ns = System.nanoTime() - t0;
      if (a != allowed) {
        throw new IllegalStateException(label + ": passes disagree");
      }
      bestNs = Math.min(bestNs, ns / (double) queries);
    }
    System.out.printf("  %-58s %10.1f ns/query  (%d of %d allowed)%n", label, bestNs, allowed, queries);
    return bestNs;
  }

  public static void main(String[] args) throws IOException {
    Logger.getLogger("").setLevel(Level.OFF); // the Java port logs through flogger's JUL backend
    Path corpus = Paths.get(args[0]);
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    List<Site> sites = load(corpus);
    long queries = sites.stream().mapToLong(s -> s.urls.size()).sum();
    System.out.printf(
        "corpus: %d sites with URLs, %d queries (Googlebot); %s %s, %d cores%n",
        sites.size(), queries, System.getProperty("java.vm.name"), System.getProperty("java.version"),
        Runtime.getRuntime().availableProcessors());

    // Parse once, then query.
    System.out.println("parse once, then query every URL (objects built before timing):");
    List<Robots> ours = new ArrayList<>();
    List<CompiledRobots> compiled = new ArrayList<>();
    List<BaseRobotRules> cc = new ArrayList<>();
    List<BaseRobotRules> adapter = new ArrayList<>();
    ExactRobotRulesParser adapterParser = new ExactRobotRulesParser();
    List<Matcher> google = new ArrayList<>();
    SimpleRobotRulesParser ccParser = new SimpleRobotRulesParser();
    List<String> ccAgents = Collections.singletonList(CC_AGENT);
    for (Site s : sites) {
      Robots r = Robots.parse(s.body);
      ours.add(r);
      compiled.add(r.compile(AGENT));
      cc.add(ccParser.parseContent("https://" + s.name + "/robots.txt", s.body, "text/plain", ccAgents));
      adapter.add(adapterParser.parseContent("https://" + s.name + "/robots.txt", s.body, "text/plain", ccAgents));
      google.add(BenchAccess.parse(s.body));
    }
    double oursOnce =
        best("robotstxt-exact Robots.allowed(agent, url)", rounds, queries, () -> {
          long n = 0;
          for (int i = 0; i < sites.size(); i++) {
            Robots r = ours.get(i);
            for (String u : sites.get(i).urls) {
              n += r.allowed(AGENT, u) ? 1 : 0;
            }
          }
          return n;
        });
    double compiledOnce =
        best("robotstxt-exact CompiledRobots.allowed(url)", rounds, queries, () -> {
          long n = 0;
          for (int i = 0; i < sites.size(); i++) {
            CompiledRobots c = compiled.get(i);
            for (String u : sites.get(i).urls) {
              n += c.allowed(u) ? 1 : 0;
            }
          }
          return n;
        });
    double ccOnce =
        best("crawler-commons SimpleRobotRules.isAllowed(url)", rounds, queries, () -> {
          long n = 0;
          for (int i = 0; i < sites.size(); i++) {
            BaseRobotRules r = cc.get(i);
            for (String u : sites.get(i).urls) {
              n += r.isAllowed(u) ? 1 : 0;
            }
          }
          return n;
        });
    double adapterOnce =
        best("robotstxt-exact ExactRobotRules.isAllowed(url) (adapter)", rounds, queries, () -> {
          long n = 0;
          for (int i = 0; i < sites.size(); i++) {
            BaseRobotRules r = adapter.get(i);
            for (String u : sites.get(i).urls) {
              n += r.isAllowed(u) ? 1 : 0;
            }
          }
          return n;
        });
    double googleOnce =
        best("robotstxt-java Matcher.singleAgentAllowedByRobots", rounds, queries, () -> {
          long n = 0;
          for (int i = 0; i < sites.size(); i++) {
            Matcher m = google.get(i);
            for (String u : sites.get(i).urls) {
              n += m.singleAgentAllowedByRobots(AGENT, u) ? 1 : 0;
            }
          }
          return n;
        });
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
    System.out.printf("parse on every call (%d calls: every 10th query, shuffled):%n", calls);
    double oursCall =
        best("robotstxt-exact Robots.parse + allowed + close", rounds, calls, () -> {
          long n = 0;
          for (int q : order) {
            try (Robots r = Robots.parse(sites.get(siteOf.get(q)).body)) {
              n += r.allowed(AGENT, urlOf.get(q)) ? 1 : 0;
            }
          }
          return n;
        });
    double matcherCall;
    try (RobotsMatcher m = new RobotsMatcher()) {
      matcherCall =
          best("robotstxt-exact RobotsMatcher.oneAgentAllowedByRobots", rounds, calls, () -> {
            long n = 0;
            for (int q : order) {
              n += m.oneAgentAllowedByRobots(sites.get(siteOf.get(q)).body,
                      AGENT.getBytes(StandardCharsets.UTF_8),
                      urlOf.get(q).getBytes(StandardCharsets.UTF_8)) ? 1 : 0;
            }
            return n;
          });
    }
    double adapterCall =
        best("robotstxt-exact ExactRobotRulesParser parseContent + isAllowed", rounds, calls, () -> {
          long n = 0;
          for (int q : order) {
            Site s = sites.get(siteOf.get(q));
            n += adapterParser.parseContent("https://" + s.name + "/robots.txt", s.body, "text/plain", ccAgents)
                    .isAllowed(urlOf.get(q)) ? 1 : 0;
          }
          return n;
        });
    double ccCall =
        best("crawler-commons parseContent + isAllowed", rounds, calls, () -> {
          long n = 0;
          for (int q : order) {
            Site s = sites.get(siteOf.get(q));
            n += ccParser.parseContent("https://" + s.name + "/robots.txt", s.body, "text/plain", ccAgents)
                    .isAllowed(urlOf.get(q)) ? 1 : 0;
          }
          return n;
        });
    double googleCall =
        best("robotstxt-java parse + singleAgentAllowedByRobots", rounds, calls, () -> {
          long n = 0;
          for (int q : order) {
            n += BenchAccess.parse(sites.get(siteOf.get(q)).body)
                    .singleAgentAllowedByRobots(AGENT, urlOf.get(q)) ? 1 : 0;
          }
          return n;
        });

    // Google's API in site order: each call still takes the body, as with
    // Google's library, and the matcher parses a body that comes again once.
    System.out.printf("Google's API per call, every query in site order (%d calls):%n", queries);
    double matcherSiteOrder;
    try (RobotsMatcher m = new RobotsMatcher()) {
      byte[] agent = AGENT.getBytes(StandardCharsets.UTF_8);
      matcherSiteOrder =
          best("robotstxt-exact RobotsMatcher.oneAgentAllowedByRobots", rounds, queries, () -> {
            long n = 0;
            for (Site s : sites) {
              for (String u : s.urls) {
                n += m.oneAgentAllowedByRobots(s.body, agent, u.getBytes(StandardCharsets.UTF_8)) ? 1 : 0;
              }
            }
            return n;
          });
    }
    double googleSiteOrder =
        best("robotstxt-java parse + singleAgentAllowedByRobots", Math.min(rounds, 2), queries, () -> {
          long n = 0;
          for (Site s : sites) {
            for (String u : s.urls) {
              n += BenchAccess.parse(s.body).singleAgentAllowedByRobots(AGENT, u) ? 1 : 0;
            }
          }
          return n;
        });

    System.out.println("ratios (their time / ours):");
    System.out.printf("  parse once, per query: %.1fx crawler-commons (Robots.allowed), %.1fx (CompiledRobots); %.1fx robotstxt-java (Robots.allowed)%n",
        ccOnce / oursOnce, ccOnce / compiledOnce, googleOnce / oursOnce);
    System.out.printf("  parse once, the adapter against SimpleRobotRules: %.1fx%n", ccOnce / adapterOnce);
    System.out.printf("  per call with parsing, shuffled: %.1fx crawler-commons, %.1fx robotstxt-java (Robots.parse); %.1fx, %.1fx (RobotsMatcher); adapter against SimpleRobotRulesParser: %.1fx%n",
        ccCall / oursCall, googleCall / oursCall, ccCall / matcherCall, googleCall / matcherCall, ccCall / adapterCall);
    System.out.printf("  Google's API per call, site order: %.1fx robotstxt-java%n", googleSiteOrder / matcherSiteOrder);
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
