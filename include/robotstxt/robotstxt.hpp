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

// ---------------------------------------------------------------- crawler
//
// The crawler side of RFC 9309 (sections 2.3 to 2.5) and of Google's "How
// Google interprets the robots.txt specification": which robots.txt governs
// a URL, what a fetch result means, how long to keep it.

// Google's size limit, 500 KiB: content after it is ignored. RFC 9309
// makes it the least a parser must read.
inline constexpr std::size_t kMaxRobotsTxtBytes =
    ROBOTSTXT_MAX_ROBOTS_TXT_BYTES;

// How many redirect hops to follow when fetching robots.txt (RFC 9309: at
// least five; Google follows five).
inline constexpr std::uint32_t kMaxRedirectHops = ROBOTSTXT_MAX_REDIRECT_HOPS;

// The most bytes of a URL the functions below parse: a page URL's scheme
// and authority, a robots.txt URL before its fragment. Longer ones have no
// robots.txt; paths, queries and fragments of any length cost nothing.
inline constexpr std::size_t kMaxParsedUrlLen = ROBOTSTXT_MAX_PARSED_URL_LEN;

// The robots.txt URL governing page_url: scheme, host (lowercase, IDNs in
// punycode) and port (dropped when the scheme's default) with the path
// /robots.txt. std::nullopt for a URL without an authority (mailto:, data:,
// file:///), that does not parse, or whose scheme and authority are longer
// than kMaxParsedUrlLen.
inline std::optional<std::string> robots_txt_url(std::string_view page_url) {
  char local[256];
  std::size_t len = 0;
  robotstxt_status status = robotstxt_robots_txt_url(
      page_url.data(), page_url.size(), local, sizeof local, &len);
  if (status == ROBOTSTXT_STATUS_OK) {
    if (len == 0) return std::nullopt;
    return std::string(local, len);
  }
  if (status != ROBOTSTXT_STATUS_BUFFER_TOO_SMALL) detail::Check(status);
  std::string url(len + 1, '\0');
  detail::Check(robotstxt_robots_txt_url(page_url.data(), page_url.size(),
                                         &url[0], url.size(), &len));
  url.resize(len);
  return url;
}

// Whether the robots.txt at robots_url governs page_url: it is a robots.txt
// URL and both have the same scheme, host and port (an IDN equals its
// punycode, a default port equals no port).
inline bool applies_to(std::string_view robots_url, std::string_view page_url) {
  return robotstxt_robots_txt_applies_to(robots_url.data(), robots_url.size(),
                                         page_url.data(), page_url.size());
}

// Whether url is where a robots.txt can be: an absolute URL with a host,
// path exactly /robots.txt and no query.
inline bool is_robots_txt_url(std::string_view url) {
  return robotstxt_is_robots_txt_url(url.data(), url.size());
}

// Whether to follow one more redirect after hops_followed hops: true for the
// first kMaxRedirectHops. When false, record the 3xx: it counts as a 404.
inline bool should_follow_redirect(std::uint32_t hops_followed) {
  return robotstxt_should_follow_redirect(hops_followed);
}

// The max-age of a Cache-Control header value (RFC 9111), if it has a valid
// one.
inline std::optional<std::chrono::seconds> max_age_from_cache_control(
    std::string_view value) {
  std::uint64_t secs = 0;
  if (!robotstxt_max_age_from_cache_control(value.data(), value.size(),
                                            &secs)) {
    return std::nullopt;
  }
  // At most 2^31 seconds (RFC 9111), which seconds always holds.
  return std::chrono::seconds(static_cast<std::chrono::seconds::rep>(secs));
}

// Whose reading to follow where Google's documentation and RFC 9309 differ
// (HTTP 429, unreachable robots.txt, max-age past 24 hours).
enum class Policy : std::uint32_t {
  kGoogle = ROBOTSTXT_POLICY_GOOGLE,
  kRfc9309 = ROBOTSTXT_POLICY_RFC9309,
};

// What the crawler may do with a site's URLs.
enum class Decision {
  // Match URLs against the cached body (CacheEntry::body()).
  kUseRules = ROBOTSTXT_DECISION_USE_RULES,
  // Crawl anything.
  kAllowAll = ROBOTSTXT_DECISION_ALLOW_ALL,
  // Crawl nothing on the site for now.
  kDisallowAll = ROBOTSTXT_DECISION_DISALLOW_ALL,
};

// What a crawler knows about one robots.txt URL (key it by
// robots_txt_url()): the last good body, how long it stays fresh, since
// when the file has been unreachable. Feed it every fetch, ask
// needs_fetch() whether to fetch and decide() what to do with the site's
// URLs. It reads no clock: every call that needs the time takes `now`,
// counted in whole seconds since the Unix epoch (sub-second parts are
// dropped; earlier than a recorded time counts as no time passed).
//
// Move-only; owns a C robotstxt_cache_entry handle. Calls that change it
// (record_*, set_*) need it to themselves; the const ones may run
// concurrently with each other. A moved-from entry may only be destroyed or
// assigned to.
class CacheEntry {
 public:
  using time_point = std::chrono::system_clock::time_point;

