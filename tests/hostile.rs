//! Hostile inputs: huge bodies, lines, URLs and rule counts, NUL and random
//! bytes, `*` runs and repeated groups, with the bounds of docs/LIMITS.md.
//!
//! Expected answers are worked out by hand from the rules of Google's
//! `robots.cc` (`Parse` for lines and the cap, `GetKeyAndValueFrom` for
//! comments and NULs, `MaybeEscapePattern`, and `RobotsMatcher`: longest
//! match wins, only a strictly longer match replaces one, an allow wins a
//! tie), or come from the transcription of Google's matcher in
//! `tests/common` and its position-set algorithm (`matches_reference`) on
//! smaller variants of the same shape.
//!
//! Memory is measured, not guessed: a counting global allocator records the
//! peak of live heap bytes per thread, so each test sees its own
//! allocations. Time is asserted only as a loose guard against quadratic
//! blow-up: each timed case is built so that an O(path x pattern) matcher
//! would do at least a thousand times the work of a linear one, and the bound
//! is far above what a debug build needs (the speed itself is shown by the
//! benchmarks, `cargo bench`).

mod common;
mod heap_counting;

use std::time::{Duration, Instant};

use common::matches_reference;
use common::{crate_outcome, google_line_count, reference_outcome};
use heap_counting::peak_heap;
use robotstxt_exact::pattern::matches;
use robotstxt_exact::{
    LineMetadata, MAX_LINE_LEN, ParseHandler, Robots, RobotsParsingReporter, parse_robots_txt,
};

/// Runs `f`, failing if it takes longer than `bound`: a guard against
/// quadratic behaviour only, far above a debug build's time.
fn within<T>(bound: Duration, what: &str, f: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let result = f();
    let took = start.elapsed();
    assert!(took <= bound, "{what}: {took:?}, bound {bound:?}");
    result
}

// ------------------------------------------------------------ helpers

const MIB: usize = 1 << 20;

/// Counts what the parser reports, checking line numbers as it goes.
#[derive(Debug, Default, PartialEq, Eq)]
struct Counts {
    lines: u64,
    user_agents: u64,
    allows: u64,
    disallows: u64,
    sitemaps: u64,
    unknowns: u64,
    directives_flagged: u64,
    empty: u64,
    comments: u64,
    too_long: u64,
}

impl ParseHandler for Counts {
    fn handle_robots_start(&mut self) {}
    fn handle_robots_end(&mut self) {}
    fn handle_user_agent(&mut self, _line: u32, _value: &[u8]) {
        self.user_agents += 1;
    }
    fn handle_allow(&mut self, _line: u32, _value: &[u8]) {
        self.allows += 1;
    }
    fn handle_disallow(&mut self, _line: u32, _value: &[u8]) {
        self.disallows += 1;
    }
    fn handle_sitemap(&mut self, _line: u32, _value: &[u8]) {
        self.sitemaps += 1;
    }
    fn handle_unknown_action(&mut self, _line: u32, _action: &[u8], _value: &[u8]) {
        self.unknowns += 1;
    }
    fn report_line_metadata(&mut self, line: u32, m: &LineMetadata) {
        self.lines += 1;
        assert_eq!(u64::from(line), self.lines, "line numbers go 1, 2, 3, ...");
        self.directives_flagged += u64::from(m.has_directive);
        self.empty += u64::from(m.is_empty);
        self.comments += u64::from(m.is_comment);
        self.too_long += u64::from(m.is_line_too_long);
    }
}

fn counts(body: &[u8]) -> Counts {
    let mut c = Counts::default();
    parse_robots_txt(body, &mut c);
    c
}

