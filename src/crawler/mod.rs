//! The crawler's side of the Robots Exclusion Protocol (RFC 9309, sections
//! 2.3 to 2.5, and Google's "How Google interprets the robots.txt
//! specification"): everything around the matcher that a crawler must get
//! right before it can ask "may I fetch this URL".
//!
//! - [`robots_txt_url`] and [`applies_to`]: which robots.txt governs a page
//!   (same scheme, host and port; IDNs equal to their punycode; default ports
//!   equal to no port).
//! - [`Policy`], [`FetchOutcome`] and [`Decision`]: what a fetch of that
//!   robots.txt means (parse the rules, allow everything, or disallow
//!   everything), with Google's reading by default and RFC 9309's where the
//!   two differ.
//! - [`CacheEntry`]: the state a crawler keeps per robots.txt URL. It is fed
//!   fetch results and answers what to use now and when to fetch again; time
//!   is always passed in, so behaviour is reproducible.
//! - [`MAX_ROBOTS_TXT_BYTES`] and [`truncate_body`]: Google's 500 KiB size
//!   limit, which is also the RFC's minimum parsing limit.
//!
//! Nothing here does I/O: the crawler fetches, this module decides.
//!
//! ```
//! use std::time::{Duration, SystemTime};
//! use robotstxt_exact::crawler::{self, CacheEntry, Decision, FetchOutcome, Policy};
//!
//! let robots_url = crawler::robots_txt_url("https://Example.COM:443/a/b?c#d").unwrap();
//! assert_eq!(robots_url.as_str(), "https://example.com/robots.txt");
//!
//! let mut entry = CacheEntry::new(Policy::Google);
//! let now = SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000);
//! assert!(entry.needs_fetch(now));
//! // ... fetch robots_url, then report what happened:
//! entry.record(now, FetchOutcome::Status(200), b"User-agent: *\nDisallow: /private\n", None);
//! assert_eq!(entry.decide(now), Decision::UseRules);
//! assert!(entry.body().is_some());
//! ```

mod cache;
mod limit;
mod policy;
mod url;

pub use self::cache::{
    CacheEntry, DEFAULT_CACHE_LIFETIME, GOOGLE_STOP_CRAWLING_PERIOD, UNREACHABLE_GRACE_PERIOD,
    max_age_from_cache_control, max_age_from_cache_control_bytes,
};
pub use self::limit::{MAX_ROBOTS_TXT_BYTES, truncate_body, truncated_len};
pub use self::policy::{
    Access, Decision, FetchOutcome, MAX_REDIRECT_HOPS, Policy, should_follow_redirect,
};
pub use self::url::{MAX_PARSED_URL_LEN, UrlError, applies_to, is_robots_txt_url, robots_txt_url};

/// Runs the examples in `docs/CRAWLER.md` as doctests, so the README section
/// drafted there cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../../docs/CRAWLER.md")]
pub struct CrawlerGuideExamples;
