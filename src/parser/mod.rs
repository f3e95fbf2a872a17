//! The streaming robots.txt parser.
//!
//! [`parse_robots_txt`] walks a robots.txt body line by line and reports every
//! directive to a [`ParseHandler`] in file order, exactly as Google's
//! `ParseRobotsTxt` does: the same line numbering for LF, CR and CRLF line
//! ends, the same byte-order-mark skipping, the same 16,663-byte line cap, the
//! same comment and whitespace handling, the same tolerance for a missing
//! colon and for common typos in keys, and the same percent-escape
//! normalisation of rule values.
//!
//! The parser never copies the body: keys and values handed to the handler are
//! slices of the input, except for rule values that need escaping, which are
//! written into one scratch buffer reused for the whole body.
//!
//! The files, each importing only those listed before it:
//! - `handler.rs`: what the parser reports to, [`ParseHandler`] and
//!   [`LineMetadata`];
//! - `key.rs`: what a key is, [`KeyType`] and [`get_key_type`];
//! - `lines.rs`: where lines start and end, the body's lines one after the
//!   other, 64 bytes at a time from the scanner;
//! - `line.rs`: what one line says, split into key and value and reported
//!   to the handler.

mod handler;
mod key;
mod line;
mod lines;

use std::collections::TryReserveError;

pub use handler::{LineMetadata, ParseHandler};
pub(crate) use key::{ALLOW, DISALLOW, FIVE_BYTES, USER_AGE};
pub use key::{KeyType, get_key_type};
pub use line::MAX_LINE_LEN;
use line::Parser;
pub(crate) use line::emit_one_line;
pub(crate) use lines::skip_bom;
use lines::{Lines, Piece};

/// Parses a robots.txt body and reports its directives to `handler`.
///
/// Accepts any bytes. Lines end at LF, CR or CRLF; the line after the last
/// line end is always reported, so a body ending in a newline has a final
/// empty line, and an empty body has one empty line. Line numbers saturate at
/// `u32::MAX`.
///
/// The parser copies nothing of the body; its only allocation is one
/// scratch buffer for rule values that need percent-escaping, at most
/// 3 × [`MAX_LINE_LEN`] bytes. Should even that fail, it aborts as the
/// standard library does; [`try_parse_robots_txt`] reports it instead.
pub fn parse_robots_txt<H: ParseHandler + ?Sized>(body: &[u8], handler: &mut H) {
    if try_parse_robots_txt(body, handler).is_err() {
        std::alloc::handle_alloc_error(std::alloc::Layout::new::<[u8; 3 * MAX_LINE_LEN]>());
    }
}

/// [`parse_robots_txt`], with an error instead of an abort when the scratch
/// buffer for escaping rule values (at most 3 × [`MAX_LINE_LEN`] bytes)
/// cannot be allocated. The handler has then seen the lines before the one
/// being escaped, and no [`handle_robots_end`](ParseHandler::handle_robots_end).
pub fn try_parse_robots_txt<H: ParseHandler + ?Sized>(
    body: &[u8],
    handler: &mut H,
) -> Result<(), TryReserveError> {
    let body = skip_bom(body);
    handler.handle_robots_start();
    let mut parser = Parser {
        body,
        handler,
        scratch: Vec::new(),
        failed: None,
    };
    for piece in Lines::new(body) {
        match piece {
            Piece::Empty { first_line, count } => {
                parser.handler.report_empty_lines(first_line, count);
            }
            Piece::Line {
                line_num,
                start,
                end,
                scan,
            } => {
                if !parser.emit_line(line_num, start, end, &scan) {
                    break;
                }
            }
        }
    }
    match parser.failed {
        Some(error) => Err(error),
        None => {
            parser.handler.handle_robots_end();
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests;
