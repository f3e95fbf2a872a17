//! The C ABI entry points, called as C would call them, with arbitrary bytes
//! and lengths.
//!
//! Input: `body [0xFF url [0xFF agent]...]`, as for the `robots` target; the
//! last eight bytes of the input also serve as bits that choose how each
//! string is passed (its own pointer, or NULL when it is empty), which
//! callbacks are set, buffer capacities and which NULL arguments to try.
//!
//! Every export is called: the matcher, reporter, parse-once robots and
//! cache-entry handles, the callback parser, and the string helpers. The
//! robots.txt URL of each piece also equals the one a WHATWG parse of the
//! whole URL gives (the library parses only the scheme and authority).
//! Checked for each: the answer equals the Rust API's for the same bytes (for
//! the robots handle, `RobotsMatcher`'s); `(NULL, 0)` is the empty string;
//! `(NULL, n > 0)`, a NULL handle or a NULL required out-parameter gives the
//! documented fallback and writes nothing; a too-small buffer gives
//! `BUFFER_TOO_SMALL` with the needed length and an untouched buffer; no call
//! panics, leaks (LeakSanitizer) or touches memory it was not given
//! (AddressSanitizer).

#![no_main]

use std::ffi::{CStr, c_char, c_void};
use std::mem::MaybeUninit;
use std::ptr::{null, null_mut};

use libfuzzer_sys::fuzz_target;
use robotstxt::crawler::*;
use robotstxt::matcher::*;
use robotstxt::parse::*;
use robotstxt::reporter::*;
use robotstxt::robots::*;
use robotstxt::util::*;
use robotstxt::version::*;
use robotstxt::{robotstxt_status, robotstxt_str};
use robotstxt_exact::crawler::{self, CacheEntry, Decision, FetchOutcome, Policy};
use robotstxt_exact::{
    LineMetadata, ParseHandler, Robots, RobotsMatcher, RobotsParsingReporter, RuleKind,
    get_key_type, get_path_params_query, maybe_escape_pattern, parse_robots_txt,
};
use std::time::{Duration, SystemTime};

use robotstxt_status::{BufferTooSmall, NotFound, NullArgument, Ok as StatusOk, OutOfRange};

/// Bits drawn from the input to vary how the API is called.
struct Bits(u64);

impl Bits {
    fn flag(&mut self) -> bool {
        self.take(1) == 1
    }

    fn take(&mut self, n: u32) -> u64 {
        let v = self.0 & ((1 << n) - 1);
        self.0 = self.0.rotate_right(n);
        v
    }

    /// A length for (NULL, n > 0): small, or absurdly large.
    fn bogus_len(&mut self) -> usize {
        if self.flag() {
            usize::MAX
        } else {
            1 + self.take(8) as usize
        }
    }
}

/// How C passes `bytes`: its own pointer, or NULL when it is empty and the
/// bit says so.
fn arg(bytes: &[u8], bits: &mut Bits) -> (*const c_char, usize) {
    if bytes.is_empty() && bits.flag() {
        (null(), 0)
    } else {
        (bytes.as_ptr().cast(), bytes.len())
    }
}

