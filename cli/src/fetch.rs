//! Fetching a site's robots.txt over HTTP(S), as a crawler does: the
//! library's crawler module decides which URL, how many redirects, how much
//! of the body and what the outcome means; `ureq` (rustls, no OpenSSL) does
//! the I/O, and the WARC crate's `content_coding` (the decoder a recorded
//! response is read with) undoes gzip, deflate and br within its bounds. A fetch made for `robots --serve` is given the server's own
//! address and never connects to it (`this_server.rs`), redirects included.
//!
//! The HTTP client reads at most [`MAX_RESPONSE_HEADERS`] header fields
//! (ureq's fixed limit) in at most [`MAX_RESPONSE_HEAD_BYTES`]; an answer
//! with more is a network error that says so.

use std::io::{self, Read};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use robotstxt_exact::crawler::{
    self, Decision, FetchOutcome, MAX_REDIRECT_HOPS, Policy, should_follow_redirect,
};
use robotstxt_warc::content_coding::{self, Budget};
use ureq::unversioned::transport::DefaultConnector;

use crate::limit::{Cut, Limit, cut_at};
use crate::output::plural;
use crate::this_server::{AvoidingResolver, ThisServer};

/// The most header fields of an answer the HTTP client reads (ureq-proto's
/// `MAX_RESPONSE_HEADERS`, which it does not let a caller change): more
/// than Python's `http.client` (100) and hyper (100) read by default.
pub const MAX_RESPONSE_HEADERS: usize = ureq_proto::client::MAX_RESPONSE_HEADERS;

/// The most bytes of an answer's status line and header fields read:
/// ureq's default, and room for [`MAX_RESPONSE_HEADERS`] fields of 512
/// bytes each.
pub const MAX_RESPONSE_HEAD_BYTES: usize = 64 * 1024;

/// What a fetch gave.
pub struct Fetched {
    /// The robots.txt URL, then every URL redirected to.
    pub chain: Vec<String>,
    /// How the fetch ended.
    pub outcome: FetchOutcome,
    /// The decoded body of a 2xx answer, at most the limit's bytes.
    pub body: Vec<u8>,
    /// Whether the body was longer than the limit (and was cut), and how.
    pub cut: Option<Cut>,
    /// The content codings undone ("gzip"), empty when none.
    pub encoding: String,
    /// A description of a network error.
    pub error: Option<String>,
}

/// Why a fetch gave nothing to decide with.
pub enum FetchError {
    /// The URL has no robots.txt (not http or https, no host, ...).
    Url(String),
    /// The body did not fit in memory; `read` bytes of it had.
    OutOfMemory { read: usize },
    /// The URL, or one redirected to, is the server that asked for the
    /// fetch (`at`, as resolved).
    ThisServer { url: String, at: SocketAddr },
}

impl FetchError {
    /// What went wrong fetching the robots.txt for `url`, as a sentence.
    pub fn message(&self, url: &str) -> String {
        match self {
            FetchError::Url(e) => format!("cannot fetch a robots.txt for {url:?}: {e}"),
            FetchError::OutOfMemory { read } => format!(
                "out of memory reading the robots.txt fetched for {url:?} ({} read; \
                 --max-fetch-bytes caps what is read)",
                plural(*read, "byte", "bytes")
            ),
            FetchError::ThisServer { url: to, at } => format!(
                "cannot fetch a robots.txt for {url:?}: {to} is this server itself ({at}), \
                 which never fetches itself"
            ),
        }
    }
}

impl Fetched {
    /// What the outcome means under `policy`.
    pub fn decision(&self, policy: Policy) -> Decision {
        policy.decide(self.outcome)
    }

