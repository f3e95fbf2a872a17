//! The extensions of the parse-once handle through their C signatures,
//! called from Rust as C would call it: the usage preferences and request
//! rates of groups (`robotstxt_robots_preferences()` and its kin).
//!
//! Expected values come from the proposals' own examples (cited per test)
//! and, for how a group is formed and read, from Google's `robots.cc`. The
//! panic boundary of each export is tested in `capi/src/tests.rs`.

use std::ffi::c_char;
use std::ptr::{null, null_mut};

use robotstxt::preferences::*;
use robotstxt::robots::*;
use robotstxt::{robotstxt_status, robotstxt_str};

use robotstxt_status::{NotFound, NullArgument, Ok as StatusOk, OutOfRange};

fn p(bytes: &[u8]) -> *const c_char {
    bytes.as_ptr().cast()
}

fn rs(bytes: &[u8]) -> robotstxt_str {
    robotstxt_str {
        ptr: p(bytes),
        len: bytes.len(),
    }
}

fn view(s: robotstxt_str) -> Vec<u8> {
    assert!(!s.ptr.is_null(), "handed-out strings are never NULL");
    unsafe { std::slice::from_raw_parts(s.ptr.cast::<u8>(), s.len) }.to_vec()
}

/// Owns a parsed robots.txt for a test.
struct Parsed(*mut robotstxt_robots);

impl Parsed {
    fn new(body: &[u8]) -> Parsed {
        let robots = unsafe { robotstxt_robots_parse(p(body), body.len()) };
        assert!(!robots.is_null());
        Parsed(robots)
    }
}

impl Drop for Parsed {
    fn drop(&mut self) {
        unsafe { robotstxt_robots_free(self.0) };
    }
}

// Usage preferences and Request-rate through the C API. Expected values from
// draft-ietf-aipref-attach-05 §3.4 and the Content Signals Policy's example;
// see tests/preferences.rs in the library for the rules.

const PREFERENCES: &[u8] = b"User-Agent: *
Allow: /
Disallow: /never/
Content-Usage: train-ai=n
Content-Usage: /ai-ok/ train-ai=y
Content-Signal: ai-train=no, search=yes
Request-rate: 1/5 0600-0845

User-Agent: ExampleBot
Allow: /
Content-Usage: train-ai=y
";

fn c_preferences(robots: &Parsed, agent: &[u8], url: &[u8]) -> robotstxt_preferences {
    let unknown = robotstxt_preference {
        value: robotstxt_preference_value::Unknown,
        line: 77,
    };
    let mut out = robotstxt_preferences {
        allowed: false,
        signal_search: unknown,
        signal_ai_input: unknown,
        signal_ai_train: unknown,
        usage_train_ai: unknown,
        usage_search: unknown,
        usage_ai_use: unknown,
        content_use: robotstxt_content_use::Full,
        content_use_line: 77,
    };
    let status = unsafe {
        robotstxt_robots_preferences(robots.0, p(agent), agent.len(), p(url), url.len(), &mut out)
    };
    assert_eq!(status, StatusOk);
    out
}

fn pref(value: robotstxt_preference_value, line: u32) -> robotstxt_preference {
    robotstxt_preference { value, line }
}

#[test]
fn preferences_follow_the_attach_example() {
    use robotstxt_preference_value::{No, Unknown, Yes};
    let robots = Parsed::new(PREFERENCES);
    let other = c_preferences(&robots, b"OtherBot", b"https://example.com/test");
    assert!(other.allowed);
    assert_eq!(other.usage_train_ai, pref(No, 4));
    assert_eq!(other.signal_ai_train, pref(No, 6));
    assert_eq!(other.signal_search, pref(Yes, 6));
    assert_eq!(other.signal_ai_input, pref(Unknown, 0));
    assert_eq!(other.usage_search, pref(Unknown, 0));
    let ok = c_preferences(&robots, b"OtherBot", b"https://example.com/ai-ok/x");
    assert_eq!(ok.usage_train_ai, pref(Yes, 5));
    // Not fetchable: no preference applies (attach §3.1).
    let never = c_preferences(&robots, b"OtherBot", b"https://example.com/never/x");
    assert!(!never.allowed);
    assert_eq!(never.usage_train_ai, pref(Unknown, 0));
    let example = c_preferences(&robots, b"ExampleBot", b"https://example.com/never/x");
    assert!(example.allowed);
    assert_eq!(example.usage_train_ai, pref(Yes, 11));
    assert_eq!(example.signal_ai_train, pref(Unknown, 0));
}

