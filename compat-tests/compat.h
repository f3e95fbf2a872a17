// Shared by the drivers of the ported Google test cases.
//
// The cases themselves live in cases/*.inc and are compiled twice: once
// against the C++ API (robots.h, reporting_robots.h) and once against the
// plain C API (robotstxt.h). Each driver defines the few helpers the cases
// call; this header holds the API-neutral types those helpers return, so the
// two builds check exactly the same inputs against exactly the same
// expectations.
#ifndef ROBOTSTXT_COMPAT_TESTS_COMPAT_H_
#define ROBOTSTXT_COMPAT_TESTS_COMPAT_H_

#include <gtest/gtest.h>

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

// absl::string_view, the type the cases are spelled in as in Google's tests:
// abseil's own or the one robots.h declares. Only its inline members (data(),
// size(), construction) are used here, so no build links abseil.
#include "robots.h"

namespace compat {

// Counts what a parse reports, the way the robots_test.cc cases look at it:
// directives seen (user-agent, allow, disallow, sitemap), unknown lines, the
// last line number reported, and the sitemap values.
class StatsCounter {
 public:
  void OnStart() {
    last_line_seen_ = 0;
    valid_directives_ = 0;
    unknown_directives_ = 0;
    sitemap_.clear();
  }
  void OnDirective(int line_num) {
    // Lines must be reported in order.
    EXPECT_GE(line_num, last_line_seen_);
    last_line_seen_ = line_num;
    ++valid_directives_;
  }
  void OnSitemap(int line_num, absl::string_view value) {
    OnDirective(line_num);
    sitemap_.append(value.data(), value.size());
  }
  void OnUnknown(int line_num) {
    last_line_seen_ = line_num;
    ++unknown_directives_;
  }

  int last_line_seen() const { return last_line_seen_; }
  int valid_directives() const { return valid_directives_; }
  int unknown_directives() const { return unknown_directives_; }
  const std::string& sitemap() const { return sitemap_; }

 private:
  int last_line_seen_ = 0;
  int valid_directives_ = 0;
  int unknown_directives_ = 0;
  std::string sitemap_;
};

// What a line was parsed as (RobotsParsedLine::RobotsTagName).
enum class Tag { kUnknown, kUserAgent, kAllow, kDisallow, kSitemap, kUnused };

// The LineMetadata booleans as bits, so an expectation fits on one line.
enum Flag : unsigned {
  kNone = 0,
  kIsEmpty = 1u << 0,
  kHasComment = 1u << 1,
  kIsComment = 1u << 2,
  kHasDirective = 1u << 3,
  kIsAcceptableTypo = 1u << 4,
  kIsLineTooLong = 1u << 5,
  kIsMissingColonSeparator = 1u << 6,
};

// A plain aggregate (no member initialisers), so that C++11 takes
// {line, tag, typo, flags}.
struct ParsedLine {
  int line_num;
  Tag tag_name;
  bool is_typo;
  unsigned metadata;  // Flag bits.
};

inline bool operator==(const ParsedLine& a, const ParsedLine& b) {
  return a.line_num == b.line_num && a.tag_name == b.tag_name &&
         a.is_typo == b.is_typo && a.metadata == b.metadata;
}

inline const char* TagName(Tag tag) {
  switch (tag) {
    case Tag::kUnknown:
      return "Unknown";
    case Tag::kUserAgent:
      return "UserAgent";
    case Tag::kAllow:
      return "Allow";
    case Tag::kDisallow:
      return "Disallow";
    case Tag::kSitemap:
      return "Sitemap";
    case Tag::kUnused:
      return "Unused";
  }
  return "?";
}

// gtest prints this when an expectation on a ParsedLine fails.
inline void PrintTo(const ParsedLine& line, std::ostream* os) {
  static const struct {
    unsigned bit;
    const char* name;
  } kNames[] = {
      {kIsEmpty, "is_empty"},
      {kHasComment, "has_comment"},
      {kIsComment, "is_comment"},
      {kHasDirective, "has_directive"},
      {kIsAcceptableTypo, "is_acceptable_typo"},
      {kIsLineTooLong, "is_line_too_long"},
      {kIsMissingColonSeparator, "is_missing_colon_separator"},
  };
  *os << "{line " << line.line_num << ", " << TagName(line.tag_name)
      << (line.is_typo ? ", typo" : "") << ", metadata:";
  for (const auto& entry : kNames) {
    if ((line.metadata & entry.bit) != 0) *os << ' ' << entry.name;
  }
  *os << '}';
}

// Splits on '\n' only, keeping empty pieces (a trailing newline yields a
// final empty line), like the line numbering under test.
inline std::vector<std::string> SplitLines(absl::string_view text) {
  std::vector<std::string> lines;
  std::string line;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text.data()[i] == '\n') {
      lines.push_back(line);
      line.clear();
    } else {
      line += text.data()[i];
    }
  }
  lines.push_back(line);
  return lines;
}

// Checks the reported line `expected.line_num` (counted from 1) of `body`.
inline void ExpectLine(absl::string_view body,
                       const std::vector<ParsedLine>& results,
                       const ParsedLine& expected) {
  const std::size_t index = static_cast<std::size_t>(expected.line_num) - 1;
  const std::vector<std::string> lines = SplitLines(body);
  ASSERT_LT(index, results.size()) << "no result for line " << expected.line_num;
  ASSERT_LT(index, lines.size());
  EXPECT_EQ(results[index], expected)
      << "line " << expected.line_num << ": '" << lines[index] << "'";
}

}  // namespace compat

#endif  // ROBOTSTXT_COMPAT_TESTS_COMPAT_H_
