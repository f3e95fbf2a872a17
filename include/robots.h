// robots.h: Google's `googlebot::` robots.txt API, header-only, over the
// robotstxt C library (robotstxt/robotstxt.h).
//
// A source drop-in for Google's robots.h (github.com/google/robotstxt): it
// declares what Google's header declares, public and protected, in the same
// class hierarchy and order, so code written against Google's API compiles
// unchanged and gives Google's answers; link with -lrobotstxt instead of
// Google's library (abseil is never needed to link). C++11 or later. Its
// internals are in robotstxt/googlebot_internal.h and
// robotstxt/googlebot_string_view.h, which it includes.
//
// absl::string_view, in every signature where Google's header has it, is:
// - abseil's own type when <absl/strings/string_view.h> is reachable
//   (__has_include) or was included before this header, whatever abseil
//   makes of it (std::string_view, or its own class as in Debian's build);
// - otherwise, declared here: an alias of std::string_view from C++17, and
//   before C++17 a small class with the read-only part of string_view's API.
// Define ROBOTSTXT_USE_ABSL_STRING_VIEW to 1 or 0 to force either choice.
// The rule, as for abseil's own ABSL_OPTION_USE_STD_STRING_VIEW: every
// translation unit of a program makes the same choice, and a translation
// unit that uses abseil does not force 0 (absl::string_view would then be
// declared twice, which does not compile).
//
// One definition in every translation unit. Each inline function and class
// here means the same whatever the unit that compiles it was built with:
// exceptions or not, RTTI or not, thread-safe statics or not, any
// visibility. So a program may mix such units, and share matchers and
// handlers between them and between shared objects, as with Google's
// library, which compiles its code once. Nothing here reads RTTI, and no
// function keeps a static; the shortcuts and what each relies on:
// - A plain RobotsMatcher (exactly that class, with its own match
//   strategy) answers in the library's compiled matcher, then copies the
//   library's state into Google's protected members; an object of a
//   subclass runs Google's algorithm here (InitUserAgentsAndPath(),
//   ParseRobotsTxt(body, this), disallow()), so each of its overrides is
//   called for every directive. Both give the same answers and the same
//   state. A matcher tells which it is by its vtable pointer: its
//   constructor records the one it was built with (RobotsMatcher's own,
//   from the shared object that constructed it), and a query compares the
//   object's current one with it (a subclass's constructor has replaced
//   it). This relies on the vtable pointer being the first bytes of the
//   object, as in the Itanium C++ ABI (gcc, clang) and MSVC's; elsewhere
//   every matcher takes the second way. A subclass whose vtable a linker
//   folded into RobotsMatcher's has RobotsMatcher's functions, so the first
//   way gives it the same answers.
// - ParseRobotsTxt() asks the library for no line metadata when the
//   handler keeps RobotsParseHandler's ReportLineMetadata(), which does
//   nothing; told from the handler's vtable on gcc and clang
//   (robotstxt/googlebot_internal.h says how, and what that relies on).
// - A handler's exception is caught before it could reach the library's
//   frames and thrown again once the library has returned, by code that
//   translation units built with exceptions define
//   (robotstxt/googlebot_internal.h, "Exceptions from handlers").
//
// Differences a caller can observe:
// - RobotsMatchStrategy, which Google's header only declares, is defined
//   here (MatchAllow, MatchDisallow, the protected static Matches).
//   match_strategy_ points at a strategy the matcher holds (not one it
//   deletes); a subclass may point it at a strategy of its own, which it
//   keeps alive, and its queries then run in this header.
// - GetPathParamsQuery() and MaybeEscapePattern(), which Google defines in
//   robots.cc for its tests, are declared here too (and may be declared
//   again by the caller, as Google's tests do).
// - GetKeyType() accepts a NULL is_acceptable_typo; ParseRobotsTxt() with a
//   NULL handler does nothing; AllowedByRobots() with NULL user_agents
//   queries no agent.
// - After AllowedByRobots() and OneAgentAllowedByRobots() return, path_
//   (and, for OneAgentAllowedByRobots(), user_agents_) is NULL where
//   Google's points at a destroyed object. When an exception (from a
//   subclass's handler, say) leaves either, path_ and user_agents_ are both
//   NULL, never pointers to what the unwinding destroyed.
// - A C++ exception thrown by a RobotsParseHandler callback stops the
//   callbacks for that parse and is rethrown from ParseRobotsTxt().
// - A failure of the library (memory exhausted, or an internal error, which
//   is a bug) throws std::bad_alloc, the one exception Google's API can
//   throw (robotstxt/googlebot_internal.h says how without exceptions).
//
// Copyright the robotstxt authors. SPDX-License-Identifier: Apache-2.0

