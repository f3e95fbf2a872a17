//! The four ways to ask, side by side, must give Google's answers: the
//! streaming `RobotsMatcher` (Google's algorithm, the reference), the
//! parse-once `Robots::check` with its merged per-agent indexes, the
//! `CompiledRobots` view for a fixed agent list, and the memoising
//! `RobotsMatcher`, which parses a body once when it comes twice in a row.
//!
//! On the whole corpus and on generated files with many groups, repeated
//! agents and every rule shape.

mod corpus_root;

use proptest::prelude::*;
use robotstxt_exact::{Answer, MatcherState, Robots, RobotsMatcher};

/// Google's answer: a fresh streaming matcher, as Google's library works.
fn reference(body: &[u8], agents: &[&[u8]], url: &[u8]) -> Answer {
    let mut m = RobotsMatcher::without_memo();
    let allowed = m.allowed_by_robots(body, agents, url);
    Answer {
        allowed,
        matching_line: m.matching_line(),
        ever_seen_specific_agent: m.ever_seen_specific_agent(),
        disallow_ignore_global: m.disallow_ignore_global(),
    }
}

/// The whole state Google's matcher is left in (what the C++ drop-in
/// exposes as protected members), from a fresh streaming matcher.
fn reference_state(body: &[u8], agents: &[&[u8]], url: &[u8]) -> MatcherState {
    let mut m = RobotsMatcher::without_memo();
    m.allowed_by_robots(body, agents, url);
    m.state()
}

fn answer_of(m: &mut RobotsMatcher, body: &[u8], agents: &[&[u8]], url: &[u8]) -> Answer {
    let allowed = m.allowed_by_robots(body, agents, url);
    Answer {
        allowed,
        matching_line: m.matching_line(),
        ever_seen_specific_agent: m.ever_seen_specific_agent(),
        disallow_ignore_global: m.disallow_ignore_global(),
    }
}

/// Checks every way against the reference for each URL, in order, with one
/// memoising matcher asked about them one after the other (it parses the
/// body on the second URL and answers the rest from its memo).
fn compare_all(body: &[u8], agents: &[&[u8]], urls: &[&[u8]], what: &str) -> usize {
    let robots = Robots::parse(body);
    let compiled = robots.compile(agents);
    let mut memo = RobotsMatcher::new();
    for url in urls {
        let expected = reference(body, agents, url);
        let shown = || {
            format!(
                "{what} agents {agents:?} url {:?}",
                String::from_utf8_lossy(url)
            )
        };
        assert_eq!(
            robots.check(agents, url),
            expected,
            "Robots::check, {}",
            shown()
        );
        assert_eq!(compiled.check(url), expected, "CompiledRobots, {}", shown());
        // `allowed` takes a shorter way to the verdict than `check`.
        assert_eq!(
            compiled.allowed(url),
            expected.allowed,
            "CompiledRobots::allowed, {}",
            shown()
        );
        if let [agent] = agents {
            assert_eq!(
                robots.allowed(agent, url),
                expected.allowed,
                "Robots::allowed, {}",
                shown()
            );
        }
        assert_eq!(
            compiled.ever_seen_specific_agent(),
            expected.ever_seen_specific_agent,
            "{}",
            shown()
        );
        assert_eq!(
            answer_of(&mut memo, body, agents, url),
            expected,
            "memoising RobotsMatcher, {}",
            shown()
        );
        assert_eq!(
            memo.state(),
            reference_state(body, agents, url),
            "state of the memoising RobotsMatcher, {}",
            shown()
        );
    }
    urls.len()
}

/// The corpus directory and its robots.txt files, or `None` when it is
/// absent (`test` is then reported skipped, see `corpus_root`).
fn corpus(test: &str) -> Option<(std::path::PathBuf, std::fs::ReadDir)> {
    let root = corpus_root::locate(test)?;
    let entries = std::fs::read_dir(root.join("robotfiles")).expect("robotfiles is readable");
    Some((root, entries))
}

