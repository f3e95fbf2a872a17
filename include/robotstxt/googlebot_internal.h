// googlebot_internal.h: the internals of robots.h, which includes this file
// after declaring RobotsParseHandler: the library's failures, the bridge
// from the C library's parse callbacks to a RobotsParseHandler, and the test
// that lets a parse skip the line metadata nobody reads. Nothing here is part
// of Google's API.
//
// Every inline function and class here, like those of robots.h, has one
// definition whatever the flags of the translation unit that compiles it
// (exceptions, RTTI, thread-safe statics, visibility): no layout or body
// depends on them. The one exception-only piece, the catching callbacks,
// lives under names that only translation units built with exceptions
// define (see "Exceptions from handlers" below).
//
// Copyright the robotstxt authors. SPDX-License-Identifier: Apache-2.0

#ifndef ROBOTSTXT_GOOGLEBOT_INTERNAL_H_
#define ROBOTSTXT_GOOGLEBOT_INTERNAL_H_

#ifndef ROBOTSTXT_GOOGLEBOT_ROBOTS_H_
#error "robotstxt/googlebot_internal.h is part of robots.h: include robots.h"
#endif

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <new>
#include <string>

#include "robotstxt.h"

#if defined(__cpp_exceptions) || defined(__EXCEPTIONS) || \
    (defined(_MSC_VER) && defined(_CPPUNWIND))
#define ROBOTSTXT_CXX_EXCEPTIONS_ 1
#else
#define ROBOTSTXT_CXX_EXCEPTIONS_ 0
#endif

#if defined(__GNUC__) || defined(__clang__)
#define ROBOTSTXT_COLD_ __attribute__((noinline, cold))
#else
#define ROBOTSTXT_COLD_
#endif

