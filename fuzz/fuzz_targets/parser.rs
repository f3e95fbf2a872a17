//! The streaming parser on arbitrary bytes.
//!
//! The whole input is the robots.txt body. Checked for every input:
//!
//! - `handle_robots_start` comes first and `handle_robots_end` last, once each;
//! - `report_line_metadata` is called for lines 1, 2, 3, ... in order, as many
//!   times as Google's line splitting (recomputed here from the bytes: a
//!   leading partial BOM is skipped, CR, LF and CRLF end lines) gives lines;
//! - a line has `has_directive` iff exactly one directive callback carried
//!   its number, and that callback came before its metadata;
//! - each line's directive (kind, key, value) and metadata are exactly what
//!   a plain transcription of Google's `GetKeyAndValueFrom`, `GetKeyType`
//!   and `MaybeEscapePattern` gives for the line's bytes (cut at 16663 bytes
//!   and at the first NUL), and keys and values look like what Google hands
//!   over (no NUL, no `#`, no surrounding whitespace, escaped values ASCII);
//! - `RobotsParsingReporter` reports the same lines, tags and metadata, and
//!   counts the same directives as the callbacks.

#![no_main]

// The main crate's (stable) clippy lints this file; nightly's asks for
// let-chains, which its minimum Rust version does not have.
#[allow(clippy::collapsible_if)]
#[path = "../../tests/common/mod.rs"]
mod common;

use common::google_parse::{Directive, Event, Recorder, google_line, google_lines};
use libfuzzer_sys::fuzz_target;
use robotstxt_exact::{LineMetadata, RobotsParsingReporter, RobotsTagName, parse_robots_txt};

fuzz_target!(|body: &[u8]| {
    let lines = google_lines(body);
    let mut recorder = Recorder::default();
    parse_robots_txt(body, &mut recorder);
    let events = recorder.events;

    assert_eq!(events.first(), Some(&Event::Start));
    assert_eq!(events.last(), Some(&Event::End));
    let inner = &events[1..events.len() - 1];

    // Walk the events line by line: at most one directive, then metadata.
    let mut per_line: Vec<(Option<RobotsTagName>, LineMetadata)> = Vec::new();
    let mut pending: Option<Directive> = None;
    for event in inner {
        let line_num = per_line.len() as u32 + 1;
        match event {
            Event::Start | Event::End => panic!("start or end in the middle"),
            Event::Directive(line, d) => {
                assert_eq!(*line, line_num, "directive out of order");
                assert!(pending.is_none(), "two directives on line {line}");
                pending = Some(d.clone());
            }
            Event::Metadata(line, m) => {
                assert_eq!(*line, line_num, "metadata line numbers not 1, 2, 3, ...");
                assert_eq!(
                    m.has_directive,
                    pending.is_some(),
                    "has_directive disagrees with the callbacks on line {line}"
                );
                let raw = lines.get(per_line.len()).expect("more lines than Google's");
                let (want_m, want_d) = google_line(raw);
                assert_eq!(*m, want_m, "metadata of line {line}");
                assert_eq!(pending, want_d, "directive of line {line}");
                per_line.push((pending.take().map(|d| d.tag), *m));
            }
        }
    }
    assert!(pending.is_none(), "directive after the last metadata");
    assert_eq!(
        per_line.len(),
        lines.len(),
        "line count differs from Google's"
    );

    let reporter = RobotsParsingReporter::parse(body);
    assert_eq!(reporter.last_line_seen() as usize, lines.len());
    let valid = per_line
        .iter()
        .filter(|(t, _)| {
            matches!(
                t,
                Some(
                    RobotsTagName::UserAgent
                        | RobotsTagName::Allow
                        | RobotsTagName::Disallow
                        | RobotsTagName::Sitemap
                )
            )
        })
        .count();
    let unused = per_line
        .iter()
        .filter(|(t, _)| matches!(t, Some(RobotsTagName::Unknown | RobotsTagName::Unused)))
        .count();
    assert_eq!(reporter.valid_directives() as usize, valid);
    assert_eq!(reporter.unused_directives() as usize, unused);
    let results = reporter.parse_results();
    assert_eq!(results.len(), per_line.len());
    for (i, (r, (tag, m))) in results.iter().zip(&per_line).enumerate() {
        assert_eq!(r.line_num as usize, i + 1);
        assert_eq!(r.tag_name, tag.unwrap_or(RobotsTagName::Unknown));
        assert_eq!(r.metadata, *m);
        assert_eq!(r.is_typo, m.is_acceptable_typo);
    }
});
