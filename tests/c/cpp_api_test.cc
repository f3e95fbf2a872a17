// The googlebot:: drop-in headers, exercised as Google's tests use them.
//
// Expected answers are those of Google's robots_test.cc (cited per block),
// or, where it has no case, what Google's robots.cc does. This translation
// unit and cpp_reporting_test.cc both include both headers, so the program
// also shows they are safe in several translation units.
#include "robots.h"  // First: like Google's, it must bring <string>, <vector>.

#include <stdexcept>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "check.h"
#include "reporting_robots.h"

// Google's robots_test.cc declares these itself; the redeclarations must
// agree with the header's definitions.
namespace googlebot {
std::string GetPathParamsQuery(const std::string& url);
bool MaybeEscapePattern(const char* src, char** dst);
}  // namespace googlebot

void RunReportingTests();  // cpp_reporting_test.cc

namespace {

using googlebot::RobotsMatcher;

static_assert(!std::is_copy_constructible_v<RobotsMatcher>);
static_assert(!std::is_copy_assignable_v<RobotsMatcher>);
static_assert(!std::is_copy_constructible_v<googlebot::RobotsParseHandler>);
static_assert(std::is_abstract_v<googlebot::RobotsParseHandler>);
static_assert(std::has_virtual_destructor_v<googlebot::RobotsParseHandler>);
static_assert(std::is_same_v<decltype(std::declval<RobotsMatcher&>().matching_line()), int>);
static_assert(static_cast<int>(googlebot::KeyType::UNKNOWN) == 128);

bool IsUserAgentAllowed(absl::string_view robotstxt, const std::string& useragent,
                        const std::string& url) {
  RobotsMatcher matcher;
  return matcher.OneAgentAllowedByRobots(robotstxt, useragent, url);
}

struct Case {
  const char* robotstxt;
  const char* agent;
  const char* url;
  bool allowed;
};

void CheckCases(const char* test, const std::vector<Case>& cases) {
  RobotsMatcher reused;  // One matcher for all: queries must not leak state.
  for (const Case& c : cases) {
    const bool fresh = IsUserAgentAllowed(c.robotstxt, c.agent, c.url);
    const std::vector<std::string> agents{c.agent};
    const bool again = reused.AllowedByRobots(c.robotstxt, &agents, c.url);
    check::Record(fresh == c.allowed && again == c.allowed,
                  std::string(test) + ": " + c.agent + " " + c.url +
                      (c.allowed ? " should be allowed" : " should be disallowed"),
                  __FILE__, __LINE__);
  }
}

constexpr const char* kFooDisallowAll = "user-agent: FooBot\ndisallow: /\n";

void MatcherSystemAndSyntax() {
  CheckCases("GoogleOnly_SystemTest", {
      {"", "FooBot", "", true},
      {kFooDisallowAll, "", "", true},
      {kFooDisallowAll, "FooBot", "", false},
      {"", "", "", true},
  });
  CheckCases("ID_LineSyntax_Line", {
      {"user-agent: FooBot\ndisallow: /\n", "FooBot", "http://foo.bar/x/y", false},
      {"foo: FooBot\nbar: /\n", "FooBot", "http://foo.bar/x/y", true},
      {"user-agent FooBot\ndisallow /\n", "FooBot", "http://foo.bar/x/y", false},
  });
  const char* groups =
      "allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\n"
      "user-agent: BarBot\ndisallow: /\nallow: /y/\n\n\nallow: /w/\n"
      "user-agent: BazBot\n\nuser-agent: FooBot\nallow: /z/\ndisallow: /\n";
  CheckCases("ID_LineSyntax_Groups", {
      {groups, "FooBot", "http://foo.bar/x/b", true},
      {groups, "FooBot", "http://foo.bar/z/d", true},
      {groups, "FooBot", "http://foo.bar/y/c", false},
      {groups, "BarBot", "http://foo.bar/y/c", true},
      {groups, "BarBot", "http://foo.bar/w/a", true},
      {groups, "BarBot", "http://foo.bar/z/d", false},
      {groups, "BazBot", "http://foo.bar/z/d", true},
      {groups, "FooBot", "http://foo.bar/foo/bar/", false},
      {groups, "BarBot", "http://foo.bar/foo/bar/", false},
      {groups, "BazBot", "http://foo.bar/foo/bar/", false},
  });
  const char* sitemap_inside =
      "User-agent: BarBot\nSitemap: https://foo.bar/sitemap\nUser-agent: *\nDisallow: /\n";
  const char* unknown_inside =
      "User-agent: FooBot\nInvalid-Unknown-Line: unknown\nUser-agent: *\nDisallow: /\n";
  CheckCases("ID_LineSyntax_Groups_OtherRules", {
      {sitemap_inside, "FooBot", "http://foo.bar/", false},
      {sitemap_inside, "BarBot", "http://foo.bar/", false},
      {unknown_inside, "FooBot", "http://foo.bar/", false},
      {unknown_inside, "BarBot", "http://foo.bar/", false},
  });
  const char* upper = "USER-AGENT: FooBot\nALLOW: /x/\nDISALLOW: /\n";
  const char* camel = "uSeR-aGeNt: FooBot\nAlLoW: /x/\ndIsAlLoW: /\n";
  CheckCases("ID_REPLineNamesCaseInsensitive", {
      {upper, "FooBot", "http://foo.bar/x/y", true},
      {camel, "FooBot", "http://foo.bar/x/y", true},
      {upper, "FooBot", "http://foo.bar/a/b", false},
      {camel, "FooBot", "http://foo.bar/a/b", false},
  });
  const char* agent_upper = "User-Agent: FOO BAR\nAllow: /x/\nDisallow: /\n";
  const char* agent_camel = "User-Agent: FoO bAr\nAllow: /x/\nDisallow: /\n";
  CheckCases("ID_UserAgentValueCaseInsensitive", {
      {agent_upper, "Foo", "http://foo.bar/x/y", true},
      {agent_camel, "foo", "http://foo.bar/x/y", true},
      {agent_upper, "foo", "http://foo.bar/a/b", false},
      {agent_camel, "Foo", "http://foo.bar/a/b", false},
  });
  const char* first_space =
      "User-Agent: *\nDisallow: /\nUser-Agent: Foo Bar\nAllow: /x/\nDisallow: /\n";
  CheckCases("GoogleOnly_AcceptUserAgentUpToFirstSpace", {
      {first_space, "Foo", "http://foo.bar/x/y", true},
      {first_space, "Foo Bar", "http://foo.bar/x/y", false},
  });
  const char* global = "user-agent: *\nallow: /\nuser-agent: FooBot\ndisallow: /\n";
  const char* only_specific =
      "user-agent: FooBot\nallow: /\nuser-agent: BarBot\ndisallow: /\n"
      "user-agent: BazBot\ndisallow: /\n";
  CheckCases("ID_GlobalGroups_Secondary", {
      {"", "FooBot", "http://foo.bar/x/y", true},
      {global, "FooBot", "http://foo.bar/x/y", false},
      {global, "BarBot", "http://foo.bar/x/y", true},
      {only_specific, "QuxBot", "http://foo.bar/x/y", true},
  });
  CheckCases("ID_AllowDisallow_Value_CaseSensitive", {
      {"user-agent: FooBot\ndisallow: /x/\n", "FooBot", "http://foo.bar/x/y", false},
      {"user-agent: FooBot\ndisallow: /X/\n", "FooBot", "http://foo.bar/x/y", true},
  });
}

void MatcherLongestMatchAndPatterns() {
  const char* page = "http://foo.bar/x/page.html";
  CheckCases("ID_LongestMatch", {
      {"user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/\n", "FooBot", page, false},
      {"user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n", "FooBot", page, true},
      {"user-agent: FooBot\nallow: /x/page.html\ndisallow: /x/\n", "FooBot",
       "http://foo.bar/x/", false},
      {"user-agent: FooBot\ndisallow: \nallow: \n", "FooBot", page, true},
      {"user-agent: FooBot\ndisallow: /\nallow: /\n", "FooBot", page, true},
      {"user-agent: FooBot\ndisallow: /x\nallow: /x/\n", "FooBot", "http://foo.bar/x", false},
      {"user-agent: FooBot\ndisallow: /x\nallow: /x/\n", "FooBot", "http://foo.bar/x/", true},
      {"user-agent: FooBot\ndisallow: /x/page.html\nallow: /x/page.html\n", "FooBot", page,
       true},
      {"user-agent: FooBot\nallow: /page\ndisallow: /*.html\n", "FooBot",
       "http://foo.bar/page.html", false},
      {"user-agent: FooBot\nallow: /page\ndisallow: /*.html\n", "FooBot",
       "http://foo.bar/page", true},
      {"user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n", "FooBot", page, true},
      {"user-agent: FooBot\nallow: /x/page.\ndisallow: /*.html\n", "FooBot",
       "http://foo.bar/x/y.html", false},
      {"User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n", "FooBot",
       "http://foo.bar/x/page", true},
      {"User-agent: *\nDisallow: /x/\nUser-agent: FooBot\nDisallow: /y/\n", "FooBot",
       "http://foo.bar/y/page", false},
  });
  const char* tsu = "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/\xE3\x83\x84\n";
  const char* tsu_escaped = "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%E3%83%84\n";
  const char* baz_escaped = "User-agent: FooBot\nDisallow: /\nAllow: /foo/bar/%62%61%7A\n";
  CheckCases("ID_Encoding", {
      {"User-agent: FooBot\nDisallow: /\nAllow: /foo/bar?qux=taz&baz=http://foo.bar?tar&par\n",
       "FooBot", "http://foo.bar/foo/bar?qux=taz&baz=http://foo.bar?tar&par", true},
      {tsu, "FooBot", "http://foo.bar/foo/bar/%E3%83%84", true},
      {tsu, "FooBot", "http://foo.bar/foo/bar/\xE3\x83\x84", false},
      {tsu_escaped, "FooBot", "http://foo.bar/foo/bar/%E3%83%84", true},
      {tsu_escaped, "FooBot", "http://foo.bar/foo/bar/\xE3\x83\x84", false},
      {baz_escaped, "FooBot", "http://foo.bar/foo/bar/baz", false},
      {baz_escaped, "FooBot", "http://foo.bar/foo/bar/%62%61%7A", true},
  });
  const char* star = "User-agent: FooBot\nDisallow: /foo/bar/quz\nAllow: /foo/*/qux\n";
  const char* dollar = "User-agent: FooBot\nDisallow: /foo/bar$\nAllow: /foo/bar/qux\n";
  const char* hash = "User-agent: FooBot\n# Disallow: /\nDisallow: /foo/quz#qux\nAllow: /\n";
  CheckCases("ID_SpecialCharacters", {
      {star, "FooBot", "http://foo.bar/foo/bar/quz", false},
      {star, "FooBot", "http://foo.bar/foo/quz", true},
      {star, "FooBot", "http://foo.bar/foo//quz", true},
      {star, "FooBot", "http://foo.bar/foo/bax/quz", true},
      {dollar, "FooBot", "http://foo.bar/foo/bar", false},
      {dollar, "FooBot", "http://foo.bar/foo/bar/qux", true},
      {dollar, "FooBot", "http://foo.bar/foo/bar/", true},
      {dollar, "FooBot", "http://foo.bar/foo/bar/baz", true},
      {hash, "FooBot", "http://foo.bar/foo/bar", true},
      {hash, "FooBot", "http://foo.bar/foo/quz", false},
  });
  const char* index = "User-Agent: *\nAllow: /allowed-slash/index.html\nDisallow: /\n";
  CheckCases("GoogleOnly_IndexHTMLisDirectory", {
      {index, "foobot", "http://foo.com/allowed-slash/", true},
      {index, "foobot", "http://foo.com/allowed-slash/index.htm", false},
      {index, "foobot", "http://foo.com/allowed-slash/index.html", true},
      {index, "foobot", "http://foo.com/anyother-url", false},
  });
  const char* fish = "user-agent: FooBot\ndisallow: /\nallow: /fish*.php\n";
  const char* php = "user-agent: FooBot\ndisallow: /\nallow: /*.php$\n";
  CheckCases("GoogleOnly_DocumentationChecks", {
      {"user-agent: FooBot\ndisallow: /\nallow: /fish\n", "FooBot",
       "http://foo.bar/fish.html?id=anything", true},
      {"user-agent: FooBot\ndisallow: /\nallow: /fish\n", "FooBot", "http://foo.bar/catfish",
       false},
      {"user-agent: FooBot\ndisallow: /\nallow: /fish/\n", "FooBot", "http://foo.bar/fish",
       false},
      {php, "FooBot", "http://foo.bar/folder/filename.php", true},
      {php, "FooBot", "http://foo.bar/filename.php?parameters", false},
      {php, "FooBot", "http://foo.bar/filename.php5", false},
      {fish, "FooBot", "http://foo.bar/fishheads/catfish.php?parameters", true},
      {fish, "FooBot", "http://foo.bar/Fish.PHP", false},
      {"user-agent: FooBot\nallow: /$\ndisallow: /\n", "FooBot", "http://example.com/", true},
      {"user-agent: FooBot\nallow: /$\ndisallow: /\n", "FooBot",
       "http://example.com/page.html", false},
  });
}

void MatcherLineTooLong() {
  // robots_test.cc, GoogleOnly_LineTooLong: rules are cut at 2083 * 8 - 1
  // bytes of line.
  const size_t max_line_len = 2083 * 8;
  const std::string allow = "allow: ";
  const std::string disallow = "disallow: ";
  {
    std::string longline = "/x/";
    const size_t max_length = max_line_len - longline.size() - disallow.size() + 1;
    while (longline.size() < max_length) longline += "a";
    const std::string robotstxt =
        "user-agent: FooBot\n" + disallow + longline + "/qux\n";
    CHECK(IsUserAgentAllowed(robotstxt, "FooBot", "http://foo.bar/fux"));
    CHECK(!IsUserAgentAllowed(robotstxt, "FooBot", "http://foo.bar" + longline + "/fux"));
  }
  {
    std::string longline_a = "/x/";
    std::string longline_b = "/x/";
    const size_t max_length = max_line_len - longline_a.size() - allow.size() + 1;
    while (longline_a.size() < max_length) {
      longline_a += "a";
      longline_b += "b";
    }
    const std::string robotstxt = "user-agent: FooBot\ndisallow: /\n" + allow + longline_a +
                                  "/qux\n" + allow + longline_b + "/qux\n";
    CHECK(!IsUserAgentAllowed(robotstxt, "FooBot", "http://foo.bar/"));
    CHECK(IsUserAgentAllowed(robotstxt, "FooBot", "http://foo.bar" + longline_a + "/qux"));
    CHECK(IsUserAgentAllowed(robotstxt, "FooBot", "http://foo.bar" + longline_b + "/fux"));
  }
}

void MatcherValidUserAgents() {
  // robots_test.cc, ID_VerifyValidUserAgentsToObey.
  CHECK(RobotsMatcher::IsValidUserAgentToObey("Foobot"));
  CHECK(RobotsMatcher::IsValidUserAgentToObey("Foobot-Bar"));
  CHECK(RobotsMatcher::IsValidUserAgentToObey("Foo_Bar"));
  CHECK(!RobotsMatcher::IsValidUserAgentToObey(absl::string_view()));
  CHECK(!RobotsMatcher::IsValidUserAgentToObey(""));
  CHECK(!RobotsMatcher::IsValidUserAgentToObey("\xE3\x83\x84"));
  CHECK(!RobotsMatcher::IsValidUserAgentToObey("Foobot*"));
  CHECK(!RobotsMatcher::IsValidUserAgentToObey(" Foobot "));
  CHECK(!RobotsMatcher::IsValidUserAgentToObey("Foobot/2.1"));
  CHECK(!RobotsMatcher::IsValidUserAgentToObey("Foobot Bar"));
}

void MatcherDetailsOfTheLastQuery() {
  // robots.cc: disallow(), disallow_ignore_global(), ever_seen_specific_agent()
  // and matching_line() describe the last *AllowedByRobots() call.
  RobotsMatcher m;
  CHECK(!m.disallow());
  CHECK_EQ(m.matching_line(), 0);
  CHECK(!m.OneAgentAllowedByRobots(kFooDisallowAll, "FooBot", "http://foo.bar/x"));
  CHECK(m.disallow());
  CHECK(m.disallow_ignore_global());
  CHECK(m.ever_seen_specific_agent());
  CHECK_EQ(m.matching_line(), 2);

  CHECK(!m.OneAgentAllowedByRobots("user-agent: *\n\ndisallow: /\n", "FooBot",
                                   "http://foo.bar/x"));
  CHECK(m.disallow());
  CHECK(!m.disallow_ignore_global());
  CHECK(!m.ever_seen_specific_agent());
  CHECK_EQ(m.matching_line(), 3);

  const std::vector<std::string> agents{"BazBot", "FooBot"};
  CHECK(!m.AllowedByRobots("user-agent: FooBot\ndisallow: /x/\nuser-agent: BarBot\n"
                           "allow: /x/page\n",
                           &agents, "http://foo.bar/x/page"));
  CHECK_EQ(m.matching_line(), 2);
  const std::vector<std::string> both{"FooBot", "BarBot"};
  CHECK(m.AllowedByRobots("user-agent: FooBot\ndisallow: /x/\nuser-agent: BarBot\n"
                          "allow: /x/page\n",
                          &both, "http://foo.bar/x/page"));
  CHECK_EQ(m.matching_line(), 4);
  // No agents at all (Google's would dereference NULL): only '*' applies.
  CHECK(!m.AllowedByRobots("user-agent: *\ndisallow: /\n", nullptr, "http://foo.bar/"));
  CHECK(m.AllowedByRobots(kFooDisallowAll, nullptr, "http://foo.bar/"));
}

// Counts what the parser reports, as Google's RobotsStatsReporter test
// handler does (reimplemented here).
class StatsHandler : public googlebot::RobotsParseHandler {
 public:
  void HandleRobotsStart() override {
    last_line_seen = valid_directives = unknown_directives = 0;
    sitemap.clear();
    in_order = true;
  }
  void HandleRobotsEnd() override {}
  void HandleUserAgent(int line_num, absl::string_view) override { Saw(line_num); }
  void HandleAllow(int line_num, absl::string_view) override { Saw(line_num); }
  void HandleDisallow(int line_num, absl::string_view) override { Saw(line_num); }
  void HandleSitemap(int line_num, absl::string_view value) override {
    Saw(line_num);
    sitemap.append(value.data(), value.size());
  }
  void HandleUnknownAction(int line_num, absl::string_view, absl::string_view) override {
    last_line_seen = line_num;
    ++unknown_directives;
  }
  // ReportLineMetadata is not overridden: the default must do nothing.

