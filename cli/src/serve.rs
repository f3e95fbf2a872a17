//! `robots --serve`: the robots.txt tester page on this machine, and the one
//! thing a page cannot do by itself, fetching a site's robots.txt.
//!
//! The page (`web/`, embedded at build time by `build.rs`) parses, matches
//! and lints in the browser with the WebAssembly module: the file a person
//! edits never reaches this server. The server answers:
//!
//! - `GET /` and the page's files;
//! - `GET /api/fetch?url=URL[&policy=google|rfc9309]`: the robots.txt for
//!   `URL`, fetched as a crawler does (`fetch.rs`: redirects, status codes,
//!   the first 500 KiB, the timeout), with what the outcome means, as JSON.
//!
//! It listens on 127.0.0.1 unless `--listen` says otherwise. While it does,
//! it answers only requests addressed to a loopback name (`Host:`), so that a
//! web page elsewhere cannot reach it by DNS rebinding, and refuses fetches
//! asked by other sites' pages (`Sec-Fetch-Site`, `Origin`).

use std::io::{Cursor, Read};
use std::net::{IpAddr, SocketAddr, TcpListener};
use std::sync::Arc;
use std::thread;

use clap::Parser;
use robotstxt_exact::crawler::{Decision, Policy};
use serde_json::json;
use tiny_http::{Header, Method, Request, Response, Server};

use crate::EXIT_OK;
use crate::fetch::{self, FetchError};
use crate::output::fail;
use crate::robots_txt::FetchArgs;

mod assets {
    include!(concat!(env!("OUT_DIR"), "/web_assets.rs"));
}

/// The port `robots --serve` listens on unless told otherwise (RFC 9309).
pub const DEFAULT_PORT: u16 = 9309;

/// Requests that need no body may still send one; more than this is refused.
const MAX_REQUEST_BODY: usize = 1024;
/// The longest request target accepted: a URL to fetch fits many times over.
const MAX_REQUEST_TARGET: usize = 8 * 1024;
/// Requests answered at once: a fetch can take the whole timeout.
const WORKERS: usize = 4;

/// Serve the robots.txt tester page on this machine.
#[derive(Parser, Debug)]
#[command(
    name = "robots",
    version,
    about = "Serve the robots.txt tester page on this machine",
    long_about = "Serve the robots.txt tester page on this machine: edit a robots.txt and test \
        URLs against it in the browser, with Google's answers (the WebAssembly build of this \
        library runs in the page; the file never leaves the browser). The page can also load a \
        live site's robots.txt: this server fetches it as a crawler does (redirects, status \
        codes, the first 500 KiB, --timeout) and says what the outcome means.\n\n\
        It listens on 127.0.0.1 (this machine only) unless --listen names another address, \
        prints the page's address, and runs until interrupted (Ctrl-C)."
)]
pub struct ServeArgs {
    /// The port to listen on; 0 picks a free one.
    #[arg(long, default_value_t = DEFAULT_PORT)]
    port: u16,
    /// The address to listen on. Anything but a loopback address lets other
    /// machines use the page, and this server to fetch robots.txt files.
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1")]
    listen: IpAddr,
    #[command(flatten)]
    fetch: FetchArgs,
}

/// What every request handler needs.
struct Context {
    /// The address the server listens on.
    local: SocketAddr,
    /// Whether requests must name a loopback host.
    loopback: bool,
    fetch: FetchArgs,
}

/// Runs the server until the process is stopped.
pub fn run(args: ServeArgs) -> u8 {
    let wanted = SocketAddr::new(args.listen, args.port);
    let listener = match TcpListener::bind(wanted) {
        Ok(l) => l,
        Err(e) => return fail(&format!("cannot listen on {wanted}: {e}")),
    };
    let local = match listener.local_addr() {
        Ok(a) => a,
        Err(e) => return fail(&format!("cannot listen on {wanted}: {e}")),
    };
    let server = match Server::from_listener(listener, None) {
        Ok(s) => Arc::new(s),
        Err(e) => return fail(&format!("cannot serve on {local}: {e}")),
    };
    let context = Arc::new(Context {
        local,
        loopback: args.listen.is_loopback(),
        fetch: args.fetch,
    });
    if !context.loopback {
        eprintln!(
            "warning: listening on {local}: other machines can use this page, and this server \
             to fetch robots.txt files"
        );
    }
    if assets::ASSETS.is_empty() {
        eprintln!("warning: {}", NO_PAGE.trim_end());
    }
    println!(
        "robots.txt tester: http://{} (Ctrl-C stops it)",
        page_authority(local)
    );
    let workers: Vec<_> = (0..WORKERS)
        .map(|_| {
            let (server, context) = (server.clone(), context.clone());
            thread::spawn(move || {
                for request in server.incoming_requests() {
                    handle(&context, request);
                }
            })
        })
        .collect();
    for worker in workers {
        let _ = worker.join();
    }
    EXIT_OK
}

