//! The matcher handle: Google's `RobotsMatcher` for C.

use std::ffi::c_char;

use super::{
    ffi_boundary, free_handle, into_handle, put, robotstxt_status, robotstxt_str, try_byte_strings,
    try_bytes, try_mut, try_out, try_ref,
};
use robotstxt_exact::RobotsMatcher;

/// Decides whether URLs may be fetched under a robots.txt body, with Google's
/// rules; it also remembers the details of its last decision.
///
/// Make one with `robotstxt_matcher_new()` and free it with
/// `robotstxt_matcher_free()`.
///
/// A matcher does not parse the same body twice in a row: when a query comes
/// with the body of the query before it (compared byte for byte, not by
/// hash), the matcher parses that body once and answers this query and the
/// next ones with the same body from the parsed form. A body seen once is
/// streamed through the parser for each query, as Google's library does. The
/// answers and the getters are Google's either way. Memory: at most one copy
/// of the last body and its parsed form (about three times the body),
/// released by `robotstxt_matcher_free()`; when memory runs short the
/// matcher streams instead.
///
/// Thread safety: a matcher may be moved between threads. Queries
/// (`robotstxt_matcher_*allowed_by_robots`) need exclusive use: no other call
/// on the same matcher may run meanwhile. The read-only getters may run
/// concurrently with each other. Use one matcher per thread.
pub struct robotstxt_matcher {
    inner: RobotsMatcher,
}

/// Creates a matcher. Free it with `robotstxt_matcher_free()`.
///
/// Returns NULL when memory runs out for the handle (some hundred bytes)
/// and on an internal error (a caught panic).
#[unsafe(no_mangle)]
pub extern "C" fn robotstxt_matcher_new() -> *mut robotstxt_matcher {
    ffi_boundary!({
        into_handle(robotstxt_matcher {
            inner: RobotsMatcher::new(),
        })
    })
}

/// Frees a matcher. NULL is a no-op.
///
/// # Safety
/// `matcher` is NULL or a matcher from `robotstxt_matcher_new()` that was not
/// freed before and is not in use by another thread. It must not be used
/// afterwards.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_matcher_free(matcher: *mut robotstxt_matcher) {
    // SAFETY: the caller passes NULL or an unfreed matcher, per the contract.
    ffi_boundary!({ unsafe { free_handle(matcher) } })
}

/// Decides whether `url` may be fetched by any of the `user_agents_len`
/// agents in `user_agents` under the robots.txt `robots_body`, and writes the
/// answer to `*allowed` (true: allowed).
///
/// `url` must be percent-encoded (RFC 3986); only its path, params and query
/// are matched, up to a NUL byte if it has one. An agent named in the body is
/// matched by its leading run of `[a-zA-Z_-]`, case-insensitively; give
/// product tokens such as `Googlebot`, not full `User-Agent` headers.
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL
/// `matcher` or `allowed`, or a string or the array given as (NULL, n > 0)),
/// `ROBOTSTXT_STATUS_OUT_OF_MEMORY` (no room for the copy of the URL's path
/// or the agents; the matcher then answers as before any query and stays
/// usable) or `ROBOTSTXT_STATUS_PANIC`. `*allowed` is written only on
/// success.
///
/// Time: O(`robots_body_len` + `url_len` + agents) to parse the body and
/// extract the path, plus one pattern match per rule of the groups that
/// apply (each O(`url_len` + pattern) at worst) and, per `user-agent` line,
/// one comparison with each agent. Memory: a copy of the URL's path and of
/// the agents (1 byte per byte), kept for the next query, scratch lines of
/// at most 4 × 16663 bytes and 8 KiB for paths of 96 bytes or more; nothing
/// grows with a body streamed. A body that is the one of the query before
/// is kept with its parsed form (a copy, and about 6 bytes per body byte
/// while parsing the worst layout, 3.6 kept); when that does not fit, the
/// body is streamed instead, with the same answer.
///
/// # Safety
/// `matcher` is NULL or a live matcher used by no other thread meanwhile.
/// Each `(pointer, length)` pair is (NULL, any length) or points to that many
/// readable bytes (for `user_agents`: elements, each a valid `robotstxt_str`).
/// `allowed` is NULL or writable. The library keeps none of these pointers.
#[unsafe(no_mangle)]
#[allow(
    clippy::too_many_arguments,
    reason = "a C signature: three strings and an array"
)]
pub unsafe extern "C" fn robotstxt_matcher_allowed_by_robots(
    matcher: *mut robotstxt_matcher,
    robots_body: *const c_char,
    robots_body_len: usize,
    user_agents: *const robotstxt_str,
    user_agents_len: usize,
    url: *const c_char,
    url_len: usize,
    allowed: *mut bool,
) -> robotstxt_status {
    ffi_boundary!({
        let matcher = try_mut!(matcher);
        let body = try_bytes!(robots_body, robots_body_len);
        let url = try_bytes!(url, url_len);
        let allowed = try_out!(allowed);
        let agents = try_byte_strings!(user_agents, user_agents_len);
        match matcher.inner.try_allowed_by_robots(body, agents, url) {
            // SAFETY: checked non-NULL; the caller guarantees it is writable.
            Ok(answer) => unsafe { put(allowed, answer) },
            Err(_) => robotstxt_status::OutOfMemory,
        }
    })
}

