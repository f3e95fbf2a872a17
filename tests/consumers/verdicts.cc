// A downstream C++ program: uses the drop-in googlebot API of robots.h from
// the installed package and checks a few verdicts of Google's test suite
// (robots_test.cc). Exits 1 on any mismatch.
#include <robots.h>

#include <cstdio>
#include <string>

namespace {

struct Verdict {
  const char* google_test;
  // absl::string_view in the API: whatever robots.h makes of it takes this.
  const char* robots_txt;
  std::string user_agent;
  std::string url;
  bool allowed;
};

constexpr char kLongestMatch[] =
    "user-agent: FooBot\n"
    "allow: /x/page.html\n"
    "disallow: /x/\n";
constexpr char kIndexHtml[] =
    "User-Agent: *\n"
    "Allow: /allowed-slash/index.html\n"
    "Disallow: /\n";
constexpr char kMissingColon[] =
    "user-agent FooBot\n"
    "disallow /\n";

}  // namespace

int main() {
  const Verdict verdicts[] = {
      {"ID_LongestMatch", kLongestMatch, "FooBot", "http://foo.bar/x/page.html", true},
      {"ID_LongestMatch", kLongestMatch, "FooBot", "http://foo.bar/x/", false},
      {"GoogleOnly_IndexHTMLisDirectory", kIndexHtml, "foobot",
       "http://foo.com/allowed-slash/", true},
      {"GoogleOnly_IndexHTMLisDirectory", kIndexHtml, "foobot",
       "http://foo.com/anyother-url", false},
      {"ID_LineSyntax_Line", kMissingColon, "FooBot", "http://foo.bar/x/y", false},
  };
  int failures = 0;
  googlebot::RobotsMatcher matcher;
  for (const Verdict& v : verdicts) {
    const bool allowed = matcher.OneAgentAllowedByRobots(v.robots_txt, v.user_agent, v.url);
    if (allowed != v.allowed) {
      std::fprintf(stderr, "MISMATCH %s: %s for %s: got %s, Google says %s\n", v.google_test,
                   v.url.c_str(), v.user_agent.c_str(), allowed ? "allowed" : "disallowed",
                   v.allowed ? "allowed" : "disallowed");
      ++failures;
    }
  }
  // A static member, as in Google's header.
  if (!googlebot::RobotsMatcher::IsValidUserAgentToObey("Foobot-Bar") ||
      googlebot::RobotsMatcher::IsValidUserAgentToObey("Foobot/2.1")) {
    std::fprintf(stderr, "MISMATCH ID_VerifyValidUserAgentsToObey\n");
    ++failures;
  }
  if (failures != 0) return 1;
  std::printf("robotstxt C++ API: %zu verdicts match Google's\n",
              sizeof verdicts / sizeof verdicts[0] + 2);
  return 0;
}
