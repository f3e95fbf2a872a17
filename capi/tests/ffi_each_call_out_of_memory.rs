//! The C ABI under an address-space limit: hostile inputs of 100-400 MB
//! whose results do not fit make each call return its documented failure
//! (`ROBOTSTXT_STATUS_OUT_OF_MEMORY`) instead of aborting the process, and
//! the handles stay usable: a normal query on the same and on a fresh handle
//! then gives the right answer.
//!
//! Each case runs in a child process (this program, run again with the
//! case's name in `ROBOTSTXT_OOM_CASE`) that caps its own address space with
//! `setrlimit(RLIMIT_AS)`, so the parent survives whatever happens and tells
//! an abort (SIGABRT, "memory allocation of N bytes failed") from a pass.
//! `harness = false`: each case runs on the main thread of its child, where
//! malloc takes memory from the address space the limit counts.
//!
//! Not for ASan or valgrind, whose shadow memory does not fit under such a
//! limit: run natively (`cargo test -p robotstxt-exact-capi --test ffi_each_call_out_of_memory`).

use std::ffi::{c_char, c_void};
use std::process::Command;
use std::ptr::null_mut;

use robotstxt::crawler::*;
use robotstxt::file_wide::*;
use robotstxt::matcher::*;
use robotstxt::parse::*;
use robotstxt::reporter::*;
use robotstxt::robots::*;
use robotstxt::robotstxt_status::{self, OutOfMemory};
use robotstxt::robotstxt_str;
use robotstxt::util::*;

const MB: usize = 1 << 20;

fn p(bytes: &[u8]) -> *const c_char {
    bytes.as_ptr().cast()
}

/// The process's current address-space size, from /proc/self/status.
fn vm_size() -> usize {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let line = status
        .lines()
        .find(|l| l.starts_with("VmSize:"))
        .expect("VmSize");
    let kb: usize = line
        .split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("VmSize in kB");
    kb * 1024
}

/// Caps the address space at what is mapped now plus `headroom` bytes.
fn limit_address_space(headroom: usize) {
    let limit = (vm_size() + headroom) as libc::rlim_t;
    let mut old = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: plain system calls with valid pointers.
    unsafe {
        assert_eq!(libc::getrlimit(libc::RLIMIT_AS, &mut old), 0);
        let new = libc::rlimit {
            rlim_cur: limit.min(old.rlim_max),
            rlim_max: old.rlim_max,
        };
        assert_eq!(libc::setrlimit(libc::RLIMIT_AS, &new), 0);
    }
}

/// Lifts the cap again, for the normal queries after the failure.
fn lift_limit() {
    // SAFETY: plain system calls with valid pointers.
    unsafe {
        let mut old = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        assert_eq!(libc::getrlimit(libc::RLIMIT_AS, &mut old), 0);
        old.rlim_cur = old.rlim_max;
        assert_eq!(libc::setrlimit(libc::RLIMIT_AS, &old), 0);
    }
}

/// Takes all the address space left under the cap, with mappings and then
/// malloc blocks, so that any allocation of more than a few bytes fails;
/// dropping it gives everything back.
/// `pointer`, hidden from the optimiser: an allocation whose pointer is only
/// compared with NULL may otherwise be removed and taken to succeed (LLVM
/// does so in the optimised build, where the library's allocation is
/// inlined into the test), and the test would see room that is not there.
fn opaque<T>(pointer: *mut T) -> *mut T {
    std::hint::black_box(pointer)
}

struct Ballast {
    maps: Vec<(*mut c_void, usize)>,
    blocks: Vec<*mut c_void>,
}

