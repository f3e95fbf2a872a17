//! The listener and its connections, each within limits that no client can
//! lift: a bounded number of connections at once, each on a thread of its
//! own (a slow or silent client holds only its own), a deadline for the
//! request and one for the answer, one request per connection. The accept
//! loop never ends: when accepting fails (file handles run out under a low
//! `ulimit -n`), it waits a moment and accepts again once connections have
//! closed. A handler that panics answers 500; the next connection gets a
//! thread of its own as every connection does.

use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use super::reply::Reply;
use super::request::{self, MAX_HEAD, Request};

/// What the connections may take; [`LIMITS`] in use.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Connections open at once; more are answered 503 and closed.
    pub connections: usize,
    /// From the connection to the end of the request's head and body.
    pub request_time: Duration,
    /// For writing the whole answer.
    pub answer_time: Duration,
    /// After the answer, to read what a refused request still sends, so
    /// that closing does not reset the connection before the client read
    /// the refusal; at most [`LINGER_BYTES`].
    pub linger_time: Duration,
    /// How long to wait before accepting again after accepting failed.
    pub accept_pause: Duration,
}

/// The limits of `robots --serve`.
pub const LIMITS: Limits = Limits {
    connections: 256,
    request_time: Duration::from_secs(10),
    answer_time: Duration::from_secs(10),
    linger_time: Duration::from_secs(2),
    accept_pause: Duration::from_millis(100),
};

/// The most bytes read after a refusal, before closing.
pub const LINGER_BYTES: usize = 256 * 1024;

/// What answers a request.
pub type Handler = dyn Fn(&Request) -> Reply + Send + Sync;

/// Accepts connections on `listener` and answers each request with
/// `handler`, for as long as the process runs.
pub fn serve(listener: &TcpListener, limits: Limits, handler: Arc<Handler>) -> ! {
    let open = Arc::new(AtomicUsize::new(0));
    let turning_away = Arc::new(AtomicUsize::new(0));
    let mut last_report: Option<Instant> = None;
    loop {
        let stream = match listener.accept() {
            Ok((stream, _)) => stream,
            Err(e) => {
                if pause_after(&e) {
                    // Said once a minute at most: an attack on the file
                    // handles would otherwise fill the terminal.
                    if last_report.is_none_or(|t| t.elapsed() > Duration::from_secs(60)) {
                        eprintln!("robots --serve: cannot accept connections for now ({e})");
                        last_report = Some(Instant::now());
                    }
                    thread::sleep(limits.accept_pause);
                }
                continue;
            }
        };
        let spawned = if open.load(Ordering::Acquire) < limits.connections {
            let slot = Slot::take(&open);
            let handler = handler.clone();
            thread::Builder::new()
                .name("robots-serve".into())
                .spawn(move || {
                    let _slot = slot;
                    connection(stream, limits, &*handler);
                })
        } else if turning_away.load(Ordering::Acquire) < TURNING_AWAY {
            let slot = Slot::take(&turning_away);
            thread::Builder::new()
                .name("robots-serve-busy".into())
                .spawn(move || {
                    let _slot = slot;
                    busy(stream, limits);
                })
        } else {
            // Past both limits the connection is closed unanswered.
            continue;
        };
        // A thread that cannot start (the system's limit on threads) drops
        // its connection and slot; a pause lets other threads end.
        if spawned.is_err() {
            thread::sleep(limits.accept_pause);
        }
    }
}

/// Connections over [`Limits::connections`] answered 503 at once, each on
/// a short-lived thread; past that, they are closed unanswered.
pub const TURNING_AWAY: usize = 32;

/// Whether a failed `accept` calls for a pause: it does unless the failure
/// concerns one connection only (reset or aborted before it was accepted,
/// or a signal). Running out of file handles (EMFILE, ENFILE) or memory
/// (ENOBUFS, ENOMEM) lasts until connections close; any other failure is
/// not retried in a busy loop.
fn pause_after(error: &io::Error) -> bool {
    !matches!(
        error.kind(),
        io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::Interrupted
            | io::ErrorKind::WouldBlock
    )
}

