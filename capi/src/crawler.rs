//! The crawler side of RFC 9309 for C: robots.txt URLs, the fetch policy and
//! the per-URL cache state (`robotstxt_exact::crawler`).
//!
//! No enum crosses into Rust as an argument: C may pass any integer, and an
//! out-of-range value in a Rust enum is undefined behaviour. Policies are
//! `uint32_t` constants, and fetch outcomes have one function each.

use std::ffi::c_char;
use std::time::{Duration, SystemTime};

use super::util::{alloc_buffer, write_to_buffer};
use super::{
    Fallback, c_ptr, ffi_boundary, free_handle, into_handle, robotstxt_status, try_bytes, try_mut,
    try_out, try_ref, write_opt,
};
use robotstxt_exact::crawler::{self, CacheEntry, Decision, FetchOutcome, Policy};

/// `robotstxt_cache_entry_new()` policy: Google's documented behaviour
/// ("How Google interprets the robots.txt specification"). The default.
pub const ROBOTSTXT_POLICY_GOOGLE: u32 = 0;
/// `robotstxt_cache_entry_new()` policy: RFC 9309 where it differs from
/// Google: HTTP 429 allows all (like other 4xx); an unreachable robots.txt
/// keeps its cached copy however old, or disallows all for 30 days and then
/// allows all; `max-age` can shorten the 24-hour lifetime but not lengthen it.
pub const ROBOTSTXT_POLICY_RFC9309: u32 = 1;

/// Google's robots.txt size limit, 500 KiB = 500 * 1024 bytes: "Content
/// which is after the maximum file size is ignored." RFC 9309 section 2.5
/// makes it the least a parser must read. Cache entries keep this much of a
/// body unless told otherwise.
pub const ROBOTSTXT_MAX_ROBOTS_TXT_BYTES: usize = 512_000;

/// The most bytes of a URL that `robotstxt_robots_txt_url()`,
/// `robotstxt_is_robots_txt_url()` and `robotstxt_robots_txt_applies_to()`
/// parse: the scheme and authority of a page URL (for `file:` URLs, the part
/// before the query or fragment), or a robots.txt URL before its fragment.
/// Longer ones have no robots.txt.
pub const ROBOTSTXT_MAX_PARSED_URL_LEN: usize = 65_536;

/// How many redirect hops to follow when fetching robots.txt (RFC 9309
/// section 2.3.1.2: "at least five consecutive redirects"; Google "follows at
/// least five redirect hops").
pub const ROBOTSTXT_MAX_REDIRECT_HOPS: u32 = 5;

/// Times are whole seconds since the Unix epoch; later ones are clamped here,
/// about 34,800 years on, where every platform's `SystemTime` still reaches.
const MAX_UNIX_SECS: u64 = 1 << 40;

// The C values are the core's codes (spec/vocabulary.json), written out for
// cbindgen, which reads literals.
const _: () = {
    assert!(ROBOTSTXT_POLICY_GOOGLE == Policy::Google.code());
    assert!(ROBOTSTXT_POLICY_RFC9309 == Policy::Rfc9309.code());
    assert!(robotstxt_decision::UseRules as u32 == Decision::UseRules.code());
    assert!(robotstxt_decision::AllowAll as u32 == Decision::AllowAll.code());
    assert!(robotstxt_decision::DisallowAll as u32 == Decision::DisallowAll.code());
    assert!(ROBOTSTXT_MAX_ROBOTS_TXT_BYTES == crawler::MAX_ROBOTS_TXT_BYTES);
    assert!(ROBOTSTXT_MAX_REDIRECT_HOPS == crawler::MAX_REDIRECT_HOPS);
    assert!(ROBOTSTXT_MAX_PARSED_URL_LEN == crawler::MAX_PARSED_URL_LEN);
};

fn time(unix_secs: u64) -> SystemTime {
    SystemTime::UNIX_EPOCH + Duration::from_secs(unix_secs.min(MAX_UNIX_SECS))
}

