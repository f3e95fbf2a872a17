#include "spec/runner.h"

#include <dirent.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>

#include "spec/json.h"

namespace spec {
namespace {

int checks_run = 0;
int cases_run = 0;

// The files are read once and kept for the whole run: the tests point into
// them.
std::vector<std::unique_ptr<Json> >& Documents() {
  static std::vector<std::unique_ptr<Json> > documents;
  return documents;
}

void ListJson(const std::string& dir, std::vector<std::string>* out) {
  DIR* d = opendir(dir.c_str());
  if (d == nullptr) return;
  while (const dirent* entry = readdir(d)) {
    const std::string name = entry->d_name;
    if (name == "." || name == "..") continue;
    const std::string path = dir + "/" + name;
    struct stat st;
    if (stat(path.c_str(), &st) != 0) continue;
    if (S_ISDIR(st.st_mode)) {
      ListJson(path, out);
    } else if (name.size() > 5 && name.compare(name.size() - 5, 5, ".json") == 0) {
      out->push_back(path);
    }
  }
  closedir(d);
}

// A bytes value: a string (its UTF-8), or a list of segments: strings,
// {"hex": "..."} and {"repeat": <bytes value>, "times": N}.
bool Bytes(const Json& value, std::string* out) {
  if (value.is_string()) {
    out->append(value.string());
    return true;
  }
  if (!value.is_array()) return false;
  for (const Json& segment : value.items()) {
    if (segment.is_string()) {
      out->append(segment.string());
      continue;
    }
    if (const Json* hex = segment.Find("hex")) {
      const std::string& h = hex->string();
      if (h.size() % 2 != 0) return false;
      for (std::size_t i = 0; i < h.size(); i += 2) {
        out->push_back(static_cast<char>(std::stoi(h.substr(i, 2), nullptr, 16)));
      }
      continue;
    }
    const Json* repeat = segment.Find("repeat");
    const Json* times = segment.Find("times");
    if (repeat == nullptr || times == nullptr) return false;
    std::string unit;
    if (!Bytes(*repeat, &unit)) return false;
    for (long n = static_cast<long>(times->number()); n > 0; --n) out->append(unit);
  }
  return true;
}

std::string BytesOf(const Json& check, const char* key) {
  std::string out;
  const Json* value = check.Find(key);
  if (value == nullptr || !Bytes(*value, &out)) {
    ADD_FAILURE() << "the check has no bytes value \"" << key << "\"";
  }
  return out;
}

// Bytes as a reader wants them in a failure message: printable ASCII as it
// is, the rest escaped, long runs cut.
std::string Show(const std::string& bytes) {
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    if (out.size() > 120) return out + "...(" + std::to_string(bytes.size()) + " bytes)";
    const unsigned char c = static_cast<unsigned char>(bytes[i]);
    if (c >= 0x20 && c < 0x7F && c != '\\') {
      out.push_back(static_cast<char>(c));
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", c);
      out += buf;
    }
  }
  return out;
}

std::string ShowEvent(const Event& e) {
  std::string out = std::to_string(e.line) + " " + e.kind + " ";
  if (e.kind == "unknown") out += Show(e.key) + "=";
  return out + Show(e.value);
}

std::vector<std::string> ExpectedEvents(const Json& list) {
  std::vector<std::string> out;
  for (const Json& item : list.items()) {
    const std::vector<Json>& f = item.items();
    Event e;
    e.line = static_cast<int>(f.at(0).number());
    e.kind = f.at(1).string();
    std::string* bytes[2] = {&e.key, &e.value};
    const std::size_t values = f.size() - 2;
    for (std::size_t i = 0; i < values; ++i) {
      Bytes(f.at(2 + i), bytes[values == 1 ? 1 : i]);
    }
    out.push_back(ShowEvent(e));
  }
  return out;
}

int Int(const Json& check, const char* key) {
  return static_cast<int>(check.Find(key)->number());
}

void RunAllowed(Api* api, const Json& check) {
  const std::string robots = BytesOf(check, "robots");
  for (const Json& query : check.Find("queries")->items()) {
    const std::string agent = BytesOf(query, "agent");
    const std::string url = BytesOf(query, "url");
    SCOPED_TRACE("agent '" + Show(agent) + "', url '" + Show(url) + "'");
    const Answer got = api->Allowed(robots, agent, url);
    ++checks_run;
    EXPECT_EQ(query.Find("allowed")->boolean(), got.allowed) << "allowed";
    if (query.Find("line")) {
      EXPECT_EQ(Int(query, "line"), got.matching_line) << "matching line";
    }
    if (const Json* specific = query.Find("specific")) {
      EXPECT_EQ(specific->boolean(), got.ever_seen_specific_agent) << "ever seen specific agent";
    }
  }
}

void RunParseStats(Api* api, const Json& check) {
  // Google's RobotsStatsReporter, over the recorded callbacks.
  int valid = 0, unknown = 0, last_line = 0;
  std::string sitemap;
  for (const Event& e : api->Parse(BytesOf(check, "robots"))) {
    last_line = e.line;
    if (e.kind == "unknown") {
      ++unknown;
    } else {
      ++valid;
    }
    if (e.kind == "sitemap") sitemap += e.value;
  }
  ++checks_run;
  if (check.Find("valid_directives")) {
    EXPECT_EQ(Int(check, "valid_directives"), valid);
  }
  if (check.Find("unknown_directives")) {
    EXPECT_EQ(Int(check, "unknown_directives"), unknown);
  }
  if (check.Find("last_line_seen")) {
    EXPECT_EQ(Int(check, "last_line_seen"), last_line);
  }
  if (check.Find("sitemap")) {
    EXPECT_EQ(Show(BytesOf(check, "sitemap")), Show(sitemap));
  }
}

void RunReport(Api* api, const Json& check) {
  const Report got = api->ParseReport(BytesOf(check, "robots"));
  ++checks_run;
  if (check.Find("valid_directives")) {
    EXPECT_EQ(Int(check, "valid_directives"), got.valid_directives);
  }
  if (check.Find("last_line_seen")) {
    EXPECT_EQ(Int(check, "last_line_seen"), got.last_line_seen);
  }
  if (check.Find("results_count")) {
    EXPECT_EQ(Int(check, "results_count"), static_cast<int>(got.lines.size()));
  }
  const Json* lines = check.Find("lines");
  if (lines == nullptr) return;
  for (const Json& want : lines->items()) {
    const int n = Int(want, "line");
    SCOPED_TRACE("line " + std::to_string(n));
    if (n < 1 || static_cast<std::size_t>(n) > got.lines.size()) {
      ADD_FAILURE() << "no report for the line";
      continue;
    }
    const ReportedLine& line = got.lines[n - 1];
    EXPECT_EQ(n, line.line_num);
    if (const Json* tag = want.Find("tag")) {
      EXPECT_EQ(tag->string(), line.tag);
    }
    if (const Json* typo = want.Find("typo")) {
      EXPECT_EQ(typo->boolean(), line.is_typo);
    }
    if (const Json* flags = want.Find("flags")) {
      std::vector<std::string> expected;
      for (const Json& f : flags->items()) expected.push_back(f.string());
      std::vector<std::string> sorted = line.flags;
      std::sort(expected.begin(), expected.end());
      std::sort(sorted.begin(), sorted.end());
      EXPECT_EQ(expected, sorted) << "flags";
    }
  }
}

void RunCheck(Api* api, const Json& check) {
  const std::string kind = check.Find("kind") ? check.Find("kind")->string() : "";
  if (kind == "allowed") {
    RunAllowed(api, check);
  } else if (kind == "valid_agent") {
    const Json* agent = check.Find("agent");
    std::string bytes;
    const bool is_null = agent == nullptr || agent->is_null();
    if (!is_null) bytes = BytesOf(check, "agent");
    ++checks_run;
    EXPECT_EQ(check.Find("valid")->boolean(),
              api->IsValidUserAgentToObey(is_null ? nullptr : &bytes))
        << "agent '" << (is_null ? "(null)" : Show(bytes)) << "'";
  } else if (kind == "events") {
    std::vector<std::string> got;
    for (const Event& e : api->Parse(BytesOf(check, "robots"))) got.push_back(ShowEvent(e));
    ++checks_run;
    EXPECT_EQ(ExpectedEvents(*check.Find("events")), got);
  } else if (kind == "parse_stats") {
    RunParseStats(api, check);
  } else if (kind == "report") {
    RunReport(api, check);
  } else if (kind == "path") {
    const std::string url = BytesOf(check, "url");
    ++checks_run;
    EXPECT_EQ(Show(BytesOf(check, "path")), Show(api->PathParamsQuery(url)))
        << "url '" << Show(url) << "'";
  } else if (kind == "escape") {
    const std::string pattern = BytesOf(check, "pattern");
    ++checks_run;
    EXPECT_EQ(Show(BytesOf(check, "escaped")), Show(api->EscapePattern(pattern)))
        << "pattern '" << Show(pattern) << "'";
  } else {
    ADD_FAILURE() << "unknown check kind '" << kind << "': a runner runs every kind";
  }
}

class CaseTest : public testing::Test {
 public:
  CaseTest(Api* api, const Json* test) : api_(api), test_(test) {}
  void TestBody() override {
    ++cases_run;
    const std::vector<Json>& checks = test_->Find("checks")->items();
    for (std::size_t i = 0; i < checks.size(); ++i) {
      SCOPED_TRACE("check " + std::to_string(i + 1));
      RunCheck(api_, checks[i]);
    }
  }

