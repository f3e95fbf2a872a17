//! How much of a robots.txt a mode reads, and where a body longer than that
//! was cut: what `robots_txt.rs` decides from the options and `fetch.rs`
//! applies to a download, so both import it and neither imports the other
//! for it.

/// How much of a robots.txt is read, and why.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    /// At most this many bytes are kept.
    pub bytes: usize,
    /// Whether this is Googlebot's 500 KiB (else `--max-fetch-bytes`).
    pub googlebot: bool,
}

/// Where a body was cut at its limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cut {
    /// The limit: how many bytes were kept.
    pub at: usize,
    /// Whether the cut falls inside a line: its first part is all that is
    /// left of it, and may read as a broader rule than the whole line.
    pub inside_line: bool,
}

/// Cuts `body`, read to one byte past `limit`, at `limit`: `None` when it
/// was not longer. A cut is inside a line unless a line ends right before
/// it or right after it (the line's own CR or LF was cut off).
pub fn cut_at(body: &mut Vec<u8>, limit: usize) -> Option<Cut> {
    if body.len() <= limit {
        return None;
    }
    let line_end = |b: Option<&u8>| matches!(b, Some(b'\n' | b'\r'));
    let inside_line = limit > 0 && !line_end(body.get(limit - 1)) && !line_end(body.get(limit));
    body.truncate(limit);
    Some(Cut {
        at: limit,
        inside_line,
    })
}