/// `fresh_until` of a cache entry in whole seconds since the epoch: the
/// core saturates a lifetime too long for the clock at the latest time
/// `SystemTime` holds, which C is told as `UINT64_MAX`, "fresh for ever".
fn fresh_until_unix_secs(until: SystemTime) -> u64 {
    if until.checked_add(Duration::from_nanos(1)).is_none() {
        u64::MAX
    } else {
        unix_secs(until)
    }
}

fn unix_secs(time: SystemTime) -> u64 {
    time.duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// What the crawler may do with a site's URLs.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum robotstxt_decision {
    /// Match URLs against the robots.txt body (`robotstxt_cache_entry_body()`).
    UseRules = 0,
    /// Crawl anything: no robots.txt restricts the site.
    AllowAll = 1,
    /// Crawl nothing on the site for now.
    DisallowAll = 2,
}

impl Fallback for robotstxt_decision {
    fn on_null() -> Self {
        robotstxt_decision::DisallowAll
    }
    fn on_panic() -> Self {
        robotstxt_decision::DisallowAll
    }
}

impl From<Decision> for robotstxt_decision {
    fn from(decision: Decision) -> Self {
        match decision {
            Decision::UseRules => robotstxt_decision::UseRules,
            Decision::AllowAll => robotstxt_decision::AllowAll,
            Decision::DisallowAll => robotstxt_decision::DisallowAll,
        }
    }
}

/// The URL `(url, url_len)` as text, or `None` if it is not UTF-8 (no URL
/// parser accepts it then).
fn url_text(url: &[u8]) -> Option<&str> {
    std::str::from_utf8(url).ok()
}

/// Writes the robots.txt URL that governs the page URL `(url, url_len)` into
/// the caller's buffer `out` of `out_cap` bytes, followed by a NUL; the length
/// without the NUL goes to `*out_len` (if not NULL).
///
/// The result is the scheme, the host (lowercase, IDNs in punycode) and the
/// port (dropped when it is the scheme's default: 80 for http, 443 for https,
/// 21 for ftp) with the path `/robots.txt`:
/// `"https://Example.com:443/a?b"` gives `https://example.com/robots.txt`.
/// A URL that does not parse (WHATWG rules), is not UTF-8, or has no
/// authority (`mailto:`, `data:`, `file:///`) has no robots.txt: the result
/// is then the empty string, length 0. So has a URL whose scheme and
/// authority (for `file:` URLs, the part before the query or fragment) are
/// longer than `ROBOTSTXT_MAX_PARSED_URL_LEN` bytes: no host that DNS can
/// resolve is that long.
///
/// Returns `ROBOTSTXT_STATUS_OK`; `ROBOTSTXT_STATUS_BUFFER_TOO_SMALL` when
/// `out_cap` is not more than the length (nothing is written to `out`, but
/// `*out_len` is set: pass (NULL, 0) to ask for it);
/// `ROBOTSTXT_STATUS_NULL_ARGUMENT` for (NULL, n > 0) in `url` or `out`; or
/// `ROBOTSTXT_STATUS_PANIC`. Thread-safe. O(`url_len`) to check UTF-8 and
/// find the authority. Memory: only the scheme and authority are parsed
/// (WHATWG URL parsing copies what it parses, without reporting
/// exhaustion), so a path, query or fragment of any length costs nothing,
/// and the parse of at most `ROBOTSTXT_MAX_PARSED_URL_LEN` bytes takes
/// under 1 MiB (458,731 bytes at worst, measured).
///
/// # Safety
/// `url` is NULL or points to `url_len` readable bytes; `out` is NULL or
/// writable for `out_cap` bytes and does not overlap `url`; `out_len` is NULL
/// or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_txt_url(
    url: *const c_char,
    url_len: usize,
    out: *mut c_char,
    out_cap: usize,
    out_len: *mut usize,
) -> robotstxt_status {
    ffi_boundary!({
        let url = try_bytes!(url, url_len);
        if out.is_null() && out_cap > 0 {
            return robotstxt_status::NullArgument;
        }
        let robots = url_text(url).and_then(|u| crawler::robots_txt_url(u).ok());
        let result = robots.as_ref().map_or("", |u| u.as_str());
        // SAFETY: forwarded from this function's contract.
        unsafe { write_to_buffer(result.as_bytes(), out, out_cap, out_len) }
    })
}

