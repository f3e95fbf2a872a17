// Google's robots_test.cc (github.com/google/robotstxt, Apache-2.0): the
// files, agents, URLs and verdicts of its matcher tests, carried over as
// facts, under Google's test names. `line` is given where Google's test pins
// the line a directive is counted on (ID_LinesNumbersAreCountedCorrectly);
// elsewhere the deciding line is compared with the Rust core's. Google's
// cases with an empty URL are left out: a URL list has no empty line.

const longLineCases = () => {
  // GoogleOnly_LineTooLong: lines cut at Google's 2083 * 8 bytes.
  const maxLineLen = 2083 * 8;
  const cases = [];
  {
    let longline = "/x/";
    const maxLength = maxLineLen - longline.length - "disallow: ".length + 1;
    while (longline.length < maxLength) longline += "a";
    const robots = `user-agent: FooBot\ndisallow: ${longline}/qux\n`;
    cases.push({
      test: "GoogleOnly_LineTooLong (cut-off disallow)",
      robots,
      checks: [
        ["FooBot", "http://foo.bar/fux", true],
        ["FooBot", `http://foo.bar${longline}/fux`, false],
      ],
    });
  }
  {
    let a = "/x/";
    let b = "/x/";
    const maxLength = maxLineLen - a.length - "allow: ".length + 1;
    while (a.length < maxLength) {
      a += "a";
      b += "b";
    }
    const robots = `user-agent: FooBot\ndisallow: /\nallow: ${a}/qux\nallow: ${b}/qux\n`;
    cases.push({
      test: "GoogleOnly_LineTooLong (cut-off allow)",
      robots,
      checks: [
        ["FooBot", "http://foo.bar/", false],
        ["FooBot", `http://foo.bar${a}/qux`, true],
        ["FooBot", `http://foo.bar${b}/fux`, true],
      ],
    });
  }
  return cases;
};

const fishChecks = (pairs) => pairs.map(([url, allowed]) => ["FooBot", `http://foo.bar${url}`, allowed]);

const lineNumberFile = (eol, last) =>
  `User-Agent: foo${eol[0]}Allow: /some/path${eol[1]}User-Agent: bar${eol[2]}${eol[3]}${eol[4]}Disallow: /${last}`;

const lineNumberChecks = [
  // Google counts the Disallow on line 6 in every one of these files.
  ["bar", "http://foo.bar/x", false, 6],
  ["foo", "http://foo.bar/some/path", true, 2],
];

