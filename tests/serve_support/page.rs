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
    let v = tilec_play(&file);
    let scores = v["players"]
        .as_array()
        .expect("players")
        .iter()
        .filter_map(|p| p["score"].as_i64())
        .collect();
    (file, scores)
}

/// What `tilec play --json` says of the record `file`.
pub fn tilec_play(file: &std::path::Path) -> Value {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tilec"))
        .arg("play")
        .arg("--json")
        .arg(file)
        .output()
        .expect("tilec play");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
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
/// at a figure step a figure on one of the board's dots every other time
/// (the first in its chooser, if it opens one), else the first option. With `shots`, screenshots for the README.
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
            click_a_spot(browser, tab, moves);
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
                // A dot of several options opens a chooser: its first.
                let several = browser.eval(
                    tab,
                    "document.querySelector('#board .dot').classList.contains('several')",
                ) == Value::Bool(true);
                assert!(browser.click(tab, "document.querySelector('#board .dot')"));
                if several {
                    let first = "document.querySelector('#board .chooser button')";
                    browser
                        .wait(tab, &format!("!!{first}"), WAIT)
                        .expect("the dot opens its chooser");
                    assert!(browser.click(tab, first));
                }
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

/// Starts catching the page's uncaught errors and rejected promises (read
/// by [`page_errors`]); the page must not navigate afterwards.
pub fn catch_errors(browser: &mut Browser, tab: &Tab) {
    let script = "window.__errors = [];
        addEventListener('error', (e) => window.__errors.push(String(e.message)));
        addEventListener('unhandledrejection', (e) => window.__errors.push(String(e.reason))); true";
    assert_eq!(browser.eval(tab, script), Value::Bool(true));
}

/// The errors caught since [`catch_errors`].
pub fn page_errors(browser: &mut Browser, tab: &Tab) -> Vec<String> {
    let v = browser.eval(tab, "window.__errors");
    v.as_array()
        .expect("errors are being caught")
        .iter()
        .map(|e| e.as_str().unwrap_or_default().to_string())
        .collect()
}

/// Opens the Play page, ticks the sets `sets` (besides the base game, ticked
/// already), and starts a 2-seat hot-seat game with the seed `seed`, typed
/// in; the page's errors caught from the start.
pub fn start_with_sets(browser: &mut Browser, server: &Server, sets: &[&str], seed: u64) -> Tab {
    let tab = open_play(browser, server);
    catch_errors(browser, &tab);
    for set in sets {
        let box_ = format!("#sets input[value={}]", serde_json::json!(set));
        assert!(browser.click_on(&tab, &box_), "no set {set} to tick");
        let ticked = format!(
            "document.querySelector({}).checked",
            serde_json::json!(box_)
        );
        assert_eq!(browser.eval(&tab, &ticked), Value::Bool(true), "{set}");
    }
    browser.click_on(&tab, "#seed");
    browser.type_text(&tab, &seed.to_string());
    browser.click_on(&tab, "#start");
    tab
}

/// What [`play_placing`] did.
pub struct Placing {
    /// Clicks that sent a move.
    pub moves: u32,
    /// Per wanted kind: the dots of that kind clicked.
    pub clicked: Vec<(String, u32)>,
    /// Every figure kind drawn on the board at some point of the game, with
    /// the mark it was drawn with.
    pub drawn: std::collections::BTreeMap<String, String>,
    /// The wanted kinds seen drawn on the board right after a click on one
    /// of their dots (one more of the kind than before).
    pub placed: std::collections::BTreeSet<String>,
    /// Steps at which one spot offered options for several figures.
    pub shared: u32,
    /// Figures chosen in a dot's chooser.
    pub chosen: u32,
}

/// Clicks one of the squares where the tile in hand may go, the
/// `moves`-th modulo their number.
fn click_a_spot(browser: &mut Browser, tab: &Tab, moves: u32) {
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
}

/// The figures of each dot on the board (`""` for an option of no figure),
/// checked to be one dot a spot (several options there are chosen from
/// the dot's chooser).
fn board_dots(browser: &mut Browser, tab: &Tab) -> Vec<Vec<String>> {
    let script = "(() => { const dots = [...document.querySelectorAll('#board .dot')];
        const spots = dots.map(d => `${d.style.left},${d.style.top}`);
        return [dots.map(d => d.dataset.figures.split(' ')), new Set(spots).size === spots.length]; })()";
    let v = browser.eval(tab, script);
    assert_eq!(v[1], Value::Bool(true), "two dots at one spot: {v}");
    let figures = v[0].as_array().expect("dots").iter().map(|d| {
        let kinds = d.as_array().expect("a dot's figures").iter();
        kinds
            .map(|k| k.as_str().unwrap_or_default().to_string())
            .collect()
    });
    figures.collect()
}

