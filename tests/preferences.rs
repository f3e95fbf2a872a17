//! `Robots::preferences`, `Robots::request_rate` and the groups' preference
//! lines, with expected values from the proposals' own examples and text:
//! draft-ietf-aipref-attach-05 ("attach"), draft-ietf-aipref-vocab-07
//! ("vocab"), Cloudflare's Content Signals Policy, and the 1996
//! Request-rate proposal. The choices where they are silent are those of
//! `docs/AI-PREFERENCES.md`.

use robotstxt_exact::preferences::{
    PreferenceKind, RequestRate, Signal, Stated, UsageCategory, VisitWindow,
};
use robotstxt_exact::{LineMetadata, ParseHandler, Robots, RobotsMatcher, parse_robots_txt};

fn stated(allowed: bool, line: u32) -> Option<Stated> {
    Some(Stated { allowed, line })
}

/// attach §3.4's example file.
const ATTACH_EXAMPLE: &str = "User-Agent: *
Allow: /
Disallow: /never/
Content-Usage: train-ai=n
Content-Usage: /ai-ok/ train-ai=y

User-Agent: ExampleBot
Allow: /
Content-Usage: train-ai=y
";

#[test]
fn attach_example_table() {
    // attach §3.4, "Sample of usage preferences for different paths".
    let robots = Robots::parse(ATTACH_EXAMPLE);
    let train = |agent: &str, path: &str| {
        let p = robots.preferences(&[agent], format!("https://example.com{path}"));
        (p.allowed, p.usage(UsageCategory::TrainAi))
    };
    assert_eq!(train("OtherBot", "/test"), (true, stated(false, 4)));
    assert_eq!(train("OtherBot", "/never/test"), (false, None));
    assert_eq!(train("OtherBot", "/ai-ok/test"), (true, stated(true, 5)));
    // "A crawler that identifies as "ExampleBot" uses the second group.
    // That crawler would be able to obtain all content": the second group's
    // preference applies everywhere, /never/ included.
    assert_eq!(train("ExampleBot", "/never/test"), (true, stated(true, 9)));
    assert_eq!(train("examplebot", "/ai-ok/x"), (true, stated(true, 9)));
    // Nothing says anything about search.
    let p = robots.preferences(&["OtherBot"], "https://example.com/test");
    assert_eq!(p.usage(UsageCategory::Search), None);
}

#[test]
fn attach_introduction_example() {
    // attach §1.2: a `*` group with `Content-Usage: train-ai=n`.
    let robots = Robots::parse("User-Agent: *\nAllow: /\nContent-Usage: train-ai=n\n");
    let p = robots.preferences(&["AnyBot"], "https://example.com/anything?q=1");
    assert_eq!(p.usage(UsageCategory::TrainAi), stated(false, 3));
}

#[test]
fn rule_order_carries_no_meaning() {
    // attach §3.1: "Content-Usage rules can be interleaved with Allow and
    // Disallow rules", and the group's lines apply wherever they sit.
    let robots = Robots::parse(
        "User-Agent: FooBot\nContent-Usage: train-ai=n\nDisallow: /private\nContent-Usage: /docs search=y\nAllow: /docs\n",
    );
    let p = robots.preferences(&["FooBot"], "https://example.com/docs/a");
    assert_eq!(p.usage(UsageCategory::Search), stated(true, 4));
    assert_eq!(p.usage(UsageCategory::TrainAi), None);
    let p = robots.preferences(&["FooBot"], "https://example.com/about");
    assert_eq!(p.usage(UsageCategory::TrainAi), stated(false, 2));
    assert!(
        !robots
            .preferences(&["FooBot"], "https://example.com/private")
            .allowed
    );
}

#[test]
fn identical_paths_combine_per_vocab_combining() {
    // attach §3.1: identical paths with conflicting preferences apply
    // "according to the process defined in" vocab §5.1: any n wins.
    let robots = Robots::parse(
        "User-Agent: *\nContent-Usage: /a train-ai=y, search=y\nContent-Usage: /a train-ai=n\n",
    );
    let p = robots.preferences(&["X"], "https://example.com/a");
    assert_eq!(p.usage(UsageCategory::TrainAi), stated(false, 3));
    assert_eq!(p.usage(UsageCategory::Search), stated(true, 2));
}

#[test]
fn path_length_counts_encoded_bytes() {
    // attach §3.1: "the path prefix length is determined by counting the
    // number of bytes in the encoded path"; attach §3.1 also has paths use
    // the percent-encoding of allow/disallow. `/caf%C3%A9` (10 bytes) beats
    // `/caf` (4 bytes); `é` written raw is escaped to the same path.
    let robots = Robots::parse(
        "User-Agent: *\nContent-Usage: /caf train-ai=n\nContent-Usage: /café train-ai=y\n",
    );
    let p = robots.preferences(&["X"], "https://example.com/caf%C3%A9/menu");
    assert_eq!(p.usage(UsageCategory::TrainAi), stated(true, 3));
    let line = robots.group(0).unwrap().preference_lines().nth(1).unwrap();
    assert_eq!(line.path, b"/caf%C3%A9");
}

