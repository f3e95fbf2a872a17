//! The parse-once handle (`robotstxt_robots_*`) through its C signatures,
//! called from Rust as C would call it.
//!
//! Expected answers are what Google's `robots.cc` does (cited); the shared
//! cases of `spec/cases/`, Google's own tests among them, run through this
//! handle in `spec.rs`. Every answer is also compared, field by field, with
//! what the `robotstxt_matcher` handle gives for the same body, agents and
//! URL: the parse-once object must be that matcher without the re-parsing. The panic
//! boundary of each export is tested in `capi/src/tests.rs`.

use std::ffi::c_char;
use std::ptr::{null, null_mut};

use robotstxt::matcher::*;
use robotstxt::robots::*;
use robotstxt::{robotstxt_status, robotstxt_str};

use robotstxt_status::{NotFound, NullArgument, Ok as StatusOk, OutOfRange};

fn p(bytes: &[u8]) -> *const c_char {
    bytes.as_ptr().cast()
}

fn rs(bytes: &[u8]) -> robotstxt_str {
    robotstxt_str {
        ptr: p(bytes),
        len: bytes.len(),
    }
}

fn view(s: robotstxt_str) -> Vec<u8> {
    assert!(!s.ptr.is_null(), "handed-out strings are never NULL");
    unsafe { std::slice::from_raw_parts(s.ptr.cast::<u8>(), s.len) }.to_vec()
}

/// A group as read through the C API: its agents with their lines, its
/// rules written as "allow /x@5", and whether it is global.
type GroupView = (Vec<(Vec<u8>, u32)>, Vec<String>, bool);

/// Owns a parsed robots.txt for a test.
struct Parsed(*mut robotstxt_robots);

// The handle is immutable and documented as safe to query from any thread.
unsafe impl Send for Parsed {}
unsafe impl Sync for Parsed {}

impl Parsed {
    fn new(body: &[u8]) -> Parsed {
        let robots = unsafe { robotstxt_robots_parse(p(body), body.len()) };
        assert!(!robots.is_null());
        Parsed(robots)
    }

    fn check(&self, agents: &[&[u8]], url: &[u8]) -> robotstxt_answer {
        let agents: Vec<robotstxt_str> = agents.iter().map(|a| rs(a)).collect();
        let mut answer = robotstxt_answer {
            allowed: false,
            matching_line: u32::MAX,
            ever_seen_specific_agent: false,
            disallow_ignore_global: false,
        };
        let status = unsafe {
            robotstxt_robots_check(
                self.0,
                agents.as_ptr(),
                agents.len(),
                p(url),
                url.len(),
                &mut answer,
            )
        };
        assert_eq!(status, StatusOk);
        answer
    }

    fn allowed(&self, agent: &[u8], url: &[u8]) -> bool {
        let mut allowed = false;
        let status = unsafe {
            robotstxt_robots_allowed(
                self.0,
                p(agent),
                agent.len(),
                p(url),
                url.len(),
                &mut allowed,
            )
        };
        assert_eq!(status, StatusOk);
        allowed
    }

    fn sitemaps(&self) -> Vec<Vec<u8>> {
        let n = unsafe { robotstxt_robots_sitemap_count(self.0) };
        let mut out = Vec::new();
        for i in 0..n {
            let mut s = rs(b"");
            assert_eq!(
                unsafe { robotstxt_robots_sitemap(self.0, i, &mut s) },
                StatusOk
            );
            out.push(view(s));
        }
        let mut s = rs(b"untouched");
        assert_eq!(
            unsafe { robotstxt_robots_sitemap(self.0, n, &mut s) },
            OutOfRange
        );
        assert_eq!(view(s), b"untouched");
        out
    }

