//! The `ffi` target's checks of the parse-once robots handle and of the
//! crawler side (robots.txt URLs, fetch outcomes, cache entries), apart from
//! the matcher, reporter, parser and string helpers in `ffi.rs`.

use super::*;

/// The bytes of a string the library handed out.
fn borrowed<'a>(s: robotstxt_str) -> &'a [u8] {
    assert!(!s.ptr.is_null(), "strings handed out are never NULL");
    // SAFETY: the handle that handed it out is alive while it is read.
    unsafe { std::slice::from_raw_parts(s.ptr.cast::<u8>(), s.len) }
}

pub(super) fn check_robots(body: &[u8], url: &[u8], agents: &[&[u8]], bits: &mut Bits) {
    let (bp, bl) = arg(body, bits);
    let h = unsafe { robotstxt_robots_parse(bp, bl) };
    assert!(!h.is_null());
    let rust = Robots::parse(body);

    // Queries: every agent alone and all at once, against RobotsMatcher.
    let (up, ul) = arg(url, bits);
    let mut sets: Vec<Vec<&[u8]>> = agents.iter().map(|&a| vec![a]).collect();
    sets.push(agents.to_vec());
    for set in &sets {
        let list: Vec<robotstxt_str> = set
            .iter()
            .map(|a| {
                let (ptr, len) = arg(a, bits);
                robotstxt_str { ptr, len }
            })
            .collect();
        let (lp, ll) = if list.is_empty() && bits.flag() {
            (null(), 0)
        } else {
            (list.as_ptr(), list.len())
        };
        let mut answer = MaybeUninit::<robotstxt_answer>::uninit();
        let status = unsafe { robotstxt_robots_check(h, lp, ll, up, ul, answer.as_mut_ptr()) };
        assert_eq!(status, StatusOk);
        let answer = unsafe { answer.assume_init() };
        let mut m = RobotsMatcher::new();
        let allowed = m.allowed_by_robots(body, set, url);
        assert_eq!(
            answer,
            robotstxt_answer {
                allowed,
                matching_line: m.matching_line(),
                ever_seen_specific_agent: m.ever_seen_specific_agent(),
                disallow_ignore_global: m.disallow_ignore_global(),
            },
            "agents {set:?} url {url:?}"
        );
        if let [agent] = set[..] {
            let (ap, al) = arg(agent, bits);
            let mut one = MaybeUninit::<bool>::uninit();
            let status = unsafe { robotstxt_robots_allowed(h, ap, al, up, ul, one.as_mut_ptr()) };
            assert_eq!(status, StatusOk);
            assert_eq!(unsafe { one.assume_init() }, allowed);
            let mut delay = f64::NAN;
            let status = unsafe { robotstxt_robots_crawl_delay(h, ap, al, &mut delay) };
            match rust.crawl_delay(agent) {
                Some(d) => assert!(status == StatusOk && delay == d),
                None => assert!(status == NotFound && delay.is_nan()),
            }
        }
    }

    // Sitemaps, groups, agents and rules, each index and one past the end.
    unsafe {
        let sitemaps: Vec<&[u8]> = rust.sitemaps().collect();
        assert_eq!(robotstxt_robots_sitemap_count(h), sitemaps.len());
        for (i, want) in sitemaps.iter().enumerate().take(16) {
            let mut out = MaybeUninit::<robotstxt_str>::uninit();
            assert_eq!(robotstxt_robots_sitemap(h, i, out.as_mut_ptr()), StatusOk);
            assert_eq!(borrowed(out.assume_init()), *want);
        }
        let mut out = MaybeUninit::<robotstxt_str>::uninit();
        let past = sitemaps.len() + bits.take(2) as usize;
        assert_eq!(
            robotstxt_robots_sitemap(h, past, out.as_mut_ptr()),
            OutOfRange
        );
        assert_eq!(robotstxt_robots_sitemap(h, 0, null_mut()), NullArgument);

        let groups: Vec<_> = rust.groups().collect();
        assert_eq!(robotstxt_robots_group_count(h), groups.len());
        for (g, group) in groups.iter().enumerate().take(16) {
            let agents: Vec<_> = group.agents().collect();
            assert_eq!(robotstxt_robots_group_agent_count(h, g), agents.len());
            for (i, (value, line)) in agents.iter().enumerate().take(16) {
                let mut out = MaybeUninit::<robotstxt_group_agent>::uninit();
                assert_eq!(
                    robotstxt_robots_group_agent(h, g, i, out.as_mut_ptr()),
                    StatusOk
                );
                let out = out.assume_init();
                assert_eq!((borrowed(out.value), out.line), (*value, *line));
            }
            let mut out = MaybeUninit::<robotstxt_group_agent>::uninit();
            let status = robotstxt_robots_group_agent(h, g, agents.len(), out.as_mut_ptr());
            assert_eq!(status, OutOfRange);

            let rules: Vec<_> = group.rules().collect();
            assert_eq!(robotstxt_robots_group_rule_count(h, g), rules.len());
            for (i, rule) in rules.iter().enumerate().take(16) {
                let mut out = MaybeUninit::<robotstxt_rule>::uninit();
                assert_eq!(
                    robotstxt_robots_group_rule(h, g, i, out.as_mut_ptr()),
                    StatusOk
                );
                let out = out.assume_init();
                let kind = match rule.kind {
                    RuleKind::Allow => robotstxt_rule_kind::Allow,
                    RuleKind::Disallow => robotstxt_rule_kind::Disallow,
                };
                assert_eq!(
                    (out.kind, borrowed(out.pattern), out.line),
                    (kind, rule.pattern, rule.line)
                );
            }
            let mut out = MaybeUninit::<robotstxt_rule>::uninit();
            let status = robotstxt_robots_group_rule(h, g, rules.len(), out.as_mut_ptr());
            assert_eq!(status, OutOfRange);

            assert_eq!(robotstxt_robots_group_is_global(h, g), group.is_global());
            let mut delay = f64::NAN;
            match group.crawl_delay() {
                Some(d) => {
                    assert_eq!(
                        robotstxt_robots_group_crawl_delay(h, g, &mut delay),
                        StatusOk
                    );
                    assert_eq!(delay, d);
                }
                None => {
                    assert_eq!(
                        robotstxt_robots_group_crawl_delay(h, g, &mut delay),
                        NotFound
                    );
                    assert!(delay.is_nan());
                }
            }
        }
        // Past the last group: zero counts, out of range.
        let g = groups.len() + bits.take(2) as usize;
        let i = bits.take(2) as usize;
        assert_eq!(robotstxt_robots_group_agent_count(h, g), 0);
        assert_eq!(robotstxt_robots_group_rule_count(h, g), 0);
        assert!(!robotstxt_robots_group_is_global(h, g));
        let mut agent = MaybeUninit::<robotstxt_group_agent>::uninit();
        assert_eq!(
            robotstxt_robots_group_agent(h, g, i, agent.as_mut_ptr()),
            OutOfRange
        );
        let mut rule = MaybeUninit::<robotstxt_rule>::uninit();
        assert_eq!(
            robotstxt_robots_group_rule(h, g, i, rule.as_mut_ptr()),
            OutOfRange
        );
        let mut delay = 0.0;
        assert_eq!(
            robotstxt_robots_group_crawl_delay(h, g, &mut delay),
            OutOfRange
        );
        // Indexes are built by queries: a fresh parse holds the least.
        assert!(robotstxt_robots_heap_bytes(h) >= Robots::parse(body).heap_bytes());

        // NULL handles, NULL out-parameters and (NULL, n > 0) strings.
        let n = bits.bogus_len();
        let mut answer = MaybeUninit::<robotstxt_answer>::uninit();
        let mut allowed = false;
        assert!(robotstxt_robots_parse(null(), n).is_null());
        assert_eq!(
            robotstxt_robots_check(null(), null(), 0, up, ul, answer.as_mut_ptr()),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_check(h, null(), 0, up, ul, null_mut()),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_check(h, null(), n, up, ul, answer.as_mut_ptr()),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_check(h, null(), 0, null(), n, answer.as_mut_ptr()),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_allowed(h, null(), n, up, ul, &mut allowed),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_allowed(h, null(), 0, up, ul, null_mut()),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_crawl_delay(h, null(), n, &mut delay),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_crawl_delay(h, null(), 0, null_mut()),
            NullArgument
        );
        assert_eq!(robotstxt_robots_sitemap_count(null()), 0);
        assert_eq!(robotstxt_robots_group_count(null()), 0);
        assert_eq!(robotstxt_robots_group_agent_count(null(), 0), 0);
        assert_eq!(robotstxt_robots_group_rule_count(null(), 0), 0);
        assert!(!robotstxt_robots_group_is_global(null(), 0));
        assert_eq!(robotstxt_robots_heap_bytes(null()), 0);
        assert_eq!(
            robotstxt_robots_group_agent(h, 0, 0, null_mut()),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_group_rule(h, 0, 0, null_mut()),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_group_crawl_delay(h, 0, null_mut()),
            NullArgument
        );
        robotstxt_robots_free(h);
        robotstxt_robots_free(null_mut());
    }
}

