//! What a robots.txt fetch means (RFC 9309 section 2.3.1; Google's "Handling
//! of errors and HTTP status codes").

/// Whose reading of the protocol to follow where Google's page and RFC 9309
/// differ. The default is Google's.
///
/// The differences (the unreachable rows apply once the last cached result
/// has expired; while it is fresh it decides, see
/// [`crate::crawler::CacheEntry`]):
///
/// | case | [`Policy::Google`] | [`Policy::Rfc9309`] |
/// |---|---|---|
/// | HTTP 429 | a server error: disallow all (Google's HTTP status page: "it's considered a server error") | in the 400-499 range, "unavailable": allow all (section 2.3.1.3) |
/// | unreachable, first 12 hours | disallow all, even with a cached copy | the cached copy if any (section 2.4 allows it past 24 hours "unless the robots.txt file is unreachable"), else disallow all |
/// | unreachable, 12 hours to 30 days | the last good copy, or allow all if none | as above |
/// | unreachable, after 30 days | allow all if the site is otherwise available, else disallow all | the cached copy if any, else allow all (section 2.3.1.4: "MAY assume that the robots.txt file is unavailable ... or continue to use a cached copy") |
/// | `Cache-Control: max-age` | replaces the lifetime, longer or shorter ("may increase or decrease the cache lifetime") | can only shorten it: "SHOULD NOT use the cached version for more than 24 hours" |
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Policy {
    /// Google's documented behaviour.
    #[default]
    Google,
    /// RFC 9309, taking the listed options where it leaves a choice.
    Rfc9309,
}

/// How a robots.txt fetch ended, as the crawler saw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FetchOutcome {
    /// The server answered with this HTTP status after the crawler followed
    /// the redirects it chose to follow (see [`should_follow_redirect`]). A
    /// 3xx here means the crawler stopped following.
    Status(u16),
    /// The crawler stopped because the redirect chain was too long (more
    /// than [`MAX_REDIRECT_HOPS`] hops, or a loop). Same as a final 3xx.
    TooManyRedirects,
    /// DNS failure, refused, reset or interrupted connection, invalid
    /// response, HTTP chunking error and the like.
    NetworkError,
    /// The fetch did not complete in time.
    Timeout,
}

/// RFC 9309's three access results (sections 2.3.1.1, 2.3.1.3, 2.3.1.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Access {
    /// The file was downloaded: its rules apply.
    Successful,
    /// The server says there is no file for the crawler: everything may be
    /// crawled.
    Unavailable,
    /// The file could not be had because of server or network errors: it is
    /// undefined, and the crawler must assume complete disallow (subject to
    /// the caching rules of [`crate::crawler::CacheEntry`]).
    Unreachable,
}

/// What the crawler may do with the site's URLs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Match URLs against the robots.txt body (the one just fetched, or
    /// [`crate::crawler::CacheEntry::body`]).
    UseRules,
    /// Crawl anything: no robots.txt restricts this site.
    AllowAll,
    /// Crawl nothing on this site for now.
    DisallowAll,
}

/// How many redirect hops to follow when fetching robots.txt: RFC 9309
/// section 2.3.1.2, "crawlers SHOULD follow at least five consecutive
/// redirects"; Google "follows at least five redirect hops ... and then stops
/// and treats it as a `404`".
pub const MAX_REDIRECT_HOPS: u32 = 5;

/// Whether to follow one more redirect after `hops_followed` hops: true for
/// the first [`MAX_REDIRECT_HOPS`]. When it is false, report the redirect
/// response as the outcome ([`FetchOutcome::Status`] with the 3xx, or
/// [`FetchOutcome::TooManyRedirects`]).
///
/// ```
/// use robotstxt_exact::crawler::should_follow_redirect;
/// assert!(should_follow_redirect(4));
/// assert!(!should_follow_redirect(5));
/// ```
pub fn should_follow_redirect(hops_followed: u32) -> bool {
    hops_followed < MAX_REDIRECT_HOPS
}

