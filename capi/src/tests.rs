//! The panic boundary of every export, shown with an injected panic.
//!
//! Integration tests cannot make the core panic, so [`ffi_boundary!`] calls
//! [`maybe_inject_panic`] first in test builds; these tests arm it and check
//! that each export returns its documented fallback instead of unwinding.

use std::cell::Cell;
use std::ffi::{c_char, c_void};
use std::ptr::null_mut;
use std::sync::Once;

use super::matcher::*;
use super::parse::*;
use super::reporter::*;
use super::util::*;
use super::version::*;
use super::{robotstxt_status, robotstxt_str};

const INJECTED: &str = "robotstxt test: injected panic";

thread_local! {
    static INJECT: Cell<bool> = const { Cell::new(false) };
}

/// Panics once if a test armed it on this thread.
pub(crate) fn maybe_inject_panic() {
    if INJECT.with(|armed| armed.replace(false)) {
        panic!("{INJECTED}");
    }
}

/// Runs `f` with the next boundary on this thread set to panic, and checks
/// that the panic happened.
fn with_panic<T>(f: impl FnOnce() -> T) -> T {
    static QUIET: Once = Once::new();
    QUIET.call_once(|| {
        // Keep the expected panics out of the test output, and no others.
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if info.payload().downcast_ref::<String>().map(String::as_str) != Some(INJECTED) {
                default(info);
            }
        }));
    });
    INJECT.with(|armed| armed.set(true));
    let result = f();
    assert!(
        !INJECT.with(Cell::get),
        "the export did not run its body inside the panic boundary"
    );
    result
}

const BODY: &[u8] = b"user-agent: FooBot\ndisallow: /\n";

fn s(bytes: &[u8]) -> *const c_char {
    bytes.as_ptr().cast()
}

#[test]
fn handle_constructors_return_null_on_panic() {
    assert!(with_panic(|| robotstxt_matcher_new()).is_null());
    assert!(with_panic(|| robotstxt_reporter_new()).is_null());
    assert!(with_panic(|| robotstxt_version()).is_null());
}

#[test]
fn free_functions_swallow_a_panic() {
    // The panic fires before the handle is dropped: the handle leaks rather
    // than unwinding into C, and can still be freed afterwards.
    let matcher = robotstxt_matcher_new();
    let reporter = robotstxt_reporter_new();
    unsafe {
        with_panic(|| robotstxt_matcher_free(matcher));
        with_panic(|| robotstxt_reporter_free(reporter));
        with_panic(|| robotstxt_buffer_free(null_mut()));
        robotstxt_matcher_free(matcher);
        robotstxt_reporter_free(reporter);
    }
}

#[test]
fn matcher_queries_return_panic_status_and_leave_the_answer_unwritten() {
    let matcher = robotstxt_matcher_new();
    let agent = robotstxt_str {
        ptr: s(b"FooBot"),
        len: 6,
    };
    let url = b"http://foo.bar/x";
    let mut allowed = true;
    unsafe {
        let status = with_panic(|| {
            robotstxt_matcher_allowed_by_robots(
                matcher,
                s(BODY),
                BODY.len(),
                &agent,
                1,
                s(url),
                url.len(),
                &mut allowed,
            )
        });
        assert_eq!(status, robotstxt_status::Panic);
        let status = with_panic(|| {
            robotstxt_matcher_one_agent_allowed_by_robots(
                matcher,
                s(BODY),
                BODY.len(),
                agent.ptr,
                agent.len,
                s(url),
                url.len(),
                &mut allowed,
            )
        });
        assert_eq!(status, robotstxt_status::Panic);
        assert!(allowed, "the answer must not be written on failure");

        // The matcher stays usable after a panic.
        let status = robotstxt_matcher_one_agent_allowed_by_robots(
            matcher,
            s(BODY),
            BODY.len(),
            agent.ptr,
            agent.len,
            s(url),
            url.len(),
            &mut allowed,
        );
        assert_eq!(status, robotstxt_status::Ok);
        assert!(!allowed);
        assert!(robotstxt_matcher_disallow(matcher));
        assert_eq!(robotstxt_matcher_matching_line(matcher), 2);

        assert!(!with_panic(|| robotstxt_matcher_disallow(matcher)));
        assert!(!with_panic(|| robotstxt_matcher_disallow_ignore_global(
            matcher
        )));
        assert!(!with_panic(|| robotstxt_matcher_ever_seen_specific_agent(
            matcher
        )));
        assert_eq!(with_panic(|| robotstxt_matcher_matching_line(matcher)), 0);
        let sentinel = robotstxt_match {
            priority: 77,
            line: 77,
        };
        let mut state = robotstxt_matcher_state {
            allow_global: sentinel,
            allow_specific: sentinel,
            disallow_global: sentinel,
            disallow_specific: sentinel,
            seen_global_agent: true,
            seen_specific_agent: true,
            ever_seen_specific_agent: true,
            seen_separator: true,
        };
        let before = state;
        assert_eq!(
            with_panic(|| robotstxt_matcher_get_state(matcher, &mut state)),
            robotstxt_status::Panic
        );
        assert_eq!(state, before, "the state must not be written on failure");
        robotstxt_matcher_free(matcher);
    }
}

