//! End to end: `tilec play` and `tilec simulate` as a user runs them.

mod common;

use common::{text, tilec};

#[test]
fn play_prints_scores_and_events_and_exits_0() {
    let out = tilec(&["play", "tests/records/13-two-features-one-turn.toml"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("red   4") && stdout.contains("blue  4"),
        "{stdout}"
    );
    assert!(
        stdout.contains("turn 6    road completed (4 tiles): 4 points for blue"),
        "{stdout}"
    );
}

#[test]
fn play_json_has_players_and_events() {
    let out = tilec(&["play", "--json", "tests/records/12-field-tie.toml"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(v["players"][1]["name"], "blue");
    assert_eq!(v["players"][1]["score"], 3);
    let field = &v["events"][0];
    assert_eq!(
        (field["feature"].as_str(), field["cities"].as_u64()),
        (Some("field"), Some(1))
    );
    assert_eq!(field["winners"].as_array().map(Vec::len), Some(2));
}

#[test]
fn play_refuses_an_illegal_move_with_exit_1() {
    let out = tilec(&["play", "tests/records/21-error-occupied-city.toml"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("turn 2"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn play_reports_an_expect_mismatch_with_exit_1() {
    let dir = std::env::temp_dir().join(format!("tilec-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("wrong.toml");
    let good = std::fs::read_to_string("tests/records/17-road-loop.toml").expect("record");
    std::fs::write(&path, good.replace("scores = [4, 0]", "scores = [5, 0]")).expect("write");
    let out = tilec(&["play", path.to_str().expect("utf-8 path")]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("expected 5, got 4"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn play_missing_file_exits_2() {
    assert_eq!(
        tilec(&["play", "tests/records/no-such-file.toml"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn a_record_of_an_unknown_set_is_pointed_at_tiles_dir() {
    let record = "tests/records/33-error-unknown-set.toml";
    let out = tilec(&["play", record]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("unknown tile set `bass`"), "{err}");
    assert!(
        err.contains(&format!("  = hint: a set of your own is played from its directory: `tilec play {record} --tiles DIR`")),
        "{err}"
    );
}

#[test]
fn simulate_prints_its_rate() {
    let out = tilec(&[
        "simulate",
        "--sets",
        "base,river",
        "--players",
        "3",
        "--games",
        "20",
        "--seed",
        "7",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("games/s") && stdout.contains("legal placements per turn"),
        "{stdout}"
    );
    assert_eq!(
        tilec(&["simulate", "--sets", "nope"]).status.code(),
        Some(2)
    );
}

/// `simulate --compare` alternates rounds of the two configurations and
/// prints both rates, their ratio and the per-placement figures; it plays its
/// own configurations, so it refuses the options that would choose others.
#[test]
fn simulate_compare_prints_both_rates_and_their_ratio() {
    let out = tilec(&[
        "simulate",
        "--compare",
        "--games",
        "6",
        "--rounds",
        "3",
        "--seed",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    for want in [
        "3 rounds alternating",
        "round 1: base ",
        "round 3: base ",
        "median: base ",
        "; ratio ",
        "turns a game, ",
        "ns per tile placed",
        "ns per legal placement offered",
        "all-sets: average scores ",
    ] {
        assert!(stdout.contains(want), "{want:?} missing in\n{stdout}");
    }
    assert_eq!(stdout.matches(" ns per tile placed").count(), 2, "{stdout}");
    for refused in [
        &["simulate", "--compare", "--sets", "base"][..],
        &["simulate", "--compare", "--players", "3"],
        &["simulate", "--compare", "--rounds", "0"],
        &["simulate", "--rounds", "3"],
    ] {
        assert_eq!(tilec(refused).status.code(), Some(2), "{refused:?}");
    }
}

/// `simulate --records DIR` writes every game as a record that `tilec play`
/// replays to the same scores (its `[expect]`).
#[test]
fn simulate_writes_records_that_play_replays() {
    let dir = common::Temp::new("sim-records");
    let out = tilec(&[
        "simulate",
        "--sets",
        "base,mm,river",
        "--players",
        "4",
        "--games",
        "3",
        "--records",
        dir.path(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    for n in 1..=3 {
        let path = dir.0.join(format!("game-{n}.toml"));
        let record = std::fs::read_to_string(&path).expect("record written");
        assert!(record.contains("[expect]"), "{record}");
        let path = path.to_str().expect("utf-8");
        let out = tilec(&["play", path]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    }
    assert!(!dir.0.join("game-4.toml").exists());
}

/// A record with thousands of players is refused by their count at once (no
/// name-by-name check), and a record with an error in every turn prints the
/// first 20 and how many more.
#[test]
fn huge_broken_records_fail_fast_with_few_lines() {
    let dir = common::Temp::new("huge-records");
    let names: Vec<String> = (0..60_000).map(|i| format!("\"p{i}\"")).collect();
    let many = dir.0.join("players.toml");
    let text_many = format!(
        "players = [{}]\nsets = [\"base\"]\nstart = {{ tile = \"base/D\" }}\n",
        names.join(", ")
    );
    std::fs::write(&many, text_many).expect("write");
    let started = std::time::Instant::now();
    let out = tilec(&["play", many.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("60000 players: a game has 2 to 6"),
        "{}",
        text(&out.stderr)
    );
    assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
    let mut turns = String::from(
        "players = [\"a\", \"b\"]\nsets = [\"base\"]\nstart = { tile = \"base/D\" }\n",
    );
    for _ in 0..1000 {
        turns += "[[turn]]\ntile = \"base/U\"\nat = [1, 0]\nrotation = 45\n";
    }
    let broken = dir.0.join("turns.toml");
    std::fs::write(&broken, turns).expect("write");
    let out = tilec(&["play", broken.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert_eq!(stderr.lines().count(), 21, "{stderr}");
    assert!(
        stderr.contains("turn 1, key `rotation`: 45 is not 0, 90, 180 or 270"),
        "{stderr}"
    );
    assert!(stderr.contains("... and 980 more errors"), "{stderr}");
}

#[test]
fn play_refuses_a_set_without_the_sets_it_requires() {
    let t = common::Temp::new("play-requires");
    let record = t.0.join("river-alone.toml");
    let text_in = std::fs::read_to_string(common::root().join("tests/records/18-river-short.toml"))
        .expect("record 18")
        .replace("sets = [\"base\", \"river\"]", "sets = [\"river\"]");
    assert!(text_in.contains("sets = [\"river\"]"));
    std::fs::write(&record, text_in).expect("write");
    let out = tilec(&["play", record.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("tile set `river` requires `base`")
            && err.contains("sets = [\"base\", \"river\"]"),
        "{err}"
    );
    assert!(out.stdout.is_empty(), "nothing is played");
}

/// Traders & Builders: `play` names the goods taken, the goods majorities,
/// the pig's bonus and the builder's extra turn.
#[test]
fn play_prints_traders_builders_goods_pig_and_builder() {
    let run = |record: &str| {
        let out = tilec(&["play", record]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let goods = run("tests/records/95b-tb-goods-several-symbols.toml");
    for line in [
        "turn 4    blue: takes 2 wine (completed a city)",
        "turn 4    blue: takes 1 grain (completed a city)",
        "end       wine majority: +10 points for blue",
        "end       grain majority: +10 points for blue",
    ] {
        assert!(goods.contains(line), "{line}\n{goods}");
    }
    let pig = run("tests/records/98-tb-pig-field-won.toml");
    assert!(
        pig.contains("end       pig bonus (4 a city): +2 points for red"),
        "{pig}"
    );
    let builder = run("tests/records/96-tb-builder-extra-turn.toml");
    assert!(
        builder.contains("turn 5    red: extends the feature of the builder at [2, 0]")
            && builder.contains("turn 5    red: takes an extra turn"),
        "{builder}"
    );
}

/// The Tower: `play` names the pieces, the captures, the exchange, the
/// follower on top of a tower and the ransom with its points.
#[test]
fn play_prints_the_towers_happenings() {
    let run = |record: &str| {
        let out = tilec(&["play", record]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let exchange = run("tests/records/113-tower-exchange.toml");
    for line in [
        "turn 3    red: puts a tower piece on the tower at [0, 1] (height 1)",
        "turn 3    red: captures player 1's follower at [1, 1] segment 0: a prisoner",
        "turn 4    blue: exchanges prisoners with player 0: its follower back, their follower back",
    ] {
        assert!(exchange.contains(line), "{line}\n{exchange}");
    }
    let ransom = run("tests/records/114-tower-ransom-to-zero.toml");
    for line in [
        "turn 5    ransom: -3 points for red",
        "turn 5    ransom: +3 points for blue",
        "turn 5    red: pays player 1 a ransom of 3 points: its follower back",
    ] {
        assert!(ransom.contains(line), "{line}\n{ransom}");
    }
    let top = run("tests/records/112-tower-follower-on-top.toml");
    assert!(
        top.contains("turn 2    blue: puts a follower on top of the tower at [1, 0] (finished)"),
        "{top}"
    );
}
