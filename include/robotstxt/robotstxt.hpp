// robotstxt.hpp: the parse-once robots.txt object and the crawler helpers of
// the robotstxt C library (robotstxt.h), as header-only C++17.
//
// Namespace robotstxt (Google's drop-in API is googlebot::, in robots.h; the
// two can be used side by side). Link with -lrobotstxt.
//
//   auto robots = robotstxt::Robots::parse(body);         // once per host
//   if (robots.allowed("FooBot", url)) { ... }              // from any thread
//
// Errors: a failed allocation throws std::bad_alloc; an argument the C
// library refuses (only a moved-from object gets there) throws
// std::invalid_argument; an index past the end std::out_of_range; an
// internal error of the library (a bug) std::runtime_error.
//
// Every function is inline, so the header can be included in any number of
// translation units of one program.
//
// Copyright the robotstxt authors. SPDX-License-Identifier: Apache-2.0

#ifndef ROBOTSTXT_ROBOTSTXT_HPP_
#define ROBOTSTXT_ROBOTSTXT_HPP_

// Errors are exceptions here, so every translation unit that includes this
// header is built with them (and its inline functions have one definition
// in a program that mixes units built with and without).
#if !(defined(__cpp_exceptions) || defined(__EXCEPTIONS) || \
      (defined(_MSC_VER) && defined(_CPPUNWIND)))
#error "robotstxt.hpp reports errors as C++ exceptions: build with exceptions, or use robots.h or robotstxt.h, which build either way"
#endif

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "robotstxt.h"

namespace robotstxt {

// Internals of this header.
namespace detail {

// Turns a failed C call into an exception.
inline void Check(robotstxt_status status) {
  switch (status) {
    case ROBOTSTXT_STATUS_OK:
      return;
    case ROBOTSTXT_STATUS_NULL_ARGUMENT:
      throw std::invalid_argument(
          "robotstxt: NULL handle or string (a moved-from object?)");
    case ROBOTSTXT_STATUS_OUT_OF_RANGE:
      throw std::out_of_range("robotstxt: index out of range");
    case ROBOTSTXT_STATUS_OUT_OF_MEMORY:
      throw std::bad_alloc();
    default:
      throw std::runtime_error("robotstxt: internal error in the library");
  }
}

inline std::string_view View(robotstxt_str s) {
  return std::string_view(s.ptr, s.len);
}

inline robotstxt_str Str(std::string_view s) {
  return robotstxt_str{s.data(), s.size()};
}

// Whole seconds since the Unix epoch, as the C API counts time; times
// before the epoch count as the epoch. (std::chrono::system_clock measures
// from the Unix epoch: guaranteed from C++20, and so in every C++17
// implementation.)
inline std::uint64_t EpochSeconds(std::chrono::system_clock::time_point t) {
  const auto secs =
      std::chrono::duration_cast<std::chrono::seconds>(t.time_since_epoch())
          .count();
  return secs < 0 ? 0 : static_cast<std::uint64_t>(secs);
}

// The inverse, clamped to what system_clock can represent.
inline std::chrono::system_clock::time_point TimePoint(std::uint64_t secs) {
  using std::chrono::system_clock;
  const auto max_secs = std::chrono::duration_cast<std::chrono::seconds>(
                            system_clock::time_point::max().time_since_epoch())
                            .count();
  if (secs >= static_cast<std::uint64_t>(max_secs)) {
    return system_clock::time_point::max();
  }
  const std::chrono::seconds d(static_cast<std::chrono::seconds::rep>(secs));
  return system_clock::time_point(
      std::chrono::duration_cast<system_clock::duration>(d));
}

// The agents of one query as the C API takes them, without allocating for
// the usual handful.
class AgentList {
 public:
  template <typename Range>
  explicit AgentList(const Range& agents) {
    const std::size_t n = static_cast<std::size_t>(agents.size());
    robotstxt_str* out = local_;
    if (n > kLocal) {
      heap_.resize(n);
      out = heap_.data();
    }
    for (const auto& agent : agents) *out++ = Str(agent);
    data_ = n > kLocal ? heap_.data() : local_;
    size_ = n;
  }
  AgentList(const AgentList&) = delete;
  AgentList& operator=(const AgentList&) = delete;

