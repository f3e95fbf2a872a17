//! What each C call allocates, per input byte, on the inputs that cost it
//! most: the figures in docs/LIMITS.md ("Running out of memory") and in the
//! header's doc comments, measured with a counting allocator and held to
//! the bounds those documents give. The calls that allocate nothing are
//! held to zero.
//!
//! `cargo test -p robotstxt-exact-capi --test ffi_allocation_bounds -- --nocapture`
//! prints the table.

use std::ffi::c_char;
use std::ptr::null_mut;

use robotstxt::crawler::*;
use robotstxt::matcher::*;
use robotstxt::parse::*;
use robotstxt::reporter::*;
use robotstxt::robots::*;
use robotstxt::util::*;
use robotstxt::{robotstxt_status, robotstxt_str};

#[path = "../../tests/heap_counting/mod.rs"]
mod heap_counting;
use heap_counting::peak_heap;

const MB: usize = 1 << 20;
/// Google's longest line: 8 × 2083 − 1 bytes.
const MAX_LINE_LEN: usize = 16_663;

fn p(bytes: &[u8]) -> *const c_char {
    bytes.as_ptr().cast()
}

/// One row of the table: the call, the input, its size, the peak.
fn report(call: &str, input: &str, len: usize, peak: usize) {
    println!(
        "{call:<48} {input:<40} {len:>10} B  peak {peak:>10} B  {:>6.3} per byte",
        peak as f64 / len as f64
    );
}

/// `n` bytes of `useragent:\nallow:\n` groups: the layout whose parsed
/// form is largest for its size (docs/LIMITS.md).
fn worst_layout(n: usize) -> Vec<u8> {
    b"useragent:\nallow:\n".repeat(n / 18)
}

#[test]
fn parse_allocates_one_scratch_line_whatever_the_body() {
    // Every line needs escaping (bytes from 0x80 up): the scratch buffer's
    // worst case, a full line escaped to three times its length.
    let mut line = b"Disallow: /".to_vec();
    line.resize(MAX_LINE_LEN, 0xE9);
    line.push(b'\n');
    let body = line.repeat(4 * MB / line.len());
    let callbacks = robotstxt_parse_callbacks {
        user_data: null_mut(),
        handle_robots_start: None,
        handle_robots_end: None,
        handle_user_agent: None,
        handle_allow: None,
        handle_disallow: None,
        handle_sitemap: None,
        handle_unknown_action: None,
        report_line_metadata: None,
    };
    let (status, peak) = peak_heap(|| unsafe { robotstxt_parse(p(&body), body.len(), &callbacks) });
    assert_eq!(status, robotstxt_status::Ok);
    report(
        "robotstxt_parse",
        "4 MB of full lines to escape",
        body.len(),
        peak,
    );
    assert!(peak <= 3 * MAX_LINE_LEN, "{peak}");
}

#[test]
fn matcher_holds_the_path_and_agents_and_on_a_repeat_the_body() {
    let matcher = robotstxt_matcher_new();
    let body = worst_layout(4 * MB);
    let mut url = b"http://a.com/".to_vec();
    url.resize(4 * MB, b'p');
    let agent = vec![b'a'; MB];
    let query = |body: &[u8], url: &[u8]| {
        let mut allowed = false;
        let status = unsafe {
            robotstxt_matcher_one_agent_allowed_by_robots(
                matcher,
                p(body),
                body.len(),
                p(&agent),
                agent.len(),
                p(url),
                url.len(),
                &mut allowed,
            )
        };
        assert_eq!(status, robotstxt_status::Ok);
        // Google: an empty allow rule matches nothing.
        assert!(allowed);
    };
    let (_, peak) = peak_heap(|| query(&body, &url));
    report(
        "robotstxt_matcher_one_agent_allowed_by_robots",
        "4 MB URL, 1 MB agent, streamed",
        url.len() + agent.len(),
        peak,
    );
    // The path copy (1 per URL byte), the agent (1 per byte), scratch lines
    // and 8 KiB for the path's grams.
    assert!(
        peak <= url.len() + agent.len() + 4 * MAX_LINE_LEN + 8192 + 4096,
        "{peak}"
    );
    // The same body again: kept, with its parsed form.
    let (_, peak) = peak_heap(|| query(&body, b"http://a.com/x"));
    report(
        "  the same body a second time (kept)",
        "4 MB of useragent:\\nallow:\\n",
        body.len(),
        peak,
    );
    assert!(peak <= 16 * body.len(), "{peak}");
    unsafe { robotstxt_matcher_free(matcher) };
}

