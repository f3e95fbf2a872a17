// Runs the shared cases of spec/cases/ (see spec/README.md) as googletest
// tests: one test per case, named <suite>.<name> as the case file says, so
// ctest lists every case of every configuration. A driver implements `Api`
// with the interface it tests (the googlebot:: headers, the C API) and calls
// RegisterCases() before RUN_ALL_TESTS().
#ifndef ROBOTSTXT_COMPAT_TESTS_SPEC_RUNNER_H_
#define ROBOTSTXT_COMPAT_TESTS_SPEC_RUNNER_H_

#include <string>
#include <vector>

namespace spec {

// The answer of one matcher query.
struct Answer {
  bool allowed;
  int matching_line;
  bool ever_seen_specific_agent;
};

// One parser callback: kind is "user-agent", "allow", "disallow", "sitemap"
// or "unknown" (which alone has a key).
struct Event {
  int line;
  std::string kind;
  std::string key;
  std::string value;
};

// One line of a RobotsParsingReporter's report; tag is the vocabulary's name
// ("unknown", "user-agent", "allow", "disallow", "sitemap", "unused") and
// flags the names of the LineMetadata fields that are true.
struct ReportedLine {
  int line_num;
  std::string tag;
  bool is_typo;
  std::vector<std::string> flags;
};

struct Report {
  int valid_directives;
  int last_line_seen;
  std::vector<ReportedLine> lines;
};

// The names of the LineMetadata fields that are true, in the order of
// Google's struct.
std::vector<std::string> Flags(bool is_empty, bool has_comment, bool is_comment,
                               bool has_directive, bool is_acceptable_typo,
                               bool is_line_too_long,
                               bool is_missing_colon_separator);

// What a case asks of the interface under test.
class Api {
 public:
  virtual ~Api() {}
  // OneAgentAllowedByRobots on a fresh matcher, and what it says after.
  virtual Answer Allowed(const std::string& robots, const std::string& agent,
                         const std::string& url) = 0;
  // IsValidUserAgentToObey; `agent` is nullptr for a null string.
  virtual bool IsValidUserAgentToObey(const std::string* agent) = 0;
  // ParseRobotsTxt with a handler that records every callback.
  virtual std::vector<Event> Parse(const std::string& robots) = 0;
  // ParseRobotsTxt with a fresh RobotsParsingReporter.
  virtual Report ParseReport(const std::string& robots) = 0;
  virtual std::string PathParamsQuery(const std::string& url) = 0;
  virtual std::string EscapePattern(const std::string& pattern) = 0;
};

// Registers a test for every case of every *.json file under `dir`, in
// file and case order, each answered by `api` (which must outlive the run).
// A file that does not load registers one failing test that says why.
void RegisterCases(const std::string& dir, Api* api);

// "spec: N checks in M cases" for the cases that ran, to print at the end.
std::string Summary();

}  // namespace spec

#endif  // ROBOTSTXT_COMPAT_TESTS_SPEC_RUNNER_H_
