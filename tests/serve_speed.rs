//! Speed of `tilec serve`, printed, not asserted: save to reloaded page
//! (all shipped sets), bot moves over HTTP, Monte-Carlo against random, a
//! hot-seat game by clicks and the full board's redrawing. Run on the
//! release build:
//!
//! `cargo test --release --test serve_speed -- --ignored --nocapture`

#[path = "serve_support/cdp.rs"]
mod cdp;
#[path = "serve_support/page.rs"]
mod page;
#[path = "serve_support/server.rs"]
mod server;

use cdp::Browser;
use page::*;
use server::{root, Server};
use std::time::Instant;

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
