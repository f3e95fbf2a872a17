// Google's robots_test.cc cases, answered by the drop-in C++ header robots.h
// (namespace googlebot), which calls the Rust library through its C ABI.
//
// Spelled as Google's robots_test.cc is: absl::string_view in handler
// signatures, and GetPathParamsQuery() / MaybeEscapePattern() declared again
// here, as Google's test declares them (robots.h declares them too).
#include "robots.h"

#include <string>

#include "compat.h"

namespace googlebot {
std::string GetPathParamsQuery(const std::string& url);
bool MaybeEscapePattern(const char* src, char** dst);
}  // namespace googlebot

namespace {

bool IsUserAgentAllowed(absl::string_view robotstxt,
                        const std::string& user_agent, const std::string& url) {
  googlebot::RobotsMatcher matcher;
  return matcher.OneAgentAllowedByRobots(robotstxt, user_agent, url);
}

bool IsValidUserAgentToObey(absl::string_view user_agent) {
  return googlebot::RobotsMatcher::IsValidUserAgentToObey(user_agent);
}

// A RobotsParseHandler subclass, as a user of robots.h would write one.
class StatsHandler : public googlebot::RobotsParseHandler {
 public:
  explicit StatsHandler(compat::StatsCounter* stats) : stats_(stats) {}

  void HandleRobotsStart() override { stats_->OnStart(); }
  void HandleRobotsEnd() override {}
  void HandleUserAgent(int line_num, absl::string_view) override {
    stats_->OnDirective(line_num);
  }
  void HandleAllow(int line_num, absl::string_view) override {
    stats_->OnDirective(line_num);
  }
  void HandleDisallow(int line_num, absl::string_view) override {
    stats_->OnDirective(line_num);
  }
  void HandleSitemap(int line_num, absl::string_view value) override {
    stats_->OnSitemap(line_num, value);
  }
  void HandleUnknownAction(int line_num, absl::string_view,
                           absl::string_view) override {
    stats_->OnUnknown(line_num);
  }

 private:
  compat::StatsCounter* stats_;
};

void ParseWithStats(absl::string_view body, compat::StatsCounter* stats) {
  StatsHandler handler(stats);
  googlebot::ParseRobotsTxt(body, &handler);
}

std::string PathParamsQuery(const std::string& url) {
  return googlebot::GetPathParamsQuery(url);
}

// Google's contract: *dst is a new[] buffer only when the result is true,
// and the source itself otherwise.
std::string EscapedPattern(const std::string& pattern) {
  char* escaped = nullptr;
  const bool allocated = googlebot::MaybeEscapePattern(pattern.c_str(), &escaped);
  if (escaped == nullptr) {
    ADD_FAILURE() << "no result for " << pattern;
    return std::string();
  }
  std::string result(escaped);
  if (allocated) {
    delete[] escaped;
  } else {
    EXPECT_EQ(pattern.c_str(), escaped);
  }
  return result;
}

#define COMPAT_SUITE RobotsUnittest
#include "cases/robots_test_cases.inc"
#undef COMPAT_SUITE

}  // namespace
