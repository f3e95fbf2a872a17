// robots.h: Google's `googlebot::` robots.txt API, header-only, over the
// robotstxt C library (robotstxt.h).
//
// A source drop-in for Google's robots.h (github.com/google/robotstxt): code
// written against Google's API compiles unchanged and gives Google's answers;
// link with -lrobotstxt instead of Google's library and abseil. Requires
// C++17; std::string_view stands where Google's header has absl::string_view.
//
// Differences a caller can observe:
// - GetPathParamsQuery() and MaybeEscapePattern(), which Google defines in
//   robots.cc for its tests, are declared here too.
// - GetKeyType() accepts a NULL is_acceptable_typo.
// - ParseRobotsTxt() with a NULL handler does nothing.
// - A C++ exception thrown by a RobotsParseHandler callback stops the
//   callbacks for that parse and is rethrown from ParseRobotsTxt().
// - An internal error of the library (a bug) throws std::runtime_error; a
//   failed allocation throws std::bad_alloc.
//
// Copyright the robotstxt authors. SPDX-License-Identifier: Apache-2.0

#ifndef ROBOTSTXT_GOOGLEBOT_ROBOTS_H_
#define ROBOTSTXT_GOOGLEBOT_ROBOTS_H_

#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "robotstxt.h"

namespace googlebot {

// The kind of a robots.txt key, such as "user-agent" in "user-agent: x".
enum class KeyType {
  USER_AGENT = 0,
  SITEMAP = 1,
  ALLOW = 2,
  DISALLOW = 3,
  UNKNOWN = 128
};

// Classifies a key as the parser does (case-insensitive prefix) and sets
// *is_acceptable_typo to whether it is an accepted misspelling.
inline KeyType GetKeyType(std::string_view key, bool* is_acceptable_typo) {
  bool typo = false;
  const robotstxt_key_type key_type =
      robotstxt_get_key_type(key.data(), key.size(), &typo);
  if (is_acceptable_typo != nullptr) *is_acceptable_typo = typo;
  return static_cast<KeyType>(key_type);
}

// Receives the directives of a robots.txt from ParseRobotsTxt(), in file
// order. Line numbers start at 1.
class RobotsParseHandler {
 public:
  RobotsParseHandler() = default;
  virtual ~RobotsParseHandler() = default;

  RobotsParseHandler(const RobotsParseHandler&) = delete;
  RobotsParseHandler& operator=(const RobotsParseHandler&) = delete;

  virtual void HandleRobotsStart() = 0;
  virtual void HandleRobotsEnd() = 0;

  virtual void HandleUserAgent(int line_num, std::string_view value) = 0;
  virtual void HandleAllow(int line_num, std::string_view value) = 0;
  virtual void HandleDisallow(int line_num, std::string_view value) = 0;

  virtual void HandleSitemap(int line_num, std::string_view value) = 0;

  // A key-value line whose key is not recognised.
  virtual void HandleUnknownAction(int line_num, std::string_view action,
                                   std::string_view value) = 0;

  // What the parser learned about one line.
  struct LineMetadata {
    // No content and no comment.
    bool is_empty = false;
    // A comment, possibly after some content.
    bool has_comment = false;
    // The whole line is a comment.
    bool is_comment = false;
    // A key-value pair, reported to one of the Handle* callbacks.
    bool has_directive = false;
    // The key is an accepted misspelling ("disalow", "useragent", ...).
    bool is_acceptable_typo = false;
    // Longer than 2083 * 8 - 1 bytes; the rest was ignored.
    bool is_line_too_long = false;
    // Key and value separated by whitespace instead of a colon.
    bool is_missing_colon_separator = false;
  };

