//! The run over many files: records spread over the cores.
//!
//! One reader thread per file being read (as many files at once as there
//! are workers, each read from start to end) decodes and splits records and
//! hands them in batches to the workers, which read each HTTP response and
//! answer every agent for it (parsing the body once). One collector, the
//! calling thread, takes the results of each file in record order, follows
//! its redirects ([`crate::resolve`]) and passes the rows to a [`Sink`].
//! The channels between them are bounded, so memory is a few batches of
//! records per thread, whatever the size of the input.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::{self, Read};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};

use crate::capture::{self, Capture, Record};
use crate::query::UrlTable;
pub use crate::query::{Decided, Query, Rows};
use crate::reader::{Limits, Next, ReadError, WarcReader};
use crate::resolve::{Resolver, fetch_of};
use crate::verdict::{Fetch, Verdicts, verdicts};

/// Where the rows go.
pub trait Sink {
    /// The rows of one capture.
    fn rows(&mut self, rows: &Rows) -> io::Result<()>;
    /// A record that could not be read (the run goes on).
    fn broken(&mut self, file: &str, error: &ReadError);
}

/// One input: a name for messages and rows, and how to open it.
pub struct Input {
    /// The name shown (a path, or `-`).
    pub name: String,
    /// Opens the byte stream.
    pub open: Box<dyn FnOnce() -> io::Result<Box<dyn Read + Send>> + Send>,
}

impl Input {
    /// A file.
    pub fn path(path: impl Into<String>) -> Input {
        let name = path.into();
        let open_name = name.clone();
        Input {
            name,
            open: Box::new(move || {
                Ok(Box::new(std::fs::File::open(&open_name)?) as Box<dyn Read + Send>)
            }),
        }
    }
}

/// Counts of one run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Records read (of every type).
    pub records: u64,
    /// HTTP responses read.
    pub responses: u64,
    /// Responses for robots.txt URLs.
    pub robots: u64,
    /// Records that could not be read, and inputs that could not be opened.
    pub broken: u64,
    /// Bytes of input read (compressed, for gzip).
    pub input_bytes: u64,
}

/// A worker's answer for one record.
enum Done {
    Capture(Box<Capture>, Option<Arc<Verdicts>>),
    Other,
    Broken(ReadError),
}

/// What a reader sends: a batch of records of one file, in order.
struct Batch {
    file: usize,
    seq: u64,
    items: Vec<Item>,
}

enum Item {
    Record(crate::reader::RawRecord),
    Broken(ReadError),
}

/// What the collector receives.
enum Event {
    /// A worker's answers for a batch.
    Done {
        file: usize,
        seq: u64,
        done: Vec<Done>,
    },
    /// A file is read: how many batches it had, and its size.
    End {
        file: usize,
        batches: u64,
        bytes: u64,
    },
}

const BATCH_RECORDS: usize = 64;
const BATCH_BYTES: usize = 1 << 20;

/// The most worker threads [`run`] starts, whatever it is asked for: past
/// a few per core more only cost memory (each thread's stack, and the
/// queues between the threads, sized by their number).
pub const MAX_THREADS: usize = 256;

/// Reads every input with `threads` workers (at least one, at most
/// [`MAX_THREADS`]), answering
/// `query` for every robots.txt capture and passing the rows to `sink`,
/// file by file, each file's rows in record order (a redirect's rows when
/// its target comes). A broken record or an input that cannot be opened
/// goes to [`Sink::broken`] and the run goes on; only the sink's error
/// stops it.
pub fn run(
    inputs: Vec<Input>,
    query: &Arc<Query>,
    threads: usize,
    limits: Limits,
    sink: &mut dyn Sink,
) -> io::Result<Stats> {
    let threads = threads.clamp(1, MAX_THREADS);
    let names: Vec<Arc<str>> = inputs.iter().map(|i| Arc::from(i.name.as_str())).collect();
    let inputs: Vec<Mutex<Option<Input>>> =
        inputs.into_iter().map(|i| Mutex::new(Some(i))).collect();
    let next_input = AtomicUsize::new(0);
    let (batch_tx, batch_rx) = sync_channel::<Batch>(threads * 2);
    let batch_rx = Mutex::new(batch_rx);
    let (event_tx, event_rx) = sync_channel::<Event>(threads * 4);
    let readers = threads.min(inputs.len());
    std::thread::scope(|scope| {
        for _ in 0..readers {
            let batch_tx = batch_tx.clone();
            let event_tx = event_tx.clone();
            let (inputs, next_input) = (&inputs, &next_input);
            scope.spawn(move || read_inputs(inputs, next_input, limits, &batch_tx, &event_tx));
        }
        drop(batch_tx);
        for _ in 0..threads {
            let event_tx = event_tx.clone();
            let (batch_rx, query) = (&batch_rx, &**query);
            scope.spawn(move || work(batch_rx, query, &event_tx));
        }
        drop(event_tx);
        let result = collect(&event_rx, query, &names, sink);
        // Unblock the threads if the sink failed: dropping the receiver
        // makes their sends fail.
        drop(event_rx);
        result
    })
}