  const robotstxt_str* data() const { return data_; }
  std::size_t size() const { return size_; }

 private:
  static constexpr std::size_t kLocal = 8;
  robotstxt_str local_[kLocal] = {};
  std::vector<robotstxt_str> heap_;
  const robotstxt_str* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace detail

// The answer to one query: what googlebot::RobotsMatcher reports after
// AllowedByRobots() with the same body, agents and URL.
struct Answer {
  // Whether the URL may be fetched.
  bool allowed = true;
  // The line (from 1) of the rule that decided, or 0 when no rule matched.
  std::uint32_t matching_line = 0;
  // Whether a group names one of the queried agents (then the '*' groups do
  // not apply).
  bool ever_seen_specific_agent = false;
  // Whether the groups naming the queried agents alone disallow the URL.
  bool disallow_ignore_global = false;

  friend bool operator==(const Answer& a, const Answer& b) {
    return a.allowed == b.allowed && a.matching_line == b.matching_line &&
           a.ever_seen_specific_agent == b.ever_seen_specific_agent &&
           a.disallow_ignore_global == b.disallow_ignore_global;
  }
  friend bool operator!=(const Answer& a, const Answer& b) { return !(a == b); }
};

namespace detail {
inline Answer ToAnswer(const robotstxt_answer& a) {
  Answer answer;
  answer.allowed = a.allowed;
  answer.matching_line = a.matching_line;
  answer.ever_seen_specific_agent = a.ever_seen_specific_agent;
  answer.disallow_ignore_global = a.disallow_ignore_global;
  return answer;
}
}  // namespace detail

// A Robots narrowed to a fixed list of agents: only the rules that apply to
// them, merged into one index, so that check() does only the path work. For
// a crawler that asks with the same agents millions of times. Its answers
// are those of Robots::check with the same agents. Immutable: any number of
// threads may query one Compiled at the same time without locks. It holds
// its own copy of the rules and outlives the Robots it came from.
// Move-only; a moved-from Compiled may only be destroyed or assigned to.
class Compiled {
 public:
  Compiled(Compiled&& other) noexcept
      : compiled_(std::exchange(other.compiled_, nullptr)) {}
  Compiled& operator=(Compiled&& other) noexcept {
    if (this != &other) {
      robotstxt_compiled_free(compiled_);
      compiled_ = std::exchange(other.compiled_, nullptr);
    }
    return *this;
  }
  Compiled(const Compiled&) = delete;
  Compiled& operator=(const Compiled&) = delete;
  ~Compiled() { robotstxt_compiled_free(compiled_); }

  // Whether url may be fetched by the agents, with the details of the
  // decision. url must be %-encoded (RFC 3986).
  Answer check(std::string_view url) const {
    robotstxt_answer a{};
    detail::Check(
        robotstxt_compiled_check(compiled_, url.data(), url.size(), &a));
    return detail::ToAnswer(a);
  }

  // Whether url may be fetched by the agents.
  bool allowed(std::string_view url) const {
    bool result = false;
    detail::Check(
        robotstxt_compiled_allowed(compiled_, url.data(), url.size(), &result));
    return result;
  }

  // The bytes of memory it holds.
  std::size_t heap_bytes() const {
    return robotstxt_compiled_heap_bytes(compiled_);
  }

  // The C handle, for calling the C API directly. Still owned by this object.
  const robotstxt_compiled* c_handle() const noexcept { return compiled_; }

 private:
  friend class Robots;
  explicit Compiled(robotstxt_compiled* compiled) noexcept
      : compiled_(compiled) {}