fn check_matcher(body: &[u8], url: &[u8], agents: &[&[u8]], bits: &mut Bits) {
    let m = robotstxt_matcher_new();
    assert!(!m.is_null());
    unsafe {
        assert!(!robotstxt_matcher_disallow(m));
        assert!(!robotstxt_matcher_disallow_ignore_global(m));
        assert!(!robotstxt_matcher_ever_seen_specific_agent(m));
        assert_eq!(robotstxt_matcher_matching_line(m), 0);
    }
    let mut rust = RobotsMatcher::new();
    let details = |rust: &RobotsMatcher| {
        (
            rust.disallow(),
            rust.disallow_ignore_global(),
            rust.ever_seen_specific_agent(),
            rust.matching_line(),
        )
    };
    let c_details = |m| unsafe {
        (
            robotstxt_matcher_disallow(m),
            robotstxt_matcher_disallow_ignore_global(m),
            robotstxt_matcher_ever_seen_specific_agent(m),
            robotstxt_matcher_matching_line(m),
        )
    };

    let (bp, bl) = arg(body, bits);
    let (up, ul) = arg(url, bits);

    // One agent.
    let agent = agents.first().copied().unwrap_or_default();
    let (ap, al) = arg(agent, bits);
    let mut allowed = MaybeUninit::<bool>::uninit();
    let status = unsafe {
        robotstxt_matcher_one_agent_allowed_by_robots(
            m,
            bp,
            bl,
            ap,
            al,
            up,
            ul,
            allowed.as_mut_ptr(),
        )
    };
    assert_eq!(status, StatusOk);
    let expected = rust.one_agent_allowed_by_robots(body, agent, url);
    assert_eq!(unsafe { allowed.assume_init() }, expected);
    assert_eq!(c_details(m), details(&rust));

    // All agents, as an array of robotstxt_str.
    let list: Vec<robotstxt_str> = agents
        .iter()
        .map(|a| {
            let (ptr, len) = arg(a, bits);
            robotstxt_str { ptr, len }
        })
        .collect();
    let (lp, ll) = if list.is_empty() && bits.flag() {
        (null(), 0)
    } else {
        (list.as_ptr(), list.len())
    };
    let mut allowed = MaybeUninit::<bool>::uninit();
    let status = unsafe {
        robotstxt_matcher_allowed_by_robots(m, bp, bl, lp, ll, up, ul, allowed.as_mut_ptr())
    };
    assert_eq!(status, StatusOk);
    let expected = rust.allowed_by_robots(body, agents, url);
    assert_eq!(unsafe { allowed.assume_init() }, expected);
    assert_eq!(c_details(m), details(&rust));

    // NULL handle, NULL out-parameter, (NULL, n > 0) in each string and in
    // the array or one of its elements: refused, nothing written.
    let n = bits.bogus_len();
    let sentinel = bits.flag();
    let mut out = sentinel;
    let calls: [&dyn Fn(&mut bool) -> robotstxt_status; 7] = [
        &|o| unsafe {
            robotstxt_matcher_one_agent_allowed_by_robots(null_mut(), bp, bl, ap, al, up, ul, o)
        },
        &|_| unsafe {
            robotstxt_matcher_one_agent_allowed_by_robots(m, bp, bl, ap, al, up, ul, null_mut())
        },
        &|o| unsafe {
            robotstxt_matcher_one_agent_allowed_by_robots(m, null(), n, ap, al, up, ul, o)
        },
        &|o| unsafe {
            robotstxt_matcher_one_agent_allowed_by_robots(m, bp, bl, null(), n, up, ul, o)
        },
        &|o| unsafe {
            robotstxt_matcher_one_agent_allowed_by_robots(m, bp, bl, ap, al, null(), n, o)
        },
        &|o| unsafe { robotstxt_matcher_allowed_by_robots(m, bp, bl, null(), n, up, ul, o) },
        &|o| {
            let mut bad = list.clone();
            bad.push(robotstxt_str {
                ptr: null(),
                len: n,
            });
            unsafe {
                robotstxt_matcher_allowed_by_robots(m, bp, bl, bad.as_ptr(), bad.len(), up, ul, o)
            }
        },
    ];
    for call in calls {
        assert_eq!(call(&mut out), NullArgument);
        assert_eq!(out, sentinel);
    }
    unsafe {
        assert!(!robotstxt_matcher_disallow(null()));
        assert!(!robotstxt_matcher_disallow_ignore_global(null()));
        assert!(!robotstxt_matcher_ever_seen_specific_agent(null()));
        assert_eq!(robotstxt_matcher_matching_line(null()), 0);
        robotstxt_matcher_free(m);
        robotstxt_matcher_free(null_mut());
    }
}

fn check_reporter(body: &[u8], second: &[u8], bits: &mut Bits) {
    let r = robotstxt_reporter_new();
    assert!(!r.is_null());
    let mut rust = RobotsParsingReporter::new();
    // Two parses into one reporter: Google keeps the lines of the first that
    // the second does not overwrite.
    for text in [body, second] {
        let (p, l) = arg(text, bits);
        assert_eq!(unsafe { robotstxt_reporter_parse(r, p, l) }, StatusOk);
        parse_robots_txt(text, &mut rust);
        unsafe {
            assert_eq!(robotstxt_reporter_line_count(r), rust.lines().len());
            assert_eq!(robotstxt_reporter_last_line_seen(r), rust.last_line_seen());
            assert_eq!(
                robotstxt_reporter_valid_directives(r),
                rust.valid_directives()
            );
            assert_eq!(
                robotstxt_reporter_unused_directives(r),
                rust.unused_directives()
            );
        }
    }
    let expected: Vec<robotstxt_parsed_line> = rust.lines().map(Into::into).collect();
    let count = expected.len();

    // Ask for the number, then copy into a buffer of a chosen capacity.
    let mut len = usize::MAX;
    let status = unsafe { robotstxt_reporter_lines(r, null_mut(), 0, &mut len) };
    assert_eq!(len, count);
    assert_eq!(status, if count == 0 { StatusOk } else { BufferTooSmall });
    let cap = if bits.flag() {
        count
    } else {
        bits.take(4) as usize
    };
    let mut buf: Vec<robotstxt_parsed_line> = Vec::with_capacity(cap);
    let mut len = usize::MAX;
    let status = unsafe { robotstxt_reporter_lines(r, buf.as_mut_ptr(), cap, &mut len) };
    assert_eq!(len, count);
    if cap >= count {
        assert_eq!(status, StatusOk);
        // SAFETY: the call wrote `count` elements.
        unsafe { buf.set_len(count) };
        assert_eq!(buf, expected);
    } else {
        assert_eq!(status, BufferTooSmall);
    }
    assert_eq!(
        unsafe { robotstxt_reporter_lines(r, null_mut(), 1 + bits.take(3) as usize, &mut len) },
        NullArgument
    );

    // One line: one that exists, line 0 and one past the end.
    let probe = bits.take(8) as u32;
    for line_num in [probe, 0, rust.last_line_seen().saturating_add(1)] {
        let mut out = MaybeUninit::<robotstxt_parsed_line>::uninit();
        let found = unsafe { robotstxt_reporter_line(r, line_num, out.as_mut_ptr()) };
        let want = expected.iter().find(|l| l.line_num == line_num);
        assert_eq!(found, want.is_some());
        if let Some(want) = want {
            assert_eq!(unsafe { out.assume_init() }, *want);
        }
        assert!(!unsafe { robotstxt_reporter_line(r, line_num, null_mut()) });
    }

    // Refusals leave the reporter as it was.
    let n = bits.bogus_len();
    unsafe {
        assert_eq!(robotstxt_reporter_parse(r, null(), n), NullArgument);
        assert_eq!(
            robotstxt_reporter_parse(null_mut(), null(), 0),
            NullArgument
        );
        assert_eq!(robotstxt_reporter_line_count(r), count);
        assert_eq!(robotstxt_reporter_line_count(null()), 0);
        assert_eq!(robotstxt_reporter_last_line_seen(null()), 0);
        assert_eq!(robotstxt_reporter_valid_directives(null()), 0);
        assert_eq!(robotstxt_reporter_unused_directives(null()), 0);
        assert_eq!(
            robotstxt_reporter_lines(null(), null_mut(), 0, null_mut()),
            NullArgument
        );
        robotstxt_reporter_free(r);
        robotstxt_reporter_free(null_mut());
    }
}

