// robotstxt.hpp: the parse-once robotstxt::Robots, method by method.
//
// Expected answers are what Google's robots.cc does (the shared cases of
// spec/cases/ run through the C API in compat-tests/); each verdict is
// also compared with googlebot::RobotsMatcher from robots.h, which must give
// the same after parsing the body again. The crawler half of the header is
// tested in cpp_crawler_test.cc; both translation units include
// robotstxt.hpp, robots.h and reporting_robots.h, so the program also shows
// the headers are safe together and in several translation units.
#include "robotstxt/robotstxt.hpp"

#include <atomic>
#include <cstdint>
#include <initializer_list>
#include <ostream>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "check.h"
#include "reporting_robots.h"
#include "robots.h"

// cpp_crawler_test.cc.
void RunCrawlerTests();
using IsRobotsTxtUrlFn = bool (*)(std::string_view);
IsRobotsTxtUrlFn CrawlerTuIsRobotsTxtUrl();

namespace robotstxt {
std::ostream& operator<<(std::ostream& out, const Answer& a) {
  return out << "{allowed=" << a.allowed << " line=" << a.matching_line
             << " specific=" << a.ever_seen_specific_agent
             << " ignore_global=" << a.disallow_ignore_global << "}";
}
}  // namespace robotstxt

namespace {

using robotstxt::Answer;
using robotstxt::Robots;
using robotstxt::RuleKind;

static_assert(!std::is_copy_constructible_v<Robots>);
static_assert(!std::is_copy_assignable_v<Robots>);
static_assert(std::is_nothrow_move_constructible_v<Robots>);
static_assert(std::is_nothrow_move_assignable_v<Robots>);
static_assert(!std::is_default_constructible_v<Robots>);
static_assert(std::is_same_v<decltype(std::declval<const Robots&>().check(
                                 {"a"}, std::string_view())),
                             Answer>);

Answer MatcherAnswer(std::string_view body, const std::vector<std::string>& agents,
                     const std::string& url) {
  googlebot::RobotsMatcher matcher;
  Answer a;
  // Google's API takes absl::string_view, which need not be std::string_view
  // (Debian's abseil has a class of its own).
  a.allowed = matcher.AllowedByRobots(absl::string_view(body.data(), body.size()),
                                      &agents, url);
  a.matching_line = static_cast<std::uint32_t>(matcher.matching_line());
  a.ever_seen_specific_agent = matcher.ever_seen_specific_agent();
  a.disallow_ignore_global = matcher.disallow_ignore_global();
  return a;
}

Answer Make(bool allowed, std::uint32_t line, bool specific, bool ignore_global) {
  Answer a;
  a.allowed = allowed;
  a.matching_line = line;
  a.ever_seen_specific_agent = specific;
  a.disallow_ignore_global = ignore_global;
  return a;
}

constexpr std::string_view kFooDisallowAll = "user-agent: FooBot\ndisallow: /\n";

// Groups as Google forms them: a rule before any user-agent line (line 1),
// a user-agent line after rules opening a group (6, 12), user-agent lines
// in a row sharing one (12 and 14, across a blank line), and two groups for
// ShopBot (3 and 14), which merge.
constexpr std::string_view kGroups =
    "allow: /outside/\n"
    "\n"
    "user-agent: ShopBot\n"
    "disallow: /\n"
    "allow: /shop/\n"
    "user-agent: NewsBot\n"
    "disallow: /\n"
    "allow: /news/\n"
    "\n"
    "\n"
    "allow: /wiki/\n"
    "user-agent: MapBot\n"
    "\n"
    "user-agent: ShopBot\n"
    "allow: /maps/\n"
    "disallow: /\n";

struct Case {
  const char* agent;
  const char* url;
  bool allowed;
};

void CheckCases(const char* test, std::string_view body,
                const std::vector<Case>& cases) {
  const Robots robots = Robots::parse(body);
  for (const Case& c : cases) {
    const std::vector<std::string> agents{c.agent};
    const Answer answer = robots.check(agents, c.url);
    const Answer from_list = robots.check({c.agent}, c.url);
    const Answer compiled = robots.compile(agents).check(c.url);
    const bool ok = answer.allowed == c.allowed && from_list == answer &&
                    compiled == answer &&
                    robots.allowed(c.agent, c.url) == c.allowed &&
                    answer == MatcherAnswer(body, agents, c.url);
    check::Record(ok,
                  std::string(test) + ": " + c.agent + " " + c.url +
                      (c.allowed ? " should be allowed" : " should be disallowed"),
                  __FILE__, __LINE__);
  }
}

void VerdictsAgreeWithTheMatcher() {
  // Google's verdicts on every case of spec/cases/ are checked through the
  // C API in compat-tests/; here the parse-once object, its agent list
  // forms and its compiled view must give them too, and agree with a fresh
  // matcher.
  CheckCases("groups", kGroups, {
      {"ShopBot", "https://example.com/shop/b", true},
      {"ShopBot", "https://example.com/maps/d", true},
      {"ShopBot", "https://example.com/news/c", false},
      {"NewsBot", "https://example.com/news/c", true},
      {"NewsBot", "https://example.com/wiki/a", true},
      {"NewsBot", "https://example.com/maps/d", false},
      {"MapBot", "https://example.com/maps/d", true},
      {"ShopBot", "https://example.com/outside/", false},
      {"MapBot", "https://example.com/outside/", false},
      {"OtherBot", "https://example.com/outside/", true},
  });
  CheckCases("empty agent and URL", kFooDisallowAll, {
      {"", "", true},
      {"FooBot", "", false},
  });
  CheckCases("longest match", "user-agent: ShopBot\nallow: /cart\ndisallow: /*.json\n", {
      {"ShopBot", "https://example.com/cart.json", false},
      {"ShopBot", "https://example.com/cart", true},
  });
  CheckCases("escaped rules", "User-agent: ShopBot\nDisallow: /\nAllow: /caf\xC3\xA9/\n", {
      {"ShopBot", "https://example.com/caf%C3%A9/menu", true},
      {"ShopBot", "https://example.com/caf\xC3\xA9/menu", false},
  });
  CheckCases("end anchor", "User-agent: ShopBot\nDisallow: /cart$\nAllow: /cart/view\n", {
      {"ShopBot", "https://example.com/cart", false},
      {"ShopBot", "https://example.com/cart/view", true},
      {"ShopBot", "https://example.com/cart/", true},
  });
  CheckCases("index.html", "User-Agent: *\nAllow: /shop/index.html\nDisallow: /\n", {
      {"shopbot", "https://example.com/shop/", true},
      {"shopbot", "https://example.com/shop/index.htm", false},
      {"shopbot", "https://example.com/shop/index.html", true},
      {"shopbot", "https://example.com/elsewhere", false},
  });
  CheckCases("agent up to its first space",
             "User-Agent: *\nDisallow: /\nUser-Agent: Shop Bot\nAllow: /shop/\nDisallow: /\n", {
      {"Shop", "https://example.com/shop/x", true},
      {"Shop Bot", "https://example.com/shop/x", false},
  });
}

void AnswerDetails() {
  // robots.cc: matching_line(), ever_seen_specific_agent() and
  // disallow_ignore_global() describe the decision.
  const Robots foo = Robots::parse(kFooDisallowAll);
  CHECK_EQ(foo.check({"FooBot"}, "http://foo.bar/x"), Make(false, 2, true, true));
  CHECK_EQ(Robots::parse("user-agent: *\n\ndisallow: /\n").check({"FooBot"}, "http://foo.bar/x"),
           Make(false, 3, false, false));
  const Robots two = Robots::parse(
      "user-agent: FooBot\ndisallow: /x/\nuser-agent: BarBot\nallow: /x/page\n");
  CHECK_EQ(two.check({"BazBot", "FooBot"}, "http://foo.bar/x/page"),
           Make(false, 2, true, true));
  // Both groups apply; the longer allow wins.
  const std::vector<std::string> both{"FooBot", "BarBot"};
  CHECK_EQ(two.check(both, "http://foo.bar/x/page"), Make(true, 4, true, false));
  // No agents: only '*' applies.
  CHECK_EQ(Robots::parse("user-agent: *\ndisallow: /\n").check({}, "http://foo.bar/"),
           Make(false, 2, false, false));
  CHECK_EQ(foo.check(std::vector<std::string>{}, "http://foo.bar/"), Make(true, 0, false, false));
  // More agents than the header keeps on the stack.
  const std::vector<std::string> many{"a", "b", "c", "d", "e", "f", "g", "h", "i", "FooBot"};
  CHECK_EQ(foo.check(many, "http://foo.bar/"), Make(false, 2, true, true));
  CHECK_EQ(foo.check({"a", "b", "c", "d", "e", "f", "g", "h", "i"}, "http://foo.bar/"),
           Make(true, 0, false, false));
}

void BytesAreBytes() {
  // robots.cc reads the path as a C string: "/a\0x" is "/a". Queried agents
  // are compared whole, NUL and all.
  const Robots robots = Robots::parse("user-agent: FooBot\ndisallow: /a$\n");
  CHECK(!robots.allowed("FooBot", std::string_view("http://foo.bar/a\0x", 18)));
  CHECK(robots.allowed("FooBot", "http://foo.bar/ax"));
  CHECK(Robots::parse(kFooDisallowAll).allowed(std::string_view("Foo\0Bot", 7), "/"));
  // A NUL ends a robots.txt line; the body goes on after it.
  const char raw[] = "user-agent: FooBot\ndisallow: /a\0b\nallow: /ab/c\n";
  const std::string body(raw, sizeof raw - 1);
  const Robots nul = Robots::parse(body);
  CHECK(!nul.allowed("FooBot", "http://foo.bar/ab"));
  CHECK(nul.allowed("FooBot", "http://foo.bar/ab/c"));
  // Invalid UTF-8 in a rule is %-escaped (ID_Encoding); URLs are not.
  const Robots ff = Robots::parse("user-agent: FooBot\ndisallow: /\xFF\n");
  CHECK(!ff.allowed("FooBot", "http://foo.bar/%FF"));
  CHECK(ff.allowed("FooBot", "http://foo.bar/\xFF"));
  CHECK_EQ(ff.groups().at(0).rules.at(0).pattern, "/%FF");
  // An empty body allows everything.
  const Robots empty = Robots::parse(std::string_view());
  CHECK(empty.allowed("FooBot", "http://foo.bar/"));
  CHECK(empty.groups().empty());
  CHECK(empty.sitemaps().empty());
}

void Sitemaps() {
  // Sitemap lines may be anywhere, in no group; robots.cc passes their
  // values as written.
  const Robots robots = Robots::parse(
      "Sitemap: http://foo.bar/sitemap.xml\nUser-Agent: shopbot\nAllow: /shop/\n"
      "User-Agent: newsbot\n\n\nsitemap: http://foo.bar/\xE3\x83\x84.xml\n");
  const std::vector<std::string_view> expected{"http://foo.bar/sitemap.xml",
                                               "http://foo.bar/\xE3\x83\x84.xml"};
  CHECK(robots.sitemaps() == expected);
  CHECK(Robots::parse(kFooDisallowAll).sitemaps().empty());
}

void Groups() {
  // The rule before any user-agent belongs to no group; a user-agent after
  // a rule opens a group; user-agent lines in a row (blank lines or not)
  // share one.
  const Robots robots = Robots::parse(kGroups);
  const std::vector<robotstxt::Group> groups = robots.groups();
  CHECK_EQ(groups.size(), 3u);
  if (groups.size() != 3) return;
  CHECK_EQ(groups[0].agents.size(), 1u);
  CHECK_EQ(groups[0].agents.at(0).value, "ShopBot");
  CHECK_EQ(groups[0].agents.at(0).line, 3u);
  CHECK_EQ(groups[0].rules.size(), 2u);
  CHECK(groups[0].rules.at(0).kind == RuleKind::kDisallow);
  CHECK_EQ(groups[0].rules.at(0).pattern, "/");
  CHECK_EQ(groups[0].rules.at(0).line, 4u);
  CHECK(groups[0].rules.at(1).kind == RuleKind::kAllow);
  CHECK_EQ(groups[0].rules.at(1).pattern, "/shop/");
  CHECK_EQ(groups[0].rules.at(1).line, 5u);
  CHECK_EQ(groups[1].rules.size(), 3u);
  CHECK_EQ(groups[1].rules.at(2).pattern, "/wiki/");
  CHECK_EQ(groups[1].rules.at(2).line, 11u);
  CHECK_EQ(groups[2].agents.size(), 2u);
  CHECK_EQ(groups[2].agents.at(0).value, "MapBot");
  CHECK_EQ(groups[2].agents.at(0).line, 12u);
  CHECK_EQ(groups[2].agents.at(1).value, "ShopBot");
  CHECK_EQ(groups[2].agents.at(1).line, 14u);
  CHECK_EQ(groups[2].rules.at(0).pattern, "/maps/");
  for (const robotstxt::Group& g : groups) {
    CHECK(!g.is_global);
    CHECK(!g.crawl_delay.has_value());
  }
  // Agents as written, '*' makes a group global, patterns %-escaped.
  const Robots star = Robots::parse(
      "User-agent: *\nUser-agent: Foo Bar/1.0\ncrawl-delay: 2.5\nDisallow: /a%2f\nAllow: /$\n");
  const std::vector<robotstxt::Group> g = star.groups();
  CHECK_EQ(g.size(), 1u);
  if (g.size() != 1) return;
  CHECK(g[0].is_global);
  CHECK_EQ(g[0].agents.at(1).value, "Foo Bar/1.0");
  CHECK_EQ(g[0].rules.at(0).pattern, "/a%2F");
  CHECK_EQ(g[0].rules.at(1).pattern, "/$");
  CHECK(g[0].crawl_delay == std::optional<double>(2.5));
}

void CrawlDelay() {
  // An extension (Google ignores crawl-delay): the first valid value of the
  // groups naming the agent, else of the '*' groups.
  const Robots robots = Robots::parse(
      "user-agent: *\ncrawl-delay: 10\ndisallow: /tmp\n\n"
      "user-agent: FooBot\ncrawl-delay: soon\ncrawl-delay: 0.5\ndisallow: /private\n\n"
      "user-agent: BarBot\ndisallow: /\n");
  CHECK(robots.crawl_delay("FooBot") == std::optional<double>(0.5));
  CHECK(robots.crawl_delay("foobot") == std::optional<double>(0.5));
  CHECK(robots.crawl_delay("QuxBot") == std::optional<double>(10));
  CHECK(!robots.crawl_delay("BarBot").has_value());
  CHECK(!Robots::parse(kFooDisallowAll).crawl_delay("FooBot").has_value());
  // It never changes a verdict.
  CHECK(robots.allowed("FooBot", "http://foo.bar/tmp"));
}

void UsagePreferences() {
  // draft-ietf-aipref-attach-05 §3.4's example, with a Content-Signal line
  // (Content Signals Policy) and a Request-rate (1996 proposal) added.
  const Robots robots = Robots::parse(
      "User-Agent: *\nAllow: /\nDisallow: /never/\nContent-Usage: train-ai=n\n"
      "Content-Usage: /ai-ok/ train-ai=y\nContent-Signal: search=yes, ai-train=no\n"
      "Request-rate: 10/10m\n\n"
      "User-Agent: ExampleBot\nAllow: /\nContent-Usage: train-ai=y\n");
  const robotstxt::Preferences other =
      robots.preferences("OtherBot", "https://example.com/test");
  CHECK(other.allowed);
  CHECK(other.usage_train_ai.has_value() && !other.usage_train_ai->allowed);
  CHECK(other.usage_train_ai.has_value() && other.usage_train_ai->line == 4);
  CHECK(other.signal_search.has_value() && other.signal_search->allowed);
  CHECK(!other.signal_ai_input.has_value());
  const robotstxt::Preferences ok =
      robots.preferences("OtherBot", "https://example.com/ai-ok/x");
  CHECK(ok.usage_train_ai.has_value() && ok.usage_train_ai->allowed);
  // Not fetchable: no preference applies.
  const robotstxt::Preferences never =
      robots.preferences("OtherBot", "https://example.com/never/x");
  CHECK(!never.allowed);
  CHECK(!never.usage_train_ai.has_value());
  const robotstxt::Preferences example =
      robots.preferences("ExampleBot", "https://example.com/never/x");
  CHECK(example.allowed && example.usage_train_ai.has_value() &&
        example.usage_train_ai->line == 11);
  const std::optional<robotstxt::RequestRate> rate = robots.request_rate("OtherBot");
  CHECK(rate.has_value() && rate->requests == 10 && rate->seconds == 600 &&
        !rate->window.has_value());
  CHECK(!robots.request_rate("ExampleBot").has_value());
  const std::vector<robotstxt::Group> groups = robots.groups();
  CHECK(groups.size() == 2 && groups[0].request_rate.has_value());
}

void FileWideValuesAndPolicyTokens() {
  // RSL 1.0's example ("Adding RSL to robots.txt"): "License:
  // [absoluteURL]", "not tied to any specific user agent".
  const Robots rsl = Robots::parse(
      "License: https://your-website.com/license.xml\n\nUser-agent: Googlebot\nAllow: /\n");
  const std::vector<robotstxt::FileValue> licenses = rsl.licenses();
  CHECK_EQ(licenses.size(), 1u);
  CHECK(licenses.size() == 1 && licenses[0].value == "https://your-website.com/license.xml" &&
        licenses[0].line == 1);
  CHECK(rsl.llm_policies().empty());
  CHECK(rsl.policy_tokens().empty());

  // draft-kelley-aipref-training-preference-signal-00: an ordinary group
  // keyed by a policy token, read by Google's rules (longest match; the '*'
  // group is not the token's). Each answer is also googlebot::RobotsMatcher's
  // with the token as the agent.
  const std::string_view body =
      "User-agent: *\nAllow: /\n\nUser-agent: __usage_ai-training\nDisallow: /\n"
      "Allow: /blog/\nDisallow: /blog/drafts/\n";
  const Robots robots = Robots::parse(body);
  const std::vector<robotstxt::PolicyToken> tokens = robots.policy_tokens();
  CHECK_EQ(tokens.size(), 1u);
  CHECK(tokens.size() == 1 && tokens[0].token == "__usage_ai-training" &&
        tokens[0].namespace_name == "usage" && tokens[0].label == "ai-training" &&
        tokens[0].known && tokens[0].line == 4);
  const std::string token = "__usage_ai-training";
  for (const auto& [path, allowed, line] :
       {std::make_tuple("/", false, 5u), std::make_tuple("/blog/post", true, 6u),
        std::make_tuple("/blog/drafts/x", false, 7u)}) {
    const std::string url = std::string("https://example.com") + path;
    const std::optional<Answer> answer = robots.policy(token, url);
    CHECK(answer.has_value() && answer->allowed == allowed && answer->matching_line == line &&
          *answer == MatcherAnswer(body, {token}, url));
  }
  CHECK(robots.policy("__USAGE_AI-TRAINING", "https://example.com/") ==
        robots.policy(token, "https://example.com/"));
  CHECK(!robots.policy("__usage_ai-input", "https://example.com/").has_value());
  CHECK(robots.allowed("AnyBot", "https://example.com/blog/drafts/x"));

  // More than fit the header's local array: 10 tokens, 9 License lines (a
  // relative one is not listed), every LLM-Policy line.
  std::string many;
  for (char c = 'a'; c <= 'j'; ++c) {
    many += std::string("User-agent: __x_") + c + "\nDisallow: /" + c + "\n";
  }
  for (int i = 1; i <= 9; ++i) many += "License: https://example.com/" + std::to_string(i) + "\n";
  many += "License: /relative.xml\nLLM-Policy: /llms.txt\n";
  const Robots big = Robots::parse(many);
  const std::vector<robotstxt::PolicyToken> ten = big.policy_tokens();
  CHECK_EQ(ten.size(), 10u);
  CHECK(ten.size() == 10 && ten[9].token == "__x_j" && ten[9].namespace_name == "x" &&
        ten[9].label == "j" && !ten[9].known && ten[9].line == 19);
  const std::vector<robotstxt::FileValue> nine = big.licenses();
  CHECK_EQ(nine.size(), 9u);
  CHECK(nine.size() == 9 && nine[8].value == "https://example.com/9" && nine[8].line == 29);
  const std::vector<robotstxt::FileValue> llm = big.llm_policies();
  CHECK(llm.size() == 1 && llm[0].value == "/llms.txt" && llm[0].line == 31);
  const std::optional<Answer> j = big.policy("__x_j", "https://example.com/j");
  CHECK(j.has_value() && !j->allowed && j->matching_line == 20);

  // A moved-from object refuses with std::invalid_argument.
  Robots from = Robots::parse(many);
  const Robots to = std::move(from);
  bool threw = false;
  try {
    (void)from.licenses();  // NOLINT(bugprone-use-after-move)
  } catch (const std::invalid_argument&) {
    threw = true;
  }
  CHECK(threw);
  CHECK_EQ(to.licenses().size(), 9u);
}

void MemoryAndMoves() {
  const Robots empty = Robots::parse("");
  CHECK(empty.heap_bytes() > 0);
  const std::string long_value(4000, 'x');
  Robots robots = Robots::parse("user-agent: FooBot\ndisallow: /" + long_value +
                                "\nsitemap: /s.xml\n");
  CHECK(robots.heap_bytes() >= empty.heap_bytes() + 4000);
  CHECK(robots.c_handle() != nullptr);

  // Views point into the handle, which moves along with it.
  const std::vector<std::string_view> sitemaps = robots.sitemaps();
  const robotstxt_robots* handle = robots.c_handle();
  Robots moved = std::move(robots);
  CHECK(moved.c_handle() == handle);
  CHECK(robots.c_handle() == nullptr);  // NOLINT(bugprone-use-after-move)
  CHECK_EQ(sitemaps.at(0), "/s.xml");
  CHECK(!moved.allowed("FooBot", "http://foo.bar/" + long_value));

  // A moved-from object refuses queries with std::invalid_argument.
  bool threw = false;
  try {
    (void)robots.check({"FooBot"}, "/");  // NOLINT(bugprone-use-after-move)
  } catch (const std::invalid_argument&) {
    threw = true;
  }
  CHECK(threw);
  CHECK_EQ(robots.heap_bytes(), 0u);
  CHECK(robots.sitemaps().empty());

  // Move-assignment frees the old handle (valgrind checks) and takes over.
  robots = Robots::parse(kFooDisallowAll);
  CHECK(!robots.allowed("FooBot", "/"));
  robots = std::move(moved);
  CHECK_EQ(robots.sitemaps().at(0), "/s.xml");
  Robots& self = robots;
  robots = std::move(self);
  CHECK_EQ(robots.sitemaps().size(), 1u);
}

void ManyThreadsOneObject() {
  // Immutable: one object, queried from 4 threads at once without locks.
  const Robots robots = Robots::parse(kGroups);
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&robots, &wrong] {
      for (int i = 0; i < 200; ++i) {
        if (!robots.allowed("ShopBot", "https://example.com/shop/b")) ++wrong;
        if (robots.allowed("ShopBot", "https://example.com/news/c")) ++wrong;
        if (robots.check({"MapBot"}, "https://example.com/maps/d") != Make(true, 15, true, false)) {
          ++wrong;
        }
      }
    });
  }
  for (std::thread& t : threads) t.join();
  CHECK_EQ(wrong.load(), 0);
}