#[test]
fn groups_merge_and_fall_back_as_for_rules() {
    // Two groups naming FooBot apply together (RFC 9309 §2.2.1); the `*`
    // group applies only to agents no group names. Each group has a rule:
    // Google's parser starts a new group only at a user-agent line after an
    // allow or disallow line.
    let robots = Robots::parse(
        "User-agent: FooBot\nContent-Usage: train-ai=n\nDisallow: /x\n\nUser-agent: *\nContent-Usage: train-ai=y\nContent-Signal: ai-train=yes\nDisallow: /y\n\nUser-agent: foobot\nContent-Signal: search=no\n",
    );
    let p = robots.preferences(&["FooBot"], "https://example.com/");
    assert_eq!(p.usage(UsageCategory::TrainAi), stated(false, 2));
    assert_eq!(p.signal(Signal::Search), stated(false, 11));
    assert_eq!(p.signal(Signal::AiTrain), None);
    let p = robots.preferences(&["BarBot"], "https://example.com/");
    assert_eq!(p.usage(UsageCategory::TrainAi), stated(true, 6));
    assert_eq!(p.signal(Signal::AiTrain), stated(true, 7));
}

#[test]
fn preference_lines_do_not_end_a_group() {
    // As Google's parser groups lines: a user-agent line after only
    // preference lines joins the group above, so its lines apply to both.
    let robots = Robots::parse(
        "User-agent: GPTBot\nContent-Usage: train-ai=n\n\nUser-agent: *\nDisallow: /private\n",
    );
    assert_eq!(robots.groups().len(), 1);
    let p = robots.preferences(&["OtherBot"], "https://example.com/");
    assert_eq!(p.usage(UsageCategory::TrainAi), stated(false, 2));
    assert!(
        !robots
            .check(&["GPTBot"], "https://example.com/private")
            .allowed
    );
}

#[test]
fn content_signal_policy_example() {
    // contentsignals.org, as quoted in google/robotstxt issue 80.
    let robots = Robots::parse(
        "# As a condition of accessing this website, you agree to abide by\n# the following content signals:\nUser-Agent: *\nContent-Signal: ai-train=no, search=yes, ai-input=yes\nAllow: /\n",
    );
    let p = robots.preferences(&["GPTBot"], "https://example.com/article");
    assert_eq!(p.signal(Signal::AiTrain), stated(false, 4));
    assert_eq!(p.signal(Signal::Search), stated(true, 4));
    assert_eq!(p.signal(Signal::AiInput), stated(true, 4));
    // Cloudflare's managed default leaves ai-input out: the policy's (c),
    // "neither grants nor restricts".
    let robots = Robots::parse("User-Agent: *\nContent-Signal: search=yes,ai-train=no\nAllow: /\n");
    let p = robots.preferences(&["GPTBot"], "https://example.com/");
    assert_eq!(p.signal(Signal::AiInput), None);
    assert_eq!(p.signal(Signal::Search), stated(true, 2));
}

#[test]
fn content_signal_lines_combine_no_over_yes() {
    let robots = Robots::parse(
        "User-Agent: *\nContent-Signal: search=yes\nContent-Signal: ai-train=no\nContent-Signal: search=no\n",
    );
    let p = robots.preferences(&["X"], "https://example.com/");
    assert_eq!(p.signal(Signal::Search), stated(false, 4));
    assert_eq!(p.signal(Signal::AiTrain), stated(false, 3));
}

#[test]
fn lines_outside_groups_and_malformed_lines() {
    // Before the first group: applies to no one. A broken statement still
    // takes part in the longest match and states nothing (vocab §6.5.1).
    let robots = Robots::parse(
        "Content-Usage: train-ai=n\nContent-Signal: ai-train=no\nUser-agent: *\nContent-Usage: train-ai=y\nContent-Usage: /p Train-AI=n\nContent-Signal: ai-train=maybe\n",
    );
    let p = robots.preferences(&["X"], "https://example.com/q");
    assert_eq!(p.usage(UsageCategory::TrainAi), stated(true, 4));
    assert_eq!(p.signal(Signal::AiTrain), None);
    let p = robots.preferences(&["X"], "https://example.com/p");
    assert_eq!(p.usage(UsageCategory::TrainAi), None);
    let lines: Vec<_> = robots.group(0).unwrap().preference_lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[1].path, b"/p");
    assert!(lines[1].stated.is_empty());
    assert_eq!(lines[2].kind, PreferenceKind::Signal);
}

