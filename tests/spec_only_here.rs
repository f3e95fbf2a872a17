//! Google's test cases live in `spec/cases/google/` and nowhere else: every
//! runner reads them from there, so a copy elsewhere would be a sixth
//! transcription to keep in step.
//!
//! Each Google case file lists `fingerprints`, strings of Google's tests
//! that nothing but those tests would contain. Every fingerprint must be in
//! its file's cases (so the list cannot drift into strings the cases do not
//! hold), and no file that git tracks outside `spec/` may contain one.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The fingerprints of every Google case file, each with the file's text.
fn fingerprints() -> Vec<(String, String)> {
    let dir = Path::new(ROOT).join("spec/cases/google");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("spec/cases/google") {
        let path = entry.expect("an entry").path();
        let text = std::fs::read_to_string(&path).expect("a case file");
        let doc: Value = serde_json::from_str(&text).expect("JSON");
        let list = doc["fingerprints"]
            .as_array()
            .unwrap_or_else(|| panic!("{} lists no fingerprints", path.display()));
        assert!(!list.is_empty(), "{}: no fingerprints", path.display());
        // The cases without the list: what a fingerprint must be found in.
        let mut cases = doc.clone();
        cases
            .as_object_mut()
            .expect("an object")
            .remove("fingerprints");
        let cases = serde_json::to_string(&cases).expect("JSON");
        for fp in list {
            let fp = fp.as_str().expect("a string").to_owned();
            // Compared as JSON writes it, escapes and all.
            let written = serde_json::to_string(&fp).expect("JSON");
            assert!(
                cases.contains(written.trim_matches('"')),
                "{}: the fingerprint {fp:?} is in none of its cases",
                path.display()
            );
            let origin = path.strip_prefix(ROOT).unwrap_or(&path);
            out.push((fp, origin.display().to_string()));
        }
    }
    assert!(out.len() >= 10, "too few fingerprints to mean anything");
    out
}

#[test]
fn googles_test_strings_are_in_no_tracked_file_outside_spec() {
    let listed = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(ROOT)
        .output()
        .expect("git, to list the tracked files");
    assert!(listed.status.success(), "git ls-files failed");
    let fingerprints = fingerprints();
    let mut found = Vec::new();
    let mut scanned = 0;
    for file in listed.stdout.split(|&b| b == 0).filter(|f| !f.is_empty()) {
        let file = String::from_utf8_lossy(file).into_owned();
        if file.starts_with("spec/") {
            continue;
        }
        // A tracked file deleted in the work tree holds nothing.
        let Ok(bytes) = std::fs::read(Path::new(ROOT).join(&file)) else {
            continue;
        };
        scanned += 1;
        for (fp, origin) in &fingerprints {
            if memchr::memmem::find(&bytes, fp.as_bytes()).is_some() {
                found.push(format!("{file}: {fp:?} (from {origin})"));
            }
        }
    }
    assert!(scanned > 100, "only {scanned} tracked files outside spec/");
    assert!(
        found.is_empty(),
        "Google's test strings outside spec/ (use the cases in spec/cases/ instead):\n{}",
        found.join("\n")
    );
}
