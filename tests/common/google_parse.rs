//! Google's parse steps written plainly, independent of the crate's parser:
//! line splitting (`ParseRobotsTxt`), `ParseAndEmitLine` with
//! `GetKeyAndValueFrom`, the key tests and `MaybeEscapePattern`, and a
//! recorder of what the crate's parser hands to a handler, in the same form.
//! Shared by `tests/parser_reference.rs` and the `parser` fuzz target.

use robotstxt_exact::{
    KeyType, LineMetadata, MAX_LINE_LEN, ParseHandler, RobotsTagName, UNSUPPORTED_TAGS,
    get_key_type, parse_robots_txt,
};

/// Google's line splitting, written independently of the parser: the raw
/// bytes of each line, before the 16663-byte cut.
pub fn google_lines(body: &[u8]) -> Vec<&[u8]> {
    let bom = b"\xEF\xBB\xBF";
    let skip = body.iter().zip(bom).take_while(|(a, b)| a == b).count();
    let body = &body[skip..];
    let mut lines = Vec::new();
    let mut start = 0;
    let mut last_was_cr = false;
    for (i, &b) in body.iter().enumerate() {
        if b != b'\n' && b != b'\r' {
            continue;
        }
        if !(i == start && last_was_cr && b == b'\n') {
            lines.push(&body[start..i]);
        }
        last_was_cr = b == b'\r';
        start = i + 1;
    }
    lines.push(&body[start..]);
    lines
}

/// `absl::ascii_isspace`.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

fn is_stripped(s: &[u8]) -> bool {
    !s.first().is_some_and(|&b| is_space(b)) && !s.last().is_some_and(|&b| is_space(b))
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    Start,
    End,
    Directive(u32, Directive),
    Metadata(u32, LineMetadata),
}

/// A directive as the handler saw it: its tag, the key (unknown keys only)
/// and the value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Directive {
    pub tag: RobotsTagName,
    pub key: Option<Vec<u8>>,
    pub value: Vec<u8>,
}

#[derive(Default)]
pub struct Recorder {
    pub events: Vec<Event>,
}

impl Recorder {
    fn directive(&mut self, line: u32, tag: RobotsTagName, key: Option<&[u8]>, value: &[u8]) {
        assert!(!value.contains(&0), "line {line}: NUL in value");
        assert!(!value.contains(&b'#'), "line {line}: '#' in value");
        assert!(is_stripped(value), "line {line}: value not stripped");
        let escaped = !matches!(tag, RobotsTagName::UserAgent | RobotsTagName::Sitemap);
        if escaped {
            assert!(value.is_ascii(), "line {line}: escaped value not ASCII");
            assert!(value.len() <= 3 * MAX_LINE_LEN);
        } else {
            assert!(value.len() <= MAX_LINE_LEN);
        }
        if let Some(key) = key {
            assert!(!key.is_empty(), "line {line}: empty key");
            assert!(!key.contains(&0) && !key.contains(&b'#') && !key.contains(&b':'));
            assert!(is_stripped(key), "line {line}: key not stripped");
            assert_eq!(get_key_type(key).0, KeyType::Unknown);
        }
        self.events.push(Event::Directive(
            line,
            Directive {
                tag,
                key: key.map(<[u8]>::to_vec),
                value: value.to_vec(),
            },
        ));
    }
}

impl ParseHandler for Recorder {
    fn handle_robots_start(&mut self) {
        self.events.push(Event::Start);
    }
    fn handle_robots_end(&mut self) {
        self.events.push(Event::End);
    }
    fn handle_user_agent(&mut self, line: u32, value: &[u8]) {
        self.directive(line, RobotsTagName::UserAgent, None, value);
    }
    fn handle_allow(&mut self, line: u32, value: &[u8]) {
        self.directive(line, RobotsTagName::Allow, None, value);
    }
    fn handle_disallow(&mut self, line: u32, value: &[u8]) {
        self.directive(line, RobotsTagName::Disallow, None, value);
    }
    fn handle_sitemap(&mut self, line: u32, value: &[u8]) {
        self.directive(line, RobotsTagName::Sitemap, None, value);
    }
    fn handle_unknown_action(&mut self, line: u32, action: &[u8], value: &[u8]) {
        let unused = UNSUPPORTED_TAGS
            .iter()
            .any(|t| t.as_bytes().eq_ignore_ascii_case(action));
        let tag = if unused {
            RobotsTagName::Unused
        } else {
            RobotsTagName::Unknown
        };
        self.directive(line, tag, Some(action), value);
    }
    fn report_line_metadata(&mut self, line: u32, metadata: &LineMetadata) {
        self.events.push(Event::Metadata(line, *metadata));
    }
}

/// `absl::StripAsciiWhitespace`.
fn strip(mut s: &[u8]) -> &[u8] {
    while let [first, rest @ ..] = s {
        if !is_space(*first) {
            break;
        }
        s = rest;
    }
    while let [rest @ .., last] = s {
        if !is_space(*last) {
            break;
        }
        s = rest;
    }
    s
}

/// `absl::StartsWithIgnoreCase`.
fn starts_with_ignore_case(key: &[u8], prefix: &[u8]) -> bool {
    key.len() >= prefix.len() && key[..prefix.len()].eq_ignore_ascii_case(prefix)
}

