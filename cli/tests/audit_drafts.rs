//! `robots --audit FILE --agents-file robots.json --json` on a file with an
//! RSL `License:` line, a policy-token group and an `ai-use=n`
//! Content-Usage line: every agent of ai.robots.txt's list (an excerpt as
//! published, MIT; see NOTICE) reported with Google's verdict, the licence
//! URL, the policy token's answer for `/` and each `--path`, and the usage
//! preferences. Verdicts are worked out by hand from Google's rules in the
//! comments; the rest from RSL 1.0 ("License: [absoluteURL]", "not tied to
//! any specific user agent"), draft-kelley-aipref-training-preference-
//! signal-00 (a policy token's group read as any group) and
//! draft-ietf-aipref-vocab-08 (`ai-use`).

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_robots");

fn dir(test: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("audit_drafts")
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

fn audit(args: &[&str]) -> String {
    let out = Command::new(BIN)
        .arg("--audit")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

const ROBOTS_TXT: &str = "\
License: https://example.com/license.xml
User-agent: *
Allow: /
Disallow: /private/
Content-Usage: ai-use=n

User-agent: GPTBot
Disallow: /

User-agent: __usage_ai-training
Disallow: /
Allow: /blog/
";

/// Three entries of ai.robots.txt's robots.json, as published.
const ROBOTS_JSON: &str = r#"{
    "AI2Bot": {
        "operator": "[Ai2](https://allenai.org/crawler)",
        "respect": "Yes",
        "function": "Content is used to train open language models.",
        "frequency": "No information provided.",
        "description": "Explores 'certain domains' to find web content."
    },
    "GPTBot": {
        "operator": "[OpenAI](https://openai.com)",
        "respect": "Yes",
        "function": "Scrapes data to train OpenAI's products.",
        "frequency": "No information provided.",
        "description": "Data is used to train current and future models."
    },
    "ChatGPT Agent": {
        "operator": "[OpenAI](https://openai.com)",
        "respect": "Unclear at this time.",
        "function": "AI Agents",
        "frequency": "Unclear at this time.",
        "description": "ChatGPT Agent is an AI agent."
    }
}"#;

#[test]
fn audit_of_a_license_a_policy_token_and_ai_use_with_robots_json() {
    let d = dir("json");
    let robots = file(&d, "robots.txt", ROBOTS_TXT);
    let agents = file(&d, "robots.json", ROBOTS_JSON);
    let text = audit(&[
        &robots,
        "--agents-file",
        &agents,
        "--json",
        "--path",
        "/blog/a",
        "--path",
        "/private/x",
    ]);
    let report: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        report["license"],
        json!([{"value": "https://example.com/license.xml", "line": 1}])
    );
    assert_eq!(report["llm_policy"], json!([]));
    // The policy token's group (line 10): Disallow: / (11), Allow: /blog/
    // (12) the longer match at /blog/a.
    assert_eq!(
        report["policy_tokens"],
        json!([{"token": "__usage_ai-training", "known": true, "line": 10, "paths": [
            {"path": "/", "allowed": false, "line": 11, "rule": "Disallow: /"},
            {"path": "/blog/a", "allowed": true, "line": 12, "rule": "Allow: /blog/"},
            {"path": "/private/x", "allowed": false, "line": 11, "rule": "Disallow: /"},
        ]}])
    );
    let crawlers = report["crawlers"].as_array().unwrap();
    let tokens: Vec<&str> = crawlers
        .iter()
        .map(|c| c["token"].as_str().unwrap())
        .collect();
    assert_eq!(tokens, ["AI2Bot", "GPTBot", "ChatGPT Agent"]);
    // Operator and function as the list publishes them.
    assert_eq!(
        crawlers[0]["operator"],
        "[Ai2](https://allenai.org/crawler)"
    );
    assert_eq!(
        crawlers[0]["function"],
        "Content is used to train open language models."
    );
    assert_eq!(crawlers[2]["category"], "ai-assistant");
    // AI2Bot is matched as `AI`, ChatGPT Agent as `ChatGPT`: no group
    // names them, the `*` group (line 2) applies: Allow: / (3) at / and
    // /blog/a, Disallow: /private/ (4) at /private/x; ai-use=n (5) where
    // allowed, nothing where not (attach §3.1).
    let verdicts = |c: &Value| -> Vec<(bool, Value)> {
        c["paths"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p["allowed"].as_bool().unwrap(), p["line"].clone()))
            .collect()
    };
    for c in [&crawlers[0], &crawlers[2]] {
        assert_eq!(c["groups"], json!([2]));
        assert_eq!(
            verdicts(c),
            [(true, json!(3)), (true, json!(3)), (false, json!(4))]
        );
        assert_eq!(
            c["paths"][0]["preferences"]["Content-Usage"],
            json!({"ai-use": {"value": "n", "line": 5}})
        );
        assert_eq!(c["paths"][2]["preferences"]["Content-Usage"], json!({}));
    }
    assert_eq!(crawlers[0]["matched_as"], "AI");
    assert_eq!(crawlers[2]["matched_as"], "ChatGPT");
    // GPTBot: its own group (line 7), Disallow: / (8) everywhere.
    assert_eq!(crawlers[1]["groups"], json!([7]));
    assert_eq!(
        verdicts(&crawlers[1]),
        [(false, json!(8)), (false, json!(8)), (false, json!(8))]
    );
    assert!(
        report["summary"]
            .as_str()
            .unwrap()
            .starts_with("blocks 1 of 3 AI crawlers from /")
    );
}

#[test]
fn text_output_names_the_license_and_the_policy_token() {
    let d = dir("text");
    let robots = file(&d, "robots.txt", ROBOTS_TXT);
    let agents = file(&d, "robots.json", ROBOTS_JSON);
    let text = audit(&[&robots, "--agents-file", &agents]);
    assert!(
        text.starts_with(
            "License (line 1): https://example.com/license.xml\n\
         policy token __usage_ai-training (line 10): / disallowed (11)\n\n"
        ),
        "{text}"
    );
}

#[test]
fn the_report_of_many_groups_stays_small() {
    // 50,000 one-rule `*` groups (1.3 MB): each crawler shows the first 16
    // group lines and the count; the JSON once listed every group for every
    // crawler (160 MB of output for a 10 MB file).
    let d = dir("groups");
    let body = "User-agent: *\nDisallow: /x\n".repeat(50_000);
    let robots = file(&d, "robots.txt", &body);
    let text = audit(&[&robots, "--json", "--no-size-limit"]);
    let report: Value = serde_json::from_str(&text).unwrap();
    for c in report["crawlers"].as_array().unwrap() {
        assert_eq!(c["groups"].as_array().unwrap().len(), 16);
        assert_eq!(c["group_count"], 50_000);
    }
    assert!(text.len() < 100_000, "{}", text.len());
}
