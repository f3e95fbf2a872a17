//! A query streams its body without hearing most lines: outside the groups
//! that apply only `user-agent` lines are read, and a rule whose value leaves
//! the path at a plain byte is dropped unescaped and unmatched. Whatever it
//! skips, the answers and every piece of state must be those of a matcher
//! that hears every line: the reference here is [`common::ReferenceMatcher`],
//! Google's handler logic over the full parse.
//!
//! Bodies are generated to hit what the skipping looks at: keys in every
//! case and every accepted typo, missing colons, whitespace before keys and
//! values, comments and NULs inside values, escapes and bytes above 0x7F,
//! `*` and `$`, index.html rules, every line end, byte order marks, lines
//! around the 16,663-byte cap, and plain arbitrary bytes.

mod common;
mod corpus_root;

use common::ReferenceMatcher;
use proptest::prelude::*;
use robotstxt_exact::{MAX_LINE_LEN, MatcherState, RobotsMatcher, parse_robots_txt};

/// The reference: every line through Google's handler logic.
fn reference(body: &[u8], agents: &[Vec<u8>], url: &[u8]) -> (bool, MatcherState) {
    let agents: Vec<&[u8]> = agents.iter().map(Vec::as_slice).collect();
    let mut m = ReferenceMatcher::new(&agents, url);
    parse_robots_txt(body, &mut m);
    (!m.disallow(), m.state())
}

fn asked(
    m: &mut RobotsMatcher,
    body: &[u8],
    agents: &[Vec<u8>],
    url: &[u8],
) -> (bool, MatcherState) {
    let allowed = m.allowed_by_robots(body, agents, url);
    let state = m.state();
    // The getters read the same state.
    assert_eq!(m.disallow(), !allowed);
    (allowed, state)
}

/// The streaming matcher, and a memoising one asked three times in a row
/// (it streams, then parses the body once and answers from it), against
/// the reference.
fn check(body: &[u8], agents: &[Vec<u8>], url: &[u8]) -> Result<(), TestCaseError> {
    let expected = reference(body, agents, url);
    let shown = || {
        format!(
            "body {:?} agents {agents:?} url {:?}",
            String::from_utf8_lossy(body),
            String::from_utf8_lossy(url)
        )
    };
    let mut stream = RobotsMatcher::without_memo();
    prop_assert_eq!(
        asked(&mut stream, body, agents, url),
        expected,
        "stream, {}",
        shown()
    );
    let mut memo = RobotsMatcher::new();
    for round in 0..3 {
        prop_assert_eq!(
            asked(&mut memo, body, agents, url),
            expected,
            "memoising matcher, query {}, {}",
            round + 1,
            shown()
        );
    }
    Ok(())
}

fn key() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "user-agent",
        "User-Agent",
        "USER-AGENT",
        "useragent",
        "user agent",
        "User-agentX",
        "user-agen",
        "u",
        "us",
        "allow",
        "Allow",
        "ALLOW",
        "allowed",
        "allo",
        "a",
        "disallow",
        "Disallow",
        "DISALLOW",
        "dissallow",
        "dissalow",
        "disalow",
        "diasllow",
        "disallaw",
        "disallowed",
        "disallo",
        "d",
        "sitemap",
        "site-map",
        "crawl-delay",
        "foo",
        "",
    ])
}

fn separator() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        ":", ":", ":", ": ", ":  ", " :", "\t:", " ", "\t", "", "::", ":\t", ":\x0b", "\x0c:",
    ])
}

fn agent_value() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "*",
        "* ",
        "*\tx",
        "*x",
        "**",
        "FooBot",
        "foobot",
        "FooBot/2.1",
        "FOOBOT-news",
        "BarBot",
        "",
        "Foo Bot",
        "*FooBot",
        "foo_bot",
        "FooBot#x",
        "FooBot\0x",
    ])
}

