//! The warnings the extended modes give for URLs that Google's matcher reads
//! otherwise than the user likely means, run as a user runs the tool.
//!
//! The verdicts follow from Google's robots.cc: `GetPathParamsQuery` takes
//! everything before the first `/`, `?` or `;` of a URL without `://` for
//! the host, and gives `/` for an empty URL; `MaybeEscapePattern`
//! percent-encodes the non-ASCII bytes of a rule's pattern, never those of
//! the URL, which is compared byte for byte; each verdict here is the one
//! Google's own `robots_main` gives for the same file and URL. `robots_main`
//! prints only the verdict line, so Google's form warns about nothing.

#![cfg(unix)]

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_robots");

const ROBOTS: &str = "User-agent: *\nDisallow: /private\nDisallow: /café\n";

fn robots_txt(test: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("url_warnings")
        .join(test);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    let p = d.join("robots.txt");
    std::fs::write(&p, ROBOTS).unwrap();
    p
}

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .arg0("robots")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn a_url_without_a_scheme_warns_which_host_and_path_google_reads() {
    let r = robots_txt("no_scheme");
    let r = r.to_str().unwrap();
    // "private/x": "private" is the host, the path is "/x", which no rule
    // matches; the path the user likely meant is disallowed.
    let out = run(&["--check", r, "--agent", "FooBot", "--url", "private/x"]);
    assert_eq!(text(&out.stdout), "ALLOWED private/x\n");
    assert_eq!(
        text(&out.stderr),
        "warning: URL \"private/x\" has no scheme: Google's matcher takes \"private\" for the \
         host and checks the path \"/x\"; pass \"https://private/x\" for a page of that host, \
         or \"/private/x\" for a path\n"
    );
    assert_eq!(out.status.code(), Some(0));

    let out = run(&["--check", r, "--agent", "FooBot", "--url", "/private/x"]);
    assert_eq!(text(&out.stdout), "DISALLOWED /private/x\n");
    assert_eq!(text(&out.stderr), "");
    assert_eq!(out.status.code(), Some(1));

    // A host without a path: the path is "/".
    let out = run(&["--check", r, "--agent", "FooBot", "--url", "example.com"]);
    assert_eq!(text(&out.stdout), "ALLOWED example.com\n");
    assert!(
        text(&out.stderr).contains(
            "takes \"example.com\" for the host and checks the path \"/\"; pass \
             \"https://example.com\""
        ),
        "{}",
        text(&out.stderr)
    );

    // A scheme, a path, or "//" and an authority say what they are.
    for url in ["https://e.com/private/x", "/x", "//e.com/x", "http://e.com"] {
        let out = run(&["--check", r, "--agent", "FooBot", "--url", url]);
        assert_eq!(text(&out.stderr), "", "{url}");
    }
}

#[test]
fn a_url_that_is_not_percent_encoded_warns_with_its_encoded_form() {
    let r = robots_txt("not_encoded");
    let r = r.to_str().unwrap();
    // The rule "/café" is matched as "/caf%C3%A9": the raw URL escapes it,
    // the encoded one does not.
    let out = run(&[
        "--check",
        r,
        "--agent",
        "FooBot",
        "--url",
        "https://e.com/café",
    ]);
    assert_eq!(text(&out.stdout), "ALLOWED https://e.com/café\n");
    assert_eq!(
        text(&out.stderr),
        "warning: URL \"https://e.com/café\" is not percent-encoded (RFC 3986): Google's \
         matcher compares its bytes as given, while a crawler requests them encoded; pass \
         \"https://e.com/caf%C3%A9\"\n"
    );
    let out = run(&[
        "--check",
        r,
        "--agent",
        "FooBot",
        "--url",
        "https://e.com/caf%C3%A9",
    ]);
    assert_eq!(text(&out.stdout), "DISALLOWED https://e.com/caf%C3%A9\n");
    assert_eq!(text(&out.stderr), "");

    // A space in the query; the host and the fragment, which the matcher
    // does not read, stay as they are.
    let url = "https://bücher.example/a?q=x y#top part";
    let out = run(&["--check", r, "--agent", "FooBot", "--url", url]);
    assert_eq!(text(&out.stdout), format!("ALLOWED {url}\n"));
    assert!(
        text(&out.stderr).ends_with("; pass \"https://bücher.example/a?q=x%20y#top part\"\n"),
        "{}",
        text(&out.stderr)
    );

    // Reserved characters and escapes are RFC 3986 as they are.
    let url = "https://e.com/a;b/c?d=e&f=%2F,g+h*i!j(k)l@m:n~o'p[q]r$s";
    let out = run(&["--check", r, "--agent", "FooBot", "--url", url]);
    assert_eq!(text(&out.stderr), "");
}

