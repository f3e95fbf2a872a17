//! What the `robots --serve` and fetch tests share: the server under test,
//! started as `robots --serve --port 0` and stopped when dropped; sites on
//! 127.0.0.1 that answer with whatever bytes a test gives, however broken;
//! and a reader of the answers.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use serde_json::Value;

/// The `robots` binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_robots");

/// The field the tester page sends with each `/api/fetch` request.
pub const PAGE_FIELD: &str = "X-Robots-Tester: 1\r\n";

/// A running `robots --serve`, stopped when dropped.
pub struct Serve {
    pub child: Child,
    pub addr: SocketAddr,
}

impl Serve {
    /// `robots --serve --port 0` with `extra` arguments.
    pub fn start(extra: &[&str]) -> Serve {
        Serve::spawn(
            Command::new(BIN)
                .args(["--serve", "--port", "0"])
                .args(extra),
        )
    }

    /// Starts `command`, a `robots --serve`, and reads where it listens.
    pub fn spawn(command: &mut Command) -> Serve {
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("robots --serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        Serve { child, addr }
    }

    /// `GET target` as the page sends it: its `Host` and its field.
    pub fn get(&self, target: &str) -> Answer {
        self.request(
            &format!(
                "GET {target} HTTP/1.1\r\nHost: {}\r\n{PAGE_FIELD}",
                self.addr
            ),
            b"",
        )
    }

    /// `/api/fetch` for `site`, its JSON answer.
    pub fn fetch(&self, site: &str, policy: Option<&str>) -> Value {
        let answer = self.fetch_answer(site, policy);
        assert_eq!(answer.status, 200, "{}", answer.text());
        assert_eq!(answer.header("content-type"), Some("application/json"));
        serde_json::from_slice(&answer.body).expect("JSON")
    }

    /// The answer to `/api/fetch` for `site`, whatever its status.
    pub fn fetch_answer(&self, site: &str, policy: Option<&str>) -> Answer {
        let mut target = format!("/api/fetch?url={}", encode(site));
        if let Some(p) = policy {
            target.push_str(&format!("&policy={p}"));
        }
        self.get(&target)
    }

    /// Sends a request line and headers (`head`, ending in CRLF), then
    /// `Connection: close` and `body`.
    pub fn request(&self, head: &str, body: &[u8]) -> Answer {
        Answer::parse(&self.raw(format!("{head}Connection: close\r\n\r\n").as_bytes(), body))
    }

    /// Sends `head` and `body` as they are, and reads all that comes back
    /// (within 30 s); nothing when the connection is refused.
    pub fn raw(&self, head: &[u8], body: &[u8]) -> Vec<u8> {
        let Ok(mut stream) = TcpStream::connect(self.addr) else {
            return Vec::new();
        };
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        let _ = stream.write_all(head);
        let _ = stream.write_all(body);
        let mut raw = Vec::new();
        let _ = stream.read_to_end(&mut raw);
        raw
    }

    /// Whether the server answers the page's address, as a browser asks.
    pub fn answers(&self) -> bool {
        let raw = self.raw(
            format!("GET / HTTP/1.1\r\nHost: {}\r\n\r\n", self.addr).as_bytes(),
            b"",
        );
        raw.starts_with(b"HTTP/1.1 200 ") || raw.starts_with(b"HTTP/1.1 503 ")
    }

    /// The most memory the server has held (Linux: `VmHWM`, the peak
    /// resident set), in bytes.
    pub fn peak_memory(&self) -> Option<u64> {
        memory_of(self.child.id(), "VmHWM:")
    }

    /// The memory the server holds now (Linux: `VmRSS`), in bytes.
    pub fn memory(&self) -> Option<u64> {
        memory_of(self.child.id(), "VmRSS:")
    }
}

/// A connection to `addr` whose receive buffer is as small as the system
/// allows, set before connecting (so that the window it offers stays
/// small): an answer the client does not read soon fills it and the
/// sender's buffer, and then the sender waits.
#[cfg(unix)]
pub fn small_buffer_connection(addr: SocketAddr) -> TcpStream {
    use std::os::fd::FromRawFd;
    let SocketAddr::V4(v4) = addr else {
        panic!("an IPv4 address: {addr}")
    };
    let size: libc::c_int = 4096;
    let sin = libc::sockaddr_in {
        sin_family: libc::AF_INET as libc::sa_family_t,
        sin_port: v4.port().to_be(),
        sin_addr: libc::in_addr {
            s_addr: u32::from(*v4.ip()).to_be(),
        },
        sin_zero: [0; 8],
    };
    // SAFETY: plain socket calls on a descriptor this function owns, with
    // pointers to locals of the sizes passed; the descriptor is handed to
    // the TcpStream, which closes it.
    unsafe {
        let fd = libc::socket(libc::AF_INET, libc::SOCK_STREAM, 0);
        assert!(fd >= 0, "socket: {}", std::io::Error::last_os_error());
        let stream = TcpStream::from_raw_fd(fd);
        let set = libc::setsockopt(
            fd,
            libc::SOL_SOCKET,
            libc::SO_RCVBUF,
            (&size as *const libc::c_int).cast(),
            std::mem::size_of::<libc::c_int>() as libc::socklen_t,
        );
        assert_eq!(set, 0, "setsockopt: {}", std::io::Error::last_os_error());
        let connected = libc::connect(
            fd,
            (&sin as *const libc::sockaddr_in).cast(),
            std::mem::size_of::<libc::sockaddr_in>() as libc::socklen_t,
        );
        assert_eq!(connected, 0, "connect: {}", std::io::Error::last_os_error());
        stream
    }
}

/// A field of /proc/PID/status in bytes.
fn memory_of(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    let kib: u64 = line[field.len()..]
        .trim()
        .strip_suffix("kB")?
        .trim()
        .parse()
        .ok()?;
    Some(kib * 1024)
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `text` percent-encoded for a query string.
pub fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// An HTTP answer as read from the socket.
pub struct Answer {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Answer {
    /// Parses an answer (a body of `Content-Length` or to the end).
    pub fn parse(raw: &[u8]) -> Answer {
        let end = raw
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .unwrap_or_else(|| panic!("no HTTP answer: {:?}", String::from_utf8_lossy(raw)));
        let head = String::from_utf8_lossy(&raw[..end]);
        let mut lines = head.split("\r\n");
        let status = lines
            .next()
            .unwrap()
            .split(' ')
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        let headers = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
            .collect();
        Answer {
            status,
            headers,
            body: raw[end + 4..].to_vec(),
        }
    }

    /// The value of the first field named `name` (lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The body as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|_| panic!("not JSON: {}", self.text()))
    }
}

/// What a site sends for a path: the whole answer, as bytes.
pub type Route = dyn Fn(&str) -> Vec<u8> + Send + Sync;

/// A site on 127.0.0.1 that answers each request with the bytes `route`
/// gives for its path, then closes the connection; it notes the path of
/// every request. Stopped when dropped.
pub struct Site {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    thread: Option<thread::JoinHandle<()>>,
    /// The paths asked for, in order.
    pub paths: Arc<Mutex<Vec<String>>>,
}

impl Site {
    pub fn start(route: impl Fn(&str) -> Vec<u8> + Send + Sync + 'static) -> Site {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let paths = Arc::new(Mutex::new(Vec::new()));
        let route: Arc<Route> = Arc::new(route);
        let thread = {
            let (stop, paths) = (stop.clone(), paths.clone());
            thread::spawn(move || {
                for stream in listener.incoming() {
                    if stop.load(Ordering::Acquire) {
                        return;
                    }
                    let Ok(stream) = stream else { continue };
                    let (route, paths) = (route.clone(), paths.clone());
                    thread::spawn(move || answer(stream, &*route, &paths));
                }
            })
        };
        Site {
            addr,
            stop,
            thread: Some(thread),
            paths,
        }
    }

    /// `http://127.0.0.1:PORT`.
    pub fn base(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// How many requests came.
    pub fn requests(&self) -> usize {
        self.paths.lock().unwrap().len()
    }
}

fn answer(mut stream: TcpStream, route: &Route, paths: &Mutex<Vec<String>>) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
    let mut request = Vec::new();
    let mut buf = [0u8; 4096];
    while !request.windows(4).any(|w| w == b"\r\n\r\n") {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => return,
            Ok(n) => request.extend_from_slice(&buf[..n]),
        }
    }
    let text = String::from_utf8_lossy(&request);
    let path = text.split(' ').nth(1).unwrap_or("").to_string();
    paths.lock().unwrap().push(path.clone());
    // The client may stop reading (at its limit): errors are fine.
    let _ = stream.write_all(&route(&path));
    let _ = stream.shutdown(Shutdown::Write);
    // Read what the client still sends, so that closing resets nothing.
    while let Ok(n) = stream.read(&mut buf) {
        if n == 0 {
            break;
        }
    }
}

impl Drop for Site {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Release);
        // The accept loop sees the flag on its next connection.
        let _ = TcpStream::connect(self.addr);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// An answer of `status` with `fields` and `body`, with its length.
pub fn response(status: u16, fields: &[(&str, &str)], body: &[u8]) -> Vec<u8> {
    let mut head = format!(
        "HTTP/1.1 {status} Whatever\r\nContent-Length: {}\r\nConnection: close\r\n",
        body.len()
    );
    for (name, value) in fields {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let mut bytes = head.into_bytes();
    bytes.extend_from_slice(body);
    bytes
}

/// A 200 with `body` as text.
pub fn ok(body: &[u8]) -> Vec<u8> {
    response(200, &[("Content-Type", "text/plain")], body)
}

/// An answer of `code` with a short body.
pub fn status(code: u16) -> Vec<u8> {
    response(code, &[], format!("status {code}\n").as_bytes())
}

/// A 301 to `location`.
pub fn redirect(location: &str) -> Vec<u8> {
    response(301, &[("Location", location)], b"")
}

/// `data` gzip-compressed.
pub fn gzip(data: &[u8]) -> Vec<u8> {
    use flate2::Compression;
    use flate2::write::GzEncoder;
    let mut encoder = GzEncoder::new(Vec::new(), Compression::default());
    encoder.write_all(data).unwrap();
    encoder.finish().unwrap()
}
