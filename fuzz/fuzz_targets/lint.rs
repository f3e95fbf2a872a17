//! The lint on arbitrary bytes.
//!
//! The whole input is the robots.txt body. Checked for every input:
//!
//! - `lint_each` visits lines 1, 2, 3, ... in order, one per line of
//!   `lint::line_count`, each with its text at its offset in the body and
//!   findings that carry its number;
//! - the summary's counts are the sums over the findings it saw;
//! - `file-too-large` is reported exactly once when the body is over
//!   500 KiB, on the summary's first line past the limit, and never
//!   otherwise;
//! - stopping at the first visitor error stops the visits.

#![no_main]

use libfuzzer_sys::fuzz_target;
use robotstxt_exact::crawler::MAX_ROBOTS_TXT_BYTES;
use robotstxt_exact::lint::{self, Severity, lint_each};

fuzz_target!(|body: &[u8]| {
    let mut expected_line = 1u32;
    let (mut errors, mut warnings, mut notes) = (0, 0, 0);
    let mut too_large = Vec::new();
    let summary = lint_each(body, |line| {
        assert_eq!(line.line_num, expected_line);
        expected_line += 1;
        assert_eq!(&body[line.offset..line.offset + line.text.len()], line.text);
        for f in &line.findings {
            assert_eq!(f.line, line.line_num);
            match f.severity() {
                Severity::Error => errors += 1,
                Severity::Warning => warnings += 1,
                Severity::Note => notes += 1,
            }
            if f.code.as_str() == "file-too-large" {
                too_large.push(line.line_num);
            }
            assert!(!f.code.message().is_empty());
        }
        Ok::<(), ()>(())
    })
    .unwrap();
    assert_eq!(summary.lines, lint::line_count(body));
    assert_eq!(summary.lines as u32, expected_line - 1);
    assert_eq!(
        (summary.errors, summary.warnings, summary.notes),
        (errors, warnings, notes)
    );
    if body.len() > MAX_ROBOTS_TXT_BYTES {
        assert_eq!(too_large.len(), 1);
        assert_eq!(summary.first_line_past_limit, Some(too_large[0]));
    } else {
        assert!(too_large.is_empty());
        assert_eq!(summary.first_line_past_limit, None);
    }

    let mut visits = 0;
    let stopped = lint_each(body, |_| {
        visits += 1;
        Err(())
    });
    assert_eq!(stopped, Err(()));
    assert_eq!(visits, 1);
});
