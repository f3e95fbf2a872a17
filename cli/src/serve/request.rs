//! One request's head, parsed from the bytes received so far within stated
//! limits (httparse, hyper's parser, does the parsing): a request that
//! does not fit is refused with the status that says why, before more of it
//! is read. Nothing here reads from a socket, so that the fuzz target
//! `serve_request` compiles this file as it is (it uses only the standard
//! library and httparse).

/// The longest request target: a URL to fetch fits many times over.
pub const MAX_TARGET: usize = 8 * 1024;
/// The longest request line: the target, the method and the version.
pub const MAX_REQUEST_LINE: usize = MAX_TARGET + 64;
/// The most bytes of a request head (request line and header fields):
/// twice what a browser sends with a large cookie jar for `localhost`.
pub const MAX_HEAD: usize = 32 * 1024;
/// The most header fields of a request (a browser sends about 20).
pub const MAX_HEADERS: usize = 100;
/// Requests that need no body may still send one; more is refused.
pub const MAX_BODY: usize = 1024;

/// A request's head.
#[derive(Debug)]
pub struct Request {
    /// The method, as sent (`GET`).
    pub method: String,
    /// The request target, a path and query: it starts with `/`.
    pub target: String,
    /// Whether the request is HTTP/1.0 (else 1.1).
    pub http10: bool,
    /// The header fields: names in lower case, values as text (bytes that
    /// are not UTF-8 become U+FFFD, which no check accepts).
    headers: Vec<(String, String)>,
    /// The length of the body that follows (`Content-Length`).
    pub body_length: usize,
}

impl Request {
    /// The value of the first field named `name` (lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// How many fields are named `name` (lower case).
    pub fn count(&self, name: &str) -> usize {
        self.headers.iter().filter(|(n, _)| n == name).count()
    }

    /// The target's path, before any `?`.
    pub fn path(&self) -> &str {
        self.target.split_once('?').map_or(&self.target, |(p, _)| p)
    }

    /// The target's query, after the first `?` (empty without one).
    pub fn query(&self) -> &str {
        self.target.split_once('?').map_or("", |(_, q)| q)
    }
}

/// Why a request is refused before it is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// 400: not an HTTP/1.x request this server can read; says why.
    Malformed(&'static str),
    /// 414: a request line or target over [`MAX_REQUEST_LINE`] or
    /// [`MAX_TARGET`].
    TargetTooLong,
    /// 431: a head over [`MAX_HEAD`] bytes or [`MAX_HEADERS`] fields.
    HeadTooLarge,
    /// 413: a body over [`MAX_BODY`], or one of unknown length.
    BodyTooLarge,
}

impl Refusal {
    /// The status of the answer.
    pub fn status(self) -> u16 {
        match self {
            Refusal::Malformed(_) => 400,
            Refusal::TargetTooLong => 414,
            Refusal::HeadTooLarge => 431,
            Refusal::BodyTooLarge => 413,
        }
    }

    /// The answer's text.
    pub fn message(self) -> String {
        match self {
            Refusal::Malformed(why) => format!("bad request: {why}\n"),
            Refusal::TargetTooLong => {
                format!("request target too long: at most {MAX_TARGET} bytes\n")
            }
            Refusal::HeadTooLarge => format!(
                "request header fields too large: at most {MAX_HEADERS} fields in \
                 {MAX_HEAD} bytes\n"
            ),
            Refusal::BodyTooLarge => format!(
                "request body too large: this server takes no request bodies (at most \
                 {MAX_BODY} bytes, with Content-Length)\n"
            ),
        }
    }
}

