//! URL and pattern helpers, and the buffers the library allocates for C.

use std::alloc::{Layout, alloc, dealloc};
use std::ffi::c_char;

use super::{ffi_boundary, robotstxt_status, try_bytes, try_out, write_opt};

/// The bytes in front of every library-allocated buffer, holding its
/// allocation size so `robotstxt_buffer_free()` needs only the pointer.
const HEADER: usize = size_of::<usize>();

/// A new NUL-terminated buffer for C of `len` bytes, which `fill` writes
/// (it gets exactly `len` bytes); NULL when the allocator has no room.
pub(crate) fn alloc_buffer_with(len: usize, fill: impl FnOnce(&mut [u8])) -> *mut c_char {
    let Some(size) = len.checked_add(HEADER + 1) else {
        return std::ptr::null_mut();
    };
    let Ok(layout) = Layout::from_size_align(size, align_of::<usize>()) else {
        // Only a size near isize::MAX gets here; no allocator has that.
        return std::ptr::null_mut();
    };
    // SAFETY: the layout has a non-zero size.
    let base = unsafe { alloc(layout) };
    if base.is_null() {
        return std::ptr::null_mut();
    }
    // SAFETY: `base` is valid for `size` bytes, aligned for usize: the header,
    // then `len` bytes of data, then the NUL. The data bytes are zeroed
    // before a slice is made of them.
    unsafe {
        base.cast::<usize>().write(size);
        let data_ptr = base.add(HEADER);
        std::ptr::write_bytes(data_ptr, 0, len + 1);
        fill(std::slice::from_raw_parts_mut(data_ptr, len));
        data_ptr.cast()
    }
}

/// Copies `data` into a new NUL-terminated buffer for C; NULL when the
/// allocator has no room.
pub(crate) fn alloc_buffer(data: &[u8]) -> *mut c_char {
    alloc_buffer_with(data.len(), |out| out.copy_from_slice(data))
}

/// Copies the pieces one after the other to `out`, which has room for
/// them all.
fn concat_into(pieces: &[&[u8]], out: &mut [u8]) {
    let mut at = 0;
    for piece in pieces {
        out[at..at + piece.len()].copy_from_slice(piece);
        at += piece.len();
    }
}

/// Frees a buffer returned by one of the library's `*_alloc` functions (for
/// example `robotstxt_get_path_params_query_alloc()`). NULL is a no-op.
///
/// # Safety
/// `buffer` is NULL or a pointer that a `robotstxt_*_alloc` function wrote to
/// its out-parameter and that was not freed before. It must not be used
/// afterwards. Never pass memory from `malloc` or any other allocator.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_buffer_free(buffer: *mut c_char) {
    ffi_boundary!({
        if buffer.is_null() {
            return;
        }
        // SAFETY: `buffer` came from alloc_buffer, so the header sits right
        // before it and holds the size the block was allocated with.
        unsafe {
            let base = buffer.cast::<u8>().sub(HEADER);
            let size = base.cast::<usize>().read();
            dealloc(
                base,
                Layout::from_size_align_unchecked(size, align_of::<usize>()),
            );
        }
    })
}

/// Copies `result` and a NUL into the caller's buffer, or says how much room
/// it needs.
///
/// # Safety
/// `out` is NULL or writable for `out_cap` bytes, not overlapping `result`;
/// `out_len` is NULL or writable.
pub(crate) unsafe fn write_to_buffer(
    result: &[u8],
    out: *mut c_char,
    out_cap: usize,
    out_len: *mut usize,
) -> robotstxt_status {
    // SAFETY: forwarded from this function's contract.
    unsafe {
        write_to_buffer_with(
            result.len(),
            |o| o.copy_from_slice(result),
            out,
            out_cap,
            out_len,
        )
    }
}

/// Has `fill` write a result of `len` bytes into the caller's buffer, then
/// a NUL, or says how much room it needs. Allocates nothing.
///
/// # Safety
/// `out` is NULL or writable for `out_cap` bytes, not overlapping what
/// `fill` reads; `out_len` is NULL or writable.
pub(crate) unsafe fn write_to_buffer_with(
    len: usize,
    fill: impl FnOnce(&mut [u8]),
    out: *mut c_char,
    out_cap: usize,
    out_len: *mut usize,
) -> robotstxt_status {
    // SAFETY: the caller passes NULL or a writable usize.
    unsafe { write_opt(out_len, len) };
    if out_cap <= len {
        return robotstxt_status::BufferTooSmall;
    }
    // SAFETY: out_cap > len, so `out` is non-NULL and has room for the bytes
    // and the NUL; it is zeroed before a slice is made of it.
    unsafe {
        std::ptr::write_bytes(out.cast::<u8>(), 0, len + 1);
        fill(std::slice::from_raw_parts_mut(out.cast::<u8>(), len));
    }
    robotstxt_status::Ok
}

