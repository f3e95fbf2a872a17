//! Lint: what each line of a robots.txt is read as, and what in it is wrong
//! or merely unusual, judged by Google's parser and matcher.
//!
//! [`lint`] parses a body once and returns a [`LintReport`]: one
//! [`LintLine`] per line (Google's line numbering), each with its
//! [`LineKind`] and its [`Finding`]s, and the whole as JSON with
//! [`LintReport::to_json`].
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
//! Each [`Code`] documents exactly when it is reported. The unreachable ones
//! are those a matcher provably never uses, whatever the URL and the crawler
//! name:
//!
//! - [`Code::DuplicateRule`]: a rule with the same kind and the same pattern
//!   (after Google's percent-escape normalisation) as an earlier rule of the
//!   same group. Both match the same URLs with the same length, and on equal
//!   length the earlier line wins.
//! - [`Code::OverriddenDisallow`]: a `disallow` whose pattern is also the
//!   pattern of an `allow` of the same group. Both match the same URLs with
//!   the same length, and on equal length `allow` wins.
//! - [`Code::UnreachableGroup`]: a group with rules none of whose
//!   `user-agent` lines is `*` or starts with a crawler name.
//! - [`Code::RuleOutsideGroup`]: a rule before the first `user-agent` line.

use std::collections::HashMap;

#[cfg(feature = "json")]
use serde_json::{Value, json};

use crate::matcher::{extract_user_agent, is_global_agent};
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
}

impl Severity {
    /// `"note"` or `"warning"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
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
    /// A key Google recognises but does not use (`crawl-delay`, ...). Note.
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
    /// crawler uses it. Warning.
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
    /// No `user-agent` line of this group names a crawler: its rules are
    /// never used. Reported on the group's first line. Warning.
    UnreachableGroup {
        /// The number of rules in the group.
        rules: u32,
    },
    /// The last group has no rules: a crawler named only there may fetch
    /// everything and ignores the `*` group. Reported on the group's first
    /// line. Warning.
    EmptyGroup,
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
            Code::UnreachableGroup { .. } => "unreachable-group",
            Code::EmptyGroup => "empty-group",
        }
    }

    /// How much the finding matters.
    pub fn severity(&self) -> Severity {
        match self {
            Code::AcceptedTypo { .. }
            | Code::MissingColon
            | Code::UnsupportedKey { .. }
            | Code::PartialUserAgent { .. } => Severity::Note,
            _ => Severity::Warning,
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
            Code::UnreachableGroup { rules } => format!(
                "no user-agent of this group names a crawler; its {rules} rule(s) are never used"
            ),
            Code::EmptyGroup => {
                "group has no allow or disallow rules; a crawler named only here may fetch \
                 everything and ignores the \"*\" group"
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
    /// The parser's metadata for the line.
    pub metadata: LineMetadata,
    /// The findings on this line, in a fixed order: line-level first, then
    /// group-level.
    pub findings: Vec<Finding>,
}

/// The lint of a whole body: see the [module documentation](self).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LintReport<'a> {
    /// One entry per line, in order.
    pub lines: Vec<LintLine<'a>>,
}

impl LintReport<'_> {
    /// All findings, in line order.
    pub fn findings(&self) -> impl Iterator<Item = &Finding> {
        self.lines.iter().flat_map(|l| l.findings.iter())
    }

    /// The number of findings of a severity.
    pub fn count(&self, severity: Severity) -> usize {
        self.findings().filter(|f| f.severity() == severity).count()
    }

    /// The number of lines Google counts as valid directives (user-agent,
    /// allow, disallow, sitemap).
    pub fn directives(&self) -> usize {
        self.lines.iter().filter(|l| l.kind.is_directive()).count()
    }

    /// The report as JSON:
    ///
    /// ```json
    /// {"lines": [{"line": 1, "kind": "user-agent", "text": "User-agent: *",
    ///             "findings": [{"severity": "note", "code": "...", "message": "..."}]}],
    ///  "summary": {"lines": 1, "directives": 1, "warnings": 0, "notes": 0}}
    /// ```
    ///
    /// Texts that are not UTF-8 are converted lossily (U+FFFD). Needs the
    /// `json` feature.
    #[cfg(feature = "json")]
    pub fn to_json(&self) -> Value {
        let lines: Vec<Value> = self
            .lines
            .iter()
            .map(|l| {
                let findings: Vec<Value> = l
                    .findings
                    .iter()
                    .map(|f| {
                        json!({
                            "severity": f.severity().as_str(),
                            "code": f.code.as_str(),
                            "message": f.code.message(),
                        })
                    })
                    .collect();
                json!({
                    "line": l.line_num,
                    "kind": l.kind.as_str(),
                    "text": String::from_utf8_lossy(l.text),
                    "findings": findings,
                })
            })
            .collect();
        json!({
            "lines": lines,
            "summary": {
                "lines": self.lines.len(),
                "directives": self.directives(),
                "warnings": self.count(Severity::Warning),
                "notes": self.count(Severity::Note),
            },
        })
    }
}

