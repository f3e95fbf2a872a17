//! `robots --serve`: where it listens, what it serves, what `/api/fetch`
//! says of a site's robots.txt, and what it refuses.
//!
//! Each test starts `robots --serve --port 0` and the sites it fetches from
//! on 127.0.0.1 (`support`), and stops them. The meaning of each
//! fetch outcome is Google's documented one ("How Google interprets the
//! robots.txt specification": 2xx the rules apply, 4xx allow all, 5xx and
//! 429 disallow all, five redirect hops followed, 500 KiB read) or RFC
//! 9309's (section 2.3.1: 429 is "unavailable", allow all).

mod support;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use serde_json::Value;
use support::{BIN, Serve, Site, encode, ok, redirect, status};

const ROBOTS: &[u8] = b"User-agent: *\nDisallow: /private/\n";

// ---------------------------------------------------------------------------
// Where it listens and what it serves.
// ---------------------------------------------------------------------------

#[test]
fn listens_on_loopback_only_by_default() {
    let serve = Serve::start(&[]);
    assert_eq!(serve.addr.ip().to_string(), "127.0.0.1");
    // The socket itself is bound to 127.0.0.1, not to every address: the
    // kernel's table of listening sockets says so (Linux).
    let Ok(table) = std::fs::read_to_string("/proc/net/tcp") else {
        eprintln!("SKIPPED the socket table check: no /proc/net/tcp on this system");
        return;
    };
    let local = format!("0100007F:{:04X}", serve.addr.port());
    let listening: Vec<_> = table
        .lines()
        .filter(|l| l.split_whitespace().nth(3) == Some("0A"))
        .filter(|l| {
            l.split_whitespace()
                .nth(1)
                .is_some_and(|a| a.ends_with(&format!(":{:04X}", serve.addr.port())))
        })
        .map(|l| l.split_whitespace().nth(1).unwrap().to_string())
        .collect();
    assert_eq!(listening, vec![local]);
}

#[test]
fn answers_only_requests_that_name_a_loopback_host() {
    let serve = Serve::start(&[]);
    let port = serve.addr.port();
    for host in [format!("127.0.0.1:{port}"), format!("localhost:{port}")] {
        let answer = serve.request(
            &format!(
                "GET /api/fetch HTTP/1.1\r\nHost: {host}\r\n{}",
                support::PAGE_FIELD
            ),
            b"",
        );
        // Reached the endpoint: it asks for a URL.
        assert_eq!(answer.status, 400, "{host}");
    }
    // A name that resolves to 127.0.0.1 by DNS rebinding is not one of them.
    for host in [format!("rebind.example:{port}"), "127.0.0.1:1".to_string()] {
        let answer = serve.request(&format!("GET / HTTP/1.1\r\nHost: {host}\r\n"), b"");
        assert_eq!(answer.status, 403, "{host}");
    }
}

#[test]
fn serves_the_page_when_built_with_it() {
    let serve = Serve::start(&[]);
    let page = serve.get("/");
    let built = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("web-dist/index.html")
        .exists();
    if !built {
        // A build without the page says how to get it.
        assert_eq!(page.status, 503);
        assert!(page.text().contains("npm --prefix web"), "{}", page.text());
        eprintln!("NOTE: this robots was built without web-dist/: only the 503 was checked");
        return;
    }
    assert_eq!(page.status, 200);
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    let html = page.text();
    assert!(html.contains("data-testid=\"agent\""), "{html}");
    // Every file the page names is served, with its type.
    let mut names = 0;
    for piece in html.split("\"./").skip(1) {
        let name = piece.split('"').next().unwrap();
        let file = serve.get(&format!("/{name}"));
        assert_eq!(file.status, 200, "{name}");
        let kind = file.header("content-type").unwrap_or("");
        if name.ends_with(".js") {
            assert_eq!(kind, "text/javascript; charset=utf-8", "{name}");
        } else if name.ends_with(".css") {
            assert_eq!(kind, "text/css; charset=utf-8", "{name}");
        }
        names += 1;
    }
    assert!(names >= 2, "the page names its script and style sheet");
    assert_eq!(serve.get("/no/such/file").status, 404);
}

// ---------------------------------------------------------------------------
// /api/fetch: what each outcome means.
// ---------------------------------------------------------------------------

