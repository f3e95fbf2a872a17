//! The audit over every robots.txt of the shared corpus: it never fails,
//! each crawler's verdict at `/` is the one Google's streaming matcher gives
//! for the same agent, and every preference reported comes from a line of
//! the file that is a `Content-Signal` or `Content-Usage` line. Prints, per
//! crawler, how many files block it from `/` (run with `--nocapture`).
//!
//! When the corpus is absent the skip is reported as `corpus_root`
//! describes.

use std::fs;

mod corpus_root;

use robotstxt_exact::audit::{audit, known_crawlers};
use robotstxt_exact::{Robots, RobotsMatcher};

#[test]
fn whole_corpus() {
    let Some(root) = corpus_root::locate("audit_corpus::whole_corpus") else {
        return;
    };
    let dir = root.join("robotfiles");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .expect("robotfiles is readable")
        .map(|e| e.expect("directory entry").path())
        .collect();
    files.sort();
    let crawlers = known_crawlers();
    let mut blocked = vec![0usize; crawlers.len()];
    let mut with_preferences = 0usize;
    for path in &files {
        let body = fs::read(path).expect("robots file is readable");
        let robots = Robots::parse(&body);
        let report = audit(&robots, crawlers, &["/robots.txt"]);
        let lines: Vec<&[u8]> = body.split(|&b| b == b'\n').collect();
        let mut any_preference = false;
        for (i, a) in report.crawlers.iter().enumerate() {
            let mut matcher = RobotsMatcher::without_memo();
            let google = matcher.one_agent_allowed_by_robots(&body, &a.matched_as, "/");
            assert_eq!(
                a.root_allowed(),
                google,
                "{} in {}",
                a.crawler.token,
                path.display()
            );
            blocked[i] += usize::from(!google);
            for verdict in &a.paths {
                let p = &verdict.preferences;
                for stated in p.signals.iter().chain(&p.usage).flatten() {
                    any_preference = true;
                    // Lines split at LF only: a line number within range
                    // whose text names one of the two keys is enough here.
                    let text = lines
                        .get(stated.line as usize - 1)
                        .map(|l| String::from_utf8_lossy(l).to_ascii_lowercase())
                        .unwrap_or_default();
                    assert!(
                        text.contains("content-signal") || text.contains("content-usage"),
                        "line {} of {}",
                        stated.line,
                        path.display()
                    );
                }
            }
        }
        with_preferences += usize::from(any_preference);
    }
    eprintln!(
        "{} files; {} state preferences that apply to some crawler",
        files.len(),
        with_preferences
    );
    eprintln!("files blocking each crawler from /:");
    for (crawler, count) in crawlers.iter().zip(&blocked) {
        eprintln!(
            "{count:5}  {} ({})",
            crawler.token,
            crawler.category.as_str()
        );
    }
    assert!(files.len() > 1000);
}
