//! Running out of WebAssembly memory as a JavaScript `Error`.
//!
//! A module's memory is at most 4 GiB, and a page can hold many modules'
//! worth of data, so a hostile body or URL can exhaust it. An allocation
//! that fails inside Rust's infallible APIs aborts, which in WebAssembly is
//! a trap that leaves the call half done; the exports therefore use the
//! core's `try_*` functions (parsing, compiling, queries, lint) and report
//! [`TryReserveError`] with [`oom`].
//!
//! What can still trap is bounded and holds no state of the module's: the
//! `url` crate's parse (the robots.txt URL functions, and lint's check of a
//! `sitemap` value of at most one line), lint's count per code, and
//! wasm-bindgen's copies of the small arguments not passed through the
//! stage. A trap there is a `WebAssembly.RuntimeError` in JavaScript, and
//! the module goes on working (js/README.md, "Memory"). The audit, its
//! crawler list and its report included, uses the core's `try_audit`,
//! `try_parse_crawler_list` and `try_robots_json_list`.

use std::collections::TryReserveError;

use wasm_bindgen::JsError;

/// The JavaScript `Error` for a failed allocation while doing `what`.
pub fn oom(what: &str, error: TryReserveError) -> JsError {
    JsError::new(&format!(
        "robotstxt-exact: out of WebAssembly memory while {what} ({error})"
    ))
}

/// A vector with room for `n` items, or the `Error` for `what`.
pub fn vec_with_capacity<T>(n: usize, what: &str) -> Result<Vec<T>, JsError> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|e| oom(what, e))?;
    Ok(v)
}
