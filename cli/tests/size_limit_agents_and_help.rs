//! The `robots` binary, run as a user runs it: googlebot's 500 KiB, agents that are not product tokens, help in every mode.

// Raw-byte arguments and `arg0` need Unix; so does the tool's byte-exactness.
#![cfg(unix)]

mod common;

use common::*;

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
