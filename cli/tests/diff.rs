//! The `robots` binary, run as a user runs it: `--diff`: what changes between two robots.txt files.

// Raw-byte arguments and `arg0` need Unix; so does the tool's byte-exactness.
#![cfg(unix)]

mod common;

use common::*;

// ---------------------------------------------------------------------------
// --diff.
// ---------------------------------------------------------------------------

const DIFF_OLD: &[u8] = b"User-agent: FooBot\nDisallow: /a\nAllow: /a/open\n\nUser-agent: *\nDisallow: /tmp\nDisallow: /old\n";
const DIFF_NEW: &[u8] = b"User-agent: FooBot\nDisallow: /a\nDisallow: /b\n\nUser-agent: *\nDisallow: /tmp\nUser-agent: BarBot\nDisallow: /bar\n";

#[test]
fn diff_lists_the_urls_whose_verdict_changes_with_both_deciding_lines() {
    let d = dir("diff_urls");
    let old = file(&d, "old.txt", DIFF_OLD);
    let new = file(&d, "new.txt", DIFF_NEW);
    let urls = file(
        &d,
        "urls.txt",
        b"https://e.com/a/open/1\nhttps://e.com/b\nhttps://e.com/c\nhttps://e.com/a/x\n",
    );
    // FooBot, old: Disallow /a (2), Allow /a/open (3). New: Disallow /a (2),
    // Disallow /b (3). /a/open/1: allowed by line 3, now disallowed by line
    // 2. /b: no rule before, line 3 now. /c: no rule in either. /a/x:
    // disallowed by line 2 in both.
    let out = run(
        &[
            "--diff",
            s(&old),
            s(&new),
            "--agent",
            "FooBot",
            "--urls",
            s(&urls),
        ],
        b"",
    );
    let expected = "\
NEWLY DISALLOWED https://e.com/a/open/1
  old: ALLOWED [line 3, specific group] Allow: /a/open
  new: DISALLOWED [line 2, specific group] Disallow: /a
NEWLY DISALLOWED https://e.com/b
  old: ALLOWED [no matching rule, specific group]
  new: DISALLOWED [line 3, specific group] Disallow: /b
4 URLs compared: 2 newly disallowed, 0 newly allowed
";
    assert_output(&out, 1, expected.as_bytes(), b"");

    // BarBot, old: only "*" (Disallow /tmp 6, /old 7). New: "User-agent:
    // BarBot" on line 7 follows a rule, so it starts a group of its own
    // (Disallow /bar, line 8) and "*" no longer applies to BarBot. /old and
    // /tmp/1: disallowed by lines 7 and 6, now allowed with no matching rule
    // in BarBot's group; /bar: newly disallowed by line 8.
    let out = run(
        &[
            "--diff",
            s(&old),
            s(&new),
            "--agent",
            "BarBot",
            "--urls",
            "-",
            "--json",
        ],
        b"https://e.com/old\nhttps://e.com/tmp/1\nhttps://e.com/bar\n",
    );
    let lines: Vec<serde_json::Value> = out
        .stdout
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    assert_eq!(
        lines,
        [
            serde_json::json!({"url": "https://e.com/old", "change": "newly-allowed",
                "old": {"allowed": false, "line": 7, "rule": "Disallow: /old", "specific_group": false},
                "new": {"allowed": true, "line": null, "rule": null, "specific_group": true}}),
            serde_json::json!({"url": "https://e.com/tmp/1", "change": "newly-allowed",
                "old": {"allowed": false, "line": 6, "rule": "Disallow: /tmp", "specific_group": false},
                "new": {"allowed": true, "line": null, "rule": null, "specific_group": true}}),
            serde_json::json!({"url": "https://e.com/bar", "change": "newly-disallowed",
                "old": {"allowed": true, "line": null, "rule": null, "specific_group": false},
                "new": {"allowed": false, "line": 8, "rule": "Disallow: /bar", "specific_group": true}}),
            serde_json::json!({"summary": {"urls": 3, "newly_disallowed": 1, "newly_allowed": 2}}),
        ]
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn diff_without_urls_lists_rules_added_and_removed_per_agent() {
    let d = dir("diff_rules");
    let old = file(&d, "old.txt", DIFF_OLD);
    let new = file(&d, "new.txt", DIFF_NEW);
    // "*": Disallow /old removed. BarBot is new, in a group of its own
    // (line 7 follows a rule): Disallow /bar added. FooBot: Allow /a/open
    // removed, Disallow /b added. Agents in Google's comparison form
    // (lower case), sorted.
    let out = run(&["--diff", s(&old), s(&new)], b"");
    let expected = "\
*:
  - Disallow: /old (old line 7)
barbot:
  + Disallow: /bar (new line 8)
foobot:
  - Allow: /a/open (old line 3)
  + Disallow: /b (new line 3)
2 rules added, 2 removed, for 3 agents
";
    assert_output(&out, 1, expected.as_bytes(), b"");
    let out = run(&["--diff", s(&old), s(&new), "--agent", "FOOBOT"], b"");
    let expected = "\
foobot:
  - Allow: /a/open (old line 3)
  + Disallow: /b (new line 3)
1 rule added, 1 removed, for 1 agent
";
    assert_output(&out, 1, expected.as_bytes(), b"");
    let out = run(&["--diff", s(&old), s(&old)], b"");
    assert_output(&out, 0, b"0 rules added, 0 removed, for 0 agents\n", b"");
}

#[test]
fn diff_of_urls_needs_an_agent_and_one_standard_input() {
    let d = dir("diff_errors");
    let old = file(&d, "old.txt", DIFF_OLD);
    let out = run(&["--diff", s(&old), "-", "--url", "https://e.com/"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("give --agent"));
    let out = run(&["--diff", "-", "-"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("only one of OLD, NEW and the URLs"));
}

#[test]
fn diff_compares_a_fetched_site_with_a_file() {
    let d = dir("diff_fetch");
    let new = file(&d, "new.txt", DIFF_NEW);
    let server = Server::start(|_| Reply::ok(DIFF_OLD));
    let out = run(
        &[
            "--diff",
            &server.base(),
            s(&new),
            "--agent",
            "FooBot",
            "--url",
            "https://e.com/b",
        ],
        b"",
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "NEWLY DISALLOWED https://e.com/b\n  old: ALLOWED [no matching rule, specific group]\n  \
         new: DISALLOWED [line 3, specific group] Disallow: /b\n1 URL compared: 1 newly \
         disallowed, 0 newly allowed\n"
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "fetched {}/robots.txt: HTTP 200, 92 bytes: its rules apply\n",
            server.base()
        )
    );
}