#[test]
fn stateless_functions_return_their_fallbacks() {
    unsafe {
        assert!(!with_panic(|| robotstxt_is_valid_user_agent_to_obey(
            s(b"FooBot"),
            6
        )));
        assert_eq!(
            with_panic(|| robotstxt_extract_user_agent(s(b"FooBot"), 6)),
            0
        );
        assert!(!with_panic(|| robotstxt_pattern_matches(
            s(b"/x"),
            2,
            s(b"/"),
            1
        )));
        assert!(!with_panic(|| robotstxt_is_unsupported_tag(
            s(b"noindex"),
            7
        )));
        let mut typo = true;
        let key_type = with_panic(|| robotstxt_get_key_type(s(b"useragent"), 9, &mut typo));
        assert_eq!(key_type, robotstxt_key_type::Unknown);
        assert!(typo, "the typo flag must not be written on failure");
    }
}

#[test]
fn parse_returns_panic_status_without_calling_back() {
    unsafe extern "C" fn count(user_data: *mut c_void) {
        unsafe { *user_data.cast::<u32>() += 1 };
    }
    let mut calls = 0u32;
    let callbacks = robotstxt_parse_callbacks {
        user_data: (&raw mut calls).cast(),
        handle_robots_start: Some(count),
        handle_robots_end: Some(count),
        handle_user_agent: None,
        handle_allow: None,
        handle_disallow: None,
        handle_sitemap: None,
        handle_unknown_action: None,
        report_line_metadata: None,
    };
    let status = with_panic(|| unsafe { robotstxt_parse(s(BODY), BODY.len(), &callbacks) });
    assert_eq!(status, robotstxt_status::Panic);
    assert_eq!(calls, 0);
}

#[test]
fn reporter_calls_return_their_fallbacks() {
    let reporter = robotstxt_reporter_new();
    unsafe {
        assert_eq!(
            robotstxt_reporter_parse(reporter, s(BODY), BODY.len()),
            robotstxt_status::Ok
        );
        assert_eq!(
            with_panic(|| robotstxt_reporter_parse(reporter, s(BODY), BODY.len())),
            robotstxt_status::Panic
        );
        assert_eq!(with_panic(|| robotstxt_reporter_line_count(reporter)), 0);
        assert_eq!(
            with_panic(|| robotstxt_reporter_last_line_seen(reporter)),
            0
        );
        assert_eq!(
            with_panic(|| robotstxt_reporter_valid_directives(reporter)),
            0
        );
        assert_eq!(
            with_panic(|| robotstxt_reporter_unused_directives(reporter)),
            0
        );
        let mut len = 99usize;
        assert_eq!(
            with_panic(|| robotstxt_reporter_lines(reporter, null_mut(), 0, &mut len)),
            robotstxt_status::Panic
        );
        assert_eq!(len, 99, "the length must not be written on failure");
        let mut line = std::mem::MaybeUninit::<robotstxt_parsed_line>::uninit();
        assert!(!with_panic(|| robotstxt_reporter_line(
            reporter,
            1,
            line.as_mut_ptr()
        )));
        // Still usable: the body has three lines (the last one empty).
        assert_eq!(robotstxt_reporter_last_line_seen(reporter), 3);
        robotstxt_reporter_free(reporter);
    }
}

