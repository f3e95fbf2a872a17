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

use crate::escape::escape_pattern_into;

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
    /// Called for every line, after the directive callback of that line.
    fn report_line_metadata(&mut self, line_num: u32, metadata: &LineMetadata) {
        let _ = (line_num, metadata);
    }
}

/// ASCII case-insensitive "starts with", as Google's `StartsWithIgnoreCase`.
fn starts_with_ignore_case(s: &[u8], prefix: &[u8]) -> bool {
    s.len() >= prefix.len() && s[..prefix.len()].eq_ignore_ascii_case(prefix)
}

/// Classifies a key by case-insensitive prefix, as Google does: any key that
/// starts with `disallow` is a disallow (`Disallowed: /x` included).
///
/// Returns the key type and whether the key is one of the accepted typos.
pub fn get_key_type(key: &[u8]) -> (KeyType, bool) {
    let any = |prefixes: &[&[u8]]| prefixes.iter().any(|p| starts_with_ignore_case(key, p));
    let typo = any(&[b"useragent", b"user agent"]);
    if typo || starts_with_ignore_case(key, b"user-agent") {
        return (KeyType::UserAgent, typo);
    }
    if starts_with_ignore_case(key, b"allow") {
        return (KeyType::Allow, false);
    }
    let typo = any(&[
        b"dissallow",
        b"dissalow",
        b"disalow",
        b"diasllow",
        b"disallaw",
    ]);
    if typo || starts_with_ignore_case(key, b"disallow") {
        return (KeyType::Disallow, typo);
    }
    let typo = starts_with_ignore_case(key, b"site-map");
    if typo || starts_with_ignore_case(key, b"sitemap") {
        return (KeyType::Sitemap, typo);
    }
    (KeyType::Unknown, false)
}

/// Google strips with `absl::StripAsciiWhitespace`: space, tab, vertical tab,
/// form feed, CR and LF.
fn is_ascii_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
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

/// Splits one line (already cut at its first NUL) into key and value.
///
/// Returns `None` when the line holds no directive; `metadata` is filled in
/// either way.
fn key_and_value<'a>(line: &'a [u8], metadata: &mut LineMetadata) -> Option<(&'a [u8], &'a [u8])> {
    let mut line = line;
    if let Some(hash) = memchr::memchr(b'#', line) {
        metadata.has_comment = true;
        line = &line[..hash];
    }
    let line = strip(line);
    if line.is_empty() {
        if metadata.has_comment {
            metadata.is_comment = true;
        } else {
            metadata.is_empty = true;
        }
        return None;
    }

    let sep = match memchr::memchr(b':', line) {
        Some(colon) => colon,
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
    fn emit_line(&mut self, line_num: u32, raw: &[u8]) {
        let mut metadata = LineMetadata {
            is_line_too_long: raw.len() > MAX_LINE_LEN,
            ..LineMetadata::default()
        };
        let mut line = &raw[..raw.len().min(MAX_LINE_LEN)];
        // Google works on NUL-terminated lines: a NUL byte ends the content.
        if let Some(nul) = memchr::memchr(0, line) {
            line = &line[..nul];
        }
        if let Some((key, value)) = key_and_value(line, &mut metadata) {
            let (key_type, is_typo) = get_key_type(key);
            metadata.is_acceptable_typo = is_typo;
            let value = match key_type {
                KeyType::UserAgent | KeyType::Sitemap => value,
                _ => {
                    self.scratch.clear();
                    if escape_pattern_into(value, &mut self.scratch) {
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
    for end in memchr::memchr2_iter(b'\n', b'\r', body) {
        let ch = body[end];
        // The LF of a CRLF pair does not end another (empty) line.
        let crlf_continuation = end == start && last_was_cr && ch == b'\n';
        if !crlf_continuation {
            line_num = line_num.saturating_add(1);
            parser.emit_line(line_num, &body[start..end]);
        }
        last_was_cr = ch == b'\r';
        start = end + 1;
    }
    line_num = line_num.saturating_add(1);
    parser.emit_line(line_num, &body[start..]);
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
}