/// Rule values and URL paths share these pieces, so that rules match,
/// nearly match and leave the path at every kind of byte.
fn piece() -> impl Strategy<Value = &'static [u8]> {
    prop::sample::select(vec![
        &b"/"[..],
        b"/",
        b"a",
        b"b",
        b"ab",
        b"x",
        b"%",
        b"%2f",
        b"%2F",
        b"%aa",
        b"%AA",
        b"*",
        b"$",
        b"?",
        b"=",
        b"/index.html",
        b"/index.htm",
        b"index.html",
        b"\xC3\xA9",
        b"\x80",
        b" ",
        b"\t",
        b"#",
        b"\0",
        b"-",
        b"_",
        b"/a/",
        b"/b/",
    ])
}

fn path_value() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(piece(), 0..8).prop_map(|pieces| pieces.concat())
}

fn line() -> impl Strategy<Value = Vec<u8>> {
    let lead = prop::sample::select(vec!["", "", "", "", " ", "\t", "\x0b", "\x0c", "  "]);
    let trail = prop::sample::select(vec![
        "", "", "", " ", "\t", " # c", "#", "\x0b", " x", "\0z",
    ]);
    let value = prop_oneof![
        agent_value().prop_map(|v| v.as_bytes().to_vec()),
        path_value(),
        path_value(),
    ];
    (lead, key(), separator(), value, trail).prop_map(|(lead, key, sep, value, trail)| {
        [
            lead.as_bytes(),
            key.as_bytes(),
            sep.as_bytes(),
            &value,
            trail.as_bytes(),
        ]
        .concat()
    })
}

/// A line whose parts lie around the cap: a rule value crossing it, a
/// colon or a comment past it, whitespace up to it before a key or after
/// the colon.
fn long_line() -> impl Strategy<Value = Vec<u8>> {
    let around = (MAX_LINE_LEN - 24)..(MAX_LINE_LEN + 8);
    (0..6usize, around, key(), path_value()).prop_map(|(kind, n, key, value)| {
        let mut line = Vec::new();
        match kind {
            0 => {
                line.extend_from_slice(key.as_bytes());
                line.extend_from_slice(b": /");
                line.resize(n, b'a');
                line.extend_from_slice(&value);
            }
            1 => {
                line.resize(n, b' ');
                line.extend_from_slice(key.as_bytes());
                line.extend_from_slice(b": ");
                line.extend_from_slice(&value);
            }
            2 => {
                line.extend_from_slice(key.as_bytes());
                line.resize(n, b' ');
                line.extend_from_slice(b": /a");
            }
            3 => {
                line.extend_from_slice(b"user-agent: ");
                line.resize(n, b'x');
                line.extend_from_slice(b"FooBot");
            }
            4 => {
                line.extend_from_slice(key.as_bytes());
                line.push(b':');
                line.resize(n, b' ');
                line.extend_from_slice(&value);
            }
            _ => {
                line.extend_from_slice(b"disallow: /");
                line.resize(n, b'b');
                line.extend_from_slice(b"#c");
            }
        }
        line
    })
}

fn body() -> impl Strategy<Value = Vec<u8>> {
    let bom = prop::sample::select(vec![
        &b""[..],
        b"",
        b"",
        b"",
        b"\xEF\xBB\xBF",
        b"\xEF\xBB",
        b"\xEF",
        b"\xEF\xBB\xBF\xEF\xBB\xBF",
    ]);
    let end = prop::sample::select(vec![
        "\n", "\n", "\n", "\r\n", "\r\n", "\r", "\n\r", "\r\r\n",
    ]);
    let lines = prop::collection::vec((prop_oneof![20 => line(), 1 => long_line()], end), 0..24);
    (bom, lines, any::<bool>()).prop_map(|(bom, lines, last_end)| {
        let mut body = bom.to_vec();
        let count = lines.len();
        for (i, (line, end)) in lines.into_iter().enumerate() {
            body.extend_from_slice(&line);
            if i + 1 < count || last_end {
                body.extend_from_slice(end.as_bytes());
            }
        }
        body
    })
}

/// Bytes drawn mostly from those the stream looks at.
fn dense_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop::sample::select(b"uUaAdD:/ *$#\0\r\n\t\x0b%eEsrgnltwoi-x\xEF\xBB\xBF\x80".to_vec()),
        0..300,
    )
}

