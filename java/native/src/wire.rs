//! Structured results as one byte array, read by the Java class `Wire`:
//! cheaper than making each Java object through JNI, and the Java side
//! decides what objects to build.
//!
//! The layout is a sequence of fields, little-endian: `u8`, `u32`, `f64`,
//! and byte strings as a `u32` length then the bytes. Each result's order of
//! fields is written out where it is made and where it is read.

use std::collections::TryReserveError;

use jni::JNIEnv;
use jni::sys::jbyteArray;

use crate::args;
use crate::boundary::Failure;

/// A result being written; every write reserves fallibly.
#[derive(Default)]
pub(crate) struct Wire {
    buf: Vec<u8>,
}

impl Wire {
    /// An empty result.
    pub(crate) fn new() -> Wire {
        Wire::default()
    }

    fn put(&mut self, bytes: &[u8]) -> Result<(), TryReserveError> {
        self.buf.try_reserve(bytes.len())?;
        self.buf.extend_from_slice(bytes);
        Ok(())
    }

    /// A byte (a flag, a kind).
    pub(crate) fn u8(&mut self, value: u8) -> Result<(), TryReserveError> {
        self.put(&[value])
    }

    /// A `bool` as a byte.
    pub(crate) fn bool(&mut self, value: bool) -> Result<(), TryReserveError> {
        self.u8(u8::from(value))
    }

    /// A line number, a count.
    pub(crate) fn u32(&mut self, value: u32) -> Result<(), TryReserveError> {
        self.put(&value.to_le_bytes())
    }

    /// A count, saturated at `u32::MAX` (no list here is that long).
    pub(crate) fn count(&mut self, value: usize) -> Result<(), TryReserveError> {
        self.u32(u32::try_from(value).unwrap_or(u32::MAX))
    }

    /// A number of seconds; NaN for none.
    pub(crate) fn f64(&mut self, value: Option<f64>) -> Result<(), TryReserveError> {
        self.put(&value.unwrap_or(f64::NAN).to_le_bytes())
    }

    /// A byte string.
    pub(crate) fn bytes(&mut self, value: &[u8]) -> Result<(), TryReserveError> {
        self.count(value.len())?;
        self.put(value)
    }

    /// The result as a new Java `byte[]`.
    pub(crate) fn finish(self, env: &JNIEnv<'_>) -> Result<jbyteArray, Failure> {
        args::new_bytes(env, &self.buf)
    }
}
