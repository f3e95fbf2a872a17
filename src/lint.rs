//! Lint: what each line of a robots.txt is read as, and what in it is wrong
//! or merely unusual, judged by Google's parser and matcher and by Google's
//! documentation ("How Google interprets the robots.txt specification").
//!
//! [`lint_each`] streams: it hands each line, with its [`LineKind`] and its
//! [`Finding`]s, to a callback in line order (Google's line numbering) and
//! returns a [`Summary`]. Its memory is the body plus a few bytes per
//! group-level finding and per rule of the largest group, never a copy of
//! every line, so a 100 MB file is linted in a small multiple of its size.
//! [`lint`] collects the lines into a [`LintReport`] for small files.
//!
//! # Groups, as Google's matcher sees them
//!
//! A group starts at a `user-agent` line when no group is open yet or when an
//! `allow` or `disallow` line came after the previous `user-agent` line; so
//! consecutive `user-agent` lines, even with `sitemap` or unknown lines
//! between them, share one group. The group's rules are the `allow` and
//! `disallow` lines up to the next group. A *crawler name* is a user agent a
//! crawler may obey rules for: one or more of `[A-Za-z_-]` (see
//! [`crate::is_valid_user_agent_to_obey`]).
//!
//! # Findings
//!
//! Each [`Code`] documents exactly when it is reported and has a stable name
//! ([`Code::as_str`]). The unreachable ones are those a matcher provably
//! never uses, whatever the URL and the crawler name:
//!
//! - [`Code::DuplicateRule`]: a rule with the same kind and the same pattern
//!   (after Google's percent-escape normalisation) as an earlier rule of the
//!   same group. Both match the same URLs with the same length, and on equal
//!   length the earlier line wins.
//! - [`Code::OverriddenDisallow`]: a `disallow` whose pattern is also the
//!   pattern of an `allow` of the same group. Both match the same URLs with
//!   the same length, and on equal length `allow` wins.
//! - [`Code::ShadowedRule`]: a rule of the same group differs only by
//!   trailing `*` (which match anything, so both match the same URLs) and is
//!   longer, or as long and an `allow`: Google's longest match always picks
//!   it.
//! - [`Code::RuleNeverMatches`]: a pattern that starts with neither `/` nor
//!   `*`; the path Google matches always starts with `/`.
//! - [`Code::EmptyRule`]: an empty pattern matches with length 0, and Google
//!   lets only matches longer than 0 decide.
//! - [`Code::UnreachableGroup`]: a group with rules none of whose
//!   `user-agent` lines is `*` or starts with a crawler name.
//! - [`Code::RuleOutsideGroup`]: a rule before the first `user-agent` line.

use std::collections::BTreeMap;

use crate::crawler::MAX_ROBOTS_TXT_BYTES;
use crate::decide::{extract_user_agent, is_global_agent};
use crate::parser::{LineMetadata, ParseHandler, parse_robots_txt};
use crate::reporting::is_unsupported_tag;

/// What a line is read as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LineKind {
    /// A `user-agent` line.
    UserAgent,
    /// An `allow` line.
    Allow,
    /// A `disallow` line.
    Disallow,
    /// A `sitemap` line.
    Sitemap,
    /// A key Google recognises and ignores, one of
    /// [`crate::UNSUPPORTED_TAGS`] (Google's `kUnused`).
    Unsupported,
    /// A key nobody knows; ignored.
    Unknown,
    /// Only a comment.
    Comment,
    /// Nothing, or only whitespace.
    Empty,
    /// Content that is not a key-value pair; ignored.
    Malformed,
}

impl LineKind {
    /// The stable name used in text and JSON output, e.g. `"user-agent"`.
    pub fn as_str(self) -> &'static str {
        match self {
            LineKind::UserAgent => "user-agent",
            LineKind::Allow => "allow",
            LineKind::Disallow => "disallow",
            LineKind::Sitemap => "sitemap",
            LineKind::Unsupported => "unsupported",
            LineKind::Unknown => "unknown",
            LineKind::Comment => "comment",
            LineKind::Empty => "empty",
            LineKind::Malformed => "malformed",
        }
    }

    /// Whether Google counts the line as a valid directive.
    pub fn is_directive(self) -> bool {
        matches!(
            self,
            LineKind::UserAgent | LineKind::Allow | LineKind::Disallow | LineKind::Sitemap
        )
    }
}

/// How much a finding matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Google reads the line as meant, but it is unusual or other parsers may
    /// read it differently.
    Note,
    /// Google ignores something the author probably meant, or the line can
    /// never have an effect.
    Warning,
    /// What the author wrote as a rule or sitemap is never used by Google:
    /// crawlers behave differently from what the file says.
    Error,
}

