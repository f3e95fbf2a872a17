//! The examples of Google's page "How Google interprets the robots.txt
//! specification" (developers.google.com/search/docs/crawling-indexing/robots/robots_txt),
//! the parts about parsing and matching: file format, syntax, grouping,
//! user-agent precedence, URL matching and rule precedence. Fetching, HTTP
//! status codes and caching are the crawler's business, not the library's.
//!
//! Where the page describes Google's crawlers more loosely than Google's
//! library behaves, the test pins the library (`robots.cc`) and says so.

mod common;
use common::events;
use robotstxt_exact::{RobotsMatcher, RobotsParsingReporter, RobotsTagName};

fn allowed(robots: impl AsRef<[u8]>, agent: &str, url: &str) -> bool {
    RobotsMatcher::new().one_agent_allowed_by_robots(robots, agent, url)
}

/// Whether the URL is allowed, and the line of the rule that decided it.
fn verdict(robots: impl AsRef<[u8]>, agent: &str, url: &str) -> (bool, u32) {
    let mut m = RobotsMatcher::new();
    let allowed = m.one_agent_allowed_by_robots(robots, agent, url);
    (allowed, m.matching_line())
}

/// Whether the path matches the rule path, asked of the matcher through a
/// one-rule `disallow` group. The matching line must agree with the verdict.
fn rule_matches(rule: &str, path: &str) -> bool {
    let robots = format!("user-agent: *\ndisallow: {rule}\n");
    let (allowed, line) = verdict(robots, "Googlebot", &format!("https://example.com{path}"));
    assert_eq!(line, if allowed { 0 } else { 2 }, "rule {rule} path {path}");
    !allowed
}

fn assert_rule(rule: &str, matching: &[&str], not_matching: &[&str]) {
    for path in matching {
        assert!(rule_matches(rule, path), "{rule} should match {path}");
    }
    for path in not_matching {
        assert!(!rule_matches(rule, path), "{rule} should not match {path}");
    }
}

// --- What is a robots.txt file --------------------------------------------------

const INTRO_EXAMPLE: &str = "\
# This robots.txt file controls crawling of URLs under https://example.com.
# All crawlers are disallowed to crawl files in the \"includes\" directory, such
# as .css, .js, but Google needs them for rendering, so Googlebot is allowed
# to crawl them.
User-agent: *
Disallow: /includes/

User-agent: Googlebot
Allow: /includes/

Sitemap: https://example.com/sitemap.xml
";

/// The page's first example: every crawler but Googlebot is kept out of
/// `/includes/`.
#[test]
fn intro_example_lets_only_googlebot_into_includes() {
    let url = "https://example.com/includes/site.css";
    assert_eq!(verdict(INTRO_EXAMPLE, "Googlebot", url), (true, 9));
    assert_eq!(verdict(INTRO_EXAMPLE, "OtherBot", url), (false, 6));
    assert!(allowed(
        INTRO_EXAMPLE,
        "OtherBot",
        "https://example.com/index.html"
    ));
}

// --- File format ------------------------------------------------------------------

/// "the lines must be separated by CR, CR/LF, or LF".
#[test]
fn cr_crlf_and_lf_separators_give_the_same_answers() {
    for separator in ["\r", "\r\n", "\n"] {
        let robots = INTRO_EXAMPLE.replace('\n', separator);
        let url = "https://example.com/includes/site.css";
        assert_eq!(verdict(&robots, "Googlebot", url), (true, 9));
        assert_eq!(verdict(&robots, "OtherBot", url), (false, 6));
        assert_eq!(RobotsParsingReporter::parse(&robots).last_line_seen(), 12);
    }
}

/// "Google ignores invalid lines in robots.txt files, including the Unicode
/// Byte Order Mark (BOM) at the beginning of the robots.txt file".
#[test]
fn byte_order_mark_at_the_start_is_ignored() {
    let robots = b"\xEF\xBB\xBFUser-agent: *\nDisallow: /private\n";
    assert_eq!(
        verdict(robots, "Googlebot", "https://example.com/private"),
        (false, 2)
    );
    let lines = RobotsParsingReporter::parse(robots).parse_results();
    assert_eq!(lines[0].tag_name, RobotsTagName::UserAgent);
}

