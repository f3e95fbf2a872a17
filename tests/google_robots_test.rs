//! Google's `robots_test.cc`, test by test, through the Rust API.
//!
//! The inputs and expected results are those of Google's robotstxt test suite
//! (github.com/google/robotstxt, Apache-2.0), carried over as facts; test
//! names are Google's so that a failure points at the original. Strings that
//! Google builds with `absl::StrAppend`/`absl::StrCat` are built here to the
//! same bytes.

#![allow(non_snake_case)]

use robotstxt_exact::{ParseHandler, RobotsMatcher, get_path_params_query, maybe_escape_pattern};

/// Google's `IsUserAgentAllowed`: a fresh matcher per question.
fn is_user_agent_allowed(
    robotstxt: impl AsRef<[u8]>,
    useragent: impl AsRef<[u8]>,
    url: impl AsRef<[u8]>,
) -> bool {
    let mut matcher = RobotsMatcher::new();
    matcher.one_agent_allowed_by_robots(robotstxt, useragent, url)
}

#[test]
fn GoogleOnly_SystemTest() {
    let robotstxt = "user-agent: FooBot\n\
                     disallow: /\n";
    // An empty robots.txt allows everything.
    assert!(is_user_agent_allowed("", "FooBot", ""));
    // An empty user agent matches no group: everything allowed.
    assert!(is_user_agent_allowed(robotstxt, "", ""));
    // An empty URL has the path "/", which `disallow: /` covers.
    assert!(!is_user_agent_allowed(robotstxt, "FooBot", ""));
    // Everything empty: allowed.
    assert!(is_user_agent_allowed("", "", ""));
}

#[test]
fn ID_LineSyntax_Line() {
    let robotstxt_correct = "user-agent: FooBot\n\
                             disallow: /\n";
    let robotstxt_incorrect = "foo: FooBot\n\
                               bar: /\n";
    let robotstxt_incorrect_accepted = "user-agent FooBot\n\
                                        disallow /\n";
    let url = "http://foo.bar/x/y";

    assert!(!is_user_agent_allowed(robotstxt_correct, "FooBot", url));
    assert!(is_user_agent_allowed(robotstxt_incorrect, "FooBot", url));
    assert!(!is_user_agent_allowed(
        robotstxt_incorrect_accepted,
        "FooBot",
        url
    ));
}

#[test]
fn ID_LineSyntax_Groups() {
    let robotstxt = "allow: /foo/bar/\n\
                     \n\
                     user-agent: FooBot\n\
                     disallow: /\n\
                     allow: /x/\n\
                     user-agent: BarBot\n\
                     disallow: /\n\
                     allow: /y/\n\
                     \n\
                     \n\
                     allow: /w/\n\
                     user-agent: BazBot\n\
                     \n\
                     user-agent: FooBot\n\
                     allow: /z/\n\
                     disallow: /\n";

    let url_w = "http://foo.bar/w/a";
    let url_x = "http://foo.bar/x/b";
    let url_y = "http://foo.bar/y/c";
    let url_z = "http://foo.bar/z/d";
    let url_foo = "http://foo.bar/foo/bar/";

    assert!(is_user_agent_allowed(robotstxt, "FooBot", url_x));
    assert!(is_user_agent_allowed(robotstxt, "FooBot", url_z));
    assert!(!is_user_agent_allowed(robotstxt, "FooBot", url_y));
    assert!(is_user_agent_allowed(robotstxt, "BarBot", url_y));
    assert!(is_user_agent_allowed(robotstxt, "BarBot", url_w));
    assert!(!is_user_agent_allowed(robotstxt, "BarBot", url_z));
    assert!(is_user_agent_allowed(robotstxt, "BazBot", url_z));

    // Rules outside any group are ignored.
    assert!(!is_user_agent_allowed(robotstxt, "FooBot", url_foo));
    assert!(!is_user_agent_allowed(robotstxt, "BarBot", url_foo));
    assert!(!is_user_agent_allowed(robotstxt, "BazBot", url_foo));
}

