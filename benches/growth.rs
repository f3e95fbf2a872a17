//! Growth of parse and check time over hostile file layouts, each at 1, 2, 4
//! and 8 times a 64 KiB unit (8 times is about Google's 500 KiB cut).
//!
//! Criterion reports bytes per second: a layout whose figure stays level
//! from 1x to 8x grows linearly, one whose figure falls grows faster. For
//! each layout and size:
//!
//! - `parse`: `parse_robots_txt` with a handler that counts lines (the
//!   parser alone, every per-line callback made);
//! - `check`: one `RobotsMatcher` query (parse and match, Google's API
//!   shape), with a 2 KB URL for the `*` rule layouts;
//! - `robots`: `Robots::parse` then one `Robots::check`;
//! - `report`: `RobotsParsingReporter::parse`, the per-line report;
//! - `lint`: `lint::lint`, every finding of the file.
//!
//! ```text
//! cargo bench --bench growth
//! cargo bench --bench growth -- 'growth/lf'     # one layout
//! ```

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use robotstxt_exact::{
    LineMetadata, ParseHandler, Robots, RobotsMatcher, RobotsParsingReporter, lint,
};

const UNIT: usize = 64 * 1024;
const AGENT: &str = "FooBot";

/// A small deterministic generator (xorshift), so both runs of a
/// before/after comparison see the same bytes.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn letter(&mut self) -> u8 {
        b'a' + (self.next() % 26) as u8
    }
}

/// A 2 KB URL whose path is random lower-case letters: every letter occurs
/// in it, so a byte summary cannot reject a pattern made of letters.
fn long_url() -> Vec<u8> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut url = b"https://example.com/".to_vec();
    while url.len() < 2048 {
        url.push(rng.letter());
    }
    url
}

/// Repeats `piece` until the body has at least `len` bytes.
fn repeat(head: &[u8], piece: &[u8], len: usize) -> Vec<u8> {
    let mut body = head.to_vec();
    while body.len() < len {
        body.extend_from_slice(piece);
    }
    body
}

/// `*` rules that never match [`long_url`]: `disallow: /*wxyz*wxyz` with
/// four-letter pieces that do not occur in the URL's path, so each rule is
/// decided only by searching the path.
fn never_matching_star_rules(len: usize) -> Vec<u8> {
    let url = long_url();
    let mut rng = Rng(42);
    let mut body = b"user-agent: *\n".to_vec();
    let mut piece = || loop {
        let p: Vec<u8> = (0..4).map(|_| rng.letter()).collect();
        if !url.windows(4).any(|w| w == p.as_slice()) {
            return p;
        }
    };
    while body.len() < len {
        body.extend_from_slice(b"disallow: /*");
        body.extend_from_slice(&piece());
        body.push(b'*');
        body.extend_from_slice(&piece());
        body.push(b'\n');
    }
    body
}

/// One group of `allow: /a` lines, then as many `disallow: /a` lines: the
/// same pattern over and over, each a duplicate or overridden rule for the
/// lint.
fn repeated_pairs(len: usize) -> Vec<u8> {
    let mut body = repeat(b"user-agent: *\n", b"allow: /a\n", len / 2);
    while body.len() < len {
        body.extend_from_slice(b"disallow: /a\n");
    }
    body
}

/// The layouts: a name, a body of about `len` bytes, and the URL to check.
fn layouts(len: usize) -> Vec<(&'static str, Vec<u8>, Vec<u8>)> {
    let url = b"https://example.com/a/b/c.html".to_vec();
    let long_line = [b"disallow: /".as_slice(), &[b'a'; 20_000], b"\n"].concat();
    vec![
        ("lf", repeat(b"", b"\n", len), url.clone()),
        ("cr", repeat(b"", b"\r", len), url.clone()),
        ("crlf", repeat(b"", b"\r\n", len), url.clone()),
        (
            "mixed_eol",
            repeat(b"", b"\r\n\n\r\r\r\n", len),
            url.clone(),
        ),
        ("star_rules", never_matching_star_rules(len), long_url()),
        (
            "empty_groups",
            repeat(b"", b"useragent:\nallow:\n", len),
            url.clone(),
        ),
        (
            "agent_groups",
            repeat(b"", b"user-agent: FooBot\ndisallow: /x\n", len),
            url.clone(),
        ),
        ("long_lines", repeat(b"", &long_line, len), url.clone()),
        ("repeated_pairs", repeated_pairs(len), url.clone()),
        ("nul", repeat(b"", b"\0", len), url.clone()),
        ("comments", repeat(b"", b"#\n", len), url.clone()),
        (
            "star_pairs",
            repeat(
                b"user-agent: *\n",
                b"disallow: /*a*a*a*a*a*a*a*a*a*a*b\n",
                len,
            ),
            [b"https://example.com/b".as_slice(), &[b'a'; 2000]].concat(),
        ),
    ]
}

/// Counts lines and directives: the parser's every callback, doing little.
#[derive(Default)]
struct Count {
    lines: u64,
    directives: u64,
}

impl ParseHandler for Count {
    fn handle_robots_start(&mut self) {}
    fn handle_robots_end(&mut self) {}
    fn handle_user_agent(&mut self, _: u32, _: &[u8]) {
        self.directives += 1;
    }
    fn handle_allow(&mut self, _: u32, _: &[u8]) {
        self.directives += 1;
    }
    fn handle_disallow(&mut self, _: u32, _: &[u8]) {
        self.directives += 1;
    }
    fn handle_sitemap(&mut self, _: u32, _: &[u8]) {
        self.directives += 1;
    }
    fn handle_unknown_action(&mut self, _: u32, _: &[u8], _: &[u8]) {
        self.directives += 1;
    }
    fn report_line_metadata(&mut self, _: u32, _: &LineMetadata) {
        self.lines += 1;
    }
}

fn growth(c: &mut Criterion) {
    let names: Vec<&str> = layouts(0).iter().map(|(name, _, _)| *name).collect();
    for (index, name) in names.iter().enumerate() {
        let mut group = c.benchmark_group(format!("growth/{name}"));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(300))
            .measurement_time(Duration::from_secs(1));
        for factor in [1usize, 2, 4, 8] {
            let (_, body, url) = layouts(factor * UNIT).swap_remove(index);
            group.throughput(Throughput::Bytes(body.len() as u64));
            group.bench_with_input(BenchmarkId::new("parse", factor), &body, |b, body| {
                b.iter(|| {
                    let mut count = Count::default();
                    robotstxt_exact::parse_robots_txt(body, &mut count);
                    black_box((count.lines, count.directives))
                })
            });
            group.bench_with_input(BenchmarkId::new("check", factor), &body, |b, body| {
                let mut matcher = RobotsMatcher::new();
                b.iter(|| black_box(matcher.one_agent_allowed_by_robots(body, AGENT, &url)))
            });
            group.bench_with_input(BenchmarkId::new("robots", factor), &body, |b, body| {
                b.iter(|| black_box(Robots::parse(body).allowed(AGENT, &url)))
            });
            group.bench_with_input(BenchmarkId::new("report", factor), &body, |b, body| {
                b.iter(|| black_box(RobotsParsingReporter::parse(body).last_line_seen()))
            });
            group.bench_with_input(BenchmarkId::new("lint", factor), &body, |b, body| {
                b.iter(|| black_box(lint::lint(body).findings().count()))
            });
        }
        group.finish();
    }
}

criterion_group!(benches, growth);
criterion_main!(benches);
