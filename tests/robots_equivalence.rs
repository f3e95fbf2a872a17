//! The parse-once `Robots` object answers exactly what `RobotsMatcher`
//! answers (Google's per-query matcher) for the same body, agents and URL.

mod corpus_root;

use proptest::prelude::*;
use robotstxt_exact::{Answer, Robots, RobotsMatcher};

fn matcher_answer(body: &[u8], agents: &[Vec<u8>], url: &[u8]) -> Answer {
    let mut m = RobotsMatcher::without_memo();
    let allowed = m.allowed_by_robots(body, agents, url);
    Answer {
        allowed,
        matching_line: m.matching_line(),
        ever_seen_specific_agent: m.ever_seen_specific_agent(),
        disallow_ignore_global: m.disallow_ignore_global(),
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

fn line() -> impl Strategy<Value = String> {
    let agent = prop_oneof![
        Just("*"),
        Just("* baz"),
        Just("*x"),
        Just("foo"),
        Just("FooBot"),
        Just("foobot/1.0"),
        Just("bar"),
        Just(""),
        Just("Bar Baz"),
    ];
    prop_oneof![
        3 => agent.prop_map(|a| format!("user-agent: {a}")),
        4 => pattern().prop_map(|p| format!("allow: {p}")),
        4 => pattern().prop_map(|p| format!("disallow: {p}")),
        1 => pattern().prop_map(|p| format!("disallow {p}")),
        1 => Just(String::new()),
        1 => Just("# comment".to_string()),
        1 => Just("sitemap: https://example.com/s.xml".to_string()),
        1 => Just("crawl-delay: 2".to_string()),
        1 => Just("random garbage line".to_string()),
        1 => Just("useragent: foo".to_string()),
    ]
}

fn body() -> impl Strategy<Value = Vec<u8>> {
    let eol = prop_oneof![Just("\n"), Just("\r\n"), Just("\r")];
    prop::collection::vec((line(), eol), 0..14).prop_map(|lines| {
        lines
            .into_iter()
            .flat_map(|(l, e)| [l, e.to_string()])
            .collect::<String>()
            .into_bytes()
    })
}

fn agents() -> impl Strategy<Value = Vec<Vec<u8>>> {
    let agent = prop_oneof![
        Just("foo"),
        Just("FOOBOT"),
        Just("bar"),
        Just("baz"),
        Just(""),
        Just("x"),
        Just("foobot/1.0"),
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

/// One group for `agent` with `rules`: (allow?, pattern, final `$`,
/// `index.html`-like segment before it).
fn one_group(agent: &str, rules: &[(bool, String, Option<&str>, Option<&str>)]) -> String {
    let mut body = format!("user-agent: {agent}\n");
    for (allow, pattern, dollar, index) in rules {
        let kind = if *allow { "allow" } else { "disallow" };
        let (index, dollar) = (index.unwrap_or(""), dollar.unwrap_or(""));
        body.push_str(&format!("{kind}: {pattern}{index}{dollar}\n"));
    }
    body
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn parse_once_answers_equal_google_matcher(body in body(), agents in agents(), url in url()) {
        let robots = Robots::parse(&body);
        prop_assert_eq!(robots.check(&agents, &url), matcher_answer(&body, &agents, &url));
    }

    #[test]
    fn parse_once_answers_equal_google_matcher_with_many_plain_rules_per_group(
        rules in prop::collection::vec(
            (any::<bool>(), "[/ab]{0,5}", prop::option::of(Just("$")), prop::option::of(Just("index.html"))),
            0..40,
        ),
        star_group in any::<bool>(),
        path in "[/ab]{0,7}",
    ) {
        // Nested and repeated prefixes ("/", "/a", "/a", "/ab$", ...) in one
        // group exercise the prefix index of the parse-once object.
        let body = one_group(if star_group { "*" } else { "foo" }, &rules);
        let agents = vec![b"foo".to_vec()];
        let url = format!("http://example.com{path}").into_bytes();
        let robots = Robots::parse(body.as_bytes());
        prop_assert_eq!(robots.check(&agents, &url), matcher_answer(body.as_bytes(), &agents, &url));
    }

    #[test]
    fn parse_once_answers_equal_google_matcher_with_many_wildcard_rules_per_group(
        rules in prop::collection::vec(
            (any::<bool>(), "[/ab*]{0,6}", prop::option::of(Just("$")), prop::option::of(Just("index.htm"))),
            0..40,
        ),
        path in "[/ab]{0,9}",
        query in prop::option::of(Just("?a")),
    ) {
        // Many `*` rules sharing literal starts, runs and trailing `*`s,
        // duplicates and final `$`s in one group: the wildcard chains, their
        // order and early stop, and the collapsing of duplicates.
        let body = one_group("foo", &rules);
        let agents = vec![b"foo".to_vec()];
        let url = format!("http://example.com{path}{}", query.unwrap_or("")).into_bytes();
        let robots = Robots::parse(body.as_bytes());
        prop_assert_eq!(robots.check(&agents, &url), matcher_answer(body.as_bytes(), &agents, &url));
    }

    #[test]
    fn parse_once_answers_equal_google_matcher_on_arbitrary_bytes(
        body in prop::collection::vec(any::<u8>(), 0..200),
        url in prop::collection::vec(any::<u8>(), 0..40),
    ) {
        let agents = vec![b"foo".to_vec()];
        let robots = Robots::parse(&body);
        prop_assert_eq!(robots.check(&agents, &url), matcher_answer(&body, &agents, &url));
    }
}

#[test]
fn one_object_queried_from_eight_threads() {
    let body = b"User-agent: *\nDisallow: /private\nAllow: /private/ok\n\nUser-agent: FooBot\nDisallow: /\nAllow: /foo\n";
    let robots = Robots::parse(body);
    // (agent, url, allowed, matching line) from Google's longest-match rules.
    let cases: [(&str, &str, bool, u32); 4] = [
        ("BarBot", "http://e.com/private/x", false, 2),
        ("BarBot", "http://e.com/private/ok/1", true, 3),
        ("FooBot", "http://e.com/bar", false, 6),
        ("FooBot", "http://e.com/foo/1", true, 7),
    ];
    std::thread::scope(|s| {
        for t in 0..8 {
            let robots = &robots;
            s.spawn(move || {
                for i in 0..2000 {
                    let (agent, url, allowed, line) = cases[(i + t) % cases.len()];
                    let answer = robots.check(&[agent], url);
                    assert_eq!(answer.allowed, allowed, "{agent} {url}");
                    assert_eq!(answer.matching_line, line, "{agent} {url}");
                }
            });
        }
    });
}

#[test]
fn whole_corpus_parse_once_equals_google_matcher() {
    let Some(root) = corpus_root::locate("whole_corpus_parse_once_equals_google_matcher") else {
        return;
    };
    let entries = std::fs::read_dir(root.join("robotfiles")).expect("robotfiles is readable");
    let agent_sets: [&[&[u8]]; 4] = [
        &[b"Googlebot"],
        &[b"googlebot-news", b"Googlebot"],
        &[b"Bingbot"],
        &[b"*"],
    ];
    let mut compared = 0usize;
    // The reference streams every query, as Google's does.
    let mut matcher = RobotsMatcher::without_memo();
    for entry in entries {
        let path = entry.unwrap().path();
        let body = std::fs::read(&path).unwrap();
        let links =
            std::fs::read(root.join("links").join(path.file_name().unwrap())).unwrap_or_default();
        let robots = Robots::parse(&body);
        // Debug builds re-parse slowly: every 8th URL keeps them quick.
        let step = if cfg!(debug_assertions) { 8 } else { 1 };
        for url in links
            .split(|&b| b == b'\n')
            .filter(|u| !u.is_empty())
            .step_by(step)
        {
            for agents in agent_sets {
                let allowed = matcher.allowed_by_robots(&body, agents, url);
                let expected = Answer {
                    allowed,
                    matching_line: matcher.matching_line(),
                    ever_seen_specific_agent: matcher.ever_seen_specific_agent(),
                    disallow_ignore_global: matcher.disallow_ignore_global(),
                };
                assert_eq!(
                    robots.check(agents, url),
                    expected,
                    "{} {:?}",
                    path.display(),
                    String::from_utf8_lossy(url)
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 0);
    eprintln!("compared {compared} queries");
}