  // An entry with nothing fetched yet, a 24-hour lifetime, bodies cut to
  // kMaxRobotsTxtBytes, and the site taken as available.
  explicit CacheEntry(Policy policy = Policy::kGoogle)
      : entry_(robotstxt_cache_entry_new(static_cast<std::uint32_t>(policy))) {
    if (entry_ == nullptr) throw std::bad_alloc();
  }

  CacheEntry(CacheEntry&& other) noexcept
      : entry_(std::exchange(other.entry_, nullptr)) {}
  CacheEntry& operator=(CacheEntry&& other) noexcept {
    if (this != &other) {
      robotstxt_cache_entry_free(entry_);
      entry_ = std::exchange(other.entry_, nullptr);
    }
    return *this;
  }
  CacheEntry(const CacheEntry&) = delete;
  CacheEntry& operator=(const CacheEntry&) = delete;
  ~CacheEntry() { robotstxt_cache_entry_free(entry_); }

  // Records that the fetch at `now` got HTTP status http_status, after the
  // redirects should_follow_redirect() allowed (a 3xx means the crawler
  // stopped following). body is read only for a 2xx, and copied (cut to the
  // size limit); cache_control is the Cache-Control header value, empty if
  // absent. 2xx: use the body; 3xx and 4xx (429 only under kRfc9309): allow
  // all; 5xx, Google's 429 and non-HTTP values (including any outside
  // 0..65535): unreachable, keeping the cached body.
  void record_http(time_point now, int http_status, std::string_view body = {},
                   std::string_view cache_control = {}) {
    const std::uint16_t status = http_status >= 0 && http_status <= 65535
                                     ? static_cast<std::uint16_t>(http_status)
                                     : std::uint16_t{0};
    detail::Check(robotstxt_cache_entry_record_http(
        entry_, detail::EpochSeconds(now), status, body.data(), body.size(),
        cache_control.data(), cache_control.size()));
  }

  // Records that the fetch at `now` failed without an HTTP status (DNS,
  // timeout, refused or reset connection): the file is unreachable.
  void record_network_error(time_point now) {
    detail::Check(robotstxt_cache_entry_record_network_error(
        entry_, detail::EpochSeconds(now)));
  }

  // Whether to fetch the robots.txt at `now`: nothing known yet, or the last
  // result is no longer fresh.
  bool needs_fetch(time_point now) const {
    return robotstxt_cache_entry_needs_fetch(entry_, detail::EpochSeconds(now));
  }

  // What the crawler may do with the site's URLs at `now`. With nothing
  // fetched yet: kDisallowAll (fetch first).
  Decision decide(time_point now) const {
    return static_cast<Decision>(
        robotstxt_cache_entry_decide(entry_, detail::EpochSeconds(now)));
  }

  // The cached body, when the last definitive result was a success. The view
  // points into the entry: it is invalidated by the next record_*() call, a
  // move-assignment to the entry, or its destruction.
  std::optional<std::string_view> body() const {
    std::size_t len = 0;
    const char* data = robotstxt_cache_entry_body(entry_, &len);
    if (data == nullptr) return std::nullopt;
    return std::string_view(data, len);
  }

  // When the last definitive result stops being fresh (needs_fetch() turns
  // true); std::nullopt before one.
  std::optional<time_point> fresh_until() const {
    std::uint64_t secs = 0;
    if (!robotstxt_cache_entry_fresh_until(entry_, &secs)) return std::nullopt;
    return detail::TimePoint(secs);
  }

  // When the current unreachable period began; std::nullopt when the file is
  // not unreachable.
  std::optional<time_point> unreachable_since() const {
    std::uint64_t secs = 0;
    if (!robotstxt_cache_entry_unreachable_since(entry_, &secs)) {
      return std::nullopt;
    }
    return detail::TimePoint(secs);
  }

  // The lifetime of results recorded from now on whose response has no
  // max-age (default 24 hours; under kRfc9309 also the longest a max-age
  // can make it). Negative counts as zero.
  void set_lifetime(std::chrono::seconds lifetime) {
    const auto secs = lifetime.count();
    detail::Check(robotstxt_cache_entry_set_lifetime(
        entry_, secs < 0 ? 0 : static_cast<std::uint64_t>(secs)));
  }

  // How many bytes of bodies recorded from now on are kept (default
  // kMaxRobotsTxtBytes); std::nullopt keeps them whole.
  void set_size_limit(std::optional<std::size_t> max_bytes) {
    const std::size_t limit =
        max_bytes ? *max_bytes : std::numeric_limits<std::size_t>::max();
    detail::Check(robotstxt_cache_entry_set_size_limit(entry_, limit));
  }

  // Whether the rest of the site answers normally (default true). Only
  // kGoogle uses it, after 30 days unreachable: allow all if available,
  // disallow all if not.
  void set_site_available(bool available) {
    detail::Check(robotstxt_cache_entry_set_site_available(entry_, available));
  }

  // The C handle, for calling the C API directly. Still owned by this object.
  const robotstxt_cache_entry* c_handle() const noexcept { return entry_; }
  robotstxt_cache_entry* c_handle() noexcept { return entry_; }

 private:
  robotstxt_cache_entry* entry_;
};

}  // namespace robotstxt

#endif  // ROBOTSTXT_ROBOTSTXT_HPP_