/// `robotstxt_robots_txt_url()` into a buffer the library allocates: on
/// success `*out` is a NUL-terminated string to free with
/// `robotstxt_buffer_free()` (also when it is empty because the URL has no
/// robots.txt), and `*out_len` (if not NULL) its length without the NUL.
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL
/// `out`, or (NULL, n > 0) in `url`), `ROBOTSTXT_STATUS_OUT_OF_MEMORY` (no
/// room for the buffer) or `ROBOTSTXT_STATUS_PANIC`; `*out` and `*out_len`
/// are written only on success. Thread-safe. O(`url_len`); memory as for
/// `robotstxt_robots_txt_url()`, plus the buffer handed out (the robots.txt
/// URL, at most about three times `ROBOTSTXT_MAX_PARSED_URL_LEN`).
///
/// # Safety
/// `url` is NULL or points to `url_len` readable bytes; `out` and `out_len`
/// are NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_txt_url_alloc(
    url: *const c_char,
    url_len: usize,
    out: *mut *mut c_char,
    out_len: *mut usize,
) -> robotstxt_status {
    ffi_boundary!({
        let url = try_bytes!(url, url_len);
        let out = try_out!(out);
        let robots = url_text(url).and_then(|u| crawler::robots_txt_url(u).ok());
        let result = robots.as_ref().map_or("", |u| u.as_str());
        let buffer = alloc_buffer(result.as_bytes());
        if buffer.is_null() {
            return robotstxt_status::OutOfMemory;
        }
        // SAFETY: `out` is non-NULL and writable; `out_len` NULL or writable.
        unsafe {
            out.write(buffer);
            write_opt(out_len, result.len());
        }
        robotstxt_status::Ok
    })
}

/// Whether `(url, url_len)` is where a robots.txt can be: an absolute URL with
/// a host whose path is exactly `/robots.txt` (case-sensitive) and which has
/// no query. `https://example.com/folder/robots.txt` is not ("Crawlers don't
/// check for robots.txt files in subdirectories").
///
/// Returns false for (NULL, n > 0), for bytes that are not UTF-8, for a URL
/// longer than `ROBOTSTXT_MAX_PARSED_URL_LEN` bytes before its fragment (no
/// robots.txt URL is), and on an internal error. Thread-safe. O(`url_len`);
/// memory as for `robotstxt_robots_txt_url()`: the fragment is not parsed.
///
/// # Safety
/// `url` is NULL or points to `url_len` readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_is_robots_txt_url(url: *const c_char, url_len: usize) -> bool {
    ffi_boundary!({ url_text(try_bytes!(url, url_len)).is_some_and(crawler::is_robots_txt_url) })
}