/// The lines of a body as Google's parser numbers them: `source_lines(b)[n -
/// 1]` is line `n`. Lines end at LF, CR or CRLF; a leading UTF-8 byte order
/// mark (or a prefix of one) is dropped; the text after the last line end is
/// always a line, so an empty body has one empty line.
///
/// ```
/// use robotstxt_exact::lint::source_lines;
/// let lines = source_lines(b"a\r\nb\n\rc");
/// assert_eq!(lines, [&b"a"[..], b"b", b"", b"c"]);
/// ```
pub fn source_lines(body: &[u8]) -> Vec<&[u8]> {
    let bom = b"\xEF\xBB\xBF";
    let skip = body.iter().zip(bom).take_while(|(a, b)| a == b).count();
    let body = &body[skip..];
    let mut lines = Vec::new();
    let mut start = 0;
    let mut last_was_cr = false;
    for end in memchr::memchr2_iter(b'\n', b'\r', body) {
        let ch = body[end];
        if !(end == start && last_was_cr && ch == b'\n') {
            lines.push(&body[start..end]);
        }
        last_was_cr = ch == b'\r';
        start = end + 1;
    }
    lines.push(&body[start..]);
    lines
}

/// What the parser handed over for one line, before group analysis.
struct Parsed {
    kind: LineKind,
    /// The value of a directive (user-agent value, normalised rule pattern).
    value: Vec<u8>,
    /// The key of an unknown or unsupported directive.
    key: Vec<u8>,
    metadata: LineMetadata,
}

#[derive(Default)]
struct Collector {
    lines: Vec<Parsed>,
    pending: Option<(LineKind, Vec<u8>, Vec<u8>)>,
}

impl Collector {
    fn directive(&mut self, kind: LineKind, key: &[u8], value: &[u8]) {
        self.pending = Some((kind, key.to_vec(), value.to_vec()));
    }
}

impl ParseHandler for Collector {
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
    fn report_line_metadata(&mut self, _line: u32, metadata: &LineMetadata) {
        let (kind, key, value) = self.pending.take().unwrap_or_else(|| {
            let kind = if metadata.is_empty {
                LineKind::Empty
            } else if metadata.is_comment {
                LineKind::Comment
            } else {
                LineKind::Malformed
            };
            (kind, Vec::new(), Vec::new())
        });
        self.lines.push(Parsed {
            kind,
            value,
            key,
            metadata: *metadata,
        });
    }
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

/// An open group while walking the lines.
struct Group {
    /// Index of the group's first line.
    first: usize,
    names_crawler: bool,
    rules: u32,
    /// (is_allow, pattern) -> index of the first such rule.
    seen: HashMap<(bool, Vec<u8>), usize>,
    /// The group's disallow rules that are not duplicates: (index, pattern).
    disallows: Vec<(usize, Vec<u8>)>,
}

/// Lints a robots.txt body. Never panics; any bytes are accepted.
///
/// ```
/// use robotstxt_exact::lint::{lint, Code};
/// let report = lint(b"User-agent: *\nDisallow: /a\nDisallow: /a\n");
/// let codes: Vec<_> = report.findings().map(|f| (f.line, f.code.as_str())).collect();
/// assert_eq!(codes, [(3, "duplicate-rule")]);
/// ```
pub fn lint(body: &[u8]) -> LintReport<'_> {
    let mut collector = Collector::default();
    parse_robots_txt(body, &mut collector);
    let texts = source_lines(body);

    let mut lines: Vec<LintLine<'_>> = Vec::with_capacity(collector.lines.len());
    for (i, parsed) in collector.lines.iter().enumerate() {
        let text = texts.get(i).copied().unwrap_or(b"");
        let line_num = u32::try_from(i + 1).unwrap_or(u32::MAX);
        let m = &parsed.metadata;
        let mut findings = Vec::new();
        let mut add = |code| {
            findings.push(Finding {
                line: line_num,
                code,
            })
        };
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
        match parsed.kind {
            LineKind::Unsupported => add(Code::UnsupportedKey {
                key: parsed.key.clone(),
            }),
            LineKind::Unknown => add(Code::UnknownKey {
                key: parsed.key.clone(),
            }),
            LineKind::Malformed => add(Code::MalformedLine),
            LineKind::UserAgent if !is_global_agent(&parsed.value) => {
                let matched = extract_user_agent(&parsed.value);
                if matched.is_empty() {
                    add(Code::InvalidUserAgent);
                } else if matched.len() != parsed.value.len() {
                    add(Code::PartialUserAgent {
                        matched: matched.to_vec(),
                    });
                }
            }
            _ => {}
        }
        lines.push(LintLine {
            line_num,
            kind: parsed.kind,
            text,
            metadata: parsed.metadata,
            findings,
        });
    }

