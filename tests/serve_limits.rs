//! What a page, or a script, can make `tilec serve` hold, and how long: the
//! floods of the issue that found the server unbounded, each against a
//! server of its own over loopback, with its memory read from
//! `/proc/PID/status` (VmRSS, VmHWM) and every loop bounded.
#![cfg(target_os = "linux")]

#[path = "serve_support/server.rs"]
mod server;

use serde_json::json;
use server::{root, Live, Server};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

fn lagoon() -> std::path::PathBuf {
    root().join("tests/custom")
}

/// A WebSocket frame header from a client: `opcode`, FIN when `last`, a
/// masked payload of `len` bytes announced.
fn frame_head(opcode: u8, last: bool, len: u64) -> Vec<u8> {
    let mut head = vec![opcode | if last { 0x80 } else { 0 }, 0x80 | 127];
    head.extend_from_slice(&len.to_be_bytes());
    head.extend_from_slice(&[1, 2, 3, 4]); // the mask
    head
}

#[test]
fn a_live_reload_socket_that_sends_a_huge_message_is_closed() {
    let server = Server::on(&lagoon(), &[]);
    let (_, before) = server.memory();
    // Eight pages each sending a message of 60 MiB in 512 KiB frames that
    // never ends (the library's defaults took 16 MiB frames, 64 MiB
    // messages: the issue saw the server grow by 481 MiB).
    let chunk = vec![0u8; 64 << 10];
    let mut sent = Vec::new();
    for _ in 0..8 {
        let mut live = Live::connect(&server.addr);
        let stream = live.stream();
        stream
            .set_write_timeout(Some(Duration::from_secs(5)))
            .expect("timeout");
        let mut bytes = 0u64;
        'frames: for frame in 0..120u64 {
            let head = frame_head(if frame == 0 { 0x2 } else { 0x0 }, false, 512 << 10);
            if stream.write_all(&head).is_err() {
                break;
            }
            for _ in 0..8 {
                match stream.write_all(&chunk) {
                    Ok(()) => bytes += chunk.len() as u64,
                    Err(_) => break 'frames,
                }
            }
        }
        sent.push(bytes >> 20);
    }
    let (_, after) = server.memory();
    eprintln!("peak {before} -> {after} KiB; MiB each socket took before it was closed: {sent:?}");
    assert!(
        sent.iter().all(|&mib| mib < 60),
        "the server took a whole message: MiB sent per socket {sent:?}"
    );
    assert!(
        after < before + (16 << 10),
        "the server grew from {before} to {after} KiB at its peak"
    );
    assert_eq!(server.get("/index.html").status, 200, "still serving");
}

#[test]
fn loaded_records_are_kept_as_moves_within_a_cap() {
    let server = Server::on(&root().join("tiles"), &[]);
    // A long game: six players, every shipped set.
    let dir = server::scratch("records-flood");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tilec"))
        .args([
            "simulate",
            "--sets",
            "base,river,anniversary,festival,promos,mm",
        ])
        .args([
            "--players",
            "6",
            "--games",
            "1",
            "--figure-rate",
            "1",
            "--seed",
            "5",
        ])
        .arg("--records")
        .arg(&dir)
        .output()
        .expect("tilec simulate");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let record = std::fs::read_to_string(dir.join("game-1.toml")).expect("a record");
    let turns = record.matches("[[turn]]").count();
    assert!(turns > 100, "{turns} turns");
    let body = json!({ "record": record });
    let load = || {
        let (status, view) = server.post_json("/play/api/records", &body);
        assert_eq!(status, 200, "{view}");
        view
    };
    // Once to warm the server (pictures, catalogs), then past the session cap.
    let view = load();
    assert_eq!(view["steps"].as_u64(), Some(turns as u64 + 2));
    let (start, _) = server.memory();
    for _ in 0..100 {
        load();
    }
    let (full, _) = server.memory();
    // Every step is still there, played on from the moves.
    let last = load();
    let id = last["id"].as_str().expect("an id");
    for step in [turns, 3, turns / 2, 0, turns + 1] {
        let a = server.get(&format!("/play/api/records/{id}/{step}"));
        let v: serde_json::Value = serde_json::from_slice(&a.body).expect("a view");
        assert_eq!(v["step"].as_u64(), Some(step as u64));
        let tiles = v["tiles"].as_array().map(Vec::len);
        assert_eq!(tiles, Some(step.min(turns) + 1), "step {step}");
    }
    let grown = full.saturating_sub(start);
    eprintln!("{turns}-turn record loaded 101 times: resident {start} -> {full} KiB");
    assert!(
        grown < 32 << 10,
        "101 loads of a {}-turn record grew the server by {grown} KiB",
        turns
    );
    let _ = std::fs::remove_dir_all(dir.parent().expect("scratch"));
}

