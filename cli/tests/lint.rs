//! The `robots` binary, run as a user runs it: `--lint`: findings per line, text and JSON.

// Raw-byte arguments and `arg0` need Unix; so does the tool's byte-exactness.
#![cfg(unix)]

mod common;

use common::*;

// ---------------------------------------------------------------------------
// --lint.
// ---------------------------------------------------------------------------

/// One of each finding Google's reading implies.
const MESSY: &[u8] = b"Disallow: /early\n\
User-agent: FooBot\n\
Disalow: /x\n\
Disallow /y\n\
Allow: /y\n\
Disallow: /x\n\
Crawl-delay: 5\n\
Unicorn: yes\n\
this is not a rule\n\
User-agent: 007\n\
Disallow: /\n\
User-agent: Googlebot/2.1\n";

#[test]
fn lint_all_lists_every_line_and_its_findings() {
    let d = dir("lint_text");
    let r = file(&d, "robots.txt", MESSY);
    let out = run(&["--lint", s(&r), "--all"], b"");
    // Line 1: a rule before any user-agent. Line 3: an accepted typo.
    // Line 4: a missing colon; its pattern /y is also allowed on line 5, and
    // allow wins ties. Line 6 repeats line 3's rule (typos read as disallow).
    // Line 10 starts a group whose only agent names no crawler. Line 12
    // starts the last group, which has no rules; only "Googlebot" of it is
    // compared. Line 13 is the empty line after the final newline.
    // (The literal starts with a newline so that line 1 keeps its padding.)
    let expected = "
 1 disallow    Disallow: /early
   error: rule before any user-agent line; no crawler uses it [rule-outside-group]
 2 user-agent  User-agent: FooBot
 3 disallow    Disalow: /x
   note: key \"Disalow\" is a misspelling that Google accepts [accepted-typo]
 4 disallow    Disallow /y
   note: no colon after the key; Google accepts whitespace, other parsers may not [missing-colon]
   warning: unreachable: the allow rule with the same pattern on line 5 wins [overridden-disallow]
 5 allow       Allow: /y
 6 disallow    Disallow: /x
   warning: unreachable: the same rule is on line 3 of this group [duplicate-rule]
 7 unsupported Crawl-delay: 5
   note: key \"Crawl-delay\" is not supported by Google; line ignored [unsupported-key]
 8 unknown     Unicorn: yes
   warning: unknown key \"Unicorn\"; line ignored [unknown-key]
 9 malformed   this is not a rule
   warning: not a \"key: value\" line; ignored [malformed-line]
10 user-agent  User-agent: 007
   warning: user-agent names no crawler: not \"*\" and not starting with a letter, '-' or '_' [invalid-user-agent]
   error: no user-agent of this group names a crawler; its 1 rule(s) are never used [unreachable-group]
11 disallow    Disallow: /
12 user-agent  User-agent: Googlebot/2.1
   note: only \"Googlebot\" of this user-agent is compared with crawler names [partial-user-agent]
   warning: group has no allow or disallow rules; a crawler named only here may fetch everything and ignores the \"*\" group [empty-group]
13 empty
13 lines, 9 directives: 2 errors, 6 warnings, 4 notes
";
    assert_output(&out, 1, &expected.as_bytes()[1..], b"");
}

#[test]
fn lint_shows_only_lines_with_findings_by_default() {
    let d = dir("lint_problems");
    let r = file(&d, "robots.txt", MESSY);
    let out = run(&["--lint", s(&r)], b"");
    // The same findings as with --all, without lines 2, 5, 11 and 13.
    let expected = "
 1 disallow    Disallow: /early
   error: rule before any user-agent line; no crawler uses it [rule-outside-group]
 3 disallow    Disalow: /x
   note: key \"Disalow\" is a misspelling that Google accepts [accepted-typo]
 4 disallow    Disallow /y
   note: no colon after the key; Google accepts whitespace, other parsers may not [missing-colon]
   warning: unreachable: the allow rule with the same pattern on line 5 wins [overridden-disallow]
 6 disallow    Disallow: /x
   warning: unreachable: the same rule is on line 3 of this group [duplicate-rule]
 7 unsupported Crawl-delay: 5
   note: key \"Crawl-delay\" is not supported by Google; line ignored [unsupported-key]
 8 unknown     Unicorn: yes
   warning: unknown key \"Unicorn\"; line ignored [unknown-key]
 9 malformed   this is not a rule
   warning: not a \"key: value\" line; ignored [malformed-line]
10 user-agent  User-agent: 007
   warning: user-agent names no crawler: not \"*\" and not starting with a letter, '-' or '_' [invalid-user-agent]
   error: no user-agent of this group names a crawler; its 1 rule(s) are never used [unreachable-group]
12 user-agent  User-agent: Googlebot/2.1
   note: only \"Googlebot\" of this user-agent is compared with crawler names [partial-user-agent]
   warning: group has no allow or disallow rules; a crawler named only here may fetch everything and ignores the \"*\" group [empty-group]
13 lines, 9 directives: 2 errors, 6 warnings, 4 notes
";
    assert_output(&out, 1, &expected.as_bytes()[1..], b"");
}

