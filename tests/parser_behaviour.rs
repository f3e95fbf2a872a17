//! Pins of Google's parser and matcher behaviours, one behaviour per test.
//!
//! Every expected value here is derived by reading Google's `robots.cc`
//! (github.com/google/robotstxt); where the derivation is not obvious, a
//! comment walks through it. None was taken from running this crate.

use std::fmt;

use robotstxt_exact::{
    KeyType, LineMetadata, MAX_LINE_LEN, ParseHandler, RobotsMatcher, RobotsParsingReporter,
    extract_user_agent, get_key_type, parse_robots_txt,
};

/// Bytes shown as an escaped byte string in failure messages.
#[derive(Clone, PartialEq, Eq)]
struct Bytes(Vec<u8>);

impl fmt::Debug for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "b\"{}\"", self.0.escape_ascii())
    }
}

fn bytes(b: impl AsRef<[u8]>) -> Bytes {
    Bytes(b.as_ref().to_vec())
}

/// One handler callback, in the order the parser made it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Event {
    Start,
    End,
    UserAgent(u32, Bytes),
    Allow(u32, Bytes),
    Disallow(u32, Bytes),
    Sitemap(u32, Bytes),
    Unknown(u32, Bytes, Bytes),
    Meta(u32, LineMetadata),
}

fn ua(line: u32, value: impl AsRef<[u8]>) -> Event {
    Event::UserAgent(line, bytes(value))
}
fn allow(line: u32, value: impl AsRef<[u8]>) -> Event {
    Event::Allow(line, bytes(value))
}
fn disallow(line: u32, value: impl AsRef<[u8]>) -> Event {
    Event::Disallow(line, bytes(value))
}
fn sitemap(line: u32, value: impl AsRef<[u8]>) -> Event {
    Event::Sitemap(line, bytes(value))
}
fn unknown(line: u32, key: impl AsRef<[u8]>, value: impl AsRef<[u8]>) -> Event {
    Event::Unknown(line, bytes(key), bytes(value))
}

#[derive(Default)]
struct Recorder {
    events: Vec<Event>,
}

impl ParseHandler for Recorder {
    fn handle_robots_start(&mut self) {
        self.events.push(Event::Start);
    }
    fn handle_robots_end(&mut self) {
        self.events.push(Event::End);
    }
    fn handle_user_agent(&mut self, line_num: u32, value: &[u8]) {
        self.events.push(ua(line_num, value));
    }
    fn handle_allow(&mut self, line_num: u32, value: &[u8]) {
        self.events.push(allow(line_num, value));
    }
    fn handle_disallow(&mut self, line_num: u32, value: &[u8]) {
        self.events.push(disallow(line_num, value));
    }
    fn handle_sitemap(&mut self, line_num: u32, value: &[u8]) {
        self.events.push(sitemap(line_num, value));
    }
    fn handle_unknown_action(&mut self, line_num: u32, action: &[u8], value: &[u8]) {
        self.events.push(unknown(line_num, action, value));
    }
    fn report_line_metadata(&mut self, line_num: u32, metadata: &LineMetadata) {
        self.events.push(Event::Meta(line_num, *metadata));
    }
}

/// Every callback for `body`, in order.
fn events(body: impl AsRef<[u8]>) -> Vec<Event> {
    let mut recorder = Recorder::default();
    parse_robots_txt(body.as_ref(), &mut recorder);
    recorder.events
}

/// The directive callbacks for `body`, in order.
fn directives(body: impl AsRef<[u8]>) -> Vec<Event> {
    events(body)
        .into_iter()
        .filter(|e| !matches!(e, Event::Start | Event::End | Event::Meta(..)))
        .collect()
}

/// The metadata reported for each line of `body`, in order.
fn metadata(body: impl AsRef<[u8]>) -> Vec<(u32, LineMetadata)> {
    events(body)
        .into_iter()
        .filter_map(|e| match e {
            Event::Meta(line, m) => Some((line, m)),
            _ => None,
        })
        .collect()
}

/// The metadata of line `line` of `body`.
#[track_caller]
fn line_metadata(body: impl AsRef<[u8]>, line: u32) -> LineMetadata {
    let all = metadata(body);
    let found: Vec<_> = all.iter().filter(|(n, _)| *n == line).collect();
    assert_eq!(found.len(), 1, "line {line} reported once in {all:?}");
    found[0].1
}

/// A line with content but no directive.
const NONE: LineMetadata = LineMetadata {
    is_empty: false,
    has_comment: false,
    is_comment: false,
    has_directive: false,
    is_acceptable_typo: false,
    is_line_too_long: false,
    is_missing_colon_separator: false,
};
const EMPTY: LineMetadata = LineMetadata {
    is_empty: true,
    ..NONE
};
const COMMENT: LineMetadata = LineMetadata {
    has_comment: true,
    is_comment: true,
    ..NONE
};
const DIRECTIVE: LineMetadata = LineMetadata {
    has_directive: true,
    ..NONE
};
const DIRECTIVE_AND_COMMENT: LineMetadata = LineMetadata {
    has_comment: true,
    ..DIRECTIVE
};
const MISSING_COLON: LineMetadata = LineMetadata {
    is_missing_colon_separator: true,
    ..DIRECTIVE
};
const TYPO: LineMetadata = LineMetadata {
    is_acceptable_typo: true,
    ..DIRECTIVE
};

