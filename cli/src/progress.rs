//! How far a long run is, on standard error when that is a terminal.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

/// Shows how far a long run is on standard error, when that is a terminal,
/// at most four times a second; never otherwise.
pub struct Progress {
    on: bool,
    calls: u32,
    next: Instant,
    shown: bool,
}

impl Progress {
    /// Progress shown only if standard error is a terminal.
    pub fn new() -> Self {
        Progress {
            on: io::stderr().is_terminal(),
            calls: 0,
            next: Instant::now() + Duration::from_millis(500),
            shown: false,
        }
    }

    /// One step done; `message` says how far, when it is time to show it.
    pub fn tick(&mut self, message: impl FnOnce() -> String) {
        if !self.on {
            return;
        }
        self.calls = self.calls.wrapping_add(1);
        if self.calls % 1024 != 0 {
            return;
        }
        let now = Instant::now();
        if now < self.next {
            return;
        }
        self.next = now + Duration::from_millis(250);
        self.shown = true;
        let _ = write!(io::stderr().lock(), "\r{}\x1b[K", message());
    }

    /// Clears the progress line, so the output after it starts clean.
    pub fn done(&mut self) {
        if self.shown {
            let _ = write!(io::stderr().lock(), "\r\x1b[K");
            self.shown = false;
        }
    }
}
