//! Which preference lines decide for a URL: the longest-match precedence of
//! draft-ietf-aipref-attach-05 §3.1, and the combination of equally long
//! matches of draft-ietf-aipref-vocab-08 §5.1.

use super::model::{ContentUse, PreferenceKind, Stated, StatedUse, Statement};
use crate::pattern::matches;

/// One `Content-Signal` or `Content-Usage` line, as the selection sees it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Candidate<'a> {
    pub kind: PreferenceKind,
    /// The path pattern; empty when the line has none (it then matches every
    /// path with length 0).
    pub pattern: &'a [u8],
    pub line: u32,
    pub stated: Statement,
    /// `Content-Signal`'s `use=` item.
    pub content_use: Option<ContentUse>,
}

/// What the selected lines state: per signal, per usage category, and the
/// `use=` item.
pub(crate) type Selected = ([Option<Stated>; 3], [Option<Stated>; 3], Option<StatedUse>);

/// The selection for one kind of line.
#[derive(Debug, Clone, Copy)]
struct Best {
    /// The length of the longest match so far; `None` before any match.
    len: Option<usize>,
    stated: Statement,
    /// Per name, the first line (in file order) saying yes, and no.
    yes_line: [u32; 8],
    no_line: [u32; 8],
    /// The least permissive `use=` so far, and the first line giving it.
    content_use: Option<StatedUse>,
}

impl Best {
    const NONE: Best = Best {
        len: None,
        stated: Statement::EMPTY,
        yes_line: [0; 8],
        no_line: [0; 8],
        content_use: None,
    };

    fn offer(&mut self, len: usize, line: u32, stated: Statement, content_use: Option<ContentUse>) {
        match self.len {
            Some(best) if len < best => return,
            Some(best) if len == best => {}
            _ => *self = Best::NONE,
        }
        self.len = Some(len);
        self.stated = self.stated.combine(stated);
        if let Some(value) = content_use {
            self.content_use = match self.content_use {
                Some(old) if old.value < value || (old.value == value && old.line <= line) => {
                    Some(old)
                }
                _ => Some(StatedUse { value, line }),
            };
        }
        for index in 0..8 {
            let first = |seen: u32| if seen == 0 { line } else { seen.min(line) };
            match stated.get(index) {
                Some(true) => self.yes_line[index] = first(self.yes_line[index]),
                Some(false) => self.no_line[index] = first(self.no_line[index]),
                None => {}
            }
        }
    }

    fn stated(&self, index: usize) -> Option<Stated> {
        let allowed = self.stated.get(index)?;
        let line = if allowed {
            self.yes_line[index]
        } else {
            self.no_line[index]
        };
        Some(Stated { allowed, line })
    }
}

/// The signals, usage categories and `use=` item that `candidates` state
/// for `path` (Google's path, parameters and query of the URL): per kind,
/// the lines whose pattern matches with the greatest length decide, their
/// statements combined.
pub(crate) fn select<'a>(
    candidates: impl IntoIterator<Item = Candidate<'a>>,
    path: &[u8],
) -> Selected {
    let mut signals = Best::NONE;
    let mut usage = Best::NONE;
    for candidate in candidates {
        if !matches(path, candidate.pattern) {
            continue;
        }
        let best = match candidate.kind {
            PreferenceKind::Signal => &mut signals,
            PreferenceKind::Usage => &mut usage,
        };
        best.offer(
            candidate.pattern.len(),
            candidate.line,
            candidate.stated,
            candidate.content_use,
        );
    }
    (
        [0, 1, 2].map(|i| signals.stated(i)),
        [0, 1, 2].map(|i| usage.stated(i)),
        signals.content_use,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usage<'a>(pattern: &'a str, line: u32, stated: Statement) -> Candidate<'a> {
        Candidate {
            kind: PreferenceKind::Usage,
            pattern: pattern.as_bytes(),
            line,
            stated,
            content_use: None,
        }
    }

    const TRAIN: usize = 0;
    const SEARCH: usize = 1;

    #[test]
    fn attach_example_paths() {
        // draft-ietf-aipref-attach-05 §3.4: the `*` group's lines 4 and 5.
        let n = Statement::EMPTY.set(TRAIN, false);
        let y = Statement::EMPTY.set(TRAIN, true);
        let lines = [usage("", 4, n), usage("/ai-ok/", 5, y)];
        let at = |path: &str| select(lines, path.as_bytes()).1[TRAIN];
        assert_eq!(
            at("/test"),
            Some(Stated {
                allowed: false,
                line: 4
            })
        );
        assert_eq!(
            at("/ai-ok/test"),
            Some(Stated {
                allowed: true,
                line: 5
            })
        );
    }

    #[test]
    fn longest_match_selects_whole_lines() {
        // The longer path states only search: train-ai is unknown there,
        // not inherited from the shorter line.
        let lines = [
            usage("", 1, Statement::EMPTY.set(TRAIN, false)),
            usage("/a/", 2, Statement::EMPTY.set(SEARCH, true)),
        ];
        let (_, at_a, _) = select(lines, b"/a/x");
        assert_eq!(at_a[TRAIN], None);
        assert_eq!(
            at_a[SEARCH],
            Some(Stated {
                allowed: true,
                line: 2
            })
        );
    }

    #[test]
    fn identical_paths_combine_most_restrictive() {
        // attach §3.1: identical paths with conflicting preferences apply
        // per vocab §5.1 (any n gives n).
        let lines = [
            usage("/x", 3, Statement::EMPTY.set(TRAIN, true)),
            usage(
                "/x",
                7,
                Statement::EMPTY.set(TRAIN, false).set(SEARCH, true),
            ),
            usage("/x", 9, Statement::EMPTY.set(SEARCH, true)),
        ];
        let (_, u, _) = select(lines, b"/x");
        assert_eq!(
            u[TRAIN],
            Some(Stated {
                allowed: false,
                line: 7
            })
        );
        assert_eq!(
            u[SEARCH],
            Some(Stated {
                allowed: true,
                line: 7
            })
        );
    }

    #[test]
    fn wildcards_and_anchors_match_as_in_rules() {
        let lines = [usage("/*.pdf$", 2, Statement::EMPTY.set(TRAIN, false))];
        assert!(select(lines, b"/docs/a.pdf").1[TRAIN].is_some());
        assert!(select(lines, b"/docs/a.pdf?x=1").1[TRAIN].is_none());
    }

    #[test]
    fn a_line_stating_nothing_still_shadows_shorter_ones() {
        let lines = [
            usage("", 1, Statement::EMPTY.set(TRAIN, false)),
            usage("/p", 2, Statement::EMPTY),
        ];
        assert_eq!(select(lines, b"/p").1[TRAIN], None);
        assert!(select(lines, b"/q").1[TRAIN].is_some());
    }

    #[test]
    fn kinds_are_selected_separately() {
        let lines = [
            Candidate {
                kind: PreferenceKind::Signal,
                pattern: b"",
                line: 1,
                stated: Statement::EMPTY.set(2, false),
                content_use: Some(ContentUse::Full),
            },
            usage("/long/path", 2, Statement::EMPTY.set(TRAIN, true)),
        ];
        let (s, u, content_use) = select(lines, b"/long/path");
        assert_eq!(
            content_use,
            Some(StatedUse {
                value: ContentUse::Full,
                line: 1
            })
        );
        assert_eq!(
            s[2],
            Some(Stated {
                allowed: false,
                line: 1
            })
        );
        assert_eq!(
            u[TRAIN],
            Some(Stated {
                allowed: true,
                line: 2
            })
        );
    }
}
