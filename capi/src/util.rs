//! URL and pattern helpers, and the buffers the library allocates for C.

use std::alloc::{Layout, alloc, dealloc, handle_alloc_error};
use std::ffi::c_char;

use super::{ffi_boundary, robotstxt_status, try_bytes, try_out, write_opt};

/// The bytes in front of every library-allocated buffer, holding its
/// allocation size so `robotstxt_buffer_free()` needs only the pointer.
const HEADER: usize = size_of::<usize>();

/// Copies `data` into a new NUL-terminated buffer for C.
pub(crate) fn alloc_buffer(data: &[u8]) -> *mut c_char {
    let size = HEADER + data.len() + 1;
    let Ok(layout) = Layout::from_size_align(size, align_of::<usize>()) else {
        // Only a slice near isize::MAX long gets here; no allocator has that.
        panic!("buffer of {size} bytes is too large");
    };
    // SAFETY: the layout has a non-zero size.
    let base = unsafe { alloc(layout) };
    if base.is_null() {
        handle_alloc_error(layout);
    }
    // SAFETY: `base` is valid for `size` bytes, aligned for usize: the header,
    // then data.len() bytes of data, then the NUL.
    unsafe {
        base.cast::<usize>().write(size);
        let data_ptr = base.add(HEADER);
        std::ptr::copy_nonoverlapping(data.as_ptr(), data_ptr, data.len());
        data_ptr.add(data.len()).write(0);
        data_ptr.cast()
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
    // SAFETY: the caller passes NULL or a writable usize.
    unsafe { write_opt(out_len, result.len()) };
    if out_cap <= result.len() {
        return robotstxt_status::BufferTooSmall;
    }
    // SAFETY: out_cap > result.len(), so `out` is non-NULL and has room for
    // the bytes and the NUL.
    unsafe {
        std::ptr::copy_nonoverlapping(result.as_ptr(), out.cast::<u8>(), result.len());
        out.add(result.len()).write(0);
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
/// `ROBOTSTXT_STATUS_PANIC`. Thread-safe.
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
        let path = robotstxt_exact::get_path_params_query(url);
        // SAFETY: forwarded from this function's contract.
        unsafe { write_to_buffer(&path, out, out_cap, out_len) }
    })
}

/// `robotstxt_get_path_params_query()` into a buffer the library allocates:
/// on success `*out` is a NUL-terminated string to free with
/// `robotstxt_buffer_free()`, and `*out_len` (if not NULL) its length
/// without the NUL.
///
/// Returns `ROBOTSTXT_STATUS_OK`, `ROBOTSTXT_STATUS_NULL_ARGUMENT` (NULL
/// `out`, or (NULL, n > 0) in `url`) or `ROBOTSTXT_STATUS_PANIC`; `*out` and
/// `*out_len` are written only on success. Thread-safe.
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
        let path = robotstxt_exact::get_path_params_query(url);
        // SAFETY: `out` is non-NULL and writable; `out_len` NULL or writable.
        unsafe {
            out.write(alloc_buffer(&path));
            write_opt(out_len, path.len());
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
/// `ROBOTSTXT_STATUS_PANIC`. Thread-safe.
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
        let pattern = robotstxt_exact::maybe_escape_pattern(src);
        // SAFETY: forwarded from this function's contract.
        unsafe {
            write_opt(escaped, matches!(pattern, std::borrow::Cow::Owned(_)));
            write_to_buffer(&pattern, out, out_cap, out_len)
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
/// `out`, or (NULL, n > 0) in `src`) or `ROBOTSTXT_STATUS_PANIC`; the
/// out-parameters are written only on success. Thread-safe.
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
        let pattern = robotstxt_exact::maybe_escape_pattern(src);
        // SAFETY: `out` is non-NULL and writable; the others NULL or writable.
        unsafe {
            out.write(alloc_buffer(&pattern));
            write_opt(out_len, pattern.len());
            write_opt(escaped, matches!(pattern, std::borrow::Cow::Owned(_)));
        }
        robotstxt_status::Ok
    })
}
