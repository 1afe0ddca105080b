//! A `tilec serve` started by a test on a free loopback port, over a copy of
//! a tile directory the test may edit; killed (and its copy removed) when
//! dropped. A tiny HTTP/1.1 client and the live-reload WebSocket, with
//! timeouts on every read, so that no test waits without end.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// A running server.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
    /// The tile directory it serves (a copy owned by the test, or not).
    pub dir: PathBuf,
    owned: bool,
    /// Lines the server printed (stdout and stderr, in arrival order).
    pub lines: Receiver<String>,
    /// Lines read before the one that says where it serves (stderr and
    /// stdout are read apart, so a warning may come first).
    pub early: Vec<String>,
}

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh directory under `target/` for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = root()
        .join("target")
        .join("serve-tests")
        .join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a scratch directory");
    dir
}

/// Copies the files of `from` into `mytiles` in a fresh scratch directory
/// `name` (so that the server, started beside it, names its files
/// `mytiles/...` as a designer's would be).
pub fn copy_of(from: &Path, name: &str) -> PathBuf {
    let dir = scratch(name).join("mytiles");
    std::fs::create_dir_all(&dir).expect("create the copy");
    for entry in std::fs::read_dir(from).expect("read the tiles") {
        let path = entry.expect("an entry").path();
        if path.is_file() {
            std::fs::copy(&path, dir.join(path.file_name().expect("a name"))).expect("copy");
        }
    }
    dir
}

impl Server {
    /// Serves a copy of `tiles` (editable), with `extra` arguments.
    pub fn copy(tiles: &Path, name: &str, extra: &[&str]) -> Server {
        let dir = copy_of(tiles, name);
        Server::start(dir, true, extra, &[])
    }

    /// Serves `dir` as it is (never edited).
    pub fn on(dir: &Path, extra: &[&str]) -> Server {
        Server::start(dir.to_path_buf(), false, extra, &[])
    }

    /// Serves `dir` as it is, with `env` set for the server.
    pub fn on_with_env(dir: &Path, extra: &[&str], env: &[(&str, &std::ffi::OsStr)]) -> Server {
        Server::start(dir.to_path_buf(), false, extra, env)
    }

    /// Serves `dir` as it is, the server allowed at most `files` open files
    /// (soft and hard limit, so that it cannot raise them).
    pub fn with_files(dir: &Path, files: u32) -> Server {
        let limit = files.to_string();
        Server::start(
            dir.to_path_buf(),
            false,
            &[],
            &[("TILEC_TEST_NOFILE", limit.as_ref())],
        )
    }

