// Differential test of the googlebot:: API: the same queries, written once
// for Google's robots.h, built against this repository's drop-in headers
// and against Google's robots.cc (compat-tests/differential/run-vs-google.sh),
// each build printing every answer and every piece of state a caller can
// read. The two outputs must be equal line for line.
//
//   ./differential CORPUS_DIR SET MODE [SEED]
//
// SET picks the inputs:
//   corpus       every site of CORPUS_DIR with URLs: up to 10 of its URLs and
//                URLs built from the body's own rules, for Googlebot, for an
//                agent the body names, and for two agents at once
//   adversarial  bodies generated from SEED (default 1): typos of the keys,
//                missing colons, odd whitespace, BOMs, NUL, CR and CRLF line
//                ends, percent escapes and bytes above 0x7F, `*` and `$`,
//                index.html rules, lines around the 16,663-byte cap
// MODE picks how they are asked:
//   fresh        a new RobotsMatcher for every query
//   kept         one RobotsMatcher for everything; each body's queries asked
//                three times in a row, printed the last time (a library that
//                keeps a parsed body answers them from it)
//   parse        ParseRobotsTxt() with a handler that records every callback
//                and its arguments, metadata included: a hash per body
//   directives   the same with a handler that keeps RobotsParseHandler's
//                ReportLineMetadata() (the drop-in then asks its library for
//                no line metadata): the Handle* callbacks alone
//
// Prints one line per query (per body for "parse"); the first field
// numbers the body, so a difference names the body to look at. With
// MODE "dump" and SEED = a body number, writes that body to stdout instead.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <dirent.h>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "robots.h"

namespace {

struct Case {
  std::string body;
  // Agent lists: one agent is asked through OneAgentAllowedByRobots().
  std::vector<std::vector<std::string>> agents;
  std::vector<std::string> urls;
};

bool Read(const std::string& path, std::string* out) {
  std::ifstream in(path.c_str(), std::ios::binary);
  if (!in.good()) return false;
  out->assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return true;
}

// Reads the protected state of a plain RobotsMatcher: a pointer to a
// protected member, formed in a derived class, applies to any object of the
// base class.
struct Peek : googlebot::RobotsMatcher {
  static void Print(const googlebot::RobotsMatcher& m, std::FILE* out) {
    const auto allow = &Peek::allow_;
    const auto disallow = &Peek::disallow_;
    std::fprintf(out, " %d %d %d %d %d %d %d %d %d %d %d", (m.*allow).global.priority(),
                 (m.*allow).global.line(), (m.*allow).specific.priority(),
                 (m.*allow).specific.line(), (m.*disallow).global.priority(),
                 (m.*disallow).global.line(), (m.*disallow).specific.priority(),
                 (m.*disallow).specific.line(), m.*(&Peek::seen_global_agent_),
                 m.*(&Peek::seen_specific_agent_), m.*(&Peek::seen_separator_));
  }
};

void Ask(googlebot::RobotsMatcher* m, std::size_t body_num, const Case& c,
         const std::vector<std::string>& agents, const std::string& url, bool print) {
  const bool allowed = agents.size() == 1 ? m->OneAgentAllowedByRobots(c.body, agents[0], url)
                                          : m->AllowedByRobots(c.body, &agents, url);
  if (!print) return;
  std::printf("%zu %d %d %d %d %d", body_num, allowed, m->disallow(), m->disallow_ignore_global(),
              m->ever_seen_specific_agent(), m->matching_line());
  Peek::Print(*m, stdout);
  std::printf("\n");
}

// Records the Handle* callbacks of ParseRobotsTxt() into an FNV-1a hash;
// ReportLineMetadata() is RobotsParseHandler's own.
class Recorder : public googlebot::RobotsParseHandler {
 public:
  std::uint64_t hash = 14695981039346656037ull;
  std::size_t events = 0;

  void HandleRobotsStart() override { Event('S', 0, "", ""); }
  void HandleRobotsEnd() override { Event('E', 0, "", ""); }
  void HandleUserAgent(int line, absl::string_view value) override {
    Event('U', line, "", value);
  }
  void HandleAllow(int line, absl::string_view value) override { Event('A', line, "", value); }
  void HandleDisallow(int line, absl::string_view value) override {
    Event('D', line, "", value);
  }
  void HandleSitemap(int line, absl::string_view value) override {
    Event('M', line, "", value);
  }
  void HandleUnknownAction(int line, absl::string_view action,
                           absl::string_view value) override {
    Event('K', line, action, value);
  }