  robotstxt_compiled* compiled_;
};

// Whether a rule allows or disallows.
enum class RuleKind {
  kAllow = ROBOTSTXT_RULE_KIND_ALLOW,
  kDisallow = ROBOTSTXT_RULE_KIND_DISALLOW,
};

// An allow or disallow line of a group. The pattern is %-escaped as the
// parser hands it over (upper-case hex digits, bytes from 0x80 up escaped).
struct Rule {
  RuleKind kind = RuleKind::kAllow;
  std::string_view pattern;
  std::uint32_t line = 0;
};

// A usage preference with the line that stated it (Content-Signal or
// Content-Usage); see Preferences.
struct Stated {
  // True for yes / allowed, false for no / disallowed.
  bool allowed = false;
  std::uint32_t line = 0;
};

// The usage preferences that apply to an agent for a URL (an extension: no
// verdict uses them). Empty optionals are unknown; when allowed is false the
// URL may not be fetched and no preference applies.
struct Preferences {
  bool allowed = false;
  // Content-Signal (Cloudflare's Content Signals Policy).
  std::optional<Stated> signal_search;
  std::optional<Stated> signal_ai_input;
  std::optional<Stated> signal_ai_train;
  // Content-Usage (draft-ietf-aipref-vocab-08).
  std::optional<Stated> usage_train_ai;
  std::optional<Stated> usage_search;
  std::optional<Stated> usage_ai_use;
  // Content-Signal's use= item (ROBOTSTXT_CONTENT_USE_NONE when none
  // applies) and its line.
  robotstxt_content_use content_use = ROBOTSTXT_CONTENT_USE_NONE;
  uint32_t content_use_line = 0;
};

// A Request-rate: at most `requests` requests every `seconds` seconds, in
// the UTC window [window_start, window_end] (minutes after midnight) when
// there is one.
struct RequestRate {
  std::uint32_t requests = 0;
  std::uint32_t seconds = 0;
  std::optional<std::pair<std::uint16_t, std::uint16_t>> window;
};

namespace detail {
inline std::optional<Stated> FromC(robotstxt_preference p) {
  if (p.value == ROBOTSTXT_PREFERENCE_VALUE_UNKNOWN) return std::nullopt;
  return Stated{p.value == ROBOTSTXT_PREFERENCE_VALUE_YES, p.line};
}
inline RequestRate FromC(const robotstxt_request_rate& r) {
  RequestRate out{r.requests, r.seconds, std::nullopt};
  if (r.has_window) out.window = std::make_pair(r.window_start, r.window_end);
  return out;
}
}  // namespace detail

// A file-wide value with its line: a License line (RSL 1.0: the URL of the
// site's licence terms) or an LLM-Policy line (a policy document for AI
// crawlers). The value is %-escaped as the parser hands it over.
struct FileValue {
  std::string_view value;
  std::uint32_t line = 0;
};

// A policy token that user-agent lines of the file name
// (draft-kelley-aipref-training-preference-signal-00, written
// __<namespace>_<label> as in draft-kelley-rep-namespaces-00), with the
// line of the first.
struct PolicyToken {
  // As first written: the matchable part, "__usage_ai-training".
  std::string_view token;
  // "usage".
  std::string_view namespace_name;
  // "ai-training".
  std::string_view label;
  // Whether the library knows the token (__usage_ai-training, the training
  // preference); an unknown token's groups are read all the same.
  bool known = false;
  std::uint32_t line = 0;
};

namespace detail {
inline FileValue FromC(const robotstxt_file_value& v) {
  return FileValue{View(v.value), v.line};
}
inline PolicyToken FromC(const robotstxt_policy_token& t) {
  return PolicyToken{View(t.token), View(t.namespace_name), View(t.label),
                     t.known, t.line};
}

// Reads a list the C API copies into the caller's array of C, call(out,
// cap, &len), as Out: into a local array when the usual handful fits, else
// again into one of the length the first call gave (the handle never
// changes, so the length holds).
template <typename Out, typename C, typename Call>
std::vector<Out> ReadList(const Call& call) {
  constexpr std::size_t kLocal = 8;
  C local[kLocal] = {};
  std::size_t len = 0;
  const robotstxt_status status = call(local, kLocal, &len);
  std::vector<Out> out;
  if (status == ROBOTSTXT_STATUS_OK) {
    out.reserve(len);
    for (std::size_t i = 0; i < len; ++i) out.push_back(FromC(local[i]));
    return out;
  }
  if (status != ROBOTSTXT_STATUS_BUFFER_TOO_SMALL) Check(status);
  std::vector<C> all(len);
  Check(call(all.data(), all.size(), &len));
  out.reserve(len);
  for (std::size_t i = 0; i < len; ++i) out.push_back(FromC(all[i]));
  return out;
}
}  // namespace detail

// A user-agent line of a group: the value as written ("FooBot/1.2"; queries
// match its leading [a-zA-Z_-] run) and its line number.
struct Agent {
  std::string_view value;
  std::uint32_t line = 0;
};

// A group: consecutive user-agent lines and the rules after them.
struct Group {
  std::vector<Agent> agents;
  std::vector<Rule> rules;
  // Whether one of the agents is '*'.
  bool is_global = false;
  // The group's first valid crawl-delay, in seconds (an extension: Google
  // ignores crawl-delay, and no verdict uses it).
  std::optional<double> crawl_delay;
  // The group's first valid Request-rate (an extension).
  std::optional<RequestRate> request_rate;
};

// A robots.txt parsed once, answering any number of queries with Google's
// rules, exactly as googlebot::RobotsMatcher would after parsing it again.
//
// Immutable: every query is const, and any number of threads may query one
// Robots at the same time without locks. Move-only; it owns a C
// robotstxt_robots handle. The string_views it hands out (sitemaps, agents,
// patterns) point into that handle: they stay valid, moves included, until
// the object holding the handle is destroyed or assigned to. A moved-from
// Robots may only be destroyed or assigned to.
class Robots {
 public:
  // Parses a robots.txt body; any bytes are accepted, and the body is
  // copied. Throws std::bad_alloc if the library returns no handle.
  static Robots parse(std::string_view body) {
    robotstxt_robots* robots = robotstxt_robots_parse(body.data(), body.size());
    if (robots == nullptr) throw std::bad_alloc();
    return Robots(robots);
  }

