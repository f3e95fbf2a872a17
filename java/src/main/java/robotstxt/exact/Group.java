package robotstxt.exact;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/** A group of a robots.txt: its {@code user-agent} lines, its rules and its extensions. */
public final class Group {
  /** A {@code user-agent} line of a group. */
  public static final class Agent {
    private final String value;
    private final int line;

    Agent(String value, int line) {
      this.value = value;
      this.line = line;
    }

    /**
     * The value as written (invalid UTF-8 as U+FFFD).
     *
     * @return the value
     */
    public String value() {
      return value;
    }

    /**
     * The line number.
     *
     * @return the line
     */
    public int line() {
      return line;
    }

    @Override
    public String toString() {
      return "\"" + value + "\" (line " + line + ")";
    }
  }

  private final List<Agent> agents;
  private final List<Rule> rules;
  private final boolean global;
  private final double crawlDelay;
  private final RequestRate requestRate;
  private final List<PreferenceLine> preferenceLines;

  private Group(
      List<Agent> agents,
      List<Rule> rules,
      boolean global,
      double crawlDelay,
      RequestRate requestRate,
      List<PreferenceLine> preferenceLines) {
    this.agents = agents;
    this.rules = rules;
    this.global = global;
    this.crawlDelay = crawlDelay;
    this.requestRate = requestRate;
    this.preferenceLines = preferenceLines;
  }

  static List<Group> readAll(Wire w) {
    int n = w.u32();
    List<Group> groups = new ArrayList<>(n);
    for (int g = 0; g < n; g++) {
      int na = w.u32();
      List<Agent> agents = new ArrayList<>(na);
      for (int i = 0; i < na; i++) {
        String value = w.string();
        agents.add(new Agent(value, w.u32()));
      }
      int nr = w.u32();
      List<Rule> rules = new ArrayList<>(nr);
      for (int i = 0; i < nr; i++) {
        Rule.Kind kind = w.u8() == 0 ? Rule.Kind.ALLOW : Rule.Kind.DISALLOW;
        String pattern = w.string();
        rules.add(new Rule(kind, pattern, w.u32()));
      }
      boolean global = w.bool();
      double delay = w.f64();
      RequestRate rate = RequestRate.read(w);
      int np = w.u32();
      List<PreferenceLine> lines = new ArrayList<>(np);
      for (int i = 0; i < np; i++) {
        lines.add(PreferenceLine.read(w));
      }
      groups.add(
          new Group(
              Collections.unmodifiableList(agents),
              Collections.unmodifiableList(rules),
              global,
              delay,
              rate,
              Collections.unmodifiableList(lines)));
    }
    return Collections.unmodifiableList(groups);
  }

  /**
   * The {@code user-agent} lines.
   *
   * @return the agents, unmodifiable
   */
  public List<Agent> agents() {
    return agents;
  }

  /**
   * The {@code allow} and {@code disallow} lines, in file order.
   *
   * @return the rules, unmodifiable
   */
  public List<Rule> rules() {
    return rules;
  }

  /**
   * Whether one of the agents is {@code *}.
   *
   * @return whether the group is global
   */
  public boolean isGlobal() {
    return global;
  }

  /**
   * The group's first valid {@code crawl-delay}, in seconds (an extension).
   *
   * @return the delay, or empty
   */
  public OptionalDouble crawlDelay() {
    return Double.isNaN(crawlDelay) ? OptionalDouble.empty() : OptionalDouble.of(crawlDelay);
  }

  /**
   * The group's first valid {@code Request-rate} (an extension).
   *
   * @return the rate, or empty
   */
  public Optional<RequestRate> requestRate() {
    return Optional.ofNullable(requestRate);
  }

  /**
   * The group's {@code Content-Signal} and {@code Content-Usage} lines (an extension).
   *
   * @return the lines, unmodifiable
   */
  public List<PreferenceLine> preferenceLines() {
    return preferenceLines;
  }

  @Override
  public String toString() {
    return "Group(agents=" + agents + ", rules=" + rules + ", global=" + global + ")";
  }
}
