//! The shared cases of `spec/cases/` through the C ABI, called from Rust as
//! C would call it: each matcher query is asked of a `robotstxt_matcher`
//! and of the parse-once `robotstxt_robots` and its compiled view, which
//! must agree; the parser through `robotstxt_parse` callbacks; the reporter,
//! the path and the escape through their handles and allocated buffers.
//!
//! Its own harness (`harness = false`): prints each case and the count.

#[path = "../../tests/spec_runner/mod.rs"]
mod spec_runner;

use std::ffi::{c_char, c_void};
use std::process::ExitCode;
use std::ptr::{null, null_mut};

use robotstxt::matcher::*;
use robotstxt::parse::*;
use robotstxt::reporter::*;
use robotstxt::robots::*;
use robotstxt::util::*;
use robotstxt::{robotstxt_status, robotstxt_str};
use spec_runner::{Answer, Api, Event, Report, ReportedLine, TAGS, flags};

fn p(bytes: &[u8]) -> *const c_char {
    bytes.as_ptr().cast()
}

fn ok(status: robotstxt_status) {
    assert_eq!(status, robotstxt_status::Ok);
}

/// A buffer the library allocated, read and freed.
fn take(buffer: *mut c_char, len: usize) -> Vec<u8> {
    assert!(!buffer.is_null());
    let out = unsafe { std::slice::from_raw_parts(buffer.cast::<u8>(), len) }.to_vec();
    unsafe { robotstxt_buffer_free(buffer) };
    out
}

fn bytes<'a>(ptr: *const c_char, len: usize) -> &'a [u8] {
    if len == 0 {
        return b"";
    }
    unsafe { std::slice::from_raw_parts(ptr.cast::<u8>(), len) }
}

fn recorder(user_data: *mut c_void) -> &'static mut Vec<Event> {
    unsafe { &mut *user_data.cast::<Vec<Event>>() }
}

macro_rules! directive {
    ($name:ident, $kind:literal) => {
        unsafe extern "C" fn $name(user_data: *mut c_void, line: u32, v: *const c_char, n: usize) {
            recorder(user_data).push(Event {
                line,
                kind: $kind,
                key: Vec::new(),
                value: bytes(v, n).to_vec(),
            });
        }
    };
}
directive!(on_user_agent, "user-agent");
directive!(on_allow, "allow");
directive!(on_disallow, "disallow");
directive!(on_sitemap, "sitemap");

unsafe extern "C" fn on_unknown(
    user_data: *mut c_void,
    line: u32,
    k: *const c_char,
    kn: usize,
    v: *const c_char,
    vn: usize,
) {
    recorder(user_data).push(Event {
        line,
        kind: "unknown",
        key: bytes(k, kn).to_vec(),
        value: bytes(v, vn).to_vec(),
    });
}

struct CApi;

impl Api for CApi {
    fn allowed(&self, robots: &[u8], agent: &[u8], url: &[u8]) -> Answer {
        let m = robotstxt_matcher_new();
        let mut allowed = false;
        ok(unsafe {
            robotstxt_matcher_one_agent_allowed_by_robots(
                m,
                p(robots),
                robots.len(),
                p(agent),
                agent.len(),
                p(url),
                url.len(),
                &mut allowed,
            )
        });
        let answer = Answer {
            allowed,
            matching_line: unsafe { robotstxt_matcher_matching_line(m) },
            ever_seen_specific_agent: unsafe { robotstxt_matcher_ever_seen_specific_agent(m) },
        };
        unsafe { robotstxt_matcher_free(m) };

        let parsed = unsafe { robotstxt_robots_parse(p(robots), robots.len()) };
        assert!(!parsed.is_null());
        let agents = [robotstxt_str {
            ptr: p(agent),
            len: agent.len(),
        }];
        let mut got = robotstxt_answer {
            allowed: !allowed,
            matching_line: u32::MAX,
            ever_seen_specific_agent: false,
            disallow_ignore_global: false,
        };
        ok(unsafe {
            robotstxt_robots_check(parsed, agents.as_ptr(), 1, p(url), url.len(), &mut got)
        });
        let mut compiled = null_mut();
        ok(unsafe { robotstxt_robots_compile(parsed, agents.as_ptr(), 1, &mut compiled) });
        assert!(!compiled.is_null());
        let mut from_compiled = got;
        from_compiled.allowed = !got.allowed;
        ok(unsafe { robotstxt_compiled_check(compiled, p(url), url.len(), &mut from_compiled) });
        unsafe {
            robotstxt_compiled_free(compiled);
            robotstxt_robots_free(parsed);
        }
        for (what, other) in [
            ("robotstxt_robots_check", got),
            ("robotstxt_compiled_check", from_compiled),
        ] {
            let other = Answer {
                allowed: other.allowed,
                matching_line: other.matching_line,
                ever_seen_specific_agent: other.ever_seen_specific_agent,
            };
            assert_eq!(other, answer, "{what} differs from the matcher");
        }
        answer
    }

