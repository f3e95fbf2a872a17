package robotstxt.exact.crawlercommons;

import crawlercommons.robots.BaseRobotRules;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.net.URI;
import java.net.URL;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import robotstxt.exact.Crawler;
import robotstxt.exact.Robots;

/**
 * crawler-commons' {@code BaseRobotRules} with Google's answers: the rules of one robots.txt for one
 * crawler's names. Thread-safe and immutable.
 *
 * <p>Parsing is all that {@code parseContent} does; what crawler-commons computes up front (the
 * crawl-delay, the sitemaps, allow-all and allow-none) is computed on first use and kept. The
 * native memory is freed by the garbage collector once the rules are unreachable (a crawler
 * evicting them from its cache needs to do nothing). Serializable: the body and the names are
 * kept and parsed again when read back.
 */
public class ExactRobotRules extends BaseRobotRules {
  private static final long serialVersionUID = 2L;

  private enum Mode {
    ALLOW_ALL,
    ALLOW_NONE,
    ALLOW_SOME
  }

  /** Allow all or none (a failed fetch), or the rules of a body. */
  private final Mode mode;
  /** The body as parsed (the first 500 KiB), kept to parse again when read back. */
  private final byte[] body;
  /** The crawler's names. */
  private final List<String> robotNames;
  /** The robots.txt URL, which relative sitemap URLs are resolved against. */
  private final String url;
  private transient volatile Robots robots;
  /** The values computed on first use; null until then. */
  private transient volatile Derived derived;

  /** What crawler-commons computes while parsing, computed here when first asked for. */
  private static final class Derived {
    final long crawlDelay;
    final List<String> sitemaps;
    final boolean allowAll;
    final boolean allowNone;
    final boolean matchedWildcard;

    Derived(long crawlDelay, List<String> sitemaps, boolean allowAll, boolean allowNone, boolean wildcard) {
      this.crawlDelay = crawlDelay;
      this.sitemaps = sitemaps;
      this.allowAll = allowAll;
      this.allowNone = allowNone;
      this.matchedWildcard = wildcard;
    }
  }

  private ExactRobotRules(Mode mode, byte[] body, List<String> robotNames, String url) {
    this.mode = mode;
    this.body = body;
    this.robotNames = robotNames;
    this.url = url;
    if (mode == Mode.ALLOW_SOME) {
      this.robots = Robots.parse(body);
    } else {
      this.derived =
          new Derived(
              UNSET_CRAWL_DELAY, Collections.emptyList(), mode == Mode.ALLOW_ALL, mode == Mode.ALLOW_NONE, false);
    }
  }

  static ExactRobotRules parse(String url, byte[] content, Collection<String> robotNames) {
    List<String> names = Collections.unmodifiableList(new ArrayList<>(robotNames));
    byte[] body = Crawler.truncateBody(content);
    if (body == content) {
      // Kept for serialization: the caller may reuse its array.
      body = content.clone();
    }
    return new ExactRobotRules(Mode.ALLOW_SOME, body, names, url);
  }

  static ExactRobotRules allowAll() {
    return new ExactRobotRules(Mode.ALLOW_ALL, new byte[0], Collections.emptyList(), null);
  }

  static ExactRobotRules allowNone() {
    return new ExactRobotRules(Mode.ALLOW_NONE, new byte[0], Collections.emptyList(), null);
  }

  static ExactRobotRules deferVisits() {
    ExactRobotRules rules =
        new ExactRobotRules(Mode.ALLOW_NONE, new byte[0], Collections.emptyList(), null);
    rules.setDeferVisits(true);
    return rules;
  }

  private Derived derived() {
    Derived d = derived;
    if (d == null) {
      OptionalDouble delay = robots.crawlDelay(robotNames);
      List<String> sitemaps = new ArrayList<>();
      for (String sitemap : robots.sitemaps()) {
        String resolved = resolve(url, sitemap);
        if (resolved != null && !sitemaps.contains(resolved)) {
          sitemaps.add(resolved);
        }
      }
      d =
          new Derived(
              delay.isPresent() ? Math.round(delay.getAsDouble() * 1000) : UNSET_CRAWL_DELAY,
              Collections.unmodifiableList(sitemaps),
              robots.allowsEverything(robotNames),
              robots.disallowsEverything(robotNames),
              robots.matchesOnlyGlobal(robotNames));
      derived = d;
    }
    return d;
  }

