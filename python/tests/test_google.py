"""Google's robots_test.cc, test by test, through the Python API.

The inputs and expected results are those of Google's robotstxt test suite
(github.com/google/robotstxt, Apache-2.0), carried over as facts; the test
names are Google's. Every verdict is asked of ``RobotsMatcher`` (Google's
API), ``Robots.check`` and a ``for_agents`` view, which must agree.
"""

from robotstxt_exact import (
    Robots,
    RobotsMatcher,
    RobotsParseHandler,
    get_path_params_query,
    maybe_escape_pattern,
    parse_robots_txt,
)


def is_user_agent_allowed(robotstxt, useragent, url):
    """Google's IsUserAgentAllowed, asked of the three APIs."""
    matcher = RobotsMatcher()
    allowed = matcher.one_agent_allowed_by_robots(robotstxt, useragent, url)
    answer = Robots(robotstxt).check([useragent], url)
    assert answer.allowed == allowed
    assert answer.matching_line == matcher.matching_line()
    assert answer.ever_seen_specific_agent == matcher.ever_seen_specific_agent()
    assert answer.disallow_ignore_global == matcher.disallow_ignore_global()
    assert Robots(robotstxt).for_agents([useragent]).allowed(url) == allowed
    return allowed


def assert_eq(expected, actual):
    assert expected == actual

def test_GoogleOnly_SystemTest():
    robotstxt = "user-agent: FooBot\ndisallow: /\n"
    # An empty robots.txt allows everything.
    assert is_user_agent_allowed("", "FooBot", "")
    # An empty user agent matches no group: everything allowed.
    assert is_user_agent_allowed(robotstxt, "", "")
    # An empty URL has the path "/", which `disallow: /` covers.
    assert not is_user_agent_allowed(robotstxt, "FooBot", "")
    # Everything empty: allowed.
    assert is_user_agent_allowed("", "", "")

def test_ID_LineSyntax_Line():
    robotstxt_correct = "user-agent: FooBot\ndisallow: /\n"
    robotstxt_incorrect = "foo: FooBot\nbar: /\n"
    robotstxt_incorrect_accepted = "user-agent FooBot\ndisallow /\n"
    url = "http://foo.bar/x/y"

    assert not is_user_agent_allowed(robotstxt_correct, "FooBot", url)
    assert is_user_agent_allowed(robotstxt_incorrect, "FooBot", url)
    assert not is_user_agent_allowed(robotstxt_incorrect_accepted, "FooBot", url)

def test_ID_LineSyntax_Groups():
    robotstxt = "allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\ndisallow: /\nallow: /y/\n\n\nallow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\nallow: /z/\ndisallow: /\n"

    url_w = "http://foo.bar/w/a"
    url_x = "http://foo.bar/x/b"
    url_y = "http://foo.bar/y/c"
    url_z = "http://foo.bar/z/d"
    url_foo = "http://foo.bar/foo/bar/"

    assert is_user_agent_allowed(robotstxt, "FooBot", url_x)
    assert is_user_agent_allowed(robotstxt, "FooBot", url_z)
    assert not is_user_agent_allowed(robotstxt, "FooBot", url_y)
    assert is_user_agent_allowed(robotstxt, "BarBot", url_y)
    assert is_user_agent_allowed(robotstxt, "BarBot", url_w)
    assert not is_user_agent_allowed(robotstxt, "BarBot", url_z)
    assert is_user_agent_allowed(robotstxt, "BazBot", url_z)

    # Rules outside any group are ignored.
    assert not is_user_agent_allowed(robotstxt, "FooBot", url_foo)
    assert not is_user_agent_allowed(robotstxt, "BarBot", url_foo)
    assert not is_user_agent_allowed(robotstxt, "BazBot", url_foo)

