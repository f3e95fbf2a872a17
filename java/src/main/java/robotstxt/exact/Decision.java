package robotstxt.exact;

/** What a crawler may do with a site's URLs after a robots.txt fetch. */
public enum Decision {
  /** Apply the rules of the fetched (or cached) file. */
  USE_RULES,
  /** Crawl everything. */
  ALLOW_ALL,
  /** Crawl nothing for now. */
  DISALLOW_ALL
}
