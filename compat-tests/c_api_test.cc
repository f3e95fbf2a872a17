// The shared cases of spec/cases/ (Google's robots_test.cc and
// reporting_robots_test.cc among them), answered by the plain C API
// (robotstxt.h) rather than the C++ headers, so the C contract is held to
// the same expectations. This file is the C-specific part: how each
// question is asked; the cases and their checks are in spec/runner.cc.
#include "robotstxt.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "spec/runner.h"

namespace {

struct MatcherFree {
  void operator()(robotstxt_matcher* matcher) const {
    robotstxt_matcher_free(matcher);
  }
};
struct ReporterFree {
  void operator()(robotstxt_reporter* reporter) const {
    robotstxt_reporter_free(reporter);
  }
};
struct BufferFree {
  void operator()(char* buffer) const { robotstxt_buffer_free(buffer); }
};

std::vector<spec::Event>* Events(void* user_data) {
  return static_cast<std::vector<spec::Event>*>(user_data);
}
void Add(void* user_data, uint32_t line_num, const char* kind, const char* value,
         size_t value_len) {
  spec::Event e;
  e.line = static_cast<int>(line_num);
  e.kind = kind;
  e.value.assign(value, value_len);
  Events(user_data)->push_back(e);
}
void OnUserAgent(void* u, uint32_t line, const char* v, size_t n) {
  Add(u, line, "user-agent", v, n);
}
void OnAllow(void* u, uint32_t line, const char* v, size_t n) { Add(u, line, "allow", v, n); }
void OnDisallow(void* u, uint32_t line, const char* v, size_t n) {
  Add(u, line, "disallow", v, n);
}
void OnSitemap(void* u, uint32_t line, const char* v, size_t n) {
  Add(u, line, "sitemap", v, n);
}
void OnUnknown(void* u, uint32_t line, const char* k, size_t kn, const char* v, size_t vn) {
  Add(u, line, "unknown", v, vn);
  Events(u)->back().key.assign(k, kn);
}

const char* TagName(robotstxt_tag_name tag) {
  switch (tag) {
    case ROBOTSTXT_TAG_NAME_UNKNOWN:
      return "unknown";
    case ROBOTSTXT_TAG_NAME_USER_AGENT:
      return "user-agent";
    case ROBOTSTXT_TAG_NAME_ALLOW:
      return "allow";
    case ROBOTSTXT_TAG_NAME_DISALLOW:
      return "disallow";
    case ROBOTSTXT_TAG_NAME_SITEMAP:
      return "sitemap";
    case ROBOTSTXT_TAG_NAME_UNUSED:
      return "unused";
  }
  return "(not a tag)";
}

class CApi : public spec::Api {
 public:
  spec::Answer Allowed(const std::string& robots, const std::string& agent,
                       const std::string& url) override {
    const std::unique_ptr<robotstxt_matcher, MatcherFree> matcher(robotstxt_matcher_new());
    EXPECT_NE(nullptr, matcher);
    spec::Answer answer;
    answer.allowed = false;
    EXPECT_EQ(ROBOTSTXT_STATUS_OK,
              robotstxt_matcher_one_agent_allowed_by_robots(
                  matcher.get(), robots.data(), robots.size(), agent.data(), agent.size(),
                  url.data(), url.size(), &answer.allowed));
    answer.matching_line = static_cast<int>(robotstxt_matcher_matching_line(matcher.get()));
    answer.ever_seen_specific_agent = robotstxt_matcher_ever_seen_specific_agent(matcher.get());
    return answer;
  }

  bool IsValidUserAgentToObey(const std::string* agent) override {
    if (agent == nullptr) return robotstxt_is_valid_user_agent_to_obey(nullptr, 0);
    return robotstxt_is_valid_user_agent_to_obey(agent->data(), agent->size());
  }

