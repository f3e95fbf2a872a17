//! The crawler side of the protocol through the public Rust API.
//!
//! Expected values come from these texts, cited on each test:
//! - RFC 9309, "Robots Exclusion Protocol", sections 2.3 to 2.5 ("RFC 9309 §x");
//! - Google's "How Google interprets the robots.txt specification"
//!   (developers.google.com/crawling/docs/robots-txt/robots-txt-spec), its tables
//!   "Examples of valid robots.txt URLs" and "Handling of errors and HTTP status
//!   codes" and its "Caching" and "File format" sections ("Google, <table or section>");
//! - for `Cache-Control`, RFC 9111 ("RFC 9111 §x").

use std::time::{Duration, SystemTime};

use robotstxt_exact::RobotsMatcher;
use robotstxt_exact::crawler::{
    Access, CacheEntry, DEFAULT_CACHE_LIFETIME, Decision, FetchOutcome,
    GOOGLE_STOP_CRAWLING_PERIOD, MAX_REDIRECT_HOPS, MAX_ROBOTS_TXT_BYTES, Policy,
    UNREACHABLE_GRACE_PERIOD, UrlError, applies_to, is_robots_txt_url, max_age_from_cache_control,
    max_age_from_cache_control_bytes, robots_txt_url, should_follow_redirect, truncate_body,
};

const HOUR: u64 = 3600;
const DAY: u64 = 24 * HOUR;

fn secs(n: u64) -> Duration {
    Duration::from_secs(n)
}

/// A fixed instant to count from; any would do.
fn t0() -> SystemTime {
    SystemTime::UNIX_EPOCH + secs(1_700_000_000)
}

fn at(offset: u64) -> SystemTime {
    t0() + secs(offset)
}

// ---------------------------------------------------------------------------
// Google, "Examples of valid robots.txt URLs": every row, every URL.
// ---------------------------------------------------------------------------

fn assert_row(robots: &str, valid_for: &[&str], not_valid_for: &[&str]) {
    assert!(is_robots_txt_url(robots), "{robots} is a robots.txt URL");
    for page in valid_for {
        assert!(
            applies_to(robots, page),
            "{robots} must be valid for {page}"
        );
    }
    for page in not_valid_for {
        assert!(
            !applies_to(robots, page),
            "{robots} must not be valid for {page}"
        );
    }
}

#[test]
fn google_table_general_case_same_host_protocol_and_port_only() {
    // "This is the general case. It's not valid for other subdomains, protocols, or port
    // numbers. It's valid for all files in all subdirectories on the same host, protocol,
    // and port number."
    assert_row(
        "https://example.com/robots.txt",
        &["https://example.com/", "https://example.com/folder/file"],
        &[
            "https://other.example.com/",
            "http://example.com/",
            "https://example.com:8181/",
        ],
    );
}

#[test]
fn google_table_subdomain_robots_txt_is_valid_only_for_that_subdomain() {
    // "A robots.txt on a subdomain is only valid for that subdomain."
    assert_row(
        "https://www.example.com/robots.txt",
        &["https://www.example.com/"],
        &[
            "https://example.com/",
            "https://shop.www.example.com/",
            "https://www.shop.example.com/",
        ],
    );
}

#[test]
fn google_table_robots_txt_in_a_subdirectory_is_not_a_robots_txt() {
    // "Not a valid robots.txt file. Crawlers don't check for robots.txt files in
    // subdirectories." RFC 9309 §2.3: the file is "/robots.txt" "in the top-level path".
    let robots = "https://example.com/folder/robots.txt";
    assert!(!is_robots_txt_url(robots));
    assert!(!applies_to(robots, "https://example.com/folder/"));
    assert!(!applies_to(robots, "https://example.com/folder/file"));
    assert!(!applies_to(robots, "https://example.com/"));
}

#[test]
fn google_table_idn_is_equivalent_to_its_punycode() {
    // "IDNs are equivalent to their punycode versions. See also RFC 3492."
    // RFC 3492 (IDNA ToASCII) of "www.exämple.com" is "www.xn--exmple-cua.com".
    assert_row(
        "https://www.exämple.com/robots.txt",
        &[
            "https://www.exämple.com/",
            "https://www.xn--exmple-cua.com/",
        ],
        &["https://www.example.com/"],
    );
    // Either spelling of the robots.txt URL names the same file.
    assert!(applies_to(
        "https://www.xn--exmple-cua.com/robots.txt",
        "https://www.exämple.com/"
    ));
    assert_eq!(
        robots_txt_url("https://www.exämple.com/").unwrap().as_str(),
        "https://www.xn--exmple-cua.com/robots.txt"
    );
}

#[test]
fn google_table_idn_row_as_printed_drops_the_www_label() {
    // The page prints the punycode example as "https://xn--exmple-cua.com/", without the
    // "www." of "https://www.exämple.com/robots.txt". That is another host: the same table
    // says "A robots.txt on a subdomain is only valid for that subdomain" and lists
    // "https://example.com/" as not valid for "https://www.example.com/robots.txt". We follow
    // that rule; the test above checks the equivalence the row states, with the label kept.
    assert!(!applies_to(
        "https://www.exämple.com/robots.txt",
        "https://xn--exmple-cua.com/"
    ));
    assert!(applies_to(
        "https://exämple.com/robots.txt",
        "https://xn--exmple-cua.com/"
    ));
}

