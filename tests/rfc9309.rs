//! The examples of RFC 9309 (Robots Exclusion Protocol), section by section.
//!
//! Where Google's library, which this crate reproduces, deliberately departs
//! from the RFC, the test pins Google's behaviour and says where it comes from
//! in Google's `robots.cc`.

mod common;
use common::events;
use robotstxt_exact::{
    RobotsMatcher, RobotsParsingReporter, RobotsTagName, extract_user_agent,
    is_valid_user_agent_to_obey,
};

fn allowed(robots: &str, agent: &str, url: &str) -> bool {
    RobotsMatcher::new().one_agent_allowed_by_robots(robots, agent, url)
}

/// Whether the URL is allowed, and the line of the rule that decided it.
fn verdict(robots: &str, agent: &str, url: &str) -> (bool, u32) {
    let mut m = RobotsMatcher::new();
    let allowed = m.one_agent_allowed_by_robots(robots, agent, url);
    (allowed, m.matching_line())
}

/// Whether a single `disallow` rule of the `*` group matches the URL.
fn rule_matches(rule: &[u8], url: &str) -> bool {
    let mut robots = b"user-agent: *\ndisallow: ".to_vec();
    robots.extend_from_slice(rule);
    robots.push(b'\n');
    !RobotsMatcher::new().one_agent_allowed_by_robots(&robots, "ExampleBot", url)
}

// --- 2.2 Formal syntax -------------------------------------------------------

/// RFC 9309 2.2: `NL = %x0D / %x0A / %x0D.0A`.
#[test]
fn cr_lf_and_crlf_all_end_lines() {
    for nl in ["\r", "\n", "\r\n"] {
        let robots = format!("user-agent: ExampleBot{nl}disallow: /foo{nl}allow: /foo/bar{nl}");
        assert_eq!(
            verdict(&robots, "ExampleBot", "https://example.com/foo/x"),
            (false, 2)
        );
        assert_eq!(
            verdict(&robots, "ExampleBot", "https://example.com/foo/bar"),
            (true, 3)
        );
        assert_eq!(RobotsParsingReporter::parse(&robots).last_line_seen(), 4);
    }
}

/// RFC 9309 2.2: `*WS "user-agent" *WS ":" *WS product-token EOL`, and the
/// same for rules; an end of line may carry a comment.
#[test]
fn whitespace_around_keys_colons_and_values_is_optional() {
    let robots = " \tuser-agent \t: \tExampleBot \t\n\t disallow\t:/foo \t# why\n";
    assert_eq!(
        events(robots.as_bytes()),
        ["1 user-agent ExampleBot", "2 disallow /foo"]
    );
    assert!(!allowed(robots, "ExampleBot", "https://example.com/foo"));
}

// --- 2.2.1 The user-agent line ----------------------------------------------

/// RFC 9309 2.2.1: the product token holds only `a-z`, `A-Z`, `_` and `-`.
#[test]
fn product_token_is_letters_underscores_and_hyphens() {
    assert!(is_valid_user_agent_to_obey(b"ExampleBot"));
    assert!(is_valid_user_agent_to_obey(b"Example_Bot-News"));
    assert!(!is_valid_user_agent_to_obey(b"ExampleBot/0.1"));
    assert!(!is_valid_user_agent_to_obey(b"ExampleBot2"));
    assert!(!is_valid_user_agent_to_obey(b"Example Bot"));
    assert!(!is_valid_user_agent_to_obey(b""));
}

/// RFC 9309 2.2.1, figure 1: the product token `ExampleBot` is a substring of
/// the HTTP header `Mozilla/5.0 (compatible; ExampleBot/0.1;
/// https://www.example.com/bot.html)`. Google's matcher compares the
/// robots.txt token with each agent the caller passes, whole, so the caller
/// must pass the product token, not the header.
#[test]
fn crawler_is_queried_by_product_token_not_by_http_header() {
    let header = "Mozilla/5.0 (compatible; ExampleBot/0.1; https://www.example.com/bot.html)";
    let robots = "user-agent: ExampleBot\ndisallow: /\n";
    let url = "https://www.example.com/page";
    assert!(!allowed(robots, "ExampleBot", url));
    assert!(allowed(robots, header, url));
    // The token of a robots.txt line is its leading run of token bytes.
    assert_eq!(extract_user_agent(b"ExampleBot/0.1; x"), b"ExampleBot");
}