/// One event of a parse, as the C callbacks or the Rust handler saw it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Event {
    Start,
    End,
    /// Kind (0 user-agent, 1 allow, 2 disallow, 3 sitemap, 4 unknown), line,
    /// key (unknown only), value.
    Directive(u8, u32, Vec<u8>, Vec<u8>),
    Metadata(u32, robotstxt_line_metadata),
    /// A callback got a NULL string pointer, which the API never passes.
    NullPointer,
}

/// Which callbacks are set, one bit each in the order of the table.
#[derive(Clone, Copy)]
struct Enabled(u8);

impl Enabled {
    fn has(self, i: u8) -> bool {
        self.0 & (1 << i) != 0
    }
}

fn events<'a>(ud: *mut c_void) -> &'a mut Vec<Event> {
    // SAFETY: every table below passes a live Vec<Event> as user_data.
    unsafe { &mut *ud.cast::<Vec<Event>>() }
}

/// Copies `(ptr, len)`; NULL is recorded, not dereferenced.
fn copy(ptr: *const c_char, len: usize) -> Option<Vec<u8>> {
    if ptr.is_null() {
        return None;
    }
    // SAFETY: robotstxt_parse passes len readable bytes at a non-NULL ptr.
    Some(unsafe { std::slice::from_raw_parts(ptr.cast::<u8>(), len) }.to_vec())
}

fn push_directive(
    ud: *mut c_void,
    kind: u8,
    line: u32,
    key: Option<Vec<u8>>,
    value: *const c_char,
    len: usize,
) {
    let event = match (key, copy(value, len)) {
        (Some(key), Some(value)) => Event::Directive(kind, line, key, value),
        _ => Event::NullPointer,
    };
    events(ud).push(event);
}

unsafe extern "C" fn on_start(ud: *mut c_void) {
    events(ud).push(Event::Start);
}
unsafe extern "C" fn on_end(ud: *mut c_void) {
    events(ud).push(Event::End);
}
unsafe extern "C" fn on_user_agent(ud: *mut c_void, line: u32, v: *const c_char, n: usize) {
    push_directive(ud, 0, line, Some(Vec::new()), v, n);
}
unsafe extern "C" fn on_allow(ud: *mut c_void, line: u32, v: *const c_char, n: usize) {
    push_directive(ud, 1, line, Some(Vec::new()), v, n);
}
unsafe extern "C" fn on_disallow(ud: *mut c_void, line: u32, v: *const c_char, n: usize) {
    push_directive(ud, 2, line, Some(Vec::new()), v, n);
}
unsafe extern "C" fn on_sitemap(ud: *mut c_void, line: u32, v: *const c_char, n: usize) {
    push_directive(ud, 3, line, Some(Vec::new()), v, n);
}
unsafe extern "C" fn on_unknown(
    ud: *mut c_void,
    line: u32,
    k: *const c_char,
    kn: usize,
    v: *const c_char,
    vn: usize,
) {
    push_directive(ud, 4, line, copy(k, kn), v, vn);
}
unsafe extern "C" fn on_metadata(ud: *mut c_void, line: u32, m: *const robotstxt_line_metadata) {
    // SAFETY: robotstxt_parse passes a valid metadata pointer.
    let event = match unsafe { m.as_ref() } {
        Some(m) => Event::Metadata(line, *m),
        None => Event::NullPointer,
    };
    events(ud).push(event);
}

/// The same events from the Rust parser, for the enabled callbacks only.
struct Expected {
    enabled: Enabled,
    events: Vec<Event>,
}

impl Expected {
    fn directive(&mut self, kind: u8, line: u32, key: &[u8], value: &[u8]) {
        if self.enabled.has(2 + kind) {
            self.events
                .push(Event::Directive(kind, line, key.to_vec(), value.to_vec()));
        }
    }
}

impl ParseHandler for Expected {
    fn handle_robots_start(&mut self) {
        if self.enabled.has(0) {
            self.events.push(Event::Start);
        }
    }
    fn handle_robots_end(&mut self) {
        if self.enabled.has(1) {
            self.events.push(Event::End);
        }
    }
    fn handle_user_agent(&mut self, line: u32, value: &[u8]) {
        self.directive(0, line, b"", value);
    }
    fn handle_allow(&mut self, line: u32, value: &[u8]) {
        self.directive(1, line, b"", value);
    }
    fn handle_disallow(&mut self, line: u32, value: &[u8]) {
        self.directive(2, line, b"", value);
    }
    fn handle_sitemap(&mut self, line: u32, value: &[u8]) {
        self.directive(3, line, b"", value);
    }
    fn handle_unknown_action(&mut self, line: u32, action: &[u8], value: &[u8]) {
        self.directive(4, line, action, value);
    }
    fn report_line_metadata(&mut self, line: u32, metadata: &LineMetadata) {
        if self.enabled.has(7) {
            self.events.push(Event::Metadata(line, metadata.into()));
        }
    }
}