impl Ballast {
    fn take_everything() -> Ballast {
        // Room for the bookkeeping first, so that it never allocates later.
        let mut ballast = Ballast {
            maps: Vec::with_capacity(4096),
            blocks: Vec::with_capacity(1 << 20),
        };
        let mut size = 1 << 40;
        while size >= 4096 {
            // SAFETY: an anonymous mapping, no memory is touched.
            let map = unsafe {
                libc::mmap(
                    null_mut(),
                    size,
                    libc::PROT_NONE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                    -1,
                    0,
                )
            };
            if map == libc::MAP_FAILED || ballast.maps.len() == ballast.maps.capacity() {
                if map != libc::MAP_FAILED {
                    // SAFETY: just mapped.
                    unsafe { libc::munmap(map, size) };
                }
                size /= 2;
            } else {
                ballast.maps.push((map, size));
            }
        }
        // What malloc still has in its arenas.
        let mut size = MB;
        while size >= 16 && ballast.blocks.len() < ballast.blocks.capacity() {
            // SAFETY: malloc of a non-zero size.
            let block = opaque(unsafe { libc::malloc(size) });
            if block.is_null() {
                size /= 2;
            } else {
                ballast.blocks.push(block);
            }
        }
        // Free chunks that only a request of their own size class gets
        // (malloc keeps per-size lists), so that a handle of any size fails.
        for size in (8..=4096).step_by(8) {
            while ballast.blocks.len() < ballast.blocks.capacity() {
                // SAFETY: malloc of a non-zero size.
                let block = opaque(unsafe { libc::malloc(size) });
                if block.is_null() {
                    break;
                }
                ballast.blocks.push(block);
            }
        }
        ballast
    }
}

impl Drop for Ballast {
    fn drop(&mut self) {
        for &block in &self.blocks {
            // SAFETY: from malloc above, freed once.
            unsafe { libc::free(block) };
        }
        for &(map, size) in &self.maps {
            // SAFETY: from mmap above, unmapped once.
            unsafe { libc::munmap(map, size) };
        }
    }
}

/// One query through the C ABI: (status, allowed).
fn one_agent(
    matcher: *mut robotstxt_matcher,
    body: &[u8],
    agent: &[u8],
    url: &[u8],
) -> (robotstxt_status, bool) {
    let mut allowed = false;
    let status = unsafe {
        robotstxt_matcher_one_agent_allowed_by_robots(
            matcher,
            p(body),
            body.len(),
            p(agent),
            agent.len(),
            p(url),
            url.len(),
            &mut allowed,
        )
    };
    (status, allowed)
}

const RULES: &[u8] = b"User-agent: *\nDisallow: /private\nAllow: /private/ok\n";

/// Google's answers for `RULES` (robots_test.cc: longest match wins).
fn check_normal_queries(matcher: *mut robotstxt_matcher) {
    assert_eq!(
        one_agent(matcher, RULES, b"FooBot", b"http://a.com/private/x"),
        (robotstxt_status::Ok, false)
    );
    assert_eq!(unsafe { robotstxt_matcher_matching_line(matcher) }, 2);
    assert_eq!(
        one_agent(matcher, RULES, b"FooBot", b"http://a.com/private/ok/x"),
        (robotstxt_status::Ok, true)
    );
    assert_eq!(
        one_agent(matcher, RULES, b"FooBot", b"http://a.com/public"),
        (robotstxt_status::Ok, true)
    );
}