/// RFC 9309 2.2.1: crawlers MUST match the product token case-insensitively.
#[test]
fn group_is_found_case_insensitively() {
    let robots = "user-agent: ExampleBot\ndisallow: /foo\n";
    let url = "https://www.example.com/foo";
    for agent in ["ExampleBot", "examplebot", "EXAMPLEBOT", "eXaMpLeBoT"] {
        assert!(!allowed(robots, agent, url), "{agent}");
    }
    let robots = "user-agent: EXAMPLEBOT\ndisallow: /foo\n";
    assert!(!allowed(robots, "ExampleBot", url));
}

/// RFC 9309 2.2.1, figure 2: two groups for the same product token are merged.
#[test]
fn groups_for_the_same_token_are_merged() {
    let robots = "user-agent: ExampleBot\n\
                  disallow: /foo\n\
                  disallow: /bar\n\
                  \n\
                  user-agent: ExampleBot\n\
                  disallow: /baz\n";
    let at = |path: &str| {
        verdict(
            robots,
            "ExampleBot",
            &format!("https://www.example.com{path}"),
        )
    };
    assert_eq!(at("/foo"), (false, 2));
    assert_eq!(at("/bar"), (false, 3));
    assert_eq!(at("/baz"), (false, 6));
    assert_eq!(at("/qux"), (true, 0));
}

/// RFC 9309 2.2.1, figure 3: with no group of its own, ExampleBot obeys the
/// `*` group (and not the BazBot group).
#[test]
fn star_group_applies_when_no_group_matches() {
    let robots = "user-agent: *\n\
                  disallow: /foo\n\
                  disallow: /bar\n\
                  \n\
                  user-agent: BazBot\n\
                  disallow: /baz\n";
    let url = |path: &str| format!("https://www.example.com{path}");
    assert!(!allowed(robots, "ExampleBot", &url("/foo")));
    assert!(!allowed(robots, "ExampleBot", &url("/bar")));
    assert!(allowed(robots, "ExampleBot", &url("/baz")));
    // BazBot has its own group and so ignores the `*` group.
    assert!(!allowed(robots, "BazBot", &url("/baz")));
    assert!(allowed(robots, "BazBot", &url("/foo")));
}

/// RFC 9309 2.2.1: with neither a matching group nor a `*` group, or with no
/// groups at all, no rules apply.
#[test]
fn no_rules_apply_without_a_matching_or_star_group() {
    let url = "https://www.example.com/baz";
    assert!(allowed(
        "user-agent: BazBot\ndisallow: /\n",
        "ExampleBot",
        url
    ));
    assert!(allowed("# nothing but a comment\n", "ExampleBot", url));
    assert!(allowed("", "ExampleBot", url));
    let mut m = RobotsMatcher::new();
    m.one_agent_allowed_by_robots("user-agent: BazBot\ndisallow: /\n", "ExampleBot", url);
    assert!(!m.ever_seen_specific_agent());
    assert_eq!(m.matching_line(), 0);
}

// --- 2.2.2 The allow and disallow lines --------------------------------------

/// RFC 9309 2.2.2: matching SHOULD be case sensitive.
#[test]
fn rule_matching_is_case_sensitive() {
    assert!(rule_matches(b"/foo", "https://example.com/foo"));
    assert!(!rule_matches(b"/foo", "https://example.com/Foo"));
    assert!(!rule_matches(b"/FOO", "https://example.com/foo"));
}

