//! A staging area for the arguments of the hot calls.
//!
//! wasm-bindgen passes each `&str` or `&[u8]` argument by allocating in the
//! module, copying (a JavaScript loop per character for strings) and freeing
//! after the call: on the corpus that is most of the cost of a parse-once
//! query. Instead, JavaScript writes a URL with `TextEncoder.encodeInto`
//! straight into this buffer, whose address it asked for once
//! ([`stage_reserve`]), and the call passes only the length. The agent of
//! the queries is copied out of the stage once ([`stage_agent`]) and kept
//! until the next one, since a crawler asks for the same agent every time.
//! A list of URLs is staged as their bytes one after another and their
//! lengths ([`with_staged_items`]).
//!
//! JavaScript stages only inputs it has read in full (`js/lib/bytes.js`):
//! the caller's code (a getter, an iterator) has run before the first byte
//! is written, so no call into the module can come between the write and
//! the call that reads it.
//!
//! The module has one thread, so the buffers are per-thread statics; a call
//! borrows them only while it runs.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;

use crate::list::{Items, item_ends};

thread_local! {
    static STAGE: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static AGENT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Makes the stage at least `len` bytes long and returns its address, or 0
/// when memory ran out (the stage is then as it was). JavaScript keeps the
/// address until it needs a larger stage.
#[wasm_bindgen]
pub fn stage_reserve(len: usize) -> usize {
    STAGE.with(|stage| {
        let mut stage = stage.borrow_mut();
        let more = len.saturating_sub(stage.len());
        if more > 0 {
            if stage.try_reserve_exact(more).is_err() {
                return 0;
            }
            stage.resize(len, 0);
        }
        stage.as_ptr() as usize
    })
}

/// Gives back the memory of a stage grown past `keep` bytes (after a large
/// input), keeping `keep`; returns the stage's address.
#[wasm_bindgen]
pub fn stage_shrink(keep: usize) -> usize {
    STAGE.with(|stage| {
        let mut stage = stage.borrow_mut();
        if stage.len() > keep {
            stage.truncate(keep);
            stage.shrink_to_fit();
        }
        stage.as_ptr() as usize
    })
}

/// Calls `f` with the first `len` staged bytes; `None` when the stage is
/// shorter (JavaScript asked for less than it wrote: a bug, not a trap).
pub fn with_staged<R>(len: usize, f: impl FnOnce(&[u8]) -> R) -> Option<R> {
    STAGE.with(|stage| stage.borrow().get(..len).map(f))
}

/// The error for a staged length past the stage (a bug on the JavaScript
/// side, reported rather than trapped).
pub fn stage_mismatch() -> JsError {
    JsError::new("robotstxt-exact: a staged argument is longer than the stage")
}

/// Makes the first `len` staged bytes the agent of the staged queries;
/// false when memory ran out or the stage is shorter.
#[wasm_bindgen]
pub fn stage_agent(len: usize) -> bool {
    AGENT.with(|agent| {
        let mut agent = agent.borrow_mut();
        with_staged(len, |bytes| {
            agent.clear();
            if agent.try_reserve(bytes.len()).is_err() {
                return false;
            }
            agent.extend_from_slice(bytes);
            true
        })
        .unwrap_or(false)
    })
}

/// Calls `f` with the agent and the first `len` staged bytes (the URL);
/// `None` as for [`with_staged`].
pub fn with_agent_and_staged<R>(len: usize, f: impl FnOnce(&[u8], &[u8]) -> R) -> Option<R> {
    AGENT.with(|agent| with_staged(len, |url| f(&agent.borrow(), url)))
}

/// Calls `f` with the staged items: `total` bytes holding items of the
/// given lengths (see [`item_ends`]); `None` when the lengths do not fit the
/// staged bytes.
pub fn with_staged_items<R>(
    total: usize,
    lens: &[u32],
    utf16: bool,
    f: impl FnOnce(Items<'_>) -> R,
) -> Option<R> {
    with_staged(total, |bytes| {
        let ends = item_ends(bytes, lens, utf16)?;
        Some(f(Items::new(bytes, &ends).ok()?))
    })
    .flatten()
}