fn check_parse(body: &[u8], bits: &mut Bits) {
    let enabled = Enabled(bits.take(8) as u8);
    let mut seen: Vec<Event> = Vec::new();
    let callbacks = robotstxt_parse_callbacks {
        user_data: (&mut seen as *mut Vec<Event>).cast(),
        handle_robots_start: enabled.has(0).then_some(on_start as _),
        handle_robots_end: enabled.has(1).then_some(on_end as _),
        handle_user_agent: enabled.has(2).then_some(on_user_agent as _),
        handle_allow: enabled.has(3).then_some(on_allow as _),
        handle_disallow: enabled.has(4).then_some(on_disallow as _),
        handle_sitemap: enabled.has(5).then_some(on_sitemap as _),
        handle_unknown_action: enabled.has(6).then_some(on_unknown as _),
        report_line_metadata: enabled.has(7).then_some(on_metadata as _),
    };
    let (p, l) = arg(body, bits);
    assert_eq!(unsafe { robotstxt_parse(p, l, &callbacks) }, StatusOk);
    let mut expected = Expected {
        enabled,
        events: Vec::new(),
    };
    parse_robots_txt(body, &mut expected);
    assert_eq!(seen, expected.events);
    for event in &seen {
        if let Event::Directive(_, _, key, value) = event {
            assert!(!key.contains(&0) && !value.contains(&0));
        }
    }

    // Refused before any callback.
    seen.clear();
    let n = bits.bogus_len();
    unsafe {
        assert_eq!(robotstxt_parse(null(), n, &callbacks), NullArgument);
        assert_eq!(robotstxt_parse(p, l, null()), NullArgument);
    }
    assert!(seen.is_empty());
}

/// A string result through the caller-buffer export and the `_alloc` export.
fn check_string_export(
    expected: &[u8],
    escaped: Option<bool>,
    bits: &mut Bits,
    into_buffer: &dyn Fn(*mut c_char, usize, *mut usize, *mut bool) -> robotstxt_status,
    alloc: &dyn Fn(*mut *mut c_char, *mut usize, *mut bool) -> robotstxt_status,
) {
    const FILL: u8 = 0xA5;
    let cap = match bits.take(2) {
        0 => expected.len() + 1,
        1 => expected.len(),
        _ => bits.take(6) as usize,
    };
    let mut buf = vec![FILL; cap];
    let mut len = usize::MAX;
    let mut flag = MaybeUninit::<bool>::uninit();
    let status = into_buffer(buf.as_mut_ptr().cast(), cap, &mut len, flag.as_mut_ptr());
    assert_eq!(len, expected.len());
    if let Some(escaped) = escaped {
        assert_eq!(unsafe { flag.assume_init() }, escaped);
    }
    if cap > expected.len() {
        assert_eq!(status, StatusOk);
        assert_eq!(&buf[..expected.len()], expected);
        assert_eq!(buf[expected.len()], 0);
    } else {
        assert_eq!(status, BufferTooSmall);
        assert!(buf.iter().all(|&b| b == FILL), "a refused call wrote");
    }
    assert_eq!(
        into_buffer(
            null_mut(),
            1 + bits.take(3) as usize,
            null_mut(),
            null_mut()
        ),
        NullArgument
    );

    let mut out: *mut c_char = null_mut();
    let mut len = usize::MAX;
    let with_len = bits.flag();
    let len_ptr = if with_len {
        &mut len as *mut usize
    } else {
        null_mut()
    };
    assert_eq!(alloc(&mut out, len_ptr, null_mut()), StatusOk);
    assert!(!out.is_null());
    assert_eq!(unsafe { CStr::from_ptr(out) }.to_bytes().len(), {
        // The result may hold a NUL (a URL path can): C sees it cut there.
        expected
            .iter()
            .position(|&b| b == 0)
            .unwrap_or(expected.len())
    });
    assert_eq!(
        unsafe { std::slice::from_raw_parts(out.cast::<u8>(), expected.len() + 1) },
        [expected, b"\0"].concat()
    );
    if with_len {
        assert_eq!(len, expected.len());
    }
    unsafe { robotstxt_buffer_free(out) };
    assert_eq!(alloc(null_mut(), null_mut(), null_mut()), NullArgument);
}

