//! Google's `RobotsParsingReporter`: what the parser made of each line.

use std::collections::BTreeMap;

use crate::parser::{LineMetadata, ParseHandler, parse_robots_txt};

/// Keys Google recognises but does not use (`RobotsParsedLine::kUnused`),
/// compared ASCII case-insensitively with the whole key.
pub const UNSUPPORTED_TAGS: [&str; 12] = [
    "clean-param",
    "content-signal",
    "content-usage",
    "crawl-delay",
    "domain",
    "host",
    "noarchive",
    "nofollow",
    "noindex",
    "request-rate",
    "revisit-after",
    "visit-time",
];

/// Whether an unknown key is one of the [`UNSUPPORTED_TAGS`].
pub fn is_unsupported_tag(key: &[u8]) -> bool {
    UNSUPPORTED_TAGS
        .iter()
        .any(|tag| tag.as_bytes().eq_ignore_ascii_case(key))
}

/// What a line was parsed as. Discriminants are Google's
/// `RobotsParsedLine::RobotsTagName` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum RobotsTagName {
    /// No directive, or a key nobody knows (`unicorn: x`), or a comment or
    /// empty line.
    #[default]
    Unknown = 0,
    /// A `user-agent` line.
    UserAgent = 1,
    /// An `allow` line.
    Allow = 2,
    /// A `disallow` line.
    Disallow = 3,
    /// A `sitemap` line.
    Sitemap = 4,
    /// A recognised but unused key, one of [`UNSUPPORTED_TAGS`].
    Unused = 5,
}

/// The report for one line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct RobotsParsedLine {
    /// The line number, from 1.
    pub line_num: u32,
    /// What the line was parsed as.
    pub tag_name: RobotsTagName,
    /// Whether the key was an accepted typo.
    pub is_typo: bool,
    /// The parser's metadata for the line.
    pub metadata: LineMetadata,
}

/// Collects a [`RobotsParsedLine`] per line and counts of directives.
///
/// As in Google's library, starting a new parse resets the counts but keeps
/// the per-line results, which later lines overwrite by line number.
///
/// ```
/// use robotstxt_exact::{RobotsParsingReporter, RobotsTagName};
/// let r = RobotsParsingReporter::parse(b"User-agent: *\nDisalow: /x\nnoindex: /y\n");
/// assert_eq!(r.valid_directives(), 2);
/// assert_eq!(r.unused_directives(), 1);
/// let lines = r.parse_results();
/// assert_eq!(lines[1].tag_name, RobotsTagName::Disallow);
/// assert!(lines[1].is_typo);
/// assert_eq!(lines[2].tag_name, RobotsTagName::Unused);
/// ```
#[derive(Debug, Clone, Default)]
pub struct RobotsParsingReporter {
    results: BTreeMap<u32, RobotsParsedLine>,
    last_line_seen: u32,
    valid_directives: u32,
    unused_directives: u32,
}

impl RobotsParsingReporter {
    /// An empty reporter.
    pub fn new() -> Self {
        Self::default()
    }

    /// A reporter that has parsed `body`.
    pub fn parse(body: impl AsRef<[u8]>) -> Self {
        let mut reporter = Self::new();
        parse_robots_txt(body.as_ref(), &mut reporter);
        reporter
    }

    /// The per-line results, ordered by line number.
    pub fn parse_results(&self) -> Vec<RobotsParsedLine> {
        self.results.values().copied().collect()
    }

    /// The per-line results, ordered by line number, without copying.
    pub fn lines(&self) -> impl ExactSizeIterator<Item = &RobotsParsedLine> {
        self.results.values()
    }

    /// The highest line number seen.
    pub fn last_line_seen(&self) -> u32 {
        self.last_line_seen
    }

    /// The number of user-agent, allow, disallow and sitemap lines.
    pub fn valid_directives(&self) -> u32 {
        self.valid_directives
    }

    /// The number of lines with an unrecognised key (unused or unknown).
    pub fn unused_directives(&self) -> u32 {
        self.unused_directives
    }

    fn digest(&mut self, line_num: u32, tag: RobotsTagName) {
        self.last_line_seen = self.last_line_seen.max(line_num);
        if tag != RobotsTagName::Unknown && tag != RobotsTagName::Unused {
            self.valid_directives = self.valid_directives.saturating_add(1);
        }
        let line = self.results.entry(line_num).or_default();
        line.line_num = line_num;
        line.tag_name = tag;
    }
}

impl ParseHandler for RobotsParsingReporter {
    fn handle_robots_start(&mut self) {
        self.last_line_seen = 0;
        self.valid_directives = 0;
        self.unused_directives = 0;
    }

    fn handle_robots_end(&mut self) {}

    fn handle_user_agent(&mut self, line_num: u32, _value: &[u8]) {
        self.digest(line_num, RobotsTagName::UserAgent);
    }

    fn handle_allow(&mut self, line_num: u32, _value: &[u8]) {
        self.digest(line_num, RobotsTagName::Allow);
    }

    fn handle_disallow(&mut self, line_num: u32, _value: &[u8]) {
        self.digest(line_num, RobotsTagName::Disallow);
    }

    fn handle_sitemap(&mut self, line_num: u32, _value: &[u8]) {
        self.digest(line_num, RobotsTagName::Sitemap);
    }

    fn handle_unknown_action(&mut self, line_num: u32, action: &[u8], _value: &[u8]) {
        let tag = if is_unsupported_tag(action) {
            RobotsTagName::Unused
        } else {
            RobotsTagName::Unknown
        };
        self.unused_directives = self.unused_directives.saturating_add(1);
        self.digest(line_num, tag);
    }

    fn report_line_metadata(&mut self, line_num: u32, metadata: &LineMetadata) {
        self.last_line_seen = self.last_line_seen.max(line_num);
        let line = self.results.entry(line_num).or_default();
        line.line_num = line_num;
        line.is_typo = metadata.is_acceptable_typo;
        line.metadata = *metadata;
    }
}
