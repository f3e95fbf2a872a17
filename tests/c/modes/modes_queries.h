// The drop-in's two matcher queries into librobotstxt, counted in
// `library_queries` on their way: definitions, not declarations, for the
// one unit of a program that defines its main() (modes_main.cc,
// modes_host.cc), included after it defines `library_queries`. The program
// links librobotstxt dynamically; these come first, and dlsym(RTLD_NEXT)
// finds the library's own.
#ifndef ROBOTSTXT_TESTS_MODES_QUERIES_H_
#define ROBOTSTXT_TESTS_MODES_QUERIES_H_

#ifdef ROBOTSTXT_GOOGLEBOT_ROBOTS_H_
#include <dlfcn.h>

extern "C" robotstxt_status robotstxt_matcher_allowed_by_robots(
    robotstxt_matcher* matcher, const char* body, size_t body_len,
    const robotstxt_str* agents, size_t agent_count, const char* url,
    size_t url_len, bool* allowed) {
  using Query = robotstxt_status (*)(robotstxt_matcher*, const char*, size_t,
                                     const robotstxt_str*, size_t, const char*,
                                     size_t, bool*);
  static const Query next = reinterpret_cast<Query>(
      dlsym(RTLD_NEXT, "robotstxt_matcher_allowed_by_robots"));
  ++library_queries;
  return next(matcher, body, body_len, agents, agent_count, url, url_len,
              allowed);
}

extern "C" robotstxt_status robotstxt_matcher_one_agent_allowed_by_robots(
    robotstxt_matcher* matcher, const char* body, size_t body_len,
    const char* agent, size_t agent_len, const char* url, size_t url_len,
    bool* allowed) {
  using Query = robotstxt_status (*)(robotstxt_matcher*, const char*, size_t,
                                     const char*, size_t, const char*, size_t,
                                     bool*);
  static const Query next = reinterpret_cast<Query>(
      dlsym(RTLD_NEXT, "robotstxt_matcher_one_agent_allowed_by_robots"));
  ++library_queries;
  return next(matcher, body, body_len, agent, agent_len, url, url_len, allowed);
}
#endif  // ROBOTSTXT_GOOGLEBOT_ROBOTS_H_

#endif  // ROBOTSTXT_TESTS_MODES_QUERIES_H_