    fn is_valid_user_agent_to_obey(&self, agent: Option<&[u8]>) -> bool {
        match agent {
            None => unsafe { robotstxt_is_valid_user_agent_to_obey(null(), 0) },
            Some(a) => unsafe { robotstxt_is_valid_user_agent_to_obey(p(a), a.len()) },
        }
    }

    fn parse(&self, robots: &[u8]) -> Vec<Event> {
        let mut events: Vec<Event> = Vec::new();
        let callbacks = robotstxt_parse_callbacks {
            user_data: (&mut events as *mut Vec<Event>).cast(),
            handle_robots_start: None,
            handle_robots_end: None,
            handle_user_agent: Some(on_user_agent),
            handle_allow: Some(on_allow),
            handle_disallow: Some(on_disallow),
            handle_sitemap: Some(on_sitemap),
            handle_unknown_action: Some(on_unknown),
            report_line_metadata: None,
        };
        ok(unsafe { robotstxt_parse(p(robots), robots.len(), &callbacks) });
        events
    }

    fn report(&self, robots: &[u8]) -> Report {
        let r = robotstxt_reporter_new();
        ok(unsafe { robotstxt_reporter_parse(r, p(robots), robots.len()) });
        let count = unsafe { robotstxt_reporter_line_count(r) };
        let mut lines = Vec::with_capacity(count);
        let mut written = 0;
        ok(unsafe { robotstxt_reporter_lines(r, lines.as_mut_ptr(), count, &mut written) });
        assert_eq!(written, count);
        unsafe { lines.set_len(written) };
        let report = Report {
            valid_directives: unsafe { robotstxt_reporter_valid_directives(r) },
            last_line_seen: unsafe { robotstxt_reporter_last_line_seen(r) },
            lines: lines
                .iter()
                .map(|line: &robotstxt_parsed_line| {
                    let m = &line.metadata;
                    ReportedLine {
                        line_num: line.line_num,
                        tag: TAGS[line.tag_name as usize],
                        is_typo: line.is_typo,
                        flags: flags([
                            m.is_empty,
                            m.has_comment,
                            m.is_comment,
                            m.has_directive,
                            m.is_acceptable_typo,
                            m.is_line_too_long,
                            m.is_missing_colon_separator,
                        ]),
                    }
                })
                .collect(),
        };
        unsafe { robotstxt_reporter_free(r) };
        report
    }

    fn path_params_query(&self, url: &[u8]) -> Vec<u8> {
        let (mut out, mut len) = (null_mut(), 0);
        ok(unsafe { robotstxt_get_path_params_query_alloc(p(url), url.len(), &mut out, &mut len) });
        take(out, len)
    }

    fn escape_pattern(&self, pattern: &[u8]) -> Vec<u8> {
        let (mut out, mut len, mut escaped) = (null_mut(), 0, false);
        ok(unsafe {
            robotstxt_maybe_escape_pattern_alloc(
                p(pattern),
                pattern.len(),
                &mut out,
                &mut len,
                &mut escaped,
            )
        });
        let result = take(out, len);
        // The flag says whether anything changed.
        assert_eq!(escaped, result != pattern, "the escaped flag");
        result
    }
}

fn main() -> ExitCode {
    spec_runner::main(env!("CARGO_MANIFEST_DIR"), "the C ABI", &CApi)
}
