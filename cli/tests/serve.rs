//! `robots --serve`: where it listens, what it serves, what `/api/fetch`
//! says of a site's robots.txt, and what it refuses.
//!
//! Each test starts `robots --serve --port 0` and the sites it fetches from
//! (tiny_http servers) on 127.0.0.1, and stops them. The meaning of each
//! fetch outcome is Google's documented one ("How Google interprets the
//! robots.txt specification": 2xx the rules apply, 4xx allow all, 5xx and
//! 429 disallow all, five redirect hops followed, 500 KiB read) or RFC
//! 9309's (section 2.3.1: 429 is "unavailable", allow all).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_robots");

/// A running `robots --serve`, stopped when dropped.
struct Serve {
    child: Child,
    addr: SocketAddr,
}

impl Serve {
    fn start(extra: &[&str]) -> Serve {
        let mut child = Command::new(BIN)
            .args(["--serve", "--port", "0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("robots --serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        Serve { child, addr }
    }

    /// `GET target` with the usual headers of a same-origin page request.
    fn get(&self, target: &str) -> Answer {
        self.request(
            &format!("GET {target} HTTP/1.1\r\nHost: {}\r\n", self.addr),
            b"",
        )
    }

    /// `/api/fetch` for `site`, its JSON answer.
    fn fetch(&self, site: &str, policy: Option<&str>) -> Value {
        let mut target = format!("/api/fetch?url={}", encode(site));
        if let Some(p) = policy {
            target.push_str(&format!("&policy={p}"));
        }
        let answer = self.get(&target);
        assert_eq!(answer.status, 200, "{}", answer.text());
        assert_eq!(answer.header("content-type"), Some("application/json"));
        serde_json::from_slice(&answer.body).expect("JSON")
    }

    /// Sends a request line and headers (`head`, ending in CRLF), then
    /// `Connection: close` and `body`.
    fn request(&self, head: &str, body: &[u8]) -> Answer {
        let mut stream = TcpStream::connect(self.addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        let _ = stream.write_all(format!("{head}Connection: close\r\n\r\n").as_bytes());
        let _ = stream.write_all(body);
        let mut raw = Vec::new();
        let _ = stream.read_to_end(&mut raw);
        Answer::parse(&raw)
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    fn parse(raw: &[u8]) -> Answer {
        let end = raw
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .unwrap_or_else(|| panic!("no HTTP answer: {:?}", String::from_utf8_lossy(raw)));
        let head = String::from_utf8_lossy(&raw[..end]);
        let mut lines = head.split("\r\n");
        let status = lines
            .next()
            .unwrap()
            .split(' ')
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        let headers = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
            .collect();
        let mut body = raw[end + 4..].to_vec();
        let chunked = Answer {
            status,
            headers,
            body: Vec::new(),
        };
        if chunked.header("transfer-encoding") == Some("chunked") {
            body = dechunk(&body);
        }
        Answer { body, ..chunked }
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(eol) = data.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size = usize::from_str_radix(String::from_utf8_lossy(&data[..eol]).trim(), 16).unwrap();
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&data[eol + 2..eol + 2 + size]);
        data = &data[eol + 2 + size + 2..];
    }
}

/// A site on 127.0.0.1: `route` answers each path with a status, headers
/// and a body. Stopped when dropped.
struct Site {
    server: Arc<tiny_http::Server>,
    thread: Option<thread::JoinHandle<()>>,
}

type Route = dyn Fn(&str) -> (u16, Vec<(&'static str, String)>, Vec<u8>) + Send + Sync;

impl Site {
    fn start(
        route: impl Fn(&str) -> (u16, Vec<(&'static str, String)>, Vec<u8>) + Send + Sync + 'static,
    ) -> Site {
        let server = Arc::new(tiny_http::Server::http("127.0.0.1:0").unwrap());
        let route: Arc<Route> = Arc::new(route);
        let thread = {
            let server = server.clone();
            thread::spawn(move || {
                for request in server.incoming_requests() {
                    let (status, headers, body) = route(request.url());
                    let mut response =
                        tiny_http::Response::from_data(body).with_status_code(status);
                    for (k, v) in headers {
                        response
                            .add_header(tiny_http::Header::from_bytes(k, v.as_bytes()).unwrap());
                    }
                    let _ = request.respond(response);
                }
            })
        };
        Site {
            server,
            thread: Some(thread),
        }
    }

    fn base(&self) -> String {
        format!("http://{}", self.server.server_addr().to_ip().unwrap())
    }
}

impl Drop for Site {
    fn drop(&mut self) {
        self.server.unblock();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

const ROBOTS: &[u8] = b"User-agent: *\nDisallow: /private/\n";

fn ok(body: &[u8]) -> (u16, Vec<(&'static str, String)>, Vec<u8>) {
    (
        200,
        vec![("Content-Type", "text/plain".into())],
        body.to_vec(),
    )
}

fn status(code: u16) -> (u16, Vec<(&'static str, String)>, Vec<u8>) {
    (code, Vec::new(), format!("status {code}\n").into_bytes())
}

fn redirect(location: String) -> (u16, Vec<(&'static str, String)>, Vec<u8>) {
    (301, vec![("Location", location)], Vec::new())
}

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
        let answer = serve.request(&format!("GET /api/fetch HTTP/1.1\r\nHost: {host}\r\n"), b"");
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
        "/robots.txt" => redirect("/moved/robots.txt".into()),
        "/moved/robots.txt" => redirect("/final.txt".into()),
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
        redirect(format!("/r{}", n + 1))
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
    for extra in [
        "Sec-Fetch-Site: cross-site\r\n".to_string(),
        "Sec-Fetch-Site: same-site\r\n".to_string(),
        "Origin: https://evil.example\r\n".to_string(),
    ] {
        let answer = serve.request(
            &format!("GET {target} HTTP/1.1\r\nHost: {host}\r\n{extra}"),
            b"",
        );
        assert_eq!(answer.status, 403, "{extra}");
    }
    // The page itself: same origin.
    let answer = serve.request(
        &format!(
            "GET {target} HTTP/1.1\r\nHost: {host}\r\nSec-Fetch-Site: same-origin\r\nOrigin: http://{host}\r\n"
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
