//! Every robots.txt file of the shared real-world corpus, through the parser,
//! the reporter and the matcher.
//!
//! The corpus (`../shared/corpus`, next to the crate) holds 1,613 robots.txt
//! files served by popular sites and, for most sites, URLs seen on them. When
//! it is absent each test reports itself skipped (see `corpus_root`).

mod common;
mod corpus_root;

use std::collections::BTreeMap;
use std::fs;

use common::{crate_outcome, google_line_count, reference_outcome};
use robotstxt_exact::{
    LineMetadata, ParseHandler, RobotsParsingReporter, RobotsTagName, parse_robots_txt,
};

/// The robots.txt files of the corpus, by site name, in name order.
fn robot_files(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = fs::read_dir(dir.join("robotfiles"))
        .expect("robotfiles is readable")
        .map(|entry| {
            let entry = entry.expect("directory entry");
            let name = entry.file_name().to_string_lossy().into_owned();
            let body = fs::read(entry.path()).expect("robots file is readable");
            (name, body)
        })
        .collect();
    files.sort();
    files
}

/// Records, per line, which handler callbacks ran and the metadata reported.
#[derive(Default)]
struct LineLog {
    callbacks: BTreeMap<u32, usize>,
    directives: u32,
    metadata: Vec<(u32, LineMetadata)>,
    order_errors: Vec<String>,
}

impl LineLog {
    fn callback(&mut self, line: u32) {
        if let Some(&(last, _)) = self.metadata.last() {
            if line <= last {
                self.order_errors.push(format!(
                    "callback for line {line} after metadata of line {last}"
                ));
            }
        }
        *self.callbacks.entry(line).or_default() += 1;
    }
}

impl ParseHandler for LineLog {
    fn handle_robots_start(&mut self) {}
    fn handle_robots_end(&mut self) {}
    fn handle_user_agent(&mut self, line: u32, _value: &[u8]) {
        self.directives += 1;
        self.callback(line);
    }
    fn handle_allow(&mut self, line: u32, _value: &[u8]) {
        self.directives += 1;
        self.callback(line);
    }
    fn handle_disallow(&mut self, line: u32, _value: &[u8]) {
        self.directives += 1;
        self.callback(line);
    }
    fn handle_sitemap(&mut self, line: u32, _value: &[u8]) {
        self.directives += 1;
        self.callback(line);
    }
    fn handle_unknown_action(&mut self, line: u32, _action: &[u8], _value: &[u8]) {
        self.callback(line);
    }
    fn report_line_metadata(&mut self, line: u32, metadata: &LineMetadata) {
        self.metadata.push((line, *metadata));
    }
}

#[test]
fn every_corpus_file_is_numbered_and_reported_line_by_line() {
    let Some(dir) = corpus_root::locate("every_corpus_file_is_numbered_and_reported_line_by_line")
    else {
        return;
    };
    let files = robot_files(&dir);
    assert!(!files.is_empty(), "the corpus has robots.txt files");

    for (site, body) in &files {
        let expected_lines = google_line_count(body);

        let mut log = LineLog::default();
        parse_robots_txt(body, &mut log);
        assert!(
            log.order_errors.is_empty(),
            "{site}: {:?}",
            log.order_errors
        );
        assert_eq!(
            log.metadata.len(),
            expected_lines,
            "{site}: metadata reports"
        );
        for (i, (line, metadata)) in log.metadata.iter().enumerate() {
            assert_eq!(
                *line as usize,
                i + 1,
                "{site}: line numbers go 1, 2, 3, ..."
            );
            let callbacks = log.callbacks.get(line).copied().unwrap_or(0);
            assert_eq!(
                callbacks,
                usize::from(metadata.has_directive),
                "{site}: line {line} has one callback iff it has a directive"
            );
            if metadata.has_directive {
                assert!(
                    !metadata.is_empty && !metadata.is_comment,
                    "{site}: line {line} has a directive, so it is neither empty nor a comment"
                );
            }
        }

        let reporter = RobotsParsingReporter::parse(body);
        let results = reporter.parse_results();
        assert_eq!(
            reporter.last_line_seen() as usize,
            expected_lines,
            "{site}: last line"
        );
        assert_eq!(results.len(), expected_lines, "{site}: one result per line");
        for (i, result) in results.iter().enumerate() {
            assert_eq!(
                result.line_num as usize,
                i + 1,
                "{site}: reporter line numbers"
            );
            assert_eq!(
                result.metadata,
                log.metadata[i].1,
                "{site}: line {} metadata",
                i + 1
            );
            if result.tag_name != RobotsTagName::Unknown {
                assert!(
                    result.metadata.has_directive,
                    "{site}: line {} has a tag only with a directive",
                    i + 1
                );
            }
        }
        assert_eq!(
            reporter.valid_directives(),
            log.directives,
            "{site}: directive count"
        );
    }
}

/// At most this many URLs are checked per site, spread evenly over its list,
/// to keep the test fast in debug builds.
const URLS_PER_SITE: usize = 25;

/// Every query parses the whole body, twice: sites with large files get
/// fewer URLs, about this many body bytes' worth, but never fewer than 3.
const BYTES_PER_SITE: usize = 128 * 1024;

fn urls_to_check(body_len: usize) -> usize {
    (BYTES_PER_SITE / body_len.max(1)).clamp(3, URLS_PER_SITE)
}

#[test]
fn corpus_urls_get_google_answers_for_googlebot() {
    let Some(dir) = corpus_root::locate("corpus_urls_get_google_answers_for_googlebot") else {
        return;
    };
    let agents: [&[u8]; 1] = [b"Googlebot"];
    let (mut checked, mut disallowed, mut sites) = (0usize, 0usize, 0usize);

    for (site, body) in robot_files(&dir) {
        let Ok(links) = fs::read(dir.join("links").join(&site)) else {
            continue;
        };
        let urls: Vec<&[u8]> = links
            .split(|&b| b == b'\n')
            .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
            .filter(|l| !l.is_empty())
            .collect();
        if urls.is_empty() {
            continue;
        }
        sites += 1;
        let stride = urls.len().div_ceil(urls_to_check(body.len()));
        for url in urls.iter().step_by(stride) {
            let ours = crate_outcome(&body, &agents, url);
            let reference = reference_outcome(&body, &agents, url);
            assert_eq!(ours, reference, "{site}: {}", String::from_utf8_lossy(url));
            checked += 1;
            disallowed += usize::from(!ours.allowed);
        }
    }

    eprintln!("corpus: {checked} URLs of {sites} sites checked, {disallowed} disallowed");
    if sites > 0 {
        // Guards against a silently vacuous run (say, every URL unparsable).
        assert!(
            disallowed > 0 && disallowed < checked,
            "both verdicts occur"
        );
    }
}
