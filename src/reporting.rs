//! Google's `RobotsParsingReporter`: what the parser made of each line.

use std::collections::TryReserveError;

use crate::parser::{LineMetadata, ParseHandler, try_parse_robots_txt};

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

impl RobotsTagName {
    /// Every tag, in the order of Google's values.
    pub const ALL: [RobotsTagName; 6] = [
        RobotsTagName::Unknown,
        RobotsTagName::UserAgent,
        RobotsTagName::Allow,
        RobotsTagName::Disallow,
        RobotsTagName::Sitemap,
        RobotsTagName::Unused,
    ];

    /// The tag's name in the shared vocabulary (`spec/vocabulary.json`):
    /// `"unknown"`, `"user-agent"`, `"allow"`, `"disallow"`, `"sitemap"`,
    /// `"unused"`.
    pub const fn name(self) -> &'static str {
        match self {
            RobotsTagName::Unknown => "unknown",
            RobotsTagName::UserAgent => "user-agent",
            RobotsTagName::Allow => "allow",
            RobotsTagName::Disallow => "disallow",
            RobotsTagName::Sitemap => "sitemap",
            RobotsTagName::Unused => "unused",
        }
    }

    /// The tag with Google's value `code`, or `None`.
    pub const fn from_code(code: u8) -> Option<RobotsTagName> {
        Some(match code {
            0 => RobotsTagName::Unknown,
            1 => RobotsTagName::UserAgent,
            2 => RobotsTagName::Allow,
            3 => RobotsTagName::Disallow,
            4 => RobotsTagName::Sitemap,
            5 => RobotsTagName::Unused,
            _ => return None,
        })
    }
}

impl RobotsParsedLine {
    /// The bits of [`packed_bits`](Self::packed_bits) that hold the tag.
    pub const TAG_MASK: u16 = 0b111;
    /// The bit of [`packed_bits`](Self::packed_bits) that holds `is_typo`.
    pub const TYPO_BIT: u16 = 1 << 3;
    /// Where the [`LineMetadata::bits`] start in
    /// [`packed_bits`](Self::packed_bits).
    pub const METADATA_SHIFT: u32 = 4;

    /// The tag, the typo flag and the metadata as one integer: the tag's
    /// value in [`TAG_MASK`](Self::TAG_MASK), `is_typo` in
    /// [`TYPO_BIT`](Self::TYPO_BIT), [`LineMetadata::bits`] from
    /// [`METADATA_SHIFT`](Self::METADATA_SHIFT). The reporter stores its
    /// lines so, and the WebAssembly module hands them to JavaScript so
    /// (`spec/vocabulary.json`, `report-line`).
    pub const fn packed_bits(&self) -> u16 {
        self.tag_name as u16
            | if self.is_typo { Self::TYPO_BIT } else { 0 }
            | (self.metadata.bits() as u16) << Self::METADATA_SHIFT
    }

    /// The report of line `line_num` from its
    /// [`packed_bits`](Self::packed_bits); a tag value that is no tag reads
    /// as [`RobotsTagName::Unknown`].
    pub const fn from_packed_bits(line_num: u32, bits: u16) -> RobotsParsedLine {
        let tag = match RobotsTagName::from_code((bits & Self::TAG_MASK) as u8) {
            Some(tag) => tag,
            None => RobotsTagName::Unknown,
        };
        RobotsParsedLine {
            line_num,
            tag_name: tag,
            is_typo: bits & Self::TYPO_BIT != 0,
            metadata: LineMetadata::from_bits((bits >> Self::METADATA_SHIFT) as u8),
        }
    }
}

/// The report of one line, packed: eight bytes instead of sixteen, so a
/// body of bare line ends (one line per byte) costs eight times its size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Packed {
    line_num: u32,
    /// [`RobotsParsedLine::packed_bits`].
    bits: u16,
}

impl Packed {
    fn new(line_num: u32) -> Packed {
        Packed { line_num, bits: 0 }
    }

    fn set_tag(&mut self, tag: RobotsTagName) {
        self.bits = (self.bits & !RobotsParsedLine::TAG_MASK) | tag as u16;
    }

    /// The metadata, and the typo flag it carries; the tag is kept.
    fn set_metadata(&mut self, m: &LineMetadata) {
        let line = RobotsParsedLine {
            line_num: self.line_num,
            tag_name: RobotsTagName::Unknown,
            is_typo: m.is_acceptable_typo,
            metadata: *m,
        };
        self.bits = (self.bits & RobotsParsedLine::TAG_MASK) | line.packed_bits();
    }

    fn unpack(self) -> RobotsParsedLine {
        RobotsParsedLine::from_packed_bits(self.line_num, self.bits)
    }
}

/// Collects a [`RobotsParsedLine`] per line and counts of directives.
///
/// As in Google's library, starting a new parse resets the counts but keeps
/// the per-line results, which later lines overwrite by line number.
///
/// Memory: eight bytes per line, reserved before the parse from an exact
/// count of the body's lines; a body of bare line ends takes eight times its
/// size. [`try_parse`](Self::try_parse) and
/// [`try_parse_into`](Self::try_parse_into) report running out of memory
/// instead of aborting. Looking up a line ([`line`](Self::line)) takes
/// O(1) after a single parse, O(log n) in general.
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
/// assert_eq!(r.line(2), Some(lines[1]));
/// ```
#[derive(Debug, Clone, Default)]
pub struct RobotsParsingReporter {
    /// Sorted by line number, one per line number.
    results: Vec<Packed>,
    last_line_seen: u32,
    valid_directives: u32,
    unused_directives: u32,
    /// Set when a report could not be stored for want of memory.
    out_of_memory: Option<TryReserveError>,
}

