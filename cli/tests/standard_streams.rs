//! The `robots` binary, run as a user runs it: standard streams that fail
//! (errors with exit status 2), and what it shows on a terminal.

// Raw-byte arguments and `arg0` need Unix; so does the tool's byte-exactness.
#![cfg(unix)]

mod common;

use common::*;

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
