//! The parser's unit tests: line ends, key classification.

use super::key::{KeyType, classify_key_in, get_key_type};
use super::line::strip_range;
use super::{ParseHandler, parse_robots_txt};

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
