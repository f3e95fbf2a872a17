//! What one line says: its key and value (split as Google splits them),
//! its metadata, the escaping of rule values, and the handler calls.

use std::collections::TryReserveError;
use std::ops::Range;

use super::handler::{LineMetadata, ParseHandler};
use super::key::{KeyType, classify_key_in};
use super::lines::LineScan;
use crate::escape::escape_value_into;

/// Google keeps at most this many bytes of one line (8 times the 2083-byte
/// URL limit of some browsers, less one byte for the terminating NUL of its
/// line buffer). Bytes past it are dropped and the line is flagged too long.
pub const MAX_LINE_LEN: usize = 2083 * 8 - 1;

/// Google strips with `absl::StripAsciiWhitespace`: space, tab, vertical tab,
/// form feed, CR and LF.
fn is_ascii_space(b: u8) -> bool {
    // One bit per whitespace byte: ' ' and '\t'..='\r'.
    const SPACES: u64 = 1 << b' ' | 0b11111 << b'\t';
    b <= b' ' && SPACES >> b & 1 == 1
}

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// The scan of the one line `start..end` of `body`, byte by byte: what
/// [`Lines`](super::lines::Lines) finds 64 bytes at a time, for a reader
/// that finds the lines itself.
fn scan_line(body: &[u8], start: usize, end: usize) -> LineScan {
    let line = &body[start..end];
    let colon = memchr::memchr(b':', line).map_or(LineScan::NONE, |i| start + i);
    let stop = memchr::memchr2(b'#', 0, line).map_or(LineScan::NONE, |i| start + i);
    // Past the length cap nothing is escaped (the value is taken as
    // it is), so nothing past it is looked at.
    let content = &body[start..stop.min(end).min(start + MAX_LINE_LEN)];
    let escape_end = content
        .iter()
        .rposition(|&b| b == b'%' || b >= 0x80)
        .map_or(0, |i| start + i + 1);
    LineScan {
        colon,
        stop,
        escape_end,
    }
}

/// Splits one line's content into key and value, as ranges of `content`.
///
/// Returns `None` when the line holds no directive; `metadata` is filled in
/// either way.
#[inline(always)]
fn key_and_value(
    content: &[u8],
    colon: Option<usize>,
    metadata: &mut LineMetadata,
) -> Option<(Range<usize>, Range<usize>)> {
    let Some(colon) = colon else {
        return key_and_value_without_colon(content, metadata);
    };
    // The usual line. Stripping the line before splitting it at the colon,
    // as Google does, gives the same key and value as stripping each side:
    // the colon is no whitespace.
    let key = strip_range(content, 0..colon);
    if key.is_empty() {
        return None;
    }
    metadata.has_directive = true;
    Some((key, strip_range(content, colon + 1..content.len())))
}

/// [`key_and_value`] for a line without a colon: an empty line, a comment,
/// or a key and a value separated by whitespace.
#[cold]
fn key_and_value_without_colon(
    content: &[u8],
    metadata: &mut LineMetadata,
) -> Option<(Range<usize>, Range<usize>)> {
    let line = strip_range(content, 0..content.len());
    if line.is_empty() {
        if metadata.has_comment {
            metadata.is_comment = true;
        } else {
            metadata.is_empty = true;
        }
        return None;
    }
    // Google accepts whitespace in place of a forgotten colon, but only when
    // the line is exactly two runs of non-blank bytes.
    let text = &content[line.clone()];
    let blank = text.iter().position(|&b| is_blank(b))?;
    let rest = &text[blank..];
    let value_start = rest
        .iter()
        .position(|&b| !is_blank(b))
        .unwrap_or(rest.len());
    if rest[value_start..].iter().any(|&b| is_blank(b)) {
        return None;
    }
    metadata.is_missing_colon_separator = true;
    metadata.has_directive = true;
    let sep = line.start + blank;
    Some((
        strip_range(content, line.start..sep),
        strip_range(content, sep + 1..line.end),
    ))
}

/// `range` of `s` without the whitespace at either end.
#[inline(always)]
pub(crate) fn strip_range(s: &[u8], range: Range<usize>) -> Range<usize> {
    // Most keys and values have no whitespace around them, or one space
    // before a value: plain loops over the part, which the compiler keeps
    // free of bounds checks, cost a compare or two there.
    let part = &s[range.clone()];
    let mut leading = 0;
    while leading < part.len() && is_ascii_space(part[leading]) {
        leading += 1;
    }
    let mut len = part.len();
    while len > leading && is_ascii_space(part[len - 1]) {
        len -= 1;
    }
    range.start + leading..range.start + len
}

pub(crate) struct Parser<'b, 'h, H: ParseHandler + ?Sized> {
    pub(crate) body: &'b [u8],
    pub(crate) handler: &'h mut H,
    pub(crate) scratch: Vec<u8>,
    /// Why the scratch buffer could not grow, once it could not.
    pub(crate) failed: Option<TryReserveError>,
}

