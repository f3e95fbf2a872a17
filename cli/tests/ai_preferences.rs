//! `robots --audit`, and the usage preferences `--explain` shows, run as a
//! user runs them. Expected verdicts follow from Google's rules, worked out
//! by hand in the comments; expected preferences from
//! draft-ietf-aipref-attach-05 §3.4 and the Content Signals Policy.

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_robots");

fn dir(test: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("ai_preferences")
        .join(test);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn file(dir: &Path, name: &str, body: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, body).unwrap();
    p.to_string_lossy().into_owned()
}

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// attach §3.4's example, with a Content-Signal line added.
const ATTACH: &str = "User-Agent: *
Allow: /
Disallow: /never/
Content-Usage: train-ai=n
Content-Usage: /ai-ok/ train-ai=y
Content-Signal: search=yes, ai-train=no

User-Agent: ExampleBot
Allow: /
Content-Usage: train-ai=y
";

#[test]
fn explain_shows_the_preferences_that_apply() {
    let d = dir("explain");
    let r = file(&d, "robots.txt", ATTACH);
    let out = run(&["--explain", &r, "OtherBot", "https://example.com/ai-ok/x"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "ALLOWED https://example.com/ai-ok/x [line 2, global group] Allow: / \
         [Content-Signal search=yes (line 6), ai-train=no (line 6); \
         Content-Usage train-ai=y (line 5)]\n"
    );
    // Not fetchable: nothing applies, and nothing is shown.
    let out = run(&["--explain", &r, "OtherBot", "https://example.com/never/x"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        "DISALLOWED https://example.com/never/x [line 3, global group] Disallow: /never/\n"
    );
    let out = run(&["--explain", &r, "ExampleBot", "/test", "--json"]);
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        value["preferences"],
        serde_json::json!({"Content-Signal": {},
                           "Content-Usage": {"train-ai": {"value": "y", "line": 10}}})
    );
}

#[test]
fn explain_without_preference_lines_is_unchanged() {
    let d = dir("explain_plain");
    let r = file(&d, "robots.txt", "User-agent: *\nDisallow: /x\n");
    let out = run(&["--explain", &r, "A", "/y", "--json"]);
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(value.get("preferences").is_none());
}

const BLOCKING: &str = "User-agent: GPTBot
User-agent: ClaudeBot
Disallow: /

User-agent: CCBot
Disallow: /private/
Allow: /

User-agent: archive.org_bot
Disallow: /

User-agent: *
Disallow: /admin/
Content-Signal: search=yes, ai-train=no
Request-rate: 1/5
";

#[test]
fn audit_text() {
    let d = dir("audit_text");
    let r = file(&d, "robots.txt", BLOCKING);
    let out = run(&["--audit", &r, "--path", "/private/x"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    let row = |token: &str| {
        text.lines()
            .find(|l| l.starts_with(&format!("{token} ")))
            .unwrap_or_else(|| panic!("no row for {token} in\n{text}"))
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    // GPTBot: named in the first group; `Disallow: /` (line 3) matches
    // everything.
    assert_eq!(
        row("GPTBot"),
        "GPTBot ai-training disallowed (3) disallowed (3) line 1 -"
    );
    // CCBot: `Allow: /` (line 7) at /, `Disallow: /private/` (line 6) wins
    // at /private/x, being longer.
    assert_eq!(
        row("CCBot"),
        "CCBot ai-training allowed (7) disallowed (6) line 5 -"
    );
    // archive.org_bot is read as `archive`, its group's `Disallow: /` is
    // line 10.
    assert!(
        row("archive.org_bot").starts_with("archive.org_bot (as archive) archiver disallowed (10)")
    );
    // PerplexityBot: no group names it; the `*` group (line 12) has no rule
    // matching / or /private/x; its Content-Signal (line 14) and
    // Request-rate apply.
    assert_eq!(
        row("PerplexityBot"),
        "PerplexityBot ai-search allowed allowed * line 12 Content-Signal search=yes (line 14), \
         ai-train=no (line 14); Request-rate 1/5s"
    );
    // GPTBot and ClaudeBot among the AI crawlers, and archive.org_bot.
    let ai = text.lines().find(|l| l.starts_with("blocks ")).unwrap();
    assert!(ai.starts_with("blocks 2 of "), "{ai}");
    assert!(ai.contains(" AI crawlers from / (3 of "), "{ai}");
    assert!(text.contains("each crawler's own parser may differ"));
}

#[test]
fn audit_json_and_own_list() {
    let d = dir("audit_json");
    let r = file(&d, "robots.txt", BLOCKING);
    let list = file(&d, "agents.txt", "# mine\nGPTBot ai-training\nMyBot\n");
    let out = run(&["--audit", &r, "--agents-file", &list, "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        value["summary"],
        "blocks 1 of 1 AI crawlers from / (1 of 2 crawlers in all)"
    );
    let gpt = &value["crawlers"][0];
    assert_eq!(gpt["token"], "GPTBot");
    assert_eq!(gpt["paths"][0]["allowed"], false);
    assert_eq!(gpt["paths"][0]["line"], 3);
    assert_eq!(gpt["paths"][0]["rule"], "Disallow: /");
    let mine = &value["crawlers"][1];
    assert_eq!(mine["category"], "other");
    assert_eq!(mine["specific_group"], false);
    assert_eq!(mine["groups"], serde_json::json!([12]));
    assert_eq!(
        mine["paths"][0]["preferences"]["Content-Signal"]["ai-train"],
        serde_json::json!({"value": "no", "line": 14})
    );
    assert_eq!(mine["request_rate"]["seconds"], 5);
}

#[test]
fn audit_errors() {
    let d = dir("audit_errors");
    let r = file(&d, "robots.txt", BLOCKING);
    let bad = file(&d, "agents.txt", "GPTBot robots\n");
    let out = run(&["--audit", &r, "--agents-file", &bad]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 1: unknown category"));
    let out = run(&["--audit", &d.join("missing").to_string_lossy()]);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["--audit", "--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("requests, not access control"));
}
