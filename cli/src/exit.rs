//! The exit statuses of the extended modes (Google's form keeps Google's:
//! 0 allowed, 1 disallowed, 2 help or error, which are the same numbers).

/// Exit status: every URL allowed, lint found no error or warning, no change.
pub const EXIT_OK: u8 = 0;
/// Exit status: some URL disallowed, lint found an error or a warning, or
/// some verdict or rule changed.
pub const EXIT_FOUND: u8 = 1;
/// Exit status: usage error, unreadable input, unwritable output, or help
/// shown by Google's form.
pub const EXIT_ERROR: u8 = 2;
