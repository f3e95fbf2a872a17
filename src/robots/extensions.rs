//! The extension lines of a group (`Content-Signal`, `Content-Usage`,
//! `Request-rate`): read beside the rules, never used in a verdict, and
//! stored after the values in the arena, so that a file without them costs
//! nothing (see [`ExtensionBlock`]).

use crate::preferences::{ContentUse, PreferenceKind, RequestRate, Statement, VisitWindow};
use crate::robots::alloc::{Alloc, Span, too_large};

/// A `Content-Signal` or `Content-Usage` line as stored.
#[derive(Debug, Clone, Copy)]
pub(super) struct PreferenceData {
    pub(super) kind: PreferenceKind,
    /// The path pattern; empty when the line has none.
    pub(super) path: Span,
    pub(super) line: u32,
    pub(super) stated: Statement,
    pub(super) content_use: Option<ContentUse>,
}

/// The extension lines of a group while building: for the groups that have
/// some, in group order.
#[derive(Debug, Clone, Copy)]
pub(super) struct GroupExtensions {
    /// The group's index.
    pub(super) group: u32,
    /// A range of the builder's preference lines.
    pub(super) preferences: [u32; 2],
    /// The first valid `Request-rate`.
    pub(super) request_rate: Option<RequestRate>,
}

/// A group's extension lines, stored in the arena after the values, so that
/// a file without them costs nothing: a 16-byte header (the `Request-rate`:
/// requests, seconds, window start and end, 0 requests for none and
/// `u16::MAX` for no window; then the number of lines), then 16 bytes per
/// `Content-Signal` or `Content-Usage` line (kind, "yes" bits, "no" bits, the
/// `use=` item's [`ContentUse::code`], the line number, the path's start and
/// length), little-endian.
#[derive(Debug, Clone, Copy)]
pub(super) struct ExtensionBlock<'a> {
    pub(super) request_rate: Option<RequestRate>,
    pub(super) lines: &'a [u8],
}

const EXTENSION_HEADER: usize = 16;
const EXTENSION_LINE: usize = 16;

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

fn u16_at(bytes: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([bytes[at], bytes[at + 1]])
}

impl<'a> ExtensionBlock<'a> {
    /// No extension lines.
    pub(super) const EMPTY: ExtensionBlock<'static> = ExtensionBlock {
        request_rate: None,
        lines: &[],
    };

    /// Appends the block of `extensions` (whose lines are `lines`) to the
    /// arena; returns where it starts.
    pub(super) fn write(
        arena: &mut Vec<u8>,
        extensions: &GroupExtensions,
        lines: &[PreferenceData],
    ) -> Alloc<u32> {
        let start = u32::try_from(arena.len()).map_err(|_| too_large())?;
        let count = u32::try_from(lines.len()).map_err(|_| too_large())?;
        arena.try_reserve(EXTENSION_HEADER + EXTENSION_LINE * lines.len())?;
        let rate = extensions.request_rate;
        arena.extend_from_slice(&rate.map_or(0, |r| r.requests).to_le_bytes());
        arena.extend_from_slice(&rate.map_or(0, |r| r.seconds).to_le_bytes());
        let window = rate.and_then(|r| r.window);
        arena.extend_from_slice(&window.map_or(u16::MAX, |w| w.start).to_le_bytes());
        arena.extend_from_slice(&window.map_or(u16::MAX, |w| w.end).to_le_bytes());
        arena.extend_from_slice(&count.to_le_bytes());
        for line in lines {
            let [yes, no] = line.stated.bits();
            let kind = match line.kind {
                PreferenceKind::Signal => 0,
                PreferenceKind::Usage => 1,
            };
            arena.extend_from_slice(&[kind, yes, no, ContentUse::code(line.content_use)]);
            arena.extend_from_slice(&line.line.to_le_bytes());
            arena.extend_from_slice(&line.path.start.to_le_bytes());
            arena.extend_from_slice(&line.path.len.to_le_bytes());
        }
        Ok(start)
    }

    /// The block at `start` of the arena, which [`ExtensionBlock::write`]
    /// wrote.
    pub(super) fn read(arena: &'a [u8], start: usize) -> ExtensionBlock<'a> {
        let header = &arena[start..start + EXTENSION_HEADER];
        let requests = u32_at(header, 0);
        let request_rate = (requests != 0).then(|| {
            let (window_start, window_end) = (u16_at(header, 8), u16_at(header, 10));
            RequestRate {
                requests,
                seconds: u32_at(header, 4),
                window: (window_start != u16::MAX).then_some(VisitWindow {
                    start: window_start,
                    end: window_end,
                }),
            }
        });
        let count = u32_at(header, 12) as usize;
        let lines_start = start + EXTENSION_HEADER;
        ExtensionBlock {
            request_rate,
            lines: &arena[lines_start..lines_start + count * EXTENSION_LINE],
        }
    }

    pub(super) fn lines(self) -> impl ExactSizeIterator<Item = PreferenceData> + 'a {
        self.lines
            .chunks_exact(EXTENSION_LINE)
            .map(|line| PreferenceData {
                kind: if line[0] == 0 {
                    PreferenceKind::Signal
                } else {
                    PreferenceKind::Usage
                },
                stated: Statement::from_bits([line[1], line[2]]),
                content_use: ContentUse::from_code(line[3]),
                line: u32_at(line, 4),
                path: Span {
                    start: u32_at(line, 8),
                    len: u32_at(line, 12),
                },
            })
    }
}
