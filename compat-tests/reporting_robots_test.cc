// Google's reporting_robots_test.cc cases, answered by the drop-in C++ header
// reporting_robots.h (googlebot::RobotsParsingReporter).
#include "reporting_robots.h"

#include <vector>

#include "compat.h"
#include "robots.h"

namespace {

using googlebot::RobotsParsedLine;

compat::Tag ToTag(RobotsParsedLine::RobotsTagName tag) {
  switch (tag) {
    case RobotsParsedLine::kUnknown:
      return compat::Tag::kUnknown;
    case RobotsParsedLine::kUserAgent:
      return compat::Tag::kUserAgent;
    case RobotsParsedLine::kAllow:
      return compat::Tag::kAllow;
    case RobotsParsedLine::kDisallow:
      return compat::Tag::kDisallow;
    case RobotsParsedLine::kSitemap:
      return compat::Tag::kSitemap;
    case RobotsParsedLine::kUnused:
      return compat::Tag::kUnused;
  }
  ADD_FAILURE() << "unexpected tag value " << static_cast<int>(tag);
  return compat::Tag::kUnknown;
}

compat::ParsedLine ToParsedLine(const RobotsParsedLine& line) {
  const googlebot::RobotsParseHandler::LineMetadata& m = line.metadata;
  unsigned flags = compat::kNone;
  if (m.is_empty) flags |= compat::kIsEmpty;
  if (m.has_comment) flags |= compat::kHasComment;
  if (m.is_comment) flags |= compat::kIsComment;
  if (m.has_directive) flags |= compat::kHasDirective;
  if (m.is_acceptable_typo) flags |= compat::kIsAcceptableTypo;
  if (m.is_line_too_long) flags |= compat::kIsLineTooLong;
  if (m.is_missing_colon_separator) flags |= compat::kIsMissingColonSeparator;
  return {line.line_num, ToTag(line.tag_name), line.is_typo, flags};
}

// One RobotsParsingReporter reused across parses, as the original cases do.
class ParsingReport {
 public:
  void Parse(absl::string_view body) {
    googlebot::ParseRobotsTxt(body, &reporter_);
  }
  int valid_directives() const { return reporter_.valid_directives(); }
  int last_line_seen() const { return reporter_.last_line_seen(); }
  std::vector<compat::ParsedLine> parse_results() const {
    std::vector<compat::ParsedLine> results;
    for (const RobotsParsedLine& line : reporter_.parse_results()) {
      results.push_back(ToParsedLine(line));
    }
    return results;
  }

 private:
  googlebot::RobotsParsingReporter reporter_;
};

#define COMPAT_SUITE RobotsUnittest
#include "cases/reporting_robots_test_cases.inc"
#undef COMPAT_SUITE

}  // namespace
