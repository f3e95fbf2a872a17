//! Memory running out while a hostile body is built is reported, not fatal:
//! `robotstxt_robots_parse()` returns NULL, `robotstxt_robots_try_parse()`
//! and `robotstxt_robots_compile()` return `ROBOTSTXT_STATUS_OUT_OF_MEMORY`,
//! `Robots::try_parse` returns an error, the memoising matcher falls back to
//! streaming, `robotstxt_cache_entry_record_http()` cannot copy the body and
//! leaves the entry as it was, and the process goes on to parse and query
//! normally.
//!
//! The limit is the address-space limit (`setrlimit(RLIMIT_AS)`) of a child
//! process: this test binary runs itself again with an environment variable
//! that selects the child's part, so the limit never touches other tests.
//! Linux only: it reads the address space from `/proc/self/statm`.
#![cfg(target_os = "linux")]

use std::ffi::c_char;
use std::process::Command;
use std::ptr::null_mut;

use robotstxt::robots::*;
use robotstxt::{robotstxt_status, robotstxt_str};
use robotstxt_exact::{Robots, RobotsMatcher};

const CHILD: &str = "ROBOTSTXT_OUT_OF_MEMORY_CHILD";
const TEST_NAME: &str =
    "hostile_body_under_a_memory_limit_reports_out_of_memory_and_the_process_goes_on";
const MIB: usize = 1 << 20;

fn rs(bytes: &[u8]) -> robotstxt_str {
    robotstxt_str {
        ptr: bytes.as_ptr().cast(),
        len: bytes.len(),
    }
}

/// The process's address space now, in bytes (`/proc/self/statm`).
fn address_space() -> usize {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("/proc/self/statm");
    let pages: usize = statm.split_whitespace().next().unwrap().parse().unwrap();
    // SAFETY: sysconf has no preconditions.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as usize;
    pages * page
}

/// Limits the address space to what is mapped now plus `headroom` bytes.
fn limit_address_space(headroom: usize) {
    let limit = libc::rlimit {
        rlim_cur: (address_space() + headroom) as libc::rlim_t,
        rlim_max: libc::RLIM_INFINITY,
    };
    // SAFETY: a valid rlimit; lowering and raising the soft limit below the
    // unlimited hard limit is allowed.
    assert_eq!(unsafe { libc::setrlimit(libc::RLIMIT_AS, &limit) }, 0);
}

fn lift_limit() {
    let limit = libc::rlimit {
        rlim_cur: libc::RLIM_INFINITY,
        rlim_max: libc::RLIM_INFINITY,
    };
    // SAFETY: as above.
    assert_eq!(unsafe { libc::setrlimit(libc::RLIMIT_AS, &limit) }, 0);
}

/// `size` bytes of one `*` group of distinct rules: the parsed form needs
/// more memory than the body.
fn hostile_body(size: usize) -> Vec<u8> {
    let mut body = Vec::with_capacity(size + 64);
    body.extend_from_slice(b"User-agent: *\n");
    let mut i = 0u64;
    while body.len() < size {
        body.extend_from_slice(format!("Disallow: /{i:x}/*.php$\n").as_bytes());
        i += 1;
    }
    body
}

/// A normal parse and query on a fresh handle, through the C ABI. Expected:
/// Google's longest match (`/private` on line 2 disallows `/private/x`).
fn normal_parse_and_query_succeed() {
    let body = b"User-agent: *\nDisallow: /private\nAllow: /private/open\n";
    // SAFETY: valid (pointer, length) pairs and out-parameters.
    unsafe {
        let robots = robotstxt_robots_parse(body.as_ptr().cast(), body.len());
        assert!(!robots.is_null(), "a small body parses after the failure");
        let agents = [rs(b"FooBot")];
        let mut answer = std::mem::zeroed::<robotstxt_answer>();
        let url = b"http://e.com/private/x";
        let status = robotstxt_robots_check(
            robots,
            agents.as_ptr(),
            1,
            url.as_ptr().cast::<c_char>(),
            url.len(),
            &mut answer,
        );
        assert_eq!(status, robotstxt_status::Ok);
        assert!(!answer.allowed);
        assert_eq!(answer.matching_line, 2);
        let mut compiled = null_mut();
        let status = robotstxt_robots_compile(robots, agents.as_ptr(), 1, &mut compiled);
        assert_eq!(status, robotstxt_status::Ok);
        let open = b"http://e.com/private/open/1";
        let status =
            robotstxt_compiled_check(compiled, open.as_ptr().cast(), open.len(), &mut answer);
        assert_eq!(status, robotstxt_status::Ok);
        assert!(answer.allowed);
        assert_eq!(answer.matching_line, 3);
        robotstxt_compiled_free(compiled);
        robotstxt_robots_free(robots);
    }
}