  Robots(Robots&& other) noexcept
      : robots_(std::exchange(other.robots_, nullptr)) {}
  Robots& operator=(Robots&& other) noexcept {
    if (this != &other) {
      robotstxt_robots_free(robots_);
      robots_ = std::exchange(other.robots_, nullptr);
    }
    return *this;
  }
  Robots(const Robots&) = delete;
  Robots& operator=(const Robots&) = delete;
  ~Robots() { robotstxt_robots_free(robots_); }

  // Whether url may be fetched by any of agents, with the details of the
  // decision. url must be %-encoded (RFC 3986); only its path, params and
  // query are matched. Give product tokens ("Googlebot"), not full
  // User-Agent headers. With no agents only the '*' groups apply.
  Answer check(const std::vector<std::string>& agents,
               std::string_view url) const {
    return Check(detail::AgentList(agents), url);
  }
  Answer check(std::initializer_list<std::string_view> agents,
               std::string_view url) const {
    return Check(detail::AgentList(agents), url);
  }

  // The rules that apply to agents (those of the groups naming one of them,
  // else those of the '*' groups), compiled for fast repeated queries.
  // Throws std::bad_alloc when memory runs out.
  Compiled compile(const std::vector<std::string>& agents) const {
    return Compile(detail::AgentList(agents));
  }
  Compiled compile(std::initializer_list<std::string_view> agents) const {
    return Compile(detail::AgentList(agents));
  }

