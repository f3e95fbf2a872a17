//! The linear-time pattern matcher against Google's position-set algorithm.
//!
//! Input: `pattern 0xFF path` (without a 0xFF byte the input is both the
//! pattern and the path). The pattern is cut to 512 bytes and the path to
//! 4096, which keeps the quadratic reference under a few million steps.
//!
//! Checked: `pattern::matches` equals `matches_reference` (Google's
//! `RobotsMatchStrategy::Matches`). Then the pair goes through the whole stack
//! as `user-agent: *` / `disallow: <pattern>`, after dropping the bytes the
//! parser would change (line ends, `#`, NUL, `%`, non-ASCII, surrounding
//! whitespace) and making the path one that `GetPathParamsQuery` returns
//! unchanged: `RobotsMatcher` and `Robots` must disallow exactly when the
//! reference matches a non-empty pattern, and name line 2 whenever it
//! matches at all (an empty disallow matches with priority 0: Google records
//! its line but does not disallow).

#![no_main]

// The test oracle, which the library does not export.
#[path = "../../tests/common/pattern_reference.rs"]
mod pattern_reference;

use libfuzzer_sys::fuzz_target;
use pattern_reference::matches_reference;
use robotstxt_exact::pattern::matches;
use robotstxt_exact::{Robots, RobotsMatcher};

const MAX_PATTERN: usize = 512;
const MAX_PATH: usize = 4096;

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

/// The pattern with the bytes removed that the parser would cut, strip or
/// escape, so that the parser hands it over unchanged.
fn parser_neutral(pattern: &[u8]) -> Vec<u8> {
    let kept: Vec<u8> = pattern
        .iter()
        .copied()
        .filter(|&b| b.is_ascii() && !matches!(b, b'\n' | b'\r' | b'#' | 0 | b'%'))
        .collect();
    let start = kept
        .iter()
        .position(|&b| !is_space(b))
        .unwrap_or(kept.len());
    let end = kept
        .iter()
        .rposition(|&b| !is_space(b))
        .map_or(start, |i| i + 1);
    kept[start..end].to_vec()
}

/// A URL whose path, params and query (Google's `GetPathParamsQuery`) are
/// the URL itself: it starts with one `/` and has no `#` (nor NUL, where
/// Google's C-string path would end).
fn self_path(path: &[u8]) -> Vec<u8> {
    let mut url = vec![b'/'];
    url.extend(
        path.iter()
            .copied()
            .filter(|&b| b != b'#' && b != 0)
            .skip_while(|&b| b == b'/'),
    );
    url
}

fuzz_target!(|data: &[u8]| {
    let (pattern, path) = match data.iter().position(|&b| b == 0xFF) {
        Some(i) => (&data[..i], &data[i + 1..]),
        None => (data, data),
    };
    let pattern = &pattern[..pattern.len().min(MAX_PATTERN)];
    let path = &path[..path.len().min(MAX_PATH)];

    assert_eq!(
        matches(path, pattern),
        matches_reference(path, pattern),
        "path {path:?} pattern {pattern:?}"
    );

    let pattern = parser_neutral(pattern);
    let url = self_path(path);
    let expected_match = matches_reference(&url, &pattern);
    let expected_allowed = !(expected_match && !pattern.is_empty());
    let expected_line = if expected_match { 2 } else { 0 };

    let mut body = b"user-agent: *\ndisallow: ".to_vec();
    body.extend_from_slice(&pattern);
    body.push(b'\n');

    let mut matcher = RobotsMatcher::new();
    let allowed = matcher.one_agent_allowed_by_robots(&body, b"FooBot", &url);
    assert_eq!(
        allowed, expected_allowed,
        "RobotsMatcher, {url:?} {pattern:?}"
    );
    assert_eq!(matcher.matching_line(), expected_line);

    let answer = Robots::parse(&body).check(&[b"FooBot"], &url);
    assert_eq!(
        answer.allowed, expected_allowed,
        "Robots, {url:?} {pattern:?}"
    );
    assert_eq!(answer.matching_line, expected_line);
    assert!(!answer.ever_seen_specific_agent);
    assert!(!answer.disallow_ignore_global);
});
