//! The parser against a plain transcription of Google's parse steps.
//!
//! `reference_parse` follows Google's `ParseRobotsTxt`, `ParseAndEmitLine`,
//! `GetKeyAndValueFrom`, `Key::Parse` and `MaybeEscapePattern` one byte at a
//! time, with a fixed-size line buffer and C-string semantics, and without any
//! of the crate's code. Every callback and every line's metadata must agree,
//! on random bodies and on lines around the line-length cap.

use proptest::prelude::*;
use robotstxt::{LineMetadata, MAX_LINE_LEN, ParseHandler, parse_robots_txt};

#[derive(Debug, Clone, PartialEq, Eq)]
enum Event {
    Start,
    End,
    UserAgent(u32, Vec<u8>),
    Allow(u32, Vec<u8>),
    Disallow(u32, Vec<u8>),
    Sitemap(u32, Vec<u8>),
    Unknown(u32, Vec<u8>, Vec<u8>),
    Metadata(u32, LineMetadata),
}

#[derive(Default)]
struct Recorder(Vec<Event>);

impl ParseHandler for Recorder {
    fn handle_robots_start(&mut self) {
        self.0.push(Event::Start);
    }
    fn handle_robots_end(&mut self) {
        self.0.push(Event::End);
    }
    fn handle_user_agent(&mut self, line: u32, value: &[u8]) {
        self.0.push(Event::UserAgent(line, value.to_vec()));
    }
    fn handle_allow(&mut self, line: u32, value: &[u8]) {
        self.0.push(Event::Allow(line, value.to_vec()));
    }
    fn handle_disallow(&mut self, line: u32, value: &[u8]) {
        self.0.push(Event::Disallow(line, value.to_vec()));
    }
    fn handle_sitemap(&mut self, line: u32, value: &[u8]) {
        self.0.push(Event::Sitemap(line, value.to_vec()));
    }
    fn handle_unknown_action(&mut self, line: u32, action: &[u8], value: &[u8]) {
        self.0
            .push(Event::Unknown(line, action.to_vec(), value.to_vec()));
    }
    fn report_line_metadata(&mut self, line: u32, metadata: &LineMetadata) {
        self.0.push(Event::Metadata(line, *metadata));
    }
}

fn crate_events(body: &[u8]) -> Vec<Event> {
    let mut recorder = Recorder::default();
    parse_robots_txt(body, &mut recorder);
    recorder.0
}

/// `absl::ascii_isspace`.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

/// The C string starting at `s`: up to its first NUL.
fn c_str(s: &[u8]) -> &[u8] {
    &s[..s.iter().position(|&b| b == 0).unwrap_or(s.len())]
}

