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

#[path = "ffi/handles.rs"]
mod handles;

use handles::{check_crawler, check_robots};

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
