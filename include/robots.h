// robots.h: Google's `googlebot::` robots.txt API, header-only, over the
// robotstxt C library (robotstxt.h).
//
// A source drop-in for Google's robots.h (github.com/google/robotstxt): it
// declares what Google's header declares, public and protected, in the same
// class hierarchy and order, so code written against Google's API compiles
// unchanged and gives Google's answers; link with -lrobotstxt instead of
// Google's library (abseil is never needed to link). C++11 or later.
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
// RobotsMatcher keeps Google's protected API: the Handle* overrides with
// Google's semantics, ExtractUserAgent(), InitUserAgentsAndPath(),
// seen_any_agent(), Match, MatchHierarchy and the members they fill. A plain
// RobotsMatcher answers AllowedByRobots() in the library's compiled matcher
// and then copies the library's state into those members; an object of a
// subclass runs Google's algorithm in this header (InitUserAgentsAndPath(),
// ParseRobotsTxt(body, this), disallow()), so each of its overrides is
// called for every directive. Both give the same answers and the same state.
// Without RTTI the first way is kept on gcc and clang (the Itanium C++ ABI
// tells RobotsMatcher's own vtable apart); elsewhere every RobotsMatcher
// takes the second way.
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
//   throw; built without exceptions, it aborts.
//
// Copyright the robotstxt authors. SPDX-License-Identifier: Apache-2.0

#ifndef ROBOTSTXT_GOOGLEBOT_ROBOTS_H_
#define ROBOTSTXT_GOOGLEBOT_ROBOTS_H_

#include <cstddef>
#include <string>
#include <vector>

#include "robotstxt/robotstxt.h"

// --- absl::string_view ---

#if defined(_MSVC_LANG) && _MSVC_LANG > __cplusplus
#define ROBOTSTXT_CPLUSPLUS _MSVC_LANG
#else
#define ROBOTSTXT_CPLUSPLUS __cplusplus
#endif

#ifndef ROBOTSTXT_USE_ABSL_STRING_VIEW
#if defined(ABSL_STRINGS_STRING_VIEW_H_)
#define ROBOTSTXT_USE_ABSL_STRING_VIEW 1
#elif defined(__has_include)
#if __has_include(<absl/strings/string_view.h>)
#define ROBOTSTXT_USE_ABSL_STRING_VIEW 1
#else
#define ROBOTSTXT_USE_ABSL_STRING_VIEW 0
#endif
#else
#define ROBOTSTXT_USE_ABSL_STRING_VIEW 0
#endif
#endif

#if ROBOTSTXT_USE_ABSL_STRING_VIEW
#include <absl/strings/string_view.h>
#elif !defined(ROBOTSTXT_ABSL_STRING_VIEW_DECLARED_)
#define ROBOTSTXT_ABSL_STRING_VIEW_DECLARED_ 1
#if ROBOTSTXT_CPLUSPLUS >= 201703L
#include <string_view>
namespace absl {
using std::string_view;
}  // namespace absl
#else
#include <cstddef>
#include <iosfwd>

namespace absl {

// Gives string_view::npos a single definition in every program without
// C++17's inline variables.
template <typename Unused = void>
struct robotstxt_string_view_npos {
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
};
template <typename Unused>
constexpr std::size_t robotstxt_string_view_npos<Unused>::npos;

// A view of bytes owned elsewhere: the read-only API of C++17's
// std::string_view and abseil's absl::string_view, for C++11 and C++14.
// Positions past the end are clamped instead of thrown on.
class string_view : public robotstxt_string_view_npos<> {
 public:
  typedef std::char_traits<char> traits_type;
  typedef char value_type;
  typedef char* pointer;
  typedef const char* const_pointer;
  typedef char& reference;
  typedef const char& const_reference;
  typedef const char* const_iterator;
  typedef const char* iterator;
  typedef std::size_t size_type;
  typedef std::ptrdiff_t difference_type;

  constexpr string_view() noexcept : ptr_(nullptr), length_(0) {}
  // NOLINTNEXTLINE(google-explicit-constructor): implicit, as abseil's.
  string_view(const char* str)
      : ptr_(str), length_(str == nullptr ? 0 : traits_type::length(str)) {}
  constexpr string_view(const char* data, size_type len)
      : ptr_(data), length_(len) {}
  template <typename Allocator>
  // NOLINTNEXTLINE(google-explicit-constructor): implicit, as abseil's.
  string_view(
      const std::basic_string<char, traits_type, Allocator>& str) noexcept
      : ptr_(str.data()), length_(str.size()) {}