/// A reader thread: takes the next unread input and reads it whole.
fn read_inputs(
    inputs: &[Mutex<Option<Input>>],
    next: &AtomicUsize,
    limits: Limits,
    batches: &SyncSender<Batch>,
    events: &SyncSender<Event>,
) {
    loop {
        let file = next.fetch_add(1, Ordering::Relaxed);
        let Some(slot) = inputs.get(file) else { return };
        let Some(input) = slot.lock().ok().and_then(|mut s| s.take()) else {
            continue;
        };
        let mut seq = 0u64;
        let send = |items: Vec<Item>, seq: &mut u64| -> bool {
            let ok = batches
                .send(Batch {
                    file,
                    seq: *seq,
                    items,
                })
                .is_ok();
            *seq += 1;
            ok
        };
        let counter = Arc::new(AtomicUsize::new(0));
        let opened = (input.open)().and_then(|r| {
            WarcReader::new(
                Box::new(CountingRead {
                    inner: r,
                    n: counter.clone(),
                }),
                limits,
            )
        });
        let mut reader = match opened {
            Ok(reader) => reader,
            Err(e) => {
                let broken = ReadError {
                    offset: 0,
                    message: format!("cannot read the input: {e}"),
                };
                if !send(vec![Item::Broken(broken)], &mut seq) {
                    return;
                }
                if events
                    .send(Event::End {
                        file,
                        batches: seq,
                        bytes: 0,
                    })
                    .is_err()
                {
                    return;
                }
                continue;
            }
        };
        let mut items = Vec::new();
        let mut bytes = 0;
        loop {
            let next = match reader.next_record(capture::wanted) {
                Ok(next) => next,
                Err(e) => Next::Broken(ReadError {
                    offset: counter.load(Ordering::Relaxed) as u64,
                    message: format!("cannot read the input: {e}"),
                }),
            };
            let end = matches!(next, Next::End);
            let failed =
                matches!(&next, Next::Broken(e) if e.message.starts_with("cannot read the input"));
            match next {
                Next::Record(r) => {
                    bytes += r.block.len();
                    items.push(Item::Record(r));
                }
                Next::Broken(e) => items.push(Item::Broken(e)),
                Next::End => {}
            }
            if items.len() >= BATCH_RECORDS
                || bytes >= BATCH_BYTES
                || ((end || failed) && !items.is_empty())
            {
                bytes = 0;
                if !send(std::mem::take(&mut items), &mut seq) {
                    return;
                }
            }
            if end || failed {
                break;
            }
        }
        let bytes = counter.load(Ordering::Relaxed) as u64;
        if events
            .send(Event::End {
                file,
                batches: seq,
                bytes,
            })
            .is_err()
        {
            return;
        }
    }
}

/// Counts the bytes read from an input.
struct CountingRead {
    inner: Box<dyn Read + Send>,
    n: Arc<AtomicUsize>,
}

impl Read for CountingRead {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.n.fetch_add(n, Ordering::Relaxed);
        Ok(n)
    }
}

/// A worker thread: reads the responses of each batch and answers the
/// agents for each robots.txt capture that is not a redirect.
fn work(batches: &Mutex<Receiver<Batch>>, query: &Query, events: &SyncSender<Event>) {
    loop {
        let batch = match batches.lock() {
            Ok(rx) => rx.recv(),
            Err(_) => return,
        };
        let Ok(batch) = batch else { return };
        let done = batch
            .items
            .into_iter()
            .map(|item| match item {
                Item::Broken(e) => Done::Broken(e),
                Item::Record(r) => match capture::read(r) {
                    Record::Other(_) => Done::Other,
                    Record::Broken(e) => Done::Broken(e),
                    Record::Capture(c) => {
                        let own = (c.is_robots && c.location.is_none())
                            .then(|| query.items_for(&c.url))
                            .flatten()
                            .map(|items| {
                                Arc::new(verdicts(
                                    query.policy,
                                    fetch_of(&c),
                                    &query.agents,
                                    &items,
                                    query.classes,
                                ))
                            });
                        Done::Capture(Box::new(c), own)
                    }
                },
            })
            .collect();
        let event = Event::Done {
            file: batch.file,
            seq: batch.seq,
            done,
        };
        if events.send(event).is_err() {
            return;
        }
    }
}

