//! The parse-once handle: a parsed, immutable robots.txt (`robotstxt_exact::Robots`)
//! for C.
//!
//! Every query takes a `const robotstxt_robots *` and only reads: the handle
//! is never changed after `robotstxt_robots_parse()`, so any number of
//! threads may query one handle at once without locks.

use std::ffi::c_char;

use super::{
    c_ptr, ffi_boundary, free_handle, into_handle, put, put_handle, robotstxt_status,
    robotstxt_str, try_byte_strings, try_bytes, try_out, try_ref,
};
use robotstxt_exact::robots::{Answer, CompiledRobots, Group, Robots, RuleKind};

/// A robots.txt parsed once, for answering any number of queries.
///
/// Make one with `robotstxt_robots_parse()` and free it with
/// `robotstxt_robots_free()`. Its answers are exactly those of a
/// `robotstxt_matcher` given the same body, agents and URL: the verdict, the
/// deciding line, `ever_seen_specific_agent` and `disallow_ignore_global`.
///
/// Thread safety: a parsed robots.txt never changes its answers. Every query
/// takes a `const robotstxt_robots *`, and any number of threads may query
/// the same handle at the same time without locking (the index for an agent
/// is built once, by the first query that needs it, safely between threads).
/// Only `robotstxt_robots_free()` needs it to itself: no query may run on it
/// meanwhile or afterwards.
///
/// Strings it hands out (sitemaps, agents, patterns) point into the handle:
/// they stay valid, unchanged, until `robotstxt_robots_free()`.
pub struct robotstxt_robots {
    inner: Robots,
}

impl robotstxt_robots {
    /// The parsed robots.txt, for the exports of other files.
    pub(crate) fn inner(&self) -> &Robots {
        &self.inner
    }
}

/// The answer to one query, as `robotstxt_matcher`'s getters give it after
/// the same query.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct robotstxt_answer {
    /// Whether the URL may be fetched.
    pub allowed: bool,
    /// The line (from 1) of the rule that decided, or 0 when no rule matched.
    pub matching_line: u32,
    /// Whether a group names one of the queried agents (then the `*` groups
    /// do not apply).
    pub ever_seen_specific_agent: bool,
    /// Whether the groups naming the queried agents alone disallow the URL,
    /// ignoring the `*` groups.
    pub disallow_ignore_global: bool,
}

/// Whether a rule allows or disallows.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum robotstxt_rule_kind {
    /// An `allow` line.
    Allow = 0,
    /// A `disallow` line.
    Disallow = 1,
}

/// A `user-agent` line of a group.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct robotstxt_group_agent {
    /// The value as written (`FooBot/1.2` stays so; matching uses its leading
    /// `[a-zA-Z_-]` run). Points into the robots handle.
    pub value: robotstxt_str,
    /// The line number, from 1.
    pub line: u32,
}

/// An `allow` or `disallow` line of a group.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct robotstxt_rule {
    /// Allow or disallow.
    pub kind: robotstxt_rule_kind,
    /// The pattern as the parser hands it over: percent-escapes with
    /// upper-case hex digits, bytes from 0x80 up percent-escaped. Points into
    /// the robots handle.
    pub pattern: robotstxt_str,
    /// The line number, from 1.
    pub line: u32,
}

/// The C form of an answer.
pub(crate) fn to_c(answer: Answer) -> robotstxt_answer {
    robotstxt_answer {
        allowed: answer.allowed,
        matching_line: answer.matching_line,
        ever_seen_specific_agent: answer.ever_seen_specific_agent,
        disallow_ignore_global: answer.disallow_ignore_global,
    }
}

/// A borrowed byte string for C: never a NULL pointer, even when empty.
pub(crate) fn borrowed(bytes: &[u8]) -> robotstxt_str {
    robotstxt_str {
        ptr: c_ptr(bytes),
        len: bytes.len(),
    }
}

/// The group at `index`, or `None` past the end.
pub(crate) fn group(robots: &Robots, index: usize) -> Option<Group<'_>> {
    robots.group(index)
}

