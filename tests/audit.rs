//! The audit on hand-made files. Each expected verdict is derived by hand
//! from Google's rules, as the comments say: a crawler is queried with the
//! `[A-Za-z_-]` prefix of its token; the groups whose `user-agent` lines
//! have that prefix apply (ignoring case), else the `*` groups; the longest
//! matching pattern decides, `allow` winning ties, and no match allows.

use robotstxt_exact::Robots;
use robotstxt_exact::audit::{Category, Crawler, audit, known_crawlers, parse_crawler_list};
use robotstxt_exact::preferences::{Signal, Stated};

const BLOCK_SOME: &str = "\
User-agent: GPTBot
User-agent: ClaudeBot
Disallow: /

User-agent: Google-Extended
Disallow: /

User-agent: CCBot
Disallow: /private/
Allow: /

User-agent: archive.org_bot
Disallow: /

User-agent: AI2Bot
Disallow: /

User-agent: Googlebot
Allow: /

User-agent: *
Disallow: /admin/
Content-Signal: search=yes, ai-train=no
";

/// (token, matched as, a group names it, first user-agent line of each
/// group that applies, then (allowed, line) at /, /private/x, /admin/x).
type Expected<'a> = (&'a str, &'a str, bool, &'a [u32], [(bool, u32); 3]);

fn ai_total() -> usize {
    known_crawlers()
        .iter()
        .filter(|c| c.category.is_ai())
        .count()
}

#[test]
fn blocking_some_ai_crawlers() {
    let robots = Robots::parse(BLOCK_SOME);
    let report = audit(&robots, known_crawlers(), &["/private/x", "/admin/x"]);
    let get = |token: &str| {
        report
            .crawlers
            .iter()
            .find(|a| a.crawler.token == token)
            .unwrap_or_else(|| panic!("{token} audited"))
    };
    // (token, matched as, a group names it, first user-agent line of its
    // group, then (allowed, line) at /, /private/x, /admin/x).
    let expected: &[Expected] = &[
        // Named in the first group, whose `Disallow: /` (line 3) matches
        // every path.
        ("GPTBot", "GPTBot", true, &[1], [(false, 3); 3]),
        ("ClaudeBot", "ClaudeBot", true, &[1], [(false, 3); 3]),
        (
            "Google-Extended",
            "Google-Extended",
            true,
            &[5],
            [(false, 6); 3],
        ),
        // CCBot: at / only `Allow: /` (line 10) matches; at /private/x
        // `Disallow: /private/` (9 bytes) beats it; at /admin/x only
        // `Allow: /` matches: the `*` group does not apply to CCBot.
        (
            "CCBot",
            "CCBot",
            true,
            &[8],
            [(true, 10), (false, 9), (true, 10)],
        ),
        // archive.org_bot is matched as `archive`, and the group's
        // `User-agent: archive.org_bot` is read as `archive` too.
        ("archive.org_bot", "archive", true, &[12], [(false, 13); 3]),
        // AI2Bot is matched as `AI`, as is its group's user-agent line.
        ("AI2Bot", "AI", true, &[15], [(false, 16); 3]),
        ("Googlebot", "Googlebot", true, &[18], [(true, 19); 3]),
        // No group names these: the `*` group (line 21) applies; only
        // /admin/x matches its `Disallow: /admin/` (line 22).
        (
            "ia_archiver",
            "ia_archiver",
            false,
            &[21],
            [(true, 0), (true, 0), (false, 22)],
        ),
        (
            "MJ12bot",
            "MJ",
            false,
            &[21],
            [(true, 0), (true, 0), (false, 22)],
        ),
        (
            "PerplexityBot",
            "PerplexityBot",
            false,
            &[21],
            [(true, 0), (true, 0), (false, 22)],
        ),
    ];
    for (token, matched_as, specific, groups, verdicts) in expected {
        let a = get(token);
        assert_eq!(a.matched_as, *matched_as, "{token}");
        assert_eq!(a.specific, *specific, "{token}");
        assert_eq!(a.groups, *groups, "{token}");
        let got: Vec<(bool, u32)> = a.paths.iter().map(|p| (p.allowed, p.line)).collect();
        assert_eq!(got, verdicts, "{token}");
        assert_eq!(a.paths[1].path, "/private/x");
    }
    // The Content-Signal line (23) is in the `*` group: it applies to the
    // crawlers that group decides for, where they may fetch, and to no one
    // else.
    let perplexity = &get("PerplexityBot").paths[0].preferences;
    assert_eq!(
        perplexity.signal(Signal::AiTrain),
        Some(Stated {
            allowed: false,
            line: 23
        })
    );
    assert!(get("PerplexityBot").paths[2].preferences.is_empty());
    assert!(get("CCBot").paths[0].preferences.is_empty());
    // Blocked from /: GPTBot, ClaudeBot, Google-Extended and AI2Bot among
    // the AI crawlers; archive.org_bot besides.
    let ai = report.ai_blocked();
    assert_eq!((ai.blocked, ai.total), (4, ai_total()));
    assert_eq!(report.blocked_in(Category::Archiver).blocked, 1);
    assert_eq!(
        report.summary(),
        format!(
            "blocks 4 of {} AI crawlers from / (5 of {} crawlers in all)",
            ai_total(),
            known_crawlers().len()
        )
    );
}

#[test]
fn allowing_only_named_crawlers() {
    let robots = Robots::parse(
        "User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nUser-agent: Bingbot\nAllow: /\n\nUser-agent: OAI-SearchBot\nDisallow:\n",
    );
    let report = audit::<&str>(&robots, known_crawlers(), &[]);
    for a in &report.crawlers {
        let root = (a.paths[0].allowed, a.paths[0].line);
        let expected = match a.crawler.token.as_str() {
            // Named with `Allow: /` (line 6); Bingbot's token matches the
            // line ignoring case.
            "Googlebot" | "Bingbot" => (true, 6),
            // Named with an empty `Disallow:`: it matches with length 0,
            // and only longer matches decide, so allowed; Google's matcher
            // still records it as the best match and reports its line (9).
            // The `*` group does not apply.
            "OAI-SearchBot" => (true, 9),
            // Everyone else falls to `*`: `Disallow: /` (line 2).
            _ => (false, 2),
        };
        assert_eq!(root, expected, "{}", a.crawler.token);
    }
    let ai = report.ai_blocked();
    assert_eq!((ai.blocked, ai.total), (ai_total() - 1, ai_total()));
}

#[test]
fn own_lists_and_request_rates() {
    let list = parse_crawler_list("FooBot ai-training\nBarBot\n").unwrap();
    assert_eq!(list[1], Crawler::new("BarBot", Category::Other));
    let robots =
        Robots::parse("User-agent: FooBot\nRequest-rate: 1/10\nCrawl-delay: 3\nDisallow: /x\n");
    let report = audit(&robots, &list, &["/x/y"]);
    let foo = &report.crawlers[0];
    assert_eq!(
        foo.request_rate.map(|r| (r.requests, r.seconds)),
        Some((1, 10))
    );
    assert_eq!(foo.crawl_delay, Some(3.0));
    assert_eq!((foo.paths[1].allowed, foo.paths[1].line), (false, 4));
    // An empty file allows everyone, and no group applies.
    let report = audit::<&str>(&Robots::parse(""), &list, &[]);
    assert!(
        report
            .crawlers
            .iter()
            .all(|a| a.root_allowed() && a.groups.is_empty())
    );
    assert_eq!(
        report.summary(),
        "blocks 0 of 1 AI crawlers from / (0 of 2 crawlers in all)"
    );
}