#[test]
fn whole_corpus_four_ways_agree() {
    let Some((root, entries)) = corpus("whole_corpus_four_ways_agree") else {
        return;
    };
    let agent_sets: [&[&[u8]]; 5] = [
        &[b"Googlebot"],
        &[b"googlebot-news", b"Googlebot"],
        &[b"Bingbot", b"Googlebot-Image", b"AdsBot-Google"],
        &[b"NoSuchBotAnywhere"],
        &[],
    ];
    let mut compared = 0usize;
    for entry in entries {
        let path = entry.unwrap().path();
        let body = std::fs::read(&path).unwrap();
        let links =
            std::fs::read(root.join("links").join(path.file_name().unwrap())).unwrap_or_default();
        // Debug builds re-parse slowly: every 16th URL keeps them quick; the
        // root and a URL without a path always.
        let step = if cfg!(debug_assertions) { 16 } else { 1 };
        let mut urls: Vec<&[u8]> = links
            .split(|&b| b == b'\n')
            .filter(|u| !u.is_empty())
            .step_by(step)
            .collect();
        urls.extend([&b"http://example.com/"[..], b"http://example.com"]);
        // Plus every name of the file's own user-agent lines, alone.
        let robots = Robots::parse(&body);
        let names: Vec<Vec<u8>> = robots
            .groups()
            .flat_map(|g| g.agents().map(|(a, _)| a.to_vec()).collect::<Vec<_>>())
            .collect();
        let label = path.display().to_string();
        for agents in agent_sets {
            compared += compare_all(&body, agents, &urls, &label);
        }
        for name in names.iter().take(12) {
            let few = &urls[..urls.len().min(6)];
            compared += compare_all(&body, &[name.as_slice()], few, &label);
        }
    }
    assert!(compared > 0);
    eprintln!("compared {compared} queries four ways");
}

#[test]
fn corpus_objects_hold_at_most_twice_their_bodies_once_googlebot_asked() {
    // The memory bound (at most 2x the body on the corpus), as the
    // `parse_once` benchmark reports it: each object after a query for
    // Googlebot, which builds the index that agent's queries use.
    let Some((_, entries)) =
        corpus("corpus_objects_hold_at_most_twice_their_bodies_once_googlebot_asked")
    else {
        return;
    };
    let (mut bodies, mut held) = (0usize, 0usize);
    for entry in entries {
        let body = std::fs::read(entry.unwrap().path()).unwrap();
        let robots = Robots::parse(&body);
        robots.allowed("Googlebot", "/");
        bodies += body.len();
        held += robots.heap_bytes() + std::mem::size_of::<Robots>();
    }
    assert!(bodies > 0);
    eprintln!(
        "{held} bytes held for {bodies} bytes of robots.txt ({:.4}x)",
        held as f64 / bodies as f64
    );
    assert!(held <= 2 * bodies, "{held} > 2 x {bodies}");
}

/// `groups` groups of `User-agent: *` with two rules each, and the same
/// rules in one group: the shapes of the group-count benchmark.
fn many_star_groups(groups: usize, one_group: bool) -> Vec<u8> {
    let mut body = Vec::new();
    for i in 0..groups {
        if i == 0 || !one_group {
            body.extend_from_slice(b"User-agent: *\n");
        }
        body.extend_from_slice(format!("Disallow: /d{i}/\nAllow: /d{i}/open*.html$\n").as_bytes());
    }
    body
}

#[test]
fn thousands_of_groups_answer_as_one_group_and_as_google() {
    for groups in [1_000, 4_000] {
        for one_group in [false, true] {
            let body = many_star_groups(groups, one_group);
            let urls: Vec<Vec<u8>> = (0..groups)
                .step_by(groups / 20)
                .flat_map(|i| {
                    [
                        format!("http://e.com/d{i}/x"),
                        format!("http://e.com/d{i}/open/a.html"),
                        format!("http://e.com/d{i}x"),
                        format!("http://e.com/other/{i}"),
                    ]
                })
                .map(String::into_bytes)
                .collect();
            let urls: Vec<&[u8]> = urls.iter().map(Vec::as_slice).collect();
            let label = format!("{groups} groups, one group: {one_group}");
            compare_all(&body, &[b"Googlebot"], &urls, &label);
            compare_all(&body, &[], &urls, &label);
        }
    }
}

#[test]
fn named_agent_in_thousands_of_groups_with_global_groups_between() {
    // FooBot's groups are spread out, with `*` groups and other agents in
    // between; the earliest of equally long rules must win across groups.
    let mut body = Vec::new();
    for i in 0..2_000 {
        let agent = match i % 3 {
            0 => "FooBot",
            1 => "*",
            _ => "BarBot",
        };
        body.extend_from_slice(
            format!(
                "User-agent: {agent}\nDisallow: /p{}\nAllow: /p{}\n",
                i % 50,
                i % 70
            )
            .as_bytes(),
        );
    }
    let urls: Vec<Vec<u8>> = (0..100)
        .map(|i| format!("http://e.com/p{i}/x").into_bytes())
        .collect();
    let urls: Vec<&[u8]> = urls.iter().map(Vec::as_slice).collect();
    for agents in [
        &[&b"foobot"[..]][..],
        &[b"BarBot"],
        &[b"BazBot"],
        &[b"FooBot", b"BarBot"],
    ] {
        compare_all(&body, agents, &urls, "spread groups");
    }
}

