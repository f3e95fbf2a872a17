//! The crawler side of the protocol through the C API, called from Rust.
//!
//! Expected values come from RFC 9309 (sections 2.3 to 2.5), Google's "How
//! Google interprets the robots.txt specification" (its tables "Examples of
//! valid robots.txt URLs" and "Handling of errors and HTTP status codes", and
//! its "Caching" and "File format" sections) and RFC 9111 for
//! `Cache-Control`, as cited on each test; `tests/crawler.rs` covers the same
//! rules through the Rust API.

use std::ffi::{CStr, c_char};
use std::ptr::{null, null_mut};

use robotstxt::crawler::*;
use robotstxt::robotstxt_status;
use robotstxt::util::robotstxt_buffer_free;

const HOUR: u64 = 3600;
const DAY: u64 = 24 * HOUR;
/// A fixed instant, in seconds since the Unix epoch, to count from.
const T0: u64 = 1_700_000_000;

fn p(s: &str) -> *const c_char {
    s.as_ptr().cast()
}

fn robots_url(page: &str) -> String {
    let mut out = [0 as c_char; 256];
    let mut len = usize::MAX;
    let status = unsafe {
        robotstxt_robots_txt_url(p(page), page.len(), out.as_mut_ptr(), out.len(), &mut len)
    };
    assert_eq!(status, robotstxt_status::Ok, "{page}");
    let text = unsafe { CStr::from_ptr(out.as_ptr()) }
        .to_str()
        .unwrap()
        .to_owned();
    assert_eq!(text.len(), len, "{page}");
    text
}

fn applies(robots: &str, page: &str) -> bool {
    unsafe { robotstxt_robots_txt_applies_to(p(robots), robots.len(), p(page), page.len()) }
}

fn is_robots(url: &str) -> bool {
    unsafe { robotstxt_is_robots_txt_url(p(url), url.len()) }
}

/// Google, "Examples of valid robots.txt URLs": (robots.txt URL, valid for, not valid for).
/// The IDN row's punycode page is written with its "www." label; see
/// `google_table_idn_row_as_printed_drops_the_www_label` in tests/crawler.rs.
const GOOGLE_TABLE: &[(&str, &[&str], &[&str])] = &[
    (
        "https://example.com/robots.txt",
        &["https://example.com/", "https://example.com/folder/file"],
        &[
            "https://other.example.com/",
            "http://example.com/",
            "https://example.com:8181/",
        ],
    ),
    (
        "https://www.example.com/robots.txt",
        &["https://www.example.com/"],
        &[
            "https://example.com/",
            "https://shop.www.example.com/",
            "https://www.shop.example.com/",
        ],
    ),
    (
        "https://www.exämple.com/robots.txt",
        &[
            "https://www.exämple.com/",
            "https://www.xn--exmple-cua.com/",
        ],
        &["https://www.example.com/"],
    ),
    (
        "ftp://example.com/robots.txt",
        &["ftp://example.com/"],
        &["https://example.com/"],
    ),
    (
        "https://212.96.82.21/robots.txt",
        &["https://212.96.82.21/"],
        &["https://example.com/"],
    ),
    (
        "https://example.com:443/robots.txt",
        &["https://example.com:443/", "https://example.com/"],
        &["https://example.com:444/"],
    ),
    (
        "https://example.com:8181/robots.txt",
        &["https://example.com:8181/"],
        &["https://example.com/"],
    ),
];

#[test]
fn every_row_of_googles_url_table() {
    for (robots, valid_for, not_valid_for) in GOOGLE_TABLE {
        assert!(is_robots(robots), "{robots}");
        for page in *valid_for {
            assert!(applies(robots, page), "{robots} must be valid for {page}");
            // The page's own robots.txt URL is the row's, in canonical form.
            assert!(applies(&robots_url(page), page), "{page}");
            assert!(applies(robots, &robots_url(page)), "{page}");
        }
        for page in *not_valid_for {
            assert!(
                !applies(robots, page),
                "{robots} must not be valid for {page}"
            );
        }
    }
    // "https://example.com/folder/robots.txt": "Not a valid robots.txt file. Crawlers don't
    // check for robots.txt files in subdirectories."
    assert!(!is_robots("https://example.com/folder/robots.txt"));
    assert!(!applies(
        "https://example.com/folder/robots.txt",
        "https://example.com/folder/file"
    ));
}