/// Parses the robots.txt body `(body, body_len)` once. Any bytes are
/// accepted, as Google's parser accepts them; the body is copied, so it can
/// be freed as soon as this returns. Free the result with
/// `robotstxt_robots_free()`.
///
/// Returns NULL for a body given as (NULL, n > 0), when memory runs out
/// while building or for the handle (the process goes on; `robotstxt_robots_try_parse()` tells
/// this case apart), and on an internal error (a caught panic).
///
/// # Safety
/// `body` is NULL or points to `body_len` readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_parse(
    body: *const c_char,
    body_len: usize,
) -> *mut robotstxt_robots {
    ffi_boundary!({
        let body = try_bytes!(body, body_len);
        match Robots::try_parse(body) {
            Ok(inner) => into_handle(robotstxt_robots { inner }),
            Err(_) => std::ptr::null_mut(),
        }
    })
}

/// `robotstxt_robots_parse()`, saying why it failed: writes the new handle
/// to `*robots` and returns `ROBOTSTXT_STATUS_OK`, or returns
/// `ROBOTSTXT_STATUS_OUT_OF_MEMORY` when memory runs out while building
/// (every allocation that grows with the body is checked; the process goes
/// on and nothing is leaked), `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL `robots`
/// or a body given as (NULL, n > 0)), or `ROBOTSTXT_STATUS_PANIC`. `*robots`
/// is written only on success.
///
/// # Safety
/// `body` is NULL or points to `body_len` readable bytes; `robots` is NULL or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_try_parse(
    body: *const c_char,
    body_len: usize,
    robots: *mut *mut robotstxt_robots,
) -> robotstxt_status {
    ffi_boundary!({
        let body = try_bytes!(body, body_len);
        let out = try_out!(robots);
        match Robots::try_parse(body) {
            // SAFETY: checked non-NULL; the caller guarantees it is writable.
            Ok(inner) => unsafe { put_handle(out, robotstxt_robots { inner }) },
            Err(_) => robotstxt_status::OutOfMemory,
        }
    })
}

/// Frees a parsed robots.txt. NULL is a no-op.
///
/// # Safety
/// `robots` is NULL or a handle from `robotstxt_robots_parse()` that was not
/// freed before and that no thread is querying. Neither it nor any string it
/// handed out may be used afterwards.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_free(robots: *mut robotstxt_robots) {
    // SAFETY: the caller passes NULL or an unfreed handle, per the contract.
    ffi_boundary!({ unsafe { free_handle(robots) } })
}

/// Answers whether `(url, url_len)` may be fetched by any of the
/// `user_agents_len` agents in `user_agents`, writing the verdict and its
/// details to `*answer`: what `robotstxt_matcher_allowed_by_robots()` and
/// the matcher's getters give for the same body, agents and URL.
///
/// `url` must be percent-encoded (RFC 3986); only its path, params and query
/// are matched, up to a NUL byte if it has one. An agent named in the body is
/// matched by its leading run of `[a-zA-Z_-]`, case-insensitively; give
/// product tokens such as `Googlebot`. With no agents (NULL, 0) only the `*`
/// groups apply.
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL
/// `robots` or `answer`, or a string or the array given as (NULL, n > 0)),
/// `ROBOTSTXT_STATUS_OUT_OF_MEMORY` (no room for the list of indexes or the
/// copy of the path below; the handle is unchanged and answers later
/// queries) or `ROBOTSTXT_STATUS_PANIC`. `*answer` is written only on
/// success. Thread-safe: many threads may query one handle at once.
///
/// Memory: the array is read in place; the indexes to search are listed
/// inline up to 8 of them (an agent named in the file usually has one),
/// then at 4 bytes each, agents named twice counted twice. A copy of the
/// path (`url_len + 1` bytes at most) only when the URL's path starts with
/// `?` or `;` and is over 255 bytes. On the first query for an agent, its
/// index, kept by the handle (when that does not fit, the rules are matched
/// one by one, with the same answers).
///
/// # Safety
/// `robots` is NULL or a live handle. Each `(pointer, length)` pair is
/// (NULL, any length) or points to that many readable bytes (for
/// `user_agents`: elements, each a valid `robotstxt_str`). `answer` is NULL or
/// writable. The library keeps none of these pointers.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_check(
    robots: *const robotstxt_robots,
    user_agents: *const robotstxt_str,
    user_agents_len: usize,
    url: *const c_char,
    url_len: usize,
    answer: *mut robotstxt_answer,
) -> robotstxt_status {
    ffi_boundary!({
        let robots = try_ref!(robots);
        let url = try_bytes!(url, url_len);
        let answer = try_out!(answer);
        let agents = try_byte_strings!(user_agents, user_agents_len);
        match robots.inner.try_check(agents, url) {
            // SAFETY: checked non-NULL; the caller guarantees it is writable.
            Ok(result) => unsafe { put(answer, to_c(result)) },
            Err(_) => robotstxt_status::OutOfMemory,
        }
    })
}