#[test]
fn google_table_ftp_robots_txt_is_valid_for_ftp_only() {
    assert_row(
        "ftp://example.com/robots.txt",
        &["ftp://example.com/"],
        &["https://example.com/"],
    );
}

#[test]
fn google_table_ip_address_host_is_valid_only_for_that_ip_as_host() {
    // "A robots.txt with an IP-address as the hostname is only valid for crawling of that
    // IP address as the hostname. It isn't automatically valid for all websites hosted on
    // that IP address".
    assert_row(
        "https://212.96.82.21/robots.txt",
        &["https://212.96.82.21/"],
        &["https://example.com/"],
    );
}

#[test]
fn google_table_standard_port_is_equivalent_to_no_port() {
    // "Standard port numbers (80 for HTTP, 443 for HTTPS, 21 for FTP) are equivalent to
    // their default hostnames."
    assert_row(
        "https://example.com:443/robots.txt",
        &["https://example.com:443/", "https://example.com/"],
        &["https://example.com:444/"],
    );
    assert!(applies_to(
        "https://example.com/robots.txt",
        "https://example.com:443/"
    ));
    assert!(applies_to(
        "http://example.com:80/robots.txt",
        "http://example.com/"
    ));
    assert!(applies_to(
        "http://example.com/robots.txt",
        "http://example.com:80/a"
    ));
    assert!(applies_to(
        "ftp://example.com:21/robots.txt",
        "ftp://example.com/"
    ));
    assert!(applies_to(
        "ftp://example.com/robots.txt",
        "ftp://example.com:21/pub"
    ));
    // A standard port of another scheme is not standard here.
    assert!(!applies_to(
        "http://example.com/robots.txt",
        "http://example.com:443/"
    ));
}

#[test]
fn google_table_non_standard_port_is_valid_only_for_that_port() {
    // "Robots.txt files on non-standard port numbers are only valid for content made
    // available through those port numbers."
    assert_row(
        "https://example.com:8181/robots.txt",
        &["https://example.com:8181/"],
        &["https://example.com/"],
    );
}

// ---------------------------------------------------------------------------
// The robots.txt URL of a page (RFC 9309 §2.3; Google, "File location and range
// of validity").
// ---------------------------------------------------------------------------

#[test]
fn robots_txt_url_is_scheme_authority_and_slash_robots_txt() {
    // RFC 9309 §2.3: "scheme:[//authority]/robots.txt", e.g.
    // "https://www.example.com/robots.txt" and "ftp://ftp.example.com/robots.txt".
    let cases = [
        (
            "https://www.example.com/",
            "https://www.example.com/robots.txt",
        ),
        (
            "https://www.example.com/a/b/c.html?q=1#frag",
            "https://www.example.com/robots.txt",
        ),
        (
            "ftp://ftp.example.com/pub/file.tar.gz",
            "ftp://ftp.example.com/robots.txt",
        ),
        ("https://example.com", "https://example.com/robots.txt"),
        (
            "https://example.com:8181/folder/file",
            "https://example.com:8181/robots.txt",
        ),
        ("https://212.96.82.21/x", "https://212.96.82.21/robots.txt"),
    ];
    for (page, robots) in cases {
        assert_eq!(robots_txt_url(page).unwrap().as_str(), robots, "{page}");
    }
}

#[test]
fn robots_txt_url_drops_default_ports() {
    // Google: "Standard port numbers (80 for HTTP, 443 for HTTPS, 21 for FTP) are
    // equivalent to their default hostnames."
    assert_eq!(
        robots_txt_url("http://example.com:80/a").unwrap().as_str(),
        "http://example.com/robots.txt"
    );
    assert_eq!(
        robots_txt_url("https://example.com:443/a")
            .unwrap()
            .as_str(),
        "https://example.com/robots.txt"
    );
    assert_eq!(
        robots_txt_url("ftp://example.com:21/a").unwrap().as_str(),
        "ftp://example.com/robots.txt"
    );
    assert_eq!(
        robots_txt_url("http://example.com:443/a").unwrap().as_str(),
        "http://example.com:443/robots.txt"
    );
}

#[test]
fn robots_txt_url_host_is_lowercase_punycode() {
    // RFC 3986 §3.2.2: "The host subcomponent is case-insensitive"; Google: "IDNs are
    // equivalent to their punycode versions". RFC 3492 punycode of "müller" is "mller-kva".
    assert_eq!(
        robots_txt_url("HTTPS://WWW.Example.COM/Path")
            .unwrap()
            .as_str(),
        "https://www.example.com/robots.txt"
    );
    assert_eq!(
        robots_txt_url("http://www.Müller.eu/").unwrap().as_str(),
        "http://www.xn--mller-kva.eu/robots.txt"
    );
    assert!(applies_to(
        "https://EXAMPLE.com/robots.txt",
        "https://example.COM/"
    ));
}

#[test]
fn robots_txt_url_path_is_case_sensitive() {
    // Google: "The URL for the robots.txt file is (like other URLs) case-sensitive."
    // RFC 9309 §2.3: 'a file named "/robots.txt" (all lowercase)'.
    assert!(!is_robots_txt_url("https://example.com/ROBOTS.TXT"));
    assert!(!is_robots_txt_url("https://example.com/Robots.txt"));
    assert!(!applies_to(
        "https://example.com/Robots.txt",
        "https://example.com/"
    ));
}