#[test]
fn string_helpers_return_panic_status_and_write_nothing() {
    let url = b"http://a.com/b";
    let mut buf = [b'#' as c_char; 16];
    let mut len = 99usize;
    let mut escaped = true;
    let mut alloc: *mut c_char = null_mut();
    let (buf_p, len_p, escaped_p, alloc_p) = (
        buf.as_mut_ptr(),
        &raw mut len,
        &raw mut escaped,
        &raw mut alloc,
    );
    unsafe {
        let calls: [&dyn Fn() -> robotstxt_status; 4] = [
            &|| robotstxt_get_path_params_query(s(url), url.len(), buf_p, 16, len_p),
            &|| robotstxt_get_path_params_query_alloc(s(url), url.len(), alloc_p, len_p),
            &|| robotstxt_maybe_escape_pattern(s(url), url.len(), buf_p, 16, len_p, escaped_p),
            &|| robotstxt_maybe_escape_pattern_alloc(s(url), url.len(), alloc_p, len_p, escaped_p),
        ];
        for call in calls {
            assert_eq!(with_panic(call), robotstxt_status::Panic);
        }
    }
    assert_eq!(len, 99);
    assert!(escaped);
    assert!(alloc.is_null());
    assert!(buf.iter().all(|&b| b == b'#' as c_char));
}

#[test]
fn robots_handle_calls_return_their_fallbacks_and_write_nothing() {
    use super::preferences::*;
    use super::robots::*;
    let body = b"user-agent: FooBot\ndisallow: /\ncrawl-delay: 2\nsitemap: /s.xml\n";
    unsafe {
        assert!(with_panic(|| robotstxt_robots_parse(s(body), body.len())).is_null());
        let robots = robotstxt_robots_parse(s(body), body.len());
        assert!(!robots.is_null());

        let agent = robotstxt_str {
            ptr: s(b"FooBot"),
            len: 6,
        };
        let url = b"http://foo.bar/x";
        let untouched = robotstxt_answer {
            allowed: true,
            matching_line: 77,
            ever_seen_specific_agent: false,
            disallow_ignore_global: false,
        };
        let mut answer = untouched;
        let status = with_panic(|| {
            robotstxt_robots_check(robots, &agent, 1, s(url), url.len(), &mut answer)
        });
        assert_eq!(status, robotstxt_status::Panic);
        assert_eq!(
            answer, untouched,
            "the answer must not be written on failure"
        );
        let mut allowed = true;
        let status = with_panic(|| {
            robotstxt_robots_allowed(
                robots,
                agent.ptr,
                agent.len,
                s(url),
                url.len(),
                &mut allowed,
            )
        });
        assert_eq!(status, robotstxt_status::Panic);
        assert!(allowed);

        assert_eq!(with_panic(|| robotstxt_robots_sitemap_count(robots)), 0);
        assert_eq!(with_panic(|| robotstxt_robots_group_count(robots)), 0);
        assert_eq!(
            with_panic(|| robotstxt_robots_group_agent_count(robots, 0)),
            0
        );
        assert_eq!(
            with_panic(|| robotstxt_robots_group_rule_count(robots, 0)),
            0
        );
        assert!(!with_panic(|| robotstxt_robots_group_is_global(robots, 0)));
        assert_eq!(with_panic(|| robotstxt_robots_heap_bytes(robots)), 0);

        let mut sitemap = robotstxt_str {
            ptr: std::ptr::null(),
            len: 99,
        };
        let status = with_panic(|| robotstxt_robots_sitemap(robots, 0, &mut sitemap));
        assert_eq!((status, sitemap.len), (robotstxt_status::Panic, 99));
        let mut group_agent = robotstxt_group_agent {
            value: sitemap,
            line: 99,
        };
        let status = with_panic(|| robotstxt_robots_group_agent(robots, 0, 0, &mut group_agent));
        assert_eq!((status, group_agent.line), (robotstxt_status::Panic, 99));
        let mut rule = robotstxt_rule {
            kind: robotstxt_rule_kind::Allow,
            pattern: sitemap,
            line: 99,
        };
        let status = with_panic(|| robotstxt_robots_group_rule(robots, 0, 0, &mut rule));
        assert_eq!((status, rule.line), (robotstxt_status::Panic, 99));
        let mut delay = -1.0;
        let status = with_panic(|| robotstxt_robots_group_crawl_delay(robots, 0, &mut delay));
        assert_eq!((status, delay), (robotstxt_status::Panic, -1.0));
        let status =
            with_panic(|| robotstxt_robots_crawl_delay(robots, agent.ptr, agent.len, &mut delay));
        assert_eq!((status, delay), (robotstxt_status::Panic, -1.0));
        let unset = robotstxt_preference {
            value: robotstxt_preference_value::Yes,
            line: 99,
        };
        let mut prefs = robotstxt_preferences {
            allowed: true,
            signal_search: unset,
            signal_ai_input: unset,
            signal_ai_train: unset,
            usage_train_ai: unset,
            usage_search: unset,
            usage_ai_use: unset,
            content_use: robotstxt_content_use::Full,
            content_use_line: 99,
        };
        let before = prefs;
        let status = with_panic(|| {
            robotstxt_robots_preferences(
                robots,
                agent.ptr,
                agent.len,
                s(url),
                url.len(),
                &mut prefs,
            )
        });
        assert_eq!((status, prefs), (robotstxt_status::Panic, before));
        let mut rate = robotstxt_request_rate {
            requests: 99,
            seconds: 99,
            has_window: false,
            window_start: 0,
            window_end: 0,
        };
        let status =
            with_panic(|| robotstxt_robots_request_rate(robots, agent.ptr, agent.len, &mut rate));
        assert_eq!((status, rate.requests), (robotstxt_status::Panic, 99));
        let status = with_panic(|| robotstxt_robots_group_request_rate(robots, 0, &mut rate));
        assert_eq!((status, rate.requests), (robotstxt_status::Panic, 99));
        assert_eq!(
            with_panic(|| robotstxt_robots_group_preference_count(robots, 0)),
            0
        );
        let mut line = robotstxt_preference_line {
            kind: robotstxt_preference_kind::ContentSignal,
            path: sitemap,
            line: 99,
            values: [unset; 3],
        };
        let status = with_panic(|| robotstxt_robots_group_preference(robots, 0, 0, &mut line));
        assert_eq!((status, line.line), (robotstxt_status::Panic, 99));

        // The handle is unharmed: Google's rules give line 2's disallow.
        let status = robotstxt_robots_check(robots, &agent, 1, s(url), url.len(), &mut answer);
        assert_eq!(status, robotstxt_status::Ok);
        assert_eq!((answer.allowed, answer.matching_line), (false, 2));
        assert_eq!(robotstxt_robots_sitemap_count(robots), 1);

        // The panic fires before the handle is dropped: it leaks rather than
        // unwinding into C, and can still be freed afterwards.
        with_panic(|| robotstxt_robots_free(robots));
        robotstxt_robots_free(robots);
    }
}