/// `robotstxt_matcher_allowed_by_robots()` for one agent, given as
/// `(user_agent, user_agent_len)`.
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL
/// `matcher` or `allowed`, or a string given as (NULL, n > 0)),
/// `ROBOTSTXT_STATUS_OUT_OF_MEMORY` (as there) or `ROBOTSTXT_STATUS_PANIC`.
/// `*allowed` is written only on success. Time and memory as for
/// `robotstxt_matcher_allowed_by_robots()`.
///
/// # Safety
/// As for `robotstxt_matcher_allowed_by_robots()`.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments, reason = "a C signature: three strings")]
pub unsafe extern "C" fn robotstxt_matcher_one_agent_allowed_by_robots(
    matcher: *mut robotstxt_matcher,
    robots_body: *const c_char,
    robots_body_len: usize,
    user_agent: *const c_char,
    user_agent_len: usize,
    url: *const c_char,
    url_len: usize,
    allowed: *mut bool,
) -> robotstxt_status {
    ffi_boundary!({
        let matcher = try_mut!(matcher);
        let body = try_bytes!(robots_body, robots_body_len);
        let agent = try_bytes!(user_agent, user_agent_len);
        let url = try_bytes!(url, url_len);
        let allowed = try_out!(allowed);
        match matcher
            .inner
            .try_one_agent_allowed_by_robots(body, agent, url)
        {
            // SAFETY: checked non-NULL; the caller guarantees it is writable.
            Ok(answer) => unsafe { put(allowed, answer) },
            Err(_) => robotstxt_status::OutOfMemory,
        }
    })
}

/// Whether the URL of the last query was disallowed. False before any
/// query, for a NULL `matcher`, and on an internal error.
///
/// # Safety
/// `matcher` is NULL or a live matcher not being queried meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_matcher_disallow(matcher: *const robotstxt_matcher) -> bool {
    ffi_boundary!({ try_ref!(matcher).inner.disallow() })
}

/// Whether the URL of the last query was disallowed by the groups of the
/// queried agents alone, ignoring the global (`*`) group. False before any
/// query, for a NULL `matcher`, and on an internal error.
///
/// # Safety
/// `matcher` is NULL or a live matcher not being queried meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_matcher_disallow_ignore_global(
    matcher: *const robotstxt_matcher,
) -> bool {
    ffi_boundary!({ try_ref!(matcher).inner.disallow_ignore_global() })
}

/// Whether the body of the last query had a group naming one of the queried
/// agents. False before any query, for a NULL `matcher`, and on an internal
/// error.
///
/// # Safety
/// `matcher` is NULL or a live matcher not being queried meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_matcher_ever_seen_specific_agent(
    matcher: *const robotstxt_matcher,
) -> bool {
    ffi_boundary!({ try_ref!(matcher).inner.ever_seen_specific_agent() })
}

/// The line (from 1) of the rule that decided the last query, or 0 when no
/// rule did, before any query, for a NULL `matcher`, and on an internal error.
///
/// # Safety
/// `matcher` is NULL or a live matcher not being queried meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_matcher_matching_line(matcher: *const robotstxt_matcher) -> u32 {
    ffi_boundary!({ try_ref!(matcher).inner.matching_line() })
}

/// The best match of one rule kind (allow or disallow) within one kind of
/// group, as Google's `RobotsMatcher::Match` keeps it.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct robotstxt_match {
    /// The length of the longest matching pattern, or -1 when no rule
    /// matched (a match of the empty pattern has priority 0).
    pub priority: i32,
    /// The line (from 1) of that rule, or 0 when no rule matched.
    pub line: u32,
}