#[test]
fn reporter_reserves_eight_bytes_per_line() {
    let body = vec![b'\n'; 4 * MB];
    let reporter = robotstxt_reporter_new();
    let (status, peak) =
        peak_heap(|| unsafe { robotstxt_reporter_parse(reporter, p(&body), body.len()) });
    assert_eq!(status, robotstxt_status::Ok);
    report("robotstxt_reporter_parse", "4 MB of LF", body.len(), peak);
    assert!(peak <= 8 * body.len() + 4096, "{peak}");
    unsafe { robotstxt_reporter_free(reporter) };
}

#[test]
fn alloc_helpers_allocate_their_result_only() {
    let src = vec![0xE9u8; 4 * MB];
    let mut out: *mut c_char = null_mut();
    let mut len = 0;
    let (status, peak) = peak_heap(|| unsafe {
        robotstxt_maybe_escape_pattern_alloc(p(&src), src.len(), &mut out, &mut len, null_mut())
    });
    assert_eq!((status, len), (robotstxt_status::Ok, 3 * src.len()));
    unsafe { robotstxt_buffer_free(out) };
    report(
        "robotstxt_maybe_escape_pattern_alloc",
        "4 MB of 0xE9",
        src.len(),
        peak,
    );
    assert_eq!(peak, 3 * src.len() + 1 + size_of::<usize>());

    let mut url = b"http://a.com?".to_vec();
    url.resize(4 * MB, b'q');
    let (status, peak) = peak_heap(|| unsafe {
        robotstxt_get_path_params_query_alloc(p(&url), url.len(), &mut out, &mut len)
    });
    assert_eq!(status, robotstxt_status::Ok);
    unsafe { robotstxt_buffer_free(out) };
    report(
        "robotstxt_get_path_params_query_alloc",
        "4 MB URL, path from ?",
        url.len(),
        peak,
    );
    assert_eq!(peak, len + 1 + size_of::<usize>());

    url[..20].copy_from_slice(b"https://example.com/");
    let (status, peak) = peak_heap(|| unsafe {
        robotstxt_robots_txt_url_alloc(p(&url), url.len(), &mut out, &mut len)
    });
    assert_eq!(status, robotstxt_status::Ok);
    unsafe { robotstxt_buffer_free(out) };
    report(
        "robotstxt_robots_txt_url_alloc",
        "4 MB path",
        url.len(),
        peak,
    );
    assert!(peak < 4096, "{peak}");
    // The bound's worst case: a user name of the longest parsed length,
    // every byte escaped to three.
    let fill = "é".repeat((ROBOTSTXT_MAX_PARSED_URL_LEN - 20) / 2);
    let url = format!("http://{fill}@a.com/");
    let (status, peak) = peak_heap(|| unsafe {
        robotstxt_robots_txt_url_alloc(p(url.as_bytes()), url.len(), &mut out, &mut len)
    });
    assert_eq!(status, robotstxt_status::Ok);
    unsafe { robotstxt_buffer_free(out) };
    report(
        "  at the parse limit",
        "64 KiB user name of é",
        url.len(),
        peak,
    );
    assert!(peak < MB, "{peak}");
    let (applies, peak) = peak_heap(|| unsafe {
        robotstxt_robots_txt_applies_to(p(url.as_bytes()), url.len(), p(url.as_bytes()), url.len())
    });
    assert!(!applies, "not a robots.txt URL");
    report(
        "robotstxt_robots_txt_applies_to",
        "64 KiB user name of é, twice",
        2 * url.len(),
        peak,
    );
    assert!(peak < 2 * MB, "{peak}");
}

