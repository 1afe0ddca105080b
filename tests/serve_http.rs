//! `tilec serve` over loopback, without a browser: a save rebuilds and tells
//! every open page; a broken, deleted or half-written file is a message over
//! the last good site until it is fixed; hostile requests get a 4xx and the
//! server goes on; a game played through the API writes a record that
//! `tilec play` replays. Each test starts its own server and stops it.

#[path = "serve_support/server.rs"]
mod server;

use serde_json::json;
use server::{root, scratch, Live, Server};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(30);

fn lagoon() -> std::path::PathBuf {
    root().join("tests/custom")
}

/// Rewrites `file` of the served directory with `edit` applied.
fn edit(server: &Server, file: &str, edit: impl Fn(String) -> String) {
    let path = server.dir.join(file);
    let text = std::fs::read_to_string(&path).expect("read a tile file");
    std::fs::write(&path, edit(text)).expect("write a tile file");
}

#[test]
fn a_save_rebuilds_and_a_broken_file_shows_over_the_last_good_site() {
    let server = Server::copy(&lagoon(), "save", &[]);
    let page = "/tiles/lagoon/gate.html";
    assert!(server.get(page).text().contains("Harbour gate"));
    edit(&server, "lagoon.tiles", |t| {
        t.replace("\"Harbour gate\"", "\"Harbour arch\"")
    });
    server
        .poll(page, WAIT, |t| t.contains("Harbour arch"))
        .expect("the edit is served");
    edit(&server, "lagoon.tiles", |t| {
        t.replace("road r W E\n  field f1", "road r W N\n  field f1")
    });
    let broken = server
        .poll(page, WAIT, |t| t.contains("tilec-overlay"))
        .expect("the error is shown");
    assert!(
        broken.contains("Harbour arch"),
        "the last good page stays under it"
    );
    assert!(
        broken.contains("mytiles/lagoon.tiles:13:"),
        "file:line:col as the CLI says it"
    );
    assert!(
        broken.contains("error[E") && broken.contains("hint"),
        "{broken}"
    );
    edit(&server, "lagoon.tiles", |t| {
        t.replace("road r W N\n  field f1", "road r W E\n  field f1")
    });
    server
        .poll(page, WAIT, |t| !t.contains("tilec-overlay"))
        .expect("the fix brings the site back");
}

#[test]
fn every_open_page_hears_of_every_build() {
    let server = Server::copy(&lagoon(), "tabs", &[]);
    let mut pages: Vec<Live> = (0..24).map(|_| Live::connect(&server.addr)).collect();
    let first: Vec<u64> = pages
        .iter_mut()
        .map(|p| p.next().expect("a generation"))
        .collect();
    assert!(first.iter().all(|&g| g == first[0]));
    // Plain requests meanwhile, from several threads at once.
    let addr = server.addr.clone();
    let getters: Vec<_> = (0..16)
        .map(|_| {
            let addr = addr.clone();
            std::thread::spawn(move || {
                let req = format!(
                    "GET /index.html HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
                );
                server::raw(&addr, req.as_bytes()).status
            })
        })
        .collect();
    edit(&server, "lagoon.tiles", |t| {
        t.replace("\"Sea fort\"", "\"Sea tower\"")
    });
    // One save is one build, or two when the file was caught half-written.
    for page in &mut pages {
        assert!(
            page.next().is_some_and(|g| g > first[0]),
            "each page is told"
        );
    }
    for g in getters {
        assert_eq!(g.join().expect("a thread"), 200);
    }
}

#[test]
fn deleted_half_written_and_replaced_files_are_messages_until_fixed() {
    let server = Server::copy(&lagoon(), "files", &[]);
    let page = "/sets/lagoon.html";
    let whole = std::fs::read(server.dir.join("lagoon.tiles")).expect("the tiles");
    std::fs::remove_file(server.dir.join("lagoon.tiles")).expect("delete");
    let gone = server
        .poll(page, WAIT, |t| t.contains("tilec-overlay"))
        .expect("a message");
    assert!(gone.contains("no .tiles files"), "{gone}");
    // Half a file, as an editor that writes in two steps leaves it between them.
    std::fs::write(server.dir.join("lagoon.tiles"), &whole[..whole.len() / 2]).expect("write half");
    let half = server
        .poll(page, WAIT, |t| {
            t.contains("tilec-overlay") && t.contains("lagoon.tiles:")
        })
        .expect("a diagnostic");
    assert!(half.contains("error["), "{half}");
    std::fs::write(server.dir.join("lagoon.tiles"), &whole).expect("write all");
    server
        .poll(page, WAIT, |t| !t.contains("tilec-overlay"))
        .expect("back");
    // Not UTF-8.
    std::fs::write(server.dir.join("lagoon.tiles"), b"tile \xff\xfe").expect("write");
    server
        .poll(page, WAIT, |t| t.contains("E00"))
        .expect("a diagnostic for bad bytes");
    // Saved by writing a copy and renaming it over the file.
    let tmp = server.dir.join("lagoon.tiles.tmp");
    std::fs::write(&tmp, &whole).expect("write a copy");
    std::fs::rename(&tmp, server.dir.join("lagoon.tiles")).expect("rename");
    server
        .poll(page, WAIT, |t| !t.contains("tilec-overlay"))
        .expect("back after a rename");
}