#[test]
fn names_sharing_groups_in_many_combinations_fall_back_past_the_budget() {
    // Group 0 names a0..a59 and has 60 rules; group i+1 names a{i} with one
    // rule of its own. Each name applies to a different pair of groups:
    // merging every pair would copy group 0's rules 60 times, past the
    // budget, so most names search their groups' own indexes. Answers stay
    // Google's either way.
    let n = 60;
    let mut body = Vec::new();
    for i in 0..n {
        body.extend_from_slice(format!("User-agent: a{}\n", letters(i)).as_bytes());
    }
    for i in 0..n {
        body.extend_from_slice(format!("Disallow: /x{i}\n").as_bytes());
    }
    for i in 0..n {
        body.extend_from_slice(
            format!(
                "User-agent: a{}\nAllow: /x{i}/\nDisallow: /y{i}$\n",
                letters(i)
            )
            .as_bytes(),
        );
    }
    let urls: Vec<Vec<u8>> = (0..n)
        .flat_map(|i| [format!("http://e.com/x{i}/z"), format!("http://e.com/y{i}")])
        .map(String::into_bytes)
        .collect();
    let urls: Vec<&[u8]> = urls.iter().map(Vec::as_slice).collect();
    for i in [0, 1, 30, 59] {
        let agent = format!("a{}", letters(i)).into_bytes();
        compare_all(&body, &[agent.as_slice()], &urls, "shared groups");
    }
    let (a, b) = (format!("a{}", letters(3)), format!("a{}", letters(40)));
    compare_all(&body, &[a.as_bytes(), b.as_bytes()], &urls, "shared groups");
}

/// A name of letters only for `i` (agent names stop at the first digit).
fn letters(mut i: usize) -> String {
    let mut s = String::new();
    loop {
        s.push((b'a' + (i % 26) as u8) as char);
        i /= 26;
        if i == 0 {
            return s;
        }
    }
}

#[test]
fn memo_compares_every_byte_not_a_fingerprint() {
    // Two bodies of the same length with the same first and last bytes: the
    // memo must notice the difference in the middle.
    let pad = "#".repeat(40);
    let a = format!("{pad}\nUser-agent: *\nDisallow: /a\n{pad}\n");
    let b = format!("{pad}\nUser-agent: *\nDisallow: /b\n{pad}\n");
    assert_eq!(a.len(), b.len());
    let mut m = RobotsMatcher::new();
    let url = b"http://e.com/a";
    for body in [&a, &a, &a, &b, &b, &a, &b] {
        let body = body.as_bytes();
        let agents: &[&[u8]] = &[b"FooBot"];
        assert_eq!(
            answer_of(&mut m, body, agents, url),
            reference(body, agents, url)
        );
    }
    // Dropping the memo changes nothing but memory.
    m.clear_memo();
    assert!(!m.one_agent_allowed_by_robots(a.as_bytes(), "FooBot", url));
    assert!(m.one_agent_allowed_by_robots(b.as_bytes(), "FooBot", url));
}

#[test]
fn memoised_answers_change_with_agents_and_url_for_one_body() {
    let body =
        b"User-agent: FooBot\nDisallow: /\nAllow: /open\n\nUser-agent: *\nDisallow: /private\n";
    let mut m = RobotsMatcher::new();
    let queries: [(&[&[u8]], &[u8]); 6] = [
        (&[b"FooBot"], b"http://e.com/x"),
        (&[b"FooBot"], b"http://e.com/open/1"),
        (&[b"BarBot"], b"http://e.com/private/1"),
        (&[b"BarBot"], b"http://e.com/x"),
        (&[b"BarBot", b"FooBot"], b"http://e.com/x"),
        (&[], b"http://e.com/private"),
    ];
    for _ in 0..3 {
        for (agents, url) in queries {
            assert_eq!(
                answer_of(&mut m, body, agents, url),
                reference(body, agents, url)
            );
        }
    }
}

