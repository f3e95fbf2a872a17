//! The way out of every export: its value, or a Java exception and a
//! fallback value that the Java side never reads (a pending exception is
//! thrown as the native method returns).
//!
//! [`run`] wraps each export's body in `catch_unwind`: a panic (a bug) is
//! `robotstxt.exact.RobotsException`, never an unwinding across the JVM's
//! frames, which would be undefined behaviour.

use std::collections::TryReserveError;
use std::panic::{AssertUnwindSafe, catch_unwind};

use jni::JNIEnv;
use jni::sys::{jboolean, jbyteArray, jdouble, jint, jlong};

/// Why an export did not produce its value.
#[derive(Debug)]
pub(crate) enum Failure {
    /// The library's heap is exhausted or capped: `OutOfMemoryError`.
    OutOfMemory,
    /// An argument the Java side let through is not acceptable:
    /// `IllegalArgumentException` with this message.
    Illegal(String),
    /// A handle of 0, which the Java side never passes for an open object:
    /// `IllegalStateException`.
    Closed,
    /// A NULL array, which the Java side never passes: `NullPointerException`.
    Null,
    /// A JNI call failed with a Java exception pending (the JVM's own
    /// `OutOfMemoryError` making an array, say): it is thrown as it is.
    Pending,
    /// Anything else: `RobotsException` with this message.
    Internal(String),
}

impl From<TryReserveError> for Failure {
    fn from(_: TryReserveError) -> Self {
        Failure::OutOfMemory
    }
}

impl From<jni::errors::Error> for Failure {
    fn from(error: jni::errors::Error) -> Self {
        match error {
            jni::errors::Error::JavaException => Failure::Pending,
            jni::errors::Error::NullPtr(_) | jni::errors::Error::NullDeref(_) => Failure::Null,
            other => Failure::Internal(other.to_string()),
        }
    }
}

/// What an export returns along with an exception.
pub(crate) trait Fallback {
    /// The value; the Java side never sees it.
    fn fallback() -> Self;
}

macro_rules! fallback {
    ($($ty:ty => $value:expr),* $(,)?) => {$(
        impl Fallback for $ty {
            fn fallback() -> Self {
                $value
            }
        }
    )*};
}

fallback! {
    () => (),
    jboolean => 0,
    jint => 0,
    jlong => 0,
    jdouble => f64::NAN,
    // Every raw array type is an alias of `jobject`: this covers them all.
    jbyteArray => std::ptr::null_mut(),
}

/// Runs the body of an export: its value, or, on a failure or a panic, the
/// matching Java exception thrown and the fallback returned.
pub(crate) fn run<'l, T: Fallback>(
    env: &mut JNIEnv<'l>,
    body: impl FnOnce(&mut JNIEnv<'l>) -> Result<T, Failure>,
) -> T {
    let failure = match catch_unwind(AssertUnwindSafe(|| body(&mut *env))) {
        Ok(Ok(value)) => return value,
        Ok(Err(failure)) => failure,
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown cause".to_owned());
            Failure::Internal(format!("internal error: {message}"))
        }
    };
    throw(env, failure);
    T::fallback()
}

/// Throws the exception for `failure`, unless one is pending already.
fn throw(env: &mut JNIEnv<'_>, failure: Failure) {
    if env.exception_check().unwrap_or(true) {
        return;
    }
    let (class, message) = match failure {
        Failure::Pending => return,
        Failure::OutOfMemory => (
            "java/lang/OutOfMemoryError",
            "robotstxt-exact: the native heap is exhausted (or past NativeLibrary.setMemoryLimit)"
                .to_owned(),
        ),
        Failure::Illegal(message) => ("java/lang/IllegalArgumentException", message),
        Failure::Closed => (
            "java/lang/IllegalStateException",
            "robotstxt-exact: the object is closed".to_owned(),
        ),
        Failure::Null => (
            "java/lang/NullPointerException",
            "robotstxt-exact: a null argument".to_owned(),
        ),
        Failure::Internal(message) => (
            "robotstxt/exact/RobotsException",
            format!("robotstxt-exact: {message}"),
        ),
    };
    // When even the exception cannot be made, the JVM has one pending (its
    // own OutOfMemoryError); there is nothing better to do.
    let _ = env.throw_new(class, message);
}
