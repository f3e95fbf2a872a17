//! Where the URLs of `--check` and `--diff` come from: `--url` options, then
//! a file of URLs (`--urls FILE`, "-" for standard input), one per line.

use std::ffi::OsString;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};

use crate::args::arg_bytes;
use crate::output::{fail, write_failed};
use crate::robots_txt::{is_stdin, stdin_closed_error};
use crate::std_fds;

/// Where the URLs of `--check` and `--diff` come from.
pub enum UrlSource {
    File(BufReader<std::fs::File>),
    Stdin(io::StdinLock<'static>),
    None,
}

impl UrlSource {
    /// URLs from `file`; from standard input when `file` is "-", or when
    /// there is no file, no `--url` and `stdin_by_default`.
    pub fn open(
        file: Option<&OsString>,
        have_urls: bool,
        stdin_by_default: bool,
    ) -> Result<Self, u8> {
        let stdin = || {
            if std_fds::stdin_closed() {
                return Err(stdin_closed_error("URLs"));
            }
            Ok(UrlSource::Stdin(io::stdin().lock()))
        };
        match file {
            Some(path) if is_stdin(path) => stdin(),
            Some(path) => std::fs::File::open(path)
                .map(|f| UrlSource::File(BufReader::new(f)))
                .map_err(|e| fail(&format!("cannot read URL file {path:?}: {e}"))),
            None if !have_urls && stdin_by_default => {
                let source = stdin()?;
                // Nothing on the command line says where the URLs come
                // from: on a terminal the run would seem to hang.
                if io::stdin().is_terminal() {
                    let _ = writeln!(
                        io::stderr().lock(),
                        "note: reading URLs from standard input, one per line, until end of \
                         input (Ctrl-D); --url URL or --urls FILE give them instead"
                    );
                }
                Ok(source)
            }
            None => Ok(UrlSource::None),
        }
    }

    /// The next line into `buf`; false at the end.
    fn next_line(&mut self, buf: &mut Vec<u8>) -> io::Result<bool> {
        buf.clear();
        let n = match self {
            UrlSource::File(r) => r.read_until(b'\n', buf)?,
            UrlSource::Stdin(r) => r.read_until(b'\n', buf)?,
            UrlSource::None => 0,
        };
        Ok(n > 0)
    }

    /// Whether the URLs come from standard input.
    pub fn reads_stdin(&self) -> bool {
        matches!(self, UrlSource::Stdin(_))
    }

    /// Whether there are no URLs besides the `--url` values.
    pub fn is_none(&self) -> bool {
        matches!(self, UrlSource::None)
    }

    /// Calls `each` with the `--url` values, then every non-blank line of
    /// the source, trimmed. Errors are exit statuses, already reported.
    pub fn for_each_url(
        &mut self,
        urls: &[OsString],
        mut each: impl FnMut(&[u8]) -> io::Result<()>,
    ) -> Result<(), u8> {
        for url in urls {
            each(&arg_bytes(url)).map_err(|e| write_failed(&e))?;
        }
        let mut buf = Vec::new();
        loop {
            match self.next_line(&mut buf) {
                Ok(false) => return Ok(()),
                Ok(true) => {}
                Err(e) => return Err(fail(&format!("cannot read URLs: {e}"))),
            }
            let url = buf.trim_ascii();
            if !url.is_empty() {
                each(url).map_err(|e| write_failed(&e))?;
            }
        }
    }
}