#ifndef ROBOTSTXT_GOOGLEBOT_ROBOTS_H_
#define ROBOTSTXT_GOOGLEBOT_ROBOTS_H_

#include <cstddef>
#include <string>
#include <vector>

#include "robotstxt/googlebot_string_view.h"
#include "robotstxt/robotstxt.h"

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
inline KeyType GetKeyType(absl::string_view key, bool* is_acceptable_typo) {
  bool robotstxt_typo = false;
  const robotstxt_key_type key_type =
      robotstxt_get_key_type(key.data(), key.size(), &robotstxt_typo);
  if (is_acceptable_typo != nullptr) *is_acceptable_typo = robotstxt_typo;
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

  virtual void HandleUserAgent(int line_num, absl::string_view value) = 0;
  virtual void HandleAllow(int line_num, absl::string_view value) = 0;
  virtual void HandleDisallow(int line_num, absl::string_view value) = 0;

  virtual void HandleSitemap(int line_num, absl::string_view value) = 0;

  // A key-value line whose key is not recognised.
  virtual void HandleUnknownAction(int line_num, absl::string_view action,
                                   absl::string_view value) = 0;

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

}  // namespace googlebot

// The internals, which need RobotsParseHandler.
#include "robotstxt/googlebot_internal.h"

namespace googlebot {

// Parses a robots.txt body and reports its directives to parse_callback, in
// file order. Accepts any bytes; typos such as "disalow" are accepted.
inline void ParseRobotsTxt(absl::string_view robots_body,
                           RobotsParseHandler* parse_callback) {
  if (parse_callback == nullptr) return;
  robotstxt_internal::robotstxt_parse_context robotstxt_context;
  robotstxt_context.robotstxt_handler = parse_callback;
  const robotstxt_status robotstxt_result =
      robotstxt_internal::robotstxt_run_parse(
          robots_body.data(), robots_body.size(), &robotstxt_context);
  robotstxt_internal::robotstxt_finish_parse(&robotstxt_context,
                                             robotstxt_result);
}

// The path, params and query of url, always starting with '/'; the scheme,
// authority and fragment are dropped.
inline std::string GetPathParamsQuery(const std::string& url) {
  // The result is at most one byte longer than url, plus the C API's NUL.
  std::string path(url.size() + 2, '\0');
  std::size_t robotstxt_len = 0;
  const robotstxt_status robotstxt_result = robotstxt_get_path_params_query(
      url.data(), url.size(), &path[0], path.size(), &robotstxt_len);
  if (robotstxt_result != ROBOTSTXT_STATUS_OK) {
    // Released before the failure is thrown (see robotstxt_fail()).
    std::string().swap(path);
    robotstxt_internal::robotstxt_fail();
  }
  path.resize(robotstxt_len);
  return path;
}

// Normalises an allow/disallow pattern: %-escapes get upper-case hex digits
// and bytes from 0x80 up are %-escaped. Returns false and sets *dst
// to src when nothing changes; otherwise returns true and sets *dst to a new
// NUL-terminated string allocated with new[], which the caller delete[]s.
inline bool MaybeEscapePattern(const char* src, char** dst) {
  const std::size_t src_len = std::string::traits_type::length(src);
  std::size_t robotstxt_len = 0;
  bool robotstxt_escaped = false;
  const robotstxt_status robotstxt_probe = robotstxt_maybe_escape_pattern(
      src, src_len, nullptr, 0, &robotstxt_len, &robotstxt_escaped);
  if (robotstxt_probe != ROBOTSTXT_STATUS_BUFFER_TOO_SMALL) {
    robotstxt_internal::robotstxt_check(robotstxt_probe);
  }
  if (!robotstxt_escaped) {
    *dst = const_cast<char*>(src);
    return false;
  }
  char* robotstxt_out = new char[robotstxt_len + 1];
  const robotstxt_status robotstxt_result = robotstxt_maybe_escape_pattern(
      src, src_len, robotstxt_out, robotstxt_len + 1, &robotstxt_len, nullptr);
  if (robotstxt_result != ROBOTSTXT_STATUS_OK) {
    delete[] robotstxt_out;
    robotstxt_internal::robotstxt_fail();
  }
  *dst = robotstxt_out;
  return true;
}

// How a rule's pattern is matched against the URL path: the priority of the
// match (Google's longest-match strategy: the pattern length), or a
// negative value for no match. Google's robots.h only declares this class;
// its definition here follows Google's robots.cc.
class RobotsMatchStrategy {
 public:
  virtual ~RobotsMatchStrategy() = default;

