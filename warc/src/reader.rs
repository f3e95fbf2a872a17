//! WARC records from a byte stream: plain (`.warc`) or gzip (`.warc.gz`, a
//! gzip member per record as Common Crawl writes them, or one member for
//! the whole file), told apart by the first two bytes, so standard input
//! works as files do.
//!
//! Memory is bounded whatever the input: a header block is read up to
//! [`Limits::header_bytes`], a content block is kept up to
//! [`Limits::block_bytes`] and the rest is decoded and dropped, and a block
//! the caller does not want ([`WarcReader::next_record`]'s `keep`) is not
//! kept at all. A broken record is an error naming its offset, after which
//! reading goes on at the next record: the next line that starts with
//! `WARC/` in a plain file, the next gzip member in a compressed one.

use std::io::{self, BufRead, BufReader, Read};

use flate2::bufread::GzDecoder;

/// How much of a record is held in memory.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The longest WARC header block (the version line and the named
    /// fields); a longer one is a broken record.
    pub header_bytes: usize,
    /// How much of a content block is kept; the rest is read past. A
    /// robots.txt response needs its HTTP header and the first 500 KiB of
    /// its body (more when the body is compressed or chunked).
    pub block_bytes: usize,
}

impl Default for Limits {
    /// 1 MiB of header, 8 MiB of block.
    fn default() -> Self {
        Limits {
            header_bytes: 1 << 20,
            block_bytes: 8 << 20,
        }
    }
}

/// The named fields of a WARC record header.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Header {
    /// The version line without its line end, e.g. `WARC/1.1`.
    pub version: String,
    /// The fields in order, names as written, values trimmed.
    pub fields: Vec<(String, String)>,
}

impl Header {
    /// The value of the first field named `name` (ignoring ASCII case).
    pub fn get(&self, name: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// `WARC-Type`, lower-cased.
    pub fn warc_type(&self) -> String {
        self.get("WARC-Type").unwrap_or("").to_ascii_lowercase()
    }

    /// `WARC-Target-URI`, without the angle brackets some writers put
    /// around it (the WARC 1.0 grammar had them).
    pub fn target_uri(&self) -> Option<&str> {
        self.get("WARC-Target-URI")
            .map(|u| u.trim_start_matches('<').trim_end_matches('>'))
    }
}

/// One WARC record, or as much of it as is kept.
#[derive(Debug, Clone)]
pub struct RawRecord {
    /// Where the record starts: its byte offset in a plain file; in a
    /// gzip file, the offset of the member it starts in (what CDX indexes
    /// give).
    pub offset: u64,
    /// The header block.
    pub header: Header,
    /// `Content-Length`: the size of the content block.
    pub block_len: u64,
    /// The first [`Limits::block_bytes`] of the content block, or nothing
    /// when the caller did not keep it.
    pub block: Vec<u8>,
    /// Whether `block` is all of the content block.
    pub complete: bool,
}

/// A record that could not be read, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    /// As [`RawRecord::offset`]: the record's offset, or its gzip member's.
    pub offset: u64,
    /// What is wrong, in words.
    pub message: String,
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "record at byte {}: {}", self.offset, self.message)
    }
}

/// Counts the bytes consumed from a buffered reader: the offsets of gzip
/// members and plain records.
struct Counted {
    inner: BufReader<Box<dyn Read + Send>>,
    pos: u64,
}

impl Read for Counted {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.pos += n as u64;
        Ok(n)
    }
}

impl BufRead for Counted {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amt: usize) {
        self.pos += amt as u64;
        self.inner.consume(amt);
    }
}

const GZIP_MAGIC: [u8; 3] = [0x1f, 0x8b, 0x08];
const INPUT_BUFFER: usize = 256 << 10;
const DECODED_BUFFER: usize = 64 << 10;

/// Where the reader is.
enum Source {
    /// A plain WARC file.
    Plain(Counted),
    /// A gzip file, between members.
    Between(Counted),
    /// Inside the gzip member that starts at this offset.
    Member(u64, Box<BufReader<GzDecoder<Counted>>>),
    /// At the end, or after an error reading the input.
    Done,
}

