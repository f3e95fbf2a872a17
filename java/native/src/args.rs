//! Arguments from Java and plain results back: byte arrays copied into Rust
//! (on the stack when short), lists packed as one byte array and an `int[]`
//! of end offsets, handles as `long`s, and new Java arrays.
//!
//! Arrays are copied with `Get<Type>ArrayRegion`, not pinned: a query copies
//! a few dozen bytes, and a copied body leaves the garbage collector free
//! while it is parsed.

use jni::JNIEnv;
use jni::objects::{JByteArray, JIntArray};
use jni::sys::{jboolean, jbyte, jbyteArray, jint, jlong, jlongArray};

use crate::boundary::Failure;

/// Arrays up to this many bytes are read onto the stack.
const STACK: usize = 256;

/// The bytes of a Java `byte[]`, copied.
pub(crate) struct Bytes {
    stack: [u8; STACK],
    heap: Vec<u8>,
    len: usize,
}

impl Bytes {
    /// Copies `array`; `Failure::Null` when it is null.
    pub(crate) fn read(env: &JNIEnv<'_>, array: &JByteArray<'_>) -> Result<Bytes, Failure> {
        if array.is_null() {
            return Err(Failure::Null);
        }
        let len = usize::try_from(env.get_array_length(array)?).unwrap_or(0);
        let mut bytes = Bytes {
            stack: [0; STACK],
            heap: Vec::new(),
            len,
        };
        let buf: &mut [u8] = if len <= STACK {
            &mut bytes.stack[..len]
        } else {
            bytes.heap.try_reserve_exact(len)?;
            bytes.heap.resize(len, 0);
            &mut bytes.heap
        };
        if len > 0 {
            env.get_byte_array_region(array, 0, as_jbytes(buf))?;
        }
        Ok(bytes)
    }

    /// The bytes.
    pub(crate) fn as_slice(&self) -> &[u8] {
        if self.len <= STACK {
            &self.stack[..self.len]
        } else {
            &self.heap
        }
    }
}

/// `bytes` as JNI's signed bytes.
fn as_jbytes(bytes: &mut [u8]) -> &mut [jbyte] {
    // SAFETY: u8 and i8 have the same size, alignment and validity.
    unsafe { std::slice::from_raw_parts_mut(bytes.as_mut_ptr().cast::<jbyte>(), bytes.len()) }
}

/// A list of byte strings packed by the Java side (`Bytes.pack`): every
/// item's bytes one after the other, and the end offset of each.
pub(crate) struct Packed {
    data: Bytes,
    ends: Vec<usize>,
}

impl Packed {
    /// Reads a packed list; `Failure::Illegal` when the offsets do not fit
    /// the bytes (the Java side makes them, so this is a bug).
    pub(crate) fn read(
        env: &JNIEnv<'_>,
        data: &JByteArray<'_>,
        ends: &JIntArray<'_>,
    ) -> Result<Packed, Failure> {
        let data = Bytes::read(env, data)?;
        if ends.is_null() {
            return Err(Failure::Null);
        }
        let count = usize::try_from(env.get_array_length(ends)?).unwrap_or(0);
        let mut raw: Vec<jint> = Vec::new();
        raw.try_reserve_exact(count)?;
        raw.resize(count, 0);
        if count > 0 {
            env.get_int_array_region(ends, 0, &mut raw)?;
        }
        let mut offsets = Vec::new();
        offsets.try_reserve_exact(count)?;
        let mut last = 0;
        for end in raw {
            let end = usize::try_from(end).map_err(|_| malformed())?;
            if end < last || end > data.as_slice().len() {
                return Err(malformed());
            }
            offsets.push(end);
            last = end;
        }
        Ok(Packed {
            data,
            ends: offsets,
        })
    }

    /// The number of items.
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// The items, in order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &[u8]> + '_ {
        let data = self.data.as_slice();
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(&self.ends)
            .map(move |(start, &end)| &data[start..end])
    }

    /// The items as a vector of slices, allocated fallibly.
    pub(crate) fn slices(&self) -> Result<Vec<&[u8]>, Failure> {
        let mut out = Vec::new();
        out.try_reserve_exact(self.len())?;
        out.extend(self.iter());
        Ok(out)
    }
}

fn malformed() -> Failure {
    Failure::Illegal("robotstxt-exact: a packed list whose offsets do not fit its bytes".into())
}

/// A new Java `byte[]` holding `bytes`.
pub(crate) fn new_bytes(env: &JNIEnv<'_>, bytes: &[u8]) -> Result<jbyteArray, Failure> {
    Ok(env.byte_array_from_slice(bytes)?.into_raw())
}

/// A new Java `long[]` holding `values`.
pub(crate) fn new_longs(env: &JNIEnv<'_>, values: &[jlong]) -> Result<jlongArray, Failure> {
    let len = i32::try_from(values.len()).map_err(|_| Failure::OutOfMemory)?;
    let array = env.new_long_array(len)?;
    env.set_long_array_region(&array, 0, values)?;
    Ok(array.into_raw())
}

/// A Java `boolean`.
pub(crate) fn jbool(value: bool) -> jboolean {
    jboolean::from(value)
}

/// Moves `value` to the heap under the memory cap: the `long` the Java
/// object keeps, or `Failure::OutOfMemory`.
pub(crate) fn into_handle<T>(value: T) -> Result<jlong, Failure> {
    let layout = std::alloc::Layout::new::<T>();
    if layout.size() == 0 {
        return Ok(Box::into_raw(Box::new(value)) as jlong);
    }
    // SAFETY: a non-zero size; the block is taken back with Box::from_raw
    // (Global and this layout, as Box uses) in `free_handle`.
    let ptr = crate::memory::limited(|| unsafe { std::alloc::alloc(layout) }).cast::<T>();
    if ptr.is_null() {
        return Err(Failure::OutOfMemory);
    }
    // SAFETY: freshly allocated for a T.
    unsafe { ptr.write(value) };
    Ok(ptr as jlong)
}

/// Drops the value behind a handle made by [`into_handle`]; 0 is a no-op.
///
/// # Safety
/// `handle` is 0 or came from `into_handle::<T>` and was not freed; the
/// Java side frees each handle once, after its last use.
pub(crate) unsafe fn free_handle<T>(handle: jlong) {
    if handle != 0 {
        // SAFETY: per the contract.
        drop(unsafe { Box::from_raw(handle as *mut T) });
    }
}

/// Borrows the value behind a handle; `Failure::Closed` for 0.
///
/// # Safety
/// `handle` is 0 or a live handle of a `T`; the Java side guarantees that it
/// is not freed during the call, and that no call borrows it mutably
/// meanwhile (see `Handle.java`).
pub(crate) unsafe fn handle_ref<'a, T>(handle: jlong) -> Result<&'a T, Failure> {
    // SAFETY: per the contract.
    unsafe { (handle as *const T).as_ref() }.ok_or(Failure::Closed)
}

/// Borrows the value behind a handle exclusively; `Failure::Closed` for 0.
///
/// # Safety
/// As for [`handle_ref`], and no other call uses the handle meanwhile (the
/// Java side takes it exclusively).
pub(crate) unsafe fn handle_mut<'a, T>(handle: jlong) -> Result<&'a mut T, Failure> {
    // SAFETY: per the contract.
    unsafe { (handle as *mut T).as_mut() }.ok_or(Failure::Closed)
}
