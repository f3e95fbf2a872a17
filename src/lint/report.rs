//! What a lint run gives: a report per line, the totals, and all the lines
//! of a small body kept together.

use std::collections::BTreeMap;

use crate::lint::code::{Finding, LineKind, Severity};
use crate::parser::LineMetadata;

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
    /// The first line not wholly within
    /// [`MAX_ROBOTS_TXT_BYTES`](crate::crawler::MAX_ROBOTS_TXT_BYTES), when the
    /// body is larger.
    pub first_line_past_limit: Option<u32>,
    /// The directives on that line and after it: what Google never reads.
    pub directives_past_limit: usize,
}

impl Summary {
    /// Counts `line` in.
    pub(super) fn add(&mut self, line: &LintLine<'_>) {
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
/// [module documentation](crate::lint). For large bodies use [`lint_each`](crate::lint::lint_each), which
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