/// RFC 9309 2.2.2: matching MUST start with the first octet of the path.
#[test]
fn rule_matching_starts_at_the_first_octet_of_the_path() {
    assert!(rule_matches(b"/foo", "https://example.com/foo/bar"));
    assert!(!rule_matches(b"/foo", "https://example.com/bar/foo"));
    assert!(!rule_matches(b"foo", "https://example.com/foo"));
}

/// RFC 9309 2.2.2: the most specific match, the one with the most octets, is
/// used, whatever the order of the rules.
#[test]
fn match_with_the_most_octets_wins_in_either_order() {
    let url = "https://example.com/foo/bar";
    for robots in [
        "user-agent: *\ndisallow: /foo\nallow: /foo/\n",
        "user-agent: *\nallow: /foo/\ndisallow: /foo\n",
    ] {
        assert!(allowed(robots, "ExampleBot", url), "{robots}");
    }
    for robots in [
        "user-agent: *\nallow: /foo\ndisallow: /foo/\n",
        "user-agent: *\ndisallow: /foo/\nallow: /foo\n",
    ] {
        assert!(!allowed(robots, "ExampleBot", url), "{robots}");
    }
}

/// RFC 9309 2.2.2: when an allow and a disallow rule are equivalent, the
/// allow rule SHOULD be used.
#[test]
fn equivalent_allow_and_disallow_rules_allow() {
    let url = "https://example.com/foo";
    assert_eq!(
        verdict(
            "user-agent: *\nallow: /foo\ndisallow: /foo\n",
            "ExampleBot",
            url
        ),
        (true, 2)
    );
    assert_eq!(
        verdict(
            "user-agent: *\ndisallow: /foo\nallow: /foo\n",
            "ExampleBot",
            url
        ),
        (true, 3)
    );
    // Equivalent in length and both matching: the least restrictive still wins.
    assert!(allowed(
        "user-agent: *\ndisallow: /*oo\nallow: /fo*\n",
        "ExampleBot",
        url
    ));
}

/// RFC 9309 2.2.2: if no rule of the matching group matches, or the group has
/// no rules, the URI is allowed.
#[test]
fn uri_is_allowed_when_no_rule_of_the_group_matches() {
    let url = "https://example.com/qux";
    assert!(allowed(
        "user-agent: ExampleBot\ndisallow: /foo\n",
        "ExampleBot",
        url
    ));
    assert!(allowed("user-agent: ExampleBot\n", "ExampleBot", url));
    // The group matched, so the `*` group is not consulted.
    assert!(allowed(
        "user-agent: *\ndisallow: /\nuser-agent: ExampleBot\ndisallow: /foo\n",
        "ExampleBot",
        url
    ));
}

/// RFC 9309 2.2.2: "The /robots.txt URI is implicitly allowed." Google's
/// matcher has no such exception (nothing in `robots.cc` looks at the path
/// `/robots.txt`): fetching robots.txt is the crawler's business, and a
/// `disallow: /` covers it like any other path.
#[test]
fn robots_txt_uri_gets_no_exception_from_the_matcher() {
    assert!(!allowed(
        "user-agent: *\ndisallow: /\n",
        "ExampleBot",
        "https://example.com/robots.txt"
    ));
}

/// RFC 9309 2.2.2, figure 4, row 1: `/foo/bar?baz=quz` needs no encoding.
#[test]
fn percent_encoding_table_plain_query() {
    assert!(rule_matches(
        b"/foo/bar?baz=quz",
        "https://example.com/foo/bar?baz=quz"
    ));
}

