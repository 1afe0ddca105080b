//! The HTTP layer (axum on a one-thread tokio runtime): routes, and handlers
//! that only move bytes between a request and the core ([`super::site`],
//! [`super::play`]). The play requests run on tokio's blocking pool, so a bot
//! thinking or a picture being drawn never holds up a page or a reload.
//!
//! Every request passes [`super::guard`] first (who may ask), then has its
//! body read whole within [`BODY_TIMEOUT`] (408 beyond), at most
//! [`MAX_BODY`] bytes (413 beyond) and [`BODIES_IN_FLIGHT`] bytes for all
//! requests together (503 when they would not fit in time). A body that is
//! not the JSON asked for is a 400 naming the problem; the engine's
//! refusals are 422 with its message; nothing here panics on a request.

use super::conn::{self, Handle};
use super::guard::{self, Policy};
use super::play::{self, Failure};
use super::State;
use axum::body::{Body, Bytes};
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Extension, Path, Request, State as Shared};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::Router;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// The largest request body: a game record at its limit
/// ([`tilec::record::MAX_RECORD_BYTES`]) written as a JSON string.
pub const MAX_BODY: usize = 2 * tilec::record::MAX_RECORD_BYTES;

/// The time a request body may take to arrive.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// The bytes of request bodies held at once, all requests together.
pub const BODIES_IN_FLIGHT: usize = 8 * MAX_BODY;

/// The largest message a page may send on the live-reload socket (a page
/// sends none; a close or a pong is a few bytes).
pub const MAX_SOCKET_MESSAGE: usize = 1 << 10;

/// Threads of the pool that runs the play requests (moves, bots, records,
/// pictures).
pub const PLAY_THREADS: usize = 8;

type St = Shared<Arc<State>>;

/// Serves on `listener` until the process ends, answering as `policy` says.
pub fn serve(
    listener: std::net::TcpListener,
    state: Arc<State>,
    policy: Policy,
) -> std::io::Result<()> {
    listener.set_nonblocking(true)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .max_blocking_threads(PLAY_THREADS)
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        conn::accept(listener, router(state, policy)).await
    })
}

/// Every route, behind the guard and the body reader.
pub fn router(state: Arc<State>, policy: Policy) -> Router {
    let budget = Arc::new(Semaphore::new(BODIES_IN_FLIGHT));
    routes(state)
        .layer(middleware::from_fn_with_state(budget, read_body))
        .layer(middleware::from_fn_with_state(
            Arc::new(policy),
            guard::check,
        ))
}

fn routes(state: Arc<State>) -> Router {
    Router::new()
        .route("/__tilec/live", get(live))
        .route("/__tilec/live.js", get(|| asset("live.js")))
        .route("/__tilec/live.css", get(|| asset("live.css")))
        .route("/play", get(|| async { Redirect::permanent("/play/") }))
        .route("/play/", get(|| asset("play.html")))
        .route("/play/play.js", get(|| asset("play.js")))
        .route("/play/play.css", get(|| asset("play.css")))
        .route("/play/api/sets", get(sets))
        .route("/play/api/games", post(create))
        .route("/play/api/games/{id}", get(view))
        .route("/play/api/games/{id}/move", post(play_move))
        .route("/play/api/games/{id}/bot", post(bot))
        .route("/play/api/games/{id}/record", get(record))
        .route("/play/api/records", post(load))
        .route("/play/api/records/{id}/{step}", get(step))
        .route("/play/img/{id}/{file}", get(image))
        .fallback(site)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(state)
}

async fn asset(name: &str) -> Response {
    let body: &'static str = match name {
        "live.js" => include_str!("assets/live.js"),
        "live.css" => include_str!("assets/live.css"),
        "play.html" => include_str!("assets/play.html"),
        "play.js" => include_str!("assets/play.js"),
        _ => include_str!("assets/play.css"),
    };
    let kind = super::site::content_type(name);
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// A page or file of the site (GET and HEAD only).
async fn site(Shared(state): St, method: Method, uri: Uri, headers: HeaderMap) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return reply(
            405,
            "text/plain; charset=utf-8",
            b"only GET and HEAD here".to_vec(),
        );
    }
    let tag = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok());
    let r = state.site().get(uri.path(), tag);
    let mut response = reply(r.status, r.kind, r.body);
    if let Some(etag) = r.etag.and_then(|e| HeaderValue::from_str(&e).ok()) {
        response.headers_mut().insert(header::ETAG, etag);
    }
    response
}

