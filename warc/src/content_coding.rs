//! The content codings of an HTTP response undone, as Google's crawlers
//! undo them: "Google's crawlers and fetchers support the following content
//! encodings (compressions): gzip, deflate, and Brotli (br)", advertised in
//! `Accept-Encoding` (Google's "Overview of Google crawlers and fetchers").
//!
//! One decoder serves a recorded response (the body of a WARC `response`
//! record, read by `capture`) and the `robots` command's live fetch, within
//! the same bounds, so that a body reads the same whether it was fetched
//! now or archived.
//!
//! Decoding is a reader over the body: it inflates only as much as is read
//! from it, so the caller's `take(limit)` bounds the output whatever the
//! compressed body expands to (a compression bomb). What a response may ask
//! of the decoders is bounded too, so that stacking codings costs no more
//! than [`MAX_CODINGS`] times one coding:
//!
//! - at most [`MAX_CODINGS`] codings, in one `Content-Encoding` field (a
//!   second field is refused rather than guessed at: clients disagree on
//!   whether it adds to the first or replaces it), and at most one of them
//!   `br`: a brotli decoder may hold a window of 16 MiB, a gzip or deflate
//!   one holds 32 KiB, so the codings of one body cost about what one
//!   brotli body does;
//! - every decoder reads through a guard: at most [`Budget::bytes`] of
//!   input (a coded body is never much longer than what it decodes to, so
//!   only a stream built to keep a decoder busy without output reaches it),
//!   and, for a live fetch, nothing once its deadline has passed, so CPU
//!   time spent inflating layer upon layer ends with the fetch's timeout.
//!   A recorded body has no deadline: its reading does not depend on how
//!   fast the machine is, and its input is bounded by the record.
//!
//! [`check_transfer_encoding`] is the live fetch's check of the transfer
//! codings, which the HTTP client undoes before this decoder runs.

use std::io::{self, BufRead, BufReader, Read};
use std::time::Instant;

use brotli_decompressor::Decompressor;
use flate2::read::{DeflateDecoder, MultiGzDecoder, ZlibDecoder};

/// The `Accept-Encoding` value of a fetch: the codings this module undoes,
/// as Google's example lists them.
pub const ACCEPT_ENCODING: &str = "gzip, deflate, br";

/// The most content codings a response may list (`identity` included): a
/// body compressed twice by mistake (by an application and again by its
/// proxy) is read, a stack of thousands is refused before any decoder is
/// made.
pub const MAX_CODINGS: usize = 4;

/// Brotli's working buffer; its window (at most 16 MiB, allocated zeroed
/// and touched only as far as output is written) is its own.
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

/// The members of a list-valued field (`a, b,c`): trimmed of spaces and
/// tabs, empty members skipped (RFC 9110, 5.6.1).
fn members(value: &str) -> impl Iterator<Item = &str> {
    value
        .split(',')
        .map(|m| m.trim_matches([' ', '\t']))
        .filter(|m| !m.is_empty())
}

/// The one value of a field that may appear at most once, as text.
fn single_field<'v>(name: &str, fields: &[&'v [u8]]) -> Result<Option<&'v str>, String> {
    match fields {
        [] => Ok(None),
        [value] => std::str::from_utf8(value)
            .map(Some)
            .map_err(|_| format!("a {name} field that is not text")),
        more => Err(format!("{} {name} fields, where one is read", more.len())),
    }
}

/// The codings of a response's `Content-Encoding` fields, in the order they
/// were applied; `identity` is no coding. `Err` says why the body cannot be
/// undone: a coding a fetch does not ask for, more than [`MAX_CODINGS`],
/// more than one `br`, or more than one field.
fn codings(fields: &[&[u8]]) -> Result<Vec<Coding>, String> {
    let Some(value) = single_field("Content-Encoding", fields)? else {
        return Ok(Vec::new());
    };
    let count = members(value).take(MAX_CODINGS + 1).count();
    if count > MAX_CODINGS {
        return Err(format!(
            "more than {MAX_CODINGS} content codings in Content-Encoding"
        ));
    }
    let mut codings = Vec::with_capacity(count);
    for name in members(value) {
        codings.push(match name.to_ascii_lowercase().as_str() {
            "gzip" | "x-gzip" => Coding::Gzip,
            "deflate" => Coding::Deflate,
            "br" => Coding::Brotli,
            "identity" => continue,
            _ => return Err(format!("unsupported Content-Encoding {name:?}")),
        });
    }
    if codings.iter().filter(|c| **c == Coding::Brotli).count() > 1 {
        return Err("more than one br coding in Content-Encoding".into());
    }
    Ok(codings)
}