  virtual int MatchAllow(absl::string_view path, absl::string_view pattern) = 0;
  virtual int MatchDisallow(absl::string_view path,
                            absl::string_view pattern) = 0;

 protected:
  // Robots.txt pattern matching: anchored at the start of the path, '*'
  // matches any run of bytes, and '$' anchors the end only as the last byte
  // of the pattern.
  static bool Matches(absl::string_view path, absl::string_view pattern) {
    return robotstxt_pattern_matches(path.data(), path.size(), pattern.data(),
                                     pattern.size());
  }
};

namespace robotstxt_internal {

// Google's default strategy: a match's priority is the pattern's length.
class robotstxt_longest_match_strategy : public RobotsMatchStrategy {
 public:
  int MatchAllow(absl::string_view path, absl::string_view pattern) override {
    return Matches(path, pattern) ? static_cast<int>(pattern.size()) : -1;
  }
  int MatchDisallow(absl::string_view path,
                    absl::string_view pattern) override {
    return Matches(path, pattern) ? static_cast<int>(pattern.size()) : -1;
  }
};

}  // namespace robotstxt_internal

// Decides whether a URL may be fetched under a robots.txt body, with
// Google's longest-match rules. Reusable for many queries, but not
// thread-safe: use one per thread.
class RobotsMatcher : protected RobotsParseHandler {
 public:
  RobotsMatcher()
      : seen_global_agent_(false),
        seen_specific_agent_(false),
        ever_seen_specific_agent_(false),
        seen_separator_(false),
        path_(nullptr),
        user_agents_(nullptr),
        match_strategy_(&robotstxt_strategy_),
        robotstxt_handle_(nullptr),
        robotstxt_own_vtable_(nullptr) {
    // In this body the object's vtable pointer is RobotsMatcher's own (the
    // copy of the shared object that runs this constructor); a subclass's
    // constructor, which runs after, replaces it.
    robotstxt_own_vtable_ = robotstxt_internal::robotstxt_first_pointer(this);
  }

  ~RobotsMatcher() override { robotstxt_matcher_free(robotstxt_handle_); }

  RobotsMatcher(const RobotsMatcher&) = delete;
  RobotsMatcher& operator=(const RobotsMatcher&) = delete;

  // Whether user_agent is one rules may be obeyed for: not empty and made
  // only of [a-zA-Z_-].
  static bool IsValidUserAgentToObey(absl::string_view user_agent) {
    return user_agent.size() > 0 &&
           ExtractUserAgent(user_agent).size() == user_agent.size();
  }

  // Whether url may be fetched by any of user_agents (NULL: none). url must
  // be %-encoded according to RFC 3986.
  bool AllowedByRobots(absl::string_view robots_body,
                       const std::vector<std::string>* user_agents,
                       const std::string& url) {
    // Until this query sets them, nothing an exception could leave behind.
    path_ = nullptr;
    user_agents_ = nullptr;
    if (robotstxt_is_plain()) {
      robotstxt_internal::robotstxt_check(
          robotstxt_library_query(robots_body, user_agents, url));
      robotstxt_load_state();
      user_agents_ = user_agents;
      return !disallow();
    }
    robotstxt_internal::robotstxt_parse_context robotstxt_context;
    const robotstxt_status robotstxt_result = robotstxt_handlers_query(
        robots_body, user_agents, url, &robotstxt_context);
    robotstxt_finish(&robotstxt_context, robotstxt_result);
    return !disallow();
  }

  // AllowedByRobots() for a single user agent.
  bool OneAgentAllowedByRobots(absl::string_view robots_txt,
                               const std::string& user_agent,
                               const std::string& url) {
    path_ = nullptr;
    user_agents_ = nullptr;
    if (robotstxt_is_plain()) {
      bool robotstxt_allowed = false;
      robotstxt_internal::robotstxt_check(
          robotstxt_matcher_one_agent_allowed_by_robots(
              robotstxt_matcher_handle(), robots_txt.data(), robots_txt.size(),
              user_agent.data(), user_agent.size(), url.data(), url.size(),
              &robotstxt_allowed));
      robotstxt_load_state();
      return !disallow();
    }
    robotstxt_internal::robotstxt_parse_context robotstxt_context;
    robotstxt_status robotstxt_result = ROBOTSTXT_STATUS_OK;
    {
      std::vector<std::string> v;
      v.push_back(user_agent);
      robotstxt_result =
          robotstxt_handlers_query(robots_txt, &v, url, &robotstxt_context);
      user_agents_ = nullptr;
    }
    robotstxt_finish(&robotstxt_context, robotstxt_result);
    return !disallow();
  }