impl RobotsParsingReporter {
    /// An empty reporter.
    pub fn new() -> Self {
        Self::default()
    }

    /// A reporter that has parsed `body`. Aborts, as the standard library
    /// does, when memory runs out; see [`try_parse`](Self::try_parse).
    pub fn parse(body: impl AsRef<[u8]>) -> Self {
        let mut reporter = Self::new();
        reporter.parse_into(body.as_ref());
        reporter
    }

    /// A reporter that has parsed `body`, or an error when its reports
    /// (eight bytes per line) cannot be allocated.
    pub fn try_parse(body: impl AsRef<[u8]>) -> Result<Self, TryReserveError> {
        let mut reporter = Self::new();
        reporter.try_parse_into(body.as_ref())?;
        Ok(reporter)
    }

    /// Parses `body` into this reporter, keeping the reports of earlier
    /// parses for lines the body does not reach (Google's behaviour). Aborts
    /// when memory runs out; see [`try_parse_into`](Self::try_parse_into).
    pub fn parse_into(&mut self, body: &[u8]) {
        if self.try_parse_into(body).is_err() {
            std::alloc::handle_alloc_error(std::alloc::Layout::new::<Packed>());
        }
    }

    /// [`parse_into`](Self::parse_into), or an error when memory runs out.
    /// Room for every new line's report is reserved before the parse
    /// starts, so on an error the reporter is as it was, unless the parser's
    /// own scratch buffer (at most 50 KB) could not be allocated, which
    /// leaves the reports of the lines before. Either way it stays usable.
    pub fn try_parse_into(&mut self, body: &[u8]) -> Result<(), TryReserveError> {
        let lines = u32::try_from(crate::scan::count_lines(body)).unwrap_or(u32::MAX);
        // Lines 1..=lines get a report each; those already held are reused.
        let held = self.results.partition_point(|p| p.line_num <= lines);
        self.results.try_reserve_exact(lines as usize - held)?;
        self.out_of_memory = None;
        let parsed = try_parse_robots_txt(body, self);
        match self.out_of_memory.take() {
            Some(error) => Err(error),
            None => parsed,
        }
    }

    /// The per-line results, ordered by line number.
    pub fn parse_results(&self) -> Vec<RobotsParsedLine> {
        self.lines().collect()
    }

    /// The per-line results, ordered by line number, without collecting
    /// them.
    pub fn lines(&self) -> impl ExactSizeIterator<Item = RobotsParsedLine> + '_ {
        self.results.iter().map(|p| p.unpack())
    }

    /// The report of line `line_num`, if there is one: O(1) when lines
    /// 1 to `line_num` all have reports (after any single parse), O(log n)
    /// otherwise.
    pub fn line(&self, line_num: u32) -> Option<RobotsParsedLine> {
        let index = (line_num as usize).wrapping_sub(1);
        if let Some(p) = self.results.get(index).filter(|p| p.line_num == line_num) {
            return Some(p.unpack());
        }
        let index = self
            .results
            .binary_search_by_key(&line_num, |p| p.line_num)
            .ok()?;
        Some(self.results[index].unpack())
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

    /// The report of `line_num`, made when missing; `None` when there is no
    /// room for it (noted in `out_of_memory`).
    fn slot(&mut self, line_num: u32) -> Option<&mut Packed> {
        let len = self.results.len();
        let index = match self.results.last() {
            Some(last) if last.line_num == line_num => len - 1,
            Some(last) if last.line_num > line_num => {
                let index = self.results.partition_point(|p| p.line_num < line_num);
                if self.results[index].line_num != line_num {
                    self.grow()?;
                    self.results.insert(index, Packed::new(line_num));
                }
                index
            }
            _ => {
                self.grow()?;
                self.results.push(Packed::new(line_num));
                len
            }
        };
        Some(&mut self.results[index])
    }

    /// Room for one more report, without reallocating when
    /// [`try_parse_into`](Self::try_parse_into) reserved it.
    fn grow(&mut self) -> Option<()> {
        if let Err(error) = self.results.try_reserve(1) {
            self.out_of_memory = Some(error);
            return None;
        }
        Some(())
    }

    fn digest(&mut self, line_num: u32, tag: RobotsTagName) {
        self.last_line_seen = self.last_line_seen.max(line_num);
        if tag != RobotsTagName::Unknown && tag != RobotsTagName::Unused {
            self.valid_directives = self.valid_directives.saturating_add(1);
        }
        if let Some(line) = self.slot(line_num) {
            line.set_tag(tag);
        }
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
        if let Some(line) = self.slot(line_num) {
            line.set_metadata(metadata);
        }
    }

    fn report_empty_lines(&mut self, first_line: u32, count: u32) {
        let last_line = first_line.saturating_add(count.saturating_sub(1));
        let fresh = self.results.last().is_none_or(|p| p.line_num < first_line);
        if !fresh || count == 0 || last_line - first_line + 1 != count {
            // Lines held from an earlier parse, or saturated line numbers:
            // one at a time.
            for i in 0..count {
                let line = first_line.saturating_add(i);
                self.report_line_metadata(line, &LineMetadata::EMPTY_LINE);
            }
            return;
        }
        if let Err(error) = self.results.try_reserve(count as usize) {
            self.out_of_memory = Some(error);
            return;
        }
        let mut packed = Packed::new(0);
        packed.set_metadata(&LineMetadata::EMPTY_LINE);
        self.results
            .extend((first_line..=last_line).map(|line_num| Packed { line_num, ..packed }));
        self.last_line_seen = self.last_line_seen.max(last_line);
    }
}
