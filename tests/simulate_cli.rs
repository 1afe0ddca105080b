//! End to end: `tilec simulate` on several threads, and the arguments it refuses.

mod common;

use common::{text, tilec, Temp};

/// Runs `simulate` with `threads` and a report into `dir`; stdout without the
/// timing line, which is the only one that may differ.
fn run(threads: &str, dir: &Temp) -> String {
    let out = tilec(&[
        "simulate",
        "--sets",
        "base,river,promos",
        "--players",
        "3",
        "--games",
        "120",
        "--seed",
        "9",
        "--threads",
        threads,
        "--report",
        dir.path(),
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let unit = if threads == "1" { "thread" } else { "threads" };
    assert!(
        stdout.contains(&format!(" games/s on {threads} {unit}\n")),
        "{stdout}"
    );
    stdout
        .lines()
        .filter(|l| !l.starts_with("time "))
        .map(|l| l.replace(dir.path(), "DIR"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn three_threads_give_the_results_of_one() {
    let (one, three) = (Temp::new("threads-1"), Temp::new("threads-3"));
    let a = run("1", &one);
    let b = run("3", &three);
    assert!(a.contains("average scores "), "{a}");
    assert_eq!(a, b);
    for file in ["report.json", "report.html"] {
        let x = std::fs::read(one.0.join(file)).expect("one thread's");
        let y = std::fs::read(three.0.join(file)).expect("three threads'");
        assert!(x == y, "{file} differs between 1 and 3 threads");
    }
}

#[test]
fn the_default_is_one_thread_per_core_and_gives_the_same_averages() {
    let args = ["simulate", "--games", "40", "--seed", "2"];
    let default = text(&tilec(&args).stdout);
    // One thread per core, and no more threads than games.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert!(
        default.contains(&format!("games/s on {} thread", cores.min(40))),
        "{default}"
    );
    let one = text(&tilec(&[&args[..], &["--threads", "1"]].concat()).stdout);
    let averages = |s: &str| s.lines().skip(2).collect::<Vec<_>>().join("\n");
    assert_eq!(averages(&default), averages(&one));
}

/// `simulate ARGS...` exits 2 with `message` on stderr and nothing on stdout.
fn refused(args: &[&str], message: &str) {
    let out = tilec(&[&["simulate"], args].concat());
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(stderr.contains(message), "{args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
}

#[test]
fn zero_threads_are_refused() {
    refused(
        &["--threads", "0"],
        "error: --threads 0: at least one thread plays",
    );
}

#[test]
fn a_set_without_the_set_it_requires_is_refused() {
    refused(
        &["--sets", "river", "--games", "1"],
        "error: tile set `river` requires `base` (see its `requires` in sets.toml)\n  \
         = hint: play it with what it requires: `--sets base,river`\n",
    );
    refused(
        &["--sets", "promos,river", "--games", "1"],
        "`--sets base,promos,river`",
    );
}

#[test]
fn a_designer_set_requires_what_its_own_sets_toml_says() {
    let dir = Temp::new("requires-custom");
    let root = common::root();
    // The custom lagoon set, played with the base game: its start tile goes.
    let lagoon = std::fs::read_to_string(root.join("tests/custom/lagoon.tiles")).expect("lagoon");
    let lagoon: String = lagoon
        .lines()
        .filter(|l| !l.trim_start().starts_with("start "))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(dir.0.join("lagoon.tiles"), lagoon).expect("write");
    std::fs::copy(root.join("tiles/base.tiles"), dir.0.join("base.tiles")).expect("copy");
    std::fs::write(
        dir.0.join("sets.toml"),
        "[[set]]\nid = \"base\"\ntotal = 72\n\n[[set]]\nid = \"lagoon\"\ntotal = 16\nrequires = [\"base\"]\n",
    )
    .expect("write");
    let args = ["--tiles", dir.path(), "--games", "2", "--sets"];
    refused(
        &[&args[..], &["lagoon"]].concat(),
        "error: tile set `lagoon` requires `base`",
    );
    let out = tilec(&[&["simulate"], &args[..], &["lagoon,base"]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn zero_games_are_refused() {
    refused(
        &["--games", "0"],
        "error: --games 0: there is nothing to simulate; give at least 1\n",
    );
}

/// The Tower is played (issue #38): `simulate` plays it with four players,
/// the records it writes hold its tower pieces, and `play` replays them.
#[test]
fn the_tower_is_played_and_its_records_replay() {
    let dir = Temp::new("tower-played");
    let args = [
        "simulate",
        "--sets",
        "base,tower",
        "--players",
        "4",
        "--games",
        "10",
        "--threads",
        "1",
        "--figure-rate",
        "0.9",
        "--records",
        dir.path(),
    ];
    let out = tilec(&args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let mut pieces = 0;
    for n in 1..=10 {
        let record = format!("{}/game-{n}.toml", dir.path());
        let text_in = std::fs::read_to_string(&record).expect("a record");
        pieces += text_in.matches("tower = { at = ").count();
        let out = tilec(&["play", &record]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    }
    assert!(pieces > 0, "no tower piece in 10 games");
}

/// Both big boxes are played (issue #33): `simulate` plays each with four
/// players, the records it writes name its tiles and its figures (the big
/// follower; the builder and the pig), and `play` replays them.
#[test]
fn the_big_boxes_are_played_and_their_records_replay() {
    for (set, kinds) in [
        ("inns-cathedrals", &["big-follower"][..]),
        ("traders-builders", &["builder", "pig"][..]),
    ] {
        let dir = Temp::new(&format!("{set}-played"));
        let sets = format!("base,{set}");
        let args = [
            "simulate",
            "--sets",
            &sets,
            "--players",
            "4",
            "--games",
            "20",
            "--threads",
            "1",
            "--figure-rate",
            "0.9",
            "--records",
            dir.path(),
        ];
        let out = tilec(&args);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let mut placed = vec![0; kinds.len()];
        for n in 1..=20 {
            let record = format!("{}/game-{n}.toml", dir.path());
            let written = std::fs::read_to_string(&record).expect("a record");
            assert!(written.contains(&format!("\"{set}/")), "{written}");
            for (count, kind) in placed.iter_mut().zip(kinds) {
                *count += written.matches(&format!("kind = \"{kind}\"")).count();
            }
            let out = tilec(&["play", &record]);
            assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        }
        for (count, kind) in placed.iter().zip(kinds) {
            assert!(*count > 0, "no {kind} placed in 20 games of {set}");
        }
    }
}