#[test]
fn file_wide_calls_return_their_fallbacks_and_write_nothing() {
    use super::file_wide::*;
    use super::robots::*;
    let body = b"License: https://example.com/l.xml\nLLM-Policy: /llms.txt\n\
                 User-agent: __usage_ai-training\nDisallow: /\n";
    unsafe {
        let robots = robotstxt_robots_parse(s(body), body.len());
        assert!(!robots.is_null());
        let unset = robotstxt_str {
            ptr: std::ptr::null(),
            len: 99,
        };
        let mut values = [robotstxt_file_value {
            value: unset,
            line: 99,
        }; 2];
        let mut tokens = [robotstxt_policy_token {
            token: unset,
            namespace_name: unset,
            label: unset,
            known: false,
            line: 99,
        }; 2];
        let mut len = 99usize;
        let (values_p, tokens_p, len_p) = (values.as_mut_ptr(), tokens.as_mut_ptr(), &raw mut len);
        let lists: [&dyn Fn() -> robotstxt_status; 3] = [
            &|| robotstxt_robots_licenses(robots, values_p, 2, len_p),
            &|| robotstxt_robots_llm_policies(robots, values_p, 2, len_p),
            &|| robotstxt_robots_policy_tokens(robots, tokens_p, 2, len_p),
        ];
        for call in lists {
            assert_eq!(with_panic(call), robotstxt_status::Panic);
        }
        assert_eq!(len, 99, "the length must not be written on failure");
        assert!(values.iter().all(|v| v.line == 99 && v.value.len == 99));
        assert!(tokens.iter().all(|t| t.line == 99 && t.token.len == 99));

        let token = b"__usage_ai-training";
        let url = b"http://foo.bar/x";
        let untouched = robotstxt_answer {
            allowed: true,
            matching_line: 77,
            ever_seen_specific_agent: false,
            disallow_ignore_global: false,
        };
        let mut answer = untouched;
        let status = with_panic(|| {
            robotstxt_robots_policy(
                robots,
                s(token),
                token.len(),
                s(url),
                url.len(),
                &mut answer,
            )
        });
        assert_eq!((status, answer), (robotstxt_status::Panic, untouched));

        // The handle is unharmed: the token's group disallows everything
        // from line 4, and each list has its one value (the last written:
        // LLM-Policy's, line 2, and the token's, line 3).
        let status = robotstxt_robots_policy(
            robots,
            s(token),
            token.len(),
            s(url),
            url.len(),
            &mut answer,
        );
        assert_eq!(status, robotstxt_status::Ok);
        assert_eq!((answer.allowed, answer.matching_line), (false, 4));
        for call in lists {
            assert_eq!(call(), robotstxt_status::Ok);
            assert_eq!(len, 1);
        }
        assert_eq!((values[0].line, tokens[0].line), (2, 3));
        robotstxt_robots_free(robots);
    }
}