  template <typename Allocator>
  explicit operator std::basic_string<char, traits_type, Allocator>() const {
    return std::basic_string<char, traits_type, Allocator>(ptr_, length_);
  }

  constexpr const_iterator begin() const noexcept { return ptr_; }
  constexpr const_iterator end() const noexcept { return ptr_ + length_; }
  constexpr const_iterator cbegin() const noexcept { return ptr_; }
  constexpr const_iterator cend() const noexcept { return ptr_ + length_; }
  constexpr size_type size() const noexcept { return length_; }
  constexpr size_type length() const noexcept { return length_; }
  constexpr size_type max_size() const noexcept { return npos / 2; }
  constexpr bool empty() const noexcept { return length_ == 0; }
  constexpr const_reference operator[](size_type i) const { return ptr_[i]; }
  constexpr const_reference front() const { return ptr_[0]; }
  constexpr const_reference back() const { return ptr_[length_ - 1]; }
  constexpr const_pointer data() const noexcept { return ptr_; }

  void remove_prefix(size_type n) {
    ptr_ += n;
    length_ -= n;
  }
  void remove_suffix(size_type n) { length_ -= n; }
  void swap(string_view& other) noexcept {
    const string_view tmp = *this;
    *this = other;
    other = tmp;
  }

  string_view substr(size_type pos = 0, size_type n = npos) const {
    if (pos > length_) pos = length_;
    if (n > length_ - pos) n = length_ - pos;
    return string_view(ptr_ + pos, n);
  }

  int compare(string_view x) const noexcept {
    const size_type n = length_ < x.length_ ? length_ : x.length_;
    const int r = n == 0 ? 0 : traits_type::compare(ptr_, x.ptr_, n);
    if (r != 0) return r;
    return length_ < x.length_ ? -1 : length_ > x.length_ ? 1 : 0;
  }

  size_type find(string_view s, size_type pos = 0) const noexcept {
    if (pos > length_ || s.length_ > length_ - pos) return npos;
    for (size_type i = pos; i + s.length_ <= length_; ++i) {
      if (s.length_ == 0 ||
          traits_type::compare(ptr_ + i, s.ptr_, s.length_) == 0) {
        return i;
      }
    }
    return npos;
  }
  size_type find(char c, size_type pos = 0) const noexcept {
    for (size_type i = pos; i < length_; ++i) {
      if (ptr_[i] == c) return i;
    }
    return npos;
  }
  size_type rfind(char c, size_type pos = npos) const noexcept {
    if (length_ == 0) return npos;
    for (size_type i = pos < length_ ? pos + 1 : length_; i-- > 0;) {
      if (ptr_[i] == c) return i;
    }
    return npos;
  }
  size_type find_first_of(char c, size_type pos = 0) const noexcept {
    return find(c, pos);
  }
  size_type find_last_of(char c, size_type pos = npos) const noexcept {
    return rfind(c, pos);
  }
  size_type find_first_of(string_view s, size_type pos = 0) const noexcept {
    for (size_type i = pos; i < length_; ++i) {
      if (s.find(ptr_[i]) != npos) return i;
    }
    return npos;
  }
  size_type find_last_of(string_view s, size_type pos = npos) const noexcept {
    if (length_ == 0) return npos;
    for (size_type i = pos < length_ ? pos + 1 : length_; i-- > 0;) {
      if (s.find(ptr_[i]) != npos) return i;
    }
    return npos;
  }
  size_type rfind(string_view s, size_type pos = npos) const noexcept {
    if (s.length_ > length_) return npos;
    size_type i = length_ - s.length_;
    if (pos < i) i = pos;
    for (;; --i) {
      if (s.length_ == 0 ||
          traits_type::compare(ptr_ + i, s.ptr_, s.length_) == 0) {
        return i;
      }
      if (i == 0) return npos;
    }
  }
  size_type find_first_not_of(string_view s, size_type pos = 0) const noexcept {
    for (size_type i = pos; i < length_; ++i) {
      if (s.find(ptr_[i]) == npos) return i;
    }
    return npos;
  }
  size_type find_first_not_of(char c, size_type pos = 0) const noexcept {
    return find_first_not_of(string_view(&c, 1), pos);
  }
  size_type find_last_not_of(string_view s,
                             size_type pos = npos) const noexcept {
    if (length_ == 0) return npos;
    for (size_type i = pos < length_ ? pos + 1 : length_; i-- > 0;) {
      if (s.find(ptr_[i]) == npos) return i;
    }
    return npos;
  }
  size_type find_last_not_of(char c, size_type pos = npos) const noexcept {
    return find_last_not_of(string_view(&c, 1), pos);
  }