fn repeat(byte: u8, n: usize) -> Vec<u8> {
    vec![byte; n]
}

// ---------------------------------------------------------------------------
// Line ends and line numbering.

#[test]
fn lf_ends_a_line() {
    let body = "user-agent: a\nallow: /b\n";
    assert_eq!(directives(body), [ua(1, "a"), allow(2, "/b")]);
    assert_eq!(metadata(body), [(1, DIRECTIVE), (2, DIRECTIVE), (3, EMPTY)]);
}

#[test]
fn cr_ends_a_line() {
    let body = "user-agent: a\rallow: /b\r";
    assert_eq!(directives(body), [ua(1, "a"), allow(2, "/b")]);
    assert_eq!(metadata(body), [(1, DIRECTIVE), (2, DIRECTIVE), (3, EMPTY)]);
}

#[test]
fn crlf_is_one_line_end() {
    let body = "user-agent: a\r\nallow: /b\r\n";
    assert_eq!(directives(body), [ua(1, "a"), allow(2, "/b")]);
    assert_eq!(metadata(body), [(1, DIRECTIVE), (2, DIRECTIVE), (3, EMPTY)]);
}

#[test]
fn lf_then_cr_is_two_line_ends() {
    // Only an LF right after a CR is swallowed; a CR after an LF ends an
    // empty line of its own.
    let body = "allow: /a\n\rallow: /b";
    assert_eq!(directives(body), [allow(1, "/a"), allow(3, "/b")]);
    assert_eq!(line_metadata(body, 2), EMPTY);
}

#[test]
fn cr_cr_lf_is_two_line_ends() {
    // The second CR ends an empty line 2; the LF then directly follows a CR
    // on an empty buffer and is swallowed.
    let body = "allow: /a\r\r\nallow: /b";
    assert_eq!(directives(body), [allow(1, "/a"), allow(3, "/b")]);
    assert_eq!(metadata(body), [(1, DIRECTIVE), (2, EMPTY), (3, DIRECTIVE)]);
}

#[test]
fn crlf_swallows_only_one_lf() {
    // After the swallowed LF, "last was CR" is false again, so the next LF
    // ends an empty line.
    let body = "allow: /a\r\n\nallow: /b";
    assert_eq!(directives(body), [allow(1, "/a"), allow(3, "/b")]);
    assert_eq!(line_metadata(body, 2), EMPTY);
}

#[test]
fn nul_between_cr_and_lf_makes_the_lf_end_another_line() {
    // The NUL is stored in Google's line buffer, so at the LF the buffer is
    // not empty and the LF is no CRLF continuation. Line 2 holds only the
    // NUL, which reads as an empty C string.
    let body = b"allow: /a\r\0\nallow: /b";
    assert_eq!(directives(body), [allow(1, "/a"), allow(3, "/b")]);
    assert_eq!(line_metadata(body, 2), EMPTY);
}

#[test]
fn body_without_final_newline_ends_with_its_last_line() {
    let body = "user-agent: a\ndisallow: /x";
    assert_eq!(directives(body), [ua(1, "a"), disallow(2, "/x")]);
    assert_eq!(metadata(body), [(1, DIRECTIVE), (2, DIRECTIVE)]);
}

#[test]
fn final_newline_adds_an_empty_last_line() {
    assert_eq!(metadata("disallow: /x\n"), [(1, DIRECTIVE), (2, EMPTY)]);
}

#[test]
fn empty_body_is_one_empty_line() {
    assert_eq!(
        events(""),
        [Event::Start, Event::Meta(1, EMPTY), Event::End]
    );
}

#[test]
fn lone_line_end_is_two_empty_lines() {
    for body in ["\n", "\r", "\r\n"] {
        assert_eq!(
            events(body),
            [
                Event::Start,
                Event::Meta(1, EMPTY),
                Event::Meta(2, EMPTY),
                Event::End
            ],
            "body {body:?}"
        );
    }
}

#[test]
fn line_metadata_is_reported_after_the_directive_of_its_line() {
    assert_eq!(
        events("user-agent: a\n"),
        [
            Event::Start,
            ua(1, "a"),
            Event::Meta(1, DIRECTIVE),
            Event::Meta(2, EMPTY),
            Event::End
        ]
    );
}

// ---------------------------------------------------------------------------
// UTF-8 byte order mark.

#[test]
fn full_bom_is_skipped() {
    let body = b"\xEF\xBB\xBFuser-agent: foo\nallow: /x";
    assert_eq!(directives(body), [ua(1, "foo"), allow(2, "/x")]);
}

