//! The state a crawler keeps for one robots.txt URL (RFC 9309 sections
//! 2.3.1.4 and 2.4; Google's "Caching" section and its `5xx` row).

use std::collections::TryReserveError;
use std::time::{Duration, SystemTime};

use super::limit::MAX_ROBOTS_TXT_BYTES;
use super::policy::{Access, Decision, FetchOutcome, Policy};

const HOUR: u64 = 60 * 60;
const DAY: u64 = 24 * HOUR;

/// How long a fetched robots.txt is used before it is fetched again when the
/// response gives no `max-age`: 24 hours. Google "generally caches the
/// contents of robots.txt file for up to 24 hours"; RFC 9309 section 2.4:
/// "Crawlers SHOULD NOT use the cached version for more than 24 hours, unless
/// the robots.txt file is unreachable."
pub const DEFAULT_CACHE_LIFETIME: Duration = Duration::from_secs(DAY);

/// How long Google stops crawling a site whose robots.txt is unreachable,
/// whatever it has cached: "For the first 12 hours, Google stops crawling the
/// site but keeps trying to fetch the robots.txt file."
pub const GOOGLE_STOP_CRAWLING_PERIOD: Duration = Duration::from_secs(12 * HOUR);

/// How long a robots.txt may be unreachable before the crawler may stop
/// treating it as undefined: 30 days, counted from the first failed fetch.
/// RFC 9309 section 2.3.1.4: "If the robots.txt file is undefined for a
/// reasonably long period of time (for example, 30 days)"; Google: "If the
/// errors are still not fixed after 30 days".
pub const UNREACHABLE_GRACE_PERIOD: Duration = Duration::from_secs(30 * DAY);

/// RFC 9111 section 1.2.2: a delta-seconds value too large to represent is
/// taken as 2147483648 (2^31) seconds, "over 68 years".
const DELTA_SECONDS_MAX: u64 = 1 << 31;

/// The `max-age` of a `Cache-Control` response header value, if it has a
/// valid one (RFC 9111 section 5.2.2.1).
///
/// Directive names are case-insensitive and the argument may be a token or a
/// quoted string (section 5.2: "recipients ought to accept both forms"). Only
/// the first `max-age` counts (section 4.2.1: "either the first occurrence
/// should be used or the response should be considered stale"); if it is not
/// `1*DIGIT`, there is no `max-age`. Values past 2^31 seconds are taken as
/// 2^31 (section 1.2.2). Other directives (`no-store`, `no-cache`,
/// `s-maxage`, ...) are not read. Several `Cache-Control` header lines are one
/// value joined with commas.
///
/// ```
/// use std::time::Duration;
/// use robotstxt_exact::crawler::max_age_from_cache_control;
/// assert_eq!(max_age_from_cache_control("public, Max-Age=3600"), Some(Duration::from_secs(3600)));
/// assert_eq!(max_age_from_cache_control("no-cache"), None);
/// ```
pub fn max_age_from_cache_control(value: &str) -> Option<Duration> {
    max_age_from_cache_control_bytes(value.as_bytes())
}

/// [`max_age_from_cache_control`] on the header's raw bytes, which need not
/// be UTF-8 (bytes outside ASCII are never part of a valid `max-age`). It
/// allocates nothing, whatever the value's length.
///
/// ```
/// use std::time::Duration;
/// use robotstxt_exact::crawler::max_age_from_cache_control_bytes;
/// assert_eq!(max_age_from_cache_control_bytes(b"max-age=\"60\", \xff"), Some(Duration::from_secs(60)));
/// ```
pub fn max_age_from_cache_control_bytes(value: &[u8]) -> Option<Duration> {
    let directive = split_directives(value).find(|d| {
        let name = d.split(|&b| b == b'=').next().unwrap_or_default();
        trim_ows(name).eq_ignore_ascii_case(b"max-age")
    })?;
    let equals = memchr::memchr(b'=', directive)?;
    let argument = trim_ows(&directive[equals + 1..]);
    let seconds = match argument.strip_prefix(b"\"") {
        Some(quoted) => quoted_delta_seconds(quoted)?,
        None => delta_seconds(argument.iter().copied())?,
    };
    Some(Duration::from_secs(seconds))
}

