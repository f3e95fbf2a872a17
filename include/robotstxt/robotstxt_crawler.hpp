// robotstxt_crawler.hpp: the crawler side of RFC 9309 (sections 2.3 to 2.5)
// and of Google's "How Google interprets the robots.txt specification", in
// robotstxt.hpp's C++17: which robots.txt governs a URL, what a fetch result
// means, how long to keep it. robotstxt.hpp includes it; including this
// header alone gives both.
//
// Copyright the robotstxt authors. SPDX-License-Identifier: Apache-2.0

#ifndef ROBOTSTXT_ROBOTSTXT_CRAWLER_HPP_
#define ROBOTSTXT_ROBOTSTXT_CRAWLER_HPP_

#include "robotstxt.hpp"

namespace robotstxt {

// Google's size limit, 500 KiB: content after it is ignored. RFC 9309
// makes it the least a parser must read.
inline constexpr std::size_t kMaxRobotsTxtBytes =
    ROBOTSTXT_MAX_ROBOTS_TXT_BYTES;

// How many redirect hops to follow when fetching robots.txt (RFC 9309: at
// least five; Google follows five).
inline constexpr std::uint32_t kMaxRedirectHops = ROBOTSTXT_MAX_REDIRECT_HOPS;

// The most bytes of a URL the functions below parse: a page URL's scheme
// and authority, a robots.txt URL before its fragment. Longer ones have no
// robots.txt; paths, queries and fragments of any length cost nothing.
inline constexpr std::size_t kMaxParsedUrlLen = ROBOTSTXT_MAX_PARSED_URL_LEN;

// The robots.txt URL governing page_url: scheme, host (lowercase, IDNs in
// punycode) and port (dropped when the scheme's default) with the path
// /robots.txt. std::nullopt for a URL without an authority (mailto:, data:,
// file:///), that does not parse, or whose scheme and authority are longer
// than kMaxParsedUrlLen.
inline std::optional<std::string> robots_txt_url(std::string_view page_url) {
  char local[256];
  std::size_t len = 0;
  robotstxt_status status = robotstxt_robots_txt_url(
      page_url.data(), page_url.size(), local, sizeof local, &len);
  if (status == ROBOTSTXT_STATUS_OK) {
    if (len == 0) return std::nullopt;
    return std::string(local, len);
  }
  if (status != ROBOTSTXT_STATUS_BUFFER_TOO_SMALL) detail::Check(status);
  std::string url(len + 1, '\0');
  detail::Check(robotstxt_robots_txt_url(page_url.data(), page_url.size(),
                                         &url[0], url.size(), &len));
  url.resize(len);
  return url;
}

// Whether the robots.txt at robots_url governs page_url: it is a robots.txt
// URL and both have the same scheme, host and port (an IDN equals its
// punycode, a default port equals no port).
inline bool applies_to(std::string_view robots_url, std::string_view page_url) {
  return robotstxt_robots_txt_applies_to(robots_url.data(), robots_url.size(),
                                         page_url.data(), page_url.size());
}

// Whether url is where a robots.txt can be: an absolute URL with a host,
// path exactly /robots.txt and no query.
inline bool is_robots_txt_url(std::string_view url) {
  return robotstxt_is_robots_txt_url(url.data(), url.size());
}

// Whether to follow one more redirect after hops_followed hops: true for the
// first kMaxRedirectHops. When false, record the 3xx: it counts as a 404.
inline bool should_follow_redirect(std::uint32_t hops_followed) {
  return robotstxt_should_follow_redirect(hops_followed);
}

// The max-age of a Cache-Control header value (RFC 9111), if it has a valid
// one.
inline std::optional<std::chrono::seconds> max_age_from_cache_control(
    std::string_view value) {
  std::uint64_t secs = 0;
  if (!robotstxt_max_age_from_cache_control(value.data(), value.size(),
                                            &secs)) {
    return std::nullopt;
  }
  // At most 2^31 seconds (RFC 9111), which seconds always holds.
  return std::chrono::seconds(static_cast<std::chrono::seconds::rep>(secs));
}

// Whose reading to follow where Google's documentation and RFC 9309 differ
// (HTTP 429, unreachable robots.txt, max-age past 24 hours).
enum class Policy : std::uint32_t {
  kGoogle = ROBOTSTXT_POLICY_GOOGLE,
  kRfc9309 = ROBOTSTXT_POLICY_RFC9309,
};

// What the crawler may do with a site's URLs.
enum class Decision {
  // Match URLs against the cached body (CacheEntry::body()).
  kUseRules = ROBOTSTXT_DECISION_USE_RULES,
  // Crawl anything.
  kAllowAll = ROBOTSTXT_DECISION_ALLOW_ALL,
  // Crawl nothing on the site for now.
  kDisallowAll = ROBOTSTXT_DECISION_DISALLOW_ALL,
};

// What a crawler knows about one robots.txt URL (key it by
// robots_txt_url()): the last good body, how long it stays fresh, since
// when the file has been unreachable. Feed it every fetch, ask
// needs_fetch() whether to fetch and decide() what to do with the site's
// URLs. It reads no clock: every call that needs the time takes `now`,
// counted in whole seconds since the Unix epoch (sub-second parts are
// dropped; earlier than a recorded time counts as no time passed).
//
// Move-only; owns a C robotstxt_cache_entry handle. Calls that change it
// (record_*, set_*) need it to themselves; the const ones may run
// concurrently with each other. A moved-from entry may only be destroyed or
// assigned to.
class CacheEntry {
 public:
  using time_point = std::chrono::system_clock::time_point;