/// A 300 MB URL under a cap that leaves no room for the matcher's copy of
/// its path, against a 100 MB body of line ends.
fn matcher_with_huge_url() {
    let mut url = b"http://example.com/".to_vec();
    url.resize(300 * MB, b'a');
    let body = vec![b'\n'; 100 * MB];
    let matcher = robotstxt_matcher_new();
    check_normal_queries(matcher);
    limit_address_space(128 * MB);
    assert_eq!(one_agent(matcher, &body, b"FooBot", &url).0, OutOfMemory);
    // RULES came twice in a row before the cap, so the matcher kept it
    // parsed: a query on it needs no copy of the URL's path, and gives
    // Google's answer (no rule matches /aaa...: allowed).
    assert_eq!(
        one_agent(matcher, RULES, b"FooBot", &url),
        (robotstxt_status::Ok, true)
    );
    // A body the matcher has not kept is streamed as Google streams it,
    // which needs the copy of the path that does not fit.
    const OTHER_RULES: &[u8] = b"User-agent: *\nDisallow: /private\n# not kept\n";
    let agents = [robotstxt_str {
        ptr: p(b"FooBot"),
        len: 6,
    }];
    let mut allowed = true;
    let status = unsafe {
        robotstxt_matcher_allowed_by_robots(
            matcher,
            p(OTHER_RULES),
            OTHER_RULES.len(),
            agents.as_ptr(),
            1,
            p(&url),
            url.len(),
            &mut allowed,
        )
    };
    assert_eq!(status, OutOfMemory);
    assert!(allowed, "*allowed is written only on success");
    // The getters answer as before any query.
    unsafe {
        assert!(!robotstxt_matcher_disallow(matcher));
        assert!(!robotstxt_matcher_ever_seen_specific_agent(matcher));
        assert_eq!(robotstxt_matcher_matching_line(matcher), 0);
    }
    // Still under the cap: the same matcher and a fresh one answer.
    check_normal_queries(matcher);
    let fresh = robotstxt_matcher_new();
    assert!(!fresh.is_null());
    check_normal_queries(fresh);
    // The hostile body itself fits: nothing of it is copied.
    assert_eq!(
        one_agent(fresh, &body, b"FooBot", b"http://a.com/x"),
        (robotstxt_status::Ok, true)
    );
    lift_limit();
    unsafe {
        robotstxt_matcher_free(matcher);
        robotstxt_matcher_free(fresh);
    }
}

fn reporter_lines(reporter: *const robotstxt_reporter) -> usize {
    unsafe { robotstxt_reporter_line_count(reporter) }
}

/// A 200 MB body of line ends: 200 million lines, whose reports (8 bytes
/// each) do not fit under the cap.
fn reporter_with_line_end_body() {
    let body = vec![b'\n'; 200 * MB];
    let reporter = robotstxt_reporter_new();
    let small = b"User-agent: *\nDisalow: /x\n";
    assert_eq!(
        unsafe { robotstxt_reporter_parse(reporter, p(small), small.len()) },
        robotstxt_status::Ok
    );
    assert_eq!(reporter_lines(reporter), 3);
    limit_address_space(256 * MB);
    assert_eq!(
        unsafe { robotstxt_reporter_parse(reporter, p(&body), body.len()) },
        OutOfMemory
    );
    // Unchanged, and usable.
    assert_eq!(reporter_lines(reporter), 3);
    assert_eq!(unsafe { robotstxt_reporter_valid_directives(reporter) }, 2);
    let mut line = std::mem::MaybeUninit::uninit();
    assert!(unsafe { robotstxt_reporter_line(reporter, 2, line.as_mut_ptr()) });
    let line = unsafe { line.assume_init() };
    // Google's reporting_robots_test.cc: "Disalow" is a disallow typo.
    assert_eq!(line.tag_name, robotstxt_tag_name::Disallow);
    assert!(line.is_typo);
    let fresh = robotstxt_reporter_new();
    let body = b"User-agent: *\n\nAllow: /\n";
    assert_eq!(
        unsafe { robotstxt_reporter_parse(fresh, p(body), body.len()) },
        robotstxt_status::Ok
    );
    assert_eq!(reporter_lines(fresh), 4);
    assert_eq!(unsafe { robotstxt_reporter_valid_directives(fresh) }, 2);
    lift_limit();
    unsafe {
        robotstxt_reporter_free(reporter);
        robotstxt_reporter_free(fresh);
    }
}

/// 400 MB of bytes from 0x80 up: each becomes `%XX`, 1.2 GB of result.
fn escape_of_high_bytes() {
    let src = vec![0xE9u8; 400 * MB];
    limit_address_space(256 * MB);
    let mut out: *mut c_char = null_mut();
    let mut len = 0usize;
    let mut escaped = false;
    let status = unsafe {
        robotstxt_maybe_escape_pattern_alloc(p(&src), src.len(), &mut out, &mut len, &mut escaped)
    };
    assert_eq!(status, OutOfMemory);
    assert!(
        out.is_null() && len == 0 && !escaped,
        "written only on success"
    );
    // Asking for the size allocates nothing.
    let status = unsafe {
        robotstxt_maybe_escape_pattern(p(&src), src.len(), null_mut(), 0, &mut len, &mut escaped)
    };
    assert_eq!(status, robotstxt_status::BufferTooSmall);
    assert_eq!((len, escaped), (3 * 400 * MB, true));
    // A normal call succeeds (Google: MaybeEscapePattern("/SanJoséSellers")).
    let pattern = "/SanJoséSellers".as_bytes();
    let status = unsafe {
        robotstxt_maybe_escape_pattern_alloc(
            p(pattern),
            pattern.len(),
            &mut out,
            &mut len,
            &mut escaped,
        )
    };
    assert_eq!(status, robotstxt_status::Ok);
    let result = unsafe { std::slice::from_raw_parts(out.cast::<u8>(), len) };
    assert_eq!(result, b"/SanJos%C3%A9Sellers");
    unsafe { robotstxt_buffer_free(out) };
    lift_limit();
}

