//! An independent reference for [`robotstxt_exact::RobotsMatcher`], shared by the
//! property tests and the corpus test.
//!
//! [`ReferenceMatcher`] is a plain [`ParseHandler`] that follows the decision
//! logic of Google's `RobotsMatcher` step by step, with none of the shortcuts
//! of the crate's matcher: every rule is matched with Google's own quadratic
//! algorithm ([`matches_reference`]), the `index.htm` rewrite is a recursive
//! call as in Google's code, and the path is extracted from the URL by a
//! separate transcription of Google's `GetPathParamsQuery` rules. Only the
//! parser is shared, since both matchers are handlers of it.

#![allow(dead_code)]

pub mod google_parse;
pub mod pattern_reference;

pub use pattern_reference::matches_reference;
use robotstxt_exact::{MatcherState, ParseHandler, RobotsMatcher, parse_robots_txt};

/// Everything a matcher exposes after one query.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    pub allowed: bool,
    pub matching_line: u32,
    pub ever_seen_specific_agent: bool,
    pub disallow_ignore_global: bool,
}

/// The outcome of the crate's [`RobotsMatcher`].
pub fn crate_outcome(body: &[u8], agents: &[&[u8]], url: &[u8]) -> Outcome {
    let mut m = RobotsMatcher::new();
    let allowed = m.allowed_by_robots(body, agents, url);
    Outcome {
        allowed,
        matching_line: m.matching_line(),
        ever_seen_specific_agent: m.ever_seen_specific_agent(),
        disallow_ignore_global: m.disallow_ignore_global(),
    }
}

/// The outcome of the [`ReferenceMatcher`].
pub fn reference_outcome(body: &[u8], agents: &[&[u8]], url: &[u8]) -> Outcome {
    let mut m = ReferenceMatcher::new(agents, url);
    parse_robots_txt(body, &mut m);
    Outcome {
        allowed: !m.disallow(),
        matching_line: m.matching_line(),
        ever_seen_specific_agent: m.ever_seen_specific_agent,
        disallow_ignore_global: m.disallow_ignore_global(),
    }
}

/// Position of the first byte of `set` in `s` at or after `from`, or
/// `usize::MAX` (C++'s `npos`) when there is none.
fn find_first_of(s: &[u8], from: usize, set: &[u8]) -> usize {
    (from..s.len())
        .find(|&i| set.contains(&s[i]))
        .unwrap_or(usize::MAX)
}

/// Position of `needle` in `s` at or after `from`, or `usize::MAX`.
fn find(s: &[u8], from: usize, needle: &[u8]) -> usize {
    if from > s.len() || needle.len() > s.len() - from {
        return usize::MAX;
    }
    (from..=s.len() - needle.len())
        .find(|&i| &s[i..i + needle.len()] == needle)
        .unwrap_or(usize::MAX)
}

/// Google's `GetPathParamsQuery`, transcribed rule by rule, then cut at the
/// first NUL because Google hands the path to the matcher as a C string.
pub fn reference_path(url: &[u8]) -> Vec<u8> {
    let search_start = if url.starts_with(b"//") { 2 } else { 0 };
    let early_path = find_first_of(url, search_start, b"/?;");
    let mut protocol_end = find(url, search_start, b"://");
    if early_path < protocol_end {
        protocol_end = usize::MAX;
    }
    protocol_end = if protocol_end == usize::MAX {
        search_start
    } else {
        protocol_end + 3
    };
    let path_start = find_first_of(url, protocol_end, b"/?;");
    let mut path = if path_start == usize::MAX {
        b"/".to_vec()
    } else {
        let hash = find(url, search_start, b"#");
        if hash < path_start {
            b"/".to_vec()
        } else {
            let end = if hash == usize::MAX { url.len() } else { hash };
            let mut p = Vec::new();
            if url[path_start] != b'/' {
                p.push(b'/');
            }
            p.extend_from_slice(&url[path_start..end]);
            p
        }
    };
    if let Some(nul) = path.iter().position(|&b| b == 0) {
        path.truncate(nul);
    }
    path
}