fn check_helpers(pieces: &[&[u8]], bits: &mut Bits) {
    for &s in pieces {
        let (p, l) = arg(s, bits);
        let n = bits.bogus_len();
        unsafe {
            let mut typo = MaybeUninit::<bool>::uninit();
            let (key_type, is_typo) = get_key_type(s);
            let got = robotstxt_get_key_type(p, l, typo.as_mut_ptr());
            assert_eq!(got, robotstxt_key_type::from(key_type));
            assert_eq!(typo.assume_init(), is_typo);
            assert_eq!(
                robotstxt_get_key_type(p, l, null_mut()),
                robotstxt_key_type::from(key_type)
            );
            let mut untouched = true;
            assert_eq!(
                robotstxt_get_key_type(null(), n, &mut untouched),
                robotstxt_key_type::Unknown
            );
            assert!(untouched);

            assert_eq!(
                robotstxt_is_unsupported_tag(p, l),
                robotstxt_exact::reporting::is_unsupported_tag(s)
            );
            assert_eq!(
                robotstxt_is_valid_user_agent_to_obey(p, l),
                robotstxt_exact::is_valid_user_agent_to_obey(s)
            );
            assert_eq!(
                robotstxt_extract_user_agent(p, l),
                robotstxt_exact::extract_user_agent(s).len()
            );
            assert!(!robotstxt_is_unsupported_tag(null(), n));
            assert!(!robotstxt_is_valid_user_agent_to_obey(null(), n));
            assert_eq!(robotstxt_extract_user_agent(null(), n), 0);
        }

        let path = get_path_params_query(s);
        check_string_export(
            &path,
            None,
            bits,
            &|out, cap, len, _| unsafe { robotstxt_get_path_params_query(p, l, out, cap, len) },
            &|out, len, _| unsafe { robotstxt_get_path_params_query_alloc(p, l, out, len) },
        );
        let pattern = maybe_escape_pattern(s);
        let escaped = matches!(pattern, std::borrow::Cow::Owned(_));
        check_string_export(
            &pattern,
            Some(escaped),
            bits,
            &|out, cap, len, esc| unsafe {
                robotstxt_maybe_escape_pattern(p, l, out, cap, len, esc)
            },
            &|out, len, esc| unsafe { robotstxt_maybe_escape_pattern_alloc(p, l, out, len, esc) },
        );
        unsafe {
            let mut out = null_mut();
            assert_eq!(
                robotstxt_get_path_params_query_alloc(null(), n, &mut out, null_mut()),
                NullArgument
            );
            assert_eq!(
                robotstxt_maybe_escape_pattern_alloc(null(), n, &mut out, null_mut(), null_mut()),
                NullArgument
            );
            assert!(out.is_null());
        }
    }
    unsafe { robotstxt_buffer_free(null_mut()) };
    let version = robotstxt_version();
    assert!(!version.is_null());
    assert!(unsafe { CStr::from_ptr(version) }.to_str().is_ok());
}

/// The bytes of a string the library handed out.
fn borrowed<'a>(s: robotstxt_str) -> &'a [u8] {
    assert!(!s.ptr.is_null(), "strings handed out are never NULL");
    // SAFETY: the handle that handed it out is alive while it is read.
    unsafe { std::slice::from_raw_parts(s.ptr.cast::<u8>(), s.len) }
}

