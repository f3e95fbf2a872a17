// Stands in for jwm.robotstxt's pybind11 extension (src/pyrobotstxt/
// googlebot.cc, which stays out of this repository): robots.h and abseil's
// string_view header from the include paths its setup.py gives, a
// RobotsMatcher subclass that makes the protected API public the way it
// does, built with -std=c++14 and pybind11's hidden visibility and linked
// with librobots.a. scripts/test-vendoring.sh builds it with jwm's steps and
// asks it through vendoring_allowed().
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "robots.h"
#include "absl/strings/string_view.h"

namespace gb = googlebot;

namespace {

class PublicStatefulRobotsMatcher : public gb::RobotsMatcher {
 public:
  PublicStatefulRobotsMatcher() = default;
  ~PublicStatefulRobotsMatcher() override = default;

  using gb::RobotsMatcher::ExtractUserAgent;
  using gb::RobotsMatcher::seen_any_agent;

  void InitUserAgentsAndPath(const std::vector<std::string>& user_agents,
                             const std::string& path) {
    user_agents_copy_.reset(new std::vector<std::string>(user_agents));
    path_copy_.reset(new std::string(path));
    gb::RobotsMatcher::InitUserAgentsAndPath(user_agents_copy_.get(),
                                             path_copy_->c_str());
  }

 private:
  std::unique_ptr<std::vector<std::string>> user_agents_copy_;
  std::unique_ptr<std::string> path_copy_;
};

}  // namespace

// Agents comma-separated.
extern "C" __attribute__((visibility("default"))) int vendoring_allowed(
    const char* body, std::size_t body_len, const char* agents,
    const char* url, int* matching_line) {
  std::vector<std::string> user_agents;
  std::string agent;
  for (const char* c = agents;; ++c) {
    if (*c == ',' || *c == '\0') {
      user_agents.push_back(agent);
      agent.clear();
      if (*c == '\0') break;
    } else {
      agent += *c;
    }
  }
  PublicStatefulRobotsMatcher matcher;
  const absl::string_view robots_body(body, body_len);
  const bool allowed = matcher.AllowedByRobots(robots_body, &user_agents, url);
  *matching_line = matcher.matching_line();
  return allowed ? 1 : 0;
}
