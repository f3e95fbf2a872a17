//! The library's allocator: the system's, counting the bytes held, with an
//! optional cap.
//!
//! The count is what `NativeLibrary.allocatedBytes()` reports (the tests
//! read it to show that parsing and closing leaves nothing behind). The cap
//! (`NativeLibrary.setMemoryLimit`) applies only inside [`limited`], around
//! the core's fallible `try_*` calls, which report a failed allocation as an
//! error (`OutOfMemoryError` in Java); the glue's own small allocations are
//! never refused, since Rust aborts the process on those.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counted.
struct Counting;

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Bytes held now.
static LIVE: AtomicUsize = AtomicUsize::new(0);
/// The cap; `usize::MAX` for none.
static LIMIT: AtomicUsize = AtomicUsize::new(usize::MAX);

thread_local! {
    /// Whether this thread is inside [`limited`].
    static LIMITED: Cell<bool> = const { Cell::new(false) };
}

/// Whether `extra` more bytes would pass the cap for this thread now.
fn refused(extra: usize) -> bool {
    let limit = LIMIT.load(Ordering::Relaxed);
    limit != usize::MAX
        && LIMITED.with(Cell::get)
        && LIVE.load(Ordering::Relaxed).saturating_add(extra) > limit
}

// SAFETY: every call is forwarded to `System` with the caller's arguments;
// the counting touches only atomics and a `const`-initialised thread local
// that allocates nothing.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if refused(layout.size()) {
            return std::ptr::null_mut();
        }
        // SAFETY: forwarded.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        }
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if refused(layout.size()) {
            return std::ptr::null_mut();
        }
        // SAFETY: forwarded.
        let ptr = unsafe { System.alloc_zeroed(layout) };
        if !ptr.is_null() {
            LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() && refused(new_size - layout.size()) {
            return std::ptr::null_mut();
        }
        // SAFETY: forwarded.
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            LIVE.fetch_add(new_size, Ordering::Relaxed);
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        }
        new
    }
}

/// Sets the cap, or removes it (`None`).
pub(crate) fn set_limit(limit: Option<usize>) {
    LIMIT.store(limit.unwrap_or(usize::MAX), Ordering::Relaxed);
}

/// The bytes held now.
pub(crate) fn live() -> usize {
    LIVE.load(Ordering::Relaxed)
}

/// Runs `f` (a fallible core call) under the cap.
pub(crate) fn limited<T>(f: impl FnOnce() -> T) -> T {
    /// Leaves the capped region even when `f` panics.
    struct Leave(bool);
    impl Drop for Leave {
        fn drop(&mut self) {
            LIMITED.with(|l| l.set(self.0));
        }
    }
    let _leave = Leave(LIMITED.with(|l| l.replace(true)));
    f()
}
