//! The `robots` binary, run as a user runs it: fetching a robots.txt as a crawler does, from a server on 127.0.0.1 that each test starts and stops.

// Raw-byte arguments and `arg0` need Unix; so does the tool's byte-exactness.
#![cfg(unix)]

mod common;

use common::*;

// ---------------------------------------------------------------------------
// Fetching: a server on 127.0.0.1, started and stopped by each test.
// ---------------------------------------------------------------------------

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