impl Severity {
    /// `"note"`, `"warning"` or `"error"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// What a finding is about. Byte strings are as written in the file.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Code {
    /// The key is a misspelling Google accepts (`disalow`, `useragent`,
    /// `site-map`, ...). Note.
    AcceptedTypo {
        /// The key as written.
        key: Vec<u8>,
    },
    /// Key and value are separated by whitespace instead of a colon; Google
    /// accepts it. Note.
    MissingColon,
    /// The line is longer than [`crate::MAX_LINE_LEN`] bytes; Google ignores
    /// the rest. Warning.
    LineTooLong {
        /// The length of the line in bytes.
        len: usize,
    },
    /// A key Google recognises but does not use (`crawl-delay`, `host`,
    /// `noindex`, ...). Note.
    UnsupportedKey {
        /// The key as written.
        key: Vec<u8>,
    },
    /// A key Google does not know; the line is ignored. Warning.
    UnknownKey {
        /// The key as written.
        key: Vec<u8>,
    },
    /// Content that is neither a comment nor a key-value pair (no colon and
    /// not exactly two words, or nothing before the colon); ignored. Warning.
    MalformedLine,
    /// An `allow` or `disallow` before the first `user-agent` line: no
    /// crawler uses it. Error.
    RuleOutsideGroup,
    /// A `user-agent` value that is not `*` and does not start with a
    /// crawler name, so it names no crawler. Warning.
    InvalidUserAgent,
    /// A `user-agent` value of which only a leading crawler name is compared
    /// (`Googlebot/2.1` and `Googlebot News` both name `Googlebot`). Note.
    PartialUserAgent {
        /// The part that is compared.
        matched: Vec<u8>,
    },
    /// The same rule (kind and normalised pattern) appears earlier in the
    /// same group; this one never decides. Warning.
    DuplicateRule {
        /// The line of the earlier rule.
        first_line: u32,
    },
    /// An `allow` with the same normalised pattern is in the same group and
    /// wins every tie; this `disallow` never decides. Warning.
    OverriddenDisallow {
        /// The line of the `allow`.
        allow_line: u32,
    },
    /// Another rule of the same group matches every URL this one matches
    /// (the patterns differ only by trailing `*`) and always wins (longer,
    /// or as long and an `allow`); this one never decides. Warning.
    ShadowedRule {
        /// The line of the rule that wins.
        by_line: u32,
    },
    /// The pattern starts with neither `/` nor `*` (`Disallow: page.html`),
    /// so it matches no URL: every path starts with `/`. Error.
    RuleNeverMatches,
    /// An empty `allow` or `disallow` value: it matches with length 0 and
    /// Google ignores it; an empty `disallow` alone allows everything. Note.
    EmptyRule,
    /// No `user-agent` line of this group names a crawler: its rules are
    /// never used. Reported on the group's first line. Error.
    UnreachableGroup {
        /// The number of rules in the group.
        rules: u32,
    },
    /// The last group has no rules: a crawler named only there may fetch
    /// everything and ignores the `*` group. Reported on the group's first
    /// line. Warning.
    EmptyGroup,
    /// A sitemap that is not an absolute URL (`Sitemap: /sitemap.xml`);
    /// Google needs a fully-qualified URL and ignores it. Error.
    RelativeSitemap,
    /// A sitemap value that is not a valid `http` or `https` URL; ignored.
    /// Error.
    InvalidSitemap,
    /// The file is larger than the [`MAX_ROBOTS_TXT_BYTES`] (500 KiB) Google
    /// reads; reported once, on the first line not wholly within the limit.
    /// Error.
    FileTooLarge {
        /// The size of the file in bytes.
        size: usize,
        /// Whether the line itself starts before the limit (and is read only
        /// up to it).
        cut_inside: bool,
    },
    /// The file starts with a UTF-8 byte order mark; Google skips it. Note.
    ByteOrderMark,
    /// The line has bytes that are not UTF-8; Google's documentation says
    /// such characters may be ignored, which can make rules invalid. Warning.
    NonUtf8,
}

impl Code {
    /// The stable name of the finding, e.g. `"duplicate-rule"`.
    pub fn as_str(&self) -> &'static str {
        match self {
            Code::AcceptedTypo { .. } => "accepted-typo",
            Code::MissingColon => "missing-colon",
            Code::LineTooLong { .. } => "line-too-long",
            Code::UnsupportedKey { .. } => "unsupported-key",
            Code::UnknownKey { .. } => "unknown-key",
            Code::MalformedLine => "malformed-line",
            Code::RuleOutsideGroup => "rule-outside-group",
            Code::InvalidUserAgent => "invalid-user-agent",
            Code::PartialUserAgent { .. } => "partial-user-agent",
            Code::DuplicateRule { .. } => "duplicate-rule",
            Code::OverriddenDisallow { .. } => "overridden-disallow",
            Code::ShadowedRule { .. } => "shadowed-rule",
            Code::RuleNeverMatches => "rule-never-matches",
            Code::EmptyRule => "empty-rule",
            Code::UnreachableGroup { .. } => "unreachable-group",
            Code::EmptyGroup => "empty-group",
            Code::RelativeSitemap => "relative-sitemap",
            Code::InvalidSitemap => "invalid-sitemap",
            Code::FileTooLarge { .. } => "file-too-large",
            Code::ByteOrderMark => "byte-order-mark",
            Code::NonUtf8 => "non-utf8",
        }
    }

    /// How much the finding matters.
    pub fn severity(&self) -> Severity {
        match self {
            Code::AcceptedTypo { .. }
            | Code::MissingColon
            | Code::UnsupportedKey { .. }
            | Code::PartialUserAgent { .. }
            | Code::EmptyRule
            | Code::ByteOrderMark => Severity::Note,
            Code::RuleOutsideGroup
            | Code::RuleNeverMatches
            | Code::UnreachableGroup { .. }
            | Code::RelativeSitemap
            | Code::InvalidSitemap
            | Code::FileTooLarge { .. } => Severity::Error,
            Code::LineTooLong { .. }
            | Code::UnknownKey { .. }
            | Code::MalformedLine
            | Code::InvalidUserAgent
            | Code::DuplicateRule { .. }
            | Code::OverriddenDisallow { .. }
            | Code::ShadowedRule { .. }
            | Code::EmptyGroup
            | Code::NonUtf8 => Severity::Warning,
        }
    }

    /// A one-line explanation in English.
    pub fn message(&self) -> String {
        let s = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        match self {
            Code::AcceptedTypo { key } => {
                format!("key \"{}\" is a misspelling that Google accepts", s(key))
            }
            Code::MissingColon => {
                "no colon after the key; Google accepts whitespace, other parsers may not".into()
            }
            Code::LineTooLong { len } => format!(
                "line is {len} bytes long; Google ignores everything after byte {}",
                crate::MAX_LINE_LEN
            ),
            Code::UnsupportedKey { key } => {
                format!(
                    "key \"{}\" is not supported by Google; line ignored",
                    s(key)
                )
            }
            Code::UnknownKey { key } => format!("unknown key \"{}\"; line ignored", s(key)),
            Code::MalformedLine => "not a \"key: value\" line; ignored".into(),
            Code::RuleOutsideGroup => "rule before any user-agent line; no crawler uses it".into(),
            Code::InvalidUserAgent => {
                "user-agent names no crawler: not \"*\" and not starting with a letter, '-' or '_'"
                    .into()
            }
            Code::PartialUserAgent { matched } => format!(
                "only \"{}\" of this user-agent is compared with crawler names",
                s(matched)
            ),
            Code::DuplicateRule { first_line } => {
                format!("unreachable: the same rule is on line {first_line} of this group")
            }
            Code::OverriddenDisallow { allow_line } => format!(
                "unreachable: the allow rule with the same pattern on line {allow_line} wins"
            ),
            Code::ShadowedRule { by_line } => format!(
                "unreachable: the rule on line {by_line} matches the same URLs and always wins"
            ),
            Code::RuleNeverMatches => {
                "pattern starts with neither '/' nor '*': it matches no URL (paths start with '/')"
                    .into()
            }
            Code::EmptyRule => {
                "empty pattern: the rule is ignored (an empty disallow allows everything)".into()
            }
            Code::UnreachableGroup { rules } => format!(
                "no user-agent of this group names a crawler; its {rules} rule(s) are never used"
            ),
            Code::EmptyGroup => {
                "group has no allow or disallow rules; a crawler named only here may fetch \
                 everything and ignores the \"*\" group"
                    .into()
            }
            Code::RelativeSitemap => {
                "sitemap is not an absolute URL; Google needs a full URL such as \
                 https://example.com/sitemap.xml"
                    .into()
            }
            Code::InvalidSitemap => "sitemap is not a valid http or https URL".into(),
            Code::FileTooLarge { size, cut_inside } => format!(
                "file is {size} bytes; Google reads only the first {MAX_ROBOTS_TXT_BYTES} \
                 (500 KiB): {} ignored",
                if *cut_inside {
                    "this line is cut there and every line after it is"
                } else {
                    "this line and every line after it are"
                }
            ),
            Code::ByteOrderMark => {
                "the file starts with a UTF-8 byte order mark; Google skips it".into()
            }
            Code::NonUtf8 => {
                "line has bytes that are not UTF-8; Google may ignore them, which can make \
                 rules invalid"
                    .into()
            }
        }
    }
}