#[test]
fn ID_LineSyntax_Groups_OtherRules() {
    {
        let robotstxt = "User-agent: BarBot\n\
                         Sitemap: https://foo.bar/sitemap\n\
                         User-agent: *\n\
                         Disallow: /\n";
        let url = "http://foo.bar/";
        assert!(!is_user_agent_allowed(robotstxt, "FooBot", url));
        assert!(!is_user_agent_allowed(robotstxt, "BarBot", url));
    }
    {
        let robotstxt = "User-agent: FooBot\n\
                         Invalid-Unknown-Line: unknown\n\
                         User-agent: *\n\
                         Disallow: /\n";
        let url = "http://foo.bar/";
        assert!(!is_user_agent_allowed(robotstxt, "FooBot", url));
        assert!(!is_user_agent_allowed(robotstxt, "BarBot", url));
    }
}

#[test]
fn ID_REPLineNamesCaseInsensitive() {
    let robotstxt_upper = "USER-AGENT: FooBot\n\
                           ALLOW: /x/\n\
                           DISALLOW: /\n";
    let robotstxt_lower = "user-agent: FooBot\n\
                           allow: /x/\n\
                           disallow: /\n";
    let robotstxt_camel = "uSeR-aGeNt: FooBot\n\
                           AlLoW: /x/\n\
                           dIsAlLoW: /\n";
    let url_allowed = "http://foo.bar/x/y";
    let url_disallowed = "http://foo.bar/a/b";

    assert!(is_user_agent_allowed(
        robotstxt_upper,
        "FooBot",
        url_allowed
    ));
    assert!(is_user_agent_allowed(
        robotstxt_lower,
        "FooBot",
        url_allowed
    ));
    assert!(is_user_agent_allowed(
        robotstxt_camel,
        "FooBot",
        url_allowed
    ));
    assert!(!is_user_agent_allowed(
        robotstxt_upper,
        "FooBot",
        url_disallowed
    ));
    assert!(!is_user_agent_allowed(
        robotstxt_lower,
        "FooBot",
        url_disallowed
    ));
    assert!(!is_user_agent_allowed(
        robotstxt_camel,
        "FooBot",
        url_disallowed
    ));
}

#[test]
fn ID_VerifyValidUserAgentsToObey() {
    assert!(RobotsMatcher::is_valid_user_agent_to_obey("Foobot"));
    assert!(RobotsMatcher::is_valid_user_agent_to_obey("Foobot-Bar"));
    assert!(RobotsMatcher::is_valid_user_agent_to_obey("Foo_Bar"));

    // Google's `absl::string_view()`: no data at all.
    assert!(!RobotsMatcher::is_valid_user_agent_to_obey(&[] as &[u8]));
    assert!(!RobotsMatcher::is_valid_user_agent_to_obey(""));
    assert!(!RobotsMatcher::is_valid_user_agent_to_obey("ツ"));

    assert!(!RobotsMatcher::is_valid_user_agent_to_obey("Foobot*"));
    assert!(!RobotsMatcher::is_valid_user_agent_to_obey(" Foobot "));
    assert!(!RobotsMatcher::is_valid_user_agent_to_obey("Foobot/2.1"));

    assert!(!RobotsMatcher::is_valid_user_agent_to_obey("Foobot Bar"));
}