/// "if the content downloaded is HTML instead of robots.txt rules, Google will
/// try to parse the content and extract rules, and ignore everything else."
#[test]
fn rules_are_extracted_from_html_and_the_rest_ignored() {
    let robots = "<!DOCTYPE html>\n\
                  <html><head><title>robots</title></head><body>\n\
                  <p>Rules for all crawlers follow</p>\n\
                  User-agent: *\n\
                  Disallow: /private/\n\
                  </body></html>\n";
    assert_eq!(
        verdict(robots, "Googlebot", "https://example.com/private/x"),
        (false, 5)
    );
    assert!(allowed(robots, "Googlebot", "https://example.com/public/x"));
    let reporter = RobotsParsingReporter::parse(robots);
    assert_eq!(reporter.valid_directives(), 2);
}

/// "if the character encoding of the robots.txt file isn't UTF-8, Google may
/// ignore characters that are not part of the UTF-8 range". Google's library
/// ignores nothing: it percent-escapes every byte at or above 0x80 of a rule
/// (`MaybeEscapePattern`), so a Latin-1 `é` (0xE9) matches `%E9` in a URL.
#[test]
fn non_utf8_bytes_in_rules_are_percent_escaped_not_dropped() {
    let robots = b"User-agent: *\nDisallow: /caf\xE9\n";
    assert!(!allowed(robots, "Googlebot", "https://example.com/caf%E9"));
    assert!(allowed(robots, "Googlebot", "https://example.com/caf"));
    assert_eq!(events(robots)[1], "2 disallow /caf%E9");
}

// --- Syntax -----------------------------------------------------------------------

/// "Field names are case-insensitive"; the value of a rule is case-sensitive.
#[test]
fn field_names_are_case_insensitive_rule_values_are_not() {
    for robots in [
        "user-agent: *\ndisallow: /Fish\n",
        "USER-AGENT: *\nDISALLOW: /Fish\n",
        "User-Agent: *\nDisAllow: /Fish\n",
    ] {
        assert!(
            !allowed(robots, "Googlebot", "https://example.com/Fish"),
            "{robots}"
        );
        assert!(
            allowed(robots, "Googlebot", "https://example.com/fish"),
            "{robots}"
        );
    }
}

/// "Spaces are optional, but recommended to improve readability. Space at
/// the beginning and at the end of the line is ignored."
#[test]
fn spaces_are_optional_and_ignored_at_line_edges() {
    let robots = "   user-agent:Googlebot   \n  disallow:/fish   \n\tallow :  /fish/ok \t\n";
    assert_eq!(
        events(robots),
        [
            "1 user-agent Googlebot",
            "2 disallow /fish",
            "3 allow /fish/ok"
        ]
    );
}

/// "everything after the # character will be ignored" (`<field>:<value><#optional-comment>`).
#[test]
fn everything_after_a_hash_is_ignored() {
    let robots = "user-agent: Googlebot # the web crawler\ndisallow: /fish#/salmon\n";
    assert_eq!(
        events(robots),
        ["1 user-agent Googlebot", "2 disallow /fish"]
    );
    assert!(!allowed(robots, "Googlebot", "https://example.com/fish"));
}

/// "other fields such as crawl-delay aren't supported": the matcher ignores
/// them (and they do not end a group); the reporter marks known unsupported
/// fields as unused.
#[test]
fn unsupported_fields_like_crawl_delay_are_ignored() {
    let robots = "user-agent: Googlebot\ncrawl-delay: 10\nuser-agent: Bingbot\ndisallow: /x\n";
    assert_eq!(
        verdict(robots, "Googlebot", "https://example.com/x"),
        (false, 4)
    );
    let lines = RobotsParsingReporter::parse(robots).parse_results();
    assert_eq!(lines[1].tag_name, RobotsTagName::Unused);
}

/// "Crawlers ignore rules without a [path]", for `disallow` and `allow`.
#[test]
fn rules_without_a_path_are_ignored() {
    let url = "https://example.com/fish";
    assert!(allowed("user-agent: *\ndisallow:\n", "Googlebot", url));
    assert!(allowed("user-agent: *\ndisallow: \n", "Googlebot", url));
    assert!(!allowed(
        "user-agent: *\ndisallow: /\nallow:\n",
        "Googlebot",
        url
    ));
}

/// "The path value must start with / to designate the root." Google's parser
/// takes any value, but every URL path it matches against starts with `/`, so
/// a rule that starts with neither `/` nor `*` never matches.
#[test]
fn rule_not_starting_with_a_slash_never_matches() {
    assert_rule("fish", &[], &["/fish", "/", "/fish/"]);
    assert_rule("fish/", &[], &["/fish/", "/fish/salmon"]);
}