 protected:
  void Event(char kind, int line, absl::string_view a, absl::string_view b) {
    ++events;
    const std::string head = kind + std::to_string(line);
    Bytes(head);
    Bytes(a);
    Bytes(b);
  }

 private:
  void Bytes(absl::string_view s) {
    for (char ch : s) {
      hash ^= static_cast<unsigned char>(ch);
      hash *= 1099511628211ull;
    }
    hash ^= 0x1E;
    hash *= 1099511628211ull;
  }
};

// Records every callback of ParseRobotsTxt(), each line's metadata too.
class FullRecorder : public Recorder {
 public:
  void ReportLineMetadata(int line, const LineMetadata& m) override {
    const char flags[8] = {static_cast<char>('0' + m.is_empty),
                           static_cast<char>('0' + m.has_comment),
                           static_cast<char>('0' + m.is_comment),
                           static_cast<char>('0' + m.has_directive),
                           static_cast<char>('0' + m.is_acceptable_typo),
                           static_cast<char>('0' + m.is_line_too_long),
                           static_cast<char>('0' + m.is_missing_colon_separator),
                           0};
    Event('L', line, flags, "");
  }
};

// xorshift64: the same inputs from every build.
struct Random {
  std::uint64_t state;
  std::uint64_t Next() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  }
  std::size_t Below(std::size_t n) { return static_cast<std::size_t>(Next() % n); }
  bool Chance(int percent) { return Below(100) < static_cast<std::size_t>(percent); }
  template <typename T, std::size_t N>
  const T& Pick(const T (&items)[N]) {
    return items[Below(N)];
  }
};

// The values of a body's allow/disallow lines, and the agents it names,
// found the simple way (lines split at LF, keys compared case-insensitively).
void RulesAndAgents(const std::string& body, std::vector<std::string>* rules,
                    std::vector<std::string>* agents) {
  std::size_t start = 0;
  while (start < body.size()) {
    std::size_t end = body.find('\n', start);
    if (end == std::string::npos) end = body.size();
    const std::string line = body.substr(start, end - start);
    start = end + 1;
    const std::size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, colon);
    for (char& ch : key) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    std::size_t v = colon + 1;
    while (v < line.size() && (line[v] == ' ' || line[v] == '\t')) ++v;
    std::size_t e = v;
    while (e < line.size() && line[e] != ' ' && line[e] != '#' && line[e] != '\r') ++e;
    const std::string value = line.substr(v, e - v);
    if (key == "allow" || key == "disallow") {
      rules->push_back(value);
    } else if (key == "user-agent" && !value.empty() && value != "*") {
      agents->push_back(value);
    }
  }
}

// A URL that a rule's pattern may match: `*` filled in, `$` dropped.
std::string UrlFor(const std::string& host, const std::string& rule, Random* random) {
  std::string path;
  for (char ch : rule) {
    if (ch == '*') {
      path += random->Chance(50) ? "" : "seg/x";
    } else if (ch != '$') {
      path += ch;
    }
  }
  if (path.empty() || path[0] != '/') path = "/" + path;
  if (random->Chance(30)) path += random->Chance(50) ? "?q=1" : "extra";
  return "http://" + host + path;
}

std::vector<Case> CorpusCases(const std::string& dir) {
  std::vector<std::string> names;
  if (DIR* d = opendir((dir + "/links").c_str())) {
    while (dirent* entry = readdir(d)) {
      if (entry->d_name[0] != '.') names.push_back(entry->d_name);
    }
    closedir(d);
  }
  std::sort(names.begin(), names.end());
  std::vector<Case> cases;
  Random random{0x5DEECE66DULL};
  for (const std::string& name : names) {
    Case c;
    std::string links;
    if (!Read(dir + "/robotfiles/" + name, &c.body) || !Read(dir + "/links/" + name, &links)) {
      continue;
    }
    std::size_t start = 0;
    while (c.urls.size() < 10 && start < links.size()) {
      std::size_t end = links.find('\n', start);
      if (end == std::string::npos) end = links.size();
      if (end > start) c.urls.push_back(links.substr(start, end - start));
      start = end + 1;
    }
    std::vector<std::string> rules, named;
    RulesAndAgents(c.body, &rules, &named);
    for (std::size_t i = 0; i < 6 && !rules.empty(); ++i) {
      c.urls.push_back(UrlFor(name, rules[random.Below(rules.size())], &random));
    }
    c.agents.push_back({"Googlebot"});
    c.agents.push_back({"bingbot", "Googlebot-News"});
    if (!named.empty()) {
      const std::string agent = named[random.Below(named.size())];
      c.agents.push_back({agent});
      c.agents.push_back({agent, "Googlebot"});
    }
    cases.push_back(c);
  }
  return cases;
}

