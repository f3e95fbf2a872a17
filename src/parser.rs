//! The streaming robots.txt parser.
//!
//! [`parse_robots_txt`] walks a robots.txt body line by line and reports every
//! directive to a [`ParseHandler`] in file order, exactly as Google's
//! `ParseRobotsTxt` does: the same line numbering for LF, CR and CRLF line
//! ends, the same byte-order-mark skipping, the same 16,663-byte line cap, the
//! same comment and whitespace handling, the same tolerance for a missing
//! colon and for common typos in keys, and the same percent-escape
//! normalisation of rule values.
//!
//! The parser never copies the body: keys and values handed to the handler are
//! slices of the input, except for rule values that need escaping, which are
//! written into one scratch buffer reused for the whole body.

use std::collections::TryReserveError;
use std::ops::Range;

use crate::escape::escape_value_into;
use crate::scan;
use crate::word::ascii_lowercase;

/// Google keeps at most this many bytes of one line (8 times the 2083-byte
/// URL limit of some browsers, less one byte for the terminating NUL of its
/// line buffer). Bytes past it are dropped and the line is flagged too long.
pub const MAX_LINE_LEN: usize = 2083 * 8 - 1;

/// The UTF-8 byte order mark, skipped (in full or as a prefix) at the very
/// start of a body only.
const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// The kind of a recognised robots.txt key.
///
/// The discriminants are Google's `googlebot::KeyType` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum KeyType {
    /// `user-agent` (also `useragent` and `user agent`).
    UserAgent = 0,
    /// `sitemap` (also `site-map`).
    Sitemap = 1,
    /// `allow`.
    Allow = 2,
    /// `disallow` (also the typos `dissallow`, `dissalow`, `disalow`,
    /// `diasllow` and `disallaw`).
    Disallow = 3,
    /// Any other key.
    Unknown = 128,
}

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
    /// The line was longer than [`MAX_LINE_LEN`] bytes and was cut there.
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

/// Classifies a key by case-insensitive prefix, as Google does: any key that
/// starts with `disallow` is a disallow (`Disallowed: /x` included).
///
/// Returns the key type and whether the key is one of the accepted typos.
pub fn get_key_type(key: &[u8]) -> (KeyType, bool) {
    LowerHead::of(key).key_type(key)
}

/// The first eight bytes of the right spellings of the keys, lower-case, as
/// little-endian words (the parser's key test and the streaming matcher's);
/// a spelling shorter than a word is zero-padded, and compared under the
/// mask of its length.
pub(crate) const DISALLOW: u64 = u64::from_le_bytes(*b"disallow");
pub(crate) const USER_AGE: u64 = u64::from_le_bytes(*b"user-age");
pub(crate) const ALLOW: u64 = u64::from_le_bytes(*b"allow\0\0\0");
pub(crate) const SITEMAP: u64 = u64::from_le_bytes(*b"sitemap\0");
pub(crate) const FIVE_BYTES: u64 = (1 << 40) - 1;
pub(crate) const SEVEN_BYTES: u64 = (1 << 56) - 1;

/// Classifies the key `key` of `body`, a key as the parser splits it from
/// its line: the byte after it, if any, is a colon or whitespace.
///
/// The right spellings, which nearly every line has, are told from the
/// eight bytes at the key's start read as one word with bit 5 of each byte
/// set: that lower-cases a letter, and a byte maps onto a lower-case letter
/// only from that letter or its upper-case form, onto `-` only from `-` or
/// CR (which no line holds). The bytes past a shorter key start with a colon
/// or whitespace, which map onto neither, so a word that matches a prefix's
/// bytes also says the key is that long.
#[inline(always)]
fn classify_key_in(body: &[u8], key: Range<usize>) -> (KeyType, bool) {
    const BIT5: u64 = crate::word::splat(0x20);
    if let Some(chunk) = body.get(key.start..).and_then(<[u8]>::first_chunk::<8>) {
        let word = u64::from_le_bytes(*chunk) | BIT5;
        if word == DISALLOW {
            return (KeyType::Disallow, false);
        }
        if word & FIVE_BYTES == ALLOW {
            return (KeyType::Allow, false);
        }
        if word & SEVEN_BYTES == SITEMAP {
            return (KeyType::Sitemap, false);
        }
        if word == USER_AGE
            && key.len() >= 10
            && body[key.start + 8..key.start + 10].eq_ignore_ascii_case(b"nt")
        {
            return (KeyType::UserAgent, false);
        }
    }
    get_key_type(&body[key])
}

