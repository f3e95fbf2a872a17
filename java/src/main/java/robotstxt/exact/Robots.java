package robotstxt.exact;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A parsed robots.txt: parse once, query many times, from any number of threads at once. Answers
 * are those of Google's {@code RobotsMatcher} for the same body.
 *
 * <p>Immutable and thread-safe. It holds native memory (about twice the body): {@link #close} it
 * when done, or leave it to the garbage collector, whose {@link java.lang.ref.Cleaner} frees it
 * once the object is unreachable. Closing while other threads query is safe: the memory goes after
 * their calls, and later calls throw {@link IllegalStateException}.
 *
 * <p>Inputs are bytes, or strings taken as their UTF-8 bytes. URLs must be percent-encoded already
 * (RFC 3986), as with Google's library; agents are product tokens such as {@code Googlebot}, not
 * whole {@code User-Agent} headers.
 */
public final class Robots implements AutoCloseable {
  private final Handle handle;
  /** The rules by line, made on the first {@link #check}. */
  private volatile Map<Integer, Rule> rulesByLine;

  private Robots(long pointer) {
    this.handle = new Handle(this, pointer, Native::robotsFree, "Robots");
  }

  /**
   * Parses a body; any bytes are accepted.
   *
   * @param body the robots.txt body
   * @return the parsed file
   * @throws OutOfMemoryError when the native heap is exhausted
   */
  public static Robots parse(byte[] body) {
    Native.ensureLoaded();
    return new Robots(Native.robotsParse(Bytes.bytes(body, "body")));
  }

  /**
   * Parses a body given as text (its UTF-8 bytes).
   *
   * @param body the robots.txt body
   * @return the parsed file
   */
  public static Robots parse(String body) {
    Native.ensureLoaded();
    return new Robots(Native.robotsParse(Bytes.utf8(body, "body")));
  }

  /**
   * Whether {@code userAgent} may fetch {@code url}.
   *
   * @param userAgent a product token, such as {@code Googlebot}
   * @param url a percent-encoded URL
   * @return Google's verdict
   */
  public boolean allowed(String userAgent, String url) {
    return allowed(Bytes.utf8(userAgent, "userAgent"), Bytes.utf8(url, "url"));
  }

  /**
   * Whether {@code userAgent} may fetch {@code url}, both as bytes.
   *
   * @param userAgent a product token
   * @param url a percent-encoded URL
   * @return Google's verdict
   */
  public boolean allowed(byte[] userAgent, byte[] url) {
    Bytes.bytes(userAgent, "userAgent");
    Bytes.bytes(url, "url");
    long h = handle.acquire();
    try {
      return Native.robotsAllowed(h, userAgent, url) != 0;
    } finally {
      handle.release();
    }
  }

  /**
   * Whether a crawler with several names may fetch {@code url}: the verdict of {@link
   * #check(List, String)} without the rest of the answer.
   *
   * @param userAgents product tokens
   * @param url a percent-encoded URL
   * @return Google's verdict
   */
  public boolean allowed(List<String> userAgents, String url) {
    Bytes.Packed agents = Bytes.packStrings(userAgents, "userAgents");
    byte[] u = Bytes.utf8(url, "url");
    long h = handle.acquire();
    try {
      return Answer.allowedOf(Native.robotsCheck(h, agents.data, agents.ends, u));
    } finally {
      handle.release();
    }
  }

  /**
   * The full answer for one agent.
   *
   * @param userAgent a product token
   * @param url a percent-encoded URL
   * @return the verdict, the deciding line and rule, and Google's other accessors
   */
  public Answer check(String userAgent, String url) {
    return check(Bytes.one(userAgent, "userAgent"), Bytes.utf8(url, "url"));
  }

  /**
   * The full answer for a list of agents (one crawler's names), as Google's {@code
   * AllowedByRobots} gives it.
   *
   * @param userAgents product tokens
   * @param url a percent-encoded URL
   * @return the answer
   */
  public Answer check(List<String> userAgents, String url) {
    return check(Bytes.packStrings(userAgents, "userAgents"), Bytes.utf8(url, "url"));
  }

  /**
   * The full answer, agents and URL as bytes.
   *
   * @param userAgents product tokens
   * @param url a percent-encoded URL
   * @return the answer
   */
  public Answer check(List<byte[]> userAgents, byte[] url) {
    return check(Bytes.pack(userAgents, "userAgents"), Bytes.bytes(url, "url"));
  }

  private Answer check(Bytes.Packed agents, byte[] url) {
    long packed;
    long h = handle.acquire();
    try {
      packed = Native.robotsCheck(h, agents.data, agents.ends, url);
    } finally {
      handle.release();
    }
    int line = Answer.lineOf(packed);
    return Answer.unpack(packed, line == 0 ? null : rulesByLine().get(line));
  }

  private Map<Integer, Rule> rulesByLine() {
    Map<Integer, Rule> map = rulesByLine;
    if (map == null) {
      map = new HashMap<>();
      for (Group g : groups()) {
        for (Rule r : g.rules()) {
          map.put(r.line(), r);
        }
      }
      rulesByLine = map;
    }
    return map;
  }

  /**
   * {@link #check} for each URL, in one native call.
   *
   * @param userAgents product tokens
   * @param urls percent-encoded URLs
   * @return one answer per URL, in order (without {@link Answer#rule})
   */
  public List<Answer> checkMany(List<String> userAgents, List<String> urls) {
    return answers(checkMany(Bytes.packStrings(userAgents, "userAgents"), Bytes.packStrings(urls, "urls")));
  }

  /**
   * {@link #check} for each URL, agents and URLs as bytes.
   *
   * @param userAgents product tokens
   * @param urls percent-encoded URLs
   * @return one answer per URL, in order (without {@link Answer#rule})
   */
  public List<Answer> checkMany(byte[][] userAgents, byte[][] urls) {
    return answers(checkMany(packArray(userAgents, "userAgents"), packArray(urls, "urls")));
  }

  /**
   * {@link #allowed} for each URL, for every agent of a list as {@link #check} does, in one native
   * call.
   *
   * @param userAgents product tokens
   * @param urls percent-encoded URLs
   * @return one verdict per URL, in order
   */
  public boolean[] allowedMany(List<String> userAgents, List<String> urls) {
    return verdicts(checkMany(Bytes.packStrings(userAgents, "userAgents"), Bytes.packStrings(urls, "urls")));
  }

  /**
   * {@link #allowedMany(List, List)}, agents and URLs as bytes.
   *
   * @param userAgents product tokens
   * @param urls percent-encoded URLs
   * @return one verdict per URL, in order
   */
  public boolean[] allowedMany(byte[][] userAgents, byte[][] urls) {
    return verdicts(checkMany(packArray(userAgents, "userAgents"), packArray(urls, "urls")));
  }

  static Bytes.Packed packArray(byte[][] items, String what) {
    if (items == null) {
      throw new NullPointerException(what);
    }
    return Bytes.pack(java.util.Arrays.asList(items), what);
  }

  static List<Answer> answers(long[] packed) {
    List<Answer> out = new ArrayList<>(packed.length);
    for (long p : packed) {
      out.add(Answer.unpack(p, null));
    }
    return out;
  }

  static boolean[] verdicts(long[] packed) {
    boolean[] out = new boolean[packed.length];
    for (int i = 0; i < packed.length; i++) {
      out[i] = Answer.allowedOf(packed[i]);
    }
    return out;
  }

  private long[] checkMany(Bytes.Packed agents, Bytes.Packed urls) {
    long h = handle.acquire();
    try {
      return Native.robotsCheckMany(h, agents.data, agents.ends, urls.data, urls.ends);
    } finally {
      handle.release();
    }
  }

  /**
   * The rules for fixed agents compiled into one index: only the path work per query, the same
   * answers as {@link #check} with those agents. Independent of this object (it may be closed).
   *
   * @param userAgents product tokens
   * @return the compiled view; close it, or leave it to the garbage collector
   */
  public CompiledRobots compile(List<String> userAgents) {
    return compile(Bytes.packStrings(userAgents, "userAgents"));
  }

  /**
   * {@link #compile(List)} for one agent.
   *
   * @param userAgent a product token
   * @return the compiled view
   */
  public CompiledRobots compile(String userAgent) {
    return compile(Bytes.one(userAgent, "userAgent"));
  }

  /**
   * {@link #compile(List)}, agents as bytes.
   *
   * @param userAgents product tokens
   * @return the compiled view
   */
  public CompiledRobots compile(byte[][] userAgents) {
    return compile(packArray(userAgents, "userAgents"));
  }

  private CompiledRobots compile(Bytes.Packed agents) {
    long h = handle.acquire();
    try {
      return new CompiledRobots(Native.robotsCompile(h, agents.data, agents.ends));
    } finally {
      handle.release();
    }
  }

  /**
   * The {@code sitemap} values in file order (invalid UTF-8 as U+FFFD).
   *
   * @return the sitemap URLs as written
   */
  public List<String> sitemaps() {
    byte[] result;
    long h = handle.acquire();
    try {
      result = Native.robotsSitemaps(h);
    } finally {
      handle.release();
    }
    Wire w = new Wire(result);
    int n = w.u32();
    List<String> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      out.add(w.string());
    }
    return Collections.unmodifiableList(out);
  }

  /**
   * The groups in file order. Rules before the first {@code user-agent} line are in none.
   *
   * @return the groups
   */
  public List<Group> groups() {
    byte[] result;
    long h = handle.acquire();
    try {
      result = Native.robotsGroups(h);
    } finally {
      handle.release();
    }
    return Group.readAll(new Wire(result));
  }

  /**
   * The crawl-delay for {@code userAgent} in seconds: the first valid one of the groups naming it,
   * else of the {@code *} groups. An extension: Google ignores crawl-delay, and so do the verdicts.
   *
   * @param userAgent a product token
   * @return the delay, or empty
   */
  public OptionalDouble crawlDelay(String userAgent) {
    return crawlDelay(Collections.singletonList(userAgent));
  }

  /**
   * The crawl-delay for a crawler with several names: that of the first name a group names, else
   * that of the {@code *} groups.
   *
   * @param userAgents product tokens
   * @return the delay in seconds, or empty
   */
  public OptionalDouble crawlDelay(List<String> userAgents) {
    Bytes.Packed agents = Bytes.packStrings(userAgents, "userAgents");
    double d;
    long h = handle.acquire();
    try {
      d = Native.robotsCrawlDelay(h, agents.data, agents.ends);
    } finally {
      handle.release();
    }
    return Double.isNaN(d) ? OptionalDouble.empty() : OptionalDouble.of(d);
  }

  /**
   * The {@code Request-rate} for {@code userAgent}, chosen as {@link #crawlDelay(String)} is. An
   * extension.
   *
   * @param userAgent a product token
   * @return the rate, or empty
   */
  public Optional<RequestRate> requestRate(String userAgent) {
    byte[] agent = Bytes.utf8(userAgent, "userAgent");
    byte[] result;
    long h = handle.acquire();
    try {
      result = Native.robotsRequestRate(h, agent);
    } finally {
      handle.release();
    }
    return Optional.ofNullable(RequestRate.read(new Wire(result)));
  }

  /**
   * The usage preferences ({@code Content-Signal}, {@code Content-Usage}) that apply to {@code
   * userAgent} for {@code url}, with the line that stated each. An extension: no verdict uses them;
   * nothing applies where the URL is disallowed.
   *
   * @param userAgent a product token
   * @param url a percent-encoded URL
   * @return the preferences
   */
  public Preferences preferences(String userAgent, String url) {
    return preferences(Collections.singletonList(userAgent), url);
  }

  /**
   * {@link #preferences(String, String)} for a crawler with several names.
   *
   * @param userAgents product tokens
   * @param url a percent-encoded URL
   * @return the preferences
   */
  public Preferences preferences(List<String> userAgents, String url) {
    Bytes.Packed agents = Bytes.packStrings(userAgents, "userAgents");
    byte[] u = Bytes.utf8(url, "url");
    byte[] result;
    long h = handle.acquire();
    try {
      result = Native.robotsPreferences(h, agents.data, agents.ends, u);
    } finally {
      handle.release();
    }
    return Preferences.read(new Wire(result));
  }

  /**
   * The {@code License} values (RSL 1.0; absolute URLs only), in file order, for the whole file
   * wherever the lines stand. An extension.
   *
   * @return the values
   */
  public List<FileValue> licenses() {
    return fileValues(true);
  }

  /**
   * The {@code LLM-Policy} values, in file order, for the whole file. An extension.
   *
   * @return the values
   */
  public List<FileValue> llmPolicies() {
    return fileValues(false);
  }

  private List<FileValue> fileValues(boolean licenses) {
    byte[] result;
    long h = handle.acquire();
    try {
      result = Native.robotsFileValues(h, licenses);
    } finally {
      handle.release();
    }
    Wire w = new Wire(result);
    int n = w.u32();
    List<FileValue> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      String value = w.string();
      out.add(new FileValue(value, w.u32()));
    }
    return Collections.unmodifiableList(out);
  }

  /**
   * The policy tokens ({@code __usage_ai-training} and the like) that the file's {@code
   * user-agent} lines name, each once, in the order of their first line. An extension.
   *
   * @return the tokens
   */
  public List<PolicyToken> policyTokens() {
    byte[] result;
    long h = handle.acquire();
    try {
      result = Native.robotsPolicyTokens(h);
    } finally {
      handle.release();
    }
    Wire w = new Wire(result);
    int n = w.u32();
    List<PolicyToken> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      String token = w.string();
      String namespace = w.string();
      String label = w.string();
      out.add(new PolicyToken(token, namespace, label, w.u32()));
    }
    return Collections.unmodifiableList(out);
  }

  /**
   * What the groups naming the policy token {@code token} say for {@code url}, read as Google reads
   * any group: allowed means the purpose is allowed there. A policy token never falls back to the
   * {@code *} groups.
   *
   * @param token a policy token, such as {@code __usage_ai-training}
   * @param url a percent-encoded URL
   * @return the answer (without {@link Answer#rule}), or empty when no group names the token
   */
  public Optional<Answer> policy(String token, String url) {
    byte[] t = Bytes.utf8(token, "token");
    byte[] u = Bytes.utf8(url, "url");
    long packed;
    long h = handle.acquire();
    try {
      packed = Native.robotsPolicy(h, t, u);
    } finally {
      handle.release();
    }
    return packed == -1 ? Optional.empty() : Optional.of(Answer.unpack(packed, null));
  }

  /**
   * Whether no rule that applies to these agents can disallow a URL (no {@code disallow} with a
   * pattern): every URL is allowed. The rules that apply are Google's: those of the groups naming
   * one of the agents, else those of the {@code *} groups.
   *
   * @param userAgents product tokens
   * @return whether everything is allowed
   */
  public boolean allowsEverything(List<String> userAgents) {
    return (reach(userAgents) & 1) != 0;
  }

  /**
   * Whether every URL is disallowed to these agents: a rule such as {@code Disallow: /} applies and
   * no {@code allow} rule with a pattern does.
   *
   * @param userAgents product tokens
   * @return whether nothing is allowed
   */
  public boolean disallowsEverything(List<String> userAgents) {
    return (reach(userAgents) & 2) != 0;
  }

  /**
   * Whether no group names any of these agents and a {@code *} group exists, so that the {@code *}
   * groups' rules are the ones that apply.
   *
   * @param userAgents product tokens
   * @return whether the agents fall to the {@code *} groups
   */
  public boolean matchesOnlyGlobal(List<String> userAgents) {
    return (reach(userAgents) & 12) == 8;
  }

  private int reach(List<String> userAgents) {
    Bytes.Packed agents = Bytes.packStrings(userAgents, "userAgents");
    long h = handle.acquire();
    try {
      return Native.robotsReach(h, agents.data, agents.ends);
    } finally {
      handle.release();
    }
  }

  /**
   * The native heap bytes held by this object (it grows as queries for new agents build their
   * indexes).
   *
   * @return bytes
   */
  public long heapBytes() {
    long h = handle.acquire();
    try {
      return Native.robotsHeapBytes(h);
    } finally {
      handle.release();
    }
  }

  /**
   * Whether {@link #close} was called.
   *
   * @return whether the object is closed
   */
  public boolean isClosed() {
    return handle.isClosed();
  }

  /** Frees the native memory, after any call in progress on another thread. Idempotent. */
  @Override
  public void close() {
    handle.close();
  }
}