std::string AdversarialPath(Random* random) {
  static const char* const kPieces[] = {
      "/",   "/",    "a",   "b",     "x",   "%",     "%2f", "%2F",    "%aa", "%zz", "*",
      "*",   "$",    "?",   "=",     "&",   ".",     "/index.html",     "/index.htm",
      "\xC3\xA9",    "\x80", "\xFF", " ",  "\t",  "%7E", "~",  "//",   "-",   "_",
      "/a/", "/b/",  "#",   "%00"};
  std::string path;
  const std::size_t n = random->Below(8);
  if (random->Chance(80)) path = "/";
  for (std::size_t i = 0; i < n; ++i) path += random->Pick(kPieces);
  return path;
}

std::string AdversarialLine(Random* random) {
  static const char* const kAgentKeys[] = {
      "user-agent", "User-Agent", "USER-AGENT", "useragent", "user agent", "User-agentx",
      "UsEr-AgEnT", "user-agent foo", "user_agent", "user-agen", "u"};
  static const char* const kRuleKeys[] = {
      "allow",   "Allow",    "ALLOW",   "allowed", "disallow", "Disallow", "DISALLOW",
      "dissallow", "dissalow", "disalow", "diasllow", "disallaw", "disallowed", "allo",
      "disallo", "dis allow", "a", "d"};
  static const char* const kOtherKeys[] = {"sitemap", "site-map", "Sitemap", "crawl-delay",
                                          "foo",     "",         "noindex", "host", "s"};
  static const char* const kAgents[] = {
      "*",        "* ",         "*\tfoo",   "*foo",         "Googlebot",       "googlebot",
      "Googlebot/2.1", "GOOGLEBOT-news", "bingbot", "Googlebot-News", "foo", "",
      "Googlebot Foo",  "Google bot",     "*Googlebot", "googlebot*", "Googlebot-Image",
      "\xC3\xA9", "* *"};
  static const char* const kSeparators[] = {":", ":", ":", ": ", " :", "\t:", " ", "  ",
                                           "\t", "",  "::", " : ", "\v:", ":\f"};
  static const char* const kLeading[] = {"", "", "", "", "", "", " ", "\t", "\v", "\f", "  "};
  static const char* const kTrailing[] = {"", "", "", "", " ", "\t", " # comment", "#",
                                         "\v", " x", "\r"};
  std::string line = random->Pick(kLeading);
  const std::size_t kind = random->Below(10);
  if (kind < 3) {
    line += random->Pick(kAgentKeys);
    line += random->Pick(kSeparators);
    line += random->Pick(kAgents);
  } else if (kind < 8) {
    line += random->Pick(kRuleKeys);
    line += random->Pick(kSeparators);
    line += AdversarialPath(random);
  } else if (kind < 9) {
    line += random->Pick(kOtherKeys);
    line += random->Pick(kSeparators);
    line += random->Chance(50) ? "http://example.com/sitemap.xml" : AdversarialPath(random);
  } else {
    static const std::string kOdd[] = {"",           "#",           "# user-agent: *",
                                       " ",          "\t\t",        std::string(1, '\0'),
                                       ":",          ": /x",        "disallow",
                                       "user-agent", "\xEF\xBB\xBF"};
    line += random->Pick(kOdd);
  }
  line += random->Pick(kTrailing);
  if (random->Chance(3)) line.insert(random->Below(line.size() + 1), 1, '\0');
  return line;
}

// A line longer than the cap, or just within it, with its parts placed
// around byte 16,663.
std::string LongLine(Random* random) {
  const std::size_t cap = 2083 * 8 - 1;
  const std::size_t around = cap - 4 + random->Below(9);
  switch (random->Below(7)) {
    case 0: {  // A rule whose value crosses the cap.
      std::string line = random->Chance(50) ? "disallow: /" : "allow: /";
      while (line.size() < around) line += random->Chance(5) ? "%e9" : "a";
      return line + "*x$";
    }
    case 1:  // Leading whitespace up to the cap.
      return std::string(around, ' ') + "user-agent: *";
    case 2:  // The colon past the cap.
      return "disallow" + std::string(around, ' ') + ": /x";
    case 3: {  // A comment past the cap.
      std::string line = "disallow: /";
      line += std::string(around - line.size(), 'b');
      return line + "#c";
    }
    case 4:  // Whitespace after a rule's colon past the cap.
      return (random->Chance(50) ? "disallow:" : "allow:") +
             std::string(around, random->Chance(50) ? ' ' : '\t') + "/x";
    case 5:  // Whitespace after a user-agent's colon past the cap.
      return "user-agent:" + std::string(around, ' ') + (random->Chance(50) ? "*" : "Googlebot");
    default:  // A key longer than the cap.
      return "user-agent" + std::string(around, 'x') + ": Googlebot";
  }
}

