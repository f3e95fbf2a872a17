//! The C ABI: thin `extern "C"` wrappers over the safe Rust core.
//!
//! Every export here only converts: pointers and lengths in, a core call,
//! results out. The C header `include/robotstxt/robotstxt.h` is generated from these
//! files by cbindgen (see `cbindgen.toml` and `tests/header_drift.rs` in this crate), so the
//! doc comments below are what C users read.
//!
//! # Adding an area
//!
//! One file per area (`matcher.rs`, `parse.rs`, ...). Each export is written
//! out in full, because cbindgen reads the source and does not expand macros:
//!
//! ```ignore
//! /// What it does, what each argument means, what it returns on error.
//! ///
//! /// # Safety
//! /// What the caller must guarantee about each pointer.
//! #[unsafe(no_mangle)]
//! pub unsafe extern "C" fn robotstxt_thing_do(
//!     thing: *mut robotstxt_thing,
//!     input: *const c_char,
//!     input_len: usize,
//! ) -> robotstxt_status {
//!     ffi_boundary!({
//!         let thing = try_mut!(thing);
//!         let input = try_bytes!(input, input_len);
//!         thing.inner.do_it(input);
//!         robotstxt_status::Ok
//!     })
//! }
//! ```
//!
//! [`ffi_boundary!`] catches panics and returns the [`Fallback`] of the
//! return type; `try_*!` return its NULL fallback. Opaque handles are a
//! non-`repr(C)` struct named `robotstxt_<thing>` made with [`into_handle`]
//! and freed with [`free_handle`].

// The C-facing names are the C names, so cbindgen emits them as they are.
#![allow(non_camel_case_types)]

use std::ffi::c_char;
use std::panic::{AssertUnwindSafe, catch_unwind};

pub mod crawler;
pub mod file_wide;
pub mod matcher;
pub mod parse;
pub mod preferences;
pub mod reporter;
pub mod robots;
pub mod util;
pub mod version;

#[cfg(test)]
mod tests;

/// The result of a fallible call.
///
/// Out-parameters are written only when a call returns
/// `ROBOTSTXT_STATUS_OK`, unless the function says otherwise.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum robotstxt_status {
    /// Success.
    Ok = 0,
    /// A required pointer was NULL: a handle, an out-parameter, or a string
    /// or array given as (NULL, length > 0). Nothing was done.
    NullArgument = 1,
    /// The caller's buffer is too small; the needed size was written to the
    /// length out-parameter and nothing was written to the buffer.
    BufferTooSmall = 2,
    /// The library hit an internal error (a Rust panic, caught before it
    /// reached C). This is a bug in the library. Handles stay valid: they
    /// can be used again (each call starts afresh) and must still be freed.
    Panic = 3,
    /// An index is not less than the number of items it counts (a sitemap,
    /// group, agent or rule of a `robotstxt_robots`). Nothing was written.
    OutOfRange = 4,
    /// The value asked for is absent, which is not an error: no crawl-delay
    /// applies, no group names a policy token. Nothing was written.
    NotFound = 5,
    /// Memory ran out while building the result (a hostile or huge input
    /// under a memory limit). Nothing was written; every handle stays valid
    /// and usable, and the process goes on.
    OutOfMemory = 6,
}

/// A byte string: `len` bytes at `ptr`, not NUL-terminated, any encoding.
///
/// `(NULL, 0)` is the empty string; `(NULL, n > 0)` is an error
/// (`ROBOTSTXT_STATUS_NULL_ARGUMENT`).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct robotstxt_str {
    /// The first byte, or NULL when `len` is 0.
    pub ptr: *const c_char,
    /// The number of bytes.
    pub len: usize,
}

/// What an export returns when an argument is NULL or when it caught a panic.
///
/// The value is part of each function's documented contract: `false`, 0 and
/// NULL for plain values, a [`robotstxt_status`] for fallible calls.
pub(crate) trait Fallback {
    /// The result for a NULL handle, out-parameter or `(NULL, n > 0)` string.
    fn on_null() -> Self;
    /// The result when the call panicked.
    fn on_panic() -> Self;
}

impl Fallback for robotstxt_status {
    fn on_null() -> Self {
        robotstxt_status::NullArgument
    }
    fn on_panic() -> Self {
        robotstxt_status::Panic
    }
}

/// Implements [`Fallback`] for types whose fallback is one value either way.
macro_rules! same_fallback {
    ($($ty:ty => $value:expr),* $(,)?) => {$(
        impl Fallback for $ty {
            fn on_null() -> Self {
                $value
            }
            fn on_panic() -> Self {
                $value
            }
        }
    )*};
}

same_fallback! {
    () => (),
    bool => false,
    u32 => 0,
    usize => 0,
}

impl<T> Fallback for *mut T {
    fn on_null() -> Self {
        std::ptr::null_mut()
    }
    fn on_panic() -> Self {
        std::ptr::null_mut()
    }
}

