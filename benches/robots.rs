//! Benchmarks on the real-world corpus in `../shared/corpus` (or
//! `$ROBOTSTXT_CORPUS`; skipped when absent) and on an adversarial input:
//!
//! - `per_query`: Google's API shape (parse per query) over every
//!   (site, URL) pair with agent Googlebot, in site order and shuffled (a
//!   kept matcher and a new one per query): ours vs the `robotstxt` crate;
//! - `parse_once`: building one object per file, then all queries on built
//!   objects: ours vs `texting_robots` and `fast-robots`;
//! - `parse_throughput`: bytes per second through the parser;
//! - `batch`: what `robots --check` does with 100,000 URLs and the largest
//!   file;
//! - `adversarial`: `Disallow: /*a*a*...b` lines against a long URL;
//! - `groups`: per-query time with 1k to 64k `User-agent: *` groups of two
//!   rules, against the same rules in one group;
//! - `threads`: T threads sharing one parsed object.
//!
//! Keep runs short on a shared machine, e.g.
//! `cargo bench --bench robots -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use robotstxt_exact::{ParseHandler, Robots, RobotsMatcher, parse_robots_txt};

const AGENT: &str = "Googlebot";

struct Site {
    body: Vec<u8>,
    /// The body as UTF-8 (lossy), for the peers that only take `&str`.
    text: String,
    urls: Vec<String>,
}

fn load_corpus() -> Vec<Site> {
    // The tests' location and override (tests/corpus_root).
    let root = match std::env::var_os("ROBOTSTXT_CORPUS") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"),
    };
    let Ok(entries) = std::fs::read_dir(root.join("robotfiles")) else {
        eprintln!(
            "corpus not found at {}: corpus benchmarks skipped",
            root.display()
        );
        return Vec::new();
    };
    let mut names: Vec<_> = entries.map(|e| e.unwrap().file_name()).collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let body = std::fs::read(root.join("robotfiles").join(&name)).unwrap();
            let links = std::fs::read(root.join("links").join(&name)).unwrap_or_default();
            let urls = String::from_utf8_lossy(&links)
                .lines()
                .filter(|l| !l.is_empty())
                .map(str::to_owned)
                .collect();
            let text = String::from_utf8_lossy(&body).into_owned();
            Site { body, text, urls }
        })
        .collect()
}

fn query_count(sites: &[Site]) -> u64 {
    sites.iter().map(|s| s.urls.len() as u64).sum()
}

fn per_query(c: &mut Criterion, sites: &[Site]) {
    let mut group = c.benchmark_group("per_query");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    group.throughput(Throughput::Elements(query_count(sites)));
    group.bench_function("robotstxt (ours, RobotsMatcher)", |b| {
        let mut matcher = RobotsMatcher::new();
        b.iter(|| {
            let mut allowed = 0usize;
            for site in sites {
                for url in &site.urls {
                    allowed +=
                        usize::from(matcher.one_agent_allowed_by_robots(&site.body, AGENT, url));
                }
            }
            black_box(allowed)
        })
    });
    // The same queries in a shuffled order: a different body nearly every
    // time, so the memo never helps and every query streams its body.
    let mut order: Vec<(usize, usize)> = sites
        .iter()
        .enumerate()
        .flat_map(|(s, site)| (0..site.urls.len()).map(move |u| (s, u)))
        .collect();
    shuffle(&mut order);
    group.bench_function("robotstxt (ours, RobotsMatcher), shuffled order", |b| {
        let mut matcher = RobotsMatcher::new();
        b.iter(|| {
            let mut allowed = 0usize;
            for &(s, u) in &order {
                let site = &sites[s];
                allowed += usize::from(matcher.one_agent_allowed_by_robots(
                    &site.body,
                    AGENT,
                    &site.urls[u],
                ));
            }
            black_box(allowed)
        })
    });
    // The same shuffled order with a new matcher for every query, as code
    // written for Google's API often does: nothing is kept between queries.
    group.bench_function(
        "robotstxt (ours, RobotsMatcher), shuffled order, a new matcher per query",
        |b| {
            b.iter(|| {
                let mut allowed = 0usize;
                for &(s, u) in &order {
                    let site = &sites[s];
                    let mut matcher = RobotsMatcher::new();
                    allowed += usize::from(matcher.one_agent_allowed_by_robots(
                        &site.body,
                        AGENT,
                        &site.urls[u],
                    ));
                }
                black_box(allowed)
            })
        },
    );
    group.bench_function("robotstxt crate 0.3 (Google port)", |b| {
        b.iter(|| {
            let mut allowed = 0usize;
            for site in sites {
                for url in &site.urls {
                    let mut matcher = robotstxt_port::DefaultMatcher::default();
                    allowed +=
                        usize::from(matcher.one_agent_allowed_by_robots(&site.text, AGENT, url));
                }
            }
            black_box(allowed)
        })
    });
    group.finish();
}

