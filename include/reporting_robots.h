// reporting_robots.h: Google's `googlebot::RobotsParsingReporter`,
// header-only, over the robotstxt C library.
//
// A source drop-in for Google's reporting_robots.h: a RobotsParseHandler
// that records what each line of a robots.txt was parsed as. As in Google's
// library, each parse resets the counts but not the per-line results, which
// a later parse overwrites line by line. C++11 or later; absl::string_view
// is the one robots.h declares or includes.
//
// Copyright the robotstxt authors. SPDX-License-Identifier: Apache-2.0

#ifndef ROBOTSTXT_GOOGLEBOT_REPORTING_ROBOTS_H_
#define ROBOTSTXT_GOOGLEBOT_REPORTING_ROBOTS_H_

#include <map>
#include <vector>

#include "robots.h"

namespace googlebot {

// The report for one line.
struct RobotsParsedLine {
  enum RobotsTagName {
    // No directive: an empty, comment or unparsable line, or a key nobody
    // knows ("unicorn: x").
    kUnknown = 0,
    kUserAgent = 1,
    kAllow = 2,
    kDisallow = 3,
    kSitemap = 4,
    // A key that is recognised but unused ("noindex", "crawl-delay", ...).
    kUnused = 5,
  };

  int line_num = 0;
  RobotsTagName tag_name = kUnknown;
  bool is_typo = false;
  RobotsParseHandler::LineMetadata metadata;
};

// Records a RobotsParsedLine per line and counts directives.
class RobotsParsingReporter : public googlebot::RobotsParseHandler {
 public:
  void HandleRobotsStart() override {
    last_line_seen_ = 0;
    valid_directives_ = 0;
    unused_directives_ = 0;
  }
  void HandleRobotsEnd() override {}
  void HandleUserAgent(int line_num, absl::string_view /*value*/) override {
    Digest(line_num, RobotsParsedLine::kUserAgent);
  }
  void HandleAllow(int line_num, absl::string_view /*value*/) override {
    Digest(line_num, RobotsParsedLine::kAllow);
  }
  void HandleDisallow(int line_num, absl::string_view /*value*/) override {
    Digest(line_num, RobotsParsedLine::kDisallow);
  }
  void HandleSitemap(int line_num, absl::string_view /*value*/) override {
    Digest(line_num, RobotsParsedLine::kSitemap);
  }
  void HandleUnknownAction(int line_num, absl::string_view action,
                           absl::string_view /*value*/) override {
    // The list of unused keys lives in the library, shared with the C API.
    const bool unused =
        robotstxt_is_unsupported_tag(action.data(), action.size());
    ++unused_directives_;
    Digest(line_num,
           unused ? RobotsParsedLine::kUnused : RobotsParsedLine::kUnknown);
  }
  void ReportLineMetadata(int line_num, const LineMetadata& metadata) override {
    if (line_num > last_line_seen_) last_line_seen_ = line_num;
    RobotsParsedLine& line = robots_parse_results_[line_num];
    line.line_num = line_num;
    line.is_typo = metadata.is_acceptable_typo;
    line.metadata = metadata;
  }

  // The highest line number the last parse reached.
  int last_line_seen() const { return last_line_seen_; }
  // User-agent, allow, disallow and sitemap lines of the last parse.
  int valid_directives() const { return valid_directives_; }
  // Lines with an unrecognised key (unused or unknown) in the last parse.
  int unused_directives() const { return unused_directives_; }
  // The per-line results, ordered by line number.
  std::vector<RobotsParsedLine> parse_results() const {
    std::vector<RobotsParsedLine> results;
    results.reserve(robots_parse_results_.size());
    for (const auto& entry : robots_parse_results_) {
      results.push_back(entry.second);
    }
    return results;
  }

 private:
  void Digest(int line_num, RobotsParsedLine::RobotsTagName parsed_tag) {
    if (line_num > last_line_seen_) last_line_seen_ = line_num;
    if (parsed_tag != RobotsParsedLine::kUnknown &&
        parsed_tag != RobotsParsedLine::kUnused) {
      ++valid_directives_;
    }
    RobotsParsedLine& line = robots_parse_results_[line_num];
    line.line_num = line_num;
    line.tag_name = parsed_tag;
  }

  // Indexed and sorted by line number.
  std::map<int, RobotsParsedLine> robots_parse_results_;
  int last_line_seen_ = 0;
  int valid_directives_ = 0;
  int unused_directives_ = 0;
};

}  // namespace googlebot

#endif  // ROBOTSTXT_GOOGLEBOT_REPORTING_ROBOTS_H_
