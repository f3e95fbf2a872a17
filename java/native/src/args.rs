//! Arguments from Java and plain results back: byte arrays copied into Rust
//! (on the stack when short), lists packed as one byte array and an `int[]`
//! of end offsets, handles as `long`s, and new Java arrays.
//!
//! Arrays are copied with `Get<Type>ArrayRegion`, not pinned: a query copies
//! a few dozen bytes, and a body kept by a parse-once object is copied
//! anyway. The body of a per-call query is the exception ([`with_body`]):
//! read in place up to [`PIN_MAX`] bytes, so that the garbage collector
//! waits at most one such parse.

use std::mem::MaybeUninit;

use jni::JNIEnv;
use jni::objects::{JByteArray, JIntArray};
use jni::sys::{jboolean, jbyte, jbyteArray, jint, jlong, jlongArray};

use crate::boundary::Failure;

/// Arrays up to this many bytes are read onto the stack.
pub(crate) const STACK: usize = 256;

/// The bytes of a Java `byte[]`, copied.
pub(crate) struct Bytes {
    /// The first `len` bytes are initialised when `len <= STACK`.
    stack: [MaybeUninit<u8>; STACK],
    heap: Vec<u8>,
    len: usize,
}

impl Bytes {
    /// Copies `array`; `Failure::Null` when it is null.
    ///
    /// Two JNI calls, made through the raw function table: the checked
    /// wrappers add an `ExceptionCheck` call after each, 8% of a query on a
    /// parsed object (perf). Neither call can fail here: the array is not
    /// null, and the region read is the whole array.
    #[inline]
    pub(crate) fn read(env: &JNIEnv<'_>, array: &JByteArray<'_>) -> Result<Bytes, Failure> {
        let len = length(env, array)?;
        let mut bytes = Bytes {
            stack: [MaybeUninit::uninit(); STACK],
            heap: Vec::new(),
            len,
        };
        copy_into(env, array, len, &mut bytes.stack, &mut bytes.heap)?;
        Ok(bytes)
    }

    /// The bytes.
    #[inline]
    pub(crate) fn as_slice(&self) -> &[u8] {
        if self.len <= STACK {
            // SAFETY: `read` initialised the first `len` bytes.
            unsafe { std::slice::from_raw_parts(self.stack.as_ptr().cast::<u8>(), self.len) }
        } else {
            &self.heap
        }
    }
}

/// Reads `array` into `stack` when it fits, else into `heap`, and returns
/// the bytes: [`Bytes::read`] for the per-query exports, whose buffers are
/// locals of the export's own frame (returning a `Bytes` by value moves
/// its 256-byte buffer: 15% of a query on a parsed object, perf showed).
#[inline(always)]
pub(crate) fn fill<'b>(
    env: &JNIEnv<'_>,
    array: &JByteArray<'_>,
    stack: &'b mut [MaybeUninit<u8>; STACK],
    heap: &'b mut Vec<u8>,
) -> Result<&'b [u8], Failure> {
    copy_into(env, array, length(env, array)?, stack, heap)
}

/// The length of `array`; `Failure::Null` when it is null. One JNI call,
/// made through the raw function table as [`Bytes::read`] says why.
#[inline(always)]
fn length(env: &JNIEnv<'_>, array: &JByteArray<'_>) -> Result<usize, Failure> {
    if array.is_null() {
        return Err(Failure::Null);
    }
    let raw = env.get_raw();
    // SAFETY: `raw` is the calling thread's valid JNIEnv, and `array` a
    // live, non-null local reference to a byte[].
    let len = unsafe {
        let length = (**raw).GetArrayLength.ok_or(Failure::Null)?;
        length(raw, array.as_raw())
    };
    Ok(usize::try_from(len).unwrap_or(0))
}

/// Copies the `len` bytes of the non-null `array` ([`length`]) into
/// `stack` when they fit, else into `heap`, and returns them. One JNI call,
/// which cannot fail: the region read is the whole array.
#[inline(always)]
fn copy_into<'b>(
    env: &JNIEnv<'_>,
    array: &JByteArray<'_>,
    len: usize,
    stack: &'b mut [MaybeUninit<u8>; STACK],
    heap: &'b mut Vec<u8>,
) -> Result<&'b [u8], Failure> {
    let raw = env.get_raw();
    let target: *mut u8 = if len <= STACK {
        stack.as_mut_ptr().cast()
    } else {
        heap.try_reserve_exact(len)?;
        heap.as_mut_ptr()
    };
    if len > 0 {
        // SAFETY: `raw` is the calling thread's JNIEnv and `array` a live,
        // non-null byte[] of `len` bytes; `target` has room for them, and
        // the region [0, len) is the whole array, so the call writes all of
        // them and raises nothing.
        unsafe {
            let region = (**raw).GetByteArrayRegion.ok_or(Failure::Null)?;
            region(raw, array.as_raw(), 0, len as jint, target.cast::<jbyte>());
        }
    }
    if len <= STACK {
        // SAFETY: the call above initialised the first `len` bytes.
        Ok(unsafe { std::slice::from_raw_parts(stack.as_ptr().cast::<u8>(), len) })
    } else {
        // SAFETY: the call above initialised the `len` reserved bytes.
        unsafe { heap.set_len(len) };
        Ok(heap)
    }
}

