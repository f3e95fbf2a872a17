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

use crate::escape::escape_value_into;

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
}

/// Classifies a key by case-insensitive prefix, as Google does: any key that
/// starts with `disallow` is a disallow (`Disallowed: /x` included).
///
/// Returns the key type and whether the key is one of the accepted typos.
pub fn get_key_type(key: &[u8]) -> (KeyType, bool) {
    let head = LowerHead::of(key);
    let starts = |prefix: &[u8]| head.starts_with(key, prefix);
    // Every accepted spelling of a kind starts with the same letter, and the
    // letters differ between kinds: one test of the first byte picks the kind.
    // A key cannot start with both the right spelling and a typo, so the
    // right one is tried first.
    match head.word as u8 {
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
        let word = u64::from_le_bytes(bytes);
        // Bytes 'A'..='Z' (and only those) get 0x20 added.
        let low7 = word & LOW7;
        let at_least_a = low7.wrapping_add(ONES * (0x80 - u64::from(b'A')));
        let above_z = low7.wrapping_add(ONES * (0x80 - u64::from(b'Z') - 1));
        let upper = at_least_a & !above_z & !word & !LOW7;
        LowerHead {
            word: word | (upper >> 2),
        }
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
    b == b' ' || (b'\t'..=b'\r').contains(&b)
}

fn strip(mut s: &[u8]) -> &[u8] {
    while let [first, rest @ ..] = s {
        if !is_ascii_space(*first) {
            break;
        }
        s = rest;
    }
    while let [rest @ .., last] = s {
        if !is_ascii_space(*last) {
            break;
        }
        s = rest;
    }
    s
}

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// Where the bytes that matter to the parser are: line ends (LF, CR), the
/// NUL and `#` that end a line's content, and `:`.
///
/// The body is read eight bytes at a time: for each word, one mask marks the
/// special bytes, so the parser visits only those instead of calling a search
/// routine per line and per character class (most lines are a few dozen
/// bytes, where call overhead dominates).
struct Specials<'a> {
    body: &'a [u8],
    /// Offset of the word `mask` was computed from.
    base: usize,
    /// High bit of each byte set where that byte of the word is special and
    /// not yet visited.
    mask: u64,
}

const ONES: u64 = 0x0101_0101_0101_0101;
const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;

/// For each byte of `word`: high bit clear exactly where the byte equals
/// `c` (the other seven bits set).
fn ne_bits(word: u64, c: u8) -> u64 {
    let x = word ^ (ONES * u64::from(c));
    ((x & LOW7).wrapping_add(LOW7)) | x | LOW7
}

/// High bit of each byte set exactly where the byte is special.
fn special_mask(word: u64) -> u64 {
    // A byte is special unless it differs from every special byte.
    !(ne_bits(word, b'\n')
        & ne_bits(word, b'\r')
        & ne_bits(word, 0)
        & ne_bits(word, b'#')
        & ne_bits(word, b':'))
}

impl<'a> Specials<'a> {
    fn new(body: &'a [u8]) -> Self {
        let mut specials = Specials {
            body,
            base: 0,
            mask: 0,
        };
        specials.load();
        specials
    }

    /// Computes the mask of the word at `base`, padding a short tail with a
    /// byte that is not special.
    fn load(&mut self) {
        let rest = self.body.get(self.base..).unwrap_or_default();
        let word = match rest.first_chunk::<8>() {
            Some(chunk) => u64::from_le_bytes(*chunk),
            None => {
                let mut tail = [b'a'; 8];
                tail[..rest.len()].copy_from_slice(rest);
                u64::from_le_bytes(tail)
            }
        };
        self.mask = special_mask(word);
    }
}

impl Iterator for Specials<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        while self.mask == 0 {
            self.base += 8;
            if self.base >= self.body.len() {
                return None;
            }
            self.load();
        }
        let at = self.base + (self.mask.trailing_zeros() / 8) as usize;
        self.mask &= self.mask - 1;
        Some(at)
    }
}

/// What the scan found in one line, as offsets from the line's start.
#[derive(Default)]
struct LineScan {
    /// Where the content ends: the line end, the first NUL or `#`, or the
    /// length cap, whichever comes first.
    content_end: Option<usize>,
    has_comment: bool,
    /// The first `:` before the content end.
    colon: Option<usize>,
}