    /// What happened: `HTTP 200, 1234 bytes`, `HTTP 404`, `network error
    /// (...)` and the like; `limit` is the one the fetch was given.
    pub fn outcome_text(&self, limit: Limit, timeout: Duration) -> String {
        let encoding = if self.encoding.is_empty() {
            String::new()
        } else {
            format!(" ({} decoded)", self.encoding)
        };
        match self.outcome {
            FetchOutcome::Status(code) if (200..300).contains(&code) => match self.cut {
                Some(_) => {
                    let n = limit.bytes;
                    let why = if limit.googlebot {
                        "as Googlebot does"
                    } else {
                        "the fetch limit (--max-fetch-bytes)"
                    };
                    format!(
                        "HTTP {code}, more than {n} bytes{encoding}: only the first {n} are read, {why}"
                    )
                }
                None => format!("HTTP {code}, {} bytes{encoding}", self.body.len()),
            },
            FetchOutcome::Status(code) => format!("HTTP {code}"),
            FetchOutcome::TooManyRedirects => {
                format!("more than {MAX_REDIRECT_HOPS} redirects, not followed")
            }
            FetchOutcome::NetworkError => format!(
                "network error ({})",
                self.error.as_deref().unwrap_or("unknown")
            ),
            FetchOutcome::Timeout => format!("no answer within {} s", timeout.as_secs_f64()),
        }
    }

    /// What the outcome means under `policy`: `its rules apply`, or why
    /// every URL is allowed or disallowed.
    pub fn meaning(&self, policy: Policy) -> String {
        let name = match policy {
            Policy::Google => "Google",
            Policy::Rfc9309 => "RFC 9309",
        };
        match self.decision(policy) {
            Decision::UseRules => "its rules apply".to_string(),
            Decision::AllowAll => format!("unavailable, so every URL is allowed ({name})"),
            Decision::DisallowAll => format!("unreachable, so every URL is disallowed ({name})"),
        }
    }

    /// One line saying what was fetched and what it means.
    pub fn describe(&self, policy: Policy, limit: Limit, timeout: Duration) -> String {
        format!(
            "fetched {}: {}: {}",
            self.chain.join(" -> "),
            self.outcome_text(limit, timeout),
            self.meaning(policy)
        )
    }
}

/// Whether a request failed as one does on a kept-alive connection that the
/// server closed while it sat idle: the connection reset or closed before
/// any byte of an answer.
fn closed_before_answer(error: &ureq::Error) -> bool {
    let io = match error {
        ureq::Error::Io(e) => e,
        ureq::Error::Protocol(_) => return true,
        _ => return false,
    };
    matches!(
        io.kind(),
        io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::BrokenPipe
            | io::ErrorKind::UnexpectedEof
    )
}

/// The values of every field of `response` named `name`, in order.
fn field_values<'r>(response: &'r ureq::http::Response<ureq::Body>, name: &str) -> Vec<&'r [u8]> {
    let fields = response.headers().get_all(name).iter();
    fields.map(|value| value.as_bytes()).collect()
}

