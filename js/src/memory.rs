//! Running out of WebAssembly memory as a JavaScript `Error`.
//!
//! A module's memory is at most 4 GiB, and a page can hold many modules'
//! worth of data, so a hostile body or URL can exhaust it. An allocation
//! that fails inside Rust's infallible APIs aborts, which in WebAssembly is
//! a trap that leaves the call half done; the exports therefore use the
//! core's `try_*` functions and report [`TryReserveError`] with [`oom`].

use std::collections::TryReserveError;

use wasm_bindgen::JsError;

/// The JavaScript `Error` for a failed allocation while doing `what`.
pub fn oom(what: &str, error: TryReserveError) -> JsError {
    JsError::new(&format!(
        "robotstxt-exact: out of WebAssembly memory while {what} ({error})"
    ))
}

/// Paths shorter than this are copied on the stack by the core's queries.
const STACK_PATH: usize = 256;

/// Makes sure `len` bytes can be allocated before a query that may copy the
/// URL's path (the core's parse-once queries copy a path that does not start
/// with `/` when it is long, with an allocation that aborts on failure).
///
/// The probe is freed at once; the allocator hands the same block to the
/// query's copy, which asks for no more than the URL's length plus one byte,
/// so a URL too large for the remaining memory is reported here instead of
/// trapping there.
pub fn reserve_path_copy(url_len: usize, what: &str) -> Result<(), JsError> {
    if url_len < STACK_PATH {
        return Ok(());
    }
    let mut probe: Vec<u8> = Vec::new();
    probe
        .try_reserve_exact(url_len + 1)
        .map_err(|e| oom(what, e))
}

/// A vector with room for `n` items, or the `Error` for `what`.
pub fn vec_with_capacity<T>(n: usize, what: &str) -> Result<Vec<T>, JsError> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|e| oom(what, e))?;
    Ok(v)
}
