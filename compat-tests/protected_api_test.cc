// Google's protected RobotsMatcher API through the drop-in robots.h, against
// answers and state recorded from Google's own library on real robots.txt
// files (data/google_protected_state.tsv says how they were recorded).
//
// Four ways in, each as code written for Google's library does it:
// - a plain RobotsMatcher (the library's fast path), its protected members
//   read afterwards;
// - a subclass overriding every handler and calling RobotsMatcher's own:
//   it collects sitemaps (HandleSitemap) and crawl-delay lines
//   (HandleUnknownAction, with seen_specific_agent_ / seen_global_agent_ at
//   that line), counts the callbacks, and reads the protected state;
// - a subclass driving InitUserAgentsAndPath() + ParseRobotsTxt(body, this);
// - OneAgentAllowedByRobots() on a plain RobotsMatcher, for one agent.
//
// The robots.txt files are read from data/robotfiles/, copies of the
// corpus files the recording used (data/README.md), so these tests need
// nothing outside the repository.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "robots.h"

#ifndef ROBOTSTXT_COMPAT_DATA_DIR
#error "ROBOTSTXT_COMPAT_DATA_DIR must name compat-tests/data"
#endif

namespace {

// FNV-1a 64, as the recorder hashed sitemaps and crawl-delay lines.
class Fnv {
 public:
  void Add(const char* data, std::size_t len) {
    for (std::size_t i = 0; i < len; ++i) {
      hash_ ^= static_cast<unsigned char>(data[i]);
      hash_ *= 1099511628211ull;
    }
  }
  void Add(absl::string_view value) { Add(value.data(), value.size()); }
  void Add(const std::string& value) { Add(value.data(), value.size()); }
  void Add(int number) { Add(std::to_string(number)); }
  void Sep(char c) { Add(&c, 1); }
  std::string Hex() const {
    std::ostringstream out;
    out << std::hex << hash_;
    return out.str();
  }

 private:
  std::uint64_t hash_ = 1469598103934665603ull;
};

bool IsCrawlDelay(absl::string_view action) {
  static const char kKey[] = "crawl-delay";
  if (action.size() != sizeof(kKey) - 1) return false;
  for (std::size_t i = 0; i < action.size(); ++i) {
    char c = action.data()[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != kKey[i]) return false;
  }
  return true;
}

// Reads the protected members of any RobotsMatcher, plain ones included:
// a pointer to a protected member may be formed through a derived class and
// applied to a base object.
class StateReader : public googlebot::RobotsMatcher {
 public:
  // Columns 9-20 of the data file.
  static std::string Of(const googlebot::RobotsMatcher& m) {
    const MatchHierarchy googlebot::RobotsMatcher::*allow =
        &StateReader::allow_;
    const MatchHierarchy googlebot::RobotsMatcher::*disallow =
        &StateReader::disallow_;
    const bool googlebot::RobotsMatcher::*seen_global =
        &StateReader::seen_global_agent_;
    const bool googlebot::RobotsMatcher::*seen_specific =
        &StateReader::seen_specific_agent_;
    const bool googlebot::RobotsMatcher::*seen_separator =
        &StateReader::seen_separator_;
    bool (googlebot::RobotsMatcher::*seen_any)() const =
        &StateReader::seen_any_agent;
    std::ostringstream out;
    out << (m.*allow).global.priority() << '\t' << (m.*allow).global.line()
        << '\t' << (m.*allow).specific.priority() << '\t'
        << (m.*allow).specific.line() << '\t'
        << (m.*disallow).global.priority() << '\t'
        << (m.*disallow).global.line() << '\t'
        << (m.*disallow).specific.priority() << '\t'
        << (m.*disallow).specific.line() << '\t' << (m.*seen_global) << '\t'
        << (m.*seen_specific) << '\t' << (m.*seen_separator) << '\t'
        << (m.*seen_any)();
    return out.str();
  }
  static const char* Path(const googlebot::RobotsMatcher& m) {
    const char* const googlebot::RobotsMatcher::*path = &StateReader::path_;
    return m.*path;
  }
};

// Columns 5-8: the public answers after a query.
std::string Answers(bool allowed, const googlebot::RobotsMatcher& m) {
  std::ostringstream out;
  out << allowed << '\t' << m.matching_line() << '\t'
      << m.disallow_ignore_global() << '\t' << m.ever_seen_specific_agent();
  return out.str();
}

// Overrides every handler, as a crawler component would, and calls
// RobotsMatcher's own so that matching still happens.
class CollectingMatcher : public googlebot::RobotsMatcher {
 public:
  // Columns 21-30.
  std::string Calls() const {
    std::ostringstream out;
    out << starts_ << '\t' << ends_ << '\t' << user_agents_seen_ << '\t'
        << allows_ << '\t' << disallows_ << '\t' << sitemaps_ << '\t'
        << unknowns_ << '\t' << crawl_delays_ << '\t' << crawl_delay_hash_.Hex()
        << '\t' << sitemap_hash_.Hex();
    return out.str();
  }