impl<T> Fallback for *const T {
    fn on_null() -> Self {
        std::ptr::null()
    }
    fn on_panic() -> Self {
        std::ptr::null()
    }
}

/// Runs `f`, turning a panic into `T::on_panic()` so it never unwinds into C.
///
/// Unwind safety is asserted: every handle's state is reset at the start of
/// each call that mutates it, so a handle left half-updated by a panic is
/// still valid to use and to free.
pub(crate) fn boundary<T: Fallback>(f: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|_| T::on_panic())
}

/// Wraps the body of an export in the panic boundary.
///
/// The body is a closure: `return` leaves the export with that value, and the
/// `try_*!` macros return the NULL fallback of the export's return type.
macro_rules! ffi_boundary {
    ($body:block) => {
        $crate::boundary(move || {
            #[cfg(test)]
            $crate::tests::maybe_inject_panic();
            $body
        })
    };
}

/// Borrows `len` bytes at `ptr`: `(NULL, 0)` is empty, `(NULL, n > 0)` is
/// `None`, and so is a length no Rust slice can have.
///
/// # Safety
/// Unless `ptr` is NULL, it points to `len` readable bytes that stay valid and
/// unmodified for `'a`.
pub(crate) unsafe fn bytes<'a>(ptr: *const c_char, len: usize) -> Option<&'a [u8]> {
    if ptr.is_null() {
        return (len == 0).then_some(&[]);
    }
    if len > isize::MAX as usize {
        return None;
    }
    // SAFETY: non-NULL, and the caller guarantees `len` readable bytes for 'a.
    Some(unsafe { std::slice::from_raw_parts(ptr.cast::<u8>(), len) })
}