#[test]
fn ID_UserAgentValueCaseInsensitive() {
    let robotstxt_upper = "User-Agent: FOO BAR\n\
                           Allow: /x/\n\
                           Disallow: /\n";
    let robotstxt_lower = "User-Agent: foo bar\n\
                           Allow: /x/\n\
                           Disallow: /\n";
    let robotstxt_camel = "User-Agent: FoO bAr\n\
                           Allow: /x/\n\
                           Disallow: /\n";
    let url_allowed = "http://foo.bar/x/y";
    let url_disallowed = "http://foo.bar/a/b";

    assert!(is_user_agent_allowed(robotstxt_upper, "Foo", url_allowed));
    assert!(is_user_agent_allowed(robotstxt_lower, "Foo", url_allowed));
    assert!(is_user_agent_allowed(robotstxt_camel, "Foo", url_allowed));
    assert!(!is_user_agent_allowed(
        robotstxt_upper,
        "Foo",
        url_disallowed
    ));
    assert!(!is_user_agent_allowed(
        robotstxt_lower,
        "Foo",
        url_disallowed
    ));
    assert!(!is_user_agent_allowed(
        robotstxt_camel,
        "Foo",
        url_disallowed
    ));
    assert!(is_user_agent_allowed(robotstxt_upper, "foo", url_allowed));
    assert!(is_user_agent_allowed(robotstxt_lower, "foo", url_allowed));
    assert!(is_user_agent_allowed(robotstxt_camel, "foo", url_allowed));
    assert!(!is_user_agent_allowed(
        robotstxt_upper,
        "foo",
        url_disallowed
    ));
    assert!(!is_user_agent_allowed(
        robotstxt_lower,
        "foo",
        url_disallowed
    ));
    assert!(!is_user_agent_allowed(
        robotstxt_camel,
        "foo",
        url_disallowed
    ));
}

#[test]
fn GoogleOnly_AcceptUserAgentUpToFirstSpace() {
    assert!(!RobotsMatcher::is_valid_user_agent_to_obey("Foobot Bar"));
    let robotstxt = "User-Agent: *\n\
                     Disallow: /\n\
                     User-Agent: Foo Bar\n\
                     Allow: /x/\n\
                     Disallow: /\n";
    let url = "http://foo.bar/x/y";

    assert!(is_user_agent_allowed(robotstxt, "Foo", url));
    assert!(!is_user_agent_allowed(robotstxt, "Foo Bar", url));
}

#[test]
fn ID_GlobalGroups_Secondary() {
    let robotstxt_empty = "";
    let robotstxt_global = "user-agent: *\n\
                            allow: /\n\
                            user-agent: FooBot\n\
                            disallow: /\n";
    let robotstxt_only_specific = "user-agent: FooBot\n\
                                   allow: /\n\
                                   user-agent: BarBot\n\
                                   disallow: /\n\
                                   user-agent: BazBot\n\
                                   disallow: /\n";
    let url = "http://foo.bar/x/y";

    assert!(is_user_agent_allowed(robotstxt_empty, "FooBot", url));
    assert!(!is_user_agent_allowed(robotstxt_global, "FooBot", url));
    assert!(is_user_agent_allowed(robotstxt_global, "BarBot", url));
    assert!(is_user_agent_allowed(
        robotstxt_only_specific,
        "QuxBot",
        url
    ));
}

#[test]
fn ID_AllowDisallow_Value_CaseSensitive() {
    let robotstxt_lowercase_url = "user-agent: FooBot\n\
                                   disallow: /x/\n";
    let robotstxt_uppercase_url = "user-agent: FooBot\n\
                                   disallow: /X/\n";
    let url = "http://foo.bar/x/y";

    assert!(!is_user_agent_allowed(
        robotstxt_lowercase_url,
        "FooBot",
        url
    ));
    assert!(is_user_agent_allowed(
        robotstxt_uppercase_url,
        "FooBot",
        url
    ));
}

