//! Files written from the examples of the drafts and specifications the
//! usage preferences follow, each expectation quoted from its source with
//! the section:
//!
//! - draft-ietf-aipref-vocab-08 ("vocab"). Its text past the first page
//!   could not be read where this was written; where -08 keeps -07's words
//!   (the processing rules of §5.1, §6.4, §6.5, §6.5.1), they are quoted from
//!   -07 at the same section, and the two rules new in -08 (the `ai-use`
//!   label and `search` overriding the other categories, §4.3) are stated in
//!   the words of the project's reading of -08 (docs/AI-PREFERENCES.md);
//! - draft-ietf-aipref-attach-05 ("attach") §3.1, §3.4;
//! - draft-kelley-aipref-training-preference-signal-00 and
//!   draft-kelley-rep-namespaces-00 (their abstracts);
//! - RSL 1.0, rslstandard.org "Adding RSL to robots.txt";
//! - Google's `reporting_robots.cc` (kUnsupportedTags, at the commit of
//!   1 April 2026), for what the reporter says of these lines.
//!
//! And throughout: an extension never changes a verdict.

use robotstxt_exact::lint::{LineKind, lint};
use robotstxt_exact::preferences::{ContentUse, Stated, StatedUse, UsageCategory};
use robotstxt_exact::{Robots, RobotsParsingReporter, RobotsTagName};

const URL: &str = "https://example.com/page";

fn usage(body: &str, category: UsageCategory) -> Option<bool> {
    Robots::parse(body)
        .preferences(&["ExampleBot"], URL)
        .usage(category)
        .map(|s| s.allowed)
}

fn one_line(statement: &str) -> String {
    format!("User-agent: *\nContent-Usage: {statement}\n")
}

#[test]
fn vocab_labels_are_train_ai_ai_use_and_search_case_sensitive() {
    // vocab §6.1 (-07's words, kept): "These tokens are case sensitive."
    let body = one_line("train-ai=n, ai-use=n, search=y");
    assert_eq!(usage(&body, UsageCategory::TrainAi), Some(false));
    assert_eq!(usage(&body, UsageCategory::AiUse), Some(false));
    assert_eq!(usage(&body, UsageCategory::Search), Some(true));
    // A label in other case is another key; `AI-use` is not even a valid
    // key (§6.5.1 below).
    let body = one_line("ai_use=n");
    assert_eq!(usage(&body, UsageCategory::AiUse), None);
}

#[test]
fn vocab_search_overrides_the_other_categories_within_search() {
    // vocab-08 §4.3: a preference for search overrides the other
    // categories for the uses within a search application (-07 §4.2 said of
    // allowing search: "That includes the training of AI models using the
    // assets and the use of those models").
    let robots = Robots::parse(one_line("train-ai=n, ai-use=n, search=y"));
    let p = robots.preferences(&["ExampleBot"], URL);
    assert_eq!(
        p.usage(UsageCategory::TrainAi).map(|s| s.allowed),
        Some(false)
    );
    assert_eq!(
        p.usage_in_search(UsageCategory::TrainAi),
        Some(Stated {
            allowed: true,
            line: 2
        })
    );
    assert_eq!(
        p.usage_in_search(UsageCategory::AiUse).map(|s| s.allowed),
        Some(true)
    );
    // search=n disallows them within search too.
    let p = Robots::parse(one_line("train-ai=y, search=n")).preferences(&["ExampleBot"], URL);
    assert_eq!(
        p.usage_in_search(UsageCategory::TrainAi).map(|s| s.allowed),
        Some(false)
    );
    // Nothing stated for search: the category's own preference.
    let p = Robots::parse(one_line("ai-use=n")).preferences(&["ExampleBot"], URL);
    assert_eq!(
        p.usage_in_search(UsageCategory::AiUse).map(|s| s.allowed),
        Some(false)
    );
}

#[test]
fn vocab_only_the_tokens_y_and_n_state_a_preference() {
    // vocab §6.5: "If the value is a Token with a value of `y`, the
    // associated preference is to allow that category of use. If the value
    // is a Token with a value of `n`, the associated preference is to
    // disallow [...] Otherwise, the preference for that category is unknown
    // [...] All of these are not errors".
    let body = one_line("train-ai=yes, ai-use=\"n\", search=?1");
    for category in UsageCategory::ALL {
        assert_eq!(usage(&body, category), None, "{category:?}");
    }
    // Not errors: the line's other members still count.
    let body = one_line("train-ai=maybe, ai-use=n");
    assert_eq!(usage(&body, UsageCategory::AiUse), Some(false));
}

#[test]
fn vocab_unknown_labels_and_parameters_are_ignored() {
    // vocab §6.4: "any unknown labels MUST be ignored" and "any unknown
    // parameters MUST be ignored".
    let body = one_line("train-genai=y, ai-use=n;reason=\"x\", all=y");
    assert_eq!(usage(&body, UsageCategory::AiUse), Some(false));
    assert_eq!(usage(&body, UsageCategory::TrainAi), None);
}

