//! The `robots` binary, run as a user runs it: `--check`, many URLs at once, and `--explain`, one URL.

// Raw-byte arguments and `arg0` need Unix; so does the tool's byte-exactness.
#![cfg(unix)]

mod common;

use common::*;

// ---------------------------------------------------------------------------
// --check: many URLs.
// ---------------------------------------------------------------------------

#[test]
fn check_reads_urls_from_stdin_one_line_per_url() {
    let d = dir("check_stdin");
    let r = file(&d, "robots.txt", ROBOTS);
    // Surrounding whitespace and CR are trimmed; blank lines are skipped.
    let urls = b"http://example.com/public\n\n  http://example.com/private/x \r\nhttp://example.com/private/ok/1";
    let out = run(&["--check", s(&r), "--agent", "FooBot"], urls);
    assert_output(
        &out,
        1,
        b"ALLOWED http://example.com/public\n\
          DISALLOWED http://example.com/private/x\n\
          ALLOWED http://example.com/private/ok/1\n",
        b"",
    );
}

#[test]
fn check_exits_0_when_every_url_is_allowed() {
    let d = dir("check_all_allowed");
    let r = file(&d, "robots.txt", ROBOTS);
    let urls = file(
        &d,
        "urls.txt",
        b"http://example.com/a\nhttp://example.com/all-no\n",
    );
    // FooBot's own group makes it ignore "*", so /all-no is allowed.
    let out = run(
        &["--check", s(&r), "--agent", "FooBot", "--urls", s(&urls)],
        b"",
    );
    assert_output(
        &out,
        0,
        b"ALLOWED http://example.com/a\nALLOWED http://example.com/all-no\n",
        b"",
    );
}

#[test]
fn check_takes_url_options_before_the_url_file() {
    let d = dir("check_url_options");
    let r = file(&d, "robots.txt", ROBOTS);
    let urls = file(&d, "urls.txt", b"/all-no\n");
    let out = run(
        &[
            "--check",
            s(&r),
            "--agent",
            "BarBot",
            "--url",
            "/public",
            "--urls",
            s(&urls),
            "--url",
            "/x",
        ],
        b"",
    );
    assert_output(
        &out,
        1,
        b"ALLOWED /public\nALLOWED /x\nDISALLOWED /all-no\n",
        b"",
    );
}

#[test]
fn check_with_several_agents_applies_all_their_groups() {
    // As Google's AllowedByRobots with a list: BarBot alone gets "*"; with
    // FooBot too, FooBot's group applies and "*" is ignored.
    let d = dir("check_agents");
    let r = file(&d, "robots.txt", ROBOTS);
    let out = run(
        &[
            "--check",
            s(&r),
            "--agent",
            "BarBot",
            "--agent",
            "FooBot",
            "--url",
            "/all-no",
            "--url",
            "/private",
        ],
        b"",
    );
    assert_output(&out, 1, b"ALLOWED /all-no\nDISALLOWED /private\n", b"");
}

#[test]
fn check_explain_names_the_line_and_the_group() {
    let d = dir("check_explain");
    let r = file(&d, "robots.txt", ROBOTS);
    // FooBot: line 2 "Disallow: /private" decides /private/x; line 3
    // "Allow: /private/ok" is longer for /private/ok/1; nothing matches
    // /public, and FooBot's group makes "*" irrelevant.
    let out = run(
        &["--check", s(&r), "--agent", "FooBot", "--explain"],
        b"/private/x\n/private/ok/1\n/public\n",
    );
    assert_output(
        &out,
        1,
        b"DISALLOWED /private/x [line 2, specific group] Disallow: /private\n\
          ALLOWED /private/ok/1 [line 3, specific group] Allow: /private/ok\n\
          ALLOWED /public [no matching rule, specific group]\n",
        b"",
    );
    // BarBot: no group names it, so "*" (line 6) decides, or nothing does.
    let out = run(
        &[
            "--check",
            s(&r),
            "--agent",
            "BarBot",
            "--explain",
            "--url",
            "/all-no/1",
            "--url",
            "/private",
        ],
        b"",
    );
    assert_output(
        &out,
        1,
        b"DISALLOWED /all-no/1 [line 6, global group] Disallow: /all-no\n\
          ALLOWED /private [no matching rule]\n",
        b"",
    );
}

#[test]
fn check_explain_shows_control_bytes_escaped() {
    let d = dir("check_explain_nul");
    let r = file(&d, "robots.txt", NON_UTF8);
    // The BOM is not part of line 1; line 2 decides, shown with its NUL.
    let out = run(
        &[
            "--check",
            s(&r),
            "--agent",
            "a",
            "--explain",
            "--url",
            "/a1",
        ],
        b"",
    );
    assert_output(
        &out,
        1,
        b"DISALLOWED /a1 [line 2, global group] Disallow: /a\\x00b\n",
        b"",
    );
}