  // Whether the last query's URL is disallowed.
  bool disallow() const {
    if (allow_.specific.priority() > 0 || disallow_.specific.priority() > 0) {
      return disallow_.specific.priority() > allow_.specific.priority();
    }
    if (ever_seen_specific_agent_) {
      // The agent's own group exists but has no non-empty match.
      return false;
    }
    if (disallow_.global.priority() > 0 || allow_.global.priority() > 0) {
      return disallow_.global.priority() > allow_.global.priority();
    }
    return false;
  }

  // Whether the last query's URL is disallowed by the queried agents' own
  // groups, ignoring the global ("*") group.
  bool disallow_ignore_global() const {
    if (allow_.specific.priority() > 0 || disallow_.specific.priority() > 0) {
      return disallow_.specific.priority() > allow_.specific.priority();
    }
    return false;
  }

  // Whether the last robots.txt had a group naming a queried agent.
  bool ever_seen_specific_agent() const { return ever_seen_specific_agent_; }

  // The line of the rule that decided the last query, or 0 if none did.
  int matching_line() const {
    if (ever_seen_specific_agent_) {
      return Match::HigherPriorityMatch(disallow_.specific, allow_.specific)
          .line();
    }
    return Match::HigherPriorityMatch(disallow_.global, allow_.global).line();
  }

 protected:
  // Parse callbacks, with Google's semantics. A subclass may override them
  // (and call these); AllowedByRobots() then calls them for every
  // directive.
  void HandleRobotsStart() override {
    allow_.Clear();
    disallow_.Clear();
    seen_global_agent_ = false;
    seen_specific_agent_ = false;
    ever_seen_specific_agent_ = false;
    seen_separator_ = false;
  }
  void HandleRobotsEnd() override {}

  void HandleUserAgent(int /*line_num*/,
                       absl::string_view user_agent) override {
    if (seen_separator_) {
      seen_specific_agent_ = seen_global_agent_ = seen_separator_ = false;
    }
    // A '*' followed by whitespace and more is still the global group.
    if (user_agent.size() >= 1 && user_agent.data()[0] == '*' &&
        (user_agent.size() == 1 ||
         robotstxt_internal::robotstxt_is_space(user_agent.data()[1]))) {
      seen_global_agent_ = true;
    } else if (user_agents_ != nullptr) {
      const absl::string_view agent_name = ExtractUserAgent(user_agent);
      for (const std::string& agent : *user_agents_) {
        if (robotstxt_internal::robotstxt_equals_ignore_case(
                agent_name.data(), agent_name.size(), agent.data(),
                agent.size())) {
          ever_seen_specific_agent_ = seen_specific_agent_ = true;
          break;
        }
      }
    }
  }

  void HandleAllow(int line_num, absl::string_view value) override {
    if (!seen_any_agent()) return;
    seen_separator_ = true;
    const int priority = match_strategy_->MatchAllow(robotstxt_path(), value);
    if (priority >= 0) {
      Match& robotstxt_best =
          seen_specific_agent_ ? allow_.specific : allow_.global;
      if (robotstxt_best.priority() < priority)
        robotstxt_best.Set(priority, line_num);
      return;
    }
    // Google's index.htm rule: an allow pattern whose last segment starts
    // with "/index.htm" also allows the directory itself, as "<dir>/$".
    const char* robotstxt_data = value.data();
    std::size_t robotstxt_slash = value.size();
    while (robotstxt_slash > 0 && robotstxt_data[robotstxt_slash - 1] != '/')
      --robotstxt_slash;
    if (robotstxt_slash == 0) return;
    --robotstxt_slash;
    const char robotstxt_index_htm[] = "/index.htm";
    const std::size_t index_len = sizeof(robotstxt_index_htm) - 1;
    if (value.size() - robotstxt_slash < index_len ||
        std::string::traits_type::compare(robotstxt_data + robotstxt_slash,
                                          robotstxt_index_htm,
                                          index_len) != 0) {
      return;
    }
    std::string pattern(robotstxt_data, robotstxt_slash + 1);
    pattern += '$';
    HandleAllow(line_num, absl::string_view(pattern.data(), pattern.size()));
  }