#[test]
fn compiled_handle_calls_return_their_fallbacks_and_write_nothing() {
    use super::robots::*;
    let body = b"user-agent: FooBot\ndisallow: /\n";
    unsafe {
        let robots = robotstxt_robots_parse(s(body), body.len());
        assert!(!robots.is_null());
        let agent = robotstxt_str {
            ptr: s(b"FooBot"),
            len: 6,
        };
        let mut out: *mut robotstxt_robots = std::ptr::null_mut();
        let status = with_panic(|| robotstxt_robots_try_parse(s(body), body.len(), &mut out));
        assert_eq!((status, out.is_null()), (robotstxt_status::Panic, true));
        let mut compiled: *mut robotstxt_compiled = std::ptr::null_mut();
        let status = with_panic(|| robotstxt_robots_compile(robots, &agent, 1, &mut compiled));
        assert_eq!(
            (status, compiled.is_null()),
            (robotstxt_status::Panic, true)
        );
        assert_eq!(
            robotstxt_robots_compile(robots, &agent, 1, std::ptr::null_mut()),
            robotstxt_status::NullArgument
        );
        let status = robotstxt_robots_compile(robots, &agent, 1, &mut compiled);
        assert_eq!(status, robotstxt_status::Ok);

        let url = b"http://foo.bar/x";
        let untouched = robotstxt_answer {
            allowed: true,
            matching_line: 77,
            ever_seen_specific_agent: false,
            disallow_ignore_global: false,
        };
        let mut answer = untouched;
        let status =
            with_panic(|| robotstxt_compiled_check(compiled, s(url), url.len(), &mut answer));
        assert_eq!((status, answer), (robotstxt_status::Panic, untouched));
        let mut allowed = true;
        let status =
            with_panic(|| robotstxt_compiled_allowed(compiled, s(url), url.len(), &mut allowed));
        assert_eq!((status, allowed), (robotstxt_status::Panic, true));
        assert_eq!(with_panic(|| robotstxt_compiled_heap_bytes(compiled)), 0);
        assert_eq!(
            robotstxt_compiled_check(std::ptr::null(), s(url), url.len(), &mut answer),
            robotstxt_status::NullArgument
        );

        // The handle is unharmed: Google's rules give line 2's disallow, and
        // it outlives the robots handle it came from.
        robotstxt_robots_free(robots);
        let status = robotstxt_compiled_check(compiled, s(url), url.len(), &mut answer);
        assert_eq!(status, robotstxt_status::Ok);
        assert_eq!((answer.allowed, answer.matching_line), (false, 2));
        assert!(
            (
                answer.ever_seen_specific_agent,
                answer.disallow_ignore_global
            ) == (true, true)
        );
        with_panic(|| robotstxt_compiled_free(compiled));
        robotstxt_compiled_free(compiled);
        robotstxt_compiled_free(std::ptr::null_mut());
    }
}

