//! Writing what the extended modes say: errors on standard error with the
//! error status, output that may meet a closed or broken standard output, and
//! the small text helpers every report uses.

use std::io::{self, Write};

use crate::exit::{EXIT_ERROR, EXIT_OK};
use crate::std_fds;

/// Writes all of `bytes`, ignoring errors as an unchecked C++ stream does.
pub fn emit(mut out: impl Write, bytes: &[u8]) {
    let _ = out.write_all(bytes);
    let _ = out.flush();
}

/// Reports `message` as an error; returns the error status.
pub fn fail(message: &str) -> u8 {
    emit(
        io::stderr().lock(),
        format!("error: {message}\n").as_bytes(),
    );
    EXIT_ERROR
}

/// Reports that memory ran out `doing` something; returns the error status.
pub fn out_of_memory(doing: &str) -> u8 {
    fail(&format!("out of memory {doing}"))
}

/// The error for output that has nowhere to go.
pub fn stdout_closed_error() -> u8 {
    fail("cannot write output: standard output is closed")
}

/// Writes all of `bytes` to standard output; returns the exit status.
pub fn write_stdout(bytes: &[u8]) -> u8 {
    if std_fds::stdout_closed() {
        return stdout_closed_error();
    }
    let mut out = io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => EXIT_OK,
        Err(e) => write_failed(&e),
    }
}

/// Reports a failed write; returns the error status.
pub fn write_failed(e: &io::Error) -> u8 {
    // A closed pipe (`robots ... | head`) is the reader's choice, not ours
    // to report.
    if e.kind() != io::ErrorKind::BrokenPipe {
        let _ = writeln!(io::stderr().lock(), "error: cannot write output: {e}");
    }
    EXIT_ERROR
}

/// Makes a line of the file safe to print on a terminal: control bytes other
/// than tab are shown as `\xNN`; everything else is kept as is.
pub fn printable(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    for &b in text {
        if (b < 0x20 && b != b'\t') || b == 0x7F {
            out.extend_from_slice(format!("\\x{b:02X}").as_bytes());
        } else {
            out.push(b);
        }
    }
    out
}

/// Writes `value` as one line of JSON Lines.
pub fn json_line<W: Write + ?Sized>(out: &mut W, value: &serde_json::Value) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    out.write_all(b"\n")
}

/// `1 line`, `2 lines`.
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