 protected:
  void HandleRobotsStart() override {
    ++starts_;
    RobotsMatcher::HandleRobotsStart();
  }
  void HandleRobotsEnd() override {
    ++ends_;
    RobotsMatcher::HandleRobotsEnd();
  }
  void HandleUserAgent(int line_num, absl::string_view value) override {
    ++user_agents_seen_;
    RobotsMatcher::HandleUserAgent(line_num, value);
  }
  void HandleAllow(int line_num, absl::string_view value) override {
    ++allows_;
    RobotsMatcher::HandleAllow(line_num, value);
  }
  void HandleDisallow(int line_num, absl::string_view value) override {
    ++disallows_;
    RobotsMatcher::HandleDisallow(line_num, value);
  }
  void HandleSitemap(int line_num, absl::string_view value) override {
    ++sitemaps_;
    sitemap_hash_.Add(line_num);
    sitemap_hash_.Sep('\x1f');
    sitemap_hash_.Add(value);
    sitemap_hash_.Sep('\x1e');
    RobotsMatcher::HandleSitemap(line_num, value);
  }
  void HandleUnknownAction(int line_num, absl::string_view action,
                           absl::string_view value) override {
    ++unknowns_;
    if (IsCrawlDelay(action)) {
      // Whether this crawl-delay belongs to a group of the queried agents
      // is what the protected flags say at this line.
      ++crawl_delays_;
      crawl_delay_hash_.Add(line_num);
      crawl_delay_hash_.Sep('\x1f');
      crawl_delay_hash_.Add(value);
      crawl_delay_hash_.Sep('\x1f');
      crawl_delay_hash_.Add(seen_specific_agent_ ? 1 : 0);
      crawl_delay_hash_.Add(seen_global_agent_ ? 1 : 0);
      crawl_delay_hash_.Sep('\x1e');
    }
    RobotsMatcher::HandleUnknownAction(line_num, action, value);
  }

 private:
  int starts_ = 0;
  int ends_ = 0;
  int user_agents_seen_ = 0;
  int allows_ = 0;
  int disallows_ = 0;
  int sitemaps_ = 0;
  int unknowns_ = 0;
  int crawl_delays_ = 0;
  Fnv crawl_delay_hash_;
  Fnv sitemap_hash_;
};

// Drives the parse itself, as Google's protected API allows.
class DrivingMatcher : public googlebot::RobotsMatcher {
 public:
  bool Run(absl::string_view body, const std::vector<std::string>* agents,
           const std::string& url) {
    const std::string path = googlebot::GetPathParamsQuery(url);
    InitUserAgentsAndPath(agents, path.c_str());
    googlebot::ParseRobotsTxt(body, this);
    const bool allowed = !disallow();
    path_ = nullptr;  // path dies here.
    return allowed;
  }
};

struct Row {
  std::string file;
  std::string agents_field;
  std::vector<std::string> agents;
  std::string url;
  std::string answers;  // Columns 5-8.
  std::string state;    // Columns 9-20.
  std::string calls;    // Columns 21-30.
};

std::vector<std::string> Split(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, sep)) parts.push_back(part);
  return parts;
}

std::string Join(const std::vector<std::string>& parts, std::size_t from,
                 std::size_t to) {
  std::string joined;
  for (std::size_t i = from; i < to; ++i) {
    if (i > from) joined += '\t';
    joined += parts[i];
  }
  return joined;
}

std::vector<Row> LoadRows() {
  const std::string path =
      std::string(ROBOTSTXT_COMPAT_DATA_DIR) + "/google_protected_state.tsv";
  std::ifstream in(path.c_str());
  EXPECT_TRUE(in.good()) << "cannot read " << path;
  std::vector<Row> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const std::vector<std::string> f = Split(line, '\t');
    if (f.size() != 30 || f[0] != "T") {
      ADD_FAILURE() << "malformed row: " << line;
      continue;
    }
    Row row;
    row.file = f[1];
    row.agents_field = f[2];
    row.agents = Split(f[2], ',');
    row.url = f[3];
    row.answers = Join(f, 4, 8);
    row.state = Join(f, 8, 20);
    row.calls = Join(f, 20, 30);
    rows.push_back(row);
  }
  return rows;
}

bool ReadFile(const std::string& path, std::string* body) {
  std::ifstream in(path.c_str(), std::ios::binary);
  if (!in.good()) return false;
  body->assign(std::istreambuf_iterator<char>(in),
               std::istreambuf_iterator<char>());
  return true;
}

