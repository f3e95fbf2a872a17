//! The second pass: each line's own findings, merged with the group-level
//! ones of the first pass, handed to the caller in line order with the
//! totals kept on the way.
//!
//! Allocation is fallible except in two places bounded by the line length
//! limit ([`crate::MAX_LINE_LEN`]) and the number of codes: the `url`
//! crate's parse of a sitemap value, and the count per code in the
//! [`Summary`].

use std::collections::TryReserveError;

use crate::crawler::MAX_ROBOTS_TXT_BYTES;
use crate::decide::{extract_user_agent, is_global_agent};
use crate::lint::code::{Code, Finding, LineKind};
use crate::lint::group_pass::{GroupFinding, group_findings};
use crate::lint::report::{LintLine, Summary};
use crate::lint::source::{BOM, SourceLines};
use crate::parser::{LineMetadata, ParseHandler, try_parse_robots_txt};
use crate::preferences::{
    ExtensionKey, PolicyToken, Problem, is_absolute_url, parse_request_rate, parse_signal_value,
    parse_usage_value,
};
use crate::reporting::is_unsupported_tag;

/// Why a lint stopped.
pub(super) enum Failure<E> {
    /// The caller's `visit` returned an error.
    Visit(E),
    /// An allocation failed.
    Memory(TryReserveError),
}

/// Lints `body` (see [`crate::lint::lint_each`]).
pub(super) fn run<'a, E>(
    body: &'a [u8],
    visit: &mut dyn FnMut(&LintLine<'a>) -> Result<(), E>,
) -> Result<Summary, Failure<E>> {
    let mut groups = group_findings(body).map_err(Failure::Memory)?.into_iter();
    let next_group = groups.next();
    let mut pass = LinePass {
        body,
        file_finding: file_finding(body),
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
        visit,
        error: None,
    };
    // The parser reads on after the pass stopped; what stopped it first is
    // what the caller hears.
    let parsed = try_parse_robots_txt(body, &mut pass);
    match pass.error {
        Some(e) => Err(e),
        None => parsed.map(|()| pass.summary).map_err(Failure::Memory),
    }
}

/// A copy of `bytes`, or the error.
fn try_copy(bytes: &[u8]) -> Result<Vec<u8>, TryReserveError> {
    let mut v = Vec::new();
    v.try_reserve_exact(bytes.len())?;
    v.extend_from_slice(bytes);
    Ok(v)
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

struct LinePass<'a, 'v, E> {
    body: &'a [u8],
    /// What the file as a whole is, when it is not a robots.txt.
    file_finding: Option<Finding>,
    texts: SourceLines<'a>,
    groups: std::vec::IntoIter<GroupFinding>,
    next_group: Option<GroupFinding>,
    kind: Option<LineKind>,
    key: Vec<u8>,
    value: Vec<u8>,
    summary: Summary,
    visit: &'v mut dyn FnMut(&LintLine<'a>) -> Result<(), E>,
    /// What stopped the pass; no line is looked at after it.
    error: Option<Failure<E>>,
}

impl<E> LinePass<'_, '_, E> {
    fn directive(&mut self, kind: LineKind, key: &[u8], value: &[u8]) {
        if self.error.is_some() {
            return;
        }
        self.kind = Some(kind);
        self.key.clear();
        self.value.clear();
        let room = self
            .key
            .try_reserve(key.len())
            .and_then(|()| self.value.try_reserve(value.len()));
        match room {
            Ok(()) => {
                self.key.extend_from_slice(key);
                self.value.extend_from_slice(value);
            }
            Err(error) => self.fail(error),
        }
    }

    fn fail(&mut self, error: TryReserveError) {
        if self.error.is_none() {
            self.error = Some(Failure::Memory(error));
        }
    }