def test_ID_LineSyntax_Groups_OtherRules():
    robotstxt = "User-agent: BarBot\nSitemap: https://foo.bar/sitemap\nUser-agent: *\nDisallow: /\n"
    url = "http://foo.bar/"
    assert not is_user_agent_allowed(robotstxt, "FooBot", url)
    assert not is_user_agent_allowed(robotstxt, "BarBot", url)
    robotstxt = "User-agent: FooBot\nInvalid-Unknown-Line: unknown\nUser-agent: *\nDisallow: /\n"
    url = "http://foo.bar/"
    assert not is_user_agent_allowed(robotstxt, "FooBot", url)
    assert not is_user_agent_allowed(robotstxt, "BarBot", url)

def test_ID_REPLineNamesCaseInsensitive():
    robotstxt_upper = "USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n"
    robotstxt_lower = "user-agent: FooBot\nallow: /x/\ndisallow: /\n"
    robotstxt_camel = "uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n"
    url_allowed = "http://foo.bar/x/y"
    url_disallowed = "http://foo.bar/a/b"

    assert is_user_agent_allowed(robotstxt_upper, "FooBot", url_allowed)
    assert is_user_agent_allowed(robotstxt_lower, "FooBot", url_allowed)
    assert is_user_agent_allowed(robotstxt_camel, "FooBot", url_allowed)
    assert not is_user_agent_allowed(robotstxt_upper, "FooBot", url_disallowed)
    assert not is_user_agent_allowed(robotstxt_lower, "FooBot", url_disallowed)
    assert not is_user_agent_allowed(robotstxt_camel, "FooBot", url_disallowed)

def test_ID_VerifyValidUserAgentsToObey():
    assert RobotsMatcher.is_valid_user_agent_to_obey("Foobot")
    assert RobotsMatcher.is_valid_user_agent_to_obey("Foobot-Bar")
    assert RobotsMatcher.is_valid_user_agent_to_obey("Foo_Bar")

    # Google's `absl::string_view()`: no data at all (empty bytes here).
    assert not RobotsMatcher.is_valid_user_agent_to_obey(b"")
    assert not RobotsMatcher.is_valid_user_agent_to_obey("")
    assert not RobotsMatcher.is_valid_user_agent_to_obey("ツ")

    assert not RobotsMatcher.is_valid_user_agent_to_obey("Foobot*")
    assert not RobotsMatcher.is_valid_user_agent_to_obey(" Foobot ")
    assert not RobotsMatcher.is_valid_user_agent_to_obey("Foobot/2.1")

    assert not RobotsMatcher.is_valid_user_agent_to_obey("Foobot Bar")

def test_ID_UserAgentValueCaseInsensitive():
    robotstxt_upper = "User-Agent: FOO BAR\nAllow: /x/\nDisallow: /\n"
    robotstxt_lower = "User-Agent: foo bar\nAllow: /x/\nDisallow: /\n"
    robotstxt_camel = "User-Agent: FoO bAr\nAllow: /x/\nDisallow: /\n"
    url_allowed = "http://foo.bar/x/y"
    url_disallowed = "http://foo.bar/a/b"

    assert is_user_agent_allowed(robotstxt_upper, "Foo", url_allowed)
    assert is_user_agent_allowed(robotstxt_lower, "Foo", url_allowed)
    assert is_user_agent_allowed(robotstxt_camel, "Foo", url_allowed)
    assert not is_user_agent_allowed(robotstxt_upper, "Foo", url_disallowed)
    assert not is_user_agent_allowed(robotstxt_lower, "Foo", url_disallowed)
    assert not is_user_agent_allowed(robotstxt_camel, "Foo", url_disallowed)
    assert is_user_agent_allowed(robotstxt_upper, "foo", url_allowed)
    assert is_user_agent_allowed(robotstxt_lower, "foo", url_allowed)
    assert is_user_agent_allowed(robotstxt_camel, "foo", url_allowed)
    assert not is_user_agent_allowed(robotstxt_upper, "foo", url_disallowed)
    assert not is_user_agent_allowed(robotstxt_lower, "foo", url_disallowed)
    assert not is_user_agent_allowed(robotstxt_camel, "foo", url_disallowed)