#[test]
fn ai_use_and_the_use_item_reach_c() {
    // draft-ietf-aipref-vocab-08's ai-use label, and the `use=` item of
    // Cloudflare's managed files ("use=reference").
    use robotstxt_preference_value::{No, Unknown};
    let robots = Parsed::new(
        b"User-agent: *\nContent-Usage: ai-use=n\nContent-Signal: search=yes,use=reference\n",
    );
    let got = c_preferences(&robots, b"AnyBot", b"https://example.com/");
    assert_eq!(got.usage_ai_use, pref(No, 2));
    assert_eq!(got.usage_train_ai, pref(Unknown, 0));
    assert_eq!(
        (got.content_use, got.content_use_line),
        (robotstxt_content_use::Reference, 3)
    );
    let none = c_preferences(&Parsed::new(b""), b"AnyBot", b"https://example.com/");
    assert_eq!(
        (none.content_use, none.content_use_line),
        (robotstxt_content_use::None, 0)
    );
}

#[test]
fn request_rate_and_preference_lines() {
    use robotstxt_preference_value::{No, Unknown, Yes};
    let robots = Parsed::new(PREFERENCES);
    let mut rate = robotstxt_request_rate {
        requests: 0,
        seconds: 0,
        has_window: false,
        window_start: 0,
        window_end: 0,
    };
    let status = unsafe { robotstxt_robots_request_rate(robots.0, p(b"OtherBot"), 8, &mut rate) };
    assert_eq!(status, StatusOk);
    assert_eq!(
        rate,
        robotstxt_request_rate {
            requests: 1,
            seconds: 5,
            has_window: true,
            window_start: 360,
            window_end: 525,
        }
    );
    let status =
        unsafe { robotstxt_robots_request_rate(robots.0, p(b"ExampleBot"), 10, &mut rate) };
    assert_eq!(status, NotFound);
    assert_eq!(
        unsafe { robotstxt_robots_group_request_rate(robots.0, 1, &mut rate) },
        NotFound
    );
    assert_eq!(
        unsafe { robotstxt_robots_group_request_rate(robots.0, 2, &mut rate) },
        OutOfRange
    );

    assert_eq!(
        unsafe { robotstxt_robots_group_preference_count(robots.0, 0) },
        3
    );
    assert_eq!(
        unsafe { robotstxt_robots_group_preference_count(robots.0, 9) },
        0
    );
    let mut line = robotstxt_preference_line {
        kind: robotstxt_preference_kind::ContentSignal,
        path: rs(b""),
        line: 0,
        values: [pref(Unknown, 0); 3],
    };
    assert_eq!(
        unsafe { robotstxt_robots_group_preference(robots.0, 0, 1, &mut line) },
        StatusOk
    );
    assert_eq!(line.kind, robotstxt_preference_kind::ContentUsage);
    assert_eq!(view(line.path), b"/ai-ok/");
    assert_eq!(line.line, 5);
    assert_eq!(
        line.values,
        [pref(Yes, 5), pref(Unknown, 0), pref(Unknown, 0)]
    );
    assert_eq!(
        unsafe { robotstxt_robots_group_preference(robots.0, 0, 2, &mut line) },
        StatusOk
    );
    assert_eq!(line.kind, robotstxt_preference_kind::ContentSignal);
    assert_eq!(view(line.path), b"");
    assert_eq!(line.values, [pref(Yes, 6), pref(Unknown, 0), pref(No, 6)]);
    assert_eq!(
        unsafe { robotstxt_robots_group_preference(robots.0, 0, 3, &mut line) },
        OutOfRange
    );
}

#[test]
fn preference_calls_reject_null() {
    let robots = Parsed::new(PREFERENCES);
    let mut rate = robotstxt_request_rate {
        requests: 0,
        seconds: 0,
        has_window: false,
        window_start: 0,
        window_end: 0,
    };
    unsafe {
        assert_eq!(
            robotstxt_robots_preferences(robots.0, p(b"a"), 1, p(b"/"), 1, null_mut()),
            NullArgument
        );
        let mut prefs = c_preferences(&robots, b"a", b"/");
        assert_eq!(
            robotstxt_robots_preferences(null(), p(b"a"), 1, p(b"/"), 1, &mut prefs),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_preferences(robots.0, null(), 1, p(b"/"), 1, &mut prefs),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_request_rate(null(), p(b"a"), 1, &mut rate),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_request_rate(robots.0, p(b"a"), 1, null_mut()),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_group_request_rate(robots.0, 0, null_mut()),
            NullArgument
        );
        assert_eq!(robotstxt_robots_group_preference_count(null(), 0), 0);
        assert_eq!(
            robotstxt_robots_group_preference(robots.0, 0, 0, null_mut()),
            NullArgument
        );
    }
}
