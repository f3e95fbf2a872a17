//! A small HTTP server on 127.0.0.1 for the fetch tests: each test starts
//! its own and stops it.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// What the server answers to one request.
pub enum Reply {
    /// A status line, headers and a body.
    Answer {
        status: u16,
        headers: Vec<(String, String)>,
        body: Vec<u8>,
    },
    /// Read the request and never answer (until the server stops).
    Hang,
    /// A 200 whose body is `unit` repeated up to `total` bytes, written
    /// as it goes (a body larger than the test's memory).
    Repeat { unit: Vec<u8>, total: u64 },
    /// A 301 to `location` on a connection kept alive (HTTP/1.1's
    /// default), which is closed unanswered when the next request comes
    /// on it: what a server that times out an idle connection does when
    /// the client's next request crosses its close.
    RedirectThenClose { location: String },
}

impl Reply {
    pub fn ok(body: &[u8]) -> Reply {
        Reply::Answer {
            status: 200,
            headers: Vec::new(),
            body: body.to_vec(),
        }
    }

    pub fn status(status: u16) -> Reply {
        Reply::Answer {
            status,
            headers: Vec::new(),
            body: format!("status {status}\n").into_bytes(),
        }
    }

    pub fn redirect(status: u16, location: &str) -> Reply {
        Reply::Answer {
            status,
            headers: vec![("Location".into(), location.into())],
            body: Vec::new(),
        }
    }
}

type Route = dyn Fn(&str) -> Reply + Send + Sync;

/// An HTTP/1.1 server on 127.0.0.1 and a port of the system's choice,
/// one thread per connection, stopped when dropped.
pub struct Server {
    port: u16,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    /// The paths requested, in order.
    pub paths: Arc<Mutex<Vec<String>>>,
    /// The head of each request (request line and headers), in order.
    pub heads: Arc<Mutex<Vec<String>>>,
    /// How many bodies were not written to the end (the client closed
    /// the connection first).
    pub unfinished: Arc<AtomicUsize>,
}

impl Server {
    pub fn start(route: impl Fn(&str) -> Reply + Send + Sync + 'static) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let port = listener.local_addr().unwrap().port();
        let stop = Arc::new(AtomicBool::new(false));
        let paths = Arc::new(Mutex::new(Vec::new()));
        let heads = Arc::new(Mutex::new(Vec::new()));
        let unfinished = Arc::new(AtomicUsize::new(0));
        let route: Arc<Route> = Arc::new(route);
        let thread = {
            let (stop, paths, heads, unfinished) = (
                stop.clone(),
                paths.clone(),
                heads.clone(),
                unfinished.clone(),
            );
            std::thread::spawn(move || {
                let mut workers = Vec::new();
                while !stop.load(Ordering::Relaxed) {
                    match listener.accept() {
                        Ok((stream, _)) => {
                            let (route, stop, paths, heads, unfinished) = (
                                route.clone(),
                                stop.clone(),
                                paths.clone(),
                                heads.clone(),
                                unfinished.clone(),
                            );
                            workers.push(std::thread::spawn(move || {
                                let log = Log {
                                    paths: &paths,
                                    heads: &heads,
                                    unfinished: &unfinished,
                                };
                                serve(stream, &*route, &stop, log)
                            }));
                        }
                        Err(_) => std::thread::sleep(Duration::from_millis(5)),
                    }
                }
                for w in workers {
                    let _ = w.join();
                }
            })
        };
        Server {
            port,
            stop,
            thread: Some(thread),
            paths,
            heads,
            unfinished,
        }
    }

    /// `127.0.0.1:PORT`.
    pub fn authority(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// `http://127.0.0.1:PORT`.
    pub fn base(&self) -> String {
        format!("http://{}", self.authority())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// What the server notes about each request.
struct Log<'a> {
    paths: &'a Mutex<Vec<String>>,
    heads: &'a Mutex<Vec<String>>,
    unfinished: &'a AtomicUsize,
}

fn serve(mut stream: TcpStream, route: &Route, stop: &AtomicBool, log: Log<'_>) {
    let _ = stream.set_nonblocking(false);
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    let mut request = Vec::new();
    let mut buf = [0u8; 1024];
    while !request.windows(4).any(|w| w == b"\r\n\r\n") {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => return,
            Ok(n) => request.extend_from_slice(&buf[..n]),
        }
    }
    let text = String::from_utf8_lossy(&request);
    let path = text.split(' ').nth(1).unwrap_or("").to_string();
    log.paths.lock().unwrap().push(path.clone());
    log.heads.lock().unwrap().push(text.into_owned());
    match route(&path) {
        Reply::Hang => {
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        Reply::Answer {
            status,
            headers,
            body,
        } => {
            let mut head = format!(
                "HTTP/1.1 {status} Whatever\r\nContent-Length: {}\r\nConnection: close\r\n",
                body.len()
            );
            for (k, v) in headers {
                head.push_str(&format!("{k}: {v}\r\n"));
            }
            head.push_str("\r\n");
            // The client may stop reading (at 500 KiB): errors are fine.
            let written = stream
                .write_all(head.as_bytes())
                .and_then(|()| stream.write_all(&body));
            if written.is_err() {
                log.unfinished.fetch_add(1, Ordering::Relaxed);
            }
        }
        Reply::RedirectThenClose { location } => {
            let head = format!(
                "HTTP/1.1 301 Moved Permanently\r\nLocation: {location}\r\nContent-Length: 0\r\n\r\n"
            );
            let _ = stream.write_all(head.as_bytes());
            let mut next = Vec::new();
            while !next.windows(4).any(|w| w == b"\r\n\r\n") {
                match stream.read(&mut buf) {
                    Ok(0) | Err(_) => return,
                    Ok(n) => next.extend_from_slice(&buf[..n]),
                }
            }
            let text = String::from_utf8_lossy(&next);
            let path = text.split(' ').nth(1).unwrap_or("").to_string();
            log.paths.lock().unwrap().push(path);
            log.heads.lock().unwrap().push(text.into_owned());
            // Dropping the stream closes the connection unanswered.
        }
        Reply::Repeat { unit, total } => {
            let head =
                format!("HTTP/1.1 200 OK\r\nContent-Length: {total}\r\nConnection: close\r\n\r\n");
            let mut left = total;
            let mut written = stream.write_all(head.as_bytes());
            while written.is_ok() && left > 0 {
                let n = unit.len().min(usize::try_from(left).unwrap_or(usize::MAX));
                written = stream.write_all(&unit[..n]);
                left -= n as u64;
            }
            if written.is_err() {
                log.unfinished.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
}