/// A missing colon: the page wants `<field>:<value>`, but Google's parser
/// also takes whitespace in place of the colon when the line has exactly two
/// words (`GetKeyAndValueFrom`).
#[test]
fn missing_colon_is_accepted_between_exactly_two_words() {
    let robots = "user-agent Googlebot\ndisallow /fish\ndisallow /a /b\n";
    assert_eq!(
        events(robots),
        ["1 user-agent Googlebot", "2 disallow /fish"]
    );
    assert!(!allowed(robots, "Googlebot", "https://example.com/fish"));
    assert!(allowed(robots, "Googlebot", "https://example.com/a"));
}

// --- sitemap ----------------------------------------------------------------------

/// The sitemap example: any number of sitemaps, values passed as written
/// (they "don't have to be URL-encoded"), tied to no user agent.
#[test]
fn sitemaps_are_reported_verbatim_and_belong_to_no_group() {
    let robots = "user-agent: otherbot\n\
                  disallow: /kale\n\
                  \n\
                  sitemap: https://example.com/sitemap.xml\n\
                  sitemap: https://cdn.example.org/other-sitemap.xml\n\
                  sitemap: https://ja.example.org/テスト-サイトマップ.xml\n";
    assert_eq!(
        events(robots),
        [
            "1 user-agent otherbot",
            "2 disallow /kale",
            "4 sitemap https://example.com/sitemap.xml",
            "5 sitemap https://cdn.example.org/other-sitemap.xml",
            "6 sitemap https://ja.example.org/テスト-サイトマップ.xml",
        ]
    );
    assert!(!allowed(robots, "otherbot", "https://example.com/kale"));
    assert!(allowed(robots, "Googlebot", "https://example.com/kale"));
}

/// "Rules other than allow, disallow, and user-agent are ignored by the
/// robots.txt parser": the sitemap line between `user-agent: a` and
/// `user-agent: b` does not split them, so `disallow: /` covers both.
#[test]
fn sitemap_line_does_not_split_a_group() {
    let robots = "user-agent: a\n\
                  sitemap: https://example.com/sitemap.xml\n\
                  \n\
                  user-agent: b\n\
                  disallow: /\n";
    assert_eq!(verdict(robots, "a", "https://example.com/page"), (false, 5));
    assert_eq!(verdict(robots, "b", "https://example.com/page"), (false, 5));
    assert!(allowed(robots, "c", "https://example.com/page"));
}

// --- Grouping of lines and rules ----------------------------------------------------

/// The four groups of the example: `a`, `b`, `e` and `f` together, and the
/// empty group of `h`.
#[test]
fn repeated_user_agent_lines_share_one_group() {
    let robots = "user-agent: a\n\
                  disallow: /c\n\
                  \n\
                  user-agent: b\n\
                  disallow: /d\n\
                  \n\
                  user-agent: e\n\
                  user-agent: f\n\
                  disallow: /g\n\
                  \n\
                  user-agent: h\n";
    let disallowed = |agent: &str| -> Vec<&str> {
        ["/c", "/d", "/g"]
            .into_iter()
            .filter(|p| !allowed(robots, agent, &format!("https://example.com{p}")))
            .collect()
    };
    assert_eq!(disallowed("a"), ["/c"]);
    assert_eq!(disallowed("b"), ["/d"]);
    assert_eq!(disallowed("e"), ["/g"]);
    assert_eq!(disallowed("f"), ["/g"]);
    assert!(disallowed("h").is_empty());
    let mut m = RobotsMatcher::new();
    m.one_agent_allowed_by_robots(robots, "h", "https://example.com/c");
    assert!(m.ever_seen_specific_agent());
}

// --- Order of precedence for user agents ----------------------------------------------

/// The groups of the `googlebot-news` / `*` / `googlebot` example, each with a
/// rule that names it, in the order given.
fn user_agent_example(order: [usize; 3]) -> String {
    let groups = [
        "user-agent: googlebot-news\ndisallow: /group1\n",
        "user-agent: *\ndisallow: /group2\n",
        "user-agent: googlebot\ndisallow: /group3\n",
    ];
    order
        .iter()
        .map(|&i| groups[i])
        .collect::<Vec<_>>()
        .join("\n")
}