#[test]
fn vocab_the_last_duplicate_wins_and_a_broken_dictionary_states_nothing() {
    // vocab §6.5.1: "if the same key appears multiple times, the algorithms
    // in [FIELDS] ensure that only the last value applies [...] the
    // following results in all preferences being unknown":
    let body = one_line("train-ai=y, train-ai, search=n, search=\"n\"");
    for category in UsageCategory::ALL {
        assert_eq!(usage(&body, category), None);
    }
    let body = one_line("ai-use=y, ai-use=n");
    assert_eq!(usage(&body, UsageCategory::AiUse), Some(false));
    // vocab §6.5.1: "If the parsing of the Dictionary fails, preferences are
    // unknown. This includes where keys include uppercase characters".
    for statement in ["AI-Use=n", "ai-use=n, Search=y", "ai-use=n,"] {
        let body = one_line(statement);
        assert_eq!(usage(&body, UsageCategory::AiUse), None, "{statement}");
    }
}

#[test]
fn vocab_any_no_wins_when_statements_combine() {
    // vocab §5.1: "If any statement of preference indicates that the usage
    // is disallowed, the result is that the usage is disallowed. Otherwise,
    // if any statement of preference allows the usage, the result is that
    // the usage is allowed." attach §3.1 applies it to lines with
    // identical paths.
    let body = "User-agent: *\nContent-Usage: /a ai-use=y\nContent-Usage: /a ai-use=n, search=y\n";
    let p = Robots::parse(body).preferences(&["ExampleBot"], "https://example.com/a");
    assert_eq!(
        p.usage(UsageCategory::AiUse),
        Some(Stated {
            allowed: false,
            line: 3
        })
    );
    assert_eq!(
        p.usage(UsageCategory::Search).map(|s| s.allowed),
        Some(true)
    );
}

#[test]
fn attach_example_with_ai_use() {
    // attach §3.4's file, with -08's ai-use: "Content-Usage: train-ai=n"
    // for everyone, "/ai-ok/ train-ai=y", and attach §3.1: "no preferences
    // are implied for resources that are disallowed".
    let body = "User-Agent: *\nAllow: /\nDisallow: /never/\nContent-Usage: train-ai=n, ai-use=n\n\
                Content-Usage: /ai-ok/ train-ai=y\n";
    let robots = Robots::parse(body);
    let at = |path: &str| robots.preferences(&["OtherBot"], format!("https://example.com{path}"));
    assert_eq!(
        at("/test").usage(UsageCategory::AiUse).map(|s| s.line),
        Some(4)
    );
    // The longest match selects whole lines: /ai-ok/ states no ai-use.
    assert_eq!(at("/ai-ok/x").usage(UsageCategory::AiUse), None);
    assert!(at("/never/x").is_empty());
}

#[test]
fn content_signal_use_item_of_cloudflares_managed_files() {
    // Cloudflare's managed robots.txt: "Content-Signal:
    // search=yes,ai-train=no,use=reference", inside `User-agent: *`.
    let body = "User-agent: *\nContent-Signal: search=yes,ai-train=no,use=reference\nAllow: /\n";
    let p = Robots::parse(body).preferences(&["AnyBot"], URL);
    assert_eq!(
        p.content_use,
        Some(StatedUse {
            value: ContentUse::Reference,
            line: 2
        })
    );
}

#[test]
fn rsl_license_is_one_url_for_the_whole_file() {
    // RSL 1.0, "Adding RSL to robots.txt": "The License rule is not tied to
    // any specific user agent"; "[absoluteURL] must point to the location
    // of a valid RSL license or feed file. It must be a fully qualified URL,
    // including the protocol and host". Its example file:
    let body = "License: https://your-website.com/license.xml\nUser-agent: Googlebot\nAllow: /\n";
    let robots = Robots::parse(body);
    let licenses: Vec<_> = robots.licenses().map(|v| (v.value, v.line)).collect();
    assert_eq!(
        licenses,
        [(&b"https://your-website.com/license.xml"[..], 1)]
    );
    // Inside a group, it is still the file's; a relative value is not one.
    let robots = Robots::parse(
        "User-agent: GPTBot\nDisallow: /\nLicense: https://example.com/rsl.xml\nLicense: /rsl.xml\n",
    );
    assert_eq!(robots.licenses().map(|v| v.line).collect::<Vec<_>>(), [3]);
    let findings: Vec<_> = lint(b"License: /rsl.xml\n")
        .lines
        .iter()
        .flat_map(|l| l.findings.iter().map(|f| f.code.as_str()))
        .collect();
    assert_eq!(findings, ["license-not-absolute"]);
}