#[test]
fn bom_followed_by_a_line_end_leaves_an_empty_first_line() {
    let body = b"\xEF\xBB\xBF\nallow: /x";
    assert_eq!(directives(body), [allow(2, "/x")]);
    assert_eq!(line_metadata(body, 1), EMPTY);
}

#[test]
fn two_byte_bom_prefix_is_skipped() {
    let body = b"\xEF\xBBuser-agent: foo\nallow: /x";
    assert_eq!(directives(body), [ua(1, "foo"), allow(2, "/x")]);
}

#[test]
fn one_byte_bom_prefix_is_skipped() {
    let body = b"\xEFuser-agent: foo\nallow: /x";
    assert_eq!(directives(body), [ua(1, "foo"), allow(2, "/x")]);
}

#[test]
fn broken_bom_keeps_the_bytes_after_its_matching_prefix() {
    // 0xEF matches and is skipped; 0x11 does not match 0xBB, which ends BOM
    // skipping, so 0x11 and 0xBF start the first key.
    let body = b"\xEF\x11\xBFuser-agent: foo\nallow: /x";
    assert_eq!(
        directives(body),
        [unknown(1, b"\x11\xBFuser-agent", "foo"), allow(2, "/x")]
    );
}

#[test]
fn bom_prefix_is_not_retried_after_a_mismatch() {
    // The second 0xEF fails to match 0xBB and is kept, and with it the rest
    // of the second BOM.
    let body = b"\xEF\xEF\xBB\xBFallow: /x";
    assert_eq!(directives(body), [unknown(1, b"\xEF\xBB\xBFallow", "/x")]);
}

#[test]
fn only_one_bom_is_skipped() {
    let body = b"\xEF\xBB\xBF\xEF\xBB\xBFallow: /x";
    assert_eq!(directives(body), [unknown(1, b"\xEF\xBB\xBFallow", "/x")]);
}

#[test]
fn bom_in_the_middle_of_the_file_is_content() {
    let body = b"user-agent: foo\n\xEF\xBB\xBFallow: /x";
    assert_eq!(
        directives(body),
        [ua(1, "foo"), unknown(2, b"\xEF\xBB\xBFallow", "/x")]
    );
}

// ---------------------------------------------------------------------------
// The line buffer: Google keeps 2083 * 8 - 1 bytes of a line.

/// `disallow: /aaa...` of exactly `len` bytes.
fn disallow_line(len: usize) -> Vec<u8> {
    let mut line = b"disallow: /".to_vec();
    line.resize(len, b'a');
    line
}

#[test]
fn max_line_len_is_google_buffer_size_less_the_nul() {
    assert_eq!(MAX_LINE_LEN, 16663);
}

#[test]
fn line_of_16663_bytes_is_not_too_long() {
    let body = disallow_line(16663);
    let report = RobotsParsingReporter::parse(&body);
    assert!(!report.parse_results()[0].metadata.is_line_too_long);
    assert_eq!(directives(&body), [disallow(1, &body[10..])]);
}

#[test]
fn line_of_16664_bytes_is_too_long_and_loses_its_last_byte() {
    let mut body = disallow_line(16663);
    body.push(b'b');
    let report = RobotsParsingReporter::parse(&body);
    assert!(report.parse_results()[0].metadata.is_line_too_long);
    assert_eq!(directives(&body), [disallow(1, &body[10..16663])]);
}

#[test]
fn bytes_past_the_line_cap_are_dropped_comment_included() {
    let mut body = disallow_line(16663);
    body.extend_from_slice(b"bbb #comment");
    let report = RobotsParsingReporter::parse(&body);
    let line = report.parse_results()[0];
    assert!(line.metadata.is_line_too_long);
    assert!(!line.metadata.has_comment);
    assert_eq!(directives(&body), [disallow(1, &body[10..16663])]);
}

#[test]
fn colon_past_the_line_cap_is_dropped() {
    // The kept 16663 bytes are one token without a colon: no directive.
    let mut body = repeat(b'a', 16663);
    body.extend_from_slice(b": /x");
    assert_eq!(directives(&body), []);
    assert_eq!(
        metadata(&body),
        [(
            1,
            LineMetadata {
                is_line_too_long: true,
                ..NONE
            }
        )]
    );
}

#[test]
fn line_after_a_too_long_line_is_numbered_and_flagged_normally() {
    for end in [&b"\n"[..], b"\r", b"\r\n"] {
        let mut body = disallow_line(20000);
        body.extend_from_slice(end);
        body.extend_from_slice(b"allow: /y");
        let report = RobotsParsingReporter::parse(&body);
        let lines = report.parse_results();
        assert_eq!(lines.len(), 2);
        assert!(lines[0].metadata.is_line_too_long);
        assert!(!lines[1].metadata.is_line_too_long);
        assert_eq!(
            directives(&body),
            [disallow(1, &body[10..16663]), allow(2, "/y")]
        );
    }
}