namespace googlebot {

// Internals of robots.h; not part of Google's API. Every name carries the
// robotstxt_ prefix so that no macro of another library can rename it.
namespace robotstxt_internal {

// --- Failures ---

// A failure of the library (memory exhausted, or an internal error, which
// is a bug) reaches the caller as std::bad_alloc: the one exception code
// written for Google's library is prepared for, thrown as a failed `new`
// throws it in Google's library. With libstdc++ and libc++ it is thrown by
// the C++ runtime's own out-of-line thrower, built once with exceptions, so
// this function is the same in every translation unit: a caller built
// without exceptions then ends in std::terminate unless a caller further up
// catches it, as with Google's library. With another standard library a
// translation unit built without exceptions aborts instead.
[[noreturn]] ROBOTSTXT_COLD_ inline void robotstxt_fail() {
#if defined(__GLIBCXX__) || defined(_LIBCPP_VERSION)
  std::__throw_bad_alloc();
#elif ROBOTSTXT_CXX_EXCEPTIONS_
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

// --- Bytes and numbers ---

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

inline absl::string_view robotstxt_view(const char* robotstxt_data,
                                        std::size_t robotstxt_len) {
  return absl::string_view(robotstxt_data, robotstxt_len);
}

// The first pointer-sized bytes of an object, copied out as bytes: for a
// polymorphic object, its vtable pointer (below).
inline const void* robotstxt_first_pointer(const void* object) {
  const void* pointer = nullptr;
  const unsigned char* from = static_cast<const unsigned char*>(object);
  unsigned char* to = reinterpret_cast<unsigned char*>(&pointer);
  for (std::size_t i = 0; i < sizeof pointer; ++i) to[i] = from[i];
  return pointer;
}

// --- The parse bridge ---

// The user_data of the C callbacks: the handler, and the first exception
// it threw (caught by the catching callbacks below). C++ exceptions must
// not unwind through the library's frames. One layout in every mode:
// std::exception_ptr exists with or without exceptions.
struct robotstxt_parse_context {
  RobotsParseHandler* robotstxt_handler;
  std::exception_ptr robotstxt_error;
};

inline RobotsParseHandler& robotstxt_handler_of(void* user_data) {
  return *static_cast<robotstxt_parse_context*>(user_data)->robotstxt_handler;
}

// How a callback calls the handler: Policy::robotstxt_run(user_data, call).
// The callbacks of one policy, as the C library takes them.
template <typename Policy>
struct robotstxt_callbacks {
  static void robotstxt_on_start(void* user_data) noexcept {
    Policy::robotstxt_run(user_data, [](RobotsParseHandler& robotstxt_h) {
      robotstxt_h.HandleRobotsStart();
    });
  }

  static void robotstxt_on_end(void* user_data) noexcept {
    Policy::robotstxt_run(user_data, [](RobotsParseHandler& robotstxt_h) {
      robotstxt_h.HandleRobotsEnd();
    });
  }

  static void robotstxt_on_user_agent(void* user_data, uint32_t line_num,
                                      const char* value,
                                      std::size_t value_len) noexcept {
    Policy::robotstxt_run(user_data, [&](RobotsParseHandler& robotstxt_h) {
      robotstxt_h.HandleUserAgent(robotstxt_line(line_num),
                                  robotstxt_view(value, value_len));
    });
  }

  static void robotstxt_on_allow(void* user_data, uint32_t line_num,
                                 const char* value,
                                 std::size_t value_len) noexcept {
    Policy::robotstxt_run(user_data, [&](RobotsParseHandler& robotstxt_h) {
      robotstxt_h.HandleAllow(robotstxt_line(line_num),
                              robotstxt_view(value, value_len));
    });
  }

  static void robotstxt_on_disallow(void* user_data, uint32_t line_num,
                                    const char* value,
                                    std::size_t value_len) noexcept {
    Policy::robotstxt_run(user_data, [&](RobotsParseHandler& robotstxt_h) {
      robotstxt_h.HandleDisallow(robotstxt_line(line_num),
                                 robotstxt_view(value, value_len));
    });
  }

  static void robotstxt_on_sitemap(void* user_data, uint32_t line_num,
                                   const char* value,
                                   std::size_t value_len) noexcept {
    Policy::robotstxt_run(user_data, [&](RobotsParseHandler& robotstxt_h) {
      robotstxt_h.HandleSitemap(robotstxt_line(line_num),
                                robotstxt_view(value, value_len));
    });
  }

  static void robotstxt_on_unknown_action(void* user_data, uint32_t line_num,
                                          const char* action,
                                          std::size_t action_len,
                                          const char* value,
                                          std::size_t value_len) noexcept {
    Policy::robotstxt_run(user_data, [&](RobotsParseHandler& robotstxt_h) {
      robotstxt_h.HandleUnknownAction(robotstxt_line(line_num),
                                      robotstxt_view(action, action_len),
                                      robotstxt_view(value, value_len));
    });
  }

  static void robotstxt_on_line_metadata(
      void* user_data, uint32_t line_num,
      const robotstxt_line_metadata* robotstxt_m) noexcept {
    Policy::robotstxt_run(user_data, [&](RobotsParseHandler& robotstxt_h) {
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

  // The table, user_data left NULL; made on the stack for each parse.
  static robotstxt_parse_callbacks robotstxt_table() {
    robotstxt_parse_callbacks robotstxt_t = robotstxt_parse_callbacks();
    robotstxt_t.handle_robots_start = &robotstxt_on_start;
    robotstxt_t.handle_robots_end = &robotstxt_on_end;
    robotstxt_t.handle_user_agent = &robotstxt_on_user_agent;
    robotstxt_t.handle_allow = &robotstxt_on_allow;
    robotstxt_t.handle_disallow = &robotstxt_on_disallow;
    robotstxt_t.handle_sitemap = &robotstxt_on_sitemap;
    robotstxt_t.handle_unknown_action = &robotstxt_on_unknown_action;
    robotstxt_t.report_line_metadata = &robotstxt_on_line_metadata;
    return robotstxt_t;
  }
};

// Calls the handler; anything it throws ends the program (noexcept), here
// rather than in the library's frames. Used where no catching callbacks are
// to be had (below): in a program (or shared object) none of whose units
// that include robots.h was built with exceptions, no handler can throw but
// the runtime's own std::bad_alloc, which ends such a program with Google's
// library too.
struct robotstxt_plain {
  template <typename Call>
  static void robotstxt_run(void* user_data, Call&& robotstxt_call) noexcept {
    robotstxt_call(robotstxt_handler_of(user_data));
  }
};

// --- Exceptions from handlers ---
//
// A handler may throw (Google's library lets the exception out of
// ParseRobotsTxt() and AllowedByRobots()). The callbacks that catch it
// need try/catch, which a translation unit built without exceptions cannot
// compile, and a program may mix both kinds of translation unit. So every
// translation unit built with exceptions defines, besides the functions
// all units share, the catching callbacks (under names of their own, which
// no other unit defines) and one weak variable that points at them; the
// shared code uses that variable when the program defines it, and the
// noexcept callbacks above when it does not. A handler that can throw was
// compiled in a translation unit built with exceptions, one that includes
// robots.h to derive from RobotsParseHandler: so whenever a handler can
// throw, the variable is there, and the exception reaches the caller as
// with Google's library, whatever the unit that called the parse was built
// with. The catching callback records the exception and returns; the parse
// calls no further callback; once the library has returned, the query
// releases what it holds and the exception is thrown again by code built
// with exceptions (robotstxt_rethrow), so no frame of this header built
// without exceptions is left holding anything when it passes.
//
// The variable is an ELF weak symbol (gcc and clang on Linux and the BSDs),
// one per program or shared object: a translation unit built without
// exceptions in a shared object of its own finds the variable only if that
// object has one, so a handler made in another object and thrown from
// there ends the program. Elsewhere each translation unit uses its own
// kind of callbacks: there a program that mixes units built with and
// without exceptions gets whichever copy of the shared functions its
// linker keeps.

struct robotstxt_exception_support {
  robotstxt_parse_callbacks robotstxt_callbacks;
  void (*robotstxt_rethrow)(robotstxt_parse_context* robotstxt_context);
};

#if ROBOTSTXT_CXX_EXCEPTIONS_
struct robotstxt_catching {
  template <typename Call>
  static void robotstxt_run(void* user_data, Call&& robotstxt_call) noexcept {
    robotstxt_parse_context* robotstxt_context =
        static_cast<robotstxt_parse_context*>(user_data);
    if (robotstxt_context->robotstxt_error) return;
    try {
      robotstxt_call(*robotstxt_context->robotstxt_handler);
    } catch (...) {
      robotstxt_context->robotstxt_error = std::current_exception();
    }
  }

  [[noreturn]] static void robotstxt_rethrow(
      robotstxt_parse_context* robotstxt_context) {
    std::exception_ptr robotstxt_pending = robotstxt_context->robotstxt_error;
    robotstxt_context->robotstxt_error = nullptr;
    std::rethrow_exception(robotstxt_pending);
  }
};
#endif

}  // namespace robotstxt_internal
}  // namespace googlebot

#if (defined(__GNUC__) || defined(__clang__)) && defined(__ELF__)
#define ROBOTSTXT_WEAK_EXCEPTION_SUPPORT_ 1
// The name carries a version: a program whose parts were built with
// different releases of this header (whose layouts may differ) then has
// one variable per layout.
extern "C" {
__attribute__((weak)) extern const googlebot::robotstxt_internal::
    robotstxt_exception_support robotstxt_googlebot_exception_support_1;
}
#if ROBOTSTXT_CXX_EXCEPTIONS_
// A constant, initialized before any code runs (no dynamic initialization
// whose order an exit handler or a static constructor could meet).
extern "C" __attribute__((weak)) const googlebot::robotstxt_internal::
    robotstxt_exception_support robotstxt_googlebot_exception_support_1 = {
        {nullptr,
         &googlebot::robotstxt_internal::robotstxt_callbacks<
             googlebot::robotstxt_internal::robotstxt_catching>::
             robotstxt_on_start,
         &googlebot::robotstxt_internal::robotstxt_callbacks<
             googlebot::robotstxt_internal::robotstxt_catching>::
             robotstxt_on_end,
         &googlebot::robotstxt_internal::robotstxt_callbacks<
             googlebot::robotstxt_internal::robotstxt_catching>::
             robotstxt_on_user_agent,
         &googlebot::robotstxt_internal::robotstxt_callbacks<
             googlebot::robotstxt_internal::robotstxt_catching>::
             robotstxt_on_allow,
         &googlebot::robotstxt_internal::robotstxt_callbacks<
             googlebot::robotstxt_internal::robotstxt_catching>::
             robotstxt_on_disallow,
         &googlebot::robotstxt_internal::robotstxt_callbacks<
             googlebot::robotstxt_internal::robotstxt_catching>::
             robotstxt_on_sitemap,
         &googlebot::robotstxt_internal::robotstxt_callbacks<
             googlebot::robotstxt_internal::robotstxt_catching>::
             robotstxt_on_unknown_action,
         &googlebot::robotstxt_internal::robotstxt_callbacks<
             googlebot::robotstxt_internal::robotstxt_catching>::
             robotstxt_on_line_metadata},
        &googlebot::robotstxt_internal::robotstxt_catching::robotstxt_rethrow};
#endif
#else
#define ROBOTSTXT_WEAK_EXCEPTION_SUPPORT_ 0
#endif

namespace googlebot {
namespace robotstxt_internal {

// The callbacks a parse uses: the catching ones where the program (or
// shared object) has them, else the noexcept ones.
inline robotstxt_parse_callbacks robotstxt_program_callbacks() {
#if ROBOTSTXT_WEAK_EXCEPTION_SUPPORT_
  const robotstxt_exception_support* robotstxt_support =
      &robotstxt_googlebot_exception_support_1;
  if (robotstxt_support != nullptr) {
    return robotstxt_support->robotstxt_callbacks;
  }
  return robotstxt_callbacks<robotstxt_plain>::robotstxt_table();
#elif ROBOTSTXT_CXX_EXCEPTIONS_
  return robotstxt_callbacks<robotstxt_catching>::robotstxt_table();
#else
  return robotstxt_callbacks<robotstxt_plain>::robotstxt_table();
#endif
}

// Throws the exception a catching callback recorded (only those record
// one, so their support is there).
[[noreturn]] inline void robotstxt_rethrow(
    robotstxt_parse_context* robotstxt_context) {
#if ROBOTSTXT_WEAK_EXCEPTION_SUPPORT_
  robotstxt_googlebot_exception_support_1.robotstxt_rethrow(robotstxt_context);
  std::abort();  // Not reached: the call above throws.
#elif ROBOTSTXT_CXX_EXCEPTIONS_
  robotstxt_catching::robotstxt_rethrow(robotstxt_context);
#else
  (void)robotstxt_context;
  std::abort();  // Not reached: nothing records an exception.
#endif
}

// --- Line metadata nobody reads ---

// Whether a handler's ReportLineMetadata() is RobotsParseHandler's own,
// which does nothing: the parse then asks the library for no line metadata
// at all, which saves a call into this header for every line (a tenth of
// the parse, for a handler that overrides only the Handle* methods, as most
// do).
//
// What it relies on: the Itanium C++ ABI (gcc, clang), where the vtable
// pointer comes first in an object, and the vtable of every class derived
// from RobotsParseHandler begins as RobotsParseHandler's does: two entries
// for the destructor, the seven Handle* methods, then ReportLineMetadata(),
// so entry 9 is the function a call to it runs. Two probe classes check
// that layout on every call (the same entries 2 to 8, a different entry 9)
// before it is relied on; they are made on the stack, so no static is
// involved and a parse in an exit handler finds them alive. Where the
// layout is not as expected, or elsewhere, every line's metadata is
// reported. A handler whose entry 9 is the default's runs the default's
// code (even where a linker folded an identical override into it), so
// leaving the calls out changes nothing it could see. Entry 9 of a handler
// made in another shared object built with hidden visibility points at
// that object's copy of the default: the test then says "reports", and
// the parse is merely slower. Nothing here depends on RTTI or exceptions
// (the vtable layout is the same with -fno-rtti, the typeinfo slot aside).
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
  const unsigned char* vtable =
      static_cast<const unsigned char*>(robotstxt_first_pointer(object));
  return robotstxt_first_pointer(vtable + index * sizeof(const void*));
}

inline bool robotstxt_reports_line_metadata(
    const RobotsParseHandler* robotstxt_handler) {
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

// --- One parse ---

// Parses the body, calling the context's handler, and returns the
// library's status; a handler's exception is left in the context (see
// robotstxt_finish_parse).
inline robotstxt_status robotstxt_run_parse(
    const char* robotstxt_body, std::size_t robotstxt_body_len,
    robotstxt_parse_context* robotstxt_context) {
  robotstxt_parse_callbacks callbacks = robotstxt_program_callbacks();
  callbacks.user_data = robotstxt_context;
  if (!robotstxt_reports_line_metadata(robotstxt_context->robotstxt_handler)) {
    callbacks.report_line_metadata = nullptr;
  }
  return robotstxt_parse(robotstxt_body, robotstxt_body_len, &callbacks);
}

// Throws what the handler threw, else std::bad_alloc if the library
// failed. Call once the caller holds nothing that needs releasing.
inline void robotstxt_finish_parse(robotstxt_parse_context* robotstxt_context,
                                   robotstxt_status robotstxt_result) {
  if (robotstxt_context->robotstxt_error) robotstxt_rethrow(robotstxt_context);
  robotstxt_check(robotstxt_result);
}

}  // namespace robotstxt_internal
}  // namespace googlebot

#endif  // ROBOTSTXT_GOOGLEBOT_INTERNAL_H_