fn agents() -> impl Strategy<Value = Vec<Vec<u8>>> {
    prop::sample::select(vec![
        vec![b"FooBot".to_vec()],
        vec![b"foobot".to_vec()],
        vec![b"BarBot".to_vec(), b"FooBot".to_vec()],
        vec![b"FooBot-News".to_vec()],
        vec![b"*".to_vec()],
        vec![Vec::new()],
        Vec::new(),
    ])
}

fn url() -> impl Strategy<Value = Vec<u8>> {
    let host = prop::sample::select(vec![&b"http://example.com"[..], b"https://e.com:8080", b""]);
    (host, path_value()).prop_map(|(host, path)| {
        let mut url = host.to_vec();
        if !path.starts_with(b"/") {
            url.push(b'/');
        }
        url.extend_from_slice(&path);
        url
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 1500 } else { 20000 }))]

    #[test]
    fn skipping_stream_equals_the_full_parse_on_generated_bodies(
        body in body(),
        agents in agents(),
        url in url(),
    ) {
        check(&body, &agents, &url)?;
    }

    #[test]
    fn skipping_stream_equals_the_full_parse_on_dense_bytes(
        body in dense_bytes(),
        agents in agents(),
        url in url(),
    ) {
        check(&body, &agents, &url)?;
    }

    #[test]
    fn skipping_stream_equals_the_full_parse_on_arbitrary_bytes(
        body in prop::collection::vec(any::<u8>(), 0..400),
        agents in agents(),
        url in prop::collection::vec(any::<u8>(), 0..40),
    ) {
        check(&body, &agents, &url)?;
    }
}

/// Whitespace after a rule's colon that runs past the cap: the value the
/// parser keeps is empty (Google's `robots_main` answers ALLOWED for
/// `disallow:`, 20,000 spaces, `/x`), and the stream must neither read a
/// value beyond the cap nor fail.
#[test]
fn whitespace_after_the_colon_past_the_cap() {
    for key in ["disallow", "allow", "Disallow", "user-agent"] {
        for spaces in [MAX_LINE_LEN - 12, MAX_LINE_LEN - 1, MAX_LINE_LEN, 20_000] {
            let mut body = b"user-agent: *\n".to_vec();
            body.extend_from_slice(key.as_bytes());
            body.push(b':');
            body.resize(body.len() + spaces, b' ');
            body.extend_from_slice(b"/x\nallow: /x/y\n");
            for url in [
                &b"http://a.com/x"[..],
                b"http://a.com/x/y",
                b"http://a.com/z",
            ] {
                check(&body, &[b"Googlebot".to_vec()], url).unwrap();
            }
        }
    }
    let mut body = b"user-agent: *\ndisallow:".to_vec();
    body.resize(body.len() + 20_000, b' ');
    body.extend_from_slice(b"/x\n");
    assert!(RobotsMatcher::without_memo().one_agent_allowed_by_robots(
        &body,
        "Googlebot",
        "http://a.com/x"
    ));
}

/// Each line of a corpus file through the stream and through every
/// callback, for the agents the file names and a URL made of its own
/// rules: where the two part, some file of the real world shows it.
#[test]
fn whole_corpus_streams_as_the_full_parse() {
    let Some(root) =
        corpus_root::locate("stream_equivalence::whole_corpus_streams_as_the_full_parse")
    else {
        return;
    };
    let entries = std::fs::read_dir(root.join("robotfiles")).expect("robotfiles is readable");
    let mut compared = 0;
    for entry in entries {
        let path = entry.unwrap().path();
        let body = std::fs::read(&path).unwrap();
        let links =
            std::fs::read(root.join("links").join(path.file_name().unwrap())).unwrap_or_default();
        let mut urls: Vec<Vec<u8>> = links
            .split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .take(if cfg!(debug_assertions) { 2 } else { 20 })
            .map(<[u8]>::to_vec)
            .collect();
        urls.push(b"/".to_vec());
        for agents in [
            vec![b"Googlebot".to_vec()],
            vec![b"bingbot".to_vec(), b"Googlebot-News".to_vec()],
            vec![b"NoSuchBot".to_vec()],
        ] {
            for url in &urls {
                check(&body, &agents, url).unwrap();
                compared += 1;
            }
        }
    }
    assert!(compared > 10_000, "only {compared} queries compared");
}
