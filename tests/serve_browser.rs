//! `tilec serve` in a real browser (headless Chromium, driven through the
//! DevTools protocol): open pages see an edit, a broken file's diagnostic
//! and its fix; a whole hot-seat game is played to its final scores by mouse
//! clicks on the Play page, and others placing every figure kind of their
//! sets through the figures' dots; a bot game is played and its record
//! stepped through. Screenshots go to `target/serve-screens/` (and, with
//! `TILEC_SCREENSHOTS=DIR`, the README's three to DIR: they are made by
//! `TILEC_SCREENSHOTS=docs/img cargo test --test serve_browser`).

#[path = "serve_support/cdp.rs"]
mod cdp;
#[path = "serve_support/page.rs"]
mod page;
#[path = "serve_support/server.rs"]
mod server;

use cdp::{Browser, Tab};
use page::*;
use serde_json::Value;
use server::{root, Server};
use std::time::{Duration, Instant};

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
    let tab = open_play(&mut browser, &server);
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

/// Plays a hot-seat game of `sets` (besides the base game) to its end by
/// clicks, placing a figure of every kind of `wanted` through its dot; checks
/// that each was drawn on the board as its kind, that the page raised no
/// error, and that `tilec play` scores the downloaded record as the page did.
/// The tab, what was played and the record.
fn figures_by_clicks(
    browser: &mut Browser,
    server: &Server,
    sets: &[&str],
    seed: u64,
    wanted: &[&str],
) -> (Tab, Placing, std::path::PathBuf) {
    let tab = start_with_sets(browser, server, sets, seed);
    let start = Instant::now();
    let done = play_placing(browser, &tab, wanted);
    let question = browser.eval(&tab, "document.getElementById('question').textContent");
    assert!(
        question
            .as_str()
            .is_some_and(|q| q.starts_with("The game is over")),
        "{question}"
    );
    for kind in wanted {
        assert!(
            done.placed.contains(*kind),
            "no {kind} placed and drawn (dots clicked: {:?}; kinds drawn: {:?})",
            done.clicked,
            done.drawn
        );
    }
    let marks: std::collections::BTreeSet<&String> = done.drawn.values().collect();
    assert_eq!(
        marks.len(),
        done.drawn.len(),
        "two kinds drawn alike: {:?}",
        done.drawn
    );
    assert!(
        done.shared > 0 && done.chosen > 0,
        "no figure chosen in a chooser (steps with one: {})",
        done.shared
    );
    let shown = scores(browser, &tab);
    let (file, again) = replayed(browser, &tab, &format!("figures-{seed}"));
    assert_eq!(
        shown, again,
        "tilec play scores the downloaded record as the page did"
    );
    assert_eq!(page_errors(browser, &tab), Vec::<String>::new());
    eprintln!(
        "{} moves by clicks in {:.1?}, {} figures chosen in a chooser; dots clicked {:?}; kinds drawn {:?}; final scores {shown:?}",
        done.moves,
        start.elapsed(),
        done.chosen,
        done.clicked,
        done.drawn
    );
    (tab, done, file)
}

#[test]
fn the_mayor_messenger_and_scarecrow_are_chosen_and_drawn_by_clicks() {
    let Some(mut browser) =
        Browser::launch("the_mayor_messenger_and_scarecrow_are_chosen_and_drawn_by_clicks")
    else {
        return;
    };
    let server = Server::on(&root().join("tiles"), &[]);
    let wanted = ["mayor", "messenger", "scarecrow"];
    let (tab, ..) = figures_by_clicks(&mut browser, &server, &["mm"], 11, &wanted);
    screenshot(&mut browser, &tab, "play-mm-over.png");
}

/// Each player's goods as the players' table shows them: per row, the
/// count of each good.
fn goods(browser: &mut Browser, tab: &Tab) -> Vec<std::collections::BTreeMap<String, u64>> {
    let script = "[...document.querySelectorAll('#players tbody tr')].map(tr =>
        [...tr.querySelectorAll('[data-good]')].map(g => [g.dataset.good, Number(g.dataset.count)]))";
    let v = browser.eval(tab, script);
    v.as_array()
        .expect("the players' rows")
        .iter()
        .map(|row| {
            row.as_array()
                .expect("goods")
                .iter()
                .map(|g| {
                    (
                        g[0].as_str().unwrap_or_default().to_string(),
                        g[1].as_u64().unwrap_or(0),
                    )
                })
                .collect()
        })
        .collect()
}