#[test]
fn urls_without_authority_have_no_robots_txt() {
    // RFC 9309 §2.3: the robots.txt URI is "scheme:[//authority]/robots.txt"; these have
    // no authority to put it under.
    for page in [
        "mailto:someone@example.com",
        "data:text/plain,hello",
        "file:///etc/hosts",
        "urn:isbn:0451450523",
    ] {
        assert_eq!(robots_txt_url(page), Err(UrlError::NoAuthority), "{page}");
        assert!(
            !applies_to("https://example.com/robots.txt", page),
            "{page}"
        );
    }
    assert!(matches!(
        robots_txt_url("not a url"),
        Err(UrlError::Invalid(_))
    ));
    assert!(matches!(
        robots_txt_url("//example.com/relative"),
        Err(UrlError::Invalid(_))
    ));
    assert!(!applies_to("not a url", "https://example.com/"));
}

// ---------------------------------------------------------------------------
// Fetch outcomes (RFC 9309 §2.3.1; Google, "Handling of errors and HTTP status
// codes").
// ---------------------------------------------------------------------------

fn both() -> [Policy; 2] {
    [Policy::Google, Policy::Rfc9309]
}

#[test]
fn success_2xx_means_use_the_rules() {
    // Google, 2xx: "HTTP status codes that signal success prompt Google's crawlers to
    // process the robots.txt file as provided by the server."
    // RFC 9309 §2.3.1.1: "If the crawler successfully downloads the robots.txt file, the
    // crawler MUST follow the parseable rules."
    for policy in both() {
        for status in [200, 201, 203, 204, 206, 299] {
            assert_eq!(
                policy.classify(FetchOutcome::Status(status)),
                Access::Successful,
                "{policy:?} {status}"
            );
            assert_eq!(
                policy.decide(FetchOutcome::Status(status)),
                Decision::UseRules,
                "{policy:?} {status}"
            );
        }
    }
}

#[test]
fn redirects_are_followed_for_five_hops() {
    // Google, 3xx: "Google follows at least five redirect hops". RFC 9309 §2.3.1.2: "The
    // crawlers SHOULD follow at least five consecutive redirects".
    assert_eq!(MAX_REDIRECT_HOPS, 5);
    for hops_followed in 0..5 {
        assert!(should_follow_redirect(hops_followed), "{hops_followed}");
    }
    assert!(!should_follow_redirect(5));
    assert!(!should_follow_redirect(6));
}

#[test]
fn a_redirect_that_is_not_followed_further_counts_as_404() {
    // Google, 3xx: "... and then stops and treats it as a 404 for the robots.txt file."
    // RFC 9309 §2.3.1.2: "If there are more than five consecutive redirects, crawlers MAY
    // assume that the robots.txt file is unavailable."
    for policy in both() {
        for outcome in [
            FetchOutcome::Status(301),
            FetchOutcome::Status(302),
            FetchOutcome::Status(303),
            FetchOutcome::Status(307),
            FetchOutcome::Status(308),
            FetchOutcome::TooManyRedirects,
        ] {
            assert_eq!(
                policy.classify(outcome),
                policy.classify(FetchOutcome::Status(404)),
                "{policy:?} {outcome:?}"
            );
            assert_eq!(
                policy.decide(outcome),
                Decision::AllowAll,
                "{policy:?} {outcome:?}"
            );
        }
    }
}

#[test]
fn client_errors_4xx_except_429_allow_everything() {
    // Google, 4xx: "Google's crawlers treat all 4xx errors, except 429, as if a valid
    // robots.txt file didn't exist. This means that Google assumes that there are no crawl
    // restrictions." RFC 9309 §2.3.1.3: status codes "in the 400-499 range" mean
    // "unavailable", and then "the crawler MAY access any resources on the server."
    for policy in both() {
        for status in [400, 401, 403, 404, 405, 408, 410, 418, 451, 499] {
            assert_eq!(
                policy.classify(FetchOutcome::Status(status)),
                Access::Unavailable,
                "{policy:?} {status}"
            );
            assert_eq!(
                policy.decide(FetchOutcome::Status(status)),
                Decision::AllowAll,
                "{policy:?} {status}"
            );
        }
    }
}

#[test]
fn status_429_is_a_server_error_for_google_and_unavailable_for_the_rfc() {
    // Google, 4xx: "except 429"; Google's "How HTTP status codes, and network and DNS
    // errors affect Google Search": "Google's crawlers treat the 429 status code as a
    // signal that the server is overloaded, and it's considered a server error."
    assert_eq!(
        Policy::Google.classify(FetchOutcome::Status(429)),
        Access::Unreachable
    );
    assert_eq!(
        Policy::Google.decide(FetchOutcome::Status(429)),
        Decision::DisallowAll
    );
    // RFC 9309 §2.3.1.3 names the whole "400-499 range" as unavailable.
    assert_eq!(
        Policy::Rfc9309.classify(FetchOutcome::Status(429)),
        Access::Unavailable
    );
    assert_eq!(
        Policy::Rfc9309.decide(FetchOutcome::Status(429)),
        Decision::AllowAll
    );
    assert_eq!(Policy::default(), Policy::Google);
}