  // Whether url may be fetched by agent.
  bool allowed(std::string_view agent, std::string_view url) const {
    bool result = false;
    detail::Check(robotstxt_robots_allowed(robots_, agent.data(), agent.size(),
                                           url.data(), url.size(), &result));
    return result;
  }

  // The sitemap values, in file order (they may appear anywhere in the file).
  std::vector<std::string_view> sitemaps() const {
    const std::size_t n = robotstxt_robots_sitemap_count(robots_);
    std::vector<std::string_view> out;
    out.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
      robotstxt_str s{};
      detail::Check(robotstxt_robots_sitemap(robots_, i, &s));
      out.push_back(detail::View(s));
    }
    return out;
  }

  // The groups, in file order. Rules before the first user-agent line
  // belong to no group and are not listed.
  std::vector<Group> groups() const {
    const std::size_t n = robotstxt_robots_group_count(robots_);
    std::vector<Group> out(n);
    for (std::size_t g = 0; g < n; ++g) {
      Group& group = out[g];
      const std::size_t agents = robotstxt_robots_group_agent_count(robots_, g);
      group.agents.reserve(agents);
      for (std::size_t i = 0; i < agents; ++i) {
        robotstxt_group_agent a{};
        detail::Check(robotstxt_robots_group_agent(robots_, g, i, &a));
        group.agents.push_back(Agent{detail::View(a.value), a.line});
      }
      const std::size_t rules = robotstxt_robots_group_rule_count(robots_, g);
      group.rules.reserve(rules);
      for (std::size_t i = 0; i < rules; ++i) {
        robotstxt_rule r{};
        detail::Check(robotstxt_robots_group_rule(robots_, g, i, &r));
        group.rules.push_back(Rule{static_cast<RuleKind>(r.kind),
                                   detail::View(r.pattern), r.line});
      }
      group.is_global = robotstxt_robots_group_is_global(robots_, g);
      double delay = 0;
      const robotstxt_status status =
          robotstxt_robots_group_crawl_delay(robots_, g, &delay);
      if (status == ROBOTSTXT_STATUS_OK) {
        group.crawl_delay = delay;
      } else if (status != ROBOTSTXT_STATUS_NOT_FOUND) {
        detail::Check(status);
      }
      robotstxt_request_rate rate{};
      const robotstxt_status rate_status =
          robotstxt_robots_group_request_rate(robots_, g, &rate);
      if (rate_status == ROBOTSTXT_STATUS_OK) {
        group.request_rate = detail::FromC(rate);
      } else if (rate_status != ROBOTSTXT_STATUS_NOT_FOUND) {
        detail::Check(rate_status);
      }
    }
    return out;
  }

  // The crawl-delay, in seconds, that applies to agent: the first valid one
  // of the groups naming it, else of the '*' groups. An extension: Google
  // ignores crawl-delay, and no verdict uses it.
  std::optional<double> crawl_delay(std::string_view agent) const {
    double delay = 0;
    const robotstxt_status status = robotstxt_robots_crawl_delay(
        robots_, agent.data(), agent.size(), &delay);
    if (status == ROBOTSTXT_STATUS_NOT_FOUND) return std::nullopt;
    detail::Check(status);
    return delay;
  }

  // The usage preferences (Content-Signal, Content-Usage) that apply to
  // agent for url, with the line that stated each; see
  // robotstxt_robots_preferences(). An extension: no verdict uses them.
  Preferences preferences(std::string_view agent, std::string_view url) const {
    robotstxt_preferences p{};
    detail::Check(robotstxt_robots_preferences(robots_, agent.data(), agent.size(),
                                               url.data(), url.size(), &p));
    return Preferences{p.allowed,
                       detail::FromC(p.signal_search),
                       detail::FromC(p.signal_ai_input),
                       detail::FromC(p.signal_ai_train),
                       detail::FromC(p.usage_train_ai),
                       detail::FromC(p.usage_search),
                       detail::FromC(p.usage_ai_use),
                       p.content_use,
                       p.content_use_line};
  }