export const CASES = [
  {
    test: "ID_LineSyntax_Line (correct)",
    robots: "user-agent: FooBot\ndisallow: /\n",
    checks: [["FooBot", "http://foo.bar/x/y", false]],
  },
  {
    test: "ID_LineSyntax_Line (incorrect)",
    robots: "foo: FooBot\nbar: /\n",
    checks: [["FooBot", "http://foo.bar/x/y", true]],
  },
  {
    test: "ID_LineSyntax_Line (incorrect, accepted)",
    robots: "user-agent FooBot\ndisallow /\n",
    checks: [["FooBot", "http://foo.bar/x/y", false]],
  },
  {
    test: "ID_LineSyntax_Groups",
    robots:
      "allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\ndisallow: /\n" +
      "allow: /y/\n\n\nallow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\nallow: /z/\ndisallow: /\n",
    checks: [
      ["FooBot", "http://foo.bar/x/b", true],
      ["FooBot", "http://foo.bar/z/d", true],
      ["FooBot", "http://foo.bar/y/c", false],
      ["BarBot", "http://foo.bar/y/c", true],
      ["BarBot", "http://foo.bar/w/a", true],
      ["BarBot", "http://foo.bar/z/d", false],
      ["BazBot", "http://foo.bar/z/d", true],
      ["FooBot", "http://foo.bar/foo/bar/", false],
      ["BarBot", "http://foo.bar/foo/bar/", false],
      ["BazBot", "http://foo.bar/foo/bar/", false],
    ],
  },
  {
    test: "ID_LineSyntax_Groups_OtherRules (sitemap)",
    robots: "User-agent: BarBot\nSitemap: https://foo.bar/sitemap\nUser-agent: *\nDisallow: /\n",
    checks: [
      ["FooBot", "http://foo.bar/", false],
      ["BarBot", "http://foo.bar/", false],
    ],
  },
  {
    test: "ID_LineSyntax_Groups_OtherRules (unknown line)",
    robots: "User-agent: FooBot\nInvalid-Unknown-Line: unknown\nUser-agent: *\nDisallow: /\n",
    checks: [
      ["FooBot", "http://foo.bar/", false],
      ["BarBot", "http://foo.bar/", false],
    ],
  },
  ...[
    ["upper", "USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n"],
    ["lower", "user-agent: FooBot\nallow: /x/\ndisallow: /\n"],
    ["camel", "uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n"],
  ].map(([name, robots]) => ({
    test: `ID_REPLineNamesCaseInsensitive (${name})`,
    robots,
    checks: [
      ["FooBot", "http://foo.bar/x/y", true],
      ["FooBot", "http://foo.bar/a/b", false],
    ],
  })),
  ...[
    ["upper", "User-Agent: FOO BAR\nAllow: /x/\nDisallow: /\n"],
    ["lower", "User-Agent: foo bar\nAllow: /x/\nDisallow: /\n"],
    ["camel", "User-Agent: FoO bAr\nAllow: /x/\nDisallow: /\n"],
  ].map(([name, robots]) => ({
    test: `ID_UserAgentValueCaseInsensitive (${name})`,
    robots,
    checks: [
      ["Foo", "http://foo.bar/x/y", true],
      ["Foo", "http://foo.bar/a/b", false],
      ["foo", "http://foo.bar/x/y", true],
      ["foo", "http://foo.bar/a/b", false],
    ],
  })),
  {
    test: "GoogleOnly_AcceptUserAgentUpToFirstSpace",
    robots: "User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n",
    checks: [
      ["Foo", "http://foo.bar/x/y", true],
      ["Foo Bar", "http://foo.bar/x/y", false],
    ],
  },
  {
    test: "ID_GlobalGroups_Secondary (global)",
    robots: "user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n",
    checks: [
      ["FooBot", "http://foo.bar/x/y", false],
      ["BarBot", "http://foo.bar/x/y", true],
    ],
  },
  {
    test: "ID_GlobalGroups_Secondary (only specific)",
    robots: "user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\nuser-agent: BazBot\ndisallow: /\n",
    checks: [["QuxBot", "http://foo.bar/x/y", true]],
  },
  {
    test: "ID_AllowDisallow_Value_CaseSensitive (lower)",
    robots: "user-agent: FooBot\ndisallow: /x/\n",
    checks: [["FooBot", "http://foo.bar/x/y", false]],
  },
  {
    test: "ID_AllowDisallow_Value_CaseSensitive (upper)",
    robots: "user-agent: FooBot\ndisallow: /X/\n",
    checks: [["FooBot", "http://foo.bar/x/y", true]],
  },
  {
    test: "ID_LongestMatch (1)",
    robots: "user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/\n",
    checks: [["FooBot", "http://foo.bar/x/page.html", false]],
  },
  {
    test: "ID_LongestMatch (2)",
    robots: "user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n",
    checks: [
      ["FooBot", "http://foo.bar/x/page.html", true],
      ["FooBot", "http://foo.bar/x/", false],
    ],
  },
  {
    test: "ID_LongestMatch (3)",
    robots: "user-agent: FooBot\ndisallow: \nallow: \n",
    checks: [["FooBot", "http://foo.bar/x/page.html", true]],
  },
  {
    test: "ID_LongestMatch (4)",
    robots: "user-agent: FooBot\ndisallow: /\nallow: /\n",
    checks: [["FooBot", "http://foo.bar/x/page.html", true]],
  },
  {
    test: "ID_LongestMatch (5)",
    robots: "user-agent: FooBot\ndisallow: /x\nallow: /x/\n",
    checks: [
      ["FooBot", "http://foo.bar/x", false],
      ["FooBot", "http://foo.bar/x/", true],
    ],
  },
  {
    test: "ID_LongestMatch (6)",
    robots: "user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/page.html\n",
    checks: [["FooBot", "http://foo.bar/x/page.html", true]],
  },
  {
    test: "ID_LongestMatch (7)",
    robots: "user-agent: FooBot\nallow: /page\ndisallow: /*.html\n",
    checks: [
      ["FooBot", "http://foo.bar/page.html", false],
      ["FooBot", "http://foo.bar/page", true],
    ],
  },
  {
    test: "ID_LongestMatch (8)",
    robots: "user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n",
    checks: [
      ["FooBot", "http://foo.bar/x/page.html", true],
      ["FooBot", "http://foo.bar/x/y.html", false],
    ],
  },
  {
    test: "ID_LongestMatch (9)",
    robots: "User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n",
    checks: [
      ["FooBot", "http://foo.bar/x/page", true],
      ["FooBot", "http://foo.bar/y/page", false],
    ],
  },
  {
    test: "ID_Encoding (query with a URL)",
    robots: "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n",
    checks: [["FooBot", "http://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par", true]],
  },
  {
    test: "ID_Encoding (3-byte character)",
    robots: "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n",
    checks: [
      ["FooBot", "http://foo.bar/foo/bar/%E3%83%84", true],
      ["FooBot", "http://foo.bar/foo/bar/ツ", false],
    ],
  },
  {
    test: "ID_Encoding (escaped 3-byte character)",
    robots: "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n",
    checks: [
      ["FooBot", "http://foo.bar/foo/bar/%E3%83%84", true],
      ["FooBot", "http://foo.bar/foo/bar/ツ", false],
    ],
  },
  {
    test: "ID_Encoding (escaped unreserved ASCII)",
    robots: "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n",
    checks: [
      ["FooBot", "http://foo.bar/foo/bar/baz", false],
      ["FooBot", "http://foo.bar/foo/bar/%62%61%7A", true],
    ],
  },
  {
    test: "ID_SpecialCharacters (*)",
    robots: "User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n",
    checks: [
      ["FooBot", "http://foo.bar/foo/bar/quz", false],
      ["FooBot", "http://foo.bar/foo/quz", true],
      ["FooBot", "http://foo.bar/foo//quz", true],
      ["FooBot", "http://foo.bar/foo/bax/quz", true],
    ],
  },
  {
    test: "ID_SpecialCharacters ($)",
    robots: "User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n",
    checks: [
      ["FooBot", "http://foo.bar/foo/bar", false],
      ["FooBot", "http://foo.bar/foo/bar/qux", true],
      ["FooBot", "http://foo.bar/foo/bar/", true],
      ["FooBot", "http://foo.bar/foo/bar/baz", true],
    ],
  },
  {
    test: "ID_SpecialCharacters (#)",
    robots: "User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n",
    checks: [
      ["FooBot", "http://foo.bar/foo/bar", true],
      ["FooBot", "http://foo.bar/foo/quz", false],
    ],
  },
  {
    test: "GoogleOnly_IndexHTMLisDirectory",
    robots: "User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n",
    checks: [
      ["foobot", "http://foo.com/allowed-slash/", true],
      ["foobot", "http://foo.com/allowed-slash/index.htm", false],
      ["foobot", "http://foo.com/allowed-slash/index.html", true],
      ["foobot", "http://foo.com/anyother-url", false],
    ],
  },
  ...longLineCases(),
  {
    test: "GoogleOnly_DocumentationChecks (/fish)",
    robots: "user-agent: FooBot\ndisallow: /\nallow: /fish\n",
    checks: fishChecks([
      ["/bar", false],
      ["/fish", true],
      ["/fish.html", true],
      ["/fish/salmon.html", true],
      ["/fishheads", true],
      ["/fishheads/yummy.html", true],
      ["/fish.html?id=anything", true],
      ["/Fish.asp", false],
      ["/catfish", false],
      ["/?id=fish", false],
    ]),
  },
  {
    test: "GoogleOnly_DocumentationChecks (/fish*)",
    robots: "user-agent: FooBot\ndisallow: /\nallow: /fish*\n",
    checks: fishChecks([
      ["/bar", false],
      ["/fish", true],
      ["/fish.html", true],
      ["/fish/salmon.html", true],
      ["/fishheads", true],
      ["/fishheads/yummy.html", true],
      ["/fish.html?id=anything", true],
      ["/Fish.bar", false],
      ["/catfish", false],
      ["/?id=fish", false],
    ]),
  },
  {
    test: "GoogleOnly_DocumentationChecks (/fish/)",
    robots: "user-agent: FooBot\ndisallow: /\nallow: /fish/\n",
    checks: fishChecks([
      ["/bar", false],
      ["/fish/", true],
      ["/fish/salmon", true],
      ["/fish/?salmon", true],
      ["/fish/salmon.html", true],
      ["/fish/?id=anything", true],
      ["/fish", false],
      ["/fish.html", false],
      ["/Fish/Salmon.html", false],
    ]),
  },
  {
    test: "GoogleOnly_DocumentationChecks (/*.php)",
    robots: "user-agent: FooBot\ndisallow: /\nallow: /*.php\n",
    checks: fishChecks([
      ["/bar", false],
      ["/filename.php", true],
      ["/folder/filename.php", true],
      ["/folder/filename.php?parameters", true],
      ["//folder/any.php.file.html", true],
      ["/filename.php/", true],
      ["/index?f=filename.php/", true],
      ["/php/", false],
      ["/index?php", false],
      ["/windows.PHP", false],
    ]),
  },
  {
    test: "GoogleOnly_DocumentationChecks (/*.php$)",
    robots: "user-agent: FooBot\ndisallow: /\nallow: /*.php$\n",
    checks: fishChecks([
      ["/bar", false],
      ["/filename.php", true],
      ["/folder/filename.php", true],
      ["/filename.php?parameters", false],
      ["/filename.php/", false],
      ["/filename.php5", false],
      ["/php/", false],
      ["/filename?php", false],
      ["/aaaphpaaa", false],
      ["//windows.PHP", false],
    ]),
  },
  {
    test: "GoogleOnly_DocumentationChecks (/fish*.php)",
    robots: "user-agent: FooBot\ndisallow: /\nallow: /fish*.php\n",
    checks: fishChecks([
      ["/bar", false],
      ["/fish.php", true],
      ["/fishheads/catfish.php?parameters", true],
      ["/Fish.PHP", false],
    ]),
  },
  {
    test: "GoogleOnly_DocumentationChecks (precedence /p)",
    robots: "user-agent: FooBot\nallow: /p\ndisallow: /\n",
    checks: [["FooBot", "http://example.com/page", true]],
  },
  {
    test: "GoogleOnly_DocumentationChecks (precedence /folder)",
    robots: "user-agent: FooBot\nallow: /folder\ndisallow: /folder\n",
    checks: [["FooBot", "http://example.com/folder/page", true]],
  },
  {
    test: "GoogleOnly_DocumentationChecks (precedence /*.htm)",
    robots: "user-agent: FooBot\nallow: /page\ndisallow: /*.htm\n",
    checks: [["FooBot", "http://example.com/page.htm", false]],
  },
  {
    test: "GoogleOnly_DocumentationChecks (precedence /$)",
    robots: "user-agent: FooBot\nallow: /$\ndisallow: /\n",
    checks: [
      ["FooBot", "http://example.com/", true],
      ["FooBot", "http://example.com/page.html", false],
    ],
  },
  ...[
    ["unix", lineNumberFile(["\n", "\n", "\n", "\n", "\n"], "\n")],
    ["dos", lineNumberFile(["\r\n", "\r\n", "\r\n", "\r\n", "\r\n"], "\r\n")],
    ["mac", lineNumberFile(["\r", "\r", "\r", "\r", "\r"], "\r")],
    ["no final newline", lineNumberFile(["\n", "\n", "\n", "\n", "\n"], "")],
    ["mixed", lineNumberFile(["\n", "\r\n", "\n", "\r\n", "\n"], "")],
  ].map(([name, robots]) => ({
    test: `ID_LinesNumbersAreCountedCorrectly (${name})`,
    robots,
    checks: lineNumberChecks,
  })),
];