/// `StripWhitespaceSlightlyFaster` on a C string.
fn strip(s: &[u8]) -> &[u8] {
    let mut s = c_str(s);
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

fn starts_with_ignore_case(s: &[u8], prefix: &[u8]) -> bool {
    s.len() >= prefix.len() && s[..prefix.len()].eq_ignore_ascii_case(prefix)
}

/// `MaybeEscapePattern`: upper-case the hex digits of `%xx`, escape bytes at
/// or above 0x80.
fn escape(src: &[u8]) -> Vec<u8> {
    let src = c_str(src);
    let at = |i: usize| src.get(i).copied().unwrap_or(0);
    let mut out = Vec::new();
    let mut i = 0;
    while i < src.len() {
        if src[i] == b'%' && at(i + 1).is_ascii_hexdigit() && at(i + 2).is_ascii_hexdigit() {
            out.push(b'%');
            out.push(at(i + 1).to_ascii_uppercase());
            out.push(at(i + 2).to_ascii_uppercase());
            i += 3;
        } else if src[i] & 0x80 != 0 {
            out.extend_from_slice(format!("%{:02X}", src[i]).as_bytes());
            i += 1;
        } else {
            out.push(src[i]);
            i += 1;
        }
    }
    out
}

/// `ParseAndEmitLine` with `GetKeyAndValueFrom` and `Key::Parse`.
fn emit_line(events: &mut Vec<Event>, line_num: u32, line: &[u8], too_long: bool) {
    let mut metadata = LineMetadata::default();
    let mut line = c_str(line);
    if let Some(comment) = line.iter().position(|&b| b == b'#') {
        metadata.has_comment = true;
        line = &line[..comment];
    }
    let line = strip(line);
    let mut key_value = None;
    if line.is_empty() {
        if metadata.has_comment {
            metadata.is_comment = true;
        } else {
            metadata.is_empty = true;
        }
    } else {
        let mut sep = line.iter().position(|&b| b == b':');
        if sep.is_none() {
            let white = |b: &u8| *b == b' ' || *b == b'\t';
            sep = line.iter().position(white);
            if let Some(s) = sep {
                let value_start = s + line[s..].iter().take_while(|b| white(b)).count();
                if line[value_start..].iter().any(white) {
                    sep = None;
                } else {
                    metadata.is_missing_colon_separator = true;
                }
            }
        }
        if let Some(sep) = sep {
            let key = strip(&line[..sep]);
            if !key.is_empty() {
                key_value = Some((key, strip(&line[sep + 1..])));
                metadata.has_directive = true;
            }
        }
    }
    metadata.is_line_too_long = too_long;
    if let Some((key, value)) = key_value {
        let ua_typo = starts_with_ignore_case(key, b"useragent")
            || starts_with_ignore_case(key, b"user agent");
        let disallow_typo = [
            &b"dissallow"[..],
            b"dissalow",
            b"disalow",
            b"diasllow",
            b"disallaw",
        ]
        .iter()
        .any(|t| starts_with_ignore_case(key, t));
        let sitemap_typo = starts_with_ignore_case(key, b"site-map");
        let event = if starts_with_ignore_case(key, b"user-agent") || ua_typo {
            metadata.is_acceptable_typo = ua_typo;
            Event::UserAgent(line_num, value.to_vec())
        } else if starts_with_ignore_case(key, b"allow") {
            Event::Allow(line_num, escape(value))
        } else if starts_with_ignore_case(key, b"disallow") || disallow_typo {
            metadata.is_acceptable_typo = disallow_typo;
            Event::Disallow(line_num, escape(value))
        } else if starts_with_ignore_case(key, b"sitemap") || sitemap_typo {
            metadata.is_acceptable_typo = sitemap_typo;
            Event::Sitemap(line_num, value.to_vec())
        } else {
            Event::Unknown(line_num, key.to_vec(), escape(value))
        };
        events.push(event);
    }
    events.push(Event::Metadata(line_num, metadata));
}

/// `ParseRobotsTxt`: a byte at a time into a line buffer of
/// `MAX_LINE_LEN + 1` bytes (one kept for the NUL).
fn reference_parse(body: &[u8]) -> Vec<Event> {
    const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];
    let mut events = vec![Event::Start];
    let mut buffer: Vec<u8> = Vec::with_capacity(MAX_LINE_LEN);
    let mut too_long = false;
    let mut line_num = 0u32;
    let mut bom_pos = 0;
    let mut last_was_cr = false;
    for &ch in body {
        if bom_pos < BOM.len() {
            let matched = ch == BOM[bom_pos];
            bom_pos += 1;
            if matched {
                continue;
            }
        }
        bom_pos = BOM.len();
        if ch != b'\n' && ch != b'\r' {
            if buffer.len() < MAX_LINE_LEN {
                buffer.push(ch);
            } else {
                too_long = true;
            }
        } else {
            let crlf_continuation = buffer.is_empty() && last_was_cr && ch == b'\n';
            if !crlf_continuation {
                line_num += 1;
                emit_line(&mut events, line_num, &buffer, too_long);
                too_long = false;
            }
            buffer.clear();
            last_was_cr = ch == b'\r';
        }
    }
    line_num += 1;
    emit_line(&mut events, line_num, &buffer, too_long);
    events.push(Event::End);
    events
}