#[test]
fn server_errors_5xx_disallow_everything() {
    // Google, 5xx: "For the first 12 hours, Google stops crawling the site". RFC 9309
    // §2.3.1.4: "server errors are identified by status codes in the 500-599 range", and
    // then "the crawler MUST assume complete disallow."
    for policy in both() {
        for status in [500, 501, 502, 503, 504, 599] {
            assert_eq!(
                policy.classify(FetchOutcome::Status(status)),
                Access::Unreachable,
                "{policy:?} {status}"
            );
            assert_eq!(
                policy.decide(FetchOutcome::Status(status)),
                Decision::DisallowAll,
                "{policy:?} {status}"
            );
        }
    }
}

#[test]
fn network_errors_and_timeouts_are_server_errors() {
    // Google, "Other errors": "A robots.txt file which cannot be fetched due to DNS or
    // networking issues, such as timeouts, invalid responses, reset or interrupted
    // connections, and HTTP chunking errors, is treated as a server error."
    // RFC 9309 §2.3.1.4: "unreachable due to server or network errors".
    for policy in both() {
        for outcome in [FetchOutcome::NetworkError, FetchOutcome::Timeout] {
            assert_eq!(
                policy.classify(outcome),
                Access::Unreachable,
                "{policy:?} {outcome:?}"
            );
            assert_eq!(
                policy.decide(outcome),
                Decision::DisallowAll,
                "{policy:?} {outcome:?}"
            );
        }
    }
}