/// Borrows `len` elements at `ptr` with the same NULL rules as [`bytes`].
///
/// # Safety
/// Unless `ptr` is NULL, it points to `len` initialised elements that stay
/// valid and unmodified for `'a`.
pub(crate) unsafe fn array<'a, T>(ptr: *const T, len: usize) -> Option<&'a [T]> {
    if ptr.is_null() {
        return (len == 0).then_some(&[]);
    }
    if len.checked_mul(size_of::<T>())? > isize::MAX as usize {
        return None;
    }
    // SAFETY: non-NULL, and the caller guarantees `len` elements for 'a.
    Some(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// A pointer for handing `bytes` to C: never NULL, even when empty.
///
/// An empty Rust slice has a dangling pointer; C code may reasonably pass
/// what it gets to functions that reject those, so empty gives `""`.
pub(crate) fn c_ptr(bytes: &[u8]) -> *const c_char {
    if bytes.is_empty() {
        c"".as_ptr()
    } else {
        bytes.as_ptr().cast()
    }
}

/// Moves `value` to the heap; the pointer is the C handle that owns it, or
/// NULL (`value` dropped) when the allocator has no room. A handle is a few
/// hundred bytes, but a host whose memory is used up gets NULL, not the
/// abort of `Box::new`.
pub(crate) fn into_handle<T>(value: T) -> *mut T {
    let layout = std::alloc::Layout::new::<T>();
    if layout.size() == 0 {
        return Box::into_raw(Box::new(value));
    }
    // SAFETY: a non-zero size. Global and this layout are what Box uses, so
    // free_handle may take the block back with Box::from_raw.
    let ptr = unsafe { std::alloc::alloc(layout) }.cast::<T>();
    if !ptr.is_null() {
        // SAFETY: freshly allocated for a T, properly aligned.
        unsafe { ptr.write(value) };
    }
    ptr
}

/// Writes a new handle owning `value` to a checked, non-NULL out-parameter,
/// or returns `ROBOTSTXT_STATUS_OUT_OF_MEMORY` (nothing written) when the
/// handle does not fit.
///
/// # Safety
/// `out` is non-NULL and valid for writes of a pointer.
pub(crate) unsafe fn put_handle<T>(out: *mut *mut T, value: T) -> robotstxt_status {
    let handle = into_handle(value);
    if handle.is_null() {
        return robotstxt_status::OutOfMemory;
    }
    // SAFETY: per the contract.
    unsafe { put(out, handle) }
}

/// Drops a handle made by [`into_handle`]; NULL is a no-op.
///
/// # Safety
/// `ptr` is NULL, or came from `into_handle::<T>` and was not freed before; it
/// is not used afterwards.
pub(crate) unsafe fn free_handle<T>(ptr: *mut T) {
    if !ptr.is_null() {
        // SAFETY: per the contract, `ptr` is an unfreed Box<T> from into_handle.
        drop(unsafe { Box::from_raw(ptr) });
    }
}

/// Borrows a handle shared; `None` for NULL.
///
/// # Safety
/// `ptr` is NULL or valid for reads for `'a`, with no writer meanwhile.
pub(crate) unsafe fn handle_ref<'a, T>(ptr: *const T) -> Option<&'a T> {
    // SAFETY: per the contract.
    unsafe { ptr.as_ref() }
}

/// Borrows a handle exclusively; `None` for NULL. Never use it on an
/// out-parameter: C may pass uninitialised memory, which a `&mut` must not see.
///
/// # Safety
/// `ptr` is NULL or valid for reads and writes for `'a`, with no other access
/// meanwhile.
pub(crate) unsafe fn handle_mut<'a, T>(ptr: *mut T) -> Option<&'a mut T> {
    // SAFETY: per the contract.
    unsafe { ptr.as_mut() }
}

/// Writes `value` to a checked, non-NULL out-parameter.
///
/// # Safety
/// `out` is non-NULL and valid for writes of a `T`.
pub(crate) unsafe fn put<T>(out: *mut T, value: T) -> robotstxt_status {
    // SAFETY: per the contract; `write` does not read the old value, which C
    // may have left uninitialised.
    unsafe { out.write(value) };
    robotstxt_status::Ok
}

/// Writes `value` through an optional out-parameter (NULL means "not
/// wanted"), without reading or dropping what was there.
///
/// # Safety
/// `ptr` is NULL or valid for writes of a `T`.
pub(crate) unsafe fn write_opt<T>(ptr: *mut T, value: T) {
    if !ptr.is_null() {
        // SAFETY: per the contract; `write` does not read the old value.
        unsafe { ptr.write(value) }
    }
}

/// Shared borrow of a handle, or the export's NULL fallback.
macro_rules! try_ref {
    ($ptr:expr) => {
        // SAFETY: every export documents that its handles are NULL or valid.
        match unsafe { $crate::handle_ref($ptr) } {
            Some(value) => value,
            None => return $crate::Fallback::on_null(),
        }
    };
}

/// Exclusive borrow of a handle, or the export's NULL fallback.
macro_rules! try_mut {
    ($ptr:expr) => {
        // SAFETY: every export documents that its handles are NULL or valid.
        match unsafe { $crate::handle_mut($ptr) } {
            Some(value) => value,
            None => return $crate::Fallback::on_null(),
        }
    };
}

/// A `(ptr, len)` byte string, or the export's NULL fallback.
macro_rules! try_bytes {
    ($ptr:expr, $len:expr) => {
        // SAFETY: every export documents that strings are (NULL, 0) or valid.
        match unsafe { $crate::bytes($ptr, $len) } {
            Some(value) => value,
            None => return $crate::Fallback::on_null(),
        }
    };
}

/// A [`robotstxt_str`] checked to be `(NULL, 0)` or `len` readable bytes:
/// made only by [`byte_strings`], which checks every element, so that an
/// array of agents is read in place, with no allocation to fail.
#[repr(transparent)]
pub(crate) struct CheckedStr(robotstxt_str);

impl AsRef<[u8]> for CheckedStr {
    fn as_ref(&self) -> &[u8] {
        if self.0.ptr.is_null() {
            return &[];
        }
        // SAFETY: checked by `byte_strings`, whose caller guarantees the
        // bytes for as long as the array is borrowed.
        unsafe { std::slice::from_raw_parts(self.0.ptr.cast::<u8>(), self.0.len) }
    }
}

/// Borrows an array of [`robotstxt_str`] as byte strings, in place: `None`
/// when the array, or any string in it, is `(NULL, n > 0)`.
///
/// # Safety
/// As for [`array`], and for [`bytes`] for every element.
pub(crate) unsafe fn byte_strings<'a>(
    ptr: *const robotstxt_str,
    len: usize,
) -> Option<&'a [CheckedStr]> {
    // SAFETY: forwarded from the caller.
    let list = unsafe { array(ptr, len) }?;
    for s in list {
        // SAFETY: forwarded from the caller, for each element.
        unsafe { bytes(s.ptr, s.len) }?;
    }
    // SAFETY: `CheckedStr` is a transparent wrapper, and every element was
    // checked above.
    Some(unsafe { &*(std::ptr::from_ref(list) as *const [CheckedStr]) })
}

/// An array of byte strings (see [`byte_strings`]), or the export's NULL
/// fallback.
macro_rules! try_byte_strings {
    ($ptr:expr, $len:expr) => {
        // SAFETY: every export documents that arrays and their strings are
        // (NULL, 0) or valid.
        match unsafe { $crate::byte_strings($ptr, $len) } {
            Some(value) => value,
            None => return $crate::Fallback::on_null(),
        }
    };
}

/// A required out-parameter pointer, or the export's NULL fallback.
macro_rules! try_out {
    ($ptr:expr) => {{
        let ptr = $ptr;
        if ptr.is_null() {
            return $crate::Fallback::on_null();
        }
        ptr
    }};
}

pub(crate) use {ffi_boundary, try_byte_strings, try_bytes, try_mut, try_out, try_ref};
