// googlebot::RobotsParsingReporter, as code written for Google's library uses
// it (Google's own test cases run through it in compat-tests/). A second
// translation unit including both headers (in the other order
// than cpp_api_test.cc): linking the two shows the headers define nothing
// twice.
#include "reporting_robots.h"
#include "robots.h"

#include <string>
#include <type_traits>
#include <vector>

#include "check.h"

namespace {

using googlebot::RobotsParsedLine;
using googlebot::RobotsParseHandler;
using googlebot::RobotsParsingReporter;
using Tag = RobotsParsedLine::RobotsTagName;

static_assert(std::is_base_of_v<RobotsParseHandler, RobotsParsingReporter>);
static_assert(std::is_aggregate_v<RobotsParsedLine>);
static_assert(std::is_aggregate_v<RobotsParseHandler::LineMetadata>);

// Google's test defines these comparisons itself in namespace googlebot, so
// the header must not; here they are plain helpers.
bool SameMetadata(const RobotsParseHandler::LineMetadata& a,
                  const RobotsParseHandler::LineMetadata& b) {
  return a.is_empty == b.is_empty && a.has_comment == b.has_comment &&
         a.is_comment == b.is_comment && a.has_directive == b.has_directive &&
         a.is_acceptable_typo == b.is_acceptable_typo &&
         a.is_line_too_long == b.is_line_too_long &&
         a.is_missing_colon_separator == b.is_missing_colon_separator;
}

bool SameLine(const RobotsParsedLine& a, const RobotsParsedLine& b) {
  return a.line_num == b.line_num && a.tag_name == b.tag_name && a.is_typo == b.is_typo &&
         SameMetadata(a.metadata, b.metadata);
}

// Builds an expected line from flag words, in C++17 (no designated
// initialisers): "empty", "has_comment", "comment", "directive", "typo",
// "too_long", "no_colon".
RobotsParsedLine Line(int line_num, Tag tag, bool is_typo, const std::string& flags) {
  RobotsParsedLine line;
  line.line_num = line_num;
  line.tag_name = tag;
  line.is_typo = is_typo;
  const std::string words = " " + flags + " ";
  auto has = [&](const char* word) {
    return words.find(std::string(" ") + word + " ") != std::string::npos;
  };
  line.metadata.is_empty = has("empty");
  line.metadata.has_comment = has("has_comment");
  line.metadata.is_comment = has("comment");
  line.metadata.has_directive = has("directive");
  line.metadata.is_acceptable_typo = has("typo");
  line.metadata.is_line_too_long = has("too_long");
  line.metadata.is_missing_colon_separator = has("no_colon");
  return line;
}

void CheckLine(const std::vector<RobotsParsedLine>& results, const RobotsParsedLine& expected,
               int source_line) {
  const size_t index = static_cast<size_t>(expected.line_num - 1);
  const bool ok = index < results.size() && SameLine(results[index], expected);
  check::Record(ok, "line " + std::to_string(expected.line_num) + " as expected", __FILE__,
                source_line);
}

// Every kind of line Google's reporter tells apart, one per line (the same
// body as tests/c/data/reporting.txt, which the C examples read); the
// expected reports are Google's reporting_robots.cc's.
constexpr const char kEveryKindOfLine[] =
    "User-agent: shopbot\n"
    "Allow: /public\n"
    "User-agent otherbot # why\n"
    "just some words here\n"
    "# a comment line\n"
    "\n"
    "dragons: /lair\n"
    "noindex: /drafts\n"
    "Disallow: /private\n"
    "Oops #trailing comment\n"
    "user agent: gizmo\n"
    "dissallow: /tmp\n"
    "site-map: https://s.example/a.xml #note\n"
    "sitemap: https://s.example/b.xml\n"
    "Host: s.example\n";

void EveryLineIsReported() {
  RobotsParsingReporter report;
  googlebot::ParseRobotsTxt(kEveryKindOfLine, &report);
  CHECK_EQ(report.valid_directives(), 8);
  CHECK_EQ(report.last_line_seen(), 16);
  CHECK_EQ(report.parse_results().size(), static_cast<size_t>(report.last_line_seen()));
  // Lines 7, 8 and 15 have keys the parser does not know (reporting.cc
  // counts them whether Google lists them as unused or not).
  CHECK_EQ(report.unused_directives(), 3);

  const std::vector<RobotsParsedLine> results = report.parse_results();
  const RobotsParsedLine expected[] = {
      Line(1, RobotsParsedLine::kUserAgent, false, "directive"),
      Line(2, RobotsParsedLine::kAllow, false, "directive"),
      Line(3, RobotsParsedLine::kUserAgent, false, "has_comment directive no_colon"),
      Line(4, RobotsParsedLine::kUnknown, false, ""),
      Line(5, RobotsParsedLine::kUnknown, false, "has_comment comment"),
      Line(6, RobotsParsedLine::kUnknown, false, "empty"),
      Line(7, RobotsParsedLine::kUnknown, false, "directive"),
      Line(8, RobotsParsedLine::kUnused, false, "directive"),
      Line(9, RobotsParsedLine::kDisallow, false, "directive"),
      Line(10, RobotsParsedLine::kUnknown, false, "has_comment"),
      Line(11, RobotsParsedLine::kUserAgent, true, "directive typo"),
      Line(12, RobotsParsedLine::kDisallow, true, "directive typo"),
      Line(13, RobotsParsedLine::kSitemap, true, "has_comment directive typo"),
      Line(14, RobotsParsedLine::kSitemap, false, "directive"),
      Line(15, RobotsParsedLine::kUnused, false, "directive"),
      Line(16, RobotsParsedLine::kUnknown, false, "empty"),
  };
  for (const RobotsParsedLine& line : expected) CheckLine(results, line, __LINE__);

#if __cplusplus >= 202002L
  // Code written for Google's library spells expectations with designated
  // initialisers, skipping fields: the default member initialisers make
  // that work.
  CheckLine(results,
            RobotsParsedLine{.line_num = 3,
                             .tag_name = RobotsParsedLine::RobotsTagName::kUserAgent,
                             .is_typo = false,
                             .metadata = RobotsParseHandler::LineMetadata{
                                 .is_empty = false,
                                 .has_comment = true,
                                 .is_comment = false,
                                 .has_directive = true,
                                 .is_missing_colon_separator = true,
                             }},
            __LINE__);
  CheckLine(results,
            RobotsParsedLine{.line_num = 13,
                             .tag_name = RobotsParsedLine::RobotsTagName::kSitemap,
                             .is_typo = true,
                             .metadata = RobotsParseHandler::LineMetadata{
                                 .is_empty = false,
                                 .has_comment = true,
                                 .is_comment = false,
                                 .has_directive = true,
                                 .is_acceptable_typo = true,
                             }},
            __LINE__);
#endif

  // The same reporter parses two shorter files: counts restart, the
  // per-line results of the longer parse are kept (reporting_robots.cc
  // clears only the counts).
  googlebot::ParseRobotsTxt("User-agent: gizmo\r\nDisallow: /a\r\n\r\nAllow: /b\r\n", &report);
  CHECK_EQ(report.valid_directives(), 3);
  CHECK_EQ(report.last_line_seen(), 5);
  CHECK_EQ(report.parse_results().size(), 16u);
  googlebot::ParseRobotsTxt("User-agent: gizmo\rDisallow: /a\r\rAllow: /b\r", &report);
  CHECK_EQ(report.valid_directives(), 3);
  CHECK_EQ(report.last_line_seen(), 5);
}

void LongLinesAreFlaggedAndStillParsed() {
  RobotsParsingReporter report;
  const std::string robotstxt =
      "user-agent: gizmo\ndisallow: /long/" + std::string(17000, 'z') + "\nallow: /\n";
  googlebot::ParseRobotsTxt(robotstxt, &report);
  CHECK_EQ(report.valid_directives(), 3);
  CHECK_EQ(report.last_line_seen(), 4);
  const std::vector<RobotsParsedLine> results = report.parse_results();
  CHECK_EQ(results.size(), 4u);
  CheckLine(results, Line(1, RobotsParsedLine::kUserAgent, false, "directive"), __LINE__);
  CheckLine(results, Line(2, RobotsParsedLine::kDisallow, false, "directive too_long"),
            __LINE__);
  CheckLine(results, Line(3, RobotsParsedLine::kAllow, false, "directive"), __LINE__);
}

void UnusedTagsComeFromTheLibrary() {
  // reporting_robots.cc's list, compared case-insensitively.
  RobotsParsingReporter report;
  googlebot::ParseRobotsTxt("Crawl-Delay: 5\nhost: x\nnoindex: /\nunicorn: /\n", &report);
  const std::vector<RobotsParsedLine> results = report.parse_results();
  CHECK_EQ(results.size(), 5u);
  CHECK(results[0].tag_name == RobotsParsedLine::kUnused);
  CHECK(results[1].tag_name == RobotsParsedLine::kUnused);
  CHECK(results[2].tag_name == RobotsParsedLine::kUnused);
  CHECK(results[3].tag_name == RobotsParsedLine::kUnknown);
  CHECK_EQ(report.unused_directives(), 4);
  CHECK_EQ(report.valid_directives(), 0);
}

void DefaultsAreGooglesDefaults() {
  const RobotsParsedLine line;
  CHECK_EQ(line.line_num, 0);
  CHECK(line.tag_name == RobotsParsedLine::kUnknown);
  CHECK(!line.is_typo);
  CHECK(SameMetadata(line.metadata, RobotsParseHandler::LineMetadata{}));
  CHECK(!line.metadata.is_empty && !line.metadata.has_directive);
  CHECK_EQ(static_cast<int>(RobotsParsedLine::kUnused), 5);
  const RobotsParsingReporter fresh;
  CHECK_EQ(fresh.last_line_seen(), 0);
  CHECK(fresh.parse_results().empty());
}

}  // namespace

void RunReportingTests() {
  EveryLineIsReported();
  LongLinesAreFlaggedAndStillParsed();
  UnusedTagsComeFromTheLibrary();
  DefaultsAreGooglesDefaults();
}
