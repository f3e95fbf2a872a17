/**
 * crawler-commons' robots.txt API with Google's reading of the file: {@link ExactRobotRulesParser}
 * extends {@code crawlercommons.robots.BaseRobotsParser} and returns {@link ExactRobotRules}, a
 * {@code BaseRobotRules}, so a crawler built on crawler-commons (Apache Nutch, StormCrawler) swaps
 * {@code new SimpleRobotRulesParser()} for {@code new ExactRobotRulesParser()} and changes nothing
 * else. Shipped as its own jar, {@code robotstxt-exact-crawler-commons}, beside the main one.
 */
package robotstxt.exact.crawlercommons;
