// Programs whose translation units are built with different flags, each
// using Google's googlebot:: API: what modes_unit.cc, modes_main.cc,
// modes_plugin.cc, modes_host.cc and modes_threads.cc share.
//
// The programs print a transcript of every callback, verdict and line they
// see; scripts/test-dropin-modes.sh compares it with the transcript the
// same programs printed when built against Google's robots.h and robots.cc
// (tests/c/expected/modes_*.txt). Everything here has internal linkage, so
// that the tests themselves give each translation unit its own copy.
#ifndef ROBOTSTXT_TESTS_MODES_H_
#define ROBOTSTXT_TESTS_MODES_H_

#include <cstdio>
#include <string>
#include <vector>

#include "robots.h"

namespace modes {
namespace {

// The bodies every unit parses and queries: Google's test cases, and the
// lines the parser reports something particular for.
inline std::vector<std::string> Bodies() {
  std::vector<std::string> bodies;
  // robots_test.cc, ID_LongestMatch and ID_UserAgentValueCaseInsensitive.
  bodies.push_back(
      "user-agent: FooBot\n"
      "allow: /x/page.html\n"
      "disallow: /x/\n"
      "\n"
      "User-Agent: BarBot\n"
      "Disallow: /\n");
  // Typos, a missing colon, unknown and unused keys, a sitemap, comments,
  // empty lines, CRLF and CR line ends.
  bodies.push_back(
      "# a comment\r\n"
      "useragent: FooBot\r\n"
      "disalow: /private\r\n"
      "allow /private/public\r"
      "crawl-delay: 5\r"
      "\r\n"
      "user-agent: *  # everyone\n"
      "Disallow: /*.pdf$\n"
      "unicorns: yes\n"
      "Sitemap: https://example.com/sitemap.xml\n"
      "noindex: /x\n");
  // A byte order mark, Google's index.htm rule, percent-escaping.
  bodies.push_back(
      "\xEF\xBB\xBFUser-Agent: *\n"
      "Allow: /aisle/index.html\n"
      "Allow: /caf\xC3\xA9/%aa\n"
      "Disallow: /\n");
  // A line over Google's length cap (2083 * 8 - 1 bytes).
  std::string long_line = "user-agent: FooBot\ndisallow: /";
  long_line.append(17000, 'a');
  long_line += "\nallow: /a\n";
  bodies.push_back(long_line);
  // No body at all, and one with a NUL byte.
  bodies.push_back("");
  bodies.push_back(std::string("user-agent: FooBot\ndisallow: /a\0b\nallow: /c\n", 44));
  return bodies;
}

struct Query {
  std::vector<std::string> agents;
  const char* url;
};

inline std::vector<Query> Queries() {
  std::vector<Query> queries;
  const char* urls[] = {"http://foo.bar/x/page.html", "http://foo.bar/x/",
                        "https://example.com/private/public",
                        "https://example.com/doc.pdf",
                        "http://foo.com/aisle/",
                        "http://foo.com/caf%C3%A9/%AA", "http://foo.bar/aaa",
                        "http://foo.bar/c"};
  for (const char* url : urls) {
    queries.push_back(Query{{"FooBot"}, url});
    queries.push_back(Query{{"BarBot", "Googlebot"}, url});
  }
  return queries;
}

// Bytes as C escapes, so that transcripts are lines of ASCII.
inline std::string Quoted(absl::string_view value) {
  std::string out = "\"";
  for (std::size_t i = 0; i < value.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(value.data()[i]);
    if (c < 0x20 || c >= 0x7F || c == '"' || c == '\\') {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02X", c);
      out += hex;
    } else {
      out += static_cast<char>(c);
    }
  }
  if (value.size() > 40) {
    out = out.substr(0, 40) + "...(" + std::to_string(value.size()) + " bytes)";
  }
  return out + "\"";
}

// Records every callback. With `metadata`, it overrides ReportLineMetadata()
// (else it keeps RobotsParseHandler's, which the drop-in may skip).
class Recorder : public googlebot::RobotsParseHandler {
 public:
  std::string log;