#[test]
fn ID_LongestMatch() {
    let url = "http://foo.bar/x/page.html";
    {
        let robotstxt = "user-agent: FooBot\n\
                         disallow: /x/page.html\n\
                         allow: /x/\n";
        assert!(!is_user_agent_allowed(robotstxt, "FooBot", url));
    }
    {
        let robotstxt = "user-agent: FooBot\n\
                         allow: /x/page.html\n\
                         disallow: /x/\n";
        assert!(is_user_agent_allowed(robotstxt, "FooBot", url));
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/x/"
        ));
    }
    {
        // Equal allow and disallow patterns for the same agent: allow wins.
        let robotstxt = "user-agent: FooBot\n\
                         disallow: \n\
                         allow: \n";
        assert!(is_user_agent_allowed(robotstxt, "FooBot", url));
    }
    {
        let robotstxt = "user-agent: FooBot\n\
                         disallow: /\n\
                         allow: /\n";
        assert!(is_user_agent_allowed(robotstxt, "FooBot", url));
    }
    {
        let url_a = "http://foo.bar/x";
        let url_b = "http://foo.bar/x/";
        let robotstxt = "user-agent: FooBot\n\
                         disallow: /x\n\
                         allow: /x/\n";
        assert!(!is_user_agent_allowed(robotstxt, "FooBot", url_a));
        assert!(is_user_agent_allowed(robotstxt, "FooBot", url_b));
    }
    {
        let robotstxt = "user-agent: FooBot\n\
                         disallow: /x/page.html\n\
                         allow: /x/page.html\n";
        assert!(is_user_agent_allowed(robotstxt, "FooBot", url));
    }
    {
        // Longest match wins.
        let robotstxt = "user-agent: FooBot\n\
                         allow: /page\n\
                         disallow: /*.html\n";
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/page.html"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/page"
        ));
    }
    {
        let robotstxt = "user-agent: FooBot\n\
                         allow: /x/page.\n\
                         disallow: /*.html\n";
        assert!(is_user_agent_allowed(robotstxt, "FooBot", url));
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/x/y.html"
        ));
    }
    {
        // FooBot's own group implicitly allows /x/page.
        let robotstxt = "User-agent: *\n\
                         Disallow: /x/\n\
                         User-agent: FooBot\n\
                         Disallow: /y/\n";
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/x/page"
        ));
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/y/page"
        ));
    }
}

#[test]
fn ID_Encoding() {
    // /foo/bar?baz=http://foo.bar stays unencoded.
    {
        let robotstxt = "User-agent: FooBot\n\
                         Disallow: /\n\
                         Allow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n";
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par"
        ));
    }
    // A 3-byte character in a rule is escaped to /foo/bar/%E3%83%84.
    {
        let robotstxt = "User-agent: FooBot\n\
                         Disallow: /\n\
                         Allow: /foo/bar/ツ\n";
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/foo/bar/%E3%83%84"
        ));
        // The rule is escaped but the URL is not.
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/foo/bar/ツ"
        ));
    }
    // An already escaped 3-byte character stays as it is.
    {
        let robotstxt = "User-agent: FooBot\n\
                         Disallow: /\n\
                         Allow: /foo/bar/%E3%83%84\n";
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/foo/bar/%E3%83%84"
        ));
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/foo/bar/ツ"
        ));
    }
    // Escaped unreserved US-ASCII is not decoded: it only matches itself.
    {
        let robotstxt = "User-agent: FooBot\n\
                         Disallow: /\n\
                         Allow: /foo/bar/%62%61%7A\n";
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/foo/bar/baz"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/foo/bar/%62%61%7A"
        ));
    }
}

#[test]
fn ID_SpecialCharacters() {
    {
        let robotstxt = "User-agent: FooBot\n\
                         Disallow: /foo/bar/quz\n\
                         Allow: /foo/*/qux\n";
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/foo/bar/quz"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/foo/quz"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/foo//quz"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/foo/bax/quz"
        ));
    }
    {
        let robotstxt = "User-agent: FooBot\n\
                         Disallow: /foo/bar$\n\
                         Allow: /foo/bar/qux\n";
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/foo/bar"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/foo/bar/qux"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/foo/bar/"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/foo/bar/baz"
        ));
    }
    {
        let robotstxt = "User-agent: FooBot\n\
                         # Disallow: /\n\
                         Disallow: /foo/quz#qux\n\
                         Allow: /\n";
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/foo/bar"
        ));
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/foo/quz"
        ));
    }
}