/// A 400 MB URL whose path (a query after the host) needs a copy.
fn path_of_huge_url() {
    let mut url = b"http://example.com?".to_vec();
    url.resize(400 * MB, b'q');
    limit_address_space(128 * MB);
    let mut out: *mut c_char = null_mut();
    let mut len = 0usize;
    let status =
        unsafe { robotstxt_get_path_params_query_alloc(p(&url), url.len(), &mut out, &mut len) };
    assert_eq!(status, OutOfMemory);
    assert!(out.is_null());
    let small = b"http://www.example.com/a?b#c";
    let status =
        unsafe { robotstxt_get_path_params_query_alloc(p(small), small.len(), &mut out, &mut len) };
    assert_eq!(status, robotstxt_status::Ok);
    assert_eq!(
        unsafe { std::slice::from_raw_parts(out.cast::<u8>(), len) },
        b"/a?b"
    );
    unsafe { robotstxt_buffer_free(out) };
    lift_limit();
}

#[derive(Default)]
struct Seen {
    lines: u64,
    ended: bool,
    disallows: u64,
}

unsafe extern "C" fn count_line(user_data: *mut c_void, _: u32, _: *const robotstxt_line_metadata) {
    unsafe { (*user_data.cast::<Seen>()).lines += 1 };
}

unsafe extern "C" fn count_disallow(user_data: *mut c_void, _: u32, _: *const c_char, _: usize) {
    unsafe { (*user_data.cast::<Seen>()).disallows += 1 };
}

unsafe extern "C" fn end(user_data: *mut c_void) {
    unsafe { (*user_data.cast::<Seen>()).ended = true };
}

fn parse(body: &[u8], seen: &mut Seen) -> robotstxt_status {
    let callbacks = robotstxt_parse_callbacks {
        user_data: (seen as *mut Seen).cast(),
        handle_robots_start: None,
        handle_robots_end: Some(end),
        handle_user_agent: None,
        handle_allow: None,
        handle_disallow: Some(count_disallow),
        handle_sitemap: None,
        handle_unknown_action: None,
        report_line_metadata: Some(count_line),
    };
    unsafe { robotstxt_parse(p(body), body.len(), &callbacks) }
}

/// A 100 MB body whose last line needs escaping, parsed with the address
/// space used up: the parser's one allocation, its scratch buffer for
/// escaping, fails.
fn parse_with_memory_used_up() {
    let plain = b"Disallow: /a\n";
    let lines_before = 100 * MB / plain.len();
    let mut body = plain.repeat(lines_before);
    body.extend_from_slice(b"Disallow: /");
    body.extend(std::iter::repeat_n(0xC3u8, 16_000));
    let mut seen = Seen::default();
    limit_address_space(64 * MB);
    let ballast = Ballast::take_everything();
    let status = parse(&body, &mut seen);
    drop(ballast);
    assert_eq!(status, OutOfMemory);
    // Every line before the one being escaped was reported, that one and
    // the end were not.
    assert_eq!(seen.lines, lines_before as u64);
    assert_eq!(seen.disallows, lines_before as u64);
    assert!(!seen.ended);
    // With room again the same body parses in full.
    let mut seen = Seen::default();
    assert_eq!(parse(&body, &mut seen), robotstxt_status::Ok);
    assert_eq!(
        (seen.lines, seen.disallows, seen.ended),
        (lines_before as u64 + 1, lines_before as u64 + 1, true)
    );
    lift_limit();
}