/// The groups (1, 2 or 3) whose rule applies to the agent.
fn followed_groups(robots: &str, agent: &str) -> Vec<usize> {
    (1..=3)
        .filter(|n| {
            !allowed(
                robots,
                agent,
                &format!("https://example.com/group{n}/a.jpg"),
            )
        })
        .collect()
}

/// The table "Group followed per crawler".
#[test]
fn crawler_follows_its_most_specific_group() {
    let robots = user_agent_example([0, 1, 2]);
    assert_eq!(followed_groups(&robots, "googlebot-news"), [1]);
    assert_eq!(followed_groups(&robots, "googlebot"), [3]);
    assert_eq!(followed_groups(&robots, "Storebot-Google"), [2]);
    assert_eq!(followed_groups(&robots, "Otherbot"), [2]);
    // A news crawler that does not identify as googlebot-news: a group for a
    // related token does not apply unless the token matches exactly.
    assert_eq!(followed_groups(&robots, "googlebot-newsletter"), [2]);
}

/// "The order of the groups within the robots.txt file is irrelevant."
#[test]
fn order_of_groups_is_irrelevant() {
    let orders = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    for order in orders {
        let robots = user_agent_example(order);
        assert_eq!(followed_groups(&robots, "googlebot-news"), [1], "{order:?}");
        assert_eq!(followed_groups(&robots, "googlebot"), [3], "{order:?}");
        assert_eq!(followed_groups(&robots, "Otherbot"), [2], "{order:?}");
    }
}

/// "All non-matching text is ignored (for example, both googlebot/1.2 and
/// googlebot* are equivalent to googlebot)", and user-agent values are
/// case-insensitive.
#[test]
fn user_agent_value_is_matched_up_to_its_first_non_token_character() {
    for line in [
        "googlebot/1.2",
        "googlebot*",
        "Googlebot",
        "GOOGLEBOT",
        "googlebot news",
    ] {
        let robots = format!("user-agent: {line}\ndisallow: /fish\n");
        assert!(
            !allowed(&robots, "Googlebot", "https://example.com/fish"),
            "{line}"
        );
    }
    // The token is `googlebot-news`, not `googlebot`.
    let robots = "user-agent: googlebot-news\ndisallow: /fish\n";
    assert!(allowed(robots, "Googlebot", "https://example.com/fish"));
}

/// "Grouping of rules": the two googlebot-news groups merge; the `*` group is
/// not combined with them.
#[test]
fn groups_for_one_agent_merge_but_not_with_the_global_group() {
    let robots = "user-agent: googlebot-news\n\
                  disallow: /fish\n\
                  \n\
                  user-agent: *\n\
                  disallow: /carrots\n\
                  \n\
                  user-agent: googlebot-news\n\
                  disallow: /shrimp\n";
    let at =
        |agent: &str, path: &str| verdict(robots, agent, &format!("https://example.com{path}"));
    assert_eq!(at("googlebot-news", "/fish"), (false, 2));
    assert_eq!(at("googlebot-news", "/shrimp"), (false, 8));
    assert_eq!(at("googlebot-news", "/carrots"), (true, 0));
    assert_eq!(at("otherbot", "/carrots"), (false, 5));
    assert_eq!(at("otherbot", "/fish"), (true, 0));
    assert_eq!(at("otherbot", "/shrimp"), (true, 0));
}

// --- URL matching based on path values ----------------------------------------------

/// `/` "Matches the root and any lower level URL."
#[test]
fn path_table_slash() {
    assert_rule("/", &["/", "/fish", "/fish/salmon.html", "/?id=1"], &[]);
}

/// `/*` "Equivalent to /. The trailing wildcard is ignored."
#[test]
fn path_table_slash_star() {
    for path in ["/", "/fish", "/fish/salmon.html", "/?id=1"] {
        assert!(rule_matches("/*", path), "{path}");
        assert_eq!(rule_matches("/*", path), rule_matches("/", path), "{path}");
    }
}

/// `/$` "Matches only the root. Any lower level URL is allowed for crawling."
#[test]
fn path_table_slash_dollar() {
    assert_rule("/$", &["/"], &["/fish", "/index.html", "/?id=1"]);
}

const FISH_MATCHES: [&str; 6] = [
    "/fish",
    "/fish.html",
    "/fish/salmon.html",
    "/fishheads",
    "/fishheads/yummy.html",
    "/fish.php?id=anything",
];
const FISH_DOES_NOT_MATCH: [&str; 4] = ["/Fish.asp", "/catfish", "/?id=fish", "/desert/fish"];

