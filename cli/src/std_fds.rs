//! Whether standard input and output were closed when the program started.
//!
//! Rust's runtime reopens closed standard descriptors on `/dev/null` before
//! `main`, and then a closed output (`>&-`) swallows everything and a closed
//! input (`<&-`) reads as empty, silently. A constructor that runs before
//! the runtime (`.init_array`) records the state first, so the extended
//! modes can report it as an error. Where there is no such section, both
//! read as open.

#[cfg(any(target_os = "linux", target_os = "android", target_os = "freebsd"))]
mod imp {
    use std::sync::atomic::{AtomicBool, Ordering};

    static STDIN_CLOSED: AtomicBool = AtomicBool::new(false);
    static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

    extern "C" fn record() {
        // SAFETY: F_GETFD only queries the descriptor's flags; it fails with
        // EBADF when the descriptor is not open.
        let closed = |fd| unsafe { libc::fcntl(fd, libc::F_GETFD) } == -1;
        STDIN_CLOSED.store(closed(0), Ordering::Relaxed);
        STDOUT_CLOSED.store(closed(1), Ordering::Relaxed);
    }

    // SAFETY: a plain `extern "C" fn()` with no arguments is what the loader
    // calls from `.init_array`; `record` touches only two atomics.
    #[used]
    #[unsafe(link_section = ".init_array")]
    static RECORD: extern "C" fn() = record;

    pub fn stdin_closed() -> bool {
        STDIN_CLOSED.load(Ordering::Relaxed)
    }

    pub fn stdout_closed() -> bool {
        STDOUT_CLOSED.load(Ordering::Relaxed)
    }
}

#[cfg(not(any(target_os = "linux", target_os = "android", target_os = "freebsd")))]
mod imp {
    pub fn stdin_closed() -> bool {
        false
    }

    pub fn stdout_closed() -> bool {
        false
    }
}

pub use imp::{stdin_closed, stdout_closed};