  void HandleDisallow(int line_num, absl::string_view value) override {
    if (!seen_any_agent()) return;
    seen_separator_ = true;
    const int priority =
        match_strategy_->MatchDisallow(robotstxt_path(), value);
    if (priority >= 0) {
      Match& robotstxt_best =
          seen_specific_agent_ ? disallow_.specific : disallow_.global;
      if (robotstxt_best.priority() < priority)
        robotstxt_best.Set(priority, line_num);
    }
  }

  void HandleSitemap(int /*line_num*/, absl::string_view /*value*/) override {}
  void HandleUnknownAction(int /*line_num*/, absl::string_view /*action*/,
                           absl::string_view /*value*/) override {}

 protected:
  // The matchable part of a user agent: its leading run of [a-zA-Z_-]
  // ("Googlebot/2.1" gives "Googlebot").
  static absl::string_view ExtractUserAgent(absl::string_view user_agent) {
    std::size_t end = 0;
    while (
        end < user_agent.size() &&
        robotstxt_internal::robotstxt_is_agent_byte(user_agent.data()[end])) {
      ++end;
    }
    return absl::string_view(user_agent.data(), end);
  }

  // Sets the agents and the path (only the path, params and query of a
  // URL, starting with '/') that the following parse matches. Neither is
  // copied: both must outlive the parse.
  void InitUserAgentsAndPath(const std::vector<std::string>* user_agents,
                             const char* path) {
    path_ = path;
    user_agents_ = user_agents;
  }

  // Whether the parse is inside a group that applies.
  bool seen_any_agent() const {
    return seen_global_agent_ || seen_specific_agent_;
  }

  // The priority of the best match of a rule kind and its line. A priority
  // of -1 is no match, so that a match of priority 0 (the empty pattern)
  // ranks above none.
  class Match {
   private:
    static const int kNoMatchPriority = -1;

   public:
    Match(int priority, int line) : priority_(priority), line_(line) {}
    Match() : priority_(kNoMatchPriority), line_(0) {}

    void Set(int priority, int line) {
      priority_ = priority;
      line_ = line;
    }

    void Clear() { Set(kNoMatchPriority, 0); }

    int line() const { return line_; }
    int priority() const { return priority_; }

    static const Match& HigherPriorityMatch(const Match& a, const Match& b) {
      if (a.priority() > b.priority()) {
        return a;
      } else {
        return b;
      }
    }

   private:
    int priority_;
    int line_;
  };

  // The best matches in the global ('*') groups and in the groups of the
  // queried agents.
  struct MatchHierarchy {
    Match global;
    Match specific;
    void Clear() {
      global.Clear();
      specific.Clear();
    }
  };
  MatchHierarchy allow_;     // Best Allow matches.
  MatchHierarchy disallow_;  // Best Disallow matches.

  bool seen_global_agent_;         // Inside a group that includes '*'.
  bool seen_specific_agent_;       // Inside a group naming a queried agent.
  bool ever_seen_specific_agent_;  // Some group named a queried agent.
  bool seen_separator_;            // The current group had a rule line.

  // The path being matched; not owned, valid during a query only.
  const char* path_;
  // The agents being matched; not owned, valid during a query only.
  const std::vector<std::string>* user_agents_;

  // Google's longest-match strategy, owned by the matcher.
  RobotsMatchStrategy* match_strategy_;

 private:
  // Whether this object is exactly a RobotsMatcher with its own strategy, so
  // that the library's matcher may answer for the handlers above: its
  // vtable pointer is still the one its RobotsMatcher constructor recorded
  // (robots.h's opening comment says what this relies on).
  bool robotstxt_is_plain() const {
#if defined(__GNUC__) || defined(__clang__) || defined(_MSC_VER)
    return match_strategy_ == &robotstxt_strategy_ &&
           robotstxt_internal::robotstxt_first_pointer(this) ==
               robotstxt_own_vtable_;
#else
    return false;
#endif
  }