/// A matcher that kept `RULES` (it came twice in a row) asked about a
/// 300 MB URL whose path starts with `?`: Google matches `/?...`, a copy of
/// the path that does not fit, on the kept form and on the stream alike.
fn matcher_memo_with_huge_query_url() {
    let mut url = b"http://example.com?".to_vec();
    url.resize(300 * MB, b'q');
    let matcher = robotstxt_matcher_new();
    check_normal_queries(matcher);
    limit_address_space(128 * MB);
    let mut allowed = false;
    let status = unsafe {
        robotstxt_matcher_one_agent_allowed_by_robots(
            matcher,
            p(RULES),
            RULES.len(),
            p(b"FooBot"),
            6,
            p(&url),
            url.len(),
            &mut allowed,
        )
    };
    assert_eq!(status, OutOfMemory);
    assert!(!allowed, "*allowed is written only on success");
    unsafe {
        assert!(!robotstxt_matcher_disallow(matcher));
        assert_eq!(robotstxt_matcher_matching_line(matcher), 0);
    }
    check_normal_queries(matcher);
    lift_limit();
    unsafe { robotstxt_matcher_free(matcher) };
}

fn parse_robots(body: &[u8]) -> *mut robotstxt_robots {
    let robots = unsafe { robotstxt_robots_parse(p(body), body.len()) };
    assert!(!robots.is_null());
    robots
}

fn robots_check(
    robots: *const robotstxt_robots,
    agents: &[&[u8]],
    url: &[u8],
) -> (robotstxt_status, robotstxt_answer) {
    robots_check_strs(robots, &c_strs(agents), url)
}

fn c_strs(agents: &[&[u8]]) -> Vec<robotstxt_str> {
    agents
        .iter()
        .map(|a| robotstxt_str {
            ptr: p(a),
            len: a.len(),
        })
        .collect()
}

/// `robotstxt_robots_check()`, with an answer that shows whether it was
/// written (no real answer has line 77 here).
fn robots_check_strs(
    robots: *const robotstxt_robots,
    agents: &[robotstxt_str],
    url: &[u8],
) -> (robotstxt_status, robotstxt_answer) {
    let mut answer = robotstxt_answer {
        allowed: false,
        matching_line: 77,
        ever_seen_specific_agent: false,
        disallow_ignore_global: false,
    };
    let status = unsafe {
        robotstxt_robots_check(
            robots,
            agents.as_ptr(),
            agents.len(),
            p(url),
            url.len(),
            &mut answer,
        )
    };
    (status, answer)
}

/// Google's answers for `RULES` through the parse-once handle: the longest
/// match wins; `/?x` (the path of a URL whose path starts with `?`) matches
/// no rule.
fn check_robots_queries(robots: *const robotstxt_robots) {
    for (url, allowed, line) in [
        (&b"http://a.com/private/x"[..], false, 2),
        (b"http://a.com/private/ok/x", true, 3),
        (b"http://a.com?private", true, 0),
    ] {
        let (status, answer) = robots_check(robots, &[b"FooBot"], url);
        assert_eq!(status, robotstxt_status::Ok);
        assert_eq!((answer.allowed, answer.matching_line), (allowed, line));
    }
}