#[test]
fn robots_txt_url_of_a_page() {
    // RFC 9309 §2.3: "scheme:[//authority]/robots.txt". Google: "Standard port numbers (80
    // for HTTP, 443 for HTTPS, 21 for FTP) are equivalent to their default hostnames";
    // "IDNs are equivalent to their punycode versions" (RFC 3492: "www.xn--exmple-cua.com").
    assert_eq!(
        robots_url("https://www.example.com/a/b?c#d"),
        "https://www.example.com/robots.txt"
    );
    assert_eq!(
        robots_url("ftp://ftp.example.com/pub/x"),
        "ftp://ftp.example.com/robots.txt"
    );
    assert_eq!(
        robots_url("http://example.com:80/"),
        "http://example.com/robots.txt"
    );
    assert_eq!(
        robots_url("https://Example.COM:443/"),
        "https://example.com/robots.txt"
    );
    assert_eq!(
        robots_url("ftp://example.com:21/"),
        "ftp://example.com/robots.txt"
    );
    assert_eq!(
        robots_url("https://example.com:8181/x"),
        "https://example.com:8181/robots.txt"
    );
    assert_eq!(
        robots_url("https://www.exämple.com/"),
        "https://www.xn--exmple-cua.com/robots.txt"
    );
}

#[test]
fn urls_without_authority_give_the_empty_string() {
    // RFC 9309 §2.3: no authority, no "scheme:[//authority]/robots.txt".
    for page in [
        "mailto:someone@example.com",
        "data:text/plain,hi",
        "file:///etc/hosts",
        "not a url",
        "",
    ] {
        assert_eq!(robots_url(page), "", "{page:?}");
        assert!(!applies("https://example.com/robots.txt", page), "{page:?}");
    }
    let not_utf8 = b"https://example.com/\xff";
    let mut len = 99;
    let mut out = [1 as c_char; 4];
    let status = unsafe {
        robotstxt_robots_txt_url(
            not_utf8.as_ptr().cast(),
            not_utf8.len(),
            out.as_mut_ptr(),
            4,
            &mut len,
        )
    };
    assert_eq!((status, len, out[0]), (robotstxt_status::Ok, 0, 0));
}

#[test]
fn robots_txt_url_buffer_rules() {
    let page = "https://example.com/a";
    let mut len = 0;
    // Asking for the length with (NULL, 0).
    let status = unsafe { robotstxt_robots_txt_url(p(page), page.len(), null_mut(), 0, &mut len) };
    assert_eq!(
        (status, len),
        (
            robotstxt_status::BufferTooSmall,
            "https://example.com/robots.txt".len()
        )
    );
    // Room for the text but not the NUL is too small, and nothing is written.
    let mut out = vec![7 as c_char; len];
    let status = unsafe {
        robotstxt_robots_txt_url(p(page), page.len(), out.as_mut_ptr(), out.len(), null_mut())
    };
    assert_eq!(status, robotstxt_status::BufferTooSmall);
    assert!(out.iter().all(|&c| c == 7));
    // (NULL, n > 0) is an error for either string.
    let status =
        unsafe { robotstxt_robots_txt_url(null(), 3, out.as_mut_ptr(), out.len(), null_mut()) };
    assert_eq!(status, robotstxt_status::NullArgument);
    let status =
        unsafe { robotstxt_robots_txt_url(p(page), page.len(), null_mut(), 10, null_mut()) };
    assert_eq!(status, robotstxt_status::NullArgument);
    // (NULL, 0) is the empty URL, which has no robots.txt.
    let status =
        unsafe { robotstxt_robots_txt_url(null(), 0, out.as_mut_ptr(), out.len(), &mut len) };
    assert_eq!((status, len), (robotstxt_status::Ok, 0));
}