  void HandleRobotsStart() override { log += "  start\n"; }
  void HandleRobotsEnd() override { log += "  end\n"; }
  void HandleUserAgent(int line, absl::string_view value) override {
    Add("user-agent", line, value);
  }
  void HandleAllow(int line, absl::string_view value) override {
    Add("allow", line, value);
  }
  void HandleDisallow(int line, absl::string_view value) override {
    Add("disallow", line, value);
  }
  void HandleSitemap(int line, absl::string_view value) override {
    Add("sitemap", line, value);
  }
  void HandleUnknownAction(int line, absl::string_view action,
                           absl::string_view value) override {
    log += "  unknown " + std::to_string(line) + " " + Quoted(action) + " " +
           Quoted(value) + "\n";
  }

 protected:
  void Add(const char* what, int line, absl::string_view value) {
    log += std::string("  ") + what + " " + std::to_string(line) + " " +
           Quoted(value) + "\n";
  }
};

class MetadataRecorder : public Recorder {
 public:
  void ReportLineMetadata(int line, const LineMetadata& m) override {
    log += "  line " + std::to_string(line) + (m.is_empty ? " empty" : "") +
           (m.has_comment ? " has_comment" : "") +
           (m.is_comment ? " comment" : "") +
           (m.has_directive ? " directive" : "") +
           (m.is_acceptable_typo ? " typo" : "") +
           (m.is_line_too_long ? " too_long" : "") +
           (m.is_missing_colon_separator ? " no_colon" : "") + "\n";
  }
};

// A subclass of RobotsMatcher, as Google's protected API allows: it counts
// the rule callbacks and passes them on.
class CountingMatcher : public googlebot::RobotsMatcher {
 public:
  int allows = 0;
  int disallows = 0;

 protected:
  void HandleAllow(int line, absl::string_view value) override {
    ++allows;
    RobotsMatcher::HandleAllow(line, value);
  }
  void HandleDisallow(int line, absl::string_view value) override {
    ++disallows;
    RobotsMatcher::HandleDisallow(line, value);
  }
};

// FNV-1a, 64 bits, in hex: a transcript too long to print in full.
inline std::string Digest(const std::string& text) {
  unsigned long long hash = 14695981039346656037ull;
  for (const char c : text) {
    hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
  }
  char hex[20];
  std::snprintf(hex, sizeof hex, "%016llx", hash);
  return hex;
}

inline std::string Joined(const std::vector<std::string>& agents) {
  std::string out;
  for (const std::string& agent : agents) out += (out.empty() ? "" : ",") + agent;
  return out;
}

// One query's answer and the matcher's public state after it.
inline std::string Answer(googlebot::RobotsMatcher& matcher, const std::string& body,
                   const Query& query) {
  const bool allowed =
      query.agents.size() == 1
          ? matcher.OneAgentAllowedByRobots(body, query.agents[0], query.url)
          : matcher.AllowedByRobots(body, &query.agents, query.url);
  return std::string(allowed ? "allowed" : "disallowed") + " line " +
         std::to_string(matcher.matching_line()) +
         (matcher.ever_seen_specific_agent() ? " specific" : "") +
         (matcher.disallow_ignore_global() ? " disallow_ignore_global" : "");
}

// Every query against every body, one line each.
inline std::string AnswerAll(googlebot::RobotsMatcher& matcher, const char* who) {
  std::string out;
  const std::vector<std::string> bodies = Bodies();
  const std::vector<Query> queries = Queries();
  for (std::size_t b = 0; b < bodies.size(); ++b) {
    for (const Query& query : queries) {
      out += std::string(who) + "body " + std::to_string(b) + " " +
             Joined(query.agents) + " " + query.url + ": " +
             Answer(matcher, bodies[b], query) + "\n";
    }
  }
  return out;
}

}  // namespace
}  // namespace modes

// The functions each unit of modes_unit.cc defines, named after the unit.
#define MODES_DECLARE_UNIT(unit)                                              \
  std::string ParseAll_##unit(bool metadata);                                 \
  void Parse_##unit(const std::string& body,                                  \
                    googlebot::RobotsParseHandler* handler);                  \
  googlebot::RobotsMatcher* NewMatcher_##unit(bool subclass);                 \
  std::string Counts_##unit(googlebot::RobotsMatcher* matcher);               \
  std::string AnswerAll_##unit(googlebot::RobotsMatcher* matcher,             \
                               const char* who);                              \
  bool OneAgent_##unit(googlebot::RobotsMatcher* matcher,                     \
                       const std::string& body, const std::string& agent,     \
                       const std::string& url);

#endif  // ROBOTSTXT_TESTS_MODES_H_