    let mut group: Option<Group> = None;
    for (i, parsed) in collector.lines.iter().enumerate() {
        match parsed.kind {
            LineKind::UserAgent => {
                if group.as_ref().is_none_or(|g| g.rules > 0) {
                    if let Some(done) = group.take() {
                        close_group(done, &mut lines, false);
                    }
                    group = Some(Group {
                        first: i,
                        names_crawler: false,
                        rules: 0,
                        seen: HashMap::new(),
                        disallows: Vec::new(),
                    });
                }
                if let Some(g) = group.as_mut() {
                    g.names_crawler |= is_global_agent(&parsed.value)
                        || !extract_user_agent(&parsed.value).is_empty();
                }
            }
            LineKind::Allow | LineKind::Disallow => {
                let is_allow = parsed.kind == LineKind::Allow;
                let Some(g) = group.as_mut() else {
                    push(&mut lines, i, Code::RuleOutsideGroup);
                    continue;
                };
                g.rules = g.rules.saturating_add(1);
                match g.seen.get(&(is_allow, parsed.value.clone())) {
                    Some(&first) => {
                        let first_line = lines[first].line_num;
                        push(&mut lines, i, Code::DuplicateRule { first_line });
                    }
                    None => {
                        g.seen.insert((is_allow, parsed.value.clone()), i);
                        if !is_allow {
                            g.disallows.push((i, parsed.value.clone()));
                        }
                    }
                }
            }
            _ => {}
        }
    }
    if let Some(done) = group {
        close_group(done, &mut lines, true);
    }
    LintReport { lines }
}

fn push(lines: &mut [LintLine<'_>], index: usize, code: Code) {
    if let Some(line) = lines.get_mut(index) {
        let line_num = line.line_num;
        line.findings.push(Finding {
            line: line_num,
            code,
        });
    }
}

fn close_group(group: Group, lines: &mut [LintLine<'_>], last: bool) {
    if group.rules == 0 {
        if last {
            push(lines, group.first, Code::EmptyGroup);
        }
        return;
    }
    if !group.names_crawler {
        let rules = group.rules;
        push(lines, group.first, Code::UnreachableGroup { rules });
    }
    for (index, pattern) in group.disallows {
        if let Some(&allow) = group.seen.get(&(true, pattern)) {
            let allow_line = lines.get(allow).map_or(0, |l| l.line_num);
            push(lines, index, Code::OverriddenDisallow { allow_line });
        }
    }
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
        let mut body = b"Sitemap: ".to_vec();
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
            codes(b"Disallow: /a\nAllow: /b\nSitemap: /s\nUser-agent: *\nDisallow: /c\n"),
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
        let report = lint(b"User-agent: a\nDisallow: /x\nAllow: /y\nDisallow: /x\nAllow: /y\n");
        let found: Vec<_> = report
            .findings()
            .map(|f| (f.line, f.code.clone()))
            .collect();
        assert_eq!(
            found,
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
            codes(b"User-agent: a\nDisallow: /x\nUser-agent: b\nSitemap: /s\nUser-agent: c\nDisallow: /y\nDisallow: /y\n"),
            [(7, "duplicate-rule")]
        );
    }

    #[test]
    fn a_disallow_with_the_pattern_of_an_allow_in_its_group_never_decides() {
        // Before or after the allow: allow wins ties either way.
        let report = lint(b"User-agent: a\nDisallow: /x\nAllow: /x\nDisallow: /x\n");
        let found: Vec<_> = report
            .findings()
            .map(|f| (f.line, f.code.clone()))
            .collect();
        assert_eq!(
            found,
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
            codes(b"User-agent: *\nDisallow: /\n\nUser-agent: foo\nSitemap: /s\n"),
            [(4, "empty-group")]
        );
        assert_eq!(codes(b"User-agent: *\n"), [(1, "empty-group")]);
    }

    #[test]
    #[cfg(feature = "json")]
    fn json_has_lines_and_summary() {
        let value = lint(b"User-agent: *\nDisalow: /x\nfoo: bar\n").to_json();
        assert_eq!(value["lines"][1]["kind"], "disallow");
        assert_eq!(value["lines"][1]["text"], "Disalow: /x");
        assert_eq!(value["lines"][1]["findings"][0]["code"], "accepted-typo");
        assert_eq!(value["lines"][1]["findings"][0]["severity"], "note");
        assert_eq!(value["lines"][2]["findings"][0]["code"], "unknown-key");
        assert_eq!(
            value["summary"],
            serde_json::json!({"lines": 4, "directives": 2, "warnings": 1, "notes": 1})
        );
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