def test_GoogleOnly_AcceptUserAgentUpToFirstSpace():
    assert not RobotsMatcher.is_valid_user_agent_to_obey("Foobot Bar")
    robotstxt = "User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n"
    url = "http://foo.bar/x/y"

    assert is_user_agent_allowed(robotstxt, "Foo", url)
    assert not is_user_agent_allowed(robotstxt, "Foo Bar", url)

def test_ID_GlobalGroups_Secondary():
    robotstxt_empty = ""
    robotstxt_global = "user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n"
    robotstxt_only_specific = "user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\nuser-agent: BazBot\ndisallow: /\n"
    url = "http://foo.bar/x/y"

    assert is_user_agent_allowed(robotstxt_empty, "FooBot", url)
    assert not is_user_agent_allowed(robotstxt_global, "FooBot", url)
    assert is_user_agent_allowed(robotstxt_global, "BarBot", url)
    assert is_user_agent_allowed(robotstxt_only_specific, "QuxBot", url)

def test_ID_AllowDisallow_Value_CaseSensitive():
    robotstxt_lowercase_url = "user-agent: FooBot\ndisallow: /x/\n"
    robotstxt_uppercase_url = "user-agent: FooBot\ndisallow: /X/\n"
    url = "http://foo.bar/x/y"

    assert not is_user_agent_allowed(robotstxt_lowercase_url, "FooBot", url)
    assert is_user_agent_allowed(robotstxt_uppercase_url, "FooBot", url)

def test_ID_LongestMatch():
    url = "http://foo.bar/x/page.html"
    robotstxt = "user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/\n"
    assert not is_user_agent_allowed(robotstxt, "FooBot", url)
    robotstxt = "user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n"
    assert is_user_agent_allowed(robotstxt, "FooBot", url)
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/x/")
    # Equal allow and disallow patterns for the same agent: allow wins.
    robotstxt = "user-agent: FooBot\ndisallow: \nallow: \n"
    assert is_user_agent_allowed(robotstxt, "FooBot", url)
    robotstxt = "user-agent: FooBot\ndisallow: /\nallow: /\n"
    assert is_user_agent_allowed(robotstxt, "FooBot", url)
    url_a = "http://foo.bar/x"
    url_b = "http://foo.bar/x/"
    robotstxt = "user-agent: FooBot\ndisallow: /x\nallow: /x/\n"
    assert not is_user_agent_allowed(robotstxt, "FooBot", url_a)
    assert is_user_agent_allowed(robotstxt, "FooBot", url_b)
    robotstxt = "user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/page.html\n"
    assert is_user_agent_allowed(robotstxt, "FooBot", url)
    # Longest match wins.
    robotstxt = "user-agent: FooBot\nallow: /page\ndisallow: /*.html\n"
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/page.html")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/page")
    robotstxt = "user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n"
    assert is_user_agent_allowed(robotstxt, "FooBot", url)
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/x/y.html")
    # FooBot's own group implicitly allows /x/page.
    robotstxt = "User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n"
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/x/page")
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/y/page")

def test_ID_Encoding():
    # /foo/bar?baz=http://foo.bar stays unencoded.
    robotstxt = "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n"
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par")
    # A 3-byte character in a rule is escaped to /foo/bar/%E3%83%84.
    robotstxt = "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/ツ\n"
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/foo/bar/%E3%83%84")
    # The rule is escaped but the URL is not.
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/foo/bar/ツ")
    # An already escaped 3-byte character stays as it is.
    robotstxt = "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n"
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/foo/bar/%E3%83%84")
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/foo/bar/ツ")
    # Escaped unreserved US-ASCII is not decoded: it only matches itself.
    robotstxt = "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n"
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/foo/bar/baz")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/foo/bar/%62%61%7A")

def test_ID_SpecialCharacters():
    robotstxt = "User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n"
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/foo/bar/quz")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/foo/quz")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/foo//quz")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/foo/bax/quz")
    robotstxt = "User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n"
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/foo/bar")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/foo/bar/qux")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/foo/bar/")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/foo/bar/baz")
    robotstxt = "User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n"
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/foo/bar")
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/foo/quz")