/// Reads the records of one WARC file or stream.
pub struct WarcReader {
    source: Source,
    limits: Limits,
    /// Whether the last record was broken: the next read first looks for
    /// the start of a record.
    resync: bool,
    /// Bytes read of the plain input, or of the current member's decoded
    /// bytes.
    part_pos: u64,
    line: Vec<u8>,
}

/// What [`WarcReader::next_record`] found.
#[derive(Debug)]
pub enum Next {
    /// A record (its block kept or not, as asked).
    Record(RawRecord),
    /// A broken record or gzip member, reported and skipped.
    Broken(ReadError),
    /// The end of the input.
    End,
}

impl WarcReader {
    /// A reader of `input`, plain or gzip as its first bytes say.
    pub fn new(input: Box<dyn Read + Send>, limits: Limits) -> io::Result<WarcReader> {
        let mut counted = Counted {
            inner: BufReader::with_capacity(INPUT_BUFFER, input),
            pos: 0,
        };
        let head = counted.fill_buf()?;
        let source = if head.starts_with(&GZIP_MAGIC[..2]) {
            Source::Between(counted)
        } else {
            Source::Plain(counted)
        };
        Ok(WarcReader {
            source,
            limits,
            resync: false,
            part_pos: 0,
            line: Vec::new(),
        })
    }

    /// Whether the input is gzip.
    pub fn is_gzip(&self) -> bool {
        !matches!(self.source, Source::Plain(_))
    }

    /// The next record. `keep` sees the header and says whether to keep the
    /// content block; an unkept block is read past without being held.
    /// An I/O error of the input itself (not a broken record) ends reading.
    pub fn next_record(&mut self, keep: impl Fn(&Header) -> bool) -> io::Result<Next> {
        loop {
            // The decoded bytes of the current member, or the plain input.
            let (input, member): (&mut dyn BufRead, Option<u64>) = match &mut self.source {
                Source::Done => return Ok(Next::End),
                Source::Plain(c) => (c, None),
                Source::Member(offset, decoder) => (&mut **decoder, Some(*offset)),
                Source::Between(_) => match self.next_member()? {
                    Some(broken) => return Ok(Next::Broken(broken)),
                    None => continue,
                },
            };
            let mut input = Tally { inner: input, n: 0 };
            let base = self.part_pos;
            let result = read_one(&mut input, &self.limits, &mut self.line, &keep, self.resync);
            self.part_pos += input.n;
            let offset = |at: u64| member.unwrap_or(base + at);
            match result {
                Ok(Some(mut record)) => {
                    self.resync = false;
                    record.offset = offset(record.offset);
                    return Ok(Next::Record(record));
                }
                Ok(None) => {
                    self.resync = false;
                    if self.end_of_part()? {
                        return Ok(Next::End);
                    }
                }
                Err(Failure::Broken(at, message)) => {
                    self.resync = true;
                    return Ok(Next::Broken(ReadError {
                        offset: offset(at),
                        message,
                    }));
                }
                Err(Failure::Io(e)) => return self.member_failed(e),
            }
        }
    }

    /// At the end of the plain input or of a member: true when that is the
    /// end of everything.
    fn end_of_part(&mut self) -> io::Result<bool> {
        match std::mem::replace(&mut self.source, Source::Done) {
            Source::Member(_, decoder) => {
                self.part_pos = 0;
                self.source = Source::Between(decoder.into_inner().into_inner());
                Ok(false)
            }
            _ => Ok(true),
        }
    }