#[test]
fn GoogleOnly_IndexHTMLisDirectory() {
    let robotstxt = "User-Agent: *\n\
                     Allow: /allowed-slash/index.html\n\
                     Disallow: /\n";
    // Allowing index.html allows the directory too.
    assert!(is_user_agent_allowed(
        robotstxt,
        "foobot",
        "http://foo.com/allowed-slash/"
    ));
    // Not an exact match.
    assert!(!is_user_agent_allowed(
        robotstxt,
        "foobot",
        "http://foo.com/allowed-slash/index.htm"
    ));
    // Exact match.
    assert!(is_user_agent_allowed(
        robotstxt,
        "foobot",
        "http://foo.com/allowed-slash/index.html"
    ));
    assert!(!is_user_agent_allowed(
        robotstxt,
        "foobot",
        "http://foo.com/anyother-url"
    ));
}

#[test]
fn GoogleOnly_LineTooLong() {
    let eol_len = "\n".len();
    let max_line_len = 2083 * 8;
    let allow = "allow: ";
    let disallow = "disallow: ";

    // The disallow pattern, cut off at the line limit, matches the URL.
    {
        let mut robotstxt = String::from("user-agent: FooBot\n");
        let mut longline = String::from("/x/");
        let max_length = max_line_len - longline.len() - disallow.len() + eol_len;
        while longline.len() < max_length {
            longline.push('a');
        }
        robotstxt.push_str(disallow);
        robotstxt.push_str(&longline);
        robotstxt.push_str("/qux\n");

        // Matches nothing: allowed.
        assert!(is_user_agent_allowed(
            &robotstxt,
            "FooBot",
            "http://foo.bar/fux"
        ));
        // Matches the cut-off disallow rule.
        assert!(!is_user_agent_allowed(
            &robotstxt,
            "FooBot",
            format!("http://foo.bar{longline}/fux")
        ));
    }

    {
        let mut robotstxt = String::from(
            "user-agent: FooBot\n\
             disallow: /\n",
        );
        let mut longline_a = String::from("/x/");
        let mut longline_b = String::from("/x/");
        let max_length = max_line_len - longline_a.len() - allow.len() + eol_len;
        while longline_a.len() < max_length {
            longline_a.push('a');
            longline_b.push('b');
        }
        for longline in [&longline_a, &longline_b] {
            robotstxt.push_str(allow);
            robotstxt.push_str(longline);
            robotstxt.push_str("/qux\n");
        }

        // The URL matches the disallow rule.
        assert!(!is_user_agent_allowed(
            &robotstxt,
            "FooBot",
            "http://foo.bar/"
        ));
        // Matches the allow rule exactly.
        assert!(is_user_agent_allowed(
            &robotstxt,
            "FooBot",
            format!("http://foo.bar{longline_a}/qux")
        ));
        // Matches the cut-off allow rule.
        assert!(is_user_agent_allowed(
            &robotstxt,
            "FooBot",
            format!("http://foo.bar{longline_b}/fux")
        ));
    }
}

