//! Streaming parse with a table of C callbacks, and key classification.

use std::ffi::{c_char, c_void};

use super::{Fallback, c_ptr, ffi_boundary, robotstxt_status, try_bytes, try_ref, write_opt};
use robotstxt_exact::{KeyType, LineMetadata, ParseHandler};

/// The kind of a robots.txt key. The values are Google's `KeyType` values.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum robotstxt_key_type {
    /// `user-agent` (also `useragent` and `user agent`).
    UserAgent = 0,
    /// `sitemap` (also `site-map`).
    Sitemap = 1,
    /// `allow`.
    Allow = 2,
    /// `disallow` (also `dissallow`, `dissalow`, `disalow`, `diasllow` and
    /// `disallaw`).
    Disallow = 3,
    /// Any other key.
    Unknown = 128,
}

impl Fallback for robotstxt_key_type {
    fn on_null() -> Self {
        robotstxt_key_type::Unknown
    }
    fn on_panic() -> Self {
        robotstxt_key_type::Unknown
    }
}

impl From<KeyType> for robotstxt_key_type {
    fn from(key_type: KeyType) -> Self {
        match key_type {
            KeyType::UserAgent => robotstxt_key_type::UserAgent,
            KeyType::Sitemap => robotstxt_key_type::Sitemap,
            KeyType::Allow => robotstxt_key_type::Allow,
            KeyType::Disallow => robotstxt_key_type::Disallow,
            KeyType::Unknown => robotstxt_key_type::Unknown,
        }
    }
}

/// Classifies the robots.txt key `(key, key_len)` as the parser does: by
/// case-insensitive prefix, so `Disallowed` is a disallow key. O(1): at most
/// the first ten bytes are read.
///
/// When `is_acceptable_typo` is not NULL, it is set to whether the key is one
/// of the accepted misspellings (`useragent`, `disalow`, `site-map`, ...).
/// For (NULL, n > 0) and on an internal error the result is
/// `ROBOTSTXT_KEY_TYPE_UNKNOWN` and `*is_acceptable_typo` is not written.
/// Thread-safe.
///
/// # Safety
/// `key` is NULL or points to `key_len` readable bytes; `is_acceptable_typo`
/// is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_get_key_type(
    key: *const c_char,
    key_len: usize,
    is_acceptable_typo: *mut bool,
) -> robotstxt_key_type {
    ffi_boundary!({
        let (key_type, typo) = robotstxt_exact::get_key_type(try_bytes!(key, key_len));
        // SAFETY: the caller passes NULL or a writable bool.
        unsafe { write_opt(is_acceptable_typo, typo) };
        key_type.into()
    })
}

/// What the parser learned about one line. The fields are Google's
/// `RobotsParseHandler::LineMetadata` fields.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct robotstxt_line_metadata {
    /// The line is empty: no content and no comment.
    pub is_empty: bool,
    /// The line has a comment, possibly after some content.
    pub has_comment: bool,
    /// The whole line is a comment.
    pub is_comment: bool,
    /// The line is a key-value pair and a directive callback was called for it.
    pub has_directive: bool,
    /// The key is an accepted misspelling of a known key.
    pub is_acceptable_typo: bool,
    /// The line was longer than 16663 bytes; the rest was ignored.
    pub is_line_too_long: bool,
    /// Key and value were separated by whitespace instead of a colon.
    pub is_missing_colon_separator: bool,
}

impl From<&LineMetadata> for robotstxt_line_metadata {
    fn from(m: &LineMetadata) -> Self {
        robotstxt_line_metadata {
            is_empty: m.is_empty,
            has_comment: m.has_comment,
            is_comment: m.is_comment,
            has_directive: m.has_directive,
            is_acceptable_typo: m.is_acceptable_typo,
            is_line_too_long: m.is_line_too_long,
            is_missing_colon_separator: m.is_missing_colon_separator,
        }
    }
}

/// The callbacks `robotstxt_parse()` calls, in file order, each with
/// `user_data` as its first argument. Every callback is optional: NULL ones
/// are skipped.
///
/// Line numbers start at 1. A value is `value_len` bytes at `value`, not
/// NUL-terminated and never containing NUL; the pointer is never NULL (empty
/// values point to a static `""`) and is valid only during the callback.
/// `allow`, `disallow` and unknown-key values are percent-escape normalised
/// as by `robotstxt_maybe_escape_pattern()`; `user-agent` and `sitemap`
/// values are passed as written.
///
/// Callbacks must return normally: they must not unwind (no C++ exceptions,
/// no Rust panics, no `longjmp`) out into the library.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct robotstxt_parse_callbacks {
    /// Passed as is to every callback.
    pub user_data: *mut c_void,
    /// Called once, before the first line.
    pub handle_robots_start: Option<unsafe extern "C" fn(user_data: *mut c_void)>,
    /// Called once, after the last line.
    pub handle_robots_end: Option<unsafe extern "C" fn(user_data: *mut c_void)>,
    /// A `user-agent` line.
    pub handle_user_agent: Option<
        unsafe extern "C" fn(
            user_data: *mut c_void,
            line_num: u32,
            value: *const c_char,
            value_len: usize,
        ),
    >,
    /// An `allow` line.
    pub handle_allow: Option<
        unsafe extern "C" fn(
            user_data: *mut c_void,
            line_num: u32,
            value: *const c_char,
            value_len: usize,
        ),
    >,
    /// A `disallow` line.
    pub handle_disallow: Option<
        unsafe extern "C" fn(
            user_data: *mut c_void,
            line_num: u32,
            value: *const c_char,
            value_len: usize,
        ),
    >,
    /// A `sitemap` line.
    pub handle_sitemap: Option<
        unsafe extern "C" fn(
            user_data: *mut c_void,
            line_num: u32,
            value: *const c_char,
            value_len: usize,
        ),
    >,
    /// A key-value line whose key is not recognised; `action` is the key as
    /// written.
    pub handle_unknown_action: Option<
        unsafe extern "C" fn(
            user_data: *mut c_void,
            line_num: u32,
            action: *const c_char,
            action_len: usize,
            value: *const c_char,
            value_len: usize,
        ),
    >,
    /// Called for every line, after the directive callback of that line if
    /// any. `metadata` is valid only during the callback.
    pub report_line_metadata: Option<
        unsafe extern "C" fn(
            user_data: *mut c_void,
            line_num: u32,
            metadata: *const robotstxt_line_metadata,
        ),
    >,
}

