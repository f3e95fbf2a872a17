"""Google's reporting_robots_test.cc through the Python RobotsParsingReporter.

The inputs and per-line expectations are those of Google's robotstxt test
suite (github.com/google/robotstxt, Apache-2.0), carried over as facts; the
test names are Google's. As in Google's test, one reporter is reused for
several parses: a new parse resets the counts but keeps earlier lines.
"""

from robotstxt_exact import RobotsParsingReporter, RobotsTagName, parse_robots_txt

FIELDS = (
    "is_empty", "has_comment", "is_comment", "has_directive", "is_acceptable_typo",
    "is_line_too_long", "is_missing_colon_separator",
)


def expect_line(results, line_num, tag_name, is_typo, **metadata):
    """Google's expectLineToParseTo; metadata fields not named are false."""
    got = results[line_num - 1]
    assert got.line_num == line_num
    assert got.tag_name == tag_name, line_num
    assert got.is_typo == is_typo, line_num
    for field in FIELDS:
        assert getattr(got.metadata, field) == metadata.get(field, False), (line_num, field)


def test_LinesNumbersAreCountedCorrectly():
    report = RobotsParsingReporter()
    simple_file = (
        b"User-Agent: foo\n"
        b"Allow: /some/path\n"
        b"User-Agent bar # no\n"
        b"absolutely random line\n"
        b"#so comment, much wow\n"
        b"\n"
        b"unicorns: /extinct\n"
        b"noarchive: /some\n"
        b"Disallow: /\n"
        b"Error #and comment\n"
        b"useragent: baz\n"
        b"disallaw: /some\n"
        b"site-map: https://e/s.xml #comment\n"
        b"sitemap: https://e/t.xml\n"
        b"Noarchive: /someCapital\n"
    )
    # Line 16 is the empty line after the last "\n".
    parse_robots_txt(simple_file, report)
    assert report.valid_directives() == 8
    assert report.last_line_seen() == 16
    assert len(report.parse_results()) == report.last_line_seen()
    results = report.parse_results()

    # "User-Agent: foo"
    expect_line(results, 1, RobotsTagName.USER_AGENT, False, is_empty=False, has_comment=False, is_comment=False, has_directive=True, is_missing_colon_separator=False)
    # "Allow: /some/path"
    expect_line(results, 2, RobotsTagName.ALLOW, False, is_empty=False, has_comment=False, is_comment=False, has_directive=True)
    # "User-Agent bar # no"
    expect_line(results, 3, RobotsTagName.USER_AGENT, False, is_empty=False, has_comment=True, is_comment=False, has_directive=True, is_missing_colon_separator=True)
    # "absolutely random line"
    expect_line(results, 4, RobotsTagName.UNKNOWN, False, is_empty=False, has_comment=False, is_comment=False, has_directive=False, is_missing_colon_separator=False)
    # "#so comment, much wow"
    expect_line(results, 5, RobotsTagName.UNKNOWN, False, is_empty=False, has_comment=True, is_comment=True, has_directive=False)
    # ""
    expect_line(results, 6, RobotsTagName.UNKNOWN, False, is_empty=True, has_comment=False, is_comment=False, has_directive=False)
    # "unicorns: /extinct"
    expect_line(results, 7, RobotsTagName.UNKNOWN, False, is_empty=False, has_comment=False, is_comment=False, has_directive=True)
    # "noarchive: /some"
    expect_line(results, 8, RobotsTagName.UNUSED, False, is_empty=False, has_comment=False, is_comment=False, has_directive=True)
    # "Disallow: /"
    expect_line(results, 9, RobotsTagName.DISALLOW, False, is_empty=False, has_comment=False, is_comment=False, has_directive=True)
    # "Error #and comment"
    expect_line(results, 10, RobotsTagName.UNKNOWN, False, is_empty=False, has_comment=True, is_comment=False, has_directive=False, is_missing_colon_separator=False)
    # "useragent: baz"
    expect_line(results, 11, RobotsTagName.USER_AGENT, True, is_empty=False, has_comment=False, is_comment=False, has_directive=True, is_acceptable_typo=True)
    # "disallaw: /some"
    expect_line(results, 12, RobotsTagName.DISALLOW, True, is_empty=False, has_comment=False, is_comment=False, has_directive=True, is_acceptable_typo=True)
    # "site-map: https://e/s.xml #comment"
    expect_line(results, 13, RobotsTagName.SITEMAP, True, is_empty=False, has_comment=True, is_comment=False, has_directive=True, is_acceptable_typo=True)
    # "sitemap: https://e/t.xml"
    expect_line(results, 14, RobotsTagName.SITEMAP, False, is_empty=False, has_comment=False, is_comment=False, has_directive=True, is_acceptable_typo=False)
    # "Noarchive: /someCapital"
    expect_line(results, 15, RobotsTagName.UNUSED, False, is_empty=False, has_comment=False, is_comment=False, has_directive=True)
    # The empty line 16 after the last "\n".
    expect_line(results, 16, RobotsTagName.UNKNOWN, False, is_empty=True, has_comment=False, is_comment=False, has_directive=False)

    dos_file = (
        b"User-Agent: foo\r\n"
        b"Allow: /some/path\r\n"
        b"User-Agent: bar\r\n"
        b"\r\n"
        b"\r\n"
        b"Disallow: /\r\n"
    )
    parse_robots_txt(dos_file, report)
    assert report.valid_directives() == 4
    assert report.last_line_seen() == 7

    mac_file = (
        b"User-Agent: foo\r"
        b"Allow: /some/path\r"
        b"User-Agent: bar\r"
        b"\r"
        b"\r"
        b"Disallow: /\r"
    )
    parse_robots_txt(mac_file, report)
    assert report.valid_directives() == 4
    assert report.last_line_seen() == 7


def test_LinesTooLongReportedCorrectly():
    report = RobotsParsingReporter()
    max_line_len = 2084 * 8
    allow = "allow: /\n"
    disallow = "disallow: "
    longline = "/x/" + "a" * (max_line_len - 3)
    robotstxt = "user-agent: foo\n" + disallow + longline + "\n" + allow
    parse_robots_txt(robotstxt, report)
    assert report.valid_directives() == 3
    assert report.last_line_seen() == 4
    assert len(report.parse_results()) == report.last_line_seen()
    results = report.parse_results()

    # "user-agent: foo"
    expect_line(results, 1, RobotsTagName.USER_AGENT, False, is_empty=False, has_comment=False, is_comment=False, has_directive=True, is_line_too_long=False)
    # "disallow: /x/a[...]a"
    expect_line(results, 2, RobotsTagName.DISALLOW, False, is_empty=False, has_comment=False, is_comment=False, has_directive=True, is_line_too_long=True)
    # "allow: /"
    expect_line(results, 3, RobotsTagName.ALLOW, False, is_empty=False, has_comment=False, is_comment=False, has_directive=True, is_line_too_long=False)