  /** A sitemap URL resolved against the robots.txt URL, or null when it is no URL with a host. */
  private static String resolve(String base, String sitemap) {
    try {
      URI baseUri = null;
      try {
        baseUri = base == null ? null : new URI(base);
      } catch (Exception e) {
        // An unusable base: the sitemap must be absolute.
      }
      URL resolved = baseUri != null ? baseUri.resolve(sitemap).toURL() : new URI(sitemap).toURL();
      String host = resolved.getHost();
      return host == null || host.isEmpty() ? null : resolved.toExternalForm();
    } catch (Exception e) {
      return null;
    }
  }

  @Override
  public boolean isAllowed(String url) {
    switch (mode) {
      case ALLOW_ALL:
        return true;
      case ALLOW_NONE:
        return false;
      default:
        Objects.requireNonNull(url, "url");
        return robotNames.size() == 1
            ? robots.allowed(robotNames.get(0), url)
            : robots.allowed(robotNames, url);
    }
  }

  /**
   * Whether the crawler may fetch {@code url} ({@code BaseRobotRules} has this method from
   * crawler-commons 1.5 on, so no {@code @Override}: the adapter builds against 1.4 too).
   *
   * @param url the URL
   * @return Google's verdict
   */
  public boolean isAllowed(URL url) {
    return isAllowed(Objects.requireNonNull(url, "url").toString());
  }

  @Override
  public boolean isAllowAll() {
    return derived().allowAll;
  }

  @Override
  public boolean isAllowNone() {
    return derived().allowNone;
  }

  /**
   * The crawl-delay in milliseconds: that of the first of the names a group names, else that of
   * the {@code *} groups; {@link #UNSET_CRAWL_DELAY} ({@code Long.MIN_VALUE}) when none is given.
   *
   * @return the delay in milliseconds
   */
  @Override
  public long getCrawlDelay() {
    return derived().crawlDelay;
  }

  /**
   * The sitemap URLs, resolved against the robots.txt URL, without repeats, in file order.
   *
   * @return a copy of the list
   */
  @Override
  public List<String> getSitemaps() {
    return new ArrayList<>(derived().sitemaps);
  }

  /**
   * Whether no group names the crawler and the {@code *} groups apply ({@code BaseRobotRules} has
   * this from crawler-commons 1.5 on).
   *
   * @return whether the wildcard rules apply
   */
  public boolean isMatchedWildcard() {
    return derived().matchedWildcard;
  }

  /**
   * The crawler names the rules were made for.
   *
   * @return the names, unmodifiable
   */
  public List<String> getRobotNames() {
    return robotNames;
  }

  /**
   * Reads the fields, then parses the body again.
   *
   * @param in the stream
   * @throws IOException as the stream throws
   * @throws ClassNotFoundException as the stream throws
   */
  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    if (mode == Mode.ALLOW_SOME) {
      robots = Robots.parse(body);
    } else {
      derived =
          new Derived(
              UNSET_CRAWL_DELAY, Collections.emptyList(), mode == Mode.ALLOW_ALL, mode == Mode.ALLOW_NONE, false);
    }
  }

  @Override
  public boolean equals(Object obj) {
    if (this == obj) {
      return true;
    }
    if (obj == null || obj.getClass() != getClass()) {
      return false;
    }
    ExactRobotRules other = (ExactRobotRules) obj;
    return mode == other.mode
        && isDeferVisits() == other.isDeferVisits()
        && robotNames.equals(other.robotNames)
        && Objects.equals(url, other.url)
        && Arrays.equals(body, other.body);
  }

  @Override
  public int hashCode() {
    return Objects.hash(mode, robotNames, url) * 31 + Arrays.hashCode(body);
  }

  @Override
  public String toString() {
    return super.toString() + " - mode: " + mode + ", names: " + robotNames + "\n";
  }
}
