/* A downstream C program: links robotstxt through the installed package and
 * checks a few of Google's verdicts. Exits 1 on any mismatch. Built by
 * ./cmake (find_package) and ./pkg-config. */
#include <robotstxt.h>

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

struct verdict {
  const char *what;
  const char *robots_txt;
  const char *user_agent;
  const char *url;
  bool allowed;
};

static const char kLongestMatch[] =
    "user-agent: ShopBot\n"
    "allow: /cart/view\n"
    "disallow: /cart/\n";
static const char kIndexHtml[] =
    "User-Agent: *\n"
    "Allow: /shop/index.html\n"
    "Disallow: /\n";
static const char kMissingColon[] =
    "user-agent ShopBot\n"
    "disallow /\n";

static const struct verdict kVerdicts[] = {
    {"longest match", kLongestMatch, "ShopBot", "https://shop.example/cart/view", true},
    {"longest match", kLongestMatch, "ShopBot", "https://shop.example/cart/", false},
    {"index.html is its directory", kIndexHtml, "shopbot",
     "https://shop.example/shop/", true},
    {"index.html is its directory", kIndexHtml, "shopbot",
     "https://shop.example/elsewhere", false},
    {"missing colon", kMissingColon, "ShopBot", "https://shop.example/x", false},
};

int main(void) {
  int failures = 0;
  size_t i;
  robotstxt_matcher *matcher = robotstxt_matcher_new();
  if (matcher == NULL) {
    fprintf(stderr, "robotstxt_matcher_new failed\n");
    return 1;
  }
  printf("robotstxt %s (header %d.%d.%d), C\n", robotstxt_version(),
         (int)ROBOTSTXT_VERSION_MAJOR, (int)ROBOTSTXT_VERSION_MINOR,
         (int)ROBOTSTXT_VERSION_PATCH);
  for (i = 0; i < sizeof kVerdicts / sizeof kVerdicts[0]; ++i) {
    const struct verdict *v = &kVerdicts[i];
    bool allowed = !v->allowed;
    robotstxt_status status = robotstxt_matcher_one_agent_allowed_by_robots(
        matcher, v->robots_txt, strlen(v->robots_txt), v->user_agent,
        strlen(v->user_agent), v->url, strlen(v->url), &allowed);
    if (status != ROBOTSTXT_STATUS_OK || allowed != v->allowed) {
      fprintf(stderr, "MISMATCH %s: %s for %s: status %d, got %s, Google says %s\n",
              v->what, v->url, v->user_agent, (int)status,
              allowed ? "allowed" : "disallowed",
              v->allowed ? "allowed" : "disallowed");
      ++failures;
    }
  }
  robotstxt_matcher_free(matcher);
  if (failures != 0) return 1;
  printf("%d verdicts match Google's\n", (int)(sizeof kVerdicts / sizeof kVerdicts[0]));
  return 0;
}
