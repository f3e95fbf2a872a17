//! The path of a query: found in the URL without a copy where it can be,
//! with what the index searches need of it, built on first use.

use std::cell::{Cell, OnceCell};

use crate::path::{find_any, path_start};
use crate::screen::{ByteSet, PairSet};
use crate::word::head;

/// The path of a query, with what the index searches need of it.
///
/// The searches read `rest`, the URL from the path's start on, and never
/// need to know where the path ends: the path ends at the URL's end or at
/// its first `#` or NUL, and no indexed literal holds either byte (see
/// [`push_candidates`](super::candidate::push_candidates)). So a literal is a prefix of `rest` exactly when it
/// is one of the path, and the last literal at or before `rest` in byte
/// order still has every literal prefix of the path on its chain: whatever
/// sorts between the path and `rest` starts with the path. Only a `$`, and
/// the `*` rules that pass the screen, need the end, found on first use.
pub(super) struct QueryPath<'a> {
    pub(super) rest: &'a [u8],
    /// The first word of `rest` (see [`head`]).
    pub(super) head: u64,
    end: OnceCell<usize>,
    /// [`QueryPath::pair_set`] once built.
    pairs: Cell<Option<PairSet>>,
    /// [`QueryPath::folded_bytes`] once built.
    folded_bytes: Cell<Option<u32>>,
}

impl<'a> QueryPath<'a> {
    fn new(rest: &'a [u8]) -> Self {
        QueryPath {
            rest,
            head: head(rest),
            end: OnceCell::new(),
            pairs: Cell::new(None),
            folded_bytes: Cell::new(None),
        }
    }

    /// A path whose end is known: `path` is the whole of it.
    fn whole(path: &'a [u8]) -> Self {
        QueryPath {
            end: OnceCell::from(path.len()),
            ..QueryPath::new(path)
        }
    }

    /// The path itself.
    pub(super) fn bytes(&self) -> &'a [u8] {
        let end = *self.end.get_or_init(|| path_end(self.rest, 0));
        &self.rest[..end]
    }

    /// Whether the path is `len` bytes long, given that it is at least.
    pub(super) fn ends_at(&self, len: usize) -> bool {
        self.rest.get(len).is_none_or(|&b| b == b'#' || b == 0)
    }

    /// The pairs of `rest`: those of the path, and of a fragment after it.
    /// A superset serves a screen as well, and needs no end: most queries
    /// it screens never look for the end. Built on first use, and shared by
    /// the indexes a query searches.
    pub(super) fn pair_set(&self) -> PairSet {
        built_once(&self.pairs, || PairSet::of(self.rest))
    }

    /// The [`ByteSet::folded`] bytes of `rest`, as [`QueryPath::pair_set`];
    /// built for the first `*` rule that passes the pairs' screen.
    pub(super) fn folded_bytes(&self) -> u32 {
        built_once(&self.folded_bytes, || ByteSet::of(self.rest).folded())
    }
}

/// The value kept in `cell`, built by `build` and kept there on first use.
fn built_once<T: Copy>(cell: &Cell<Option<T>>, build: impl FnOnce() -> T) -> T {
    cell.get().unwrap_or_else(|| {
        let value = build();
        cell.set(Some(value));
        value
    })
}

/// Runs `f` on the path Google matches for `url`: its path, params and
/// query, up to the fragment or a NUL (Google matches it as a C string),
/// with a `/` in front when it starts with `?` or `;`.
pub(super) fn with_path<R>(url: &[u8], f: impl FnOnce(&QueryPath<'_>) -> R) -> R {
    let Some(start) = path_start(url) else {
        return f(&QueryPath::whole(b"/"));
    };
    if url[start] == b'/' {
        return f(&QueryPath::new(&url[start..]));
    }
    let end = path_end(url, start);
    // A short path is prefixed on the stack; only a long one allocates.
    let mut stack = [0u8; 256];
    let len = end - start + 1;
    if len <= stack.len() {
        stack[0] = b'/';
        stack[1..len].copy_from_slice(&url[start..end]);
        return f(&QueryPath::whole(&stack[..len]));
    }
    let mut owned = Vec::with_capacity(len);
    owned.push(b'/');
    owned.extend_from_slice(&url[start..end]);
    f(&QueryPath::whole(&owned))
}

/// Where the path that starts at `start` ends: at the first `#` or NUL, or
/// at the end. Sixteen bytes at a time ([`find_any`]); past 64 bytes, a
/// vectorised search takes over.
fn path_end(url: &[u8], start: usize) -> usize {
    if url.len() - start > 64 {
        return memchr::memchr2(b'#', 0, &url[start..]).map_or(url.len(), |i| start + i);
    }
    find_any(url, start, [b'#', 0, 0, 0]).unwrap_or(url.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn path_end_is_the_first_hash_or_nul(
            url in proptest::collection::vec(proptest::sample::select(vec![0u8, b'#', b'/', b'a', 0x80, 0xFF]), 0..100),
            start in 0usize..100,
        ) {
            let start = start.min(url.len());
            let expected = url[start..]
                .iter()
                .position(|&b| b == b'#' || b == 0)
                .map_or(url.len(), |i| start + i);
            proptest::prop_assert_eq!(path_end(&url, start), expected);
        }
    }
}
