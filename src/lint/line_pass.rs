//! The second pass: each line's own findings, merged with the group-level
//! ones of the first pass, handed to the caller in line order with the
//! totals kept on the way.

use crate::crawler::MAX_ROBOTS_TXT_BYTES;
use crate::decide::{extract_user_agent, is_global_agent};
use crate::lint::code::{Code, Finding, LineKind};
use crate::lint::group_pass::{GroupFinding, group_findings};
use crate::lint::report::{LintLine, Summary};
use crate::lint::source::{BOM, SourceLines};
use crate::parser::{LineMetadata, ParseHandler, parse_robots_txt};
use crate::reporting::is_unsupported_tag;

/// Lints `body` (see [`crate::lint::lint_each`]).
pub(super) fn run<'a, E>(
    body: &'a [u8],
    visit: &mut dyn FnMut(&LintLine<'a>) -> Result<(), E>,
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
        visit,
        error: None,
    };
    parse_robots_txt(body, &mut pass);
    match pass.error {
        Some(e) => Err(e),
        None => Ok(pass.summary),
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