class ProtectedApi : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    rows_ = new std::vector<Row>(LoadRows());
    bodies_ = new std::map<std::string, std::string>();
    const std::string dir =
        std::string(ROBOTSTXT_COMPAT_DATA_DIR) + "/robotfiles/";
    for (const Row& row : *rows_) {
      std::string body;
      if (bodies_->count(row.file) != 0) continue;
      if (!ReadFile(dir + row.file, &body)) {
        missing_ = dir + row.file;
        return;
      }
      (*bodies_)[row.file] = body;
    }
  }
  static void TearDownTestSuite() {
    delete rows_;
    delete bodies_;
    rows_ = nullptr;
    bodies_ = nullptr;
  }
  void SetUp() override {
    // The bodies are part of the repository: one missing is a failure.
    ASSERT_TRUE(missing_.empty()) << "cannot read " << missing_;
    // Google's recording has more than 200 queries; a short file would
    // check less than it claims.
    ASSERT_GE(rows_->size(), 200u);
  }

  static const std::string& Body(const Row& row) {
    return bodies_->find(row.file)->second;
  }

  static std::vector<Row>* rows_;
  static std::map<std::string, std::string>* bodies_;
  static std::string missing_;
};

std::vector<Row>* ProtectedApi::rows_ = nullptr;
std::map<std::string, std::string>* ProtectedApi::bodies_ = nullptr;
std::string ProtectedApi::missing_;

TEST_F(ProtectedApi, PlainMatcherLeavesGooglesProtectedState) {
  for (const Row& row : *rows_) {
    SCOPED_TRACE(row.file + " | " + row.agents_field + " | " + row.url);
    googlebot::RobotsMatcher matcher;
    const bool allowed =
        matcher.AllowedByRobots(Body(row), &row.agents, row.url);
    EXPECT_EQ(row.answers, Answers(allowed, matcher));
    EXPECT_EQ(row.state, StateReader::Of(matcher));
    EXPECT_EQ(nullptr, StateReader::Path(matcher));
  }
}

TEST_F(ProtectedApi, OneAgentOnPlainMatcherLeavesGooglesProtectedState) {
  int checked = 0;
  for (const Row& row : *rows_) {
    if (row.agents.size() != 1) continue;
    SCOPED_TRACE(row.file + " | " + row.agents_field + " | " + row.url);
    googlebot::RobotsMatcher matcher;
    const bool allowed =
        matcher.OneAgentAllowedByRobots(Body(row), row.agents[0], row.url);
    EXPECT_EQ(row.answers, Answers(allowed, matcher));
    EXPECT_EQ(row.state, StateReader::Of(matcher));
    ++checked;
  }
  EXPECT_GT(checked, 100);
}

TEST_F(ProtectedApi, SubclassSeesEveryDirectiveSitemapAndCrawlDelay) {
  for (const Row& row : *rows_) {
    SCOPED_TRACE(row.file + " | " + row.agents_field + " | " + row.url);
    CollectingMatcher matcher;
    const bool allowed =
        matcher.AllowedByRobots(Body(row), &row.agents, row.url);
    EXPECT_EQ(row.answers, Answers(allowed, matcher));
    EXPECT_EQ(row.state, StateReader::Of(matcher));
    EXPECT_EQ(row.calls, matcher.Calls());
  }
}

TEST_F(ProtectedApi, InitUserAgentsAndPathThenParseRobotsTxt) {
  for (const Row& row : *rows_) {
    SCOPED_TRACE(row.file + " | " + row.agents_field + " | " + row.url);
    DrivingMatcher matcher;
    const bool allowed = matcher.Run(Body(row), &row.agents, row.url);
    EXPECT_EQ(row.answers, Answers(allowed, matcher));
    EXPECT_EQ(row.state, StateReader::Of(matcher));
  }
}

// One matcher reused across files, as a crawler reuses it: each query
// starts from Google's reset state (HandleRobotsStart), whichever way in.
TEST_F(ProtectedApi, ReusedMatchersResetBetweenQueries) {
  googlebot::RobotsMatcher plain;
  DrivingMatcher driving;
  for (const Row& row : *rows_) {
    SCOPED_TRACE(row.file + " | " + row.agents_field + " | " + row.url);
    const bool a = plain.AllowedByRobots(Body(row), &row.agents, row.url);
    EXPECT_EQ(row.answers, Answers(a, plain));
    EXPECT_EQ(row.state, StateReader::Of(plain));
    const bool b = driving.Run(Body(row), &row.agents, row.url);
    EXPECT_EQ(row.answers, Answers(b, driving));
    EXPECT_EQ(row.state, StateReader::Of(driving));
  }
}

}  // namespace