/// Whether the robots.txt at `(robots_url, robots_url_len)` governs the page
/// `(page_url, page_url_len)`: the former is a robots.txt URL (see
/// `robotstxt_is_robots_txt_url()`) and both have the same scheme, host and
/// port, where an IDN equals its punycode form and a default port equals no
/// port. `https://example.com/robots.txt` governs `https://example.com:443/x`
/// but not `http://example.com/`, `https://www.example.com/` or
/// `https://example.com:8181/`.
///
/// Returns false when either does not parse or is over the limits of
/// `robotstxt_is_robots_txt_url()` and `robotstxt_robots_txt_url()`, for
/// (NULL, n > 0), and on an internal error. Thread-safe.
/// O(`robots_url_len` + `page_url_len`); memory: two parses of at most
/// `ROBOTSTXT_MAX_PARSED_URL_LEN` bytes each, as for
/// `robotstxt_robots_txt_url()`.
///
/// # Safety
/// `robots_url` and `page_url` are NULL or point to that many readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_txt_applies_to(
    robots_url: *const c_char,
    robots_url_len: usize,
    page_url: *const c_char,
    page_url_len: usize,
) -> bool {
    ffi_boundary!({
        let robots_url = try_bytes!(robots_url, robots_url_len);
        let page_url = try_bytes!(page_url, page_url_len);
        match (url_text(robots_url), url_text(page_url)) {
            (Some(robots), Some(page)) => crawler::applies_to(robots, page),
            _ => false,
        }
    })
}

/// Whether to follow one more redirect when fetching robots.txt after
/// `hops_followed` hops: true for the first `ROBOTSTXT_MAX_REDIRECT_HOPS` (5).
/// When it is false, record the redirect's 3xx status with
/// `robotstxt_cache_entry_record_http()`: it counts as a 404. Thread-safe.
#[unsafe(no_mangle)]
pub extern "C" fn robotstxt_should_follow_redirect(hops_followed: u32) -> bool {
    ffi_boundary!({ crawler::should_follow_redirect(hops_followed) })
}

/// Reads the `max-age` of the `Cache-Control` response header value
/// `(value, value_len)` (RFC 9111: case-insensitive, token or quoted form,
/// the first one counts, values past 2^31 seconds taken as 2^31) and writes it
/// in seconds to `*max_age_secs`.
///
/// Returns true when there is a valid `max-age`; false when there is none,
/// for (NULL, n > 0) or NULL `max_age_secs`, and on an internal error, with
/// `*max_age_secs` not written. Thread-safe. O(`value_len`); allocates
/// nothing.
///
/// # Safety
/// `value` is NULL or points to `value_len` readable bytes; `max_age_secs` is
/// NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_max_age_from_cache_control(
    value: *const c_char,
    value_len: usize,
    max_age_secs: *mut u64,
) -> bool {
    ffi_boundary!({
        let value = try_bytes!(value, value_len);
        let out = try_out!(max_age_secs);
        match crawler::max_age_from_cache_control_bytes(value) {
            Some(max_age) => {
                // SAFETY: `out` is non-NULL and writable per the contract.
                unsafe { out.write(max_age.as_secs()) };
                true
            }
            None => false,
        }
    })
}

/// What a crawler knows about one robots.txt URL: the last good body, how
/// long it stays fresh (24 hours, or the response's `max-age`), and since
/// when the file has been unreachable. Keep one per robots.txt URL (the
/// original one when the fetch was redirected: RFC 9309 section 2.3.1.2 says
/// the rules apply "in the context of the initial authority").
///
/// Feed it every fetch (`robotstxt_cache_entry_record_http()`,
/// `robotstxt_cache_entry_record_network_error()`), ask
/// `robotstxt_cache_entry_needs_fetch()` whether to fetch again and
/// `robotstxt_cache_entry_decide()` what to do with the site's URLs. The
/// library reads no clock: every call that needs the time takes `now` in
/// seconds since the Unix epoch (any fixed origin works if used throughout);
/// a `now` earlier than a recorded time counts as no time passed.
///
/// Fetch robots.txt with a non-conditional `GET`, as Google does: a 304 is a
/// 3xx and counts as a 404.
///
/// Thread safety: an entry may be moved between threads. Calls that change
/// it (`_record_*`, `_set_*`) need exclusive use; the others may run
/// concurrently with each other.
pub struct robotstxt_cache_entry {
    inner: CacheEntry,
}

