//! Where the tests find the shared robots.txt corpus, and what they do when
//! it is not there.
//!
//! The corpus is 1,613 real robots.txt files (`robotfiles/`) and the URLs
//! seen on those sites (`links/`), collected for a public parser benchmark
//! (github.com/anubhavp28/robotstxt-parser-benchmark); it is read from
//! `../shared/corpus` next to the repository, or from `$ROBOTSTXT_CORPUS`.
//!
//! `cargo test` has no "skipped" outcome, so a test without its corpus
//! passes having checked nothing. To keep that from passing unseen:
//!
//! - the skip is written straight to the process's standard error (not
//!   through `eprintln!`, which the test harness captures and hides for a
//!   passing test), naming the test and the directory looked in;
//! - when `$ROBOTSTXT_SKIP_LOG` names a file, one line per skipped test is
//!   appended to it (`rust<TAB>test<TAB>reason`): `scripts/test-all.sh`
//!   counts those lines in its closing line;
//! - when `$ROBOTSTXT_REQUIRE_CORPUS` is `1`, a missing corpus fails the
//!   test instead (`scripts/test-all.sh --require-corpus`, as CI runs it).

use std::io::Write;
use std::path::PathBuf;

/// The corpus directory (it has `robotfiles/`), or `None` once the skip of
/// `test` has been reported as described in the module documentation.
/// Panics instead when `$ROBOTSTXT_REQUIRE_CORPUS` is `1`.
pub fn locate(test: &str) -> Option<PathBuf> {
    let dir = match std::env::var_os("ROBOTSTXT_CORPUS") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"),
    };
    if dir.join("robotfiles").is_dir() {
        return Some(dir);
    }
    let reason = format!("no corpus at {}", dir.display());
    if std::env::var_os("ROBOTSTXT_REQUIRE_CORPUS").is_some_and(|v| v == "1") {
        panic!("{test}: {reason}, and ROBOTSTXT_REQUIRE_CORPUS=1 requires it");
    }
    // Best effort on both channels: a failed write must not turn the skip
    // into a failure, and the other channel still reports it.
    let _ = writeln!(
        std::io::stderr(),
        "SKIPPED {test}: {reason} (see the README, \"The corpus\")"
    );
    if let Some(log) = std::env::var_os("ROBOTSTXT_SKIP_LOG") {
        let line = format!("rust\t{test}\t{reason}\n");
        let _ = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(log)
            .and_then(|mut file| file.write_all(line.as_bytes()));
    }
    None
}
