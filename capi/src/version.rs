//! The library version, at compile time (macros) and at run time.

use std::ffi::{CStr, c_char};

/// The major version of the library this header belongs to.
pub const ROBOTSTXT_VERSION_MAJOR: u32 = 0;
/// The minor version of the library this header belongs to.
pub const ROBOTSTXT_VERSION_MINOR: u32 = 1;
/// The patch version of the library this header belongs to.
pub const ROBOTSTXT_VERSION_PATCH: u32 = 0;

/// Parses a decimal version component at compile time.
const fn parse_u32(s: &str) -> u32 {
    let bytes = s.as_bytes();
    let mut value = 0u32;
    let mut i = 0;
    while i < bytes.len() {
        assert!(
            bytes[i].is_ascii_digit(),
            "version component is not a number"
        );
        value = value * 10 + (bytes[i] - b'0') as u32;
        i += 1;
    }
    value
}

// cbindgen copies only literals into the header, so the constants above are
// written out; bumping the version in Cargo.toml without them fails the build.
const _: () = {
    assert!(
        ROBOTSTXT_VERSION_MAJOR == parse_u32(env!("CARGO_PKG_VERSION_MAJOR")),
        "update ROBOTSTXT_VERSION_MAJOR in capi/src/version.rs and regenerate the header"
    );
    assert!(
        ROBOTSTXT_VERSION_MINOR == parse_u32(env!("CARGO_PKG_VERSION_MINOR")),
        "update ROBOTSTXT_VERSION_MINOR in capi/src/version.rs and regenerate the header"
    );
    assert!(
        ROBOTSTXT_VERSION_PATCH == parse_u32(env!("CARGO_PKG_VERSION_PATCH")),
        "update ROBOTSTXT_VERSION_PATCH in capi/src/version.rs and regenerate the header"
    );
};

const VERSION: &CStr =
    match CStr::from_bytes_with_nul(concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes()) {
        Ok(version) => version,
        Err(_) => panic!("the package version contains a NUL byte"),
    };

/// The version of the library actually loaded, as a NUL-terminated string
/// such as `"0.1.0"`, which may differ from the `ROBOTSTXT_VERSION_*` macros
/// the caller was compiled with.
///
/// The string is static: never free it. Thread-safe. Returns NULL only on an
/// internal error (a caught panic), which nothing here can cause.
#[unsafe(no_mangle)]
pub extern "C" fn robotstxt_version() -> *const c_char {
    // Nothing here can panic; the boundary keeps the rule "every export".
    super::ffi_boundary!({ VERSION.as_ptr() })
}