  // Called for every line, after the Handle* callback of that line if any.
  virtual void ReportLineMetadata(int /*line_num*/,
                                  const LineMetadata& /*metadata*/) {}
};

// Internals of this header; not part of Google's API.
namespace robotstxt_internal {

// The C API counts lines in uint32_t; Google's API in int.
inline int LineNumber(std::uint32_t line_num) {
  return line_num > static_cast<std::uint32_t>(INT_MAX)
             ? INT_MAX
             : static_cast<int>(line_num);
}

// Turns a failed C call into the exception Google's API would never need:
// it happens only on a bug in the library or a NULL string with a length.
inline void Check(robotstxt_status status) {
  switch (status) {
    case ROBOTSTXT_STATUS_OK:
      return;
    case ROBOTSTXT_STATUS_NULL_ARGUMENT:
      throw std::invalid_argument("robotstxt: NULL string with a length");
    default:
      throw std::runtime_error("robotstxt: internal error in the library");
  }
}

// The user_data of the C callbacks: the handler, and the first exception
// it threw. C++ exceptions must not unwind through the library's frames, so
// each trampoline catches, records and then ignores the rest of the parse.
struct ParseContext {
  RobotsParseHandler* handler;
  std::exception_ptr error;
};

template <typename Call>
inline void Dispatch(void* user_data, Call&& call) noexcept {
  ParseContext* context = static_cast<ParseContext*>(user_data);
  if (context->error) return;
  try {
    call(*context->handler);
  } catch (...) {
    context->error = std::current_exception();
  }
}

inline void OnRobotsStart(void* user_data) noexcept {
  Dispatch(user_data, [](RobotsParseHandler& h) { h.HandleRobotsStart(); });
}

inline void OnRobotsEnd(void* user_data) noexcept {
  Dispatch(user_data, [](RobotsParseHandler& h) { h.HandleRobotsEnd(); });
}

inline void OnUserAgent(void* user_data, std::uint32_t line_num,
                        const char* value, std::size_t value_len) noexcept {
  Dispatch(user_data, [&](RobotsParseHandler& h) {
    h.HandleUserAgent(LineNumber(line_num), std::string_view(value, value_len));
  });
}

inline void OnAllow(void* user_data, std::uint32_t line_num, const char* value,
                    std::size_t value_len) noexcept {
  Dispatch(user_data, [&](RobotsParseHandler& h) {
    h.HandleAllow(LineNumber(line_num), std::string_view(value, value_len));
  });
}

inline void OnDisallow(void* user_data, std::uint32_t line_num,
                       const char* value, std::size_t value_len) noexcept {
  Dispatch(user_data, [&](RobotsParseHandler& h) {
    h.HandleDisallow(LineNumber(line_num), std::string_view(value, value_len));
  });
}

inline void OnSitemap(void* user_data, std::uint32_t line_num,
                      const char* value, std::size_t value_len) noexcept {
  Dispatch(user_data, [&](RobotsParseHandler& h) {
    h.HandleSitemap(LineNumber(line_num), std::string_view(value, value_len));
  });
}

inline void OnUnknownAction(void* user_data, std::uint32_t line_num,
                            const char* action, std::size_t action_len,
                            const char* value,
                            std::size_t value_len) noexcept {
  Dispatch(user_data, [&](RobotsParseHandler& h) {
    h.HandleUnknownAction(LineNumber(line_num),
                          std::string_view(action, action_len),
                          std::string_view(value, value_len));
  });
}

inline void OnLineMetadata(void* user_data, std::uint32_t line_num,
                           const robotstxt_line_metadata* m) noexcept {
  Dispatch(user_data, [&](RobotsParseHandler& h) {
    RobotsParseHandler::LineMetadata metadata;
    metadata.is_empty = m->is_empty;
    metadata.has_comment = m->has_comment;
    metadata.is_comment = m->is_comment;
    metadata.has_directive = m->has_directive;
    metadata.is_acceptable_typo = m->is_acceptable_typo;
    metadata.is_line_too_long = m->is_line_too_long;
    metadata.is_missing_colon_separator = m->is_missing_colon_separator;
    h.ReportLineMetadata(LineNumber(line_num), metadata);
  });
}

}  // namespace robotstxt_internal

// Parses a robots.txt body and reports its directives to parse_callback, in
// file order. Accepts any bytes; typos such as "disalow" are accepted.
inline void ParseRobotsTxt(std::string_view robots_body,
                           RobotsParseHandler* parse_callback) {
  if (parse_callback == nullptr) return;
  namespace internal = robotstxt_internal;
  internal::ParseContext context{parse_callback, nullptr};
  robotstxt_parse_callbacks callbacks{};
  callbacks.user_data = &context;
  callbacks.handle_robots_start = &internal::OnRobotsStart;
  callbacks.handle_robots_end = &internal::OnRobotsEnd;
  callbacks.handle_user_agent = &internal::OnUserAgent;
  callbacks.handle_allow = &internal::OnAllow;
  callbacks.handle_disallow = &internal::OnDisallow;
  callbacks.handle_sitemap = &internal::OnSitemap;
  callbacks.handle_unknown_action = &internal::OnUnknownAction;
  callbacks.report_line_metadata = &internal::OnLineMetadata;
  const robotstxt_status status =
      robotstxt_parse(robots_body.data(), robots_body.size(), &callbacks);
  if (context.error) std::rethrow_exception(context.error);
  internal::Check(status);
}

// Decides whether a URL may be fetched under a robots.txt body, with
// Google's longest-match rules. Reusable for many queries, but not
// thread-safe: use one per thread. Owns a C matcher handle.
class RobotsMatcher {
 public:
  RobotsMatcher() : matcher_(robotstxt_matcher_new()) {
    if (matcher_ == nullptr) throw std::bad_alloc();
  }