 private:
  const char* ptr_;
  size_type length_;
};

inline bool operator==(string_view x, string_view y) noexcept {
  return x.size() == y.size() && x.compare(y) == 0;
}
inline bool operator!=(string_view x, string_view y) noexcept {
  return !(x == y);
}
inline bool operator<(string_view x, string_view y) noexcept {
  return x.compare(y) < 0;
}
inline bool operator>(string_view x, string_view y) noexcept { return y < x; }
inline bool operator<=(string_view x, string_view y) noexcept {
  return !(y < x);
}
inline bool operator>=(string_view x, string_view y) noexcept {
  return !(x < y);
}

// Writes the bytes of the view (without padding to the stream's width).
template <typename Traits>
std::basic_ostream<char, Traits>& operator<<(
    std::basic_ostream<char, Traits>& out, string_view view) {
  return out.write(view.data(), static_cast<std::streamsize>(view.size()));
}

}  // namespace absl
#endif  // ROBOTSTXT_CPLUSPLUS >= 201703L
#endif  // ROBOTSTXT_USE_ABSL_STRING_VIEW

// --- Exceptions and RTTI, as the translation unit is built ---

#if defined(__cpp_exceptions) || defined(__EXCEPTIONS) || \
    (defined(_MSC_VER) && defined(_CPPUNWIND))
#define ROBOTSTXT_CXX_EXCEPTIONS_ 1
#include <exception>
#include <new>
#else
#define ROBOTSTXT_CXX_EXCEPTIONS_ 0
#include <cstdlib>
#endif

#if defined(__cpp_rtti) || defined(__GXX_RTTI) || \
    (defined(_MSC_VER) && defined(_CPPRTTI))
#define ROBOTSTXT_CXX_RTTI_ 1
#include <typeinfo>
#else
#define ROBOTSTXT_CXX_RTTI_ 0
#endif

namespace googlebot {

// Internals of this header; not part of Google's API. Every name carries the
// robotstxt_ prefix so that no macro of another library can rename it.
namespace robotstxt_internal {

// A failure of the library reaches the caller as std::bad_alloc: the only
// exception code written for Google's library is prepared for. Out of line
// of every caller, and proof against a macro named like the type.
#if defined(__GNUC__) || defined(__clang__)
#define ROBOTSTXT_COLD_ __attribute__((noinline, cold))
#else
#define ROBOTSTXT_COLD_
#endif
[[noreturn]] ROBOTSTXT_COLD_ inline void robotstxt_fail() {
#if ROBOTSTXT_CXX_EXCEPTIONS_
#pragma push_macro("bad_alloc")
#undef bad_alloc
  throw std::bad_alloc();
#pragma pop_macro("bad_alloc")
#else
  std::abort();
#endif
}

inline void robotstxt_check(robotstxt_status robotstxt_result) {
  if (robotstxt_result != ROBOTSTXT_STATUS_OK) robotstxt_fail();
}

// The C API counts lines in uint32_t; Google's API in int.
inline int robotstxt_line(uint32_t line_num) {
  const uint32_t int_max = static_cast<unsigned>(-1) >> 1;
  return line_num > int_max ? static_cast<int>(int_max)
                            : static_cast<int>(line_num);
}

inline bool robotstxt_is_agent_byte(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' ||
         c == '_';
}

// isspace() in the "C" locale.
inline bool robotstxt_is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' ||
         c == '\r';
}

inline char robotstxt_ascii_lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

inline bool robotstxt_equals_ignore_case(const char* a, std::size_t a_len,
                                         const char* b, std::size_t b_len) {
  if (a_len != b_len) return false;
  for (std::size_t i = 0; i < a_len; ++i) {
    if (robotstxt_ascii_lower(a[i]) != robotstxt_ascii_lower(b[i])) {
      return false;
    }
  }
  return true;
}

}  // namespace robotstxt_internal

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