/// A 400 MB URL whose path starts with `?` against the parse-once and the
/// compiled handles: the `/` Google puts in front needs a copy of the path,
/// which does not fit.
fn robots_check_with_huge_query_url() {
    let mut url = b"http://example.com?".to_vec();
    url.resize(400 * MB, b'q');
    let robots = parse_robots(RULES);
    check_robots_queries(robots);
    let agents = [robotstxt_str {
        ptr: p(b"FooBot"),
        len: 6,
    }];
    let mut compiled = null_mut();
    assert_eq!(
        unsafe { robotstxt_robots_compile(robots, agents.as_ptr(), 1, &mut compiled) },
        robotstxt_status::Ok
    );
    limit_address_space(128 * MB);
    let (status, answer) = robots_check(robots, &[b"FooBot"], &url);
    assert_eq!(status, OutOfMemory);
    assert_eq!(
        answer.matching_line, 77,
        "*answer is written only on success"
    );
    assert_eq!(
        robots_check(robots, &[b"FooBot", b"BarBot"], &url).0,
        OutOfMemory
    );
    let mut allowed = false;
    let status = unsafe {
        robotstxt_robots_allowed(robots, p(b"FooBot"), 6, p(&url), url.len(), &mut allowed)
    };
    assert_eq!(status, OutOfMemory);
    let mut answer = std::mem::MaybeUninit::<robotstxt_answer>::zeroed();
    let status =
        unsafe { robotstxt_compiled_check(compiled, p(&url), url.len(), answer.as_mut_ptr()) };
    assert_eq!(status, OutOfMemory);
    let status = unsafe { robotstxt_compiled_allowed(compiled, p(&url), url.len(), &mut allowed) };
    assert_eq!(status, OutOfMemory);
    assert!(!allowed, "*allowed is written only on success");
    // Still under the cap: the handles and a fresh one answer.
    check_robots_queries(robots);
    let status = unsafe {
        robotstxt_compiled_check(
            compiled,
            p(b"http://a.com/private/x"),
            22,
            answer.as_mut_ptr(),
        )
    };
    assert_eq!(status, robotstxt_status::Ok);
    let answer = unsafe { answer.assume_init() };
    assert_eq!((answer.allowed, answer.matching_line), (false, 2));
    let fresh = parse_robots(RULES);
    check_robots_queries(fresh);
    lift_limit();
    unsafe {
        robotstxt_compiled_free(compiled);
        robotstxt_robots_free(robots);
        robotstxt_robots_free(fresh);
    }
}

/// 16 million agents, all named by a group: the list of the indexes to
/// search (4 bytes per agent before duplicates go) does not fit.
fn robots_check_with_many_agents() {
    const NAMED: &[u8] = b"User-agent: FooBot\nDisallow: /private\nAllow: /private/ok\n";
    let robots = parse_robots(NAMED);
    let agents = c_strs(&vec![&b"FooBot"[..]; 16 * MB]);
    limit_address_space(16 * MB);
    let (status, answer) = robots_check_strs(robots, &agents, b"http://a.com/private/x");
    assert_eq!(status, OutOfMemory);
    assert_eq!(
        answer.matching_line, 77,
        "*answer is written only on success"
    );
    // A few agents need no room: Google's answers, from FooBot's group.
    let (status, answer) = robots_check(robots, &[b"BarBot", b"FooBot"], b"http://a.com/private/x");
    assert_eq!(status, robotstxt_status::Ok);
    assert_eq!(
        (
            answer.allowed,
            answer.matching_line,
            answer.ever_seen_specific_agent
        ),
        (false, 2, true)
    );
    lift_limit();
    unsafe { robotstxt_robots_free(robots) };
}