/// What a matcher knows after a query: the protected state of Google's
/// `RobotsMatcher` (`allow_`, `disallow_` and the `seen_*` flags) as the
/// query left it. The C++ header `robots.h` copies it into its members so
/// that a `RobotsMatcher` answered by the library reads like one that ran
/// Google's handlers itself.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct robotstxt_matcher_state {
    /// Best allow match in the global (`*`) groups.
    pub allow_global: robotstxt_match,
    /// Best allow match in the groups of the queried agents.
    pub allow_specific: robotstxt_match,
    /// Best disallow match in the global (`*`) groups.
    pub disallow_global: robotstxt_match,
    /// Best disallow match in the groups of the queried agents.
    pub disallow_specific: robotstxt_match,
    /// The parse ended inside a group that includes `*`.
    pub seen_global_agent: bool,
    /// The parse ended inside a group that names a queried agent.
    pub seen_specific_agent: bool,
    /// Some group named a queried agent.
    pub ever_seen_specific_agent: bool,
    /// The current group had a rule line (so the next `user-agent` line
    /// starts a new group).
    pub seen_separator: bool,
}

impl robotstxt_match {
    fn of((priority, line): (i64, u32)) -> Self {
        robotstxt_match {
            // Priorities are pattern lengths, bounded by the longest line
            // the parser keeps; saturate rather than wrap all the same.
            priority: i32::try_from(priority).unwrap_or(i32::MAX),
            line,
        }
    }
}

/// Writes the state the last query left in `matcher` to `*state`: before any
/// query, no matches (priority -1, line 0) and every flag false.
///
/// The state is Google's whether the query was streamed or answered from a
/// kept body (see `robotstxt_matcher`).
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL
/// `matcher` or `state`) or `ROBOTSTXT_STATUS_PANIC`. `*state` is written
/// only on success.
///
/// # Safety
/// `matcher` is NULL or a live matcher not being queried meanwhile; `state`
/// is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_matcher_get_state(
    matcher: *const robotstxt_matcher,
    state: *mut robotstxt_matcher_state,
) -> robotstxt_status {
    ffi_boundary!({
        let matcher = try_ref!(matcher);
        let state = try_out!(state);
        let inner = matcher.inner.state();
        let value = robotstxt_matcher_state {
            allow_global: robotstxt_match::of(inner.allow_global),
            allow_specific: robotstxt_match::of(inner.allow_specific),
            disallow_global: robotstxt_match::of(inner.disallow_global),
            disallow_specific: robotstxt_match::of(inner.disallow_specific),
            seen_global_agent: inner.seen_global_agent,
            seen_specific_agent: inner.seen_specific_agent,
            ever_seen_specific_agent: inner.ever_seen_specific_agent,
            seen_separator: inner.seen_separator,
        };
        // SAFETY: checked non-NULL; the caller guarantees it is writable.
        unsafe { put(state, value) }
    })
}

/// Whether the URL path `(path, path_len)` matches the robots.txt rule
/// pattern `(pattern, pattern_len)`, as Google's
/// `RobotsMatchStrategy::Matches`: anchored at the start of the path, `*`
/// matches any run of bytes, and `$` anchors the end only as the last byte
/// of the pattern. Bytes are compared as they are (give an escaped pattern,
/// as the parser reports it). Linear time. False for (NULL, n > 0) and on an
/// internal error. Thread-safe.
///
/// # Safety
/// Each of `path` and `pattern` is NULL or points to that many readable
/// bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_pattern_matches(
    path: *const c_char,
    path_len: usize,
    pattern: *const c_char,
    pattern_len: usize,
) -> bool {
    ffi_boundary!({
        robotstxt_exact::pattern::matches(
            try_bytes!(path, path_len),
            try_bytes!(pattern, pattern_len),
        )
    })
}

/// Whether `(user_agent, user_agent_len)` is a user agent a crawler may obey
/// rules for: not empty and made only of `[a-zA-Z_-]`. False for
/// (NULL, n > 0) and on an internal error. Thread-safe. O(`user_agent_len`).
///
/// # Safety
/// `user_agent` is NULL or points to `user_agent_len` readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_is_valid_user_agent_to_obey(
    user_agent: *const c_char,
    user_agent_len: usize,
) -> bool {
    ffi_boundary!({
        robotstxt_exact::is_valid_user_agent_to_obey(try_bytes!(user_agent, user_agent_len))
    })
}

/// The length of the part of `(user_agent, user_agent_len)` that is matched
/// against `user-agent` lines: its leading run of `[a-zA-Z_-]` (6 for
/// `"FooBot/2.1"`). 0 for (NULL, n > 0) and on an internal error.
/// Thread-safe. O(length of the result).
///
/// # Safety
/// `user_agent` is NULL or points to `user_agent_len` readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_extract_user_agent(
    user_agent: *const c_char,
    user_agent_len: usize,
) -> usize {
    ffi_boundary!({
        robotstxt_exact::extract_user_agent(try_bytes!(user_agent, user_agent_len)).len()
    })
}