#[test]
fn slow_heads_and_bodies_time_out() {
    let server = Server::on(&lagoon(), &[]);
    let connect = || {
        let s = TcpStream::connect(&server.addr).expect("connect");
        s.set_read_timeout(Some(Duration::from_secs(30)))
            .expect("timeout");
        s
    };
    // Half a head, never finished.
    let mut head = connect();
    head.write_all(b"GET / HTTP/1.1\r\nHost: ").expect("write");
    // A whole head announcing a body of 100 bytes, then 10 of them.
    let mut body = connect();
    let req = format!(
        "POST /play/api/games HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"sets\": ",
        server.addr
    );
    body.write_all(req.as_bytes()).expect("write");
    let start = Instant::now();
    let mut answer = Vec::new();
    let _ = head.read_to_end(&mut answer);
    let waited = start.elapsed();
    eprintln!("a half head was closed after {waited:?}");
    assert!(
        waited < Duration::from_secs(25),
        "the half head was kept {waited:?}"
    );
    let mut answer = String::new();
    let _ = body.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("did not arrive within 10 s"), "{answer}");
}

#[test]
fn bodies_wait_for_room_and_are_turned_away_when_none_comes() {
    let server = Server::on(&lagoon(), &[]);
    // Bodies of 2 MiB announced, none sent: the first eight fill the room
    // for all bodies (16 MiB) until they time out after 10 s; eight more,
    // a second later, wait and then take it; the last, two seconds later,
    // finds no room within its 10 s and is told to come back.
    let announce = || {
        let mut s = TcpStream::connect(&server.addr).expect("connect");
        s.set_read_timeout(Some(Duration::from_secs(40)))
            .expect("timeout");
        let head = format!(
            "POST /play/api/records HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            server.addr,
            2 << 20
        );
        s.write_all(head.as_bytes()).expect("write");
        s
    };
    let first: Vec<TcpStream> = (0..8).map(|_| announce()).collect();
    std::thread::sleep(Duration::from_secs(1));
    let second: Vec<TcpStream> = (0..8).map(|_| announce()).collect();
    std::thread::sleep(Duration::from_secs(1));
    let last = announce();
    let answer = |mut s: TcpStream| {
        let mut text = String::new();
        let _ = s.read_to_string(&mut text);
        text
    };
    let last = answer(last);
    assert!(last.starts_with("HTTP/1.1 503"), "{last}");
    assert!(
        last.contains("the server is busy reading other requests"),
        "{last}"
    );
    for s in first.into_iter().chain(second) {
        let text = answer(s);
        assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    }
}

#[test]
fn running_out_of_file_descriptors_does_not_stop_the_site() {
    // 128 files for the server; three times as many idle connections, each
    // a head half sent, as the 1,100 against 1,024.
    let mut server = Server::with_files(&lagoon(), 128);
    let mut idle = Vec::new();
    let addr = server.addr.parse().expect("an address");
    for _ in 0..384 {
        let Ok(mut s) = TcpStream::connect_timeout(&addr, Duration::from_secs(2)) else {
            break;
        };
        let _ = s.write_all(b"GET / HTTP/1.1\r\nHost: ");
        idle.push(s);
    }
    assert!(idle.len() >= 200, "{} connections made", idle.len());
    let start = Instant::now();
    let answer = server.get("/index.html");
    assert_eq!(answer.status, 200, "the page is served");
    eprintln!(
        "{} idle connections, a page served in {:?}",
        idle.len(),
        start.elapsed()
    );
    assert!(
        start.elapsed() < Duration::from_secs(8),
        "served only after {:?} (the idle ones were waited out)",
        start.elapsed()
    );
    // The play API too, and the server is still up.
    assert_eq!(server.get("/play/api/sets").status, 200);
    assert!(server.alive());
}