/// Fetches the robots.txt governing `page_url`, keeping at most
/// `limit.bytes` of the decoded body (one more is read to tell whether there
/// were more), within `timeout`, redirects included; never from `avoid`
/// (the address a server listens on) when given.
pub fn fetch(
    page_url: &str,
    limit: Limit,
    timeout: Duration,
    avoid: Option<SocketAddr>,
) -> Result<Fetched, FetchError> {
    let robots_url =
        crawler::robots_txt_url(page_url).map_err(|e| FetchError::Url(e.to_string()))?;
    let config = ureq::config::Config::builder()
        .max_redirects(0)
        .http_status_as_error(false)
        .max_response_header_size(MAX_RESPONSE_HEAD_BYTES)
        .user_agent(concat!("robots/", env!("CARGO_PKG_VERSION")))
        .build();
    let agent = ureq::Agent::with_parts(
        config,
        DefaultConnector::default(),
        AvoidingResolver::new(avoid),
    );
    // `timeout` is at most a century (robots_txt::parse_seconds): no
    // overflow here or in the client's own clock arithmetic.
    let deadline = Instant::now() + timeout;
    let mut url = robots_url;
    let mut chain = vec![url.to_string()];
    let mut hops = 0;
    // The origin (scheme, host, port) of the last request that got an
    // answer: a request to it may go out on that kept-alive connection.
    let mut last_origin = None;
    let mut retried = false;
    let fail = |chain: Vec<String>, outcome, error: Option<String>| Fetched {
        chain,
        outcome,
        body: Vec::new(),
        cut: None,
        encoding: String::new(),
        error,
    };
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Ok(fail(chain, FetchOutcome::Timeout, None));
        }
        // The resolver refuses this server's address; a URL that names it
        // by address is refused here too, for a fetch that goes through a
        // proxy (which resolves names itself).
        if let Some(at) = avoid.and_then(|this| crate::this_server::named_by(&url, this)) {
            return Err(FetchError::ThisServer {
                url: url.to_string(),
                at,
            });
        }
        let response = agent
            .get(url.as_str())
            .header("Accept-Encoding", content_coding::ACCEPT_ENCODING)
            .config()
            .timeout_global(Some(left))
            .build()
            .call();
        if let Some(at) = response.as_ref().err().and_then(ThisServer::in_error) {
            return Err(FetchError::ThisServer {
                url: url.to_string(),
                at,
            });
        }
        let mut response = match response {
            Ok(r) => r,
            Err(ureq::Error::Timeout(_)) => return Ok(fail(chain, FetchOutcome::Timeout, None)),
            Err(ureq::Error::Io(e)) if e.kind() == io::ErrorKind::TimedOut => {
                return Ok(fail(chain, FetchOutcome::Timeout, None));
            }
            Err(ureq::Error::Protocol(ureq_proto::Error::HttpParseTooManyHeaders)) => {
                let why = format!(
                    "the answer has more than {MAX_RESPONSE_HEADERS} header fields, the most \
                     this client reads"
                );
                return Ok(fail(chain, FetchOutcome::NetworkError, Some(why)));
            }
            // A server may close a kept-alive connection just as the next
            // request goes out on it; HTTP clients send such a request
            // again, once, on a new connection (RFC 9112, 9.3.1).
            Err(e)
                if !retried
                    && last_origin.as_ref() == Some(&url.origin())
                    && closed_before_answer(&e) =>
            {
                retried = true;
                continue;
            }
            Err(e) => {
                return Ok(fail(chain, FetchOutcome::NetworkError, Some(e.to_string())));
            }
        };
        last_origin = Some(url.origin());
        let status = response.status().as_u16();
        if (300..400).contains(&status) {
            let location = response
                .headers()
                .get("location")
                .and_then(|v| v.to_str().ok())
                .and_then(|l| url.join(l).ok());
            if let Some(next) = location {
                if !should_follow_redirect(hops) {
                    return Ok(fail(chain, FetchOutcome::TooManyRedirects, None));
                }
                hops += 1;
                chain.push(next.to_string());
                url = next;
                retried = false;
                continue;
            }
            return Ok(fail(chain, FetchOutcome::Status(status), None));
        }
        if !(200..300).contains(&status) {
            return Ok(fail(chain, FetchOutcome::Status(status), None));
        }
        let http10 = response.version() == ureq::http::Version::HTTP_10;
        let transfer_encoding = field_values(&response, "transfer-encoding");
        if let Err(why) = content_coding::check_transfer_encoding(&transfer_encoding, http10) {
            return Ok(fail(chain, FetchOutcome::NetworkError, Some(why)));
        }
        let content_encoding: Vec<Vec<u8>> = field_values(&response, "content-encoding")
            .into_iter()
            .map(<[u8]>::to_vec)
            .collect();
        let content_encoding: Vec<&[u8]> = content_encoding.iter().map(Vec::as_slice).collect();
        let budget = Budget::for_output(limit.bytes as u64 + 1).until(deadline);
        let raw = response.body_mut().as_reader();
        let decoded = content_coding::decoded(raw, &content_encoding, budget);
        let (reader, encoding) = match decoded {
            Ok(decoded) => decoded,
            Err(why) => return Ok(fail(chain, FetchOutcome::NetworkError, Some(why))),
        };
        let mut body = Vec::new();
        // One byte past the limit tells whether the body was longer; the
        // decoder inflates no more than is read.
        let read = reader.take(limit.bytes as u64 + 1).read_to_end(&mut body);
        if let Err(e) = read {
            // read_to_end grows the vector fallibly: exhaustion is an
            // error of its own, not the site's.
            if e.kind() == io::ErrorKind::OutOfMemory {
                return Err(FetchError::OutOfMemory { read: body.len() });
            }
            let outcome = if e.kind() == io::ErrorKind::TimedOut || Instant::now() >= deadline {
                FetchOutcome::Timeout
            } else {
                FetchOutcome::NetworkError
            };
            return Ok(fail(chain, outcome, Some(e.to_string())));
        }
        let cut = cut_at(&mut body, limit.bytes);
        return Ok(Fetched {
            chain,
            outcome: FetchOutcome::Status(status),
            body,
            cut,
            encoding,
            error: None,
        });
    }
}