/// Creates a cache entry that follows `policy` (`ROBOTSTXT_POLICY_GOOGLE` or
/// `ROBOTSTXT_POLICY_RFC9309`), with nothing fetched yet, a 24-hour lifetime,
/// bodies cut to `ROBOTSTXT_MAX_ROBOTS_TXT_BYTES`, and the site taken as
/// available. Free it with `robotstxt_cache_entry_free()`.
///
/// Returns NULL for any other `policy`, when memory runs out for the handle
/// (some hundred bytes), and on an internal error.
#[unsafe(no_mangle)]
pub extern "C" fn robotstxt_cache_entry_new(policy: u32) -> *mut robotstxt_cache_entry {
    ffi_boundary!({
        let policy = match policy {
            ROBOTSTXT_POLICY_GOOGLE => Policy::Google,
            ROBOTSTXT_POLICY_RFC9309 => Policy::Rfc9309,
            _ => return std::ptr::null_mut(),
        };
        into_handle(robotstxt_cache_entry {
            inner: CacheEntry::new(policy),
        })
    })
}

/// Frees a cache entry. NULL is a no-op.
///
/// # Safety
/// `entry` is NULL or an entry from `robotstxt_cache_entry_new()` that was
/// not freed before and is not in use by another thread. It must not be used
/// afterwards, nor any body pointer it returned.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_cache_entry_free(entry: *mut robotstxt_cache_entry) {
    // SAFETY: the caller passes NULL or an unfreed entry, per the contract.
    ffi_boundary!({ unsafe { free_handle(entry) } })
}

/// Sets the lifetime, in seconds, of results recorded from now on whose
/// response has no `max-age` (default 86400, 24 hours). Under
/// `ROBOTSTXT_POLICY_RFC9309` it is also the longest a `max-age` can make it.
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL
/// `entry`) or `ROBOTSTXT_STATUS_PANIC`.
///
/// # Safety
/// `entry` is NULL or a live entry used by no other thread meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_cache_entry_set_lifetime(
    entry: *mut robotstxt_cache_entry,
    lifetime_secs: u64,
) -> robotstxt_status {
    ffi_boundary!({
        let entry = try_mut!(entry);
        entry.inner =
            std::mem::take(&mut entry.inner).with_lifetime(Duration::from_secs(lifetime_secs));
        robotstxt_status::Ok
    })
}

/// Sets how many bytes of bodies recorded from now on are kept (default
/// `ROBOTSTXT_MAX_ROBOTS_TXT_BYTES`); `SIZE_MAX` keeps them whole.
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL
/// `entry`) or `ROBOTSTXT_STATUS_PANIC`.
///
/// # Safety
/// `entry` is NULL or a live entry used by no other thread meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_cache_entry_set_size_limit(
    entry: *mut robotstxt_cache_entry,
    max_bytes: usize,
) -> robotstxt_status {
    ffi_boundary!({
        let entry = try_mut!(entry);
        let limit = (max_bytes != usize::MAX).then_some(max_bytes);
        entry.inner = std::mem::take(&mut entry.inner).with_size_limit(limit);
        robotstxt_status::Ok
    })
}

/// Tells whether the rest of the site answers normally (default: true). Only
/// `ROBOTSTXT_POLICY_GOOGLE` uses it, once robots.txt has been unreachable
/// for 30 days: then an available site is crawled as if it had no
/// robots.txt, and an unavailable one not at all.
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL
/// `entry`) or `ROBOTSTXT_STATUS_PANIC`.
///
/// # Safety
/// `entry` is NULL or a live entry used by no other thread meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_cache_entry_set_site_available(
    entry: *mut robotstxt_cache_entry,
    available: bool,
) -> robotstxt_status {
    ffi_boundary!({
        try_mut!(entry).inner.set_site_available(available);
        robotstxt_status::Ok
    })
}