#[test]
fn GoogleOnly_DocumentationChecks() {
    // Examples from https://developers.google.com/search/reference/robots_txt,
    // section "URL matching based on path values".
    {
        let robotstxt = "user-agent: FooBot\n\
                         disallow: /\n\
                         allow: /fish\n";
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/bar"
        ));

        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/fish"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/fish.html"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/fish/salmon.html"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/fishheads"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/fishheads/yummy.html"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/fish.html?id=anything"
        ));

        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/Fish.asp"
        ));
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/catfish"
        ));
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/?id=fish"
        ));
    }
    // "/fish*" equals "/fish".
    {
        let robotstxt = "user-agent: FooBot\n\
                         disallow: /\n\
                         allow: /fish*\n";
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/bar"
        ));

        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/fish"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/fish.html"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/fish/salmon.html"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/fishheads"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/fishheads/yummy.html"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/fish.html?id=anything"
        ));

        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/Fish.bar"
        ));
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/catfish"
        ));
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/?id=fish"
        ));
    }
    // "/fish/" does not equal "/fish".
    {
        let robotstxt = "user-agent: FooBot\n\
                         disallow: /\n\
                         allow: /fish/\n";
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/bar"
        ));

        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/fish/"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/fish/salmon"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/fish/?salmon"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/fish/salmon.html"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/fish/?id=anything"
        ));

        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/fish"
        ));
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/fish.html"
        ));
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/Fish/Salmon.html"
        ));
    }
    // "/*.php"
    {
        let robotstxt = "user-agent: FooBot\n\
                         disallow: /\n\
                         allow: /*.php\n";
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/bar"
        ));

        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/filename.php"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/folder/filename.php"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/folder/filename.php?parameters"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar//folder/any.php.file.html"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/filename.php/"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/index?f=filename.php/"
        ));
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/php/"
        ));
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/index?php"
        ));

        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/windows.PHP"
        ));
    }
    // "/*.php$"
    {
        let robotstxt = "user-agent: FooBot\n\
                         disallow: /\n\
                         allow: /*.php$\n";
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/bar"
        ));

        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/filename.php"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/folder/filename.php"
        ));

        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/filename.php?parameters"
        ));
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/filename.php/"
        ));
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/filename.php5"
        ));
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/php/"
        ));
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/filename?php"
        ));
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/aaaphpaaa"
        ));
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar//windows.PHP"
        ));
    }
    // "/fish*.php"
    {
        let robotstxt = "user-agent: FooBot\n\
                         disallow: /\n\
                         allow: /fish*.php\n";
        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/bar"
        ));

        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/fish.php"
        ));
        assert!(is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/fishheads/catfish.php?parameters"
        ));

        assert!(!is_user_agent_allowed(
            robotstxt,
            "FooBot",
            "http://foo.bar/Fish.PHP"
        ));
    }
    // Section "Order of precedence for group-member records".
    {
        let robotstxt = "user-agent: FooBot\n\
                         allow: /p\n\
                         disallow: /\n";
        let url = "http://example.com/page";
        assert!(is_user_agent_allowed(robotstxt, "FooBot", url));
    }
    {
        let robotstxt = "user-agent: FooBot\n\
                         allow: /folder\n\
                         disallow: /folder\n";
        let url = "http://example.com/folder/page";
        assert!(is_user_agent_allowed(robotstxt, "FooBot", url));
    }
    {
        let robotstxt = "user-agent: FooBot\n\
                         allow: /page\n\
                         disallow: /*.htm\n";
        let url = "http://example.com/page.htm";
        assert!(!is_user_agent_allowed(robotstxt, "FooBot", url));
    }
    {
        let robotstxt = "user-agent: FooBot\n\
                         allow: /$\n\
                         disallow: /\n";
        let url = "http://example.com/";
        let url_page = "http://example.com/page.html";
        assert!(is_user_agent_allowed(robotstxt, "FooBot", url));
        assert!(!is_user_agent_allowed(robotstxt, "FooBot", url_page));
    }
}

/// Google's `RobotsStatsReporter`: counts directives and keeps the sitemap.
#[derive(Default)]
struct RobotsStatsReporter {
    last_line_seen: u32,
    valid_directives: u32,
    unknown_directives: u32,
    sitemap: Vec<u8>,
}

impl RobotsStatsReporter {
    fn digest(&mut self, line_num: u32) {
        assert!(
            line_num >= self.last_line_seen,
            "line {line_num} reported after line {}",
            self.last_line_seen
        );
        self.last_line_seen = line_num;
        self.valid_directives += 1;
    }
}

impl ParseHandler for RobotsStatsReporter {
    fn handle_robots_start(&mut self) {
        self.last_line_seen = 0;
        self.valid_directives = 0;
        self.unknown_directives = 0;
        self.sitemap.clear();
    }

    fn handle_robots_end(&mut self) {}

    fn handle_user_agent(&mut self, line_num: u32, _value: &[u8]) {
        self.digest(line_num);
    }

    fn handle_allow(&mut self, line_num: u32, _value: &[u8]) {
        self.digest(line_num);
    }