def test_GoogleOnly_IndexHTMLisDirectory():
    robotstxt = "User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n"
    # Allowing index.html allows the directory too.
    assert is_user_agent_allowed(robotstxt, "foobot", "http://foo.com/allowed-slash/")
    # Not an exact match.
    assert not is_user_agent_allowed(robotstxt, "foobot", "http://foo.com/allowed-slash/index.htm")
    # Exact match.
    assert is_user_agent_allowed(robotstxt, "foobot", "http://foo.com/allowed-slash/index.html")
    assert not is_user_agent_allowed(robotstxt, "foobot", "http://foo.com/anyother-url")

def test_GoogleOnly_LineTooLong():
    eol_len = len("\n")
    max_line_len = 2083 * 8
    allow = "allow: "
    disallow = "disallow: "

    # The disallow pattern, cut off at the line limit, matches the URL.
    robotstxt = "user-agent: FooBot\n"
    longline = "/x/"
    max_length = max_line_len - len(longline) - len(disallow) + eol_len
    longline += "a" * (max_length - len(longline))
    robotstxt += disallow + longline + "/qux\n"
    # Matches nothing: allowed.
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/fux")
    # Matches the cut-off disallow rule.
    assert not is_user_agent_allowed(robotstxt, "FooBot", f"http://foo.bar{longline}/fux")

    robotstxt = "user-agent: FooBot\ndisallow: /\n"
    longline_a = "/x/"
    longline_b = "/x/"
    max_length = max_line_len - len(longline_a) - len(allow) + eol_len
    longline_a += "a" * (max_length - len(longline_a))
    longline_b += "b" * (max_length - len(longline_b))
    for longline in (longline_a, longline_b):
        robotstxt += allow + longline + "/qux\n"
    # The URL matches the disallow rule.
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/")
    # Matches the allow rule exactly.
    assert is_user_agent_allowed(robotstxt, "FooBot", f"http://foo.bar{longline_a}/qux")
    # Matches the cut-off allow rule.
    assert is_user_agent_allowed(robotstxt, "FooBot", f"http://foo.bar{longline_b}/fux")

def test_GoogleOnly_DocumentationChecks():
    # Examples from https://developers.google.com/search/reference/robots_txt,
    # section "URL matching based on path values".
    robotstxt = "user-agent: FooBot\ndisallow: /\nallow: /fish\n"
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/bar")

    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/fish")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/fish.html")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/fish/salmon.html")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/fishheads")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/fishheads/yummy.html")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/fish.html?id=anything")

    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/Fish.asp")
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/catfish")
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/?id=fish")
    # "/fish*" equals "/fish".
    robotstxt = "user-agent: FooBot\ndisallow: /\nallow: /fish*\n"
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/bar")

    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/fish")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/fish.html")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/fish/salmon.html")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/fishheads")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/fishheads/yummy.html")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/fish.html?id=anything")

    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/Fish.bar")
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/catfish")
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/?id=fish")
    # "/fish/" does not equal "/fish".
    robotstxt = "user-agent: FooBot\ndisallow: /\nallow: /fish/\n"
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/bar")

    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/fish/")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/fish/salmon")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/fish/?salmon")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/fish/salmon.html")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/fish/?id=anything")

    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/fish")
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/fish.html")
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/Fish/Salmon.html")
    # "/*.php"
    robotstxt = "user-agent: FooBot\ndisallow: /\nallow: /*.php\n"
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/bar")

    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/filename.php")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/folder/filename.php")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/folder/filename.php?parameters")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar//folder/any.php.file.html")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/filename.php/")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/index?f=filename.php/")
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/php/")
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/index?php")

    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/windows.PHP")
    # "/*.php$"
    robotstxt = "user-agent: FooBot\ndisallow: /\nallow: /*.php$\n"
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/bar")

    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/filename.php")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/folder/filename.php")

    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/filename.php?parameters")
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/filename.php/")
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/filename.php5")
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/php/")
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/filename?php")
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/aaaphpaaa")
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar//windows.PHP")
    # "/fish*.php"
    robotstxt = "user-agent: FooBot\ndisallow: /\nallow: /fish*.php\n"
    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/bar")

    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/fish.php")
    assert is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/fishheads/catfish.php?parameters")

    assert not is_user_agent_allowed(robotstxt, "FooBot", "http://foo.bar/Fish.PHP")
    # Section "Order of precedence for group-member records".
    robotstxt = "user-agent: FooBot\nallow: /p\ndisallow: /\n"
    url = "http://example.com/page"
    assert is_user_agent_allowed(robotstxt, "FooBot", url)
    robotstxt = "user-agent: FooBot\nallow: /folder\ndisallow: /folder\n"
    url = "http://example.com/folder/page"
    assert is_user_agent_allowed(robotstxt, "FooBot", url)
    robotstxt = "user-agent: FooBot\nallow: /page\ndisallow: /*.htm\n"
    url = "http://example.com/page.htm"
    assert not is_user_agent_allowed(robotstxt, "FooBot", url)
    robotstxt = "user-agent: FooBot\nallow: /$\ndisallow: /\n"
    url = "http://example.com/"
    url_page = "http://example.com/page.html"
    assert is_user_agent_allowed(robotstxt, "FooBot", url)
    assert not is_user_agent_allowed(robotstxt, "FooBot", url_page)

