//! Building allocates fallibly: every allocation that grows with the body
//! is made with `try_reserve`, and a failure is reported as an error
//! instead of an abort. Also the arena's byte ranges, 32-bit so that the
//! stored form stays small.

use std::collections::TryReserveError;

/// What building returns: the value, or the allocation that failed.
pub(super) type Alloc<T> = Result<T, TryReserveError>;

/// The error for a body whose parsed form does not fit the 32-bit offsets
/// of the arena (over 4 GiB of values): a capacity overflow, as a `Vec`
/// reports one.
pub(super) fn too_large() -> TryReserveError {
    // A request past isize::MAX bytes always fails, without allocating.
    Vec::<u8>::new()
        .try_reserve(usize::MAX)
        .expect_err("no allocation exceeds isize::MAX bytes")
}

/// Pushes onto a vector, reporting a failed allocation instead of aborting.
pub(super) fn try_push<T>(vec: &mut Vec<T>, value: T) -> Alloc<()> {
    vec.try_reserve(1)?;
    vec.push(value);
    Ok(())
}

/// Appends bytes to a vector, reporting a failed allocation.
fn try_extend(vec: &mut Vec<u8>, bytes: &[u8]) -> Alloc<()> {
    vec.try_reserve(bytes.len())?;
    vec.extend_from_slice(bytes);
    Ok(())
}

/// The vector as a boxed slice of exactly its length. `into_boxed_slice`
/// would shrink the allocation in place, which aborts if that fails; this
/// copies into an exact allocation instead, fallibly.
pub(super) fn try_boxed<T>(vec: Vec<T>) -> Alloc<Box<[T]>> {
    if vec.len() == vec.capacity() {
        return Ok(vec.into_boxed_slice());
    }
    let mut exact = Vec::new();
    exact.try_reserve_exact(vec.len())?;
    exact.extend(vec);
    Ok(exact.into_boxed_slice())
}

/// A byte range in an arena. 32-bit: building fails cleanly past 4 GiB of
/// values (see [`too_large`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Span {
    pub(super) start: u32,
    pub(super) len: u32,
}

impl Span {
    pub(super) fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.start as usize + self.len as usize
    }
}

/// The bytes of `span` in `arena`.
pub(super) fn bytes(arena: &[u8], span: Span) -> &[u8] {
    &arena[span.range()]
}

/// Appends `value` to an arena and returns where it lies.
pub(super) fn push_bytes(arena: &mut Vec<u8>, value: &[u8]) -> Alloc<Span> {
    let start = u32::try_from(arena.len()).map_err(|_| too_large())?;
    let len = u32::try_from(value.len()).map_err(|_| too_large())?;
    if start.checked_add(len).is_none() {
        return Err(too_large());
    }
    try_extend(arena, value)?;
    Ok(Span { start, len })
}
