/**
 * The API of google/robotstxt-java (package {@code com.google.search.robotstxt}) over this
 * library: code written for it moves by changing its imports to this package, and gets the answers
 * of Google's C++ library, which the Java port does not always give (docs/JAVA.md lists the
 * differences that remain).
 *
 * <pre>{@code
 * Matcher matcher = new RobotsParser(new RobotsParseHandler()).parse(robotsTxtBytes);
 * boolean ok = matcher.singleAgentAllowedByRobots("FooBot", "https://example.com/page");
 * }</pre>
 */
package robotstxt.exact.google;
