//! Running out of memory: the `try_*` forms report it as an error instead
//! of aborting, give Google's answers whenever they answer, and leave the
//! objects usable.
//!
//! A global allocator that refuses, on the current thread and while a test
//! asks it to, every allocation larger than a limit stands in for a full
//! heap (the WebAssembly build's 4 GiB, say). Expected answers are worked
//! out by hand from Google's rules (`robots.cc`: the longest match wins, an
//! allow wins a tie, an agent's own groups replace the `*` groups).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::TryReserveError;

use robotstxt_exact::lint::{Code, lint_each, try_lint_each};
use robotstxt_exact::preferences::Signal;
use robotstxt_exact::{Robots, RobotsMatcher};

/// The system allocator, refusing allocations over [`LIMIT`] bytes.
struct Limited;

thread_local! {
    /// The largest allocation allowed on this thread.
    static LIMIT: Cell<usize> = const { Cell::new(usize::MAX) };
}

fn allowed(size: usize) -> bool {
    LIMIT.try_with(|limit| size <= limit.get()).unwrap_or(true)
}

// SAFETY: every call is forwarded to the system allocator unchanged, or
// refused with a null pointer, which `GlobalAlloc` permits.
unsafe impl GlobalAlloc for Limited {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if !allowed(layout.size()) {
            return std::ptr::null_mut();
        }
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if !allowed(new_size) {
            return std::ptr::null_mut();
        }
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Limited = Limited;

/// Runs `f` with every allocation over `limit` bytes refused. Nothing in
/// `f` may panic (a panic allocates): results are checked afterwards.
fn with_limit<T>(limit: usize, f: impl FnOnce() -> T) -> T {
    let before = LIMIT.with(|l| l.replace(limit));
    let result = f();
    LIMIT.with(|l| l.set(before));
    result
}

/// A URL whose path does not start with `/` and is over 255 bytes: Google
/// matches it with a `/` in front, which takes a copy of the path.
fn long_query_url() -> Vec<u8> {
    let mut url = b"https://example.com?".to_vec();
    url.extend(std::iter::repeat_n(b'a', 1000));
    url
}

const BODY: &[u8] = b"User-agent: *\nDisallow: /?a\nAllow: /?b\n";

#[test]
fn a_path_copy_that_cannot_be_allocated_is_an_error_not_an_abort() {
    let robots = Robots::parse(BODY);
    let compiled = robots.compile(&["FooBot"]);
    let url = long_query_url();
    let (check, allowed, compiled_check, compiled_allowed) = with_limit(512, || {
        (
            robots.try_check(&["FooBot"], &url),
            robots.try_allowed("FooBot", &url),
            compiled.try_check(&url),
            compiled.try_allowed(&url),
        )
    });
    assert!(check.is_err());
    assert!(allowed.is_err());
    assert!(compiled_check.is_err());
    assert!(compiled_allowed.is_err());
    // With memory, `/?aaa...` is disallowed by line 2, and both objects
    // answer as before.
    let answer = robots.try_check(&["FooBot"], &url).unwrap();
    assert!(!answer.allowed);
    assert_eq!(answer.matching_line, 2);
    assert_eq!(robots.try_allowed("FooBot", &url), Ok(false));
    assert_eq!(compiled.try_check(&url), Ok(answer));
    assert_eq!(compiled.try_allowed(&url), Ok(false));
}

#[test]
fn a_short_path_needs_no_memory() {
    let robots = Robots::parse(BODY);
    let compiled = robots.compile(&["FooBot"]);
    // Warm: the index is built on the first query.
    assert!(robots.check(&["FooBot"], "https://example.com/").allowed);
    let (disallowed, allowed, compiled_disallowed) = with_limit(0, || {
        (
            robots.try_check(&["FooBot"], "https://example.com?a=1"),
            robots.try_allowed("FooBot", "https://example.com?b=1"),
            compiled.try_check("https://example.com/?a=1"),
        )
    });
    let disallowed = disallowed.unwrap();
    assert!(!disallowed.allowed);
    assert_eq!(disallowed.matching_line, 2);
    assert_eq!(allowed, Ok(true));
    assert_eq!(compiled_disallowed, Ok(disallowed));
}

/// Rules whose answers need the index's every path: literal prefixes,
/// `*`, `$`, and Google's `index.html` rule.
const RULES: &[u8] = b"User-agent: FooBot\n\
Disallow: /a\n\
Allow: /a/b\n\
Disallow: /*.gif$\n\
Allow: /x/index.html\n\
Disallow: /x/\n\
Disallow: /p*q\n\
Allow: /p/long/q\n";

/// (URL, allowed, matching line) for FooBot under [`RULES`].
const ANSWERS: &[(&str, bool, u32)] = &[
    ("https://example.com/a", false, 2),
    ("https://example.com/a/b/c", true, 3),
    ("https://example.com/a/b/c.gif", false, 4),
    ("https://example.com/img.gif", false, 4),
    ("https://example.com/img.gif?x", true, 0),
    // `Allow: /x/index.html` also allows `/x/`, as `/x/$`, length 4: it
    // beats `Disallow: /x/` (length 3).
    ("https://example.com/x/", true, 5),
    ("https://example.com/x/y", false, 6),
    ("https://example.com/p/q", false, 7),
    ("https://example.com/p/long/q", true, 8),
    ("https://example.com/z", true, 0),
];

#[test]
fn a_parsed_file_answers_short_paths_without_memory() {
    // Parsed with memory, queried without: the rule index is built by the
    // parse, so a query for one agent and a short path allocates nothing.
    let robots = Robots::parse(RULES);
    let mut answers = Vec::with_capacity(ANSWERS.len());
    with_limit(0, || {
        for (url, _, _) in ANSWERS {
            answers.push(robots.try_check(&["FooBot"], url));
        }
    });
    for ((url, allowed, line), answer) in ANSWERS.iter().zip(answers) {
        let answer = answer.unwrap();
        assert_eq!(
            (answer.allowed, answer.matching_line),
            (*allowed, *line),
            "{url}"
        );
    }
    // Later, with memory, the index is built and answers the same.
    for (url, allowed, line) in ANSWERS {
        let answer = robots.check(&["FooBot"], url);
        assert_eq!(
            (answer.allowed, answer.matching_line),
            (*allowed, *line),
            "{url}"
        );
    }
}

#[test]
fn many_agents_without_memory_for_their_list_of_indexes_is_an_error_then_answers() {
    // Ten agents (bota to botj), each with a group of its own: one index
    // each, more than the eight a query lists without allocating.
    let names: Vec<char> = ('a'..='j').collect();
    let mut body = Vec::new();
    for (i, c) in names.iter().enumerate() {
        body.extend_from_slice(format!("User-agent: bot{c}\nDisallow: /p{i}\n\n").as_bytes());
    }
    // botd allows a longer path inside botj's disallowed one: line 32.
    body.extend_from_slice(b"User-agent: botd\nAllow: /p9/open\n");
    let robots = Robots::parse(&body);
    let agents: Vec<String> = names.iter().map(|c| format!("bot{c}")).collect();
    // Built while memory lasts, so that only the list is refused.
    assert!(!robots.check(&agents, "https://example.com/p0").allowed);
    let (closed, open) = with_limit(0, || {
        (
            robots.try_check(&agents, "https://example.com/p9/closed"),
            robots.try_check(&agents, "https://example.com/p9/open/x"),
        )
    });
    // Past eight agents the list of their indexes is allocated: refused,
    // it is an error, and the same queries answer once memory is back.
    assert!(closed.is_err() && open.is_err());
    let closed = robots
        .try_check(&agents, "https://example.com/p9/closed")
        .unwrap();
    let open = robots
        .try_check(&agents, "https://example.com/p9/open/x")
        .unwrap();
    // `botj`'s group is on lines 28-29; `Disallow: /p9` is line 29.
    assert_eq!((closed.allowed, closed.matching_line), (false, 29));
    assert!(closed.ever_seen_specific_agent);
    assert_eq!((open.allowed, open.matching_line), (true, 32));
}

#[test]
fn the_matcher_reports_a_path_it_cannot_copy_and_answers_afterwards() {
    let mut matcher = RobotsMatcher::new();
    // The same body twice in a row: the matcher parses it once and answers
    // from that copy.
    for _ in 0..2 {
        assert_eq!(
            matcher.try_one_agent_allowed_by_robots(BODY, "FooBot", "https://example.com/?b"),
            Ok(true)
        );
    }
    let url = long_query_url();
    let refused = with_limit(512, || {
        matcher.try_one_agent_allowed_by_robots(BODY, "FooBot", &url)
    });
    assert!(refused.is_err());
    assert_eq!(
        matcher.try_one_agent_allowed_by_robots(BODY, "FooBot", &url),
        Ok(false)
    );
    assert_eq!(matcher.matching_line(), 2);
}

#[test]
fn lint_reports_running_out_of_memory_and_stops() {
    // One group of ten thousand rules: the first pass keeps them all.
    let mut body = b"User-agent: *\n".to_vec();
    for i in 0..10_000 {
        body.extend_from_slice(format!("Disallow: /page{i}\n").as_bytes());
    }
    body.extend_from_slice(b"Disallow: /page7\n");
    let mut visited = 0;
    let refused = with_limit(4096, || {
        try_lint_each(&body, |_| {
            visited += 1;
            Ok::<(), TryReserveError>(())
        })
    });
    assert!(refused.is_err());
    assert_eq!(visited, 0, "no line is handed over once memory ran out");

    // With memory: the repeated rule on line 10,002 repeats line 9.
    let mut found = Vec::new();
    let summary = try_lint_each(&body, |line| {
        for f in &line.findings {
            found.push((f.line, f.code.as_str()));
        }
        Ok::<(), TryReserveError>(())
    })
    .unwrap();
    assert_eq!(found, [(10_002, "duplicate-rule")]);
    assert_eq!(summary.directives, 10_002);
    // The same as the aborting form.
    let mut again = Vec::new();
    lint_each(&body, |line| {
        again.extend(line.findings.iter().map(|f| (f.line, f.code.as_str())));
        Ok::<(), ()>(())
    })
    .unwrap();
    assert_eq!(again, found);
}

#[test]
fn lint_stops_at_a_line_whose_findings_cannot_be_kept() {
    // No group and no rule: the first pass allocates nothing, and the
    // second cannot keep the key of line 1 (11 bytes).
    let body = b"Crawl-delay: 5\n";
    let mut visited = 0;
    let refused = with_limit(8, || {
        try_lint_each(body, |_| {
            visited += 1;
            Ok::<(), TryReserveError>(())
        })
    });
    assert!(refused.is_err());
    assert_eq!(visited, 0);
    let mut found = Vec::new();
    try_lint_each(body, |line| {
        found.extend(line.findings.iter().map(|f| (f.line, f.code.as_str())));
        Ok::<(), TryReserveError>(())
    })
    .unwrap();
    assert_eq!(found, [(1, "unsupported-key")]);
}

#[test]
fn lint_reports_running_out_of_memory_for_a_groups_preference_lines() {
    // Two thousand preference lines stating "yes" in one group: the first
    // pass keeps their lines (8,000 bytes) until the group closes, to flag
    // them should the group disallow every path; no other allocation comes
    // near the limit.
    let mut body = b"User-agent: *\n".to_vec();
    for _ in 0..2_000 {
        body.extend_from_slice(b"Content-Signal: search=yes\n");
    }
    body.extend_from_slice(b"Disallow: /\n");
    let mut visited = 0;
    let refused = with_limit(4096, || {
        try_lint_each(&body, |_| {
            visited += 1;
            Ok::<(), TryReserveError>(())
        })
    });
    assert!(refused.is_err());
    assert_eq!(visited, 0);

    // With memory: the group disallows every path (line 2,002), so no
    // preference of it ever applies (draft-ietf-aipref-attach §3.1), and
    // each of lines 2 to 2,001 says so.
    let mut found = Vec::new();
    try_lint_each(&body, |line| {
        found.extend(line.findings.iter().map(|f| (f.line, f.code.clone())));
        Ok::<(), TryReserveError>(())
    })
    .unwrap();
    let expected: Vec<_> = (2..=2_001)
        .map(|line| {
            let code = Code::PreferenceNeverApplies {
                disallow_line: 2_002,
            };
            (line, code)
        })
        .collect();
    assert_eq!(found, expected);
}

#[test]
fn preferences_report_a_path_they_cannot_copy() {
    // Line 2 states preferences for every path; `/?aaa...` is fetchable.
    let robots = Robots::parse(b"User-agent: *\nContent-Signal: search=yes, ai-train=no\n");
    let url = long_query_url();
    let refused = with_limit(512, || {
        robots.try_preferences(&["FooBot"], &url).map(|p| p.allowed)
    });
    assert!(refused.is_err());
    // With memory: the verdict allows the URL, and line 2's statements
    // apply (draft-ietf-aipref-attach §3.1, the longest path: the empty
    // one, here).
    let found = robots.try_preferences(&["FooBot"], &url).unwrap();
    assert!(found.allowed);
    assert_eq!(
        found.signal(Signal::Search).map(|s| (s.allowed, s.line)),
        Some((true, 2))
    );
    assert_eq!(
        found.signal(Signal::AiTrain).map(|s| (s.allowed, s.line)),
        Some((false, 2))
    );
    assert_eq!(robots.preferences(&["FooBot"], &url), found);
}