/// `127.0.0.1:9309/`, `[::1]:9309/`: what to type in a browser.
fn page_authority(local: SocketAddr) -> String {
    format!("{local}/")
}

const NO_PAGE: &str = "this robots was built without the tester page (cli/web-dist/ was \
    missing): build it with `npm --prefix web ci && npm --prefix web run build` (see \
    scripts/test-web.sh), then rebuild robots; /api/fetch works meanwhile\n";

fn handle(context: &Context, mut request: Request) {
    let response = answer(context, &mut request);
    let _ = request.respond(response);
}

type Reply = Response<Cursor<Vec<u8>>>;

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("a valid header")
}

fn text(status: u16, message: &str) -> Reply {
    Response::from_data(message.as_bytes().to_vec())
        .with_status_code(status)
        .with_header(header("Content-Type", "text/plain; charset=utf-8"))
        .with_header(header("Cache-Control", "no-store"))
}

fn json_reply(status: u16, value: &serde_json::Value) -> Reply {
    Response::from_data(value.to_string().into_bytes())
        .with_status_code(status)
        .with_header(header("Content-Type", "application/json"))
        .with_header(header("Cache-Control", "no-store"))
}

fn json_error(status: u16, message: &str) -> Reply {
    json_reply(status, &json!({ "error": message }))
}

fn request_header<'a>(request: &'a Request, name: &str) -> Option<&'a str> {
    request
        .headers()
        .iter()
        .find(|h| h.field.as_str().as_str().eq_ignore_ascii_case(name))
        .map(|h| h.value.as_str())
}

/// Whether `host` (a `Host:` value) names this server by a loopback name.
fn is_loopback_host(host: &str, port: u16) -> bool {
    let Some((name, host_port)) = host.rsplit_once(':') else {
        return false;
    };
    host_port.parse::<u16>() == Ok(port)
        && matches!(
            name.to_ascii_lowercase().as_str(),
            "127.0.0.1" | "localhost" | "[::1]"
        )
}

fn answer(context: &Context, request: &mut Request) -> Reply {
    // Nothing here takes a body: a small one is read and dropped, a large
    // one refused before it is read.
    if request.body_length().is_some_and(|n| n > MAX_REQUEST_BODY) {
        return text(
            413,
            "request body too large: this server takes no request bodies\n",
        )
        .with_header(header("Connection", "close"));
    }
    let mut body = Vec::new();
    let read = request
        .as_reader()
        .take(MAX_REQUEST_BODY as u64 + 1)
        .read_to_end(&mut body);
    if read.is_err() || body.len() > MAX_REQUEST_BODY {
        return text(
            413,
            "request body too large: this server takes no request bodies\n",
        )
        .with_header(header("Connection", "close"));
    }
    if request.url().len() > MAX_REQUEST_TARGET {
        return text(414, "request target too long\n");
    }
    if context.loopback {
        let host = request_header(request, "Host").unwrap_or("");
        if !is_loopback_host(host, context.local.port()) {
            return text(
                403,
                "this server answers requests for 127.0.0.1, localhost or [::1] only\n",
            );
        }
    }
    if !matches!(request.method(), Method::Get | Method::Head) {
        return text(405, "only GET and HEAD\n").with_header(header("Allow", "GET, HEAD"));
    }
    let target = request.url().to_string();
    let (path, query) = target.split_once('?').unwrap_or((&target, ""));
    match path {
        "/api/fetch" => {
            if let Some(refusal) = cross_site(request) {
                return refusal;
            }
            fetch_site(context, query)
        }
        "/" | "/index.html" => asset("index.html"),
        _ => asset(&path[1..]),
    }
}

/// Refuses a fetch asked by another site's page: a browser says where a
/// request comes from (`Sec-Fetch-Site`, and `Origin` on cross-origin ones).
fn cross_site(request: &Request) -> Option<Reply> {
    let site = request_header(request, "Sec-Fetch-Site");
    let foreign_origin = request_header(request, "Origin").is_some_and(|origin| {
        let host = request_header(request, "Host").unwrap_or("");
        !origin.eq_ignore_ascii_case(&format!("http://{host}"))
    });
    if matches!(site, Some("cross-site" | "same-site")) || foreign_origin {
        return Some(json_error(
            403,
            "fetches are for the tester page of this server only",
        ));
    }
    None
}