#[test]
fn googles_example_file() {
    let body = b"\xEF\xBB\xBFUser-agent: FooBot # the bot\r\n\
        Disallow: /p\xC3\xA9%aa\r\n\
        dissalow /typo\n\
        allow : /x:y\n\
        # only a comment\n\
        \n\
        Sitemap: https://example.com/sitemap.xml\r\
        Crawl-delay: 5 %2f\n\
        a b c\n\
        key\0: hidden";
    assert_eq!(crate_events(body), reference_parse(body));
}

#[test]
fn specials_around_the_line_length_cap() {
    // A line whose byte at `at` is special, for positions around the cap
    // and around the 64-byte blocks the parser reads.
    let specials: [&[u8]; 8] = [b":", b"#", b"\0", b"%", b"%a1", b"\xFF", b" ", b"\r\n"];
    for line_len in [
        MAX_LINE_LEN - 1,
        MAX_LINE_LEN,
        MAX_LINE_LEN + 1,
        MAX_LINE_LEN + 70,
    ] {
        for at in (MAX_LINE_LEN - 4..MAX_LINE_LEN + 4).chain([0, 7, 8, 9, 63, 64, 65]) {
            for special in specials {
                for prefix in [&b"disallow:"[..], b"disallow ", b"x"] {
                    let mut line = prefix.to_vec();
                    line.resize(line_len, b'a');
                    if at + special.len() <= line.len() && at >= prefix.len() {
                        line[at..at + special.len()].copy_from_slice(special);
                    }
                    let mut body = line.clone();
                    body.extend_from_slice(b"\nallow: /next\n");
                    body.extend_from_slice(&line);
                    assert_eq!(
                        crate_events(&body),
                        reference_parse(&body),
                        "line of {line_len} bytes, {special:?} at {at}, prefix {prefix:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn line_ends_in_every_position_of_a_block() {
    for len in 0..140 {
        for ends in [&b"\n"[..], b"\r", b"\r\n", b"\n\r", b"\r\r\n"] {
            let mut body = b"disallow: /".to_vec();
            body.resize(len.max(body.len()), b'b');
            body.extend_from_slice(ends);
            body.extend_from_slice(b"allow: /c#d:e");
            body.extend_from_slice(ends);
            assert_eq!(
                crate_events(&body),
                reference_parse(&body),
                "{len} {ends:?}"
            );
        }
    }
}

/// Pieces that random bodies are made of: keys (with typos and odd case),
/// separators, whitespace of every kind, line ends, comments, NULs, escapes,
/// high bytes, BOM bytes and runs long enough to cross 64-byte blocks.
fn piece() -> impl Strategy<Value = Vec<u8>> {
    let fixed: Vec<&'static [u8]> = vec![
        b"user-agent",
        b"User-Agent",
        b"useragent",
        b"user agent",
        b"USER-AGENTS",
        b"allow",
        b"Allowed",
        b"disallow",
        b"DisAllow",
        b"dissallow",
        b"dissalow",
        b"disalow",
        b"diasllow",
        b"disallaw",
        b"sitemap",
        b"site-map",
        b"crawl-delay",
        b"u",
        b"d",
        b":",
        b" ",
        b"\t",
        b"\x0B",
        b"\x0C",
        b"\n",
        b"\r",
        b"\r\n",
        b"#",
        b"\0",
        b"%",
        b"%aB",
        b"%2f",
        b"%zz",
        b"\xC3\xA9",
        b"\xFF",
        b"\xEF\xBB\xBF",
        b"\xEF",
        b"/",
        b"/path",
        b"*",
        b"$",
        b"googlebot",
        b"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    ];
    prop_oneof![
        4 => proptest::sample::select(fixed).prop_map(<[u8]>::to_vec),
        1 => proptest::collection::vec(any::<u8>(), 0..8),
    ]
}

fn body() -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(piece(), 0..60).prop_map(|pieces| pieces.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    #[test]
    fn random_bodies_parse_as_google_parses_them(body in body()) {
        prop_assert_eq!(crate_events(&body), reference_parse(&body));
    }

    #[test]
    fn arbitrary_bytes_parse_as_google_parses_them(
        body in proptest::collection::vec(any::<u8>(), 0..400)
    ) {
        prop_assert_eq!(crate_events(&body), reference_parse(&body));
    }
}