#[test]
fn an_empty_url_warns_and_its_line_has_no_trailing_space() {
    let r = robots_txt("empty");
    let r = r.to_str().unwrap();
    // An empty URL is the path "/", which no rule of the file disallows.
    let out = run(&["--check", r, "--agent", "FooBot", "--url", ""]);
    assert_eq!(text(&out.stdout), "ALLOWED\n");
    assert_eq!(
        text(&out.stderr),
        "warning: empty URL: Google's matcher checks it as the path \"/\"; pass \"/\" or a \
         full URL such as \"https://example.com/\"\n"
    );
    let out = run(&["--explain", r, "FooBot", ""]);
    assert_eq!(text(&out.stdout), "ALLOWED [no matching rule]\n");
    // JSON keeps the URL as given.
    let out = run(&["--check", r, "--agent", "FooBot", "--url", "", "--json"]);
    assert_eq!(text(&out.stdout), "{\"allowed\":true,\"url\":\"\"}\n");
}

#[test]
fn warnings_never_change_a_verdict_or_the_output() {
    let r = robots_txt("verdicts");
    let r = r.to_str().unwrap();
    let urls = ["private/x", "", "/café", "/private/ a"];
    let mut args = vec!["--check", r, "--agent", "FooBot"];
    for url in &urls {
        args.extend(["--url", url]);
    }
    let out = run(&args);
    // "/private/ a" starts with "/private": disallowed, so exit status 1.
    assert_eq!(
        text(&out.stdout),
        "ALLOWED private/x\nALLOWED\nALLOWED /café\nDISALLOWED /private/ a\n"
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr).lines().count(),
        4,
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn many_such_urls_show_five_warnings_of_a_kind_then_a_count() {
    let r = robots_txt("many");
    let r = r.to_str().unwrap();
    let urls: Vec<String> = (0..8).map(|i| format!("page{i}")).collect();
    let mut args = vec!["--check", r, "--agent", "FooBot"];
    for url in &urls {
        args.extend(["--url", url.as_str()]);
    }
    args.extend(["--url", ""]);
    let out = run(&args);
    let err = text(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 7, "{err}");
    for (i, line) in lines[..5].iter().enumerate() {
        assert!(line.starts_with(&format!("warning: URL \"page{i}\" has no scheme")));
    }
    assert!(lines[5].starts_with("warning: empty URL"), "{err}");
    assert_eq!(
        lines[6],
        "warning: 3 more URLs without a scheme (warnings not shown)"
    );
    assert_eq!(out.stdout.iter().filter(|&&b| b == b'\n').count(), 9);
}

#[test]
fn diff_and_audit_warn_about_their_urls_too() {
    let r = robots_txt("diff");
    let r = r.to_str().unwrap();
    let dir = Path::new(r).parent().unwrap();
    let new = dir.join("new.txt");
    std::fs::write(&new, "User-agent: *\nDisallow: /\n").unwrap();
    // "/" is allowed by the old file and disallowed by the new one.
    let out = run(&[
        "--diff",
        r,
        new.to_str().unwrap(),
        "--agent",
        "FooBot",
        "--url",
        "",
    ]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("NEWLY DISALLOWED\n  old: ALLOWED"),
        "{stdout}"
    );
    assert!(text(&out.stderr).starts_with("warning: empty URL"));

    let out = run(&["--audit", r, "--path", "private/x"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stderr).starts_with("warning: URL \"private/x\" has no scheme"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn googles_form_warns_about_nothing() {
    let r = robots_txt("google");
    let r = r.to_str().unwrap();
    for (url, verdict) in [
        ("private/x", "ALLOWED"),
        ("/café", "ALLOWED"),
        ("", "ALLOWED"),
        ("/private/x", "DISALLOWED"),
    ] {
        let out = run(&[r, "FooBot", url]);
        assert_eq!(
            text(&out.stdout),
            format!("user-agent 'FooBot' with URI '{url}': {verdict}\n")
        );
        assert_eq!(text(&out.stderr), "", "{url}");
    }
}