#[test]
fn robots_txt_url_alloc() {
    let page = "HTTPS://www.Example.com:443/folder/file";
    let mut out: *mut c_char = null_mut();
    let mut len = 0;
    let status = unsafe { robotstxt_robots_txt_url_alloc(p(page), page.len(), &mut out, &mut len) };
    assert_eq!(status, robotstxt_status::Ok);
    assert_eq!(
        unsafe { CStr::from_ptr(out) }.to_bytes(),
        b"https://www.example.com/robots.txt"
    );
    assert_eq!(len, 34);
    unsafe { robotstxt_buffer_free(out) };

    let page = "mailto:a@example.com";
    let status = unsafe { robotstxt_robots_txt_url_alloc(p(page), page.len(), &mut out, &mut len) };
    assert_eq!((status, len), (robotstxt_status::Ok, 0));
    assert_eq!(unsafe { CStr::from_ptr(out) }.to_bytes(), b"");
    unsafe { robotstxt_buffer_free(out) };

    let status =
        unsafe { robotstxt_robots_txt_url_alloc(p(page), page.len(), null_mut(), &mut len) };
    assert_eq!(status, robotstxt_status::NullArgument);
}

#[test]
fn null_strings_are_not_robots_txt_urls() {
    unsafe {
        assert!(!robotstxt_is_robots_txt_url(null(), 5));
        assert!(!robotstxt_is_robots_txt_url(null(), 0));
        assert!(!robotstxt_robots_txt_applies_to(
            null(),
            4,
            p("https://a.com/"),
            14
        ));
        assert!(!robotstxt_robots_txt_applies_to(
            p("https://a.com/robots.txt"),
            24,
            null(),
            1
        ));
    }
}

#[test]
fn redirects_and_size_limit_constants() {
    // RFC 9309 §2.3.1.2 and Google, 3xx: at least five redirect hops.
    assert_eq!(ROBOTSTXT_MAX_REDIRECT_HOPS, 5);
    assert!(robotstxt_should_follow_redirect(0));
    assert!(robotstxt_should_follow_redirect(4));
    assert!(!robotstxt_should_follow_redirect(5));
    // Google: "a robots.txt file size limit of 500 kibibytes (KiB)": 500 × 1024 bytes.
    assert_eq!(ROBOTSTXT_MAX_ROBOTS_TXT_BYTES, 512_000);
}

fn max_age(value: &str) -> Option<u64> {
    let mut secs = u64::MAX;
    unsafe { robotstxt_max_age_from_cache_control(p(value), value.len(), &mut secs) }
        .then_some(secs)
}

#[test]
fn max_age_from_cache_control() {
    // RFC 9111 §5.2.2.1 (max-age=delta-seconds), §5.2 (case-insensitive names, token or
    // quoted form), §4.2.1 (first occurrence), §1.2.2 (overflow is 2^31).
    assert_eq!(max_age("max-age=600"), Some(600));
    assert_eq!(max_age("Public, MAX-AGE=\"60\""), Some(60));
    assert_eq!(max_age("max-age=60, max-age=10"), Some(60));
    assert_eq!(
        max_age("max-age=1000000000000000000000"),
        Some(2_147_483_648)
    );
    assert_eq!(max_age("max-age=abc"), None);
    assert_eq!(max_age("no-store"), None);
    assert_eq!(max_age(""), None);
    let mut secs = 5;
    assert!(!unsafe { robotstxt_max_age_from_cache_control(null(), 3, &mut secs) });
    assert!(!unsafe { robotstxt_max_age_from_cache_control(p("max-age=1"), 9, null_mut()) });
    assert_eq!(secs, 5);
}

/// Owns a cache entry for a test.
struct Entry(*mut robotstxt_cache_entry);

impl Entry {
    fn new(policy: u32) -> Entry {
        let entry = robotstxt_cache_entry_new(policy);
        assert!(!entry.is_null());
        Entry(entry)
    }

    fn http(&self, now: u64, status: u16, body: &[u8], cache_control: &str) {
        let result = unsafe {
            robotstxt_cache_entry_record_http(
                self.0,
                now,
                status,
                body.as_ptr().cast(),
                body.len(),
                p(cache_control),
                cache_control.len(),
            )
        };
        assert_eq!(result, robotstxt_status::Ok);
    }

    fn network_error(&self, now: u64) {
        assert_eq!(
            unsafe { robotstxt_cache_entry_record_network_error(self.0, now) },
            robotstxt_status::Ok
        );
    }

    fn decide(&self, now: u64) -> robotstxt_decision {
        unsafe { robotstxt_cache_entry_decide(self.0, now) }
    }

    fn needs_fetch(&self, now: u64) -> bool {
        unsafe { robotstxt_cache_entry_needs_fetch(self.0, now) }
    }