/// Writes the path, params and query of the URL `(url, url_len)`, as Google's
/// `GetPathParamsQuery`, into the caller's buffer `out` of `out_cap` bytes,
/// followed by a NUL; the length without the NUL goes to `*out_len` (if not
/// NULL).
///
/// The scheme, authority and fragment are dropped; the result always starts
/// with `/` (`"http://a.com/b?c#d"` gives `/b?c`, `"a.com"` gives `/`). It is
/// never longer than `url_len + 1` bytes, so a buffer of `url_len + 2` always
/// suffices.
///
/// Returns `ROBOTSTXT_STATUS_OK`; `ROBOTSTXT_STATUS_BUFFER_TOO_SMALL` when
/// `out_cap` is not more than the length (nothing is written to `out`, but
/// `*out_len` is set: pass (NULL, 0) to ask for it);
/// `ROBOTSTXT_STATUS_NULL_ARGUMENT` for (NULL, n > 0) in `url` or `out`; or
/// `ROBOTSTXT_STATUS_PANIC`. Thread-safe. O(`url_len`); allocates nothing.
///
/// # Safety
/// `url` is NULL or points to `url_len` readable bytes; `out` is NULL or
/// writable for `out_cap` bytes and does not overlap `url`; `out_len` is NULL
/// or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_get_path_params_query(
    url: *const c_char,
    url_len: usize,
    out: *mut c_char,
    out_cap: usize,
    out_len: *mut usize,
) -> robotstxt_status {
    ffi_boundary!({
        let url = try_bytes!(url, url_len);
        if out.is_null() && out_cap > 0 {
            return robotstxt_status::NullArgument;
        }
        let (slash, rest) = robotstxt_exact::path::path_params_query_parts(url);
        let pieces = [slash, rest];
        // SAFETY: forwarded from this function's contract.
        unsafe {
            write_to_buffer_with(
                slash.len() + rest.len(),
                |o| concat_into(&pieces, o),
                out,
                out_cap,
                out_len,
            )
        }
    })
}

/// `robotstxt_get_path_params_query()` into a buffer the library allocates:
/// on success `*out` is a NUL-terminated string to free with
/// `robotstxt_buffer_free()`, and `*out_len` (if not NULL) its length
/// without the NUL.
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL
/// `out`, or (NULL, n > 0) in `url`), `ROBOTSTXT_STATUS_OUT_OF_MEMORY` (no
/// room for the buffer) or `ROBOTSTXT_STATUS_PANIC`; `*out` and `*out_len`
/// are written only on success. Thread-safe. O(`url_len`); one allocation,
/// of the result's size (at most `url_len + 2` bytes with the NUL).
///
/// # Safety
/// `url` is NULL or points to `url_len` readable bytes; `out` and `out_len`
/// are NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_get_path_params_query_alloc(
    url: *const c_char,
    url_len: usize,
    out: *mut *mut c_char,
    out_len: *mut usize,
) -> robotstxt_status {
    ffi_boundary!({
        let url = try_bytes!(url, url_len);
        let out = try_out!(out);
        let (slash, rest) = robotstxt_exact::path::path_params_query_parts(url);
        let len = slash.len() + rest.len();
        let buffer = alloc_buffer_with(len, |o| concat_into(&[slash, rest], o));
        if buffer.is_null() {
            return robotstxt_status::OutOfMemory;
        }
        // SAFETY: `out` is non-NULL and writable; `out_len` NULL or writable.
        unsafe {
            out.write(buffer);
            write_opt(out_len, len);
        }
        robotstxt_status::Ok
    })
}