/// One finding on one line.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Finding {
    /// The line the finding is about, from 1.
    pub line: u32,
    /// What it is.
    pub code: Code,
}

impl Finding {
    /// Shorthand for `self.code.severity()`.
    pub fn severity(&self) -> Severity {
        self.code.severity()
    }
}

/// The report for one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LintLine<'a> {
    /// The line number, from 1.
    pub line_num: u32,
    /// What the line is read as.
    pub kind: LineKind,
    /// The line as written, without its line end (and, on line 1, without a
    /// UTF-8 byte order mark), even when it is too long.
    pub text: &'a [u8],
    /// The byte offset of `text` in the body.
    pub offset: usize,
    /// The parser's metadata for the line.
    pub metadata: LineMetadata,
    /// The findings on this line, in a fixed order: line-level first, then
    /// group-level.
    pub findings: Vec<Finding>,
}

/// Totals of a lint run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// The number of lines, as Google counts them.
    pub lines: usize,
    /// The number of lines Google counts as valid directives (user-agent,
    /// allow, disallow, sitemap).
    pub directives: usize,
    /// The number of findings of severity error.
    pub errors: usize,
    /// The number of findings of severity warning.
    pub warnings: usize,
    /// The number of findings of severity note.
    pub notes: usize,
    /// The number of findings per code name.
    pub codes: BTreeMap<&'static str, usize>,
    /// The size of the body in bytes.
    pub bytes: usize,
    /// The first line not wholly within [`MAX_ROBOTS_TXT_BYTES`], when the
    /// body is larger.
    pub first_line_past_limit: Option<u32>,
    /// The directives on that line and after it: what Google never reads.
    pub directives_past_limit: usize,
}

impl Summary {
    fn add(&mut self, line: &LintLine<'_>) {
        self.lines += 1;
        if line.kind.is_directive() {
            self.directives += 1;
            if self.first_line_past_limit.is_some() {
                self.directives_past_limit += 1;
            }
        }
        for finding in &line.findings {
            match finding.severity() {
                Severity::Error => self.errors += 1,
                Severity::Warning => self.warnings += 1,
                Severity::Note => self.notes += 1,
            }
            *self.codes.entry(finding.code.as_str()).or_default() += 1;
        }
    }

    /// The number of findings of a severity.
    pub fn count(&self, severity: Severity) -> usize {
        match severity {
            Severity::Error => self.errors,
            Severity::Warning => self.warnings,
            Severity::Note => self.notes,
        }
    }
}

/// The lint of a whole body, every line kept: see the
/// [module documentation](self). For large bodies use [`lint_each`], which
/// keeps no line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LintReport<'a> {
    /// One entry per line, in order.
    pub lines: Vec<LintLine<'a>>,
    /// The totals.
    pub summary: Summary,
}

impl LintReport<'_> {
    /// All findings, in line order.
    pub fn findings(&self) -> impl Iterator<Item = &Finding> {
        self.lines.iter().flat_map(|l| l.findings.iter())
    }

    /// The number of findings of a severity.
    pub fn count(&self, severity: Severity) -> usize {
        self.summary.count(severity)
    }

    /// The number of lines Google counts as valid directives (user-agent,
    /// allow, disallow, sitemap).
    pub fn directives(&self) -> usize {
        self.summary.directives
    }
}

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// How many bytes of a leading UTF-8 byte order mark (or of a prefix of
/// one) Google's parser skips.
fn bom_len(body: &[u8]) -> usize {
    body.iter().zip(BOM).take_while(|(a, b)| a == b).count()
}

/// The lines of a body as Google's parser numbers them, with their byte
/// offsets: see [`source_lines`].
#[derive(Debug, Clone)]
pub struct SourceLines<'a> {
    body: &'a [u8],
    pos: usize,
    last_was_cr: bool,
    done: bool,
}

impl<'a> SourceLines<'a> {
    /// The lines of `body`.
    pub fn new(body: &'a [u8]) -> Self {
        SourceLines {
            body,
            pos: bom_len(body),
            last_was_cr: false,
            done: false,
        }
    }

    /// The lines of `body` from `offset` on, which must be an offset this
    /// iterator gave for `body` (the start of a line), so that a line end
    /// is never split. An offset past the end gives one empty line.
    pub fn from_offset(body: &'a [u8], offset: usize) -> Self {
        SourceLines {
            body,
            pos: offset.min(body.len()),
            last_was_cr: false,
            done: false,
        }
    }
}

impl<'a> Iterator for SourceLines<'a> {
    /// The offset of the line in the body, and its text.
    type Item = (usize, &'a [u8]);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.done {
                return None;
            }
            let start = self.pos;
            let Some(end) = memchr::memchr2(b'\n', b'\r', &self.body[start..]).map(|e| start + e)
            else {
                self.done = true;
                return Some((start, &self.body[start..]));
            };
            let ch = self.body[end];
            let crlf_tail = end == start && self.last_was_cr && ch == b'\n';
            self.last_was_cr = ch == b'\r';
            self.pos = end + 1;
            if !crlf_tail {
                return Some((start, &self.body[start..end]));
            }
        }
    }
}