    fn body(&self) -> Option<Vec<u8>> {
        let mut len = usize::MAX;
        let ptr = unsafe { robotstxt_cache_entry_body(self.0, &mut len) };
        (!ptr.is_null())
            .then(|| unsafe { std::slice::from_raw_parts(ptr.cast::<u8>(), len) }.to_vec())
    }

    fn fresh_until(&self) -> Option<u64> {
        let mut t = 0;
        unsafe { robotstxt_cache_entry_fresh_until(self.0, &mut t) }.then_some(t)
    }

    fn unreachable_since(&self) -> Option<u64> {
        let mut t = 0;
        unsafe { robotstxt_cache_entry_unreachable_since(self.0, &mut t) }.then_some(t)
    }
}

impl Drop for Entry {
    fn drop(&mut self) {
        unsafe { robotstxt_cache_entry_free(self.0) };
    }
}

use robotstxt_decision::{AllowAll, DisallowAll, UseRules};

const BODY: &[u8] = b"User-agent: *\nDisallow: /private\n";

#[test]
fn unknown_policies_make_no_entry() {
    assert!(robotstxt_cache_entry_new(2).is_null());
    assert!(robotstxt_cache_entry_new(u32::MAX).is_null());
    unsafe { robotstxt_cache_entry_free(null_mut()) };
}

#[test]
fn nothing_fetched_means_fetch_first() {
    let entry = Entry::new(ROBOTSTXT_POLICY_GOOGLE);
    assert!(entry.needs_fetch(T0));
    assert_eq!(entry.decide(T0), DisallowAll);
    assert_eq!(
        (entry.body(), entry.fresh_until(), entry.unreachable_since()),
        (None, None, None)
    );
}

#[test]
fn a_2xx_body_is_used_for_24_hours() {
    // Google, 2xx: "process the robots.txt file as provided by the server"; Google,
    // "Caching": "for up to 24 hours"; RFC 9309 §2.4: "SHOULD NOT use the cached version
    // for more than 24 hours".
    for policy in [ROBOTSTXT_POLICY_GOOGLE, ROBOTSTXT_POLICY_RFC9309] {
        let entry = Entry::new(policy);
        entry.http(T0, 200, BODY, "");
        assert_eq!(entry.decide(T0), UseRules);
        assert_eq!(entry.body().as_deref(), Some(BODY));
        assert_eq!(entry.fresh_until(), Some(T0 + DAY));
        assert!(!entry.needs_fetch(T0 + DAY - 1));
        assert!(entry.needs_fetch(T0 + DAY));
    }
}

#[test]
fn an_empty_2xx_body_is_an_empty_non_null_body() {
    let entry = Entry::new(ROBOTSTXT_POLICY_GOOGLE);
    entry.http(T0, 200, b"", "");
    assert_eq!(entry.body(), Some(Vec::new()));
    assert_eq!(entry.decide(T0), UseRules);
}

#[test]
fn max_age_header_sets_the_lifetime() {
    // Google: "may increase or decrease the cache lifetime based on max-age"; RFC 9309
    // §2.4: no more than 24 hours.
    let google = Entry::new(ROBOTSTXT_POLICY_GOOGLE);
    google.http(T0, 200, BODY, "public, max-age=172800");
    assert_eq!(google.fresh_until(), Some(T0 + 2 * DAY));
    let rfc = Entry::new(ROBOTSTXT_POLICY_RFC9309);
    rfc.http(T0, 200, BODY, "public, max-age=172800");
    assert_eq!(rfc.fresh_until(), Some(T0 + DAY));
    rfc.http(T0, 200, BODY, "max-age=60");
    assert_eq!(rfc.fresh_until(), Some(T0 + 60));
}

