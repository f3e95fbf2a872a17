// A program written for Google's robots.h, built by scripts/test-c.sh in
// every way a user may build the drop-in header: C++11, 14, 17 and 20, with
// abseil's absl::string_view and with the header's own, and with and without
// -fno-exceptions -fno-rtti (where every RobotsMatcher runs Google's
// handlers in the header).
//
// The standard headers come first, then a C library's worth of macros named
// like common words, then the drop-in headers: nothing in them may be renamed
// by such macros. The expected values are those of Google's library (this
// file compiles unchanged against Google's robots.h and gives them there).
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>
#include <typeinfo>
#include <vector>
#if __cplusplus >= 201703L
#include <string_view>
#endif
#if defined(ROBOTSTXT_USE_ABSL_STRING_VIEW) && ROBOTSTXT_USE_ABSL_STRING_VIEW
#include <absl/strings/string_view.h>  // With its own standard headers.
#endif

// (Left out when this file is built against Google's own headers, whose
// abseil includes bring further standard headers after this point.)
#ifndef ROBOTSTXT_TEST_WITHOUT_MACROS
#define bad_alloc robotstxt_test_renamed_bad_alloc
#define invalid_argument robotstxt_test_renamed_invalid_argument
#define runtime_error robotstxt_test_renamed_runtime_error
#define Check(x) robotstxt_test_renamed_check(x)
#define check(x) robotstxt_test_renamed_check(x)
#define Dispatch robotstxt_test_renamed_dispatch
#define status robotstxt_test_renamed_status
#define context robotstxt_test_renamed_context
#define error robotstxt_test_renamed_error
#define handler robotstxt_test_renamed_handler
#define call robotstxt_test_renamed_call
#define h robotstxt_test_renamed_h
#define m robotstxt_test_renamed_m
#endif

#include "reporting_robots.h"
#include "robots.h"

namespace {

int failures = 0;

void Expect(bool ok, const char* what) {
  if (!ok) {
    std::printf("FAIL %s\n", what);
    ++failures;
  }
}

std::string Str(absl::string_view v) { return std::string(v.data(), v.size()); }

// Collects sitemaps while matching and the crawl-delay of the groups that
// apply, through Google's protected API.
class CrawlerMatcher : public googlebot::RobotsMatcher {
 public:
  std::vector<std::string> sitemaps;
  std::string crawl_delay;

 protected:
  void HandleSitemap(int line_num, absl::string_view value) override {
    sitemaps.push_back(Str(value));
    RobotsMatcher::HandleSitemap(line_num, value);
  }
  void HandleUnknownAction(int line_num, absl::string_view action,
                           absl::string_view value) override {
    if (Str(action) == "crawl-delay" && seen_any_agent()) {
      crawl_delay = Str(value);
    }
    RobotsMatcher::HandleUnknownAction(line_num, action, value);
  }
};

// Drives the parse itself: InitUserAgentsAndPath + ParseRobotsTxt(this).
class DrivingMatcher : public googlebot::RobotsMatcher {
 public:
  bool Allowed(absl::string_view body, const std::vector<std::string>& agents,
               const char* path) {
    InitUserAgentsAndPath(&agents, path);
    googlebot::ParseRobotsTxt(body, this);
    return !disallow();
  }
  int allow_specific_priority() const { return allow_.specific.priority(); }
  int disallow_global_line() const { return disallow_.global.line(); }
  bool separator() const { return seen_separator_; }
  static std::string Extract(const char* agent) {
    return Str(ExtractUserAgent(agent));
  }
};

// Reads the protected state of any RobotsMatcher, a plain one included
// (a pointer to a protected member, formed through a derived class, applies
// to a base object), so the library's fast path is held to Google's state.
class StateOf : public googlebot::RobotsMatcher {
 public:
  static std::string Read(const googlebot::RobotsMatcher& matcher) {
    const MatchHierarchy googlebot::RobotsMatcher::*allow = &StateOf::allow_;
    const MatchHierarchy googlebot::RobotsMatcher::*disallow =
        &StateOf::disallow_;
    const bool googlebot::RobotsMatcher::*flags[] = {
        &StateOf::seen_global_agent_, &StateOf::seen_specific_agent_,
        &StateOf::ever_seen_specific_agent_, &StateOf::seen_separator_};
    const Match* matches[] = {
        &(matcher.*allow).global, &(matcher.*allow).specific,
        &(matcher.*disallow).global, &(matcher.*disallow).specific};
    std::string out;
    for (const Match* match : matches) {
      out += std::to_string(match->priority()) + ":" +
             std::to_string(match->line()) + " ";
    }
    for (const bool googlebot::RobotsMatcher::*flag : flags) {
      out += matcher.*flag ? "1" : "0";
    }
    return out;
  }
};

const char kBody[] =
    "sitemap: https://example.com/a.xml\n"
    "user-agent: *\n"
    "crawl-delay: 5\n"
    "disallow: /private\n"
    "\n"
    "user-agent: FooBot\n"
    "crawl-delay: 2\n"
    "allow: /private/open\n"
    "disallow: /tmp\n"
    "sitemap: https://example.com/b.xml\n";

}  // namespace