/// The first eight bytes of a key, ASCII-lower-cased, as one word (missing
/// bytes are zero): prefix tests compare words instead of bytes.
struct LowerHead {
    word: u64,
}

impl LowerHead {
    fn of(key: &[u8]) -> LowerHead {
        let mut bytes = [0u8; 8];
        let n = key.len().min(8);
        bytes[..n].copy_from_slice(&key[..n]);
        LowerHead::lower(u64::from_le_bytes(bytes))
    }

    fn lower(word: u64) -> LowerHead {
        LowerHead {
            word: ascii_lowercase(word),
        }
    }

    /// Classifies `key`, whose head this is.
    fn key_type(&self, key: &[u8]) -> (KeyType, bool) {
        let starts = |prefix: &[u8]| self.starts_with(key, prefix);
        // Every accepted spelling of a kind starts with the same letter, and
        // the letters differ between kinds: one test of the first byte picks
        // the kind. A key cannot start with both the right spelling and a
        // typo, so the right one is tried first.
        match self.word as u8 {
            b'u' => {
                if starts(b"user-agent") {
                    return (KeyType::UserAgent, false);
                }
                if starts(b"useragent") || starts(b"user agent") {
                    return (KeyType::UserAgent, true);
                }
            }
            b'a' if starts(b"allow") => return (KeyType::Allow, false),
            b'd' => {
                if starts(b"disallow") {
                    return (KeyType::Disallow, false);
                }
                if starts(b"dissallow")
                    || starts(b"dissalow")
                    || starts(b"disalow")
                    || starts(b"diasllow")
                    || starts(b"disallaw")
                {
                    return (KeyType::Disallow, true);
                }
            }
            b's' => {
                if starts(b"sitemap") {
                    return (KeyType::Sitemap, false);
                }
                if starts(b"site-map") {
                    return (KeyType::Sitemap, true);
                }
            }
            _ => {}
        }
        (KeyType::Unknown, false)
    }

    /// Whether `key` (whose head this is) starts with the lower-case
    /// `prefix`, ignoring ASCII case.
    fn starts_with(&self, key: &[u8], prefix: &[u8]) -> bool {
        if key.len() < prefix.len() {
            return false;
        }
        let n = prefix.len().min(8);
        let mut bytes = [0u8; 8];
        bytes[..n].copy_from_slice(&prefix[..n]);
        let mask = if n == 8 {
            u64::MAX
        } else {
            (1u64 << (8 * n)) - 1
        };
        (self.word & mask) == u64::from_le_bytes(bytes)
            && key[n..prefix.len()].eq_ignore_ascii_case(&prefix[n..])
    }
}

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

/// What the scan found in one line, as absolute offsets into the body.
///
/// Plain offsets with sentinels rather than options: the scan updates these
/// for every line, and a sentinel past any line makes "not found" compare
/// like "found past the end".
struct LineScan {
    /// The first `:` of the line, or [`LineScan::NONE`].
    colon: usize,
    /// The first `#` or NUL of the line, or [`LineScan::NONE`].
    stop: usize,
    /// One past the last `%` or byte at or above 0x80 before `stop`; zero
    /// when there is none.
    escape_end: usize,
}

