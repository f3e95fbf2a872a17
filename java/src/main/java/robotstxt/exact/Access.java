package robotstxt.exact;

/** RFC 9309's access results for a robots.txt fetch (section 2.3.1). */
public enum Access {
  /** The file was downloaded: its rules apply. */
  SUCCESSFUL,
  /** The server says there is no file for the crawler: everything may be crawled. */
  UNAVAILABLE,
  /** Server or network errors: assume complete disallow, subject to the caching rules. */
  UNREACHABLE
}