fn pattern() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("/"),
        Just("a"),
        Just("b"),
        Just("*"),
        Just("$"),
        Just("."),
        Just("%2f"),
        Just("index.html"),
        Just("index.htm"),
        Just("é"),
    ];
    prop::collection::vec(piece, 0..6).prop_map(|v| v.concat())
}

fn agent_line() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("*"),
        Just("* baz"),
        Just("foo"),
        Just("FOO"),
        Just("foo/1.0"),
        Just("bar"),
        Just("baz"),
        Just(""),
        Just("Bar Baz"),
    ]
    .prop_map(|a| format!("user-agent: {a}\n"))
}

fn rule_line() -> impl Strategy<Value = String> {
    (any::<bool>(), pattern())
        .prop_map(|(allow, p)| format!("{}: {p}\n", if allow { "allow" } else { "disallow" }))
}

/// A group: one to three user-agent lines, then zero to four rules, and
/// now and then a line that does not end the group.
fn group() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(agent_line(), 1..4),
        prop::collection::vec(rule_line(), 0..5),
        prop::option::of(prop_oneof![
            Just("# comment\n"),
            Just("sitemap: /s.xml\n"),
            Just("\n")
        ]),
    )
        .prop_map(|(agents, rules, extra)| {
            let mut s = agents.concat();
            s.push_str(extra.unwrap_or(""));
            s.push_str(&rules.concat());
            s
        })
}

fn many_groups_body() -> impl Strategy<Value = Vec<u8>> {
    (
        prop::collection::vec(rule_line(), 0..2),
        prop::collection::vec(group(), 0..40),
    )
        .prop_map(|(before, groups)| [before.concat(), groups.concat()].concat().into_bytes())
}

fn query_agents() -> impl Strategy<Value = Vec<Vec<u8>>> {
    let agent = prop_oneof![
        Just("foo"),
        Just("FOO"),
        Just("bar"),
        Just("baz"),
        Just(""),
        Just("qux"),
        Just("foo/1.0"),
    ];
    prop::collection::vec(agent.prop_map(|a| a.as_bytes().to_vec()), 0..3)
}

fn url() -> impl Strategy<Value = Vec<u8>> {
    let prefix = prop_oneof![Just("http://example.com"), Just(""), Just("//h"), Just("x")];
    (prefix, pattern(), prop::option::of(Just("?q=a#f"))).prop_map(|(p, path, q)| {
        let path = path.replace(['*', '$'], "a");
        format!("{p}{path}{}", q.unwrap_or("")).into_bytes()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn many_groups_repeated_agents_every_rule_shape_four_ways(
        body in many_groups_body(),
        agents in query_agents(),
        urls in prop::collection::vec(url(), 1..5),
    ) {
        let agents: Vec<&[u8]> = agents.iter().map(Vec::as_slice).collect();
        let urls: Vec<&[u8]> = urls.iter().map(Vec::as_slice).collect();
        compare_all(&body, &agents, &urls, "generated");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(800))]

    /// One memoising matcher asked about one body with agent lists that
    /// change from query to query is left in Google's state every time: the
    /// end-of-parse flags depend on the agents, not only on the body.
    #[test]
    fn memoised_state_follows_the_agents_of_each_query(
        body in many_groups_body(),
        queries in prop::collection::vec((query_agents(), url()), 2..8),
    ) {
        let mut memo = RobotsMatcher::new();
        for (agents, url) in &queries {
            let agents: Vec<&[u8]> = agents.iter().map(Vec::as_slice).collect();
            let expected = reference(&body, &agents, url);
            prop_assert_eq!(answer_of(&mut memo, &body, &agents, url), expected);
            prop_assert_eq!(memo.state(), reference_state(&body, &agents, url));
        }
    }
}

/// Pieces around a path's end: `#` and NUL end a path, and `!`, `"` and
/// the space sort below `#`, so a literal that runs past the path's end can
/// sort between the path and the rest of the URL.
fn edge_piece() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        Just("/"),
        Just("a"),
        Just("!"),
        Just("\""),
        Just(" a"),
        Just("\0"),
        Just("#"),
        Just("*"),
        Just("$"),
        Just("?"),
    ]
}

fn edge_body() -> impl Strategy<Value = Vec<u8>> {
    let rule = (any::<bool>(), prop::collection::vec(edge_piece(), 0..5)).prop_map(|(allow, p)| {
        format!(
            "{}: /{}\n",
            if allow { "allow" } else { "disallow" },
            p.concat()
        )
    });
    (prop::collection::vec(rule, 0..8), any::<bool>()).prop_map(|(rules, specific)| {
        let agent = if specific { "foo" } else { "*" };
        format!("user-agent: {agent}\n{}", rules.concat()).into_bytes()
    })
}