#[test]
fn missing_colon_is_read_where_google_reads_it() {
    // Google accepts a missing colon between exactly two tokens.
    let robots = Robots::parse("User-agent: *\nContent-Usage train-ai=n\n");
    let p = robots.preferences(&["X"], "https://example.com/");
    assert_eq!(p.usage(UsageCategory::TrainAi), stated(false, 2));
}

#[test]
fn request_rate_per_group_like_crawl_delay() {
    // The 1996 proposal's examples; the first valid line of a group counts.
    let robots = Robots::parse(
        "User-agent: *\nRequest-rate: 10/10m\nDisallow: /z\n\nUser-agent: FooBot\nRequest-rate: one per second\nRequest-rate: 1/5 0600-0845\nRequest-rate: 20/1h\nDisallow: /x\n",
    );
    assert_eq!(
        robots.request_rate("BarBot"),
        Some(RequestRate {
            requests: 10,
            seconds: 600,
            window: None
        })
    );
    assert_eq!(
        robots.request_rate("foobot"),
        Some(RequestRate {
            requests: 1,
            seconds: 5,
            window: Some(VisitWindow {
                start: 360,
                end: 525
            })
        })
    );
    assert_eq!(
        robots.group(1).unwrap().request_rate(),
        robots.request_rate("FooBot")
    );
}

#[test]
fn verdicts_and_callbacks_do_not_change() {
    // The lines still reach HandleUnknownAction, as in Google's library,
    // and Google's verdicts stay as they are.
    #[derive(Default)]
    struct Unknown(Vec<(u32, Vec<u8>, Vec<u8>)>);
    impl ParseHandler for Unknown {
        fn handle_robots_start(&mut self) {}
        fn handle_robots_end(&mut self) {}
        fn handle_user_agent(&mut self, _: u32, _: &[u8]) {}
        fn handle_allow(&mut self, _: u32, _: &[u8]) {}
        fn handle_disallow(&mut self, _: u32, _: &[u8]) {}
        fn handle_sitemap(&mut self, _: u32, _: &[u8]) {}
        fn handle_unknown_action(&mut self, line: u32, action: &[u8], value: &[u8]) {
            self.0.push((line, action.to_vec(), value.to_vec()));
        }
        fn report_line_metadata(&mut self, _: u32, _: &LineMetadata) {}
    }
    let mut unknown = Unknown::default();
    parse_robots_txt(ATTACH_EXAMPLE.as_bytes(), &mut unknown);
    assert_eq!(
        unknown.0,
        [
            (4, b"Content-Usage".to_vec(), b"train-ai=n".to_vec()),
            (5, b"Content-Usage".to_vec(), b"/ai-ok/ train-ai=y".to_vec()),
            (9, b"Content-Usage".to_vec(), b"train-ai=y".to_vec()),
        ]
    );
    let robots = Robots::parse(ATTACH_EXAMPLE);
    for (agent, url) in [
        ("OtherBot", "https://example.com/never/x"),
        ("OtherBot", "https://example.com/ai-ok/x"),
        ("ExampleBot", "https://example.com/never/x"),
    ] {
        let mut matcher = RobotsMatcher::without_memo();
        let google = matcher.one_agent_allowed_by_robots(ATTACH_EXAMPLE.as_bytes(), agent, url);
        assert_eq!(robots.check(&[agent], url).allowed, google);
        assert_eq!(robots.preferences(&[agent], url).allowed, google);
    }
}

#[test]
fn several_agents_name_one_crawler_as_in_check() {
    // As Google's AllowedByRobots takes a list: the groups naming any of the
    // agents apply together, and `*` only when none is named.
    let robots = Robots::parse(
        "User-agent: FooBot\nContent-Usage: train-ai=n\nDisallow: /x\n\nUser-agent: BarBot\nContent-Usage: search=y\nDisallow: /y\n\nUser-agent: *\nContent-Usage: train-ai=y, search=n\n",
    );
    let p = robots.preferences(&["FooBot", "BarBot"], "https://example.com/");
    assert_eq!(p.usage(UsageCategory::TrainAi), stated(false, 2));
    assert_eq!(p.usage(UsageCategory::Search), stated(true, 6));
    let p = robots.preferences(&["QuxBot", "BazBot"], "https://example.com/");
    assert_eq!(p.usage(UsageCategory::TrainAi), stated(true, 10));
    // Disallowed for the pair (FooBot's /x): nothing applies.
    assert!(
        robots
            .preferences(&["FooBot", "BarBot"], "https://example.com/x")
            .is_empty()
    );
}
