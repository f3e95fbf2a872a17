//! Where the bytes that matter to the parser are, 64 bytes at a time.
//!
//! The parser needs four things of each line: where it ends (LF or CR), its
//! first `:`, its first `#` or NUL (where its content ends), and whether its
//! content has a byte that a rule value must be escaped for. Instead of
//! looking at every byte, or calling a search routine per line and per class
//! of byte (most lines are a few dozen bytes, where call overhead dominates),
//! the body is classified one 64-byte block at a time into bit masks
//! ([`Classifier`], with the widest vector instructions the processor has:
//! see [`crate::arch`]), and lines are then split with bit operations on
//! those masks (here).

pub(crate) use crate::arch::{BLOCK, Classifier};

/// The line ends among the line-end bytes `eol` of a block whose CRs are
/// `cr`: every CR, and every LF that does not follow a CR (`cr_before` says
/// whether the byte before the block is one).
pub(crate) fn line_ends(eol: u64, cr: u64, cr_before: bool) -> u64 {
    let lf = eol & !cr;
    eol & !(lf & (cr << 1 | u64::from(cr_before)))
}

/// The number of lines of `body` as the parser splits it: one more than
/// its line ends (LF, CR, or a CRLF pair), 64 bytes at a time.
pub(crate) fn count_lines(body: &[u8]) -> u64 {
    let classifier = Classifier::new();
    let mut lines = 1u64;
    let mut cr_before = false;
    let mut base = 0;
    while base < body.len() {
        let eol = classifier.classify_at(body, base).eol;
        let cr = if eol == 0 {
            0
        } else {
            classifier.cr_at(body, base, eol)
        };
        lines += u64::from(line_ends(eol, cr, cr_before).count_ones());
        cr_before = cr >> 63 == 1;
        base += BLOCK;
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_counted_as_the_parser_splits_them() {
        // Google: "\n\r" is two line ends, "\r\r\n" two, CRLF one; a
        // CRLF split between two blocks is still one.
        assert_eq!(count_lines(b""), 1);
        assert_eq!(count_lines(b"a\n\rb\r\r\nc"), 5);
        let mut split = vec![b'a'; 63];
        split.extend_from_slice(b"\r\n\r\n");
        assert_eq!(count_lines(&split), 3);
        for len in 0..200 {
            let body: Vec<u8> = (0..len).map(|i| b"\r\nx\n\r\r"[i * 7 % 6]).collect();
            let mut expected = 1;
            for (i, &b) in body.iter().enumerate() {
                let crlf_tail = b == b'\n' && i > 0 && body[i - 1] == b'\r';
                if (b == b'\n' || b == b'\r') && !crlf_tail {
                    expected += 1;
                }
            }
            assert_eq!(count_lines(&body), expected, "{body:?}");
        }
    }
}
