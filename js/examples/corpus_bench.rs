//! The Rust core natively on the queries of `js/bench/bench.mjs`, so that
//! the benchmark can say what the JavaScript/WebAssembly boundary costs.
//! Prints JSON: `{"rows": [{"mode", "qps"}], "parse_seconds"}`.
//!
//! Usage: `corpus_bench <corpus dir> [rounds]`. Bodies and URLs are read as
//! JavaScript reads them (UTF-8, invalid sequences as U+FFFD), so both sides
//! answer the same bytes.

use std::fs;
use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

use robotstxt_exact::{Robots, RobotsMatcher};

const AGENT: &str = "Googlebot";

struct Site {
    body: String,
    urls: Vec<String>,
}

fn load(corpus: &Path) -> Vec<Site> {
    let mut names: Vec<_> = fs::read_dir(corpus.join("links"))
        .expect("links/")
        .map(|e| e.expect("entry").file_name())
        .collect();
    names.sort();
    let mut sites = Vec::new();
    for name in names {
        let Ok(body) = fs::read(corpus.join("robotfiles").join(&name)) else {
            continue;
        };
        let links = fs::read(corpus.join("links").join(&name)).expect("links file");
        let urls: Vec<String> = String::from_utf8_lossy(&links)
            .split('\n')
            .map(|u| u.strip_suffix('\r').unwrap_or(u))
            .filter(|u| !u.is_empty() && !u.contains('\t'))
            .map(String::from)
            .collect();
        if !urls.is_empty() {
            let body = String::from_utf8_lossy(&body).into_owned();
            sites.push(Site { body, urls });
        }
    }
    sites
}

/// The fastest of `rounds` runs, in seconds.
fn best(rounds: usize, mut f: impl FnMut() -> usize) -> f64 {
    (0..rounds)
        .map(|_| {
            let t = Instant::now();
            black_box(f());
            t.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let corpus = args
        .next()
        .expect("usage: corpus_bench <corpus dir> [rounds]");
    let rounds: usize = args.next().map_or(3, |r| r.parse().expect("rounds"));
    let sites = load(Path::new(&corpus));
    let queries: usize = sites.iter().map(|s| s.urls.len()).sum();
    let parsed: Vec<Robots> = sites.iter().map(|s| Robots::parse(&s.body)).collect();
    let compiled: Vec<_> = parsed.iter().map(|r| r.compile(&[AGENT])).collect();
    let mut rows = Vec::new();
    let mut row =
        |mode: &str, seconds: f64| rows.push((mode.to_string(), queries as f64 / seconds));

    row(
        "parse once: Robots::allowed",
        best(rounds, || {
            let mut n = 0;
            for (s, r) in sites.iter().zip(&parsed) {
                n += s
                    .urls
                    .iter()
                    .filter(|u| r.allowed(AGENT, u.as_str()))
                    .count();
            }
            n
        }),
    );
    row(
        "parse once: CompiledRobots::allowed",
        best(rounds, || {
            let mut n = 0;
            for (s, c) in sites.iter().zip(&compiled) {
                n += s.urls.iter().filter(|u| c.allowed(u.as_str())).count();
            }
            n
        }),
    );
    let mut matcher = RobotsMatcher::new();
    row(
        "per call: RobotsMatcher (memo)",
        best(rounds, || {
            let mut n = 0;
            for s in &sites {
                for u in &s.urls {
                    n += usize::from(matcher.one_agent_allowed_by_robots(&s.body, AGENT, u));
                }
            }
            n
        }),
    );
    let mut streaming = RobotsMatcher::without_memo();
    row(
        "per call: RobotsMatcher::without_memo",
        best(rounds, || {
            let mut n = 0;
            for s in &sites {
                for u in &s.urls {
                    n += usize::from(streaming.one_agent_allowed_by_robots(&s.body, AGENT, u));
                }
            }
            n
        }),
    );
    let parse_seconds = best(rounds, || {
        sites
            .iter()
            .map(|s| Robots::parse(&s.body).heap_bytes())
            .sum()
    });
    let rows: Vec<String> = rows
        .iter()
        .map(|(mode, qps)| format!("{{\"mode\":\"{mode}\",\"qps\":{qps}}}"))
        .collect();
    println!(
        "{{\"rows\":[{}],\"parse_seconds\":{parse_seconds}}}",
        rows.join(",")
    );
}
