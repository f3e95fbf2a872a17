// Benchmark of the drop-in googlebot:: API as code written for Google's
// library uses it: a plain RobotsMatcher per query, the robots.txt parsed
// again for each query (OneAgentAllowedByRobots and AllowedByRobots), over
// the files and URLs of the shared corpus. Not run by the tests.
//
//   c++ -std=c++17 -O2 -I<prefix>/include -o dropin_bench
//       compat-tests/bench/dropin_bench.cc
//       -L<prefix>/lib -lrobotstxt -Wl,-rpath,<prefix>/lib   (one line)
//   ./dropin_bench ../shared/corpus [rounds] [urls-per-site] [max-body-bytes]
//                  [fresh|reuse|shuffle|shuffle-fresh]
//
// max-body-bytes (default 0: whole files) cuts each robots.txt after the
// last line that fits, to weigh the per-query cost of the API itself.
// "fresh" (the default) makes a new matcher for every query; "reuse" keeps
// one matcher per agent list across all queries, in site order, as a crawler
// that checks many URLs of one site in a row does. "shuffle" keeps the
// matchers too but asks the (site, URL) pairs in a shuffled order, as a
// crawler that interleaves sites does: a different body nearly every time.
// "shuffle-fresh" asks that order with a new matcher for every query (the
// same bodies, as cold in the caches as with "shuffle").
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
#include <utility>
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

// Fisher-Yates with a fixed xorshift generator, so that every build (ours,
// Google's, any standard library) asks the same order.
template <typename T>
void Shuffle(std::vector<T>* items) {
  unsigned long long state = 0x9E3779B97F4A7C15ull;
  for (std::size_t i = items->size(); i > 1; --i) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    std::swap((*items)[i - 1], (*items)[state % i]);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr,
                 "usage: %s CORPUS_DIR [ROUNDS] [URLS_PER_SITE] [MAX_BODY_BYTES]"
                 " [fresh|reuse|shuffle|shuffle-fresh]\n",
                 argv[0]);
    return 2;
  }
  const std::string corpus = argv[1];
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 5;
  const std::size_t per_site = argc > 3 ? std::strtoul(argv[3], nullptr, 10) : 20;
  const std::size_t max_body = argc > 4 ? std::strtoul(argv[4], nullptr, 10) : 0;
  const std::string mode = argc > 5 ? argv[5] : "fresh";
  if (mode != "fresh" && mode != "reuse" && mode != "shuffle" && mode != "shuffle-fresh") {
    std::fprintf(stderr, "unknown mode %s\n", mode.c_str());
    return 2;
  }
  const bool keep = mode == "reuse" || mode == "shuffle";

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

  // The queries as (site, URL) indexes, in site order or shuffled.
  std::vector<std::pair<std::size_t, std::size_t>> order;
  for (std::size_t s = 0; s < sites.size(); ++s) {
    for (std::size_t u = 0; u < sites[s].urls.size(); ++u) order.emplace_back(s, u);
  }
  if (mode == "shuffle" || mode == "shuffle-fresh") Shuffle(&order);

  const std::vector<std::string> agents = {"Googlebot", "bingbot"};
  double best = 0;
  unsigned long checksum = 0;
  for (int round = 0; round < rounds; ++round) {
    unsigned long sum = 0;
    const auto t0 = std::chrono::steady_clock::now();
    if (keep) {
      googlebot::RobotsMatcher one;
      googlebot::RobotsMatcher many;
      for (const auto& query : order) {
        const Site& site = sites[query.first];
        const std::string& url = site.urls[query.second];
        sum = sum * 31 + one.OneAgentAllowedByRobots(site.body, "Googlebot", url) +
              2 * static_cast<unsigned long>(one.matching_line());
        sum = sum * 31 + many.AllowedByRobots(site.body, &agents, url);
      }
    } else {
      for (const auto& query : order) {
        const Site& site = sites[query.first];
        const std::string& url = site.urls[query.second];
        googlebot::RobotsMatcher one;
        sum = sum * 31 + one.OneAgentAllowedByRobots(site.body, "Googlebot", url) +
              2 * static_cast<unsigned long>(one.matching_line());
        googlebot::RobotsMatcher many;
        sum = sum * 31 + many.AllowedByRobots(site.body, &agents, url);
      }
    }
    const auto t1 = std::chrono::steady_clock::now();
    const double ns = std::chrono::duration<double, std::nano>(t1 - t0).count() / queries;
    if (round == 0 || ns < best) best = ns;
    checksum = sum;
  }
  std::printf("%zu sites, %zu queries/round (%s), best of %d: %.1f ns/query, checksum %lx\n",
              sites.size(), queries, mode.c_str(), rounds, best,
              checksum);
  return 0;
}