/// One open connection, counted while it lives.
struct Slot(Arc<AtomicUsize>);

impl Slot {
    fn take(open: &Arc<AtomicUsize>) -> Slot {
        open.fetch_add(1, Ordering::AcqRel);
        Slot(open.clone())
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The answer to a connection over the limit: 503, written and lingered
/// on within a tenth of the usual times.
fn busy(mut stream: TcpStream, limits: Limits) {
    let reply =
        Reply::text(503, "busy: too many connections; try again\n").with("Retry-After", "1");
    let deadline = Instant::now() + limits.answer_time / 10;
    if write_by(&mut stream, &reply.head(), deadline).is_ok() {
        let _ = write_by(&mut stream, reply.body.bytes(), deadline);
    }
    let quick = Limits {
        linger_time: limits.linger_time / 10,
        ..limits
    };
    close(stream, true, quick);
}

/// Reads one request, answers it and closes the connection.
fn connection(mut stream: TcpStream, limits: Limits, handler: &Handler) {
    let mut wrote = false;
    let served = catch_unwind(AssertUnwindSafe(|| {
        answer(&mut stream, limits, handler, &mut wrote)
    }));
    let unread = match served {
        Ok(unread) => unread,
        // A panic outside the handler (which has its own 500): the
        // connection is answered if nothing was written yet, and closed.
        Err(_) => {
            if !wrote {
                let reply = Reply::text(500, "internal error: the request failed\n");
                let _ = write_by(
                    &mut stream,
                    &reply.head(),
                    Instant::now() + limits.answer_time,
                );
                let _ = write_by(
                    &mut stream,
                    reply.body.bytes(),
                    Instant::now() + limits.answer_time,
                );
            }
            true
        }
    };
    close(stream, unread, limits);
}

/// Reads a request and writes its answer; returns whether the client may
/// have sent more than was read.
fn answer(stream: &mut TcpStream, limits: Limits, handler: &Handler, wrote: &mut bool) -> bool {
    let _ = stream.set_nodelay(true);
    let deadline = Instant::now() + limits.request_time;
    let (reply, head_only, unread) = match read_request(stream, deadline) {
        Ok((request, unread)) => {
            let reply = catch_unwind(AssertUnwindSafe(|| handler(&request))).unwrap_or_else(|_| {
                Reply::text(
                    500,
                    "internal error: this request failed; the server goes on\n",
                )
            });
            (reply, request.method == "HEAD", unread)
        }
        Err(Unread::Refused(refusal)) => {
            let reply = Reply::text(refusal.status(), &refusal.message());
            (reply, false, true)
        }
        Err(Unread::TimedOut) => {
            let reply = Reply::text(408, "request timeout: the request came too slowly\n");
            (reply, false, true)
        }
        Err(Unread::Gone) => return false,
    };
    *wrote = true;
    let deadline = Instant::now() + limits.answer_time;
    let written = write_by(stream, &reply.head(), deadline);
    if written.is_ok() && !head_only {
        let _ = write_by(stream, reply.body.bytes(), deadline);
    }
    unread
}

/// Why no request was read.
enum Unread {
    /// Refused by its head (the answer says why).
    Refused(request::Refusal),
    /// Bytes came, but not a whole request before the deadline.
    TimedOut,
    /// The client closed the connection or sent nothing before the
    /// deadline: there is no one to answer.
    Gone,
}

/// Reads a request's head and body by `deadline`, at most [`MAX_HEAD`]
/// bytes of head; returns it and whether more bytes came after it (a
/// pipelined request, left unanswered).
fn read_request(stream: &mut TcpStream, deadline: Instant) -> Result<(Request, bool), Unread> {
    let mut received = Vec::with_capacity(4096);
    let mut chunk = [0u8; 4096];
    let (length, request) = loop {
        // parse_head refuses a head of MAX_HEAD bytes that is not whole,
        // so there is room; were there none, the head is too large.
        let room = MAX_HEAD.saturating_sub(received.len()).min(chunk.len());
        if room == 0 {
            return Err(Unread::Refused(request::Refusal::HeadTooLarge));
        }
        match read_by(stream, &mut chunk[..room], deadline) {
            Ok(0) => return Err(Unread::Gone),
            Ok(n) => received.extend_from_slice(&chunk[..n]),
            Err(e) if e.kind() == io::ErrorKind::TimedOut && !received.is_empty() => {
                return Err(Unread::TimedOut);
            }
            Err(_) => return Err(Unread::Gone),
        }
        match request::parse_head(&received) {
            Ok(Some(parsed)) => break parsed,
            Ok(None) => {}
            Err(refusal) => return Err(Unread::Refused(refusal)),
        }
    };
    // The body (at most request::MAX_BODY bytes) is read and dropped.
    let mut body = received.len() - length;
    while body < request.body_length {
        let want = (request.body_length - body).min(chunk.len());
        match read_by(stream, &mut chunk[..want], deadline) {
            Ok(0) => return Err(Unread::Gone),
            Ok(n) => body += n,
            Err(e) if e.kind() == io::ErrorKind::TimedOut => return Err(Unread::TimedOut),
            Err(_) => return Err(Unread::Gone),
        }
    }
    let pipelined = body > request.body_length;
    Ok((request, pipelined))
}

/// The time left until `deadline`, or a timeout error.
fn left(deadline: Instant) -> io::Result<Duration> {
    let left = deadline.saturating_duration_since(Instant::now());
    if left.is_zero() {
        return Err(io::Error::from(io::ErrorKind::TimedOut));
    }
    Ok(left)
}

/// One read, which waits until `deadline` at most.
fn read_by(stream: &mut TcpStream, buf: &mut [u8], deadline: Instant) -> io::Result<usize> {
    loop {
        stream.set_read_timeout(Some(left(deadline)?))?;
        match stream.read(buf) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            // Unix says WouldBlock when a socket's timeout passes.
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                return Err(io::Error::from(io::ErrorKind::TimedOut));
            }
            other => return other,
        }
    }
}