#[test]
fn bom_does_not_count_towards_the_line_length() {
    let mut body = b"\xEF\xBB\xBF".to_vec();
    body.extend_from_slice(&disallow_line(16663));
    let report = RobotsParsingReporter::parse(&body);
    assert!(!report.parse_results()[0].metadata.is_line_too_long);
    assert_eq!(directives(&body), [disallow(1, &body[13..])]);
}

// ---------------------------------------------------------------------------
// Comments and whitespace.

#[test]
fn hash_starts_a_comment_anywhere_in_a_line() {
    let body = "allow: /a#b\nallow: /c # d\n# whole\n   # indented\n#";
    assert_eq!(directives(body), [allow(1, "/a"), allow(2, "/c")]);
    assert_eq!(
        metadata(body),
        [
            (1, DIRECTIVE_AND_COMMENT),
            (2, DIRECTIVE_AND_COMMENT),
            (3, COMMENT),
            (4, COMMENT),
            (5, COMMENT)
        ]
    );
}

#[test]
fn comment_cutting_a_line_to_one_token_leaves_no_directive() {
    // "disallow #: /x" becomes "disallow": no colon and no second token.
    assert_eq!(directives("disallow #: /x"), []);
    assert_eq!(
        metadata("disallow #: /x"),
        [(
            1,
            LineMetadata {
                has_comment: true,
                ..NONE
            }
        )]
    );
}

#[test]
fn escaped_hash_is_not_a_comment() {
    assert_eq!(directives("disallow: /a%23b"), [disallow(1, "/a%23b")]);
    assert_eq!(metadata("disallow: /a%23b"), [(1, DIRECTIVE)]);
}

#[test]
fn whitespace_only_line_is_empty() {
    assert_eq!(metadata(b" \t\x0B\x0C"), [(1, EMPTY)]);
}

#[test]
fn key_and_value_are_stripped_of_space_tab_vt_and_ff() {
    let body = b" \t\x0B\x0Callow \t\x0B\x0C: \t\x0B\x0C/x \t\x0B\x0C";
    assert_eq!(directives(body), [allow(1, "/x")]);
    assert_eq!(metadata(body), [(1, DIRECTIVE)]);
}

#[test]
fn whitespace_inside_a_value_is_kept() {
    assert_eq!(directives("disallow: /a b\tc"), [disallow(1, "/a b\tc")]);
}

#[test]
fn empty_value_is_still_a_directive() {
    assert_eq!(directives("allow:"), [allow(1, "")]);
    assert_eq!(metadata("allow:"), [(1, DIRECTIVE)]);
}

// ---------------------------------------------------------------------------
// The colon separator.

#[test]
fn missing_colon_accepted_between_exactly_two_tokens() {
    assert_eq!(directives("disallow /x"), [disallow(1, "/x")]);
    assert_eq!(metadata("disallow /x"), [(1, MISSING_COLON)]);
    assert_eq!(directives("user-agent \t FooBot"), [ua(1, "FooBot")]);
    assert_eq!(metadata("user-agent \t FooBot"), [(1, MISSING_COLON)]);
}

#[test]
fn missing_colon_rejected_with_three_tokens() {
    assert_eq!(directives("disallow /x /y"), []);
    assert_eq!(metadata("disallow /x /y"), [(1, NONE)]);
    assert_eq!(directives("user agent FooBot"), []);
}

#[test]
fn single_token_without_colon_is_no_directive() {
    assert_eq!(directives("disallow"), []);
    assert_eq!(metadata("disallow"), [(1, NONE)]);
}

#[test]
fn only_space_and_tab_separate_tokens_without_colon() {
    // Google looks for the separator with strpbrk(" \t"): a vertical tab or
    // a form feed neither separates the key from the value nor counts as a
    // third token.
    for other in [b'\x0B', b'\x0C'] {
        assert_eq!(directives([b"disallow", &[other][..], b"/x"].concat()), []);
        let body = [b"disallow /x", &[other][..], b"/y"].concat();
        assert_eq!(directives(&body), [disallow(1, &body[9..])]);
        assert_eq!(metadata(&body), [(1, MISSING_COLON)]);
    }
}

#[test]
fn first_colon_anywhere_is_the_separator() {
    // The colon wins over whitespace: the key is "disallow /x", which is a
    // disallow by prefix, and the value is "y".
    assert_eq!(directives("disallow /x:y"), [disallow(1, "y")]);
    assert_eq!(metadata("disallow /x:y"), [(1, DIRECTIVE)]);
    assert_eq!(
        directives("sitemap: http://a/b"),
        [sitemap(1, "http://a/b")]
    );
}

#[test]
fn colon_at_line_start_is_no_directive() {
    for body in [": /x", "  :/x", ":", " : "] {
        assert_eq!(directives(body), [], "body {body:?}");
        assert_eq!(metadata(body), [(1, NONE)], "body {body:?}");
    }
}

// ---------------------------------------------------------------------------
// NUL bytes in the body.