class RobotsStatsReporter(RobotsParseHandler):
    """Google's RobotsStatsReporter: counts directives, keeps the sitemap."""

    def __init__(self):
        self.last_line_seen = 0
        self.valid_directives = 0
        self.unknown_directives = 0
        self.sitemap = b""

    def handle_robots_start(self):
        self.last_line_seen = 0
        self.valid_directives = 0
        self.unknown_directives = 0
        self.sitemap = b""

    def digest(self, line_num):
        assert line_num >= self.last_line_seen
        self.last_line_seen = line_num
        self.valid_directives += 1

    def handle_user_agent(self, line_num, value):
        self.digest(line_num)

    def handle_allow(self, line_num, value):
        self.digest(line_num)

    def handle_disallow(self, line_num, value):
        self.digest(line_num)

    def handle_sitemap(self, line_num, value):
        self.digest(line_num)
        self.sitemap += value

    def handle_unknown_action(self, line_num, action, value):
        self.last_line_seen = line_num
        self.unknown_directives += 1


def test_ID_LinesNumbersAreCountedCorrectly():
    report = RobotsStatsReporter()
    unix_file = "User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /\n"
    parse_robots_txt(unix_file, report)
    assert_eq(4, report.valid_directives)
    assert_eq(6, report.last_line_seen)

    dos_file = "User-Agent: foo\r\nAllow: /some/path\r\nUser-Agent: bar\r\n\r\n\r\nDisallow: /\r\n"
    parse_robots_txt(dos_file, report)
    assert_eq(4, report.valid_directives)
    assert_eq(6, report.last_line_seen)

    mac_file = "User-Agent: foo\rAllow: /some/path\rUser-Agent: bar\r\r\rDisallow: /\r"
    parse_robots_txt(mac_file, report)
    assert_eq(4, report.valid_directives)
    assert_eq(6, report.last_line_seen)

    no_final_newline = "User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /"
    parse_robots_txt(no_final_newline, report)
    assert_eq(4, report.valid_directives)
    assert_eq(6, report.last_line_seen)

    mixed_file = "User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /"
    parse_robots_txt(mixed_file, report)
    assert_eq(4, report.valid_directives)
    assert_eq(6, report.last_line_seen)