/// `robotstxt_robots_txt_url()` and its kin on 400 MB URLs: only the scheme
/// and the authority decide the robots.txt URL, so a long path, query or
/// fragment costs nothing, and an authority longer than any host is refused
/// without parsing it.
fn robots_txt_url_of_huge_url() {
    // One 400 MB buffer, its ends rewritten for each URL: nothing is
    // allocated under the cap but what the calls allocate.
    let mut url = vec![b'a'; 400 * MB];
    let set_start = |url: &mut Vec<u8>, start: &[u8]| {
        url[..64].fill(b'a');
        url[..start.len()].copy_from_slice(start);
    };
    set_start(&mut url, b"https://Example.com:443/");
    limit_address_space(128 * MB);
    let mut out: *mut c_char = null_mut();
    let mut len = 0usize;
    let status = unsafe { robotstxt_robots_txt_url_alloc(p(&url), url.len(), &mut out, &mut len) };
    assert_eq!(status, robotstxt_status::Ok);
    // Google: "https://example.com:443/" and "https://example.com/" share one
    // robots.txt; hosts are case-insensitive.
    let expected = b"https://example.com/robots.txt";
    assert_eq!(
        unsafe { std::slice::from_raw_parts(out.cast::<u8>(), len) },
        expected
    );
    unsafe { robotstxt_buffer_free(out) };
    let mut buffer = [0 as c_char; 64];
    let status = unsafe {
        robotstxt_robots_txt_url(
            p(&url),
            url.len(),
            buffer.as_mut_ptr(),
            buffer.len(),
            &mut len,
        )
    };
    assert_eq!((status, len), (robotstxt_status::Ok, expected.len()));
    assert!(unsafe {
        robotstxt_robots_txt_applies_to(p(expected), expected.len(), p(&url), url.len())
    });
    // A fragment is not part of a robots.txt URL's path (Google's table).
    set_start(&mut url, b"https://example.com/robots.txt#");
    assert!(unsafe { robotstxt_is_robots_txt_url(p(&url), url.len()) });
    // A 400 MB host: no DNS name is that long, so there is no robots.txt.
    set_start(&mut url, b"http://");
    let end = url.len() - 5;
    url[end..].copy_from_slice(b".com/");
    let status = unsafe { robotstxt_robots_txt_url_alloc(p(&url), url.len(), &mut out, &mut len) };
    assert_eq!((status, len), (robotstxt_status::Ok, 0));
    unsafe { robotstxt_buffer_free(out) };
    let robots = b"http://h.com/robots.txt";
    assert!(!unsafe {
        robotstxt_robots_txt_applies_to(p(robots), robots.len(), p(&url), url.len())
    });
    assert!(!unsafe { robotstxt_is_robots_txt_url(p(&url), url.len()) });
    lift_limit();
}

/// The policy-token calls with memory used up: `robotstxt_robots_policy()`
/// on a 400 MB URL whose path starts with `?` (the `/` Google puts in front
/// needs a copy of the path) and `robotstxt_robots_policy_tokens()` with no
/// room for its list return `ROBOTSTXT_STATUS_OUT_OF_MEMORY`, writing
/// nothing; the file-wide values, which allocate nothing, still answer; with
/// room again every call does.
fn policy_with_memory_used_up() {
    const BODY: &[u8] = b"License: https://example.com/l.xml\n\
                          User-agent: __usage_ai-training\nDisallow: /private\n";
    let robots = parse_robots(BODY);
    let mut url = vec![b'q'; 400 * MB];
    url[..19].copy_from_slice(b"http://example.com?");
    let token = b"__usage_ai-training";
    let policy = |url: &[u8], answer: &mut robotstxt_answer| unsafe {
        robotstxt_robots_policy(robots, p(token), token.len(), p(url), url.len(), answer)
    };
    let mut answer = robotstxt_answer {
        allowed: false,
        matching_line: 77,
        ever_seen_specific_agent: false,
        disallow_ignore_global: false,
    };
    let unset = robotstxt_str {
        ptr: p(b"unset"),
        len: 5,
    };
    let mut tokens = [robotstxt_policy_token {
        token: unset,
        namespace_name: unset,
        label: unset,
        known: false,
        line: 77,
    }; 1];
    let mut values = [robotstxt_file_value {
        value: unset,
        line: 77,
    }; 1];
    let mut len = 77usize;
    limit_address_space(128 * MB);
    assert_eq!(policy(&url, &mut answer), OutOfMemory);
    assert_eq!(
        answer.matching_line, 77,
        "*answer is written only on success"
    );
    let ballast = Ballast::take_everything();
    let status =
        unsafe { robotstxt_robots_policy_tokens(robots, tokens.as_mut_ptr(), 1, &mut len) };
    let licenses = unsafe { robotstxt_robots_licenses(robots, values.as_mut_ptr(), 1, &mut len) };
    drop(ballast);
    assert_eq!(status, OutOfMemory);
    assert_eq!(tokens[0].line, 77, "nothing is written on failure");
    // RSL's License is file-wide: line 1, read without allocating.
    assert_eq!(
        (licenses, len, values[0].line),
        (robotstxt_status::Ok, 1, 1)
    );
    // Room again: the token's group, line 3, by Google's longest match.
    assert_eq!(
        policy(b"http://a.com/private/x", &mut answer),
        robotstxt_status::Ok
    );
    assert_eq!((answer.allowed, answer.matching_line), (false, 3));
    let status =
        unsafe { robotstxt_robots_policy_tokens(robots, tokens.as_mut_ptr(), 1, &mut len) };
    assert_eq!((status, len, tokens[0].line), (robotstxt_status::Ok, 1, 2));
    lift_limit();
    unsafe { robotstxt_robots_free(robots) };
}

