// Benchmark of ParseRobotsTxt() through the drop-in header: a handler that
// overrides every Handle* method and only looks at the values (as the Rust
// parse_throughput benchmark's handler does), over every file of the shared
// corpus. Not run by the tests.
//
//   c++ -std=c++17 -O2 -I<prefix>/include -o parse_bench
//       compat-tests/bench/parse_bench.cc
//       -L<prefix>/lib -lrobotstxt -Wl,-rpath,<prefix>/lib   (one line)
//   ./parse_bench ../shared/corpus [rounds]
//
// Prints the bytes parsed per round and the best round's rate in MiB/s.
// Built against Google's robots.h and robots.cc instead, it measures
// Google's parser with the same handler.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <dirent.h>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "robots.h"

namespace {

class Sink : public googlebot::RobotsParseHandler {
 public:
  std::size_t seen = 0;
  void HandleRobotsStart() override {}
  void HandleRobotsEnd() override {}
  void HandleUserAgent(int line_num, absl::string_view value) override {
    seen += static_cast<std::size_t>(line_num) + value.size();
  }
  void HandleAllow(int line_num, absl::string_view value) override {
    seen += static_cast<std::size_t>(line_num) + value.size();
  }
  void HandleDisallow(int line_num, absl::string_view value) override {
    seen += static_cast<std::size_t>(line_num) + value.size();
  }
  void HandleSitemap(int line_num, absl::string_view value) override {
    seen += static_cast<std::size_t>(line_num) + value.size();
  }
  void HandleUnknownAction(int line_num, absl::string_view action,
                           absl::string_view value) override {
    seen += static_cast<std::size_t>(line_num) + action.size() + value.size();
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s CORPUS_DIR [ROUNDS]\n", argv[0]);
    return 2;
  }
  const std::string dir = std::string(argv[1]) + "/robotfiles";
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 20;
  std::vector<std::string> bodies;
  std::size_t bytes = 0;
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* entry = readdir(d)) {
      if (entry->d_name[0] == '.') continue;
      std::ifstream in(dir + "/" + entry->d_name, std::ios::binary);
      bodies.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
      bytes += bodies.back().size();
    }
    closedir(d);
  }
  if (bodies.empty()) {
    std::fprintf(stderr, "no corpus at %s\n", dir.c_str());
    return 2;
  }
  double best = 0;
  std::size_t seen = 0;
  for (int round = 0; round < rounds; ++round) {
    Sink sink;
    const auto t0 = std::chrono::steady_clock::now();
    for (const std::string& body : bodies) googlebot::ParseRobotsTxt(body, &sink);
    const auto t1 = std::chrono::steady_clock::now();
    const double s = std::chrono::duration<double>(t1 - t0).count();
    if (round == 0 || s < best) best = s;
    seen = sink.seen;
  }
  std::printf("%zu files, %zu bytes/round, best of %d: %.1f MiB/s, checksum %zu\n", bodies.size(),
              bytes, rounds, bytes / best / (1024.0 * 1024.0), seen);
  return 0;
}