/// A fixed pseudo-random permutation (Fisher-Yates with a 64-bit LCG).
fn shuffle<T>(items: &mut [T]) {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    for i in (1..items.len()).rev() {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let j = ((state >> 33) as usize) % (i + 1);
        items.swap(i, j);
    }
}

fn parse_once(c: &mut Criterion, sites: &[Site]) {
    let bytes: usize = sites.iter().map(|s| s.body.len()).sum();
    let ours: Vec<Robots> = sites.iter().map(|s| Robots::parse(&s.body)).collect();
    let held = |objects: &[Robots]| -> usize {
        objects
            .iter()
            .map(|r| r.heap_bytes() + std::mem::size_of::<Robots>())
            .sum()
    };
    let report = |when: &str, held: usize| {
        eprintln!(
            "parse_once: {} objects {when} hold {held} bytes for {bytes} bytes of robots.txt ({:.2}x)",
            sites.len(),
            held as f64 / bytes as f64
        )
    };
    report("after parsing", held(&ours));
    // The index for an agent is built by its first query.
    for (robots, site) in ours.iter().zip(sites) {
        for url in &site.urls {
            black_box(robots.allowed(AGENT, url));
        }
        black_box(robots.allowed(AGENT, "/"));
    }
    report(&format!("after the {AGENT} queries"), held(&ours));
    let indexed: Vec<Robots> = sites
        .iter()
        .map(|s| Robots::parse(&s.body).indexed())
        .collect();
    report("with every index built", held(&indexed));
    drop(indexed);

    let mut group = c.benchmark_group("parse_once/build");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("robotstxt (ours, Robots::parse)", |b| {
        b.iter(|| {
            sites
                .iter()
                .map(|s| Robots::parse(&s.body))
                .collect::<Vec<_>>()
        })
    });
    group.bench_function("texting_robots 0.2", |b| {
        b.iter(|| {
            sites
                .iter()
                .map(|s| texting_robots::Robot::new(AGENT, &s.body).ok())
                .collect::<Vec<_>>()
        })
    });
    group.bench_function("fast-robots 0.1", |b| {
        b.iter(|| {
            sites
                .iter()
                .map(|s| {
                    let parsed = fast_robots::RobotsTxt::parse(&s.text);
                    black_box(parsed.matcher().is_allowed(AGENT, "/"));
                })
                .count()
        })
    });
    group.finish();

    let texting: Vec<_> = sites
        .iter()
        .map(|s| texting_robots::Robot::new(AGENT, &s.body).ok())
        .collect();
    let fast: Vec<_> = sites
        .iter()
        .map(|s| fast_robots::RobotsTxt::parse(&s.text))
        .collect();
    let fast_matchers: Vec<_> = fast.iter().map(|f| f.matcher()).collect();
    let compiled: Vec<_> = ours.iter().map(|r| r.compile(&[AGENT])).collect();
    // fast-robots takes a path, not a URL: give it the path up front.
    let paths: Vec<Vec<String>> = sites
        .iter()
        .map(|s| {
            s.urls
                .iter()
                .map(|u| {
                    String::from_utf8_lossy(&robotstxt_exact::get_path_params_query(u.as_bytes()))
                        .into_owned()
                })
                .collect()
        })
        .collect();

    let mut group = c.benchmark_group("parse_once/query");
    group.sample_size(20);
    group.throughput(Throughput::Elements(query_count(sites)));
    group.bench_function("robotstxt (ours, Robots::check)", |b| {
        b.iter(|| {
            let mut allowed = 0usize;
            for (robots, site) in ours.iter().zip(sites) {
                for url in &site.urls {
                    allowed += usize::from(robots.allowed(AGENT, url));
                }
            }
            black_box(allowed)
        })
    });
    group.bench_function("robotstxt (ours, compiled view)", |b| {
        b.iter(|| {
            let mut allowed = 0usize;
            for (view, site) in compiled.iter().zip(sites) {
                for url in &site.urls {
                    allowed += usize::from(view.allowed(url));
                }
            }
            black_box(allowed)
        })
    });
    group.bench_function("texting_robots 0.2", |b| {
        b.iter(|| {
            let mut allowed = 0usize;
            for (robot, site) in texting.iter().zip(sites) {
                if let Some(robot) = robot {
                    for url in &site.urls {
                        allowed += usize::from(robot.allowed(url));
                    }
                }
            }
            black_box(allowed)
        })
    });
    group.bench_function("fast-robots 0.1 (paths given)", |b| {
        b.iter(|| {
            let mut allowed = 0usize;
            for (matcher, paths) in fast_matchers.iter().zip(&paths) {
                for path in paths {
                    allowed += usize::from(matcher.is_allowed(AGENT, path));
                }
            }
            black_box(allowed)
        })
    });
    group.finish();
}

