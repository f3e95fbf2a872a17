// Benchmark of the drop-in googlebot:: API as code written for Google's
// library uses it: a plain RobotsMatcher per query, the robots.txt parsed
// again for each query (OneAgentAllowedByRobots and AllowedByRobots), over
// the files and URLs of the shared corpus. Not run by the tests.
//
//   c++ -std=c++17 -O2 -I<prefix>/include -o dropin_bench
//       compat-tests/bench/dropin_bench.cc
//       -L<prefix>/lib -lrobotstxt -Wl,-rpath,<prefix>/lib   (one line)
//   ./dropin_bench ../shared/corpus [rounds] [urls-per-site] [max-body-bytes]
//                  [fresh|reuse]
//
// max-body-bytes (default 0: whole files) cuts each robots.txt after the
// last line that fits, to weigh the per-query cost of the API itself.
// "fresh" (the default) makes a new matcher for every query; "reuse" keeps
// one matcher per agent list across all queries, in site order, as a crawler
// that checks many URLs of one site in a row does.
//
// Prints the number of queries, the best round's nanoseconds per query, and
// a checksum of the answers (equal checksums: equal answers). To compare two
// versions of the headers, build this file against each and run both
// binaries alternately in one session.
#include <algorithm>
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

struct Site {
  std::string body;
  std::vector<std::string> urls;
};

bool Read(const std::string& path, std::string* out) {
  std::ifstream in(path.c_str(), std::ios::binary);
  if (!in.good()) return false;
  out->assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr,
                 "usage: %s CORPUS_DIR [ROUNDS] [URLS_PER_SITE] [MAX_BODY_BYTES] [fresh|reuse]\n",
                 argv[0]);
    return 2;
  }
  const std::string corpus = argv[1];
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 5;
  const std::size_t per_site = argc > 3 ? std::strtoul(argv[3], nullptr, 10) : 20;
  const std::size_t max_body = argc > 4 ? std::strtoul(argv[4], nullptr, 10) : 0;
  const bool reuse = argc > 5 && std::string(argv[5]) == "reuse";

  std::vector<std::string> names;
  if (DIR* dir = opendir((corpus + "/links").c_str())) {
    while (dirent* entry = readdir(dir)) {
      if (entry->d_name[0] != '.') names.push_back(entry->d_name);
    }
    closedir(dir);
  }
  std::sort(names.begin(), names.end());
  std::vector<Site> sites;
  std::size_t queries = 0;
  for (const std::string& name : names) {
    Site site;
    std::string links;
    if (!Read(corpus + "/robotfiles/" + name, &site.body) ||
        !Read(corpus + "/links/" + name, &links)) {
      continue;
    }
    if (max_body != 0 && site.body.size() > max_body) {
      const std::size_t cut = site.body.rfind('\n', max_body);
      site.body.resize(cut == std::string::npos ? 0 : cut + 1);
    }
    std::size_t start = 0;
    while (site.urls.size() < per_site && start < links.size()) {
      std::size_t end = links.find('\n', start);
      if (end == std::string::npos) end = links.size();
      if (end > start) site.urls.push_back(links.substr(start, end - start));
      start = end + 1;
    }
    queries += 2 * site.urls.size();
    sites.push_back(site);
  }
  if (sites.empty()) {
    std::fprintf(stderr, "no corpus at %s\n", corpus.c_str());
    return 2;
  }

  const std::vector<std::string> agents = {"Googlebot", "bingbot"};
  double best = 0;
  unsigned long checksum = 0;
  for (int round = 0; round < rounds; ++round) {
    unsigned long sum = 0;
    const auto t0 = std::chrono::steady_clock::now();
    if (reuse) {
      googlebot::RobotsMatcher one;
      googlebot::RobotsMatcher many;
      for (const Site& site : sites) {
        for (const std::string& url : site.urls) {
          sum = sum * 31 + one.OneAgentAllowedByRobots(site.body, "Googlebot", url) +
                2 * static_cast<unsigned long>(one.matching_line());
          sum = sum * 31 + many.AllowedByRobots(site.body, &agents, url);
        }
      }
    } else {
      for (const Site& site : sites) {
        for (const std::string& url : site.urls) {
          googlebot::RobotsMatcher one;
          sum = sum * 31 + one.OneAgentAllowedByRobots(site.body, "Googlebot", url) +
                2 * static_cast<unsigned long>(one.matching_line());
          googlebot::RobotsMatcher many;
          sum = sum * 31 + many.AllowedByRobots(site.body, &agents, url);
        }
      }
    }
    const auto t1 = std::chrono::steady_clock::now();
    const double ns = std::chrono::duration<double, std::nano>(t1 - t0).count() / queries;
    if (round == 0 || ns < best) best = ns;
    checksum = sum;
  }
  std::printf("%zu sites, %zu queries/round (%s), best of %d: %.1f ns/query, checksum %lx\n",
              sites.size(), queries, reuse ? "reused matchers" : "fresh matchers", rounds, best,
              checksum);
  return 0;
}
