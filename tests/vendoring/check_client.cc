// Asks a vendoring project's stand-in client (a shared object exporting
// vendoring_allowed(), built by scripts/test-vendoring.sh with that
// project's steps) the queries Google's library was asked, and compares the
// answers with Google's.
//
//   check_client CLIENT.so recorded TSV FILES_DIR [one-agent]
//       the queries of compat-tests/data/google_protected_state.tsv (each
//       row: file, agents, URL, Google's verdict and matching line) against
//       the robots.txt files in FILES_DIR; with one-agent, the rows that
//       ask one agent only (the client takes one)
//   check_client CLIENT.so corpus CORPUS_DIR EXPECTED_TSV
//       every URL of CORPUS_DIR/links/<site> for Googlebot against
//       CORPUS_DIR/robotfiles/<site>, per site compared with the digests of
//       Google's answers in EXPECTED_TSV
//   check_client CLIENT.so record-corpus CORPUS_DIR
//       prints those digests (run with a client built against Google's
//       library to write EXPECTED_TSV)
//
// Exits 0 when every answer is Google's, 1 otherwise, 2 on bad usage.
#include <dirent.h>
#include <dlfcn.h>

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

using Allowed = int (*)(const char* body, std::size_t body_len,
                        const char* agents, const char* url,
                        int* matching_line);

bool ReadFile(const std::string& path, std::string* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out->assign(std::istreambuf_iterator<char>(in),
              std::istreambuf_iterator<char>());
  return true;
}

std::vector<std::string> Split(const std::string& line, char sep) {
  std::vector<std::string> fields;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, sep)) fields.push_back(field);
  return fields;
}

// FNV-1a, 64 bits.
struct Digest {
  unsigned long long hash = 14695981039346656037ull;
  void Add(const std::string& s) {
    for (const char c : s) {
      hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    }
  }
  std::string Hex() const {
    char hex[20];
    std::snprintf(hex, sizeof hex, "%016llx", hash);
    return hex;
  }
};

int Recorded(Allowed allowed, const std::string& tsv, const std::string& dir,
             bool one_agent) {
  std::ifstream in(tsv);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", tsv.c_str());
    return 2;
  }
  int asked = 0, left_out = 0, wrong = 0;
  std::map<std::string, std::string> bodies;
  std::string line;
  while (std::getline(in, line)) {
    if (line.compare(0, 2, "T\t") != 0) continue;
    const std::vector<std::string> f = Split(line, '\t');
    if (f.size() < 6) {
      std::fprintf(stderr, "short row: %s\n", line.c_str());
      return 2;
    }
    const std::string& file = f[1];
    const std::string& agents = f[2];
    const std::string& url = f[3];
    if (one_agent && agents.find(',') != std::string::npos) {
      ++left_out;
      continue;
    }
    if (bodies.find(file) == bodies.end() &&
        !ReadFile(dir + "/" + file, &bodies[file])) {
      std::fprintf(stderr, "cannot read %s/%s\n", dir.c_str(), file.c_str());
      return 2;
    }
    const std::string& body = bodies[file];
    int matching_line = -1;
    const int got =
        allowed(body.data(), body.size(), agents.c_str(), url.c_str(),
                &matching_line);
    ++asked;
    const bool verdict_ok = got == std::stoi(f[4]);
    const bool line_ok = matching_line < 0 || matching_line == std::stoi(f[5]);
    if (!verdict_ok || !line_ok) {
      ++wrong;
      std::fprintf(stderr, "%s %s %s: got %d line %d, Google: %s line %s\n",
                   file.c_str(), agents.c_str(), url.c_str(), got,
                   matching_line, f[4].c_str(), f[5].c_str());
    }
  }
  std::printf("%d recorded queries asked (%d of several agents left out), "
              "%d answered otherwise than Google's library\n",
              asked, left_out, wrong);
  return asked > 0 && wrong == 0 ? 0 : 1;
}

