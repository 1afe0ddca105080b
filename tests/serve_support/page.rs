//! The Play page and the served site as the browser tests use them: waiting
//! for the page to draw, playing a game by clicks, reading scores, the
//! downloaded record replayed by `tilec play`, screenshots, edits.
#![allow(dead_code)]

use super::cdp::{Browser, Tab};
use super::server::{self, root, Server};
use serde_json::Value;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How long a page may take for anything.
pub const WAIT: Duration = Duration::from_secs(30);

/// The screenshots the README shows.
const README_SHOTS: [&str; 3] = ["play-place.png", "play-figure.png", "serve-error.png"];

/// A screenshot of `tab` into `target/serve-screens/NAME` (and, for the
/// README's, into `$TILEC_SCREENSHOTS/NAME` when that is set).
pub fn screenshot(browser: &mut Browser, tab: &Tab, name: &str) {
    let mut paths = vec![root().join("target/serve-screens").join(name)];
    if let Some(dir) =
        std::env::var_os("TILEC_SCREENSHOTS").filter(|_| README_SHOTS.contains(&name))
    {
        paths.push(root().join(PathBuf::from(dir)).join(name));
    }
    for path in paths {
        browser.screenshot(tab, &path);
        eprintln!("screenshot: {}", path.display());
    }
}

/// Replaces the first `from` of `dir/file` with `to`.
pub fn edit(dir: &std::path::Path, file: &str, from: &str, to: &str) {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(text.contains(from), "{from} not in {file}");
    std::fs::write(&path, text.replacen(from, to, 1)).expect("write");
}

/// Waits until the Play page drew a view after `drawn` views; its state.
pub fn next_view(browser: &mut Browser, tab: &Tab, drawn: &mut u64) -> String {
    let script =
        format!("window.tilecTimings.render.length > {drawn} && document.body.dataset.state");
    let (state, _) = browser
        .wait(tab, &script, WAIT)
        .expect("the page draws the answer");
    *drawn = browser
        .eval(tab, "window.tilecTimings.render.length")
        .as_u64()
        .unwrap_or(0);
    state.as_str().unwrap_or_default().to_string()
}

/// The scores in the players' table.
pub fn scores(browser: &mut Browser, tab: &Tab) -> Vec<i64> {
    let v = browser.eval(
        tab,
        "[...document.querySelectorAll('#players td.score')].map(td => Number(td.textContent))",
    );
    v.as_array()
        .expect("scores")
        .iter()
        .filter_map(Value::as_i64)
        .collect()
}

/// The game's record as the page's download link gives it, replayed by
/// `tilec play`: its scores.
pub fn replayed(browser: &mut Browser, tab: &Tab, name: &str) -> (PathBuf, Vec<i64>) {
    let text = browser.eval(
        tab,
        "fetch(document.getElementById('download').href).then(r => r.text())",
    );
    let file = server::scratch(name).join("game.toml");
    std::fs::write(&file, text.as_str().expect("the record")).expect("write it");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tilec"))
        .arg("play")
        .arg("--json")
        .arg(&file)
        .output()
        .expect("tilec play");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let scores = v["players"]
        .as_array()
        .expect("players")
        .iter()
        .filter_map(|p| p["score"].as_i64())
        .collect();
    (file, scores)
}

/// What playing a game by clicks did.
pub struct Played {
    pub moves: u32,
    pub figures: u32,
    pub rotations: u32,
    /// Per move: from the click that sends it to the page's drawing of the answer.
    pub answers: Vec<Duration>,
}

/// Plays the hot-seat game on the page to its end by mouse clicks: a square
/// among the highlighted ones (turning the tile now and then), then Place;
/// at a figure step a figure on one of the board's dots every other time,
/// else the first option. With `shots`, screenshots for the README.
pub fn play_by_clicks(browser: &mut Browser, tab: &Tab, shots: bool) -> Played {
    let mut drawn = 0;
    let mut state = next_view(browser, tab, &mut drawn);
    let mut played = Played {
        moves: 0,
        figures: 0,
        rotations: 0,
        answers: Vec::new(),
    };
    let (mut steps, mut taken) = (0u32, [!shots; 2]);
    while state != "over" {
        assert!(played.moves < 1000, "the game does not end");
        let moves = played.moves;
        if state == "place" {
            let n = browser
                .eval(tab, "document.querySelectorAll('#board .spot').length")
                .as_u64()
                .unwrap_or(0);
            assert!(n > 0, "a tile in hand has somewhere to go");
            let square = format!(
                "document.querySelectorAll('#board .spot')[{}]",
                u64::from(moves) % n
            );
            assert!(browser.click(tab, &square));
            let turnable = browser.eval(tab, "!document.getElementById('rotate').disabled")
                == Value::Bool(true);
            if moves.is_multiple_of(3) && turnable {
                browser.click_on(tab, "#rotate");
                played.rotations += 1;
            }
            browser
                .wait(tab, "!document.getElementById('place').disabled", WAIT)
                .expect("a square chosen");
            if moves >= 40 && !taken[0] {
                screenshot(browser, tab, "play-place.png");
                taken[0] = true;
            }
            let start = Instant::now();
            browser.click_on(tab, "#place");
            state = next_view(browser, tab, &mut drawn);
            played.answers.push(start.elapsed());
        } else {
            let dots = browser
                .eval(tab, "document.querySelectorAll('#board .dot').length")
                .as_u64()
                .unwrap_or(0);
            steps += 1;
            if moves >= 40 && dots > 1 && !taken[1] {
                screenshot(browser, tab, "play-figure.png");
                taken[1] = true;
            }
            let start = Instant::now();
            if (steps / 2) % 2 == 1 && dots > 0 {
                assert!(browser.click(tab, "document.querySelector('#board .dot')"));
                played.figures += 1;
            } else {
                assert!(
                    browser.click_on(tab, "#choices button"),
                    "an option to click in state {state}"
                );
            }
            state = next_view(browser, tab, &mut drawn);
            played.answers.push(start.elapsed());
        }
        let message = browser.eval(tab, "document.getElementById('message').textContent");
        assert_eq!(
            message,
            Value::String(String::new()),
            "the engine refused a click"
        );
        played.moves += 1;
    }
    played
}

/// Opens the Play page and waits for its list of sets.
pub fn open_play(browser: &mut Browser, server: &Server) -> Tab {
    let tab = browser.open(&server.url("/play/"));
    browser
        .wait(
            &tab,
            "document.querySelectorAll('#sets input').length > 0",
            WAIT,
        )
        .expect("the sets");
    tab
}

/// Opens the Play page and starts a 2-seat hot-seat base game with seed 11,
/// typed in.
pub fn start_hot_seat(browser: &mut Browser, server: &Server) -> Tab {
    let tab = open_play(browser, server);
    browser.click_on(&tab, "#seed");
    browser.type_text(&tab, "11");
    browser.click_on(&tab, "#start");
    tab
}