#[test]
fn status_codes() {
    // Google, 3xx: after the redirect hops, "treats it as a 404"; 4xx: "except 429, as if
    // a valid robots.txt file didn't exist"; 5xx: "Google stops crawling the site"; RFC 9309
    // §2.3.1.3 (400-499 unavailable: "MAY access any resources") and §2.3.1.4 (500-599:
    // "MUST assume complete disallow").
    for policy in [ROBOTSTXT_POLICY_GOOGLE, ROBOTSTXT_POLICY_RFC9309] {
        for (status, expected) in [
            (301, AllowAll),
            (308, AllowAll),
            (401, AllowAll),
            (403, AllowAll),
            (404, AllowAll),
            (410, AllowAll),
            (500, DisallowAll),
            (503, DisallowAll),
        ] {
            let entry = Entry::new(policy);
            entry.http(T0, status, b"ignored", "");
            assert_eq!(
                entry.decide(T0),
                expected,
                "policy {policy} status {status}"
            );
            assert_eq!(entry.body(), None);
        }
    }
    // 429: Google's HTTP status page: "it's considered a server error"; RFC 9309 §2.3.1.3
    // counts the whole 400-499 range as unavailable.
    let google = Entry::new(ROBOTSTXT_POLICY_GOOGLE);
    google.http(T0, 429, b"", "");
    assert_eq!(google.decide(T0), DisallowAll);
    assert_eq!(google.unreachable_since(), Some(T0));
    let rfc = Entry::new(ROBOTSTXT_POLICY_RFC9309);
    rfc.http(T0, 429, b"", "");
    assert_eq!(rfc.decide(T0), AllowAll);
    assert_eq!(rfc.unreachable_since(), None);
}

#[test]
fn google_unreachable_timeline() {
    // Google, 5xx and "Other errors" (network errors are server errors): 12 hours of no
    // crawling, then the last good version until 30 days, then allow all if the site is
    // otherwise available, else stop crawling.
    let entry = Entry::new(ROBOTSTXT_POLICY_GOOGLE);
    entry.http(T0, 200, BODY, "");
    let fail = T0 + DAY;
    entry.network_error(fail);
    entry.http(fail + HOUR, 503, b"", "");
    assert_eq!(entry.unreachable_since(), Some(fail));
    assert_eq!(entry.decide(fail + 12 * HOUR - 1), DisallowAll);
    assert_eq!(entry.decide(fail + 12 * HOUR), UseRules);
    assert_eq!(entry.body().as_deref(), Some(BODY));
    assert_eq!(entry.decide(fail + 30 * DAY - 1), UseRules);
    assert_eq!(entry.decide(fail + 30 * DAY), AllowAll);
    assert_eq!(
        unsafe { robotstxt_cache_entry_set_site_available(entry.0, false) },
        robotstxt_status::Ok
    );
    assert_eq!(entry.decide(fail + 30 * DAY), DisallowAll);
    assert!(entry.needs_fetch(fail + 30 * DAY));
    // Recovery ends the period.
    entry.http(fail + 31 * DAY, 200, b"User-agent: *\nAllow: /\n", "");
    assert_eq!(entry.unreachable_since(), None);
    assert_eq!(entry.decide(fail + 31 * DAY), UseRules);
}

#[test]
fn google_unreachable_without_a_cached_copy() {
    // Google, 5xx: "If there's no cached version available, Google assumes there's no crawl
    // restrictions" (after the first 12 hours).
    let entry = Entry::new(ROBOTSTXT_POLICY_GOOGLE);
    entry.http(T0, 500, b"", "");
    assert_eq!(entry.decide(T0 + 12 * HOUR - 1), DisallowAll);
    assert_eq!(entry.decide(T0 + 12 * HOUR), AllowAll);
}

#[test]
fn rfc_unreachable_timeline() {
    // RFC 9309 §2.4: the cached version may be used past 24 hours when "the robots.txt file
    // is unreachable"; §2.3.1.4: "MUST assume complete disallow", and after "for example,
    // 30 days" "MAY assume that the robots.txt file is unavailable ... or continue to use a
    // cached copy".
    let cached = Entry::new(ROBOTSTXT_POLICY_RFC9309);
    cached.http(T0, 200, BODY, "");
    cached.network_error(T0 + DAY);
    assert_eq!(cached.decide(T0 + DAY), UseRules);
    assert_eq!(cached.decide(T0 + 100 * DAY), UseRules);

    let uncached = Entry::new(ROBOTSTXT_POLICY_RFC9309);
    uncached.network_error(T0);
    assert_eq!(uncached.decide(T0 + 30 * DAY - 1), DisallowAll);
    assert_eq!(uncached.decide(T0 + 30 * DAY), AllowAll);
}

