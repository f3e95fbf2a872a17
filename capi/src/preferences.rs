//! Usage preferences and request rates of the parse-once handle: the
//! `Content-Signal`, `Content-Usage` and `Request-rate` lines, read beside
//! the verdicts and never changing one.

use std::ffi::c_char;

use super::robots::{self, borrowed, robotstxt_robots};
use super::{ffi_boundary, put, robotstxt_status, robotstxt_str, try_bytes, try_out, try_ref};
use robotstxt_exact::preferences::{
    ContentUse, PreferenceKind, Preferences, RequestRate, Signal, Stated, UsageCategory,
};

/// A usage preference: unknown (nothing stated), yes/allowed, or no/disallowed.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum robotstxt_preference_value {
    /// Nothing stated, or the URL may not be fetched.
    Unknown = 0,
    /// `yes` (Content-Signal) or `y` (Content-Usage): allowed.
    Yes = 1,
    /// `no` (Content-Signal) or `n` (Content-Usage): disallowed.
    No = 2,
}

/// One usage preference and the line that stated it.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct robotstxt_preference {
    /// The value.
    pub value: robotstxt_preference_value,
    /// The line (from 1) of the `Content-Signal` or `Content-Usage` line
    /// that gave the value; 0 when the value is unknown.
    pub line: u32,
}

/// What an AI system may keep of fetched content: the `use=` item that
/// Cloudflare's managed robots.txt adds to `Content-Signal`.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum robotstxt_content_use {
    /// No `use=` item applies.
    None = 0,
    /// `immediate`: interact, store and reuse nothing.
    Immediate = 1,
    /// `reference`: index, excerpt and link back.
    Reference = 2,
    /// `full`: summarise and reproduce.
    Full = 3,
}

/// The usage preferences that apply to an agent for a URL
/// (`robotstxt_robots_preferences()`): the three signals of Cloudflare's
/// Content Signals Policy (`Content-Signal`) with its `use=` item, and the
/// three categories of draft-ietf-aipref-vocab-08 (`Content-Usage`).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct robotstxt_preferences {
    /// Google's verdict for the URL. When false, no preference applies and
    /// every value is unknown (draft-ietf-aipref-attach §3.1).
    pub allowed: bool,
    /// `Content-Signal` `search`.
    pub signal_search: robotstxt_preference,
    /// `Content-Signal` `ai-input`.
    pub signal_ai_input: robotstxt_preference,
    /// `Content-Signal` `ai-train`.
    pub signal_ai_train: robotstxt_preference,
    /// `Content-Usage` `train-ai`.
    pub usage_train_ai: robotstxt_preference,
    /// `Content-Usage` `search`.
    pub usage_search: robotstxt_preference,
    /// `Content-Usage` `ai-use` (draft-ietf-aipref-vocab-08).
    pub usage_ai_use: robotstxt_preference,
    /// `Content-Signal` `use=`.
    pub content_use: robotstxt_content_use,
    /// The line of the `Content-Signal` line that gave `content_use`; 0
    /// when none applies.
    pub content_use_line: u32,
}

/// A `Request-rate`: at most `requests` requests every `seconds` seconds,
/// in the UTC window when `has_window`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct robotstxt_request_rate {
    /// Requests per period, at least 1.
    pub requests: u32,
    /// The period in seconds, at least 1.
    pub seconds: u32,
    /// Whether a window was given.
    pub has_window: bool,
    /// The window's start, in minutes after 00:00 UTC (0 without a window).
    pub window_start: u16,
    /// The window's end, in minutes after 00:00 UTC (0 without a window).
    pub window_end: u16,
}

/// Which line a preference line is.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum robotstxt_preference_kind {
    /// A `Content-Signal` line.
    ContentSignal = 0,
    /// A `Content-Usage` line.
    ContentUsage = 1,
}

