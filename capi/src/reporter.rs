//! The reporter handle: what each line of a robots.txt was parsed as.

use std::ffi::c_char;

use super::parse::robotstxt_line_metadata;
use super::{
    ffi_boundary, free_handle, into_handle, robotstxt_status, try_bytes, try_mut, try_out, try_ref,
    write_opt,
};
use robotstxt_exact::{RobotsParsedLine, RobotsParsingReporter, RobotsTagName};

/// What a line was parsed as. The values are Google's
/// `RobotsParsedLine::RobotsTagName` values.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum robotstxt_tag_name {
    /// No directive: an empty, comment or unparsable line, or a key nobody
    /// knows (`unicorn: x`).
    Unknown = 0,
    /// A `user-agent` line.
    UserAgent = 1,
    /// An `allow` line.
    Allow = 2,
    /// A `disallow` line.
    Disallow = 3,
    /// A `sitemap` line.
    Sitemap = 4,
    /// A key that is recognised but unused (`crawl-delay`, `noindex`, ...;
    /// see `robotstxt_is_unsupported_tag()`).
    Unused = 5,
}

impl From<RobotsTagName> for robotstxt_tag_name {
    fn from(tag: RobotsTagName) -> Self {
        match tag {
            RobotsTagName::Unknown => robotstxt_tag_name::Unknown,
            RobotsTagName::UserAgent => robotstxt_tag_name::UserAgent,
            RobotsTagName::Allow => robotstxt_tag_name::Allow,
            RobotsTagName::Disallow => robotstxt_tag_name::Disallow,
            RobotsTagName::Sitemap => robotstxt_tag_name::Sitemap,
            RobotsTagName::Unused => robotstxt_tag_name::Unused,
        }
    }
}

/// The report for one line, as Google's `RobotsParsedLine`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct robotstxt_parsed_line {
    /// The line number, from 1.
    pub line_num: u32,
    /// What the line was parsed as.
    pub tag_name: robotstxt_tag_name,
    /// Whether the key was an accepted misspelling.
    pub is_typo: bool,
    /// The parser's metadata for the line.
    pub metadata: robotstxt_line_metadata,
}

impl From<RobotsParsedLine> for robotstxt_parsed_line {
    fn from(line: RobotsParsedLine) -> Self {
        (&line).into()
    }
}

impl From<&RobotsParsedLine> for robotstxt_parsed_line {
    fn from(line: &RobotsParsedLine) -> Self {
        robotstxt_parsed_line {
            line_num: line.line_num,
            tag_name: line.tag_name.into(),
            is_typo: line.is_typo,
            metadata: (&line.metadata).into(),
        }
    }
}

/// Collects a report per line and counts of directives, as Google's
/// `RobotsParsingReporter`.
///
/// Each `robotstxt_reporter_parse()` resets the counts and
/// `last_line_seen` but keeps the per-line reports, which the new parse
/// overwrites line by line (Google's behaviour): use a fresh reporter per
/// body unless you want that.
///
/// Thread safety: a reporter may be moved between threads.
/// `robotstxt_reporter_parse()` needs exclusive use; the read-only getters may
/// run concurrently with each other.
pub struct robotstxt_reporter {
    inner: RobotsParsingReporter,
}

/// Creates an empty reporter. Free it with `robotstxt_reporter_free()`.
///
/// Returns NULL when memory runs out for the handle (some hundred bytes)
/// and on an internal error (a caught panic).
#[unsafe(no_mangle)]
pub extern "C" fn robotstxt_reporter_new() -> *mut robotstxt_reporter {
    ffi_boundary!({
        into_handle(robotstxt_reporter {
            inner: RobotsParsingReporter::new(),
        })
    })
}

/// Frees a reporter. NULL is a no-op.
///
/// # Safety
/// `reporter` is NULL or a reporter from `robotstxt_reporter_new()` that was
/// not freed before and is not in use by another thread. It must not be used
/// afterwards.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_reporter_free(reporter: *mut robotstxt_reporter) {
    // SAFETY: the caller passes NULL or an unfreed reporter, per the contract.
    ffi_boundary!({ unsafe { free_handle(reporter) } })
}

/// Parses the robots.txt body `(robots_body, robots_body_len)` into the
/// reporter.
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL
/// `reporter`, or the body given as (NULL, n > 0); the reporter is
/// unchanged), `ROBOTSTXT_STATUS_OUT_OF_MEMORY` (no room for the reports;
/// the reporter is unchanged and usable, unless the parser's own scratch
/// buffer of at most 50 KB failed, which leaves the reports of the lines
/// before) or `ROBOTSTXT_STATUS_PANIC` (the reporter holds a partial
/// report).
///
/// O(`robots_body_len`) time. Memory: 8 bytes per line of the body,
/// reserved exactly before the parse (a body of bare line ends takes 8
/// times its size), plus the parser's scratch buffer.
///
/// # Safety
/// `reporter` is NULL or a live reporter used by no other thread meanwhile;
/// `robots_body` is NULL or points to `robots_body_len` readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_reporter_parse(
    reporter: *mut robotstxt_reporter,
    robots_body: *const c_char,
    robots_body_len: usize,
) -> robotstxt_status {
    ffi_boundary!({
        let reporter = try_mut!(reporter);
        let body = try_bytes!(robots_body, robots_body_len);
        match reporter.inner.try_parse_into(body) {
            Ok(()) => robotstxt_status::Ok,
            Err(_) => robotstxt_status::OutOfMemory,
        }
    })
}