#[test]
fn crawler_calls_return_their_fallbacks_and_write_nothing() {
    use super::crawler::*;
    let page = b"https://example.com/a";
    let t0 = 1_700_000_000u64;
    unsafe {
        assert!(with_panic(|| robotstxt_cache_entry_new(ROBOTSTXT_POLICY_GOOGLE)).is_null());
        assert!(!with_panic(|| robotstxt_is_robots_txt_url(
            s(b"https://a.com/robots.txt"),
            24
        )));
        assert!(!with_panic(|| robotstxt_robots_txt_applies_to(
            s(b"https://a.com/robots.txt"),
            24,
            s(b"https://a.com/"),
            14
        )));
        assert!(!with_panic(|| robotstxt_should_follow_redirect(0)));
        let mut secs = 7u64;
        assert!(!with_panic(|| robotstxt_max_age_from_cache_control(
            s(b"max-age=60"),
            10,
            &mut secs
        )));
        assert_eq!(secs, 7);

        let mut buf = [b'#' as c_char; 64];
        let mut len = 99usize;
        let mut alloc: *mut c_char = null_mut();
        let status = with_panic(|| {
            robotstxt_robots_txt_url(s(page), page.len(), buf.as_mut_ptr(), 64, &mut len)
        });
        assert_eq!(status, robotstxt_status::Panic);
        let status = with_panic(|| {
            robotstxt_robots_txt_url_alloc(s(page), page.len(), &mut alloc, &mut len)
        });
        assert_eq!(status, robotstxt_status::Panic);
        assert_eq!(len, 99);
        assert!(alloc.is_null());
        assert!(buf.iter().all(|&b| b == b'#' as c_char));

        let entry = robotstxt_cache_entry_new(ROBOTSTXT_POLICY_GOOGLE);
        assert!(!entry.is_null());
        let status = with_panic(|| {
            robotstxt_cache_entry_record_http(entry, t0, 200, s(BODY), BODY.len(), s(b""), 0)
        });
        assert_eq!(status, robotstxt_status::Panic);
        // Nothing was recorded: a fresh entry must still fetch first.
        assert!(robotstxt_cache_entry_needs_fetch(entry, t0));
        assert_eq!(
            with_panic(|| robotstxt_cache_entry_record_network_error(entry, t0)),
            robotstxt_status::Panic
        );
        assert!(!robotstxt_cache_entry_unreachable_since(entry, null_mut()));
        let setters: [&dyn Fn() -> robotstxt_status; 3] = [
            &|| robotstxt_cache_entry_set_lifetime(entry, 60),
            &|| robotstxt_cache_entry_set_size_limit(entry, 10),
            &|| robotstxt_cache_entry_set_site_available(entry, false),
        ];
        for call in setters {
            assert_eq!(with_panic(call), robotstxt_status::Panic);
        }

        assert_eq!(
            robotstxt_cache_entry_record_http(entry, t0, 200, s(BODY), BODY.len(), s(b""), 0),
            robotstxt_status::Ok
        );
        // The settings calls above did nothing: the whole body is kept and
        // the default 24-hour lifetime applies.
        let mut body_len = 0usize;
        assert!(!robotstxt_cache_entry_body(entry, &mut body_len).is_null());
        assert_eq!(body_len, BODY.len());
        let mut until = 0u64;
        assert!(robotstxt_cache_entry_fresh_until(entry, &mut until));
        assert_eq!(until, t0 + 24 * 3600);

        assert!(!with_panic(|| robotstxt_cache_entry_needs_fetch(entry, t0)));
        assert_eq!(
            with_panic(|| robotstxt_cache_entry_decide(entry, t0)),
            robotstxt_decision::DisallowAll
        );
        let mut len = 99usize;
        assert!(with_panic(|| robotstxt_cache_entry_body(entry, &mut len)).is_null());
        assert_eq!(len, 99);
        let mut t = 5u64;
        assert!(!with_panic(|| robotstxt_cache_entry_fresh_until(
            entry, &mut t
        )));
        assert!(!with_panic(|| robotstxt_cache_entry_unreachable_since(
            entry, &mut t
        )));
        assert_eq!(t, 5);
        assert_eq!(
            robotstxt_cache_entry_decide(entry, t0),
            robotstxt_decision::UseRules
        );

        with_panic(|| robotstxt_cache_entry_free(entry));
        robotstxt_cache_entry_free(entry);
    }
}
