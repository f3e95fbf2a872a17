// robotstxt.hpp: the crawler helpers and robotstxt::CacheEntry.
//
// Expected values come from RFC 9309 (sections 2.3 to 2.5), Google's "How
// Google interprets the robots.txt specification" (its table of valid
// robots.txt URLs, its HTTP status and caching rules) and RFC 9111 for
// Cache-Control, as docs/CRAWLER.md sums them up. The second translation
// unit of cpp_robots_test: it includes the same three headers.
#include "robotstxt/robotstxt.hpp"

#include <chrono>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "check.h"
#include "reporting_robots.h"
#include "robots.h"

using IsRobotsTxtUrlFn = bool (*)(std::string_view);

namespace {

using robotstxt::CacheEntry;
using robotstxt::Decision;
using robotstxt::Policy;
using std::chrono::hours;
using std::chrono::seconds;
using Time = std::chrono::system_clock::time_point;

static_assert(!std::is_copy_constructible_v<CacheEntry>);
static_assert(!std::is_copy_assignable_v<CacheEntry>);
static_assert(std::is_nothrow_move_constructible_v<CacheEntry>);
static_assert(std::is_nothrow_move_assignable_v<CacheEntry>);
static_assert(robotstxt::kMaxRobotsTxtBytes == 500 * 1024);  // "500 kibibytes"
static_assert(robotstxt::kMaxRedirectHops == 5);              // "five redirect hops"

constexpr hours kDay{24};
// A fixed instant, whole seconds since the Unix epoch.
const Time kT0 = Time(seconds(1700000000));
constexpr std::string_view kBody = "User-agent: *\nDisallow: /private\n";

const char* Name(Decision d) {
  switch (d) {
    case Decision::kUseRules:
      return "use rules";
    case Decision::kAllowAll:
      return "allow all";
    case Decision::kDisallowAll:
      return "disallow all";
  }
  return "?";
}

#define CHECK_DECISION(entry, now, want) \
  CHECK_EQ(std::string(Name((entry).decide(now))), std::string(Name(want)))

void RobotsTxtUrls() {
  // RFC 9309 2.3: "scheme:[//authority]/robots.txt". Google: "Standard port
  // numbers (80 for HTTP, 443 for HTTPS, 21 for FTP) are equivalent to their
  // default hostnames"; IDNs are equivalent to their punycode versions.
  CHECK(robotstxt::robots_txt_url("https://Example.COM:443/a/b?c#d") ==
        std::optional<std::string>("https://example.com/robots.txt"));
  CHECK(robotstxt::robots_txt_url("http://example.com:80/") ==
        std::optional<std::string>("http://example.com/robots.txt"));
  CHECK(robotstxt::robots_txt_url("ftp://example.com:21/pub/x") ==
        std::optional<std::string>("ftp://example.com/robots.txt"));
  CHECK(robotstxt::robots_txt_url("https://example.com:8181/x") ==
        std::optional<std::string>("https://example.com:8181/robots.txt"));
  CHECK(robotstxt::robots_txt_url("https://www.ex\xC3\xA4mple.com/") ==
        std::optional<std::string>("https://www.xn--exmple-cua.com/robots.txt"));
  // Longer than the header's stack buffer.
  const std::string host(300, 'a');
  CHECK(robotstxt::robots_txt_url("https://" + host + ".com/page") ==
        std::optional<std::string>("https://" + host + ".com/robots.txt"));
  // Only the scheme and authority decide: a path of any length is not
  // parsed. An authority past the parse limit has no robots.txt (no DNS
  // name is longer than 253 bytes).
  const std::string path(4 * robotstxt::kMaxParsedUrlLen, 'p');
  CHECK(robotstxt::robots_txt_url("https://example.com/" + path) ==
        std::optional<std::string>("https://example.com/robots.txt"));
  CHECK(robotstxt::is_robots_txt_url("https://example.com/robots.txt#" + path));
  const std::string huge_host(robotstxt::kMaxParsedUrlLen, 'h');
  CHECK(!robotstxt::robots_txt_url("https://" + huge_host + ".com/").has_value());
  // No authority, no robots.txt.
  CHECK(!robotstxt::robots_txt_url("mailto:someone@example.com").has_value());
  CHECK(!robotstxt::robots_txt_url("data:text/plain,hi").has_value());
  CHECK(!robotstxt::robots_txt_url("not a url").has_value());
  CHECK(!robotstxt::robots_txt_url("").has_value());
}

void GoogleValidityTable() {
  // Google, "Examples of valid robots.txt URLs", row by row.
  using robotstxt::applies_to;
  CHECK(applies_to("https://example.com/robots.txt", "https://example.com/"));
  CHECK(applies_to("https://example.com/robots.txt", "https://example.com/folder/file"));
  CHECK(!applies_to("https://example.com/robots.txt", "https://other.example.com/"));
  CHECK(!applies_to("https://example.com/robots.txt", "http://example.com/"));
  CHECK(!applies_to("https://example.com/robots.txt", "https://example.com:8181/"));
  CHECK(applies_to("https://www.example.com/robots.txt", "https://www.example.com/"));
  CHECK(!applies_to("https://www.example.com/robots.txt", "https://example.com/"));
  CHECK(!applies_to("https://www.example.com/robots.txt", "https://shop.www.example.com/"));
  CHECK(!applies_to("https://www.example.com/robots.txt", "https://www.shop.example.com/"));
  CHECK(!robotstxt::is_robots_txt_url("https://example.com/folder/robots.txt"));
  CHECK(!applies_to("https://example.com/folder/robots.txt", "https://example.com/folder/"));
  CHECK(applies_to("https://www.ex\xC3\xA4mple.com/robots.txt", "https://www.ex\xC3\xA4mple.com/"));
  CHECK(applies_to("https://www.ex\xC3\xA4mple.com/robots.txt", "https://www.xn--exmple-cua.com/"));
  CHECK(!applies_to("https://www.ex\xC3\xA4mple.com/robots.txt", "https://www.example.com/"));
  CHECK(applies_to("ftp://example.com/robots.txt", "ftp://example.com/"));
  CHECK(!applies_to("ftp://example.com/robots.txt", "https://example.com/"));
  CHECK(applies_to("https://212.96.82.21/robots.txt", "https://212.96.82.21/"));
  CHECK(!applies_to("https://212.96.82.21/robots.txt", "https://example.com/"));
  CHECK(applies_to("https://example.com:443/robots.txt", "https://example.com:443/"));
  CHECK(applies_to("https://example.com:443/robots.txt", "https://example.com/"));
  CHECK(!applies_to("https://example.com:443/robots.txt", "https://example.com:444/"));
  CHECK(applies_to("https://example.com:8181/robots.txt", "https://example.com:8181/"));
  CHECK(!applies_to("https://example.com:8181/robots.txt", "https://example.com/"));
  CHECK(robotstxt::is_robots_txt_url("https://example.com/robots.txt"));
  CHECK(!robotstxt::is_robots_txt_url("https://example.com/robots.txt?x=1"));
}

void RedirectsAndMaxAge() {
  // RFC 9309 2.3.1.2: follow at least five consecutive redirects; Google
  // follows five hops, then treats the robots.txt as a 404.
  CHECK(robotstxt::should_follow_redirect(0));
  CHECK(robotstxt::should_follow_redirect(4));
  CHECK(!robotstxt::should_follow_redirect(5));
  // RFC 9111 5.2.2.1 max-age; 5.2 case-insensitive names, token or quoted;
  // 4.2.1 the first occurrence counts.
  using robotstxt::max_age_from_cache_control;
  CHECK(max_age_from_cache_control("max-age=600") == std::optional<seconds>(600));
  CHECK(max_age_from_cache_control("public, MAX-AGE=\"60\"") == std::optional<seconds>(60));
  CHECK(max_age_from_cache_control("max-age=60, max-age=10") == std::optional<seconds>(60));
  CHECK(!max_age_from_cache_control("no-cache").has_value());
  CHECK(!max_age_from_cache_control("max-age=soon").has_value());
  CHECK(!max_age_from_cache_control("").has_value());
}

void FirstFetchAndSuccess() {
  CacheEntry entry;  // Google's policy by default.
  // Nothing known: fetch first, crawl nothing meanwhile.
  CHECK(entry.needs_fetch(kT0));
  CHECK_DECISION(entry, kT0, Decision::kDisallowAll);
  CHECK(!entry.body().has_value());
  CHECK(!entry.fresh_until().has_value());
  CHECK(!entry.unreachable_since().has_value());
  // 2xx: use the rules, for 24 hours (Google "generally caches ... for up to
  // 24 hours"; RFC 9309 2.4 "SHOULD NOT use the cached version for more
  // than 24 hours").
  entry.record_http(kT0, 200, kBody);
  CHECK_DECISION(entry, kT0, Decision::kUseRules);
  CHECK(entry.body() == std::optional<std::string_view>(kBody));
  CHECK(entry.fresh_until() == std::optional<Time>(kT0 + kDay));
  CHECK(!entry.needs_fetch(kT0 + hours(23)));
  CHECK(entry.needs_fetch(kT0 + kDay));
  // A stale result still decides until the crawler fetches again.
  CHECK_DECISION(entry, kT0 + hours(30), Decision::kUseRules);
  // The time is counted in whole seconds.
  entry.record_http(kT0 + std::chrono::milliseconds(999), 204, "");
  CHECK(entry.fresh_until() == std::optional<Time>(kT0 + kDay));
  CHECK(entry.body() == std::optional<std::string_view>(""));
  CHECK(entry.c_handle() != nullptr);
  const CacheEntry& const_entry = entry;
  CHECK(const_entry.c_handle() == entry.c_handle());
}

void UnavailableMeansAllowAll() {
  // Google: 3xx after the redirects and 4xx other than 429 are treated as if
  // there were no robots.txt; RFC 9309 2.3.1.3: "unavailable", crawl anything.
  for (int status : {301, 304, 400, 401, 403, 404, 410}) {
    CacheEntry entry;
    entry.record_http(kT0, 200, kBody);
    entry.record_http(kT0 + kDay, status);
    CHECK_DECISION(entry, kT0 + kDay, Decision::kAllowAll);
    CHECK(!entry.body().has_value());
    CHECK(!entry.unreachable_since().has_value());
  }
  // 429: a server error for Google, a 4xx for the RFC.
  CacheEntry google(Policy::kGoogle);
  google.record_http(kT0, 429);
  CHECK_DECISION(google, kT0, Decision::kDisallowAll);
  CHECK(google.unreachable_since() == std::optional<Time>(kT0));
  CacheEntry rfc(Policy::kRfc9309);
  rfc.record_http(kT0, 429);
  CHECK_DECISION(rfc, kT0, Decision::kAllowAll);
}

void UnreachableUnderGoogle() {
  // Google, 5xx: "For the first 12 hours, Google stops crawling the site";
  // then the last good version for 30 days (no restrictions without one);
  // after 30 days, as if there were no robots.txt if the site is generally
  // available, else stop crawling. Network errors count as server errors.
  CacheEntry entry(Policy::kGoogle);
  entry.record_http(kT0, 200, kBody);
  const Time down = kT0 + hours(25);  // The cached copy is stale by then.
  entry.record_http(down, 503);
  entry.record_network_error(down + hours(1));
  CHECK(entry.unreachable_since() == std::optional<Time>(down));
  CHECK(entry.needs_fetch(down + hours(1)));
  CHECK_DECISION(entry, down + hours(11), Decision::kDisallowAll);
  CHECK_DECISION(entry, down + hours(13), Decision::kUseRules);
  CHECK(entry.body() == std::optional<std::string_view>(kBody));
  CHECK_DECISION(entry, down + kDay * 29, Decision::kUseRules);
  CHECK_DECISION(entry, down + kDay * 31, Decision::kAllowAll);
  entry.set_site_available(false);
  CHECK_DECISION(entry, down + kDay * 31, Decision::kDisallowAll);
  entry.set_site_available(true);
  CHECK_DECISION(entry, down + kDay * 31, Decision::kAllowAll);
  // A success ends the unreachable period.
  entry.record_http(down + kDay * 31, 200, kBody);
  CHECK(!entry.unreachable_since().has_value());

  // Without a cached copy: no restrictions after the first 12 hours.
  CacheEntry fresh(Policy::kGoogle);
  fresh.record_network_error(kT0);
  CHECK_DECISION(fresh, kT0 + hours(11), Decision::kDisallowAll);
  CHECK_DECISION(fresh, kT0 + hours(13), Decision::kAllowAll);

  // While a result is fresh it decides, even with the server down.
  CacheEntry cached(Policy::kGoogle);
  cached.record_http(kT0, 200, kBody);
  cached.record_http(kT0 + hours(1), 500);
  CHECK_DECISION(cached, kT0 + hours(1), Decision::kUseRules);
  // A value that is no HTTP status is an invalid response: a server error.
  CacheEntry odd(Policy::kGoogle);
  odd.record_http(kT0, 70000);
  CHECK(odd.unreachable_since() == std::optional<Time>(kT0));
  odd.record_http(kT0, -1);
  CHECK_DECISION(odd, kT0, Decision::kDisallowAll);
}

void UnreachableUnderRfc9309() {
  // RFC 9309 2.3.1.4: unreachable means complete disallow; a cached copy may
  // be used (2.4: past 24 hours "unless the robots.txt file is
  // unreachable"); after 30 days the file MAY be taken as unavailable.
  CacheEntry cached(Policy::kRfc9309);
  cached.record_http(kT0, 200, kBody);
  cached.record_http(kT0 + hours(25), 503);
  CHECK_DECISION(cached, kT0 + hours(25), Decision::kUseRules);
  CHECK_DECISION(cached, kT0 + kDay * 60, Decision::kUseRules);
  CacheEntry none(Policy::kRfc9309);
  none.record_network_error(kT0);
  CHECK_DECISION(none, kT0 + kDay * 29, Decision::kDisallowAll);
  CHECK_DECISION(none, kT0 + kDay * 31, Decision::kAllowAll);
}

void LifetimeAndMaxAge() {
  // Google: max-age "may increase or decrease the cache lifetime"; RFC 9309
  // 2.4: no more than 24 hours, so max-age can only shorten it.
  CacheEntry google(Policy::kGoogle);
  google.record_http(kT0, 200, kBody, "max-age=172800");
  CHECK(google.fresh_until() == std::optional<Time>(kT0 + hours(48)));
  google.record_http(kT0, 200, kBody, "public, max-age=3600");
  CHECK(google.fresh_until() == std::optional<Time>(kT0 + hours(1)));
  CacheEntry rfc(Policy::kRfc9309);
  rfc.record_http(kT0, 200, kBody, "max-age=172800");
  CHECK(rfc.fresh_until() == std::optional<Time>(kT0 + kDay));
  rfc.record_http(kT0, 200, kBody, "max-age=3600");
  CHECK(rfc.fresh_until() == std::optional<Time>(kT0 + hours(1)));

  CacheEntry entry;
  entry.set_lifetime(hours(2));
  entry.record_http(kT0, 200, kBody);
  CHECK(entry.fresh_until() == std::optional<Time>(kT0 + hours(2)));
  entry.set_lifetime(seconds(-5));  // Negative counts as zero: always stale.
  entry.record_http(kT0, 200, kBody);
  CHECK(entry.needs_fetch(kT0));
  // Past what system_clock can hold: clamped to its maximum.
  entry.set_lifetime(kDay * 365 * 1000);
  entry.record_http(kT0, 200, kBody);
  CHECK(entry.fresh_until() == std::optional<Time>(Time::max()));
  // The largest lifetimes saturate too: still a fetched result, not
  // std::nullopt ("nothing fetched").
  entry.set_lifetime(std::chrono::seconds::max());
  entry.record_http(kT0, 200, kBody);
  CHECK(entry.fresh_until() == std::optional<Time>(Time::max()));
  CHECK(!entry.needs_fetch(kT0 + kDay * 365 * 100));
  CHECK(robotstxt_cache_entry_set_lifetime(entry.c_handle(), UINT64_MAX) ==
        ROBOTSTXT_STATUS_OK);
  entry.record_http(kT0, 200, kBody);
  CHECK(entry.fresh_until() == std::optional<Time>(Time::max()));
  // Times before the epoch count as the epoch.
  CacheEntry early;
  early.record_network_error(Time(seconds(-10)));
  CHECK(early.unreachable_since() == std::optional<Time>(Time()));
}

void SizeLimit() {
  // Google: "a robots.txt file size limit of 500 kibibytes (KiB). Content
  // which is after the maximum file size is ignored."
  const std::string big(robotstxt::kMaxRobotsTxtBytes + 1, '#');
  CacheEntry entry;
  entry.record_http(kT0, 200, big);
  CHECK_EQ(entry.body().value_or("").size(), std::size_t{512000});
  entry.set_size_limit(std::nullopt);
  entry.record_http(kT0, 200, big);
  CHECK_EQ(entry.body().value_or("").size(), big.size());
  entry.set_size_limit(5);
  entry.record_http(kT0, 200, kBody);
  CHECK(entry.body() == std::optional<std::string_view>("User-"));
}

void Moves() {
  CacheEntry a;
  a.record_http(kT0, 200, kBody);
  CacheEntry b = std::move(a);
  CHECK_DECISION(b, kT0, Decision::kUseRules);
  // A moved-from entry refuses changes; its getters give their fallbacks.
  bool threw = false;
  try {
    a.record_network_error(kT0);  // NOLINT(bugprone-use-after-move)
  } catch (const std::invalid_argument&) {
    threw = true;
  }
  CHECK(threw);
  CHECK(!a.body().has_value());
  CHECK(!a.needs_fetch(kT0));
  CHECK_DECISION(a, kT0, Decision::kDisallowAll);
  a = std::move(b);
  CHECK(a.body() == std::optional<std::string_view>(kBody));
  b = CacheEntry(Policy::kRfc9309);
  b.record_http(kT0, 429);
  CHECK_DECISION(b, kT0, Decision::kAllowAll);
}

}  // namespace

IsRobotsTxtUrlFn CrawlerTuIsRobotsTxtUrl() { return &robotstxt::is_robots_txt_url; }

void RunCrawlerTests() {
  RobotsTxtUrls();
  GoogleValidityTable();
  RedirectsAndMaxAge();
  FirstFetchAndSuccess();
  UnavailableMeansAllowAll();
  UnreachableUnderGoogle();
  UnreachableUnderRfc9309();
  LifetimeAndMaxAge();
  SizeLimit();
  Moves();
}