    /// An error reading the input: in a plain input, or a gzip member's
    /// compressed data, it is reported as a broken record. A plain input
    /// ends there; a gzip input goes on at the next member.
    fn member_failed(&mut self, e: io::Error) -> io::Result<Next> {
        match std::mem::replace(&mut self.source, Source::Done) {
            Source::Member(offset, decoder) => {
                let mut counted = decoder.into_inner().into_inner();
                skip_to_gzip_magic(&mut counted)?;
                self.source = Source::Between(counted);
                self.resync = false;
                self.part_pos = 0;
                Ok(Next::Broken(ReadError {
                    offset,
                    message: format!("the gzip member cannot be decoded: {e}"),
                }))
            }
            Source::Plain(_) | Source::Between(_) | Source::Done => Err(e),
        }
    }

    /// Between gzip members: starts the next one, or reports bytes that are
    /// none (and skips to the next gzip header). `Ok(None)` when a member
    /// was started or the input ended.
    fn next_member(&mut self) -> io::Result<Option<ReadError>> {
        let Source::Between(mut counted) = std::mem::replace(&mut self.source, Source::Done) else {
            return Ok(None);
        };
        let head = counted.fill_buf()?;
        if head.is_empty() {
            return Ok(None);
        }
        // Blank bytes between members: some writers pad.
        if head[0] == 0 {
            let n = head.iter().take_while(|&&b| b == 0).count();
            counted.consume(n);
            self.source = Source::Between(counted);
            return Ok(None);
        }
        let offset = counted.pos;
        if starts_gzip(&mut counted)? {
            let decoder = GzDecoder::new(counted);
            self.source = Source::Member(
                offset,
                Box::new(BufReader::with_capacity(DECODED_BUFFER, decoder)),
            );
            return Ok(None);
        }
        counted.consume(1);
        skip_to_gzip_magic(&mut counted)?;
        self.source = Source::Between(counted);
        Ok(Some(ReadError {
            offset,
            message: "not the start of a gzip member".into(),
        }))
    }
}

/// Whether the input goes on with a gzip header's first three bytes.
fn starts_gzip(input: &mut Counted) -> io::Result<bool> {
    let head = input.fill_buf()?;
    if head.len() >= GZIP_MAGIC.len() {
        return Ok(head.starts_with(&GZIP_MAGIC));
    }
    // The buffer ends inside the magic: compare what there is; a member
    // cut that short fails to decode and is reported then.
    Ok(GZIP_MAGIC.starts_with(head))
}

/// Skips to the next gzip header (or the end).
fn skip_to_gzip_magic(input: &mut Counted) -> io::Result<()> {
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        let len = buf.len();
        match memchr::memchr(GZIP_MAGIC[0], buf) {
            Some(0) => {
                if buf.len() >= 3 && !buf.starts_with(&GZIP_MAGIC) {
                    input.consume(1);
                    continue;
                }
                return Ok(());
            }
            Some(i) => input.consume(i),
            None => input.consume(len),
        }
    }
}

/// Why a record could not be read.
enum Failure {
    /// The bytes are not a record: how far into them the record started,
    /// and why.
    Broken(u64, String),
    /// The input failed.
    Io(io::Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Io(e)
    }
}

/// Counts what is consumed of a buffered input.
struct Tally<'a> {
    inner: &'a mut dyn BufRead,
    n: u64,
}

impl Read for Tally<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.n += n as u64;
        Ok(n)
    }
}

impl BufRead for Tally<'_> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amt: usize) {
        self.n += amt as u64;
        self.inner.consume(amt);
    }
}

/// Reads a line into `line`, keeping at most `max` bytes of it (the line
/// end included) and reading past the rest; returns whether there was a
/// line and whether it was longer than `max`.
fn read_line(input: &mut Tally, line: &mut Vec<u8>, max: usize) -> io::Result<(bool, bool)> {
    line.clear();
    let mut any = false;
    let mut long = false;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok((any, long));
        }
        any = true;
        let (n, done) = match memchr::memchr(b'\n', buf) {
            Some(i) => (i + 1, true),
            None => (buf.len(), false),
        };
        let room = max.saturating_sub(line.len()).min(n);
        line.extend_from_slice(&buf[..room]);
        long |= room < n;
        input.consume(n);
        if done {
            return Ok((true, long));
        }
    }
}