fn is_ows(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

fn trim_ows(s: &[u8]) -> &[u8] {
    let start = s.iter().position(|&b| !is_ows(b)).unwrap_or(s.len());
    let end = s.iter().rposition(|&b| !is_ows(b)).map_or(start, |i| i + 1);
    &s[start..end]
}

/// The value of `1*DIGIT`, capped at [`DELTA_SECONDS_MAX`]; `None` when
/// empty or when a byte is not a digit.
fn delta_seconds(digits: impl Iterator<Item = u8>) -> Option<u64> {
    let mut seconds: Option<u64> = None;
    for b in digits {
        if !b.is_ascii_digit() {
            return None;
        }
        let so_far = seconds.unwrap_or(0);
        seconds = Some(
            so_far
                .saturating_mul(10)
                .saturating_add(u64::from(b - b'0')),
        );
    }
    seconds.map(|s| s.min(DELTA_SECONDS_MAX))
}

/// [`delta_seconds`] of a quoted string whose opening quote is already
/// gone: `None` unless it closes exactly at the end. A backslash takes the
/// next byte as it is.
fn quoted_delta_seconds(quoted: &[u8]) -> Option<u64> {
    let mut close = None;
    let mut escaped = false;
    for (i, &b) in quoted.iter().enumerate() {
        match b {
            _ if escaped => escaped = false,
            b'\\' => escaped = true,
            b'"' => {
                close = Some(i);
                break;
            }
            _ => {}
        }
    }
    let close = close.filter(|&i| i + 1 == quoted.len())?;
    let mut escaped = false;
    let content = quoted[..close].iter().copied().filter(move |&b| {
        let keep = escaped || b != b'\\';
        escaped = !escaped && b == b'\\';
        keep
    });
    delta_seconds(content)
}

/// The comma-separated elements of a header value, with commas inside quoted
/// strings kept (a `no-cache="a, b"` argument is one element).
fn split_directives(value: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = Some(value);
    std::iter::from_fn(move || {
        let s = rest?;
        let mut in_quotes = false;
        let mut escaped = false;
        for (i, &b) in s.iter().enumerate() {
            match b {
                _ if escaped => escaped = false,
                b'\\' if in_quotes => escaped = true,
                b'"' => in_quotes = !in_quotes,
                b',' if !in_quotes => {
                    rest = Some(&s[i + 1..]);
                    return Some(&s[..i]);
                }
                _ => {}
            }
        }
        rest = None;
        Some(s)
    })
}

/// `time + by`, or the latest time `SystemTime` can hold when that
/// overflows (its range differs between platforms, so it is searched for:
/// the largest part of `by` that still fits, halving the step).
fn saturating_add(time: SystemTime, by: Duration) -> SystemTime {
    if let Some(sum) = time.checked_add(by) {
        return sum;
    }
    let mut latest = time;
    let mut step = by;
    while !step.is_zero() {
        match latest.checked_add(step) {
            Some(later) => latest = later,
            None => step /= 2,
        }
    }
    latest
}

/// The last definitive answer the server gave.
#[derive(Debug, Clone)]
struct Known {
    /// The (truncated) body of a successful fetch; `None` when the file was
    /// unavailable (4xx, or too many redirects).
    body: Option<Vec<u8>>,
    fetched_at: SystemTime,
    lifetime: Duration,
}

impl Known {
    fn is_fresh(&self, now: SystemTime) -> bool {
        // RFC 9111 section 4.2: response_is_fresh = (freshness_lifetime > current_age).
        // A clock that went backwards gives age zero.
        age(now, self.fetched_at) < self.lifetime
    }

    fn decision(&self) -> Decision {
        match self.body {
            Some(_) => Decision::UseRules,
            None => Decision::AllowAll,
        }
    }
}

fn age(now: SystemTime, since: SystemTime) -> Duration {
    now.duration_since(since).unwrap_or(Duration::ZERO)
}

/// What a crawler knows about one robots.txt URL (key it by
/// [`crate::crawler::robots_txt_url`]): the last good body, how long it stays
/// fresh, and since when the file has been unreachable. Feed it every fetch
/// with [`CacheEntry::record`]; ask [`CacheEntry::needs_fetch`] whether to
/// fetch and [`CacheEntry::decide`] what to do with the site's URLs.
///
/// Time is never read from a clock: every call that needs it takes `now`, so
/// the same calls always give the same answers. A `now` earlier than a
/// recorded time (a clock set back) counts as no time passed.
///
/// The rules, in order:
///
/// 1. While the last successful or unavailable result is fresh (younger than
///    its lifetime: 24 hours, or the response's `max-age` as the policy
///    allows), it decides: [`Decision::UseRules`] or [`Decision::AllowAll`].
/// 2. Otherwise, if the latest fetches failed with the file unreachable, the
///    policy's timeline applies from the first of those failures (see
///    [`Policy`]).
/// 3. Otherwise the last result still decides, stale, until the crawler
///    fetches again ([`CacheEntry::needs_fetch`] is true).
/// 4. With nothing fetched yet, [`Decision::DisallowAll`]: fetch first.
///
/// Fetch robots.txt with a non-conditional `GET`, as Google does: a `304 Not
/// Modified` is a 3xx, which counts as "unavailable".
#[derive(Debug, Clone)]
pub struct CacheEntry {
    policy: Policy,
    lifetime: Duration,
    size_limit: Option<usize>,
    site_available: bool,
    known: Option<Known>,
    unreachable_since: Option<SystemTime>,
}

impl Default for CacheEntry {
    fn default() -> Self {
        CacheEntry::new(Policy::default())
    }
}

impl CacheEntry {
    /// An entry with nothing fetched yet, a 24-hour lifetime
    /// ([`DEFAULT_CACHE_LIFETIME`]), bodies cut to [`MAX_ROBOTS_TXT_BYTES`],
    /// and the site taken as available.
    pub fn new(policy: Policy) -> Self {
        CacheEntry {
            policy,
            lifetime: DEFAULT_CACHE_LIFETIME,
            size_limit: Some(MAX_ROBOTS_TXT_BYTES),
            site_available: true,
            known: None,
            unreachable_since: None,
        }
    }

    /// Sets the lifetime used when a response has no `max-age` (default 24
    /// hours). Under [`Policy::Rfc9309`] it is also the longest a `max-age`
    /// can make it. Applies to results recorded from now on.
    pub fn with_lifetime(mut self, lifetime: Duration) -> Self {
        self.lifetime = lifetime;
        self
    }

    /// Sets how many bytes of a body are kept (default
    /// `Some(MAX_ROBOTS_TXT_BYTES)`, Google's 500 KiB); `None` keeps them all.
    /// Applies to bodies recorded from now on.
    pub fn with_size_limit(mut self, limit: Option<usize>) -> Self {
        self.size_limit = limit;
        self
    }

    /// Tells whether the rest of the site answers normally. Only
    /// [`Policy::Google`] uses it, once robots.txt has been unreachable for
    /// 30 days: "If the site is generally available to Google, Google will
    /// behave as if there is no robots.txt file"; "If the site has general
    /// availability problems, Google will stop crawling the site". Default:
    /// available.
    pub fn set_site_available(&mut self, available: bool) {
        self.site_available = available;
    }

    /// The policy this entry follows.
    pub fn policy(&self) -> Policy {
        self.policy
    }

    /// Records how a fetch of the robots.txt ended at `now`. `body` is the
    /// response body, read only for a 2xx (pass `&[]` otherwise); `max_age` is
    /// the response's [`max_age_from_cache_control`], if any.
    ///
    /// A success replaces the cached body; an unavailable result drops it
    /// (the server says there is no file any more); both end any
    /// unreachable period. An unreachable result keeps what is cached and
    /// starts the unreachable period if one is not running.
    pub fn record(
        &mut self,
        now: SystemTime,
        outcome: FetchOutcome,
        body: &[u8],
        max_age: Option<Duration>,
    ) {
        if let Err(error) = self.try_record(now, outcome, body, max_age) {
            panic!("CacheEntry::record: {error}");
        }
    }

    /// [`CacheEntry::record`], reporting a failed allocation of the body's
    /// copy instead of aborting; the entry is then unchanged.
    pub fn try_record(
        &mut self,
        now: SystemTime,
        outcome: FetchOutcome,
        body: &[u8],
        max_age: Option<Duration>,
    ) -> Result<(), TryReserveError> {
        let lifetime = match (self.policy, max_age) {
            (_, None) => self.lifetime,
            (Policy::Google, Some(max_age)) => max_age,
            (Policy::Rfc9309, Some(max_age)) => max_age.min(self.lifetime),
        };
        match self.policy.classify(outcome) {
            Access::Successful => {
                let kept = match self.size_limit {
                    Some(limit) => &body[..body.len().min(limit)],
                    None => body,
                };
                let mut copy = Vec::new();
                copy.try_reserve_exact(kept.len())?;
                copy.extend_from_slice(kept);
                self.known = Some(Known {
                    body: Some(copy),
                    fetched_at: now,
                    lifetime,
                });
                self.unreachable_since = None;
            }
            Access::Unavailable => {
                self.known = Some(Known {
                    body: None,
                    fetched_at: now,
                    lifetime,
                });
                self.unreachable_since = None;
            }
            Access::Unreachable => {
                self.unreachable_since.get_or_insert(now);
            }
        }
        Ok(())
    }

    /// Whether the robots.txt should be fetched now: nothing is known yet, or
    /// what is known is no longer fresh (which includes every moment of an
    /// unreachable period once the cached result has expired; how often to
    /// retry is the crawler's choice).
    pub fn needs_fetch(&self, now: SystemTime) -> bool {
        !self.known.as_ref().is_some_and(|k| k.is_fresh(now))
    }

    /// What the crawler may do with the site's URLs at `now`. For
    /// [`Decision::UseRules`], the rules are [`CacheEntry::body`].
    pub fn decide(&self, now: SystemTime) -> Decision {
        if let Some(known) = self.known.as_ref().filter(|k| k.is_fresh(now)) {
            return known.decision();
        }
        let Some(since) = self.unreachable_since else {
            return self
                .known
                .as_ref()
                .map_or(Decision::DisallowAll, Known::decision);
        };
        let unreachable_for = age(now, since);
        let cached_rules = self.body().is_some();
        match self.policy {
            Policy::Google => {
                if unreachable_for < GOOGLE_STOP_CRAWLING_PERIOD {
                    Decision::DisallowAll
                } else if unreachable_for < UNREACHABLE_GRACE_PERIOD {
                    // "for the next 30 days Google will use the last good version ...
                    // If there's no cached version available, Google assumes there's no
                    // crawl restrictions."
                    if cached_rules {
                        Decision::UseRules
                    } else {
                        Decision::AllowAll
                    }
                } else if self.site_available {
                    Decision::AllowAll
                } else {
                    Decision::DisallowAll
                }
            }
            Policy::Rfc9309 => {
                if cached_rules {
                    Decision::UseRules
                } else if unreachable_for < UNREACHABLE_GRACE_PERIOD {
                    Decision::DisallowAll
                } else {
                    Decision::AllowAll
                }
            }
        }
    }

    /// The last good robots.txt body (cut to the size limit), if the last
    /// definitive result was a success. An unavailable result (4xx) clears
    /// it; unreachable results keep it.
    pub fn body(&self) -> Option<&[u8]> {
        self.known.as_ref()?.body.as_deref()
    }

    /// When the last definitive result stops being fresh; `None` when there
    /// is none. A lifetime that reaches past the latest time `SystemTime`
    /// can hold (`Duration::MAX`) saturates there: the result is fresh for
    /// ever, which is not "nothing fetched".
    pub fn fresh_until(&self) -> Option<SystemTime> {
        let known = self.known.as_ref()?;
        Some(saturating_add(known.fetched_at, known.lifetime))
    }

    /// When the current unreachable period began (the first of the latest
    /// run of failed fetches), if the file is unreachable now.
    pub fn unreachable_since(&self) -> Option<SystemTime> {
        self.unreachable_since
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commas_inside_quoted_arguments_do_not_split_directives() {
        let parts: Vec<&[u8]> = split_directives(br#"no-cache="a, b", max-age=5"#).collect();
        assert_eq!(parts, [&br#"no-cache="a, b""#[..], b" max-age=5"]);
    }

    #[test]
    fn unterminated_quoted_max_age_is_no_max_age() {
        assert_eq!(max_age_from_cache_control(r#"max-age="60"#), None);
        assert_eq!(
            max_age_from_cache_control(r#"max-age="6\0""#),
            Some(Duration::from_secs(60))
        );
    }
}
