//! End to end: a designer's own tiles (`tests/custom/`) played without
//! recompiling (`--tiles DIR`), and the balance report of `simulate --report`.

mod common;

use common::{text, tilec, Temp};

use std::path::Path;

/// The number after `label` on its line of `stdout`.
fn figure(stdout: &str, label: &str) -> f64 {
    let line = stdout
        .lines()
        .find_map(|l| l.strip_prefix(label))
        .unwrap_or_else(|| panic!("no `{label}` in {stdout}"));
    line.trim().parse().expect("a number")
}

#[test]
fn the_custom_set_checks_clean() {
    let out = tilec(&["check", "tests/custom"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "ok: 1 set, 7 tile kinds, 16 tiles\n");
}

#[test]
fn simulate_plays_the_custom_set_end_to_end() {
    let out = tilec(&[
        "simulate",
        "--tiles",
        "tests/custom",
        "--sets",
        "lagoon",
        "--games",
        "50",
        "--seed",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("sets lagoon, 2 players, 50 games, seed 1, figure rate 0.3\n"),
        "{stdout}"
    );
    // 16 tiles: the start tile and at most 15 turns (a tile that fits nowhere is
    // set aside without a turn).
    let turns = figure(&stdout, "turns per game ");
    assert!(turns > 10.0 && turns <= 15.0, "{stdout}");
    assert!(
        figure(&stdout, "legal placements per turn ") >= 1.0,
        "{stdout}"
    );
    let averages = stdout
        .lines()
        .find_map(|l| l.strip_prefix("average scores "))
        .expect("average scores");
    let averages: Vec<f64> = averages
        .split(", ")
        .map(|s| s.parse().expect("a number"))
        .collect();
    assert_eq!(averages.len(), 2);
    assert!(averages.iter().all(|&a| a > 0.0 && a < 100.0), "{stdout}");
}

#[test]
fn a_custom_set_is_played_with_the_shipped_sets_it_does_not_replace() {
    let out = tilec(&[
        "simulate",
        "--tiles",
        "tests/custom",
        "--sets",
        "base,lagoon",
        "--games",
        "5",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = tilec(&["simulate", "--tiles", "tests/custom", "--sets", "nope"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("lagoon, base"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn play_replays_a_record_against_the_custom_set() {
    let record = "tests/custom/harbour.toml";
    let out = tilec(&["play", "--tiles", "tests/custom", record]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("red   3\n  blue  2\n"), "{stdout}");
    assert!(
        stdout.contains("turn 2    road completed (3 tiles): 3 points for red"),
        "{stdout}"
    );
    assert!(
        stdout.contains("end       monastery end of game (1 tile): 2 points for blue"),
        "{stdout}"
    );
    // Without --tiles the set is unknown.
    let out = tilec(&["play", record]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("unknown tile set `lagoon`"));
}

#[test]
fn tiles_with_problems_are_reported_like_check_and_exit_1() {
    let dir = Temp::new("custom-bad");
    let bad = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad/segments_cross.tiles");
    std::fs::copy(&bad, dir.0.join("mine.tiles")).expect("copy");
    for args in [
        vec!["simulate", "--tiles", dir.path(), "--games", "1"],
        vec!["play", "--tiles", dir.path(), "tests/custom/harbour.toml"],
    ] {
        let out = tilec(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(
            stderr.contains("error[E202]") && stderr.contains("problem found"),
            "{stderr}"
        );
        assert!(out.stdout.is_empty());
    }
    let missing = tilec(&["simulate", "--tiles", "tests/custom/nothing-here"]);
    assert_eq!(missing.status.code(), Some(2));
}

fn report(dir: &Temp, sets: &str) -> (serde_json::Value, String) {
    let out = tilec(&[
        "simulate",
        "--tiles",
        "tests/custom",
        "--sets",
        sets,
        "--games",
        "50",
        "--seed",
        "1",
        "--report",
        dir.path(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let json = std::fs::read(dir.0.join("report.json")).expect("report.json");
    let html = std::fs::read_to_string(dir.0.join("report.html")).expect("report.html");
    (serde_json::from_slice(&json).expect("json"), html)
}

#[test]
fn the_report_is_deterministic() {
    let (a, b) = (Temp::new("custom-report-a"), Temp::new("custom-report-b"));
    report(&a, "lagoon");
    report(&b, "lagoon");
    for file in ["report.json", "report.html"] {
        let x = std::fs::read(a.0.join(file)).expect("first");
        let y = std::fs::read(b.0.join(file)).expect("second");
        assert!(x == y, "{file} differs between two runs");
    }
}

#[test]
fn the_report_json_adds_up() {
    let dir = Temp::new("custom-report-json");
    let (v, _) = report(&dir, "lagoon");
    assert_eq!(v["run"]["games"], 50);
    assert_eq!(v["run"]["sets"], serde_json::json!(["lagoon"]));
    let set = &v["sets"]["lagoon"];
    let tiles = set["tiles"].as_object().expect("tiles");
    assert_eq!(tiles.len(), 7);
    let (mut draws, mut aside) = (0, 0);
    for (id, t) in tiles {
        let d = t["draws"].as_u64().expect("draws");
        let s = t["set_aside"].as_u64().expect("set_aside");
        assert!(s <= d, "{id}: {s} set aside of {d} draws");
        let copies = t["copies"].as_u64().expect("copies");
        // Every copy but the start tile is drawn once per game.
        let start = u64::from(id == "lagoon/gate");
        assert_eq!(d, 50 * (copies - start), "{id}");
        let legal = t["mean_legal_placements"].as_f64().expect("mean");
        assert!(legal >= 0.0 && (legal > 0.0 || s == d), "{id}");
        let points = t["mean_feature_points"].as_f64().expect("points");
        let joined = t["features_joined"].as_u64().expect("joined");
        assert!(points >= 0.0 && (joined > 0 || points == 0.0), "{id}");
        for key in ["name", "set_aside_rate"] {
            assert!(t.get(key).is_some(), "{id} lacks {key}");
        }
        draws += d;
        aside += s;
    }
    assert_eq!(v["tiles_drawn"], draws);
    assert_eq!(draws, 50 * 15);
    assert_eq!(
        (set["draws"].as_u64(), set["set_aside"].as_u64()),
        (Some(draws), Some(aside))
    );
    let scores = &v["scores"];
    let seats = scores["seats"].as_array().expect("seats");
    assert_eq!(seats.len(), 2);
    let width = scores["bin_width"].as_u64().expect("bin width");
    let mut last_bins = Vec::new();
    for seat in seats {
        let hist: Vec<u64> = seat["histogram"]
            .as_array()
            .expect("histogram")
            .iter()
            .map(|c| c.as_u64().expect("count"))
            .collect();
        assert_eq!(hist.iter().sum::<u64>(), 50);
        let (min, max) = (
            seat["min"].as_u64().expect("min"),
            seat["max"].as_u64().expect("max"),
        );
        let mean = seat["mean"].as_f64().expect("mean");
        assert!(min as f64 <= mean && mean <= max as f64);
        assert!(seat["stddev"].as_f64().expect("stddev") >= 0.0);
        // Shared bins up to the highest score of any seat.
        assert!(hist.len() as u64 * width > max);
        last_bins.push(hist.last().copied());
    }
    assert!(last_bins.iter().any(|&c| c > Some(0)), "{last_bins:?}");
    assert_eq!(scores["all_seats"]["count"], 100);
}

#[test]
fn the_report_html_has_a_chart_per_set_and_no_remote_urls() {
    let dir = Temp::new("custom-report-html");
    let (_, html) = report(&dir, "base,lagoon");
    // The final-score histogram, then per set its earned points and its kinds.
    assert_eq!(html.matches("<svg").count(), 5, "{html}");
    assert!(html.contains("<h2>Set base (") && html.contains("<h2>Set lagoon (Lagoon)</h2>"));
    for remote in ["http:", "https:", "//", "src=", "@import"] {
        assert!(!html.contains(remote), "{remote} in the report");
    }
}

#[test]
fn build_takes_the_custom_directory() {
    let dir = Temp::new("custom-build");
    let site = dir.0.join("site");
    let tables = dir.0.join("tables.rs");
    let out = tilec(&[
        "build",
        "--tiles",
        "tests/custom",
        "--site",
        site.to_str().expect("utf-8"),
        "--tables",
        tables.to_str().expect("utf-8"),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let tables = std::fs::read_to_string(tables).expect("tables written");
    assert!(tables.contains("\"lagoon/gate\"") && tables.contains("\"lagoon/shrine\""));
    assert!(site.join("index.html").exists());
}