def test_ID_UTF8ByteOrderMarkIsSkipped():
    report = RobotsStatsReporter()
    utf8_file_full_bom = b"\xEF\xBB\xBFUser-Agent: foo\nAllow: /AnyValue\n"
    parse_robots_txt(utf8_file_full_bom, report)
    assert_eq(2, report.valid_directives)
    assert_eq(0, report.unknown_directives)

    # A partial byte order mark is skipped as well.
    utf8_file_partial_2_bom = b"\xEF\xBBUser-Agent: foo\nAllow: /AnyValue\n"
    parse_robots_txt(utf8_file_partial_2_bom, report)
    assert_eq(2, report.valid_directives)
    assert_eq(0, report.unknown_directives)

    utf8_file_partial_1_bom = b"\xEFUser-Agent: foo\nAllow: /AnyValue\n"
    parse_robots_txt(utf8_file_partial_1_bom, report)
    assert_eq(2, report.valid_directives)
    assert_eq(0, report.unknown_directives)

    # A wrong sequence is not a byte order mark: the first line becomes the
    # garbage key "\x11\xBFUser-Agent".
    utf8_file_broken_bom = b"\xEF\x11\xBFUser-Agent: foo\nAllow: /AnyValue\n"
    parse_robots_txt(utf8_file_broken_bom, report)
    assert_eq(1, report.valid_directives)
    assert_eq(1, report.unknown_directives)

    # A byte order mark is only skipped at the start of the file.
    utf8_bom_somewhere_in_middle_of_file = b"User-Agent: foo\n\xEF\xBB\xBFAllow: /AnyValue\n"
    parse_robots_txt(utf8_bom_somewhere_in_middle_of_file, report)
    assert_eq(1, report.valid_directives)
    assert_eq(1, report.unknown_directives)

def test_ID_NonStandardLineExample_Sitemap():
    report = RobotsStatsReporter()
    sitemap_loc = "http://foo.bar/sitemap.xml"
    robotstxt = "User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\n"
    robotstxt += "Sitemap: " + sitemap_loc + "\n"

    parse_robots_txt(robotstxt, report)
    assert_eq(sitemap_loc.encode(), report.sitemap)
    # A sitemap line may appear anywhere in the file.
    robotstxt = ""
    sitemap_loc = "http://foo.bar/sitemap.xml"
    robotstxt_temp = "User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\n"
    robotstxt += "Sitemap: " + sitemap_loc + "\n"
    robotstxt += robotstxt_temp

    parse_robots_txt(robotstxt, report)
    assert_eq(sitemap_loc.encode(), report.sitemap)

def check_path(url, expected_path):
    """Google's TestPath (str in, str out; bytes in, bytes out)."""
    assert get_path_params_query(url) == expected_path, url
    assert get_path_params_query(url.encode()) == expected_path.encode(), url


def check_escape(url, expected):
    """Google's TestEscape."""
    assert maybe_escape_pattern(url) == expected, url
    assert maybe_escape_pattern(url.encode()) == expected.encode(), url


def test_TestGetPathParamsQuery():
    # Only URLs that are already correctly escaped.
    check_path("", "/")
    check_path("http://www.example.com", "/")
    check_path("http://www.example.com/", "/")
    check_path("http://www.example.com/a", "/a")
    check_path("http://www.example.com/a/", "/a/")
    check_path("http://www.example.com/a/b?c=http://d.e/", "/a/b?c=http://d.e/")
    check_path("http://www.example.com/a/b?c=d&e=f#fragment", "/a/b?c=d&e=f")
    check_path("example.com", "/")
    check_path("example.com/", "/")
    check_path("example.com/a", "/a")
    check_path("example.com/a/", "/a/")
    check_path("example.com/a/b?c=d&e=f#fragment", "/a/b?c=d&e=f")
    check_path("a", "/")
    check_path("a/", "/")
    check_path("/a", "/a")
    check_path("a/b", "/b")
    check_path("example.com?a", "/?a")
    check_path("example.com/a;b#c", "/a;b")
    check_path("//a/b/c", "/b/c")

def test_TestMaybeEscapePattern():
    check_escape("http://www.example.com", "http://www.example.com")
    check_escape("/a/b/c", "/a/b/c")
    check_escape("á", "%C3%A1")
    check_escape("%aa", "%AA")

