// The shared cases of spec/cases/ (Google's robots_test.cc and
// reporting_robots_test.cc among them), answered by the drop-in headers
// robots.h and reporting_robots.h (namespace googlebot), which call the Rust
// library through its C ABI.
//
// Written against Google's API only, as a program written for Google's
// library is: it builds unchanged against Google's own robots.h, and then
// checks that the cases' expected values are Google's answers.
#include "robots.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "reporting_robots.h"
#include "spec/runner.h"

// Google's test declares these again; they are not in Google's header.
namespace googlebot {
std::string GetPathParamsQuery(const std::string& url);
bool MaybeEscapePattern(const char* src, char** dst);
}  // namespace googlebot

namespace {

using googlebot::RobotsParsedLine;

// Records every callback, as a user's RobotsParseHandler subclass would.
class Recorder : public googlebot::RobotsParseHandler {
 public:
  std::vector<spec::Event> events;

  void HandleRobotsStart() override {}
  void HandleRobotsEnd() override {}
  void HandleUserAgent(int line_num, absl::string_view value) override {
    Add(line_num, "user-agent", value);
  }
  void HandleAllow(int line_num, absl::string_view value) override {
    Add(line_num, "allow", value);
  }
  void HandleDisallow(int line_num, absl::string_view value) override {
    Add(line_num, "disallow", value);
  }
  void HandleSitemap(int line_num, absl::string_view value) override {
    Add(line_num, "sitemap", value);
  }
  void HandleUnknownAction(int line_num, absl::string_view action,
                           absl::string_view value) override {
    Add(line_num, "unknown", value);
    events.back().key.assign(action.data(), action.size());
  }

 private:
  void Add(int line_num, const char* kind, absl::string_view value) {
    spec::Event e;
    e.line = line_num;
    e.kind = kind;
    e.value.assign(value.data(), value.size());
    events.push_back(e);
  }
};

const char* TagName(RobotsParsedLine::RobotsTagName tag) {
  switch (tag) {
    case RobotsParsedLine::kUnknown:
      return "unknown";
    case RobotsParsedLine::kUserAgent:
      return "user-agent";
    case RobotsParsedLine::kAllow:
      return "allow";
    case RobotsParsedLine::kDisallow:
      return "disallow";
    case RobotsParsedLine::kSitemap:
      return "sitemap";
    case RobotsParsedLine::kUnused:
      return "unused";
  }
  return "(not a tag)";
}

class GooglebotApi : public spec::Api {
 public:
  spec::Answer Allowed(const std::string& robots, const std::string& agent,
                       const std::string& url) override {
    googlebot::RobotsMatcher matcher;
    spec::Answer answer;
    answer.allowed = matcher.OneAgentAllowedByRobots(robots, agent, url);
    answer.matching_line = matcher.matching_line();
    answer.ever_seen_specific_agent = matcher.ever_seen_specific_agent();
    return answer;
  }

  bool IsValidUserAgentToObey(const std::string* agent) override {
    return googlebot::RobotsMatcher::IsValidUserAgentToObey(
        agent == nullptr ? absl::string_view() : absl::string_view(*agent));
  }

  std::vector<spec::Event> Parse(const std::string& robots) override {
    Recorder recorder;
    googlebot::ParseRobotsTxt(robots, &recorder);
    return recorder.events;
  }

  spec::Report ParseReport(const std::string& robots) override {
    googlebot::RobotsParsingReporter reporter;
    googlebot::ParseRobotsTxt(robots, &reporter);
    spec::Report report;
    report.valid_directives = reporter.valid_directives();
    report.last_line_seen = reporter.last_line_seen();
    for (const RobotsParsedLine& line : reporter.parse_results()) {
      const googlebot::RobotsParseHandler::LineMetadata& m = line.metadata;
      spec::ReportedLine out;
      out.line_num = line.line_num;
      out.tag = TagName(line.tag_name);
      out.is_typo = line.is_typo;
      out.flags = spec::Flags(m.is_empty, m.has_comment, m.is_comment, m.has_directive,
                              m.is_acceptable_typo, m.is_line_too_long,
                              m.is_missing_colon_separator);
      report.lines.push_back(out);
    }
    return report;
  }

  std::string PathParamsQuery(const std::string& url) override {
    return googlebot::GetPathParamsQuery(url);
  }

  // Google's contract: *dst is a new[] buffer only when the result is true,
  // and the source itself otherwise.
  std::string EscapePattern(const std::string& pattern) override {
    char* escaped = nullptr;
    const bool allocated = googlebot::MaybeEscapePattern(pattern.c_str(), &escaped);
    if (escaped == nullptr) {
      ADD_FAILURE() << "no result";
      return std::string();
    }
    const std::string result(escaped);
    if (allocated) {
      delete[] escaped;
    } else {
      EXPECT_EQ(pattern.c_str(), escaped) << "not allocated, so the source itself";
    }
    return result;
  }
};

}  // namespace

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  static GooglebotApi api;
  spec::RegisterCases(ROBOTSTXT_SPEC_CASES_DIR, &api);
  const int result = RUN_ALL_TESTS();
  // Not when listing: the list is parsed by gtest_discover_tests.
  if (!testing::GTEST_FLAG(list_tests)) {
    std::printf("%s through the googlebot:: headers\n", spec::Summary().c_str());
  }
  return result;
}