  // The Request-rate that applies to agent: the first valid one of the
  // groups naming it, else of the '*' groups. An extension.
  std::optional<RequestRate> request_rate(std::string_view agent) const {
    robotstxt_request_rate r{};
    const robotstxt_status status = robotstxt_robots_request_rate(
        robots_, agent.data(), agent.size(), &r);
    if (status == ROBOTSTXT_STATUS_NOT_FOUND) return std::nullopt;
    detail::Check(status);
    return detail::FromC(r);
  }

  // The License values (RSL 1.0: the URL of the site's licence terms), in
  // file order: for the whole file wherever the lines stand, absolute URLs
  // only. An extension: no verdict uses them.
  std::vector<FileValue> licenses() const {
    return detail::ReadList<FileValue, robotstxt_file_value>(
        [this](robotstxt_file_value* out, std::size_t cap, std::size_t* len) {
          return robotstxt_robots_licenses(robots_, out, cap, len);
        });
  }

  // The LLM-Policy values, in file order, for the whole file. An extension.
  std::vector<FileValue> llm_policies() const {
    return detail::ReadList<FileValue, robotstxt_file_value>(
        [this](robotstxt_file_value* out, std::size_t cap, std::size_t* len) {
          return robotstxt_robots_llm_policies(robots_, out, cap, len);
        });
  }

  // The policy tokens that user-agent lines of the file name, each once
  // (compared ignoring case), in the order of their first line. Ask what
  // each says with policy(). Throws std::bad_alloc when memory runs out.
  std::vector<PolicyToken> policy_tokens() const {
    return detail::ReadList<PolicyToken, robotstxt_policy_token>(
        [this](robotstxt_policy_token* out, std::size_t cap, std::size_t* len) {
          return robotstxt_robots_policy_tokens(robots_, out, cap, len);
        });
  }

  // What the groups naming the policy token say for url, read as Google
  // reads any group: allowed means the purpose is allowed there, and the
  // rest is what check({token}, url) gives. std::nullopt when no group
  // names the token: a policy token never falls back to the '*' groups,
  // whose rules speak to crawlers. An extension; see
  // robotstxt_robots_policy().
  std::optional<Answer> policy(std::string_view token,
                               std::string_view url) const {
    robotstxt_answer a{};
    const robotstxt_status status = robotstxt_robots_policy(
        robots_, token.data(), token.size(), url.data(), url.size(), &a);
    if (status == ROBOTSTXT_STATUS_NOT_FOUND) return std::nullopt;
    detail::Check(status);
    return detail::ToAnswer(a);
  }

  // The bytes of memory the parsed robots.txt holds (fixed after parsing).
  std::size_t heap_bytes() const {
    return robotstxt_robots_heap_bytes(robots_);
  }

  // The C handle, for calling the C API directly. Still owned by this object.
  const robotstxt_robots* c_handle() const noexcept { return robots_; }

 private:
  explicit Robots(robotstxt_robots* robots) noexcept : robots_(robots) {}

  Answer Check(const detail::AgentList& agents, std::string_view url) const {
    robotstxt_answer a{};
    detail::Check(robotstxt_robots_check(robots_, agents.data(), agents.size(),
                                         url.data(), url.size(), &a));
    return detail::ToAnswer(a);
  }

  Compiled Compile(const detail::AgentList& agents) const {
    robotstxt_compiled* compiled = nullptr;
    detail::Check(robotstxt_robots_compile(robots_, agents.data(),
                                           agents.size(), &compiled));
    return Compiled(compiled);
  }

  robotstxt_robots* robots_;
};

}  // namespace robotstxt

// The crawler side (robots_txt_url, CacheEntry, ...), in a header of its own
// so that each reads on its own; including this header gives both.
#include "robotstxt_crawler.hpp"

#endif  // ROBOTSTXT_ROBOTSTXT_HPP_