  virtual ~RobotsMatcher() { robotstxt_matcher_free(matcher_); }

  RobotsMatcher(const RobotsMatcher&) = delete;
  RobotsMatcher& operator=(const RobotsMatcher&) = delete;

  // Whether user_agent is one rules may be obeyed for: not empty and made
  // only of [a-zA-Z_-].
  static bool IsValidUserAgentToObey(std::string_view user_agent) {
    return robotstxt_is_valid_user_agent_to_obey(user_agent.data(),
                                                 user_agent.size());
  }

  // Whether url may be fetched by any of user_agents (NULL: none). url must
  // be %-encoded according to RFC 3986.
  bool AllowedByRobots(std::string_view robots_body,
                       const std::vector<std::string>* user_agents,
                       const std::string& url) {
    std::vector<robotstxt_str> agents;
    if (user_agents != nullptr) {
      agents.reserve(user_agents->size());
      for (const std::string& agent : *user_agents) {
        agents.push_back(robotstxt_str{agent.data(), agent.size()});
      }
    }
    bool allowed = false;
    robotstxt_internal::Check(robotstxt_matcher_allowed_by_robots(
        matcher_, robots_body.data(), robots_body.size(), agents.data(),
        agents.size(), url.data(), url.size(), &allowed));
    return allowed;
  }

  // AllowedByRobots() for a single user agent.
  bool OneAgentAllowedByRobots(std::string_view robots_txt,
                               const std::string& user_agent,
                               const std::string& url) {
    bool allowed = false;
    robotstxt_internal::Check(robotstxt_matcher_one_agent_allowed_by_robots(
        matcher_, robots_txt.data(), robots_txt.size(), user_agent.data(),
        user_agent.size(), url.data(), url.size(), &allowed));
    return allowed;
  }

  // Whether the last query's URL is disallowed.
  bool disallow() const { return robotstxt_matcher_disallow(matcher_); }

  // Whether the last query's URL is disallowed by the queried agents' own
  // groups, ignoring the global ("*") group.
  bool disallow_ignore_global() const {
    return robotstxt_matcher_disallow_ignore_global(matcher_);
  }

  // Whether the last robots.txt had a group naming a queried agent.
  bool ever_seen_specific_agent() const {
    return robotstxt_matcher_ever_seen_specific_agent(matcher_);
  }

  // The line of the rule that decided the last query, or 0 if none did.
  int matching_line() const {
    return robotstxt_internal::LineNumber(
        robotstxt_matcher_matching_line(matcher_));
  }

 private:
  robotstxt_matcher* matcher_;
};

// The path, params and query of url, always starting with '/'; the scheme,
// authority and fragment are dropped.
inline std::string GetPathParamsQuery(const std::string& url) {
  // The result is at most one byte longer than url, plus the C API's NUL.
  std::string path(url.size() + 2, '\0');
  std::size_t len = 0;
  robotstxt_internal::Check(robotstxt_get_path_params_query(
      url.data(), url.size(), &path[0], path.size(), &len));
  path.resize(len);
  return path;
}

// Normalises an allow/disallow pattern: %-escapes get upper-case hex digits
// and bytes from 0x80 up are %-escaped. Returns false and sets *dst to src
// when nothing changes; otherwise returns true and sets *dst to a new
// NUL-terminated string allocated with new[], which the caller delete[]s.
inline bool MaybeEscapePattern(const char* src, char** dst) {
  const std::size_t src_len = std::strlen(src);
  std::size_t len = 0;
  bool escaped = false;
  const robotstxt_status probe =
      robotstxt_maybe_escape_pattern(src, src_len, nullptr, 0, &len, &escaped);
  if (probe != ROBOTSTXT_STATUS_BUFFER_TOO_SMALL) {
    robotstxt_internal::Check(probe);
  }
  if (!escaped) {
    *dst = const_cast<char*>(src);
    return false;
  }
  char* out = new char[len + 1];
  const robotstxt_status status =
      robotstxt_maybe_escape_pattern(src, src_len, out, len + 1, &len, nullptr);
  if (status != ROBOTSTXT_STATUS_OK) {
    delete[] out;
    robotstxt_internal::Check(status);
  }
  *dst = out;
  return true;
}

}  // namespace googlebot

#endif  // ROBOTSTXT_GOOGLEBOT_ROBOTS_H_