fn check_robots(body: &[u8], url: &[u8], agents: &[&[u8]], bits: &mut Bits) {
    let (bp, bl) = arg(body, bits);
    let h = unsafe { robotstxt_robots_parse(bp, bl) };
    assert!(!h.is_null());
    let rust = Robots::parse(body);

    // Queries: every agent alone and all at once, against RobotsMatcher.
    let (up, ul) = arg(url, bits);
    let mut sets: Vec<Vec<&[u8]>> = agents.iter().map(|&a| vec![a]).collect();
    sets.push(agents.to_vec());
    for set in &sets {
        let list: Vec<robotstxt_str> = set
            .iter()
            .map(|a| {
                let (ptr, len) = arg(a, bits);
                robotstxt_str { ptr, len }
            })
            .collect();
        let (lp, ll) = if list.is_empty() && bits.flag() {
            (null(), 0)
        } else {
            (list.as_ptr(), list.len())
        };
        let mut answer = MaybeUninit::<robotstxt_answer>::uninit();
        let status = unsafe { robotstxt_robots_check(h, lp, ll, up, ul, answer.as_mut_ptr()) };
        assert_eq!(status, StatusOk);
        let answer = unsafe { answer.assume_init() };
        let mut m = RobotsMatcher::new();
        let allowed = m.allowed_by_robots(body, set, url);
        assert_eq!(
            answer,
            robotstxt_answer {
                allowed,
                matching_line: m.matching_line(),
                ever_seen_specific_agent: m.ever_seen_specific_agent(),
                disallow_ignore_global: m.disallow_ignore_global(),
            },
            "agents {set:?} url {url:?}"
        );
        if let [agent] = set[..] {
            let (ap, al) = arg(agent, bits);
            let mut one = MaybeUninit::<bool>::uninit();
            let status = unsafe { robotstxt_robots_allowed(h, ap, al, up, ul, one.as_mut_ptr()) };
            assert_eq!(status, StatusOk);
            assert_eq!(unsafe { one.assume_init() }, allowed);
            let mut delay = f64::NAN;
            let status = unsafe { robotstxt_robots_crawl_delay(h, ap, al, &mut delay) };
            match rust.crawl_delay(agent) {
                Some(d) => assert!(status == StatusOk && delay == d),
                None => assert!(status == NotFound && delay.is_nan()),
            }
        }
    }

    // Sitemaps, groups, agents and rules, each index and one past the end.
    unsafe {
        let sitemaps: Vec<&[u8]> = rust.sitemaps().collect();
        assert_eq!(robotstxt_robots_sitemap_count(h), sitemaps.len());
        for (i, want) in sitemaps.iter().enumerate().take(16) {
            let mut out = MaybeUninit::<robotstxt_str>::uninit();
            assert_eq!(robotstxt_robots_sitemap(h, i, out.as_mut_ptr()), StatusOk);
            assert_eq!(borrowed(out.assume_init()), *want);
        }
        let mut out = MaybeUninit::<robotstxt_str>::uninit();
        let past = sitemaps.len() + bits.take(2) as usize;
        assert_eq!(
            robotstxt_robots_sitemap(h, past, out.as_mut_ptr()),
            OutOfRange
        );
        assert_eq!(robotstxt_robots_sitemap(h, 0, null_mut()), NullArgument);

        let groups: Vec<_> = rust.groups().collect();
        assert_eq!(robotstxt_robots_group_count(h), groups.len());
        for (g, group) in groups.iter().enumerate().take(16) {
            let agents: Vec<_> = group.agents().collect();
            assert_eq!(robotstxt_robots_group_agent_count(h, g), agents.len());
            for (i, (value, line)) in agents.iter().enumerate().take(16) {
                let mut out = MaybeUninit::<robotstxt_group_agent>::uninit();
                assert_eq!(
                    robotstxt_robots_group_agent(h, g, i, out.as_mut_ptr()),
                    StatusOk
                );
                let out = out.assume_init();
                assert_eq!((borrowed(out.value), out.line), (*value, *line));
            }
            let mut out = MaybeUninit::<robotstxt_group_agent>::uninit();
            let status = robotstxt_robots_group_agent(h, g, agents.len(), out.as_mut_ptr());
            assert_eq!(status, OutOfRange);

            let rules: Vec<_> = group.rules().collect();
            assert_eq!(robotstxt_robots_group_rule_count(h, g), rules.len());
            for (i, rule) in rules.iter().enumerate().take(16) {
                let mut out = MaybeUninit::<robotstxt_rule>::uninit();
                assert_eq!(
                    robotstxt_robots_group_rule(h, g, i, out.as_mut_ptr()),
                    StatusOk
                );
                let out = out.assume_init();
                let kind = match rule.kind {
                    RuleKind::Allow => robotstxt_rule_kind::Allow,
                    RuleKind::Disallow => robotstxt_rule_kind::Disallow,
                };
                assert_eq!(
                    (out.kind, borrowed(out.pattern), out.line),
                    (kind, rule.pattern, rule.line)
                );
            }
            let mut out = MaybeUninit::<robotstxt_rule>::uninit();
            let status = robotstxt_robots_group_rule(h, g, rules.len(), out.as_mut_ptr());
            assert_eq!(status, OutOfRange);

            assert_eq!(robotstxt_robots_group_is_global(h, g), group.is_global());
            let mut delay = f64::NAN;
            match group.crawl_delay() {
                Some(d) => {
                    assert_eq!(
                        robotstxt_robots_group_crawl_delay(h, g, &mut delay),
                        StatusOk
                    );
                    assert_eq!(delay, d);
                }
                None => {
                    assert_eq!(
                        robotstxt_robots_group_crawl_delay(h, g, &mut delay),
                        NotFound
                    );
                    assert!(delay.is_nan());
                }
            }
        }
        // Past the last group: zero counts, out of range.
        let g = groups.len() + bits.take(2) as usize;
        let i = bits.take(2) as usize;
        assert_eq!(robotstxt_robots_group_agent_count(h, g), 0);
        assert_eq!(robotstxt_robots_group_rule_count(h, g), 0);
        assert!(!robotstxt_robots_group_is_global(h, g));
        let mut agent = MaybeUninit::<robotstxt_group_agent>::uninit();
        assert_eq!(
            robotstxt_robots_group_agent(h, g, i, agent.as_mut_ptr()),
            OutOfRange
        );
        let mut rule = MaybeUninit::<robotstxt_rule>::uninit();
        assert_eq!(
            robotstxt_robots_group_rule(h, g, i, rule.as_mut_ptr()),
            OutOfRange
        );
        let mut delay = 0.0;
        assert_eq!(
            robotstxt_robots_group_crawl_delay(h, g, &mut delay),
            OutOfRange
        );
        // Indexes are built by queries: a fresh parse holds the least.
        assert!(robotstxt_robots_heap_bytes(h) >= Robots::parse(body).heap_bytes());

        // NULL handles, NULL out-parameters and (NULL, n > 0) strings.
        let n = bits.bogus_len();
        let mut answer = MaybeUninit::<robotstxt_answer>::uninit();
        let mut allowed = false;
        assert!(robotstxt_robots_parse(null(), n).is_null());
        assert_eq!(
            robotstxt_robots_check(null(), null(), 0, up, ul, answer.as_mut_ptr()),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_check(h, null(), 0, up, ul, null_mut()),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_check(h, null(), n, up, ul, answer.as_mut_ptr()),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_check(h, null(), 0, null(), n, answer.as_mut_ptr()),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_allowed(h, null(), n, up, ul, &mut allowed),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_allowed(h, null(), 0, up, ul, null_mut()),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_crawl_delay(h, null(), n, &mut delay),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_crawl_delay(h, null(), 0, null_mut()),
            NullArgument
        );
        assert_eq!(robotstxt_robots_sitemap_count(null()), 0);
        assert_eq!(robotstxt_robots_group_count(null()), 0);
        assert_eq!(robotstxt_robots_group_agent_count(null(), 0), 0);
        assert_eq!(robotstxt_robots_group_rule_count(null(), 0), 0);
        assert!(!robotstxt_robots_group_is_global(null(), 0));
        assert_eq!(robotstxt_robots_heap_bytes(null()), 0);
        assert_eq!(
            robotstxt_robots_group_agent(h, 0, 0, null_mut()),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_group_rule(h, 0, 0, null_mut()),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_group_crawl_delay(h, 0, null_mut()),
            NullArgument
        );
        robotstxt_robots_free(h);
        robotstxt_robots_free(null_mut());
    }
}