#[test]
fn policy_token_groups_read_as_google_reads_any_group() {
    // draft-kelley-aipref-training-preference-signal-00, abstract: "binds
    // usage preferences (e.g., "no AI training") to paths by writing
    // ordinary robots.txt groups keyed by a per-purpose policy token in the
    // User-Agent line. It introduces no new directive names and no new
    // grammar: the path language, longest-match precedence, and group
    // structure of robots.txt are not changed." draft-kelley-rep-namespaces
    // -00: "labels qualified by a namespace are written
    // __<namespace>_<label>".
    let body = "User-agent: *\nAllow: /\n\nUser-agent: __usage_ai-training\nDisallow: /\n\
                Allow: /blog/\nDisallow: /blog/drafts/\n";
    let robots = Robots::parse(body);
    let tokens = robots.policy_tokens().unwrap();
    assert_eq!(tokens.len(), 1);
    assert_eq!(tokens[0].token.token, b"__usage_ai-training");
    assert!(tokens[0].token.is_known());
    let at = |path: &str| {
        let answer = robots
            .policy("__usage_ai-training", format!("https://example.com{path}"))
            .unwrap()
            .unwrap();
        (answer.allowed, answer.matching_line)
    };
    assert_eq!(at("/"), (false, 5));
    assert_eq!(at("/blog/post"), (true, 6));
    assert_eq!(at("/blog/drafts/x"), (false, 7));
    // The group speaks for a purpose, not to crawlers: a crawler still gets
    // the `*` group.
    assert!(robots.allowed("GPTBot", "https://example.com/"));
    // "deployed parsers ignore namespaced labels": lint notes one it does
    // not know, and Google's matcher reads its group all the same.
    let findings: Vec<_> = lint(b"User-agent: __usage_ai-input\nDisallow: /\n")
        .lines
        .iter()
        .flat_map(|l| l.findings.iter().map(|f| f.code.as_str()))
        .collect();
    assert_eq!(findings, ["unknown-policy-token"]);
}

/// A file with every key Google's `kUnsupportedTags` lists, the extension
/// keys it does not, and the lines they are read beside.
const TAGS: &str = "\
User-agent: *
Disallow: /x
clean-param: a
content-signal: search=yes
CONTENT-USAGE: train-ai=n
crawl-delay: 3
domain: example.com
host: example.com
noarchive: /
nofollow: /
noindex: /
request-rate: 1/5
revisit-after: 3 days
visit-time: 0600-0845
License: https://example.com/license.xml
LLM-Policy: /llms.txt
unicorn: /
Sitemap: https://example.com/s.xml
";

#[test]
fn the_reporter_classifies_these_tags_as_googles_reporting_robots_cc() {
    // reporting_robots.cc: kUnsupportedTags = {"clean-param",
    // "content-signal", "content-usage", "crawl-delay", "domain", "host",
    // "noarchive", "nofollow", "noindex", "request-rate", "revisit-after",
    // "visit-time"}, compared after AsciiStrToLower: kUnused; any other
    // unknown key: kUnknown. Every unknown action counts in
    // unused_directives_; user-agent, allow, disallow and sitemap count as
    // valid directives.
    let reporter = RobotsParsingReporter::parse(TAGS);
    let tags: Vec<RobotsTagName> = reporter.lines().map(|l| l.tag_name).collect();
    use RobotsTagName::*;
    let mut expected = vec![UserAgent, Disallow];
    expected.extend([Unused; 12]);
    expected.extend([Unknown, Unknown, Unknown, Sitemap, Unknown]);
    assert_eq!(tags, expected);
    assert_eq!(reporter.valid_directives(), 3);
    assert_eq!(reporter.unused_directives(), 15);
}

#[test]
fn lint_kinds_agree_with_googles_classification() {
    // The lint names the extension lines it reads, and never contradicts
    // the reporter: what Google calls kUnused is "unsupported" or one of the
    // preference lines, never "unknown".
    let reporter = RobotsParsingReporter::parse(TAGS);
    let report = lint(TAGS.as_bytes());
    for (line, reported) in report.lines.iter().zip(reporter.lines()) {
        assert_eq!(
            line.kind.google_tag(),
            reported.tag_name,
            "line {}",
            line.line_num
        );
    }
    let kinds: Vec<LineKind> = report.lines.iter().map(|l| l.kind).collect();
    assert_eq!(
        kinds[3..5],
        [LineKind::ContentSignal, LineKind::ContentUsage]
    );
    assert_eq!(kinds[14..16], [LineKind::License, LineKind::LlmPolicy]);
}

#[test]
fn extensions_never_change_a_verdict() {
    // The same rules with and without every extension line: the same
    // answers for crawlers and policy tokens alike.
    let rules = "User-agent: GPTBot\nDisallow: /private\n\nUser-agent: __usage_ai-training\n\
                 Disallow: /\n\nUser-agent: *\nAllow: /\nDisallow: /admin\n";
    let with = format!(
        "License: https://example.com/l.xml\nLLM-Policy: /llms.txt\n{}Content-Usage: ai-use=n\n\
         Content-Signal: use=full, ai-train=no\nRequest-rate: 1/5\n",
        rules.replace(
            "Disallow: /private\n",
            "Disallow: /private\nContent-Usage: train-ai=y\n"
        )
    );
    let (a, b) = (Robots::parse(rules), Robots::parse(&with));
    for agent in ["GPTBot", "__usage_ai-training", "OtherBot"] {
        for path in ["/", "/private/x", "/admin", "/page"] {
            let url = format!("https://example.com{path}");
            let (x, y) = (a.check(&[agent], &url), b.check(&[agent], &url));
            assert_eq!(x.allowed, y.allowed, "{agent} {path}");
        }
    }
}