/// Binds a `byte[]` argument's bytes, read into buffers local to the
/// calling export (see [`fill`]): `read!(env, url);` shadows the argument
/// `url` with a `&[u8]`, or returns the failure.
macro_rules! read {
    ($env:expr, $array:ident) => {
        let mut stack = [::std::mem::MaybeUninit::<u8>::uninit(); $crate::args::STACK];
        let mut heap = ::std::vec::Vec::new();
        let $array: &[u8] = $crate::args::fill($env, &$array, &mut stack, &mut heap)?;
    };
}
pub(crate) use read;

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

/// The length of a new Java array of `len` elements: `Failure::OutOfMemory`
/// past `Integer.MAX_VALUE`, the most a Java array holds (what the JVM
/// throws for a larger one), instead of a length cut to 32 bits.
fn array_length(len: usize) -> Result<jint, Failure> {
    jint::try_from(len).map_err(|_| Failure::OutOfMemory)
}

/// A new Java `byte[]` holding `bytes`.
pub(crate) fn new_bytes(env: &JNIEnv<'_>, bytes: &[u8]) -> Result<jbyteArray, Failure> {
    let array = env.new_byte_array(array_length(bytes.len())?)?;
    // SAFETY: `u8` and `jbyte` (`i8`) have the same size and alignment.
    let bytes = unsafe { std::slice::from_raw_parts(bytes.as_ptr().cast::<jbyte>(), bytes.len()) };
    env.set_byte_array_region(&array, 0, bytes)?;
    Ok(array.into_raw())
}

/// A new Java `long[]` holding `values`.
pub(crate) fn new_longs(env: &JNIEnv<'_>, values: &[jlong]) -> Result<jlongArray, Failure> {
    let array = env.new_long_array(array_length(values.len())?)?;
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

/// The longest body a per-call query reads in place ([`with_body`]); a
/// longer one is copied, so that the garbage collector waits no longer than
/// the parse of this many bytes (about a millisecond).
pub(crate) const PIN_MAX: usize = 1 << 20;

/// Runs `f` on the bytes of `array`: read in place with
/// `GetPrimitiveArrayCritical` when longer than [`STACK`] and at most
/// [`PIN_MAX`] bytes (a per-call query otherwise spends a fifth of its time
/// copying the body), copied otherwise. `f` must make no JNI call.
pub(crate) fn with_body<T>(
    env: &JNIEnv<'_>,
    array: &JByteArray<'_>,
    f: impl FnOnce(&[u8]) -> Result<T, Failure>,
) -> Result<T, Failure> {
    /// Releases the pinned array, without copying back, when dropped:
    /// after `f`, or while a panic in it unwinds.
    struct Pinned {
        raw: *mut jni::sys::JNIEnv,
        array: jni::sys::jarray,
        bytes: *mut std::ffi::c_void,
    }
    impl Drop for Pinned {
        fn drop(&mut self) {
            // SAFETY: `bytes` came from GetPrimitiveArrayCritical on this
            // array and thread, and is released once.
            unsafe {
                if let Some(release) = (**self.raw).ReleasePrimitiveArrayCritical {
                    release(self.raw, self.array, self.bytes, jni::sys::JNI_ABORT);
                }
            }
        }
    }
    let len = length(env, array)?;
    if len <= STACK || len > PIN_MAX {
        let mut stack = [MaybeUninit::uninit(); STACK];
        let mut heap = Vec::new();
        return f(copy_into(env, array, len, &mut stack, &mut heap)?);
    }
    let raw = env.get_raw();
    // SAFETY: `raw` is the calling thread's JNIEnv and `array` a live,
    // non-null byte[]; no JNI call is made until the release.
    let bytes = unsafe {
        let critical = (**raw).GetPrimitiveArrayCritical.ok_or(Failure::Null)?;
        critical(raw, array.as_raw(), std::ptr::null_mut())
    };
    if bytes.is_null() {
        // The JVM could not pin or copy the array, and has thrown.
        return Err(Failure::Pending);
    }
    let pinned = Pinned {
        raw,
        array: array.as_raw(),
        bytes,
    };
    // SAFETY: the JVM hands out the array's `len` bytes until the release.
    let body = unsafe { std::slice::from_raw_parts(pinned.bytes.cast::<u8>(), len) };
    let result = f(body);
    drop(pinned);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_past_the_largest_java_array_is_out_of_memory() {
        // Java arrays hold at most Integer.MAX_VALUE elements.
        assert!(matches!(array_length(0), Ok(0)));
        assert!(matches!(array_length(0x7FFF_FFFF), Ok(0x7FFF_FFFF)));
        for len in [0x8000_0000usize, (1 << 32) + 20_001, usize::MAX] {
            assert!(
                matches!(array_length(len), Err(Failure::OutOfMemory)),
                "{len}"
            );
        }
    }
}
