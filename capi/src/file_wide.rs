//! What a parsed robots.txt says for the whole file or for a purpose rather
//! than a crawler: the `License` (RSL 1.0) and `LLM-Policy` values, and the
//! groups of policy tokens (draft-kelley-aipref-training-preference-signal-00).
//! Extensions: read beside the verdicts, never changing one.
//!
//! The lists are copied into the caller's array, as `robotstxt_reporter_lines()`
//! copies its reports, rather than read by count and index as sitemaps are:
//! the file-wide values share one list with other kinds and the policy tokens
//! are gathered per call, so reading item `i` would cost a walk over the list
//! each time, quadratic in all.

use std::ffi::c_char;

use super::robots::{borrowed, robotstxt_answer, robotstxt_robots, to_c};
use super::{ffi_boundary, put, robotstxt_status, robotstxt_str, try_bytes, try_out, try_ref};
use robotstxt_exact::Robots;
use robotstxt_exact::robots::FileValue;

/// A file-wide value: a `License` line (RSL 1.0) or an `LLM-Policy` line.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct robotstxt_file_value {
    /// The value, percent-escape normalised as Google's parser hands over
    /// the value of a key it does not know (upper-case hex digits, bytes
    /// from 0x80 up percent-escaped). Points into the robots handle.
    pub value: robotstxt_str,
    /// The line number, from 1.
    pub line: u32,
}

/// A policy token (`__<namespace>_<label>`, draft-kelley-rep-namespaces-00)
/// that `user-agent` lines of the file name, such as `__usage_ai-training`.
/// Its strings point into the robots handle.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct robotstxt_policy_token {
    /// The token as first written: the matchable part (`[a-zA-Z_-]`) of the
    /// `user-agent` value, which is what Google's matcher compares.
    pub token: robotstxt_str,
    /// The namespace, between `__` and the next `_` (`usage`).
    pub namespace_name: robotstxt_str,
    /// The label after it (`ai-training`).
    pub label: robotstxt_str,
    /// Whether the library knows the token (`__usage_ai-training`, ignoring
    /// ASCII case): draft-kelley-aipref-training-preference-signal-00's
    /// training preference. An unknown token's group is read all the same.
    pub known: bool,
    /// The first `user-agent` line naming it, from 1.
    pub line: u32,
}

/// Copies the `count` items of `items` to `out` (room for `out_cap`) and
/// writes `count` to the checked, non-NULL `out_len`, or returns
/// `ROBOTSTXT_STATUS_BUFFER_TOO_SMALL` having written only `*out_len`.
///
/// # Safety
/// `out_len` is non-NULL and writable; `out` is NULL or writable for
/// `out_cap` elements, and NULL only with `out_cap` 0.
unsafe fn copy_out<T>(
    items: impl Iterator<Item = T>,
    count: usize,
    out: *mut T,
    out_cap: usize,
    out_len: *mut usize,
) -> robotstxt_status {
    // SAFETY: per the contract.
    unsafe { put(out_len, count) };
    if out_cap < count {
        return robotstxt_status::BufferTooSmall;
    }
    for (i, item) in items.take(count).enumerate() {
        // SAFETY: i < count <= out_cap, so `out` is non-NULL and writable
        // for element i; `write` does not read what C left there.
        unsafe { out.add(i).write(item) };
    }
    robotstxt_status::Ok
}

fn file_value_to_c(v: FileValue<'_>) -> robotstxt_file_value {
    robotstxt_file_value {
        value: borrowed(v.value),
        line: v.line,
    }
}

/// Copies the file-wide values `of` gives (`Robots::licenses` or
/// `Robots::llm_policies`) to `out`: the body of the two exports, with
/// their arguments and their contract.
unsafe fn copy_file_values<'r, I: Iterator<Item = FileValue<'r>>>(
    robots: *const robotstxt_robots,
    of: impl Fn(&'r Robots) -> I,
    out: *mut robotstxt_file_value,
    out_cap: usize,
    out_len: *mut usize,
) -> robotstxt_status {
    let robots = try_ref!(robots).inner();
    let out_len = try_out!(out_len);
    if out.is_null() && out_cap > 0 {
        return robotstxt_status::NullArgument;
    }
    let count = of(robots).count();
    // SAFETY: out_len checked non-NULL, `out` NULL only with out_cap 0; the
    // caller guarantees both are writable.
    unsafe {
        copy_out(
            of(robots).map(file_value_to_c),
            count,
            out,
            out_cap,
            out_len,
        )
    }
}

/// Copies the `License` values (RSL 1.0: the URL of the site's licence
/// terms), in file order, to `out`, which has room for `out_cap` of them,
/// and sets `*out_len` to their number. A `License` line is for the whole
/// file wherever it stands, in a group or not (RSL: "not tied to any
/// specific user agent"); only values that are absolute URLs (a scheme and a
/// host, as RSL requires) are listed. The values point into the handle and
/// stay valid until `robotstxt_robots_free()`.
///
/// Returns `ROBOTSTXT_STATUS_OK`; `ROBOTSTXT_STATUS_BUFFER_TOO_SMALL` when
/// `out_cap` is less than their number (then nothing is copied, but
/// `*out_len` is set: pass (NULL, 0) to ask for the number);
/// `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL `robots` or `out_len`, or `out`
/// NULL with `out_cap` > 0); or `ROBOTSTXT_STATUS_PANIC`. O(number of
/// file-wide lines); allocates nothing. Thread-safe.
///
/// # Safety
/// `robots` is NULL or a live handle; `out` is NULL or writable for
/// `out_cap` elements; `out_len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_licenses(
    robots: *const robotstxt_robots,
    out: *mut robotstxt_file_value,
    out_cap: usize,
    out_len: *mut usize,
) -> robotstxt_status {
    ffi_boundary!({
        // SAFETY: per this function's contract.
        unsafe { copy_file_values(robots, Robots::licenses, out, out_cap, out_len) }
    })
}