/// A `Content-Signal` or `Content-Usage` line of a group, parsed.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct robotstxt_preference_line {
    /// Which line.
    pub kind: robotstxt_preference_kind,
    /// The path it applies to, percent-escape normalised as the parser hands
    /// it over; empty when the line has none (every path). Points into the
    /// robots handle.
    pub path: robotstxt_str,
    /// The line number, from 1.
    pub line: u32,
    /// For `Content-Signal`: `search`, `ai-input`, `ai-train`; for
    /// `Content-Usage`: `train-ai`, `search`, `ai-use`. The `line` of each is
    /// this line's number when its value is known.
    pub values: [robotstxt_preference; 3],
}

fn preference(stated: Option<Stated>) -> robotstxt_preference {
    match stated {
        None => robotstxt_preference {
            value: robotstxt_preference_value::Unknown,
            line: 0,
        },
        Some(s) => robotstxt_preference {
            value: if s.allowed {
                robotstxt_preference_value::Yes
            } else {
                robotstxt_preference_value::No
            },
            line: s.line,
        },
    }
}

fn preferences_to_c(p: &Preferences) -> robotstxt_preferences {
    robotstxt_preferences {
        allowed: p.allowed,
        signal_search: preference(p.signal(Signal::Search)),
        signal_ai_input: preference(p.signal(Signal::AiInput)),
        signal_ai_train: preference(p.signal(Signal::AiTrain)),
        usage_train_ai: preference(p.usage(UsageCategory::TrainAi)),
        usage_search: preference(p.usage(UsageCategory::Search)),
        usage_ai_use: preference(p.usage(UsageCategory::AiUse)),
        content_use: match p.content_use.map(|u| u.value) {
            None => robotstxt_content_use::None,
            Some(ContentUse::Immediate) => robotstxt_content_use::Immediate,
            Some(ContentUse::Reference) => robotstxt_content_use::Reference,
            Some(ContentUse::Full) => robotstxt_content_use::Full,
        },
        content_use_line: p.content_use.map_or(0, |u| u.line),
    }
}

fn request_rate_to_c(rate: RequestRate) -> robotstxt_request_rate {
    robotstxt_request_rate {
        requests: rate.requests,
        seconds: rate.seconds,
        has_window: rate.window.is_some(),
        window_start: rate.window.map_or(0, |w| w.start),
        window_end: rate.window.map_or(0, |w| w.end),
    }
}

/// Writes the usage preferences (`Content-Signal`, `Content-Usage`) that
/// apply to `(user_agent, user_agent_len)` for `(url, url_len)` to
/// `*preferences`, with the line that stated each: the groups that apply to
/// the agent as for rules, then, per kind of line, the lines whose path
/// matches the URL longest, combined "no" over "yes" (docs/AI-PREFERENCES.md
/// in the source tree gives every rule). An extension: no verdict of this
/// library uses these lines, and the parse callbacks still report them as
/// unknown keys, as Google's library does.
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL
/// `robots` or `preferences`, or a string given as (NULL, n > 0)) or
/// `ROBOTSTXT_STATUS_PANIC`. Thread-safe.
///
/// # Safety
/// `robots` is NULL or a live handle; the strings are NULL or point to
/// their lengths of readable bytes; `preferences` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_preferences(
    robots: *const robotstxt_robots,
    user_agent: *const c_char,
    user_agent_len: usize,
    url: *const c_char,
    url_len: usize,
    preferences: *mut robotstxt_preferences,
) -> robotstxt_status {
    ffi_boundary!({
        let robots = try_ref!(robots);
        let agent = try_bytes!(user_agent, user_agent_len);
        let url = try_bytes!(url, url_len);
        let out = try_out!(preferences);
        let found = preferences_to_c(&robots.inner().preferences(&[agent], url));
        // SAFETY: checked non-NULL; the caller guarantees it is writable.
        unsafe { put(out, found) }
    })
}