  // The plain query, in the library's matcher. Holds nothing once it
  // returns the library's status.
  robotstxt_status robotstxt_library_query(
      absl::string_view robots_body,
      const std::vector<std::string>* user_agents, const std::string& url) {
    robotstxt_matcher* robotstxt_m = robotstxt_matcher_handle();
    robotstxt_str agents_inline[4];
    std::vector<robotstxt_str> agents_heap;
    robotstxt_str* robotstxt_agents = agents_inline;
    std::size_t agent_count = 0;
    if (user_agents != nullptr) {
      agent_count = user_agents->size();
      if (agent_count > 4) {
        agents_heap.resize(agent_count);
        robotstxt_agents = agents_heap.data();
      }
      for (std::size_t i = 0; i < agent_count; ++i) {
        robotstxt_agents[i].ptr = (*user_agents)[i].data();
        robotstxt_agents[i].len = (*user_agents)[i].size();
      }
    }
    bool robotstxt_allowed = false;
    return robotstxt_matcher_allowed_by_robots(
        robotstxt_m, robots_body.data(), robots_body.size(), robotstxt_agents,
        agent_count, url.data(), url.size(), &robotstxt_allowed);
  }

  // Google's algorithm: every directive goes through the (possibly
  // overridden) handlers. A handler's exception is left in the context;
  // path_ is NULL again when this returns, and the path it pointed at
  // released.
  robotstxt_status robotstxt_handlers_query(
      absl::string_view robots_body,
      const std::vector<std::string>* user_agents, const std::string& url,
      robotstxt_internal::robotstxt_parse_context* robotstxt_context) {
    const std::string path = GetPathParamsQuery(url);
    InitUserAgentsAndPath(user_agents, path.c_str());
    robotstxt_context->robotstxt_handler = this;
    const robotstxt_status robotstxt_result =
        robotstxt_internal::robotstxt_run_parse(
            robots_body.data(), robots_body.size(), robotstxt_context);
    path_ = nullptr;
    return robotstxt_result;
  }

  // Ends a query of the handlers: throws what a handler threw, or
  // std::bad_alloc for a failure of the library, with path_ and
  // user_agents_ NULL; the query's locals are released by then, so no
  // frame is left holding anything when the exception passes.
  void robotstxt_finish(
      robotstxt_internal::robotstxt_parse_context* robotstxt_context,
      robotstxt_status robotstxt_result) {
    if (robotstxt_context->robotstxt_error ||
        robotstxt_result != ROBOTSTXT_STATUS_OK) {
      user_agents_ = nullptr;
      robotstxt_internal::robotstxt_finish_parse(robotstxt_context,
                                                 robotstxt_result);
    }
  }

  // The library's matcher, made on first use.
  robotstxt_matcher* robotstxt_matcher_handle() {
    if (robotstxt_handle_ == nullptr) {
      robotstxt_handle_ = robotstxt_matcher_new();
      if (robotstxt_handle_ == nullptr) robotstxt_internal::robotstxt_fail();
    }
    return robotstxt_handle_;
  }

  // Copies the state the library's matcher left into Google's members.
  void robotstxt_load_state() {
    robotstxt_matcher_state robotstxt_state;
    robotstxt_internal::robotstxt_check(
        robotstxt_matcher_get_state(robotstxt_handle_, &robotstxt_state));
    allow_.global.Set(
        robotstxt_state.allow_global.priority,
        robotstxt_internal::robotstxt_line(robotstxt_state.allow_global.line));
    allow_.specific.Set(robotstxt_state.allow_specific.priority,
                        robotstxt_internal::robotstxt_line(
                            robotstxt_state.allow_specific.line));
    disallow_.global.Set(robotstxt_state.disallow_global.priority,
                         robotstxt_internal::robotstxt_line(
                             robotstxt_state.disallow_global.line));
    disallow_.specific.Set(robotstxt_state.disallow_specific.priority,
                           robotstxt_internal::robotstxt_line(
                               robotstxt_state.disallow_specific.line));
    seen_global_agent_ = robotstxt_state.seen_global_agent;
    seen_specific_agent_ = robotstxt_state.seen_specific_agent;
    ever_seen_specific_agent_ = robotstxt_state.ever_seen_specific_agent;
    seen_separator_ = robotstxt_state.seen_separator;
    path_ = nullptr;
  }

  // path_ as Google's handlers read it: a C string (empty when unset).
  absl::string_view robotstxt_path() const {
    return path_ == nullptr
               ? absl::string_view()
               : absl::string_view(path_,
                                   std::string::traits_type::length(path_));
  }

  robotstxt_internal::robotstxt_longest_match_strategy robotstxt_strategy_;
  robotstxt_matcher* robotstxt_handle_;
  // The vtable pointer RobotsMatcher's constructor saw.
  const void* robotstxt_own_vtable_;
};

}  // namespace googlebot

#endif  // ROBOTSTXT_GOOGLEBOT_ROBOTS_H_