/// A base + Inns & Cathedrals + Traders & Builders game: the big follower,
/// builder and pig placed and drawn, each player's goods shown as `tilec
/// play` says they were taken, the majorities to the players shown with the
/// most.
#[test]
fn inns_cathedrals_and_traders_builders_are_played_to_the_end_by_clicks() {
    let Some(mut browser) =
        Browser::launch("inns_cathedrals_and_traders_builders_are_played_to_the_end_by_clicks")
    else {
        return;
    };
    let server = Server::on(&root().join("tiles"), &[]);
    let wanted = ["big-follower", "builder", "pig"];
    let sets = ["inns-cathedrals", "traders-builders"];
    let seed = 1;
    let (tab, _, file) = figures_by_clicks(&mut browser, &server, &sets, seed, &wanted);
    // Every player's goods are shown: the tokens `tilec play` says each
    // took; and the end's majorities (+10 each) went to the players the
    // table shows with the most.
    let held = goods(&mut browser, &tab);
    let names = browser.eval(&tab, "view.players.map(p => p.name)");
    let play = tilec_play(&file);
    for (p, g) in held.iter().enumerate() {
        let mut taken = std::collections::BTreeMap::new();
        for h in play["happenings"].as_array().expect("happenings") {
            let what = h["what"].as_str().unwrap_or_default();
            // `takes 2 wine (completed a city)`
            let words: Vec<&str> = what.split(' ').collect();
            let count = words.get(1).and_then(|n| n.parse::<u64>().ok());
            if let (true, Some(n), ["takes", _, good, ..]) =
                (h["player"] == names[p], count, &words[..])
            {
                *taken.entry(good.to_string()).or_insert(0) += n;
            }
        }
        let shown: std::collections::BTreeMap<String, u64> = g
            .iter()
            .filter(|(_, &n)| n > 0)
            .map(|(k, &n)| (k.clone(), n))
            .collect();
        assert_eq!(
            shown, taken,
            "{}'s goods: shown, and as tilec play says",
            names[p]
        );
    }
    assert!(
        held.len() == 2 && held.iter().all(|g| g.len() == 3),
        "wine, grain and cloth for each player: {held:?}"
    );
    assert!(
        held.iter().flat_map(|g| g.values()).any(|&n| n > 0),
        "no city with goods completed in the whole game: {held:?}"
    );
    let log = browser.eval(
        &tab,
        "[...document.querySelectorAll('#log li')].map(li => li.textContent)",
    );
    let log: Vec<&str> = log
        .as_array()
        .expect("the log")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    for good in ["wine", "grain", "cloth"] {
        let count = |g: &std::collections::BTreeMap<String, u64>| g.get(good).copied();
        let most = held.iter().filter_map(count).max().unwrap_or(0);
        for (p, g) in held.iter().enumerate() {
            let name = names[p].as_str().expect("a name");
            let line = format!(": {name} +10 points ({good} majority)");
            assert_eq!(
                log.iter().any(|l| l.ends_with(&line)),
                most > 0 && count(g) == Some(most),
                "{line}: goods shown {held:?}"
            );
        }
    }
    screenshot(&mut browser, &tab, "play-ic-tb-over.png");
}

/// A base + The Princess & the Dragon hot-seat game by clicks: every player
/// moves the dragon in turn through the options, the dragon is drawn on the
/// board, the page raises no error and `tilec play` scores the downloaded
/// record (with its `dragon` moves) as the page did.
#[test]
fn the_princess_and_the_dragon_is_played_to_the_end_by_clicks() {
    let Some(mut browser) =
        Browser::launch("the_princess_and_the_dragon_is_played_to_the_end_by_clicks")
    else {
        return;
    };
    let server = Server::on(&root().join("tiles"), &[]);
    let tab = start_with_sets(&mut browser, &server, &["princess-dragon"], 2);
    play_placing(&mut browser, &tab, &[]);
    let dragon = browser.eval(&tab, "document.querySelectorAll('#board .dragon').length");
    assert_eq!(dragon.as_u64(), Some(1), "the dragon is drawn");
    let shown = scores(&mut browser, &tab);
    let (file, again) = replayed(&mut browser, &tab, "princess-dragon");
    assert_eq!(shown, again, "tilec play scores the record as the page did");
    let record = std::fs::read_to_string(&file).expect("the record");
    assert!(
        record.contains("dragon = ["),
        "the dragon's moves are written"
    );
    assert_eq!(page_errors(&mut browser, &tab), Vec::<String>::new());
    screenshot(&mut browser, &tab, "play-princess-dragon-over.png");
}