/// Whether an HTTP client that offers no transfer coding but `chunked`
/// (it sends no `TE`), and undoes that one, read a live answer's body as
/// sent: any other (`gzip, chunked`) would leave coded bytes to be read as
/// rules. `fields` are the `Transfer-Encoding` fields' values as received.
/// An HTTP/1.0 answer with `Transfer-Encoding` has no reliable framing at
/// all (RFC 9112, 6.1). `Err` says which.
pub fn check_transfer_encoding(fields: &[&[u8]], http10: bool) -> Result<(), String> {
    let Some(value) = single_field("Transfer-Encoding", fields)? else {
        return Ok(());
    };
    if http10 {
        return Err("Transfer-Encoding in an HTTP/1.0 answer".into());
    }
    let mut codings = members(value);
    match (codings.next(), codings.next()) {
        (Some(only), None) if only.eq_ignore_ascii_case("chunked") => Ok(()),
        _ => Err(format!(
            "unsupported Transfer-Encoding {value:?}: only chunked is read"
        )),
    }
}

/// What the decoders of one body may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// The most bytes any decoder may read: the coded body itself, and each
    /// intermediate stream of a stack of codings.
    pub bytes: u64,
    /// No decoder reads after this instant; `None` for a recorded body,
    /// whose reading must not depend on the clock.
    pub deadline: Option<Instant>,
}

impl Budget {
    /// The budget for a body of which `wanted` decoded bytes are read:
    /// twice that and 64 KiB more for each decoder's input (compressed
    /// data is at most a few bytes per 64 KiB longer than what it
    /// encodes; decoders read ahead by at most their buffer). No deadline.
    pub fn for_output(wanted: u64) -> Budget {
        Budget {
            bytes: wanted.saturating_mul(2).saturating_add(64 * 1024),
            deadline: None,
        }
    }

    /// The same budget, with no decoder reading after `deadline` (a live
    /// fetch's timeout).
    pub fn until(self, deadline: Instant) -> Budget {
        Budget {
            deadline: Some(deadline),
            ..self
        }
    }
}

/// Why a decoder stopped at its [`Budget`].
const OVER_BUDGET: &str = "a content coding of the body reads more than it may";

/// The input of one decoder: at most `left` bytes, and none after the
/// deadline.
struct Guard<R> {
    inner: R,
    left: u64,
    deadline: Option<Instant>,
}