impl Policy {
    /// Which access result a fetch outcome is.
    ///
    /// - 2xx: [`Access::Successful`].
    /// - 3xx (the crawler stopped following) and [`FetchOutcome::TooManyRedirects`]:
    ///   [`Access::Unavailable`], Google's "treats it as a `404`" and the
    ///   RFC's "MAY assume that the robots.txt file is unavailable".
    /// - 4xx: [`Access::Unavailable`], except 429 under [`Policy::Google`],
    ///   which is a server error.
    /// - 5xx, network errors and timeouts: [`Access::Unreachable`].
    /// - Anything else (1xx, or not an HTTP status at all) is an invalid
    ///   response, which Google treats as a server error:
    ///   [`Access::Unreachable`].
    pub fn classify(self, outcome: FetchOutcome) -> Access {
        match outcome {
            FetchOutcome::Status(200..=299) => Access::Successful,
            FetchOutcome::Status(300..=399) | FetchOutcome::TooManyRedirects => Access::Unavailable,
            FetchOutcome::Status(429) => match self {
                Policy::Google => Access::Unreachable,
                Policy::Rfc9309 => Access::Unavailable,
            },
            FetchOutcome::Status(400..=499) => Access::Unavailable,
            FetchOutcome::Status(_) | FetchOutcome::NetworkError | FetchOutcome::Timeout => {
                Access::Unreachable
            }
        }
    }

    /// What to do right after a fetch, with no cached copy to fall back on:
    /// [`Decision::UseRules`] for a success, [`Decision::AllowAll`] when
    /// unavailable, [`Decision::DisallowAll`] when unreachable. A crawler
    /// that keeps state across fetches should use
    /// [`crate::crawler::CacheEntry`], which applies the caching rules on
    /// top of this.
    ///
    /// ```
    /// use robotstxt_exact::crawler::{Decision, FetchOutcome, Policy};
    /// assert_eq!(Policy::Google.decide(FetchOutcome::Status(404)), Decision::AllowAll);
    /// assert_eq!(Policy::Google.decide(FetchOutcome::Status(503)), Decision::DisallowAll);
    /// ```
    pub fn decide(self, outcome: FetchOutcome) -> Decision {
        match self.classify(outcome) {
            Access::Successful => Decision::UseRules,
            Access::Unavailable => Decision::AllowAll,
            Access::Unreachable => Decision::DisallowAll,
        }
    }
}

// The names and codes below are the shared vocabulary of every binding
// (spec/vocabulary.json): a name is the string a binding takes or gives, a
// code the integer where an enum cannot cross (a C enum's value, a Python
// enum's int(), a WebAssembly argument). tests/vocabulary.rs holds them to
// that file.

impl Policy {
    /// Every policy, in code order.
    pub const ALL: [Policy; 2] = [Policy::Google, Policy::Rfc9309];

    /// `"google"` or `"rfc9309"`.
    pub const fn name(self) -> &'static str {
        match self {
            Policy::Google => "google",
            Policy::Rfc9309 => "rfc9309",
        }
    }

    /// 0 for Google, 1 for RFC 9309.
    pub const fn code(self) -> u32 {
        self as u32
    }

    /// The policy named `name` ([`name`](Self::name)), or `None`.
    pub fn from_name(name: &str) -> Option<Policy> {
        Policy::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The policy with code `code` ([`code`](Self::code)), or `None`.
    pub fn from_code(code: u32) -> Option<Policy> {
        Policy::ALL.into_iter().find(|p| p.code() == code)
    }
}

impl FetchOutcome {
    /// The outcomes that have a name (all but an HTTP status), in code order.
    pub const NAMED: [FetchOutcome; 3] = [
        FetchOutcome::NetworkError,
        FetchOutcome::Timeout,
        FetchOutcome::TooManyRedirects,
    ];

