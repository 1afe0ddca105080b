//! Connections: the accept loop, and what one connection may hold. Our own
//! loop over hyper's HTTP/1 connection, because `axum::serve` sets neither a
//! timeout nor a buffer size and sleeps a second when descriptors run out.
//!
//! - A request's head (its line and headers) arrives whole within
//!   [`HEADER_TIMEOUT`] or the connection is closed; an idle kept-alive
//!   connection is closed after as long. A head is at most [`MAX_HEAD`] bytes
//!   (431 beyond).
//! - At most [`capacity`] connections are open: [`MAX_CONNECTIONS`], fewer
//!   when the process may open fewer files (the soft limit is first raised
//!   to the hard one, as Go's runtime does). When a new connection arrives
//!   at the cap, or `accept` finds no descriptor left, the oldest connection
//!   that is not in the middle of a request is closed for it (one still
//!   sending its head, or waiting between requests; else the oldest
//!   live-reload socket, whose page reconnects): idle connections cannot
//!   keep a page from being served.

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::BTreeMap;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;
use tower::ServiceExt;

/// The time a request's head may take to arrive (and an idle connection may
/// wait for the next one).
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// The largest request head, in bytes (a browser's is about 1 KiB; cookies
/// other servers on `localhost` set come along).
pub const MAX_HEAD: usize = 64 << 10;

/// The most connections open at once.
pub const MAX_CONNECTIONS: usize = 512;

/// Descriptors left for everything but connections (the watcher, the tile
/// files read by a build, the blocking pool's work).
const SPARE_DESCRIPTORS: u64 = 64;

/// One open connection, as the accept loop sees it.
pub struct Conn {
    /// Requests being handled on it now.
    busy: AtomicUsize,
    /// Whether it became a live-reload socket.
    socket: AtomicBool,
    /// Told when the connection is to be closed for a newer one.
    close: Notify,
}

/// The connection a request came on (in the request's extensions).
#[derive(Clone)]
pub struct Handle(Arc<Conn>);

impl Handle {
    /// Marks the connection as a live-reload socket (closed for a newer
    /// connection only when no idle one is left).
    pub fn became_socket(&self) {
        self.0.socket.store(true, Ordering::Relaxed);
    }

    /// Resolves when the connection is to be closed for a newer one.
    pub async fn evicted(&self) {
        self.0.close.notified().await
    }
}

/// The open connections, oldest first.
#[derive(Default)]
struct Open {
    next: u64,
    conns: BTreeMap<u64, Arc<Conn>>,
}

type Shared = Arc<Mutex<Open>>;

fn lock(open: &Shared) -> std::sync::MutexGuard<'_, Open> {
    open.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Open {
    /// Tells the oldest connection not in a request (else the oldest socket)
    /// to close; whether there was one.
    fn evict_one(&mut self) -> bool {
        let idle = |socket: bool| {
            self.conns.values().find(|c| {
                c.busy.load(Ordering::Relaxed) == 0 && c.socket.load(Ordering::Relaxed) == socket
            })
        };
        match idle(false).or_else(|| idle(true)) {
            Some(c) => {
                c.close.notify_one();
                true
            }
            None => false,
        }
    }
}

/// The most connections this process keeps open: [`MAX_CONNECTIONS`], or
/// its descriptor limit less a spare when that is lower (after raising the
/// soft limit to the hard one).
pub fn capacity() -> usize {
    use rustix::process::{getrlimit, setrlimit, Resource};
    let mut limit = getrlimit(Resource::Nofile);
    if limit.current != limit.maximum {
        let raised = rustix::process::Rlimit {
            current: limit.maximum,
            ..limit
        };
        if setrlimit(Resource::Nofile, raised).is_ok() {
            limit = raised;
        }
    }
    let files = limit.current.unwrap_or(u64::MAX);
    let room = files.saturating_sub(SPARE_DESCRIPTORS).max(8);
    usize::try_from(room).map_or(MAX_CONNECTIONS, |r| r.min(MAX_CONNECTIONS))
}

/// Accepts connections for ever, each served by `router` on a task of its own.
pub async fn accept(listener: TcpListener, router: Router) -> io::Result<()> {
    let cap = capacity();
    let open = Shared::default();
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT)
        .max_header_size(MAX_HEAD)
        .max_buf_size(MAX_HEAD);
    loop {
        if lock(&open).conns.len() >= cap {
            make_room(&open, cap).await;
        }
        match listener.accept().await {
            Ok((stream, _)) => {
                let (conn, tracked) = register(&open, stream);
                tokio::spawn(serve(tracked, conn, router.clone(), http.clone()));
            }
            Err(e) if out_of_descriptors(&e) => {
                let evicted = lock(&open).evict_one();
                let wait = if evicted { 1 } else { 50 };
                tokio::time::sleep(Duration::from_millis(wait)).await;
            }
            // The peer gave up before it was accepted, or the like.
            Err(_) => tokio::task::yield_now().await,
        }
    }
}

/// Closes connections until fewer than `cap` are open, or none can go.
async fn make_room(open: &Shared, cap: usize) {
    for _ in 0..100 {
        if lock(open).conns.len() < cap {
            return;
        }
        if !lock(open).evict_one() {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        // The evicted connection's task closes it when it next runs.
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
}

fn out_of_descriptors(e: &io::Error) -> bool {
    // EMFILE, ENFILE, ENOBUFS, ENOMEM.
    matches!(e.raw_os_error(), Some(24 | 23 | 105 | 12))
}

fn register(open: &Shared, stream: TcpStream) -> (Arc<Conn>, Tracked) {
    let conn = Arc::new(Conn {
        busy: AtomicUsize::new(0),
        socket: AtomicBool::new(false),
        close: Notify::new(),
    });
    let mut o = lock(open);
    let id = o.next;
    o.next += 1;
    o.conns.insert(id, Arc::clone(&conn));
    let tracked = Tracked {
        stream,
        open: Arc::clone(open),
        id,
    };
    (conn, tracked)
}

/// Serves one connection until it ends or is evicted.
async fn serve(io: Tracked, conn: Arc<Conn>, router: Router, http: http1::Builder) {
    let handle = Handle(Arc::clone(&conn));
    let service = hyper::service::service_fn(move |mut request| {
        request.extensions_mut().insert(handle.clone());
        let busy = Busy::start(&handle.0);
        let router = router.clone();
        async move {
            let response = router.oneshot(request).await;
            drop(busy);
            response
        }
    });
    let connection = http
        .serve_connection(TokioIo::new(io), service)
        .with_upgrades();
    tokio::select! {
        _ = connection => {}
        () = conn.close.notified() => {}
    }
}

/// A request in progress on a connection.
struct Busy(Arc<Conn>);

impl Busy {
    fn start(conn: &Arc<Conn>) -> Busy {
        conn.busy.fetch_add(1, Ordering::Relaxed);
        Busy(Arc::clone(conn))
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.busy.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A connection's stream, counted among the open ones until it is dropped
/// (after an upgrade, by the live-reload socket that took it over).
struct Tracked {
    stream: TcpStream,
    open: Shared,
    id: u64,
}

impl Drop for Tracked {
    fn drop(&mut self) {
        lock(&self.open).conns.remove(&self.id);
    }
}

impl AsyncRead for Tracked {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Tracked {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}
