//! The content codings of a recorded response undone, as a crawler undoes
//! them: gzip, deflate (zlib-wrapped or raw) and br, the codings Google's
//! crawlers accept, the last applied first. The output is read only up to
//! the 500 KiB Google reads, so a compressed body of any ratio costs at most
//! that, on top of the block the reader keeps.
//!
//! The `robots` command's fetch has its own decoder
//! (`cli/src/content_encoding.rs`), which also bounds what a live server
//! sends and how long decoding may take, and refuses a second
//! `Content-Encoding` field; a recorded body is complete, and bounded by
//! the reader's limits.

use std::io::{self, BufRead, BufReader, Read};

use brotli_decompressor::Decompressor;
use flate2::read::{DeflateDecoder, MultiGzDecoder, ZlibDecoder};

/// At most this many codings in one body, as the fetch allows.
const MAX_CODINGS: usize = 4;

/// `raw` decoded through each coding of a `Content-Encoding` value, or why
/// it cannot be.
pub(crate) fn decoded<'a>(
    raw: &'a [u8],
    content_encoding: Option<&str>,
) -> Result<Box<dyn Read + 'a>, String> {
    let names: Vec<String> = content_encoding
        .unwrap_or("")
        .split(',')
        .map(|n| n.trim().to_ascii_lowercase())
        .filter(|n| !n.is_empty() && n != "identity")
        .collect();
    if names.len() > MAX_CODINGS {
        return Err(format!("more than {MAX_CODINGS} content codings"));
    }
    let mut reader: Box<dyn Read + 'a> = Box::new(raw);
    for name in names.iter().rev() {
        reader = match name.as_str() {
            "gzip" | "x-gzip" => Box::new(MultiGzDecoder::new(reader)),
            "deflate" => deflate(reader).map_err(|e| format!("the body cannot be decoded: {e}"))?,
            "br" => Box::new(Decompressor::new(reader, 64 * 1024)),
            other => return Err(format!("unsupported Content-Encoding {other:?}")),
        };
    }
    Ok(reader)
}

/// HTTP's "deflate" is zlib-wrapped (RFC 9110, 8.4.1.2), but servers also
/// send raw deflate; the first two bytes tell, as browsers tell.
fn deflate<'a>(raw: Box<dyn Read + 'a>) -> io::Result<Box<dyn Read + 'a>> {
    let mut raw = BufReader::new(raw);
    let head = raw.fill_buf()?;
    let zlib = head.len() >= 2
        && head[0] & 0x0F == 8
        && head[0] >> 4 <= 7
        && (u16::from(head[0]) << 8 | u16::from(head[1])) % 31 == 0;
    Ok(if zlib {
        Box::new(ZlibDecoder::new(raw))
    } else {
        Box::new(DeflateDecoder::new(raw))
    })
}
