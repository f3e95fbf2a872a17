//! The lines of a body as Google's parser numbers them, with their byte
//! offsets: the text each lint line shows.

/// The UTF-8 byte order mark.
pub(super) const BOM: &[u8] = b"\xEF\xBB\xBF";

/// How many bytes of a leading UTF-8 byte order mark (or of a prefix of
/// one) Google's parser skips.
fn bom_len(body: &[u8]) -> usize {
    body.iter().zip(BOM).take_while(|(a, b)| a == b).count()
}

/// The lines of a body as Google's parser numbers them, with their byte
/// offsets: see [`source_lines`].
#[derive(Debug, Clone)]
pub struct SourceLines<'a> {
    body: &'a [u8],
    pos: usize,
    last_was_cr: bool,
    done: bool,
}

impl<'a> SourceLines<'a> {
    /// The lines of `body`.
    pub fn new(body: &'a [u8]) -> Self {
        SourceLines {
            body,
            pos: bom_len(body),
            last_was_cr: false,
            done: false,
        }
    }

    /// The lines of `body` from `offset` on, which must be an offset this
    /// iterator gave for `body` (the start of a line), so that a line end
    /// is never split. An offset past the end gives one empty line.
    pub fn from_offset(body: &'a [u8], offset: usize) -> Self {
        SourceLines {
            body,
            pos: offset.min(body.len()),
            last_was_cr: false,
            done: false,
        }
    }
}

impl<'a> Iterator for SourceLines<'a> {
    /// The offset of the line in the body, and its text.
    type Item = (usize, &'a [u8]);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.done {
                return None;
            }
            let start = self.pos;
            let Some(end) = memchr::memchr2(b'\n', b'\r', &self.body[start..]).map(|e| start + e)
            else {
                self.done = true;
                return Some((start, &self.body[start..]));
            };
            let ch = self.body[end];
            let crlf_tail = end == start && self.last_was_cr && ch == b'\n';
            self.last_was_cr = ch == b'\r';
            self.pos = end + 1;
            if !crlf_tail {
                return Some((start, &self.body[start..end]));
            }
        }
    }
}

/// The lines of a body as Google's parser numbers them: `source_lines(b)[n -
/// 1]` is line `n`. Lines end at LF, CR or CRLF; a leading UTF-8 byte order
/// mark (or a prefix of one) is dropped; the text after the last line end is
/// always a line, so an empty body has one empty line. This collects
/// [`SourceLines`], which iterates without allocating.
///
/// ```
/// use robotstxt_exact::lint::source_lines;
/// let lines = source_lines(b"a\r\nb\n\rc");
/// assert_eq!(lines, [&b"a"[..], b"b", b"", b"c"]);
/// ```
pub fn source_lines(body: &[u8]) -> Vec<&[u8]> {
    SourceLines::new(body).map(|(_, text)| text).collect()
}

/// The number of lines Google's parser counts in `body`.
pub fn line_count(body: &[u8]) -> usize {
    SourceLines::new(body).count()
}
