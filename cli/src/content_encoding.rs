//! The content codings a fetch asks for and undoes, as Google's crawlers do:
//! "Google's crawlers and fetchers support the following content encodings
//! (compressions): gzip, deflate, and Brotli (br)", advertised in
//! `Accept-Encoding` (Google's "Overview of Google crawlers and fetchers").
//!
//! Decoding is a reader over the body: it inflates only as much as is read
//! from it, so the fetch's `take(limit + 1)` bounds the work and the memory
//! whatever the compressed body expands to (a compression bomb).

use std::io::{self, BufRead, BufReader, Read};

use brotli_decompressor::Decompressor;
use flate2::read::{DeflateDecoder, MultiGzDecoder, ZlibDecoder};

/// The `Accept-Encoding` value sent with every fetch: Google's example.
pub const ACCEPT_ENCODING: &str = "gzip, deflate, br";

/// Brotli's working buffer; its window (at most 16 MiB) is its own.
const BROTLI_BUFFER: usize = 64 * 1024;

/// One content coding of a response.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Coding {
    Gzip,
    Deflate,
    Brotli,
}

impl Coding {
    fn name(self) -> &'static str {
        match self {
            Coding::Gzip => "gzip",
            Coding::Deflate => "deflate",
            Coding::Brotli => "br",
        }
    }
}

/// The codings of a `Content-Encoding` value, in the order they were
/// applied; `identity` is no coding. `Err` names a coding this fetch did
/// not ask for and cannot undo.
fn codings(header: &str) -> Result<Vec<Coding>, String> {
    let mut codings = Vec::new();
    for name in header.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        codings.push(match name.to_ascii_lowercase().as_str() {
            "gzip" | "x-gzip" => Coding::Gzip,
            "deflate" => Coding::Deflate,
            "br" => Coding::Brotli,
            "identity" => continue,
            _ => return Err(format!("unsupported Content-Encoding {name:?}")),
        });
    }
    Ok(codings)
}

/// HTTP's "deflate" is zlib-wrapped (RFC 9110, 8.4.1.2), but servers also
/// send raw deflate; as browsers do, the first two bytes tell: a zlib header
/// names method 8 and is a multiple of 31 (RFC 1950).
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

/// The body as sent, decoded: `raw` read through the decoder of each
/// coding of `content_encoding`, the last applied first. Returns the
/// reader and the codings' names ("gzip"), or the error for a coding it
/// cannot undo.
pub fn decoded<'a>(
    raw: impl Read + 'a,
    content_encoding: Option<&str>,
) -> Result<(Box<dyn Read + 'a>, String), String> {
    let codings = codings(content_encoding.unwrap_or(""))?;
    let mut reader: Box<dyn Read + 'a> = Box::new(raw);
    for coding in codings.iter().rev() {
        reader = match coding {
            Coding::Gzip => Box::new(MultiGzDecoder::new(reader)),
            Coding::Deflate => deflate(reader).map_err(|e| format!("reading the body: {e}"))?,
            Coding::Brotli => Box::new(Decompressor::new(reader, BROTLI_BUFFER)),
        };
    }
    let names: Vec<&str> = codings.iter().map(|c| c.name()).collect();
    Ok((reader, names.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_encoding_values_list_the_codings_in_the_order_applied() {
        assert_eq!(codings(""), Ok(vec![]));
        assert_eq!(codings("identity"), Ok(vec![]));
        assert_eq!(codings("GZIP"), Ok(vec![Coding::Gzip]));
        assert_eq!(codings("x-gzip"), Ok(vec![Coding::Gzip]));
        assert_eq!(
            codings("deflate, br"),
            Ok(vec![Coding::Deflate, Coding::Brotli])
        );
        assert!(codings("zstd").unwrap_err().contains("\"zstd\""));
    }

    #[test]
    fn deflate_accepts_the_zlib_wrapper_and_raw_deflate() {
        use flate2::Compression;
        use flate2::write::{DeflateEncoder, ZlibEncoder};
        use std::io::Write;
        let text = b"User-agent: *\nDisallow: /x\n";
        let mut zlib = ZlibEncoder::new(Vec::new(), Compression::default());
        zlib.write_all(text).unwrap();
        let mut raw = DeflateEncoder::new(Vec::new(), Compression::default());
        raw.write_all(text).unwrap();
        for body in [zlib.finish().unwrap(), raw.finish().unwrap()] {
            let (mut reader, names) = decoded(&body[..], Some("deflate")).unwrap();
            let mut out = Vec::new();
            reader.read_to_end(&mut out).unwrap();
            assert_eq!(out, text);
            assert_eq!(names, "deflate");
        }
    }
}