fn edge_url() -> impl Strategy<Value = Vec<u8>> {
    let prefix = prop_oneof![
        Just("http://example.com/"),
        Just("http://example.com"),
        Just("/")
    ];
    (prefix, prop::collection::vec(edge_piece(), 0..6))
        .prop_map(|(p, pieces)| format!("{p}{}", pieces.concat()).into_bytes())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// The index searches read the URL past the path's end (the first `#`
    /// or NUL): rules whose literal start holds either byte, and URLs
    /// where the bytes after the end sort below the rules' next bytes.
    #[test]
    fn paths_ending_at_a_fragment_or_a_nul_four_ways(
        body in edge_body(),
        urls in prop::collection::vec(edge_url(), 1..5),
    ) {
        let urls: Vec<&[u8]> = urls.iter().map(Vec::as_slice).collect();
        compare_all(&body, &[b"foo".as_slice()], &urls, "path ends");
    }
}

#[test]
fn nodes_with_sixty_four_star_rules_and_more() {
    // The `*` rules of one literal are screened 64 at a time: a node with
    // exactly 64 (a whole screen, nothing left over), one with 65 and one
    // with 130, each rule a piece of its own, with every kind and anchor.
    for count in [63, 64, 65, 130] {
        let mut body = String::from("User-agent: *\n");
        for i in 0..count {
            let kind = if i % 3 == 0 { "Allow" } else { "Disallow" };
            let end = if i % 5 == 0 { "$" } else { "" };
            body.push_str(&format!("{kind}: /*p{i}x{end}\n"));
        }
        let urls: Vec<Vec<u8>> = (0..count + 2)
            .flat_map(|i| {
                [
                    format!("http://e.com/a/p{i}x"),
                    format!("http://e.com/p{i}x/more"),
                    format!("http://e.com/p{i}"),
                ]
            })
            .map(String::into_bytes)
            .collect();
        let urls: Vec<&[u8]> = urls.iter().map(Vec::as_slice).collect();
        compare_all(
            body.as_bytes(),
            &[b"FooBot"],
            &urls,
            &format!("{count} star rules"),
        );
    }
}

#[test]
fn many_literals_sharing_their_first_eight_bytes() {
    // Forty rules start with "/categor": the index tells them apart past
    // their first word, through its short look and its binary search.
    let mut body = String::from("User-agent: *\n");
    for i in 0..40 {
        let kind = if i % 3 == 0 { "Allow" } else { "Disallow" };
        body.push_str(&format!("{kind}: /category/{i}\n"));
        if i % 7 == 0 {
            body.push_str(&format!("Disallow: /category/{i}*.pdf$\n"));
        }
    }
    body.push_str("Disallow: /categor\nAllow: /cat\n");
    let urls: Vec<Vec<u8>> = (0..45)
        .flat_map(|i| {
            [
                format!("http://e.com/category/{i}"),
                format!("http://e.com/category/{i}/x.pdf"),
                format!("http://e.com/category/{i}0"),
            ]
        })
        .chain([
            "http://e.com/categor".into(),
            "http://e.com/category".into(),
        ])
        .map(String::into_bytes)
        .collect();
    let urls: Vec<&[u8]> = urls.iter().map(Vec::as_slice).collect();
    compare_all(body.as_bytes(), &[b"FooBot"], &urls, "shared first words");
}

#[test]
fn star_rules_whose_bytes_lie_only_in_the_fragment() {
    // The prefilters read the URL past the path's end: a fragment (or the
    // bytes after a NUL) can hold every byte and pair of a `*` rule, which
    // must still match the path alone.
    let body = b"User-agent: *\nDisallow: /*xyz\nDisallow: /*q*rs\nAllow: /*.pdf$\nDisallow: /\n";
    let urls: [&[u8]; 8] = [
        b"http://e.com/a#xyz",
        b"http://e.com/axyz#b",
        b"http://e.com/a\0xyz",
        b"http://e.com/q#rs",
        b"http://e.com/q/rs#x",
        b"http://e.com/a#.pdf",
        b"http://e.com/a.pdf#x",
        b"http://e.com/?q#rs",
    ];
    compare_all(
        body,
        &[b"FooBot".as_slice()],
        &urls,
        "bytes in the fragment",
    );
}