    fn start(
        dir: PathBuf,
        owned: bool,
        extra: &[&str],
        env: &[(&str, &std::ffi::OsStr)],
    ) -> Server {
        // Started beside the directory, as a designer would: diagnostics name
        // `mytiles/...`, not this machine's paths.
        let (parent, name) = (
            dir.parent().expect("a parent"),
            dir.file_name().expect("a name"),
        );
        // With a file limit, through the shell's `ulimit` (which sets both
        // limits), then `exec`: the server is still the child itself.
        let limited = env.iter().any(|(k, _)| *k == "TILEC_TEST_NOFILE");
        let mut command = match limited {
            false => Command::new(env!("CARGO_BIN_EXE_tilec")),
            true => {
                let mut sh = Command::new("sh");
                sh.args([
                    "-c",
                    "ulimit -n \"$TILEC_TEST_NOFILE\" && exec \"$0\" \"$@\"",
                ])
                .arg(env!("CARGO_BIN_EXE_tilec"));
                sh
            }
        };
        let mut child = command
            .current_dir(parent)
            .args(["serve", "--port", "0", "--debounce", "20", "--tiles"])
            .arg(name)
            .args(extra)
            .envs(env.iter().copied())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start tilec serve");
        let (tx, lines) = channel();
        let out = child.stdout.take().expect("stdout");
        let err = child.stderr.take().expect("stderr");
        for stream in [Box::new(out) as Box<dyn Read + Send>, Box::new(err)] {
            let tx = tx.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(stream).lines().map_while(Result::ok) {
                    let _ = tx.send(line);
                }
            });
        }
        let mut server = Server {
            child,
            addr: String::new(),
            dir,
            owned,
            lines,
            early: Vec::new(),
        };
        let mut early = Vec::new();
        let line = server
            .wait_line(
                |l| {
                    let serving = l.starts_with("serving ");
                    if !serving {
                        early.push(l.to_string());
                    }
                    serving
                },
                Duration::from_secs(120),
            )
            .expect("the server says where it serves");
        server.early = early;
        let start = line.find("http://").expect("a URL") + "http://".len();
        let end = line[start..].find('/').expect("a path") + start;
        server.addr = line[start..end].to_string();
        server
    }

    /// Waits for a line the server prints that satisfies `pred`.
    pub fn wait_line(
        &self,
        mut pred: impl FnMut(&str) -> bool,
        timeout: Duration,
    ) -> Option<String> {
        let end = Instant::now() + timeout;
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(line) if pred(&line) => return Some(line),
                Ok(_) => {}
                Err(_) => return None,
            }
        }
        None
    }

    /// Forgets the lines printed so far.
    pub fn drain(&self) {
        while self.lines.try_recv().is_ok() {}
    }

    /// `http://ADDR` + `path`.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// Sends a raw request; the answer.
    pub fn raw(&self, request: &[u8]) -> Answer {
        raw(&self.addr, request)
    }

    /// A GET of `path`.
    pub fn get(&self, path: &str) -> Answer {
        let req = format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            self.addr
        );
        self.raw(req.as_bytes())
    }

    /// A POST of `body` to `path`.
    pub fn post(&self, path: &str, body: &[u8]) -> Answer {
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            self.addr,
            body.len()
        );
        let mut req = head.into_bytes();
        req.extend_from_slice(body);
        self.raw(&req)
    }

    /// A JSON POST, parsed.
    pub fn post_json(&self, path: &str, body: &serde_json::Value) -> (u16, serde_json::Value) {
        let a = self.post(path, body.to_string().as_bytes());
        (
            a.status,
            serde_json::from_slice(&a.body).unwrap_or(serde_json::Value::Null),
        )
    }

    /// Polls `path` until its text satisfies `pred` (every 20 ms, at most
    /// `timeout`); the last text.
    pub fn poll(
        &self,
        path: &str,
        timeout: Duration,
        pred: impl Fn(&str) -> bool,
    ) -> Result<String, String> {
        let end = Instant::now() + timeout;
        loop {
            let text = self.get(path).text();
            if pred(&text) {
                return Ok(text);
            }
            if Instant::now() > end {
                return Err(text);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Whether the server is still running.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// The server's resident memory now and at its peak, in KiB (`VmRSS`
    /// and `VmHWM` of `/proc/PID/status`).
    pub fn memory(&self) -> (u64, u64) {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("the server's /proc status");
        let field = |name: &str| {
            status
                .lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
                .expect("a memory field")
        };
        (field("VmRSS:"), field("VmHWM:"))
    }

    /// A request as this server's own page sends it: `method path` with its
    /// Host and Origin and a JSON `body`.
    pub fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> Answer {
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nContent-Length: {}\r\n",
            body.len()
        );
        let given = |name: &str| headers.iter().any(|(n, _)| n.eq_ignore_ascii_case(name));
        if !given("host") {
            head += &format!("Host: {}\r\n", self.addr);
        }
        if !given("connection") {
            head += "Connection: close\r\n";
        }
        for (name, value) in headers {
            head += &format!("{name}: {value}\r\n");
        }
        let mut req = format!("{head}\r\n").into_bytes();
        req.extend_from_slice(body);
        self.raw(&req)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let (true, Some(parent)) = (self.owned, self.dir.parent()) {
            let _ = std::fs::remove_dir_all(parent);
        }
    }
}

/// An HTTP answer.
#[derive(Debug)]
pub struct Answer {
    /// The status code (0: no answer).
    pub status: u16,
    /// The header lines, lowercase names.
    pub headers: Vec<(String, String)>,
    /// The body (de-chunked).
    pub body: Vec<u8>,
}

impl Answer {
    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// A header's value.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Sends `request` to `addr` and reads the whole answer (30 s at most).
pub fn raw(addr: &str, request: &[u8]) -> Answer {
    let mut stream = TcpStream::connect(addr).expect("connect to the server");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    stream
        .set_write_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    // The server may answer (413) and close before the whole body is sent.
    let _ = stream.write_all(request);
    let mut bytes = Vec::new();
    let _ = stream.read_to_end(&mut bytes);
    parse(&bytes)
}

fn parse(bytes: &[u8]) -> Answer {
    let split = bytes.windows(4).position(|w| w == b"\r\n\r\n");
    let Some(split) = split else {
        return Answer {
            status: 0,
            headers: Vec::new(),
            body: bytes.to_vec(),
        };
    };
    let head = String::from_utf8_lossy(&bytes[..split]);
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = bytes[split + 4..].to_vec();
    if headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"))
    {
        body = dechunk(&body);
    }
    Answer {
        status,
        headers,
        body,
    }
}

fn dechunk(mut rest: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(eol) = rest.windows(2).position(|w| w == b"\r\n") {
        let size = String::from_utf8_lossy(&rest[..eol]);
        let size =
            usize::from_str_radix(size.split(';').next().unwrap_or("0").trim(), 16).unwrap_or(0);
        rest = &rest[eol + 2..];
        if size == 0 || rest.len() < size {
            break;
        }
        out.extend_from_slice(&rest[..size]);
        rest = rest.get(size + 2..).unwrap_or(&[]);
    }
    out
}

/// The live-reload channel, as a page opens it.
pub struct Live {
    socket: tungstenite::WebSocket<TcpStream>,
}

impl Live {
    /// Connects to the server's live-reload channel.
    pub fn connect(addr: &str) -> Live {
        Live::open(addr, None).expect("a WebSocket handshake")
    }

    /// Connects as a page of `origin` would (a browser always says it).
    pub fn open(addr: &str, origin: Option<&str>) -> Result<Live, tungstenite::Error> {
        use tungstenite::client::IntoClientRequest;
        let stream = TcpStream::connect(addr).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .expect("timeout");
        let mut request = format!("ws://{addr}/__tilec/live").into_client_request()?;
        if let Some(origin) = origin {
            let value = origin.parse().expect("a header value");
            request.headers_mut().insert("Origin", value);
        }
        let socket = match tungstenite::client(request, stream) {
            Ok((socket, _)) => socket,
            Err(tungstenite::HandshakeError::Failure(e)) => return Err(e),
            Err(tungstenite::HandshakeError::Interrupted(_)) => {
                return Err(tungstenite::Error::ConnectionClosed)
            }
        };
        Ok(Live { socket })
    }

    /// The socket's stream, to write to it below the protocol.
    pub fn stream(&mut self) -> &mut TcpStream {
        self.socket.get_mut()
    }

    /// The next generation the server sends (pings skipped); `None` after
    /// the read timeout or a close.
    pub fn next(&mut self) -> Option<u64> {
        for _ in 0..100 {
            match self.socket.read() {
                Ok(tungstenite::Message::Text(t)) => return t.as_str().parse().ok(),
                Ok(_) => continue,
                Err(_) => return None,
            }
        }
        None
    }
}
