// A robots_main in the style of Google's command-line tool, written only
// against Google's documented googlebot:: API (robots.h), to show that such a
// program builds unchanged against this library's drop-in header.
//
//     robots_main <robots.txt file> <user agent> <URL>
//
// Prints "user-agent '<agent>' with URI '<URL>': ALLOWED" (or DISALLOWED),
// and a notice when the file is empty. Exits 0 when allowed, 1 when
// disallowed, 2 for help, wrong arguments or an unreadable file.
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "robots.h"

namespace {

bool ReadWholeFile(const std::string& path, std::string* contents) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  contents->assign(std::istreambuf_iterator<char>(in),
                   std::istreambuf_iterator<char>());
  return !in.bad();
}

int Usage(const char* program) {
  std::cerr << "Tells whether a user agent may fetch a URI under a robots.txt "
               "file.\n\n"
            << "Usage:\n  " << program << " <robots.txt filename> <user_agent> <URI>\n\n"
            << "The URI must be %-encoded according to RFC 3986.\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string first = argc > 1 ? argv[1] : "";
  if (first == "-h" || first == "-help" || first == "--help") {
    return Usage(argv[0]);
  }
  if (argc != 4) {
    std::cerr << "Expected 3 arguments, got " << (argc - 1) << ".\n\n";
    return Usage(argv[0]);
  }
  std::string robots_txt;
  if (!ReadWholeFile(first, &robots_txt)) {
    std::cerr << "cannot read \"" << first << "\"\n";
    return 2;
  }
  const std::vector<std::string> agents{argv[2]};
  const std::string uri = argv[3];
  googlebot::RobotsMatcher matcher;
  const bool allowed = matcher.AllowedByRobots(robots_txt, &agents, uri);
  std::cout << "user-agent '" << agents.front() << "' with URI '" << uri
            << "': " << (allowed ? "ALLOWED" : "DISALLOWED") << '\n';
  if (robots_txt.empty()) {
    std::cout << "notice: robots file is empty so all user-agents are allowed\n";
  }
  return allowed ? 0 : 1;
}
