//! The `robots` binary, run as a user runs it.
//!
//! The three-argument form's expected bytes and exit statuses come from
//! Google's `robots_main.cc` and from a recording of Google's own binary
//! (run as `robots_main`, hence `arg0("robots_main")` here). The extended
//! modes' expected outputs follow from Google's matching rules, worked out
//! by hand in the comments.

// Raw-byte arguments and `arg0` need Unix; so does the tool's byte-exactness.
#![cfg(unix)]

use std::ffi::OsStr;
use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_robots");

/// Google's help text for a program invoked as `argv0`.
fn google_help(argv0: &str) -> String {
    format!(
        "Shows whether the given user_agent and URI combination is allowed or disallowed by \
         the given robots.txt file. \n\nUsage: \n  {argv0} <robots.txt filename> <user_agent> \
         <URI>\n\nThe URI must be %-encoded according to RFC3986.\n\nExample: \n  {argv0} \
         robots.txt FooBot http://example.com/foo\n"
    )
}

fn invalid_amount(argv0: &str) -> String {
    format!(
        "Invalid amount of arguments. Showing help.\n\n{}",
        google_help(argv0)
    )
}

/// A directory of its own per test, under Cargo's scratch space.
fn dir(test: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("cli")
        .join(test);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn file(dir: &Path, name: &str, body: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, body).unwrap();
    p
}

/// The recording's robots.txt.
const ROBOTS: &[u8] = b"User-agent: FooBot\nDisallow: /private\nAllow: /private/ok\n\nUser-agent: *\nDisallow: /all-no\n";