    fn handle_disallow(&mut self, line_num: u32, _value: &[u8]) {
        self.digest(line_num);
    }

    fn handle_sitemap(&mut self, line_num: u32, value: &[u8]) {
        self.digest(line_num);
        self.sitemap.extend_from_slice(value);
    }

    fn handle_unknown_action(&mut self, line_num: u32, _action: &[u8], _value: &[u8]) {
        self.last_line_seen = line_num;
        self.unknown_directives += 1;
    }
}

#[test]
fn ID_LinesNumbersAreCountedCorrectly() {
    let mut report = RobotsStatsReporter::default();
    let unix_file = "User-Agent: foo\n\
                     Allow: /some/path\n\
                     User-Agent: bar\n\
                     \n\
                     \n\
                     Disallow: /\n";
    robotstxt_exact::parse_robots_txt(unix_file.as_bytes(), &mut report);
    assert_eq!(4, report.valid_directives);
    assert_eq!(6, report.last_line_seen);

    let dos_file = "User-Agent: foo\r\n\
                    Allow: /some/path\r\n\
                    User-Agent: bar\r\n\
                    \r\n\
                    \r\n\
                    Disallow: /\r\n";
    robotstxt_exact::parse_robots_txt(dos_file.as_bytes(), &mut report);
    assert_eq!(4, report.valid_directives);
    assert_eq!(6, report.last_line_seen);

    let mac_file = "User-Agent: foo\r\
                    Allow: /some/path\r\
                    User-Agent: bar\r\
                    \r\
                    \r\
                    Disallow: /\r";
    robotstxt_exact::parse_robots_txt(mac_file.as_bytes(), &mut report);
    assert_eq!(4, report.valid_directives);
    assert_eq!(6, report.last_line_seen);

    let no_final_newline = "User-Agent: foo\n\
                            Allow: /some/path\n\
                            User-Agent: bar\n\
                            \n\
                            \n\
                            Disallow: /";
    robotstxt_exact::parse_robots_txt(no_final_newline.as_bytes(), &mut report);
    assert_eq!(4, report.valid_directives);
    assert_eq!(6, report.last_line_seen);

    let mixed_file = "User-Agent: foo\n\
                      Allow: /some/path\r\n\
                      User-Agent: bar\n\
                      \r\n\
                      \n\
                      Disallow: /";
    robotstxt_exact::parse_robots_txt(mixed_file.as_bytes(), &mut report);
    assert_eq!(4, report.valid_directives);
    assert_eq!(6, report.last_line_seen);
}

#[test]
fn ID_UTF8ByteOrderMarkIsSkipped() {
    let mut report = RobotsStatsReporter::default();
    let utf8_file_full_bom = b"\xEF\xBB\xBF\
                               User-Agent: foo\n\
                               Allow: /AnyValue\n";
    robotstxt_exact::parse_robots_txt(utf8_file_full_bom, &mut report);
    assert_eq!(2, report.valid_directives);
    assert_eq!(0, report.unknown_directives);

    // A partial byte order mark is skipped as well.
    let utf8_file_partial_2_bom = b"\xEF\xBB\
                                    User-Agent: foo\n\
                                    Allow: /AnyValue\n";
    robotstxt_exact::parse_robots_txt(utf8_file_partial_2_bom, &mut report);
    assert_eq!(2, report.valid_directives);
    assert_eq!(0, report.unknown_directives);

    let utf8_file_partial_1_bom = b"\xEF\
                                    User-Agent: foo\n\
                                    Allow: /AnyValue\n";
    robotstxt_exact::parse_robots_txt(utf8_file_partial_1_bom, &mut report);
    assert_eq!(2, report.valid_directives);
    assert_eq!(0, report.unknown_directives);

    // A wrong sequence is not a byte order mark: the first line becomes the
    // garbage key "\x11\xBFUser-Agent".
    let utf8_file_broken_bom = b"\xEF\x11\xBF\
                                 User-Agent: foo\n\
                                 Allow: /AnyValue\n";
    robotstxt_exact::parse_robots_txt(utf8_file_broken_bom, &mut report);
    assert_eq!(1, report.valid_directives);
    assert_eq!(1, report.unknown_directives);

    // A byte order mark is only skipped at the start of the file.
    let utf8_bom_somewhere_in_middle_of_file = b"User-Agent: foo\n\
                                                 \xEF\xBB\xBF\
                                                 Allow: /AnyValue\n";
    robotstxt_exact::parse_robots_txt(utf8_bom_somewhere_in_middle_of_file, &mut report);
    assert_eq!(1, report.valid_directives);
    assert_eq!(1, report.unknown_directives);
}