int main() {
  const std::vector<std::string> foo(1, "FooBot");
  const std::vector<std::string> bar(1, "BarBot");

  CrawlerMatcher crawler;
  Expect(crawler.AllowedByRobots(kBody, &foo, "https://example.com/private/open/x"),
         "FooBot: the longer allow wins");
  Expect(crawler.matching_line() == 8, "FooBot: matching line 8");
  Expect(crawler.sitemaps.size() == 2 &&
             crawler.sitemaps[0] == "https://example.com/a.xml" &&
             crawler.sitemaps[1] == "https://example.com/b.xml",
         "sitemaps collected while matching");
  Expect(crawler.crawl_delay == "2", "FooBot's crawl-delay is its group's");

  CrawlerMatcher other;
  Expect(!other.AllowedByRobots(kBody, &bar, "https://example.com/private/x"),
         "BarBot: the global group disallows");
  Expect(other.matching_line() == 4 && !other.ever_seen_specific_agent(),
         "BarBot: line 4, no group of its own");
  Expect(other.crawl_delay == "5", "BarBot's crawl-delay is the global one");

  DrivingMatcher driving;
  Expect(!driving.Allowed(kBody, foo, "/tmp/file"), "driven parse: /tmp");
  Expect(driving.matching_line() == 9 && driving.separator(),
         "driven parse: line 9, after a rule");
  Expect(driving.allow_specific_priority() == -1, "no allow matched /tmp");
  Expect(!driving.Allowed(kBody, bar, "/private/open"),
         "driven parse: BarBot under the global disallow");
  Expect(driving.disallow_global_line() == 4, "global disallow on line 4");
  Expect(DrivingMatcher::Extract("Googlebot/2.1") == "Googlebot",
         "ExtractUserAgent stops at '/'");

  googlebot::RobotsMatcher plain;
  Expect(plain.OneAgentAllowedByRobots(kBody, "FooBot",
                                       "https://example.com/private/open"),
         "plain matcher: FooBot allowed");
  Expect(!googlebot::RobotsMatcher::IsValidUserAgentToObey("Foo Bot"),
         "a space is not valid in an agent");

  // Google's state after these queries: allow_ and disallow_ as
  // priority:line for global, specific (allow, then disallow), then
  // seen_global_agent_, seen_specific_agent_, ever_seen_specific_agent_,
  // seen_separator_.
  Expect(StateOf::Read(plain) == "-1:0 13:8 8:4 -1:0 0111",
         "plain matcher: Google's protected state");
  Expect(StateOf::Read(crawler) == "-1:0 13:8 8:4 -1:0 0111",
         "subclass: Google's protected state");
  googlebot::RobotsMatcher plain_bar;
  Expect(!plain_bar.OneAgentAllowedByRobots(kBody, "BarBot",
                                            "https://example.com/private/x"),
         "plain matcher: BarBot disallowed");
  Expect(StateOf::Read(plain_bar) == "-1:0 -1:0 8:4 -1:0 0000",
         "plain matcher: Google's state for BarBot");

#if !ROBOTSTXT_USE_ABSL_STRING_VIEW
  // The absl::string_view robots.h declares (std::string_view's read-only
  // interface; a class of its own before C++17). abseil's own is not
  // exercised here: its searches are compiled into libabsl_strings.
  const absl::string_view view("user-agent: FooBot/2.1");
  Expect(view.size() == 22 && !view.empty() && view[0] == 'u' &&
             view.front() == 'u' && view.back() == '1',
         "string_view: size and access");
  Expect(view.find(':') == 10 && view.find("Bot") == 15 &&
             view.rfind('o') == 16 && view.rfind("o") == 16 &&
             view.find('#') == absl::string_view::npos,
         "string_view: find");
  Expect(view.find_first_of("/:") == 10 && view.find_last_of("/:") == 18 &&
             view.find_first_not_of("user-") == 5 &&
             view.find_last_not_of("0123456789.") == 18,
         "string_view: find_*_of");
  Expect(view.substr(12, 6) == "FooBot" && view.substr(19) == "2.1" &&
             !(view.substr(12, 6) < view.substr(19)) &&
             absl::string_view("a") < absl::string_view("b") &&
             view.compare(view) == 0,
         "string_view: substr and comparison");
  Expect(std::string(view.substr(0, 4)) == "user" &&
             std::string(view.begin(), view.end()) == Str(view),
         "string_view: to std::string");
  absl::string_view trimmed = view;
  trimmed.remove_prefix(12);
  trimmed.remove_suffix(4);
  Expect(trimmed == "FooBot" && absl::string_view() == "" &&
             absl::string_view().empty(),
         "string_view: remove_prefix/suffix, empty views");
#endif

  googlebot::RobotsParsingReporter reporter;
  googlebot::ParseRobotsTxt(kBody, &reporter);
  Expect(reporter.valid_directives() == 7 && reporter.unused_directives() == 2,
         "reporter counts");

  if (failures != 0) return 1;
  std::printf("drop-in build OK\n");
  return 0;
}