/// A match of one rule: priority (pattern length, -1 for none) and line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Hit {
    priority: i64,
    line: u32,
}

const NO_HIT: Hit = Hit {
    priority: -1,
    line: 0,
};

/// The higher of two hits; the second wins ties, as in Google's
/// `HigherPriorityMatch`.
fn higher(a: Hit, b: Hit) -> Hit {
    if a.priority > b.priority { a } else { b }
}

/// Google's `RobotsMatcher` state machine, written out plainly.
pub struct ReferenceMatcher {
    agents: Vec<Vec<u8>>,
    path: Vec<u8>,
    allow_global: Hit,
    allow_specific: Hit,
    disallow_global: Hit,
    disallow_specific: Hit,
    seen_global_agent: bool,
    seen_specific_agent: bool,
    pub ever_seen_specific_agent: bool,
    seen_separator: bool,
}

/// C's `isspace` in the "C" locale.
fn c_isspace(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

impl ReferenceMatcher {
    pub fn new(agents: &[&[u8]], url: &[u8]) -> Self {
        ReferenceMatcher {
            agents: agents.iter().map(|a| a.to_vec()).collect(),
            path: reference_path(url),
            allow_global: NO_HIT,
            allow_specific: NO_HIT,
            disallow_global: NO_HIT,
            disallow_specific: NO_HIT,
            seen_global_agent: false,
            seen_specific_agent: false,
            ever_seen_specific_agent: false,
            seen_separator: false,
        }
    }

    pub fn disallow(&self) -> bool {
        if self.allow_specific.priority > 0 || self.disallow_specific.priority > 0 {
            return self.disallow_specific.priority > self.allow_specific.priority;
        }
        if self.ever_seen_specific_agent {
            return false;
        }
        if self.disallow_global.priority > 0 || self.allow_global.priority > 0 {
            return self.disallow_global.priority > self.allow_global.priority;
        }
        false
    }

    pub fn disallow_ignore_global(&self) -> bool {
        if self.allow_specific.priority > 0 || self.disallow_specific.priority > 0 {
            return self.disallow_specific.priority > self.allow_specific.priority;
        }
        false
    }

    pub fn matching_line(&self) -> u32 {
        if self.ever_seen_specific_agent {
            higher(self.disallow_specific, self.allow_specific).line
        } else {
            higher(self.disallow_global, self.allow_global).line
        }
    }

    /// Google's protected members after the parse, as
    /// [`RobotsMatcher::state`] gives them.
    pub fn state(&self) -> MatcherState {
        let pair = |hit: Hit| (hit.priority, hit.line);
        MatcherState {
            allow_global: pair(self.allow_global),
            allow_specific: pair(self.allow_specific),
            disallow_global: pair(self.disallow_global),
            disallow_specific: pair(self.disallow_specific),
            seen_global_agent: self.seen_global_agent,
            seen_specific_agent: self.seen_specific_agent,
            ever_seen_specific_agent: self.ever_seen_specific_agent,
            seen_separator: self.seen_separator,
        }
    }

    fn record(&mut self, is_allow: bool, priority: i64, line: u32) {
        let slot = match (is_allow, self.seen_specific_agent) {
            (true, true) => &mut self.allow_specific,
            (true, false) => &mut self.allow_global,
            (false, true) => &mut self.disallow_specific,
            (false, false) => &mut self.disallow_global,
        };
        if slot.priority < priority {
            *slot = Hit { priority, line };
        }
    }
}

impl ParseHandler for ReferenceMatcher {
    fn handle_robots_start(&mut self) {
        self.allow_global = NO_HIT;
        self.allow_specific = NO_HIT;
        self.disallow_global = NO_HIT;
        self.disallow_specific = NO_HIT;
        self.seen_global_agent = false;
        self.seen_specific_agent = false;
        self.ever_seen_specific_agent = false;
        self.seen_separator = false;
    }

    fn handle_robots_end(&mut self) {}

    fn handle_user_agent(&mut self, _line: u32, value: &[u8]) {
        if self.seen_separator {
            self.seen_specific_agent = false;
            self.seen_global_agent = false;
            self.seen_separator = false;
        }
        if !value.is_empty() && value[0] == b'*' && (value.len() == 1 || c_isspace(value[1])) {
            self.seen_global_agent = true;
            return;
        }
        let mut end = 0;
        while end < value.len()
            && (value[end].is_ascii_alphabetic() || value[end] == b'-' || value[end] == b'_')
        {
            end += 1;
        }
        let token = &value[..end];
        if self.agents.iter().any(|a| a.eq_ignore_ascii_case(token)) {
            self.seen_specific_agent = true;
            self.ever_seen_specific_agent = true;
        }
    }

    fn handle_allow(&mut self, line: u32, value: &[u8]) {
        if !(self.seen_global_agent || self.seen_specific_agent) {
            return;
        }
        self.seen_separator = true;
        if matches_reference(&self.path, value) {
            self.record(true, value.len() as i64, line);
            return;
        }
        // Google's index.htm rewrite: retry as "<up to last slash>$".
        if let Some(slash) = value.iter().rposition(|&b| b == b'/') {
            if value[slash..].starts_with(b"/index.htm") {
                let mut rewritten = value[..=slash].to_vec();
                rewritten.push(b'$');
                self.handle_allow(line, &rewritten);
            }
        }
    }

    fn handle_disallow(&mut self, line: u32, value: &[u8]) {
        if !(self.seen_global_agent || self.seen_specific_agent) {
            return;
        }
        self.seen_separator = true;
        if matches_reference(&self.path, value) {
            self.record(false, value.len() as i64, line);
        }
    }

    fn handle_sitemap(&mut self, _line: u32, _value: &[u8]) {}

    fn handle_unknown_action(&mut self, _line: u32, _action: &[u8], _value: &[u8]) {}
}

/// The number of lines Google's parser reports for `body`, counted from the
/// bytes alone: a leading (partial) UTF-8 byte order mark is skipped, every
/// CR and every LF ends a line except an LF right after a CR, and the text
/// after the last line end is one more line.
pub fn google_line_count(body: &[u8]) -> usize {
    let bom = b"\xEF\xBB\xBF";
    let skip = body.iter().zip(bom).take_while(|(a, b)| a == b).count();
    let mut lines = 1;
    let mut previous = 0u8;
    for &b in &body[skip..] {
        if b == b'\r' || (b == b'\n' && previous != b'\r') {
            lines += 1;
        }
        previous = b;
    }
    lines
}

/// Collects what the parser hands to a handler, one string per callback:
/// `"<line> <kind> <value>"`, `"<line> unknown <key>=<value>"`.
#[derive(Default)]
pub struct Events(pub Vec<String>);

impl ParseHandler for Events {
    fn handle_robots_start(&mut self) {}
    fn handle_robots_end(&mut self) {}
    fn handle_user_agent(&mut self, line: u32, value: &[u8]) {
        self.push(line, "user-agent", value);
    }
    fn handle_allow(&mut self, line: u32, value: &[u8]) {
        self.push(line, "allow", value);
    }
    fn handle_disallow(&mut self, line: u32, value: &[u8]) {
        self.push(line, "disallow", value);
    }
    fn handle_sitemap(&mut self, line: u32, value: &[u8]) {
        self.push(line, "sitemap", value);
    }
    fn handle_unknown_action(&mut self, line: u32, action: &[u8], value: &[u8]) {
        let (action, value) = (
            String::from_utf8_lossy(action),
            String::from_utf8_lossy(value),
        );
        self.0.push(format!("{line} unknown {action}={value}"));
    }
}

impl Events {
    fn push(&mut self, line: u32, kind: &str, value: &[u8]) {
        let value = String::from_utf8_lossy(value);
        self.0.push(format!("{line} {kind} {value}"));
    }
}

/// The parser's callbacks for `robots`, as [`Events`] writes them.
pub fn events(robots: impl AsRef<[u8]>) -> Vec<String> {
    let mut e = Events::default();
    parse_robots_txt(robots.as_ref(), &mut e);
    e.0
}