impl LineScan {
    /// The scan of the one line `start..end` of `body`, byte by byte.
    fn of(body: &[u8], start: usize, end: usize) -> LineScan {
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

    const NONE: usize = usize::MAX;
    const EMPTY: LineScan = LineScan {
        colon: LineScan::NONE,
        stop: LineScan::NONE,
        escape_end: 0,
    };
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
fn strip_range(s: &[u8], range: Range<usize>) -> Range<usize> {
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

struct Parser<'b, 'h, H: ParseHandler + ?Sized> {
    body: &'b [u8],
    handler: &'h mut H,
    scratch: Vec<u8>,
    /// Why the scratch buffer could not grow, once it could not.
    failed: Option<TryReserveError>,
}

impl<H: ParseHandler + ?Sized> Parser<'_, '_, H> {
    /// Reports the line `start..end` of the body, whose first `:`, `#` and
    /// NUL the scan found. Returns false, reporting nothing of the line and
    /// noting why in `failed`, when a value could not be escaped for want of
    /// memory.
    #[must_use]
    #[inline(always)]
    fn emit_line(&mut self, line_num: u32, start: usize, end: usize, scan: &LineScan) -> bool {
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
    let scan = LineScan::of(body, start, end);
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

/// Skips the longest prefix of the body that is a prefix of the UTF-8 BOM.
pub(crate) fn skip_bom(body: &[u8]) -> &[u8] {
    let n = body
        .iter()
        .zip(UTF8_BOM)
        .take_while(|(a, b)| a == b)
        .count();
    &body[n..]
}

/// Parses a robots.txt body and reports its directives to `handler`.
///
/// Accepts any bytes. Lines end at LF, CR or CRLF; the line after the last
/// line end is always reported, so a body ending in a newline has a final
/// empty line, and an empty body has one empty line. Line numbers saturate at
/// `u32::MAX`.
///
/// The parser copies nothing of the body; its only allocation is one
/// scratch buffer for rule values that need percent-escaping, at most
/// 3 × [`MAX_LINE_LEN`] bytes. Should even that fail, it aborts as the
/// standard library does; [`try_parse_robots_txt`] reports it instead.
pub fn parse_robots_txt<H: ParseHandler + ?Sized>(body: &[u8], handler: &mut H) {
    if try_parse_robots_txt(body, handler).is_err() {
        std::alloc::handle_alloc_error(std::alloc::Layout::new::<[u8; 3 * MAX_LINE_LEN]>());
    }
}

/// [`parse_robots_txt`], with an error instead of an abort when the scratch
/// buffer for escaping rule values (at most 3 × [`MAX_LINE_LEN`] bytes)
/// cannot be allocated. The handler has then seen the lines before the one
/// being escaped, and no [`handle_robots_end`](ParseHandler::handle_robots_end).
pub fn try_parse_robots_txt<H: ParseHandler + ?Sized>(
    body: &[u8],
    handler: &mut H,
) -> Result<(), TryReserveError> {
    let body = skip_bom(body);
    handler.handle_robots_start();
    let mut parser = Parser {
        body,
        handler,
        scratch: Vec::new(),
        failed: None,
    };
    let mut line_num: u32 = 0;
    // Where the current line starts: after its line end (both bytes of a
    // CRLF pair), so the LF of a pair is no part of any line.
    let mut start: usize = 0;
    let mut scan = LineScan::EMPTY;
    let mut base: usize = 0;
    let classifier = scan::Classifier::new();
    // The bits of the block at `base` from `at` on.
    let from = |at: usize, base: usize| match at.checked_sub(base) {
        None | Some(0) => u64::MAX,
        Some(d) if d < scan::BLOCK => u64::MAX << d,
        Some(_) => 0,
    };
    'blocks: while base < body.len() {
        let masks = classifier.classify_at(body, base);
        // Bits of this block not yet taken by earlier lines.
        let mut live = from(start, base);
        let mut eols = masks.eol & live;
        loop {
            // A run of line ends where a line starts: empty lines, one per
            // line end in it, counted with bit operations and reported in
            // one call rather than split one by one.
            let offset = start.wrapping_sub(base);
            if offset < scan::BLOCK && eols >> offset & 1 == 1 {
                let run_len = (!(masks.eol >> offset)).trailing_zeros() as usize;
                let run = (u64::MAX >> (scan::BLOCK - run_len)) << offset;
                // The byte before the run is no CR of a pair whose LF is in
                // it: the start of a line is past both bytes of a pair.
                let cr = classifier.cr_at(body, base, masks.eol);
                let lines = (scan::line_ends(masks.eol, cr, false) & run).count_ones();
                let first = line_num.saturating_add(1);
                line_num = line_num.saturating_add(lines);
                parser.handler.report_empty_lines(first, lines);
                start += run_len;
                if cr >> (offset + run_len - 1) & 1 == 1 && body.get(start) == Some(&b'\n') {
                    start += 1;
                }
                live = from(start, base);
                eols &= live;
                continue;
            }
            // The first line end left, as a single bit (none: zero).
            let eol = eols & eols.wrapping_neg();
            // The bits of this block that belong to the current line: all
            // the live ones below its end (all live ones when it goes on).
            let mut line_bits = live & eol.wrapping_sub(1);
            if scan.stop == LineScan::NONE {
                let stops = masks.stop & line_bits;
                if stops != 0 {
                    scan.stop = base + stops.trailing_zeros() as usize;
                    // Only what comes before the stop is content.
                    line_bits &= (stops & stops.wrapping_neg()) - 1;
                }
                let escapes = masks.escape & line_bits;
                if escapes != 0 {
                    scan.escape_end = base + 64 - escapes.leading_zeros() as usize;
                }
            }
            if scan.colon == LineScan::NONE {
                let colons = masks.colon & line_bits;
                if colons != 0 {
                    scan.colon = base + colons.trailing_zeros() as usize;
                }
            }
            if eol == 0 {
                break;
            }
            let at = base + eol.trailing_zeros() as usize;
            line_num = line_num.saturating_add(1);
            if !parser.emit_line(line_num, start, at, &scan) {
                break 'blocks;
            }
            // The next line starts past the line end; the LF of a CRLF pair
            // ends no other (empty) line.
            let mut taken = eol << 1;
            start = at + 1;
            if body[at] == b'\r' && body.get(start) == Some(&b'\n') {
                start += 1;
                taken <<= 1;
            }
            scan = LineScan::EMPTY;
            // All bits up to the line end (and the LF of a pair), zero when
            // those reach past the block.
            live = !taken.wrapping_sub(1);
            eols &= live;
        }
        base += scan::BLOCK;
    }
    if parser.failed.is_none() {
        line_num = line_num.saturating_add(1);
        if parser.emit_line(line_num, start, body.len(), &scan) {
            parser.handler.handle_robots_end();
        }
    }
    match parser.failed {
        Some(error) => Err(error),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Recorder {
        events: Vec<String>,
    }

    impl ParseHandler for Recorder {
        fn handle_robots_start(&mut self) {
            self.events.push("start".into());
        }
        fn handle_robots_end(&mut self) {
            self.events.push("end".into());
        }
        fn handle_user_agent(&mut self, line: u32, value: &[u8]) {
            self.events
                .push(format!("{line} ua {}", String::from_utf8_lossy(value)));
        }
        fn handle_allow(&mut self, line: u32, value: &[u8]) {
            self.events
                .push(format!("{line} allow {}", String::from_utf8_lossy(value)));
        }
        fn handle_disallow(&mut self, line: u32, value: &[u8]) {
            self.events.push(format!(
                "{line} disallow {}",
                String::from_utf8_lossy(value)
            ));
        }
        fn handle_sitemap(&mut self, line: u32, value: &[u8]) {
            self.events
                .push(format!("{line} sitemap {}", String::from_utf8_lossy(value)));
        }
        fn handle_unknown_action(&mut self, line: u32, action: &[u8], value: &[u8]) {
            self.events.push(format!(
                "{line} unknown {}={}",
                String::from_utf8_lossy(action),
                String::from_utf8_lossy(value)
            ));
        }
    }

    fn events(body: &[u8]) -> Vec<String> {
        let mut r = Recorder::default();
        parse_robots_txt(body, &mut r);
        r.events
    }

    #[test]
    fn empty_body_reports_start_and_end_only() {
        assert_eq!(events(b""), ["start", "end"]);
    }

    #[test]
    fn lf_cr_crlf_and_lfcr_line_ends() {
        // Google: "\n\r" is two line ends, "\r\r\n" is two, CRLF is one.
        assert_eq!(
            events(b"allow: /a\n\rallow: /b\r\r\nallow: /c"),
            ["start", "1 allow /a", "3 allow /b", "5 allow /c", "end"]
        );
    }

    /// Google's key classification written plainly: each spelling tested
    /// with a case-insensitive prefix comparison, in Google's order.
    fn key_type_reference(key: &[u8]) -> (KeyType, bool) {
        let starts = |p: &[u8]| key.len() >= p.len() && key[..p.len()].eq_ignore_ascii_case(p);
        let typo = starts(b"useragent") || starts(b"user agent");
        if typo || starts(b"user-agent") {
            return (KeyType::UserAgent, typo);
        }
        if starts(b"allow") {
            return (KeyType::Allow, false);
        }
        let typo = [
            &b"dissallow"[..],
            b"dissalow",
            b"disalow",
            b"diasllow",
            b"disallaw",
        ]
        .iter()
        .any(|p| starts(p));
        if typo || starts(b"disallow") {
            return (KeyType::Disallow, typo);
        }
        let typo = starts(b"site-map");
        if typo || starts(b"sitemap") {
            return (KeyType::Sitemap, typo);
        }
        (KeyType::Unknown, false)
    }

    #[test]
    fn every_spelling_cut_or_extended_classifies_in_a_body_as_alone() {
        let spellings: [&[u8]; 12] = [
            b"user-agent",
            b"useragent",
            b"user agent",
            b"allow",
            b"disallow",
            b"dissallow",
            b"dissalow",
            b"disalow",
            b"diasllow",
            b"disallaw",
            b"sitemap",
            b"site-map",
        ];
        for spelling in spellings {
            for cut in 1..=spelling.len() {
                for tail in [&b""[..], b"x", b"ed", b"-agent", b"nt"] {
                    for case in 0..3 {
                        let mut key = spelling[..cut].to_vec();
                        key.extend_from_slice(tail);
                        match case {
                            0 => {}
                            1 => key.make_ascii_uppercase(),
                            _ => key
                                .iter_mut()
                                .step_by(2)
                                .for_each(|b| b.make_ascii_uppercase()),
                        }
                        if key.last() == Some(&b' ') {
                            continue;
                        }
                        for after in [
                            &b""[..],
                            b":",
                            b": /x",
                            b" :",
                            b"\t/",
                            b"\x0b:",
                            b"\x0c:/a/b/c",
                        ] {
                            let mut body = key.clone();
                            body.extend_from_slice(after);
                            assert_eq!(
                                classify_key_in(&body, 0..key.len()),
                                key_type_reference(&key),
                                "{:?}",
                                String::from_utf8_lossy(&body)
                            );
                        }
                    }
                }
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(20000))]
        #[test]
        fn key_type_equals_plain_prefix_tests(
            key in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::sample::select(b"userUSER-AGENTagentdisDISALLOWallowSITEMAPsitemap -".to_vec()),
                    // Neighbours of the letter ranges and bytes whose low seven
                    // bits are letters.
                    proptest::sample::select(vec![0u8, b'@', b'[', b'`', b'{', 0xC1, 0xE1, 0xD5, 0x80, 0xFF]),
                ],
                0..12,
            )
        ) {
            proptest::prop_assert_eq!(get_key_type(&key), key_type_reference(&key));
        }

        #[test]
        fn keys_in_a_body_classify_as_alone(
            key in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::sample::select(b"userUSER-AGENTagentdisDISALLOWallowSITEMAPsitemap -".to_vec()),
                    // Neighbours of the letter ranges, bytes whose low seven
                    // bits are letters, and bytes that bit 5 turns into
                    // punctuation (0x0E into `.`, tab into `)`).
                    proptest::sample::select(vec![b'@', b'[', b'`', b'{', 0xC1, 0xE1, 0xD5, 0x80, 0xFF, 0x0E, b'\t']),
                ],
                1..12,
            ),
            after in proptest::sample::select(vec![b':', b' ', b'\t', 0x0B, 0x0C]),
            rest in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..10),
        ) {
            // A key as the parser splits it: stripped, so neither end is
            // whitespace, and followed by a colon or whitespace.
            let key = &key[strip_range(&key, 0..key.len())];
            if key.is_empty() {
                return Ok(());
            }
            let mut body = key.to_vec();
            body.push(after);
            body.extend_from_slice(&rest);
            proptest::prop_assert_eq!(classify_key_in(&body, 0..key.len()), key_type_reference(key));
            // And where the body has fewer than eight bytes from the key on.
            proptest::prop_assert_eq!(classify_key_in(key, 0..key.len()), key_type_reference(key));
        }
    }
}