void CompiledView() {
  using robotstxt::Compiled;
  static_assert(!std::is_copy_constructible_v<Compiled>);
  static_assert(std::is_nothrow_move_constructible_v<Compiled>);
  static_assert(std::is_nothrow_move_assignable_v<Compiled>);
  // Google's group rules on kGroups: ShopBot's two groups merge (lines 4-5
  // and 14-16), MapBot's group has no rules of its own but the ShopBot group
  // it shares (lines 14-16), OtherBot falls to no '*' group at all.
  std::optional<Compiled> foo;
  std::optional<Compiled> baz_foo;
  std::optional<Compiled> qux;
  {
    const Robots robots = Robots::parse(kGroups);
    foo.emplace(robots.compile({"ShopBot"}));
    baz_foo.emplace(robots.compile(std::vector<std::string>{"MapBot", "ShopBot"}));
    qux.emplace(robots.compile({"OtherBot"}));
  }  // The compiled views hold their own copy of the rules.
  for (const char* url : {"https://example.com/shop/b", "https://example.com/maps/d",
                          "https://example.com/news/c", "https://example.com/"}) {
    CHECK_EQ(foo->check(url), MatcherAnswer(kGroups, {"ShopBot"}, url));
    CHECK_EQ(foo->allowed(url), MatcherAnswer(kGroups, {"ShopBot"}, url).allowed);
    CHECK_EQ(baz_foo->check(url), MatcherAnswer(kGroups, {"MapBot", "ShopBot"}, url));
    CHECK_EQ(qux->check(url), MatcherAnswer(kGroups, {"OtherBot"}, url));
  }
  CHECK_EQ(foo->check("https://example.com/news/c"), Make(false, 4, true, true));
  CHECK_EQ(qux->check("https://example.com/news/c"), Make(true, 0, false, false));
  CHECK(foo->heap_bytes() > 0);
  Compiled moved = std::move(*foo);
  CHECK(!moved.allowed("https://example.com/news/c"));
  // One view from four threads at once, without locks.
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&moved, &wrong] {
      for (int i = 0; i < 200; ++i) {
        if (!moved.allowed("https://example.com/shop/b")) ++wrong;
        if (moved.check("https://example.com/maps/d") != Make(true, 15, true, false)) ++wrong;
      }
    });
  }
  for (std::thread& t : threads) t.join();
  CHECK_EQ(wrong.load(), 0);
}

}  // namespace

int main() {
  VerdictsAgreeWithTheMatcher();
  AnswerDetails();
  BytesAreBytes();
  Sitemaps();
  Groups();
  CrawlDelay();
  UsagePreferences();
  FileWideValuesAndPolicyTokens();
  MemoryAndMoves();
  ManyThreadsOneObject();
  CompiledView();
  RunCrawlerTests();
  // An inline function has one address in the whole program.
  CHECK(CrawlerTuIsRobotsTxtUrl() == &robotstxt::is_robots_txt_url);
  const check::Totals& t = check::totals();
  std::cout << "cpp_robots_test (C++" << __cplusplus / 100 % 100 << "): " << t.passed
            << " passed, " << t.failed << " failed\n";
  return t.failed == 0 ? 0 : 1;
}