/// RFC 9309 2.2.2, figure 4, row 2: the RFC encodes the reserved characters of
/// `/foo/bar?baz=https://foo.bar` in the rule to `https%3A%2F%2Ffoo.bar` before
/// comparing. Google compares the rule as written with the URL as given
/// (`MaybeEscapePattern` only escapes bytes >= 0x80 and upper-cases `%xx`), so
/// the raw rule matches the raw URL and not the encoded one, and the encoded
/// rule matches only the encoded URL.
#[test]
fn percent_encoding_table_reserved_characters_are_compared_as_written() {
    let raw = "https://example.com/foo/bar?baz=https://foo.bar";
    let encoded = "https://example.com/foo/bar?baz=https%3A%2F%2Ffoo.bar";
    assert!(rule_matches(b"/foo/bar?baz=https://foo.bar", raw));
    assert!(!rule_matches(b"/foo/bar?baz=https://foo.bar", encoded));
    assert!(rule_matches(b"/foo/bar?baz=https%3A%2F%2Ffoo.bar", encoded));
    assert!(!rule_matches(b"/foo/bar?baz=https%3A%2F%2Ffoo.bar", raw));
}

/// RFC 9309 2.2.2, figure 4, row 3: the octets of `ツ` (E3 83 84) in a rule
/// are percent-encoded before comparison. Google does this too, in the
/// parser; the URL must arrive encoded.
#[test]
fn percent_encoding_table_non_ascii_rule_octets_are_encoded() {
    assert!(rule_matches(
        "/foo/bar/ツ".as_bytes(),
        "https://example.com/foo/bar/%E3%83%84"
    ));
    assert_eq!(
        events("user-agent: *\ndisallow: /foo/bar/ツ\n".as_bytes())[1],
        "2 disallow /foo/bar/%E3%83%84"
    );
    // Google does not encode the URL: the caller must.
    assert!(!rule_matches(
        "/foo/bar/ツ".as_bytes(),
        "https://example.com/foo/bar/ツ"
    ));
}

/// RFC 9309 2.2.2, figure 4, row 4: an already encoded rule is kept. Google
/// also upper-cases the hex digits of the rule's escapes, not the URL's.
#[test]
fn percent_encoding_table_encoded_rule_is_kept() {
    let url = "https://example.com/foo/bar/%E3%83%84";
    assert!(rule_matches(b"/foo/bar/%E3%83%84", url));
    assert!(rule_matches(b"/foo/bar/%e3%83%84", url));
    assert!(!rule_matches(
        b"/foo/bar/%E3%83%84",
        "https://example.com/foo/bar/%e3%83%84"
    ));
}

/// RFC 9309 2.2.2, figure 4, row 5: the RFC decodes `%62%61%7A`, escapes of
/// unreserved characters, so that the rule `/foo/bar/%62%61%7A` matches
/// `/foo/bar/baz`. Google decodes nothing, in rules or URLs: each matches
/// only its own spelling.
#[test]
fn percent_encoding_table_unreserved_escapes_are_not_decoded() {
    assert!(!rule_matches(
        b"/foo/bar/%62%61%7A",
        "https://example.com/foo/bar/baz"
    ));
    assert!(rule_matches(
        b"/foo/bar/%62%61%7A",
        "https://example.com/foo/bar/%62%61%7A"
    ));
    assert!(!rule_matches(
        b"/foo/bar/baz",
        "https://example.com/foo/bar/%62%61%7A"
    ));
}

/// RFC 9309 2.2.2: rules that are not in any group SHOULD be ignored.
#[test]
fn rules_before_the_first_user_agent_line_are_ignored() {
    let robots = "disallow: /foo\nallow: /bar\n\nuser-agent: *\ndisallow: /bar\n";
    assert_eq!(
        verdict(robots, "ExampleBot", "https://example.com/foo"),
        (true, 0)
    );
    assert_eq!(
        verdict(robots, "ExampleBot", "https://example.com/bar"),
        (false, 5)
    );
}

// --- 2.2.3 Special characters -------------------------------------------------

/// RFC 9309 2.2.3, figure 5: `#` starts a comment, in a line or on its own.
#[test]
fn hash_starts_a_comment_in_a_line_or_on_its_own() {
    let robots = "user-agent: *\n\
                  disallow: /\n\
                  allow: / # comment in line\n\
                  # comment on its own line\n";
    // Were the comment part of the value, `allow` would not match `/page`.
    assert_eq!(
        verdict(robots, "ExampleBot", "https://example.com/page"),
        (true, 3)
    );
    let lines = RobotsParsingReporter::parse(robots).parse_results();
    assert_eq!(lines[2].tag_name, RobotsTagName::Allow);
    assert!(lines[2].metadata.has_comment && !lines[2].metadata.is_comment);
    assert_eq!(lines[3].tag_name, RobotsTagName::Unknown);
    assert!(lines[3].metadata.is_comment);
}

