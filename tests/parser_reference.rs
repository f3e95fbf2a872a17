//! The parser against a plain transcription of Google's parse steps.
//!
//! `tests/common/google_parse.rs` follows Google's `ParseRobotsTxt`,
//! `ParseAndEmitLine`, `GetKeyAndValueFrom`, the key tests and
//! `MaybeEscapePattern` step by step, without any of the crate's parsing
//! code. Every callback and every line's metadata must agree, on random
//! bodies, on lines around the line-length cap and with line ends in every
//! position of the 64-byte blocks the parser reads.

mod common;

use common::google_parse::{crate_events, google_events};
use proptest::prelude::*;
use robotstxt_exact::MAX_LINE_LEN;

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
    assert_eq!(crate_events(body), google_events(body));
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
                        google_events(&body),
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
            assert_eq!(crate_events(&body), google_events(&body), "{len} {ends:?}");
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
        prop_assert_eq!(crate_events(&body), google_events(&body));
    }

    #[test]
    fn arbitrary_bytes_parse_as_google_parses_them(
        body in proptest::collection::vec(any::<u8>(), 0..400)
    ) {
        prop_assert_eq!(crate_events(&body), google_events(&body));
    }
}