/// The lines of a body as Google's parser numbers them: `source_lines(b)[n -
/// 1]` is line `n`. Lines end at LF, CR or CRLF; a leading UTF-8 byte order
/// mark (or a prefix of one) is dropped; the text after the last line end is
/// always a line, so an empty body has one empty line. This collects
/// [`SourceLines`], which iterates without allocating.
///
/// ```
/// use robotstxt_exact::lint::source_lines;
/// let lines = source_lines(b"a\r\nb\n\rc");
/// assert_eq!(lines, [&b"a"[..], b"b", b"", b"c"]);
/// ```
pub fn source_lines(body: &[u8]) -> Vec<&[u8]> {
    SourceLines::new(body).map(|(_, text)| text).collect()
}

/// The number of lines Google's parser counts in `body`.
pub fn line_count(body: &[u8]) -> usize {
    SourceLines::new(body).count()
}

/// The key of a line as written: what precedes the colon, or the first word
/// when the colon is missing.
fn written_key(text: &[u8], missing_colon: bool) -> &[u8] {
    let text = text.split(|&b| b == 0 || b == b'#').next().unwrap_or(b"");
    let text = text.trim_ascii_start();
    let end = if missing_colon {
        text.iter().position(|&b| b == b' ' || b == b'\t')
    } else {
        text.iter().position(|&b| b == b':')
    };
    text[..end.unwrap_or(text.len())].trim_ascii()
}

// ---------------------------------------------------------------------------
// Pass 1: group-level findings, kept compactly (12 bytes each).
// ---------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum GroupCodeKind {
    RuleOutsideGroup,
    Duplicate,
    Overridden,
    Shadowed,
    Unreachable,
    Empty,
}

/// A group-level finding: the line, what, and a number (a line or a count).
#[derive(Debug, Clone, Copy)]
struct GroupFinding {
    line: u32,
    aux: u32,
    kind: GroupCodeKind,
}

impl GroupFinding {
    fn code(self) -> Code {
        match self.kind {
            GroupCodeKind::RuleOutsideGroup => Code::RuleOutsideGroup,
            GroupCodeKind::Duplicate => Code::DuplicateRule {
                first_line: self.aux,
            },
            GroupCodeKind::Overridden => Code::OverriddenDisallow {
                allow_line: self.aux,
            },
            GroupCodeKind::Shadowed => Code::ShadowedRule { by_line: self.aux },
            GroupCodeKind::Unreachable => Code::UnreachableGroup { rules: self.aux },
            GroupCodeKind::Empty => Code::EmptyGroup,
        }
    }
}

/// A rule of the open group: its pattern lives in the group's arena.
#[derive(Debug, Clone, Copy)]
struct GroupRule {
    start: u32,
    len: u32,
    line: u32,
    allow: bool,
}

#[derive(Default)]
struct GroupPass {
    findings: Vec<GroupFinding>,
    /// Whether a group is open, its first line, whether it names a crawler.
    open: Option<(u32, bool)>,
    rules: Vec<GroupRule>,
    arena: Vec<u8>,
    rule_count: u32,
    /// Keys of the current line's directive, until its metadata arrives.
    last_was_rule: bool,
}

impl GroupPass {
    fn add(&mut self, line: u32, kind: GroupCodeKind, aux: u32) {
        self.findings.push(GroupFinding { line, aux, kind });
    }

    fn close(&mut self, last: bool) {
        let Some((first, names_crawler)) = self.open.take() else {
            return;
        };
        if self.rule_count == 0 {
            if last {
                self.add(first, GroupCodeKind::Empty, 0);
            }
            return;
        }
        if !names_crawler {
            let rules = self.rule_count;
            self.add(first, GroupCodeKind::Unreachable, rules);
        }
        self.unreachable_rules();
        self.rules.clear();
        self.arena.clear();
        self.rule_count = 0;
    }

    /// Duplicates, overridden disallows and shadowed rules of the open group.
    fn unreachable_rules(&mut self) {
        let arena = std::mem::take(&mut self.arena);
        let pattern = |r: &GroupRule| &arena[r.start as usize..(r.start + r.len) as usize];
        // Patterns differing only by trailing `*` match the same URLs.
        let stem = |r: &GroupRule| {
            let p = pattern(r);
            let keep = p.len() - p.iter().rev().take_while(|&&b| b == b'*').count();
            &p[..keep]
        };
        let mut rules = std::mem::take(&mut self.rules);
        rules.sort_unstable_by(|a, b| {
            stem(a)
                .cmp(stem(b))
                .then(b.len.cmp(&a.len))
                .then(b.allow.cmp(&a.allow))
                .then(a.line.cmp(&b.line))
        });
        // Within one stem the first rule wins: longest, allow before
        // disallow, earliest line. Equal stems and equal lengths mean equal
        // patterns, so the rules of one length form a run, allows first.
        let mut i = 0;
        while i < rules.len() {
            let mut j = i + 1;
            while j < rules.len() && stem(&rules[j]) == stem(&rules[i]) {
                j += 1;
            }
            let winner = rules[i].line;
            let mut run = i;
            for k in i + 1..j {
                let r = rules[k];
                if rules[run].len != r.len {
                    run = k;
                    self.add(r.line, GroupCodeKind::Shadowed, winner);
                } else if rules[run].allow == r.allow {
                    // The first of the run has this kind: r repeats it.
                    self.add(r.line, GroupCodeKind::Duplicate, rules[run].line);
                } else if rules[k - 1].allow == r.allow {
                    // An earlier disallow of this run was reported already;
                    // r repeats that disallow.
                    let first = rules[run..k]
                        .iter()
                        .find(|x| x.allow == r.allow)
                        .map_or(r.line, |x| x.line);
                    self.add(r.line, GroupCodeKind::Duplicate, first);
                } else {
                    self.add(r.line, GroupCodeKind::Overridden, rules[run].line);
                }
            }
            i = j;
        }
        rules.clear();
        self.rules = rules;
        self.arena = arena;
    }

    fn rule(&mut self, line: u32, allow: bool, value: &[u8]) {
        self.last_was_rule = true;
        if self.open.is_none() {
            self.add(line, GroupCodeKind::RuleOutsideGroup, 0);
            return;
        }
        self.rule_count = self.rule_count.saturating_add(1);
        // Rules that never match, or match with length 0, never decide and
        // are reported on their own line.
        if !matches!(value.first(), Some(b'/' | b'*')) {
            return;
        }
        let (Ok(start), Ok(len)) = (u32::try_from(self.arena.len()), u32::try_from(value.len()))
        else {
            return;
        };
        self.arena.extend_from_slice(value);
        self.rules.push(GroupRule {
            start,
            len,
            line,
            allow,
        });
    }
}