fn system_time(secs: u64) -> SystemTime {
    SystemTime::UNIX_EPOCH + Duration::from_secs(secs)
}

fn unix(time: SystemTime) -> u64 {
    time.duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// A time in seconds: around now, near zero, or far out (below the 2^40
/// seconds where the C API starts clamping).
fn time_from(bits: &mut Bits) -> u64 {
    match bits.take(2) {
        0 => bits.take(20),
        1 => (1 << 40) - 1 - bits.take(20),
        _ => 1_700_000_000 + bits.take(24),
    }
}

/// The robots.txt URL of `page` from a WHATWG parse of the whole URL (RFC
/// 9309: scheme, authority, `/robots.txt`), which the crawler's parse of the
/// scheme and authority alone must equal, errors included, for URLs under
/// its length limit (all fuzz inputs are).
fn whole_url_robots_txt(page: &str) -> Result<url::Url, crawler::UrlError> {
    let mut url = url::Url::parse(page).map_err(crawler::UrlError::Invalid)?;
    if url.cannot_be_a_base() || url.host().is_none() {
        return Err(crawler::UrlError::NoAuthority);
    }
    let _ = url.set_username("");
    let _ = url.set_password(None);
    url.set_path("/robots.txt");
    url.set_query(None);
    url.set_fragment(None);
    Ok(url)
}

/// Whether the whole URL parses as a robots.txt URL: a host, the path
/// `/robots.txt`, no query.
fn whole_url_is_robots_txt(url: &str) -> bool {
    url::Url::parse(url).is_ok_and(|u| {
        !u.cannot_be_a_base()
            && u.host().is_some()
            && u.path() == "/robots.txt"
            && u.query().is_none()
    })
}

fn check_crawler(url: &[u8], others: &[&[u8]], body: &[u8], bits: &mut Bits) {
    // URL helpers, on the URL and on each other piece.
    for &page in std::iter::once(&url).chain(others) {
        let text = std::str::from_utf8(page).ok();
        if let Some(text) = text {
            assert_eq!(crawler::robots_txt_url(text), whole_url_robots_txt(text));
            assert_eq!(
                crawler::is_robots_txt_url(text),
                whole_url_is_robots_txt(text)
            );
        }
        let expected = text
            .and_then(|u| crawler::robots_txt_url(u).ok())
            .map_or(String::new(), |u| u.as_str().to_owned());
        let (p, l) = arg(page, bits);
        check_string_export(
            expected.as_bytes(),
            None,
            bits,
            &|out, cap, len, _| unsafe { robotstxt_robots_txt_url(p, l, out, cap, len) },
            &|out, len, _| unsafe { robotstxt_robots_txt_url_alloc(p, l, out, len) },
        );
        unsafe {
            assert_eq!(
                robotstxt_is_robots_txt_url(p, l),
                text.is_some_and(crawler::is_robots_txt_url)
            );
            let (q, m) = arg(url, bits);
            let applies = match (text, std::str::from_utf8(url).ok()) {
                (Some(robots), Some(page)) => crawler::applies_to(robots, page),
                _ => false,
            };
            assert_eq!(robotstxt_robots_txt_applies_to(p, l, q, m), applies);
            let mut secs = u64::MAX;
            let max_age = crawler::max_age_from_cache_control(&String::from_utf8_lossy(page));
            assert_eq!(
                robotstxt_max_age_from_cache_control(p, l, &mut secs),
                max_age.is_some()
            );
            if let Some(max_age) = max_age {
                assert_eq!(secs, max_age.as_secs());
            }
            let n = bits.bogus_len();
            assert!(!robotstxt_is_robots_txt_url(null(), n));
            assert!(!robotstxt_robots_txt_applies_to(null(), n, q, m));
            assert!(!robotstxt_max_age_from_cache_control(p, l, null_mut()));
            assert!(!robotstxt_max_age_from_cache_control(null(), n, &mut secs));
        }
    }
    let hops = bits.take(4) as u32;
    assert_eq!(
        robotstxt_should_follow_redirect(hops),
        crawler::should_follow_redirect(hops)
    );
    assert_eq!(
        robotstxt_should_follow_redirect(u32::MAX),
        crawler::should_follow_redirect(u32::MAX)
    );

    // A cache entry driven through a sequence of events, next to the Rust one.
    let policy_bits = bits.take(2) as u32;
    let c = robotstxt_cache_entry_new(policy_bits);
    let mut rust = match policy_bits {
        ROBOTSTXT_POLICY_GOOGLE => CacheEntry::new(Policy::Google),
        ROBOTSTXT_POLICY_RFC9309 => CacheEntry::new(Policy::Rfc9309),
        _ => {
            assert!(c.is_null(), "unknown policy {policy_bits} accepted");
            return;
        }
    };
    assert!(!c.is_null());
    let cache_control = others.first().copied().unwrap_or_default();
    for _ in 0..4 {
        unsafe {
            match bits.take(3) {
                0 => {
                    let secs = if bits.flag() { u64::MAX } else { bits.take(24) };
                    assert_eq!(robotstxt_cache_entry_set_lifetime(c, secs), StatusOk);
                    rust = rust.with_lifetime(Duration::from_secs(secs));
                }
                1 => {
                    let limit = if bits.flag() {
                        usize::MAX
                    } else {
                        bits.take(12) as usize
                    };
                    assert_eq!(robotstxt_cache_entry_set_size_limit(c, limit), StatusOk);
                    rust = rust.with_size_limit((limit != usize::MAX).then_some(limit));
                }
                2 => {
                    let available = bits.flag();
                    assert_eq!(
                        robotstxt_cache_entry_set_site_available(c, available),
                        StatusOk
                    );
                    rust.set_site_available(available);
                }
                3 => {
                    let now = time_from(bits);
                    assert_eq!(robotstxt_cache_entry_record_network_error(c, now), StatusOk);
                    rust.record(system_time(now), FetchOutcome::NetworkError, &[], None);
                }
                _ => {
                    let now = time_from(bits);
                    let status = match bits.take(2) {
                        0 => 200,
                        1 => 404,
                        2 => 503,
                        _ => bits.take(16) as u16,
                    };
                    let (bp, bl) = arg(body, bits);
                    let (cp, cl) = arg(cache_control, bits);
                    let got = robotstxt_cache_entry_record_http(c, now, status, bp, bl, cp, cl);
                    assert_eq!(got, StatusOk);
                    let max_age = crawler::max_age_from_cache_control(&String::from_utf8_lossy(
                        cache_control,
                    ));
                    rust.record(
                        system_time(now),
                        FetchOutcome::Status(status),
                        body,
                        max_age,
                    );
                }
            }
            let now = time_from(bits);
            assert_eq!(
                robotstxt_cache_entry_needs_fetch(c, now),
                rust.needs_fetch(system_time(now))
            );
            let decision: Decision = rust.decide(system_time(now));
            assert_eq!(
                robotstxt_cache_entry_decide(c, now),
                robotstxt_decision::from(decision)
            );
            let mut len = usize::MAX;
            let ptr = robotstxt_cache_entry_body(c, &mut len);
            match rust.body() {
                Some(want) => {
                    assert!(!ptr.is_null());
                    assert_eq!(std::slice::from_raw_parts(ptr.cast::<u8>(), len), want);
                }
                None => assert!(ptr.is_null() && len == usize::MAX),
            }
            let mut secs = 0;
            // In seconds, saturating at UINT64_MAX where the Rust time
            // saturates at the latest SystemTime.
            let until = rust.fresh_until().map(|t| {
                if t.checked_add(Duration::from_nanos(1)).is_none() {
                    u64::MAX
                } else {
                    t.duration_since(SystemTime::UNIX_EPOCH)
                        .map_or(0, |d| d.as_secs())
                }
            });
            assert_eq!(until.is_some(), rust.fresh_until().is_some());
            assert_eq!(
                robotstxt_cache_entry_fresh_until(c, &mut secs),
                until.is_some()
            );
            if let Some(until) = until {
                assert_eq!(secs, until);
            }
            let since = rust.unreachable_since();
            assert_eq!(
                robotstxt_cache_entry_unreachable_since(c, &mut secs),
                since.is_some()
            );
            if let Some(since) = since {
                assert_eq!(secs, unix(since));
            }
        }
    }
    unsafe {
        let n = bits.bogus_len();
        assert_eq!(
            robotstxt_cache_entry_set_lifetime(null_mut(), 1),
            NullArgument
        );
        assert_eq!(
            robotstxt_cache_entry_set_size_limit(null_mut(), 1),
            NullArgument
        );
        assert_eq!(
            robotstxt_cache_entry_set_site_available(null_mut(), true),
            NullArgument
        );
        assert_eq!(
            robotstxt_cache_entry_record_network_error(null_mut(), 1),
            NullArgument
        );
        assert_eq!(
            robotstxt_cache_entry_record_http(c, 1, 200, null(), n, null(), 0),
            NullArgument
        );
        assert_eq!(
            robotstxt_cache_entry_record_http(c, 1, 200, null(), 0, null(), n),
            NullArgument
        );
        assert!(!robotstxt_cache_entry_needs_fetch(null(), 1));
        assert_eq!(
            robotstxt_cache_entry_decide(null(), 1),
            robotstxt_decision::DisallowAll
        );
        assert!(robotstxt_cache_entry_body(null(), null_mut()).is_null());
        assert!(!robotstxt_cache_entry_fresh_until(null(), null_mut()));
        assert!(!robotstxt_cache_entry_unreachable_since(null(), null_mut()));
        robotstxt_cache_entry_free(c);
        robotstxt_cache_entry_free(null_mut());
    }
}

fuzz_target!(|data: &[u8]| {
    let mut tail = [0u8; 8];
    let n = data.len().min(8);
    tail[..n].copy_from_slice(&data[data.len() - n..]);
    let mut bits = Bits(u64::from_le_bytes(tail));

    let mut parts = data.split(|&b| b == 0xFF);
    let body = parts.next().unwrap_or_default();
    let url = parts.next().unwrap_or(b"http://example.com/");
    let agents: Vec<&[u8]> = parts.take(4).collect();

    check_matcher(body, url, &agents, &mut bits);
    check_reporter(body, url, &mut bits);
    check_parse(body, &mut bits);
    check_robots(body, url, &agents, &mut bits);
    check_crawler(url, &agents, body, &mut bits);
    let mut pieces = vec![url];
    pieces.extend(&agents);
    check_helpers(&pieces, &mut bits);
});
