// Google's robots_test.cc and reporting_robots_test.cc cases, answered by the
// plain C API (robotstxt.h) rather than the C++ header, so the C contract is
// held to the same expectations. The helpers below are the only C-specific
// part; the cases are in cases/*.inc.
#include "robotstxt.h"

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "compat.h"

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

bool IsUserAgentAllowed(absl::string_view robotstxt,
                        const std::string& user_agent, const std::string& url) {
  const std::unique_ptr<robotstxt_matcher, MatcherFree> matcher(
      robotstxt_matcher_new());
  EXPECT_NE(nullptr, matcher);
  bool allowed = false;
  EXPECT_EQ(ROBOTSTXT_STATUS_OK,
            robotstxt_matcher_one_agent_allowed_by_robots(
                matcher.get(), robotstxt.data(), robotstxt.size(),
                user_agent.data(), user_agent.size(), url.data(), url.size(),
                &allowed));
  return allowed;
}

bool IsValidUserAgentToObey(absl::string_view user_agent) {
  return robotstxt_is_valid_user_agent_to_obey(user_agent.data(),
                                               user_agent.size());
}

// The C callbacks feed the same counter the C++ driver's handler feeds.
compat::StatsCounter* Counter(void* user_data) {
  return static_cast<compat::StatsCounter*>(user_data);
}
void OnStart(void* user_data) { Counter(user_data)->OnStart(); }
void OnDirective(void* user_data, uint32_t line_num, const char*, size_t) {
  Counter(user_data)->OnDirective(static_cast<int>(line_num));
}
void OnSitemap(void* user_data, uint32_t line_num, const char* value,
               size_t value_len) {
  Counter(user_data)->OnSitemap(static_cast<int>(line_num),
                                absl::string_view(value, value_len));
}
void OnUnknown(void* user_data, uint32_t line_num, const char*, size_t,
               const char*, size_t) {
  Counter(user_data)->OnUnknown(static_cast<int>(line_num));
}

void ParseWithStats(absl::string_view body, compat::StatsCounter* stats) {
  robotstxt_parse_callbacks callbacks = {};
  callbacks.user_data = stats;
  callbacks.handle_robots_start = OnStart;
  callbacks.handle_user_agent = OnDirective;
  callbacks.handle_allow = OnDirective;
  callbacks.handle_disallow = OnDirective;
  callbacks.handle_sitemap = OnSitemap;
  callbacks.handle_unknown_action = OnUnknown;
  EXPECT_EQ(ROBOTSTXT_STATUS_OK,
            robotstxt_parse(body.data(), body.size(), &callbacks));
}

// Through the caller-buffer interface: ask for the length, then fill.
std::string PathParamsQuery(const std::string& url) {
  size_t len = 0;
  EXPECT_EQ(ROBOTSTXT_STATUS_BUFFER_TOO_SMALL,
            robotstxt_get_path_params_query(url.data(), url.size(), nullptr, 0,
                                            &len));
  std::vector<char> buffer(len + 1, '\x7f');
  size_t written = 0;
  EXPECT_EQ(ROBOTSTXT_STATUS_OK,
            robotstxt_get_path_params_query(url.data(), url.size(),
                                            buffer.data(), buffer.size(),
                                            &written));
  EXPECT_EQ(len, written);
  EXPECT_EQ('\0', buffer[written]);
  return std::string(buffer.data(), written);
}

// Through the library-allocated interface.
std::string EscapedPattern(const std::string& pattern) {
  char* out = nullptr;
  size_t len = 0;
  bool escaped = false;
  EXPECT_EQ(ROBOTSTXT_STATUS_OK,
            robotstxt_maybe_escape_pattern_alloc(
                pattern.data(), pattern.size(), &out, &len, &escaped));
  const std::unique_ptr<char, BufferFree> owned(out);
  if (out == nullptr) return std::string();
  const std::string result(out, len);
  // The flag says whether anything changed.
  EXPECT_EQ(result != pattern, escaped) << pattern;
  return result;
}

compat::Tag ToTag(robotstxt_tag_name tag) {
  switch (tag) {
    case ROBOTSTXT_TAG_NAME_UNKNOWN:
      return compat::Tag::kUnknown;
    case ROBOTSTXT_TAG_NAME_USER_AGENT:
      return compat::Tag::kUserAgent;
    case ROBOTSTXT_TAG_NAME_ALLOW:
      return compat::Tag::kAllow;
    case ROBOTSTXT_TAG_NAME_DISALLOW:
      return compat::Tag::kDisallow;
    case ROBOTSTXT_TAG_NAME_SITEMAP:
      return compat::Tag::kSitemap;
    case ROBOTSTXT_TAG_NAME_UNUSED:
      return compat::Tag::kUnused;
  }
  ADD_FAILURE() << "unexpected tag value " << static_cast<int>(tag);
  return compat::Tag::kUnknown;
}

compat::ParsedLine ToParsedLine(const robotstxt_parsed_line& line) {
  const robotstxt_line_metadata& m = line.metadata;
  unsigned flags = compat::kNone;
  if (m.is_empty) flags |= compat::kIsEmpty;
  if (m.has_comment) flags |= compat::kHasComment;
  if (m.is_comment) flags |= compat::kIsComment;
  if (m.has_directive) flags |= compat::kHasDirective;
  if (m.is_acceptable_typo) flags |= compat::kIsAcceptableTypo;
  if (m.is_line_too_long) flags |= compat::kIsLineTooLong;
  if (m.is_missing_colon_separator) flags |= compat::kIsMissingColonSeparator;
  return {static_cast<int>(line.line_num), ToTag(line.tag_name), line.is_typo,
          flags};
}

class ParsingReport {
 public:
  ParsingReport() : reporter_(robotstxt_reporter_new()) {
    EXPECT_NE(nullptr, reporter_);
  }

  void Parse(absl::string_view body) {
    EXPECT_EQ(ROBOTSTXT_STATUS_OK,
              robotstxt_reporter_parse(reporter_.get(), body.data(),
                                       body.size()));
  }
  int valid_directives() const {
    return static_cast<int>(
        robotstxt_reporter_valid_directives(reporter_.get()));
  }
  int last_line_seen() const {
    return static_cast<int>(robotstxt_reporter_last_line_seen(reporter_.get()));
  }
  std::vector<compat::ParsedLine> parse_results() const {
    const size_t count = robotstxt_reporter_line_count(reporter_.get());
    std::vector<robotstxt_parsed_line> lines(count);
    size_t written = 0;
    EXPECT_EQ(ROBOTSTXT_STATUS_OK,
              robotstxt_reporter_lines(reporter_.get(), lines.data(),
                                       lines.size(), &written));
    EXPECT_EQ(count, written);
    std::vector<compat::ParsedLine> results;
    for (size_t i = 0; i < written; ++i) {
      results.push_back(ToParsedLine(lines[i]));
    }
    return results;
  }

 private:
  std::unique_ptr<robotstxt_reporter, ReporterFree> reporter_;
};

#define COMPAT_SUITE RobotsCApiUnittest
#include "cases/robots_test_cases.inc"
#include "cases/reporting_robots_test_cases.inc"
#undef COMPAT_SUITE

}  // namespace