/// The request whose head `received` starts with, and the length of that
/// head; `Ok(None)` while the head is incomplete and within the limits.
/// `received` should hold at most [`MAX_HEAD`] bytes: what a head longer
/// than that would bring is not looked at.
pub fn parse_head(received: &[u8]) -> Result<Option<(usize, Request)>, Refusal> {
    let line_end = received
        .iter()
        .take(MAX_REQUEST_LINE + 1)
        .position(|&b| b == b'\n');
    if line_end.is_none() && received.len() > MAX_REQUEST_LINE {
        return Err(Refusal::TargetTooLong);
    }
    let received = &received[..received.len().min(MAX_HEAD)];
    let mut fields = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut parsed = httparse::Request::new(&mut fields);
    let length = match parsed.parse(received) {
        Ok(httparse::Status::Complete(length)) => length,
        Ok(httparse::Status::Partial) if received.len() >= MAX_HEAD => {
            return Err(Refusal::HeadTooLarge);
        }
        Ok(httparse::Status::Partial) => return Ok(None),
        Err(httparse::Error::TooManyHeaders) => return Err(Refusal::HeadTooLarge),
        Err(httparse::Error::Version) => {
            return Err(Refusal::Malformed("only HTTP/1.0 and HTTP/1.1 are spoken"));
        }
        Err(_) => return Err(Refusal::Malformed("not an HTTP request line and header")),
    };
    // A complete parse fills these three.
    let (Some(method), Some(target), Some(version)) = (parsed.method, parsed.path, parsed.version)
    else {
        return Err(Refusal::Malformed("not an HTTP request line"));
    };
    if target.len() > MAX_TARGET {
        return Err(Refusal::TargetTooLong);
    }
    if !target.starts_with('/') {
        return Err(Refusal::Malformed(
            "the request target must be a path: /...",
        ));
    }
    let headers: Vec<(String, String)> = parsed
        .headers
        .iter()
        .map(|h| {
            let value = String::from_utf8_lossy(h.value).into_owned();
            (h.name.to_ascii_lowercase(), value)
        })
        .collect();
    let mut request = Request {
        method: method.to_string(),
        target: target.to_string(),
        http10: version == 0,
        headers,
        body_length: 0,
    };
    // One Host, and one on HTTP/1.1 (RFC 9112, 3.2): the checks that read
    // it must not see another than the one a proxy or browser meant.
    match (request.count("host"), request.http10) {
        (0, false) => return Err(Refusal::Malformed("an HTTP/1.1 request names its Host")),
        (0 | 1, _) => {}
        _ => return Err(Refusal::Malformed("more than one Host field")),
    }
    // A chunked body's length is not known before it is read.
    if request.count("transfer-encoding") > 0 {
        return Err(Refusal::BodyTooLarge);
    }
    request.body_length = body_length(&request)?;
    Ok(Some((length, request)))
}