/// `/fish` "Matches any path that starts with /fish. Note that the matching
/// is case-sensitive."
#[test]
fn path_table_fish() {
    assert_rule("/fish", &FISH_MATCHES, &FISH_DOES_NOT_MATCH);
}

/// `/fish*` "Equivalent to /fish. The trailing wildcard is ignored."
#[test]
fn path_table_fish_star() {
    assert_rule("/fish*", &FISH_MATCHES, &FISH_DOES_NOT_MATCH);
}

/// `/fish/` "Matches anything in the /fish/ folder."
#[test]
fn path_table_fish_slash() {
    assert_rule(
        "/fish/",
        &["/fish/", "/fish/?id=anything", "/fish/salmon.htm"],
        &["/fish", "/fish.html", "/animals/fish/", "/Fish/Salmon.asp"],
    );
}

/// `/*.php` "Matches any path that contains .php."
#[test]
fn path_table_star_php() {
    assert_rule(
        "/*.php",
        &[
            "/index.php",
            "/filename.php",
            "/folder/filename.php",
            "/folder/filename.php?parameters",
            "/folder/any.php.file.html",
            "/filename.php/",
        ],
        &["/", "/windows.PHP"],
    );
}

/// `/*.php$` "Matches any path that ends with .php."
#[test]
fn path_table_star_php_dollar() {
    assert_rule(
        "/*.php$",
        &["/filename.php", "/folder/filename.php"],
        &[
            "/filename.php?parameters",
            "/filename.php/",
            "/filename.php5",
            "/windows.PHP",
        ],
    );
}

/// `/fish*.php` "Matches any path that contains /fish and .php, in that order."
#[test]
fn path_table_fish_star_php() {
    assert_rule(
        "/fish*.php",
        &["/fish.php", "/fishheads/catfish.php?parameters"],
        &["/Fish.PHP"],
    );
}

/// The page: `$` "designates the end of the URL". Google's matcher treats `$`
/// as special only as the last byte of a rule (`Matches` in `robots.cc`);
/// anywhere else it is an ordinary byte.
#[test]
fn dollar_inside_a_rule_is_an_ordinary_byte() {
    assert_rule("/a$b", &["/a$b", "/a$bc"], &["/a", "/ab"]);
    assert_rule("/a$$", &["/a$"], &["/a", "/a$b"]);
}

/// "Disallow: /foo/bar/ツ and Disallow: /foo/bar/%E3%83%84 are treated
/// identically by the parser."
#[test]
fn raw_utf8_rule_is_canonicalised_to_its_percent_encoded_form() {
    let raw = "user-agent: *\ndisallow: /foo/bar/ツ\n";
    let encoded = "user-agent: *\ndisallow: /foo/bar/%E3%83%84\n";
    assert_eq!(events(raw), events(encoded));
    let url = "https://example.com/foo/bar/%E3%83%84";
    assert!(!allowed(raw, "Googlebot", url));
    assert!(!allowed(encoded, "Googlebot", url));
}

// --- Order of precedence for rules ------------------------------------------------

/// The verdict and deciding line for the `allow` on line 2 and the `disallow`
/// on line 3 of a `*` group.
fn situation(allow: &str, disallow: &str, url: &str) -> (bool, u32) {
    let robots = format!("user-agent: *\nallow: {allow}\ndisallow: {disallow}\n");
    verdict(robots, "Googlebot", url)
}

/// The table "Sample situations".
#[test]
fn sample_situations_for_rule_precedence() {
    // allow: /p, because it's more specific.
    assert_eq!(situation("/p", "/", "https://example.com/page"), (true, 2));
    // allow: /folder, because Google uses the least restrictive rule.
    assert_eq!(
        situation("/folder", "/folder", "https://example.com/folder/page"),
        (true, 2)
    );
    // disallow: /*.htm, because the rule path is longer.
    assert_eq!(
        situation("/page", "/*.htm", "https://example.com/page.htm"),
        (false, 3)
    );
    // allow: /page, the least restrictive of two equally long rules.
    assert_eq!(
        situation("/page", "/*.ph", "https://example.com/page.php5"),
        (true, 2)
    );
    // allow: /$, because it's more specific.
    assert_eq!(situation("/$", "/", "https://example.com/"), (true, 2));
    // disallow: /, because the allow rule only applies on the root URL.
    assert_eq!(
        situation("/$", "/", "https://example.com/page.htm"),
        (false, 3)
    );
}
