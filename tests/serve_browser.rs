//! `tilec serve` in a real browser (headless Chromium, driven through the
//! DevTools protocol): open pages see an edit, a broken file's diagnostic
//! and its fix; a whole hot-seat game is played to its final scores by mouse
//! clicks on the Play page; a bot game is played and its record stepped
//! through. Screenshots go to `target/serve-screens/` (and, with
//! `TILEC_SCREENSHOTS=DIR`, the README's three to DIR: they are made by
//! `TILEC_SCREENSHOTS=docs/img cargo test --test serve_browser`).
//!
//! `cargo test --release --test serve_browser -- --ignored --nocapture`
//! prints the speed figures (save to reloaded page, bot moves, the Play
//! page's drawing of a full board) without asserting them.

#[path = "serve_support/cdp.rs"]
mod cdp;
#[path = "serve_support/server.rs"]
mod server;

use cdp::{Browser, Tab};
use serde_json::Value;
use server::{root, Server};
use std::path::PathBuf;
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(30);

/// The screenshots the README shows.
const README_SHOTS: [&str; 3] = ["play-place.png", "play-figure.png", "serve-error.png"];

fn screenshot(browser: &mut Browser, tab: &Tab, name: &str) {
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

fn edit(dir: &std::path::Path, file: &str, from: &str, to: &str) {
    let path = dir.join(file);
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(text.contains(from), "{from} not in {file}");
    std::fs::write(&path, text.replacen(from, to, 1)).expect("write");
}

#[test]
fn open_pages_see_an_edit_a_broken_file_and_its_fix() {
    let Some(mut browser) = Browser::launch("open_pages_see_an_edit_a_broken_file_and_its_fix")
    else {
        return;
    };
    let server = Server::copy(&root().join("tests/custom"), "browser-live", &[]);
    let url = server.url("/sets/lagoon.html");
    // More tabs than a browser's six connections per host: each holds its
    // reload channel open, and every one still loads and reloads.
    let tabs: Vec<Tab> = (0..8).map(|_| browser.open(&url)).collect();
    let live =
        "document.getElementById('tilec-state')?.textContent === 'live' && (window.__old = 1)";
    for tab in &tabs {
        browser
            .wait(tab, live, WAIT)
            .expect("the reload channel is open");
    }
    edit(
        &server.dir,
        "lagoon.tiles",
        "\"Harbour gate\"",
        "\"Harbour arch\"",
    );
    let seen = "!window.__old && document.body.innerText.includes('Harbour arch')";
    for tab in &tabs {
        browser
            .wait(tab, seen, WAIT)
            .expect("every tab reloads with the edit");
    }
    edit(
        &server.dir,
        "lagoon.tiles",
        "road r W E\n  field f1",
        "road r W N\n  field f1",
    );
    let error = "document.getElementById('tilec-error')?.textContent";
    let (text, _) = browser
        .wait(&tabs[0], error, WAIT)
        .expect("the diagnostic is shown");
    let text = text.as_str().unwrap_or_default().to_string();
    assert!(
        text.contains("error[E")
            && text.contains("mytiles/lagoon.tiles:13:")
            && text.contains("hint"),
        "{text}"
    );
    let under = browser.eval(
        &tabs[0],
        "document.querySelector('main').innerText.includes('Harbour arch')",
    );
    assert_eq!(
        under,
        Value::Bool(true),
        "the last good site stays under the message"
    );
    screenshot(&mut browser, &tabs[0], "serve-error.png");
    browser.click_on(&tabs[0], "#tilec-hide");
    browser
        .wait(&tabs[0], "!document.getElementById('tilec-overlay')", WAIT)
        .expect("hidden");
    edit(
        &server.dir,
        "lagoon.tiles",
        "road r W N\n  field f1",
        "road r W E\n  field f1",
    );
    let fixed = "!document.getElementById('tilec-overlay') && document.body.innerText.includes('Harbour arch') && document.getElementById('tilec-state')?.textContent === 'live'";
    for tab in &tabs {
        browser
            .wait(tab, fixed, WAIT)
            .expect("the fix brings the site back");
    }
    let pictures = "document.images.length > 0 && [...document.images].every(i => i.complete && i.naturalWidth > 0)";
    browser
        .wait(&tabs[0], pictures, WAIT)
        .expect("every picture of the rebuilt page loads");
}

/// Waits until the Play page drew a view after `drawn` views; its state.
fn next_view(browser: &mut Browser, tab: &Tab, drawn: &mut u64) -> String {
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
fn scores(browser: &mut Browser, tab: &Tab) -> Vec<i64> {
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
fn replayed(browser: &mut Browser, tab: &Tab, name: &str) -> (PathBuf, Vec<i64>) {
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
struct Played {
    moves: u32,
    figures: u32,
    rotations: u32,
    /// Per move: from the click that sends it to the page's drawing of the answer.
    answers: Vec<Duration>,
}

/// Plays the hot-seat game on the page to its end by mouse clicks: a square
/// among the highlighted ones (turning the tile now and then), then Place;
/// at a figure step a figure on one of the board's dots every other time,
/// else the first option. With `shots`, screenshots for the README.
fn play_by_clicks(browser: &mut Browser, tab: &Tab, shots: bool) -> Played {
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

/// Opens the Play page and starts a 2-seat hot-seat base game with seed 11,
/// typed in.
fn start_hot_seat(browser: &mut Browser, server: &Server) -> Tab {
    let tab = browser.open(&server.url("/play/"));
    browser
        .wait(
            &tab,
            "document.querySelectorAll('#sets input').length > 0",
            WAIT,
        )
        .expect("the sets");
    browser.click_on(&tab, "#seed");
    browser.type_text(&tab, "11");
    browser.click_on(&tab, "#start");
    tab
}

#[test]
fn a_hot_seat_game_is_played_to_the_end_by_clicks() {
    let Some(mut browser) = Browser::launch("a_hot_seat_game_is_played_to_the_end_by_clicks")
    else {
        return;
    };
    let server = Server::on(&root().join("tiles"), &[]);
    let tab = start_hot_seat(&mut browser, &server);
    let played = play_by_clicks(&mut browser, &tab, true);
    let question = browser.eval(&tab, "document.getElementById('question').textContent");
    assert!(
        question
            .as_str()
            .is_some_and(|q| q.starts_with("The game is over")),
        "{question}"
    );
    let tiles = browser
        .eval(&tab, "document.querySelectorAll('#board img.tile').length")
        .as_u64();
    assert!(
        tiles.is_some_and(|t| t > 60),
        "the board holds the whole game: {tiles:?}"
    );
    let shown = scores(&mut browser, &tab);
    let (_, again) = replayed(&mut browser, &tab, "hot-seat-record");
    assert_eq!(
        shown, again,
        "tilec play scores the downloaded record as the page did"
    );
    let (figures, rotations) = (played.figures, played.rotations);
    assert!(
        figures > 5 && rotations > 5,
        "figures {figures}, rotations {rotations}"
    );
    screenshot(&mut browser, &tab, "play-over.png");
    eprintln!("{} moves by clicks; final scores {shown:?}", played.moves);
}

#[test]
fn a_bot_game_is_played_and_its_record_stepped_through() {
    let Some(mut browser) = Browser::launch("a_bot_game_is_played_and_its_record_stepped_through")
    else {
        return;
    };
    let server = Server::on(&root().join("tiles"), &[]);
    let tab = browser.open(&server.url("/play/"));
    browser
        .wait(
            &tab,
            "document.querySelectorAll('#sets input').length > 0",
            WAIT,
        )
        .expect("the sets");
    let choose = "const s = document.querySelectorAll('.seat-player'); s[0].value = 'random'; s[1].value = 'monte-carlo';
                  document.getElementById('bot-wait').value = '0'; true";
    browser.eval(&tab, choose);
    browser.click_on(&tab, "#start");
    browser
        .wait(&tab, "document.body.dataset.state === 'place'", WAIT)
        .expect("a game");
    screenshot(&mut browser, &tab, "play-bots.png");
    browser
        .wait(
            &tab,
            "document.body.dataset.state === 'over'",
            Duration::from_secs(600),
        )
        .expect("the bots finish the game");
    let shown = scores(&mut browser, &tab);
    let (file, again) = replayed(&mut browser, &tab, "bot-record");
    assert_eq!(shown, again);
    let board = browser.eval(&tab, "(() => { const t = performance.now(); drawBoard(); drawPanel(); return performance.now() - t; })()");
    eprintln!(
        "a full board ({} tiles) redrawn in {board} ms",
        browser.eval(&tab, "view.tiles.length")
    );
    // Step through the record just played.
    browser.click_on(&tab, "#new");
    browser.set_file(&tab, "#record-file", &file);
    browser
        .wait(&tab, "!document.getElementById('stepper').hidden", WAIT)
        .expect("the record loads");
    assert_eq!(
        browser.eval(&tab, "document.querySelectorAll('#board img.tile').length"),
        Value::from(1)
    );
    for turn in 1..=3 {
        browser.click_on(&tab, "#next");
        let shown = format!(
            "document.getElementById('step-at').textContent.startsWith('after turn {turn} ')"
        );
        browser
            .wait(&tab, &shown, WAIT)
            .expect("one step on per click");
    }
    browser.click_on(&tab, "#last");
    browser
        .wait(
            &tab,
            "document.getElementById('step-at').textContent.startsWith('after final scoring')",
            WAIT,
        )
        .expect("the end");
    assert_eq!(
        scores(&mut browser, &tab),
        shown,
        "the record's end is the game's"
    );
    browser.click_on(&tab, "#prev");
    browser
        .wait(
            &tab,
            "document.getElementById('step-at').textContent.startsWith('after turn')",
            WAIT,
        )
        .expect("back one");
    screenshot(&mut browser, &tab, "play-replay.png");
}

#[test]
#[ignore = "prints speed figures; run with --release -- --ignored --nocapture"]
fn speed_of_reloads_and_bots() {
    let Some(mut browser) = Browser::launch("speed_of_reloads_and_bots") else {
        return;
    };
    let server = Server::copy(&root().join("tiles"), "speed", &[]);
    let tab = browser.open(&server.url("/sets/base.html"));
    let mut times = Vec::new();
    for i in 0..24 {
        browser
            .wait(
                &tab,
                "document.getElementById('tilec-state')?.textContent === 'live'",
                WAIT,
            )
            .expect("live");
        let (from, to) = match i % 2 {
            0 => (
                "\"City cap with straight road\"",
                "\"City cap with straight road (edited)\"",
            ),
            _ => (
                "\"City cap with straight road (edited)\"",
                "\"City cap with straight road\"",
            ),
        };
        let want = format!(
            "document.body.innerText.includes({}) === {}",
            serde_json::json!("(edited)"),
            i % 2 == 0
        );
        let start = Instant::now();
        edit(&server.dir, "base.tiles", from, to);
        browser.wait(&tab, &want, WAIT).expect("the edit shows");
        times.push(start.elapsed().as_millis());
    }
    times.sort_unstable();
    let tab = start_hot_seat(&mut browser, &server);
    let mut answers = play_by_clicks(&mut browser, &tab, false).answers;
    answers.sort_unstable();
    let n = answers.len();
    eprintln!(
        "hot-seat base game by clicks: {n} moves, click to drawn answer median {:?}, 95th percentile {:?}, max {:?}",
        answers[n / 2], answers[n * 95 / 100], answers[n - 1]
    );
    let redraw = "(() => { const t = performance.now(); for (let i = 0; i < 20; i++) { drawBoard(); drawPanel(); } return (performance.now() - t) / 20; })()";
    eprintln!(
        "the full board ({} tiles) redrawn in {} ms (mean of 20)",
        browser.eval(&tab, "view.tiles.length"),
        browser.eval(&tab, redraw)
    );
    eprintln!("save to reloaded page (base.tiles, all shipped sets): median {} ms, max {} ms, all {times:?}", times[times.len() / 2], times[times.len() - 1]);
    // Monte-Carlo against random, three games: each bot move timed over HTTP.
    let (mut mc, mut random, mut results) = (Vec::new(), Vec::new(), Vec::new());
    for seed in 1..=3 {
        let seats = serde_json::json!([{"name": "mc", "player": "monte-carlo"}, {"name": "random", "player": "random"}]);
        let body = serde_json::json!({"sets": ["base"], "seats": seats, "seed": seed});
        let (_, mut view) = server.post_json("/play/api/games", &body);
        let bot = format!(
            "/play/api/games/{}/bot",
            view["id"].as_str().expect("an id")
        );
        for _ in 0..1000 {
            if view["over"] == true {
                break;
            }
            let who = view["acting"].as_u64();
            let start = Instant::now();
            view = server.post_json(&bot, &serde_json::json!(null)).1;
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            match who {
                Some(0) => mc.push(ms),
                _ => random.push(ms),
            }
        }
        let scores: Vec<i64> = view["players"]
            .as_array()
            .expect("players")
            .iter()
            .filter_map(|p| p["score"].as_i64())
            .collect();
        results.push(scores);
    }
    for (name, times) in [("Monte-Carlo", &mut mc), ("random", &mut random)] {
        times.sort_by(f64::total_cmp);
        let n = times.len();
        eprintln!("{name} bot moves over HTTP: {n} moves, median {:.1} ms, 95th percentile {:.1} ms, max {:.1} ms", times[n / 2], times[n * 95 / 100], times[n - 1]);
    }
    eprintln!("final scores [Monte-Carlo, random] in three base games: {results:?}");
}
