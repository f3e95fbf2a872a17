// A RobotsMatcher subclass whose handler throws, as Google's API lets it
// (the handlers are virtual, and the header runs a subclass's queries
// through them): once the exception has left AllowedByRobots() or
// OneAgentAllowedByRobots(), the protected path_ and user_agents_ must not
// point at the query's destroyed locals (the path string, the one-agent
// vector) or at the caller's objects that the unwinding destroyed.
//
// scripts/test-c.sh builds this with -fsanitize=address,undefined and runs
// it with detect_stack_use_after_return=1: the subclass then reads through
// both pointers, as its handlers do, and any read of a destroyed object
// (heap-use-after-free, stack-use-after-return or -scope) is reported. The
// pointers are also checked for NULL directly. Built as C++11
// (the oldest standard robots.h supports) and C++17.
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "check.h"
#include "robots.h"

namespace {

// Google's robots_test.cc, ID_LongestMatch.
const char kLongestMatch[] =
    "user-agent: FooBot\n"
    "allow: /x/page.html\n"
    "disallow: /x/\n";

// The '*' group's rule throws; the state left behind says a group applies,
// so the replayed allow below matches against path_.
const char kThrowsOnDisallow[] =
    "user-agent: *\n"
    "disallow: /x\n";

class ThrowingMatcher : public googlebot::RobotsMatcher {
 public:
  bool throw_on_disallow = true;

  const char* path() const { return path_; }
  const std::vector<std::string>* agents() const { return user_agents_; }

  // What a subclass may do between queries: call its handlers, which read
  // *path_ (through the match strategy) and *user_agents_.
  void ReplayDirectives() {
    HandleAllow(2, "/");
    HandleUserAgent(3, "FooBot");
  }

 protected:
  void HandleDisallow(int line_num, absl::string_view value) override {
    if (throw_on_disallow) throw std::runtime_error("handler failed");
    RobotsMatcher::HandleDisallow(line_num, value);
  }
};

// The exception reaches the caller, and both pointers are NULL afterwards.
void CheckUnwound(ThrowingMatcher& matcher, bool threw, const char* what) {
  CHECK(threw);
  if (matcher.path() != nullptr || matcher.agents() != nullptr) {
    std::cerr << "after " << what << ": path_ or user_agents_ still set\n";
  }
  CHECK(matcher.path() == nullptr);
  CHECK(matcher.agents() == nullptr);
  matcher.ReplayDirectives();
}

void OneAgentQueryUnwinds() {
  ThrowingMatcher matcher;
  bool threw = false;
  // The query's own locals: the path string and the one-agent vector.
  try {
    matcher.OneAgentAllowedByRobots(kThrowsOnDisallow, "FooBot",
                                    "http://foo.bar/x/y");
  } catch (const std::runtime_error&) {
    threw = true;
  }
  CheckUnwound(matcher, threw, "OneAgentAllowedByRobots");
}

void AgentListQueryUnwinds() {
  ThrowingMatcher matcher;
  bool threw = false;
  const std::string url = "http://foo.bar/x/" + std::string(200, 'a');
  try {
    // The caller's agent list dies with the unwinding too.
    std::vector<std::string> agents;
    agents.push_back("FooBot");
    agents.push_back("BarBot");
    matcher.AllowedByRobots(kThrowsOnDisallow, &agents, url);
  } catch (const std::runtime_error&) {
    threw = true;
  }
  CheckUnwound(matcher, threw, "AllowedByRobots");
}

void UsableAfterTheException() {
  ThrowingMatcher matcher;
  bool threw = false;
  try {
    matcher.OneAgentAllowedByRobots(kThrowsOnDisallow, "FooBot",
                                    "http://foo.bar/x");
  } catch (const std::runtime_error&) {
    threw = true;
  }
  CHECK(threw);
  matcher.throw_on_disallow = false;
  // Google's answers for ID_LongestMatch.
  CHECK(matcher.OneAgentAllowedByRobots(kLongestMatch, "FooBot",
                                        "http://foo.bar/x/page.html"));
  CHECK(!matcher.OneAgentAllowedByRobots(kLongestMatch, "FooBot",
                                         "http://foo.bar/x/other"));
  CHECK_EQ(matcher.matching_line(), 3);
  // As after every query that returns (a difference from Google's header,
  // whose path_ points at a destroyed string).
  CHECK(matcher.path() == nullptr);
  CHECK(matcher.agents() == nullptr);
}

}  // namespace

int main() {
  OneAgentQueryUnwinds();
  AgentListQueryUnwinds();
  UsableAfterTheException();
  const check::Totals& t = check::totals();
  std::cout << "cpp_unwind_test (C++" << __cplusplus / 100 % 100
            << "): " << t.passed << " passed, " << t.failed << " failed\n";
  return t.failed == 0 ? 0 : 1;
}