  // An entry with nothing fetched yet, a 24-hour lifetime, bodies cut to
  // kMaxRobotsTxtBytes, and the site taken as available.
  explicit CacheEntry(Policy policy = Policy::kGoogle)
      : entry_(robotstxt_cache_entry_new(static_cast<std::uint32_t>(policy))) {
    if (entry_ == nullptr) throw std::bad_alloc();
  }

  CacheEntry(CacheEntry&& other) noexcept
      : entry_(std::exchange(other.entry_, nullptr)) {}
  CacheEntry& operator=(CacheEntry&& other) noexcept {
    if (this != &other) {
      robotstxt_cache_entry_free(entry_);
      entry_ = std::exchange(other.entry_, nullptr);
    }
    return *this;
  }
  CacheEntry(const CacheEntry&) = delete;
  CacheEntry& operator=(const CacheEntry&) = delete;
  ~CacheEntry() { robotstxt_cache_entry_free(entry_); }

  // Records that the fetch at `now` got HTTP status http_status, after the
  // redirects should_follow_redirect() allowed (a 3xx means the crawler
  // stopped following). body is read only for a 2xx, and copied (cut to the
  // size limit); cache_control is the Cache-Control header value, empty if
  // absent. 2xx: use the body; 3xx and 4xx (429 only under kRfc9309): allow
  // all; 5xx, Google's 429 and non-HTTP values (including any outside
  // 0..65535): unreachable, keeping the cached body.
  void record_http(time_point now, int http_status, std::string_view body = {},
                   std::string_view cache_control = {}) {
    const std::uint16_t status = http_status >= 0 && http_status <= 65535
                                     ? static_cast<std::uint16_t>(http_status)
                                     : std::uint16_t{0};
    detail::Check(robotstxt_cache_entry_record_http(
        entry_, detail::EpochSeconds(now), status, body.data(), body.size(),
        cache_control.data(), cache_control.size()));
  }

  // Records that the fetch at `now` failed without an HTTP status (DNS,
  // timeout, refused or reset connection): the file is unreachable.
  void record_network_error(time_point now) {
    detail::Check(robotstxt_cache_entry_record_network_error(
        entry_, detail::EpochSeconds(now)));
  }

  // Whether to fetch the robots.txt at `now`: nothing known yet, or the last
  // result is no longer fresh.
  bool needs_fetch(time_point now) const {
    return robotstxt_cache_entry_needs_fetch(entry_, detail::EpochSeconds(now));
  }

  // What the crawler may do with the site's URLs at `now`. With nothing
  // fetched yet: kDisallowAll (fetch first).
  Decision decide(time_point now) const {
    return static_cast<Decision>(
        robotstxt_cache_entry_decide(entry_, detail::EpochSeconds(now)));
  }

  // The cached body, when the last definitive result was a success. The view
  // points into the entry: it is invalidated by the next record_*() call, a
  // move-assignment to the entry, or its destruction.
  std::optional<std::string_view> body() const {
    std::size_t len = 0;
    const char* data = robotstxt_cache_entry_body(entry_, &len);
    if (data == nullptr) return std::nullopt;
    return std::string_view(data, len);
  }

  // When the last definitive result stops being fresh (needs_fetch() turns
  // true); std::nullopt before one.
  std::optional<time_point> fresh_until() const {
    std::uint64_t secs = 0;
    if (!robotstxt_cache_entry_fresh_until(entry_, &secs)) return std::nullopt;
    return detail::TimePoint(secs);
  }

  // When the current unreachable period began; std::nullopt when the file is
  // not unreachable.
  std::optional<time_point> unreachable_since() const {
    std::uint64_t secs = 0;
    if (!robotstxt_cache_entry_unreachable_since(entry_, &secs)) {
      return std::nullopt;
    }
    return detail::TimePoint(secs);
  }

  // The lifetime of results recorded from now on whose response has no
  // max-age (default 24 hours; under kRfc9309 also the longest a max-age
  // can make it). Negative counts as zero.
  void set_lifetime(std::chrono::seconds lifetime) {
    const auto secs = lifetime.count();
    detail::Check(robotstxt_cache_entry_set_lifetime(
        entry_, secs < 0 ? 0 : static_cast<std::uint64_t>(secs)));
  }

  // How many bytes of bodies recorded from now on are kept (default
  // kMaxRobotsTxtBytes); std::nullopt keeps them whole.
  void set_size_limit(std::optional<std::size_t> max_bytes) {
    const std::size_t limit =
        max_bytes ? *max_bytes : std::numeric_limits<std::size_t>::max();
    detail::Check(robotstxt_cache_entry_set_size_limit(entry_, limit));
  }

  // Whether the rest of the site answers normally (default true). Only
  // kGoogle uses it, after 30 days unreachable: allow all if available,
  // disallow all if not.
  void set_site_available(bool available) {
    detail::Check(robotstxt_cache_entry_set_site_available(entry_, available));
  }

  // The C handle, for calling the C API directly. Still owned by this object.
  const robotstxt_cache_entry* c_handle() const noexcept { return entry_; }
  robotstxt_cache_entry* c_handle() noexcept { return entry_; }

 private:
  robotstxt_cache_entry* entry_;
};

}  // namespace robotstxt

#endif  // ROBOTSTXT_ROBOTSTXT_CRAWLER_HPP_