/// Writes all of `bytes` by `deadline`, or fails.
fn write_by(stream: &mut TcpStream, bytes: &[u8], deadline: Instant) -> io::Result<()> {
    let mut rest = bytes;
    while !rest.is_empty() {
        stream.set_write_timeout(Some(left(deadline)?))?;
        match stream.write(rest) {
            Ok(0) => return Err(io::Error::from(io::ErrorKind::WriteZero)),
            Ok(n) => rest = &rest[n..],
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                return Err(io::Error::from(io::ErrorKind::TimedOut));
            }
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Ends the connection: the answer is complete once the write side is
/// shut; when the client may still be sending (a refused request, a
/// pipelined one), what it sends is read and dropped for a moment first,
/// since closing a socket with unread bytes resets the connection, and a
/// reset can reach the client before it has read the answer.
fn close(mut stream: TcpStream, unread: bool, limits: Limits) {
    let _ = stream.shutdown(Shutdown::Write);
    if !unread {
        return;
    }
    let deadline = Instant::now() + limits.linger_time;
    let mut chunk = [0u8; 4096];
    let mut drained = 0;
    while drained < LINGER_BYTES {
        match read_by(&mut stream, &mut chunk, deadline) {
            Ok(0) | Err(_) => return,
            Ok(n) => drained += n,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::reply::Body;
    use std::net::SocketAddr;

    const QUICK: Limits = Limits {
        connections: 4,
        request_time: Duration::from_millis(300),
        answer_time: Duration::from_millis(300),
        linger_time: Duration::from_millis(500),
        accept_pause: Duration::from_millis(10),
    };

    /// A server on 127.0.0.1 with `handler`, for the rest of the test
    /// process.
    fn start(
        limits: Limits,
        handler: impl Fn(&Request) -> Reply + Send + Sync + 'static,
    ) -> SocketAddr {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let handler: Arc<Handler> = Arc::new(handler);
        thread::spawn(move || serve(&listener, limits, handler));
        addr
    }

    fn get(addr: SocketAddr, target: &str) -> String {
        let mut stream = TcpStream::connect(addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(5)))
            .unwrap();
        write!(stream, "GET {target} HTTP/1.1\r\nHost: h\r\n\r\n").unwrap();
        let mut answer = String::new();
        let _ = stream.read_to_string(&mut answer);
        answer
    }

    #[test]
    fn a_handler_that_panics_answers_500_and_the_next_request_is_answered() {
        let addr = start(QUICK, |request| {
            assert_ne!(request.path(), "/panic", "a handler's bug");
            Reply::text(200, "fine\n")
        });
        for _ in 0..QUICK.connections + 2 {
            assert!(get(addr, "/panic").starts_with("HTTP/1.1 500 "));
        }
        assert!(get(addr, "/").ends_with("\r\n\r\nfine\n"));
    }

    /// `get` until its answer starts with `status`, for 5 s at most.
    fn eventually(addr: SocketAddr, status: &str) -> bool {
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if get(addr, "/").starts_with(status) {
                return true;
            }
            thread::sleep(Duration::from_millis(20));
        }
        false
    }

    #[test]
    fn connections_over_the_limit_are_told_the_server_is_busy() {
        // Idle connections stay until the test closes them.
        let limits = Limits {
            request_time: Duration::from_secs(30),
            ..QUICK
        };
        let addr = start(limits, |_| Reply::text(200, "fine\n"));
        let idle: Vec<_> = (0..limits.connections)
            .map(|_| TcpStream::connect(addr).unwrap())
            .collect();
        // Once the server has taken them all, another is told it is busy.
        assert!(eventually(addr, "HTTP/1.1 503 "));
        // When they go, all is as before.
        drop(idle);
        assert!(eventually(addr, "HTTP/1.1 200 "));
    }

    #[test]
    fn a_request_that_comes_too_slowly_is_answered_408() {
        let addr = start(QUICK, |_| Reply::text(200, "fine\n"));
        let mut slow = TcpStream::connect(addr).unwrap();
        slow.write_all(b"GET / HTTP/1.1\r\n").unwrap();
        slow.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        let mut answer = String::new();
        let _ = slow.read_to_string(&mut answer);
        assert!(answer.starts_with("HTTP/1.1 408 "), "{answer}");
    }

    #[test]
    fn an_answer_the_client_does_not_read_is_given_up_at_its_deadline() {
        const BIG: usize = 64 << 20;
        let (answered, made) = std::sync::mpsc::channel();
        let answered = std::sync::Mutex::new(answered);
        let addr = start(QUICK, move |_| {
            let reply = Reply::new(200, Body::Owned(vec![b'x'; BIG]));
            let _ = answered.lock().unwrap().send(());
            reply
        });
        let mut stalled = TcpStream::connect(addr).unwrap();
        stalled
            .write_all(b"GET / HTTP/1.1\r\nHost: h\r\n\r\n")
            .unwrap();
        // Long after the answer's deadline, the answer ends where the
        // server gave up: far short of its length.
        made.recv_timeout(Duration::from_secs(30)).unwrap();
        thread::sleep(QUICK.answer_time * 3);
        stalled
            .set_read_timeout(Some(Duration::from_secs(5)))
            .unwrap();
        let mut got = Vec::new();
        let _ = stalled.read_to_end(&mut got);
        assert!(got.len() < BIG / 2, "{}", got.len());
    }
}