/// Splits one line's content into key and value.
///
/// Returns `None` when the line holds no directive; `metadata` is filled in
/// either way.
fn key_and_value<'a>(
    content: &'a [u8],
    colon: Option<usize>,
    metadata: &mut LineMetadata,
) -> Option<(&'a [u8], &'a [u8])> {
    let start = content.iter().position(|&b| !is_ascii_space(b));
    let Some(start) = start else {
        if metadata.has_comment {
            metadata.is_comment = true;
        } else {
            metadata.is_empty = true;
        }
        return None;
    };
    let line = strip(&content[start..]);

    let sep = match colon {
        // The colon is no whitespace, so stripping kept it.
        Some(colon) => colon - start,
        None => {
            // Google accepts whitespace in place of a forgotten colon, but
            // only when the line is exactly two runs of non-blank bytes.
            let blank = line.iter().position(|&b| is_blank(b))?;
            let rest = &line[blank..];
            let value_start = rest
                .iter()
                .position(|&b| !is_blank(b))
                .unwrap_or(rest.len());
            if rest[value_start..].iter().any(|&b| is_blank(b)) {
                return None;
            }
            metadata.is_missing_colon_separator = true;
            blank
        }
    };

    let key = strip(&line[..sep]);
    if key.is_empty() {
        return None;
    }
    let value = strip(&line[sep + 1..]);
    metadata.has_directive = true;
    Some((key, value))
}

struct Parser<'h, H: ParseHandler + ?Sized> {
    handler: &'h mut H,
    scratch: Vec<u8>,
}

impl<H: ParseHandler + ?Sized> Parser<'_, H> {
    fn emit_line(&mut self, line_num: u32, raw: &[u8], scan: &LineScan) {
        let mut metadata = LineMetadata {
            is_line_too_long: raw.len() > MAX_LINE_LEN,
            has_comment: scan.has_comment,
            ..LineMetadata::default()
        };
        let end = scan.content_end.unwrap_or(raw.len()).min(MAX_LINE_LEN);
        if let Some((key, value)) = key_and_value(&raw[..end], scan.colon, &mut metadata) {
            let (key_type, is_typo) = get_key_type(key);
            metadata.is_acceptable_typo = is_typo;
            let value = match key_type {
                KeyType::UserAgent | KeyType::Sitemap => value,
                KeyType::Allow | KeyType::Disallow if !self.handler.needs_rule_values() => value,
                _ => {
                    self.scratch.clear();
                    // Values never hold a NUL: the content ended there.
                    if escape_value_into(value, &mut self.scratch) {
                        &self.scratch[..]
                    } else {
                        value
                    }
                }
            };
            match key_type {
                KeyType::UserAgent => self.handler.handle_user_agent(line_num, value),
                KeyType::Allow => self.handler.handle_allow(line_num, value),
                KeyType::Disallow => self.handler.handle_disallow(line_num, value),
                KeyType::Sitemap => self.handler.handle_sitemap(line_num, value),
                KeyType::Unknown => self.handler.handle_unknown_action(line_num, key, value),
            }
        }
        self.handler.report_line_metadata(line_num, &metadata);
    }
}

/// Skips the longest prefix of the body that is a prefix of the UTF-8 BOM.
fn skip_bom(body: &[u8]) -> &[u8] {
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
pub fn parse_robots_txt<H: ParseHandler + ?Sized>(body: &[u8], handler: &mut H) {
    let body = skip_bom(body);
    handler.handle_robots_start();
    let mut parser = Parser {
        handler,
        scratch: Vec::new(),
    };
    let mut line_num: u32 = 0;
    let mut start = 0;
    let mut last_was_cr = false;
    let mut scan = LineScan::default();
    for at in Specials::new(body) {
        let ch = body[at];
        if ch == b'\n' || ch == b'\r' {
            // The LF of a CRLF pair does not end another (empty) line.
            let crlf_continuation = at == start && last_was_cr && ch == b'\n';
            if !crlf_continuation {
                line_num = line_num.saturating_add(1);
                parser.emit_line(line_num, &body[start..at], &scan);
            }
            last_was_cr = ch == b'\r';
            start = at + 1;
            scan = LineScan::default();
            continue;
        }
        // Past the first NUL or '#', or past the length cap, nothing but the
        // line end matters.
        let offset = at - start;
        if scan.content_end.is_some() || offset >= MAX_LINE_LEN {
            continue;
        }
        match ch {
            b':' => {
                if scan.colon.is_none() {
                    scan.colon = Some(offset);
                }
            }
            _ => {
                scan.content_end = Some(offset);
                scan.has_comment = ch == b'#';
            }
        }
    }
    line_num = line_num.saturating_add(1);
    parser.emit_line(line_num, &body[start..], &scan);
    parser.handler.handle_robots_end();
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
    }
}