/// Google's `GetKeyType`: its four `KeyIs*` tests in order, each setting
/// the typo flag; then the reporter's unused-tag test for unknown keys.
fn google_key_type(key: &[u8]) -> (RobotsTagName, bool) {
    let any = |prefixes: &[&[u8]]| prefixes.iter().any(|p| starts_with_ignore_case(key, p));
    let typo = any(&[b"useragent", b"user agent"]);
    if starts_with_ignore_case(key, b"user-agent") || typo {
        return (RobotsTagName::UserAgent, typo);
    }
    if starts_with_ignore_case(key, b"allow") {
        return (RobotsTagName::Allow, false);
    }
    let typo = any(&[
        b"dissallow",
        b"dissalow",
        b"disalow",
        b"diasllow",
        b"disallaw",
    ]);
    if starts_with_ignore_case(key, b"disallow") || typo {
        return (RobotsTagName::Disallow, typo);
    }
    let typo = starts_with_ignore_case(key, b"site-map");
    if starts_with_ignore_case(key, b"sitemap") || typo {
        return (RobotsTagName::Sitemap, typo);
    }
    let unused = UNSUPPORTED_TAGS
        .iter()
        .any(|t| t.as_bytes().eq_ignore_ascii_case(key));
    let tag = if unused {
        RobotsTagName::Unused
    } else {
        RobotsTagName::Unknown
    };
    (tag, false)
}

/// Google's `MaybeEscapePattern`, for a value without NUL.
fn google_escape(src: &[u8]) -> Vec<u8> {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let hex = |j: usize| src.get(j).is_some_and(u8::is_ascii_hexdigit);
    let mut out = Vec::new();
    let mut i = 0;
    while i < src.len() {
        if src[i] == b'%' && hex(i + 1) && hex(i + 2) {
            out.push(b'%');
            out.push(src[i + 1].to_ascii_uppercase());
            out.push(src[i + 2].to_ascii_uppercase());
            i += 3;
            continue;
        }
        if src[i] >= 0x80 {
            let (hi, lo) = (src[i] >> 4, src[i] & 15);
            out.extend_from_slice(&[b'%', HEX[usize::from(hi)], HEX[usize::from(lo)]]);
        } else {
            out.push(src[i]);
        }
        i += 1;
    }
    out
}

/// Google's `ParseAndEmitLine` for one raw line (before the length cap):
/// the metadata it reports and the directive it emits, if any.
pub fn google_line(raw: &[u8]) -> (LineMetadata, Option<Directive>) {
    let mut m = LineMetadata {
        is_line_too_long: raw.len() > MAX_LINE_LEN,
        ..LineMetadata::default()
    };
    // The line buffer holds 16663 bytes and is read as a C string.
    let kept = &raw[..raw.len().min(MAX_LINE_LEN)];
    let mut line = kept.split(|&b| b == 0).next().unwrap_or_default();
    if let Some(hash) = line.iter().position(|&b| b == b'#') {
        m.has_comment = true;
        line = &line[..hash];
    }
    let line = strip(line);
    if line.is_empty() {
        if m.has_comment {
            m.is_comment = true;
        } else {
            m.is_empty = true;
        }
        return (m, None);
    }
    let sep = match line.iter().position(|&b| b == b':') {
        Some(colon) => colon,
        None => {
            // strpbrk(line, " \t"), then exactly two runs of non-blanks.
            let blank = |b: &u8| *b == b' ' || *b == b'\t';
            let Some(sep) = line.iter().position(blank) else {
                return (m, None);
            };
            let value_start = sep + line[sep..].iter().take_while(|b| blank(b)).count();
            if line[value_start..].iter().any(blank) {
                return (m, None);
            }
            m.is_missing_colon_separator = true;
            sep
        }
    };
    let key = strip(&line[..sep]);
    if key.is_empty() {
        return (m, None);
    }
    let value = strip(&line[sep + 1..]);
    m.has_directive = true;
    let (tag, typo) = google_key_type(key);
    m.is_acceptable_typo = typo;
    let (key, value) = match tag {
        RobotsTagName::UserAgent | RobotsTagName::Sitemap => (None, value.to_vec()),
        RobotsTagName::Allow | RobotsTagName::Disallow => (None, google_escape(value)),
        RobotsTagName::Unknown | RobotsTagName::Unused => {
            (Some(key.to_vec()), google_escape(value))
        }
    };
    (m, Some(Directive { tag, key, value }))
}

/// What the crate's parser hands to a handler for `body`.
pub fn crate_events(body: &[u8]) -> Vec<Event> {
    let mut recorder = Recorder::default();
    parse_robots_txt(body, &mut recorder);
    recorder.events
}

/// What Google's parser hands to a handler for `body`: per line, its
/// directive (if any), then its metadata.
pub fn google_events(body: &[u8]) -> Vec<Event> {
    let mut events = vec![Event::Start];
    for (i, raw) in google_lines(body).into_iter().enumerate() {
        let line = u32::try_from(i + 1).unwrap_or(u32::MAX);
        let (metadata, directive) = google_line(raw);
        if let Some(directive) = directive {
            events.push(Event::Directive(line, directive));
        }
        events.push(Event::Metadata(line, metadata));
    }
    events.push(Event::End);
    events
}