#[test]
fn parse_once_handle_queries_and_compile() {
    let body = worst_layout(4 * MB);
    let (robots, parse_peak) =
        peak_heap(|| unsafe { robotstxt_robots_parse(p(&body), body.len()) });
    assert!(!robots.is_null());
    let held = unsafe { robotstxt_robots_heap_bytes(robots) };
    report(
        "robotstxt_robots_parse",
        "4 MB of useragent:\\nallow:\\n",
        body.len(),
        parse_peak,
    );
    report("  held afterwards", "", body.len(), held);
    // Every group names the empty agent: its index holds all the rules.
    let agents = [robotstxt_str {
        ptr: p(b""),
        len: 0,
    }];
    let check = |url: &[u8]| {
        let mut answer = std::mem::MaybeUninit::<robotstxt_answer>::uninit();
        let status = unsafe {
            robotstxt_robots_check(
                robots,
                agents.as_ptr(),
                1,
                p(url),
                url.len(),
                answer.as_mut_ptr(),
            )
        };
        assert_eq!(status, robotstxt_status::Ok);
        // Google's matcher: the empty allow pattern on line 2 matches with
        // priority 0, above no match, and no later one ranks higher.
        let answer = unsafe { answer.assume_init() };
        assert!(answer.allowed && answer.ever_seen_specific_agent);
        assert_eq!(answer.matching_line, 2);
    };
    let ((), first) = peak_heap(|| check(b"http://a.com/x"));
    let indexed = unsafe { robotstxt_robots_heap_bytes(robots) };
    report(
        "robotstxt_robots_check, first query",
        "the index of 4 MB of useragent:\\nallow:\\n",
        body.len(),
        first,
    );
    let mut url = b"http://a.com?".to_vec();
    url.resize(4 * MB, b'q');
    let ((), long) = peak_heap(|| check(&url));
    report("  a later query", "4 MB URL, path from ?", url.len(), long);
    // The path and its `/`, nothing else.
    assert_eq!(long, url.len() - "http://a.com".len() + 1);
    let mut compiled = null_mut();
    let (status, compile_peak) = peak_heap(|| unsafe {
        robotstxt_robots_compile(robots, agents.as_ptr(), 1, &mut compiled)
    });
    assert_eq!(status, robotstxt_status::Ok);
    report(
        "robotstxt_robots_compile",
        "4 MB of useragent:\\nallow:\\n",
        body.len(),
        compile_peak,
    );
    println!("  (parsed form {held} B, {indexed} B with the index of every rule)");
    // LIMITS.md: at most 15 times the body with every index built, about
    // twice the final size while parsing.
    assert!(indexed <= 15 * body.len(), "{indexed}");
    assert!(first <= 15 * body.len(), "{first}");
    assert!(compile_peak <= 15 * body.len(), "{compile_peak}");
    assert!(parse_peak <= 2 * 15 * body.len(), "{parse_peak}");
    unsafe {
        robotstxt_compiled_free(compiled);
        robotstxt_robots_free(robots);
    }
}

#[test]
fn cache_entry_copies_the_kept_body() {
    let body = vec![b'#'; 4 * MB];
    let entry = robotstxt_cache_entry_new(ROBOTSTXT_POLICY_GOOGLE);
    assert_eq!(
        unsafe { robotstxt_cache_entry_set_size_limit(entry, usize::MAX) },
        robotstxt_status::Ok
    );
    let cache_control = b"max-age=60";
    let (status, peak) = peak_heap(|| unsafe {
        robotstxt_cache_entry_record_http(
            entry,
            1,
            200,
            p(&body),
            body.len(),
            p(cache_control),
            cache_control.len(),
        )
    });
    assert_eq!(status, robotstxt_status::Ok);
    report(
        "robotstxt_cache_entry_record_http",
        "4 MB body, no size limit",
        body.len(),
        peak,
    );
    assert_eq!(peak, body.len());
    unsafe { robotstxt_cache_entry_free(entry) };
}

#[test]
fn calls_that_write_into_the_callers_buffer_allocate_nothing() {
    let mut url = b"http://a.com/".to_vec();
    url.resize(4 * MB, 0xE9);
    let mut buffer = vec![0 as c_char; 3 * url.len() + 1];
    let mut len = 0;
    let ((), peak) = peak_heap(|| unsafe {
        let status = robotstxt_get_path_params_query(
            p(&url),
            url.len(),
            buffer.as_mut_ptr(),
            buffer.len(),
            &mut len,
        );
        assert_eq!(status, robotstxt_status::Ok);
        let status = robotstxt_maybe_escape_pattern(
            p(&url),
            url.len(),
            buffer.as_mut_ptr(),
            buffer.len(),
            &mut len,
            null_mut(),
        );
        assert_eq!(status, robotstxt_status::Ok);
        let status =
            robotstxt_robots_txt_url(p(b"http://a.com/x"), 14, buffer.as_mut_ptr(), 0, &mut len);
        assert_eq!(status, robotstxt_status::BufferTooSmall);
        assert!(!robotstxt_pattern_matches(
            p(&url),
            url.len(),
            p(b"/*a*b$"),
            6
        ));
        assert_eq!(robotstxt_extract_user_agent(p(&url), url.len()), 4);
        assert!(!robotstxt_is_valid_user_agent_to_obey(p(&url), url.len()));
        let mut max_age = 0;
        assert!(robotstxt_max_age_from_cache_control(
            p(b"no-cache, max-age=5"),
            19,
            &mut max_age
        ));
    });
    report(
        "get_path_params_query, maybe_escape_pattern, ...",
        "4 MB URL of 0xE9, caller's buffers",
        url.len(),
        peak,
    );
    // robotstxt_robots_txt_url parses the short URL (a few hundred bytes);
    // everything else allocates nothing.
    assert!(peak < 1024, "{peak}");
}
