//! The extensions of the parse-once handle through their C signatures,
//! called from Rust as C would call it: the usage preferences and request
//! rates of groups (`robotstxt_robots_preferences()` and its kin), the
//! file-wide values (`License`, `LLM-Policy`) and the policy-token groups.
//!
//! Expected values come from the proposals' own examples (cited per test)
//! and, for how a group is formed and read, from Google's `robots.cc`; an
//! answer for a policy token is also compared with the `robotstxt_matcher`
//! handle's for the same body, with the token as the agent. The panic
//! boundary of each export is tested in `capi/src/tests.rs`.

use std::ffi::c_char;
use std::ptr::{null, null_mut};

use robotstxt::file_wide::*;
use robotstxt::matcher::*;
use robotstxt::preferences::*;
use robotstxt::robots::*;
use robotstxt::{robotstxt_status, robotstxt_str};

use robotstxt_status::{BufferTooSmall, NotFound, NullArgument, Ok as StatusOk, OutOfRange};

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

    /// Google's verdict for a crawler, as (allowed, line).
    fn check(&self, agent: &[u8], url: &[u8]) -> (bool, u32) {
        let mut answer = std::mem::MaybeUninit::<robotstxt_answer>::uninit();
        let agents = [rs(agent)];
        let status = unsafe {
            robotstxt_robots_check(
                self.0,
                agents.as_ptr(),
                1,
                p(url),
                url.len(),
                answer.as_mut_ptr(),
            )
        };
        assert_eq!(status, StatusOk);
        let answer = unsafe { answer.assume_init() };
        (answer.allowed, answer.matching_line)
    }
}

impl Drop for Parsed {
    fn drop(&mut self) {
        unsafe { robotstxt_robots_free(self.0) };
    }
}