/// RFC 9309 2.2.3, figure 5: `$` designates the end of the match pattern.
#[test]
fn dollar_ends_the_pattern() {
    let rule = b"/this/path/exactly$";
    assert!(rule_matches(rule, "https://example.com/this/path/exactly"));
    assert!(!rule_matches(
        rule,
        "https://example.com/this/path/exactly/"
    ));
    assert!(!rule_matches(
        rule,
        "https://example.com/this/path/exactly?q"
    ));
    assert!(!rule_matches(
        rule,
        "https://example.com/this/path/exactlyx"
    ));
}

/// RFC 9309 2.2.3, figure 5: `*` designates 0 or more instances of any
/// character, `/` included.
#[test]
fn star_matches_any_run_of_characters() {
    let rule = b"/this/*/exactly";
    assert!(rule_matches(rule, "https://example.com/this/a/exactly"));
    assert!(rule_matches(rule, "https://example.com/this//exactly"));
    assert!(rule_matches(rule, "https://example.com/this/a/b/c/exactly"));
    assert!(rule_matches(
        rule,
        "https://example.com/this/a/exactly/and/more"
    ));
    assert!(!rule_matches(rule, "https://example.com/this/exactly"));
    assert!(!rule_matches(rule, "https://example.com/that/a/exactly"));
}

/// RFC 9309 2.2.3, figure 6: the RFC lets `/path/file-with-a-%2A.html` and
/// `/path/foo-%24` match the URIs `.../path/file-with-a-*.html` and
/// `.../path/foo-$`. Google does not decode escapes, so such a rule matches
/// only a URL spelled with the same escape, and the unescaped characters in
/// a rule keep their special meaning.
#[test]
fn escaped_special_characters_match_only_escaped_urls() {
    assert!(!rule_matches(
        b"/path/file-with-a-%2A.html",
        "https://www.example.com/path/file-with-a-*.html"
    ));
    assert!(rule_matches(
        b"/path/file-with-a-%2A.html",
        "https://www.example.com/path/file-with-a-%2A.html"
    ));
    assert!(!rule_matches(
        b"/path/foo-%24",
        "https://www.example.com/path/foo-$"
    ));
    assert!(rule_matches(
        b"/path/foo-%24",
        "https://www.example.com/path/foo-%24"
    ));
    // Unescaped, they are a wildcard and an anchor.
    assert!(rule_matches(
        b"/path/file-with-a-*.html",
        "https://www.example.com/path/file-with-a-x.html"
    ));
    assert!(rule_matches(
        b"/path/foo-$",
        "https://www.example.com/path/foo-"
    ));
    assert!(!rule_matches(
        b"/path/foo-$",
        "https://www.example.com/path/foo-$"
    ));
}

// --- 2.2.4 Other records ------------------------------------------------------

/// RFC 9309 2.2.4: crawlers may interpret other records such as sitemaps, and
/// a `Sitemaps` record MUST NOT terminate a group.
#[test]
fn sitemap_record_is_reported_and_does_not_end_a_group() {
    let robots = "User-agent: ExampleBot\n\
                  Sitemap: https://www.example.com/sitemap.xml\n\
                  User-agent: OtherBot\n\
                  Disallow: /\n";
    assert_eq!(
        events(robots.as_bytes()),
        [
            "1 user-agent ExampleBot",
            "2 sitemap https://www.example.com/sitemap.xml",
            "3 user-agent OtherBot",
            "4 disallow /",
        ]
    );
    assert_eq!(
        verdict(robots, "ExampleBot", "https://www.example.com/a"),
        (false, 4)
    );
    assert!(!allowed(robots, "OtherBot", "https://www.example.com/a"));
}