/// A file of the page, with its type and how long it may be cached.
fn asset(path: &str) -> Reply {
    if assets::ASSETS.is_empty() && path == "index.html" {
        return text(503, NO_PAGE);
    }
    let Some((_, bytes)) = assets::ASSETS.iter().find(|(name, _)| *name == path) else {
        return text(404, "not found\n");
    };
    let kind = match path.rsplit_once('.').map_or("", |(_, ext)| ext) {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    };
    // Vite names every file but the page after its contents.
    let cache = if path == "index.html" {
        "no-cache"
    } else {
        "public, max-age=31536000, immutable"
    };
    Response::from_data(bytes.to_vec())
        .with_header(header("Content-Type", kind))
        .with_header(header("Cache-Control", cache))
        .with_header(header("X-Content-Type-Options", "nosniff"))
        .with_header(header("Referrer-Policy", "no-referrer"))
        .with_header(header(
            "Content-Security-Policy",
            "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
             style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
             worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
             frame-ancestors 'none'",
        ))
}

/// `/api/fetch`: the robots.txt of a site, and what its fetch means.
fn fetch_site(context: &Context, query: &str) -> Reply {
    let mut site = None;
    let mut policy = context.fetch.policy();
    for (key, value) in url::form_urlencoded::parse(query.as_bytes()) {
        match &*key {
            "url" => site = Some(value.into_owned()),
            "policy" => {
                policy = match &*value {
                    "google" => Policy::Google,
                    "rfc9309" => Policy::Rfc9309,
                    other => {
                        return json_error(
                            400,
                            &format!("unknown policy {other:?}: google or rfc9309"),
                        );
                    }
                }
            }
            _ => {}
        }
    }
    let Some(site) = site.map(|s| s.trim().to_string()).filter(|s| !s.is_empty()) else {
        return json_error(
            400,
            "give the site to fetch: /api/fetch?url=https://example.com/",
        );
    };
    let scheme = site.split_once("://").map(|(s, _)| s.to_ascii_lowercase());
    if !matches!(scheme.as_deref(), Some("http" | "https")) {
        return json_error(
            400,
            &format!("only http:// and https:// URLs can be fetched, not {site:?}"),
        );
    }
    let limit = context.fetch.limit(true);
    let timeout = context.fetch.timeout();
    let fetched = match fetch::fetch(&site, limit, timeout, Some(context.local)) {
        Ok(f) => f,
        Err(e @ FetchError::Url(_)) => return json_error(400, &e.message(&site)),
        Err(e @ FetchError::ThisServer { .. }) => return json_error(403, &e.message(&site)),
        Err(e @ FetchError::OutOfMemory { .. }) => return json_error(500, &e.message(&site)),
    };
    let summary = fetched.describe(policy, limit, timeout);
    eprintln!("{summary}");
    let decision = match fetched.decision(policy) {
        Decision::UseRules => "use-rules",
        Decision::AllowAll => "allow-all",
        Decision::DisallowAll => "disallow-all",
    };
    let robots_url = fetched.chain.first().cloned().unwrap_or_default();
    let origin = url::Url::parse(&robots_url)
        .map(|u| u.origin().ascii_serialization())
        .unwrap_or_default();
    let status = match fetched.outcome {
        robotstxt_exact::crawler::FetchOutcome::Status(code) => json!(code),
        _ => serde_json::Value::Null,
    };
    let body = String::from_utf8_lossy(&fetched.body);
    json_reply(
        200,
        &json!({
            "url": site,
            "robots_url": robots_url,
            "chain": fetched.chain,
            "status": status,
            "outcome": fetched.outcome_text(limit, timeout),
            "policy": match policy { Policy::Google => "google", Policy::Rfc9309 => "rfc9309" },
            "decision": decision,
            "meaning": fetched.meaning(policy),
            "summary": summary,
            "bytes": fetched.body.len(),
            "cut": fetched.cut.is_some(),
            "encoding": fetched.encoding,
            "non_utf8": matches!(body, std::borrow::Cow::Owned(_)),
            "body": body,
            "origin": origin,
        }),
    )
}

#[cfg(test)]
mod tests {
    use super::is_loopback_host;

    #[test]
    fn loopback_hosts_are_the_loopback_names_with_this_port() {
        for host in [
            "127.0.0.1:9309",
            "localhost:9309",
            "LOCALHOST:9309",
            "[::1]:9309",
        ] {
            assert!(is_loopback_host(host, 9309), "{host}");
        }
        for host in [
            "127.0.0.1:9310",
            "127.0.0.1",
            "evil.example:9309",
            "127.0.0.1.evil.example:9309",
            "",
            "localhost:",
        ] {
            assert!(!is_loopback_host(host, 9309), "{host}");
        }
    }
}
