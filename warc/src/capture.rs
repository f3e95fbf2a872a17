//! A recorded HTTP response read from a WARC `response` record: the URL it
//! answers, its status, where it redirects, and the body as a crawler
//! would have read it (transfer and content codings undone, the first 500
//! KiB that Google reads).

use std::io::Read;

use robotstxt_exact::crawler::{MAX_ROBOTS_TXT_BYTES, is_robots_txt_url};
use url::Url;

use crate::content_coding::{self, Budget};
use crate::reader::{RawRecord, ReadError};

/// One fetch as the archive recorded it.
#[derive(Debug, Clone)]
pub struct Capture {
    /// Where the record starts (see [`RawRecord::offset`]).
    pub offset: u64,
    /// `WARC-Target-URI`, normalized as the WHATWG URL parser writes it
    /// (lower-case host, no default port), so that a redirect's target
    /// finds it; as recorded when it does not parse.
    pub url: String,
    /// The host (and port, when not the scheme's default); empty when the
    /// URL has none.
    pub host: String,
    /// Whether `url` is a robots.txt URL (`/robots.txt` at the root, no
    /// query).
    pub is_robots: bool,
    /// `WARC-Date`.
    pub date: String,
    /// The HTTP status.
    pub status: u16,
    /// For a 3xx with a `Location`, the URL it points to, resolved against
    /// `url` and normalized, without its fragment.
    pub location: Option<String>,
    /// The body, decoded, cut at the 500 KiB Google reads.
    pub body: Vec<u8>,
    /// Why the archive holds only part of the response: the value of
    /// `WARC-Truncated` (`length`, `time`, ...), or `block` when the
    /// record was larger than the reader keeps.
    pub truncated: Option<String>,
    /// Why the body could not be decoded (a broken chunked or compressed
    /// body, an unknown `Content-Encoding`, codings past the decoder's
    /// bounds); `body` holds what was decoded.
    pub body_error: Option<String>,
}

/// What a WARC record is, for this reading.
#[derive(Debug)]
pub enum Record {
    /// A `response` record: an HTTP response.
    Capture(Capture),
    /// A record of another type (`request`, `revisit`, `warcinfo`,
    /// `metadata`...), or a response that is not HTTP: skipped.
    Other(String),
    /// A `response` record whose HTTP message cannot be read.
    Broken(ReadError),
}

/// Whether the reader should keep a record's block: the `response`
/// records' only.
pub fn wanted(header: &crate::reader::Header) -> bool {
    header.warc_type() == "response"
}

/// Reads the HTTP response in a record.
pub fn read(record: RawRecord) -> Record {
    let kind = record.header.warc_type();
    if kind != "response" {
        return Record::Other(if kind.is_empty() {
            "untyped".into()
        } else {
            kind
        });
    }
    let Some(raw_url) = record.header.target_uri() else {
        return Record::Broken(ReadError {
            offset: record.offset,
            message: "a response record without WARC-Target-URI".into(),
        });
    };
    let parsed = Url::parse(raw_url).ok();
    let url = parsed
        .as_ref()
        .map_or_else(|| raw_url.to_string(), |u| u.as_str().to_string());
    if !record.block.starts_with(b"HTTP/") {
        // dns: records and the like.
        return Record::Other("response (not HTTP)".into());
    }
    let broken = |message: String| {
        Record::Broken(ReadError {
            offset: record.offset,
            message: format!("{url}: {message}"),
        })
    };
    let head = match parse_head(&record.block) {
        Ok(head) => head,
        Err(message) => return broken(message),
    };
    let location = (300..400).contains(&head.status).then(|| {
        let target = head.location.as_deref()?;
        let mut joined = match &parsed {
            Some(base) => base.join(target).ok()?,
            None => Url::parse(target).ok()?,
        };
        joined.set_fragment(None);
        Some(joined.as_str().to_string())
    });
    let raw_body = &record.block[head.len..];
    let (body, body_error) = decode_body(raw_body, &head);
    let truncated = record
        .header
        .get("WARC-Truncated")
        .map(str::to_string)
        .or_else(|| (!record.complete).then(|| "block".to_string()));
    let host = parsed.as_ref().map_or_else(String::new, |u| {
        let mut host = u.host_str().unwrap_or("").to_string();
        if let Some(port) = u.port() {
            host.push_str(&format!(":{port}"));
        }
        host
    });
    Record::Capture(Capture {
        offset: record.offset,
        is_robots: is_robots_txt_url(&url),
        host,
        date: record.header.get("WARC-Date").unwrap_or("").to_string(),
        status: head.status,
        location: location.flatten(),
        body,
        truncated,
        body_error,
        url,
    })
}

/// The parts of an HTTP response header this reading uses.
struct Head {
    status: u16,
    location: Option<String>,
    chunked: bool,
    /// The value of each `Content-Encoding` field, as recorded.
    content_encoding: Vec<Vec<u8>>,
    /// Where the body starts.
    len: usize,
}