impl ParseHandler for GroupPass {
    fn handle_robots_start(&mut self) {}
    fn handle_robots_end(&mut self) {
        self.close(true);
    }
    fn handle_user_agent(&mut self, line: u32, value: &[u8]) {
        if self.open.is_none() || self.last_was_rule {
            self.close(false);
            self.open = Some((line, false));
        }
        self.last_was_rule = false;
        let names = is_global_agent(value) || !extract_user_agent(value).is_empty();
        if let Some((_, n)) = self.open.as_mut() {
            *n |= names;
        }
    }
    fn handle_allow(&mut self, line: u32, value: &[u8]) {
        self.rule(line, true, value);
    }
    fn handle_disallow(&mut self, line: u32, value: &[u8]) {
        self.rule(line, false, value);
    }
    fn handle_sitemap(&mut self, _line: u32, _value: &[u8]) {}
    fn handle_unknown_action(&mut self, _line: u32, _action: &[u8], _value: &[u8]) {}
}

/// The group-level findings of a body, sorted by line (stable, so findings
/// of one line keep the order in which they were found).
fn group_findings(body: &[u8]) -> Vec<GroupFinding> {
    let mut pass = GroupPass::default();
    parse_robots_txt(body, &mut pass);
    let mut findings = pass.findings;
    findings.sort_by_key(|f| f.line);
    findings
}

// ---------------------------------------------------------------------------
// Pass 2: line-level findings, merged with the group-level ones, streamed.
// ---------------------------------------------------------------------------

struct LinePass<'a, 'v, E> {
    body: &'a [u8],
    texts: SourceLines<'a>,
    groups: std::vec::IntoIter<GroupFinding>,
    next_group: Option<GroupFinding>,
    kind: Option<LineKind>,
    key: Vec<u8>,
    value: Vec<u8>,
    summary: Summary,
    visit: &'v mut dyn FnMut(&LintLine<'a>) -> Result<(), E>,
    error: Option<E>,
}

impl<E> LinePass<'_, '_, E> {
    fn directive(&mut self, kind: LineKind, key: &[u8], value: &[u8]) {
        self.kind = Some(kind);
        self.key.clear();
        self.key.extend_from_slice(key);
        self.value.clear();
        self.value.extend_from_slice(value);
    }
}

impl<E> ParseHandler for LinePass<'_, '_, E> {
    fn handle_robots_start(&mut self) {}
    fn handle_robots_end(&mut self) {}
    fn handle_user_agent(&mut self, _line: u32, value: &[u8]) {
        self.directive(LineKind::UserAgent, b"", value);
    }
    fn handle_allow(&mut self, _line: u32, value: &[u8]) {
        self.directive(LineKind::Allow, b"", value);
    }
    fn handle_disallow(&mut self, _line: u32, value: &[u8]) {
        self.directive(LineKind::Disallow, b"", value);
    }
    fn handle_sitemap(&mut self, _line: u32, value: &[u8]) {
        self.directive(LineKind::Sitemap, b"", value);
    }
    fn handle_unknown_action(&mut self, _line: u32, action: &[u8], value: &[u8]) {
        let kind = if is_unsupported_tag(action) {
            LineKind::Unsupported
        } else {
            LineKind::Unknown
        };
        self.directive(kind, action, value);
    }
    fn report_line_metadata(&mut self, line_num: u32, metadata: &LineMetadata) {
        let kind = self.kind.take().unwrap_or(if metadata.is_empty {
            LineKind::Empty
        } else if metadata.is_comment {
            LineKind::Comment
        } else {
            LineKind::Malformed
        });
        let (offset, text) = self.texts.next().unwrap_or((self.body.len(), b""));
        let mut findings = Vec::new();
        let mut add = |code| {
            findings.push(Finding {
                line: line_num,
                code,
            })
        };
        if line_num == 1 && self.body.starts_with(BOM) {
            add(Code::ByteOrderMark);
        }
        let end = offset + text.len();
        if self.summary.first_line_past_limit.is_none()
            && self.body.len() > MAX_ROBOTS_TXT_BYTES
            && (end > MAX_ROBOTS_TXT_BYTES || offset >= MAX_ROBOTS_TXT_BYTES)
        {
            self.summary.first_line_past_limit = Some(line_num);
            add(Code::FileTooLarge {
                size: self.body.len(),
                cut_inside: offset < MAX_ROBOTS_TXT_BYTES,
            });
        }
        if std::str::from_utf8(text).is_err() {
            add(Code::NonUtf8);
        }
        let m = metadata;
        if m.is_line_too_long {
            add(Code::LineTooLong { len: text.len() });
        }
        if m.is_acceptable_typo {
            add(Code::AcceptedTypo {
                key: written_key(text, m.is_missing_colon_separator).to_vec(),
            });
        }
        if m.is_missing_colon_separator {
            add(Code::MissingColon);
        }
        let value = &self.value[..];
        match kind {
            LineKind::Unsupported => add(Code::UnsupportedKey {
                key: self.key.clone(),
            }),
            LineKind::Unknown => add(Code::UnknownKey {
                key: self.key.clone(),
            }),
            LineKind::Malformed => add(Code::MalformedLine),
            LineKind::UserAgent if !is_global_agent(value) => {
                let matched = extract_user_agent(value);
                if matched.is_empty() {
                    add(Code::InvalidUserAgent);
                } else if matched.len() != value.len() {
                    add(Code::PartialUserAgent {
                        matched: matched.to_vec(),
                    });
                }
            }
            LineKind::Allow | LineKind::Disallow => match value.first() {
                None => add(Code::EmptyRule),
                Some(b'/' | b'*') => {}
                Some(_) => add(Code::RuleNeverMatches),
            },
            LineKind::Sitemap => {
                if let Some(code) = sitemap_problem(value) {
                    add(code);
                }
            }
            _ => {}
        }
        while let Some(g) = self.next_group.filter(|g| g.line <= line_num) {
            if g.line == line_num {
                add(g.code());
            }
            self.next_group = self.groups.next();
        }
        let line = LintLine {
            line_num,
            kind,
            text,
            offset,
            metadata: *metadata,
            findings,
        };
        self.summary.add(&line);
        if self.error.is_none() {
            if let Err(e) = (self.visit)(&line) {
                self.error = Some(e);
            }
        }
    }
}

