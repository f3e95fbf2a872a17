// The googlebot:: drop-in headers, exercised as a program written for
// Google's library uses them: what compat-tests/ (every shared case of
// spec/cases/ through these headers) does not ask. Expected answers are what
// Google's robots.cc does. This translation
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

void MatcherReusedAcrossBodies() {
  // The verdicts of Google's matcher on every case of spec/cases/ are checked
  // through these headers by compat-tests/. Here: one matcher asked about
  // several bodies and agents in turn answers each as a fresh one does (the
  // header keeps the last parse for a body that comes again).
  const char* groups =
      "user-agent: ShopBot\ndisallow: /cart/\nallow: /cart/view\n\n"
      "user-agent: *\ndisallow: /admin/\n";
  const char* anchored = "user-agent: *\ndisallow: /*.pdf$\nallow: /docs/\n";
  const Case cases[] = {
      {groups, "ShopBot", "https://shop.example/cart/add", false},
      {groups, "ShopBot", "https://shop.example/cart/view?id=3", true},
      {groups, "ShopBot", "https://shop.example/admin/", true},
      {anchored, "ShopBot", "https://shop.example/docs/a.pdf", false},
      {groups, "OtherBot", "https://shop.example/admin/users", false},
      {groups, "OtherBot", "https://shop.example/cart/add", true},
      {anchored, "OtherBot", "https://shop.example/docs/a.pdf?x", true},
      {"", "OtherBot", "https://shop.example/admin/", true},
  };
  RobotsMatcher reused;
  for (const Case& c : cases) {
    const std::vector<std::string> agents{c.agent};
    const bool again = reused.AllowedByRobots(c.robotstxt, &agents, c.url);
    check::Record(IsUserAgentAllowed(c.robotstxt, c.agent, c.url) == c.allowed && again == c.allowed,
                  std::string(c.agent) + " " + c.url +
                      (c.allowed ? " should be allowed" : " should be disallowed"),
                  __FILE__, __LINE__);
  }
}

constexpr const char* kFooDisallowAll = "user-agent: FooBot\ndisallow: /\n";

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

std::string Escape(const std::string& src) {
  // As robots_test.cc's TestEscape uses it.
  char* escaped_value = nullptr;
  const bool is_escaped = googlebot::MaybeEscapePattern(src.c_str(), &escaped_value);
  const std::string escaped = escaped_value;
  if (is_escaped) delete[] escaped_value;
  return escaped;
}

void EscapePattern() {
  // Google's contract (the values are checked by compat-tests/): a new[]
  // buffer when something changed, which the caller deletes...
  CHECK_EQ(Escape("/caf\xC3\xA9/%7e"), "/caf%C3%A9/%7E");
  // ...and the input handed back as is, and reported so, when nothing did.
  const char* src = "/unchanged";
  char* dst = nullptr;
  CHECK(!googlebot::MaybeEscapePattern(src, &dst));
  CHECK(dst == src);
}

}  // namespace

int main() {
  MatcherReusedAcrossBodies();
  MatcherDetailsOfTheLastQuery();
  ParseValuesAndNulls();
  ParseRethrowsHandlerExceptions();
  ParseReportsMetadataToEveryOverride();
  LibraryFailuresAreBadAlloc();
  KeyTypes();
  EscapePattern();
  RunReportingTests();
  const check::Totals& t = check::totals();
  std::cout << "cpp_api_test (C++" << __cplusplus / 100 % 100 << "): " << t.passed
            << " passed, " << t.failed << " failed\n";
  return t.failed == 0 ? 0 : 1;
}