/// An entry that keeps bodies whole cannot copy `body` under the limit: it
/// says so and stays as it was (nothing fetched, so a fetch is still due);
/// then a small body records normally.
fn cache_entry_copy_fails_and_the_entry_is_unchanged(body: &[u8]) {
    use robotstxt::crawler::*;
    // SAFETY: a live entry, valid (pointer, length) pairs.
    unsafe {
        let entry = robotstxt_cache_entry_new(ROBOTSTXT_POLICY_GOOGLE);
        assert!(!entry.is_null());
        let status = robotstxt_cache_entry_set_size_limit(entry, usize::MAX);
        assert_eq!(status, robotstxt_status::Ok);
        let now = 1_000_000;
        let record = |body: &[u8]| {
            robotstxt_cache_entry_record_http(
                entry,
                now,
                200,
                body.as_ptr().cast(),
                body.len(),
                std::ptr::null(),
                0,
            )
        };
        assert_eq!(record(body), robotstxt_status::OutOfMemory);
        assert!(robotstxt_cache_entry_needs_fetch(entry, now));
        assert_eq!(
            record(b"User-agent: *\nDisallow: /\n"),
            robotstxt_status::Ok
        );
        assert!(!robotstxt_cache_entry_needs_fetch(entry, now));
        robotstxt_cache_entry_free(entry);
    }
}

fn child() {
    // 100 MB of rules; its parsed form needs about twice that.
    let body = hostile_body(100 * MIB);
    // Room for a copy of the body but not for the rules besides.
    limit_address_space(body.len() + body.len() / 4);

    // SAFETY: valid (pointer, length) pairs and out-parameters.
    unsafe {
        let robots = robotstxt_robots_parse(body.as_ptr().cast(), body.len());
        assert!(robots.is_null(), "the hostile body does not fit the limit");
        let mut out = null_mut();
        let status = robotstxt_robots_try_parse(body.as_ptr().cast(), body.len(), &mut out);
        assert_eq!(status, robotstxt_status::OutOfMemory);
        assert!(out.is_null(), "nothing written on failure");
    }
    assert!(Robots::try_parse(&body).is_err());
    // Room for half a copy of the body, then as before.
    lift_limit();
    limit_address_space(body.len() / 2);
    cache_entry_copy_fails_and_the_entry_is_unchanged(&body);
    lift_limit();
    limit_address_space(body.len() + body.len() / 4);
    normal_parse_and_query_succeed();

    // The memoising matcher cannot keep this body: it streams it, as
    // Google's matcher does, and answers all the same. `/1/x.php` is
    // disallowed by `/1/*.php$` on line 3 (Google's rules).
    let mut matcher = RobotsMatcher::new();
    for _ in 0..2 {
        assert!(!matcher.one_agent_allowed_by_robots(&body, "FooBot", "http://e.com/1/x.php"));
        assert_eq!(matcher.matching_line(), 3);
    }
    drop(matcher);

    // Compiling runs out too: parse a smaller body with room to spare, then
    // compile it with almost none left.
    lift_limit();
    let medium = hostile_body(16 * MIB);
    drop(body);
    // SAFETY: as above.
    unsafe {
        let robots = robotstxt_robots_parse(medium.as_ptr().cast(), medium.len());
        assert!(!robots.is_null());
        limit_address_space(MIB);
        let mut compiled = null_mut();
        let status = robotstxt_robots_compile(robots, null_mut(), 0, &mut compiled);
        assert_eq!(status, robotstxt_status::OutOfMemory);
        assert!(compiled.is_null());
        // Queries still answer: without room for the index of the `*`
        // rules, they are matched one by one. Google's rules: `/1/*.php$`
        // on line 3 disallows `/1/x.php`; nothing matches `/zz`.
        let agents = [rs(b"FooBot")];
        for (url, allowed, line) in [
            (&b"http://e.com/1/x.php"[..], false, 3),
            (b"http://e.com/zz", true, 0),
        ] {
            let mut answer = std::mem::zeroed::<robotstxt_answer>();
            let status = robotstxt_robots_check(
                robots,
                agents.as_ptr(),
                1,
                url.as_ptr().cast::<c_char>(),
                url.len(),
                &mut answer,
            );
            assert_eq!(status, robotstxt_status::Ok);
            assert_eq!((answer.allowed, answer.matching_line), (allowed, line));
            assert!(!answer.ever_seen_specific_agent);
        }
        robotstxt_robots_free(robots);
    }
    normal_parse_and_query_succeed();
    println!("out-of-memory child: all checks passed");
}

#[test]
fn hostile_body_under_a_memory_limit_reports_out_of_memory_and_the_process_goes_on() {
    if std::env::var_os(CHILD).is_some() {
        child();
        return;
    }
    let output = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", TEST_NAME, "--nocapture", "--test-threads=1"])
        .env(CHILD, "1")
        .output()
        .expect("the test binary runs again");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && stdout.contains("out-of-memory child: all checks passed"),
        "child failed: {:?}\nstdout:\n{stdout}\nstderr:\n{stderr}",
        output.status
    );
}