namespace robotstxt_internal {

// The user_data of the C callbacks: the handler, and (with exceptions) the
// first exception it threw. C++ exceptions must not unwind through the
// library's frames, so each trampoline catches, records and then ignores
// the rest of the parse.
struct robotstxt_parse_context {
  RobotsParseHandler* robotstxt_handler;
#if ROBOTSTXT_CXX_EXCEPTIONS_
  std::exception_ptr robotstxt_error;
#endif
};

template <typename Call>
inline void robotstxt_dispatch(void* user_data,
                               Call&& robotstxt_call) noexcept {
  robotstxt_parse_context* robotstxt_context =
      static_cast<robotstxt_parse_context*>(user_data);
#if ROBOTSTXT_CXX_EXCEPTIONS_
  if (robotstxt_context->robotstxt_error) return;
  try {
    robotstxt_call(*robotstxt_context->robotstxt_handler);
  } catch (...) {
    robotstxt_context->robotstxt_error = std::current_exception();
  }
#else
  robotstxt_call(*robotstxt_context->robotstxt_handler);
#endif
}

inline absl::string_view robotstxt_view(const char* robotstxt_data,
                                        std::size_t robotstxt_len) {
  return absl::string_view(robotstxt_data, robotstxt_len);
}

inline void robotstxt_on_start(void* user_data) noexcept {
  robotstxt_dispatch(user_data, [](RobotsParseHandler& robotstxt_h) {
    robotstxt_h.HandleRobotsStart();
  });
}

inline void robotstxt_on_end(void* user_data) noexcept {
  robotstxt_dispatch(user_data, [](RobotsParseHandler& robotstxt_h) {
    robotstxt_h.HandleRobotsEnd();
  });
}

inline void robotstxt_on_user_agent(void* user_data, uint32_t line_num,
                                    const char* value,
                                    std::size_t value_len) noexcept {
  robotstxt_dispatch(user_data, [&](RobotsParseHandler& robotstxt_h) {
    robotstxt_h.HandleUserAgent(robotstxt_line(line_num),
                                robotstxt_view(value, value_len));
  });
}

inline void robotstxt_on_allow(void* user_data, uint32_t line_num,
                               const char* value,
                               std::size_t value_len) noexcept {
  robotstxt_dispatch(user_data, [&](RobotsParseHandler& robotstxt_h) {
    robotstxt_h.HandleAllow(robotstxt_line(line_num),
                            robotstxt_view(value, value_len));
  });
}

inline void robotstxt_on_disallow(void* user_data, uint32_t line_num,
                                  const char* value,
                                  std::size_t value_len) noexcept {
  robotstxt_dispatch(user_data, [&](RobotsParseHandler& robotstxt_h) {
    robotstxt_h.HandleDisallow(robotstxt_line(line_num),
                               robotstxt_view(value, value_len));
  });
}

inline void robotstxt_on_sitemap(void* user_data, uint32_t line_num,
                                 const char* value,
                                 std::size_t value_len) noexcept {
  robotstxt_dispatch(user_data, [&](RobotsParseHandler& robotstxt_h) {
    robotstxt_h.HandleSitemap(robotstxt_line(line_num),
                              robotstxt_view(value, value_len));
  });
}

inline void robotstxt_on_unknown_action(void* user_data, uint32_t line_num,
                                        const char* action,
                                        std::size_t action_len,
                                        const char* value,
                                        std::size_t value_len) noexcept {
  robotstxt_dispatch(user_data, [&](RobotsParseHandler& robotstxt_h) {
    robotstxt_h.HandleUnknownAction(robotstxt_line(line_num),
                                    robotstxt_view(action, action_len),
                                    robotstxt_view(value, value_len));
  });
}

inline void robotstxt_on_line_metadata(
    void* user_data, uint32_t line_num,
    const robotstxt_line_metadata* robotstxt_m) noexcept {
  robotstxt_dispatch(user_data, [&](RobotsParseHandler& robotstxt_h) {
    RobotsParseHandler::LineMetadata metadata;
    metadata.is_empty = robotstxt_m->is_empty;
    metadata.has_comment = robotstxt_m->has_comment;
    metadata.is_comment = robotstxt_m->is_comment;
    metadata.has_directive = robotstxt_m->has_directive;
    metadata.is_acceptable_typo = robotstxt_m->is_acceptable_typo;
    metadata.is_line_too_long = robotstxt_m->is_line_too_long;
    metadata.is_missing_colon_separator =
        robotstxt_m->is_missing_colon_separator;
    robotstxt_h.ReportLineMetadata(robotstxt_line(line_num), metadata);
  });
}

// Whether a handler's ReportLineMetadata() is RobotsParseHandler's own,
// which does nothing: ParseRobotsTxt() then asks the library for no line
// metadata at all, which saves a call into this header for every line (a
// tenth of the parse, for a handler that overrides only the Handle*
// methods, as most do).
//
// On the Itanium C++ ABI (gcc, clang) the vtable pointer comes first in an
// object, and the vtable of every class derived from RobotsParseHandler
// begins as RobotsParseHandler's does: two entries for the destructor, the
// seven Handle* methods, then ReportLineMetadata(), so entry 9 is the
// function a call to it runs. Two probe classes check that layout (the
// same entries 2 to 8, a different entry 9) before it is relied on. Where
// the layout is not as expected, or elsewhere, every line's metadata is
// reported. A handler whose entry 9 is the default's runs the default's
// code (even where a linker folded an identical override into it), so
// leaving the calls out changes nothing it could see.
#if (defined(__GNUC__) || defined(__clang__)) && !defined(_MSC_VER)
class robotstxt_probe_base : public RobotsParseHandler {
 public:
  void HandleRobotsStart() override {}
  void HandleRobotsEnd() override {}
  void HandleUserAgent(int, absl::string_view) override {}
  void HandleAllow(int, absl::string_view) override {}
  void HandleDisallow(int, absl::string_view) override {}
  void HandleSitemap(int, absl::string_view) override {}
  void HandleUnknownAction(int, absl::string_view, absl::string_view) override {}
};

class robotstxt_probe_default final : public robotstxt_probe_base {};

class robotstxt_probe_override final : public robotstxt_probe_base {
 public:
  // Does something, so that no linker folds it into the default.
  void ReportLineMetadata(int line_num, const LineMetadata&) override {
    robotstxt_last_line = line_num;
  }
  int robotstxt_last_line = 0;
};

// Entry `index` of the vtable of the object at `object`, as bytes.
inline const void* robotstxt_vtable_entry(const void* object,
                                          std::size_t index) {
  const void* vtable = nullptr;
  const unsigned char* from = static_cast<const unsigned char*>(object);
  unsigned char* to = reinterpret_cast<unsigned char*>(&vtable);
  for (std::size_t i = 0; i < sizeof vtable; ++i) to[i] = from[i];
  const void* entry = nullptr;
  from = static_cast<const unsigned char*>(vtable) + index * sizeof entry;
  to = reinterpret_cast<unsigned char*>(&entry);
  for (std::size_t i = 0; i < sizeof entry; ++i) to[i] = from[i];
  return entry;
}

inline bool robotstxt_reports_line_metadata(
    const RobotsParseHandler* robotstxt_handler) {
  // Probes made for each parse (each is one vtable pointer, and needs no
  // static that a parse in an exit handler could find destroyed).
  const robotstxt_probe_default robotstxt_default;
  const robotstxt_probe_override robotstxt_override;
  for (std::size_t i = 2; i < 9; ++i) {
    if (robotstxt_vtable_entry(&robotstxt_default, i) !=
        robotstxt_vtable_entry(&robotstxt_override, i)) {
      return true;
    }
  }
  if (robotstxt_vtable_entry(&robotstxt_default, 9) ==
      robotstxt_vtable_entry(&robotstxt_override, 9)) {
    return true;
  }
  return robotstxt_vtable_entry(robotstxt_handler, 9) !=
         robotstxt_vtable_entry(&robotstxt_default, 9);
}
#else
inline bool robotstxt_reports_line_metadata(const RobotsParseHandler*) {
  return true;
}
#endif

}  // namespace robotstxt_internal