#[test]
fn the_directory_removed_and_made_again_is_served_again() {
    let server = Server::copy(&lagoon(), "dir", &[]);
    let saved = server::copy_of(&server.dir, "dir-saved");
    std::fs::remove_dir_all(&server.dir).expect("remove the directory");
    server
        .poll("/index.html", WAIT, |t| t.contains("tilec-overlay"))
        .expect("a message");
    std::fs::create_dir_all(&server.dir).expect("make it again");
    for name in ["lagoon.tiles", "sets.toml"] {
        std::fs::copy(saved.join(name), server.dir.join(name)).expect("copy back");
    }
    server
        .poll("/index.html", WAIT, |t| !t.contains("tilec-overlay"))
        .expect("served again");
    let _ = std::fs::remove_dir_all(saved.parent().expect("the scratch directory"));
}

#[test]
fn hostile_requests_get_a_4xx_and_the_server_goes_on() {
    let mut server = Server::on(&lagoon(), &[]);
    for path in [
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/sets/..%2f..%2fCargo.toml",
        "/a\\..\\b",
        "/%00",
        "/%zz",
    ] {
        let req = format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            server.addr
        );
        let a = server.raw(req.as_bytes());
        assert!((400..500).contains(&a.status), "{path}: {}", a.status);
        assert!(
            !a.text().contains("[package]"),
            "{path} reached a file outside the site"
        );
    }
    assert_eq!(server.post("/index.html", b"x").status, 405);
    let huge = vec![b'{'; 3 << 20];
    assert_eq!(server.post("/play/api/games", &huge).status, 413);
    let (status, body) = server.post_json("/play/api/games", &json!({"sets": "base"}));
    assert_eq!(status, 400);
    assert!(
        body["error"]
            .as_str()
            .is_some_and(|e| e.contains("bad request body")),
        "{body}"
    );
    assert_eq!(server.post("/play/api/games", b"\xff\xfe").status, 400);
    assert_eq!(server.get("/play/api/games/nope").status, 404);
    assert_eq!(server.get("/play/api/records/nope/x").status, 400);
    assert_eq!(server.get("/play/img/nope/0-0.png").status, 404);
    assert_eq!(server.raw(b"NONSENSE\r\n\r\n").status, 400);
    let cookie = "x".repeat(100 << 10);
    let a = server.request("GET", "/index.html", &[("Cookie", &cookie)], b"");
    assert_eq!(a.status, 431, "a head over 64 KiB");
    assert_eq!(server.get("/index.html").status, 200, "still serving");
    assert!(server.alive());
}

/// The ids of one server's games differ only by a count: `id` with its
/// count one more.
fn next_id(id: &str) -> String {
    let (salt, count) = id.split_at(id.len() - 1);
    format!("{salt}{}", count.parse::<u64>().expect("a count digit") + 1)
}

