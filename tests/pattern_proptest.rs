//! The linear-time matcher against Google's algorithm, and the crate's
//! `RobotsMatcher` against a plain transcription of Google's matcher logic.
//!
//! `pattern::matches` replaces Google's position-set algorithm with a greedy
//! scan of the `*`-separated pieces. The tests below draw patterns and paths
//! from a tiny alphabet so that runs of `*`, `$` in the middle and at the end,
//! empty patterns and empty paths all come up often, and compare with
//! `common::matches_reference`, which keeps Google's algorithm.

mod common;

use common::matches_reference;
use common::{crate_outcome, reference_outcome};
use proptest::prelude::*;
use robotstxt_exact::pattern::matches;

/// `cases` cases, without proptest's failure files: a failing case is
/// printed shrunk, and integration tests have no `lib.rs` to store it next to.
fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

fn bytes_over(
    alphabet: &'static [u8],
    len: std::ops::RangeInclusive<usize>,
) -> BoxedStrategy<Vec<u8>> {
    prop::collection::vec(prop::sample::select(alphabet), len).boxed()
}

/// What to do with one byte of a path when deriving a pattern from it.
#[derive(Debug, Clone, Copy)]
enum Edit {
    Keep,
    Drop,
    Star,
    KeepThenStar,
    /// `b*b`: the byte on both sides of a star, which tempts a matcher to
    /// let the two pieces overlap.
    AroundStar,
}

/// A pattern derived from `path`, so that it often matches: some bytes are
/// kept, some dropped, some replaced by, followed by or wrapped around `*`,
/// and a `$` may close it.
fn derived_pattern(path: &[u8], edits: &[Edit], dollar: bool) -> Vec<u8> {
    let mut pattern = Vec::new();
    for (&b, edit) in path.iter().zip(edits.iter().cycle()) {
        match edit {
            Edit::Keep => pattern.push(b),
            Edit::Drop => {}
            Edit::Star => pattern.push(b'*'),
            Edit::KeepThenStar => pattern.extend_from_slice(&[b, b'*']),
            Edit::AroundStar => pattern.extend_from_slice(&[b, b'*', b]),
        }
    }
    if dollar {
        pattern.push(b'$');
    }
    pattern
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    prop::collection::vec(
        prop_oneof![
            4 => Just(Edit::Keep),
            1 => Just(Edit::Drop),
            1 => Just(Edit::Star),
            1 => Just(Edit::KeepThenStar),
            1 => Just(Edit::AroundStar),
        ],
        1..=8,
    )
}

proptest! {
    #![proptest_config(config(4000))]

    #[test]
    fn linear_matcher_agrees_on_random_short_patterns_and_paths(
        pattern in bytes_over(b"ab/*$", 0..=10),
        path in bytes_over(b"ab/$*", 0..=12),
    ) {
        prop_assert_eq!(matches(&path, &pattern), matches_reference(&path, &pattern));
    }

    #[test]
    fn linear_matcher_agrees_on_patterns_derived_from_the_path(
        path in bytes_over(b"ab/$", 0..=24),
        edits in edits(),
        dollar in any::<bool>(),
    ) {
        let pattern = derived_pattern(&path, &edits, dollar);
        prop_assert_eq!(matches(&path, &pattern), matches_reference(&path, &pattern));
    }

    #[test]
    fn linear_matcher_agrees_on_long_paths(
        path in bytes_over(b"ab", 100..=400),
        pattern in bytes_over(b"ab*", 0..=24),
        dollar in any::<bool>(),
    ) {
        let mut pattern = pattern;
        if dollar {
            pattern.push(b'$');
        }
        prop_assert_eq!(matches(&path, &pattern), matches_reference(&path, &pattern));
    }
}

/// All byte strings over `alphabet` of length at most `max`.
fn all_strings(alphabet: &[u8], max: usize) -> Vec<Vec<u8>> {
    let mut all = vec![Vec::new()];
    let mut last = vec![Vec::new()];
    for _ in 0..max {
        let mut next = Vec::new();
        for s in &last {
            for &b in alphabet {
                let mut t = s.clone();
                t.push(b);
                next.push(t);
            }
        }
        all.extend(next.iter().cloned());
        last = next;
    }
    all
}

#[test]
fn linear_matcher_agrees_on_every_pattern_and_path_up_to_five_bytes() {
    let patterns = all_strings(b"a/*$", 5);
    let paths = all_strings(b"a/$", 5);
    for pattern in &patterns {
        for path in &paths {
            assert_eq!(
                matches(path, pattern),
                matches_reference(path, pattern),
                "path {:?} pattern {:?}",
                String::from_utf8_lossy(path),
                String::from_utf8_lossy(pattern),
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Whole robots.txt bodies.

fn rule_pattern() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec![
            "a",
            "b",
            "/",
            "/",
            "*",
            "$",
            "/index.html",
            "/index.htm",
            "%aa",
            "\u{e9}",
        ]),
        0..=6,
    )
    .prop_map(|pieces| pieces.concat())
}

fn agent_value() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "FooBot",
        "foobot",
        "BarBot",
        "FooBot/1.0",
        "FooBotX",
        "Foo Bot",
        "*",
        "* junk",
        "*\x0Bjunk",
        "*Bot",
        "",
    ])
}

