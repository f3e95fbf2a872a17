//! Running out of memory ends the tool with its error status and a message,
//! not a core dump.
//!
//! Where the library can report exhaustion (`try_*`), the tool falls back or
//! fails cleanly; an infallible allocation that fails (the lint of a huge
//! file, say) still makes the standard library print "memory allocation of
//! N bytes failed" and abort. The handler installed here turns that abort
//! into a last line on standard error and exit status 2.

/// Installs the SIGABRT handler (Unix; elsewhere a no-op).
#[cfg(unix)]
pub fn exit_on_abort() {
    extern "C" fn on_abort(_: libc::c_int) {
        const MESSAGE: &[u8] = b"robots: stopped: out of memory (see the line above)\n";
        // SAFETY: write and _exit are async-signal-safe, and MESSAGE is a
        // static byte string.
        unsafe {
            libc::write(2, MESSAGE.as_ptr().cast(), MESSAGE.len());
            libc::_exit(2);
        }
    }
    // SAFETY: an all-zero sigaction is a valid value to fill in; the handler
    // calls only async-signal-safe functions and never returns.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_abort as extern "C" fn(libc::c_int) as usize;
        libc::sigemptyset(&mut action.sa_mask);
        libc::sigaction(libc::SIGABRT, &action, std::ptr::null_mut());
    }
}

#[cfg(not(unix))]
pub fn exit_on_abort() {}