struct Nothing;

impl ParseHandler for Nothing {
    fn handle_robots_start(&mut self) {}
    fn handle_robots_end(&mut self) {}
    fn handle_user_agent(&mut self, _: u32, v: &[u8]) {
        black_box(v);
    }
    fn handle_allow(&mut self, _: u32, v: &[u8]) {
        black_box(v);
    }
    fn handle_disallow(&mut self, _: u32, v: &[u8]) {
        black_box(v);
    }
    fn handle_sitemap(&mut self, _: u32, v: &[u8]) {
        black_box(v);
    }
    fn handle_unknown_action(&mut self, _: u32, k: &[u8], v: &[u8]) {
        black_box((k, v));
    }
}

fn parse_throughput(c: &mut Criterion, sites: &[Site]) {
    let bytes: u64 = sites.iter().map(|s| s.body.len() as u64).sum();
    let mut group = c.benchmark_group("parse_throughput");
    group.sample_size(20);
    group.throughput(Throughput::Bytes(bytes));
    group.bench_function("parse_robots_txt (all corpus files)", |b| {
        b.iter(|| {
            for site in sites {
                parse_robots_txt(&site.body, &mut Nothing);
            }
        })
    });
    group.finish();
}

/// 480 KB of `Disallow: /*a*a*...*b` lines and a 20 KB URL of `a`s: Google's
/// position-set matcher does O(path x pattern) work per rule here.
fn adversarial_input() -> (Vec<u8>, String) {
    let mut rule = String::from("Disallow: /");
    for _ in 0..200 {
        rule.push_str("*a");
    }
    rule.push_str("*b\n");
    let mut body = String::from("User-agent: *\n");
    while body.len() + rule.len() <= 480 * 1024 {
        body.push_str(&rule);
    }
    let url = format!("http://example.com/{}", "a".repeat(20 * 1024));
    (body.into_bytes(), url)
}

fn adversarial(c: &mut Criterion) {
    let (body, url) = adversarial_input();
    let mut group = c.benchmark_group("adversarial");
    group.sample_size(10);
    group.bench_with_input(
        BenchmarkId::new("RobotsMatcher", "480KB x 20KB URL"),
        &(),
        |b, _| {
            let mut matcher = RobotsMatcher::new();
            b.iter(|| black_box(matcher.one_agent_allowed_by_robots(&body, AGENT, &url)))
        },
    );
    let robots = Robots::parse(&body);
    group.bench_with_input(
        BenchmarkId::new("Robots::check", "480KB x 20KB URL"),
        &(),
        |b, _| b.iter(|| black_box(robots.allowed(AGENT, &url))),
    );
    group.finish();
}