fn line() -> impl Strategy<Value = String> {
    let separator = prop::sample::select(vec![": ", ":", " :\t", " "]);
    prop_oneof![
        3 => (prop::sample::select(vec!["user-agent", "User-Agent", "useragent"]), separator.clone(), agent_value())
            .prop_map(|(k, s, v)| format!("{k}{s}{v}")),
        3 => (prop::sample::select(vec!["allow", "Allow"]), separator.clone(), rule_pattern())
            .prop_map(|(k, s, v)| format!("{k}{s}{v}")),
        3 => (prop::sample::select(vec!["disallow", "DISALLOW", "disalow"]), separator, rule_pattern())
            .prop_map(|(k, s, v)| format!("{k}{s}{v}")),
        1 => Just("sitemap: http://example.com/s.xml".to_string()),
        1 => Just("crawl-delay: 5".to_string()),
        1 => Just("# comment".to_string()),
        1 => Just(String::new()),
    ]
}

fn body() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        (line(), prop::sample::select(vec!["\n", "\r\n", "\r"])),
        0..=14,
    )
    .prop_map(|lines| {
        lines
            .into_iter()
            .flat_map(|(l, end)| [l, end.to_string()])
            .collect::<String>()
            .into_bytes()
    })
}

/// URLs with and without scheme and host, so that the path extraction is
/// exercised too, with paths over the pattern alphabet.
fn url() -> impl Strategy<Value = Vec<u8>> {
    let start = prop::sample::select(vec![
        "http://example.com/",
        "https://example.com",
        "//example.com/",
        "example.com/",
        "/",
        "",
    ]);
    let pieces = prop::collection::vec(
        prop::sample::select(vec![
            "a",
            "b",
            "/",
            "/",
            "index.html",
            "$",
            "*",
            "?a",
            ";p",
            "#f",
            "://",
            "%AA",
            "%C3%A9",
        ]),
        0..=6,
    );
    (start, pieces).prop_map(|(start, pieces)| format!("{start}{}", pieces.concat()).into_bytes())
}

fn agents() -> impl Strategy<Value = Vec<&'static str>> {
    prop::collection::vec(
        prop::sample::select(vec!["FooBot", "foobot", "BarBot", "Foo Bot", ""]),
        1..=2,
    )
}

proptest! {
    #![proptest_config(config(3000))]

    #[test]
    fn robots_matcher_agrees_with_plain_google_logic(
        body in body(),
        agents in agents(),
        url in url(),
    ) {
        let agents: Vec<&[u8]> = agents.iter().map(|a| a.as_bytes()).collect();
        prop_assert_eq!(
            crate_outcome(&body, &agents, &url),
            reference_outcome(&body, &agents, &url),
            "body {:?}", String::from_utf8_lossy(&body)
        );
    }
}

/// A rule value of `*` and pieces of a long path (so it often matches) or
/// of random bytes over the path's alphabet (so it often does not).
fn star_rule(path: &[u8]) -> impl Strategy<Value = Vec<u8>> + use<> {
    let path = path.to_vec();
    prop_oneof![
        (edits(), any::<bool>())
            .prop_map(move |(edits, dollar)| derived_pattern(&path, &edits, dollar)),
        (bytes_over(b"abcdef*", 0..=20), any::<bool>()).prop_map(|(mut p, dollar)| {
            if dollar {
                p.push(b'$');
            }
            p
        }),
    ]
    .prop_map(|p| [b"/*".as_slice(), &p].concat())
}

proptest! {
    #![proptest_config(config(1500))]

    // Long paths (at least 96 bytes) get a prefilter on the substrings of
    // each `*` pattern's pieces: it must never change an answer.
    #[test]
    fn robots_matcher_agrees_on_star_rules_against_long_paths(
        (path, rules) in prop_oneof![bytes_over(b"abc", 96..=300), bytes_over(b"abcdef", 96..=300)]
            .prop_flat_map(|path| {
            let rules = prop::collection::vec((any::<bool>(), star_rule(&path)), 1..=12);
            (Just(path), rules)
        }),
    ) {
        let mut body = b"user-agent: *\n".to_vec();
        for (allow, rule) in &rules {
            body.extend_from_slice(if *allow { b"allow: " } else { b"disallow: " });
            body.extend_from_slice(rule);
            body.push(b'\n');
        }
        let url = [b"http://example.com/".as_slice(), &path].concat();
        let agents: [&[u8]; 1] = [b"FooBot"];
        prop_assert_eq!(
            crate_outcome(&body, &agents, &url),
            reference_outcome(&body, &agents, &url),
            "body {:?}", String::from_utf8_lossy(&body)
        );
    }
}
