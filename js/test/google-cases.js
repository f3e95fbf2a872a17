// Google's test cases (robots_test.cc and reporting_robots_test.cc), test
// by test, through the JavaScript API, for Node (google.test.js) and for the
// browser test (browser.test.js), which runs them in Chromium.
//
// The inputs and expected results are those of Google's robotstxt test
// suite (github.com/google/robotstxt, Apache-2.0), carried over as facts
// from the Rust port in tests/google_robots_test.rs and
// tests/google_reporting_robots_test.rs; test names are Google's. Nothing
// here imports a Node module: `assert` (ok, equal, deepEqual) and the
// package's exports are passed in.

/** The cases as [name, function] pairs. */
export function googleCases(assert, api) {
  const {
    IsAllowed,
    Robots,
    RobotsMatcher,
    RobotsParsingReporter,
    RobotsTagName,
    getPathParamsQuery,
    maybeEscapePattern,
    parseRobotsTxt,
  } = api;
  const cases = [];
  const test = (name, fn) => cases.push([name, fn]);
  const encoder = new TextEncoder();
  const enc = (s) => encoder.encode(s);
  const bytes = (list) => Uint8Array.from(list);

  // Google's `IsUserAgentAllowed`: a fresh matcher per question. Every case
  // is also asked of the parse-once Robots, of Google's IsAllowed, and with
  // the body as bytes: all must give Google's answer.
  function isUserAgentAllowed(robotstxt, useragent, url) {
    const matcher = new RobotsMatcher();
    const allowed = matcher.oneAgentAllowedByRobots(robotstxt, useragent, url);
    matcher.free();
    const robots = Robots.parse(robotstxt);
    assert.equal(robots.allowed(useragent, url), allowed, 'Robots.allowed differs from RobotsMatcher');
    assert.equal(robots.check([useragent], url).allowed, allowed, 'Robots.check differs from RobotsMatcher');
    robots.free();
    assert.equal(IsAllowed(useragent, url, robotstxt), allowed, 'IsAllowed differs from RobotsMatcher');
    if (typeof robotstxt === 'string') {
      const m = new RobotsMatcher({ memo: false });
      assert.equal(m.oneAgentAllowedByRobots(enc(robotstxt), useragent, url), allowed, 'bytes differ from the string');
      m.free();
    }
    return allowed;
  }

  // --- robots_test.cc ----------------------------------------------------------

  test('GoogleOnly_SystemTest', () => {
      let robotstxt = "user-agent: FooBot\ndisallow: /\n";
      // An empty robots.txt allows everything.
      assert.ok(isUserAgentAllowed("", "FooBot", ""));
      // An empty user agent matches no group: everything allowed.
      assert.ok(isUserAgentAllowed(robotstxt, "", ""));
      // An empty URL has the path "/", which `disallow: /` covers.
      assert.ok(!isUserAgentAllowed(robotstxt, "FooBot", ""));
      // Everything empty: allowed.
      assert.ok(isUserAgentAllowed("", "", ""));
  });

  test('ID_LineSyntax_Line', () => {
      let robotstxt_correct = "user-agent: FooBot\ndisallow: /\n";
      let robotstxt_incorrect = "foo: FooBot\nbar: /\n";
      let robotstxt_incorrect_accepted = "user-agent FooBot\ndisallow /\n";
      let url = "http://foo.bar/x/y";

      assert.ok(!isUserAgentAllowed(robotstxt_correct, "FooBot", url));
      assert.ok(isUserAgentAllowed(robotstxt_incorrect, "FooBot", url));
      assert.ok(!isUserAgentAllowed(
          robotstxt_incorrect_accepted,
          "FooBot",
          url
      ));
  });

  test('ID_LineSyntax_Groups', () => {
      let robotstxt = "allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\ndisallow: /\nallow: /y/\n\n\nallow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\nallow: /z/\ndisallow: /\n";

      let url_w = "http://foo.bar/w/a";
      let url_x = "http://foo.bar/x/b";
      let url_y = "http://foo.bar/y/c";
      let url_z = "http://foo.bar/z/d";
      let url_foo = "http://foo.bar/foo/bar/";

      assert.ok(isUserAgentAllowed(robotstxt, "FooBot", url_x));
      assert.ok(isUserAgentAllowed(robotstxt, "FooBot", url_z));
      assert.ok(!isUserAgentAllowed(robotstxt, "FooBot", url_y));
      assert.ok(isUserAgentAllowed(robotstxt, "BarBot", url_y));
      assert.ok(isUserAgentAllowed(robotstxt, "BarBot", url_w));
      assert.ok(!isUserAgentAllowed(robotstxt, "BarBot", url_z));
      assert.ok(isUserAgentAllowed(robotstxt, "BazBot", url_z));

      // Rules outside any group are ignored.
      assert.ok(!isUserAgentAllowed(robotstxt, "FooBot", url_foo));
      assert.ok(!isUserAgentAllowed(robotstxt, "BarBot", url_foo));
      assert.ok(!isUserAgentAllowed(robotstxt, "BazBot", url_foo));
  });

  test('ID_LineSyntax_Groups_OtherRules', () => {
      {
          let robotstxt = "User-agent: BarBot\nSitemap: https://foo.bar/sitemap\nUser-agent: *\nDisallow: /\n";
          let url = "http://foo.bar/";
          assert.ok(!isUserAgentAllowed(robotstxt, "FooBot", url));
          assert.ok(!isUserAgentAllowed(robotstxt, "BarBot", url));
      }
      {
          let robotstxt = "User-agent: FooBot\nInvalid-Unknown-Line: unknown\nUser-agent: *\nDisallow: /\n";
          let url = "http://foo.bar/";
          assert.ok(!isUserAgentAllowed(robotstxt, "FooBot", url));
          assert.ok(!isUserAgentAllowed(robotstxt, "BarBot", url));
      }
  });

  test('ID_REPLineNamesCaseInsensitive', () => {
      let robotstxt_upper = "USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n";
      let robotstxt_lower = "user-agent: FooBot\nallow: /x/\ndisallow: /\n";
      let robotstxt_camel = "uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n";
      let url_allowed = "http://foo.bar/x/y";
      let url_disallowed = "http://foo.bar/a/b";

      assert.ok(isUserAgentAllowed(
          robotstxt_upper,
          "FooBot",
          url_allowed
      ));
      assert.ok(isUserAgentAllowed(
          robotstxt_lower,
          "FooBot",
          url_allowed
      ));
      assert.ok(isUserAgentAllowed(
          robotstxt_camel,
          "FooBot",
          url_allowed
      ));
      assert.ok(!isUserAgentAllowed(
          robotstxt_upper,
          "FooBot",
          url_disallowed
      ));
      assert.ok(!isUserAgentAllowed(
          robotstxt_lower,
          "FooBot",
          url_disallowed
      ));
      assert.ok(!isUserAgentAllowed(
          robotstxt_camel,
          "FooBot",
          url_disallowed
      ));
  });

  test('ID_VerifyValidUserAgentsToObey', () => {
      assert.ok(RobotsMatcher.isValidUserAgentToObey("Foobot"));
      assert.ok(RobotsMatcher.isValidUserAgentToObey("Foobot-Bar"));
      assert.ok(RobotsMatcher.isValidUserAgentToObey("Foo_Bar"));

      // Google's `absl::string_view()`: no data at all.
      assert.ok(!RobotsMatcher.isValidUserAgentToObey(new Uint8Array(0)));
      assert.ok(!RobotsMatcher.isValidUserAgentToObey(""));
      assert.ok(!RobotsMatcher.isValidUserAgentToObey("ツ"));

      assert.ok(!RobotsMatcher.isValidUserAgentToObey("Foobot*"));
      assert.ok(!RobotsMatcher.isValidUserAgentToObey(" Foobot "));
      assert.ok(!RobotsMatcher.isValidUserAgentToObey("Foobot/2.1"));

      assert.ok(!RobotsMatcher.isValidUserAgentToObey("Foobot Bar"));
  });

  test('ID_UserAgentValueCaseInsensitive', () => {
      let robotstxt_upper = "User-Agent: FOO BAR\nAllow: /x/\nDisallow: /\n";
      let robotstxt_lower = "User-Agent: foo bar\nAllow: /x/\nDisallow: /\n";
      let robotstxt_camel = "User-Agent: FoO bAr\nAllow: /x/\nDisallow: /\n";
      let url_allowed = "http://foo.bar/x/y";
      let url_disallowed = "http://foo.bar/a/b";

      assert.ok(isUserAgentAllowed(robotstxt_upper, "Foo", url_allowed));
      assert.ok(isUserAgentAllowed(robotstxt_lower, "Foo", url_allowed));
      assert.ok(isUserAgentAllowed(robotstxt_camel, "Foo", url_allowed));
      assert.ok(!isUserAgentAllowed(
          robotstxt_upper,
          "Foo",
          url_disallowed
      ));
      assert.ok(!isUserAgentAllowed(
          robotstxt_lower,
          "Foo",
          url_disallowed
      ));
      assert.ok(!isUserAgentAllowed(
          robotstxt_camel,
          "Foo",
          url_disallowed
      ));
      assert.ok(isUserAgentAllowed(robotstxt_upper, "foo", url_allowed));
      assert.ok(isUserAgentAllowed(robotstxt_lower, "foo", url_allowed));
      assert.ok(isUserAgentAllowed(robotstxt_camel, "foo", url_allowed));
      assert.ok(!isUserAgentAllowed(
          robotstxt_upper,
          "foo",
          url_disallowed
      ));
      assert.ok(!isUserAgentAllowed(
          robotstxt_lower,
          "foo",
          url_disallowed
      ));
      assert.ok(!isUserAgentAllowed(
          robotstxt_camel,
          "foo",
          url_disallowed
      ));
  });

  test('GoogleOnly_AcceptUserAgentUpToFirstSpace', () => {
      assert.ok(!RobotsMatcher.isValidUserAgentToObey("Foobot Bar"));
      let robotstxt = "User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n";
      let url = "http://foo.bar/x/y";

      assert.ok(isUserAgentAllowed(robotstxt, "Foo", url));
      assert.ok(!isUserAgentAllowed(robotstxt, "Foo Bar", url));
  });

  test('ID_GlobalGroups_Secondary', () => {
      let robotstxt_empty = "";
      let robotstxt_global = "user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n";
      let robotstxt_only_specific = "user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\nuser-agent: BazBot\ndisallow: /\n";
      let url = "http://foo.bar/x/y";

      assert.ok(isUserAgentAllowed(robotstxt_empty, "FooBot", url));
      assert.ok(!isUserAgentAllowed(robotstxt_global, "FooBot", url));
      assert.ok(isUserAgentAllowed(robotstxt_global, "BarBot", url));
      assert.ok(isUserAgentAllowed(
          robotstxt_only_specific,
          "QuxBot",
          url
      ));
  });

  test('ID_AllowDisallow_Value_CaseSensitive', () => {
      let robotstxt_lowercase_url = "user-agent: FooBot\ndisallow: /x/\n";
      let robotstxt_uppercase_url = "user-agent: FooBot\ndisallow: /X/\n";
      let url = "http://foo.bar/x/y";

      assert.ok(!isUserAgentAllowed(
          robotstxt_lowercase_url,
          "FooBot",
          url
      ));
      assert.ok(isUserAgentAllowed(
          robotstxt_uppercase_url,
          "FooBot",
          url
      ));
  });

  test('ID_LongestMatch', () => {
      let url = "http://foo.bar/x/page.html";
      {
          let robotstxt = "user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/\n";
          assert.ok(!isUserAgentAllowed(robotstxt, "FooBot", url));
      }
      {
          let robotstxt = "user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n";
          assert.ok(isUserAgentAllowed(robotstxt, "FooBot", url));
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/x/"
          ));
      }
      {
          // Equal allow and disallow patterns for the same agent: allow wins.
          let robotstxt = "user-agent: FooBot\ndisallow: \nallow: \n";
          assert.ok(isUserAgentAllowed(robotstxt, "FooBot", url));
      }
      {
          let robotstxt = "user-agent: FooBot\ndisallow: /\nallow: /\n";
          assert.ok(isUserAgentAllowed(robotstxt, "FooBot", url));
      }
      {
          let url_a = "http://foo.bar/x";
          let url_b = "http://foo.bar/x/";
          let robotstxt = "user-agent: FooBot\ndisallow: /x\nallow: /x/\n";
          assert.ok(!isUserAgentAllowed(robotstxt, "FooBot", url_a));
          assert.ok(isUserAgentAllowed(robotstxt, "FooBot", url_b));
      }
      {
          let robotstxt = "user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/page.html\n";
          assert.ok(isUserAgentAllowed(robotstxt, "FooBot", url));
      }
      {
          // Longest match wins.
          let robotstxt = "user-agent: FooBot\nallow: /page\ndisallow: /*.html\n";
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/page.html"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/page"
          ));
      }
      {
          let robotstxt = "user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n";
          assert.ok(isUserAgentAllowed(robotstxt, "FooBot", url));
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/x/y.html"
          ));
      }
      {
          // FooBot's own group implicitly allows /x/page.
          let robotstxt = "User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n";
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/x/page"
          ));
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/y/page"
          ));
      }
  });

  test('ID_Encoding', () => {
      // /foo/bar?baz=http://foo.bar stays unencoded.
      {
          let robotstxt = "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n";
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par"
          ));
      }
      // A 3-byte character in a rule is escaped to /foo/bar/%E3%83%84.
      {
          let robotstxt = "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n";
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/foo/bar/%E3%83%84"
          ));
          // The rule is escaped but the URL is not.
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/foo/bar/ツ"
          ));
      }
      // An already escaped 3-byte character stays as it is.
      {
          let robotstxt = "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n";
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/foo/bar/%E3%83%84"
          ));
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/foo/bar/ツ"
          ));
      }
      // Escaped unreserved US-ASCII is not decoded: it only matches itself.
      {
          let robotstxt = "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n";
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/foo/bar/baz"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/foo/bar/%62%61%7A"
          ));
      }
  });

  test('ID_SpecialCharacters', () => {
      {
          let robotstxt = "User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n";
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/foo/bar/quz"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/foo/quz"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/foo//quz"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/foo/bax/quz"
          ));
      }
      {
          let robotstxt = "User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n";
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/foo/bar"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/foo/bar/qux"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/foo/bar/"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/foo/bar/baz"
          ));
      }
      {
          let robotstxt = "User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n";
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/foo/bar"
          ));
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/foo/quz"
          ));
      }
  });

  test('GoogleOnly_IndexHTMLisDirectory', () => {
      let robotstxt = "User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n";
      // Allowing index.html allows the directory too.
      assert.ok(isUserAgentAllowed(
          robotstxt,
          "foobot",
          "http://foo.com/allowed-slash/"
      ));
      // Not an exact match.
      assert.ok(!isUserAgentAllowed(
          robotstxt,
          "foobot",
          "http://foo.com/allowed-slash/index.htm"
      ));
      // Exact match.
      assert.ok(isUserAgentAllowed(
          robotstxt,
          "foobot",
          "http://foo.com/allowed-slash/index.html"
      ));
      assert.ok(!isUserAgentAllowed(
          robotstxt,
          "foobot",
          "http://foo.com/anyother-url"
      ));
  });

  test('GoogleOnly_LineTooLong', () => {
      const eolLen = 1;
      const maxLineLen = 2083 * 8;
      const allow = "allow: ";
      const disallow = "disallow: ";

      // The disallow pattern, cut off at the line limit, matches the URL.
      {
          let longline = "/x/";
          const maxLength = maxLineLen - longline.length - disallow.length + eolLen;
          longline = longline.padEnd(maxLength, "a");
          const robotstxt = "user-agent: FooBot\n" + disallow + longline + "/qux\n";

          // Matches nothing: allowed.
          assert.ok(isUserAgentAllowed(robotstxt, "FooBot", "http://foo.bar/fux"));
          // Matches the cut-off disallow rule.
          assert.ok(!isUserAgentAllowed(robotstxt, "FooBot", `http://foo.bar${longline}/fux`));
      }

      {
          let robotstxt = "user-agent: FooBot\ndisallow: /\n";
          const maxLength = maxLineLen - "/x/".length - allow.length + eolLen;
          const longlineA = "/x/".padEnd(maxLength, "a");
          const longlineB = "/x/".padEnd(maxLength, "b");
          for (const longline of [longlineA, longlineB]) {
              robotstxt += allow + longline + "/qux\n";
          }

          // The URL matches the disallow rule.
          assert.ok(!isUserAgentAllowed(robotstxt, "FooBot", "http://foo.bar/"));
          // Matches the allow rule exactly.
          assert.ok(isUserAgentAllowed(robotstxt, "FooBot", `http://foo.bar${longlineA}/qux`));
          // Matches the cut-off allow rule.
          assert.ok(isUserAgentAllowed(robotstxt, "FooBot", `http://foo.bar${longlineB}/fux`));
      }
  });

  test('GoogleOnly_DocumentationChecks', () => {
      // Examples from https://developers.google.com/search/reference/robots_txt,
      // section "URL matching based on path values".
      {
          let robotstxt = "user-agent: FooBot\ndisallow: /\nallow: /fish\n";
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/bar"
          ));

          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/fish"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/fish.html"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/fish/salmon.html"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/fishheads"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/fishheads/yummy.html"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/fish.html?id=anything"
          ));

          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/Fish.asp"
          ));
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/catfish"
          ));
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/?id=fish"
          ));
      }
      // "/fish*" equals "/fish".
      {
          let robotstxt = "user-agent: FooBot\ndisallow: /\nallow: /fish*\n";
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/bar"
          ));

          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/fish"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/fish.html"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/fish/salmon.html"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/fishheads"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/fishheads/yummy.html"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/fish.html?id=anything"
          ));

          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/Fish.bar"
          ));
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/catfish"
          ));
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/?id=fish"
          ));
      }
      // "/fish/" does not equal "/fish".
      {
          let robotstxt = "user-agent: FooBot\ndisallow: /\nallow: /fish/\n";
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/bar"
          ));

          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/fish/"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/fish/salmon"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/fish/?salmon"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/fish/salmon.html"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/fish/?id=anything"
          ));

          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/fish"
          ));
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/fish.html"
          ));
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/Fish/Salmon.html"
          ));
      }
      // "/*.php"
      {
          let robotstxt = "user-agent: FooBot\ndisallow: /\nallow: /*.php\n";
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/bar"
          ));

          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/filename.php"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/folder/filename.php"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/folder/filename.php?parameters"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar//folder/any.php.file.html"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/filename.php/"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/index?f=filename.php/"
          ));
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/php/"
          ));
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/index?php"
          ));

          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/windows.PHP"
          ));
      }
      // "/*.php$"
      {
          let robotstxt = "user-agent: FooBot\ndisallow: /\nallow: /*.php$\n";
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/bar"
          ));

          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/filename.php"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/folder/filename.php"
          ));

          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/filename.php?parameters"
          ));
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/filename.php/"
          ));
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/filename.php5"
          ));
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/php/"
          ));
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/filename?php"
          ));
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/aaaphpaaa"
          ));
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar//windows.PHP"
          ));
      }
      // "/fish*.php"
      {
          let robotstxt = "user-agent: FooBot\ndisallow: /\nallow: /fish*.php\n";
          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/bar"
          ));

          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/fish.php"
          ));
          assert.ok(isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/fishheads/catfish.php?parameters"
          ));

          assert.ok(!isUserAgentAllowed(
              robotstxt,
              "FooBot",
              "http://foo.bar/Fish.PHP"
          ));
      }
      // Section "Order of precedence for group-member records".
      {
          let robotstxt = "user-agent: FooBot\nallow: /p\ndisallow: /\n";
          let url = "http://example.com/page";
          assert.ok(isUserAgentAllowed(robotstxt, "FooBot", url));
      }
      {
          let robotstxt = "user-agent: FooBot\nallow: /folder\ndisallow: /folder\n";
          let url = "http://example.com/folder/page";
          assert.ok(isUserAgentAllowed(robotstxt, "FooBot", url));
      }
      {
          let robotstxt = "user-agent: FooBot\nallow: /page\ndisallow: /*.htm\n";
          let url = "http://example.com/page.htm";
          assert.ok(!isUserAgentAllowed(robotstxt, "FooBot", url));
      }
      {
          let robotstxt = "user-agent: FooBot\nallow: /$\ndisallow: /\n";
          let url = "http://example.com/";
          let url_page = "http://example.com/page.html";
          assert.ok(isUserAgentAllowed(robotstxt, "FooBot", url));
          assert.ok(!isUserAgentAllowed(robotstxt, "FooBot", url_page));
      }
  });

  // Google's `RobotsStatsReporter`: counts directives and keeps the sitemap,
  // through parseRobotsTxt's handler interface.
  class RobotsStatsReporter {
      lastLineSeen = 0;
      validDirectives = 0;
      unknownDirectives = 0;
      sitemap = "";

      digest(lineNum) {
          assert.ok(lineNum >= this.lastLineSeen, `line ${lineNum} reported after line ${this.lastLineSeen}`);
          this.lastLineSeen = lineNum;
          this.validDirectives++;
      }

      handleRobotsStart() {
          this.lastLineSeen = 0;
          this.validDirectives = 0;
          this.unknownDirectives = 0;
          this.sitemap = "";
      }

      handleRobotsEnd() {}

      handleUserAgent(lineNum) {
          this.digest(lineNum);
      }

      handleAllow(lineNum) {
          this.digest(lineNum);
      }

      handleDisallow(lineNum) {
          this.digest(lineNum);
      }

      handleSitemap(lineNum, value) {
          this.digest(lineNum);
          this.sitemap += value;
      }

      handleUnknownAction(lineNum) {
          this.lastLineSeen = lineNum;
          this.unknownDirectives++;
      }
  }

  test('ID_LinesNumbersAreCountedCorrectly', () => {
      let report = new RobotsStatsReporter();
      let unix_file = "User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /\n";
      parseRobotsTxt(unix_file, report);
      assert.equal(4, report.validDirectives);
      assert.equal(6, report.lastLineSeen);

      let dos_file = "User-Agent: foo\r\nAllow: /some/path\r\nUser-Agent: bar\r\n\r\n\r\nDisallow: /\r\n";
      parseRobotsTxt(dos_file, report);
      assert.equal(4, report.validDirectives);
      assert.equal(6, report.lastLineSeen);

      let mac_file = "User-Agent: foo\rAllow: /some/path\rUser-Agent: bar\r\r\rDisallow: /\r";
      parseRobotsTxt(mac_file, report);
      assert.equal(4, report.validDirectives);
      assert.equal(6, report.lastLineSeen);

      let no_final_newline = "User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /";
      parseRobotsTxt(no_final_newline, report);
      assert.equal(4, report.validDirectives);
      assert.equal(6, report.lastLineSeen);

      let mixed_file = "User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /";
      parseRobotsTxt(mixed_file, report);
      assert.equal(4, report.validDirectives);
      assert.equal(6, report.lastLineSeen);
  });

  test('ID_UTF8ByteOrderMarkIsSkipped', () => {
      let report = new RobotsStatsReporter();
      let utf8_file_full_bom = enc("\uFEFFUser-Agent: foo\nAllow: /AnyValue\n");
      parseRobotsTxt(utf8_file_full_bom, report);
      assert.equal(2, report.validDirectives);
      assert.equal(0, report.unknownDirectives);

      // A partial byte order mark is skipped as well.
      let utf8_file_partial_2_bom = bytes([239, 187, 85, 115, 101, 114, 45, 65, 103, 101, 110, 116, 58, 32, 102, 111, 111, 10, 65, 108, 108, 111, 119, 58, 32, 47, 65, 110, 121, 86, 97, 108, 117, 101, 10]);
      parseRobotsTxt(utf8_file_partial_2_bom, report);
      assert.equal(2, report.validDirectives);
      assert.equal(0, report.unknownDirectives);

      let utf8_file_partial_1_bom = bytes([239, 85, 115, 101, 114, 45, 65, 103, 101, 110, 116, 58, 32, 102, 111, 111, 10, 65, 108, 108, 111, 119, 58, 32, 47, 65, 110, 121, 86, 97, 108, 117, 101, 10]);
      parseRobotsTxt(utf8_file_partial_1_bom, report);
      assert.equal(2, report.validDirectives);
      assert.equal(0, report.unknownDirectives);

      // A wrong sequence is not a byte order mark: the first line becomes the
      // garbage key bytes([17, 191, 85, 115, 101, 114, 45, 65, 103, 101, 110, 116]).
      let utf8_file_broken_bom = bytes([239, 17, 191, 85, 115, 101, 114, 45, 65, 103, 101, 110, 116, 58, 32, 102, 111, 111, 10, 65, 108, 108, 111, 119, 58, 32, 47, 65, 110, 121, 86, 97, 108, 117, 101, 10]);
      parseRobotsTxt(utf8_file_broken_bom, report);
      assert.equal(1, report.validDirectives);
      assert.equal(1, report.unknownDirectives);

      // A byte order mark is only skipped at the start of the file.
      let utf8_bom_somewhere_in_middle_of_file = enc("User-Agent: foo\n\uFEFFAllow: /AnyValue\n");
      parseRobotsTxt(utf8_bom_somewhere_in_middle_of_file, report);
      assert.equal(1, report.validDirectives);
      assert.equal(1, report.unknownDirectives);
  });

  test('ID_NonStandardLineExample_Sitemap', () => {
      const report = new RobotsStatsReporter();
      {
          const sitemapLoc = "http://foo.bar/sitemap.xml";
          const robotstxt = "User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\n" + "Sitemap: " + sitemapLoc + "\n";
          parseRobotsTxt(robotstxt, report);
          assert.equal(sitemapLoc, report.sitemap);
      }
      // A sitemap line may appear anywhere in the file.
      {
          const sitemapLoc = "http://foo.bar/sitemap.xml";
          const robotstxtTemp = "User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\n";
          const robotstxt = "Sitemap: " + sitemapLoc + "\n" + robotstxtTemp;
          parseRobotsTxt(robotstxt, report);
          assert.equal(sitemapLoc, report.sitemap);
      }
  });

  // Google's `TestPath`, with the URL as a string and as bytes.
  function testPath(url, expectedPath) {
      assert.equal(getPathParamsQuery(url), expectedPath, `path of ${url}`);
      assert.deepEqual(getPathParamsQuery(enc(url)), enc(expectedPath), `path of ${url} as bytes`);
  }

  // Google's `TestEscape`, with the pattern as a string and as bytes.
  function testEscape(url, expected) {
      assert.equal(maybeEscapePattern(url), expected, `escape of ${url}`);
      assert.deepEqual(maybeEscapePattern(enc(url)), enc(expected), `escape of ${url} as bytes`);
  }

  test('TestGetPathParamsQuery', () => {
      // Only URLs that are already correctly escaped.
      testPath("", "/");
      testPath("http://www.example.com", "/");
      testPath("http://www.example.com/", "/");
      testPath("http://www.example.com/a", "/a");
      testPath("http://www.example.com/a/", "/a/");
      testPath(
          "http://www.example.com/a/b?c=http://d.e/",
          "/a/b?c=http://d.e/",
      );
      testPath(
          "http://www.example.com/a/b?c=d&e=f#fragment",
          "/a/b?c=d&e=f",
      );
      testPath("example.com", "/");
      testPath("example.com/", "/");
      testPath("example.com/a", "/a");
      testPath("example.com/a/", "/a/");
      testPath("example.com/a/b?c=d&e=f#fragment", "/a/b?c=d&e=f");
      testPath("a", "/");
      testPath("a/", "/");
      testPath("/a", "/a");
      testPath("a/b", "/b");
      testPath("example.com?a", "/?a");
      testPath("example.com/a;b#c", "/a;b");
      testPath("//a/b/c", "/b/c");
  });

  test('TestMaybeEscapePattern', () => {
      testEscape("http://www.example.com", "http://www.example.com");
      testEscape("/a/b/c", "/a/b/c");
      testEscape("á", "%C3%A1");
      testEscape("%aa", "%AA");
  });


  // --- reporting_robots_test.cc ---------------------------------------------------
  //
  // As in Google's test, one reporter is reused for several parses: a new
  // parse resets the counts but keeps the per-line results of earlier parses.

  const metadata = (fields) => ({
    isEmpty: false,
    hasComment: false,
    isComment: false,
    hasDirective: false,
    isAcceptableTypo: false,
    isLineTooLong: false,
    isMissingColonSeparator: false,
    ...fields,
  });

  // absl::StrSplit(text, '\n'): every piece, a last empty one included.
  const splitLines = (text) => (typeof text === 'string' ? text : new TextDecoder().decode(text)).split('\n');

  // Google's `expectLineToParseTo`: the result at index lineNum - 1.
  function expectLineToParseTo(lines, results, expected) {
    const n = expected.lineNum;
    assert.deepEqual(results[n - 1], expected, `for line ${n}: ${JSON.stringify(lines[n - 1])}`);
  }

  test('LinesNumbersAreCountedCorrectly', () => {
      const report = new RobotsParsingReporter();
      let simple_file = enc("User-Agent: foo\nAllow: /some/path\nUser-Agent bar # no\nabsolutely random line\n#so comment, much wow\n\nunicorns: /extinct\nnoarchive: /some\nDisallow: /\nError #and comment\nuseragent: baz\ndisallaw: /some\nsite-map: https://e/s.xml #comment\nsitemap: https://e/t.xml\nNoarchive: /someCapital\n");
      // Line 16 is the empty line after the last "\n".
      parseRobotsTxt(simple_file, report);
      assert.equal(8, report.validDirectives());
      assert.equal(16, report.lastLineSeen());
      assert.equal(
          report.parseResults().length,
          report.lastLineSeen()
      );
      let lines = splitLines(simple_file);
      let results = report.parseResults();

      // "User-Agent: foo"
      expectLineToParseTo(
          lines,
          results,
          {
              lineNum: 1,
              tagName: RobotsTagName.USER_AGENT,
              isTypo: false,
              metadata: metadata({
                  isEmpty: false,
                  hasComment: false,
                  isComment: false,
                  hasDirective: true,
                  isMissingColonSeparator: false,
                
              }),
          },
      );
      // "Allow: /some/path"
      expectLineToParseTo(
          lines,
          results,
          {
              lineNum: 2,
              tagName: RobotsTagName.ALLOW,
              isTypo: false,
              metadata: metadata({
                  isEmpty: false,
                  hasComment: false,
                  isComment: false,
                  hasDirective: true,
                
              }),
          },
      );
      // "User-Agent bar # no"
      expectLineToParseTo(
          lines,
          results,
          {
              lineNum: 3,
              tagName: RobotsTagName.USER_AGENT,
              isTypo: false,
              metadata: metadata({
                  isEmpty: false,
                  hasComment: true,
                  isComment: false,
                  hasDirective: true,
                  isMissingColonSeparator: true,
                
              }),
          },
      );
      // "absolutely random line"
      expectLineToParseTo(
          lines,
          results,
          {
              lineNum: 4,
              tagName: RobotsTagName.UNKNOWN,
              isTypo: false,
              metadata: metadata({
                  isEmpty: false,
                  hasComment: false,
                  isComment: false,
                  hasDirective: false,
                  isMissingColonSeparator: false,
                
              }),
          },
      );
      // "#so comment, much wow"
      expectLineToParseTo(
          lines,
          results,
          {
              lineNum: 5,
              tagName: RobotsTagName.UNKNOWN,
              isTypo: false,
              metadata: metadata({
                  isEmpty: false,
                  hasComment: true,
                  isComment: true,
                  hasDirective: false,
                
              }),
          },
      );
      // ""
      expectLineToParseTo(
          lines,
          results,
          {
              lineNum: 6,
              tagName: RobotsTagName.UNKNOWN,
              isTypo: false,
              metadata: metadata({
                  isEmpty: true,
                  hasComment: false,
                  isComment: false,
                  hasDirective: false,
                
              }),
          },
      );
      // "unicorns: /extinct"
      expectLineToParseTo(
          lines,
          results,
          {
              lineNum: 7,
              tagName: RobotsTagName.UNKNOWN,
              isTypo: false,
              metadata: metadata({
                  isEmpty: false,
                  hasComment: false,
                  isComment: false,
                  hasDirective: true,
                
              }),
          },
      );
      // "noarchive: /some"
      expectLineToParseTo(
          lines,
          results,
          {
              lineNum: 8,
              tagName: RobotsTagName.UNUSED,
              isTypo: false,
              metadata: metadata({
                  isEmpty: false,
                  hasComment: false,
                  isComment: false,
                  hasDirective: true,
                
              }),
          },
      );
      // "Disallow: /"
      expectLineToParseTo(
          lines,
          results,
          {
              lineNum: 9,
              tagName: RobotsTagName.DISALLOW,
              isTypo: false,
              metadata: metadata({
                  isEmpty: false,
                  hasComment: false,
                  isComment: false,
                  hasDirective: true,
                
              }),
          },
      );
      // "Error #and comment"
      expectLineToParseTo(
          lines,
          results,
          {
              lineNum: 10,
              tagName: RobotsTagName.UNKNOWN,
              isTypo: false,
              metadata: metadata({
                  isEmpty: false,
                  hasComment: true,
                  isComment: false,
                  hasDirective: false,
                  isMissingColonSeparator: false,
                
              }),
          },
      );
      // "useragent: baz"
      expectLineToParseTo(
          lines,
          results,
          {
              lineNum: 11,
              tagName: RobotsTagName.USER_AGENT,
              isTypo: true,
              metadata: metadata({
                  isEmpty: false,
                  hasComment: false,
                  isComment: false,
                  hasDirective: true,
                  isAcceptableTypo: true,
                
              }),
          },
      );
      // "disallaw: /some"
      expectLineToParseTo(
          lines,
          results,
          {
              lineNum: 12,
              tagName: RobotsTagName.DISALLOW,
              isTypo: true,
              metadata: metadata({
                  isEmpty: false,
                  hasComment: false,
                  isComment: false,
                  hasDirective: true,
                  isAcceptableTypo: true,
                
              }),
          },
      );
      // "site-map: https://e/s.xml #comment"
      expectLineToParseTo(
          lines,
          results,
          {
              lineNum: 13,
              tagName: RobotsTagName.SITEMAP,
              isTypo: true,
              metadata: metadata({
                  isEmpty: false,
                  hasComment: true,
                  isComment: false,
                  hasDirective: true,
                  isAcceptableTypo: true,
                
              }),
          },
      );
      // "sitemap: https://e/t.xml"
      expectLineToParseTo(
          lines,
          results,
          {
              lineNum: 14,
              tagName: RobotsTagName.SITEMAP,
              isTypo: false,
              metadata: metadata({
                  isEmpty: false,
                  hasComment: false,
                  isComment: false,
                  hasDirective: true,
                  isAcceptableTypo: false,
                
              }),
          },
      );
      // "Noarchive: /someCapital"
      expectLineToParseTo(
          lines,
          results,
          {
              lineNum: 15,
              tagName: RobotsTagName.UNUSED,
              isTypo: false,
              metadata: metadata({
                  isEmpty: false,
                  hasComment: false,
                  isComment: false,
                  hasDirective: true,
                
              }),
          },
      );
      // The empty line 16 after the last "\n".
      expectLineToParseTo(
          lines,
          results,
          {
              lineNum: 16,
              tagName: RobotsTagName.UNKNOWN,
              isTypo: false,
              metadata: metadata({
                  isEmpty: true,
                  hasComment: false,
                  isComment: false,
                  hasDirective: false,
                
              }),
          },
      );

      let dos_file = enc("User-Agent: foo\r\nAllow: /some/path\r\nUser-Agent: bar\r\n\r\n\r\nDisallow: /\r\n");
      parseRobotsTxt(dos_file, report);
      assert.equal(4, report.validDirectives());
      assert.equal(7, report.lastLineSeen());

      let mac_file = enc("User-Agent: foo\rAllow: /some/path\rUser-Agent: bar\r\r\rDisallow: /\r");
      parseRobotsTxt(mac_file, report);
      assert.equal(4, report.validDirectives());
      assert.equal(7, report.lastLineSeen());
  });

  test('LinesTooLongReportedCorrectly', () => {
      const report = new RobotsParsingReporter();
      let max_line_len = 2084 * 8;
      let allow = "allow: /\n";
      let disallow = "disallow: ";
      const longline = "/x/".padEnd(max_line_len, "a");
      const robotstxt = "user-agent: foo\n" + disallow + longline + "\n" + allow;

      parseRobotsTxt(robotstxt, report);
      assert.equal(3, report.validDirectives());
      assert.equal(4, report.lastLineSeen());
      assert.equal(
          report.parseResults().length,
          report.lastLineSeen()
      );
      let lines = splitLines(robotstxt);
      let results = report.parseResults();

      // "user-agent: foo"
      expectLineToParseTo(
          lines,
          results,
          {
              lineNum: 1,
              tagName: RobotsTagName.USER_AGENT,
              isTypo: false,
              metadata: metadata({
                  isEmpty: false,
                  hasComment: false,
                  isComment: false,
                  hasDirective: true,
                  isLineTooLong: false,
                
              }),
          },
      );
      // "disallow: /x/a[...]a"
      expectLineToParseTo(
          lines,
          results,
          {
              lineNum: 2,
              tagName: RobotsTagName.DISALLOW,
              isTypo: false,
              metadata: metadata({
                  isEmpty: false,
                  hasComment: false,
                  isComment: false,
                  hasDirective: true,
                  isLineTooLong: true,
                
              }),
          },
      );
      // "allow: /"
      expectLineToParseTo(
          lines,
          results,
          {
              lineNum: 3,
              tagName: RobotsTagName.ALLOW,
              isTypo: false,
              metadata: metadata({
                  isEmpty: false,
                  hasComment: false,
                  isComment: false,
                  hasDirective: true,
                  isLineTooLong: false,
                
              }),
          },
      );
  });

  return cases;
}