#[test]
fn ID_NonStandardLineExample_Sitemap() {
    let mut report = RobotsStatsReporter::default();
    {
        let sitemap_loc = "http://foo.bar/sitemap.xml";
        let mut robotstxt = String::from(
            "User-Agent: foo\n\
             Allow: /some/path\n\
             User-Agent: bar\n\
             \n\
             \n",
        );
        robotstxt.push_str("Sitemap: ");
        robotstxt.push_str(sitemap_loc);
        robotstxt.push('\n');

        robotstxt_exact::parse_robots_txt(robotstxt.as_bytes(), &mut report);
        assert_eq!(sitemap_loc.as_bytes(), report.sitemap);
    }
    // A sitemap line may appear anywhere in the file.
    {
        let mut robotstxt = String::new();
        let sitemap_loc = "http://foo.bar/sitemap.xml";
        let robotstxt_temp = "User-Agent: foo\n\
                              Allow: /some/path\n\
                              User-Agent: bar\n\
                              \n\
                              \n";
        robotstxt.push_str("Sitemap: ");
        robotstxt.push_str(sitemap_loc);
        robotstxt.push('\n');
        robotstxt.push_str(robotstxt_temp);

        robotstxt_exact::parse_robots_txt(robotstxt.as_bytes(), &mut report);
        assert_eq!(sitemap_loc.as_bytes(), report.sitemap);
    }
}

/// Google's `TestPath`.
#[track_caller]
fn test_path(url: &str, expected_path: &str) {
    assert_eq!(
        String::from_utf8_lossy(&get_path_params_query(url.as_bytes())),
        expected_path,
        "path of {url:?}"
    );
}

/// Google's `TestEscape`.
#[track_caller]
fn test_escape(url: &str, expected: &str) {
    assert_eq!(
        String::from_utf8_lossy(&maybe_escape_pattern(url.as_bytes())),
        expected,
        "escape of {url:?}"
    );
}

#[test]
fn TestGetPathParamsQuery() {
    // Only URLs that are already correctly escaped.
    test_path("", "/");
    test_path("http://www.example.com", "/");
    test_path("http://www.example.com/", "/");
    test_path("http://www.example.com/a", "/a");
    test_path("http://www.example.com/a/", "/a/");
    test_path(
        "http://www.example.com/a/b?c=http://d.e/",
        "/a/b?c=http://d.e/",
    );
    test_path(
        "http://www.example.com/a/b?c=d&e=f#fragment",
        "/a/b?c=d&e=f",
    );
    test_path("example.com", "/");
    test_path("example.com/", "/");
    test_path("example.com/a", "/a");
    test_path("example.com/a/", "/a/");
    test_path("example.com/a/b?c=d&e=f#fragment", "/a/b?c=d&e=f");
    test_path("a", "/");
    test_path("a/", "/");
    test_path("/a", "/a");
    test_path("a/b", "/b");
    test_path("example.com?a", "/?a");
    test_path("example.com/a;b#c", "/a;b");
    test_path("//a/b/c", "/b/c");
}

#[test]
fn TestMaybeEscapePattern() {
    test_escape("http://www.example.com", "http://www.example.com");
    test_escape("/a/b/c", "/a/b/c");
    test_escape("á", "%C3%A1");
    test_escape("%aa", "%AA");
}
