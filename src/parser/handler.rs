//! What the parser reports to: Google's `RobotsParseHandler` and the
//! metadata of each line.

/// What the parser learned about one line, reported after the line's
/// directive (if any) has been handed to the handler.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct LineMetadata {
    /// The line is empty (no content and no comment).
    pub is_empty: bool,
    /// The line has a comment, possibly after some content.
    pub has_comment: bool,
    /// The whole line is a comment.
    pub is_comment: bool,
    /// The line holds a key-value pair and a handler method was called for it.
    pub has_directive: bool,
    /// The key is one of the accepted typos of a known key.
    pub is_acceptable_typo: bool,
    /// The line was longer than [`MAX_LINE_LEN`](super::MAX_LINE_LEN) bytes and was cut there.
    pub is_line_too_long: bool,
    /// The key and the value were separated by whitespace instead of a colon.
    pub is_missing_colon_separator: bool,
}

impl LineMetadata {
    /// The seven flags as bits, in field order: `is_empty` is bit 0 (value
    /// 1), `is_missing_colon_separator` bit 6 (value 64). The reporter keeps
    /// them so, and the bindings hand them across their boundaries so
    /// (`spec/vocabulary.json`, `line-metadata`).
    pub const fn bits(&self) -> u8 {
        self.is_empty as u8
            | (self.has_comment as u8) << 1
            | (self.is_comment as u8) << 2
            | (self.has_directive as u8) << 3
            | (self.is_acceptable_typo as u8) << 4
            | (self.is_line_too_long as u8) << 5
            | (self.is_missing_colon_separator as u8) << 6
    }

    /// The flags from their [`bits`](Self::bits); bit 7 is ignored.
    pub const fn from_bits(bits: u8) -> LineMetadata {
        LineMetadata {
            is_empty: bits & 1 != 0,
            has_comment: bits & 1 << 1 != 0,
            is_comment: bits & 1 << 2 != 0,
            has_directive: bits & 1 << 3 != 0,
            is_acceptable_typo: bits & 1 << 4 != 0,
            is_line_too_long: bits & 1 << 5 != 0,
            is_missing_colon_separator: bits & 1 << 6 != 0,
        }
    }

    /// The metadata of an empty line: only `is_empty` is set.
    pub const EMPTY_LINE: LineMetadata = LineMetadata {
        is_empty: true,
        has_comment: false,
        is_comment: false,
        has_directive: false,
        is_acceptable_typo: false,
        is_line_too_long: false,
        is_missing_colon_separator: false,
    };
}

/// Receives the directives of a robots.txt body in file order.
///
/// This is Google's `RobotsParseHandler`. Line numbers start at 1. Values of
/// `allow`, `disallow` and unknown keys are percent-escape normalised (see
/// [`crate::maybe_escape_pattern`]); `user-agent` and `sitemap` values are
/// passed as written.
pub trait ParseHandler {
    /// Called once before the first line.
    fn handle_robots_start(&mut self);
    /// Called once after the last line.
    fn handle_robots_end(&mut self);
    /// A `user-agent` line.
    fn handle_user_agent(&mut self, line_num: u32, value: &[u8]);
    /// An `allow` line.
    fn handle_allow(&mut self, line_num: u32, value: &[u8]);
    /// A `disallow` line.
    fn handle_disallow(&mut self, line_num: u32, value: &[u8]);
    /// A `sitemap` line.
    fn handle_sitemap(&mut self, line_num: u32, value: &[u8]);
    /// A key-value line whose key is not recognised.
    fn handle_unknown_action(&mut self, line_num: u32, action: &[u8], value: &[u8]);
    /// Whether the next `allow` or `disallow` value will be looked at.
    ///
    /// When this returns `false` the parser may skip normalising that value
    /// and pass it as written: a handler that ignores some rules (a matcher
    /// outside any group of interest) saves the work. Defaults to `true`.
    fn needs_rule_values(&self) -> bool {
        true
    }
    /// Called for every line, after the directive callback of that line.
    fn report_line_metadata(&mut self, line_num: u32, metadata: &LineMetadata) {
        let _ = (line_num, metadata);
    }
    /// Called for a run of `count` empty lines (no content, no comment),
    /// numbered from `first_line` on (saturating at `u32::MAX`), in place of
    /// one [`report_line_metadata`](Self::report_line_metadata) call per
    /// line with [`LineMetadata::EMPTY_LINE`]; no other callback comes
    /// between those lines.
    ///
    /// The parser finds such runs (bodies or stretches made of line ends)
    /// 64 bytes at a time; the default makes the per-line calls, and a
    /// handler that ignores empty lines can override this to do nothing.
    fn report_empty_lines(&mut self, first_line: u32, count: u32) {
        for i in 0..count {
            self.report_line_metadata(first_line.saturating_add(i), &LineMetadata::EMPTY_LINE);
        }
    }
}