/// Records every directive with its line and value.
#[derive(Default)]
struct Directives(Vec<(u32, &'static str, Vec<u8>)>, Vec<(u32, LineMetadata)>);

impl ParseHandler for Directives {
    fn handle_robots_start(&mut self) {}
    fn handle_robots_end(&mut self) {}
    fn handle_user_agent(&mut self, line: u32, value: &[u8]) {
        self.0.push((line, "user-agent", value.to_vec()));
    }
    fn handle_allow(&mut self, line: u32, value: &[u8]) {
        self.0.push((line, "allow", value.to_vec()));
    }
    fn handle_disallow(&mut self, line: u32, value: &[u8]) {
        self.0.push((line, "disallow", value.to_vec()));
    }
    fn handle_sitemap(&mut self, line: u32, value: &[u8]) {
        self.0.push((line, "sitemap", value.to_vec()));
    }
    fn handle_unknown_action(&mut self, line: u32, _action: &[u8], value: &[u8]) {
        self.0.push((line, "unknown", value.to_vec()));
    }
    fn report_line_metadata(&mut self, line: u32, m: &LineMetadata) {
        self.1.push((line, *m));
    }
}

fn directives(body: &[u8]) -> Directives {
    let mut d = Directives::default();
    parse_robots_txt(body, &mut d);
    d
}

/// All four answers of `RobotsMatcher` and of `Robots`, which must agree.
fn answer(body: &[u8], robots: &Robots, agents: &[&[u8]], url: &[u8]) -> (bool, u32, bool, bool) {
    let m = crate_outcome(body, agents, url);
    let r = robots.check(agents, url);
    let from_matcher = (
        m.allowed,
        m.matching_line,
        m.ever_seen_specific_agent,
        m.disallow_ignore_global,
    );
    let from_robots = (
        r.allowed,
        r.matching_line,
        r.ever_seen_specific_agent,
        r.disallow_ignore_global,
    );
    assert_eq!(from_robots, from_matcher, "Robots and RobotsMatcher differ");
    from_matcher
}

/// A distinct lower-case name for each number: a, b, ..., z, ba, bb, ...
/// (agent names stop at the first byte outside `[a-zA-Z_-]`, so no digits).
fn letters(mut i: usize) -> Vec<u8> {
    let mut name = Vec::new();
    loop {
        name.push(b'a' + (i % 26) as u8);
        i /= 26;
        if i == 0 {
            break;
        }
    }
    name.reverse();
    name
}

/// xorshift64*: reproducible bytes without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

// ------------------------------------------------------------ 100 MB body

/// Nine lines, every kind Google's parser tells apart, two of them 4 KiB
/// long (debug builds pay per line; the long lines keep 100 MB quick).
fn block() -> Vec<u8> {
    let mut block = b"User-agent: FooBot\n\
        Disallow: /private/\n\
        Allow: /private/public\n\
        # a comment\n\
        \n\
        Sitemap: https://example.com/sitemap.xml\n\
        Crawl-delay: 5\n\
        Allow: /long/"
        .to_vec();
    block.resize(block.len() + 4096, b'x');
    block.extend_from_slice(b"\n# ");
    block.resize(block.len() + 4096, b'y');
    block.push(b'\n');
    block
}

#[test]
fn hundred_megabyte_body_is_parsed_in_one_pass_copying_nothing() {
    let block = block();
    let k = 100 * MIB / block.len() + 1;
    let body = block.repeat(k);
    assert!(body.len() >= 100 * MIB);
    // Google's Parse: every LF ends a line, and the text after the last LF
    // (here nothing) is one more, empty line.
    let k = k as u64;
    let expected = Counts {
        lines: 9 * k + 1,
        user_agents: k,
        allows: 2 * k,
        disallows: k,
        sitemaps: k,
        unknowns: k,
        directives_flagged: 6 * k,
        empty: k + 1,
        comments: 2 * k,
        too_long: 0,
    };
    let (got, heap) =
        peak_heap(|| within(Duration::from_secs(60), "100 MB parse", || counts(&body)));
    assert_eq!(got, expected);
    // The parser hands out slices of the body; it allocates only a scratch
    // buffer for escaped values, and none is needed here.
    assert!(heap <= 3 * MAX_LINE_LEN, "parser held {heap} bytes");
}

#[test]
fn ten_megabyte_body_matches_as_google_with_bounded_memory() {
    let block = block();
    let k = 10 * MIB / block.len();
    let body = block.repeat(k);
    let (robots, heap) = peak_heap(|| Robots::parse(&body));
    // Each block opens a new FooBot group (a user-agent line after a rule).
    assert_eq!(robots.groups().len(), k);
    // Agents, patterns and sitemaps are copied; comments are not.
    assert!(robots.heap_bytes() <= body.len(), "{}", robots.heap_bytes());
    // While parsing, the growing lists hold up to about twice that.
    assert!(heap <= 2 * body.len(), "parse peak {heap}");
    // The index of FooBot's rules is built by the first query that needs
    // it; built up front here, so that the queries below hold only their
    // own memory. All of it stays within twice the body.
    let robots = robots.indexed();
    assert!(
        robots.heap_bytes() <= 2 * body.len(),
        "{}",
        robots.heap_bytes()
    );

    // All k groups name FooBot and their rules merge. Google records a match
    // only when it is strictly longer, so the first block's lines decide.
    let foo: &[&[u8]] = &[b"FooBot"];
    let long = long_url(b"/long/", b'x', 5000, b"");
    let queries: [(&[&[u8]], &[u8]); 5] = [
        (foo, b"http://example.com/private/x"),
        (foo, b"http://example.com/private/public/x"),
        (foo, b"http://example.com/elsewhere"),
        (foo, &long),
        (&[b"BarBot"], b"http://example.com/private/x"),
    ];
    let expected = [
        (false, 2, true, true),
        (true, 3, true, false),
        (true, 0, true, false),
        (true, 8, true, false),
        // No group for BarBot and no `*` group: allowed.
        (true, 0, false, false),
    ];
    for ((agents, url), want) in queries.iter().zip(expected) {
        // Matching keeps no per-body state: the URL, the agents, and one
        // scratch line for the index.html rewrite and escaping.
        let (got, heap) = peak_heap(|| {
            let m = crate_outcome(&body, agents, url);
            (
                m.allowed,
                m.matching_line,
                m.ever_seen_specific_agent,
                m.disallow_ignore_global,
            )
        });
        assert_eq!(got, want);
        assert!(
            heap <= 2 * url.len() + 4 * MAX_LINE_LEN,
            "RobotsMatcher held {heap}"
        );
        // Robots lists the groups naming the agents: 8 bytes a group, and
        // up to three times that while the list grows.
        let (a, heap) = peak_heap(|| robots.check(agents, url));
        let got = (
            a.allowed,
            a.matching_line,
            a.ever_seen_specific_agent,
            a.disallow_ignore_global,
        );
        assert_eq!(got, want);
        assert!(
            heap <= 2 * url.len() + 24 * k + 1024,
            "Robots::check held {heap}"
        );
    }
}

#[test]
fn memory_of_robots_is_at_most_fifteen_times_the_body() {
    // The worst case: every 18 bytes a new group with one agent and one
    // rule, each with its index entries (LIMITS.md): just under 15 times the
    // body on 64-bit targets, and under 30 times while parsing.
    let body = b"useragent:\nallow:\n".repeat(200_000);
    // With every index built, as queries would build them.
    let (robots, peak) = peak_heap(|| Robots::parse(&body).indexed());
    assert_eq!(robots.groups().len(), 200_000);
    assert!(
        robots.heap_bytes() <= 15 * body.len(),
        "{}",
        robots.heap_bytes()
    );
    assert!(peak <= 30 * body.len(), "parse peak {peak}");
}

// ------------------------------------------------------------ long lines

#[test]
fn sixteen_megabyte_line_is_flagged_and_cut_at_16663_bytes() {
    // Google's Parse keeps kMaxLineLen - 1 = 2083 * 8 - 1 bytes of a line.
    assert_eq!(MAX_LINE_LEN, 16663);
    let mut body = b"Disallow: /".to_vec();
    body.resize(16 * MIB, b'a');
    body.extend_from_slice(b"\nAllow: /b\n");
    let d = directives(&body);
    let mut cut = b"/".to_vec();
    cut.resize(MAX_LINE_LEN - b"Disallow: ".len(), b'a');
    assert_eq!(d.0, [(1, "disallow", cut), (2, "allow", b"/b".to_vec())]);
    assert!(d.1[0].1.is_line_too_long && d.1[0].1.has_directive);
    assert!(!d.1[1].1.is_line_too_long);
    assert_eq!(d.1.len(), 3);
}

#[test]
fn cut_line_decides_with_its_first_16663_bytes() {
    let mut body = b"User-agent: *\nDisallow: /".to_vec();
    body.resize(body.len() + 16 * MIB, b'a');
    let robots = Robots::parse(&body);
    let pattern_len = MAX_LINE_LEN - b"Disallow: ".len();
    let url = |path_len: usize| {
        let mut url = b"http://example.com/".to_vec();
        url.resize(url.len() + path_len - 1, b'a');
        url
    };
    // The kept pattern is "/" and 16652 'a's: a path that long or longer is
    // disallowed, one byte shorter is not (the pattern does not fit in it).
    assert_eq!(
        answer(&body, &robots, &[b"x"], &url(pattern_len)),
        (false, 2, false, false)
    );
    assert_eq!(
        answer(&body, &robots, &[b"x"], &url(20_000)),
        (false, 2, false, false)
    );
    assert_eq!(
        answer(&body, &robots, &[b"x"], &url(pattern_len - 1)),
        (true, 0, false, false)
    );
}

#[test]
fn cut_falls_inside_a_utf8_sequence_and_the_rest_is_escaped() {
    // "Disallow: /x" is 12 bytes; 16651 more fit: 8325 two-byte 'é' and the
    // first byte of the next. Google cuts the bytes, then MaybeEscapePattern
    // escapes each byte >= 0x80 on its own.
    let mut body = b"Disallow: /x".to_vec();
    for _ in 0..(4 * MIB) {
        body.extend_from_slice("é".as_bytes());
    }
    let d = directives(&body);
    let mut expected = b"/x".to_vec();
    for _ in 0..8325 {
        expected.extend_from_slice(b"%C3%A9");
    }
    expected.extend_from_slice(b"%C3");
    assert_eq!(d.0, [(1, "disallow", expected)]);
    assert!(d.1[0].1.is_line_too_long);
}

#[test]
fn long_comment_line_does_not_swallow_the_next_line() {
    let mut body = b"User-agent: *\n#".to_vec();
    body.resize(body.len() + 16 * MIB, b'x');
    body.extend_from_slice(b"\r\nDisallow: /x");
    let d = directives(&body);
    // CRLF is one line end: the disallow is line 3.
    assert_eq!(
        d.0,
        [
            (1, "user-agent", b"*".to_vec()),
            (3, "disallow", b"/x".to_vec())
        ]
    );
    assert!(d.1[1].1.is_comment && d.1[1].1.is_line_too_long);
}

// ------------------------------------------------------------ 1 MB URL

fn long_url(prefix: &[u8], fill: u8, len: usize, suffix: &[u8]) -> Vec<u8> {
    let mut url = b"http://example.com".to_vec();
    url.extend_from_slice(prefix);
    url.resize(url.len() + len, fill);
    url.extend_from_slice(suffix);
    url
}

#[test]
fn robots_txt_url_memory_is_bounded_whatever_the_url_length() {
    use robotstxt_exact::crawler::{
        MAX_PARSED_URL_LEN, UrlError, applies_to, is_robots_txt_url, robots_txt_url,
    };
    // The worst shapes under the parse limit: every byte of the user name
    // or the host percent-escaped or IDNA-mapped (é is two bytes, %C3%A9
    // six; %41 is decoded, then the host mapped).
    let room = MAX_PARSED_URL_LEN - "http://@a.com/".len();
    let fill = "é".repeat(room / 2);
    let shapes = [
        (
            format!("http://{fill}@a.com/"),
            Some("http://a.com/robots.txt"),
        ),
        (
            format!("foo://{fill}@a.com/"),
            Some("foo://a.com/robots.txt"),
        ),
        (format!("http://{fill}/"), None),
        (format!("http://{}/", "%41".repeat(room / 3)), None),
        (format!("http://{}/", "\u{ad}".repeat(room / 2)), None),
    ];
    let mut worst = 0;
    for (url, expected) in &shapes {
        let (result, peak) = peak_heap(|| robots_txt_url(url));
        if let Some(expected) = expected {
            assert_eq!(result.unwrap().as_str(), *expected);
        }
        let (_, robots_peak) = peak_heap(|| is_robots_txt_url(url));
        let (_, both_peak) = peak_heap(|| applies_to(url, url));
        worst = worst.max(peak).max(robots_peak).max(both_peak);
    }
    // A 10 MB path and a 10 MB authority cost no more.
    let long_path = format!("https://a.com/{}", "p".repeat(10 * MIB));
    let (result, path_peak) = peak_heap(|| robots_txt_url(&long_path));
    assert_eq!(result.unwrap().as_str(), "https://a.com/robots.txt");
    let long_host = format!("https://{}/", "h".repeat(10 * MIB));
    let (result, host_peak) = peak_heap(|| robots_txt_url(&long_host));
    assert_eq!(result, Err(UrlError::TooLong));
    eprintln!(
        "crawler URL functions, peak heap: {worst} bytes at worst under the limit, \
         {path_peak} for a 10 MB path, {host_peak} for a 10 MB host"
    );
    assert!(worst < MIB, "{worst} bytes");
    assert!(
        path_peak < 4096 && host_peak == 0,
        "{path_peak}, {host_peak}"
    );
}

#[test]
fn megabyte_url_is_matched_in_linear_time() {
    // "/" then 1000 "*a" then "*b": 2002 pattern bytes. Google's position
    // sets would step through about 2000 x 1M positions.
    let mut pattern = b"/".to_vec();
    for _ in 0..1000 {
        pattern.extend_from_slice(b"*a");
    }
    pattern.extend_from_slice(b"*b");
    let mut body = b"User-agent: *\nAllow: /*a$\nDisallow: ".to_vec();
    body.extend_from_slice(&pattern);
    body.extend_from_slice(b"\nDisallow: /*.php\n");
    let robots = Robots::parse(&body);

    // The b comes before all the a's: the long disallow needs a b after
    // 1000 a's and cannot match; "/*a$" matches the path ending in 'a'.
    let a_run = long_url(b"/b", b'a', MIB, b"");
    // With a b at the end the long disallow matches (priority 2003), and
    // "/*a$" does not.
    let a_run_b = long_url(b"/b", b'a', MIB, b"b");
    // The fragment is not part of the path: "/*.php" must not see it.
    let fragment = long_url(b"/", b'x', MIB, b"#.php");
    within(Duration::from_secs(20), "1 MB URLs", || {
        assert_eq!(
            answer(&body, &robots, &[b"x"], &a_run),
            (true, 2, false, false)
        );
        assert_eq!(
            answer(&body, &robots, &[b"x"], &a_run_b),
            (false, 3, false, false)
        );
        assert_eq!(
            answer(&body, &robots, &[b"x"], &fragment),
            (true, 0, false, false)
        );
        assert!(!matches(&a_run[18..], &pattern));
        assert!(matches(&a_run_b[18..], &pattern));
    });

    // The same shapes, small enough for Google's algorithm.
    let mut small_pattern = b"/".to_vec();
    for _ in 0..10 {
        small_pattern.extend_from_slice(b"*a");
    }
    small_pattern.extend_from_slice(b"*b");
    let small = |suffix: &[u8]| long_url(b"/b", b'a', 1000, suffix)[18..].to_vec();
    assert!(!matches_reference(&small(b""), &small_pattern));
    assert!(matches_reference(&small(b"b"), &small_pattern));
}

#[test]
fn many_wildcard_rules_against_a_megabyte_url_cost_their_own_length() {
    // A thousand '*' rules, each with a byte the URL lacks: Google would
    // scan the URL once per rule; the byte-set prefilter rejects each in
    // O(pattern).
    let mut body = b"User-agent: *\n".to_vec();
    for i in 0..1000 {
        body.extend_from_slice(b"Disallow: /*a*");
        body.extend_from_slice(&letters(i + 26)); // two letters or more
        body.extend_from_slice(b"*z\n");
    }
    let robots = Robots::parse(&body);
    let url = long_url(b"/", b'a', MIB, b"");
    within(Duration::from_secs(20), "1000 rules x 1 MB URL", || {
        for _ in 0..10 {
            assert_eq!(
                answer(&body, &robots, &[b"x"], &url),
                (true, 0, false, false)
            );
        }
    });
}

// ------------------------------------------------------------ rule counts

#[test]
fn million_rules_in_one_group() {
    let mut body = b"User-agent: *\n".to_vec();
    for i in 0..1_000_000 {
        body.extend_from_slice(format!("Disallow: /p{i}\n").as_bytes());
    }
    let (robots, heap) = peak_heap(|| {
        within(Duration::from_secs(120), "1M rules", || {
            Robots::parse(&body).indexed()
        })
    });
    assert!(robots.heap_bytes() <= 10 * body.len());
    assert!(
        heap <= 3 * robots.heap_bytes() + body.len(),
        "parse peak {heap}"
    );
    // Rule i is on line i + 2. Of the patterns that prefix "/p999999" the
    // longest is "/p999999" itself; of those that prefix "/p5x", "/p5".
    // (RobotsMatcher parses the whole body per query: asked once.)
    assert_eq!(
        answer(&body, &robots, &[b"x"], b"http://e.com/p999999"),
        (false, 1_000_001, false, false)
    );
    for (url, allowed, line) in [
        (&b"http://e.com/p5x"[..], false, 7),
        (b"http://e.com/p123456789", false, 123_458),
        (b"http://e.com/q", true, 0),
        (b"http://e.com/p", true, 0),
    ] {
        let a = robots.check(&[b"x"], url);
        assert_eq!((a.allowed, a.matching_line), (allowed, line));
    }
}

#[test]
fn million_user_agent_lines_in_one_group() {
    let mut body = Vec::new();
    for i in 0..1_000_000 {
        body.extend_from_slice(b"User-agent: bot");
        body.extend_from_slice(&letters(i));
        body.push(b'\n');
    }
    body.extend_from_slice(b"Disallow: /\n");
    let robots = within(Duration::from_secs(120), "1M agents", || {
        Robots::parse(&body).indexed()
    });
    assert!(robots.heap_bytes() <= 10 * body.len());
    let last = [b"bot".as_slice(), &letters(999_999)].concat();
    let url = b"http://e.com/x";
    // Any one of the named agents gets the group; the rule is line 1000001.
    // (RobotsMatcher parses the whole body per query: asked once.)
    assert_eq!(
        answer(&body, &robots, &[&last], url),
        (false, 1_000_001, true, true)
    );
    for (agents, allowed, line, seen) in [
        (&[b"BOTA".as_slice()][..], false, 1_000_001, true),
        (&[b"other", b"botzz"], false, 1_000_001, true),
        // "bot" alone is named by no line: no group, and no `*` group.
        (&[b"bot"], true, 0, false),
    ] {
        let a = robots.check(agents, url);
        assert_eq!(
            (a.allowed, a.matching_line, a.ever_seen_specific_agent),
            (allowed, line, seen)
        );
    }
}

#[test]
fn hundred_thousand_repeated_groups_merge_and_the_first_line_wins() {
    let body = b"User-agent: FooBot\nDisallow: /a\nAllow: /a/b\n\n".repeat(100_000);
    let robots = Robots::parse(&body);
    assert_eq!(robots.groups().len(), 100_000);
    // Repeats are never strictly longer, so Google keeps the first match.
    let foo: &[&[u8]] = &[b"foobot"];
    assert_eq!(
        answer(&body, &robots, foo, b"http://e.com/a/x"),
        (false, 2, true, true)
    );
    let a = robots.check(foo, b"http://e.com/a/b");
    assert_eq!((a.allowed, a.matching_line), (true, 3));
}

#[test]
fn hundred_thousand_distinct_groups_and_a_global_one_at_the_end() {
    let mut body = Vec::new();
    for i in 0..100_000 {
        body.extend_from_slice(b"User-agent: ");
        body.extend_from_slice(&letters(i));
        body.extend_from_slice(b"\nDisallow: /");
        body.extend_from_slice(&letters(i));
        body.push(b'\n');
    }
    body.extend_from_slice(b"User-agent: *\nDisallow: /\n");
    let robots = Robots::parse(&body);
    // Group i holds lines 2i + 1 and 2i + 2.
    let i = 54_321;
    let name = letters(i);
    let url = [b"http://e.com/".as_slice(), &name, b"/x"].concat();
    let line = 2 * i as u32 + 2;
    assert_eq!(
        answer(&body, &robots, &[&name], &url),
        (false, line, true, true)
    );
    // Its own group has no rule for "/y": allowed, and "*" is never asked.
    assert_eq!(
        answer(&body, &robots, &[&name], b"http://e.com/y"),
        (true, 0, true, false)
    );
    // Anyone unnamed gets the global group at the end.
    assert_eq!(
        answer(&body, &robots, &[b"nobody-here-"], b"http://e.com/y"),
        (false, 200_002, false, false)
    );
}

#[test]
fn groups_alternating_between_named_and_global_agents() {
    // Google's matcher: a user-agent line after a rule starts a new group;
    // consecutive user-agent lines share the rules that follow.
    let unit = b"User-agent: a\nUser-agent: *\nDisallow: /x\nUser-agent: b\nAllow: /x\n";
    let body = unit.repeat(20_000);
    let robots = Robots::parse(&body);
    assert_eq!(robots.groups().len(), 40_000);
    let url = b"http://e.com/x";
    assert_eq!(answer(&body, &robots, &[b"a"], url), (false, 3, true, true));
    assert_eq!(answer(&body, &robots, &[b"b"], url), (true, 5, true, false));
    // Equal lengths: Google disallows only for a strictly longer disallow,
    // and its matching line is then the allow's.
    assert_eq!(
        answer(&body, &robots, &[b"a", b"b"], url),
        (true, 5, true, false)
    );
    assert_eq!(
        answer(&body, &robots, &[b"c"], url),
        (false, 3, false, false)
    );
}

// ------------------------------------------------------------ NUL bytes

#[test]
fn megabyte_of_nul_bytes_is_one_empty_overlong_line() {
    let body = vec![0u8; MIB];
    // Google reads lines as C strings: a NUL ends the content, and nothing
    // before it means an empty line; the length still counts.
    let c = counts(&body);
    assert_eq!(
        (c.lines, c.empty, c.too_long, c.directives_flagged),
        (1, 1, 1, 0)
    );
    let robots = Robots::parse(&body);
    assert_eq!(robots.groups().len(), 0);
    assert_eq!(
        answer(&body, &robots, &[b"x"], b"http://e.com/"),
        (true, 0, false, false)
    );
}

#[test]
fn nul_lines_and_nul_inside_directives() {
    let mut body = b"\0\n".repeat(100_000);
    body.extend_from_slice(b"User-agent: *\0ignored\nDisallow: /a\0/b\nAllow: \0/a\n");
    let c = counts(&body);
    assert_eq!((c.lines, c.empty), (100_004, 100_001));
    let d = directives(&body);
    assert_eq!(
        d.0,
        [
            (100_001, "user-agent", b"*".to_vec()),
            (100_002, "disallow", b"/a".to_vec()),
            (100_003, "allow", b"".to_vec()),
        ]
    );
    let robots = Robots::parse(&body);
    assert_eq!(
        answer(&body, &robots, &[b"x"], b"http://e.com/a/b"),
        (false, 100_002, false, false)
    );
    // The URL too is a C string in Google's matcher: "/x\0/a" is "/x".
    assert_eq!(
        answer(&body, &robots, &[b"x"], b"http://e.com/x\0/a"),
        (true, 100_003, false, false)
    );
}

// ------------------------------------------------------------ random bytes

#[test]
fn four_megabytes_of_random_bytes() {
    let body = Rng(0x5EED_0001).bytes(4 * MIB);
    let c = counts(&body);
    assert_eq!(c.lines as usize, google_line_count(&body));
    let robots = Robots::parse(&body);
    for url in [&b"http://e.com/"[..], &body[..1000], &body[5000..7000]] {
        answer(&body, &robots, &[b"x", &body[100..120]], url);
    }
}

/// A random robots.txt: lines built from keys, agents, pattern bytes and
/// noise, so most lines are directives and patterns often match.
fn random_robots(rng: &mut Rng, lines: usize) -> Vec<u8> {
    const KEYS: &[&[u8]] = &[
        b"User-agent: ",
        b"user-agent:",
        b"Allow: ",
        b"Disallow: ",
        b"disalow ",
        b"Sitemap: ",
        b"# ",
        b"",
        b"foo: ",
    ];
    const AGENTS: &[&[u8]] = &[b"*", b"FooBot", b"barbot/1.0", b"* x", b"Foo Bot"];
    const PATTERN: &[u8] = b"/ab*$?=%.#\x00\xc3\xa9";
    const ENDS: &[&[u8]] = &[b"\n", b"\r\n", b"\r", b"\n\n"];
    let mut body = Vec::new();
    for _ in 0..lines {
        let key = KEYS[rng.below(KEYS.len())];
        body.extend_from_slice(key);
        if key.eq_ignore_ascii_case(b"User-agent: ") || key == b"user-agent:" {
            body.extend_from_slice(AGENTS[rng.below(AGENTS.len())]);
        } else {
            for _ in 0..rng.below(8) {
                body.push(PATTERN[rng.below(PATTERN.len())]);
            }
        }
        body.extend_from_slice(ENDS[rng.below(ENDS.len())]);
    }
    body
}

#[test]
fn random_robots_files_answer_as_google() {
    let mut rng = Rng(0x5EED_0002);
    for _ in 0..10 {
        let body = random_robots(&mut rng, 2000);
        let robots = Robots::parse(&body);
        for _ in 0..20 {
            let mut url = b"http://e.com/".to_vec();
            for _ in 0..rng.below(10) {
                url.push(b"/ab$?=%.#"[rng.below(9)]);
            }
            let agents: &[&[u8]] = match rng.below(3) {
                0 => &[b"FooBot"],
                1 => &[b"barbot"],
                _ => &[b"other", b"foobot"],
            };
            let (allowed, line, seen, ignore_global) = answer(&body, &robots, agents, &url);
            let reference = reference_outcome(&body, agents, &url);
            assert_eq!(
                (allowed, line, seen, ignore_global),
                (
                    reference.allowed,
                    reference.matching_line,
                    reference.ever_seen_specific_agent,
                    reference.disallow_ignore_global
                ),
                "body {:?} url {:?}",
                String::from_utf8_lossy(&body),
                String::from_utf8_lossy(&url)
            );
        }
    }
}

// ------------------------------------------------------------ `*` runs

#[test]
fn megabyte_run_of_stars_is_cut_and_matches_every_path() {
    // The kept pattern is "/" and 16652 stars, which matches any path (the
    // 'x' after the cut is never read); its priority is its length.
    let mut body = b"User-agent: *\nAllow: /\nDisallow: /".to_vec();
    body.resize(body.len() + MIB, b'*');
    body.extend_from_slice(b"x\n");
    let robots = Robots::parse(&body);
    within(Duration::from_secs(20), "star run", || {
        assert_eq!(
            answer(&body, &robots, &[b"x"], b"http://e.com/"),
            (false, 3, false, false)
        );
        let url = long_url(b"/", b'q', MIB, b"");
        assert_eq!(
            answer(&body, &robots, &[b"x"], &url),
            (false, 3, false, false)
        );
    });
    let stars = [b"/".as_slice(), &[b'*'; 200]].concat();
    assert!(matches_reference(b"/", &stars) && matches_reference(b"/qqq", &stars));
}

#[test]
fn star_pairs_against_a_path_one_short() {
    // "/" then 8000 "*a" needs 8000 a's; the path has 7999, then a megabyte
    // of b's that a position-set matcher would walk once per pattern byte.
    let mut pattern = b"/".to_vec();
    for _ in 0..8000 {
        pattern.extend_from_slice(b"*a");
    }
    let mut short = b"/".to_vec();
    short.resize(8000, b'a');
    let mut path = short.clone();
    path.resize(path.len() + MIB, b'b');
    within(Duration::from_secs(20), "star pairs", || {
        assert!(!matches(&path, &pattern));
        let mut enough = path.clone();
        enough.push(b'a');
        assert!(matches(&enough, &pattern));
        let anchored = [&pattern[..], b"$"].concat();
        assert!(matches(&enough, &anchored) && !matches(&path, &anchored));
    });
    // Google's algorithm on the same shape, smaller.
    let small_pattern = [b"/".as_slice(), &b"*a".repeat(80)].concat();
    let mut small_path = b"/".to_vec();
    small_path.resize(80, b'a');
    small_path.resize(5000, b'b');
    assert!(!matches_reference(&small_path, &small_pattern));
    small_path.push(b'a');
    assert!(matches_reference(&small_path, &small_pattern));
}

#[test]
fn repeated_expensive_patterns_cost_one_match() {
    // 100k copies of one '*' rule that scans the whole URL and fails. The
    // copies can never win (same length, later line), so Robots keeps one.
    // RobotsMatcher matches every rule it meets: O(rules x URL), the bound
    // LIMITS.md gives for it, so it gets a hundred copies here.
    let mut pattern = b"/".to_vec();
    for _ in 0..100 {
        pattern.extend_from_slice(b"*a");
    }
    pattern.extend_from_slice(b"*b");
    let line = [b"Disallow: ".as_slice(), &pattern, b"\n"].concat();
    let body = |copies: usize| [b"User-agent: *\n".as_slice(), &line.repeat(copies)].concat();
    let url = long_url(b"/b", b'a', 100_000, b"");
    let many = body(100_000);
    let robots = Robots::parse(&many);
    within(Duration::from_secs(20), "repeated patterns", || {
        let a = robots.check(&[b"x"], &url);
        assert!(a.allowed && a.matching_line == 0);
    });
    let few = body(100);
    assert_eq!(
        answer(&few, &Robots::parse(&few), &[b"x"], &url),
        (true, 0, false, false)
    );
}

#[test]
fn reporter_memory_grows_with_lines_not_bytes() {
    // RobotsParsingReporter keeps a report per line, empty lines included:
    // 8 bytes each, reserved exactly, so a body of bare line ends costs 8
    // times its size (LIMITS.md). Google: a million LFs end a million
    // lines, and the empty text after the last is one more.
    for (end, lines) in [
        (&b"\n"[..], 1_000_001),
        (b"\r", 1_000_001),
        (b"\r\n", 500_001),
    ] {
        let body = end.repeat(1_000_000 / end.len());
        let (reporter, peak) = peak_heap(|| RobotsParsingReporter::parse(&body));
        assert_eq!(reporter.lines().len(), lines);
        assert_eq!(reporter.last_line_seen() as usize, lines);
        assert_eq!(reporter.valid_directives(), 0);
        assert!(
            peak <= 8 * lines + 1024,
            "reporter held {peak} for {lines} lines"
        );
    }
}

#[test]
fn every_line_of_a_million_line_report_is_found_in_linear_total_time() {
    // Asking for each line in turn (what robotstxt_reporter_line() does for
    // a C caller walking the report) was a linear scan each: quadratic.
    let body = b"user-agent: a\n\r\nallow: /x\n".repeat(250_000);
    let reporter = RobotsParsingReporter::parse(&body);
    let lines = reporter.last_line_seen();
    assert_eq!(lines, 750_001);
    let found = within(Duration::from_secs(20), "a million line lookups", || {
        (1..=lines)
            .filter(|&n| reporter.line(n).is_some_and(|l| l.line_num == n))
            .count()
    });
    assert_eq!(found, lines as usize);
    // Google: line 3k + 1 is the user-agent, 3k + 3 the allow.
    assert_eq!(
        reporter.line(3 * 1000 + 1).map(|l| l.tag_name),
        Some(robotstxt_exact::RobotsTagName::UserAgent)
    );
    assert_eq!(
        reporter.line(3 * 1000 + 3).map(|l| l.tag_name),
        Some(robotstxt_exact::RobotsTagName::Allow)
    );
    assert_eq!(reporter.line(0), None);
    assert_eq!(reporter.line(lines + 1), None);
}