/// RFC 9309 2.2.4: records outside the protocol, known or not, do not
/// terminate a group either.
#[test]
fn unknown_records_do_not_end_a_group() {
    let robots = "User-agent: ExampleBot\n\
                  Crawl-delay: 10\n\
                  Unicorn: yes\n\
                  User-agent: OtherBot\n\
                  Disallow: /\n";
    assert!(!allowed(robots, "ExampleBot", "https://www.example.com/a"));
}

/// RFC 9309 2.2.4: crawlers may accept common misspellings of records.
/// Google's parser takes any key starting with `sitemap` (the RFC's own
/// `Sitemaps` included) or `site-map`, and a few misspellings of `disallow`
/// and `user-agent`.
#[test]
fn common_misspellings_of_records_are_accepted() {
    let robots = "Useragent: ExampleBot\n\
                  Disalow: /foo\n\
                  Sitemaps: https://www.example.com/a.xml\n\
                  Site-map: https://www.example.com/b.xml\n";
    assert_eq!(
        events(robots.as_bytes()),
        [
            "1 user-agent ExampleBot",
            "2 disallow /foo",
            "3 sitemap https://www.example.com/a.xml",
            "4 sitemap https://www.example.com/b.xml",
        ]
    );
    let lines = RobotsParsingReporter::parse(robots).parse_results();
    let typos: Vec<bool> = lines.iter().map(|l| l.is_typo).collect();
    assert_eq!(typos, [true, true, false, true, false]);
    assert!(!allowed(
        robots,
        "ExampleBot",
        "https://www.example.com/foo"
    ));
}

// --- 2.5 Limits ---------------------------------------------------------------

/// RFC 9309 2.5: the parsing limit MUST be at least 500 KiB. Google's
/// library parses the whole body it is given, leaving any size cap to the
/// fetcher, so rules past 500 KiB still count.
#[test]
fn rules_past_500_kib_are_parsed() {
    let mut robots = "# padding\n".repeat(60 * 1024);
    assert!(robots.len() > 500 * 1024);
    robots.push_str("user-agent: *\ndisallow: /late\n");
    let (ok, line) = verdict(&robots, "ExampleBot", "https://example.com/late");
    assert!(!ok);
    assert_eq!(line, 60 * 1024 + 2);
}

// --- 5.1 Simple example -------------------------------------------------------

/// The file of RFC 9309 5.1. The figure ends with an `EOF` marker, which
/// stands for the end of the file and is not part of it.
const SIMPLE_EXAMPLE: &str = "User-Agent: *\n\
                              Disallow: *.gif$\n\
                              Disallow: /example/\n\
                              Allow: /publications/\n\
                              \n\
                              User-Agent: foobot\n\
                              Disallow:/\n\
                              Allow:/example/page.html\n\
                              Allow:/example/allowed.gif\n\
                              \n\
                              User-Agent: barbot\n\
                              User-Agent: bazbot\n\
                              Disallow: /example/page.html\n\
                              \n\
                              User-Agent: quxbot\n\
                              \n";

fn simple(agent: &str, path: &str) -> (bool, u32) {
    verdict(
        SIMPLE_EXAMPLE,
        agent,
        &format!("https://www.example.com{path}"),
    )
}

/// RFC 9309 5.1: the `*` group allows `/publications/`, and restricts
/// `/example/` and every URL with a `.gif` suffix (the `*` of `*.gif$`
/// matching the leading `/` too).
#[test]
fn simple_example_star_group() {
    for agent in ["UnknownBot", "ExampleBot"] {
        assert_eq!(simple(agent, "/publications/report.html"), (true, 4));
        assert_eq!(simple(agent, "/example/"), (false, 3));
        assert_eq!(simple(agent, "/example/page.html"), (false, 3));
        assert_eq!(simple(agent, "/image.gif"), (false, 2));
        assert_eq!(simple(agent, "/deep/down/image.gif"), (false, 2));
        assert_eq!(simple(agent, "/image.gif.html"), (true, 0));
        assert_eq!(simple(agent, "/other/page.html"), (true, 0));
        // Longest match: `/publications/` has more octets than `*.gif$`.
        assert_eq!(simple(agent, "/publications/cover.gif"), (true, 4));
    }
}