/// Records that a fetch of the robots.txt got the HTTP status `http_status`
/// at `now` (seconds since the Unix epoch), after following the redirects
/// `robotstxt_should_follow_redirect()` allowed; a 3xx means the crawler
/// stopped following.
///
/// `(body, body_len)` is the response body, read only for a 2xx (pass
/// (NULL, 0) otherwise) and copied, cut to the size limit.
/// `(cache_control, cache_control_len)` is the response's `Cache-Control`
/// header value ((NULL, 0) if absent; several header lines joined with
/// commas); its `max-age` sets how long the result stays fresh.
///
/// 2xx replaces the cached body; 3xx and 4xx (and, under
/// `ROBOTSTXT_POLICY_RFC9309`, 429) drop it: there is no robots.txt, allow
/// all; 5xx, Google's 429, and anything that is not an HTTP status make the
/// file unreachable, keeping the cached body.
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL
/// `entry`, or (NULL, n > 0) in `body` or `cache_control`),
/// `ROBOTSTXT_STATUS_OUT_OF_MEMORY` (the kept body could not be copied) or
/// `ROBOTSTXT_STATUS_PANIC`; on any failure the entry is unchanged. Body
/// pointers the entry returned before are invalid after a success.
/// O(`cache_control_len` + kept body), the kept body being copied (at most
/// the size limit); nothing else is allocated.
///
/// # Safety
/// `entry` is NULL or a live entry used by no other thread meanwhile; `body`
/// and `cache_control` are NULL or point to that many readable bytes. The
/// library keeps none of these pointers.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_cache_entry_record_http(
    entry: *mut robotstxt_cache_entry,
    now: u64,
    http_status: u16,
    body: *const c_char,
    body_len: usize,
    cache_control: *const c_char,
    cache_control_len: usize,
) -> robotstxt_status {
    ffi_boundary!({
        let entry = try_mut!(entry);
        let body = try_bytes!(body, body_len);
        let cache_control = try_bytes!(cache_control, cache_control_len);
        let max_age = crawler::max_age_from_cache_control_bytes(cache_control);
        let outcome = FetchOutcome::Status(http_status);
        match entry.inner.try_record(time(now), outcome, body, max_age) {
            Ok(()) => robotstxt_status::Ok,
            Err(_) => robotstxt_status::OutOfMemory,
        }
    })
}

/// Records that a fetch of the robots.txt at `now` (seconds since the Unix
/// epoch) failed without an HTTP status: DNS failure, timeout, refused, reset
/// or interrupted connection, invalid response, chunking error. Google treats
/// these as server errors; RFC 9309 section 2.3.1.4 as "unreachable". The
/// cached body is kept.
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL
/// `entry`) or `ROBOTSTXT_STATUS_PANIC`.
///
/// # Safety
/// `entry` is NULL or a live entry used by no other thread meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_cache_entry_record_network_error(
    entry: *mut robotstxt_cache_entry,
    now: u64,
) -> robotstxt_status {
    ffi_boundary!({
        try_mut!(entry)
            .inner
            .record(time(now), FetchOutcome::NetworkError, &[], None);
        robotstxt_status::Ok
    })
}

/// Whether the robots.txt should be fetched at `now` (seconds since the Unix
/// epoch): nothing is known yet, or the last result is no longer fresh. While
/// the file is unreachable this stays true; how often to retry is the
/// crawler's choice.
///
/// Returns false for a NULL `entry` and on an internal error.
///
/// # Safety
/// `entry` is NULL or a live entry that no other thread changes meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_cache_entry_needs_fetch(
    entry: *const robotstxt_cache_entry,
    now: u64,
) -> bool {
    ffi_boundary!({ try_ref!(entry).inner.needs_fetch(time(now)) })
}