#[test]
fn fetch_200_gives_the_file_and_its_rules_apply() {
    let site = Site::start(|path| match path {
        "/robots.txt" => ok(ROBOTS),
        _ => status(404),
    });
    let serve = Serve::start(&[]);
    // Any page of the site: its /robots.txt is fetched.
    let answer = serve.fetch(&format!("{}/some/page?q=1", site.base()), None);
    assert_eq!(answer["robots_url"], format!("{}/robots.txt", site.base()));
    assert_eq!(answer["status"], 200);
    assert_eq!(answer["decision"], "use-rules");
    assert_eq!(answer["meaning"], "its rules apply");
    assert_eq!(answer["body"], std::str::from_utf8(ROBOTS).unwrap());
    assert_eq!(answer["bytes"], ROBOTS.len());
    assert_eq!(answer["cut"], false);
    assert_eq!(answer["origin"], site.base());
}

#[test]
fn fetch_404_means_every_url_is_allowed() {
    let site = Site::start(|_| status(404));
    let serve = Serve::start(&[]);
    let answer = serve.fetch(&site.base(), None);
    assert_eq!(answer["status"], 404);
    assert_eq!(answer["decision"], "allow-all");
    assert_eq!(
        answer["meaning"],
        "unavailable, so every URL is allowed (Google)"
    );
    assert_eq!(answer["body"], "");
}

#[test]
fn fetch_503_means_every_url_is_disallowed() {
    let site = Site::start(|_| status(503));
    let serve = Serve::start(&[]);
    let answer = serve.fetch(&site.base(), None);
    assert_eq!(answer["status"], 503);
    assert_eq!(answer["decision"], "disallow-all");
    assert_eq!(
        answer["meaning"],
        "unreachable, so every URL is disallowed (Google)"
    );
}

#[test]
fn fetch_429_is_a_server_error_for_google_and_unavailable_for_rfc_9309() {
    let site = Site::start(|_| status(429));
    let serve = Serve::start(&[]);
    assert_eq!(serve.fetch(&site.base(), None)["decision"], "disallow-all");
    assert_eq!(
        serve.fetch(&site.base(), Some("google"))["decision"],
        "disallow-all"
    );
    let rfc = serve.fetch(&site.base(), Some("rfc9309"));
    assert_eq!(rfc["decision"], "allow-all");
    assert_eq!(rfc["policy"], "rfc9309");
    // `--policy` sets the default for requests that name none.
    let serve = Serve::start(&["--policy", "rfc9309"]);
    assert_eq!(serve.fetch(&site.base(), None)["decision"], "allow-all");
}

#[test]
fn fetch_follows_redirects_and_lists_the_chain() {
    let site = Site::start(|path| match path {
        "/robots.txt" => redirect("/moved/robots.txt"),
        "/moved/robots.txt" => redirect("/final.txt"),
        "/final.txt" => ok(ROBOTS),
        _ => status(404),
    });
    let serve = Serve::start(&[]);
    let answer = serve.fetch(&site.base(), None);
    let base = site.base();
    assert_eq!(
        answer["chain"],
        serde_json::json!([
            format!("{base}/robots.txt"),
            format!("{base}/moved/robots.txt"),
            format!("{base}/final.txt")
        ])
    );
    assert_eq!(answer["decision"], "use-rules");
    assert_eq!(answer["body"], std::str::from_utf8(ROBOTS).unwrap());
}

#[test]
fn fetch_stops_after_five_redirect_hops_and_allows_all_as_for_a_404() {
    // /robots.txt -> /r1 -> ... : an endless chain.
    let site = Site::start(|path| {
        let n: u32 = path.trim_start_matches("/r").parse().unwrap_or(0);
        redirect(&format!("/r{}", n + 1))
    });
    let serve = Serve::start(&[]);
    let answer = serve.fetch(&site.base(), None);
    // The robots.txt URL and the five hops followed.
    assert_eq!(answer["chain"].as_array().unwrap().len(), 6);
    assert_eq!(answer["decision"], "allow-all");
    assert_eq!(answer["status"], Value::Null);
}

#[test]
fn fetch_reads_only_the_first_500_kib_as_googlebot_does() {
    let big: Vec<u8> = b"User-agent: *\n"
        .iter()
        .copied()
        .chain(b"Disallow: /x\n".iter().copied().cycle().take(600 * 1024))
        .collect();
    let site = Site::start(move |_| ok(&big));
    let serve = Serve::start(&[]);
    let answer = serve.fetch(&site.base(), None);
    assert_eq!(answer["bytes"], 500 * 1024);
    assert_eq!(answer["body"].as_str().unwrap().len(), 500 * 1024);
    assert_eq!(answer["cut"], true);
    assert_eq!(answer["decision"], "use-rules");
    assert!(
        answer["outcome"]
            .as_str()
            .unwrap()
            .contains("only the first 512000 are read"),
        "{}",
        answer["outcome"]
    );
}

