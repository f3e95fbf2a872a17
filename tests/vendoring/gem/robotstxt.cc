// Stands in for the extension of the seed gem google_robotstxt_parser
// (ext/robotstxt/robotstxt.cc, which stays out of this repository): Google's
// robots.h from the vendored checkout's root, one agent, strings copied into
// std::string, OneAgentAllowedByRobots() on a fresh RobotsMatcher, built
// with -std=c++11 as the gem's extconf.rb builds it. scripts/test-vendoring.sh
// builds it with the gem's steps and asks it through vendoring_allowed().
#include <cstddef>
#include <string>

#include "robots.h"

extern "C" int vendoring_allowed(const char* body, std::size_t body_len,
                                 const char* agent, const char* url,
                                 int* matching_line) {
  std::string rc(body, body_len);
  std::string ua = agent;
  std::string ur = url;
  googlebot::RobotsMatcher matcher;
  const bool result = matcher.OneAgentAllowedByRobots(rc, ua, ur);
  *matching_line = -1;  // The gem's API gives the verdict only.
  return result ? 1 : 0;
}