fn system_time(secs: u64) -> SystemTime {
    SystemTime::UNIX_EPOCH + Duration::from_secs(secs)
}

fn unix(time: SystemTime) -> u64 {
    time.duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// A time in seconds: around now, near zero, or far out (below the 2^40
/// seconds where the C API starts clamping).
fn time_from(bits: &mut Bits) -> u64 {
    match bits.take(2) {
        0 => bits.take(20),
        1 => (1 << 40) - 1 - bits.take(20),
        _ => 1_700_000_000 + bits.take(24),
    }
}

/// The robots.txt URL of `page` from a WHATWG parse of the whole URL (RFC
/// 9309: scheme, authority, `/robots.txt`), which the crawler's parse of the
/// scheme and authority alone must equal, errors included, for URLs under
/// its length limit (all fuzz inputs are).
fn whole_url_robots_txt(page: &str) -> Result<url::Url, crawler::UrlError> {
    let mut url = url::Url::parse(page).map_err(crawler::UrlError::Invalid)?;
    if url.cannot_be_a_base() || url.host().is_none() {
        return Err(crawler::UrlError::NoAuthority);
    }
    let _ = url.set_username("");
    let _ = url.set_password(None);
    url.set_path("/robots.txt");
    url.set_query(None);
    url.set_fragment(None);
    Ok(url)
}

/// Whether the whole URL parses as a robots.txt URL: a host, the path
/// `/robots.txt`, no query.
fn whole_url_is_robots_txt(url: &str) -> bool {
    url::Url::parse(url).is_ok_and(|u| {
        !u.cannot_be_a_base()
            && u.host().is_some()
            && u.path() == "/robots.txt"
            && u.query().is_none()
    })
}

pub(super) fn check_crawler(url: &[u8], others: &[&[u8]], body: &[u8], bits: &mut Bits) {
    // URL helpers, on the URL and on each other piece.
    for &page in std::iter::once(&url).chain(others) {
        let text = std::str::from_utf8(page).ok();
        if let Some(text) = text {
            assert_eq!(crawler::robots_txt_url(text), whole_url_robots_txt(text));
            assert_eq!(
                crawler::is_robots_txt_url(text),
                whole_url_is_robots_txt(text)
            );
        }
        let expected = text
            .and_then(|u| crawler::robots_txt_url(u).ok())
            .map_or(String::new(), |u| u.as_str().to_owned());
        let (p, l) = arg(page, bits);
        check_string_export(
            expected.as_bytes(),
            None,
            bits,
            &|out, cap, len, _| unsafe { robotstxt_robots_txt_url(p, l, out, cap, len) },
            &|out, len, _| unsafe { robotstxt_robots_txt_url_alloc(p, l, out, len) },
        );
        unsafe {
            assert_eq!(
                robotstxt_is_robots_txt_url(p, l),
                text.is_some_and(crawler::is_robots_txt_url)
            );
            let (q, m) = arg(url, bits);
            let applies = match (text, std::str::from_utf8(url).ok()) {
                (Some(robots), Some(page)) => crawler::applies_to(robots, page),
                _ => false,
            };
            assert_eq!(robotstxt_robots_txt_applies_to(p, l, q, m), applies);
            let mut secs = u64::MAX;
            let max_age = crawler::max_age_from_cache_control(&String::from_utf8_lossy(page));
            assert_eq!(
                robotstxt_max_age_from_cache_control(p, l, &mut secs),
                max_age.is_some()
            );
            if let Some(max_age) = max_age {
                assert_eq!(secs, max_age.as_secs());
            }
            let n = bits.bogus_len();
            assert!(!robotstxt_is_robots_txt_url(null(), n));
            assert!(!robotstxt_robots_txt_applies_to(null(), n, q, m));
            assert!(!robotstxt_max_age_from_cache_control(p, l, null_mut()));
            assert!(!robotstxt_max_age_from_cache_control(null(), n, &mut secs));
        }
    }
    let hops = bits.take(4) as u32;
    assert_eq!(
        robotstxt_should_follow_redirect(hops),
        crawler::should_follow_redirect(hops)
    );
    assert_eq!(
        robotstxt_should_follow_redirect(u32::MAX),
        crawler::should_follow_redirect(u32::MAX)
    );

    // A cache entry driven through a sequence of events, next to the Rust one.
    let policy_bits = bits.take(2) as u32;
    let c = robotstxt_cache_entry_new(policy_bits);
    let mut rust = match policy_bits {
        ROBOTSTXT_POLICY_GOOGLE => CacheEntry::new(Policy::Google),
        ROBOTSTXT_POLICY_RFC9309 => CacheEntry::new(Policy::Rfc9309),
        _ => {
            assert!(c.is_null(), "unknown policy {policy_bits} accepted");
            return;
        }
    };
    assert!(!c.is_null());
    let cache_control = others.first().copied().unwrap_or_default();
    for _ in 0..4 {
        unsafe {
            match bits.take(3) {
                0 => {
                    let secs = if bits.flag() { u64::MAX } else { bits.take(24) };
                    assert_eq!(robotstxt_cache_entry_set_lifetime(c, secs), StatusOk);
                    rust = rust.with_lifetime(Duration::from_secs(secs));
                }
                1 => {
                    let limit = if bits.flag() {
                        usize::MAX
                    } else {
                        bits.take(12) as usize
                    };
                    assert_eq!(robotstxt_cache_entry_set_size_limit(c, limit), StatusOk);
                    rust = rust.with_size_limit((limit != usize::MAX).then_some(limit));
                }
                2 => {
                    let available = bits.flag();
                    assert_eq!(
                        robotstxt_cache_entry_set_site_available(c, available),
                        StatusOk
                    );
                    rust.set_site_available(available);
                }
                3 => {
                    let now = time_from(bits);
                    assert_eq!(robotstxt_cache_entry_record_network_error(c, now), StatusOk);
                    rust.record(system_time(now), FetchOutcome::NetworkError, &[], None);
                }
                _ => {
                    let now = time_from(bits);
                    let status = match bits.take(2) {
                        0 => 200,
                        1 => 404,
                        2 => 503,
                        _ => bits.take(16) as u16,
                    };
                    let (bp, bl) = arg(body, bits);
                    let (cp, cl) = arg(cache_control, bits);
                    let got = robotstxt_cache_entry_record_http(c, now, status, bp, bl, cp, cl);
                    assert_eq!(got, StatusOk);
                    let max_age = crawler::max_age_from_cache_control(&String::from_utf8_lossy(
                        cache_control,
                    ));
                    rust.record(
                        system_time(now),
                        FetchOutcome::Status(status),
                        body,
                        max_age,
                    );
                }
            }
            let now = time_from(bits);
            assert_eq!(
                robotstxt_cache_entry_needs_fetch(c, now),
                rust.needs_fetch(system_time(now))
            );
            let decision: Decision = rust.decide(system_time(now));
            assert_eq!(
                robotstxt_cache_entry_decide(c, now),
                robotstxt_decision::from(decision)
            );
            let mut len = usize::MAX;
            let ptr = robotstxt_cache_entry_body(c, &mut len);
            match rust.body() {
                Some(want) => {
                    assert!(!ptr.is_null());
                    assert_eq!(std::slice::from_raw_parts(ptr.cast::<u8>(), len), want);
                }
                None => assert!(ptr.is_null() && len == usize::MAX),
            }
            let mut secs = 0;
            // In seconds, saturating at UINT64_MAX where the Rust time
            // saturates at the latest SystemTime.
            let until = rust.fresh_until().map(|t| {
                if t.checked_add(Duration::from_nanos(1)).is_none() {
                    u64::MAX
                } else {
                    t.duration_since(SystemTime::UNIX_EPOCH)
                        .map_or(0, |d| d.as_secs())
                }
            });
            assert_eq!(until.is_some(), rust.fresh_until().is_some());
            assert_eq!(
                robotstxt_cache_entry_fresh_until(c, &mut secs),
                until.is_some()
            );
            if let Some(until) = until {
                assert_eq!(secs, until);
            }
            let since = rust.unreachable_since();
            assert_eq!(
                robotstxt_cache_entry_unreachable_since(c, &mut secs),
                since.is_some()
            );
            if let Some(since) = since {
                assert_eq!(secs, unix(since));
            }
        }
    }
    unsafe {
        let n = bits.bogus_len();
        assert_eq!(
            robotstxt_cache_entry_set_lifetime(null_mut(), 1),
            NullArgument
        );
        assert_eq!(
            robotstxt_cache_entry_set_size_limit(null_mut(), 1),
            NullArgument
        );
        assert_eq!(
            robotstxt_cache_entry_set_site_available(null_mut(), true),
            NullArgument
        );
        assert_eq!(
            robotstxt_cache_entry_record_network_error(null_mut(), 1),
            NullArgument
        );
        assert_eq!(
            robotstxt_cache_entry_record_http(c, 1, 200, null(), n, null(), 0),
            NullArgument
        );
        assert_eq!(
            robotstxt_cache_entry_record_http(c, 1, 200, null(), 0, null(), n),
            NullArgument
        );
        assert!(!robotstxt_cache_entry_needs_fetch(null(), 1));
        assert_eq!(
            robotstxt_cache_entry_decide(null(), 1),
            robotstxt_decision::DisallowAll
        );
        assert!(robotstxt_cache_entry_body(null(), null_mut()).is_null());
        assert!(!robotstxt_cache_entry_fresh_until(null(), null_mut()));
        assert!(!robotstxt_cache_entry_unreachable_since(null(), null_mut()));
        robotstxt_cache_entry_free(c);
        robotstxt_cache_entry_free(null_mut());
    }
}