#[test]
fn nul_byte_ends_the_content_of_a_line() {
    let body = b"allow: /a\0/b\nallow: /c";
    assert_eq!(directives(body), [allow(1, "/a"), allow(2, "/c")]);
}

#[test]
fn comment_after_a_nul_byte_is_not_seen() {
    assert_eq!(metadata(b"allow: /a\0#c"), [(1, DIRECTIVE)]);
}

#[test]
fn line_starting_with_a_nul_byte_is_empty() {
    assert_eq!(directives(b"\0allow: /a"), []);
    assert_eq!(metadata(b"\0allow: /a"), [(1, EMPTY)]);
}

// ---------------------------------------------------------------------------
// Keys.

#[test]
fn keys_match_by_case_insensitive_prefix() {
    let body = "Disallowed: /x\n\
                user-agentfoo: bar\n\
                ALLOWANCE: /y\n\
                Sitemaps: http://s/\n\
                xdisallow: /z";
    assert_eq!(
        directives(body),
        [
            disallow(1, "/x"),
            ua(2, "bar"),
            allow(3, "/y"),
            sitemap(4, "http://s/"),
            unknown(5, "xdisallow", "/z")
        ]
    );
    assert_eq!(
        metadata(body),
        [
            (1, DIRECTIVE),
            (2, DIRECTIVE),
            (3, DIRECTIVE),
            (4, DIRECTIVE),
            (5, DIRECTIVE)
        ]
    );
}

#[test]
fn every_accepted_typo_is_recognised_and_flagged() {
    let cases = [
        ("useragent", ua(1, "v")),
        ("user agent", ua(1, "v")),
        ("UserAgent", ua(1, "v")),
        ("dissallow", disallow(1, "v")),
        ("dissalow", disallow(1, "v")),
        ("disalow", disallow(1, "v")),
        ("diasllow", disallow(1, "v")),
        ("disallaw", disallow(1, "v")),
        ("DISALOW", disallow(1, "v")),
        ("site-map", sitemap(1, "v")),
    ];
    for (key, expected) in cases {
        let body = format!("{key}: v");
        assert_eq!(directives(&body), [expected], "key {key:?}");
        assert_eq!(metadata(&body), [(1, TYPO)], "key {key:?}");
    }
}

#[test]
fn correct_keys_are_not_typos() {
    let body = "user-agent: a\nallow: /b\ndisallow: /c\nsitemap: d";
    assert_eq!(
        directives(body),
        [
            ua(1, "a"),
            allow(2, "/b"),
            disallow(3, "/c"),
            sitemap(4, "d")
        ]
    );
    assert!(metadata(body).iter().all(|(_, m)| *m == DIRECTIVE));
}

#[test]
fn allow_has_no_accepted_typo() {
    assert_eq!(
        directives("alow: /x\nallaw: /y"),
        [unknown(1, "alow", "/x"), unknown(2, "allaw", "/y")]
    );
}

#[test]
fn typo_key_without_colon_is_flagged_twice() {
    assert_eq!(directives("useragent foo"), [ua(1, "foo")]);
    assert_eq!(
        metadata("useragent foo"),
        [(
            1,
            LineMetadata {
                is_acceptable_typo: true,
                ..MISSING_COLON
            }
        )]
    );
}

#[test]
fn get_key_type_checks_user_agent_allow_disallow_sitemap_prefixes() {
    assert_eq!(get_key_type(b"Disallowed"), (KeyType::Disallow, false));
    assert_eq!(get_key_type(b"user agent"), (KeyType::UserAgent, true));
    assert_eq!(get_key_type(b"user-agents"), (KeyType::UserAgent, false));
    assert_eq!(get_key_type(b"allowdisalow"), (KeyType::Allow, false));
    assert_eq!(get_key_type(b"SITE-MAPS"), (KeyType::Sitemap, true));
    assert_eq!(get_key_type(b"crawl-delay"), (KeyType::Unknown, false));
    assert_eq!(get_key_type(b""), (KeyType::Unknown, false));
}

// ---------------------------------------------------------------------------
// Escaping of values.

#[test]
fn allow_disallow_and_unknown_values_are_escaped() {
    let body = b"allow: /%aa\xC3\xA9\ndisallow: /%aa\xC3\xA9\nfoo: /%aa\xC3\xA9";
    assert_eq!(
        directives(body),
        [
            allow(1, "/%AA%C3%A9"),
            disallow(2, "/%AA%C3%A9"),
            unknown(3, "foo", "/%AA%C3%A9")
        ]
    );
}

#[test]
fn user_agent_and_sitemap_values_are_not_escaped() {
    let body = b"user-agent: Bot%aa\xC3\xA9\nsitemap: http://x/%aa\xC3\xA9";
    assert_eq!(
        directives(body),
        [
            ua(1, b"Bot%aa\xC3\xA9"),
            sitemap(2, b"http://x/%aa\xC3\xA9")
        ]
    );
}

#[test]
fn unknown_key_is_passed_unescaped() {
    assert_eq!(
        directives(b"f\xC3\xA9%aa: v"),
        [unknown(1, b"f\xC3\xA9%aa", "v")]
    );
}