// Parses a robots.txt body and reports its directives to parse_callback, in
// file order. Accepts any bytes; typos such as "disalow" are accepted.
inline void ParseRobotsTxt(absl::string_view robots_body,
                           RobotsParseHandler* parse_callback) {
  if (parse_callback == nullptr) return;
  namespace internal = robotstxt_internal;
  internal::robotstxt_parse_context robotstxt_context;
  robotstxt_context.robotstxt_handler = parse_callback;
  robotstxt_parse_callbacks callbacks = robotstxt_parse_callbacks();
  callbacks.user_data = &robotstxt_context;
  callbacks.handle_robots_start = &internal::robotstxt_on_start;
  callbacks.handle_robots_end = &internal::robotstxt_on_end;
  callbacks.handle_user_agent = &internal::robotstxt_on_user_agent;
  callbacks.handle_allow = &internal::robotstxt_on_allow;
  callbacks.handle_disallow = &internal::robotstxt_on_disallow;
  callbacks.handle_sitemap = &internal::robotstxt_on_sitemap;
  callbacks.handle_unknown_action = &internal::robotstxt_on_unknown_action;
  if (internal::robotstxt_reports_line_metadata(parse_callback)) {
    callbacks.report_line_metadata = &internal::robotstxt_on_line_metadata;
  }
  const robotstxt_status robotstxt_result =
      robotstxt_parse(robots_body.data(), robots_body.size(), &callbacks);
#if ROBOTSTXT_CXX_EXCEPTIONS_
  if (robotstxt_context.robotstxt_error)
    std::rethrow_exception(robotstxt_context.robotstxt_error);
#endif
  internal::robotstxt_check(robotstxt_result);
}