/// Writes the normal form of the allow/disallow pattern `(src, src_len)`, as
/// Google's `MaybeEscapePattern`, into the caller's buffer `out` of `out_cap`
/// bytes, followed by a NUL; the length without the NUL goes to `*out_len`
/// (if not NULL), and whether it differs from the input to `*escaped` (if not
/// NULL).
///
/// `%xx` escapes get upper-case hex digits (`%aa` becomes `%AA`) and bytes
/// from 0x80 up are percent-escaped (`á` becomes `%C3%A1`); everything else
/// is kept. As in Google's C-string interface, the input ends at its first
/// NUL byte. The result is at most `3 * src_len` bytes.
///
/// Returns `ROBOTSTXT_STATUS_OK`; `ROBOTSTXT_STATUS_BUFFER_TOO_SMALL` when
/// `out_cap` is not more than the length (nothing is written to `out`, but
/// `*out_len` and `*escaped` are set: pass (NULL, 0) to ask);
/// `ROBOTSTXT_STATUS_NULL_ARGUMENT` for (NULL, n > 0) in `src` or `out`; or
/// `ROBOTSTXT_STATUS_PANIC`. Thread-safe. O(`src_len`); allocates nothing.
///
/// # Safety
/// `src` is NULL or points to `src_len` readable bytes; `out` is NULL or
/// writable for `out_cap` bytes and does not overlap `src`; `out_len` and
/// `escaped` are NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_maybe_escape_pattern(
    src: *const c_char,
    src_len: usize,
    out: *mut c_char,
    out_cap: usize,
    out_len: *mut usize,
    escaped: *mut bool,
) -> robotstxt_status {
    ffi_boundary!({
        let src = try_bytes!(src, src_len);
        if out.is_null() && out_cap > 0 {
            return robotstxt_status::NullArgument;
        }
        let src = cut_at_nul(src);
        let escaped_len = robotstxt_exact::escape::escaped_len(src);
        let len = escaped_len.unwrap_or(src.len());
        // SAFETY: forwarded from this function's contract.
        unsafe {
            write_opt(escaped, escaped_len.is_some());
            write_to_buffer_with(
                len,
                |o| fill_escaped(src, escaped_len, o),
                out,
                out_cap,
                out_len,
            )
        }
    })
}

/// `robotstxt_maybe_escape_pattern()` into a buffer the library allocates:
/// on success `*out` is a NUL-terminated string to free with
/// `robotstxt_buffer_free()` (also when nothing changed), `*out_len` (if not
/// NULL) its length without the NUL, and `*escaped` (if not NULL) whether it
/// differs from the input.
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL
/// `out`, or (NULL, n > 0) in `src`), `ROBOTSTXT_STATUS_OUT_OF_MEMORY` (no
/// room for the buffer) or `ROBOTSTXT_STATUS_PANIC`; the out-parameters are
/// written only on success. Thread-safe. O(`src_len`); one allocation, of
/// the result's size (at most `3 * src_len + 1` bytes with the NUL).
///
/// # Safety
/// `src` is NULL or points to `src_len` readable bytes; `out`, `out_len` and
/// `escaped` are NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn robotstxt_maybe_escape_pattern_alloc(
    src: *const c_char,
    src_len: usize,
    out: *mut *mut c_char,
    out_len: *mut usize,
    escaped: *mut bool,
) -> robotstxt_status {
    ffi_boundary!({
        let src = try_bytes!(src, src_len);
        let out = try_out!(out);
        let src = cut_at_nul(src);
        let escaped_len = robotstxt_exact::escape::escaped_len(src);
        let len = escaped_len.unwrap_or(src.len());
        // The result goes straight into the buffer handed to C: one
        // allocation of the result's size, nothing else.
        let buffer = alloc_buffer_with(len, |o| fill_escaped(src, escaped_len, o));
        if buffer.is_null() {
            return robotstxt_status::OutOfMemory;
        }
        // SAFETY: `out` is non-NULL and writable; the others NULL or writable.
        unsafe {
            out.write(buffer);
            write_opt(out_len, len);
            write_opt(escaped, escaped_len.is_some());
        }
        robotstxt_status::Ok
    })
}

/// `src` up to its first NUL, as Google's C-string interface reads it.
fn cut_at_nul(src: &[u8]) -> &[u8] {
    &src[..memchr::memchr(0, src).unwrap_or(src.len())]
}

/// Writes the normal form of `src` (whose length is `escaped_len`, or
/// `src`'s own when `None`) to `out`.
fn fill_escaped(src: &[u8], escaped_len: Option<usize>, out: &mut [u8]) {
    match escaped_len {
        Some(_) => robotstxt_exact::escape::escape_into_slice(src, out),
        None => out.copy_from_slice(src),
    }
}
