//! `robots --serve`: the robots.txt tester page on this machine, and the one
//! thing a page cannot do by itself, fetching a site's robots.txt.
//!
//! The page (`web/`, embedded at build time by `build.rs`) parses, matches
//! and lints in the browser with the WebAssembly module: the file a person
//! edits never reaches this server. The server answers:
//!
//! - `GET /` and the page's files;
//! - `GET /api/fetch?url=URL[&policy=google|rfc9309]`: the robots.txt for
//!   `URL`, fetched as a crawler does, with what the outcome means, as JSON.
//!
//! It listens on 127.0.0.1 unless `--listen` says otherwise. Its files, each
//! one concern, importing downward only:
//!
//! - `server.rs`: the listener and the connections, with their limits
//!   (connections at once, deadlines for the request and the answer) and
//!   recovery (accept failures, a handler that panics);
//! - `request.rs`: one request's head parsed within its limits (request
//!   line, header fields, body), the status of a refusal;
//! - `reply.rs`: an answer and the bytes of its head;
//! - `guards.rs`: which requests are answered (loopback `Host`) and which
//!   may fetch (from the page only);
//! - `assets.rs`: the page's files;
//! - `api.rs`: `/api/fetch`.
//!
//! This file holds the options, starts the server and routes each request.

mod api;
mod assets;
mod guards;
mod reply;
mod request;
mod server;

use std::net::{IpAddr, SocketAddr, TcpListener};
use std::sync::Arc;

use clap::Parser;

use self::api::Fetches;
use self::reply::Reply;
use self::request::Request;
use crate::output::fail;
use crate::robots_txt::FetchArgs;

/// The port `robots --serve` listens on unless told otherwise (RFC 9309).
pub const DEFAULT_PORT: u16 = 9309;

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
    let loopback = args.listen.is_loopback();
    if !loopback {
        eprintln!(
            "warning: listening on {local}: other machines can use this page, and this server \
             to fetch robots.txt files"
        );
    }
    if !assets::has_page() {
        eprintln!("warning: {}", assets::NO_PAGE.trim_end());
    }
    println!("robots.txt tester: http://{local}/ (Ctrl-C stops it)");
    let fetches = Fetches::new(local, args.fetch);
    let port = local.port();
    server::serve(
        &listener,
        server::LIMITS,
        Arc::new(move |request: &Request| route(request, port, loopback, &fetches)),
    )
}

/// The answer to one request that passed the server's limits.
fn route(request: &Request, port: u16, loopback: bool, fetches: &Fetches) -> Reply {
    if loopback {
        if let Some(refusal) = guards::not_loopback(request, port) {
            return refusal;
        }
    }
    if !matches!(request.method.as_str(), "GET" | "HEAD") {
        return Reply::text(405, "only GET and HEAD\n").with("Allow", "GET, HEAD");
    }
    match request.path() {
        "/api/fetch" => {
            guards::not_from_the_page(request).unwrap_or_else(|| fetches.answer(request.query()))
        }
        "/" | "/index.html" => assets::asset("index.html"),
        // The request's head made sure the path starts with '/'.
        path => assets::asset(path.strip_prefix('/').unwrap_or(path)),
    }
}
