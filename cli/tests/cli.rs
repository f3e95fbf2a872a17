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
    let mut command = Command::new(BIN);
    // Fetches go to 127.0.0.1 only, never through a proxy.
    for var in ["http_proxy", "https_proxy", "all_proxy", "no_proxy"] {
        command.env_remove(var).env_remove(var.to_uppercase());
    }
    command.arg0("robots").args(args).current_dir(cwd);
    output_of(command, stdin)
}

/// Runs `command` with `stdin` as its input and its output captured.
fn output_of(mut command: Command, stdin: &[u8]) -> Output {
    let mut child = command
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
    assert!(err.contains("'robots --help-all'"), "{err}");
}

#[test]
fn usage_errors_of_the_modes_point_to_the_mode_help_and_help_all() {
    // `robots --help` is Google's help, which names no mode: a mode's usage
    // error names that mode's --help and --help-all instead.
    let tip = |mode: &str| {
        format!(
            "\n\nFor more information, try 'robots {mode} --help', or 'robots --help-all' for \
             every form of the tool.\n"
        )
    };
    let cases: [&[&str]; 5] = [
        &["--check", "robots.txt"],
        &["--explain", "robots.txt", "FooBot"],
        &["--lint", "robots.txt", "--bogus"],
        &["--diff", "a.txt"],
        &["--completions", "tcsh"],
    ];
    for args in cases {
        let out = run(args, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("error: "), "{err}");
        assert!(err.ends_with(&tip(args[0])), "{err}");
        assert!(!err.contains("try '--help'"), "{err}");
    }
    let out = run(&["--version", "x"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("'robots --help-all'"));
    // Google's help stays Google's, byte for byte.
    let out = google(&["--help"]);
    assert_output(&out, 2, b"", google_help("robots_main").as_bytes());
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

/// The JSON Lines of a `--lint --json` run: the line objects and the summary.
fn json_lines(stdout: &[u8]) -> (Vec<serde_json::Value>, serde_json::Value) {
    let mut values: Vec<serde_json::Value> = stdout
        .split(|&b| b == b'\n')
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_slice(l).unwrap())
        .collect();
    let summary = values.pop().unwrap();
    (values, summary["summary"].clone())
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

// ---------------------------------------------------------------------------
// The examples of docs/CLI.md and of the README, run as written.
// ---------------------------------------------------------------------------

/// A file of the repository, whose root is the workspace one level above
/// this package (the package has a README.md of its own).
fn repo_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(name)
}

/// Runs the examples of a Markdown file: ```` ```text file=NAME ```` blocks
/// are written to files, ```` ```console ```` blocks are run (see
/// [`run_console`]); ```` ```console server=NAME ```` serves file NAME as
/// `/robots.txt` on a local port, written `127.0.0.1:8080` in the block, and
/// ```` ```console server=STATUS ```` answers every request with that
/// HTTP status.
/// Returns the number of commands run.
fn run_markdown(doc: &str, d: &Path, cwd: &Path) -> usize {
    let mut block: Option<(String, String)> = None;
    let mut commands = 0;
    for line in doc.lines() {
        match (&mut block, line.strip_prefix("```")) {
            (None, Some(info)) => block = Some((info.to_string(), String::new())),
            (Some((info, body)), Some(_)) => {
                if let Some(name) = info.strip_prefix("text file=") {
                    file(d, name, body.as_bytes());
                } else if info == "console" {
                    commands += run_console(cwd, body);
                } else if let Some(name) = info.strip_prefix("console server=") {
                    let server = match name.parse::<u16>() {
                        Ok(status) => server::Server::start(move |_| server::Reply::status(status)),
                        Err(_) => {
                            let robots = std::fs::read(d.join(name)).unwrap();
                            server::Server::start(move |path| match path {
                                "/robots.txt" => server::Reply::ok(&robots),
                                _ => server::Reply::status(404),
                            })
                        }
                    };
                    let body = body.replace("127.0.0.1:8080", &server.authority());
                    commands += run_console(cwd, &body);
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
    commands
}

#[test]
fn documented_examples_hold() {
    let doc = std::fs::read_to_string(repo_file("docs/CLI.md")).unwrap();
    let d = dir("docs");
    let commands = run_markdown(&doc, &d, &d);
    assert!(commands >= 14, "only {commands} examples found");
}

#[test]
fn readme_examples_hold() {
    let readme = std::fs::read_to_string(repo_file("README.md")).unwrap();
    let section = readme
        .split("## The `robots` command")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("README has a section on the robots command");
    let d = dir("readme");
    let root = repo_file("examples").parent().unwrap().to_path_buf();
    let commands = run_markdown(section, &d, &root);
    assert!(commands >= 3, "only {commands} examples found");
}

/// Runs each `$ robots ...` line of a console block in `dir` and compares
/// its standard output with the lines that follow it (its standard error,
/// then its standard output, when the command ends with `2>&1`; the tool
/// writes standard error only before or after all of standard output).
/// Returns the number of commands run.
fn run_console(dir: &Path, block: &str) -> usize {
    let mut count = 0;
    for example in block.split("$ ").filter(|e| !e.is_empty()) {
        let (command, expected) = example.split_once('\n').unwrap();
        let mut words: Vec<&str> = command.split_whitespace().collect();
        assert_eq!(words.remove(0), "robots", "{command}");
        let merged = words.last() == Some(&"2>&1");
        if merged {
            words.pop();
        }
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
        let mut shown = Vec::new();
        if merged {
            shown.extend_from_slice(&out.stderr);
        }
        shown.extend_from_slice(&out.stdout);
        assert_eq!(String::from_utf8_lossy(&shown), expected, "{command}");
        count += 1;
    }
    count
}

// ---------------------------------------------------------------------------
// Fetching: a server on 127.0.0.1, started and stopped by each test.
// ---------------------------------------------------------------------------

mod server {
    use std::io::{Read, Write};
    use std::net::{TcpListener, TcpStream};
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::{Arc, Mutex};
    use std::thread::JoinHandle;
    use std::time::Duration;

    /// What the server answers to one request.
    pub enum Reply {
        /// A status line, headers and a body.
        Answer {
            status: u16,
            headers: Vec<(String, String)>,
            body: Vec<u8>,
        },
        /// Read the request and never answer (until the server stops).
        Hang,
        /// A 200 whose body is `unit` repeated up to `total` bytes, written
        /// as it goes (a body larger than the test's memory).
        Repeat { unit: Vec<u8>, total: u64 },
        /// A 301 to `location` on a connection kept alive (HTTP/1.1's
        /// default), which is closed unanswered when the next request comes
        /// on it: what a server that times out an idle connection does when
        /// the client's next request crosses its close.
        RedirectThenClose { location: String },
    }

    impl Reply {
        pub fn ok(body: &[u8]) -> Reply {
            Reply::Answer {
                status: 200,
                headers: Vec::new(),
                body: body.to_vec(),
            }
        }

        pub fn status(status: u16) -> Reply {
            Reply::Answer {
                status,
                headers: Vec::new(),
                body: format!("status {status}\n").into_bytes(),
            }
        }

        pub fn redirect(status: u16, location: &str) -> Reply {
            Reply::Answer {
                status,
                headers: vec![("Location".into(), location.into())],
                body: Vec::new(),
            }
        }
    }

    type Route = dyn Fn(&str) -> Reply + Send + Sync;

    /// An HTTP/1.1 server on 127.0.0.1 and a port of the system's choice,
    /// one thread per connection, stopped when dropped.
    pub struct Server {
        port: u16,
        stop: Arc<AtomicBool>,
        thread: Option<JoinHandle<()>>,
        /// The paths requested, in order.
        pub paths: Arc<Mutex<Vec<String>>>,
        /// The head of each request (request line and headers), in order.
        pub heads: Arc<Mutex<Vec<String>>>,
        /// How many bodies were not written to the end (the client closed
        /// the connection first).
        pub unfinished: Arc<AtomicUsize>,
    }

    impl Server {
        pub fn start(route: impl Fn(&str) -> Reply + Send + Sync + 'static) -> Server {
            let listener = TcpListener::bind("127.0.0.1:0").unwrap();
            listener.set_nonblocking(true).unwrap();
            let port = listener.local_addr().unwrap().port();
            let stop = Arc::new(AtomicBool::new(false));
            let paths = Arc::new(Mutex::new(Vec::new()));
            let heads = Arc::new(Mutex::new(Vec::new()));
            let unfinished = Arc::new(AtomicUsize::new(0));
            let route: Arc<Route> = Arc::new(route);
            let thread = {
                let (stop, paths, heads, unfinished) = (
                    stop.clone(),
                    paths.clone(),
                    heads.clone(),
                    unfinished.clone(),
                );
                std::thread::spawn(move || {
                    let mut workers = Vec::new();
                    while !stop.load(Ordering::Relaxed) {
                        match listener.accept() {
                            Ok((stream, _)) => {
                                let (route, stop, paths, heads, unfinished) = (
                                    route.clone(),
                                    stop.clone(),
                                    paths.clone(),
                                    heads.clone(),
                                    unfinished.clone(),
                                );
                                workers.push(std::thread::spawn(move || {
                                    let log = Log {
                                        paths: &paths,
                                        heads: &heads,
                                        unfinished: &unfinished,
                                    };
                                    serve(stream, &*route, &stop, log)
                                }));
                            }
                            Err(_) => std::thread::sleep(Duration::from_millis(5)),
                        }
                    }
                    for w in workers {
                        let _ = w.join();
                    }
                })
            };
            Server {
                port,
                stop,
                thread: Some(thread),
                paths,
                heads,
                unfinished,
            }
        }

        /// `127.0.0.1:PORT`.
        pub fn authority(&self) -> String {
            format!("127.0.0.1:{}", self.port)
        }

        /// `http://127.0.0.1:PORT`.
        pub fn base(&self) -> String {
            format!("http://{}", self.authority())
        }
    }

    impl Drop for Server {
        fn drop(&mut self) {
            self.stop.store(true, Ordering::Relaxed);
            if let Some(t) = self.thread.take() {
                let _ = t.join();
            }
        }
    }

    /// What the server notes about each request.
    struct Log<'a> {
        paths: &'a Mutex<Vec<String>>,
        heads: &'a Mutex<Vec<String>>,
        unfinished: &'a AtomicUsize,
    }

    fn serve(mut stream: TcpStream, route: &Route, stop: &AtomicBool, log: Log<'_>) {
        let _ = stream.set_nonblocking(false);
        let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
        let mut request = Vec::new();
        let mut buf = [0u8; 1024];
        while !request.windows(4).any(|w| w == b"\r\n\r\n") {
            match stream.read(&mut buf) {
                Ok(0) | Err(_) => return,
                Ok(n) => request.extend_from_slice(&buf[..n]),
            }
        }
        let text = String::from_utf8_lossy(&request);
        let path = text.split(' ').nth(1).unwrap_or("").to_string();
        log.paths.lock().unwrap().push(path.clone());
        log.heads.lock().unwrap().push(text.into_owned());
        match route(&path) {
            Reply::Hang => {
                while !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(20));
                }
            }
            Reply::Answer {
                status,
                headers,
                body,
            } => {
                let mut head = format!(
                    "HTTP/1.1 {status} Whatever\r\nContent-Length: {}\r\nConnection: close\r\n",
                    body.len()
                );
                for (k, v) in headers {
                    head.push_str(&format!("{k}: {v}\r\n"));
                }
                head.push_str("\r\n");
                // The client may stop reading (at 500 KiB): errors are fine.
                let written = stream
                    .write_all(head.as_bytes())
                    .and_then(|()| stream.write_all(&body));
                if written.is_err() {
                    log.unfinished.fetch_add(1, Ordering::Relaxed);
                }
            }
            Reply::RedirectThenClose { location } => {
                let head = format!(
                    "HTTP/1.1 301 Moved Permanently\r\nLocation: {location}\r\nContent-Length: 0\r\n\r\n"
                );
                let _ = stream.write_all(head.as_bytes());
                let mut next = Vec::new();
                while !next.windows(4).any(|w| w == b"\r\n\r\n") {
                    match stream.read(&mut buf) {
                        Ok(0) | Err(_) => return,
                        Ok(n) => next.extend_from_slice(&buf[..n]),
                    }
                }
                let text = String::from_utf8_lossy(&next);
                let path = text.split(' ').nth(1).unwrap_or("").to_string();
                log.paths.lock().unwrap().push(path);
                log.heads.lock().unwrap().push(text.into_owned());
                // Dropping the stream closes the connection unanswered.
            }
            Reply::Repeat { unit, total } => {
                let head = format!(
                    "HTTP/1.1 200 OK\r\nContent-Length: {total}\r\nConnection: close\r\n\r\n"
                );
                let mut left = total;
                let mut written = stream.write_all(head.as_bytes());
                while written.is_ok() && left > 0 {
                    let n = unit.len().min(usize::try_from(left).unwrap_or(usize::MAX));
                    written = stream.write_all(&unit[..n]);
                    left -= n as u64;
                }
                if written.is_err() {
                    log.unfinished.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
    }
}

use server::{Reply, Server};

/// The `--check ... --explain` verdict for one URL of a site, and standard
/// error.
fn fetch_check(site: &str, url: &str, extra: &[&str]) -> (Output, String, String) {
    let mut args = vec![
        "--check",
        site,
        "--agent",
        "FooBot",
        "--url",
        url,
        "--explain",
    ];
    args.extend_from_slice(extra);
    let out = run(&args, b"");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out, stdout, stderr)
}

#[test]
fn fetch_200_applies_the_rules_of_the_sites_robots_txt() {
    let server = Server::start(|path| match path {
        "/robots.txt" => Reply::ok(ROBOTS),
        _ => Reply::status(404),
    });
    let base = server.base();
    // The page's path and query do not matter: /robots.txt is fetched.
    let (out, stdout, stderr) = fetch_check(
        &format!("{base}/some/page?q=1"),
        "https://example.com/private/x",
        &[],
    );
    assert_eq!(
        stdout,
        "DISALLOWED https://example.com/private/x [line 2, specific group] Disallow: /private\n"
    );
    assert_eq!(
        stderr,
        format!("fetched {base}/robots.txt: HTTP 200, 90 bytes: its rules apply\n")
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(*server.paths.lock().unwrap(), ["/robots.txt"]);
}

/// A server whose /robots.txt redirects `hops` times (301 and 302 in turn)
/// before the rules.
fn redirecting(hops: usize) -> Server {
    Server::start(move |path| {
        let step = match path {
            "/robots.txt" => 0,
            p => p
                .trim_start_matches("/hop")
                .parse::<usize>()
                .unwrap_or(usize::MAX),
        };
        if step < hops {
            let status = if step % 2 == 0 { 301 } else { 302 };
            Reply::redirect(status, &format!("/hop{}", step + 1))
        } else if step == hops {
            Reply::ok(ROBOTS)
        } else {
            Reply::status(404)
        }
    })
}

#[test]
fn fetch_follows_up_to_five_redirects() {
    for hops in 1..=5 {
        let server = redirecting(hops);
        let base = server.base();
        let (out, stdout, stderr) = fetch_check(&base, "https://example.com/private/x", &[]);
        assert!(stdout.starts_with("DISALLOWED "), "{hops}: {stdout}");
        let mut chain = vec![format!("{base}/robots.txt")];
        chain.extend((1..=hops).map(|i| format!("{base}/hop{i}")));
        assert_eq!(
            stderr,
            format!(
                "fetched {}: HTTP 200, 90 bytes: its rules apply\n",
                chain.join(" -> ")
            ),
            "{hops} hops"
        );
        assert_eq!(out.status.code(), Some(1));
    }
}

#[test]
fn fetch_treats_a_sixth_redirect_as_unavailable_allow_all() {
    // Google: "follows at least five redirect hops ... and then stops and
    // treats it as a 404"; RFC 9309 2.3.1.2: MAY assume unavailable.
    let server = redirecting(6);
    let base = server.base();
    for policy in ["google", "rfc9309"] {
        let (out, stdout, stderr) = fetch_check(
            &base,
            "https://example.com/private/x",
            &["--policy", policy],
        );
        assert!(
            stdout.starts_with("ALLOWED https://example.com/private/x [no rules: fetched "),
            "{stdout}"
        );
        assert!(
            stderr.ends_with(&format!(
                "/hop5: more than 5 redirects, not followed: unavailable, so every URL is \
                 allowed ({})\n",
                if policy == "google" {
                    "Google"
                } else {
                    "RFC 9309"
                }
            )),
            "{stderr}"
        );
        assert_eq!(out.status.code(), Some(0));
    }
    // The sixth redirect was seen but not followed.
    assert!(!server.paths.lock().unwrap().contains(&"/hop6".to_string()));
}

#[test]
fn fetch_follows_a_redirect_to_another_host() {
    // Two ports are two authorities: the rules come from the second.
    let other = Server::start(|path| match path {
        "/robots.txt" => Reply::ok(b"User-agent: *\nDisallow: /other-only\n"),
        _ => Reply::status(404),
    });
    let target = format!("{}/robots.txt", other.base());
    let first = Server::start(move |_| Reply::redirect(301, &target));
    let (_, stdout, stderr) = fetch_check(&first.base(), "https://example.com/other-only/x", &[]);
    assert_eq!(
        stdout,
        "DISALLOWED https://example.com/other-only/x [line 2, global group] Disallow: /other-only\n"
    );
    assert_eq!(
        stderr,
        format!(
            "fetched {}/robots.txt -> {}/robots.txt: HTTP 200, 36 bytes: its rules apply\n",
            first.base(),
            other.base()
        )
    );
}

#[test]
fn fetch_statuses_map_to_the_documented_verdicts() {
    // (status, verdict under Google's reading, under RFC 9309's): 4xx is
    // unavailable (allow all), 5xx unreachable (disallow all); 429 is a
    // server error for Google, a 4xx for the RFC.
    let cases = [
        (404, true, true),
        (410, true, true),
        (429, false, true),
        (500, false, false),
        (503, false, false),
    ];
    for (status, google, rfc) in cases {
        let server = Server::start(move |_| Reply::status(status));
        let base = server.base();
        for (policy, allowed, name) in [("google", google, "Google"), ("rfc9309", rfc, "RFC 9309")]
        {
            let (out, stdout, stderr) =
                fetch_check(&base, "https://example.com/x", &["--policy", policy]);
            let (verdict, meaning, code) = if allowed {
                ("ALLOWED", "unavailable, so every URL is allowed", 0)
            } else {
                ("DISALLOWED", "unreachable, so every URL is disallowed", 1)
            };
            let why = format!("fetched {base}/robots.txt: HTTP {status}");
            assert_eq!(
                stdout,
                format!("{verdict} https://example.com/x [no rules: {why}]\n"),
                "{status} {policy}"
            );
            assert_eq!(stderr, format!("{why}: {meaning} ({name})\n"), "{status}");
            assert_eq!(out.status.code(), Some(code), "{status} {policy}");
        }
    }
}

#[test]
fn fetch_refused_connection_disallows_all() {
    // A port that was just free and is closed again: the connection is
    // refused.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let site = format!("http://127.0.0.1:{port}/");
    let (out, stdout, stderr) = fetch_check(&site, "https://example.com/x", &[]);
    assert!(
        stdout.starts_with("DISALLOWED https://example.com/x [no rules: fetched "),
        "{stdout}"
    );
    assert!(
        stderr.starts_with(&format!(
            "fetched http://127.0.0.1:{port}/robots.txt: network error ("
        )),
        "{stderr}"
    );
    assert!(
        stderr.ends_with("unreachable, so every URL is disallowed (Google)\n"),
        "{stderr}"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn fetch_timeout_disallows_all() {
    let server = Server::start(|_| Reply::Hang);
    let started = std::time::Instant::now();
    let (out, stdout, stderr) =
        fetch_check(&server.base(), "https://example.com/x", &["--timeout", "1"]);
    assert!(started.elapsed() < std::time::Duration::from_secs(30));
    assert!(stdout.starts_with("DISALLOWED "), "{stdout}");
    assert_eq!(
        stderr,
        format!(
            "fetched {}/robots.txt: no answer within 1 s: unreachable, so every URL is disallowed (Google)\n",
            server.base()
        )
    );
    assert_eq!(out.status.code(), Some(1));
}

/// A 2 MB robots.txt whose `Disallow: /late` lies past the first 500 KiB,
/// on line `late_line`.
fn two_megabytes() -> (Vec<u8>, usize) {
    let mut body = b"User-agent: *\nDisallow: /early\n".to_vec();
    while body.len() < 600_000 {
        body.extend_from_slice(b"# filler filler filler filler\n");
    }
    let late_line = body.iter().filter(|&&b| b == b'\n').count() + 1;
    body.extend_from_slice(b"Disallow: /late\n");
    while body.len() < 2_000_000 {
        body.extend_from_slice(b"# filler filler filler filler\n");
    }
    (body, late_line)
}

#[test]
fn fetch_reads_only_the_first_500_kib() {
    let (body, late_line) = two_megabytes();
    let len = body.len();
    let server = Server::start(move |_| Reply::ok(&body));
    let base = server.base();
    // Googlebot's view (the default): /late is past the cut, so allowed.
    let (out, stdout, stderr) = fetch_check(&base, "https://example.com/late", &[]);
    assert_eq!(
        stdout,
        "ALLOWED https://example.com/late [no matching rule]\n"
    );
    assert_eq!(
        stderr,
        format!(
            "fetched {base}/robots.txt: HTTP 200, more than 512000 bytes: only the first 512000 \
             are read, as Googlebot does: its rules apply\n"
        )
    );
    assert_eq!(out.status.code(), Some(0));
    let (_, stdout, _) = fetch_check(&base, "https://example.com/early", &[]);
    assert!(stdout.starts_with("DISALLOWED "), "{stdout}");
    // The whole file on request, with the deciding line marked.
    let (out, stdout, stderr) =
        fetch_check(&base, "https://example.com/late", &["--no-size-limit"]);
    assert_eq!(
        stdout,
        format!(
            "DISALLOWED https://example.com/late [line {late_line}, global group, past the 500 \
             KiB Googlebot reads] Disallow: /late\n"
        )
    );
    assert!(
        stderr.contains(&format!("HTTP 200, {len} bytes: its rules apply\n")),
        "{stderr}"
    );
    assert!(
        stderr.contains("warning: 1 URL was decided by a line past the 500 KiB"),
        "{stderr}"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn lint_of_a_fetched_file_reads_it_whole_and_flags_the_cut() {
    let (body, _) = two_megabytes();
    let len = body.len();
    let server = Server::start(move |_| Reply::ok(&body));
    let out = run(&["--lint", &server.base(), "--json"], b"");
    let (lines, summary) = json_lines(&out.stdout);
    assert_eq!(summary["bytes"], len);
    // The line that holds byte 512,000 is the first Google does not read
    // wholly: 2 lines of 14 and 17 bytes, then lines of 30.
    let first_past = 2 + (512_000 - 31) / 30 + 1;
    assert_eq!(summary["first_line_past_limit"], first_past);
    // Only "Disallow: /late" among the directives lies past it.
    assert_eq!(summary["directives_past_limit"], 1);
    assert_eq!(lines[0]["line"], first_past);
    assert_eq!(lines[0]["findings"][0]["code"], "file-too-large");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn lint_of_a_site_without_robots_txt_has_nothing_to_lint() {
    let server = Server::start(|_| Reply::status(404));
    let out = run(&["--lint", &server.base()], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("HTTP 404: unavailable, so every URL is allowed (Google)\n"),
        "{err}"
    );
    assert!(
        err.ends_with("error: no robots.txt to lint (see the fetch result above)\n"),
        "{err}"
    );
}

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

// ---------------------------------------------------------------------------
// Googlebot's 500 KiB, agents that are not product tokens, help everywhere.
// ---------------------------------------------------------------------------

#[test]
fn check_of_a_large_file_uses_the_first_500_kib_and_says_so() {
    let d = dir("large");
    let (body, late_line) = two_megabytes();
    let r = file(&d, "big.txt", &body);
    let out = run(&["--explain", s(&r), "FooBot", "https://e.com/late"], b"");
    assert_output(
        &out,
        0,
        b"ALLOWED https://e.com/late [no matching rule]\n",
        format!(
            "note: {} is {} bytes; only the first 512000 (500 KiB) are used, as Googlebot does \
             (--no-size-limit reads it all)\n",
            s(&r),
            body.len()
        )
        .as_bytes(),
    );
    let out = run(
        &[
            "--explain",
            s(&r),
            "FooBot",
            "https://e.com/late",
            "--no-size-limit",
            "--json",
        ],
        b"",
    );
    let v: serde_json::Value =
        serde_json::from_slice(out.stdout.split(|&b| b == b'\n').next().unwrap()).unwrap();
    assert_eq!(v["line"], late_line);
    assert_eq!(v["past_size_limit"], true);
    assert_eq!(out.status.code(), Some(1));
    // Google's form reads everything, as Google's robots_main does.
    let out = google(&[s(&r), "FooBot", "https://e.com/late"]);
    assert_eq!(out.status.code(), Some(1));
    // The lint names the first line not read, and counts what lies past.
    let out = run(&["--lint", s(&r)], b"");
    let first_past = 2 + (512_000 - 31) / 30 + 1;
    let lines = body.iter().filter(|&&b| b == b'\n').count() + 1;
    let expected = format!(
        "{first_past:>width$} comment     # filler filler filler filler
{:width$} error: file is {} bytes; Google reads only the first 512000 (500 KiB): this line is \
         cut there and every line after it is ignored [file-too-large]
{lines} lines, 3 directives: 1 error, 0 warnings, 0 notes; 1 directive from line \
         {first_past} on is past the 500 KiB Google reads
",
        "",
        body.len(),
        width = lines.to_string().len()
    );
    assert_output(&out, 1, expected.as_bytes(), b"");
}

#[test]
fn agents_that_are_not_product_tokens_get_a_warning_naming_the_token() {
    let d = dir("agents");
    let r = file(&d, "robots.txt", ROBOTS);
    // Google's matcher compares "FooBot/1.0" whole with "foobot": no group
    // matches, so the "*" group decides.
    let cases = [
        ("FooBot/1.0", "FooBot"),
        ("FooBot 2", "FooBot"),
        (
            "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            "Googlebot",
        ),
    ];
    for (agent, token) in cases {
        let out = run(&["--explain", s(&r), agent, "https://e.com/private/x"], b"");
        assert_output(
            &out,
            0,
            b"ALLOWED https://e.com/private/x [no matching rule]\n",
            format!(
                "warning: user agent \"{agent}\" is not a product token ([a-zA-Z_-]+): Google's \
                 matcher compares it whole, so no group can name it and only \"*\" applies; did \
                 you mean \"{token}\"?\n"
            )
            .as_bytes(),
        );
    }
    // A product token gets no warning; Google's form never warns.
    let out = run(
        &["--explain", s(&r), "FooBot", "https://e.com/private/x"],
        b"",
    );
    assert!(out.stderr.is_empty());
    let out = google(&[s(&r), "FooBot/1.0", "https://e.com/private/x"]);
    assert!(out.stderr.is_empty());
}

#[test]
fn every_mode_answers_help_version_and_help_all_on_stdout() {
    let version = format!("robots {}\n", env!("CARGO_PKG_VERSION"));
    for mode in ["--check", "--explain", "--lint", "--diff", "--serve"] {
        let out = run(&[mode, "--version"], b"");
        assert_output(&out, 0, version.as_bytes(), b"");
        let out = run(&[mode, "--help-all"], b"");
        assert_eq!(out.status.code(), Some(0), "{mode}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("--diff <OLD> <NEW>"));
        let out = run(&[mode, "--help"], b"");
        assert_eq!(out.status.code(), Some(0), "{mode}");
        assert!(String::from_utf8_lossy(&out.stdout).contains(&format!("Usage: robots {mode}")));
    }
}

// ---------------------------------------------------------------------------
// Standard streams that fail: errors with exit status 2.
// ---------------------------------------------------------------------------

/// Runs the tool through `sh`, with a redirection such as `>&-` applied.
fn run_redirected(args: &[&str], redirection: &str) -> Output {
    let script = format!("exec \"$0\" \"$@\" {redirection}");
    Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(BIN)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn a_closed_stdout_is_an_error_in_the_extended_modes_only() {
    let d = dir("closed_stdout");
    let r = file(&d, "robots.txt", ROBOTS);
    let cases: [&[&str]; 5] = [
        &[
            "--check",
            s(&r),
            "--agent",
            "FooBot",
            "--url",
            "https://e.com/",
        ],
        &["--explain", s(&r), "FooBot", "https://e.com/"],
        &["--lint", s(&r)],
        &["--lint", s(&r), "--json"],
        &["--version"],
    ];
    for args in cases {
        let out = run_redirected(args, ">&-");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            "error: cannot write output: standard output is closed\n",
            "{args:?}"
        );
    }
    // Google's form writes to the closed stream unchecked, as its C++ does,
    // and exits with the verdict.
    let out = run_redirected(&[s(&r), "FooBot", "https://e.com/private/x"], ">&-");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stderr.is_empty());
}

#[test]
fn a_full_disk_is_an_error() {
    if !Path::new("/dev/full").exists() {
        eprintln!("/dev/full is missing: skipping the full-disk case");
        return;
    }
    let d = dir("full_disk");
    let r = file(&d, "robots.txt", ROBOTS);
    let cases: [&[&str]; 4] = [
        &[
            "--check",
            s(&r),
            "--agent",
            "FooBot",
            "--url",
            "https://e.com/",
        ],
        &["--lint", s(&r), "--all"],
        &["--lint", s(&r), "--json"],
        &["--diff", s(&r), s(&r)],
    ];
    for args in cases {
        let out = run_redirected(args, "> /dev/full");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).starts_with("error: cannot write output: "),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn a_closed_stdin_is_an_error_where_input_is_expected() {
    let d = dir("closed_stdin");
    let r = file(&d, "robots.txt", ROBOTS);
    let out = run_redirected(&["--check", s(&r), "--agent", "FooBot"], "<&-");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: cannot read URLs: standard input is closed\n"
    );
    assert!(out.stdout.is_empty());
    let out = run_redirected(&["--lint", "-"], "<&-");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: cannot read robots.txt: standard input is closed\n"
    );
    // Where nothing is read from it, a closed stdin does not matter.
    let out = run_redirected(
        &[
            "--check",
            s(&r),
            "--agent",
            "FooBot",
            "--url",
            "https://e.com/",
        ],
        "<&-",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, b"ALLOWED https://e.com/\n");
}

#[test]
fn progress_is_never_shown_when_stderr_is_not_a_terminal() {
    // With ROBOTS_PROGRESS_INTERVAL_MS=0 a terminal would show progress at
    // the first update, after 1,024 URLs, however fast the machine.
    let d = dir("progress");
    let r = file(&d, "robots.txt", ROBOTS);
    let urls: String = (0..5_000)
        .map(|i| format!("https://e.com/p/{i}\n"))
        .collect();
    let list = file(&d, "urls.txt", urls.as_bytes());
    let mut command = Command::new(BIN);
    command
        .args(["--check", s(&r), "--agent", "FooBot", "--urls", s(&list)])
        .env("ROBOTS_PROGRESS_INTERVAL_MS", "0");
    let out = output_of(command, b"");
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty());
    assert_eq!(out.stdout.iter().filter(|&&b| b == b'\n').count(), 5_000);
}

#[test]
fn progress_is_shown_when_stderr_is_a_terminal() {
    // `script` runs the tool on a pseudo-terminal and copies what the tool
    // writes there (its standard error; standard output goes to a file).
    if !Path::new("/usr/bin/script").exists() {
        eprintln!("NOTE: /usr/bin/script (util-linux) is missing; terminal progress not checked");
        return;
    }
    let d = dir("progress_tty");
    // ROBOTS_PROGRESS_INTERVAL_MS=0: progress from the first update, after
    // 1,024 lines, however fast the machine lints.
    let big = file(&d, "big.txt", &vec![b'\n'; 10_000]);
    let command = format!("{BIN} --lint {} > {}", s(&big), s(&d.join("out.txt")));
    let out = Command::new("/usr/bin/script")
        .args(["-q", "-e", "-c", &command, "/dev/null"])
        .env("ROBOTS_PROGRESS_INTERVAL_MS", "0")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    // Notes do not count: exit status 0.
    assert_eq!(out.status.code(), Some(0));
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(shown.contains("% linted"), "{shown:?}");
    // The report on standard output is complete and free of progress.
    // A file of line ends has no rule: the empty-file note.
    assert_eq!(
        std::fs::read_to_string(d.join("out.txt")).unwrap(),
        "    1 empty
      note: the file is empty or only whitespace: no rule applies, so every crawler may \
         fetch every URL [empty-file]
10001 lines, 0 directives: 0 errors, 0 warnings, 1 note
"
    );
}

#[test]
fn check_without_urls_on_a_terminal_says_it_reads_standard_input() {
    if !Path::new("/usr/bin/script").exists() {
        eprintln!("NOTE: /usr/bin/script (util-linux) is missing; the terminal hint not checked");
        return;
    }
    let d = dir("stdin_hint");
    let r = file(&d, "robots.txt", ROBOTS);
    // Standard input is the pseudo-terminal, which reaches its end when
    // `script`'s own input (empty) does: no URL, exit status 0.
    let command = format!("{BIN} --check {} --agent FooBot", s(&r));
    let out = Command::new("timeout")
        .args([
            "60",
            "/usr/bin/script",
            "-q",
            "-e",
            "-c",
            &command,
            "/dev/null",
        ])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "note: reading URLs from standard input, one per line, until end of input (Ctrl-D); \
         --url URL or --urls FILE give them instead\r\n"
    );
    // Not when standard input is a file or a pipe, nor with --url.
    let out = run(&["--check", s(&r), "--agent", "FooBot"], b"/x\n");
    assert_output(&out, 0, b"ALLOWED /x\n", b"");
}

#[test]
fn fetch_over_https_from_a_server_without_tls_is_a_network_error() {
    // The rustls client gets an HTTP answer where it expects a TLS
    // handshake: the fetch fails, so the site is unreachable.
    let server = Server::start(|_| Reply::ok(ROBOTS));
    let site = format!("https://{}/", server.authority());
    let (out, stdout, stderr) = fetch_check(&site, "https://example.com/x", &[]);
    assert!(
        stdout.starts_with("DISALLOWED https://example.com/x [no rules: fetched "),
        "{stdout}"
    );
    assert!(
        stderr.starts_with(&format!(
            "fetched https://{}/robots.txt: network error (",
            server.authority()
        )),
        "{stderr}"
    );
    assert!(
        stderr.ends_with("unreachable, so every URL is disallowed (Google)\n"),
        "{stderr}"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_timeout_must_be_a_positive_number_of_seconds() {
    for bad in ["0", "-1", "soon", "NaN"] {
        let option = format!("--timeout={bad}");
        let out = run(&["--lint", "http://127.0.0.1:9/", &option], b"");
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(out.stdout.is_empty());
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("not a positive number of seconds"),
            "{bad}"
        );
    }
}

/// The binary with its address space capped at `mib` MiB, and no proxy.
#[cfg(target_os = "linux")]
fn capped(mib: u64) -> Command {
    let mut command = Command::new(BIN);
    let limit = libc::rlimit {
        rlim_cur: mib << 20,
        rlim_max: mib << 20,
    };
    // SAFETY: setrlimit is async-signal-safe and touches only the child.
    unsafe {
        command.pre_exec(move || {
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    for var in ["http_proxy", "https_proxy", "all_proxy", "no_proxy"] {
        command.env_remove(var).env_remove(var.to_uppercase());
    }
    // A panic's backtrace, symbolised without memory, can deadlock in the
    // standard library; a failure must show as a failure, not a hang.
    command
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE");
    command
}

/// Runs the binary with its address space capped at `mib` MiB.
#[cfg(target_os = "linux")]
fn run_capped(mib: u64, args: &[&OsStr], stdin: &[u8]) -> Output {
    let mut command = capped(mib);
    command.args(args);
    output_of(command, stdin)
}

/// Out of memory, every extended mode still ends with a defined result: the
/// right answer (the tool streams the body as Google's matcher does when the
/// parsed form does not fit), or exit status 2 with a message saying memory
/// ran out; never a signal or a panic. Google's answer for `/1/x.php`:
/// disallowed by `/1/*.php$`, line 3.
#[cfg(target_os = "linux")]
#[test]
fn out_of_memory_gives_an_answer_or_an_error_never_an_abort() {
    let d = dir("out_of_memory");
    let mut body = b"User-agent: *\n".to_vec();
    let mut i = 0u32;
    while body.len() < 40 << 20 {
        body.extend_from_slice(format!("Disallow: /{i:x}/*.php$\n").as_bytes());
        i += 1;
    }
    let path = file(&d, "robots.txt", &body);
    drop(body);
    let path = path.as_os_str();
    let url = b"https://example.com/1/x.php\n";
    let defined = |out: &Output, answer: &[u8], answer_code: i32| {
        let stderr = String::from_utf8_lossy(&out.stderr);
        match out.status.code() {
            Some(2) => assert!(stderr.contains("out of memory"), "stderr: {stderr}"),
            Some(code) => {
                assert_eq!(code, answer_code, "stderr: {stderr}");
                assert!(
                    out.stdout.starts_with(answer),
                    "stdout: {}",
                    String::from_utf8_lossy(&out.stdout)
                );
            }
            None => panic!("killed by a signal: {:?}; stderr: {stderr}", out.status),
        }
    };
    let check: Vec<&OsStr> = ["--check", "--no-size-limit", "--agent", "FooBot"]
        .iter()
        .map(OsStr::new)
        .chain([path])
        .collect();
    let lint: Vec<&OsStr> = vec![OsStr::new("--lint"), path];
    let lint_json: Vec<&OsStr> = vec![OsStr::new("--lint"), OsStr::new("--json"), path];
    // Room for the file but not for its parsed form or the lint's tables.
    let out = run_capped(100, &check, url);
    defined(&out, b"DISALLOWED https://example.com/1/x.php", 1);
    for args in [&lint, &lint_json] {
        let out = run_capped(100, args, b"");
        // The lint finds problems (rules that can never match nothing here,
        // but 1.8 million rules in one group), so a finished lint exits 0
        // or 1; an unfinished one must say memory ran out.
        let stderr = String::from_utf8_lossy(&out.stderr);
        match out.status.code() {
            Some(2) => assert!(stderr.contains("out of memory"), "stderr: {stderr}"),
            Some(0 | 1) => {}
            other => panic!("exit {other:?}; stderr: {stderr}"),
        }
    }
    // Not even room for the file: an error, whatever the mode.
    for args in [&check, &lint, &lint_json] {
        let out = run_capped(32, args, url);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "stderr: {stderr}");
        assert!(stderr.contains("out of memory"), "stderr: {stderr}");
    }
}

// ---------------------------------------------------------------------------
// Bounded reads: durations, what a fetch reads and decodes, what a file
// read takes, lines cut at 500 KiB.
// ---------------------------------------------------------------------------

/// `--timeout 1e19` is a valid number of seconds, but no instant lies that
/// far away: the wait saturates at a century instead of overflowing the
/// clock ("overflow when adding duration to instant", exit 101, before).
#[test]
fn a_timeout_beyond_the_clock_saturates() {
    let server = Server::start(|_| Reply::ok(ROBOTS));
    let base = server.base();
    for timeout in ["1e19", "1e300", "18446744073709551615"] {
        let (out, stdout, stderr) = fetch_check(
            &base,
            "https://example.com/private/x",
            &["--timeout", timeout],
        );
        assert_eq!(
            stdout,
            "DISALLOWED https://example.com/private/x [line 2, specific group] Disallow: \
             /private\n",
            "--timeout {timeout}: {stderr}"
        );
        assert_eq!(
            stderr,
            format!("fetched {base}/robots.txt: HTTP 200, 90 bytes: its rules apply\n")
        );
        assert_eq!(out.status.code(), Some(1));
    }
}

/// ROBOTS compressed by Google's brotli encoder (Node 20's
/// `zlib.brotliCompressSync(ROBOTS)`, quality 11).
const ROBOTS_BR: [u8; 80] = [
    27, 89, 0, 64, 44, 15, 108, 199, 104, 232, 9, 20, 61, 46, 110, 70, 192, 133, 253, 35, 84, 122,
    191, 85, 185, 165, 77, 133, 32, 162, 84, 121, 49, 74, 144, 178, 181, 156, 123, 163, 107, 133,
    23, 33, 57, 169, 208, 162, 227, 1, 23, 221, 42, 140, 85, 101, 85, 137, 23, 143, 30, 100, 54,
    30, 78, 247, 245, 110, 101, 207, 47, 174, 68, 33, 166, 38, 55, 104, 80, 7,
];

/// A 200 with `body` sent under `Content-Encoding: encoding`.
fn encoded(encoding: &str, body: Vec<u8>) -> Reply {
    Reply::Answer {
        status: 200,
        headers: vec![("Content-Encoding".into(), encoding.into())],
        body,
    }
}

/// Google's crawlers send `Accept-Encoding: gzip, deflate, br` and decode
/// what comes back ("Overview of Google crawlers and fetchers"); before,
/// the fetch asked for nothing and parsed a gzip body as rules.
#[test]
fn fetch_asks_for_and_decodes_gzip_deflate_and_br() {
    use flate2::Compression;
    use flate2::write::{DeflateEncoder, GzEncoder, ZlibEncoder};
    let mut gzip = GzEncoder::new(Vec::new(), Compression::default());
    gzip.write_all(ROBOTS).unwrap();
    let mut zlib = ZlibEncoder::new(Vec::new(), Compression::default());
    zlib.write_all(ROBOTS).unwrap();
    let mut raw_deflate = DeflateEncoder::new(Vec::new(), Compression::default());
    raw_deflate.write_all(ROBOTS).unwrap();
    let cases = [
        ("gzip", gzip.finish().unwrap()),
        ("x-gzip", {
            let mut g = GzEncoder::new(Vec::new(), Compression::fast());
            g.write_all(ROBOTS).unwrap();
            g.finish().unwrap()
        }),
        ("deflate", zlib.finish().unwrap()),
        ("deflate", raw_deflate.finish().unwrap()),
        ("br", ROBOTS_BR.to_vec()),
        ("identity", ROBOTS.to_vec()),
    ];
    for (encoding, body) in cases {
        let server = Server::start(move |_| encoded(encoding, body.clone()));
        let base = server.base();
        let (out, stdout, stderr) = fetch_check(&base, "https://example.com/private/x", &[]);
        assert_eq!(
            stdout,
            "DISALLOWED https://example.com/private/x [line 2, specific group] Disallow: \
             /private\n",
            "{encoding}: {stderr}"
        );
        let name = match encoding {
            "x-gzip" => " (gzip decoded)".to_string(),
            "identity" => String::new(),
            e => format!(" ({e} decoded)"),
        };
        assert_eq!(
            stderr,
            format!("fetched {base}/robots.txt: HTTP 200, 90 bytes{name}: its rules apply\n")
        );
        assert_eq!(out.status.code(), Some(1));
        let heads = server.heads.lock().unwrap();
        assert!(
            heads[0]
                .to_ascii_lowercase()
                .contains("\r\naccept-encoding: gzip, deflate, br\r\n"),
            "{}",
            heads[0]
        );
    }
}

/// A body in a coding the fetch did not ask for cannot be read: like a
/// broken body, the fetch failed (Google counts such failures as server
/// errors), so every URL is disallowed.
#[test]
fn fetch_of_an_unknown_or_broken_coding_is_a_network_error() {
    for (encoding, body) in [("zstd", ROBOTS.to_vec()), ("gzip", ROBOTS.to_vec())] {
        let server = Server::start(move |_| encoded(encoding, body.clone()));
        let base = server.base();
        let (out, stdout, stderr) = fetch_check(&base, "https://example.com/public", &[]);
        assert!(stdout.starts_with("DISALLOWED https://example.com/public [no rules: "));
        assert!(
            stderr.starts_with(&format!("fetched {base}/robots.txt: network error (")),
            "{stderr}"
        );
        assert!(
            stderr.ends_with(": unreachable, so every URL is disallowed (Google)\n"),
            "{stderr}"
        );
        assert_eq!(out.status.code(), Some(1));
    }
}

/// A gzip body that decodes to `head`, then `mib` MiB of `#` (one comment
/// line). 1 MiB of `#` deflates to about a kilobyte of blocks, ended by a
/// sync flush; the same blocks again decode to the same bytes again (their
/// back-references reach only `#`s of their own run), so 1 GiB takes 1 MB.
/// The gzip trailer is left zero: a reader that got that far would have
/// decoded it all.
fn gzip_bomb(head: &[u8], mib: usize) -> Vec<u8> {
    use flate2::{Compress, Compression, FlushCompress};
    let mut deflate = Compress::new(Compression::best(), false);
    let mut run = |input: &[u8], flush| {
        let mut out = Vec::with_capacity(input.len() / 64 + 4096);
        let before = deflate.total_in();
        deflate.compress_vec(input, &mut out, flush).unwrap();
        assert_eq!(deflate.total_in() - before, input.len() as u64);
        out
    };
    let mut gzip = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];
    gzip.extend(run(head, FlushCompress::Sync));
    let filler = run(&vec![b'#'; 1 << 20], FlushCompress::Sync);
    for _ in 0..mib {
        gzip.extend_from_slice(&filler);
    }
    gzip.extend(run(b"", FlushCompress::Finish));
    gzip.extend_from_slice(&[0; 8]);
    gzip
}

/// The decoder inflates only what the limit needs: 16 GiB behind 16 MB of
/// gzip cost the 500 KiB that Googlebot reads (and 64 MiB with
/// --no-size-limit), in a process capped at 256 MiB, and the client hangs
/// up long before the server has sent the whole bomb (16 MB is more than
/// the sockets' buffers hold).
#[cfg(target_os = "linux")]
#[test]
fn a_compression_bomb_is_decoded_only_as_far_as_the_limit() {
    let bomb = gzip_bomb(ROBOTS, 16 << 10);
    assert!(bomb.len() < 20 << 20, "{}", bomb.len());
    let server = Server::start(move |_| encoded("gzip", bomb.clone()));
    let base = server.base();
    for (extra, limit, why) in [
        (None, 512_000, "as Googlebot does"),
        (
            Some("--no-size-limit"),
            64 << 20,
            "the fetch limit (--max-fetch-bytes)",
        ),
    ] {
        let mut args = vec![
            "--check",
            &base,
            "--agent",
            "FooBot",
            "--url",
            "https://example.com/private/x",
        ];
        args.extend(extra);
        let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
        let out = run_capped(256, &args, b"");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "DISALLOWED https://example.com/private/x\n",
            "{stderr}"
        );
        assert!(
            stderr.starts_with(&format!(
                "fetched {base}/robots.txt: HTTP 200, more than {limit} bytes (gzip decoded): \
                 only the first {limit} are read, {why}: its rules apply\n"
            )),
            "{stderr}"
        );
        assert_eq!(out.status.code(), Some(1));
    }
    // Each fetch hung up with most of the bomb unsent.
    assert_eq!(
        server.unfinished.load(std::sync::atomic::Ordering::Relaxed),
        2
    );
}

/// With --no-size-limit (and for --lint), a fetch still reads at most
/// --max-fetch-bytes, 64 MiB by default; a larger limit that memory cannot
/// hold ends with the out-of-memory error (exit 2), not a network error
/// that disallows every URL (exit 1, before). The server offers 2 GB.
#[cfg(target_os = "linux")]
#[test]
fn a_fetch_reads_at_most_max_fetch_bytes_and_reports_running_out_of_memory() {
    let unit = {
        let mut u =
            b"# filler filler filler filler filler filler filler filler filler\n".repeat(1024);
        u.truncate(65_536);
        u
    };
    let server = Server::start(move |_| Reply::Repeat {
        unit: unit.clone(),
        total: 2_000_000_000,
    });
    let base = server.base();
    let run = |args: &[&str]| {
        let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
        let out = run_capped(512, &args, b"");
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        (out.status.code(), stdout, stderr)
    };
    let check = [
        "--check",
        &base,
        "--agent",
        "FooBot",
        "--url",
        "https://example.com/x",
        "--no-size-limit",
    ];
    let (code, stdout, stderr) = run(&check);
    assert_eq!(stdout, "ALLOWED https://example.com/x\n", "{stderr}");
    assert_eq!(
        stderr,
        format!(
            "fetched {base}/robots.txt: HTTP 200, more than 67108864 bytes: only the first \
             67108864 are read, the fetch limit (--max-fetch-bytes): its rules apply\n"
        )
    );
    assert_eq!(code, Some(0));
    let over = "--max-fetch-bytes=3000000000";
    for args in [[&check[..], &[over]].concat(), vec!["--lint", &base, over]] {
        let (code, stdout, stderr) = run(&args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert_eq!(stdout, "");
        assert!(
            stderr.starts_with(&format!(
                "error: out of memory reading the robots.txt fetched for {base:?} ("
            )),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("network error"), "{stderr}");
    }
}

/// A server may close a kept-alive connection just as the next request
/// goes out on it; the fetch sends that request again, once, on a new
/// connection, as HTTP clients do (RFC 9112, 9.3.1). Before, the redirect's
/// target was "unreachable" and every URL disallowed.
#[test]
fn a_request_on_a_kept_alive_connection_closed_by_the_server_is_sent_again() {
    let server = Server::start(|path| match path {
        "/robots.txt" => Reply::RedirectThenClose {
            location: "/moved.txt".into(),
        },
        "/moved.txt" => Reply::ok(ROBOTS),
        _ => Reply::status(404),
    });
    let base = server.base();
    let (out, stdout, stderr) = fetch_check(&base, "https://example.com/public", &[]);
    assert_eq!(
        stdout, "ALLOWED https://example.com/public [no matching rule, specific group]\n",
        "{stderr}"
    );
    assert_eq!(
        stderr,
        format!(
            "fetched {base}/robots.txt -> {base}/moved.txt: HTTP 200, 90 bytes: its rules apply\n"
        )
    );
    assert_eq!(out.status.code(), Some(0));
    // The first request for /moved.txt went out on the kept-alive
    // connection and was not answered; the second, on a new one, was.
    assert_eq!(
        *server.paths.lock().unwrap(),
        ["/robots.txt", "/moved.txt", "/moved.txt"]
    );
}

/// --check, --explain and --diff use the first 500 KiB, and read no more:
/// /dev/zero, as a file and as standard input, in a process capped at
/// 64 MiB (before, they read until memory ran out: exit 2).
#[cfg(target_os = "linux")]
#[test]
fn the_500_kib_modes_read_only_what_they_use() {
    let d = dir("reads_what_it_uses");
    let robots = file(&d, "robots.txt", ROBOTS);
    let zero = OsStr::new("/dev/zero");
    let run = |args: &[&OsStr], stdin_zero: bool| {
        let mut command = capped(64);
        command.args(args);
        if stdin_zero {
            command.stdin(std::fs::File::open("/dev/zero").unwrap());
        } else {
            command.stdin(Stdio::null());
        }
        let out = command.output().unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let note = |name: &str| {
        format!(
            "note: {name} has more than 512000 bytes; only the first 512000 (500 KiB) are \
             used, as Googlebot does (--no-size-limit reads it all)\n"
        )
    };
    let os = |s: &'static str| OsStr::new(s);
    // NUL bytes end each line's content, as in Google's C strings: no rules.
    let (code, stdout, stderr) = run(
        &[
            os("--check"),
            zero,
            os("--agent"),
            os("FooBot"),
            os("--url"),
            os("https://example.com/x"),
        ],
        false,
    );
    assert_eq!(
        (code, stdout.as_str()),
        (Some(0), "ALLOWED https://example.com/x\n"),
        "{stderr}"
    );
    assert_eq!(stderr, note("/dev/zero"));
    let (code, stdout, stderr) = run(
        &[
            os("--explain"),
            os("-"),
            os("FooBot"),
            os("https://example.com/x"),
        ],
        true,
    );
    assert_eq!(
        (code, stdout.as_str()),
        (
            Some(0),
            "ALLOWED https://example.com/x [no matching rule]\n"
        ),
        "{stderr}"
    );
    assert_eq!(stderr, note("standard input"));
    let (code, stdout, stderr) = run(&[os("--diff"), zero, robots.as_os_str()], false);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stdout.ends_with("3 rules added, 0 removed, for 2 agents\n"),
        "{stdout}"
    );
    assert_eq!(stderr, note("/dev/zero"));
}

/// A body whose byte 512,000 falls inside `Disallow: /shop/cart`: the
/// first 500 KiB end in `Disallow: /sh`, which Google's parser reads as a
/// rule (it parses a last line without a line end), and which matches
/// `/shoes` where the whole rule does not.
fn cut_inside_a_rule() -> (Vec<u8>, usize) {
    let mut body = b"User-agent: *\nDisallow: /private\n".to_vec();
    let cut_after = b"Disallow: /sh".len();
    let target = 512_000 - cut_after;
    let filler = b"# filler filler filler filler filler filler filler filler\n";
    while body.len() + filler.len() + 2 <= target {
        body.extend_from_slice(filler);
    }
    // A last comment line of the right length, so the rule starts at
    // `target`.
    let pad = target - body.len();
    body.push(b'#');
    body.extend(std::iter::repeat_n(b'-', pad - 2));
    body.push(b'\n');
    assert_eq!(body.len(), target);
    let line = body.iter().filter(|&&b| b == b'\n').count() + 1;
    body.extend_from_slice(b"Disallow: /shop/cart\n# the end\n");
    (body, line)
}

/// The line the 500 KiB cut leaves half of is marked where it decides, and
/// a warning says so; with --no-size-limit the whole rule is read.
#[test]
fn a_rule_cut_in_two_by_the_500_kib_limit_is_flagged_where_it_decides() {
    let d = dir("cut_inside_a_rule");
    let (body, line) = cut_inside_a_rule();
    let path = file(&d, "robots.txt", &body);
    let path = s(&path);
    let out = run(
        &[
            "--check",
            path,
            "--agent",
            "FooBot",
            "--url",
            "https://example.com/shoes",
            "--url",
            "https://example.com/private",
            "--explain",
        ],
        b"",
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!(
            "DISALLOWED https://example.com/shoes [line {line}, global group, cut short by the \
             500 KiB limit] Disallow: /sh\n\
             DISALLOWED https://example.com/private [line 2, global group] Disallow: /private\n"
        )
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "note: {path} is {} bytes; only the first 512000 (500 KiB) are used, as Googlebot \
             does (--no-size-limit reads it all)\n\
             warning: 1 URL was decided by line {line}, which the 500 KiB limit cuts in two: \
             only its first part was read, and it may match more than the whole line would; \
             Google does not document what Googlebot makes of a cut line (--no-size-limit \
             reads the whole line)\n",
            body.len()
        )
    );
    assert_eq!(out.status.code(), Some(1));
    let out = run(
        &[
            "--explain",
            path,
            "FooBot",
            "https://example.com/shoes",
            "--json",
        ],
        b"",
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["cut_at_size_limit"], true);
    assert_eq!(v["line"], line);
    assert_eq!(v["rule"], "Disallow: /sh");
    // The whole file: the whole rule, which /shoes does not match.
    let out = run(
        &[
            "--explain",
            path,
            "FooBot",
            "https://example.com/shoes",
            "--no-size-limit",
        ],
        b"",
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "ALLOWED https://example.com/shoes [no matching rule]\n"
    );
    assert_eq!(out.status.code(), Some(0));
    // A cut right before a line's own line end leaves whole lines: no
    // mark, no warning.
    let mut whole = body[..512_000 - b"Disallow: /sh".len()].to_vec();
    whole.extend_from_slice(b"Disallow: /sh\n# the end\n");
    let path = file(&d, "whole.txt", &whole);
    let out = run(
        &[
            "--explain",
            s(&path),
            "FooBot",
            "https://example.com/shoes",
            "--json",
        ],
        b"",
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["line"], line);
    assert!(v.get("cut_at_size_limit").is_none(), "{v}");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("warning"));
}

/// A fetch cut by --max-fetch-bytes inside a line is flagged the same way,
/// naming that limit: the first 32 bytes of ROBOTS end in `Disallow: /pr`,
/// which decides /print where `Disallow: /private` would not.
#[test]
fn a_fetch_cut_inside_a_rule_by_max_fetch_bytes_is_flagged_too() {
    let server = Server::start(|_| Reply::ok(ROBOTS));
    let base = server.base();
    let (out, stdout, stderr) = fetch_check(
        &base,
        "https://example.com/print",
        &["--max-fetch-bytes", "32"],
    );
    assert_eq!(
        stdout,
        "DISALLOWED https://example.com/print [line 2, specific group, cut short by the fetch \
         limit (--max-fetch-bytes)] Disallow: /pr\n"
    );
    assert_eq!(
        stderr,
        format!(
            "fetched {base}/robots.txt: HTTP 200, more than 32 bytes: only the first 32 are \
             read, the fetch limit (--max-fetch-bytes): its rules apply\n\
             warning: 1 URL was decided by line 2, which the fetch limit (--max-fetch-bytes) \
             cuts in two: only its first part was read, and it may match more than the whole \
             line would; Google does not document what Googlebot makes of a cut line (a \
             larger --max-fetch-bytes reads the whole line)\n"
        )
    );
    assert_eq!(out.status.code(), Some(1));
}