#[test]
fn fetch_of_a_closed_port_is_a_network_error_and_disallows_all() {
    // A port that was free a moment ago: nothing listens there.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let serve = Serve::start(&[]);
    let answer = serve.fetch(&format!("http://127.0.0.1:{port}/"), None);
    assert_eq!(answer["decision"], "disallow-all");
    assert!(
        answer["outcome"]
            .as_str()
            .unwrap()
            .starts_with("network error"),
        "{}",
        answer["outcome"]
    );
}

// ---------------------------------------------------------------------------
// Refusals.
// ---------------------------------------------------------------------------

#[test]
fn fetch_refuses_urls_that_are_not_http_or_https() {
    let serve = Serve::start(&[]);
    for site in [
        "ftp://example.com/",
        "file:///etc/passwd",
        "example.com",
        "javascript:alert(1)",
    ] {
        let answer = serve.get(&format!("/api/fetch?url={}", encode(site)));
        assert_eq!(answer.status, 400, "{site}");
        let error: Value = serde_json::from_slice(&answer.body).unwrap();
        assert!(
            error["error"].as_str().unwrap().contains("http"),
            "{site}: {error}"
        );
    }
    let answer = serve.get("/api/fetch");
    assert_eq!(answer.status, 400);
    let answer = serve.get("/api/fetch?url=https://example.com/&policy=bing");
    assert_eq!(answer.status, 400);
}

#[test]
fn refuses_a_request_body_over_the_cap_and_methods_other_than_get() {
    let serve = Serve::start(&[]);
    let host = serve.addr;
    let big = vec![b'x'; 64 * 1024];
    let answer = serve.request(
        &format!(
            "POST /api/fetch HTTP/1.1\r\nHost: {host}\r\nContent-Length: {}\r\n",
            big.len()
        ),
        &big,
    );
    assert_eq!(answer.status, 413);
    let answer = serve.request(
        &format!("POST /api/fetch HTTP/1.1\r\nHost: {host}\r\nContent-Length: 2\r\n"),
        b"{}",
    );
    assert_eq!(answer.status, 405);
    assert_eq!(answer.header("allow"), Some("GET, HEAD"));
    let long = "a".repeat(10 * 1024);
    assert_eq!(
        serve
            .get(&format!("/api/fetch?url=https://{long}.example/"))
            .status,
        414
    );
}

#[test]
fn refuses_fetches_asked_by_other_sites_pages() {
    let site = Site::start(|_| ok(ROBOTS));
    let serve = Serve::start(&[]);
    let host = serve.addr;
    let target = format!("/api/fetch?url={}", encode(&site.base()));
    // Even with the page's field (a script of another site may send it,
    // after a preflight the server never allows).
    let page = support::PAGE_FIELD;
    for extra in [
        "Sec-Fetch-Site: cross-site\r\n".to_string(),
        "Sec-Fetch-Site: same-site\r\n".to_string(),
        "Origin: https://evil.example\r\n".to_string(),
    ] {
        let answer = serve.request(
            &format!("GET {target} HTTP/1.1\r\nHost: {host}\r\n{page}{extra}"),
            b"",
        );
        assert_eq!(answer.status, 403, "{extra}");
    }
    // The page itself: same origin.
    let answer = serve.request(
        &format!(
            "GET {target} HTTP/1.1\r\nHost: {host}\r\n{page}Sec-Fetch-Site: same-origin\r\nOrigin: http://{host}\r\n"
        ),
        b"",
    );
    assert_eq!(answer.status, 200);
}

#[test]
fn a_port_in_use_is_an_error() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let out = Command::new(BIN)
        .args(["--serve", "--port", &port])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: cannot listen on 127.0.0.1:"));
}

#[test]
fn serve_without_dashes_is_googles_form_where_a_file_named_serve_exists() {
    // With a file named "serve" in the working directory, `robots serve
    // --port 8080` has Google's three arguments: that robots.txt, the agent
    // "--port" and the URI "8080".
    let dir = std::env::temp_dir().join(format!("robots-serve-google-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("serve"), "user-agent: --port\ndisallow: /\n").unwrap();
    let out = Command::new(BIN)
        .args(["serve", "--port", "8080"])
        .current_dir(&dir)
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    // "--port" is a product token ('-' is one of its characters), so the
    // group names it; the URI "8080" has no path, which Google reads as "/",
    // and `disallow: /` covers it.
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        out.stdout,
        b"user-agent '--port' with URI '8080': DISALLOWED\n"
    );
}

#[test]
fn serve_without_dashes_serves_where_no_file_is_named_serve() {
    // The issue's spelling, `robots serve --port N`: the tester on 127.0.0.1.
    let dir = std::env::temp_dir().join(format!("robots-serve-word-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut child = Command::new(BIN)
        .args(["serve", "--port", "0"])
        .current_dir(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(line.contains("http://127.0.0.1:"), "{line}");
}