    /// Each group as (agents with lines, rules as "allow /x@5", is_global).
    fn groups(&self) -> Vec<GroupView> {
        let n = unsafe { robotstxt_robots_group_count(self.0) };
        let mut out = Vec::new();
        for g in 0..n {
            let mut agents = Vec::new();
            for i in 0..unsafe { robotstxt_robots_group_agent_count(self.0, g) } {
                let mut a = robotstxt_group_agent {
                    value: rs(b""),
                    line: 0,
                };
                assert_eq!(
                    unsafe { robotstxt_robots_group_agent(self.0, g, i, &mut a) },
                    StatusOk
                );
                agents.push((view(a.value), a.line));
            }
            let mut rules = Vec::new();
            for i in 0..unsafe { robotstxt_robots_group_rule_count(self.0, g) } {
                let mut r = robotstxt_rule {
                    kind: robotstxt_rule_kind::Allow,
                    pattern: rs(b""),
                    line: 0,
                };
                assert_eq!(
                    unsafe { robotstxt_robots_group_rule(self.0, g, i, &mut r) },
                    StatusOk
                );
                let kind = match r.kind {
                    robotstxt_rule_kind::Allow => "allow",
                    robotstxt_rule_kind::Disallow => "disallow",
                };
                let pattern = String::from_utf8(view(r.pattern)).unwrap();
                rules.push(format!("{kind} {pattern}@{}", r.line));
            }
            let global = unsafe { robotstxt_robots_group_is_global(self.0, g) };
            out.push((agents, rules, global));
        }
        out
    }

    fn crawl_delay(&self, agent: &[u8]) -> Option<f64> {
        let mut delay = -1.0;
        match unsafe { robotstxt_robots_crawl_delay(self.0, p(agent), agent.len(), &mut delay) } {
            StatusOk => Some(delay),
            NotFound => {
                assert_eq!(delay, -1.0, "nothing written for NOT_FOUND");
                None
            }
            other => panic!("unexpected status {other:?}"),
        }
    }

    fn group_crawl_delay(&self, group: usize) -> Result<f64, robotstxt_status> {
        let mut delay = -1.0;
        match unsafe { robotstxt_robots_group_crawl_delay(self.0, group, &mut delay) } {
            StatusOk => Ok(delay),
            other => {
                assert_eq!(delay, -1.0, "nothing written unless OK");
                Err(other)
            }
        }
    }

    fn heap_bytes(&self) -> usize {
        unsafe { robotstxt_robots_heap_bytes(self.0) }
    }
}

impl Drop for Parsed {
    fn drop(&mut self) {
        unsafe { robotstxt_robots_free(self.0) };
    }
}

/// The matcher handle's answer for the same query, read from its getters.
fn matcher_answer(body: &[u8], agents: &[&[u8]], url: &[u8]) -> robotstxt_answer {
    let agents: Vec<robotstxt_str> = agents.iter().map(|a| rs(a)).collect();
    let m = robotstxt_matcher_new();
    assert!(!m.is_null());
    let mut allowed = false;
    unsafe {
        let status = robotstxt_matcher_allowed_by_robots(
            m,
            p(body),
            body.len(),
            agents.as_ptr(),
            agents.len(),
            p(url),
            url.len(),
            &mut allowed,
        );
        assert_eq!(status, StatusOk);
        let answer = robotstxt_answer {
            allowed,
            matching_line: robotstxt_matcher_matching_line(m),
            ever_seen_specific_agent: robotstxt_matcher_ever_seen_specific_agent(m),
            disallow_ignore_global: robotstxt_matcher_disallow_ignore_global(m),
        };
        assert_eq!(robotstxt_matcher_disallow(m), !allowed);
        robotstxt_matcher_free(m);
        answer
    }
}

/// Groups as Google's matcher forms them: a rule before any user-agent line
/// (line 1), a user-agent line after rules opening a group (6, 12),
/// user-agent lines in a row sharing one (12 and 14, across a blank line),
/// and two groups for ShopBot (3 and 14), which merge.
const GROUPS: &[u8] = b"allow: /outside/\n\
\n\
user-agent: ShopBot\n\
disallow: /\n\
allow: /shop/\n\
user-agent: NewsBot\n\
disallow: /\n\
allow: /news/\n\
\n\
\n\
allow: /wiki/\n\
user-agent: MapBot\n\
\n\
user-agent: ShopBot\n\
allow: /maps/\n\
disallow: /\n";

const FOO_DISALLOW_ALL: &[u8] = b"user-agent: FooBot\ndisallow: /\n";

