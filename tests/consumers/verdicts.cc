// A downstream C++ program: uses the drop-in googlebot API of robots.h from
// the installed package and checks a few of Google's verdicts. Exits 1 on
// any mismatch.
#include <robots.h>

#include <cstdio>
#include <string>

namespace {

struct Verdict {
  const char* what;
  // absl::string_view in the API: whatever robots.h makes of it takes this.
  const char* robots_txt;
  std::string user_agent;
  std::string url;
  bool allowed;
};

constexpr char kLongestMatch[] =
    "user-agent: ShopBot\n"
    "allow: /cart/view\n"
    "disallow: /cart/\n";
constexpr char kIndexHtml[] =
    "User-Agent: *\n"
    "Allow: /shop/index.html\n"
    "Disallow: /\n";
constexpr char kMissingColon[] =
    "user-agent ShopBot\n"
    "disallow /\n";

}  // namespace

int main() {
  const Verdict verdicts[] = {
      {"longest match", kLongestMatch, "ShopBot", "https://shop.example/cart/view", true},
      {"longest match", kLongestMatch, "ShopBot", "https://shop.example/cart/", false},
      {"index.html is its directory", kIndexHtml, "shopbot",
       "https://shop.example/shop/", true},
      {"index.html is its directory", kIndexHtml, "shopbot",
       "https://shop.example/elsewhere", false},
      {"missing colon", kMissingColon, "ShopBot", "https://shop.example/x", false},
  };
  int failures = 0;
  googlebot::RobotsMatcher matcher;
  for (const Verdict& v : verdicts) {
    const bool allowed = matcher.OneAgentAllowedByRobots(v.robots_txt, v.user_agent, v.url);
    if (allowed != v.allowed) {
      std::fprintf(stderr, "MISMATCH %s: %s for %s: got %s, Google says %s\n", v.what,
                   v.url.c_str(), v.user_agent.c_str(), allowed ? "allowed" : "disallowed",
                   v.allowed ? "allowed" : "disallowed");
      ++failures;
    }
  }
  // A static member, as in Google's header.
  if (!googlebot::RobotsMatcher::IsValidUserAgentToObey("Shop-Bot_x") ||
      googlebot::RobotsMatcher::IsValidUserAgentToObey("ShopBot/2.1")) {
    std::fprintf(stderr, "MISMATCH valid user agents to obey\n");
    ++failures;
  }
  if (failures != 0) return 1;
  std::printf("robotstxt C++ API: %zu verdicts match Google's\n",
              sizeof verdicts / sizeof verdicts[0] + 2);
  return 0;
}
