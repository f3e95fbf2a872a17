//! The `robots` binary, run as a user runs it: Google's three-argument form,
//! byte for byte, and how the modes are told apart from it.

// Raw-byte arguments and `arg0` need Unix; so does the tool's byte-exactness.
#![cfg(unix)]

mod common;

use common::*;

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