    /// `"status"` for an HTTP status (which bindings pass as the number
    /// itself), `"network-error"`, `"timeout"` or `"too-many-redirects"`.
    pub const fn name(self) -> &'static str {
        match self {
            FetchOutcome::Status(_) => "status",
            FetchOutcome::NetworkError => "network-error",
            FetchOutcome::Timeout => "timeout",
            FetchOutcome::TooManyRedirects => "too-many-redirects",
        }
    }

    /// 0 for an HTTP status, 1 a network error, 2 a timeout, 3 too many
    /// redirects.
    pub const fn code(self) -> u32 {
        match self {
            FetchOutcome::Status(_) => 0,
            FetchOutcome::NetworkError => 1,
            FetchOutcome::Timeout => 2,
            FetchOutcome::TooManyRedirects => 3,
        }
    }

    /// The named outcome `name`, or `None` (`"status"` included: a status
    /// needs its number).
    pub fn from_name(name: &str) -> Option<FetchOutcome> {
        FetchOutcome::NAMED.into_iter().find(|o| o.name() == name)
    }

    /// The outcome with code `code`, `status` being the HTTP status for code
    /// 0 (and ignored otherwise), or `None`.
    pub fn from_code(code: u32, status: u16) -> Option<FetchOutcome> {
        if code == 0 {
            return Some(FetchOutcome::Status(status));
        }
        FetchOutcome::NAMED.into_iter().find(|o| o.code() == code)
    }
}

impl Access {
    /// Every access result, in code order.
    pub const ALL: [Access; 3] = [Access::Successful, Access::Unavailable, Access::Unreachable];

    /// `"successful"`, `"unavailable"` or `"unreachable"`.
    pub const fn name(self) -> &'static str {
        match self {
            Access::Successful => "successful",
            Access::Unavailable => "unavailable",
            Access::Unreachable => "unreachable",
        }
    }

    /// 0, 1 or 2, in the order of [`ALL`](Self::ALL).
    pub const fn code(self) -> u32 {
        self as u32
    }
}

impl Decision {
    /// Every decision, in code order.
    pub const ALL: [Decision; 3] = [
        Decision::UseRules,
        Decision::AllowAll,
        Decision::DisallowAll,
    ];

    /// `"use-rules"`, `"allow-all"` or `"disallow-all"`.
    pub const fn name(self) -> &'static str {
        match self {
            Decision::UseRules => "use-rules",
            Decision::AllowAll => "allow-all",
            Decision::DisallowAll => "disallow-all",
        }
    }

    /// 0, 1 or 2, in the order of [`ALL`](Self::ALL).
    pub const fn code(self) -> u32 {
        self as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_policies_differ_only_on_429() {
        // 429: a server error for Google ("it's considered a server
        // error"), one of the 400-499 "unavailable" statuses for RFC 9309
        // (section 2.3.1.3).
        let too_many = FetchOutcome::Status(429);
        assert_eq!(Policy::Google.classify(too_many), Access::Unreachable);
        assert_eq!(Policy::Rfc9309.classify(too_many), Access::Unavailable);
        assert_eq!(Policy::Google.decide(too_many), Decision::DisallowAll);
        assert_eq!(Policy::Rfc9309.decide(too_many), Decision::AllowAll);
        // Every other outcome: the same access and the same decision.
        let others = (0..=u16::MAX)
            .filter(|&status| status != 429)
            .map(FetchOutcome::Status)
            .chain(FetchOutcome::NAMED);
        for outcome in others {
            assert_eq!(
                Policy::Google.classify(outcome),
                Policy::Rfc9309.classify(outcome),
                "{outcome:?}"
            );
            assert_eq!(
                Policy::Google.decide(outcome),
                Policy::Rfc9309.decide(outcome),
                "{outcome:?}"
            );
        }
    }

    #[test]
    fn names_and_codes_go_both_ways() {
        for p in Policy::ALL {
            assert_eq!(Policy::from_name(p.name()), Some(p));
            assert_eq!(Policy::from_code(p.code()), Some(p));
        }
        for o in FetchOutcome::NAMED {
            assert_eq!(FetchOutcome::from_name(o.name()), Some(o));
            assert_eq!(FetchOutcome::from_code(o.code(), 0), Some(o));
        }
        assert_eq!(
            FetchOutcome::from_code(0, 503),
            Some(FetchOutcome::Status(503))
        );
        assert_eq!(FetchOutcome::from_name("status"), None);
        assert_eq!(FetchOutcome::from_code(4, 0), None);
        assert_eq!(Policy::from_name("Google"), None);
        assert_eq!(Policy::from_code(2), None);
    }
}