std::vector<Case> AdversarialCases(std::uint64_t seed) {
  std::vector<Case> cases;
  Random random{seed * 0x9E3779B97F4A7C15ULL + 1};
  static const char* const kBoms[] = {"", "", "", "", "", "", "\xEF\xBB\xBF", "\xEF\xBB",
                                      "\xEF", "\xEF\xBB\xBF\xEF\xBB\xBF", "\xBB\xBF"};
  static const char* const kEnds[] = {"\n", "\n", "\n", "\n", "\r\n", "\r\n", "\r", "\n\r",
                                      "\r\r\n", "\n\n"};
  static const char* const kHosts[] = {"http://example.com", "https://example.com:8080",
                                       "example.com", "//example.com", "", "http://a.b/c"};
  for (int n = 0; n < 20000; ++n) {
    Case c;
    c.body = random.Pick(kBoms);
    const std::size_t lines = random.Chance(5) ? 100 + random.Below(200) : random.Below(16);
    for (std::size_t i = 0; i < lines; ++i) {
      c.body += random.Chance(1) ? LongLine(&random) : AdversarialLine(&random);
      if (i + 1 < lines || random.Chance(70)) c.body += random.Pick(kEnds);
    }
    std::vector<std::string> rules, named;
    RulesAndAgents(c.body, &rules, &named);
    for (int u = 0; u < 4; ++u) {
      if (!rules.empty() && random.Chance(60)) {
        c.urls.push_back(UrlFor("example.com", rules[random.Below(rules.size())], &random));
      } else {
        c.urls.push_back(random.Pick(kHosts) + AdversarialPath(&random));
      }
    }
    static const char* const kAsk[] = {"Googlebot", "googlebot", "Googlebot-News", "bingbot",
                                       "foo", "Googlebot-Image", "*"};
    c.agents.push_back({random.Pick(kAsk)});
    c.agents.push_back({"bingbot", random.Pick(kAsk)});
    if (random.Chance(10)) c.agents.push_back({});
    cases.push_back(c);
  }
  return cases;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s CORPUS_DIR corpus|adversarial fresh|kept|parse|directives|dump [SEED]\n",
                 argv[0]);
    return 2;
  }
  const std::string set = argv[2];
  const std::string mode = argv[3];
  const std::uint64_t seed = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1;
  std::vector<Case> cases;
  if (set == "corpus") {
    cases = CorpusCases(argv[1]);
  } else if (set == "adversarial") {
    cases = AdversarialCases(mode == "dump" ? 1 : seed);
  } else {
    std::fprintf(stderr, "unknown set %s\n", set.c_str());
    return 2;
  }
  if (cases.empty()) {
    std::fprintf(stderr, "no cases (no corpus at %s?)\n", argv[1]);
    return 2;
  }
  if (mode == "dump") {
    const std::size_t n = argc > 4 ? std::strtoul(argv[4], nullptr, 10) : 0;
    if (n >= cases.size()) return 2;
    std::fwrite(cases[n].body.data(), 1, cases[n].body.size(), stdout);
    return 0;
  }
  googlebot::RobotsMatcher kept;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    if (mode == "parse" || mode == "directives") {
      FullRecorder full;
      Recorder directives;
      Recorder& recorder = mode == "parse" ? full : directives;
      googlebot::ParseRobotsTxt(c.body, &recorder);
      std::printf("%zu %zu %016llx\n", i, recorder.events,
                  static_cast<unsigned long long>(recorder.hash));
    } else if (mode == "fresh") {
      for (const auto& agents : c.agents) {
        for (const std::string& url : c.urls) {
          googlebot::RobotsMatcher m;
          Ask(&m, i, c, agents, url, true);
        }
      }
    } else if (mode == "kept") {
      for (int pass = 0; pass < 3; ++pass) {
        for (const auto& agents : c.agents) {
          for (const std::string& url : c.urls) Ask(&kept, i, c, agents, url, pass == 2);
        }
      }
    } else {
      std::fprintf(stderr, "unknown mode %s\n", mode.c_str());
      return 2;
    }
  }
  return 0;
}