#[test]
fn one_handle_answers_many_queries_like_a_fresh_matcher_each() {
    // The same GROUPS body against every agent set and URL, agent lists
    // included: parsing once must not make a query depend on the ones
    // before it.
    let robots = Parsed::new(GROUPS);
    let agent_sets: &[&[&[u8]]] = &[
        &[],
        &[b"ShopBot"],
        &[b"NewsBot"],
        &[b"MapBot"],
        &[b"OtherBot"],
        &[b"NewsBot", b"ShopBot"],
        &[b"OtherBot", b"mapbot"],
        &[b"*"],
    ];
    let urls: &[&[u8]] = &[
        b"https://example.com/wiki/a",
        b"https://example.com/shop/b",
        b"https://example.com/news/c",
        b"https://example.com/maps/d",
        b"https://example.com/outside/",
        b"",
        b"https://example.com",
    ];
    for _round in 0..2 {
        for agents in agent_sets {
            for url in urls {
                assert_eq!(
                    robots.check(agents, url),
                    matcher_answer(GROUPS, agents, url),
                    "{agents:?} {:?}",
                    String::from_utf8_lossy(url)
                );
            }
        }
    }
}

#[test]
fn details_of_an_answer_are_those_of_googles_matcher() {
    // robots.cc: matching_line() is the line of the rule that decided;
    // ever_seen_specific_agent() whether a group named a queried agent;
    // disallow_ignore_global() the verdict of those groups alone.
    let answer = |body: &[u8], agents: &[&[u8]], url: &[u8]| {
        let got = Parsed::new(body).check(agents, url);
        assert_eq!(got, matcher_answer(body, agents, url));
        (
            got.allowed,
            got.matching_line,
            got.ever_seen_specific_agent,
            got.disallow_ignore_global,
        )
    };
    assert_eq!(
        answer(FOO_DISALLOW_ALL, &[b"FooBot"], b"http://foo.bar/x"),
        (false, 2, true, true)
    );
    assert_eq!(
        answer(
            b"user-agent: *\n\ndisallow: /\n",
            &[b"FooBot"],
            b"http://foo.bar/x"
        ),
        (false, 3, false, false)
    );
    let two = b"user-agent: FooBot\ndisallow: /x/\nuser-agent: BarBot\nallow: /x/page\n";
    assert_eq!(
        answer(two, &[b"BazBot", b"FooBot"], b"http://foo.bar/x/page"),
        (false, 2, true, true)
    );
    // Both groups apply; the longer allow wins.
    assert_eq!(
        answer(two, &[b"FooBot", b"BarBot"], b"http://foo.bar/x/page"),
        (true, 4, true, false)
    );
    // No agents: only '*' applies.
    assert_eq!(
        answer(b"user-agent: *\ndisallow: /\n", &[], b"http://foo.bar/"),
        (false, 2, false, false)
    );
    assert_eq!(
        answer(FOO_DISALLOW_ALL, &[], b"http://foo.bar/"),
        (true, 0, false, false)
    );
    // No rule matches: allowed, line 0.
    assert_eq!(
        answer(
            b"user-agent: FooBot\ndisallow: /a\n",
            &[b"FooBot"],
            b"http://foo.bar/b"
        ),
        (true, 0, true, false)
    );
}