/// A handle is a few hundred bytes, but a host whose memory is used up gets
/// NULL from the constructors, not an abort; with room again they work.
fn handles_with_memory_used_up() {
    limit_address_space(64 * MB);
    let ballast = Ballast::take_everything();
    let matcher = opaque(robotstxt_matcher_new());
    let reporter = opaque(robotstxt_reporter_new());
    let entry = opaque(robotstxt_cache_entry_new(ROBOTSTXT_POLICY_GOOGLE));
    drop(ballast);
    assert_eq!(
        (matcher.is_null(), reporter.is_null(), entry.is_null()),
        (true, true, true)
    );
    let matcher = robotstxt_matcher_new();
    let reporter = robotstxt_reporter_new();
    let entry = robotstxt_cache_entry_new(ROBOTSTXT_POLICY_GOOGLE);
    assert!(!matcher.is_null() && !reporter.is_null() && !entry.is_null());
    check_normal_queries(matcher);
    let body = b"User-agent: *\n\nAllow: /\n";
    assert_eq!(
        unsafe { robotstxt_reporter_parse(reporter, p(body), body.len()) },
        robotstxt_status::Ok
    );
    assert_eq!(reporter_lines(reporter), 4);
    lift_limit();
    unsafe {
        robotstxt_matcher_free(matcher);
        robotstxt_reporter_free(reporter);
        robotstxt_cache_entry_free(entry);
    }
}

const CASES: &[(&str, fn())] = &[
    ("matcher_with_huge_url", matcher_with_huge_url),
    ("reporter_with_line_end_body", reporter_with_line_end_body),
    ("escape_of_high_bytes", escape_of_high_bytes),
    ("path_of_huge_url", path_of_huge_url),
    ("parse_with_memory_used_up", parse_with_memory_used_up),
    (
        "matcher_memo_with_huge_query_url",
        matcher_memo_with_huge_query_url,
    ),
    (
        "robots_check_with_huge_query_url",
        robots_check_with_huge_query_url,
    ),
    (
        "robots_check_with_many_agents",
        robots_check_with_many_agents,
    ),
    ("policy_with_memory_used_up", policy_with_memory_used_up),
    ("robots_txt_url_of_huge_url", robots_txt_url_of_huge_url),
    ("handles_with_memory_used_up", handles_with_memory_used_up),
];

const PASSED: &str = "out-of-memory case passed: ";

fn main() {
    if let Ok(name) = std::env::var("ROBOTSTXT_OOM_CASE") {
        let (_, case) = CASES
            .iter()
            .find(|(n, _)| *n == name)
            .expect("a known case");
        case();
        println!("{PASSED}{name}");
        return;
    }
    // Under ASan or valgrind the cap cannot fit their shadow memory.
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let exe = std::env::current_exe().expect("own path");
    let mut failed = Vec::new();
    for (name, _) in CASES {
        if !filter.is_empty() && !filter.iter().any(|f| name.contains(f.as_str())) {
            continue;
        }
        let output = Command::new(&exe)
            .env("ROBOTSTXT_OOM_CASE", name)
            .output()
            .expect("run the child");
        let stdout = String::from_utf8_lossy(&output.stdout);
        let ok = output.status.success() && stdout.contains(&format!("{PASSED}{name}"));
        println!("test {name} ... {}", if ok { "ok" } else { "FAILED" });
        if !ok {
            eprintln!(
                "--- {name}: {}\n{stdout}{}",
                output.status,
                String::from_utf8_lossy(&output.stderr)
            );
            failed.push(*name);
        }
    }
    if !failed.is_empty() {
        eprintln!("failed: {failed:?}");
        std::process::exit(1);
    }
    println!("ffi_each_call_out_of_memory: all cases passed");
}