/// Reads one record; `Ok(None)` at the end of the input. Blank lines
/// before it are skipped; with `resync`, everything up to a line that
/// starts with `WARC/`. The record's offset is how many bytes of `input`
/// were read before it.
fn read_one(
    input: &mut Tally,
    limits: &Limits,
    line: &mut Vec<u8>,
    keep: &dyn Fn(&Header) -> bool,
    resync: bool,
) -> Result<Option<RawRecord>, Failure> {
    let start = loop {
        if !resync {
            // The blank lines that end the previous record.
            let buf = input.fill_buf()?;
            let n = buf
                .iter()
                .take_while(|b| matches!(b, b'\r' | b'\n'))
                .count();
            if n > 0 {
                input.consume(n);
                continue;
            }
        }
        let start = input.n;
        let (any, long) = read_line(input, line, limits.header_bytes)?;
        if !any {
            return Ok(None);
        }
        if resync && !line.starts_with(b"WARC/") {
            continue;
        }
        if long {
            return Err(Failure::Broken(
                start,
                format!("a header line is longer than {} bytes", limits.header_bytes),
            ));
        }
        break start;
    };
    let broken = |message: String| Failure::Broken(start, message);
    let version = trim_line_end(line);
    if !version.starts_with(b"WARC/") {
        return Err(broken(format!(
            "expected a WARC version line, found {:?}",
            preview(version)
        )));
    }
    let mut header = Header {
        version: String::from_utf8_lossy(version).into_owned(),
        fields: Vec::new(),
    };
    let mut used = line.len();
    loop {
        let (any, long) = read_line(input, line, limits.header_bytes - used)?;
        used += line.len();
        if !any {
            return Err(broken("the input ends inside the record header".into()));
        }
        if long {
            return Err(broken(format!(
                "the record header is longer than {} bytes",
                limits.header_bytes
            )));
        }
        let text = trim_line_end(line);
        if text.is_empty() {
            break;
        }
        if matches!(text[0], b' ' | b'\t') {
            // A continuation line (WARC 1.1, section 4: "LWS").
            if let Some((_, value)) = header.fields.last_mut() {
                value.push(' ');
                value.push_str(String::from_utf8_lossy(text.trim_ascii()).as_ref());
                continue;
            }
        }
        let Some(colon) = memchr::memchr(b':', text) else {
            return Err(broken(format!(
                "a header line has no colon: {:?}",
                preview(text)
            )));
        };
        header.fields.push((
            String::from_utf8_lossy(text[..colon].trim_ascii()).into_owned(),
            String::from_utf8_lossy(text[colon + 1..].trim_ascii()).into_owned(),
        ));
    }
    let block_len = match header.get("Content-Length").map(|v| v.parse::<u64>()) {
        Some(Ok(n)) => n,
        Some(Err(_)) => {
            return Err(broken(format!(
                "Content-Length is not a number: {:?}",
                header.get("Content-Length").unwrap_or("")
            )));
        }
        None => return Err(broken("the header has no Content-Length".into())),
    };
    let kept = if keep(&header) {
        block_len.min(limits.block_bytes as u64)
    } else {
        0
    };
    let mut block = Vec::new();
    let got = (&mut *input).take(kept).read_to_end(&mut block)? as u64;
    let rest = io::copy(&mut (&mut *input).take(block_len - kept), &mut io::sink())?;
    if got + rest < block_len {
        return Err(broken(format!(
            "the input ends {} bytes into a content block of {block_len} bytes (Content-Length)",
            got + rest
        )));
    }
    Ok(Some(RawRecord {
        offset: start,
        complete: kept == block_len,
        header,
        block_len,
        block,
    }))
}

fn trim_line_end(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// The first bytes of a line, for an error message.
fn preview(text: &[u8]) -> String {
    let cut = &text[..text.len().min(40)];
    let mut s = String::from_utf8_lossy(cut).into_owned();
    if cut.len() < text.len() {
        s.push_str("...");
    }
    s
}