#[test]
fn lint_json_has_kinds_codes_and_summary() {
    let d = dir("lint_json");
    let r = file(&d, "robots.txt", MESSY);
    let out = run(&["--lint", s(&r), "--json", "--all"], b"");
    assert_eq!(out.status.code(), Some(1));
    let (lines, summary) = json_lines(&out.stdout);
    let kinds: Vec<&str> = lines.iter().map(|l| l["kind"].as_str().unwrap()).collect();
    assert_eq!(
        kinds,
        [
            "disallow",
            "user-agent",
            "disallow",
            "disallow",
            "allow",
            "disallow",
            "unsupported",
            "unknown",
            "malformed",
            "user-agent",
            "disallow",
            "user-agent",
            "empty"
        ]
    );
    let codes: Vec<(u64, &str, &str)> = lines
        .iter()
        .flat_map(|l| {
            l["findings"].as_array().unwrap().iter().map(move |f| {
                (
                    l["line"].as_u64().unwrap(),
                    f["severity"].as_str().unwrap(),
                    f["code"].as_str().unwrap(),
                )
            })
        })
        .collect();
    assert_eq!(
        codes,
        [
            (1, "error", "rule-outside-group"),
            (3, "note", "accepted-typo"),
            (4, "note", "missing-colon"),
            (4, "warning", "overridden-disallow"),
            (6, "warning", "duplicate-rule"),
            (7, "note", "unsupported-key"),
            (8, "warning", "unknown-key"),
            (9, "warning", "malformed-line"),
            (10, "warning", "invalid-user-agent"),
            (10, "error", "unreachable-group"),
            (12, "note", "partial-user-agent"),
            (12, "warning", "empty-group"),
        ]
    );
    assert_eq!(lines[3]["text"], "Disallow /y");
    assert_eq!(summary["lines"], 13);
    assert_eq!(summary["directives"], 9);
    assert_eq!(summary["errors"], 2);
    assert_eq!(summary["warnings"], 6);
    assert_eq!(summary["notes"], 4);
    assert_eq!(summary["codes"]["duplicate-rule"], 1);
    assert_eq!(summary["first_line_past_limit"], serde_json::Value::Null);
    // Without --all, only the lines with findings.
    let out = run(&["--lint", s(&r), "--json"], b"");
    let (lines, _) = json_lines(&out.stdout);
    let shown: Vec<u64> = lines.iter().map(|l| l["line"].as_u64().unwrap()).collect();
    assert_eq!(shown, [1, 3, 4, 6, 7, 8, 9, 10, 12]);
}

#[test]
fn lint_of_a_clean_file_exits_0_and_notes_do_not_count() {
    let out = run(
        &["--lint", "-"],
        b"User-agent: *\nDisallow: /private\nCrawl-delay: 1\n",
    );
    let expected = "\
3 unsupported Crawl-delay: 1
  note: key \"Crawl-delay\" is not supported by Google; line ignored [unsupported-key]
4 lines, 2 directives: 0 errors, 0 warnings, 1 note
";
    assert_output(&out, 0, expected.as_bytes(), b"");
}

#[test]
fn lint_of_binary_input_does_not_fail() {
    let out = run(&["--lint", "-", "--all"], NON_UTF8);
    // Line 4's "Allow: /ok\xff\0zz" is cut at the NUL by Google but shown
    // whole, with the NUL escaped and the invalid byte kept. Lines 3 and 4
    // are not UTF-8 (a warning each), line 1 starts with a BOM (a note).
    assert_eq!(out.status.code(), Some(1));
    let text = out.stdout;
    let needle = b"4 allow       Allow: /ok\xff\\x00zz\n";
    assert!(
        text.windows(needle.len()).any(|w| w == needle),
        "{}",
        String::from_utf8_lossy(&text)
    );
    let out = run(&["--lint", "-", "--json", "--all"], NON_UTF8);
    assert_eq!(out.status.code(), Some(1));
    let (lines, summary) = json_lines(&out.stdout);
    assert_eq!(lines[1]["text"], "Disallow: /a\u{0}b");
    assert_eq!(lines[2]["text"], "Disallow: /\u{FFFD}t\u{FFFD}");
    assert_eq!(summary["codes"]["non-utf8"], 2);
    assert_eq!(summary["codes"]["byte-order-mark"], 1);
}

#[test]
fn lint_of_a_missing_file_exits_2() {
    let d = dir("lint_missing");
    let out = run(&["--lint", s(&d.join("nope.txt"))], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: cannot read robots.txt"));
}