/// The `Content-Length` of `request`: 0 without one; fields that disagree
/// or are not numbers are refused (RFC 9112, 6.3), as is a length over
/// [`MAX_BODY`].
fn body_length(request: &Request) -> Result<usize, Refusal> {
    let mut length = None;
    for (_, value) in request
        .headers
        .iter()
        .filter(|(n, _)| n == "content-length")
    {
        for member in value.split(',').map(|m| m.trim_matches([' ', '\t'])) {
            if member.is_empty() || !member.bytes().all(|b| b.is_ascii_digit()) {
                return Err(Refusal::Malformed("a Content-Length that is not a number"));
            }
            // Leading zeros aside, a number this long is over the cap.
            let digits = member.trim_start_matches('0');
            let n = if digits.len() > 9 {
                usize::MAX
            } else {
                digits.parse().unwrap_or(0)
            };
            if length.is_some_and(|l| l != n) {
                return Err(Refusal::Malformed("Content-Length fields that disagree"));
            }
            length = Some(n);
        }
    }
    match length {
        Some(n) if n > MAX_BODY => Err(Refusal::BodyTooLarge),
        other => Ok(other.unwrap_or(0)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Option<(usize, Request)>, Refusal> {
        parse_head(text.as_bytes())
    }

    #[test]
    fn a_browser_request_is_read_with_its_fields() {
        let head = "GET /api/fetch?url=x HTTP/1.1\r\nHost: 127.0.0.1:9309\r\n\
                    Sec-Fetch-Site: same-origin\r\n\r\n";
        let (length, request) = parse(&format!("{head}next")).unwrap().unwrap();
        assert_eq!(length, head.len());
        assert_eq!(request.method, "GET");
        assert_eq!(request.path(), "/api/fetch");
        assert_eq!(request.query(), "url=x");
        assert!(!request.http10);
        assert_eq!(request.header("host"), Some("127.0.0.1:9309"));
        assert_eq!(request.header("sec-fetch-site"), Some("same-origin"));
        assert_eq!(request.body_length, 0);
        // Every prefix is incomplete, not refused.
        for end in 0..head.len() {
            assert!(parse(&head[..end]).unwrap().is_none(), "{end}");
        }
    }

    #[test]
    fn a_target_that_is_not_a_path_is_refused() {
        for line in [
            "GET  HTTP/1.1",
            "GET ?x HTTP/1.1",
            "GET http://127.0.0.1/ HTTP/1.1",
            "GET * HTTP/1.1",
            "GET x HTTP/1.1",
        ] {
            let status = parse(&format!("{line}\r\nHost: h\r\n\r\n"))
                .unwrap_err()
                .status();
            assert_eq!(status, 400, "{line}");
        }
    }

    #[test]
    fn long_lines_and_heads_are_refused_once_they_pass_the_limit() {
        let long = format!(
            "GET /{} HTTP/1.1\r\nHost: h\r\n\r\n",
            "a".repeat(MAX_TARGET)
        );
        assert_eq!(parse(&long).unwrap_err(), Refusal::TargetTooLong);
        // An unfinished line is refused as soon as it is too long.
        let unfinished = format!("GET /{}", "a".repeat(MAX_REQUEST_LINE));
        assert_eq!(parse(&unfinished).unwrap_err(), Refusal::TargetTooLong);
        assert!(parse(&unfinished[..MAX_REQUEST_LINE]).unwrap().is_none());
        let fields = "X-A: b\r\n".repeat(MAX_HEADERS);
        let many = format!("GET / HTTP/1.1\r\nHost: h\r\n{fields}\r\n");
        assert_eq!(parse(&many).unwrap_err(), Refusal::HeadTooLarge);
        let big = format!("GET / HTTP/1.1\r\nHost: h\r\nX-A: {}", "b".repeat(MAX_HEAD));
        assert_eq!(parse(&big).unwrap_err(), Refusal::HeadTooLarge);
        assert!(parse(&big[..MAX_HEAD - 1]).unwrap().is_none());
    }

    #[test]
    fn hosts_and_body_lengths_are_checked() {
        assert_eq!(parse("GET / HTTP/1.1\r\n\r\n").unwrap_err().status(), 400);
        assert!(parse("GET / HTTP/1.0\r\n\r\n").unwrap().unwrap().1.http10);
        let two = "GET / HTTP/1.1\r\nHost: 127.0.0.1:1\r\nHost: evil.example\r\n\r\n";
        assert_eq!(parse(two).unwrap_err().status(), 400);
        let body = |fields: &str| parse(&format!("POST / HTTP/1.1\r\nHost: h\r\n{fields}\r\n"));
        assert_eq!(
            body("Content-Length: 2\r\n")
                .unwrap()
                .unwrap()
                .1
                .body_length,
            2
        );
        assert_eq!(
            body("Content-Length: 2, 2\r\n")
                .unwrap()
                .unwrap()
                .1
                .body_length,
            2
        );
        assert_eq!(
            body("Content-Length: 1025\r\n").unwrap_err(),
            Refusal::BodyTooLarge
        );
        let huge = "Content-Length: 99999999999999999999999\r\n";
        assert_eq!(body(huge).unwrap_err(), Refusal::BodyTooLarge);
        assert_eq!(body("Content-Length: 1, 2\r\n").unwrap_err().status(), 400);
        assert_eq!(body("Content-Length: -1\r\n").unwrap_err().status(), 400);
        let chunked = "Transfer-Encoding: chunked\r\n";
        assert_eq!(body(chunked).unwrap_err(), Refusal::BodyTooLarge);
    }

    #[test]
    fn other_versions_are_refused() {
        assert_eq!(parse("GET / HTTP/2.0\r\n\r\n").unwrap_err().status(), 400);
        assert_eq!(
            parse("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")
                .unwrap_err()
                .status(),
            400
        );
    }
}