/// The number of per-line reports the reporter holds. 0 for a NULL
/// `reporter` and on an internal error.
///
/// # Safety
/// `reporter` is NULL or a live reporter not being parsed into meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_reporter_line_count(
    reporter: *const robotstxt_reporter,
) -> usize {
    ffi_boundary!({ try_ref!(reporter).inner.lines().len() })
}

/// Copies all per-line reports, ordered by line number, to `out`, which has
/// room for `out_cap` of them, and sets `*out_len` (if not NULL) to their
/// number.
///
/// Returns `ROBOTSTXT_STATUS_OK`; `ROBOTSTXT_STATUS_BUFFER_TOO_SMALL` when
/// `out_cap` is less than the number of reports (then nothing is copied, but
/// `*out_len` is set: pass (NULL, 0) to ask for the number);
/// `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL `reporter`, or (NULL, n > 0)); or
/// `ROBOTSTXT_STATUS_PANIC`. O(number of reports); allocates nothing.
///
/// # Safety
/// `reporter` is NULL or a live reporter not being parsed into meanwhile;
/// `out` is NULL or writable for `out_cap` elements; `out_len` is NULL or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_reporter_lines(
    reporter: *const robotstxt_reporter,
    out: *mut robotstxt_parsed_line,
    out_cap: usize,
    out_len: *mut usize,
) -> robotstxt_status {
    ffi_boundary!({
        let reporter = try_ref!(reporter);
        if out.is_null() && out_cap > 0 {
            return robotstxt_status::NullArgument;
        }
        let lines = reporter.inner.lines();
        let count = lines.len();
        // SAFETY: the caller passes NULL or a writable usize.
        unsafe { write_opt(out_len, count) };
        if out_cap < count {
            return robotstxt_status::BufferTooSmall;
        }
        for (i, line) in lines.enumerate() {
            // SAFETY: i < count <= out_cap, and `out` (non-NULL here unless
            // count is 0) is writable for out_cap elements.
            unsafe { out.add(i).write(line.into()) };
        }
        robotstxt_status::Ok
    })
}

/// Copies the report of line `line_num` to `*out`.
///
/// Returns true when the reporter has a report for that line; false, leaving
/// `*out` unwritten, when it has none, for a NULL `reporter` or `out`, and on
/// an internal error.
///
/// O(1) after a single parse (the reports are indexed by line number),
/// O(log n) for n reports in general: asking for every line in turn costs
/// O(n) in all.
///
/// # Safety
/// `reporter` is NULL or a live reporter not being parsed into meanwhile;
/// `out` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_reporter_line(
    reporter: *const robotstxt_reporter,
    line_num: u32,
    out: *mut robotstxt_parsed_line,
) -> bool {
    ffi_boundary!({
        let reporter = try_ref!(reporter);
        let out = try_out!(out);
        match reporter.inner.line(line_num) {
            Some(line) => {
                // SAFETY: checked non-NULL; the caller guarantees it is writable.
                unsafe { out.write(line.into()) };
                true
            }
            None => false,
        }
    })
}

/// The highest line number the last parse reached (an empty body has one
/// line). 0 before any parse, for a NULL `reporter` and on an internal error.
///
/// # Safety
/// `reporter` is NULL or a live reporter not being parsed into meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_reporter_last_line_seen(
    reporter: *const robotstxt_reporter,
) -> u32 {
    ffi_boundary!({ try_ref!(reporter).inner.last_line_seen() })
}

/// The number of `user-agent`, `allow`, `disallow` and `sitemap` lines in the
/// last parse. 0 for a NULL `reporter` and on an internal error.
///
/// # Safety
/// `reporter` is NULL or a live reporter not being parsed into meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_reporter_valid_directives(
    reporter: *const robotstxt_reporter,
) -> u32 {
    ffi_boundary!({ try_ref!(reporter).inner.valid_directives() })
}

/// The number of key-value lines with an unrecognised key (unused or unknown)
/// in the last parse. 0 for a NULL `reporter` and on an internal error.
///
/// # Safety
/// `reporter` is NULL or a live reporter not being parsed into meanwhile.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_reporter_unused_directives(
    reporter: *const robotstxt_reporter,
) -> u32 {
    ffi_boundary!({ try_ref!(reporter).inner.unused_directives() })
}

/// Whether the key `(key, key_len)` is one Google recognises but does not use
/// (`clean-param`, `crawl-delay`, `host`, `noindex`, ...), compared
/// case-insensitively with the whole key: the test that makes a line
/// `ROBOTSTXT_TAG_NAME_UNUSED` rather than `ROBOTSTXT_TAG_NAME_UNKNOWN`.
/// False for (NULL, n > 0) and on an internal error. Thread-safe.
/// O(`key_len`).
///
/// # Safety
/// `key` is NULL or points to `key_len` readable bytes.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_is_unsupported_tag(key: *const c_char, key_len: usize) -> bool {
    ffi_boundary!({ robotstxt_exact::reporting::is_unsupported_tag(try_bytes!(key, key_len)) })
}