/// Forwards the core parser's events to the C callbacks.
struct Callbacks(robotstxt_parse_callbacks);

// SAFETY (all calls below): the caller of robotstxt_parse() vouches that each
// non-NULL callback may be called with its user_data and arguments of the
// documented types, and that it returns normally.
impl Callbacks {
    fn value(&self, f: Option<ValueCallback>, line_num: u32, value: &[u8]) {
        if let Some(f) = f {
            unsafe { f(self.0.user_data, line_num, c_ptr(value), value.len()) }
        }
    }
}

type ValueCallback = unsafe extern "C" fn(*mut c_void, u32, *const c_char, usize);

impl ParseHandler for Callbacks {
    fn handle_robots_start(&mut self) {
        if let Some(f) = self.0.handle_robots_start {
            unsafe { f(self.0.user_data) }
        }
    }

    fn handle_robots_end(&mut self) {
        if let Some(f) = self.0.handle_robots_end {
            unsafe { f(self.0.user_data) }
        }
    }

    fn handle_user_agent(&mut self, line_num: u32, value: &[u8]) {
        self.value(self.0.handle_user_agent, line_num, value);
    }

    fn handle_allow(&mut self, line_num: u32, value: &[u8]) {
        self.value(self.0.handle_allow, line_num, value);
    }

    fn handle_disallow(&mut self, line_num: u32, value: &[u8]) {
        self.value(self.0.handle_disallow, line_num, value);
    }

    fn handle_sitemap(&mut self, line_num: u32, value: &[u8]) {
        self.value(self.0.handle_sitemap, line_num, value);
    }

    fn handle_unknown_action(&mut self, line_num: u32, action: &[u8], value: &[u8]) {
        if let Some(f) = self.0.handle_unknown_action {
            unsafe {
                f(
                    self.0.user_data,
                    line_num,
                    c_ptr(action),
                    action.len(),
                    c_ptr(value),
                    value.len(),
                )
            }
        }
    }

    fn report_line_metadata(&mut self, line_num: u32, metadata: &LineMetadata) {
        if let Some(f) = self.0.report_line_metadata {
            // Seven bytes copied into the C layout: nothing beside the call.
            let metadata = robotstxt_line_metadata::from(metadata);
            unsafe { f(self.0.user_data, line_num, &metadata) }
        }
    }

    fn report_empty_lines(&mut self, first_line: u32, count: u32) {
        // Without a metadata callback a run of empty lines calls nothing.
        if let Some(f) = self.0.report_line_metadata {
            let metadata = robotstxt_line_metadata::from(&LineMetadata::EMPTY_LINE);
            for i in 0..count {
                unsafe { f(self.0.user_data, first_line.saturating_add(i), &metadata) }
            }
        }
    }
}

/// Parses the robots.txt body `(robots_body, robots_body_len)` and reports
/// its directives and line metadata to `callbacks`, in file order.
///
/// Accepts any bytes; lines end at LF, CR or CRLF, and a UTF-8 byte order
/// mark at the start is skipped. The table is copied before the first
/// callback, so callbacks may change it without effect.
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL
/// `callbacks`, or the body given as (NULL, n > 0); no callback is called),
/// `ROBOTSTXT_STATUS_OUT_OF_MEMORY` (the scratch buffer for escaping a rule
/// value could not be allocated: parsing stopped before that line and
/// `handle_robots_end` was not called) or `ROBOTSTXT_STATUS_PANIC` (parsing
/// stopped early; `handle_robots_end` was not called). Thread-safe: parses
/// share no state.
///
/// O(`robots_body_len`) time, plus the callbacks'. Memory: nothing of the
/// body is copied; one scratch buffer of at most 3 × 16663 bytes, allocated
/// only when a rule value needs percent-escaping.
///
/// # Safety
/// `robots_body` is NULL or points to `robots_body_len` readable bytes.
/// `callbacks` is NULL or points to a valid table whose non-NULL callbacks
/// may be called with its `user_data` and return normally.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_parse(
    robots_body: *const c_char,
    robots_body_len: usize,
    callbacks: *const robotstxt_parse_callbacks,
) -> robotstxt_status {
    ffi_boundary!({
        let callbacks = *try_ref!(callbacks);
        let body = try_bytes!(robots_body, robots_body_len);
        match robotstxt_exact::try_parse_robots_txt(body, &mut Callbacks(callbacks)) {
            Ok(()) => robotstxt_status::Ok,
            Err(_) => robotstxt_status::OutOfMemory,
        }
    })
}
