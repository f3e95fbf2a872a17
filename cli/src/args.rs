//! The command line as bytes: Google's form reads its arguments as the C
//! `main` does, whatever their encoding.

use std::ffi::OsString;

/// The bytes of an argument as the C `main` would see them.
#[cfg(unix)]
pub fn arg_bytes(arg: &OsString) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt;
    arg.as_os_str().as_bytes().to_vec()
}

/// The bytes of an argument: its UTF-8, lossily, where the platform's
/// arguments are not bytes.
#[cfg(not(unix))]
pub fn arg_bytes(arg: &OsString) -> Vec<u8> {
    arg.to_string_lossy().into_owned().into_bytes()
}
