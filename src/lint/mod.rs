//! Lint: what each line of a robots.txt is read as, and what in it is wrong
//! or merely unusual, judged by Google's parser and matcher and by Google's
//! documentation ("How Google interprets the robots.txt specification").
//!
//! [`lint_each`] streams: it hands each line, with its [`LineKind`] and its
//! [`Finding`]s, to a callback in line order (Google's line numbering) and
//! returns a [`Summary`]; [`try_lint_each`] reports running out of memory
//! as an error instead of aborting. Its memory is the body plus a few bytes per
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
//!
//! # Where things are
//!
//! - `code.rs`: what a line is read as ([`LineKind`]), the findings
//!   ([`Code`], [`Severity`], [`Finding`]) and their explanations;
//! - `source.rs`: the lines as Google's parser numbers them
//!   ([`SourceLines`]);
//! - `group_pass.rs`: the first pass, the group-level findings (duplicate,
//!   overridden and shadowed rules, unreachable and empty groups);
//! - `line_pass.rs`: the second pass, each line's own findings merged with
//!   the group-level ones and handed over in line order;
//! - `report.rs`: what a run gives ([`LintLine`], [`Summary`],
//!   [`LintReport`]);
//! - this file: the entry points, [`lint_each`], [`try_lint_each`] and
//!   [`lint`].

mod code;
mod group_pass;
mod line_pass;
mod report;
mod source;
#[cfg(test)]
mod tests;

use std::collections::TryReserveError;

use line_pass::Failure;

pub use code::{Code, Finding, LineKind, Severity};
pub use report::{LintLine, LintReport, Summary};
pub use source::{SourceLines, line_count, source_lines};

/// Lints a robots.txt body, handing each line to `visit` in order, and
/// returns the totals. Stops calling `visit` after its first error, which
/// is returned. Never panics; any bytes are accepted. Memory: the findings
/// of one line at a time, plus 12 bytes per group-level finding and about
/// 16 bytes and the pattern per rule of the largest group (at most the
/// rule's own bytes: a byte over 0x7F is held as one byte, not as `%XY`).
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
///
/// Should memory run out, it aborts as the standard library does;
/// [`try_lint_each`] reports that instead.
pub fn lint_each<'a, E>(
    body: &'a [u8],
    mut visit: impl FnMut(&LintLine<'a>) -> Result<(), E>,
) -> Result<Summary, E> {
    match line_pass::run(body, &mut visit) {
        Ok(summary) => Ok(summary),
        Err(Failure::Visit(error)) => Err(error),
        Err(Failure::Memory(_)) => std::alloc::handle_alloc_error(std::alloc::Layout::new::<u8>()),
    }
}

/// [`lint_each`], with running out of memory reported as an error (turned
/// into `E` with `From`) instead of an abort. Everything that grows with
/// the body is allocated fallibly; what is not (the `url` crate's parse of
/// a `sitemap` value, the count per code in the [`Summary`]) is bounded by
/// the line length limit ([`crate::MAX_LINE_LEN`]) and the number of codes.
///
/// ```
/// use std::collections::TryReserveError;
/// use robotstxt_exact::lint::try_lint_each;
/// let mut lines = 0;
/// let summary = try_lint_each(b"User-agent: *\nDisallow: /a\n", |_| {
///     lines += 1;
///     Ok::<(), TryReserveError>(())
/// })
/// .unwrap();
/// assert_eq!((lines, summary.directives), (3, 2));
/// ```
pub fn try_lint_each<'a, E: From<TryReserveError>>(
    body: &'a [u8],
    mut visit: impl FnMut(&LintLine<'a>) -> Result<(), E>,
) -> Result<Summary, E> {
    match line_pass::run(body, &mut visit) {
        Ok(summary) => Ok(summary),
        Err(Failure::Visit(error)) => Err(error),
        Err(Failure::Memory(error)) => Err(E::from(error)),
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