#[test]
fn null_arguments_are_refused_and_nothing_is_written() {
    unsafe {
        assert!(robotstxt_robots_parse(null(), 3).is_null());
        robotstxt_robots_free(null_mut());
    }
    let robots = Parsed::new(FOO_DISALLOW_ALL);
    let agent = rs(b"FooBot");
    let url = b"http://foo.bar/";
    let untouched = robotstxt_answer {
        allowed: true,
        matching_line: 42,
        ever_seen_specific_agent: false,
        disallow_ignore_global: false,
    };
    let mut answer = untouched;
    let null_agent = robotstxt_str {
        ptr: null(),
        len: 2,
    };
    unsafe {
        let r = robots.0;
        for status in [
            robotstxt_robots_check(null(), &agent, 1, p(url), url.len(), &mut answer),
            robotstxt_robots_check(r, &agent, 1, p(url), url.len(), null_mut()),
            robotstxt_robots_check(r, &agent, 1, null(), 5, &mut answer),
            robotstxt_robots_check(r, null(), 1, p(url), url.len(), &mut answer),
            robotstxt_robots_check(r, &null_agent, 1, p(url), url.len(), &mut answer),
        ] {
            assert_eq!(status, NullArgument);
        }
        assert_eq!(answer, untouched);

        let mut allowed = true;
        for status in [
            robotstxt_robots_allowed(
                null(),
                agent.ptr,
                agent.len,
                p(url),
                url.len(),
                &mut allowed,
            ),
            robotstxt_robots_allowed(r, agent.ptr, agent.len, p(url), url.len(), null_mut()),
            robotstxt_robots_allowed(r, null(), 6, p(url), url.len(), &mut allowed),
            robotstxt_robots_allowed(r, agent.ptr, agent.len, null(), 1, &mut allowed),
        ] {
            assert_eq!(status, NullArgument);
        }
        assert!(allowed);

        assert_eq!(robotstxt_robots_sitemap_count(null()), 0);
        assert_eq!(robotstxt_robots_group_count(null()), 0);
        assert_eq!(robotstxt_robots_group_agent_count(null(), 0), 0);
        assert_eq!(robotstxt_robots_group_rule_count(null(), 0), 0);
        assert!(!robotstxt_robots_group_is_global(null(), 0));
        assert_eq!(robotstxt_robots_heap_bytes(null()), 0);
        let mut s = rs(b"");
        assert_eq!(robotstxt_robots_sitemap(null(), 0, &mut s), NullArgument);
        assert_eq!(robotstxt_robots_sitemap(r, 0, null_mut()), NullArgument);
        let mut a = robotstxt_group_agent { value: s, line: 9 };
        assert_eq!(
            robotstxt_robots_group_agent(null(), 0, 0, &mut a),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_group_agent(r, 0, 0, null_mut()),
            NullArgument
        );
        let mut rule = robotstxt_rule {
            kind: robotstxt_rule_kind::Allow,
            pattern: s,
            line: 9,
        };
        assert_eq!(
            robotstxt_robots_group_rule(null(), 0, 0, &mut rule),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_group_rule(r, 0, 0, null_mut()),
            NullArgument
        );
        let mut delay = -1.0;
        assert_eq!(
            robotstxt_robots_group_crawl_delay(null(), 0, &mut delay),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_group_crawl_delay(r, 0, null_mut()),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_crawl_delay(null(), p(b"a"), 1, &mut delay),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_crawl_delay(r, null(), 1, &mut delay),
            NullArgument
        );
        assert_eq!(
            robotstxt_robots_crawl_delay(r, p(b"a"), 1, null_mut()),
            NullArgument
        );
        assert_eq!((a.line, rule.line, delay), (9, 9, -1.0));
    }
}

#[test]
fn null_with_length_zero_is_the_empty_string() {
    // (NULL, 0) is an empty body: no rules, everything allowed.
    let robots = Parsed(unsafe { robotstxt_robots_parse(null(), 0) });
    assert!(!robots.0.is_null());
    assert_eq!(unsafe { robotstxt_robots_group_count(robots.0) }, 0);
    assert!(robots.sitemaps().is_empty());
    // An empty URL and an empty agent, as (NULL, 0) pairs, and no agents.
    let disallow_all = Parsed::new(b"user-agent: *\ndisallow: /\n");
    let mut answer = robotstxt_answer {
        allowed: true,
        matching_line: 0,
        ever_seen_specific_agent: true,
        disallow_ignore_global: true,
    };
    let status =
        unsafe { robotstxt_robots_check(disallow_all.0, null(), 0, null(), 0, &mut answer) };
    assert_eq!(status, StatusOk);
    // The empty URL's path is "/", which '*' disallows.
    assert_eq!(
        answer,
        robotstxt_answer {
            allowed: false,
            matching_line: 2,
            ever_seen_specific_agent: false,
            disallow_ignore_global: false,
        }
    );
    let mut allowed = true;
    let status =
        unsafe { robotstxt_robots_allowed(disallow_all.0, null(), 0, null(), 0, &mut allowed) };
    assert_eq!((status, allowed), (StatusOk, false));
}

#[test]
fn empty_inputs_as_google_handles_them() {
    // Empty robots.txt, agent and URL.
    let empty = Parsed::new(b"");
    assert!(empty.allowed(b"", b""));
    assert_eq!(
        empty.check(&[b"FooBot"], b""),
        matcher_answer(b"", &[b"FooBot"], b"")
    );
    assert_eq!(empty.groups(), vec![]);
    let foo = Parsed::new(FOO_DISALLOW_ALL);
    assert!(foo.allowed(b"", b""));
    assert!(!foo.allowed(b"FooBot", b""));
    // Empty values are kept, and handed out as "" (a valid pointer).
    let robots = Parsed::new(b"sitemap:\nuser-agent: FooBot\ndisallow:\n");
    assert_eq!(robots.sitemaps(), vec![b"".to_vec()]);
    assert_eq!(
        robots.groups(),
        vec![(
            vec![(b"FooBot".to_vec(), 2)],
            vec!["disallow @3".to_owned()],
            false
        )]
    );
    // robots.cc: an empty disallow matches nothing.
    assert!(robots.allowed(b"FooBot", b"http://foo.bar/x"));
}