/// Runs the binary as `robots_main` with raw-byte arguments.
fn google<A: AsRef<OsStr>>(args: &[A]) -> Output {
    Command::new(BIN)
        .arg0("robots_main")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn run_in(cwd: &Path, args: &[&OsStr], stdin: &[u8]) -> Output {
    let mut child = Command::new(BIN)
        .arg0("robots")
        .args(args)
        .current_dir(cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    // The tool may exit before reading; a closed pipe is fine then.
    let _ = input.write_all(stdin);
    drop(input);
    child.wait_with_output().unwrap()
}

fn run(args: &[&str], stdin: &[u8]) -> Output {
    let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    run_in(Path::new("."), &args, stdin)
}

#[track_caller]
fn assert_output(out: &Output, code: i32, stdout: &[u8], stderr: &[u8]) {
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(stdout),
        "stdout"
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        String::from_utf8_lossy(stderr),
        "stderr"
    );
    assert_eq!(out.stdout, stdout, "stdout bytes");
    assert_eq!(out.stderr, stderr, "stderr bytes");
    assert_eq!(out.status.code(), Some(code), "exit status");
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

// ---------------------------------------------------------------------------
// Google's three-argument form.
// ---------------------------------------------------------------------------

#[test]
fn google_allowed_prints_the_verdict_and_exits_0() {
    let d = dir("allowed");
    let r = file(&d, "robots.txt", ROBOTS);
    let out = google(&[s(&r), "FooBot", "http://example.com/public"]);
    assert_output(
        &out,
        0,
        b"user-agent 'FooBot' with URI 'http://example.com/public': ALLOWED\n",
        b"",
    );
    let out = google(&[s(&r), "FooBot", "http://example.com/private/ok/1"]);
    assert_output(
        &out,
        0,
        b"user-agent 'FooBot' with URI 'http://example.com/private/ok/1': ALLOWED\n",
        b"",
    );
}

#[test]
fn google_disallowed_exits_1() {
    let d = dir("disallowed");
    let r = file(&d, "robots.txt", ROBOTS);
    let out = google(&[s(&r), "FooBot", "http://example.com/private/x"]);
    assert_output(
        &out,
        1,
        b"user-agent 'FooBot' with URI 'http://example.com/private/x': DISALLOWED\n",
        b"",
    );
}

#[test]
fn google_another_agent_falls_to_the_global_group() {
    let d = dir("another_agent");
    let r = file(&d, "robots.txt", ROBOTS);
    let out = google(&[s(&r), "BarBot", "http://example.com/all-no"]);
    assert_output(
        &out,
        1,
        b"user-agent 'BarBot' with URI 'http://example.com/all-no': DISALLOWED\n",
        b"",
    );
    // FooBot has its own group, so "*" does not apply to it.
    let out = google(&[s(&r), "FooBot", "http://example.com/all-no"]);
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn google_query_agent_is_not_shortened() {
    // "FooBot/1.0" is compared whole, so FooBot's group does not apply.
    let d = dir("agent_version");
    let r = file(&d, "robots.txt", ROBOTS);
    let out = google(&[s(&r), "FooBot/1.0", "http://example.com/private/x"]);
    assert_output(
        &out,
        0,
        b"user-agent 'FooBot/1.0' with URI 'http://example.com/private/x': ALLOWED\n",
        b"",
    );
}

#[test]
fn google_empty_file_adds_the_notice() {
    let d = dir("empty");
    let r = file(&d, "empty.txt", b"");
    let out = google(&[s(&r), "FooBot", "http://example.com/"]);
    assert_output(
        &out,
        0,
        b"user-agent 'FooBot' with URI 'http://example.com/': ALLOWED\n\
          notice: robots file is empty so all user-agents are allowed\n",
        b"",
    );
}

#[test]
fn google_missing_file_fails_with_its_message() {
    let d = dir("missing");
    let missing = d.join("does-not-exist.txt");
    let out = google(&[s(&missing), "FooBot", "http://example.com/"]);
    let stderr = format!("failed to read file \"{}\"\n", s(&missing));
    assert_output(&out, 2, b"", stderr.as_bytes());
}

#[test]
fn google_directory_fails_with_the_read_message() {
    // Google's binary aborts on a directory (std::bad_alloc); we keep its
    // unreadable-file message and status instead of crashing.
    let d = dir("directory");
    let out = google(&[s(&d), "FooBot", "http://example.com/"]);
    let stderr = format!("failed to read file \"{}\"\n", s(&d));
    assert_output(&out, 2, b"", stderr.as_bytes());
}

#[test]
fn google_wrong_argument_counts_show_help_and_exit_2() {
    let d = dir("counts");
    let r = file(&d, "robots.txt", ROBOTS);
    let expected = invalid_amount("robots_main");
    let cases: [&[&str]; 5] = [
        &[],
        &[s(&r)],
        &[s(&r), "FooBot"],
        &[s(&r), "FooBot", "http://example.com/", "extra"],
        // "--help" only counts as help in first position.
        &[s(&r), "--help"],
    ];
    for args in cases {
        let out = google(args);
        assert_output(&out, 2, b"", expected.as_bytes());
    }
}

#[test]
fn google_each_help_flag_shows_help_and_exits_2_whatever_follows() {
    let expected = google_help("robots_main");
    for flag in ["-h", "-help", "--help"] {
        for args in [
            vec![flag],
            vec![flag, "FooBot", "http://example.com/"],
            vec![flag, "FooBot", "http://example.com/", "x"],
        ] {
            let out = google(&args);
            assert_output(&out, 2, b"", expected.as_bytes());
        }
    }
}

#[test]
fn google_help_names_the_program_as_invoked() {
    let out = Command::new(BIN).arg("-h").output().unwrap();
    assert_output(&out, 2, b"", google_help(BIN).as_bytes());
    let out = Command::new(BIN).arg0("").output().unwrap();
    assert_output(&out, 2, b"", invalid_amount("").as_bytes());
}

#[test]
fn google_help_flags_are_case_sensitive() {
    let out = google(&["-H", "FooBot", "http://example.com/"]);
    assert_output(&out, 2, b"", b"failed to read file \"-H\"\n");
}

#[test]
fn google_help_as_agent_of_a_three_argument_call_is_an_agent() {
    let d = dir("help_agent");
    let r = file(&d, "robots.txt", ROBOTS);
    let out = google(&[s(&r), "--help", "http://example.com/private"]);
    assert_output(
        &out,
        0,
        b"user-agent '--help' with URI 'http://example.com/private': ALLOWED\n",
        b"",
    );
}

/// A byte order mark, a NUL inside a rule (Google stops the line there), a
/// Latin-1 rule (escaped to %E9) and an invalid UTF-8 byte before a NUL.
const NON_UTF8: &[u8] =
    b"\xef\xbb\xbfUser-agent: *\nDisallow: /a\x00b\nDisallow: /\xe9t\xe9\nAllow: /ok\xff\x00zz\n";

#[test]
fn google_non_utf8_file_with_nul_in_a_rule() {
    let d = dir("non_utf8");
    let r = file(&d, "nonutf8_nul.txt", NON_UTF8);
    let cases: [(&[u8], i32, &[u8]); 5] = [
        (b"http://example.com/a-anything", 1, b"DISALLOWED"),
        (b"http://example.com/b", 0, b"ALLOWED"),
        (b"http://example.com/%E9t%E9", 1, b"DISALLOWED"),
        (b"http://example.com/\xe9t\xe9", 0, b"ALLOWED"),
        (b"http://example.com/ok%FF", 0, b"ALLOWED"),
    ];
    for (url, code, verdict) in cases {
        let out = google(&[r.as_os_str(), OsStr::new("FooBot"), OsStr::from_bytes(url)]);
        let mut stdout = b"user-agent 'FooBot' with URI '".to_vec();
        stdout.extend_from_slice(url);
        stdout.extend_from_slice(b"': ");
        stdout.extend_from_slice(verdict);
        stdout.push(b'\n');
        assert_output(&out, code, &stdout, b"");
    }
}

#[test]
fn google_non_utf8_arguments_are_echoed_as_bytes() {
    let d = dir("non_utf8_args");
    let r = file(&d, "robots.txt", ROBOTS);
    let out = google(&[
        r.as_os_str(),
        OsStr::from_bytes(b"Foo\xffBot"),
        OsStr::from_bytes(b"http://example.com/\xff"),
    ]);
    assert_output(
        &out,
        0,
        b"user-agent 'Foo\xffBot' with URI 'http://example.com/\xff': ALLOWED\n",
        b"",
    );
    let out = google(&[s(&r), "", ""]);
    assert_output(&out, 0, b"user-agent '' with URI '': ALLOWED\n", b"");
}

#[test]
fn google_crlf_file_and_urls_without_scheme() {
    let d = dir("crlf");
    let crlf = file(&d, "crlf.txt", b"User-agent: FooBot\r\nDisallow: /x\r\n");
    let out = google(&[s(&crlf), "FooBot", "http://example.com/x"]);
    assert_output(
        &out,
        1,
        b"user-agent 'FooBot' with URI 'http://example.com/x': DISALLOWED\n",
        b"",
    );
    let r = file(&d, "robots.txt", ROBOTS);
    for url in ["example.com/private", "/private"] {
        let out = google(&[s(&r), "FooBot", url]);
        let stdout = format!("user-agent 'FooBot' with URI '{url}': DISALLOWED\n");
        assert_output(&out, 1, stdout.as_bytes(), b"");
    }
}

// ---------------------------------------------------------------------------
// Telling the forms apart: only a first argument starting with "--".
// ---------------------------------------------------------------------------

#[test]
fn mode_names_without_dashes_are_file_names() {
    let d = dir("bare_names");
    // Three arguments: Google's form, reading a file called "lint".
    let out = run_in(
        &d,
        &[
            OsStr::new("lint"),
            OsStr::new("robots.txt"),
            OsStr::new("x"),
        ],
        b"",
    );
    assert_output(&out, 2, b"", b"failed to read file \"lint\"\n");
    file(&d, "check", b"User-agent: *\nDisallow: /\n");
    let out = run_in(
        &d,
        &[
            OsStr::new("check"),
            OsStr::new("FooBot"),
            OsStr::new("http://example.com/"),
        ],
        b"",
    );
    assert_output(
        &out,
        1,
        b"user-agent 'FooBot' with URI 'http://example.com/': DISALLOWED\n",
        b"",
    );
    // Other counts: Google's usage error.
    let out = run_in(&d, &[OsStr::new("lint"), OsStr::new("check")], b"");
    assert_output(&out, 2, b"", invalid_amount("robots").as_bytes());
}

#[test]
fn a_path_starting_with_dashes_is_written_dot_slash() {
    let d = dir("dash_path");
    file(&d, "--lint", b"User-agent: *\nDisallow: /\n");
    let out = run_in(
        &d,
        &[
            OsStr::new("./--lint"),
            OsStr::new("FooBot"),
            OsStr::new("/x"),
        ],
        b"",
    );
    assert_output(
        &out,
        1,
        b"user-agent 'FooBot' with URI '/x': DISALLOWED\n",
        b"",
    );
}

#[test]
fn an_unknown_double_dash_mode_is_an_error() {
    let out = run(&["--nope", "a", "b"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: unknown mode '--nope'"), "{err}");
    assert!(err.contains("./--name"), "{err}");
}

#[test]
fn version_and_help_all_exit_0() {
    let out = run(&["--version"], b"");
    let expected = format!("robots {}\n", env!("CARGO_PKG_VERSION"));
    assert_output(&out, 0, expected.as_bytes(), b"");
    let out = run(&["--help-all"], b"");
    assert_eq!(out.status.code(), Some(0));
    let help = String::from_utf8_lossy(&out.stdout);
    for mode in ["--check", "--explain", "--lint", "-h | -help | --help"] {
        assert!(help.contains(mode), "{mode} missing from:\n{help}");
    }
    let out = run(&["--help-all", "x"], b"");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_mode_help_is_on_stdout_with_status_0() {
    for mode in ["--check", "--explain", "--lint"] {
        let out = run(&[mode, "--help"], b"");
        assert_eq!(out.status.code(), Some(0), "{mode}");
        let help = String::from_utf8_lossy(&out.stdout);
        assert!(help.contains(&format!("Usage: robots {mode}")), "{help}");
    }
}

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
fn lint_text_lists_every_line_and_its_findings() {
    let d = dir("lint_text");
    let r = file(&d, "robots.txt", MESSY);
    let out = run(&["--lint", s(&r)], b"");
    // Line 1: a rule before any user-agent. Line 3: an accepted typo.
    // Line 4: a missing colon; its pattern /y is also allowed on line 5, and
    // allow wins ties. Line 6 repeats line 3's rule (typos read as disallow).
    // Line 10 starts a group whose only agent names no crawler. Line 12
    // starts the last group, which has no rules; only "Googlebot" of it is
    // compared. Line 13 is the empty line after the final newline.
    // (The literal starts with a newline so that line 1 keeps its padding.)
    let expected = "
 1 disallow    Disallow: /early
   warning: rule before any user-agent line; no crawler uses it [rule-outside-group]
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
   warning: no user-agent of this group names a crawler; its 1 rule(s) are never used [unreachable-group]
11 disallow    Disallow: /
12 user-agent  User-agent: Googlebot/2.1
   note: only \"Googlebot\" of this user-agent is compared with crawler names [partial-user-agent]
   warning: group has no allow or disallow rules; a crawler named only here may fetch everything and ignores the \"*\" group [empty-group]
13 empty
13 lines, 9 directives: 8 warnings, 4 notes
";
    assert_output(&out, 1, &expected.as_bytes()[1..], b"");
}

#[test]
fn lint_json_has_kinds_codes_and_summary() {
    let d = dir("lint_json");
    let r = file(&d, "robots.txt", MESSY);
    let out = run(&["--lint", s(&r), "--json"], b"");
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let kinds: Vec<&str> = v["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["kind"].as_str().unwrap())
        .collect();
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
    let codes: Vec<(u64, &str, &str)> = v["lines"]
        .as_array()
        .unwrap()
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
            (1, "warning", "rule-outside-group"),
            (3, "note", "accepted-typo"),
            (4, "note", "missing-colon"),
            (4, "warning", "overridden-disallow"),
            (6, "warning", "duplicate-rule"),
            (7, "note", "unsupported-key"),
            (8, "warning", "unknown-key"),
            (9, "warning", "malformed-line"),
            (10, "warning", "invalid-user-agent"),
            (10, "warning", "unreachable-group"),
            (12, "note", "partial-user-agent"),
            (12, "warning", "empty-group"),
        ]
    );
    assert_eq!(v["lines"][3]["text"], "Disallow /y");
    assert_eq!(
        v["summary"],
        serde_json::json!({"lines": 13, "directives": 9, "warnings": 8, "notes": 4})
    );
}

#[test]
fn lint_of_a_clean_file_exits_0_and_notes_do_not_count() {
    let out = run(
        &["--lint", "-"],
        b"User-agent: *\nDisallow: /private\nCrawl-delay: 1\n",
    );
    let expected = "\
1 user-agent  User-agent: *
2 disallow    Disallow: /private
3 unsupported Crawl-delay: 1
  note: key \"Crawl-delay\" is not supported by Google; line ignored [unsupported-key]
4 empty
4 lines, 2 directives: 0 warnings, 1 note
";
    assert_output(&out, 0, expected.as_bytes(), b"");
}

#[test]
fn lint_of_binary_input_does_not_fail() {
    let out = run(&["--lint", "-"], NON_UTF8);
    // Line 4's "Allow: /ok\xff\0zz" is cut at the NUL by Google but shown
    // whole, with the NUL escaped and the invalid byte kept.
    assert_eq!(out.status.code(), Some(0));
    let text = out.stdout;
    let needle = b"4 allow       Allow: /ok\xff\\x00zz\n";
    assert!(
        text.windows(needle.len()).any(|w| w == needle),
        "{}",
        String::from_utf8_lossy(&text)
    );
    let out = run(&["--lint", "-", "--json"], NON_UTF8);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["lines"][1]["text"], "Disallow: /a\u{0}b");
    assert_eq!(v["lines"][2]["text"], "Disallow: /\u{FFFD}t\u{FFFD}");
}

#[test]
fn lint_of_a_missing_file_exits_2() {
    let d = dir("lint_missing");
    let out = run(&["--lint", s(&d.join("nope.txt"))], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: cannot read robots.txt"));
}

// ---------------------------------------------------------------------------
// The examples of docs/CLI.md, run as written.
// ---------------------------------------------------------------------------

#[test]
fn documented_examples_hold() {
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/CLI.md")).unwrap();
    let d = dir("docs");
    let mut block: Option<(String, String)> = None;
    let mut commands = 0;
    for line in doc.lines() {
        match (&mut block, line.strip_prefix("```")) {
            (None, Some(info)) => block = Some((info.to_string(), String::new())),
            (Some((info, body)), Some(_)) => {
                if let Some(name) = info.strip_prefix("text file=") {
                    file(&d, name, body.as_bytes());
                } else if info == "console" {
                    commands += run_console(&d, body);
                }
                block = None;
            }
            (Some((_, body)), None) => {
                body.push_str(line);
                body.push('\n');
            }
            (None, None) => {}
        }
    }
    assert!(commands >= 6, "only {commands} examples found");
}

/// Runs each `$ robots ...` line of a console block in `dir` and compares
/// its standard output with the lines that follow it. Returns the number of
/// commands run.
fn run_console(dir: &Path, block: &str) -> usize {
    let mut count = 0;
    for example in block.split("$ ").filter(|e| !e.is_empty()) {
        let (command, expected) = example.split_once('\n').unwrap();
        let mut words: Vec<&str> = command.split_whitespace().collect();
        assert_eq!(words.remove(0), "robots", "{command}");
        let stdin = match words.iter().position(|&w| w == "<") {
            Some(i) => {
                let input = std::fs::read(dir.join(words[i + 1])).unwrap();
                words.truncate(i);
                input
            }
            None => Vec::new(),
        };
        let args: Vec<&OsStr> = words.iter().map(OsStr::new).collect();
        let out = run_in(dir, &args, &stdin);
        assert_eq!(String::from_utf8_lossy(&out.stdout), expected, "{command}");
        count += 1;
    }
    count
}
