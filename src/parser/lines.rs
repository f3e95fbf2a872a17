//! Where lines start and end: [`Lines`], the body's lines (and runs of
//! empty lines) in order, found 64 bytes at a time from the scanner's bit
//! masks (`crate::scan`), each with what the scan saw of it.

use crate::arch::Masks;
use crate::scan::{self, BLOCK, Classifier};

/// The UTF-8 byte order mark, skipped (in full or as a prefix) at the very
/// start of a body only.
const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// Skips the longest prefix of the body that is a prefix of the UTF-8 BOM.
pub(crate) fn skip_bom(body: &[u8]) -> &[u8] {
    let n = body
        .iter()
        .zip(UTF8_BOM)
        .take_while(|(a, b)| a == b)
        .count();
    &body[n..]
}

/// What the scan found in one line, as absolute offsets into the body.
///
/// Plain offsets with sentinels rather than options: the scan updates these
/// for every line, and a sentinel past any line makes "not found" compare
/// like "found past the end".
#[derive(Clone, Copy)]
pub(crate) struct LineScan {
    /// The first `:` of the line, or [`LineScan::NONE`].
    pub(crate) colon: usize,
    /// The first `#` or NUL of the line, or [`LineScan::NONE`].
    pub(crate) stop: usize,
    /// One past the last `%` or byte at or above 0x80 before `stop`; zero
    /// when there is none.
    pub(crate) escape_end: usize,
}

impl LineScan {
    pub(crate) const NONE: usize = usize::MAX;
    pub(crate) const EMPTY: LineScan = LineScan {
        colon: LineScan::NONE,
        stop: LineScan::NONE,
        escape_end: 0,
    };
}

/// One step through a body: a line, or a run of empty lines.
pub(crate) enum Piece {
    /// `count` empty lines (no content, no comment: the line ends follow
    /// one another) numbered from `first_line` on.
    Empty { first_line: u32, count: u32 },
    /// The line `line_num`, bytes `start..end` of the body (its line end
    /// not included), and what the scan saw of it.
    Line {
        line_num: u32,
        start: usize,
        end: usize,
        scan: LineScan,
    },
}

/// The lines of a body (past its byte order mark, see [`skip_bom`]) as the
/// parser numbers them: lines end at LF, CR or a CRLF pair; the text after
/// the last line end is a line too (the empty line of a body that ends in a
/// line end, the one line of an empty body). Line numbers saturate at
/// `u32::MAX`.
///
/// One 64-byte block is classified at a time; the lines in it are split off
/// with bit operations, runs of line ends counted at once, and a line that
/// goes on past the block carries what its scan found so far into the next.
pub(crate) struct Lines<'b> {
    body: &'b [u8],
    classifier: Classifier,
    /// The block being split: it starts here.
    base: usize,
    masks: Masks,
    /// The bits of the block not yet taken by earlier lines.
    live: u64,
    /// The line ends among `live`.
    eols: u64,
    /// Whether `masks`, `live` and `eols` are those of the block at `base`.
    loaded: bool,
    /// Where the current line starts: after its line end (both bytes of a
    /// CRLF pair), so the LF of a pair is no part of any line.
    start: usize,
    line_num: u32,
    /// What the scan found of the current line so far.
    scan: LineScan,
    /// Whether the last line has been given.
    done: bool,
}

impl<'b> Lines<'b> {
    pub(crate) fn new(body: &'b [u8]) -> Lines<'b> {
        Lines {
            body,
            classifier: Classifier::new(),
            base: 0,
            masks: Masks::default(),
            live: 0,
            eols: 0,
            loaded: false,
            start: 0,
            line_num: 0,
            scan: LineScan::EMPTY,
            done: false,
        }
    }

    /// The bits of the block at `base` from `at` on.
    #[inline(always)]
    fn from(at: usize, base: usize) -> u64 {
        match at.checked_sub(base) {
            None | Some(0) => u64::MAX,
            Some(d) if d < BLOCK => u64::MAX << d,
            Some(_) => 0,
        }
    }
}

impl Iterator for Lines<'_> {
    type Item = Piece;