/// Per file: results waiting for an earlier batch, and the redirects.
struct FileState {
    next_seq: u64,
    waiting: BTreeMap<u64, Vec<Done>>,
    batches: Option<u64>,
    resolver: Resolver,
}

/// The collector: each file's results in record order, through its
/// redirects, to the sink.
fn collect(
    events: &Receiver<Event>,
    query: &Arc<Query>,
    names: &[Arc<str>],
    sink: &mut dyn Sink,
) -> io::Result<Stats> {
    let mut stats = Stats::default();
    let mut files: HashMap<usize, FileState> = HashMap::new();
    let mut seen_robots: HashSet<String> = HashSet::new();
    let mut rows = Vec::new();
    let mut finished = 0;
    while finished < names.len() {
        let Ok(event) = events.recv() else { break };
        let file = match &event {
            Event::Done { file, .. } | Event::End { file, .. } => *file,
        };
        let state = files.entry(file).or_insert_with(|| FileState {
            next_seq: 0,
            waiting: BTreeMap::new(),
            batches: None,
            resolver: Resolver::new(names[file].clone()),
        });
        match event {
            Event::Done { seq, done, .. } => {
                state.waiting.insert(seq, done);
            }
            Event::End { batches, bytes, .. } => {
                state.batches = Some(batches);
                stats.input_bytes += bytes;
            }
        }
        while let Some(done) = state.waiting.remove(&state.next_seq) {
            state.next_seq += 1;
            for d in done {
                stats.records += 1;
                match d {
                    Done::Other => {}
                    Done::Broken(e) => {
                        stats.broken += 1;
                        sink.broken(&names[file], &e);
                    }
                    Done::Capture(c, own) => {
                        stats.responses += 1;
                        if c.is_robots {
                            stats.robots += 1;
                            if query.urls.is_some() {
                                seen_robots.insert(c.url.clone());
                            }
                        }
                        state.resolver.capture(query, &c, own, &mut rows);
                        for r in rows.drain(..) {
                            sink.rows(&r)?;
                        }
                    }
                }
            }
        }
        if state.batches == Some(state.next_seq) {
            let state = files.remove(&file).expect("the file's state");
            state.resolver.finish(query, &mut rows);
            for r in rows.drain(..) {
                sink.rows(&r)?;
            }
            finished += 1;
        }
    }
    if let Some(table) = &query.urls {
        uncaptured(query, table, &seen_robots, sink)?;
    }
    Ok(stats)
}

/// The rows of the page URLs whose robots.txt no file captured, and of
/// those that have none.
fn uncaptured(
    query: &Query,
    table: &UrlTable,
    seen: &HashSet<String>,
    sink: &mut dyn Sink,
) -> io::Result<()> {
    let mut missing: Vec<(&String, &Arc<Vec<String>>)> = table
        .by_robots
        .iter()
        .filter(|(url, _)| !seen.contains(*url))
        .collect();
    missing.sort();
    let none: Arc<str> = Arc::from("");
    let row = |robots_url: Option<String>, host: String, items: Arc<Vec<String>>, why: &str| Rows {
        file: none.clone(),
        offset: 0,
        robots_url,
        host,
        date: String::new(),
        truncated: None,
        redirects: 0,
        target: None,
        decided: None,
        verdicts: Arc::new(verdicts(
            query.policy,
            Fetch::Unknown(why),
            &query.agents,
            &items,
            query.classes,
        )),
        items,
    };
    for (url, items) in missing {
        let host = url::Url::parse(url)
            .ok()
            .map(|u| {
                let mut h = u.host_str().unwrap_or("").to_string();
                if let Some(p) = u.port() {
                    h.push_str(&format!(":{p}"));
                }
                h
            })
            .unwrap_or_default();
        sink.rows(&row(
            Some(url.clone()),
            host,
            items.clone(),
            "the robots.txt is not captured",
        ))?;
    }
    for (url, why) in &table.invalid {
        let items = Arc::new(vec![url.clone()]);
        sink.rows(&row(
            None,
            String::new(),
            items,
            &format!("no robots.txt: {why}"),
        ))?;
    }
    Ok(())
}