#[test]
fn nul_bytes_end_the_url_path_and_the_rule_lines() {
    // robots.cc keeps the path and each line as C strings; queried agents are
    // compared whole, NUL and all.
    let body: &[u8] = b"user-agent: FooBot\ndisallow: /a$\n";
    let robots = Parsed::new(body);
    for url in [&b"http://foo.bar/a\0x"[..], b"http://foo.bar/ax"] {
        assert_eq!(
            robots.check(&[b"FooBot"], url),
            matcher_answer(body, &[b"FooBot"], url)
        );
    }
    assert!(!robots.allowed(b"FooBot", b"http://foo.bar/a\0x"));
    assert!(robots.allowed(b"FooBot", b"http://foo.bar/ax"));

    let body: &[u8] = b"user-agent: FooBot\ndisallow: /a\0b\n";
    let robots = Parsed::new(body);
    assert!(!robots.allowed(b"FooBot", b"http://foo.bar/ab"));
    assert_eq!(
        robots.groups(),
        vec![(
            vec![(b"FooBot".to_vec(), 1)],
            vec!["disallow /a@2".to_owned()],
            false
        )]
    );

    let foo = Parsed::new(FOO_DISALLOW_ALL);
    assert!(foo.allowed(b"Foo\0Bot", b"http://foo.bar/"));
    assert_eq!(
        foo.check(&[b"Foo\0Bot"], b"http://foo.bar/"),
        matcher_answer(FOO_DISALLOW_ALL, &[b"Foo\0Bot"], b"http://foo.bar/")
    );
}

#[test]
fn invalid_utf8_is_escaped_in_rules_but_not_in_urls_agents_or_sitemaps() {
    // Patterns are %-escaped, URLs are not;
    // robots.cc hands agents and sitemaps over as written.
    let body: &[u8] = b"user-agent: FooBot\xff\ndisallow: /\xff\nsitemap: /s\xfe.xml\n";
    let robots = Parsed::new(body);
    for (agent, url) in [
        (&b"FooBot"[..], &b"http://foo.bar/%FF"[..]),
        (b"FooBot", b"http://foo.bar/\xff"),
        (b"\xff", b"http://foo.bar/%FF"),
    ] {
        assert_eq!(
            robots.check(&[agent], url),
            matcher_answer(body, &[agent], url)
        );
    }
    // The agent line's value matches by its leading [a-zA-Z_-] run.
    assert!(!robots.allowed(b"FooBot", b"http://foo.bar/%FF"));
    assert!(robots.allowed(b"FooBot", b"http://foo.bar/\xff"));
    assert!(robots.allowed(b"\xff", b"http://foo.bar/%FF"));
    assert_eq!(robots.sitemaps(), vec![b"/s\xfe.xml".to_vec()]);
    let groups = robots.groups();
    assert_eq!(groups[0].0, vec![(b"FooBot\xff".to_vec(), 1)]);
    assert_eq!(groups[0].1, vec!["disallow /%FF@2".to_owned()]);
}

#[test]
fn sitemaps_in_file_order_wherever_they_are() {
    // A sitemap line may appear anywhere, and is not part of a group.
    let robots = Parsed::new(
        b"Sitemap: http://foo.bar/sitemap.xml\nUser-Agent: shopbot\nAllow: /shop/\n\
          User-Agent: newsbot\n\n\nSitemap: http://foo.bar/second.xml\n",
    );
    assert_eq!(
        robots.sitemaps(),
        vec![
            b"http://foo.bar/sitemap.xml".to_vec(),
            b"http://foo.bar/second.xml".to_vec()
        ]
    );
    // "User-Agent: newsbot" follows a rule, so it opens a second group with no
    // rules.
    assert_eq!(
        robots.groups(),
        vec![
            (
                vec![(b"shopbot".to_vec(), 2)],
                vec!["allow /shop/@3".to_owned()],
                false
            ),
            (vec![(b"newsbot".to_vec(), 4)], vec![], false),
        ]
    );
}