impl<R: Read> Read for Guard<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the timeout passed while decoding the body",
            ));
        }
        if buf.is_empty() {
            return Ok(0);
        }
        if self.left == 0 {
            // A stream exactly as long as the budget ends here; one byte
            // more is a decoder kept busy for nothing.
            let mut probe = [0u8; 1];
            return match self.inner.read(&mut probe)? {
                0 => Ok(0),
                _ => Err(io::Error::new(io::ErrorKind::InvalidData, OVER_BUDGET)),
            };
        }
        let most = usize::try_from(self.left).map_or(buf.len(), |left| left.min(buf.len()));
        let n = self.inner.read(&mut buf[..most])?;
        self.left -= n as u64;
        Ok(n)
    }
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
/// coding of the `Content-Encoding` field (`fields`, each field's value as
/// received), the last applied first, each within `budget`. Returns the
/// reader and the codings' names, as a list ("gzip, br"; empty for none),
/// or why the body cannot be undone. Reading past the budget fails with
/// `InvalidData`, past the deadline with `TimedOut`.
pub fn decoded<'a>(
    raw: impl Read + 'a,
    fields: &[&[u8]],
    budget: Budget,
) -> Result<(Box<dyn Read + 'a>, String), String> {
    let codings = codings(fields)?;
    let guard = |inner: Box<dyn Read + 'a>| -> Box<dyn Read + 'a> {
        Box::new(Guard {
            inner,
            left: budget.bytes,
            deadline: budget.deadline,
        })
    };
    let mut reader: Box<dyn Read + 'a> = Box::new(raw);
    for coding in codings.iter().rev() {
        let input = guard(reader);
        reader = match coding {
            Coding::Gzip => Box::new(MultiGzDecoder::new(input)),
            Coding::Deflate => deflate(input).map_err(|e| format!("reading the body: {e}"))?,
            Coding::Brotli => Box::new(Decompressor::new(input, BROTLI_BUFFER)),
        };
    }
    let names: Vec<&str> = codings.iter().map(|c| c.name()).collect();
    Ok((reader, names.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use flate2::Compression;
    use flate2::write::{DeflateEncoder, GzEncoder, ZlibEncoder};
    use std::io::Write;
    use std::time::Duration;

    const TEXT: &[u8] = b"User-agent: *\nDisallow: /x\n";

    fn later() -> Instant {
        Instant::now() + Duration::from_secs(60)
    }

    fn gzip(data: &[u8]) -> Vec<u8> {
        let mut g = GzEncoder::new(Vec::new(), Compression::default());
        g.write_all(data).unwrap();
        g.finish().unwrap()
    }

    fn read_all(body: &[u8], field: &str, budget: Budget) -> io::Result<Vec<u8>> {
        let (mut reader, _) = decoded(body, &[field.as_bytes()], budget).unwrap();
        let mut out = Vec::new();
        reader.read_to_end(&mut out).map(|_| out)
    }

    #[test]
    fn content_encoding_values_list_the_codings_in_the_order_applied() {
        assert_eq!(codings(&[]), Ok(vec![]));
        assert_eq!(codings(&[b"identity"]), Ok(vec![]));
        assert_eq!(codings(&[b"GZIP"]), Ok(vec![Coding::Gzip]));
        assert_eq!(codings(&[b"x-gzip"]), Ok(vec![Coding::Gzip]));
        assert_eq!(
            codings(&[b"deflate, br"]),
            Ok(vec![Coding::Deflate, Coding::Brotli])
        );
        // Empty members and optional whitespace (spaces, tabs) are no codings.
        assert_eq!(
            codings(&[b" gzip ,,\tbr\t, "]),
            Ok(vec![Coding::Gzip, Coding::Brotli])
        );
        assert!(codings(&[b"zstd"]).unwrap_err().contains("\"zstd\""));
    }

    #[test]
    fn at_most_four_codings_and_one_field_are_read() {
        assert_eq!(codings(&[b"gzip, gzip, br, deflate"]).unwrap().len(), 4);
        let err = codings(&[b"br, gzip, br"]).unwrap_err();
        assert_eq!(err, "more than one br coding in Content-Encoding");
        assert_eq!(
            codings(&[b"identity, gzip, identity, gzip"]).unwrap().len(),
            2
        );
        for value in [
            "gzip, gzip, gzip, gzip, gzip",
            "identity, identity, identity, identity, br",
        ] {
            let err = codings(&[value.as_bytes()]).unwrap_err();
            assert!(
                err.contains("more than 4 content codings"),
                "{value}: {err}"
            );
        }
        // 21,001 codings are refused before any is looked at.
        let stack = vec!["br"; 21_001].join(",");
        assert!(codings(&[stack.as_bytes()]).is_err());
        // Two fields: the second neither replaces nor extends the first.
        let err = codings(&[b"identity", b"gzip"]).unwrap_err();
        assert_eq!(err, "2 Content-Encoding fields, where one is read");
        assert!(codings(&[b"gzip\xff"]).is_err());
    }

    #[test]
    fn only_chunked_is_a_transfer_coding_read() {
        assert_eq!(check_transfer_encoding(&[], false), Ok(()));
        assert_eq!(check_transfer_encoding(&[], true), Ok(()));
        assert_eq!(check_transfer_encoding(&[b"chunked"], false), Ok(()));
        assert_eq!(check_transfer_encoding(&[b" Chunked "], false), Ok(()));
        for value in ["gzip, chunked", "chunked, chunked", "gzip", "identity", ""] {
            assert!(
                check_transfer_encoding(&[value.as_bytes()], false).is_err(),
                "{value:?}"
            );
        }
        assert!(check_transfer_encoding(&[b"chunked", b"chunked"], false).is_err());
        assert!(check_transfer_encoding(&[b"chunked"], true).is_err());
    }

    #[test]
    fn deflate_accepts_the_zlib_wrapper_and_raw_deflate() {
        let mut zlib = ZlibEncoder::new(Vec::new(), Compression::default());
        zlib.write_all(TEXT).unwrap();
        let mut raw = DeflateEncoder::new(Vec::new(), Compression::default());
        raw.write_all(TEXT).unwrap();
        for body in [zlib.finish().unwrap(), raw.finish().unwrap()] {
            let (mut reader, names) =
                decoded(&body[..], &[b"deflate"], Budget::for_output(1000)).unwrap();
            let mut out = Vec::new();
            reader.read_to_end(&mut out).unwrap();
            assert_eq!(out, TEXT);
            assert_eq!(names, "deflate");
        }
    }

    #[test]
    fn four_stacked_codings_are_undone_last_applied_first() {
        let body = gzip(&gzip(&gzip(&gzip(TEXT))));
        let budget = Budget::for_output(1000).until(later());
        assert_eq!(
            read_all(&body, "gzip, gzip, gzip, gzip", budget).unwrap(),
            TEXT
        );
    }

    /// An inner layer that decodes to gigabytes of empty deflate blocks
    /// (five bytes each, no output) would keep the outer decoder busy for
    /// minutes without a byte of output: its input is capped, with a
    /// deadline or without.
    #[test]
    fn a_decoder_kept_busy_without_output_stops_at_its_budget() {
        // Empty stored blocks, not final: 00 00 00 ff ff.
        let empty_blocks: Vec<u8> = [0u8, 0, 0, 0xff, 0xff].repeat(200_000);
        let body = gzip(&empty_blocks);
        assert!(body.len() < 10_000, "{}", body.len());
        for budget in [
            Budget::for_output(1000),
            Budget::for_output(1000).until(later()),
        ] {
            let err = read_all(&body, "deflate, gzip", budget).unwrap_err();
            assert_eq!(err.to_string(), OVER_BUDGET);
        }
        // The same stream within the budget decodes to nothing, as its
        // blocks say, and ends as an unfinished stream ends.
        match read_all(&body, "deflate, gzip", Budget::for_output(1 << 20)) {
            Ok(out) => assert!(out.is_empty()),
            Err(e) => assert_ne!(e.to_string(), OVER_BUDGET),
        }
    }

    /// A body exactly as long as the budget is read to its end: the
    /// budget refuses only the byte past it.
    #[test]
    fn an_input_exactly_at_the_budget_is_read() {
        let budget = Budget::for_output(0);
        let at = vec![b'#'; budget.bytes as usize];
        let mut guard = Guard {
            inner: &at[..],
            left: budget.bytes,
            deadline: None,
        };
        let mut out = Vec::new();
        assert_eq!(guard.read_to_end(&mut out).unwrap(), at.len());
        let over = vec![b'#'; budget.bytes as usize + 1];
        let mut guard = Guard {
            inner: &over[..],
            left: budget.bytes,
            deadline: None,
        };
        let err = guard.read_to_end(&mut Vec::new()).unwrap_err();
        assert_eq!(err.to_string(), OVER_BUDGET);
    }

    #[test]
    fn no_decoder_reads_after_the_deadline() {
        let body = gzip(TEXT);
        let past = Budget::for_output(1000).until(Instant::now());
        let err = read_all(&body, "gzip", past).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::TimedOut);
    }
}
