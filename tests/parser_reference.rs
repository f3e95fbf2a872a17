//! The parser against a plain transcription of Google's parse steps.
//!
//! `tests/common/google_parse.rs` follows Google's `ParseRobotsTxt`,
//! `ParseAndEmitLine`, `GetKeyAndValueFrom`, the key tests and
//! `MaybeEscapePattern` step by step, without any of the crate's parsing
//! code. Every callback and every line's metadata must agree, on random
//! bodies, on lines around the line-length cap and with line ends in every
//! position of the 64-byte blocks the parser reads.

mod common;

use common::google_parse::{Event, crate_events, google_events};
use proptest::prelude::*;
use robotstxt_exact::{MAX_LINE_LEN, RobotsParsingReporter, RobotsTagName};

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

/// Bodies made mostly of line ends, in every mixture (LF, CR, CRLF, LFCR),
/// with a little content now and then: the parser counts runs of them in
/// bulk, 64 bytes at a time.
fn line_end_body() -> impl Strategy<Value = Vec<u8>> {
    let ends: Vec<&'static [u8]> = vec![b"\n", b"\r", b"\r\n", b"\n\r", b"\r\r\n"];
    let content: Vec<&'static [u8]> = vec![b"allow: /a", b"#c", b" ", b"x", b"\0", b"\xC3"];
    proptest::collection::vec(
        prop_oneof![
            12 => proptest::sample::select(ends).prop_map(<[u8]>::to_vec),
            1 => proptest::sample::select(content).prop_map(<[u8]>::to_vec),
        ],
        0..300,
    )
    .prop_map(|pieces| pieces.concat())
}

/// Whether the reporter's reports equal the per-line metadata and
/// directives of Google's parse.
fn reporter_agrees(body: &[u8]) -> Result<(), TestCaseError> {
    let reporter = RobotsParsingReporter::parse(body);
    let events = google_events(body);
    let metadata: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            Event::Metadata(line, m) => Some((*line, *m)),
            _ => None,
        })
        .collect();
    prop_assert_eq!(reporter.lines().len(), metadata.len());
    for (report, (line, m)) in reporter.lines().zip(&metadata) {
        prop_assert_eq!(report.line_num, *line);
        prop_assert_eq!(report.metadata, *m);
        prop_assert_eq!(reporter.line(*line), Some(report));
        let directive = events.iter().find_map(|e| match e {
            Event::Directive(l, d) if l == line => Some(d.tag),
            _ => None,
        });
        prop_assert_eq!(report.tag_name, directive.unwrap_or(RobotsTagName::Unknown));
    }
    Ok(())
}

#[test]
fn runs_of_line_ends_across_blocks() {
    // Runs long enough to span blocks, starting at every offset of a block,
    // a CRLF pair split by a block boundary, and a run up to the end.
    for offset in 0..70 {
        for run in [&b"\n"[..], b"\r", b"\r\n", b"\n\r", b"\r\r\n\n"] {
            let mut body = vec![b'a'; offset];
            for _ in 0..(200 / run.len()) {
                body.extend_from_slice(run);
            }
            assert_eq!(
                crate_events(&body),
                google_events(&body),
                "{offset} {run:?}"
            );
            reporter_agrees(&body).unwrap();
            body.extend_from_slice(b"disallow: /x");
            assert_eq!(
                crate_events(&body),
                google_events(&body),
                "{offset} {run:?}"
            );
            reporter_agrees(&body).unwrap();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn line_end_bodies_parse_as_google_parses_them(
        prefix in 0usize..64,
        body in line_end_body(),
    ) {
        let mut padded = vec![b'p'; prefix];
        padded.extend_from_slice(&body);
        for body in [&body, &padded] {
            prop_assert_eq!(crate_events(body), google_events(body));
            reporter_agrees(body)?;
        }
    }

    #[test]
    fn a_second_parse_keeps_the_earlier_lines_it_does_not_reach(
        first in line_end_body(),
        second in line_end_body(),
    ) {
        // Google's reporter keeps its map across parses: the second parse
        // overwrites the lines it has, and an empty line keeps the tag an
        // earlier parse gave it.
        let mut reporter = RobotsParsingReporter::parse(&first);
        reporter.parse_into(&second);
        let one = RobotsParsingReporter::parse(&first);
        let two = RobotsParsingReporter::parse(&second);
        let lines = one.lines().len().max(two.lines().len());
        prop_assert_eq!(reporter.lines().len(), lines);
        for line in 1..=lines as u32 {
            let got = reporter.line(line).unwrap();
            match (one.line(line), two.line(line)) {
                (old, Some(new)) => {
                    // Google's ReportLineMetadata overwrites the metadata
                    // and the typo flag; only Digest, called for a
                    // directive, overwrites the tag.
                    prop_assert_eq!(got.metadata, new.metadata);
                    prop_assert_eq!(got.is_typo, new.is_typo);
                    let want = if new.metadata.has_directive {
                        new.tag_name
                    } else {
                        old.map_or(RobotsTagName::Unknown, |l| l.tag_name)
                    };
                    prop_assert_eq!(got.tag_name, want);
                }
                (Some(old), None) => prop_assert_eq!(got, old),
                (None, None) => unreachable!(),
            }
        }
        prop_assert_eq!(reporter.last_line_seen(), two.last_line_seen());
    }
}