/// Clicks the dot `dot` of the board and, when it holds several options,
/// the one of the figure `kind` in the chooser it opens (with `shot`, a
/// screenshot of the chooser first).
fn click_figure(
    browser: &mut Browser,
    tab: &Tab,
    dot: usize,
    kind: &str,
    several: bool,
    shot: bool,
) {
    let at = format!("document.querySelectorAll('#board .dot')[{dot}]");
    assert!(browser.click(tab, &at));
    if several {
        let button = format!(
            "document.querySelector('#board .chooser button[data-figure={}]')",
            serde_json::json!(kind)
        );
        browser
            .wait(tab, &format!("!!{button}"), WAIT)
            .expect("the dot opens its chooser");
        if shot {
            screenshot(browser, tab, "play-chooser.png");
        }
        assert!(browser.click(tab, &button));
    }
}

/// The figures on the board: (kind, player, mark) of each, checked to be
/// drawn with the class their kind and player give.
fn board_figures(browser: &mut Browser, tab: &Tab) -> Vec<(String, u64, String)> {
    let script = "[...document.querySelectorAll('#board .fig')].map(f => [f.dataset.kind || '',
        [...f.classList].find(c => /^p[0-9]$/.test(c)) || '', f.classList.contains('k-' + f.dataset.kind),
        f.textContent])";
    let v = browser.eval(tab, script);
    v.as_array()
        .expect("figures")
        .iter()
        .map(|f| {
            let kind = f[0].as_str().unwrap_or_default().to_string();
            assert!(
                !kind.is_empty() && f[2] == Value::Bool(true),
                "a figure drawn without its kind: {f}"
            );
            let player = f[1].as_str().and_then(|p| p[1..].parse().ok());
            let mark = f[3].as_str().unwrap_or_default().to_string();
            (
                kind,
                player.expect("a figure drawn in its player's colour"),
                mark,
            )
        })
        .collect()
}

/// Plays the hot-seat game on the page to its end by mouse clicks, placing
/// figures of the `wanted` kinds through their dots: a square among the
/// highlighted ones, then Place; at a figure step, a dot of a wanted kind
/// not yet seen on the board after its click, else a follower's dot every
/// other time (so that builders and pigs find an own follower to join),
/// else the first option listed.
pub fn play_placing(browser: &mut Browser, tab: &Tab, wanted: &[&str]) -> Placing {
    let mut drawn = 0;
    let mut state = next_view(browser, tab, &mut drawn);
    let mut done = Placing {
        moves: 0,
        clicked: wanted.iter().map(|k| (k.to_string(), 0)).collect(),
        drawn: Default::default(),
        placed: Default::default(),
        shared: 0,
        chosen: 0,
    };
    let mut before = board_figures(browser, tab);
    let mut steps = 0usize;
    while state != "over" {
        assert!(done.moves < 1000, "the game does not end");
        let moves = done.moves;
        let mut clicked_kind = None;
        if state == "place" {
            click_a_spot(browser, tab, moves);
            browser
                .wait(tab, "!document.getElementById('place').disabled", WAIT)
                .expect("a square chosen");
            browser.click_on(tab, "#place");
        } else {
            let dots = board_dots(browser, tab);
            steps += 1;
            done.shared += u32::from(dots.iter().any(|d| d.len() > 1));
            let has = |kind: &str| {
                let at = dots.iter().position(|d| d.iter().any(|k| k == kind));
                at.map(|i| (i, kind.to_string()))
            };
            let want = wanted
                .iter()
                .filter(|k| !done.placed.contains(**k))
                .find_map(|k| has(k));
            let wanting = want.is_some();
            let followers: Vec<usize> = (0..dots.len())
                .filter(|&i| dots[i].iter().any(|k| k == "follower"))
                .collect();
            let pick = match want {
                Some(pick) => Some(pick),
                None if steps.is_multiple_of(2) && !followers.is_empty() => {
                    let i = followers[(steps / 2) % followers.len()];
                    Some((i, "follower".to_string()))
                }
                None => None,
            };
            match pick {
                Some((i, kind)) => {
                    let several = dots[i].len() > 1;
                    click_figure(browser, tab, i, &kind, several, done.chosen == 0);
                    done.chosen += u32::from(several);
                    if wanting {
                        clicked_kind = Some(kind);
                    }
                }
                None => assert!(
                    browser.click_on(tab, "#choices button"),
                    "an option to click in state {state}"
                ),
            }
        }
        state = next_view(browser, tab, &mut drawn);
        let message = browser.eval(tab, "document.getElementById('message').textContent");
        assert_eq!(
            message,
            Value::String(String::new()),
            "the engine refused a click"
        );
        let figures = board_figures(browser, tab);
        if let Some(kind) = clicked_kind {
            if let Some(c) = done.clicked.iter_mut().find(|c| c.0 == kind) {
                c.1 += 1;
            }
            let count =
                |figures: &[(String, u64, String)]| figures.iter().filter(|f| f.0 == kind).count();
            if count(&figures) > count(&before) {
                done.placed.insert(kind);
            }
        }
        done.drawn
            .extend(figures.iter().map(|f| (f.0.clone(), f.2.clone())));
        before = figures;
        done.moves += 1;
    }
    done
}