/// What is wrong with a sitemap value, if anything. Google wants an absolute
/// `http` or `https` URL.
fn sitemap_problem(value: &[u8]) -> Option<Code> {
    let Ok(text) = std::str::from_utf8(value) else {
        return Some(Code::InvalidSitemap);
    };
    match url::Url::parse(text) {
        Ok(url) if matches!(url.scheme(), "http" | "https") && url.has_host() => None,
        Ok(_) => Some(Code::InvalidSitemap),
        Err(url::ParseError::RelativeUrlWithoutBase) => Some(Code::RelativeSitemap),
        Err(_) => Some(Code::InvalidSitemap),
    }
}

/// Lints a robots.txt body, handing each line to `visit` in order, and
/// returns the totals. Stops calling `visit` after its first error, which
/// is returned. Never panics; any bytes are accepted. Memory: the findings
/// of one line at a time, plus 12 bytes per group-level finding and about
/// 16 bytes and the pattern per rule of the largest group.
///
/// ```
/// use robotstxt_exact::lint::lint_each;
/// let mut found = Vec::new();
/// let summary = lint_each(b"User-agent: *\nDisallow: page.html\n", |line| {
///     for f in &line.findings {
///         found.push((f.line, f.code.as_str()));
///     }
///     Ok::<(), ()>(())
/// })
/// .unwrap();
/// assert_eq!(found, [(2, "rule-never-matches")]);
/// assert_eq!((summary.lines, summary.errors), (3, 1));
/// ```
pub fn lint_each<'a, E>(
    body: &'a [u8],
    mut visit: impl FnMut(&LintLine<'a>) -> Result<(), E>,
) -> Result<Summary, E> {
    let mut groups = group_findings(body).into_iter();
    let next_group = groups.next();
    let mut pass = LinePass {
        body,
        texts: SourceLines::new(body),
        groups,
        next_group,
        kind: None,
        key: Vec::new(),
        value: Vec::new(),
        summary: Summary {
            bytes: body.len(),
            ..Summary::default()
        },
        visit: &mut visit,
        error: None,
    };
    parse_robots_txt(body, &mut pass);
    match pass.error {
        Some(e) => Err(e),
        None => Ok(pass.summary),
    }
}