// Per site: URLs, allowed ones, digest of the verdicts, digest of the
// lines ("-" when the client gives none).
std::map<std::string, std::string> CorpusDigests(Allowed allowed,
                                                 const std::string& corpus,
                                                 int* queries) {
  std::vector<std::string> sites;
  if (DIR* d = opendir((corpus + "/links").c_str())) {
    while (dirent* e = readdir(d)) {
      const std::string name = e->d_name;
      if (name != "." && name != "..") sites.push_back(name);
    }
    closedir(d);
  }
  std::sort(sites.begin(), sites.end());
  std::map<std::string, std::string> out;
  for (const std::string& site : sites) {
    std::string body, links;
    if (!ReadFile(corpus + "/robotfiles/" + site, &body) ||
        !ReadFile(corpus + "/links/" + site, &links)) {
      continue;
    }
    int n = 0, n_allowed = 0;
    bool has_lines = true;
    Digest verdicts, lines;
    for (const std::string& url : Split(links, '\n')) {
      if (url.empty()) continue;
      int matching_line = -1;
      const int got = allowed(body.data(), body.size(), "Googlebot",
                              url.c_str(), &matching_line);
      ++n;
      n_allowed += got;
      verdicts.Add(got ? "a" : "d");
      has_lines = has_lines && matching_line >= 0;
      lines.Add(std::to_string(matching_line) + "\n");
    }
    *queries += n;
    out[site] = std::to_string(n) + "\t" + std::to_string(n_allowed) + "\t" +
                verdicts.Hex() + "\t" + (has_lines ? lines.Hex() : "-");
  }
  return out;
}

int Corpus(Allowed allowed, const std::string& corpus,
           const std::string& expected_tsv) {
  std::ifstream in(expected_tsv);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", expected_tsv.c_str());
    return 2;
  }
  std::map<std::string, std::vector<std::string>> expected;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const std::vector<std::string> f = Split(line, '\t');
    if (f.size() == 5) expected[f[0]] = f;
  }
  int queries = 0, wrong = 0;
  const std::map<std::string, std::string> got =
      CorpusDigests(allowed, corpus, &queries);
  for (const auto& site : expected) {
    const auto it = got.find(site.first);
    if (it == got.end()) {
      std::fprintf(stderr, "%s: not in the corpus\n", site.first.c_str());
      ++wrong;
      continue;
    }
    const std::vector<std::string> g = Split(it->second, '\t');
    const std::vector<std::string>& e = site.second;
    if (g[0] != e[1] || g[1] != e[2] || g[2] != e[3] ||
        (g[3] != "-" && g[3] != e[4])) {
      std::fprintf(stderr, "%s: got %s, Google: %s %s %s %s\n",
                   site.first.c_str(), it->second.c_str(), e[1].c_str(),
                   e[2].c_str(), e[3].c_str(), e[4].c_str());
      ++wrong;
    }
  }
  if (got.size() != expected.size()) {
    std::fprintf(stderr, "%zu sites with URLs in the corpus, %zu recorded\n",
                 got.size(), expected.size());
    ++wrong;
  }
  std::printf("%d corpus queries on %zu sites, %d sites answered otherwise "
              "than Google's library\n",
              queries, got.size(), wrong);
  return wrong == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr,
                 "usage: %s CLIENT.so recorded TSV FILES_DIR [one-agent]\n"
                 "       %s CLIENT.so corpus CORPUS_DIR EXPECTED_TSV\n"
                 "       %s CLIENT.so record-corpus CORPUS_DIR\n",
                 argv[0], argv[0], argv[0]);
    return 2;
  }
  void* client = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (client == nullptr) {
    std::fprintf(stderr, "dlopen: %s\n", dlerror());
    return 2;
  }
  const Allowed allowed =
      reinterpret_cast<Allowed>(dlsym(client, "vendoring_allowed"));
  if (allowed == nullptr) {
    std::fprintf(stderr, "%s exports no vendoring_allowed\n", argv[1]);
    return 2;
  }
  const std::string mode = argv[2];
  if (mode == "recorded" && argc >= 5) {
    return Recorded(allowed, argv[3], argv[4],
                    argc > 5 && std::string(argv[5]) == "one-agent");
  }
  if (mode == "corpus" && argc == 5) return Corpus(allowed, argv[3], argv[4]);
  if (mode == "record-corpus") {
    int queries = 0;
    for (const auto& site : CorpusDigests(allowed, argv[3], &queries)) {
      std::printf("%s\t%s\n", site.first.c_str(), site.second.c_str());
    }
    return 0;
  }
  std::fprintf(stderr, "bad arguments\n");
  return 2;
}