/// `robotstxt_robots_check()` for one agent `(user_agent, user_agent_len)`,
/// writing only the verdict to `*allowed` (true: allowed).
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL
/// `robots` or `allowed`, or a string given as (NULL, n > 0)),
/// `ROBOTSTXT_STATUS_OUT_OF_MEMORY` (no room for the copy of the path) or
/// `ROBOTSTXT_STATUS_PANIC`. `*allowed` is written only on success.
/// Thread-safe. Memory as for `robotstxt_robots_check()` with one agent.
///
/// # Safety
/// `robots` is NULL or a live handle; each string is (NULL, any length) or
/// points to that many readable bytes; `allowed` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_allowed(
    robots: *const robotstxt_robots,
    user_agent: *const c_char,
    user_agent_len: usize,
    url: *const c_char,
    url_len: usize,
    allowed: *mut bool,
) -> robotstxt_status {
    ffi_boundary!({
        let robots = try_ref!(robots);
        let agent = try_bytes!(user_agent, user_agent_len);
        let url = try_bytes!(url, url_len);
        let allowed = try_out!(allowed);
        match robots.inner.try_check(&[agent], url) {
            // SAFETY: checked non-NULL; the caller guarantees it is writable.
            Ok(answer) => unsafe { put(allowed, answer.allowed) },
            Err(_) => robotstxt_status::OutOfMemory,
        }
    })
}

/// The number of `sitemap` lines, wherever they are in the file. 0 for a
/// NULL `robots` and on an internal error. Thread-safe.
///
/// # Safety
/// `robots` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_sitemap_count(robots: *const robotstxt_robots) -> usize {
    ffi_boundary!({ try_ref!(robots).inner.sitemaps().len() })
}

/// Writes the value of the `index`-th `sitemap` line (from 0, in file order)
/// to `*sitemap`. The bytes belong to the handle and stay valid until
/// `robotstxt_robots_free()`; the pointer is never NULL, even for an empty
/// value.
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_OUT_OF_RANGE` (`index` is
/// not less than `robotstxt_robots_sitemap_count()`),
/// `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL `robots` or `sitemap`) or
/// `ROBOTSTXT_STATUS_PANIC`. Thread-safe.
///
/// # Safety
/// `robots` is NULL or a live handle; `sitemap` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_sitemap(
    robots: *const robotstxt_robots,
    index: usize,
    sitemap: *mut robotstxt_str,
) -> robotstxt_status {
    ffi_boundary!({
        let robots = try_ref!(robots);
        let out = try_out!(sitemap);
        match robots.inner.sitemap(index) {
            // SAFETY: checked non-NULL; the caller guarantees it is writable.
            Some(value) => unsafe { put(out, borrowed(value)) },
            None => robotstxt_status::OutOfRange,
        }
    })
}

/// The number of groups: runs of `user-agent` lines with the rules after
/// them, in file order. Rules before the first `user-agent` line belong to
/// no group. 0 for a NULL `robots` and on an internal error. Thread-safe.
///
/// # Safety
/// `robots` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_group_count(robots: *const robotstxt_robots) -> usize {
    ffi_boundary!({ try_ref!(robots).inner.groups().len() })
}

/// The number of `user-agent` lines of group `group` (from 0). 0 for a
/// `group` out of range, a NULL `robots` and on an internal error.
/// Thread-safe.
///
/// # Safety
/// `robots` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_group_agent_count(
    robots: *const robotstxt_robots,
    group: usize,
) -> usize {
    ffi_boundary!({ self::group(&try_ref!(robots).inner, group).map_or(0, |g| g.agents().len()) })
}