  std::vector<spec::Event> Parse(const std::string& robots) override {
    std::vector<spec::Event> events;
    robotstxt_parse_callbacks callbacks = {};
    callbacks.user_data = &events;
    callbacks.handle_user_agent = OnUserAgent;
    callbacks.handle_allow = OnAllow;
    callbacks.handle_disallow = OnDisallow;
    callbacks.handle_sitemap = OnSitemap;
    callbacks.handle_unknown_action = OnUnknown;
    EXPECT_EQ(ROBOTSTXT_STATUS_OK, robotstxt_parse(robots.data(), robots.size(), &callbacks));
    return events;
  }

  spec::Report ParseReport(const std::string& robots) override {
    const std::unique_ptr<robotstxt_reporter, ReporterFree> reporter(robotstxt_reporter_new());
    EXPECT_NE(nullptr, reporter);
    EXPECT_EQ(ROBOTSTXT_STATUS_OK,
              robotstxt_reporter_parse(reporter.get(), robots.data(), robots.size()));
    spec::Report report;
    report.valid_directives =
        static_cast<int>(robotstxt_reporter_valid_directives(reporter.get()));
    report.last_line_seen = static_cast<int>(robotstxt_reporter_last_line_seen(reporter.get()));
    const size_t count = robotstxt_reporter_line_count(reporter.get());
    std::vector<robotstxt_parsed_line> lines(count);
    size_t written = 0;
    EXPECT_EQ(ROBOTSTXT_STATUS_OK,
              robotstxt_reporter_lines(reporter.get(), lines.data(), lines.size(), &written));
    EXPECT_EQ(count, written);
    for (size_t i = 0; i < written; ++i) {
      const robotstxt_line_metadata& m = lines[i].metadata;
      spec::ReportedLine out;
      out.line_num = static_cast<int>(lines[i].line_num);
      out.tag = TagName(lines[i].tag_name);
      out.is_typo = lines[i].is_typo;
      out.flags = spec::Flags(m.is_empty, m.has_comment, m.is_comment, m.has_directive,
                              m.is_acceptable_typo, m.is_line_too_long,
                              m.is_missing_colon_separator);
      report.lines.push_back(out);
    }
    return report;
  }

  // Through the caller-buffer interface: ask for the length, then fill.
  std::string PathParamsQuery(const std::string& url) override {
    size_t len = 0;
    EXPECT_EQ(ROBOTSTXT_STATUS_BUFFER_TOO_SMALL,
              robotstxt_get_path_params_query(url.data(), url.size(), nullptr, 0, &len));
    std::vector<char> buffer(len + 1, '\x7f');
    size_t written = 0;
    EXPECT_EQ(ROBOTSTXT_STATUS_OK,
              robotstxt_get_path_params_query(url.data(), url.size(), buffer.data(),
                                              buffer.size(), &written));
    EXPECT_EQ(len, written);
    EXPECT_EQ('\0', buffer[written]);
    return std::string(buffer.data(), written);
  }

  // Through the library-allocated interface.
  std::string EscapePattern(const std::string& pattern) override {
    char* out = nullptr;
    size_t len = 0;
    bool escaped = false;
    EXPECT_EQ(ROBOTSTXT_STATUS_OK,
              robotstxt_maybe_escape_pattern_alloc(pattern.data(), pattern.size(), &out, &len,
                                                   &escaped));
    const std::unique_ptr<char, BufferFree> owned(out);
    if (out == nullptr) return std::string();
    const std::string result(out, len);
    // The flag says whether anything changed.
    EXPECT_EQ(result != pattern, escaped) << "the escaped flag";
    return result;
  }
};

}  // namespace

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  static CApi api;
  spec::RegisterCases(ROBOTSTXT_SPEC_CASES_DIR, &api);
  const int result = RUN_ALL_TESTS();
  // Not when listing: the list is parsed by gtest_discover_tests.
  if (!testing::GTEST_FLAG(list_tests)) {
    std::printf("%s through the C API\n", spec::Summary().c_str());
  }
  return result;
}