/// Parses the status line and the header fields, leniently as a browser
/// does: spaces after a field name, folded lines and malformed fields are
/// accepted (the malformed ones skipped); an `HTTP/2` or `HTTP/3` status
/// line, as some writers record them, reads as `HTTP/1.1`.
fn parse_head(block: &[u8]) -> Result<Head, String> {
    let header_end = memchr::memmem::find(block, b"\r\n\r\n")
        .map(|i| i + 4)
        .or_else(|| memchr::memmem::find(block, b"\n\n").map(|i| i + 2))
        .unwrap_or(block.len());
    let mut head = block[..header_end].to_vec();
    if head.starts_with(b"HTTP/2") || head.starts_with(b"HTTP/3") {
        let version_end = memchr::memchr(b' ', &head).unwrap_or(head.len());
        head.splice(..version_end, b"HTTP/1.1".iter().copied());
    }
    let shift = head.len() as isize - header_end as isize;
    let mut config = httparse::ParserConfig::default();
    config
        .allow_spaces_after_header_name_in_responses(true)
        .allow_obsolete_multiline_headers_in_responses(true)
        .allow_multiple_spaces_in_response_status_delimiters(true)
        .ignore_invalid_headers_in_responses(true);
    let mut storage = vec![httparse::EMPTY_HEADER; 128];
    loop {
        let mut response = httparse::Response::new(&mut storage);
        match config.parse_response(&mut response, &head) {
            Ok(httparse::Status::Complete(len)) => {
                let field = |name: &str| {
                    response
                        .headers
                        .iter()
                        .find(|h| h.name.eq_ignore_ascii_case(name))
                        .map(|h| String::from_utf8_lossy(h.value).trim().to_string())
                };
                let chunked = field("Transfer-Encoding")
                    .is_some_and(|v| v.to_ascii_lowercase().contains("chunked"));
                let content_encoding = response
                    .headers
                    .iter()
                    .filter(|h| h.name.eq_ignore_ascii_case("Content-Encoding"))
                    .map(|h| unfolded(h.value))
                    .collect();
                return Ok(Head {
                    status: response.code.unwrap_or(0),
                    location: field("Location"),
                    chunked,
                    content_encoding,
                    len: (len as isize - shift) as usize,
                });
            }
            Ok(httparse::Status::Partial) => {
                return Err("the HTTP response header is cut short".into());
            }
            Err(httparse::Error::TooManyHeaders) if storage.len() < 4096 => {
                storage = vec![httparse::EMPTY_HEADER; storage.len() * 8];
            }
            Err(e) => return Err(format!("the HTTP response header cannot be read: {e}")),
        }
    }
}

/// A field value with its folded lines joined: each obsolete line fold
/// (CRLF and spaces or tabs, which httparse keeps in the value) read as
/// spaces, as RFC 9112, 5.2 asks of a recipient.
fn unfolded(value: &[u8]) -> Vec<u8> {
    value
        .iter()
        .map(|&b| if b == b'\r' || b == b'\n' { b' ' } else { b })
        .collect()
}

/// The body as a crawler reads it: de-chunked, decoded, cut at 500 KiB.
/// What cannot be decoded is reported beside what could. The decoder is
/// the fetch's, within the same bounds; only the deadline is left out, so
/// that a capture reads the same on any machine.
fn decode_body(raw: &[u8], head: &Head) -> (Vec<u8>, Option<String>) {
    let mut error = None;
    let dechunked;
    let raw = if head.chunked {
        let (bytes, e) = dechunk(raw);
        dechunked = bytes;
        error = e;
        &dechunked[..]
    } else {
        raw
    };
    let mut body = Vec::new();
    let fields: Vec<&[u8]> = head.content_encoding.iter().map(Vec::as_slice).collect();
    let budget = Budget::for_output(MAX_ROBOTS_TXT_BYTES as u64);
    match content_coding::decoded(raw, &fields, budget) {
        Ok((reader, _)) => {
            if let Err(e) = reader
                .take(MAX_ROBOTS_TXT_BYTES as u64)
                .read_to_end(&mut body)
            {
                error = error.or(Some(format!("the body cannot be decoded: {e}")));
            }
        }
        Err(e) => error = error.or(Some(e)),
    }
    (body, error)
}

/// Undoes `Transfer-Encoding: chunked`; stops at the first malformed
/// chunk, keeping what came before (a recorded body may be cut short).
fn dechunk(mut raw: &[u8]) -> (Vec<u8>, Option<String>) {
    let mut out = Vec::new();
    loop {
        let Some(line_end) = memchr::memchr(b'\n', raw) else {
            return (
                out,
                Some("the chunked body ends inside a chunk size".into()),
            );
        };
        let line = &raw[..line_end];
        let size_text = line.split(|&b| b == b';').next().unwrap_or(b"");
        let size_text = String::from_utf8_lossy(size_text.trim_ascii()).into_owned();
        let Ok(size) = usize::from_str_radix(&size_text, 16) else {
            return (
                out,
                Some(format!("a chunk size is not hexadecimal: {size_text:?}")),
            );
        };
        raw = &raw[line_end + 1..];
        if size == 0 {
            return (out, None);
        }
        let take = size.min(raw.len());
        out.extend_from_slice(&raw[..take]);
        if take < size {
            return (out, Some("the chunked body is cut short".into()));
        }
        raw = &raw[take..];
        raw = raw
            .strip_prefix(b"\r\n")
            .or_else(|| raw.strip_prefix(b"\n"))
            .unwrap_or(raw);
        if out.len() > MAX_ROBOTS_TXT_BYTES {
            return (out, None);
        }
    }
}
