//! The C ABI called from Rust through its C signatures, as C would call it.
//!
//! Every export is called with NULL, empty, NUL-containing and invalid UTF-8
//! input. Expected answers come from reading Google's `robots.cc`; the shared
//! cases of `spec/cases/`, Google's own tests among them, run through this
//! ABI in `spec.rs`. The panic boundary of each export is tested in
//! `capi/src/tests.rs`, which can inject a panic.

use std::ffi::{CStr, c_char, c_void};
use std::mem::MaybeUninit;
use std::ptr::{null, null_mut};

use robotstxt::matcher::*;
use robotstxt::parse::*;
use robotstxt::reporter::*;
use robotstxt::util::*;
use robotstxt::version::*;
use robotstxt::{robotstxt_status, robotstxt_str};

use robotstxt_status::{BufferTooSmall, NullArgument, Ok as StatusOk};

fn p(bytes: &[u8]) -> *const c_char {
    bytes.as_ptr().cast()
}

fn rs(bytes: &[u8]) -> robotstxt_str {
    robotstxt_str {
        ptr: p(bytes),
        len: bytes.len(),
    }
}

// ---------------------------------------------------------------- version

#[test]
fn version_string_and_macros_match_cargo_toml() {
    let version = unsafe { CStr::from_ptr(robotstxt_version()) };
    assert_eq!(version.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
    let parse = |s: &str| s.parse::<u32>().unwrap();
    assert_eq!(
        ROBOTSTXT_VERSION_MAJOR,
        parse(env!("CARGO_PKG_VERSION_MAJOR"))
    );
    assert_eq!(
        ROBOTSTXT_VERSION_MINOR,
        parse(env!("CARGO_PKG_VERSION_MINOR"))
    );
    assert_eq!(
        ROBOTSTXT_VERSION_PATCH,
        parse(env!("CARGO_PKG_VERSION_PATCH"))
    );
    let header = include_str!("../include/robotstxt/robotstxt.h");
    for (name, value) in [
        ("MAJOR", env!("CARGO_PKG_VERSION_MAJOR")),
        ("MINOR", env!("CARGO_PKG_VERSION_MINOR")),
        ("PATCH", env!("CARGO_PKG_VERSION_PATCH")),
    ] {
        let line = format!("#define ROBOTSTXT_VERSION_{name} {value}\n");
        assert!(header.contains(&line), "header lacks {line:?}");
    }
}

// ---------------------------------------------------------------- matcher

/// A matcher freed when dropped.
struct Matcher(*mut robotstxt_matcher);

impl Matcher {
    fn new() -> Self {
        let m = robotstxt_matcher_new();
        assert!(!m.is_null());
        Matcher(m)
    }

    fn one(&self, body: &[u8], agent: &[u8], url: &[u8]) -> bool {
        let mut allowed = MaybeUninit::<bool>::uninit();
        let status = unsafe {
            robotstxt_matcher_one_agent_allowed_by_robots(
                self.0,
                p(body),
                body.len(),
                p(agent),
                agent.len(),
                p(url),
                url.len(),
                allowed.as_mut_ptr(),
            )
        };
        assert_eq!(status, StatusOk);
        unsafe { allowed.assume_init() }
    }

    fn many(&self, body: &[u8], agents: &[&[u8]], url: &[u8]) -> bool {
        let list: Vec<robotstxt_str> = agents.iter().map(|a| rs(a)).collect();
        let mut allowed = false;
        let status = unsafe {
            robotstxt_matcher_allowed_by_robots(
                self.0,
                p(body),
                body.len(),
                list.as_ptr(),
                list.len(),
                p(url),
                url.len(),
                &mut allowed,
            )
        };
        assert_eq!(status, StatusOk);
        // The one-agent call must agree when there is one agent.
        if let [agent] = agents {
            assert_eq!(self.one(body, agent, url), allowed);
        }
        allowed
    }

    fn details(&self) -> (bool, bool, bool, u32) {
        unsafe {
            (
                robotstxt_matcher_disallow(self.0),
                robotstxt_matcher_disallow_ignore_global(self.0),
                robotstxt_matcher_ever_seen_specific_agent(self.0),
                robotstxt_matcher_matching_line(self.0),
            )
        }
    }
}

impl Drop for Matcher {
    fn drop(&mut self) {
        unsafe { robotstxt_matcher_free(self.0) }
    }
}

const FOOBOT_DISALLOW_ALL: &[u8] = b"user-agent: FooBot\ndisallow: /\n";

#[test]
fn matcher_free_of_null_is_a_no_op() {
    unsafe { robotstxt_matcher_free(null_mut()) };
}

#[test]
fn matcher_with_several_agents_obeys_the_groups_of_all_of_them() {
    // robots.cc: a group applies when any queried agent names it, and the
    // rules of all applying groups compete by length.
    let body = b"user-agent: FooBot\ndisallow: /x/\nuser-agent: BarBot\nallow: /x/page\n";
    let m = Matcher::new();
    assert!(!m.many(body, &[b"BazBot", b"FooBot"], b"http://foo.bar/x/"));
    assert!(m.many(body, &[b"FooBot", b"BarBot"], b"http://foo.bar/x/page"));
    assert!(m.many(body, &[], b"http://foo.bar/x/"));
}

#[test]
fn matcher_details_of_the_last_query() {
    let m = Matcher::new();
    assert_eq!(m.details(), (false, false, false, 0), "before any query");
    assert!(!m.one(FOOBOT_DISALLOW_ALL, b"FooBot", b"http://foo.bar/x"));
    assert_eq!(m.details(), (true, true, true, 2));
    let global = b"user-agent: *\n\ndisallow: /\n";
    assert!(!m.one(global, b"FooBot", b"http://foo.bar/x"));
    assert_eq!(m.details(), (true, false, false, 3));
    // FooBot's own group implicitly allows what only '*' disallows.
    let both = b"User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n";
    assert!(m.one(both, b"FooBot", b"http://foo.bar/x/page"));
    assert_eq!(m.details(), (false, false, true, 0));
}

fn state(m: &Matcher) -> robotstxt_matcher_state {
    let mut state = MaybeUninit::<robotstxt_matcher_state>::uninit();
    assert_eq!(
        unsafe { robotstxt_matcher_get_state(m.0, state.as_mut_ptr()) },
        StatusOk
    );
    unsafe { state.assume_init() }
}

const fn at(priority: i32, line: u32) -> robotstxt_match {
    robotstxt_match { priority, line }
}
const NO_MATCH: robotstxt_match = at(-1, 0);

#[test]
fn matcher_state_is_googles_protected_state_after_a_query() {
    let m = Matcher::new();
    // Google's RobotsMatcher constructor and HandleRobotsStart: no matches
    // (priority -1), every flag false.
    let fresh = state(&m);
    assert_eq!(
        (fresh.allow_global, fresh.allow_specific),
        (NO_MATCH, NO_MATCH)
    );
    assert_eq!(
        (fresh.disallow_global, fresh.disallow_specific),
        (NO_MATCH, NO_MATCH)
    );
    assert!(!fresh.seen_global_agent && !fresh.seen_specific_agent);
    assert!(!fresh.ever_seen_specific_agent && !fresh.seen_separator);

    // robots.cc HandleAllow/HandleDisallow: the priority is the pattern
    // length, kept per group kind; the parse ends in FooBot's group after a
    // rule, so seen_specific_agent_ and seen_separator_ stay set.
    let body =
        b"user-agent: *\ndisallow: /x\nuser-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n";
    assert!(m.one(body, b"FooBot", b"http://foo.bar/x/page.html"));
    let s = state(&m);
    assert_eq!(s.allow_specific, at(12, 4));
    assert_eq!(s.disallow_specific, at(3, 5));
    assert_eq!(s.disallow_global, at(2, 2));
    assert_eq!(s.allow_global, NO_MATCH);
    assert!(!s.seen_global_agent && s.seen_specific_agent);
    assert!(s.ever_seen_specific_agent && s.seen_separator);

    // The empty pattern matches with priority 0; the next user-agent line
    // after a rule resets the group flags (HandleUserAgent).
    let body = b"user-agent: BarBot\ndisallow:\nuser-agent: *\nallow: /\nuser-agent: QuxBot\n";
    assert!(m.one(body, b"BarBot", b"http://foo.bar/y"));
    let s = state(&m);
    assert_eq!(s.disallow_specific, at(0, 2));
    assert_eq!(s.allow_global, at(1, 4));
    assert_eq!((s.allow_specific, s.disallow_global), (NO_MATCH, NO_MATCH));
    assert!(!s.seen_global_agent && !s.seen_specific_agent && !s.seen_separator);
    assert!(s.ever_seen_specific_agent);

    // Google's index.htm rule: "/dir/index.html" also allows "/dir/" with
    // the rewritten pattern "/dir/$" (priority 6).
    let body = b"user-agent: *\nallow: /dir/index.html\ndisallow: /\n";
    assert!(m.one(body, b"FooBot", b"http://foo.bar/dir/"));
    let s = state(&m);
    assert_eq!((s.allow_global, s.disallow_global), (at(6, 2), at(1, 3)));
    assert!(s.seen_global_agent && s.seen_separator && !s.ever_seen_specific_agent);
}

#[test]
fn matcher_state_rejects_null_arguments() {
    let m = Matcher::new();
    let mut out = MaybeUninit::<robotstxt_matcher_state>::uninit();
    assert_eq!(
        unsafe { robotstxt_matcher_get_state(null(), out.as_mut_ptr()) },
        NullArgument
    );
    assert_eq!(
        unsafe { robotstxt_matcher_get_state(m.0, null_mut()) },
        NullArgument
    );
}

#[test]
fn pattern_matches_as_google_matches() {
    let matches = |path: &[u8], pattern: &[u8]| unsafe {
        robotstxt_pattern_matches(p(path), path.len(), p(pattern), pattern.len())
    };
    // Google's RobotsMatchStrategy::Matches: a prefix match, * for any run,
    // $ at the end for the end of the path, case-sensitive.
    assert!(matches(b"/shop.json", b"/shop*.json"));
    assert!(matches(b"/shops/cart.json?id=1", b"/shop*.json"));
    assert!(!matches(b"/Shop.JSON", b"/shop*.json"));
    assert!(matches(b"/cart.json", b"/*.json$"));
    assert!(!matches(b"/cart.json?id=1", b"/*.json$"));
    assert!(!matches(b"/cart.json5", b"/*.json$"));
    assert!(matches(b"/fish$x", b"/fish$x"), "a $ inside is a literal");
    assert!(matches(b"/anything", b""));
    assert!(matches(b"", b""));
    assert!(!matches(b"", b"/"));
    assert!(matches(b"/", b"*$"));
    assert!(!unsafe { robotstxt_pattern_matches(null(), 1, p(b""), 0) });
    assert!(unsafe { robotstxt_pattern_matches(null(), 0, null(), 0) });
}

#[test]
fn matcher_rejects_null_handles_out_params_and_null_strings() {
    let m = Matcher::new();
    let agent = rs(b"FooBot");
    let url = b"http://foo.bar/";
    let body = FOOBOT_DISALLOW_ALL;
    let mut allowed = true;
    let cases: [(&str, robotstxt_status); 7] = unsafe {
        [
            (
                "NULL matcher",
                robotstxt_matcher_allowed_by_robots(
                    null_mut(),
                    p(body),
                    body.len(),
                    &agent,
                    1,
                    p(url),
                    url.len(),
                    &mut allowed,
                ),
            ),
            (
                "NULL allowed",
                robotstxt_matcher_allowed_by_robots(
                    m.0,
                    p(body),
                    body.len(),
                    &agent,
                    1,
                    p(url),
                    url.len(),
                    null_mut(),
                ),
            ),
            (
                "(NULL, n) body",
                robotstxt_matcher_allowed_by_robots(
                    m.0,
                    null(),
                    5,
                    &agent,
                    1,
                    p(url),
                    url.len(),
                    &mut allowed,
                ),
            ),
            (
                "(NULL, n) agent array",
                robotstxt_matcher_allowed_by_robots(
                    m.0,
                    p(body),
                    body.len(),
                    null(),
                    1,
                    p(url),
                    url.len(),
                    &mut allowed,
                ),
            ),
            (
                "(NULL, n) agent",
                robotstxt_matcher_allowed_by_robots(
                    m.0,
                    p(body),
                    body.len(),
                    &robotstxt_str {
                        ptr: null(),
                        len: 3,
                    },
                    1,
                    p(url),
                    url.len(),
                    &mut allowed,
                ),
            ),
            (
                "(NULL, n) url",
                robotstxt_matcher_allowed_by_robots(
                    m.0,
                    p(body),
                    body.len(),
                    &agent,
                    1,
                    null(),
                    4,
                    &mut allowed,
                ),
            ),
            (
                "one agent, (NULL, n) agent",
                robotstxt_matcher_one_agent_allowed_by_robots(
                    m.0,
                    p(body),
                    body.len(),
                    null(),
                    3,
                    p(url),
                    url.len(),
                    &mut allowed,
                ),
            ),
        ]
    };
    for (what, status) in cases {
        assert_eq!(status, NullArgument, "{what}");
    }
    assert!(allowed, "the answer must not be written on error");
    let one_null_matcher = unsafe {
        robotstxt_matcher_one_agent_allowed_by_robots(
            null_mut(),
            p(body),
            body.len(),
            agent.ptr,
            agent.len,
            p(url),
            url.len(),
            &mut allowed,
        )
    };
    assert_eq!(one_null_matcher, NullArgument);
    let one_null_out = unsafe {
        robotstxt_matcher_one_agent_allowed_by_robots(
            m.0,
            p(body),
            body.len(),
            agent.ptr,
            agent.len,
            p(url),
            url.len(),
            null_mut(),
        )
    };
    assert_eq!(one_null_out, NullArgument);
    unsafe {
        assert!(!robotstxt_matcher_disallow(null()));
        assert!(!robotstxt_matcher_disallow_ignore_global(null()));
        assert!(!robotstxt_matcher_ever_seen_specific_agent(null()));
        assert_eq!(robotstxt_matcher_matching_line(null()), 0);
    }
}

#[test]
fn matcher_takes_null_zero_as_empty_strings() {
    let m = Matcher::new();
    let mut allowed = false;
    let url = b"http://foo.bar/x";
    let body = FOOBOT_DISALLOW_ALL;
    unsafe {
        // Empty body: everything allowed (robots.cc).
        let status = robotstxt_matcher_one_agent_allowed_by_robots(
            m.0,
            null(),
            0,
            p(b"FooBot"),
            6,
            p(url),
            url.len(),
            &mut allowed,
        );
        assert_eq!((status, allowed), (StatusOk, true));
        // Empty URL: disallowed by "disallow: /" (robots.cc).
        let status = robotstxt_matcher_one_agent_allowed_by_robots(
            m.0,
            p(body),
            body.len(),
            p(b"FooBot"),
            6,
            null(),
            0,
            &mut allowed,
        );
        assert_eq!((status, allowed), (StatusOk, false));
        // Empty agent: everything allowed (robots.cc).
        let status = robotstxt_matcher_one_agent_allowed_by_robots(
            m.0,
            p(body),
            body.len(),
            null(),
            0,
            p(url),
            url.len(),
            &mut allowed,
        );
        assert_eq!((status, allowed), (StatusOk, true));
        // An empty agent list, and an empty agent in a list.
        let status = robotstxt_matcher_allowed_by_robots(
            m.0,
            p(body),
            body.len(),
            null(),
            0,
            p(url),
            url.len(),
            &mut allowed,
        );
        assert_eq!((status, allowed), (StatusOk, true));
        let agents = [
            robotstxt_str {
                ptr: null(),
                len: 0,
            },
            rs(b"FooBot"),
        ];
        let status = robotstxt_matcher_allowed_by_robots(
            m.0,
            p(body),
            body.len(),
            agents.as_ptr(),
            2,
            p(url),
            url.len(),
            &mut allowed,
        );
        assert_eq!((status, allowed), (StatusOk, false));
    }
}

#[test]
fn matcher_reads_url_and_rule_lines_up_to_a_nul_byte() {
    // robots.cc keeps the path and each line as C strings.
    let m = Matcher::new();
    let body = b"user-agent: FooBot\ndisallow: /a$\n";
    assert!(!m.one(body, b"FooBot", b"http://foo.bar/a\0x"));
    assert!(m.one(body, b"FooBot", b"http://foo.bar/ax"));
    let body = b"user-agent: FooBot\ndisallow: /a\0b\n";
    assert!(!m.one(body, b"FooBot", b"http://foo.bar/ab"));
    // Queried agents are compared whole, NUL and all.
    assert!(m.one(FOOBOT_DISALLOW_ALL, b"Foo\0Bot", b"http://foo.bar/"));
}

#[test]
fn matcher_escapes_invalid_utf8_in_rules_but_not_in_urls() {
    // Patterns are %-escaped, URLs are not.
    let m = Matcher::new();
    let body = b"user-agent: FooBot\ndisallow: /\xff\n";
    assert!(!m.one(body, b"FooBot", b"http://foo.bar/%FF"));
    assert!(m.one(body, b"FooBot", b"http://foo.bar/\xff"));
    assert!(m.one(body, b"\xff", b"http://foo.bar/%FF"));
}

#[test]
fn valid_user_agents_to_obey_take_bytes_and_null() {
    // The rule's cases run in spec.rs; here, what only a C caller can pass.
    let valid = |ua: &[u8]| unsafe { robotstxt_is_valid_user_agent_to_obey(p(ua), ua.len()) };
    assert!(valid(b"Shop-Bot_x"));
    assert!(!unsafe { robotstxt_is_valid_user_agent_to_obey(null(), 0) });
    assert!(!valid(b"Foo\0bot"));
    assert!(!valid(b"Foo\xffbot"));
    assert!(!unsafe { robotstxt_is_valid_user_agent_to_obey(null(), 6) });
}

#[test]
fn extract_user_agent_gives_the_matchable_prefix_length() {
    // robots.h: 'Googlebot/2.1' becomes 'Googlebot'.
    let len = |ua: &[u8]| unsafe { robotstxt_extract_user_agent(p(ua), ua.len()) };
    assert_eq!(len(b"Googlebot/2.1"), 9);
    assert_eq!(len(b"Foo_Bar-Baz"), 11);
    assert_eq!(len(b"ab\0c"), 2);
    assert_eq!(len(b"\xffab"), 0);
    assert_eq!(len(b""), 0);
    assert_eq!(unsafe { robotstxt_extract_user_agent(null(), 0) }, 0);
    assert_eq!(unsafe { robotstxt_extract_user_agent(null(), 4) }, 0);
}

// ---------------------------------------------------------------- key type

#[test]
fn key_types_and_typos_as_google_classifies_them() {
    use robotstxt_key_type::*;
    let kt = |key: &[u8]| {
        let mut typo = MaybeUninit::<bool>::uninit();
        let t = unsafe { robotstxt_get_key_type(p(key), key.len(), typo.as_mut_ptr()) };
        (t, unsafe { typo.assume_init() })
    };
    // Each right spelling and accepted typo, and unknown keys.
    assert_eq!(kt(b"User-Agent"), (UserAgent, false));
    assert_eq!(kt(b"useragent"), (UserAgent, true));
    assert_eq!(kt(b"user agent"), (UserAgent, true));
    assert_eq!(kt(b"Allow"), (Allow, false));
    assert_eq!(kt(b"Disallow"), (Disallow, false));
    assert_eq!(kt(b"disallaw"), (Disallow, true));
    assert_eq!(kt(b"dissallow"), (Disallow, true));
    assert_eq!(kt(b"site-map"), (Sitemap, true));
    assert_eq!(kt(b"sitemap"), (Sitemap, false));
    assert_eq!(kt(b"dragons"), (Unknown, false));
    assert_eq!(kt(b"noindex"), (Unknown, false));
    // robots.cc compares prefixes, case-insensitively.
    assert_eq!(kt(b"DISALLOWED"), (Disallow, false));
    assert_eq!(kt(b"allow\0x"), (Allow, false));
    assert_eq!(kt(b"\xffallow"), (Unknown, false));
    assert_eq!(kt(b""), (Unknown, false));
    assert_eq!(
        unsafe { robotstxt_get_key_type(null(), 0, null_mut()) },
        Unknown
    );
    assert_eq!(
        unsafe { robotstxt_get_key_type(p(b"allow"), 5, null_mut()) },
        Allow
    );
    let mut typo = true;
    assert_eq!(
        unsafe { robotstxt_get_key_type(null(), 5, &mut typo) },
        Unknown
    );
    assert!(typo, "the typo flag must not be written on error");
    // The numeric values are Google's KeyType values.
    assert_eq!(
        [UserAgent, Sitemap, Allow, Disallow, Unknown].map(|t| t as u32),
        [0, 1, 2, 3, 128]
    );
}

// ---------------------------------------------------------------- parse

#[derive(Default)]
struct Events(Vec<String>);

fn text(ptr: *const c_char, len: usize) -> String {
    assert!(!ptr.is_null(), "value pointers are never NULL");
    let bytes = unsafe { std::slice::from_raw_parts(ptr.cast::<u8>(), len) };
    assert!(!bytes.contains(&0), "values never contain NUL");
    bytes.escape_ascii().to_string()
}

unsafe fn events<'a>(user_data: *mut c_void) -> &'a mut Events {
    unsafe { &mut *user_data.cast::<Events>() }
}

unsafe extern "C" fn on_start(ud: *mut c_void) {
    unsafe { events(ud) }.0.push("start".into());
}
unsafe extern "C" fn on_end(ud: *mut c_void) {
    unsafe { events(ud) }.0.push("end".into());
}
macro_rules! value_callback {
    ($name:ident, $label:literal) => {
        unsafe extern "C" fn $name(ud: *mut c_void, line: u32, v: *const c_char, n: usize) {
            let e = format!("{line} {} {}", $label, text(v, n));
            unsafe { events(ud) }.0.push(e);
        }
    };
}
value_callback!(on_user_agent, "user-agent");
value_callback!(on_allow, "allow");
value_callback!(on_disallow, "disallow");
value_callback!(on_sitemap, "sitemap");
unsafe extern "C" fn on_unknown(
    ud: *mut c_void,
    line: u32,
    k: *const c_char,
    kn: usize,
    v: *const c_char,
    vn: usize,
) {
    let e = format!("{line} unknown {}={}", text(k, kn), text(v, vn));
    unsafe { events(ud) }.0.push(e);
}
unsafe extern "C" fn on_metadata(ud: *mut c_void, line: u32, m: *const robotstxt_line_metadata) {
    let m = unsafe { &*m };
    let flags = [
        (m.is_empty, "empty"),
        (m.has_comment, "has_comment"),
        (m.is_comment, "comment"),
        (m.has_directive, "directive"),
        (m.is_acceptable_typo, "typo"),
        (m.is_line_too_long, "too_long"),
        (m.is_missing_colon_separator, "no_colon"),
    ];
    let set: Vec<&str> = flags.iter().filter(|f| f.0).map(|f| f.1).collect();
    unsafe { events(ud) }
        .0
        .push(format!("{line} meta {}", set.join(",")));
}

fn all_callbacks(events: &mut Events) -> robotstxt_parse_callbacks {
    robotstxt_parse_callbacks {
        user_data: (events as *mut Events).cast(),
        handle_robots_start: Some(on_start),
        handle_robots_end: Some(on_end),
        handle_user_agent: Some(on_user_agent),
        handle_allow: Some(on_allow),
        handle_disallow: Some(on_disallow),
        handle_sitemap: Some(on_sitemap),
        handle_unknown_action: Some(on_unknown),
        report_line_metadata: Some(on_metadata),
    }
}

fn parse(body: &[u8]) -> Vec<String> {
    let mut events = Events::default();
    let callbacks = all_callbacks(&mut events);
    let status = unsafe { robotstxt_parse(p(body), body.len(), &callbacks) };
    assert_eq!(status, StatusOk);
    events.0
}

/// Every kind of line Google's parser tells apart, one per line (the body
/// of tests/c/data/reporting.txt).
const EVERY_KIND_OF_LINE: &[u8] = b"User-agent: shopbot\n\
    Allow: /public\n\
    User-agent otherbot # why\n\
    just some words here\n\
    # a comment line\n\
    \n\
    dragons: /lair\n\
    noindex: /drafts\n\
    Disallow: /private\n\
    Oops #trailing comment\n\
    user agent: gizmo\n\
    dissallow: /tmp\n\
    site-map: https://s.example/a.xml #note\n\
    sitemap: https://s.example/b.xml\n\
    Host: s.example\n";

#[test]
fn parse_reports_directives_and_metadata_in_file_order() {
    // Values and flags as Google's parser gives them.
    assert_eq!(
        parse(EVERY_KIND_OF_LINE),
        [
            "start",
            "1 user-agent shopbot",
            "1 meta directive",
            "2 allow /public",
            "2 meta directive",
            "3 user-agent otherbot",
            "3 meta has_comment,directive,no_colon",
            "4 meta ",
            "5 meta has_comment,comment",
            "6 meta empty",
            "7 unknown dragons=/lair",
            "7 meta directive",
            "8 unknown noindex=/drafts",
            "8 meta directive",
            "9 disallow /private",
            "9 meta directive",
            "10 meta has_comment",
            "11 user-agent gizmo",
            "11 meta directive,typo",
            "12 disallow /tmp",
            "12 meta directive,typo",
            "13 sitemap https://s.example/a.xml",
            "13 meta has_comment,directive,typo",
            "14 sitemap https://s.example/b.xml",
            "14 meta directive",
            "15 unknown Host=s.example",
            "15 meta directive",
            "16 meta empty",
            "end",
        ]
    );
}

#[test]
fn parse_of_empty_body_reports_one_empty_line() {
    let expected = ["start", "1 meta empty", "end"];
    assert_eq!(parse(b""), expected);
    let mut events = Events::default();
    let callbacks = all_callbacks(&mut events);
    assert_eq!(unsafe { robotstxt_parse(null(), 0, &callbacks) }, StatusOk);
    assert_eq!(events.0, expected);
}

#[test]
fn parse_escapes_rule_values_but_passes_agents_and_sitemaps_as_written() {
    // robots.cc escapes allow, disallow and
    // unknown values only. 0xFF alone is invalid UTF-8.
    let body = b"user-agent: \xe3\x83\x84\nallow: /foo/bar/\xe3\x83\x84\n\
                 disallow: /%aa\xff\nsitemap: /\xe3\x83\x84\nx: \xe3\x83\x84\n";
    let directives: Vec<String> = parse(body)
        .into_iter()
        .filter(|e| !e.contains(" meta ") && e != "start" && e != "end")
        .collect();
    assert_eq!(
        directives,
        [
            "1 user-agent \\xe3\\x83\\x84",
            "2 allow /foo/bar/%E3%83%84",
            "3 disallow /%AA%FF",
            "4 sitemap /\\xe3\\x83\\x84",
            "5 unknown x=%E3%83%84",
        ]
    );
}

#[test]
fn parse_cuts_lines_at_nul_and_gives_empty_values_a_valid_pointer() {
    let events = parse(b"disallow: /a\0b\nallow:\n\0user-agent: x\n");
    assert_eq!(
        events,
        [
            "start",
            "1 disallow /a",
            "1 meta directive",
            "2 allow ",
            "2 meta directive",
            "3 meta empty",
            "4 meta empty",
            "end",
        ]
    );
}

#[test]
fn parse_skips_absent_callbacks() {
    let mut events = Events::default();
    let only_sitemaps = robotstxt_parse_callbacks {
        user_data: (&raw mut events).cast(),
        handle_robots_start: None,
        handle_robots_end: None,
        handle_user_agent: None,
        handle_allow: None,
        handle_disallow: None,
        handle_sitemap: Some(on_sitemap),
        handle_unknown_action: None,
        report_line_metadata: None,
    };
    assert_eq!(
        unsafe {
            robotstxt_parse(
                p(EVERY_KIND_OF_LINE),
                EVERY_KIND_OF_LINE.len(),
                &only_sitemaps,
            )
        },
        StatusOk
    );
    assert_eq!(
        events.0,
        [
            "13 sitemap https://s.example/a.xml",
            "14 sitemap https://s.example/b.xml"
        ]
    );
    let none = robotstxt_parse_callbacks {
        user_data: null_mut(),
        handle_sitemap: None,
        ..only_sitemaps
    };
    assert_eq!(
        unsafe { robotstxt_parse(p(EVERY_KIND_OF_LINE), EVERY_KIND_OF_LINE.len(), &none) },
        StatusOk
    );
}

#[test]
fn parse_rejects_null_table_and_null_body_without_calling_back() {
    let mut events = Events::default();
    let callbacks = all_callbacks(&mut events);
    assert_eq!(
        unsafe { robotstxt_parse(null(), 3, &callbacks) },
        NullArgument
    );
    assert_eq!(unsafe { robotstxt_parse(p(b"a"), 1, null()) }, NullArgument);
    assert!(events.0.is_empty());
}

// ---------------------------------------------------------------- reporter

/// A reporter freed when dropped.
struct Reporter(*mut robotstxt_reporter);

impl Reporter {
    fn new() -> Self {
        let r = robotstxt_reporter_new();
        assert!(!r.is_null());
        Reporter(r)
    }

    fn parse(&self, body: &[u8]) {
        let status = unsafe { robotstxt_reporter_parse(self.0, p(body), body.len()) };
        assert_eq!(status, StatusOk);
    }

    fn counts(&self) -> (u32, u32, u32) {
        unsafe {
            (
                robotstxt_reporter_valid_directives(self.0),
                robotstxt_reporter_unused_directives(self.0),
                robotstxt_reporter_last_line_seen(self.0),
            )
        }
    }

    fn lines(&self) -> Vec<robotstxt_parsed_line> {
        let mut len = usize::MAX;
        let status = unsafe { robotstxt_reporter_lines(self.0, null_mut(), 0, &mut len) };
        assert_eq!(len, unsafe { robotstxt_reporter_line_count(self.0) });
        assert_eq!(status, if len == 0 { StatusOk } else { BufferTooSmall });
        let mut lines = Vec::with_capacity(len);
        let mut got = 0;
        let status = unsafe { robotstxt_reporter_lines(self.0, lines.as_mut_ptr(), len, &mut got) };
        assert_eq!((status, got), (StatusOk, len));
        unsafe { lines.set_len(len) };
        lines
    }
}

impl Drop for Reporter {
    fn drop(&mut self) {
        unsafe { robotstxt_reporter_free(self.0) }
    }
}

fn line(
    line_num: u32,
    tag_name: robotstxt_tag_name,
    is_typo: bool,
    flags: &[&str],
) -> robotstxt_parsed_line {
    let has = |f: &str| flags.contains(&f);
    robotstxt_parsed_line {
        line_num,
        tag_name,
        is_typo,
        metadata: robotstxt_line_metadata {
            is_empty: has("empty"),
            has_comment: has("has_comment"),
            is_comment: has("comment"),
            has_directive: has("directive"),
            is_acceptable_typo: has("typo"),
            is_line_too_long: has("too_long"),
            is_missing_colon_separator: has("no_colon"),
        },
    }
}

#[test]
fn reporter_gives_google_line_results() {
    use robotstxt_tag_name::*;
    let r = Reporter::new();
    r.parse(EVERY_KIND_OF_LINE);
    // Unknown keys on lines 7, 8 and 15 (reporting_robots.cc counts them all).
    assert_eq!(r.counts(), (8, 3, 16));
    let d = &["directive"][..];
    let expected = vec![
        line(1, UserAgent, false, d),
        line(2, Allow, false, d),
        line(
            3,
            UserAgent,
            false,
            &["has_comment", "directive", "no_colon"],
        ),
        line(4, Unknown, false, &[]),
        line(5, Unknown, false, &["has_comment", "comment"]),
        line(6, Unknown, false, &["empty"]),
        line(7, Unknown, false, d),
        line(8, Unused, false, d),
        line(9, Disallow, false, d),
        line(10, Unknown, false, &["has_comment"]),
        line(11, UserAgent, true, &["directive", "typo"]),
        line(12, Disallow, true, &["directive", "typo"]),
        line(13, Sitemap, true, &["has_comment", "directive", "typo"]),
        line(14, Sitemap, false, d),
        line(15, Unused, false, d),
        line(16, Unknown, false, &["empty"]),
    ];
    assert_eq!(r.lines(), expected);

    let mut one = MaybeUninit::<robotstxt_parsed_line>::uninit();
    assert!(unsafe { robotstxt_reporter_line(r.0, 11, one.as_mut_ptr()) });
    assert_eq!(unsafe { one.assume_init() }, expected[10]);
    assert!(!unsafe { robotstxt_reporter_line(r.0, 17, one.as_mut_ptr()) });
    assert!(!unsafe { robotstxt_reporter_line(r.0, 0, one.as_mut_ptr()) });

    // The same reporter parses shorter bodies: counts restart, but the
    // per-line results are not cleared (reporting_robots.cc).
    r.parse(b"User-agent: gizmo\r\nDisallow: /a\r\n\r\nAllow: /b\r\n");
    assert_eq!(r.counts(), (3, 0, 5));
    assert_eq!(unsafe { robotstxt_reporter_line_count(r.0) }, 16);
    r.parse(b"User-agent: gizmo\rDisallow: /a\r\rAllow: /b\r");
    assert_eq!(r.counts(), (3, 0, 5));
}

#[test]
fn reporter_flags_lines_too_long() {
    use robotstxt_tag_name::*;
    let mut body = b"user-agent: gizmo\ndisallow: /long/".to_vec();
    body.resize(body.len() + 17000, b'z');
    body.extend_from_slice(b"\nallow: /\n");
    let r = Reporter::new();
    r.parse(&body);
    assert_eq!((r.counts().0, r.counts().2), (3, 4));
    let lines = r.lines();
    assert_eq!(lines.len(), 4);
    assert_eq!(
        lines[1],
        line(2, Disallow, false, &["directive", "too_long"])
    );
    assert_eq!(lines[2], line(3, Allow, false, &["directive"]));
}

#[test]
fn reporter_handles_null_nul_and_invalid_utf8() {
    use robotstxt_tag_name::*;
    unsafe { robotstxt_reporter_free(null_mut()) };
    let r = Reporter::new();
    assert_eq!(r.counts(), (0, 0, 0));
    assert!(r.lines().is_empty());
    unsafe {
        assert_eq!(
            robotstxt_reporter_parse(null_mut(), p(b"a"), 1),
            NullArgument
        );
        assert_eq!(robotstxt_reporter_parse(r.0, null(), 1), NullArgument);
        assert_eq!(robotstxt_reporter_line_count(null()), 0);
        assert_eq!(robotstxt_reporter_last_line_seen(null()), 0);
        assert_eq!(robotstxt_reporter_valid_directives(null()), 0);
        assert_eq!(robotstxt_reporter_unused_directives(null()), 0);
        let mut len = 7usize;
        assert_eq!(
            robotstxt_reporter_lines(null(), null_mut(), 0, &mut len),
            NullArgument
        );
        assert_eq!(
            robotstxt_reporter_lines(r.0, null_mut(), 2, &mut len),
            NullArgument
        );
        assert_eq!(len, 7);
        let mut out = MaybeUninit::<robotstxt_parsed_line>::uninit();
        assert!(!robotstxt_reporter_line(null(), 1, out.as_mut_ptr()));
        assert!(!robotstxt_reporter_line(r.0, 1, null_mut()));
        assert_eq!(robotstxt_reporter_parse(r.0, null(), 0), StatusOk);
    }
    // An empty body has one empty line.
    assert_eq!(r.counts(), (0, 0, 1));
    assert_eq!(r.lines(), [line(1, Unknown, false, &["empty"])]);

    let r = Reporter::new();
    r.parse(b"crawl-delay\0: 5\nnoindex: \xff\n\xff: x\n");
    assert_eq!(r.counts(), (0, 2, 4));
    let d = &["directive"][..];
    assert_eq!(
        r.lines(),
        [
            line(1, Unknown, false, &[]),
            line(2, Unused, false, d),
            line(3, Unknown, false, d),
            line(4, Unknown, false, &["empty"]),
        ]
    );
    // Too small a buffer: nothing copied, the count reported.
    let mut two = [line(9, Unknown, false, &[]); 2];
    let mut len = 0usize;
    let status = unsafe { robotstxt_reporter_lines(r.0, two.as_mut_ptr(), 2, &mut len) };
    assert_eq!((status, len), (BufferTooSmall, 4));
    assert_eq!(two[0].line_num, 9);
    let mut four = [line(9, Unknown, false, &[]); 4];
    let status = unsafe { robotstxt_reporter_lines(r.0, four.as_mut_ptr(), 4, null_mut()) };
    assert_eq!(status, StatusOk);
    assert_eq!(four[3].line_num, 4);
}

#[test]
fn unsupported_tags_are_googles_list_case_insensitively() {
    // reporting_robots.cc, kUnsupportedTags, compared after lower-casing.
    let unsupported = |key: &[u8]| unsafe { robotstxt_is_unsupported_tag(p(key), key.len()) };
    for tag in [
        "clean-param",
        "content-signal",
        "content-usage",
        "crawl-delay",
        "domain",
        "host",
        "noarchive",
        "nofollow",
        "noindex",
        "request-rate",
        "revisit-after",
        "visit-time",
    ] {
        assert!(unsupported(tag.as_bytes()), "{tag}");
        assert!(unsupported(tag.to_uppercase().as_bytes()), "{tag}");
    }
    assert!(unsupported(b"Noarchive"));
    assert!(!unsupported(b"unicorns"));
    assert!(!unsupported(b"noindex\0"));
    assert!(!unsupported(b"noindexx"));
    assert!(!unsupported(b"\xffnoindex"));
    assert!(!unsupported(b""));
    assert!(!unsafe { robotstxt_is_unsupported_tag(null(), 0) });
    assert!(!unsafe { robotstxt_is_unsupported_tag(null(), 7) });
}

// ---------------------------------------------------------------- util

/// Calls the caller-buffer and the allocating variants and checks they agree.
fn path_params_query(url: &[u8]) -> Vec<u8> {
    let mut needed = usize::MAX;
    let status =
        unsafe { robotstxt_get_path_params_query(p(url), url.len(), null_mut(), 0, &mut needed) };
    assert_eq!(status, BufferTooSmall);
    let mut buf = vec![b'#' as c_char; needed + 1];
    let mut len = 0;
    // One byte short of room for the NUL: refused, nothing written.
    let status = unsafe {
        robotstxt_get_path_params_query(p(url), url.len(), buf.as_mut_ptr(), needed, &mut len)
    };
    assert_eq!((status, len), (BufferTooSmall, needed));
    assert!(buf.iter().all(|&b| b == b'#' as c_char));
    let status = unsafe {
        robotstxt_get_path_params_query(p(url), url.len(), buf.as_mut_ptr(), needed + 1, &mut len)
    };
    assert_eq!((status, len), (StatusOk, needed));
    assert_eq!(buf[needed], 0, "NUL-terminated");
    let from_buffer: Vec<u8> = buf[..needed].iter().map(|&c| c as u8).collect();

    let mut out: *mut c_char = null_mut();
    let mut alloc_len = usize::MAX;
    let status = unsafe {
        robotstxt_get_path_params_query_alloc(p(url), url.len(), &mut out, &mut alloc_len)
    };
    assert_eq!(status, StatusOk);
    let from_alloc = unsafe { std::slice::from_raw_parts(out.cast::<u8>(), alloc_len + 1) };
    assert_eq!(from_alloc[alloc_len], 0, "NUL-terminated");
    assert_eq!(&from_alloc[..alloc_len], from_buffer.as_slice());
    unsafe { robotstxt_buffer_free(out) };
    assert!(from_buffer.len() <= url.len() + 1, "documented bound");
    from_buffer
}

#[test]
fn get_path_params_query_keeps_nul_and_invalid_utf8_bytes() {
    // Google's takes a std::string: a NUL is an ordinary byte there.
    assert_eq!(path_params_query(b"http://a.com/b\0c#d"), b"/b\0c");
    assert_eq!(path_params_query(b"http://a.com/\xff?\xfe"), b"/\xff?\xfe");
}

#[test]
fn get_path_params_query_rejects_null_arguments() {
    let mut buf = [0 as c_char; 8];
    let mut len = 5usize;
    let mut out: *mut c_char = null_mut();
    unsafe {
        assert_eq!(
            robotstxt_get_path_params_query(null(), 3, buf.as_mut_ptr(), 8, &mut len),
            NullArgument
        );
        assert_eq!(
            robotstxt_get_path_params_query(p(b"a"), 1, null_mut(), 8, &mut len),
            NullArgument
        );
        assert_eq!(len, 5);
        assert_eq!(
            robotstxt_get_path_params_query_alloc(p(b"a"), 1, null_mut(), &mut len),
            NullArgument
        );
        assert_eq!(
            robotstxt_get_path_params_query_alloc(null(), 1, &mut out, &mut len),
            NullArgument
        );
        assert!(out.is_null());
        // (NULL, 0) is the empty URL, whose path is "/"; out_len is optional.
        assert_eq!(
            robotstxt_get_path_params_query(null(), 0, buf.as_mut_ptr(), 8, null_mut()),
            StatusOk
        );
        assert_eq!(CStr::from_ptr(buf.as_ptr()).to_bytes(), b"/");
        assert_eq!(
            robotstxt_get_path_params_query_alloc(null(), 0, &mut out, null_mut()),
            StatusOk
        );
        assert_eq!(CStr::from_ptr(out).to_bytes(), b"/");
        robotstxt_buffer_free(out);
        robotstxt_buffer_free(null_mut());
    }
}

/// Both variants of maybe_escape_pattern; returns (result, escaped).
fn escape(src: &[u8]) -> (Vec<u8>, bool) {
    let mut needed = 0;
    let mut escaped = false;
    let status = unsafe {
        robotstxt_maybe_escape_pattern(p(src), src.len(), null_mut(), 0, &mut needed, &mut escaped)
    };
    assert_eq!(status, BufferTooSmall);
    assert!(needed <= 3 * src.len(), "documented bound");
    let mut buf = vec![0 as c_char; needed + 1];
    let mut len = 0;
    let mut escaped_again = !escaped;
    let status = unsafe {
        robotstxt_maybe_escape_pattern(
            p(src),
            src.len(),
            buf.as_mut_ptr(),
            buf.len(),
            &mut len,
            &mut escaped_again,
        )
    };
    assert_eq!((status, len, escaped_again), (StatusOk, needed, escaped));
    assert_eq!(buf[needed], 0);
    let result: Vec<u8> = buf[..needed].iter().map(|&c| c as u8).collect();

    let mut out: *mut c_char = null_mut();
    let mut alloc_len = 0;
    let mut alloc_escaped = !escaped;
    let status = unsafe {
        robotstxt_maybe_escape_pattern_alloc(
            p(src),
            src.len(),
            &mut out,
            &mut alloc_len,
            &mut alloc_escaped,
        )
    };
    assert_eq!((status, alloc_escaped), (StatusOk, escaped));
    assert_eq!(unsafe { CStr::from_ptr(out) }.to_bytes(), result.as_slice());
    assert_eq!(alloc_len, result.len());
    unsafe { robotstxt_buffer_free(out) };
    (result, escaped)
}

#[test]
fn maybe_escape_pattern_reads_to_nul_and_escapes_invalid_utf8() {
    // robots.cc reads a C string and escapes every byte from 0x80 up.
    assert_eq!(escape(b"/a\0\xff"), (b"/a".to_vec(), false));
    assert_eq!(escape(b"\xff/\x80"), (b"%FF/%80".to_vec(), true));
    assert_eq!(escape(b""), (b"".to_vec(), false));
    let mut out: *mut c_char = null_mut();
    let mut buf = [0 as c_char; 4];
    unsafe {
        assert_eq!(
            robotstxt_maybe_escape_pattern(null(), 0, buf.as_mut_ptr(), 4, null_mut(), null_mut()),
            StatusOk
        );
        assert_eq!(buf[0], 0);
        assert_eq!(
            robotstxt_maybe_escape_pattern(null(), 2, buf.as_mut_ptr(), 4, null_mut(), null_mut()),
            NullArgument
        );
        assert_eq!(
            robotstxt_maybe_escape_pattern(p(b"/"), 1, null_mut(), 4, null_mut(), null_mut()),
            NullArgument
        );
        assert_eq!(
            robotstxt_maybe_escape_pattern_alloc(p(b"/"), 1, null_mut(), null_mut(), null_mut()),
            NullArgument
        );
        assert_eq!(
            robotstxt_maybe_escape_pattern_alloc(null(), 1, &mut out, null_mut(), null_mut()),
            NullArgument
        );
        assert!(out.is_null());
        assert_eq!(
            robotstxt_maybe_escape_pattern_alloc(null(), 0, &mut out, null_mut(), null_mut()),
            StatusOk
        );
        assert_eq!(*out, 0);
        robotstxt_buffer_free(out);
    }
}

#[test]
fn matcher_handle_reuses_a_repeated_body_and_keeps_googles_answers() {
    // The handle parses a body once when it comes twice in a row; every
    // answer and getter must still be what Google's streaming matcher gives
    // (the reference: `RobotsMatcher::without_memo`), whatever the order of
    // bodies, including two bodies of equal length and equal ends.
    let pad = "#".repeat(32);
    let a = format!("{pad}\nUser-agent: FooBot\nDisallow: /a\nAllow: /a/b\n{pad}\n");
    let b = format!("{pad}\nUser-agent: *     \nDisallow: /b\nAllow: /b/a\n{pad}\n");
    assert_eq!(a.len(), b.len());
    let urls: [&[u8]; 4] = [
        b"http://e.com/a/x",
        b"http://e.com/a/b/c",
        b"http://e.com/b/x",
        b"http://e.com/c",
    ];
    let order = [&a, &a, &a, &b, &b, &a, &b, &b, &b, &a];
    unsafe {
        let handle = robotstxt_matcher_new();
        for (i, body) in order.iter().enumerate() {
            let url = urls[i % urls.len()];
            for agent in [&b"FooBot"[..], b"BarBot"] {
                let mut allowed = false;
                let status = robotstxt_matcher_one_agent_allowed_by_robots(
                    handle,
                    p(body.as_bytes()),
                    body.len(),
                    p(agent),
                    agent.len(),
                    p(url),
                    url.len(),
                    &mut allowed,
                );
                assert_eq!(status, StatusOk);
                let mut google = robotstxt_exact::RobotsMatcher::without_memo();
                let expected = google.one_agent_allowed_by_robots(body.as_bytes(), agent, url);
                let what = format!("query {i}, {agent:?}");
                assert_eq!(allowed, expected, "{what}");
                assert_eq!(
                    robotstxt_matcher_matching_line(handle),
                    google.matching_line(),
                    "{what}"
                );
                assert_eq!(
                    robotstxt_matcher_ever_seen_specific_agent(handle),
                    google.ever_seen_specific_agent(),
                    "{what}"
                );
                assert_eq!(
                    robotstxt_matcher_disallow_ignore_global(handle),
                    google.disallow_ignore_global(),
                    "{what}"
                );
                assert_eq!(
                    robotstxt_matcher_disallow(handle),
                    google.disallow(),
                    "{what}"
                );
            }
        }
        robotstxt_matcher_free(handle);
    }
}