#[test]
fn groups_as_googles_matcher_forms_them() {
    // The rule before any user-agent line belongs to no group; a user-agent line after a rule opens a new
    // group; consecutive user-agent lines (blank lines between them or not)
    // share one; patterns are %-escaped.
    let robots = Parsed::new(GROUPS);
    let agent = |name: &str, line| (name.as_bytes().to_vec(), line);
    let rules = |r: &[&str]| r.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        robots.groups(),
        vec![
            (
                vec![agent("ShopBot", 3)],
                rules(&["disallow /@4", "allow /shop/@5"]),
                false
            ),
            (
                vec![agent("NewsBot", 6)],
                rules(&["disallow /@7", "allow /news/@8", "allow /wiki/@11"]),
                false
            ),
            (
                vec![agent("MapBot", 12), agent("ShopBot", 14)],
                rules(&["allow /maps/@15", "disallow /@16"]),
                false
            ),
        ]
    );
    let robots = Parsed::new(
        b"User-agent: *\nUser-agent: Foo Bar/1.0\nDisallow: /a%2f\xe3\x83\x84\nAllow: /$\n",
    );
    assert_eq!(
        robots.groups(),
        vec![(
            vec![agent("*", 1), agent("Foo Bar/1.0", 2)],
            rules(&["disallow /a%2F%E3%83%84@3", "allow /$@4"]),
            true
        )]
    );
}

#[test]
fn indexes_past_the_end_are_out_of_range() {
    let robots = Parsed::new(FOO_DISALLOW_ALL);
    let r = robots.0;
    unsafe {
        assert_eq!(robotstxt_robots_group_count(r), 1);
        assert_eq!(robotstxt_robots_group_agent_count(r, 1), 0);
        assert_eq!(robotstxt_robots_group_rule_count(r, usize::MAX), 0);
        assert!(!robotstxt_robots_group_is_global(r, 1));
        let mut a = robotstxt_group_agent {
            value: rs(b""),
            line: 9,
        };
        assert_eq!(robotstxt_robots_group_agent(r, 0, 1, &mut a), OutOfRange);
        assert_eq!(robotstxt_robots_group_agent(r, 1, 0, &mut a), OutOfRange);
        let mut rule = robotstxt_rule {
            kind: robotstxt_rule_kind::Allow,
            pattern: rs(b""),
            line: 9,
        };
        assert_eq!(robotstxt_robots_group_rule(r, 0, 1, &mut rule), OutOfRange);
        assert_eq!(robotstxt_robots_group_rule(r, 1, 0, &mut rule), OutOfRange);
        assert_eq!((a.line, rule.line), (9, 9));
        assert_eq!(robots.group_crawl_delay(1), Err(OutOfRange));
    }
}

#[test]
fn crawl_delay_is_reported_per_group_and_per_agent() {
    // An extension (Google ignores crawl-delay): the first valid value of the
    // groups naming the agent, else of the '*' groups.
    let body: &[u8] = b"user-agent: *\ncrawl-delay: 10\ndisallow: /tmp\n\n\
        user-agent: FooBot\ncrawl-delay: abc\ncrawl-delay: 0.5\ncrawl-delay: 3\ndisallow: /private\n\n\
        user-agent: BarBot\ncrawl-delay: -1\ndisallow: /\n\n\
        user-agent: BazBot\nCrawl-Delay: 2\n";
    let robots = Parsed::new(body);
    assert_eq!(robots.group_crawl_delay(0), Ok(10.0));
    assert_eq!(robots.group_crawl_delay(1), Ok(0.5));
    assert_eq!(robots.group_crawl_delay(2), Err(NotFound));
    assert_eq!(robots.group_crawl_delay(3), Ok(2.0));
    assert_eq!(robots.group_crawl_delay(4), Err(OutOfRange));
    assert_eq!(robots.crawl_delay(b"FooBot"), Some(0.5));
    // A queried agent is compared whole, as in queries: "foobot/2.1" names
    // no group, so the '*' group's delay applies.
    assert_eq!(robots.crawl_delay(b"foobot/2.1"), Some(10.0));
    assert_eq!(robots.crawl_delay(b"QuxBot"), Some(10.0));
    // BarBot has its own group, without a valid delay: '*' does not apply.
    assert_eq!(robots.crawl_delay(b"BarBot"), None);
    assert_eq!(robots.crawl_delay(b"bazbot"), Some(2.0));
    // Google's grouping is unchanged: crawl-delay is not a rule, so a
    // user-agent line right after one joins its group.
    let joined = Parsed::new(b"user-agent: a\ncrawl-delay: 4\nuser-agent: b\ndisallow: /\n");
    assert_eq!(joined.groups().len(), 1);
    assert_eq!(joined.crawl_delay(b"b"), Some(4.0));
    // Crawl-delay never changes a verdict.
    assert!(robots.allowed(b"FooBot", b"http://foo.bar/tmp"));
    assert!(!robots.allowed(b"QuxBot", b"http://foo.bar/tmp"));
    let none = Parsed::new(FOO_DISALLOW_ALL);
    assert_eq!(none.crawl_delay(b"FooBot"), None);
    assert_eq!(none.crawl_delay(b""), None);
}