/// Copies the `LLM-Policy` values (a policy document for AI crawlers, such
/// as `/llms.txt`), in file order, to `out`, which has room for `out_cap` of
/// them, and sets `*out_len` to their number. Every such line counts, for
/// the whole file wherever it stands, as crawler-commons reads them. The
/// values point into the handle and stay valid until
/// `robotstxt_robots_free()`.
///
/// Returns as `robotstxt_robots_licenses()` does. O(number of file-wide
/// lines); allocates nothing. Thread-safe.
///
/// # Safety
/// `robots` is NULL or a live handle; `out` is NULL or writable for
/// `out_cap` elements; `out_len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_llm_policies(
    robots: *const robotstxt_robots,
    out: *mut robotstxt_file_value,
    out_cap: usize,
    out_len: *mut usize,
) -> robotstxt_status {
    ffi_boundary!({
        // SAFETY: per this function's contract.
        unsafe { copy_file_values(robots, Robots::llm_policies, out, out_cap, out_len) }
    })
}

/// Copies the policy tokens (`__<namespace>_<label>`,
/// draft-kelley-rep-namespaces-00) that `user-agent` lines of the file name
/// to `out`, which has room for `out_cap` of them, and sets `*out_len` to
/// their number: each token once (compared ignoring ASCII case, as Google
/// compares agents), in the order of its first line. Ask what each says for
/// a URL with `robotstxt_robots_policy()`. The strings point into the
/// handle and stay valid until `robotstxt_robots_free()`.
///
/// Returns `ROBOTSTXT_STATUS_OK`; `ROBOTSTXT_STATUS_BUFFER_TOO_SMALL` when
/// `out_cap` is less than their number (then nothing is copied, but
/// `*out_len` is set: pass (NULL, 0) to ask for the number);
/// `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL `robots` or `out_len`, or `out`
/// NULL with `out_cap` > 0); `ROBOTSTXT_STATUS_OUT_OF_MEMORY` (no room for
/// the list of tokens gathered while reading; nothing is written and the
/// handle answers later calls); or `ROBOTSTXT_STATUS_PANIC`. Time: linear in
/// the distinct agents the file names, plus sorting the tokens; memory: the
/// list of tokens, freed before it returns. Thread-safe.
///
/// # Safety
/// `robots` is NULL or a live handle; `out` is NULL or writable for
/// `out_cap` elements; `out_len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_policy_tokens(
    robots: *const robotstxt_robots,
    out: *mut robotstxt_policy_token,
    out_cap: usize,
    out_len: *mut usize,
) -> robotstxt_status {
    ffi_boundary!({
        let robots = try_ref!(robots).inner();
        let out_len = try_out!(out_len);
        if out.is_null() && out_cap > 0 {
            return robotstxt_status::NullArgument;
        }
        let Ok(tokens) = robots.policy_tokens() else {
            return robotstxt_status::OutOfMemory;
        };
        let values = tokens.iter().map(|t| robotstxt_policy_token {
            token: borrowed(t.token.token),
            namespace_name: borrowed(t.token.namespace),
            label: borrowed(t.token.label),
            known: t.token.is_known(),
            line: t.line,
        });
        // SAFETY: as in robotstxt_robots_licenses.
        unsafe { copy_out(values, tokens.len(), out, out_cap, out_len) }
    })
}

/// Writes what the groups naming the policy token `(token, token_len)` say
/// for `(url, url_len)` to `*answer`, read as Google reads any group
/// (draft-kelley-aipref-training-preference-signal-00: "no new directive
/// names and no new grammar"): `allowed` means the purpose is allowed there,
/// and the rest is what `robotstxt_robots_check()` gives with the token as
/// the one agent. A policy token never falls back to the `*` groups, whose
/// rules speak to crawlers: when no group names the token, the answer is
/// `ROBOTSTXT_STATUS_NOT_FOUND`. The token is compared as an agent is
/// (ignoring ASCII case).
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_NOT_FOUND` (no group
/// names the token), `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL `robots` or
/// `answer`, or a string given as (NULL, n > 0)),
/// `ROBOTSTXT_STATUS_OUT_OF_MEMORY` (as for `robotstxt_robots_check()`; the
/// handle answers later queries) or `ROBOTSTXT_STATUS_PANIC`. `*answer` is
/// written only on success. Thread-safe. Memory as for
/// `robotstxt_robots_check()` with one agent.
///
/// # Safety
/// `robots` is NULL or a live handle; each string is NULL or points to its
/// length of readable bytes; `answer` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_policy(
    robots: *const robotstxt_robots,
    token: *const c_char,
    token_len: usize,
    url: *const c_char,
    url_len: usize,
    answer: *mut robotstxt_answer,
) -> robotstxt_status {
    ffi_boundary!({
        let robots = try_ref!(robots).inner();
        let token = try_bytes!(token, token_len);
        let url = try_bytes!(url, url_len);
        let answer = try_out!(answer);
        match robots.policy(token, url) {
            // SAFETY: checked non-NULL; the caller guarantees it is writable.
            Ok(Some(found)) => unsafe { put(answer, to_c(found)) },
            Ok(None) => robotstxt_status::NotFound,
            Err(_) => robotstxt_status::OutOfMemory,
        }
    })
}