/// Writes the `index`-th `user-agent` line (from 0, in file order) of group
/// `group` (from 0) to `*agent`. Its value belongs to the handle and stays
/// valid until `robotstxt_robots_free()`.
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_OUT_OF_RANGE` (no such
/// group or agent), `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL `robots` or
/// `agent`) or `ROBOTSTXT_STATUS_PANIC`. Thread-safe.
///
/// # Safety
/// `robots` is NULL or a live handle; `agent` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_group_agent(
    robots: *const robotstxt_robots,
    group: usize,
    index: usize,
    agent: *mut robotstxt_group_agent,
) -> robotstxt_status {
    ffi_boundary!({
        let robots = try_ref!(robots);
        let out = try_out!(agent);
        match self::group(&robots.inner, group).and_then(|g| g.agent(index)) {
            // SAFETY: checked non-NULL; the caller guarantees it is writable.
            Some((value, line)) => unsafe {
                put(
                    out,
                    robotstxt_group_agent {
                        value: borrowed(value),
                        line,
                    },
                )
            },
            None => robotstxt_status::OutOfRange,
        }
    })
}

/// The number of `allow` and `disallow` lines of group `group` (from 0). 0
/// for a `group` out of range, a NULL `robots` and on an internal error.
/// Thread-safe.
///
/// # Safety
/// `robots` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_group_rule_count(
    robots: *const robotstxt_robots,
    group: usize,
) -> usize {
    ffi_boundary!({ self::group(&try_ref!(robots).inner, group).map_or(0, |g| g.rules().len()) })
}

/// Writes the `index`-th rule (from 0, in file order) of group `group` (from
/// 0) to `*rule`. Its pattern belongs to the handle and stays valid until
/// `robotstxt_robots_free()`.
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_OUT_OF_RANGE` (no such
/// group or rule), `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL `robots` or `rule`)
/// or `ROBOTSTXT_STATUS_PANIC`. Thread-safe.
///
/// # Safety
/// `robots` is NULL or a live handle; `rule` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_group_rule(
    robots: *const robotstxt_robots,
    group: usize,
    index: usize,
    rule: *mut robotstxt_rule,
) -> robotstxt_status {
    ffi_boundary!({
        let robots = try_ref!(robots);
        let out = try_out!(rule);
        match self::group(&robots.inner, group).and_then(|g| g.rule(index)) {
            // SAFETY: checked non-NULL; the caller guarantees it is writable.
            Some(r) => unsafe {
                put(
                    out,
                    robotstxt_rule {
                        kind: match r.kind {
                            RuleKind::Allow => robotstxt_rule_kind::Allow,
                            RuleKind::Disallow => robotstxt_rule_kind::Disallow,
                        },
                        pattern: borrowed(r.pattern),
                        line: r.line,
                    },
                )
            },
            None => robotstxt_status::OutOfRange,
        }
    })
}

/// Whether one of the `user-agent` lines of group `group` (from 0) is `*`,
/// making it a global group. False for a `group` out of range, a NULL
/// `robots` and on an internal error. Thread-safe.
///
/// # Safety
/// `robots` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_group_is_global(
    robots: *const robotstxt_robots,
    group: usize,
) -> bool {
    ffi_boundary!({ self::group(&try_ref!(robots).inner, group).is_some_and(|g| g.is_global()) })
}

/// Writes the first valid `crawl-delay` of group `group` (from 0), in
/// seconds, to `*delay`. A value is valid when it is a finite number, not
/// negative (`1`, `0.5`, `1e1`). An extension: Google ignores crawl-delay,
/// and no verdict of this library uses it.
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_NOT_FOUND` (the group has
/// no valid crawl-delay), `ROBOTSTXT_STATUS_OUT_OF_RANGE` (no such group),
/// `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL `robots` or `delay`) or
/// `ROBOTSTXT_STATUS_PANIC`. Thread-safe.
///
/// # Safety
/// `robots` is NULL or a live handle; `delay` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_group_crawl_delay(
    robots: *const robotstxt_robots,
    group: usize,
    delay: *mut f64,
) -> robotstxt_status {
    ffi_boundary!({
        let robots = try_ref!(robots);
        let out = try_out!(delay);
        match self::group(&robots.inner, group).map(|g| g.crawl_delay()) {
            // SAFETY: checked non-NULL; the caller guarantees it is writable.
            Some(Some(seconds)) => unsafe { put(out, seconds) },
            Some(None) => robotstxt_status::NotFound,
            None => robotstxt_status::OutOfRange,
        }
    })
}