impl<H: ParseHandler + ?Sized> Parser<'_, '_, H> {
    /// Reports the line `start..end` of the body, whose first `:`, `#` and
    /// NUL the scan found. Returns false, reporting nothing of the line and
    /// noting why in `failed`, when a value could not be escaped for want of
    /// memory.
    #[must_use]
    #[inline(always)]
    pub(crate) fn emit_line(
        &mut self,
        line_num: u32,
        start: usize,
        end: usize,
        scan: &LineScan,
    ) -> bool {
        // The usual line, "key: value" within the length cap, told apart
        // and reported with the least work; every other line, and a usual
        // one that turns out to have no key, takes the general way (which
        // gives the same answers for the usual lines too).
        let content_end = scan.stop.min(end);
        if end - start <= MAX_LINE_LEN && scan.colon < content_end {
            let body = self.body;
            let key = strip_range(body, start..scan.colon);
            if !key.is_empty() {
                let metadata = LineMetadata {
                    has_comment: scan.stop < end && body[scan.stop] == b'#',
                    has_directive: true,
                    ..LineMetadata::default()
                };
                let value = strip_range(body, scan.colon + 1..content_end);
                let plain = scan.escape_end <= value.start;
                return self.emit_directive(line_num, key, value, plain, metadata);
            }
        }
        self.emit_other_line(line_num, start, end, scan)
    }

    /// [`Parser::emit_line`] for any line.
    #[must_use]
    #[inline(never)]
    fn emit_other_line(
        &mut self,
        line_num: u32,
        start: usize,
        end: usize,
        scan: &LineScan,
    ) -> bool {
        let body = self.body;
        // Google keeps only the first MAX_LINE_LEN bytes of a line; the
        // content ends at the first `#` or NUL among them.
        let cap = end.min(start + MAX_LINE_LEN);
        let content_end = scan.stop.min(cap);
        let mut metadata = LineMetadata {
            is_line_too_long: end - start > MAX_LINE_LEN,
            has_comment: scan.stop < cap && body[scan.stop] == b'#',
            ..LineMetadata::default()
        };
        let colon = (scan.colon < content_end).then(|| scan.colon - start);
        let content = &body[start..content_end];
        match key_and_value(content, colon, &mut metadata) {
            Some((key, value)) => {
                // The scan saw no `%` and no byte at or above 0x80 in the
                // value (past the length cap it did not look).
                let plain = !metadata.is_line_too_long && scan.escape_end <= start + value.start;
                let key = start + key.start..start + key.end;
                let value = start + value.start..start + value.end;
                self.emit_directive(line_num, key, value, plain, metadata)
            }
            None => {
                self.handler.report_line_metadata(line_num, &metadata);
                true
            }
        }
    }

    /// Reports the directive of the line `line_num`, whose key and value are
    /// `key` and `value` of the body (`plain` when the value has nothing to
    /// escape), then the line's `metadata`, completed with whether the key
    /// is a typo. Returns false as [`Parser::emit_line`] does.
    #[must_use]
    #[inline(always)]
    fn emit_directive(
        &mut self,
        line_num: u32,
        key: Range<usize>,
        value: Range<usize>,
        plain: bool,
        mut metadata: LineMetadata,
    ) -> bool {
        let body = self.body;
        let (key_type, is_typo) = classify_key_in(body, key.clone());
        metadata.is_acceptable_typo = is_typo;
        let as_written = &body[value];
        // An `allow` or `disallow` value, escaped unless the handler will
        // not look at it.
        macro_rules! rule_value {
            () => {
                if self.handler.needs_rule_values() {
                    let Some(value) =
                        escaped(as_written, plain, &mut self.scratch, &mut self.failed)
                    else {
                        return false;
                    };
                    value
                } else {
                    as_written
                }
            };
        }
        // One match, each arm doing all of its kind's work: the compiler
        // then goes from the key's classification straight to the handler
        // call, with no second branch on the kind.
        match key_type {
            KeyType::UserAgent => self.handler.handle_user_agent(line_num, as_written),
            KeyType::Sitemap => self.handler.handle_sitemap(line_num, as_written),
            KeyType::Allow => {
                let value = rule_value!();
                self.handler.handle_allow(line_num, value);
            }
            KeyType::Disallow => {
                let value = rule_value!();
                self.handler.handle_disallow(line_num, value);
            }
            KeyType::Unknown => {
                let Some(value) = escaped(as_written, plain, &mut self.scratch, &mut self.failed)
                else {
                    return false;
                };
                self.handler
                    .handle_unknown_action(line_num, &body[key], value);
            }
        }
        self.handler.report_line_metadata(line_num, &metadata);
        true
    }
}

/// `value` percent-escape normalised (as it is when `plain`: nothing in it
/// to escape), written to `scratch` when it changes. `None`, noting why in
/// `failed`, when the scratch buffer could not grow.
#[inline(always)]
fn escaped<'s>(
    value: &'s [u8],
    plain: bool,
    scratch: &'s mut Vec<u8>,
    failed: &mut Option<TryReserveError>,
) -> Option<&'s [u8]> {
    if plain {
        return Some(value);
    }
    // Values never hold a NUL: the content ended there.
    match escape_value_into(value, scratch) {
        Ok(true) => Some(&scratch[..]),
        Ok(false) => Some(value),
        Err(error) => {
            *failed = Some(error);
            None
        }
    }
}

/// Reports the one line `start..end` of `body` (a body past its byte order
/// mark, see [`skip_bom`]) to `handler` as the parser would, numbered
/// `line_num`: for a reader that finds the lines itself and hands over only
/// those that matter to it. `scratch` holds escaped values between calls.
pub(crate) fn emit_one_line<H: ParseHandler + ?Sized>(
    body: &[u8],
    line_num: u32,
    start: usize,
    end: usize,
    handler: &mut H,
    scratch: &mut Vec<u8>,
) -> Result<(), TryReserveError> {
    let scan = scan_line(body, start, end);
    let mut parser = Parser {
        body,
        handler,
        scratch: std::mem::take(scratch),
        failed: None,
    };
    let emitted = parser.emit_line(line_num, start, end, &scan);
    *scratch = parser.scratch;
    match parser.failed {
        Some(error) if !emitted => Err(error),
        _ => Ok(()),
    }
}