/// What the crawler may do with the site's URLs at `now` (seconds since the
/// Unix epoch). For `ROBOTSTXT_DECISION_USE_RULES`, match URLs against
/// `robotstxt_cache_entry_body()`.
///
/// A fresh result decides (its body, or allow all after a 4xx). Once it is
/// stale and the file is unreachable, the policy's timeline applies from the
/// first failure: Google disallows all for 12 hours, then uses the last good
/// body (allows all without one) until 30 days, then allows all if the site
/// is available and disallows all if not; RFC 9309 uses the cached body if
/// there is one, else disallows all for 30 days, then allows all. With
/// nothing fetched yet the answer is disallow all: fetch first.
///
/// Returns `ROBOTSTXT_DECISION_DISALLOW_ALL` for a NULL `entry` and on an
/// internal error.
///
/// # Safety
/// `entry` is NULL or a live entry that no other thread changes meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_cache_entry_decide(
    entry: *const robotstxt_cache_entry,
    now: u64,
) -> robotstxt_decision {
    ffi_boundary!({ try_ref!(entry).inner.decide(time(now)).into() })
}

/// The cached robots.txt body: returns a pointer to its bytes (not
/// NUL-terminated; never NULL when there is a body, even an empty one) and
/// writes its length to `*body_len` (if not NULL).
///
/// Returns NULL, with `*body_len` not written, when the last definitive
/// result was not a success (nothing fetched, or a 4xx), for a NULL `entry`,
/// and on an internal error. The bytes belong to the entry: they stay valid
/// until the next `robotstxt_cache_entry_record_*()` or
/// `robotstxt_cache_entry_free()` on it.
///
/// # Safety
/// `entry` is NULL or a live entry that no other thread changes meanwhile;
/// `body_len` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_cache_entry_body(
    entry: *const robotstxt_cache_entry,
    body_len: *mut usize,
) -> *const c_char {
    ffi_boundary!({
        let Some(body) = try_ref!(entry).inner.body() else {
            return std::ptr::null();
        };
        // SAFETY: the caller passes NULL or a writable size_t.
        unsafe { write_opt(body_len, body.len()) };
        c_ptr(body)
    })
}

/// Writes to `*fresh_until` (if not NULL) when the last definitive result
/// stops being fresh, in seconds since the Unix epoch: the time
/// `robotstxt_cache_entry_needs_fetch()` turns true.
///
/// A lifetime that reaches past what the clock can hold (`UINT64_MAX`
/// seconds given to `robotstxt_cache_entry_set_lifetime()`) saturates:
/// `*fresh_until` is then `UINT64_MAX`, fresh for ever.
///
/// Returns true when there is such a result; false, with `*fresh_until` not
/// written, when nothing was fetched successfully yet, for a NULL `entry`,
/// and on an internal error.
///
/// # Safety
/// `entry` is NULL or a live entry that no other thread changes meanwhile;
/// `fresh_until` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_cache_entry_fresh_until(
    entry: *const robotstxt_cache_entry,
    fresh_until: *mut u64,
) -> bool {
    ffi_boundary!({
        let Some(until) = try_ref!(entry).inner.fresh_until() else {
            return false;
        };
        // SAFETY: the caller passes NULL or a writable uint64_t.
        unsafe { write_opt(fresh_until, fresh_until_unix_secs(until)) };
        true
    })
}

/// Writes to `*since` (if not NULL) when the current unreachable period
/// began (the first of the latest run of failed fetches), in seconds since
/// the Unix epoch.
///
/// Returns true when the robots.txt is unreachable now; false, with `*since`
/// not written, when it is not, for a NULL `entry`, and on an internal error.
///
/// # Safety
/// `entry` is NULL or a live entry that no other thread changes meanwhile;
/// `since` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_cache_entry_unreachable_since(
    entry: *const robotstxt_cache_entry,
    since: *mut u64,
) -> bool {
    ffi_boundary!({
        let Some(start) = try_ref!(entry).inner.unreachable_since() else {
            return false;
        };
        // SAFETY: the caller passes NULL or a writable uint64_t.
        unsafe { write_opt(since, unix_secs(start)) };
        true
    })
}