/// Writes the crawl-delay that applies to `(user_agent, user_agent_len)`, in
/// seconds, to `*delay`: the first valid one among the groups naming the
/// agent (matched as in queries), or, when no group names it, among the `*`
/// groups. An extension: Google ignores crawl-delay, and no verdict of this
/// library uses it.
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_NOT_FOUND` (no valid
/// crawl-delay applies), `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL `robots` or
/// `delay`, or the agent given as (NULL, n > 0)) or `ROBOTSTXT_STATUS_PANIC`.
/// Thread-safe.
///
/// # Safety
/// `robots` is NULL or a live handle; `user_agent` is NULL or points to
/// `user_agent_len` readable bytes; `delay` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_crawl_delay(
    robots: *const robotstxt_robots,
    user_agent: *const c_char,
    user_agent_len: usize,
    delay: *mut f64,
) -> robotstxt_status {
    ffi_boundary!({
        let robots = try_ref!(robots);
        let agent = try_bytes!(user_agent, user_agent_len);
        let out = try_out!(delay);
        match robots.inner.crawl_delay(agent) {
            // SAFETY: checked non-NULL; the caller guarantees it is writable.
            Some(seconds) => unsafe { put(out, seconds) },
            None => robotstxt_status::NotFound,
        }
    })
}

/// The bytes of memory the handle holds: its own allocation and everything
/// it points to (a copy of the body's agents, patterns and sitemaps, and the
/// indexes built over them). The index of the rules for an agent (or for the
/// `*` groups) is built by the first query that needs it, so the figure
/// grows as queries ask about more agents; never past about twice the body
/// on real files. 0 for a NULL `robots` and on an internal error.
/// Thread-safe.
///
/// # Safety
/// `robots` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_heap_bytes(robots: *const robotstxt_robots) -> usize {
    ffi_boundary!({ size_of::<robotstxt_robots>() + try_ref!(robots).inner.heap_bytes() })
}

/// A parsed robots.txt narrowed to a fixed list of agents: only the rules
/// that apply to them, merged into one index, so that a query does only the
/// path work. For a crawler that asks with the same agents millions of
/// times.
///
/// Make one with `robotstxt_robots_compile()` and free it with
/// `robotstxt_compiled_free()`. It holds its own copy of the rules: it stays
/// valid after the `robotstxt_robots` it came from is freed. Its answers are
/// exactly those of `robotstxt_robots_check()` with the same agents, and so
/// those of a `robotstxt_matcher`.
///
/// Thread safety: it never changes. Every query takes a
/// `const robotstxt_compiled *`, and any number of threads may query it at
/// the same time without locking. Only `robotstxt_compiled_free()` needs it
/// to itself.
pub struct robotstxt_compiled {
    inner: CompiledRobots,
}

/// Compiles the rules of `robots` that apply to the `user_agents_len` agents
/// in `user_agents` (those of the groups naming one of them, else those of
/// the `*` groups) into a new handle, written to `*compiled`. Free it with
/// `robotstxt_compiled_free()`. The agents are not kept.
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_OUT_OF_MEMORY` (memory ran
/// out while building; the process goes on and nothing is leaked),
/// `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL `robots` or `compiled`, or a string
/// or the array given as (NULL, n > 0)), or `ROBOTSTXT_STATUS_PANIC`.
/// `*compiled` is written only on success. Thread-safe: it only reads
/// `robots`.
///
/// # Safety
/// `robots` is NULL or a live handle. `user_agents` is (NULL, any length) or
/// points to that many valid `robotstxt_str`. `compiled` is NULL or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_compile(
    robots: *const robotstxt_robots,
    user_agents: *const robotstxt_str,
    user_agents_len: usize,
    compiled: *mut *mut robotstxt_compiled,
) -> robotstxt_status {
    ffi_boundary!({
        let robots = try_ref!(robots);
        let out = try_out!(compiled);
        let agents = try_byte_strings!(user_agents, user_agents_len);
        match robots.inner.try_compile(agents) {
            // SAFETY: checked non-NULL; the caller guarantees it is writable.
            Ok(inner) => unsafe { put_handle(out, robotstxt_compiled { inner }) },
            Err(_) => robotstxt_status::OutOfMemory,
        }
    })
}