#[test]
fn foreign_hosts_and_pages_are_refused_and_change_nothing() {
    let server = Server::on(&lagoon(), &[]);
    let own = format!("http://{}", server.addr);
    let json = ("Content-Type", "application/json");
    let seats = json!([{"name": "red", "player": "person"}, {"name": "blue", "player": "person"}]);
    let new_game = json!({"sets": ["lagoon"], "seats": seats, "seed": 7}).to_string();
    let page = [("Origin", own.as_str()), json];
    let a = server.request("POST", "/play/api/games", &page, new_game.as_bytes());
    assert_eq!(a.status, 200, "{}", a.text());
    let first: serde_json::Value = serde_json::from_slice(&a.body).expect("a view");
    let id = first["id"].as_str().expect("an id").to_string();
    // A foreign name (DNS rebinding): neither read nor changed, and told how
    // to allow it.
    for host in ["evil.example", "attacker.test:80", "localhost.evil.example"] {
        let a = server.request("GET", "/", &[("Host", host)], b"");
        assert_eq!(a.status, 421, "{host}");
        assert!(a.text().contains("--allow-host"), "{}", a.text());
        let a = server.request(
            "POST",
            "/play/api/games",
            &[("Host", host), json],
            new_game.as_bytes(),
        );
        assert_eq!(a.status, 421, "{host}");
    }
    // Foreign pages: another Origin, `null`, a cross-site fetch, or a body
    // that is not JSON (a form, `text/plain`), none of which asks first.
    let mv = json!({"move": first["places"][0]["r"][0]["move"]}).to_string();
    let moves = format!("/play/api/games/{id}/move");
    let foreign: [&[(&str, &str)]; 7] = [
        &[("Origin", "http://evil.example"), json],
        &[("Origin", "null"), json],
        &[("Sec-Fetch-Site", "cross-site"), json],
        &[
            ("Sec-Fetch-Site", "same-site"),
            ("Origin", "http://localhost:3000"),
            json,
        ],
        &[("Origin", own.as_str()), ("Content-Type", "text/plain")],
        &[("Content-Type", "application/x-www-form-urlencoded")],
        &[],
    ];
    for headers in foreign {
        for (path, body) in [
            ("/play/api/games", &new_game),
            (moves.as_str(), &mv),
            ("/play/api/records", &"{\"record\": \"\"}".to_string()),
            (&format!("/play/api/games/{id}/bot"), &"null".to_string()),
        ] {
            let a = server.request("POST", path, headers, body.as_bytes());
            assert_eq!(a.status, 403, "{path} {headers:?}: {}", a.text());
            assert!(a.text().starts_with("refused: "), "{}", a.text());
        }
    }
    let now = server.get(&format!("/play/api/games/{id}"));
    let now: serde_json::Value = serde_json::from_slice(&now.body).expect("a view");
    assert_eq!(now["turn"], first["turn"], "the game did not move");
    assert_eq!(now["tiles"], first["tiles"]);
    // The page's own requests still work, and no game was made meanwhile.
    let a = server.request("POST", &moves, &page, mv.as_bytes());
    assert_eq!(a.status, 200, "{}", a.text());
    let fetch = [("Sec-Fetch-Site", "same-origin"), json];
    let a = server.request("POST", "/play/api/games", &fetch, new_game.as_bytes());
    let second: serde_json::Value = serde_json::from_slice(&a.body).expect("a view");
    assert_eq!(second["id"].as_str(), Some(next_id(&id).as_str()));
    // The live-reload socket: not for a foreign page, nor a foreign name.
    let upgrade = |headers: &[(&str, &str)]| {
        let mut all = vec![
            ("Upgrade", "websocket"),
            ("Connection", "Upgrade"),
            ("Sec-WebSocket-Version", "13"),
            ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
        ];
        all.extend_from_slice(headers);
        server.request("GET", "/__tilec/live", &all, b"").status
    };
    assert_eq!(upgrade(&[("Origin", "http://evil.example")]), 403);
    assert_eq!(upgrade(&[("Host", "evil.example")]), 421);
    let mut live = Live::open(&server.addr, Some(&own)).expect("the page's own socket");
    assert!(live.next().is_some(), "a generation");
}

#[test]
fn allow_host_lets_a_name_of_ones_own_in() {
    let server = Server::on(
        &lagoon(),
        &["--allow-host", "Tiles.Test", "--allow-host", ".tunnel.test"],
    );
    for host in ["tiles.test", "tiles.test:8080", "a.tunnel.test"] {
        let a = server.request("GET", "/", &[("Host", host)], b"");
        assert_eq!(a.status, 200, "{host}");
    }
    let origin = "http://tiles.test:8080";
    let headers = [
        ("Host", "tiles.test:8080"),
        ("Origin", origin),
        ("Content-Type", "application/json"),
    ];
    let a = server.request("POST", "/play/api/games", &headers, b"{}");
    assert_eq!(
        a.status,
        400,
        "past the guard, to the game's own checks: {}",
        a.text()
    );
    let a = server.request("GET", "/", &[("Host", "other.test")], b"");
    assert_eq!(a.status, 421);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tilec"))
        .args(["serve", "--port", "0", "--allow-host", "evil.example:80"])
        .output()
        .expect("run tilec");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("`evil.example:80` is not a host name"),
        "{err}"
    );
}