    #[inline(always)]
    fn next(&mut self) -> Option<Piece> {
        let body = self.body;
        loop {
            if !self.loaded {
                if self.base >= body.len() {
                    if self.done {
                        return None;
                    }
                    self.done = true;
                    self.line_num = self.line_num.saturating_add(1);
                    return Some(Piece::Line {
                        line_num: self.line_num,
                        start: self.start,
                        end: body.len(),
                        scan: self.scan,
                    });
                }
                self.masks = self.classifier.classify_at(body, self.base);
                self.live = Self::from(self.start, self.base);
                self.eols = self.masks.eol & self.live;
                self.loaded = true;
            }
            let (base, masks) = (self.base, self.masks);
            // A run of line ends where a line starts: empty lines, one per
            // line end in it, counted with bit operations and given at once
            // rather than split one by one.
            let offset = self.start.wrapping_sub(base);
            if offset < BLOCK && self.eols >> offset & 1 == 1 {
                let run_len = (!(masks.eol >> offset)).trailing_zeros() as usize;
                let run = (u64::MAX >> (BLOCK - run_len)) << offset;
                // The byte before the run is no CR of a pair whose LF is in
                // it: the start of a line is past both bytes of a pair.
                let cr = self.classifier.cr_at(body, base, masks.eol);
                let count = (scan::line_ends(masks.eol, cr, false) & run).count_ones();
                let first_line = self.line_num.saturating_add(1);
                self.line_num = self.line_num.saturating_add(count);
                self.start += run_len;
                if cr >> (offset + run_len - 1) & 1 == 1 && body.get(self.start) == Some(&b'\n') {
                    self.start += 1;
                }
                self.live = Self::from(self.start, base);
                self.eols &= self.live;
                return Some(Piece::Empty { first_line, count });
            }
            // The first line end left, as a single bit (none: zero).
            let eol = self.eols & self.eols.wrapping_neg();
            // The bits of this block that belong to the current line: all
            // the live ones below its end (all live ones when it goes on).
            let mut line_bits = self.live & eol.wrapping_sub(1);
            if self.scan.stop == LineScan::NONE {
                let stops = masks.stop & line_bits;
                if stops != 0 {
                    self.scan.stop = base + stops.trailing_zeros() as usize;
                    // Only what comes before the stop is content.
                    line_bits &= (stops & stops.wrapping_neg()) - 1;
                }
                let escapes = masks.escape & line_bits;
                if escapes != 0 {
                    self.scan.escape_end = base + 64 - escapes.leading_zeros() as usize;
                }
            }
            if self.scan.colon == LineScan::NONE {
                let colons = masks.colon & line_bits;
                if colons != 0 {
                    self.scan.colon = base + colons.trailing_zeros() as usize;
                }
            }
            if eol == 0 {
                // The line goes on: into the next block.
                self.base += BLOCK;
                self.loaded = false;
                continue;
            }
            let at = base + eol.trailing_zeros() as usize;
            self.line_num = self.line_num.saturating_add(1);
            let line = Piece::Line {
                line_num: self.line_num,
                start: self.start,
                end: at,
                scan: self.scan,
            };
            // The next line starts past the line end; the LF of a CRLF pair
            // ends no other (empty) line.
            let mut taken = eol << 1;
            self.start = at + 1;
            if body[at] == b'\r' && body.get(self.start) == Some(&b'\n') {
                self.start += 1;
                taken <<= 1;
            }
            self.scan = LineScan::EMPTY;
            // All bits up to the line end (and the LF of a pair), zero when
            // those reach past the block.
            self.live = !taken.wrapping_sub(1);
            self.eols &= self.live;
            return Some(line);
        }
    }
}