/// RFC 9309 5.1: foobot may only fetch the prefixes `/example/page.html` and
/// `/example/allowed.gif`; rules written without the optional space count.
#[test]
fn simple_example_foobot() {
    assert_eq!(simple("foobot", "/example/page.html"), (true, 8));
    assert_eq!(simple("foobot", "/example/page.html?x=1"), (true, 8));
    assert_eq!(simple("foobot", "/example/allowed.gif"), (true, 9));
    assert_eq!(simple("foobot", "/example/other.html"), (false, 7));
    assert_eq!(simple("foobot", "/"), (false, 7));
    // The `*` group does not apply to foobot.
    assert_eq!(simple("foobot", "/publications/report.html"), (false, 7));
    assert_eq!(simple("FooBot", "/example/page.html"), (true, 8));
}

/// RFC 9309 5.1: barbot and bazbot share one group that only disallows
/// `/example/page.html`.
#[test]
fn simple_example_barbot_and_bazbot_share_a_group() {
    for agent in ["barbot", "bazbot"] {
        assert_eq!(simple(agent, "/example/page.html"), (false, 13), "{agent}");
        assert_eq!(simple(agent, "/example/other.html"), (true, 0), "{agent}");
        assert_eq!(simple(agent, "/image.gif"), (true, 0), "{agent}");
        assert_eq!(simple(agent, "/"), (true, 0), "{agent}");
    }
}

/// RFC 9309 5.1: quxbot's group at the end of the file is empty, so quxbot
/// may fetch everything, even what the `*` group disallows.
#[test]
fn simple_example_quxbot_empty_group_allows_everything() {
    let mut m = RobotsMatcher::new();
    for path in [
        "/",
        "/example/page.html",
        "/image.gif",
        "/example/allowed.gif",
    ] {
        let url = format!("https://www.example.com{path}");
        assert!(
            m.one_agent_allowed_by_robots(SIMPLE_EXAMPLE, "quxbot", &url),
            "{path}"
        );
        assert!(m.ever_seen_specific_agent());
        assert_eq!(m.matching_line(), 0);
    }
}

// --- 5.2 Longest match --------------------------------------------------------

const LONGEST_MATCH_EXAMPLE: &str = "User-Agent: foobot\n\
                                     Allow: /example/page/\n\
                                     Disallow: /example/page/disallowed.gif\n";

/// RFC 9309 5.2: of two matching rules the longest is used, so
/// `/example/page/disallowed.gif` is disallowed while the rest of
/// `/example/page/` is allowed.
#[test]
fn longest_match_example() {
    let at = |path: &str| {
        verdict(
            LONGEST_MATCH_EXAMPLE,
            "foobot",
            &format!("https://example.com{path}"),
        )
    };
    assert_eq!(at("/example/page/disallowed.gif"), (false, 3));
    assert_eq!(at("/example/page/"), (true, 2));
    assert_eq!(at("/example/page/allowed.gif"), (true, 2));
    assert_eq!(at("/example/"), (true, 0));
}

/// RFC 9309 5.2 names the URI `example.com/example/page/disallow.gif`, which
/// the rule `/example/page/disallowed.gif` does not match octet for octet (a
/// slip in the RFC's prose); only `Allow: /example/page/` matches it, so it is
/// allowed.
#[test]
fn longest_match_example_uri_as_printed_in_the_rfc_is_allowed() {
    assert_eq!(
        verdict(
            LONGEST_MATCH_EXAMPLE,
            "foobot",
            "example.com/example/page/disallow.gif"
        ),
        (true, 2)
    );
}