#[test]
fn invalid_statuses_are_invalid_responses() {
    // Google, "Other errors": "invalid responses" are "treated as a server error". A final
    // response cannot be 1xx (interim), and HTTP status codes are three digits, 100 to 599.
    for policy in both() {
        for status in [0, 42, 99, 100, 101, 103, 199, 600, 999, 1000, u16::MAX] {
            assert_eq!(
                policy.decide(FetchOutcome::Status(status)),
                Decision::DisallowAll,
                "{policy:?} {status}"
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Size limit (Google, "File format"; RFC 9309 §2.5).
// ---------------------------------------------------------------------------

#[test]
fn size_limit_is_500_kibibytes() {
    // Google: "Google enforces a robots.txt file size limit of 500 kibibytes (KiB)."
    // 1 KiB = 1024 bytes, so 500 × 1024 = 512,000 bytes. RFC 9309 §2.5: "The parsing limit
    // MUST be at least 500 kibibytes".
    assert_eq!(MAX_ROBOTS_TXT_BYTES, 512_000);
}

/// A body whose first `pad` bytes are one comment line, followed by `tail`.
fn padded(pad: usize, tail: &[u8]) -> Vec<u8> {
    let mut body = vec![b'#'; pad - 1];
    body.push(b'\n');
    body.extend_from_slice(tail);
    body
}

#[test]
fn content_after_the_size_limit_is_ignored() {
    // Google: "Content which is after the maximum file size is ignored."
    let rules = b"User-agent: *\nDisallow: /\n";
    let after = padded(MAX_ROBOTS_TXT_BYTES, rules);
    assert_eq!(truncate_body(&after).len(), 512_000);
    let mut matcher = RobotsMatcher::new();
    assert!(matcher.one_agent_allowed_by_robots(
        truncate_body(&after),
        "FooBot",
        "https://example.com/x"
    ));
    // The drop-in matcher keeps Google's library behaviour: no limit.
    assert!(!matcher.one_agent_allowed_by_robots(&after, "FooBot", "https://example.com/x"));

    // Ending exactly at the limit, the rules are read.
    let within = padded(MAX_ROBOTS_TXT_BYTES - rules.len(), rules);
    assert_eq!(within.len(), MAX_ROBOTS_TXT_BYTES);
    assert_eq!(truncate_body(&within), &within[..]);
    assert!(!matcher.one_agent_allowed_by_robots(
        truncate_body(&within),
        "FooBot",
        "https://example.com/x"
    ));
}

#[test]
fn cache_entry_keeps_only_the_first_500_kib_unless_told_otherwise() {
    // Google: "Content which is after the maximum file size is ignored."
    let body = vec![b'#'; 600_000];
    let mut entry = CacheEntry::new(Policy::Google);
    entry.record(t0(), FetchOutcome::Status(200), &body, None);
    assert_eq!(entry.body().map(<[u8]>::len), Some(512_000));

    let mut unlimited = CacheEntry::new(Policy::Google).with_size_limit(None);
    unlimited.record(t0(), FetchOutcome::Status(200), &body, None);
    assert_eq!(unlimited.body().map(<[u8]>::len), Some(600_000));

    let mut small = CacheEntry::new(Policy::Google).with_size_limit(Some(10));
    small.record(t0(), FetchOutcome::Status(200), &body, None);
    assert_eq!(small.body().map(<[u8]>::len), Some(10));
}

// ---------------------------------------------------------------------------
// Caching (RFC 9309 §2.4; Google, "Caching"; RFC 9111 for Cache-Control).
// ---------------------------------------------------------------------------

const BODY: &[u8] = b"User-agent: *\nDisallow: /private\n";

#[test]
fn nothing_fetched_yet_means_fetch_first() {
    // Before the robots.txt is known there are no rules to follow: fetch it.
    for policy in both() {
        let entry = CacheEntry::new(policy);
        assert!(entry.needs_fetch(t0()));
        assert_eq!(entry.decide(t0()), Decision::DisallowAll);
        assert_eq!(entry.body(), None);
        assert_eq!(entry.fresh_until(), None);
    }
}

#[test]
fn a_fetched_robots_txt_is_used_for_24_hours() {
    // Google: "Google generally caches the contents of robots.txt file for up to 24 hours".
    // RFC 9309 §2.4: "Crawlers SHOULD NOT use the cached version for more than 24 hours".
    // RFC 9111 §4.2: response_is_fresh = (freshness_lifetime > current_age).
    assert_eq!(DEFAULT_CACHE_LIFETIME, secs(24 * HOUR));
    for policy in both() {
        let mut entry = CacheEntry::new(policy);
        entry.record(t0(), FetchOutcome::Status(200), BODY, None);
        assert_eq!(entry.body(), Some(BODY));
        assert_eq!(entry.fresh_until(), Some(at(DAY)));
        for offset in [0, HOUR, DAY - 1] {
            assert!(!entry.needs_fetch(at(offset)), "{policy:?} +{offset}s");
            assert_eq!(entry.decide(at(offset)), Decision::UseRules);
        }
        assert!(entry.needs_fetch(at(DAY)), "{policy:?}: stale at 24 h");
    }
}

#[test]
fn an_unavailable_result_is_cached_like_a_body() {
    // Google, 4xx: treated "as if a valid robots.txt file didn't exist"; that answer, too,
    // is the cached content for the lifetime.
    for policy in both() {
        let mut entry = CacheEntry::new(policy);
        entry.record(t0(), FetchOutcome::Status(404), &[], None);
        assert_eq!(entry.decide(at(HOUR)), Decision::AllowAll);
        assert!(!entry.needs_fetch(at(DAY - 1)));
        assert!(entry.needs_fetch(at(DAY)));
    }
}

#[test]
fn max_age_shortens_the_lifetime_under_both_policies() {
    // Google: "Google may increase or decrease the cache lifetime based on max-age
    // Cache-Control HTTP headers." RFC 9309 §2.4: "Crawlers MAY use standard cache control
    // as defined in [RFC9111]."
    for policy in both() {
        let mut entry = CacheEntry::new(policy);
        entry.record(t0(), FetchOutcome::Status(200), BODY, Some(secs(HOUR)));
        assert!(!entry.needs_fetch(at(HOUR - 1)), "{policy:?}");
        assert!(entry.needs_fetch(at(HOUR)), "{policy:?}");
    }
}

#[test]
fn max_age_lengthens_the_lifetime_only_for_google() {
    // Google: "may increase or decrease the cache lifetime based on max-age".
    let mut google = CacheEntry::new(Policy::Google);
    google.record(t0(), FetchOutcome::Status(200), BODY, Some(secs(2 * DAY)));
    assert!(!google.needs_fetch(at(2 * DAY - 1)));
    assert!(google.needs_fetch(at(2 * DAY)));
    // RFC 9309 §2.4: "SHOULD NOT use the cached version for more than 24 hours, unless the
    // robots.txt file is unreachable."
    let mut rfc = CacheEntry::new(Policy::Rfc9309);
    rfc.record(t0(), FetchOutcome::Status(200), BODY, Some(secs(2 * DAY)));
    assert!(!rfc.needs_fetch(at(DAY - 1)));
    assert!(rfc.needs_fetch(at(DAY)));
}

#[test]
fn lifetime_without_max_age_is_configurable() {
    let mut entry = CacheEntry::new(Policy::Google).with_lifetime(secs(6 * HOUR));
    entry.record(t0(), FetchOutcome::Status(200), BODY, None);
    assert!(!entry.needs_fetch(at(6 * HOUR - 1)));
    assert!(entry.needs_fetch(at(6 * HOUR)));
}

#[test]
fn huge_lifetime_saturates_instead_of_reading_as_nothing_fetched() {
    // A successful fetch is known whatever its lifetime: fresh_until is
    // never None after one, and the lifetime caps at the latest time.
    for lifetime in [Duration::MAX, secs(u64::MAX), secs(i64::MAX as u64)] {
        let mut entry = CacheEntry::new(Policy::Google).with_lifetime(lifetime);
        entry.record(t0(), FetchOutcome::Status(200), BODY, None);
        let until = entry.fresh_until().expect("a fetch happened");
        assert!(until > at(1_000_000 * DAY), "{lifetime:?}");
        // Nothing later fits: the saturated time is the latest one.
        assert_eq!(until.checked_add(Duration::from_nanos(1)), None);
        assert!(!entry.needs_fetch(at(1_000_000 * DAY)));
        assert_eq!(entry.decide(at(DAY)), Decision::UseRules);
    }
    let mut entry = CacheEntry::new(Policy::Google);
    entry.record(t0(), FetchOutcome::Status(200), BODY, None);
    assert_eq!(entry.fresh_until(), Some(t0() + Duration::from_secs(DAY)));
}

#[test]
fn cache_control_max_age_is_read_as_rfc_9111_says() {
    // RFC 9111 §5.2.2.1: max-age's argument is delta-seconds; §1.2.2: "delta-seconds =
    // 1*DIGIT".
    assert_eq!(max_age_from_cache_control("max-age=3600"), Some(secs(3600)));
    assert_eq!(max_age_from_cache_control("max-age=0"), Some(secs(0)));
    assert_eq!(
        max_age_from_cache_control("public, max-age=86400, must-revalidate"),
        Some(secs(86400))
    );
    assert_eq!(
        max_age_from_cache_control("public,max-age=5"),
        Some(secs(5))
    );
    // §5.2: "Cache directives are identified by a token, to be compared
    // case-insensitively".
    assert_eq!(max_age_from_cache_control("MAX-AGE=60"), Some(secs(60)));
    // §5.2: "recipients ought to accept both forms" (token and quoted-string).
    assert_eq!(max_age_from_cache_control("max-age=\"60\""), Some(secs(60)));
    // §5.2 ABNF: a quoted-string argument may hold a comma without ending the directive.
    assert_eq!(
        max_age_from_cache_control("no-cache=\"Set-Cookie, X-Foo\", max-age=7"),
        Some(secs(7))
    );
    // §4.2.1: "either the first occurrence should be used".
    assert_eq!(
        max_age_from_cache_control("max-age=60, max-age=10"),
        Some(secs(60))
    );
    // §1.2.2: a value too large "MUST consider the value to be 2147483648 (2^31)".
    assert_eq!(
        max_age_from_cache_control("max-age=99999999999999999999999"),
        Some(secs(2_147_483_648))
    );
    assert_eq!(
        max_age_from_cache_control("max-age=2147483649"),
        Some(secs(2_147_483_648))
    );
    // Not 1*DIGIT: no max-age.
    for value in [
        "max-age=-1",
        "max-age=abc",
        "max-age=",
        "max-age",
        "max-age=1.5",
        "max-age=+5",
    ] {
        assert_eq!(max_age_from_cache_control(value), None, "{value}");
    }
    // Other directives are not max-age.
    for value in [
        "",
        "no-store",
        "no-cache",
        "s-maxage=60",
        "private",
        "max-ages=5",
    ] {
        assert_eq!(max_age_from_cache_control(value), None, "{value}");
    }
}

#[test]
fn cache_control_bytes_need_not_be_utf8() {
    let secs = Duration::from_secs;
    // Bytes outside ASCII in other directives do not hide the max-age.
    assert_eq!(
        max_age_from_cache_control_bytes(b"x-\xff\xfe=\"\x80\", max-age=30"),
        Some(secs(30))
    );
    // In the argument, they make it not 1*DIGIT.
    assert_eq!(max_age_from_cache_control_bytes(b"max-age=3\xff0"), None);
    assert_eq!(max_age_from_cache_control_bytes(b"max-age=\"3\xff\""), None);
    // A quoted-pair stands for its byte (RFC 9110 section 5.6.4).
    assert_eq!(
        max_age_from_cache_control_bytes(br#"max-age="1\2""#),
        Some(secs(12))
    );
    assert_eq!(max_age_from_cache_control_bytes(br#"max-age="12"3"#), None);
}

proptest::proptest! {
    /// The bytes form reads what the text form reads from the same header
    /// taken as UTF-8 (with replacement characters).
    #[test]
    fn cache_control_bytes_agree_with_text(
        value in proptest::collection::vec(
            proptest::sample::select(b"max-age=0123456789\"\\, \t;\xff\xc3\xa9Mx".to_vec()),
            0..40,
        ),
    ) {
        proptest::prop_assert_eq!(
            max_age_from_cache_control_bytes(&value),
            max_age_from_cache_control(&String::from_utf8_lossy(&value))
        );
    }
}

#[test]
fn a_new_success_replaces_the_cached_body() {
    // RFC 9309 §2.3.1.1: the crawler "MUST follow the parseable rules" of what it downloaded.
    let mut entry = CacheEntry::new(Policy::Google);
    entry.record(t0(), FetchOutcome::Status(200), BODY, None);
    entry.record(
        at(DAY),
        FetchOutcome::Status(200),
        b"User-agent: *\nAllow: /\n",
        None,
    );
    assert_eq!(entry.body(), Some(&b"User-agent: *\nAllow: /\n"[..]));
    assert_eq!(entry.fresh_until(), Some(at(2 * DAY)));
}

#[test]
fn a_404_after_a_good_copy_drops_the_copy() {
    // Google, 4xx: "as if a valid robots.txt file didn't exist". With the file gone, a later
    // server error has no "last good version" to fall back on: Google, 5xx: "If there's no
    // cached version available, Google assumes there's no crawl restrictions."
    let mut entry = CacheEntry::new(Policy::Google);
    entry.record(t0(), FetchOutcome::Status(200), BODY, None);
    entry.record(at(DAY), FetchOutcome::Status(404), &[], None);
    assert_eq!(entry.body(), None);
    assert_eq!(entry.decide(at(DAY)), Decision::AllowAll);
    entry.record(at(2 * DAY), FetchOutcome::Status(503), &[], None);
    assert_eq!(entry.decide(at(2 * DAY + 13 * HOUR)), Decision::AllowAll);
}

// ---------------------------------------------------------------------------
// Unreachable robots.txt over time.
// ---------------------------------------------------------------------------

/// An entry that fetched BODY at t0 and whose refresh at t0 + 24 h failed with `failure`.
fn failing_after_a_good_copy(policy: Policy, failure: FetchOutcome) -> CacheEntry {
    let mut entry = CacheEntry::new(policy);
    entry.record(t0(), FetchOutcome::Status(200), BODY, None);
    entry.record(at(DAY), failure, &[], None);
    entry
}

#[test]
fn google_unreachable_timeline_with_a_cached_copy() {
    // Google, 5xx:
    // 1. "For the first 12 hours, Google stops crawling the site but keeps trying to fetch
    //    the robots.txt file."
    // 2. "If Google can't fetch a new version, for the next 30 days Google will use the last
    //    good version, while still trying to fetch a new version."
    // 3. "If the errors are still not fixed after 30 days: If the site is generally available
    //    to Google, Google will behave as if there is no robots.txt file ... If the site has
    //    general availability problems, Google will stop crawling the site".
    // Google, "Caching": it "may cache it longer in situations where refreshing the cached
    // version isn't possible (for example, due to timeouts or 5xx errors)".
    assert_eq!(GOOGLE_STOP_CRAWLING_PERIOD, secs(12 * HOUR));
    assert_eq!(UNREACHABLE_GRACE_PERIOD, secs(30 * DAY));
    let fail = DAY;
    for failure in [
        FetchOutcome::Status(500),
        FetchOutcome::Status(503),
        FetchOutcome::Status(429),
        FetchOutcome::NetworkError,
        FetchOutcome::Timeout,
    ] {
        let mut entry = failing_after_a_good_copy(Policy::Google, failure);
        assert_eq!(entry.unreachable_since(), Some(at(fail)));
        for offset in [0, HOUR, 12 * HOUR - 1] {
            assert_eq!(
                entry.decide(at(fail + offset)),
                Decision::DisallowAll,
                "{failure:?} +{offset}s"
            );
            assert!(entry.needs_fetch(at(fail + offset)));
        }
        for offset in [12 * HOUR, 15 * DAY, 30 * DAY - 1] {
            assert_eq!(
                entry.decide(at(fail + offset)),
                Decision::UseRules,
                "{failure:?} +{offset}s"
            );
            assert_eq!(entry.body(), Some(BODY));
            assert!(entry.needs_fetch(at(fail + offset)));
        }
        for offset in [30 * DAY, 100 * DAY] {
            assert_eq!(
                entry.decide(at(fail + offset)),
                Decision::AllowAll,
                "{failure:?} +{offset}s"
            );
        }
        entry.set_site_available(false);
        assert_eq!(
            entry.decide(at(fail + 30 * DAY)),
            Decision::DisallowAll,
            "{failure:?}"
        );
        // Availability only matters after 30 days.
        assert_eq!(
            entry.decide(at(fail + 12 * HOUR)),
            Decision::UseRules,
            "{failure:?}"
        );
    }
}

#[test]
fn google_unreachable_timeline_without_a_cached_copy() {
    // Google, 5xx: the first 12 hours stop crawling; then "If there's no cached version
    // available, Google assumes there's no crawl restrictions."
    let mut entry = CacheEntry::new(Policy::Google);
    entry.record(t0(), FetchOutcome::Status(503), &[], None);
    assert_eq!(entry.decide(t0()), Decision::DisallowAll);
    assert_eq!(entry.decide(at(12 * HOUR - 1)), Decision::DisallowAll);
    assert_eq!(entry.decide(at(12 * HOUR)), Decision::AllowAll);
    assert_eq!(entry.decide(at(29 * DAY)), Decision::AllowAll);
    assert_eq!(entry.decide(at(30 * DAY)), Decision::AllowAll);
    entry.set_site_available(false);
    assert_eq!(entry.decide(at(30 * DAY)), Decision::DisallowAll);
    assert_eq!(entry.body(), None);
}

#[test]
fn the_unreachable_period_counts_from_the_first_failure() {
    // Google, 5xx: "keeps trying to fetch the robots.txt file"; retries that fail too do not
    // restart the 12 hours or the 30 days.
    let mut entry = failing_after_a_good_copy(Policy::Google, FetchOutcome::Status(503));
    for retry in 1..=12 {
        entry.record(at(DAY + retry * HOUR), FetchOutcome::Timeout, &[], None);
    }
    assert_eq!(entry.unreachable_since(), Some(at(DAY)));
    assert_eq!(entry.decide(at(DAY + 12 * HOUR)), Decision::UseRules);
    entry.record(at(DAY + 30 * DAY - 1), FetchOutcome::Status(500), &[], None);
    assert_eq!(entry.decide(at(DAY + 30 * DAY)), Decision::AllowAll);
}

#[test]
fn a_successful_fetch_ends_the_unreachable_period() {
    let new_body = b"User-agent: *\nDisallow: /\n";
    for policy in both() {
        let mut entry = failing_after_a_good_copy(policy, FetchOutcome::Status(500));
        entry.record(at(DAY + HOUR), FetchOutcome::Status(200), new_body, None);
        assert_eq!(entry.unreachable_since(), None);
        assert_eq!(entry.decide(at(DAY + HOUR)), Decision::UseRules);
        assert_eq!(entry.body(), Some(&new_body[..]));
        assert!(!entry.needs_fetch(at(DAY + HOUR)));
    }
}

#[test]
fn an_unavailable_fetch_ends_the_unreachable_period() {
    for policy in both() {
        let mut entry = failing_after_a_good_copy(policy, FetchOutcome::Status(500));
        entry.record(at(DAY + HOUR), FetchOutcome::Status(410), &[], None);
        assert_eq!(entry.unreachable_since(), None);
        assert_eq!(entry.decide(at(DAY + HOUR)), Decision::AllowAll);
        assert_eq!(entry.body(), None);
    }
}

#[test]
fn rfc_unreachable_with_a_cached_copy_keeps_using_it() {
    // RFC 9309 §2.4: "Crawlers SHOULD NOT use the cached version for more than 24 hours,
    // unless the robots.txt file is unreachable." §2.3.1.4: after "a reasonably long period
    // of time (for example, 30 days), crawlers MAY ... continue to use a cached copy."
    for failure in [
        FetchOutcome::Status(500),
        FetchOutcome::NetworkError,
        FetchOutcome::Timeout,
    ] {
        let entry = failing_after_a_good_copy(Policy::Rfc9309, failure);
        for offset in [0, HOUR, 12 * HOUR, 30 * DAY, 365 * DAY] {
            assert_eq!(
                entry.decide(at(DAY + offset)),
                Decision::UseRules,
                "{failure:?} +{offset}s"
            );
            assert!(entry.needs_fetch(at(DAY + offset)));
        }
        assert_eq!(entry.body(), Some(BODY));
    }
}

#[test]
fn rfc_unreachable_without_a_cached_copy_disallows_for_30_days() {
    // RFC 9309 §2.3.1.4: "the crawler MUST assume complete disallow"; "If the robots.txt file
    // is undefined for a reasonably long period of time (for example, 30 days), crawlers MAY
    // assume that the robots.txt file is unavailable as defined in Section 2.3.1.3", which
    // lets "the crawler ... access any resources on the server".
    let mut entry = CacheEntry::new(Policy::Rfc9309);
    entry.record(t0(), FetchOutcome::Status(502), &[], None);
    for offset in [0, 12 * HOUR, 15 * DAY, 30 * DAY - 1] {
        assert_eq!(
            entry.decide(at(offset)),
            Decision::DisallowAll,
            "+{offset}s"
        );
    }
    assert_eq!(entry.decide(at(30 * DAY)), Decision::AllowAll);
    // The site's availability is Google's criterion, not the RFC's.
    entry.set_site_available(false);
    assert_eq!(entry.decide(at(30 * DAY)), Decision::AllowAll);
}

#[test]
fn rfc_429_is_unavailable_and_drops_the_copy() {
    // RFC 9309 §2.3.1.3: the "400-499 range" is unavailable.
    let mut entry = CacheEntry::new(Policy::Rfc9309);
    entry.record(t0(), FetchOutcome::Status(200), BODY, None);
    entry.record(at(DAY), FetchOutcome::Status(429), &[], None);
    assert_eq!(entry.unreachable_since(), None);
    assert_eq!(entry.decide(at(DAY)), Decision::AllowAll);
    assert_eq!(entry.body(), None);
}

#[test]
fn a_failure_while_the_copy_is_fresh_does_not_interrupt_it() {
    // Within its lifetime the cached copy is the answer (Google, "Caching"; RFC 9309 §2.4);
    // an early refresh that fails changes nothing until the copy expires.
    let mut entry = CacheEntry::new(Policy::Google);
    entry.record(t0(), FetchOutcome::Status(200), BODY, None);
    entry.record(at(HOUR), FetchOutcome::Status(503), &[], None);
    assert_eq!(entry.decide(at(HOUR)), Decision::UseRules);
    assert!(!entry.needs_fetch(at(DAY - 1)));
    // At expiry the unreachable timeline, begun at the failure, applies: 23 h after it,
    // past Google's first 12 hours, the last good version is used.
    assert_eq!(entry.decide(at(DAY)), Decision::UseRules);
    // Under 12 hours after the failure it would stop crawling.
    let mut late = CacheEntry::new(Policy::Google);
    late.record(t0(), FetchOutcome::Status(200), BODY, None);
    late.record(at(20 * HOUR), FetchOutcome::Status(503), &[], None);
    assert_eq!(late.decide(at(DAY)), Decision::DisallowAll);
    assert_eq!(late.decide(at(32 * HOUR)), Decision::UseRules);
}

#[test]
fn a_stale_copy_is_still_the_answer_until_the_crawler_refetches() {
    // needs_fetch says to refetch; until a result is recorded, the last one stands.
    let mut entry = CacheEntry::new(Policy::Google);
    entry.record(t0(), FetchOutcome::Status(200), BODY, None);
    assert!(entry.needs_fetch(at(2 * DAY)));
    assert_eq!(entry.decide(at(2 * DAY)), Decision::UseRules);
}

#[test]
fn a_clock_set_back_counts_as_no_time_passed() {
    let mut entry = CacheEntry::new(Policy::Google);
    entry.record(at(DAY), FetchOutcome::Status(200), BODY, None);
    assert!(!entry.needs_fetch(t0()));
    assert_eq!(entry.decide(t0()), Decision::UseRules);
}