fn reply(status: u16, kind: &'static str, body: Vec<u8>) -> Response {
    let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    (
        status,
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// Reads a request's body whole (within the time, the size and the budget
/// of all bodies) before it is routed, so that no handler waits on a slow
/// sender; GET and HEAD bodies are not read.
async fn read_body(
    Shared(budget): Shared<Arc<Semaphore>>,
    request: Request,
    next: Next,
) -> Response {
    if request.method() == Method::GET || request.method() == Method::HEAD {
        return next.run(request).await;
    }
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    let too_large = || {
        let message = format!(
            "a request body holds at most {}",
            tilec::limits::size(MAX_BODY as u64)
        );
        failure(Failure::new(413, message))
    };
    let want = match declared {
        Some(n) if n > MAX_BODY as u64 => return too_large(),
        Some(n) => n as u32,
        None => MAX_BODY as u32,
    };
    let permit = tokio::time::timeout(BODY_TIMEOUT, budget.acquire_many_owned(want)).await;
    let Ok(Ok(permit)) = permit else {
        return failure(Failure::new(
            503,
            "the server is busy reading other requests; try again",
        ));
    };
    let (parts, body) = request.into_parts();
    let bytes = match tokio::time::timeout(BODY_TIMEOUT, axum::body::to_bytes(body, MAX_BODY)).await
    {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(_)) => return too_large(),
        Err(_) => {
            let secs = BODY_TIMEOUT.as_secs();
            return failure(Failure::new(
                408,
                format!("the request body did not arrive within {secs} s"),
            ));
        }
    };
    let response = next
        .run(Request::from_parts(parts, Body::from(bytes)))
        .await;
    drop(permit);
    response
}

/// The live-reload channel: the site's generation now, then after each
/// build. Messages from the page are capped at [`MAX_SOCKET_MESSAGE`] (the
/// socket is closed beyond) and buffers kept small: many pages may be open.
async fn live(
    Shared(state): St,
    Extension(conn): Extension<Handle>,
    ws: WebSocketUpgrade,
) -> Response {
    let changes = state.live.subscribe();
    conn.became_socket();
    ws.max_message_size(MAX_SOCKET_MESSAGE)
        .max_frame_size(MAX_SOCKET_MESSAGE)
        .read_buffer_size(4 << 10)
        .write_buffer_size(0)
        .max_write_buffer_size(64 << 10)
        .on_upgrade(move |socket| tell(socket, changes, conn))
}

async fn tell(mut socket: WebSocket, mut changes: tokio::sync::watch::Receiver<u64>, conn: Handle) {
    let mut generation = *changes.borrow_and_update();
    loop {
        let text = generation.to_string();
        if socket.send(Message::Text(text.into())).await.is_err() {
            return;
        }
        tokio::select! {
            // Closed for a newer connection when the server is full.
            () = conn.evicted() => return,
            changed = changes.changed() => match changed {
                Ok(()) => generation = *changes.borrow_and_update(),
                Err(_) => return,
            },
            // A page sends nothing: anything but a close (or an error) is ignored.
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return,
                Some(Ok(_)) => {}
            },
            // Idle connections get a ping now and then, so that a dead one is noticed.
            () = tokio::time::sleep(Duration::from_secs(30)) => {
                if socket.send(Message::Ping(Bytes::new())).await.is_err() {
                    return;
                }
            }
        }
    }
}

/// Runs a play request on the blocking pool; its JSON or its failure.
async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, Failure> + Send + 'static,
) -> Result<T, Failure> {
    match tokio::task::spawn_blocking(f).await {
        Ok(result) => result,
        Err(_) => Err(Failure::new(
            500,
            "internal error while handling the request",
        )),
    }
}

fn json(result: Result<serde_json::Value, Failure>) -> Response {
    match result {
        Ok(v) => reply(200, "application/json", v.to_string().into_bytes()),
        Err(f) => failure(f),
    }
}

fn failure(f: Failure) -> Response {
    let body = serde_json::json!({ "error": f.message }).to_string();
    reply(f.status, "application/json", body.into_bytes())
}

async fn sets(Shared(state): St) -> Response {
    json(Ok(play::sets(&state.site().available)))
}

async fn create(Shared(state): St, body: Bytes) -> Response {
    let available = state.site().available;
    json(blocking(move || state.games.create(&body, &available)).await)
}

async fn load(Shared(state): St, body: Bytes) -> Response {
    let available = state.site().available;
    json(blocking(move || state.games.load(&body, &available)).await)
}

async fn view(Shared(state): St, Path(id): Path<String>) -> Response {
    json(blocking(move || state.games.view(&id, 0)).await)
}

async fn step(Shared(state): St, Path((id, step)): Path<(String, usize)>) -> Response {
    json(blocking(move || state.games.view(&id, step)).await)
}

async fn play_move(Shared(state): St, Path(id): Path<String>, body: Bytes) -> Response {
    json(blocking(move || state.games.play(&id, &body)).await)
}

async fn bot(Shared(state): St, Path(id): Path<String>) -> Response {
    json(blocking(move || state.games.bot(&id)).await)
}

async fn record(Shared(state): St, Path(id): Path<String>) -> Response {
    match blocking(move || state.games.record(&id)).await {
        Ok(text) => {
            let headers = [
                (header::CONTENT_TYPE, "application/toml; charset=utf-8"),
                (
                    header::CONTENT_DISPOSITION,
                    "attachment; filename=\"game.toml\"",
                ),
            ];
            (headers, text).into_response()
        }
        Err(f) => failure(f),
    }
}

async fn image(Shared(state): St, Path((id, file)): Path<(String, String)>) -> Response {
    let png = blocking(move || state.games.image(&id, &file, &state.pictures)).await;
    match png {
        Ok(bytes) => reply(200, "image/png", bytes),
        Err(f) => failure(f),
    }
}