 private:
  Api* api_;
  const Json* test_;
};

class LoadFailure : public testing::Test {
 public:
  explicit LoadFailure(const std::string& why) : why_(why) {}
  void TestBody() override { ADD_FAILURE() << why_; }

 private:
  std::string why_;
};

}  // namespace

std::vector<std::string> Flags(bool is_empty, bool has_comment, bool is_comment,
                               bool has_directive, bool is_acceptable_typo,
                               bool is_line_too_long,
                               bool is_missing_colon_separator) {
  std::vector<std::string> out;
  if (is_empty) out.push_back("is_empty");
  if (has_comment) out.push_back("has_comment");
  if (is_comment) out.push_back("is_comment");
  if (has_directive) out.push_back("has_directive");
  if (is_acceptable_typo) out.push_back("is_acceptable_typo");
  if (is_line_too_long) out.push_back("is_line_too_long");
  if (is_missing_colon_separator) out.push_back("is_missing_colon_separator");
  return out;
}

void RegisterCases(const std::string& dir, Api* api) {
  std::vector<std::string> files;
  ListJson(dir, &files);
  std::sort(files.begin(), files.end());
  if (files.empty()) files.push_back(dir + " (no case files)");
  for (const std::string& path : files) {
    std::ifstream in(path.c_str(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    std::string error;
    std::unique_ptr<Json> doc(new Json(Json::Parse(text.str(), &error)));
    const Json* suite = doc->Find("suite");
    const Json* tests = doc->Find("tests");
    if (!in || !error.empty() || suite == nullptr || tests == nullptr) {
      const std::string why = path + ": " + (error.empty() ? "not a case file" : error);
      testing::RegisterTest("SpecFiles", path.c_str(), nullptr, nullptr, __FILE__, __LINE__,
                            [why]() -> testing::Test* { return new LoadFailure(why); });
      continue;
    }
    for (const Json& test : tests->items()) {
      const Json* t = &test;
      testing::RegisterTest(suite->string().c_str(), test.Find("name")->string().c_str(),
                            nullptr, nullptr, path.c_str(), 1,
                            [api, t]() -> testing::Test* { return new CaseTest(api, t); });
    }
    Documents().push_back(std::move(doc));
  }
}

std::string Summary() {
  return "spec: " + std::to_string(checks_run) + " checks in " + std::to_string(cases_run) +
         " cases";
}

}  // namespace spec