  int last_line_seen = 0;
  int valid_directives = 0;
  int unknown_directives = 0;
  bool in_order = true;
  std::string sitemap;

 private:
  void Saw(int line_num) {
    in_order = in_order && line_num >= last_line_seen;
    last_line_seen = line_num;
    ++valid_directives;
  }
};

void ParseLineEndings() {
  // robots_test.cc, ID_LinesNumbersAreCountedCorrectly.
  StatsHandler report;
  for (const char* file : {
           "User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /\n",
           "User-Agent: foo\r\nAllow: /some/path\r\nUser-Agent: bar\r\n\r\n\r\nDisallow: /\r\n",
           "User-Agent: foo\rAllow: /some/path\rUser-Agent: bar\r\r\rDisallow: /\r",
           "User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /",
           "User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /",
       }) {
    googlebot::ParseRobotsTxt(file, &report);
    CHECK_EQ(report.valid_directives, 4);
    CHECK_EQ(report.last_line_seen, 6);
    CHECK(report.in_order);
  }
}

void ParseByteOrderMarks() {
  // robots_test.cc, ID_UTF8ByteOrderMarkIsSkipped.
  StatsHandler report;
  struct {
    const char* file;
    int valid;
    int unknown;
  } cases[] = {
      {"\xEF\xBB\xBFUser-Agent: foo\nAllow: /AnyValue\n", 2, 0},
      {"\xEF\xBBUser-Agent: foo\nAllow: /AnyValue\n", 2, 0},
      {"\xEFUser-Agent: foo\nAllow: /AnyValue\n", 2, 0},
      {"\xEF\x11\xBFUser-Agent: foo\nAllow: /AnyValue\n", 1, 1},
      {"User-Agent: foo\n\xEF\xBB\xBF" "Allow: /AnyValue\n", 1, 1},
  };
  for (const auto& c : cases) {
    googlebot::ParseRobotsTxt(c.file, &report);
    CHECK_EQ(report.valid_directives, c.valid);
    CHECK_EQ(report.unknown_directives, c.unknown);
  }
}

void ParseSitemaps() {
  // robots_test.cc, ID_NonStandardLineExample_Sitemap.
  StatsHandler report;
  const std::string sitemap_loc = "http://foo.bar/sitemap.xml";
  const std::string groups = "User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\n";
  googlebot::ParseRobotsTxt(groups + "Sitemap: " + sitemap_loc + "\n", &report);
  CHECK_EQ(report.sitemap, sitemap_loc);
  googlebot::ParseRobotsTxt("Sitemap: " + sitemap_loc + "\n" + groups, &report);
  CHECK_EQ(report.sitemap, sitemap_loc);
}

void ParseValuesAndNulls() {
  // robots.cc: allow/disallow/unknown values are escaped, the others not;
  // each line is a C string there, so a NUL byte ends it.
  struct Values : StatsHandler {
    std::vector<std::string> seen;
    void HandleAllow(int, absl::string_view v) override { seen.emplace_back(v); }
    void HandleDisallow(int, absl::string_view v) override { seen.emplace_back(v); }
    void HandleUserAgent(int, absl::string_view v) override { seen.emplace_back(v); }
    void HandleUnknownAction(int, absl::string_view a, absl::string_view v) override {
      seen.emplace_back(std::string(a) + "=" + std::string(v));
    }
  } values;
  static const char kBody[] =
      "user-agent: \xE3\x83\x84\nallow: /\xE3\x83\x84\ndisallow: /a\0b\nx-y: %aa\n";
  googlebot::ParseRobotsTxt(absl::string_view(kBody, sizeof kBody - 1), &values);
  const std::vector<std::string> expected{"\xE3\x83\x84", "/%E3%83%84", "/a", "x-y=%AA"};
  CHECK(values.seen == expected);
  googlebot::ParseRobotsTxt("anything", nullptr);  // Nothing to report to.
}

void ParseRethrowsHandlerExceptions() {
  // A handler's exception must not cross the Rust frames; it comes out of
  // ParseRobotsTxt() after the parse, and no callback follows it.
  struct Thrower : StatsHandler {
    int calls_after = 0;
    bool thrown = false;
    void HandleAllow(int, absl::string_view) override {
      thrown = true;
      throw std::runtime_error("allow rejected");
    }
    void HandleDisallow(int, absl::string_view) override { calls_after += thrown; }
    void ReportLineMetadata(int, const LineMetadata&) override { calls_after += thrown; }
    void HandleRobotsEnd() override { calls_after += thrown; }
  } thrower;
  bool caught = false;
  try {
    googlebot::ParseRobotsTxt("user-agent: a\nallow: /\ndisallow: /\n", &thrower);
  } catch (const std::runtime_error& e) {
    caught = std::string(e.what()) == "allow rejected";
  }
  CHECK(caught);
  CHECK_EQ(thrower.calls_after, 0);

  struct ThrowsInt : StatsHandler {
    void HandleRobotsEnd() override { throw 42; }
  } throws_int;
  int value = 0;
  try {
    googlebot::ParseRobotsTxt("", &throws_int);
  } catch (int v) {
    value = v;
  }
  CHECK_EQ(value, 42);

  // A handler that threw parses normally afterwards.
  thrower.thrown = false;
  googlebot::ParseRobotsTxt("user-agent: a\nsitemap: /s\n", &thrower);
  CHECK_EQ(thrower.valid_directives, 2);
  CHECK_EQ(thrower.sitemap, "/s");
}

// Records ReportLineMetadata() calls as "line:flags" strings.
struct MetadataLog {
  std::vector<std::string> lines;
  void Add(int line_num, const googlebot::RobotsParseHandler::LineMetadata& m) {
    std::string flags;
    if (m.is_empty) flags += 'e';
    if (m.has_comment) flags += 'c';
    if (m.is_comment) flags += 'C';
    if (m.has_directive) flags += 'd';
    lines.push_back(std::to_string(line_num) + ":" + flags);
  }
};

// The lines of kMetadataBody as Google's ParseRobotsTxt() reports them: one
// ReportLineMetadata() per line, the empty line after the last line end
// included (robots.cc, ParseAndEmitLine()).
const char kMetadataBody[] = "user-agent: a\n# c\n\nallow: /\r\nx\n";
const std::vector<std::string> kMetadataLines{"1:d", "2:cC", "3:e", "4:d", "5:", "6:e"};

void ParseReportsMetadataToEveryOverride() {
  // ParseRobotsTxt() leaves out the line metadata of a handler that keeps
  // RobotsParseHandler's ReportLineMetadata(), telling it from the vtable;
  // every way of overriding it must still see every line.
  struct Direct : StatsHandler {
    MetadataLog log;
    void ReportLineMetadata(int n, const LineMetadata& m) override { log.Add(n, m); }
  } direct;
  googlebot::ParseRobotsTxt(kMetadataBody, &direct);
  CHECK(direct.log.lines == kMetadataLines);

  // Overridden two classes down from a handler that does not.
  struct Middle : StatsHandler {};
  struct Leaf : Middle {
    MetadataLog log;
    void ReportLineMetadata(int n, const LineMetadata& m) override { log.Add(n, m); }
  } leaf;
  googlebot::ParseRobotsTxt(kMetadataBody, &leaf);
  CHECK(leaf.log.lines == kMetadataLines);

  // RobotsParseHandler as the second base, behind one with its own vtable.
  struct Other {
    virtual ~Other() = default;
    virtual int Something() { return 1; }
    int other_state = 0;
  };
  struct Second : Other, StatsHandler {
    MetadataLog log;
    void ReportLineMetadata(int n, const LineMetadata& m) override { log.Add(n, m); }
  } second;
  googlebot::ParseRobotsTxt(kMetadataBody, &second);
  CHECK(second.log.lines == kMetadataLines);
  CHECK_EQ(second.valid_directives, 2);

  // A virtual base.
  struct Virtual : virtual googlebot::RobotsParseHandler {
    MetadataLog log;
    void HandleRobotsStart() override {}
    void HandleRobotsEnd() override {}
    void HandleUserAgent(int, absl::string_view) override {}
    void HandleAllow(int, absl::string_view) override {}
    void HandleDisallow(int, absl::string_view) override {}
    void HandleSitemap(int, absl::string_view) override {}
    void HandleUnknownAction(int, absl::string_view, absl::string_view) override {}
    void ReportLineMetadata(int n, const LineMetadata& m) override { log.Add(n, m); }
  };
  struct Joined : Other, Virtual {} joined;
  googlebot::ParseRobotsTxt(kMetadataBody, &joined);
  CHECK(joined.log.lines == kMetadataLines);

  // And the handlers that keep the default are told apart where the header
  // can (gcc and clang), so that the saving is real.
#if (defined(__GNUC__) || defined(__clang__)) && !defined(_MSC_VER)
  namespace internal = googlebot::robotstxt_internal;
  StatsHandler stats;
  Middle middle;
  struct SecondKeeps : Other, StatsHandler {} second_keeps;
  CHECK(!internal::robotstxt_reports_line_metadata(&stats));
  CHECK(!internal::robotstxt_reports_line_metadata(&middle));
  CHECK(!internal::robotstxt_reports_line_metadata(&second_keeps));
  CHECK(internal::robotstxt_reports_line_metadata(&direct));
  CHECK(internal::robotstxt_reports_line_metadata(&leaf));
  CHECK(internal::robotstxt_reports_line_metadata(&second));
  CHECK(internal::robotstxt_reports_line_metadata(&joined));
#endif
}

void LibraryFailuresAreBadAlloc() {
  // Every status but OK, ROBOTSTXT_STATUS_OUT_OF_MEMORY first, reaches the
  // caller as std::bad_alloc: the one exception code written for Google's
  // library is prepared for.
  const robotstxt_status failures[] = {
      ROBOTSTXT_STATUS_OUT_OF_MEMORY, ROBOTSTXT_STATUS_PANIC,
      ROBOTSTXT_STATUS_NULL_ARGUMENT, ROBOTSTXT_STATUS_BUFFER_TOO_SMALL};
  for (const robotstxt_status status : failures) {
    bool caught = false;
    try {
      googlebot::robotstxt_internal::robotstxt_check(status);
    } catch (const std::bad_alloc&) {
      caught = true;
    }
    CHECK(caught);
  }
  googlebot::robotstxt_internal::robotstxt_check(ROBOTSTXT_STATUS_OK);
}

void KeyTypes() {
  using googlebot::KeyType;
  bool typo = true;
  CHECK(googlebot::GetKeyType("user-agent", &typo) == KeyType::USER_AGENT && !typo);
  CHECK(googlebot::GetKeyType("useragent", &typo) == KeyType::USER_AGENT && typo);
  CHECK(googlebot::GetKeyType("Allow", &typo) == KeyType::ALLOW && !typo);
  CHECK(googlebot::GetKeyType("disalow", &typo) == KeyType::DISALLOW && typo);
  CHECK(googlebot::GetKeyType("site-map", &typo) == KeyType::SITEMAP && typo);
  CHECK(googlebot::GetKeyType("Sitemap", &typo) == KeyType::SITEMAP && !typo);
  CHECK(googlebot::GetKeyType("unicorns", &typo) == KeyType::UNKNOWN && !typo);
  CHECK(googlebot::GetKeyType("disallowed", nullptr) == KeyType::DISALLOW);
}

void PathParamsQuery() {
  // robots_test.cc, TestGetPathParamsQuery.
  const std::pair<const char*, const char*> cases[] = {
      {"", "/"},
      {"http://www.example.com", "/"},
      {"http://www.example.com/", "/"},
      {"http://www.example.com/a", "/a"},
      {"http://www.example.com/a/", "/a/"},
      {"http://www.example.com/a/b?c=http://d.e/", "/a/b?c=http://d.e/"},
      {"http://www.example.com/a/b?c=d&e=f#fragment", "/a/b?c=d&e=f"},
      {"example.com", "/"},
      {"example.com/", "/"},
      {"example.com/a", "/a"},
      {"example.com/a/", "/a/"},
      {"example.com/a/b?c=d&e=f#fragment", "/a/b?c=d&e=f"},
      {"a", "/"},
      {"a/", "/"},
      {"/a", "/a"},
      {"a/b", "/b"},
      {"example.com?a", "/?a"},
      {"example.com/a;b#c", "/a;b"},
      {"//a/b/c", "/b/c"},
  };
  for (const auto& c : cases) {
    CHECK_EQ(googlebot::GetPathParamsQuery(c.first), std::string(c.second));
  }
}

std::string Escape(const std::string& src) {
  // As robots_test.cc's TestEscape uses it.
  char* escaped_value = nullptr;
  const bool is_escaped = googlebot::MaybeEscapePattern(src.c_str(), &escaped_value);
  const std::string escaped = escaped_value;
  if (is_escaped) delete[] escaped_value;
  return escaped;
}

void EscapePattern() {
  // robots_test.cc, TestMaybeEscapePattern.
  CHECK_EQ(Escape("http://www.example.com"), "http://www.example.com");
  CHECK_EQ(Escape("/a/b/c"), "/a/b/c");
  CHECK_EQ(Escape("\xC3\xA1"), "%C3%A1");
  CHECK_EQ(Escape("%aa"), "%AA");
  // robots.cc: unchanged input is handed back as is, and reported so.
  const char* src = "/unchanged";
  char* dst = nullptr;
  CHECK(!googlebot::MaybeEscapePattern(src, &dst));
  CHECK(dst == src);
}

}  // namespace

int main() {
  MatcherSystemAndSyntax();
  MatcherLongestMatchAndPatterns();
  MatcherLineTooLong();
  MatcherValidUserAgents();
  MatcherDetailsOfTheLastQuery();
  ParseLineEndings();
  ParseByteOrderMarks();
  ParseSitemaps();
  ParseValuesAndNulls();
  ParseRethrowsHandlerExceptions();
  ParseReportsMetadataToEveryOverride();
  LibraryFailuresAreBadAlloc();
  KeyTypes();
  PathParamsQuery();
  EscapePattern();
  RunReportingTests();
  const check::Totals& t = check::totals();
  std::cout << "cpp_api_test (C++" << __cplusplus / 100 % 100 << "): " << t.passed
            << " passed, " << t.failed << " failed\n";
  return t.failed == 0 ? 0 : 1;
}
