//! The HTTP layer (axum on a one-thread tokio runtime): routes, and handlers
//! that only move bytes between a request and the core ([`super::site`],
//! [`super::play`]). The play requests run on tokio's blocking pool, so a bot
//! thinking or a picture being drawn never holds up a page or a reload.
//!
//! Every request passes [`super::guard`] first (who may ask). Bodies are
//! capped at [`MAX_BODY`] (413 beyond); a body that is not the
//! JSON asked for is a 400 naming the problem; the engine's refusals are 422
//! with its message; nothing here panics on a request.

use super::guard::{self, Policy};
use super::play::{self, Failure};
use super::State;
use axum::body::Bytes;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Path, State as Shared};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::middleware;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::Router;
use std::sync::Arc;
use std::time::Duration;

/// The largest request body (a game record of a long game is a few tens of KiB).
pub const MAX_BODY: usize = 1 << 20;

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
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        axum::serve(listener, router(state, policy)).await
    })
}

/// Every route, behind the guard.
pub fn router(state: Arc<State>, policy: Policy) -> Router {
    routes(state).layer(middleware::from_fn_with_state(
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

/// The live-reload channel: the site's generation now, then after each build.
async fn live(Shared(state): St, ws: WebSocketUpgrade) -> Response {
    let changes = state.live.subscribe();
    ws.on_upgrade(move |socket| tell(socket, changes))
}

async fn tell(mut socket: WebSocket, mut changes: tokio::sync::watch::Receiver<u64>) {
    let mut generation = *changes.borrow_and_update();
    loop {
        let text = generation.to_string();
        if socket.send(Message::Text(text.into())).await.is_err() {
            return;
        }
        tokio::select! {
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
