package robotstxt.exact.crawlercommons;

import crawlercommons.robots.BaseRobotRules;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.lang.reflect.Method;
import java.net.URI;
import java.net.URL;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import robotstxt.exact.CompiledRobots;
import robotstxt.exact.Crawler;
import robotstxt.exact.Robots;

/**
 * crawler-commons' {@code BaseRobotRules} with Google's answers: the rules of one robots.txt for one
 * crawler's names, compiled natively. Thread-safe and immutable.
 *
 * <p>Its native memory is freed by the garbage collector when the rules are unreachable (a crawler
 * evicting them from its cache needs to do nothing). It is serializable: the body and the names are
 * kept and parsed again when read back.
 */
public class ExactRobotRules extends BaseRobotRules {
  private static final long serialVersionUID = 1L;

  private enum Mode {
    ALLOW_ALL,
    ALLOW_NONE,
    ALLOW_SOME
  }

  /**
   * {@code BaseRobotRules.setMatchedWildcard}, which crawler-commons has from 1.5 on; null before.
   * Looked up so that one adapter jar serves 1.4 (Nutch's) and later.
   */
  private static final Method SET_MATCHED_WILDCARD = matchedWildcardSetter();

  private static Method matchedWildcardSetter() {
    try {
      return BaseRobotRules.class.getMethod("setMatchedWildcard", boolean.class);
    } catch (NoSuchMethodException e) {
      return null;
    }
  }

  private final Mode mode;
  private final byte[] body;
  private final List<String> robotNames;
  private final boolean allowAll;
  private final boolean allowNone;
  private transient CompiledRobots compiled;

  private ExactRobotRules(Mode mode, byte[] body, List<String> robotNames, String url) {
    this.mode = mode;
    this.body = body;
    this.robotNames = robotNames;
    if (mode != Mode.ALLOW_SOME) {
      this.allowAll = mode == Mode.ALLOW_ALL;
      this.allowNone = mode == Mode.ALLOW_NONE;
      return;
    }
    try (Robots robots = Robots.parse(body)) {
      this.compiled = robots.compile(robotNames);
      this.allowAll = robots.allowsEverything(robotNames);
      this.allowNone = robots.disallowsEverything(robotNames);
      if (SET_MATCHED_WILDCARD != null && robots.matchesOnlyGlobal(robotNames)) {
        try {
          SET_MATCHED_WILDCARD.invoke(this, true);
        } catch (ReflectiveOperationException e) {
          throw new IllegalStateException(e);
        }
      }
      OptionalDouble delay = robots.crawlDelay(robotNames);
      if (delay.isPresent()) {
        setCrawlDelay(Math.round(delay.getAsDouble() * 1000));
      }
      for (String sitemap : robots.sitemaps()) {
        String resolved = resolve(url, sitemap);
        if (resolved != null) {
          addSitemap(resolved);
        }
      }
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

  /** A sitemap URL resolved against the robots.txt URL, or null when it is no URL with a host. */
  private static String resolve(String base, String sitemap) {
    try {
      URL resolved;
      URI baseUri = null;
      try {
        baseUri = base == null ? null : new URI(base);
      } catch (Exception e) {
        // An unusable base: the sitemap must be absolute.
      }
      resolved = baseUri != null ? baseUri.resolve(sitemap).toURL() : new URI(sitemap).toURL();
      String host = resolved.getHost();
      return host == null || host.isEmpty() ? null : resolved.toExternalForm();
    } catch (Exception e) {
      return null;
    }
  }

  static ExactRobotRules allowAll() {
    return new ExactRobotRules(Mode.ALLOW_ALL, new byte[0], Collections.emptyList(), null);
  }

  static ExactRobotRules deferVisits() {
    ExactRobotRules rules =
        new ExactRobotRules(Mode.ALLOW_NONE, new byte[0], Collections.emptyList(), null);
    rules.setDeferVisits(true);
    return rules;
  }

  @Override
  public boolean isAllowed(String url) {
    switch (mode) {
      case ALLOW_ALL:
        return true;
      case ALLOW_NONE:
        return false;
      default:
        return compiled.allowed(Objects.requireNonNull(url, "url"));
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
    return allowAll;
  }

  @Override
  public boolean isAllowNone() {
    return allowNone;
  }

  /**
   * The crawler names the rules were made for.
   *
   * @return the names, unmodifiable
   */
  public List<String> getRobotNames() {
    return robotNames;
  }

  private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
    in.defaultReadObject();
    if (mode == Mode.ALLOW_SOME) {
      try (Robots robots = Robots.parse(body)) {
        compiled = robots.compile(robotNames);
      }
    }
  }

  @Override
  public boolean equals(Object obj) {
    if (!super.equals(obj)) {
      return false;
    }
    ExactRobotRules other = (ExactRobotRules) obj;
    return mode == other.mode
        && robotNames.equals(other.robotNames)
        && Arrays.equals(body, other.body);
  }

  @Override
  public int hashCode() {
    return 31 * super.hashCode() + Arrays.hashCode(body);
  }

  @Override
  public String toString() {
    return super.toString() + " - mode: " + mode + ", names: " + robotNames + "\n";
  }
}