#[test]
fn invalid_percent_sequences_are_kept_and_valid_ones_upper_cased() {
    let body = b"allow: /%\nallow: /%a\nallow: /%zz%2f\nallow: /%Af\nallow: %%aa\nallow: /\x80\xFF";
    assert_eq!(
        directives(body),
        [
            allow(1, "/%"),
            allow(2, "/%a"),
            allow(3, "/%zz%2F"),
            allow(4, "/%AF"),
            allow(5, "%%AA"),
            allow(6, "/%80%FF")
        ]
    );
}

#[test]
fn lone_byte_0x80_is_escaped() {
    // 0x80 is the lowest byte with the high bit set.
    assert_eq!(directives(b"allow: /\x80"), [allow(1, "/%80")]);
}

// ---------------------------------------------------------------------------
// Matcher: user agents and groups.

#[test]
fn star_is_the_global_agent() {
    let body = "user-agent: *\ndisallow: /";
    let mut m = RobotsMatcher::new();
    assert!(!m.one_agent_allowed_by_robots(body, "FooBot", "http://x/a"));
    assert!(!m.ever_seen_specific_agent());
    assert!(!m.disallow_ignore_global());
    assert_eq!(m.matching_line(), 2);
}

#[test]
fn star_followed_by_whitespace_and_text_is_global() {
    for body in [
        "user-agent: * foo\ndisallow: /",
        "user-agent: *\tfoo\ndisallow: /",
    ] {
        let mut m = RobotsMatcher::new();
        assert!(
            !m.one_agent_allowed_by_robots(body, "FooBot", "http://x/a"),
            "body {body:?}"
        );
        assert!(!m.ever_seen_specific_agent());
    }
}

#[test]
fn star_glued_to_text_is_not_global() {
    // "*foo" and "**" are not "*"; their extracted agent is empty and names
    // nobody, so no group applies.
    for body in [
        "user-agent: *foo\ndisallow: /",
        "user-agent: **\ndisallow: /",
    ] {
        let mut m = RobotsMatcher::new();
        assert!(
            m.one_agent_allowed_by_robots(body, "FooBot", "http://x/a"),
            "body {body:?}"
        );
        assert_eq!(m.matching_line(), 0);
    }
}

#[test]
fn robots_user_agent_is_cut_at_the_first_byte_outside_letters_dash_underscore() {
    assert_eq!(extract_user_agent(b"FooBot/1.2"), b"FooBot");
    assert_eq!(extract_user_agent(b"Foo-Bot_x2"), b"Foo-Bot_x");
    assert_eq!(extract_user_agent(b"F\xC3\xB6o"), b"F");
    assert_eq!(extract_user_agent(b"2bot"), b"");

    let mut m = RobotsMatcher::new();
    let body = "user-agent: FooBot/1.2\ndisallow: /";
    assert!(!m.one_agent_allowed_by_robots(body, "FooBot", "http://x/a"));
    assert!(m.ever_seen_specific_agent());

    let body = "user-agent: Foo-Bot_x2\ndisallow: /";
    assert!(!m.one_agent_allowed_by_robots(body, "Foo-Bot_x", "http://x/a"));
    assert!(m.one_agent_allowed_by_robots(body, "Foo-Bot_x2", "http://x/a"));
    assert!(!m.ever_seen_specific_agent());
}

#[test]
fn queried_user_agent_is_compared_whole_ignoring_case() {
    // The extracted robots.txt agent is compared with the full queried
    // string, so a queried agent with a version never matches.
    let body = "user-agent: FooBot\ndisallow: /";
    let mut m = RobotsMatcher::new();
    assert!(m.one_agent_allowed_by_robots(body, "FooBot/1.2", "http://x/a"));
    assert!(!m.ever_seen_specific_agent());
    assert!(!m.one_agent_allowed_by_robots(body, "fOOBOT", "http://x/a"));
}

#[test]
fn any_of_several_queried_agents_selects_its_groups() {
    let body = "user-agent: BarBot\ndisallow: /";
    let mut m = RobotsMatcher::new();
    assert!(!m.allowed_by_robots(body, &["FooBot", "BarBot"], "http://x/a"));
    assert!(m.ever_seen_specific_agent());
    assert_eq!(m.matching_line(), 2);
}

#[test]
fn rules_before_any_user_agent_are_ignored() {
    let body = "disallow: /\nallow: /x\nuser-agent: FooBot\ndisallow: /y";
    let mut m = RobotsMatcher::new();
    assert!(m.one_agent_allowed_by_robots(body, "FooBot", "http://x/z"));
    assert_eq!(m.matching_line(), 0);
    assert!(m.one_agent_allowed_by_robots(body, "BarBot", "http://x/z"));
    assert_eq!(m.matching_line(), 0);
}

