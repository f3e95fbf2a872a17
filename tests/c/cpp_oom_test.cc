// The C++ headers when memory runs out: each case runs in a child process
// whose address space is capped (setrlimit(RLIMIT_AS)) just above what it
// holds, then hands the library a hostile input of 100 MB or more. The call
// must throw std::bad_alloc, as the headers promise; the process goes on,
// and the same object and a fresh one answer as Google's library does.
//
// Run natively: the cap leaves no room for valgrind's or ASan's shadow
// memory. Linux only (/proc/self/statm).
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "reporting_robots.h"
#include "robots.h"
#include "robotstxt/robotstxt.hpp"

namespace {

constexpr std::size_t kMB = 1024 * 1024;

// The longer rule wins: /cart/view allowed, the rest of /cart/ not (line 3).
const char kLongestMatch[] =
    "user-agent: ShopBot\n"
    "allow: /cart/view\n"
    "disallow: /cart/\n";

int failures = 0;

void Check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "FAIL: %s\n", what);
    ++failures;
  }
}

// Caps the address space at what the process maps now plus `headroom`.
void CapAddressSpace(std::size_t headroom) {
  std::ifstream statm("/proc/self/statm");
  std::size_t pages = 0;
  statm >> pages;
  const std::size_t now = pages * static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  rlimit limit;
  limit.rlim_cur = limit.rlim_max = now + headroom;
  if (setrlimit(RLIMIT_AS, &limit) != 0) {
    std::perror("setrlimit");
    std::exit(3);
  }
}

void GooglesLongestMatch(googlebot::RobotsMatcher& matcher, const char* who) {
  std::string what = std::string(who) + ": the longest match after the failure";
  Check(matcher.OneAgentAllowedByRobots(kLongestMatch, "ShopBot", "https://shop.example/cart/view"),
        what.c_str());
  Check(!matcher.OneAgentAllowedByRobots(kLongestMatch, "ShopBot", "https://shop.example/cart/"),
        what.c_str());
  Check(matcher.matching_line() == 3, what.c_str());
}

// A 300 MB URL against 100 MB of line ends: the path does not fit.
void MatcherWithHugeUrl() {
  std::string body(100 * kMB, '\n');
  std::string url = "http://example.com/";
  url.resize(300 * kMB, 'a');
  std::vector<std::string> agents{"ShopBot"};
  googlebot::RobotsMatcher matcher;
  CapAddressSpace(64 * kMB);
  bool threw = false;
  try {
    matcher.AllowedByRobots(body, &agents, url);
  } catch (const std::bad_alloc&) {
    threw = true;
  }
  Check(threw, "RobotsMatcher::AllowedByRobots throws std::bad_alloc");
  GooglesLongestMatch(matcher, "the same matcher");
  googlebot::RobotsMatcher fresh;
  GooglesLongestMatch(fresh, "a fresh matcher");
}

// 100 MB of distinct rules: the parsed form does not fit.
void RobotsParseOfManyRules() {
  std::string body = "user-agent: *\n";
  char line[32];
  for (unsigned i = 0; body.size() < 100 * kMB; ++i) {
    std::snprintf(line, sizeof line, "allow: /%08x\n", i);
    body += line;
  }
  CapAddressSpace(64 * kMB);
  bool threw = false;
  try {
    robotstxt::Robots robots = robotstxt::Robots::parse(body);
    (void)robots;
  } catch (const std::bad_alloc&) {
    threw = true;
  }
  Check(threw, "robotstxt::Robots::parse throws std::bad_alloc");
  const robotstxt::Robots small = robotstxt::Robots::parse(kLongestMatch);
  Check(small.allowed("ShopBot", "https://shop.example/cart/view"), "a fresh Robots allows /cart/view");
  Check(!small.allowed("ShopBot", "https://shop.example/cart/"), "a fresh Robots disallows /cart/");
}

// 200 MB of line ends into the line reporter: one report per line.
void ReporterOfLineEnds() {
  std::string body(200 * kMB, '\n');
  CapAddressSpace(64 * kMB);
  bool threw = false;
  {
    googlebot::RobotsParsingReporter reporter;
    try {
      googlebot::ParseRobotsTxt(body, &reporter);
    } catch (const std::bad_alloc&) {
      threw = true;
    }
  }
  Check(threw, "ParseRobotsTxt into RobotsParsingReporter throws std::bad_alloc");
  googlebot::RobotsParsingReporter fresh;
  googlebot::ParseRobotsTxt(kLongestMatch, &fresh);
  // Three valid directives, last line 4 (the empty line after the final
  // newline, reporting_robots.cc).
  Check(fresh.valid_directives() == 3, "a fresh reporter counts 3 directives");
  Check(fresh.last_line_seen() == 4, "a fresh reporter saw 4 lines");
}

// A 300 MB URL whose path starts with '?' asked of a policy token's group:
// the '/' Google puts in front needs a copy of the path, which does not fit.
// Robots::policy must throw, not take the failure for "no group names the
// token".
void PolicyWithHugeUrl() {
  const robotstxt::Robots robots = robotstxt::Robots::parse(
      "User-agent: __usage_ai-training\nallow: /x/page.html\ndisallow: /x/\n");
  std::string url(300 * kMB, 'q');
  url.replace(0, 19, "http://example.com?");
  CapAddressSpace(64 * kMB);
  bool threw = false;
  try {
    (void)robots.policy("__usage_ai-training", url);
  } catch (const std::bad_alloc&) {
    threw = true;
  }
  Check(threw, "robotstxt::Robots::policy throws std::bad_alloc");
  // ID_LongestMatch's rules, read for the token.
  const std::optional<robotstxt::Answer> page =
      robots.policy("__usage_ai-training", "http://foo.bar/x/page.html");
  Check(page.has_value() && page->allowed && page->matching_line == 2,
        "the same Robots then allows /x/page.html by line 2");
}

int RunChild(void (*test)(), const char* name) {
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    test();
    std::exit(failures == 0 ? 0 : 1);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  const bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  std::printf("%s %s\n", ok ? "ok  " : "FAIL", name);
  if (!ok && WIFSIGNALED(status)) std::printf("     killed by signal %d\n", WTERMSIG(status));
  return ok ? 0 : 1;
}

}  // namespace

int main() {
  int failed = 0;
  failed += RunChild(MatcherWithHugeUrl, "RobotsMatcher with a 300 MB URL under a cap");
  failed += RunChild(RobotsParseOfManyRules, "Robots::parse of 100 MB of rules under a cap");
  failed += RunChild(ReporterOfLineEnds, "RobotsParsingReporter on 200 MB of line ends under a cap");
  failed += RunChild(PolicyWithHugeUrl, "Robots::policy with a 300 MB URL under a cap");
  std::printf("%d passed, %d failed\n", 4 - failed, failed);
  return failed == 0 ? 0 : 1;
}
