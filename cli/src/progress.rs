//! How far a long run is, on standard error when that is a terminal.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

/// Sets the milliseconds before the first progress line and between two;
/// a value that is not a whole number leaves the defaults.
pub const INTERVAL_VAR: &str = "ROBOTS_PROGRESS_INTERVAL_MS";
/// Before the first line: a run that ends sooner shows none.
const FIRST: Duration = Duration::from_millis(500);
/// Between two lines: four a second.
const EVERY: Duration = Duration::from_millis(250);

/// Shows how far a long run is on standard error, when that is a terminal,
/// at most four times a second (or as `ROBOTS_PROGRESS_INTERVAL_MS` says);
/// never otherwise.
pub struct Progress {
    on: bool,
    calls: u32,
    next: Instant,
    every: Duration,
    shown: bool,
}

impl Progress {
    /// Progress shown only if standard error is a terminal.
    pub fn new() -> Self {
        let (first, every) = match std::env::var(INTERVAL_VAR)
            .ok()
            .and_then(|v| v.parse().ok())
        {
            Some(ms) => (Duration::from_millis(ms), Duration::from_millis(ms)),
            None => (FIRST, EVERY),
        };
        // An interval past what the clock holds means never.
        let now = Instant::now();
        let next = now.checked_add(first);
        Progress {
            on: next.is_some() && io::stderr().is_terminal(),
            calls: 0,
            next: next.unwrap_or(now),
            every,
            shown: false,
        }
    }

    /// One step done; `message` says how far, when it is time to show it.
    pub fn tick(&mut self, message: impl FnOnce() -> String) {
        if !self.on {
            return;
        }
        // The clock is read once every 1024 steps: a step can take as
        // little as a URL check.
        self.calls = self.calls.wrapping_add(1);
        if self.calls % 1024 != 0 {
            return;
        }
        let now = Instant::now();
        if now < self.next {
            return;
        }
        match now.checked_add(self.every) {
            Some(next) => self.next = next,
            None => self.on = false,
        }
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