/// The matcher handle's answer for one agent, read from its getters.
fn matcher_answer(body: &[u8], agent: &[u8], url: &[u8]) -> robotstxt_answer {
    let m = robotstxt_matcher_new();
    assert!(!m.is_null());
    let mut allowed = false;
    unsafe {
        let status = robotstxt_matcher_one_agent_allowed_by_robots(
            m,
            p(body),
            body.len(),
            p(agent),
            agent.len(),
            p(url),
            url.len(),
            &mut allowed,
        );
        assert_eq!(status, StatusOk);
        let answer = robotstxt_answer {
            allowed,
            matching_line: robotstxt_matcher_matching_line(m),
            ever_seen_specific_agent: robotstxt_matcher_ever_seen_specific_agent(m),
            disallow_ignore_global: robotstxt_matcher_disallow_ignore_global(m),
        };
        robotstxt_matcher_free(m);
        answer
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

// The file-wide values (`License`, `LLM-Policy`) and the policy-token groups
// through the C API. Expected values from RSL 1.0 ("Adding RSL to
// robots.txt"), draft-kelley-aipref-training-preference-signal-00 and
// draft-kelley-rep-namespaces-00, and Google's robots.cc for how a group and
// a value of a key it does not know are read.

/// A list read as C reads it: its length with (NULL, 0), then into an array
/// of that length. An array one short is refused, with the length written
/// and the array left as it was.
fn read_list<T: Copy>(
    unset: T,
    call: impl Fn(*mut T, usize, *mut usize) -> robotstxt_status,
) -> Vec<T> {
    let mut len = usize::MAX;
    let status = call(null_mut(), 0, &mut len);
    assert_eq!(status, if len == 0 { StatusOk } else { BufferTooSmall });
    let mut out = vec![unset; len];
    if len > 0 {
        let mut short_len = 0;
        assert_eq!(
            call(out.as_mut_ptr(), len - 1, &mut short_len),
            BufferTooSmall
        );
        assert_eq!(short_len, len);
    }
    let mut written = 0;
    assert_eq!(call(out.as_mut_ptr(), len, &mut written), StatusOk);
    assert_eq!(written, len);
    out
}

fn unset_value() -> robotstxt_file_value {
    robotstxt_file_value {
        value: rs(b"unset"),
        line: 77,
    }
}

fn file_values(robots: &Parsed, licenses: bool) -> Vec<(Vec<u8>, u32)> {
    let values = read_list(unset_value(), |out, cap, len| unsafe {
        if licenses {
            robotstxt_robots_licenses(robots.0, out, cap, len)
        } else {
            robotstxt_robots_llm_policies(robots.0, out, cap, len)
        }
    });
    values.iter().map(|v| (view(v.value), v.line)).collect()
}

/// The policy tokens as (token, namespace, label, known, line).
type TokenView = (Vec<u8>, Vec<u8>, Vec<u8>, bool, u32);

fn unset_token() -> robotstxt_policy_token {
    robotstxt_policy_token {
        token: rs(b"unset"),
        namespace_name: rs(b"unset"),
        label: rs(b"unset"),
        known: false,
        line: 77,
    }
}

fn policy_tokens(robots: &Parsed) -> Vec<TokenView> {
    let tokens = read_list(unset_token(), |out, cap, len| unsafe {
        robotstxt_robots_policy_tokens(robots.0, out, cap, len)
    });
    tokens
        .iter()
        .map(|t| {
            let (token, ns, label) = (view(t.token), view(t.namespace_name), view(t.label));
            (token, ns, label, t.known, t.line)
        })
        .collect()
}

/// What the token's groups say for the URL, as (allowed, line), or None for
/// NOT_FOUND (with the answer left unwritten). A found answer is also
/// Google's matcher's with the token as the one agent: the group is read as
/// any other.
fn policy(robots: &Parsed, body: &[u8], token: &[u8], url: &[u8]) -> Option<(bool, u32)> {
    let untouched = robotstxt_answer {
        allowed: false,
        matching_line: 77,
        ever_seen_specific_agent: false,
        disallow_ignore_global: true,
    };
    let mut answer = untouched;
    let status = unsafe {
        robotstxt_robots_policy(
            robots.0,
            p(token),
            token.len(),
            p(url),
            url.len(),
            &mut answer,
        )
    };
    match status {
        NotFound => {
            assert_eq!(answer, untouched, "nothing written for NOT_FOUND");
            None
        }
        StatusOk => {
            // A group names the token: Google's disallow_ignore_global() is
            // then disallow() itself.
            assert!(answer.ever_seen_specific_agent);
            assert_eq!(answer.disallow_ignore_global, !answer.allowed);
            assert_eq!(answer, matcher_answer(body, token, url));
            Some((answer.allowed, answer.matching_line))
        }
        other => panic!("unexpected status {other:?}"),
    }
}

fn values(list: &[(&str, u32)]) -> Vec<(Vec<u8>, u32)> {
    list.iter()
        .map(|&(v, l)| (v.as_bytes().to_vec(), l))
        .collect()
}

#[test]
fn license_is_one_absolute_url_for_the_whole_file() {
    // RSL 1.0's example file: "License: [absoluteURL]".
    let robots = Parsed::new(
        b"License: https://your-website.com/license.xml\n\nUser-agent: Googlebot\nAllow: /\n",
    );
    assert_eq!(
        file_values(&robots, true),
        values(&[("https://your-website.com/license.xml", 1)])
    );
    assert_eq!(file_values(&robots, false), values(&[]));
    // "The License rule is not tied to any specific user agent": inside a
    // group it is still the file's. "It must be a fully qualified URL,
    // including the protocol and host": /rsl.xml is not one. LLM-Policy is
    // file-wide too, every line. Neither is a key Google knows, so robots.cc
    // hands the value over as it does any value but a user-agent's or a
    // sitemap's: MaybeEscapePattern upper-cases %-escapes and escapes bytes
    // from 0x80 up (é is C3 A9). The body is freed before the values are
    // read: they point into the handle.
    let mut body = b"User-agent: GPTBot\nDisallow: /\nLicense: https://example.com/rsl.xml\n\
                     LLM-Policy: /llms.txt\nLicense: /rsl.xml\nLLM-Policy: /ia-\xC3\xA9%2etxt\n"
        .to_vec();
    let robots = Parsed::new(&body);
    body.fill(b'#');
    drop(body);
    assert_eq!(
        file_values(&robots, true),
        values(&[("https://example.com/rsl.xml", 3)])
    );
    assert_eq!(
        file_values(&robots, false),
        values(&[("/llms.txt", 4), ("/ia-%C3%A9%2Etxt", 6)])
    );
    // Read beside the verdicts, never changing one: GPTBot's group is
    // Google's, decided by line 2.
    assert_eq!(
        robots.check(b"GPTBot", b"https://example.com/x"),
        (false, 2)
    );
    assert_eq!(file_values(&Parsed::new(b""), true), values(&[]));
}

#[test]
fn policy_token_groups_are_read_as_google_reads_any_group() {
    // draft-kelley-aipref-training-preference-signal-00: "ordinary robots.txt
    // groups keyed by a per-purpose policy token in the User-Agent line",
    // with "no new directive names and no new grammar: the path language,
    // longest-match precedence, and group structure of robots.txt are not
    // changed"; draft-kelley-rep-namespaces-00 writes the token
    // __<namespace>_<label>.
    let body = b"User-agent: *\nAllow: /\n\nUser-agent: __usage_ai-training\nDisallow: /\n\
                 Allow: /blog/\nDisallow: /blog/drafts/\n";
    let robots = Parsed::new(body);
    assert_eq!(
        policy_tokens(&robots),
        [(
            b"__usage_ai-training".to_vec(),
            b"usage".to_vec(),
            b"ai-training".to_vec(),
            true,
            4
        )]
    );
    let at = |token: &[u8], path: &str| {
        policy(
            &robots,
            body,
            token,
            format!("https://example.com{path}").as_bytes(),
        )
    };
    // Google's longest match: `/` (line 5) against nothing longer at `/`;
    // `/blog/` (line 6) over `/`; `/blog/drafts/` (line 7) over `/blog/`.
    assert_eq!(at(b"__usage_ai-training", "/"), Some((false, 5)));
    assert_eq!(at(b"__usage_ai-training", "/blog/post"), Some((true, 6)));
    assert_eq!(
        at(b"__usage_ai-training", "/blog/drafts/x"),
        Some((false, 7))
    );
    // Google compares agents ignoring case.
    assert_eq!(at(b"__USAGE_AI-TRAINING", "/"), Some((false, 5)));
    // No group names these: a policy token never falls back to `*`.
    assert_eq!(at(b"__usage_ai-input", "/"), None);
    assert_eq!(at(b"", "/"), None);
    // Crawlers still get the `*` group, line 2.
    assert_eq!(
        robots.check(b"AnyBot", b"https://example.com/blog/drafts/x"),
        (true, 2)
    );
    let none = Parsed::new(b"User-agent: *\nDisallow: /\n");
    assert!(policy_tokens(&none).is_empty());
    assert_eq!(
        policy(&none, b"", b"__usage_ai-training", b"https://example.com/"),
        None
    );
}

#[test]
fn policy_tokens_once_each_and_their_groups_merged() {
    // Google merges every group naming an agent, matches the [a-zA-Z_-]
    // prefix of a user-agent value ("__usage_ai-input/1.0" names
    // __usage_ai-input) ignoring case, and the `*` groups do not apply to an
    // agent a group names. `__usage` has no label: no policy token.
    let body = b"User-agent: GPTBot\nUser-agent: __usage_ai-input/1.0\nDisallow: /private/\n\
                 Allow: /private/ok$\n\nUser-agent: *\nDisallow: /\n\n\
                 User-agent: __USAGE_AI-INPUT\nUser-agent: __usage_ai-training\n\
                 Disallow: /*.pdf$\nAllow: /page\nDisallow: /page\nUser-agent: __usage\nDisallow: /\n";
    let robots = Parsed::new(body);
    let token = |t: &str, ns: &str, label: &str, known, line| {
        let b = |s: &str| s.as_bytes().to_vec();
        (b(t), b(ns), b(label), known, line)
    };
    assert_eq!(
        policy_tokens(&robots),
        [
            token("__usage_ai-input", "usage", "ai-input", false, 2),
            token("__usage_ai-training", "usage", "ai-training", true, 10),
        ]
    );
    let at = |token: &[u8], path: &str| {
        policy(
            &robots,
            body,
            token,
            format!("https://example.com{path}").as_bytes(),
        )
    };
    let input = b"__usage_ai-input";
    assert_eq!(at(input, "/private/x"), Some((false, 3)));
    // `/private/ok$` (12 characters, `$` counted) over `/private/` (9); `$`
    // ends the match.
    assert_eq!(at(input, "/private/ok"), Some((true, 4)));
    assert_eq!(at(input, "/private/ok/x"), Some((false, 3)));
    // The second group naming it, merged with the first.
    assert_eq!(at(input, "/a.pdf"), Some((false, 11)));
    // The query is part of the path, so `$` after `.pdf` fails; no rule
    // matches and the `*` group's `Disallow: /` does not apply.
    assert_eq!(at(input, "/a.pdf?x=1"), Some((true, 0)));
    // Equally long allow and disallow: Google allows, by the allow's line.
    assert_eq!(at(input, "/page"), Some((true, 12)));
    let training = b"__usage_ai-training";
    assert_eq!(at(training, "/private/x"), Some((true, 0)));
    assert_eq!(at(training, "/a.pdf"), Some((false, 11)));
    // Google compares a queried agent whole: "__usage_ai-input/1.0" is
    // named by no group.
    assert_eq!(at(b"__usage_ai-input/1.0", "/private/x"), None);
}

#[test]
fn file_wide_calls_reject_null() {
    let robots =
        Parsed::new(b"License: https://example.com/l.xml\nUser-agent: __a_b\nDisallow: /\n");
    let mut values = [unset_value(); 2];
    let mut tokens = [unset_token(); 2];
    let mut answer = robotstxt_answer {
        allowed: true,
        matching_line: 77,
        ever_seen_specific_agent: false,
        disallow_ignore_global: false,
    };
    let mut len = 99usize;
    unsafe {
        for call in [robotstxt_robots_licenses, robotstxt_robots_llm_policies] {
            assert_eq!(call(null(), values.as_mut_ptr(), 2, &mut len), NullArgument);
            assert_eq!(
                call(robots.0, values.as_mut_ptr(), 2, null_mut()),
                NullArgument
            );
            assert_eq!(call(robots.0, null_mut(), 2, &mut len), NullArgument);
        }
        assert_eq!(
            robotstxt_robots_policy_tokens(null(), tokens.as_mut_ptr(), 2, &mut len),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_policy_tokens(robots.0, tokens.as_mut_ptr(), 2, null_mut()),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_policy_tokens(robots.0, null_mut(), 2, &mut len),
            NullArgument
        );
        assert_eq!(len, 99, "the length must not be written on failure");
        assert_eq!(
            robotstxt_robots_policy(null(), p(b"__a_b"), 5, p(b"/"), 1, &mut answer),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_policy(robots.0, null(), 5, p(b"/"), 1, &mut answer),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_policy(robots.0, p(b"__a_b"), 5, null(), 1, &mut answer),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_policy(robots.0, p(b"__a_b"), 5, p(b"/"), 1, null_mut()),
            NullArgument
        );
        // (NULL, 0) is the empty URL, whose path Google reads as "/".
        assert_eq!(
            robotstxt_robots_policy(robots.0, p(b"__a_b"), 5, null(), 0, &mut answer),
            StatusOk
        );
        assert_eq!((answer.allowed, answer.matching_line), (false, 3));
    }
    assert!(values.iter().all(|v| v.line == 77) && tokens.iter().all(|t| t.line == 77));
}