/// Frees a compiled handle. NULL is a no-op.
///
/// # Safety
/// `compiled` is NULL or a handle from `robotstxt_robots_compile()` that was
/// not freed before and that no thread is querying. It must not be used
/// afterwards.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_compiled_free(compiled: *mut robotstxt_compiled) {
    // SAFETY: the caller passes NULL or an unfreed handle, per the contract.
    ffi_boundary!({ unsafe { free_handle(compiled) } })
}

/// Answers whether `(url, url_len)` may be fetched by the agents `compiled`
/// was made for, writing the verdict and its details to `*answer`: what
/// `robotstxt_robots_check()` gives with the same agents and URL.
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL
/// `compiled` or `answer`, or a URL given as (NULL, n > 0)),
/// `ROBOTSTXT_STATUS_OUT_OF_MEMORY` (no room for the copy of the path; the
/// handle answers later queries) or `ROBOTSTXT_STATUS_PANIC`. `*answer` is
/// written only on success. Thread-safe: many threads may query one handle
/// at once.
///
/// Memory: a copy of the path (`url_len + 1` bytes at most) only when the
/// URL's path starts with `?` or `;` and is over 255 bytes; nothing
/// otherwise.
///
/// # Safety
/// `compiled` is NULL or a live handle; `url` is NULL or points to `url_len`
/// readable bytes; `answer` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_compiled_check(
    compiled: *const robotstxt_compiled,
    url: *const c_char,
    url_len: usize,
    answer: *mut robotstxt_answer,
) -> robotstxt_status {
    ffi_boundary!({
        let compiled = try_ref!(compiled);
        let url = try_bytes!(url, url_len);
        let answer = try_out!(answer);
        match compiled.inner.try_check(url) {
            // SAFETY: checked non-NULL; the caller guarantees it is writable.
            Ok(result) => unsafe { put(answer, to_c(result)) },
            Err(_) => robotstxt_status::OutOfMemory,
        }
    })
}

/// `robotstxt_compiled_check()` writing only the verdict to `*allowed`
/// (true: allowed).
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL
/// `compiled` or `allowed`, or a URL given as (NULL, n > 0)),
/// `ROBOTSTXT_STATUS_OUT_OF_MEMORY` (as there) or `ROBOTSTXT_STATUS_PANIC`.
/// `*allowed` is written only on success. Thread-safe. Memory as for
/// `robotstxt_compiled_check()`.
///
/// # Safety
/// `compiled` is NULL or a live handle; `url` is NULL or points to `url_len`
/// readable bytes; `allowed` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_compiled_allowed(
    compiled: *const robotstxt_compiled,
    url: *const c_char,
    url_len: usize,
    allowed: *mut bool,
) -> robotstxt_status {
    ffi_boundary!({
        let compiled = try_ref!(compiled);
        let url = try_bytes!(url, url_len);
        let allowed = try_out!(allowed);
        match compiled.inner.try_check(url) {
            // SAFETY: checked non-NULL; the caller guarantees it is writable.
            Ok(answer) => unsafe { put(allowed, answer.allowed) },
            Err(_) => robotstxt_status::OutOfMemory,
        }
    })
}

/// The bytes of memory the compiled handle holds: its own allocation and
/// its copy of the rules and their index. 0 for a NULL `compiled` and on an
/// internal error. Thread-safe.
///
/// # Safety
/// `compiled` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_compiled_heap_bytes(
    compiled: *const robotstxt_compiled,
) -> usize {
    ffi_boundary!({ size_of::<robotstxt_compiled>() + try_ref!(compiled).inner.heap_bytes() })
}