/// What `robots --check` does: parse the corpus's largest robots.txt
/// (docs.oracle.com, 853 KB, 31,857 lines) once and check 100,000 URLs.
fn batch(c: &mut Criterion, sites: &[Site]) {
    let Some(largest) = sites.iter().max_by_key(|s| s.body.len()) else {
        return;
    };
    // Deterministic URLs: the site's own, then variations of them.
    let urls: Vec<String> = (0..100_000)
        .map(|i| {
            let base = &largest.urls[i % largest.urls.len().max(1)];
            format!("{base}{}", i / largest.urls.len().max(1))
        })
        .collect();
    let mut group = c.benchmark_group("batch");
    group.sample_size(10);
    group.throughput(Throughput::Elements(urls.len() as u64));
    group.bench_function("parse 853 KB once + 100,000 URLs", |b| {
        b.iter(|| {
            let robots = Robots::parse(&largest.body);
            urls.iter().filter(|u| robots.allowed(AGENT, u)).count()
        })
    });
    group.finish();
}

/// `groups` groups of `User-agent: *` with two rules each, or the same
/// rules in one group.
fn star_groups(groups: usize, one_group: bool) -> Vec<u8> {
    let mut body = Vec::new();
    for i in 0..groups {
        if i == 0 || !one_group {
            body.extend_from_slice(b"User-agent: *\n");
        }
        body.extend_from_slice(format!("Disallow: /d{i}/\nAllow: /d{i}/open*.html$\n").as_bytes());
    }
    body
}

/// Per-query time against the number of groups: `split/N` has N groups of
/// two rules, `one/N` the same 2N rules in one group.
fn groups(c: &mut Criterion) {
    let mut group = c.benchmark_group("groups");
    group.sample_size(10);
    for n in [1_000, 4_000, 16_000, 64_000] {
        let urls: Vec<String> = (0..1_000)
            .map(|i| match i % 3 {
                0 => format!("http://example.com/d{}/page", i * 61 % n),
                1 => format!("http://example.com/d{}/open/a.html", i * 61 % n),
                _ => format!("http://example.com/other/{i}"),
            })
            .collect();
        group.throughput(Throughput::Elements(urls.len() as u64));
        for (name, one_group) in [("split", false), ("one", true)] {
            let robots = Robots::parse(star_groups(n, one_group));
            group.bench_with_input(BenchmarkId::new(name, n), &(), |b, _| {
                b.iter(|| urls.iter().filter(|u| robots.allowed(AGENT, u)).count())
            });
        }
    }
    group.finish();
}

/// T threads sharing one parsed object (the corpus's largest file), each
/// checking the same 100,000 URLs: throughput is T x 100,000 queries.
fn threads(c: &mut Criterion, sites: &[Site]) {
    let Some(largest) = sites.iter().max_by_key(|s| s.body.len()) else {
        return;
    };
    let urls: Vec<String> = (0..100_000)
        .map(|i| {
            let base = &largest.urls[i % largest.urls.len().max(1)];
            format!("{base}{}", i / largest.urls.len().max(1))
        })
        .collect();
    let robots = Robots::parse(&largest.body);
    let compiled = robots.compile(&[AGENT]);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut counts = vec![1, 2, 4, cores];
    counts.sort_unstable();
    counts.dedup();
    let mut group = c.benchmark_group("threads");
    group.sample_size(10);
    for t in counts {
        group.throughput(Throughput::Elements((t * urls.len()) as u64));
        group.bench_with_input(BenchmarkId::new("Robots::check", t), &t, |b, &t| {
            b.iter_custom(|iters| {
                let start = Instant::now();
                for _ in 0..iters {
                    std::thread::scope(|s| {
                        for _ in 0..t {
                            s.spawn(|| urls.iter().filter(|u| robots.allowed(AGENT, u)).count());
                        }
                    });
                }
                start.elapsed()
            })
        });
        group.bench_with_input(BenchmarkId::new("compiled view", t), &t, |b, &t| {
            b.iter_custom(|iters| {
                let start = Instant::now();
                for _ in 0..iters {
                    std::thread::scope(|s| {
                        for _ in 0..t {
                            s.spawn(|| urls.iter().filter(|u| compiled.allowed(u)).count());
                        }
                    });
                }
                start.elapsed()
            })
        });
    }
    group.finish();
}

fn all(c: &mut Criterion) {
    let sites = load_corpus();
    if !sites.is_empty() {
        per_query(c, &sites);
        parse_once(c, &sites);
        parse_throughput(c, &sites);
        batch(c, &sites);
        threads(c, &sites);
    }
    groups(c);
    adversarial(c);
}

criterion_group!(benches, all);
criterion_main!(benches);