    /// The findings of line `line_num` (see `report_line_metadata`).
    fn findings(
        &mut self,
        line_num: u32,
        kind: LineKind,
        offset: usize,
        text: &[u8],
        m: &LineMetadata,
    ) -> Result<Vec<Finding>, TryReserveError> {
        let mut findings = Vec::new();
        let mut add = |code| {
            findings.try_reserve(1)?;
            findings.push(Finding {
                line: line_num,
                code,
            });
            Ok::<(), TryReserveError>(())
        };
        if line_num == 1 && self.body.starts_with(BOM) {
            add(Code::ByteOrderMark)?;
        }
        if let Some(f) = self.file_finding.as_ref().filter(|f| f.line == line_num) {
            add(f.code.clone())?;
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
            })?;
        }
        if std::str::from_utf8(text).is_err() {
            add(Code::NonUtf8)?;
        }
        if m.is_line_too_long {
            add(Code::LineTooLong { len: text.len() })?;
        }
        if m.is_acceptable_typo {
            add(Code::AcceptedTypo {
                key: try_copy(written_key(text, m.is_missing_colon_separator))?,
            })?;
        }
        if m.is_missing_colon_separator {
            add(Code::MissingColon)?;
        }
        let value = &self.value[..];
        // A preference's problems arrive through a callback; the first
        // allocation that fails there is kept and returned after it.
        let mut problems = Ok(());
        let mut problem = |p| {
            if problems.is_ok() {
                problems = problem_code(p).and_then(&mut add);
            }
        };
        match kind {
            LineKind::Unsupported => add(Code::UnsupportedKey {
                key: try_copy(&self.key)?,
            })?,
            LineKind::Unknown => add(Code::UnknownKey {
                key: try_copy(&self.key)?,
            })?,
            LineKind::Malformed => add(Code::MalformedLine)?,
            LineKind::UserAgent if !is_global_agent(value) => {
                let matched = extract_user_agent(value);
                if matched.is_empty() {
                    add(Code::InvalidUserAgent)?;
                } else if matched.len() != value.len() {
                    add(Code::PartialUserAgent {
                        matched: try_copy(matched)?,
                    })?;
                }
                // `__` is reserved for namespaced labels
                // (draft-kelley-rep-namespaces-00).
                if matched.starts_with(b"__")
                    && !PolicyToken::parse(value).is_some_and(|t| t.is_known())
                {
                    add(Code::UnknownPolicyToken {
                        token: try_copy(matched)?,
                    })?;
                }
            }
            LineKind::Allow | LineKind::Disallow => match value.first() {
                None => add(Code::EmptyRule)?,
                Some(b'/' | b'*') => {}
                Some(_) => add(Code::RuleNeverMatches)?,
            },
            LineKind::Sitemap => {
                if let Some(code) = sitemap_problem(value) {
                    add(code)?;
                }
            }
            LineKind::ContentSignal => {
                parse_signal_value(value, &mut problem);
            }
            LineKind::ContentUsage => {
                parse_usage_value(value, &mut problem);
            }
            LineKind::License if !is_absolute_url(value) => add(Code::LicenseNotAbsolute)?,
            LineKind::RequestRate => {
                if let Err(error) = parse_request_rate(value) {
                    add(Code::RequestRateMalformed {
                        reason: error.as_str(),
                    })?;
                }
            }
            _ => {}
        }
        problems?;
        while let Some(g) = self.next_group.filter(|g| g.line <= line_num) {
            if g.line == line_num {
                add(g.code())?;
            }
            self.next_group = self.groups.next();
        }
        Ok(findings)
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
        let kind = match ExtensionKey::of(action) {
            Some(ExtensionKey::ContentSignal) => LineKind::ContentSignal,
            Some(ExtensionKey::ContentUsage) => LineKind::ContentUsage,
            Some(ExtensionKey::RequestRate) => LineKind::RequestRate,
            Some(ExtensionKey::License) => LineKind::License,
            Some(ExtensionKey::LlmPolicy) => LineKind::LlmPolicy,
            None if is_unsupported_tag(action) => LineKind::Unsupported,
            None => LineKind::Unknown,
        };
        self.directive(kind, action, value);
    }
    fn report_line_metadata(&mut self, line_num: u32, metadata: &LineMetadata) {
        // Once stopped, nothing more is looked at: the caller gets the error.
        if self.error.is_some() {
            return;
        }
        let kind = self.kind.take().unwrap_or(if metadata.is_empty {
            LineKind::Empty
        } else if metadata.is_comment {
            LineKind::Comment
        } else {
            LineKind::Malformed
        });
        let (offset, text) = self.texts.next().unwrap_or((self.body.len(), b""));
        let findings = match self.findings(line_num, kind, offset, text, metadata) {
            Ok(findings) => findings,
            Err(error) => return self.fail(error),
        };
        let line = LintLine {
            line_num,
            kind,
            text,
            offset,
            metadata: *metadata,
            findings,
        };
        self.summary.add(&line);
        if let Err(e) = (self.visit)(&line) {
            self.error = Some(Failure::Visit(e));
        }
    }
}

/// The finding about the file as a whole, if any: nothing but whitespace
/// ([`Code::EmptyFile`]), or an HTML page ([`Code::LooksLikeHtml`]), told by
/// its first line that is not blank, as a browser sniffs a document.
fn file_finding(body: &[u8]) -> Option<Finding> {
    let first = SourceLines::new(body)
        .enumerate()
        .find(|(_, (_, text))| !text.trim_ascii().is_empty());
    let Some((index, (_, text))) = first else {
        return Some(Finding {
            line: 1,
            code: Code::EmptyFile,
        });
    };
    let text = text.trim_ascii_start();
    // The tag name ends at whitespace, `>` or the end of the line, so that
    // `<htmlfoo>` is not taken for `<html>`.
    let starts_with_tag = |tag: &[u8]| {
        text.get(..tag.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(tag))
            && text
                .get(tag.len())
                .is_none_or(|&b| b.is_ascii_whitespace() || b == b'>')
    };
    (starts_with_tag(b"<!doctype html") || starts_with_tag(b"<html")).then(|| Finding {
        line: u32::try_from(index + 1).unwrap_or(u32::MAX),
        code: Code::LooksLikeHtml,
    })
}

/// The finding for a problem in a preference line's value, or the error
/// when the copy of its text cannot be allocated.
fn problem_code(problem: Problem<'_>) -> Result<Code, TryReserveError> {
    Ok(match problem {
        Problem::NoStatement => Code::PreferenceEmpty,
        Problem::SignalNoEquals { item } => Code::SignalSyntax {
            item: try_copy(item)?,
        },
        Problem::SignalEmptyItem => Code::SignalSyntax { item: Vec::new() },
        Problem::SignalUnknownName { name } => Code::SignalUnknownName {
            name: try_copy(name)?,
        },
        Problem::SignalBadValue { name, value } => Code::SignalBadValue {
            name: try_copy(name)?,
            value: try_copy(value)?,
        },
        Problem::SignalContradicts { name } => Code::SignalContradicts {
            name: try_copy(name)?,
        },
        Problem::SignalPath => Code::SignalPath,
        Problem::UsageSyntax(error) => Code::UsageSyntax {
            at: error.at,
            expected: error.expected,
        },
        Problem::UsageUnknownLabel { label } => Code::UsageUnknownLabel {
            label: try_copy(label)?,
        },
        Problem::UsageBadValue { label } => Code::UsageBadValue {
            label: try_copy(label)?,
        },
    })
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