// The path, params and query of url, always starting with '/'; the scheme,
// authority and fragment are dropped.
inline std::string GetPathParamsQuery(const std::string& url) {
  // The result is at most one byte longer than url, plus the C API's NUL.
  std::string path(url.size() + 2, '\0');
  std::size_t robotstxt_len = 0;
  robotstxt_internal::robotstxt_check(robotstxt_get_path_params_query(
      url.data(), url.size(), &path[0], path.size(), &robotstxt_len));
  path.resize(robotstxt_len);
  return path;
}

// Normalises an allow/disallow pattern: %-escapes get upper-case hex digits
// and bytes from 0x80 up are %-robotstxt_escaped. Returns false and sets *dst
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
        robotstxt_handle_(nullptr) {}

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
    robotstxt_unwind_guard robotstxt_guard(this);
    if (robotstxt_is_plain()) {
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
      robotstxt_internal::robotstxt_check(robotstxt_matcher_allowed_by_robots(
          robotstxt_matcher_handle(), robots_body.data(), robots_body.size(),
          robotstxt_agents, agent_count, url.data(), url.size(),
          &robotstxt_allowed));
      robotstxt_load_state();
      user_agents_ = user_agents;
      robotstxt_guard.robotstxt_dismiss();
      return !disallow();
    }
    // Google's algorithm: every directive goes through the (possibly
    // overridden) handlers.
    const std::string path = GetPathParamsQuery(url);
    InitUserAgentsAndPath(user_agents, path.c_str());
    ParseRobotsTxt(robots_body, this);
    path_ = nullptr;
    robotstxt_guard.robotstxt_dismiss();
    return !disallow();
  }

  // AllowedByRobots() for a single user agent.
  bool OneAgentAllowedByRobots(absl::string_view robots_txt,
                               const std::string& user_agent,
                               const std::string& url) {
    robotstxt_unwind_guard robotstxt_guard(this);
    if (robotstxt_is_plain()) {
      bool robotstxt_allowed = false;
      robotstxt_internal::robotstxt_check(
          robotstxt_matcher_one_agent_allowed_by_robots(
              robotstxt_matcher_handle(), robots_txt.data(), robots_txt.size(),
              user_agent.data(), user_agent.size(), url.data(), url.size(),
              &robotstxt_allowed));
      robotstxt_load_state();
      user_agents_ = nullptr;
      robotstxt_guard.robotstxt_dismiss();
      return !disallow();
    }
    std::vector<std::string> v;
    v.push_back(user_agent);
    const bool robotstxt_allowed = AllowedByRobots(robots_txt, &v, url);
    user_agents_ = nullptr;
    robotstxt_guard.robotstxt_dismiss();
    return robotstxt_allowed;
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

  // Whether the last query's URL is disallowed by the queried robotstxt_agents'
  // own groups, ignoring the global ("*") group.
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
  // (and robotstxt_call these); AllowedByRobots() then calls them for every
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
    static const char kIndexHtm[] = "/index.htm";
    const std::size_t index_len = sizeof(kIndexHtm) - 1;
    if (value.size() - robotstxt_slash < index_len ||
        std::string::traits_type::compare(robotstxt_data + robotstxt_slash,
                                          kIndexHtm, index_len) != 0) {
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

  // Sets the robotstxt_agents and the path (only the path, params and query of
  // a URL, starting with '/') that the following parse matches. Neither is
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

  // The priority of the robotstxt_best match of a rule kind and its line. A
  // priority of -1 is no match, so that a match of priority 0 (the empty
  // pattern) ranks above none.
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

  // The robotstxt_best matches in the global ('*') groups and in the groups of
  // the queried robotstxt_agents.
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
  // The robotstxt_agents being matched; not owned, valid during a query only.
  const std::vector<std::string>* user_agents_;

  // Google's longest-match strategy, owned by the matcher.
  RobotsMatchStrategy* match_strategy_;

 private:
  // Clears path_ and user_agents_ when an exception leaves a query, so that
  // they never point at the query's destroyed locals, or at the caller's
  // objects that the same unwinding destroys; a query that returns dismisses
  // it and leaves them as Google's does. (C++11: no uncaught_exceptions().)
  class robotstxt_unwind_guard {
   public:
    explicit robotstxt_unwind_guard(RobotsMatcher* robotstxt_owner)
        : robotstxt_owner_(robotstxt_owner) {}
    ~robotstxt_unwind_guard() {
      if (robotstxt_owner_ != nullptr) {
        robotstxt_owner_->path_ = nullptr;
        robotstxt_owner_->user_agents_ = nullptr;
      }
    }
    robotstxt_unwind_guard(const robotstxt_unwind_guard&) = delete;
    robotstxt_unwind_guard& operator=(const robotstxt_unwind_guard&) = delete;

    void robotstxt_dismiss() { robotstxt_owner_ = nullptr; }

   private:
    RobotsMatcher* robotstxt_owner_;
  };

  // Whether this object is exactly a RobotsMatcher with its own strategy, so
  // that the library's matcher may answer for the handlers above.
  bool robotstxt_is_plain() const {
    if (match_strategy_ != &robotstxt_strategy_) return false;
#if ROBOTSTXT_CXX_RTTI_
    return typeid(*this) == typeid(RobotsMatcher);
#elif (defined(__GNUC__) || defined(__clang__)) && !defined(_MSC_VER)
    // Without RTTI, on the Itanium C++ ABI (gcc, clang): the vtable pointer
    // comes first in the object, and an object whose vtable is
    // RobotsMatcher's own has exactly RobotsMatcher's virtual functions
    // (even where a linker folded a subclass's identical vtable into it).
    static const RobotsMatcher robotstxt_reference;
    return robotstxt_vtable_of(this) ==
           robotstxt_vtable_of(&robotstxt_reference);
#else
    return false;
#endif
  }

  static const void* robotstxt_vtable_of(const RobotsMatcher* matcher) {
    const void* vtable = nullptr;
    const unsigned char* bytes =
        reinterpret_cast<const unsigned char*>(matcher);
    unsigned char* out = reinterpret_cast<unsigned char*>(&vtable);
    for (std::size_t i = 0; i < sizeof vtable; ++i) out[i] = bytes[i];
    return vtable;
  }

  // The library's matcher, made on first use.
  robotstxt_matcher* robotstxt_matcher_handle() {
    if (robotstxt_handle_ == nullptr) {
      robotstxt_handle_ = robotstxt_matcher_new();
      if (robotstxt_handle_ == nullptr) robotstxt_internal::robotstxt_fail();
    }
    return robotstxt_handle_;
  }

  // Copies the robotstxt_state the library's matcher left into Google's
  // members.
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
};

}  // namespace googlebot

#endif  // ROBOTSTXT_GOOGLEBOT_ROBOTS_H_