#[test]
fn consecutive_user_agent_lines_share_a_group_across_blank_lines() {
    // No rule separates lines 1 and 3, so "*" joins FooBot's group instead
    // of starting a new one, and line 4 is recorded as FooBot's own rule.
    let body = "user-agent: FooBot\n\nuser-agent: *\ndisallow: /";
    let mut m = RobotsMatcher::new();
    assert!(!m.one_agent_allowed_by_robots(body, "FooBot", "http://x/a"));
    assert!(m.ever_seen_specific_agent());
    assert!(m.disallow_ignore_global());
    assert_eq!(m.matching_line(), 4);

    assert!(!m.one_agent_allowed_by_robots(body, "BarBot", "http://x/a"));
    assert!(!m.ever_seen_specific_agent());
    assert!(!m.disallow_ignore_global());
    assert_eq!(m.matching_line(), 4);
}

#[test]
fn groups_naming_the_same_agent_are_merged() {
    // Line 4 belongs to BarBot's group and is skipped; line 6 adds to the
    // rules FooBot got on line 2, and the longest match of both wins.
    let body = "user-agent: FooBot\n\
                disallow: /a\n\
                user-agent: BarBot\n\
                disallow: /\n\
                user-agent: FooBot\n\
                disallow: /ab";
    let mut m = RobotsMatcher::new();
    assert!(!m.one_agent_allowed_by_robots(body, "FooBot", "http://x/abc"));
    assert_eq!(m.matching_line(), 6);
    assert!(!m.one_agent_allowed_by_robots(body, "FooBot", "http://x/ax"));
    assert_eq!(m.matching_line(), 2);
}

// ---------------------------------------------------------------------------
// Matcher: matching_line, ever_seen_specific_agent, disallow_ignore_global.

const GLOBAL_AND_FOOBOT: &str = "user-agent: *\n\
                                 disallow: /private\n\
                                 allow: /private/public\n\
                                 \n\
                                 user-agent: FooBot\n\
                                 disallow: /foo\n";

#[test]
fn agent_with_own_group_ignores_global_rules() {
    let mut m = RobotsMatcher::new();
    assert!(m.one_agent_allowed_by_robots(GLOBAL_AND_FOOBOT, "FooBot", "http://x/private/x"));
    assert!(m.ever_seen_specific_agent());
    assert!(!m.disallow_ignore_global());
    // Only FooBot's group counts, and nothing in it matched.
    assert_eq!(m.matching_line(), 0);

    assert!(!m.one_agent_allowed_by_robots(GLOBAL_AND_FOOBOT, "FooBot", "http://x/foo/x"));
    assert!(m.disallow_ignore_global());
    assert_eq!(m.matching_line(), 6);
}

#[test]
fn agent_without_own_group_follows_global_rules() {
    let mut m = RobotsMatcher::new();
    assert!(!m.one_agent_allowed_by_robots(GLOBAL_AND_FOOBOT, "BarBot", "http://x/private/x"));
    assert!(!m.ever_seen_specific_agent());
    assert!(!m.disallow_ignore_global());
    assert_eq!(m.matching_line(), 2);

    assert!(m.one_agent_allowed_by_robots(
        GLOBAL_AND_FOOBOT,
        "BarBot",
        "http://x/private/public/x"
    ));
    assert_eq!(m.matching_line(), 3);

    assert!(m.one_agent_allowed_by_robots(GLOBAL_AND_FOOBOT, "BarBot", "http://x/other"));
    assert_eq!(m.matching_line(), 0);
}

#[test]
fn own_group_without_a_match_still_shadows_the_global_group() {
    let body = "user-agent: FooBot\nallow: /x\nuser-agent: *\ndisallow: /";
    let mut m = RobotsMatcher::new();
    assert!(m.one_agent_allowed_by_robots(body, "FooBot", "http://x/y"));
    assert!(m.ever_seen_specific_agent());
    assert_eq!(m.matching_line(), 0);
    assert!(!m.one_agent_allowed_by_robots(body, "BarBot", "http://x/y"));
    assert_eq!(m.matching_line(), 4);
}

#[test]
fn empty_disallow_matches_with_priority_zero() {
    // The empty pattern matches every path with priority 0: not a disallow,
    // but still a match that beats "no match" (-1) for matching_line.
    let body = "user-agent: FooBot\ndisallow:";
    let mut m = RobotsMatcher::new();
    assert!(m.one_agent_allowed_by_robots(body, "FooBot", "http://x/a"));
    assert!(!m.disallow_ignore_global());
    assert_eq!(m.matching_line(), 2);
}

#[test]
fn equal_priority_allow_wins_and_gives_the_matching_line() {
    let mut m = RobotsMatcher::new();
    let body = "user-agent: FooBot\ndisallow: /x\nallow: /x";
    assert!(m.one_agent_allowed_by_robots(body, "FooBot", "http://x/x/y"));
    assert_eq!(m.matching_line(), 3);
    let body = "user-agent: FooBot\nallow: /x\ndisallow: /x";
    assert!(m.one_agent_allowed_by_robots(body, "FooBot", "http://x/x/y"));
    assert_eq!(m.matching_line(), 2);
}

