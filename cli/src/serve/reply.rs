//! An answer: status, header fields and body, and the bytes of its head.
//! Every answer closes its connection (one request per connection: no
//! pipelining to get wrong, and a connection's thread is free as soon as
//! the answer is written) and carries `X-Content-Type-Options: nosniff`,
//! so that no browser reads a JSON or text answer as a script or a page.

use serde_json::json;

/// An answer's body: the page's files are sent from the binary as they
/// are, without a copy.
pub enum Body {
    /// Bytes built for this answer.
    Owned(Vec<u8>),
    /// One of the page's files.
    Static(&'static [u8]),
}

impl Body {
    /// The bytes.
    pub fn bytes(&self) -> &[u8] {
        match self {
            Body::Owned(bytes) => bytes,
            Body::Static(bytes) => bytes,
        }
    }
}

/// An answer to one request.
pub struct Reply {
    /// The HTTP status.
    pub status: u16,
    headers: Vec<(&'static str, String)>,
    /// The body (not sent for HEAD).
    pub body: Body,
}

impl Reply {
    /// An answer with `body` and no header fields but those every answer
    /// has.
    pub fn new(status: u16, body: Body) -> Reply {
        Reply {
            status,
            headers: Vec::new(),
            body,
        }
    }

    /// The same answer with one more header field.
    pub fn with(mut self, name: &'static str, value: impl Into<String>) -> Reply {
        self.headers.push((name, value.into()));
        self
    }

    /// A plain-text answer, never cached.
    pub fn text(status: u16, message: &str) -> Reply {
        Reply::new(status, Body::Owned(message.as_bytes().to_vec()))
            .with("Content-Type", "text/plain; charset=utf-8")
            .with("Cache-Control", "no-store")
    }

    /// A JSON answer, never cached.
    pub fn json(status: u16, value: &serde_json::Value) -> Reply {
        Reply::new(status, Body::Owned(value.to_string().into_bytes()))
            .with("Content-Type", "application/json")
            .with("Cache-Control", "no-store")
    }

    /// A JSON answer `{"error": message}`.
    pub fn json_error(status: u16, message: &str) -> Reply {
        Reply::json(status, &json!({ "error": message }))
    }

    /// The status line and header fields, ending in the empty line.
    pub fn head(&self) -> Vec<u8> {
        let mut head = format!(
            "HTTP/1.1 {} {}\r\nContent-Length: {}\r\nConnection: close\r\n\
             X-Content-Type-Options: nosniff\r\n",
            self.status,
            reason(self.status),
            self.body.bytes().len()
        );
        for (name, value) in &self.headers {
            head.push_str(name);
            head.push_str(": ");
            head.push_str(value);
            head.push_str("\r\n");
        }
        head.push_str("\r\n");
        head.into_bytes()
    }
}

/// The reason phrase of the statuses this server sends.
fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        413 => "Content Too Large",
        414 => "URI Too Long",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_head_says_length_close_and_nosniff_then_the_fields() {
        let reply = Reply::text(404, "not found\n").with("X-A", "b");
        assert_eq!(
            String::from_utf8(reply.head()).unwrap(),
            "HTTP/1.1 404 Not Found\r\nContent-Length: 10\r\nConnection: close\r\n\
             X-Content-Type-Options: nosniff\r\nContent-Type: text/plain; charset=utf-8\r\n\
             Cache-Control: no-store\r\nX-A: b\r\n\r\n"
        );
    }
}
