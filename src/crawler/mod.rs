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
mod policy;
mod url;

pub use self::cache::{
    CacheEntry, DEFAULT_CACHE_LIFETIME, GOOGLE_STOP_CRAWLING_PERIOD, UNREACHABLE_GRACE_PERIOD,
    max_age_from_cache_control, max_age_from_cache_control_bytes,
};
pub use self::policy::{
    Access, Decision, FetchOutcome, MAX_REDIRECT_HOPS, Policy, should_follow_redirect,
};
pub use self::url::{UrlError, applies_to, is_robots_txt_url, robots_txt_url};

/// How many bytes of a robots.txt body Google reads: "Google enforces a
/// robots.txt file size limit of 500 kibibytes (KiB). Content which is after
/// the maximum file size is ignored." One KiB is 1024 bytes, so the limit is
/// 500 × 1024 = 512,000 bytes.
///
/// RFC 9309 section 2.5 makes the same number a floor: "The parsing limit MUST
/// be at least 500 kibibytes".
///
/// The drop-in [`crate::RobotsMatcher`] applies no limit, as Google's library
/// does not; apply this one with [`truncate_body`] (a [`CacheEntry`] does so by
/// default).
pub const MAX_ROBOTS_TXT_BYTES: usize = 500 * 1024;

/// The first [`MAX_ROBOTS_TXT_BYTES`] bytes of `body`, the part Google reads.
///
/// The cut is at the byte, as Google's page describes it ("content which is
/// after the maximum file size is ignored"): a line that straddles the limit
/// is parsed as far as it goes.
///
/// ```
/// use robotstxt_exact::crawler::{MAX_ROBOTS_TXT_BYTES, truncate_body};
/// let body = vec![b'#'; MAX_ROBOTS_TXT_BYTES + 10];
/// assert_eq!(truncate_body(&body).len(), 512_000);
/// assert_eq!(truncate_body(b"short"), b"short");
/// ```
pub fn truncate_body(body: &[u8]) -> &[u8] {
    &body[..body.len().min(MAX_ROBOTS_TXT_BYTES)]
}

/// Runs the examples in `docs/CRAWLER.md` as doctests, so the README section
/// drafted there cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../../docs/CRAWLER.md")]
pub struct CrawlerGuideExamples;