#[test]
fn first_of_equal_priority_rules_of_one_kind_is_kept() {
    let body = "user-agent: FooBot\ndisallow: /a*\ndisallow: /*b";
    let mut m = RobotsMatcher::new();
    assert!(!m.one_agent_allowed_by_robots(body, "FooBot", "http://x/ab"));
    assert_eq!(m.matching_line(), 2);
}

#[test]
fn matcher_state_is_reset_for_each_query() {
    let body = "user-agent: FooBot\ndisallow: /";
    let mut m = RobotsMatcher::new();
    assert!(!m.one_agent_allowed_by_robots(body, "FooBot", "http://x/a"));
    assert!(m.ever_seen_specific_agent());
    assert!(m.one_agent_allowed_by_robots("", "FooBot", "http://x/a"));
    assert!(!m.ever_seen_specific_agent());
    assert!(!m.disallow());
    assert_eq!(m.matching_line(), 0);
}

// ---------------------------------------------------------------------------
// Matcher: index.htm and index.html.

const INDEX_HTM: &str = "user-agent: FooBot\ndisallow: /\nallow: /dir/index.htm\n";

#[test]
fn allowing_index_htm_allows_its_directory() {
    let mut m = RobotsMatcher::new();
    assert!(m.one_agent_allowed_by_robots(INDEX_HTM, "FooBot", "http://x/dir/"));
    assert_eq!(m.matching_line(), 3);
    // A direct prefix match of the pattern.
    assert!(m.one_agent_allowed_by_robots(INDEX_HTM, "FooBot", "http://x/dir/index.html"));
}

#[test]
fn index_rewrite_allows_only_the_directory_itself() {
    // The rewritten pattern is "/dir/$".
    let mut m = RobotsMatcher::new();
    for url in ["http://x/dir", "http://x/dir/x", "http://x/dir/?q"] {
        assert!(
            !m.one_agent_allowed_by_robots(INDEX_HTM, "FooBot", url),
            "url {url}"
        );
        assert_eq!(m.matching_line(), 2, "url {url}");
    }
}

#[test]
fn index_rewrite_needs_a_last_segment_starting_with_index_htm() {
    let allowed = |rule: &str, url: &str| {
        let body = format!("user-agent: FooBot\ndisallow: /\nallow: {rule}\n");
        RobotsMatcher::new().one_agent_allowed_by_robots(body, "FooBot", url)
    };
    assert!(allowed("/dir/index.html5", "http://x/dir/"));
    assert!(allowed("/index.html", "http://x/"));
    assert!(!allowed("/dir/index.php", "http://x/dir/"));
    assert!(!allowed("/index.html/x", "http://x/"));
    assert!(!allowed("/dir/Index.html", "http://x/dir/"));
}

#[test]
fn index_rewrite_priority_is_the_rewritten_pattern_length() {
    // "/dir/$" has priority 6: it ties "/dir/*" (allow wins the tie) and
    // loses to "/dir/**" (7), whatever the length of "/dir/index.html".
    let mut m = RobotsMatcher::new();
    let body = "user-agent: FooBot\ndisallow: /dir/*\nallow: /dir/index.html";
    assert!(m.one_agent_allowed_by_robots(body, "FooBot", "http://x/dir/"));
    assert_eq!(m.matching_line(), 3);
    let body = "user-agent: FooBot\ndisallow: /dir/**\nallow: /dir/index.html";
    assert!(!m.one_agent_allowed_by_robots(body, "FooBot", "http://x/dir/"));
    assert_eq!(m.matching_line(), 2);
}

#[test]
fn disallowing_index_html_does_not_disallow_its_directory() {
    let body = "user-agent: FooBot\ndisallow: /dir/index.html";
    let mut m = RobotsMatcher::new();
    assert!(m.one_agent_allowed_by_robots(body, "FooBot", "http://x/dir/"));
    assert_eq!(m.matching_line(), 0);
}

// ---------------------------------------------------------------------------
// Matcher: the URL.

#[test]
fn url_path_is_cut_at_a_nul_byte() {
    // Google matches against path.c_str().
    let mut m = RobotsMatcher::new();
    let body = "user-agent: FooBot\ndisallow: /a/b";
    assert!(m.one_agent_allowed_by_robots(body, "FooBot", b"http://x/a\0/b"));
    let body = "user-agent: FooBot\ndisallow: /a$";
    assert!(!m.one_agent_allowed_by_robots(body, "FooBot", b"http://x/a\0b"));
}

#[test]
fn nul_before_the_path_does_not_cut_the_url() {
    // The path is extracted from the whole URL string first; "http://x\0/a"
    // has the path "/a", which has no NUL.
    let body = "user-agent: FooBot\ndisallow: /a";
    let mut m = RobotsMatcher::new();
    assert!(!m.one_agent_allowed_by_robots(body, "FooBot", b"http://x\0/a"));
    assert_eq!(m.matching_line(), 2);
}