#[test]
fn check_json_is_one_object_per_line() {
    let d = dir("check_json");
    let r = file(&d, "robots.txt", ROBOTS);
    let out = run(
        &["--check", s(&r), "--agent", "FooBot", "--json"],
        b"/private/x\n/public\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = out
        .stdout
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    assert_eq!(
        lines,
        [
            serde_json::json!({"url": "/private/x", "allowed": false}),
            serde_json::json!({"url": "/public", "allowed": true}),
        ]
    );
}

#[test]
fn check_json_explain_adds_line_rule_and_group() {
    let d = dir("check_json_explain");
    let r = file(&d, "robots.txt", ROBOTS);
    let out = run(
        &["--check", s(&r), "--agent", "BarBot", "--json", "--explain"],
        b"/all-no\n/public\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = out
        .stdout
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    assert_eq!(
        lines,
        [
            serde_json::json!({"url": "/all-no", "allowed": false, "line": 6,
                               "rule": "Disallow: /all-no", "specific_group": false}),
            serde_json::json!({"url": "/public", "allowed": true, "line": null,
                               "rule": null, "specific_group": false}),
        ]
    );
}

#[test]
fn check_errors_exit_2_with_a_message() {
    let d = dir("check_errors");
    let r = file(&d, "robots.txt", ROBOTS);
    let missing = d.join("missing.txt");

    let out = run(&["--check", s(&missing), "--agent", "a", "--url", "/"], b"");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: cannot read robots.txt"), "{err}");

    let out = run(
        &["--check", s(&r), "--agent", "a", "--urls", s(&missing)],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: cannot read URL file"), "{err}");

    // --agent is required; clap reports it.
    let out = run(&["--check", s(&r), "--url", "/"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--agent"));

    let out = run(&["--check", s(&r), "--agent", "a", "--bogus"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());

    // Standard input cannot be both.
    let out = run(&["--check", "-", "--agent", "a"], b"User-agent: *\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("standard input"));
}

#[test]
fn check_reads_robots_txt_from_stdin() {
    let out = run(
        &["--check", "-", "--agent", "a", "--url", "/x", "--url", "/y"],
        b"User-agent: *\nDisallow: /x\n",
    );
    assert_output(&out, 1, b"DISALLOWED /x\nALLOWED /y\n", b"");
}

#[test]
fn check_many_urls_in_one_run() {
    let d = dir("check_many");
    let r = file(&d, "robots.txt", b"User-agent: *\nDisallow: /*.pdf$\n");
    let mut urls = Vec::new();
    let mut expected = Vec::new();
    for i in 0..5000 {
        let (url, verdict) = if i % 3 == 0 {
            (format!("/doc/{i}.pdf"), "DISALLOWED")
        } else {
            (format!("/doc/{i}.pdf?x"), "ALLOWED")
        };
        urls.extend_from_slice(format!("{url}\n").as_bytes());
        expected.extend_from_slice(format!("{verdict} {url}\n").as_bytes());
    }
    let out = run(&["--check", s(&r), "--agent", "a"], &urls);
    assert_output(&out, 1, &expected, b"");
}

// ---------------------------------------------------------------------------
// --explain: one URL.
// ---------------------------------------------------------------------------

#[test]
fn explain_text_and_status() {
    let d = dir("explain");
    let r = file(&d, "robots.txt", ROBOTS);
    let out = run(
        &["--explain", s(&r), "FooBot", "http://example.com/private/x"],
        b"",
    );
    assert_output(
        &out,
        1,
        b"DISALLOWED http://example.com/private/x [line 2, specific group] Disallow: /private\n",
        b"",
    );
    let out = run(&["--explain", s(&r), "BarBot", "http://example.com/"], b"");
    assert_output(
        &out,
        0,
        b"ALLOWED http://example.com/ [no matching rule]\n",
        b"",
    );
}

#[test]
fn explain_json() {
    let d = dir("explain_json");
    let r = file(&d, "robots.txt", ROBOTS);
    let out = run(
        &["--explain", s(&r), "FooBot", "/private/ok", "--json"],
        b"",
    );
    assert_eq!(out.status.code(), Some(0));
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        value,
        serde_json::json!({"url": "/private/ok", "allowed": true, "line": 3,
                           "rule": "Allow: /private/ok", "specific_group": true})
    );
}

#[test]
fn explain_needs_three_arguments() {
    let out = run(&["--explain", "robots.txt", "FooBot"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("<URL>"));
}