/// Writes the `Request-rate` that applies to `(user_agent, user_agent_len)`
/// to `*rate`: the first valid one among the groups naming the agent, or,
/// when no group names it, among the `*` groups (as for crawl-delay). An
/// extension, never used in verdicts.
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_NOT_FOUND` (no valid
/// Request-rate applies), `ROBOTSTXT_STATUS_NULL_ARGUMENT` or
/// `ROBOTSTXT_STATUS_PANIC`. Thread-safe.
///
/// # Safety
/// `robots` is NULL or a live handle; `user_agent` is NULL or points to
/// `user_agent_len` readable bytes; `rate` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_request_rate(
    robots: *const robotstxt_robots,
    user_agent: *const c_char,
    user_agent_len: usize,
    rate: *mut robotstxt_request_rate,
) -> robotstxt_status {
    ffi_boundary!({
        let robots = try_ref!(robots);
        let agent = try_bytes!(user_agent, user_agent_len);
        let out = try_out!(rate);
        match robots.inner().request_rate(agent) {
            // SAFETY: checked non-NULL; the caller guarantees it is writable.
            Some(found) => unsafe { put(out, request_rate_to_c(found)) },
            None => robotstxt_status::NotFound,
        }
    })
}

/// Writes the first valid `Request-rate` of group `group` (from 0) to
/// `*rate`.
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_NOT_FOUND` (the group
/// has none), `ROBOTSTXT_STATUS_OUT_OF_RANGE` (no such group),
/// `ROBOTSTXT_STATUS_NULL_ARGUMENT` or `ROBOTSTXT_STATUS_PANIC`. Thread-safe.
///
/// # Safety
/// `robots` is NULL or a live handle; `rate` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_group_request_rate(
    robots: *const robotstxt_robots,
    group: usize,
    rate: *mut robotstxt_request_rate,
) -> robotstxt_status {
    ffi_boundary!({
        let robots = try_ref!(robots);
        let out = try_out!(rate);
        match robots::group(robots.inner(), group).map(|g| g.request_rate()) {
            // SAFETY: checked non-NULL; the caller guarantees it is writable.
            Some(Some(found)) => unsafe { put(out, request_rate_to_c(found)) },
            Some(None) => robotstxt_status::NotFound,
            None => robotstxt_status::OutOfRange,
        }
    })
}

/// The number of `Content-Signal` and `Content-Usage` lines of group `group`
/// (from 0); 0 for a `group` out of range, a NULL `robots` and on an
/// internal error. Thread-safe.
///
/// # Safety
/// `robots` is NULL or a live handle.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_group_preference_count(
    robots: *const robotstxt_robots,
    group: usize,
) -> usize {
    ffi_boundary!({
        robots::group(try_ref!(robots).inner(), group).map_or(0, |g| g.preference_lines().len())
    })
}

/// Writes the `index`-th (from 0, in file order) `Content-Signal` or
/// `Content-Usage` line of group `group` to `*line`.
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_OUT_OF_RANGE` (no such
/// group or line), `ROBOTSTXT_STATUS_NULL_ARGUMENT` or
/// `ROBOTSTXT_STATUS_PANIC`. Thread-safe.
///
/// # Safety
/// `robots` is NULL or a live handle; `line` is NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_robots_group_preference(
    robots: *const robotstxt_robots,
    group: usize,
    index: usize,
    line: *mut robotstxt_preference_line,
) -> robotstxt_status {
    ffi_boundary!({
        let robots = try_ref!(robots);
        let out = try_out!(line);
        let found =
            robots::group(robots.inner(), group).and_then(|g| g.preference_lines().nth(index));
        match found {
            Some(p) => {
                let at = |index: usize| {
                    preference(p.stated.get(index).map(|allowed| Stated {
                        allowed,
                        line: p.line,
                    }))
                };
                let kind = match p.kind {
                    PreferenceKind::Signal => robotstxt_preference_kind::ContentSignal,
                    PreferenceKind::Usage => robotstxt_preference_kind::ContentUsage,
                };
                let count = match p.kind {
                    PreferenceKind::Signal => Signal::ALL.len(),
                    PreferenceKind::Usage => UsageCategory::ALL.len(),
                };
                let values = [0, 1, 2].map(|i| if i < count { at(i) } else { preference(None) });
                let c = robotstxt_preference_line {
                    kind,
                    path: borrowed(p.path),
                    line: p.line,
                    values,
                };
                // SAFETY: checked non-NULL; the caller guarantees it is writable.
                unsafe { put(out, c) }
            }
            None => robotstxt_status::OutOfRange,
        }
    })
}