#[test]
fn a_bot_game_through_the_api_writes_a_record_tilec_play_replays() {
    let server = Server::on(&lagoon(), &[]);
    let seats =
        json!([{"name": "red", "player": "random"}, {"name": "blue", "player": "monte-carlo"}]);
    let (status, mut view) = server.post_json(
        "/play/api/games",
        &json!({"sets": ["lagoon"], "seats": seats}),
    );
    assert_eq!(status, 200, "{view}");
    let id = view["id"].as_str().expect("an id").to_string();
    let bot = format!("/play/api/games/{id}/bot");
    for _ in 0..200 {
        if view["over"] == true {
            break;
        }
        let (status, next) = server.post_json(&bot, &json!(null));
        assert_eq!(status, 200, "{next}");
        view = next;
    }
    assert_eq!(view["over"], true);
    let (status, refused) = server.post_json(
        &format!("/play/api/games/{id}/move"),
        &json!({"move": "pass"}),
    );
    assert_eq!(
        (status, refused["error"].as_str()),
        (422, Some("the game is over"))
    );
    let record = server.get(&format!("/play/api/games/{id}/record"));
    assert_eq!(record.status, 200);
    assert!(record
        .header("content-disposition")
        .is_some_and(|d| d.contains("attachment")));
    let file = server::scratch("record").join("game.toml");
    std::fs::write(&file, &record.body).expect("write the record");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tilec"))
        .args(["play", "--json", "--tiles"])
        .arg(lagoon())
        .arg(&file)
        .output()
        .expect("run tilec play");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let replayed: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let scores = |players: &serde_json::Value| -> Vec<i64> {
        players
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["score"].as_i64().unwrap())
            .collect()
    };
    assert_eq!(scores(&replayed["players"]), scores(&view["players"]));
}

#[test]
fn a_busy_port_or_a_missing_directory_is_refused_at_once() {
    let busy = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let port = busy.local_addr().expect("its address").port().to_string();
    let tilec = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_tilec"))
            .args(args)
            .current_dir(root())
            .output()
            .expect("run tilec")
    };
    let out = tilec(&["serve", "--tiles", "tests/custom", "--port", &port]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot listen on 127.0.0.1:") && err.contains("--port 0"),
        "{err}"
    );
    let out = tilec(&["serve", "--tiles", "no/such/dir", "--port", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not a directory of tiles"));
}

#[test]
fn scanning_instead_of_notifications_sees_a_save_too() {
    let server = Server::copy(&lagoon(), "poll", &["--poll"]);
    edit(&server, "lagoon.tiles", |t| {
        t.replace("\"Lonely shrine\"", "\"Quiet shrine\"")
    });
    server
        .poll("/sets/lagoon.html", WAIT, |t| t.contains("Quiet shrine"))
        .expect("the edit is served");
}

/// `--open` runs the system's opener (`xdg-open` here) on the served URL; a
/// missing opener is a warning and the server goes on.
#[cfg(target_os = "linux")]
#[test]
fn open_hands_the_url_to_the_systems_opener() {
    use std::os::unix::fs::PermissionsExt;
    let bin = scratch("open").join("bin");
    std::fs::create_dir_all(&bin).expect("a bin directory");
    let opener = bin.join("xdg-open");
    let opened = bin.join("opened");
    std::fs::write(&opener, "#!/bin/sh\necho \"$1\" > \"$(dirname \"$0\")/opened.tmp\"\nmv \"$(dirname \"$0\")/opened.tmp\" \"$(dirname \"$0\")/opened\"\n")
        .expect("write the opener");
    std::fs::set_permissions(&opener, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let mut path = std::ffi::OsString::from(bin.as_os_str());
    path.push(":");
    path.push(std::env::var_os("PATH").unwrap_or_default());
    let server = Server::on_with_env(&lagoon(), &["--open"], &[("PATH", &path)]);
    let end = std::time::Instant::now() + WAIT;
    while !opened.exists() && std::time::Instant::now() < end {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let url = std::fs::read_to_string(&opened).expect("the opener ran");
    assert_eq!(url.trim(), server.url("/"));
    drop(server);
    // No opener on PATH: a warning naming the URL, and the site is served.
    let empty = scratch("open-none");
    let server = Server::on_with_env(&lagoon(), &["--open"], &[("PATH", empty.as_os_str())]);
    let warns = |l: &str| l.starts_with("warning: cannot open a browser");
    let warning = match server.early.iter().find(|l| warns(l)) {
        Some(l) => l.clone(),
        None => server.wait_line(warns, WAIT).expect("a warning"),
    };
    assert!(warning.contains(&server.url("/")), "{warning}");
    assert!(server.get("/").status == 200);
}