#[test]
fn heap_bytes_counts_the_handle_and_what_it_copied() {
    let empty = Parsed::new(b"");
    assert!(empty.heap_bytes() > 0, "the handle itself is on the heap");
    // Three agents, patterns and sitemaps with ~6 KB of values between them.
    let long = "x".repeat(2000);
    let body = format!("user-agent: {long}\ndisallow: /{long}\nsitemap: https://{long}\n");
    let robots = Parsed::new(body.as_bytes());
    assert!(robots.heap_bytes() >= empty.heap_bytes() + 6000);
    // A small multiple of the body: the values are copied once, plus fixed
    // bookkeeping per line.
    assert!(
        robots.heap_bytes() < 3 * body.len(),
        "{}",
        robots.heap_bytes()
    );
    // Immutable: asking again gives the same.
    assert_eq!(robots.heap_bytes(), robots.heap_bytes());
}

#[test]
fn strings_handed_out_outlive_the_body_they_came_from() {
    // The body is copied at parse time: the caller may free it at once.
    let mut body = b"user-agent: FooBot\ndisallow: /private\nsitemap: /s.xml\n".to_vec();
    let robots = Parsed::new(&body);
    body.iter_mut().for_each(|b| *b = b'#');
    drop(body);
    assert_eq!(robots.sitemaps(), vec![b"/s.xml".to_vec()]);
    assert_eq!(robots.groups()[0].1, vec!["disallow /private@2".to_owned()]);
    assert!(!robots.allowed(b"FooBot", b"http://foo.bar/private"));
}

#[test]
fn one_handle_queried_from_8_threads_at_once() {
    // The GROUPS queries, against one shared handle, from 8 threads without
    // locks.
    let robots = std::sync::Arc::new(Parsed::new(GROUPS));
    let expected: &[(&[u8], &[u8], bool)] = &[
        (b"ShopBot", b"https://example.com/shop/b", true),
        (b"ShopBot", b"https://example.com/maps/d", true),
        (b"ShopBot", b"https://example.com/news/c", false),
        (b"NewsBot", b"https://example.com/news/c", true),
        (b"NewsBot", b"https://example.com/wiki/a", true),
        (b"NewsBot", b"https://example.com/maps/d", false),
        (b"MapBot", b"https://example.com/maps/d", true),
        (b"ShopBot", b"https://example.com/outside/", false),
        (b"NewsBot", b"https://example.com/outside/", false),
        (b"MapBot", b"https://example.com/outside/", false),
    ];
    let details: Vec<robotstxt_answer> = expected
        .iter()
        .map(|(agent, url, _)| matcher_answer(GROUPS, &[agent], url))
        .collect();
    let barrier = std::sync::Arc::new(std::sync::Barrier::new(8));
    let threads: Vec<_> = (0..8)
        .map(|t| {
            let robots = robots.clone();
            let barrier = barrier.clone();
            let details = details.clone();
            std::thread::spawn(move || {
                barrier.wait();
                for round in 0..2000 {
                    let i = (round + t) % expected.len();
                    let (agent, url, allowed) = expected[i];
                    let answer = robots.check(&[agent], url);
                    assert_eq!(answer.allowed, allowed);
                    assert_eq!(answer, details[i]);
                    assert_eq!(robots.allowed(agent, url), allowed);
                    if round % 100 == 0 {
                        assert_eq!(robots.groups().len(), 3);
                    }
                }
            })
        })
        .collect();
    for thread in threads {
        thread.join().expect("no thread failed");
    }
}