/// Lints a robots.txt body and keeps every line. Never panics; any bytes
/// are accepted.
///
/// ```
/// use robotstxt_exact::lint::lint;
/// let report = lint(b"User-agent: *\nDisallow: /a\nDisallow: /a\n");
/// let codes: Vec<_> = report.findings().map(|f| (f.line, f.code.as_str())).collect();
/// assert_eq!(codes, [(3, "duplicate-rule")]);
/// ```
pub fn lint(body: &[u8]) -> LintReport<'_> {
    let mut lines = Vec::new();
    let summary = lint_each(body, |line| {
        lines.push(line.clone());
        Ok::<(), std::convert::Infallible>(())
    });
    let summary = match summary {
        Ok(s) => s,
        Err(never) => match never {},
    };
    LintReport { lines, summary }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (line, code) of every finding, in order.
    fn codes(body: &[u8]) -> Vec<(u32, &'static str)> {
        lint(body)
            .findings()
            .map(|f| (f.line, f.code.as_str()))
            .collect()
    }

    /// [`codes`] with each code's details.
    fn findings(body: &[u8]) -> Vec<(u32, Code)> {
        lint(body)
            .findings()
            .map(|f| (f.line, f.code.clone()))
            .collect()
    }

    fn kinds(body: &[u8]) -> Vec<&'static str> {
        lint(body).lines.iter().map(|l| l.kind.as_str()).collect()
    }

    #[test]
    fn every_line_gets_a_kind_in_google_numbering() {
        // CRLF is one line end, "\n\r" two; the text after the last line end
        // is a line of its own.
        let body = b"User-agent: *\r\nAllow: /a\n\rDisallow: /b\rSitemap: /s\n# c\nnoindex: /x\nfoo: y\nfoo bar baz\n";
        assert_eq!(
            kinds(body),
            [
                "user-agent",
                "allow",
                "empty",
                "disallow",
                "sitemap",
                "comment",
                "unsupported",
                "unknown",
                "malformed",
                "empty"
            ]
        );
    }

    #[test]
    fn an_empty_body_is_one_empty_line() {
        let report = lint(b"");
        assert_eq!(report.lines.len(), 1);
        assert_eq!(report.lines[0].kind, LineKind::Empty);
        assert_eq!(report.findings().count(), 0);
    }

    #[test]
    fn source_lines_follow_google_line_ends_and_skip_the_bom() {
        assert_eq!(
            source_lines(b"\xEF\xBB\xBFa\r\r\nb"),
            [&b"a"[..], b"", b"b"]
        );
        // A partial BOM is skipped too.
        assert_eq!(source_lines(b"\xEF\xBBx\n"), [&b"x"[..], b""]);
    }

    #[test]
    fn text_is_the_raw_line_even_with_nul_and_comment() {
        let report = lint(b"User-agent: *\nDisallow: /a\0b # c\n");
        assert_eq!(report.lines[1].text, b"Disallow: /a\0b # c");
    }

    #[test]
    fn accepted_typos_are_notes_with_the_written_key() {
        let report = lint(b"Useragent: *\nDisalow: /x\nsite-map: http://e.com/s\n");
        let typos: Vec<_> = report
            .findings()
            .map(|f| (f.line, f.code.clone(), f.severity()))
            .collect();
        assert_eq!(
            typos,
            [
                (
                    1,
                    Code::AcceptedTypo {
                        key: b"Useragent".to_vec()
                    },
                    Severity::Note
                ),
                (
                    2,
                    Code::AcceptedTypo {
                        key: b"Disalow".to_vec()
                    },
                    Severity::Note
                ),
                (
                    3,
                    Code::AcceptedTypo {
                        key: b"site-map".to_vec()
                    },
                    Severity::Note
                ),
            ]
        );
        assert_eq!(report.lines[1].kind, LineKind::Disallow);
    }

    #[test]
    fn missing_colon_is_accepted_between_exactly_two_words() {
        assert_eq!(
            codes(b"User-agent *\nDisalow /x\nDisallow /x /y\n"),
            [
                (1, "missing-colon"),
                (2, "accepted-typo"),
                (2, "missing-colon"),
                (3, "malformed-line")
            ]
        );
        let report = lint(b"User-agent: *\nDisalow /x\n");
        assert_eq!(
            report.lines[1].findings[0].code,
            Code::AcceptedTypo {
                key: b"Disalow".to_vec()
            }
        );
    }

    #[test]
    fn over_long_line_is_reported_with_its_length() {
        let mut body = b"User-agent: *\nDisallow: /".to_vec();
        body.extend(std::iter::repeat_n(b'a', crate::MAX_LINE_LEN));
        let len = body.len() - b"User-agent: *\n".len();
        let report = lint(&body);
        assert_eq!(
            report.lines[1].findings,
            [Finding {
                line: 2,
                code: Code::LineTooLong { len }
            }]
        );
        assert_eq!(report.lines[1].kind, LineKind::Disallow);
    }

    #[test]
    fn a_line_of_exactly_the_limit_is_not_too_long() {
        let mut body = b"Sitemap: http://e.com/".to_vec();
        body.resize(crate::MAX_LINE_LEN, b'a');
        assert_eq!(codes(&body), []);
    }

    #[test]
    fn unsupported_keys_are_notes_and_unknown_keys_warnings() {
        let report = lint(b"Crawl-Delay: 5\nUnicorn: yes\n");
        let found: Vec<_> = report
            .findings()
            .map(|f| (f.code.clone(), f.severity()))
            .collect();
        assert_eq!(
            found,
            [
                (
                    Code::UnsupportedKey {
                        key: b"Crawl-Delay".to_vec()
                    },
                    Severity::Note
                ),
                (
                    Code::UnknownKey {
                        key: b"Unicorn".to_vec()
                    },
                    Severity::Warning
                ),
            ]
        );
    }

    #[test]
    fn empty_key_before_colon_is_malformed() {
        assert_eq!(codes(b": /x\n"), [(1, "malformed-line")]);
    }

    #[test]
    fn rules_before_the_first_user_agent_are_outside_any_group() {
        assert_eq!(
            codes(
                b"Disallow: /a\nAllow: /b\nSitemap: http://e.com/s\nUser-agent: *\nDisallow: /c\n"
            ),
            [(1, "rule-outside-group"), (2, "rule-outside-group")]
        );
    }

    #[test]
    fn user_agents_that_name_no_crawler_are_flagged() {
        // "*" alone or followed by whitespace is the global agent; "*bot" is
        // not, and has no leading crawler name.
        assert_eq!(
            codes(
                b"User-agent: * foo\nUser-agent: *bot\nUser-agent: 007\nUser-agent:\nDisallow: /\n"
            ),
            [
                (2, "invalid-user-agent"),
                (3, "invalid-user-agent"),
                (4, "invalid-user-agent")
            ]
        );
    }

    #[test]
    fn only_the_leading_crawler_name_of_a_user_agent_is_compared() {
        let report = lint(b"User-agent: Googlebot/2.1\nUser-agent: Googlebot News\nDisallow: /\n");
        let found: Vec<_> = report.findings().map(|f| f.code.clone()).collect();
        assert_eq!(
            found,
            [
                Code::PartialUserAgent {
                    matched: b"Googlebot".to_vec()
                },
                Code::PartialUserAgent {
                    matched: b"Googlebot".to_vec()
                },
            ]
        );
    }

    #[test]
    fn a_group_whose_agents_all_name_no_crawler_is_unreachable() {
        assert_eq!(
            codes(b"User-agent: 1\nUser-agent: /x\nDisallow: /\nAllow: /a\nUser-agent: a\nDisallow: /\n"),
            [
                (1, "invalid-user-agent"),
                (1, "unreachable-group"),
                (2, "invalid-user-agent")
            ]
        );
        let report = lint(b"User-agent: 1\nDisallow: /\nAllow: /a\n");
        assert_eq!(
            report.lines[0].findings[1].code,
            Code::UnreachableGroup { rules: 2 }
        );
    }

    #[test]
    fn one_valid_agent_makes_the_group_reachable() {
        assert_eq!(
            codes(b"User-agent: 1\nUser-agent: foo\nDisallow: /\n"),
            [(1, "invalid-user-agent")]
        );
    }

    #[test]
    fn a_repeated_rule_in_the_same_group_is_a_duplicate() {
        assert_eq!(
            findings(b"User-agent: a\nDisallow: /x\nAllow: /y\nDisallow: /x\nAllow: /y\n"),
            [
                (4, Code::DuplicateRule { first_line: 2 }),
                (5, Code::DuplicateRule { first_line: 3 }),
            ]
        );
    }

    #[test]
    fn duplicates_compare_normalised_patterns() {
        // Google upper-cases percent escapes and escapes non-ASCII bytes, so
        // these three patterns are one.
        assert_eq!(
            codes("User-agent: a\nDisallow: /%c3%a9\nDisallow: /%C3%A9\nDisallow: /é\n".as_bytes()),
            [(3, "duplicate-rule"), (4, "duplicate-rule")]
        );
    }

    #[test]
    fn the_same_rule_in_another_group_is_not_a_duplicate() {
        assert_eq!(
            codes(b"User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /x\n"),
            []
        );
    }

    #[test]
    fn user_agent_lines_without_rules_between_share_a_group() {
        // Sitemap and unknown lines do not end a group.
        assert_eq!(
            codes(b"User-agent: a\nDisallow: /x\nUser-agent: b\nSitemap: http://e.com/s\nUser-agent: c\nDisallow: /y\nDisallow: /y\n"),
            [(7, "duplicate-rule")]
        );
    }

    #[test]
    fn a_disallow_with_the_pattern_of_an_allow_in_its_group_never_decides() {
        // Before or after the allow: allow wins ties either way.
        assert_eq!(
            findings(b"User-agent: a\nDisallow: /x\nAllow: /x\nDisallow: /x\n"),
            [
                (2, Code::OverriddenDisallow { allow_line: 3 }),
                (4, Code::DuplicateRule { first_line: 2 }),
            ]
        );
        // An allow in another group does not override.
        assert_eq!(
            codes(b"User-agent: a\nDisallow: /x\nUser-agent: b\nAllow: /x\n"),
            []
        );
    }

    #[test]
    fn a_last_group_without_rules_is_empty() {
        assert_eq!(
            codes(b"User-agent: *\nDisallow: /\n\nUser-agent: foo\nSitemap: http://e.com/s\n"),
            [(4, "empty-group")]
        );
        assert_eq!(codes(b"User-agent: *\n"), [(1, "empty-group")]);
    }

    #[test]
    fn summary_counts_severities_and_codes() {
        let summary = lint(b"User-agent: *\nDisalow: /x\nfoo: bar\nDisallow: x\n").summary;
        assert_eq!(
            (
                summary.lines,
                summary.directives,
                summary.errors,
                summary.warnings,
                summary.notes
            ),
            (5, 3, 1, 1, 1)
        );
        assert_eq!(summary.codes["accepted-typo"], 1);
        assert_eq!(summary.codes["unknown-key"], 1);
        assert_eq!(summary.codes["rule-never-matches"], 1);
        assert_eq!(summary.first_line_past_limit, None);
    }

    #[test]
    fn a_rule_without_a_leading_slash_or_star_never_matches() {
        // Google's path always starts with '/', and a pattern is matched from
        // its first byte: only '/' or '*' can match there. "$" alone would
        // need an empty path.
        assert_eq!(
            codes(
                b"User-agent: *\nDisallow: firehose.pl\nAllow: $\nDisallow: /ok\nDisallow: *.gif\n"
            ),
            [(2, "rule-never-matches"), (3, "rule-never-matches")]
        );
        assert_eq!(
            lint(b"User-agent: *\nDisallow: x\n").lines[1].findings[0].severity(),
            Severity::Error
        );
    }

    #[test]
    fn an_empty_rule_is_a_note() {
        // Google lets only matches longer than 0 decide; "Disallow:" alone
        // is the documented way to allow everything.
        assert_eq!(
            codes(b"User-agent: *\nDisallow:\nAllow: \n"),
            [(2, "empty-rule"), (3, "empty-rule")]
        );
        assert_eq!(
            lint(b"Disallow:\n").lines[0].findings[0].code.as_str(),
            "empty-rule"
        );
    }

    #[test]
    fn a_rule_differing_only_by_trailing_stars_is_shadowed_by_the_longer() {
        // "/a*" and "/a" match the same paths; the longer pattern wins the
        // longest match, so "Disallow: /a" never decides.
        assert_eq!(
            codes(b"User-agent: *\nDisallow: /a\nAllow: /a*\n"),
            [(2, "shadowed-rule")]
        );
        assert_eq!(
            findings(b"User-agent: *\nAllow: /a\nDisallow: /a**\nDisallow: /a*\n"),
            [
                (2, Code::ShadowedRule { by_line: 3 }),
                (4, Code::ShadowedRule { by_line: 3 }),
            ]
        );
        // Different stems: "/a" does not cover "/ab".
        assert_eq!(codes(b"User-agent: *\nDisallow: /ab\nAllow: /a*\n"), []);
        // "$" is an anchor, not a trailing star.
        assert_eq!(codes(b"User-agent: *\nDisallow: /a\nAllow: /a$\n"), []);
    }

    #[test]
    fn sitemaps_must_be_absolute_http_urls() {
        // Google: "The [sitemap] URL must be a fully-qualified URL".
        assert_eq!(
            codes(
                b"Sitemap: /sitemap.xml\nSitemap: sitemap.xml\nSitemap: https://e.com/s.xml\nSitemap: ftp://e.com/s\nSitemap: http://\nSitemap: https://e.com/s\xFF\n"
            ),
            [
                (1, "relative-sitemap"),
                (2, "relative-sitemap"),
                (4, "invalid-sitemap"),
                (5, "invalid-sitemap"),
                (6, "non-utf8"),
                (6, "invalid-sitemap")
            ]
        );
    }

    #[test]
    fn a_body_over_500_kib_is_flagged_on_the_first_line_past_the_cut() {
        // Google reads the first 512,000 bytes. Fill exactly that much with
        // whole lines: the next line is the first that is not read.
        let mut body = b"User-agent: *\n".to_vec();
        while body.len() + 10 <= MAX_ROBOTS_TXT_BYTES {
            body.extend_from_slice(b"# comment\n");
        }
        let filler = MAX_ROBOTS_TXT_BYTES - body.len();
        body.extend(std::iter::repeat_n(b'#', filler - 1));
        body.push(b'\n');
        assert_eq!(body.len(), MAX_ROBOTS_TXT_BYTES);
        assert_eq!(codes(&body), [(1, "empty-group")]);
        let lines_before = line_count(&body) as u32 - 1;
        body.extend_from_slice(b"Disallow: /late\n");
        let report = lint(&body);
        let past = lines_before + 1;
        assert_eq!(report.summary.first_line_past_limit, Some(past));
        assert_eq!(report.summary.directives_past_limit, 1);
        assert_eq!(
            report.lines[past as usize - 1].findings[0].code,
            Code::FileTooLarge {
                size: MAX_ROBOTS_TXT_BYTES + 16,
                cut_inside: false
            }
        );
        // A line that straddles the limit is the one flagged, cut inside.
        let mut body = b"User-agent: *\nDisallow: /".to_vec();
        body.resize(MAX_ROBOTS_TXT_BYTES + 5, b'a');
        let report = lint(&body);
        assert_eq!(report.summary.first_line_past_limit, Some(2));
        assert!(report.lines[1].findings.contains(&Finding {
            line: 2,
            code: Code::FileTooLarge {
                size: MAX_ROBOTS_TXT_BYTES + 5,
                cut_inside: true
            }
        }));
    }

    #[test]
    fn a_byte_order_mark_is_a_note_and_other_bytes_must_be_utf8() {
        // Google skips the BOM; its documentation asks for UTF-8.
        assert_eq!(
            codes(b"\xEF\xBB\xBFUser-agent: *\nDisallow: /caf\xE9\n"),
            [(1, "byte-order-mark"), (2, "non-utf8")]
        );
        assert_eq!(codes("User-agent: *\nDisallow: /café\n".as_bytes()), []);
    }

    #[test]
    fn lint_each_streams_lines_and_stops_at_the_first_error() {
        let mut seen = Vec::new();
        let result = lint_each(b"a\nb\nc\n", |line| {
            seen.push(line.line_num);
            if line.line_num == 2 {
                Err("stop")
            } else {
                Ok(())
            }
        });
        assert_eq!(result, Err("stop"));
        assert_eq!(seen, [1, 2]);
    }

    #[test]
    fn offsets_point_at_the_line_text() {
        let body = b"\xEF\xBB\xBFa\r\nbb\rc";
        let report = lint(body);
        for line in &report.lines {
            assert_eq!(&body[line.offset..line.offset + line.text.len()], line.text);
        }
        assert_eq!(report.lines[1].offset, 6);
    }

    #[test]
    fn arbitrary_bytes_do_not_panic() {
        let alphabet = b"ua:/ *\r\n\0#$%Dsw-x\xEF\xBB\xBF";
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for len in 0..400 {
            let body: Vec<u8> = (0..len)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    alphabet[(seed % alphabet.len() as u64) as usize]
                })
                .collect();
            let report = lint(&body);
            assert_eq!(report.lines.len(), source_lines(&body).len());
        }
    }
}