#[test]
fn bodies_are_cut_to_500_kib_unless_told_otherwise() {
    // Google, "File format": "Content which is after the maximum file size is ignored."
    let body = vec![b'#'; 600_000];
    let entry = Entry::new(ROBOTSTXT_POLICY_GOOGLE);
    entry.http(T0, 200, &body, "");
    assert_eq!(entry.body().map(|b| b.len()), Some(512_000));
    assert_eq!(
        unsafe { robotstxt_cache_entry_set_size_limit(entry.0, usize::MAX) },
        robotstxt_status::Ok
    );
    entry.http(T0, 200, &body, "");
    assert_eq!(entry.body().map(|b| b.len()), Some(600_000));
    assert_eq!(
        unsafe { robotstxt_cache_entry_set_size_limit(entry.0, 3) },
        robotstxt_status::Ok
    );
    entry.http(T0, 200, &body, "");
    assert_eq!(entry.body().map(|b| b.len()), Some(3));
}

#[test]
fn lifetime_is_configurable() {
    let entry = Entry::new(ROBOTSTXT_POLICY_GOOGLE);
    assert_eq!(
        unsafe { robotstxt_cache_entry_set_lifetime(entry.0, 6 * HOUR) },
        robotstxt_status::Ok
    );
    entry.http(T0, 200, BODY, "");
    assert_eq!(entry.fresh_until(), Some(T0 + 6 * HOUR));
}

#[test]
fn huge_lifetime_saturates_at_uint64_max() {
    // The header: false only when nothing was fetched; a lifetime past what
    // the clock holds gives UINT64_MAX, fresh for ever.
    for lifetime in [u64::MAX, i64::MAX as u64, u64::MAX / 2 + 12345] {
        let entry = Entry::new(ROBOTSTXT_POLICY_GOOGLE);
        assert_eq!(
            unsafe { robotstxt_cache_entry_set_lifetime(entry.0, lifetime) },
            robotstxt_status::Ok
        );
        entry.http(T0, 200, BODY, "");
        assert_eq!(entry.fresh_until(), Some(u64::MAX), "{lifetime}");
        assert!(!entry.needs_fetch(u64::MAX));
        assert_eq!(entry.decide(T0 + 1000 * DAY), UseRules);
    }
}

#[test]
fn null_entries_get_the_documented_fallbacks() {
    unsafe {
        assert_eq!(robotstxt_cache_entry_decide(null(), T0), DisallowAll);
        assert!(!robotstxt_cache_entry_needs_fetch(null(), T0));
        assert!(robotstxt_cache_entry_body(null(), null_mut()).is_null());
        assert!(!robotstxt_cache_entry_fresh_until(null(), null_mut()));
        assert!(!robotstxt_cache_entry_unreachable_since(null(), null_mut()));
        assert_eq!(
            robotstxt_cache_entry_record_http(null_mut(), T0, 200, null(), 0, null(), 0),
            robotstxt_status::NullArgument
        );
        assert_eq!(
            robotstxt_cache_entry_record_network_error(null_mut(), T0),
            robotstxt_status::NullArgument
        );
        assert_eq!(
            robotstxt_cache_entry_set_lifetime(null_mut(), 1),
            robotstxt_status::NullArgument
        );
        assert_eq!(
            robotstxt_cache_entry_set_size_limit(null_mut(), 1),
            robotstxt_status::NullArgument
        );
        assert_eq!(
            robotstxt_cache_entry_set_site_available(null_mut(), true),
            robotstxt_status::NullArgument
        );
    }
    let entry = Entry::new(ROBOTSTXT_POLICY_GOOGLE);
    // (NULL, n > 0) strings are rejected and change nothing.
    let status =
        unsafe { robotstxt_cache_entry_record_http(entry.0, T0, 200, null(), 5, null(), 0) };
    assert_eq!(status, robotstxt_status::NullArgument);
    let status =
        unsafe { robotstxt_cache_entry_record_http(entry.0, T0, 200, null(), 0, null(), 5) };
    assert_eq!(status, robotstxt_status::NullArgument);
    assert_eq!(entry.body(), None);
    // Optional out-parameters may be NULL.
    entry.http(T0, 200, BODY, "");
    unsafe {
        assert!(!robotstxt_cache_entry_body(entry.0, null_mut()).is_null());
        assert!(robotstxt_cache_entry_fresh_until(entry.0, null_mut()));
    }
}
