//! End to end: `tilec simulate --report DIR` on the shipped base game and River,
//! and with the 20th Anniversary and the promos (points outside features, extra
//! turns).

mod common;

use common::{text, tilec, Temp};
use serde_json::Value;
use std::collections::BTreeMap;

const GAMES: u64 = 50;

/// Runs the report of 50 games of base and River, seed 3, into `dir`.
fn report(dir: &Temp) -> (Value, String) {
    let out = tilec(&[
        "simulate",
        "--sets",
        "base,river",
        "--games",
        "50",
        "--seed",
        "3",
        "--report",
        dir.path(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let json = std::fs::read(dir.0.join("report.json")).expect("report.json");
    let html = std::fs::read_to_string(dir.0.join("report.html")).expect("report.html");
    (
        serde_json::from_slice(&json).expect("report.json parses"),
        html,
    )
}

fn num(v: &Value, key: &str) -> f64 {
    v[key]
        .as_f64()
        .unwrap_or_else(|| panic!("`{key}` is not a number in {v}"))
}

fn int(v: &Value, key: &str) -> u64 {
    v[key]
        .as_u64()
        .unwrap_or_else(|| panic!("`{key}` is not a count in {v}"))
}

/// `mean` is `sum / count`, as rounded in the report (0 over no case).
fn assert_mean(what: &str, mean: f64, sum: u64, count: u64) {
    let expected = if count == 0 {
        0.0
    } else {
        sum as f64 / count as f64
    };
    assert!(
        (mean - expected).abs() <= 0.000_05 + 1e-9,
        "{what}: mean {mean}, but {sum} / {count} = {expected}"
    );
}

#[test]
fn the_report_has_every_kind_with_consistent_figures() {
    let dir = Temp::new("report-json");
    let (v, _) = report(&dir);
    assert_eq!(v["run"]["games"], GAMES);
    let sets = v["sets"].as_object().expect("sets");
    assert_eq!(
        sets.keys().map(String::as_str).collect::<Vec<_>>(),
        ["base", "river"]
    );
    // One entry per kind of each shipped set.
    for shipped in [&tilec_runtime::tables::BASE, &tilec_runtime::tables::RIVER] {
        let tiles = sets[&*shipped.id]["tiles"].as_object().expect("tiles");
        let mut kinds: Vec<&str> = shipped.tiles.iter().map(|t| &*t.id).collect();
        kinds.sort_unstable();
        assert_eq!(
            tiles.keys().map(String::as_str).collect::<Vec<_>>(),
            kinds,
            "{}",
            shipped.id
        );
    }
    let mut total_draws = 0;
    for (set_id, set) in sets {
        let (mut draws, mut aside) = (0, 0);
        for (id, t) in set["tiles"].as_object().expect("tiles") {
            let what = format!("{set_id} {id}");
            let (d, s) = (int(t, "draws"), int(t, "set_aside"));
            assert!(s <= d, "{what}: {s} set aside of {d} draws");
            assert_mean(&what, num(t, "set_aside_rate"), s, d);
            assert_mean(
                &what,
                num(t, "mean_legal_placements"),
                int(t, "legal_placements"),
                d,
            );
            assert!(
                (int(t, "legal_placements") > 0) == (d > s),
                "{what}: a placed draw has a legal placement"
            );
            let (joined, points) = (int(t, "features_joined"), int(t, "feature_points"));
            assert_mean(&what, num(t, "mean_feature_points"), points, joined);
            // Every placed copy joins at least one feature.
            let placed = int(t, "placed");
            assert!(
                joined >= placed,
                "{what}: {joined} features for {placed} copies"
            );
            let copies = int(t, "copies");
            assert!(placed <= GAMES * copies, "{what}: {placed} placed");
            draws += d;
            aside += s;
        }
        assert_eq!((int(set, "draws"), int(set, "set_aside")), (draws, aside));
        total_draws += draws;
    }
    assert_eq!(int(&v, "tiles_drawn"), total_draws);

    let river = &sets["river"]["tiles"];
    // The spring is the start tile: never drawn, on the board in every game.
    let spring = &river["river/A"];
    assert_eq!((int(spring, "draws"), int(spring, "placed")), (0, GAMES));
    // Every other river tile is drawn once per game and nearly always fits.
    for (id, t) in river.as_object().expect("river tiles") {
        if id != "river/A" {
            assert_eq!(int(t, "draws"), GAMES, "{id}");
            assert!(num(t, "set_aside_rate") < 0.2, "{id}: {t}");
        }
    }
    // The lake, drawn last of the river, rarely finds no place.
    assert!(int(&river["river/L"], "placed") >= GAMES * 8 / 10);

    let base = &sets["base"]["tiles"];
    // Base D (city, road, two fields) joins at least three features per copy, and
    // they are worth points even without a figure on them.
    for id in ["base/D", "base/C", "base/U", "base/B"] {
        let t = &base[id];
        assert!(num(t, "mean_feature_points") > 0.0, "{id}: {t}");
    }
    let d = &base["base/D"];
    assert_eq!(int(d, "placed"), 4 * GAMES);
    assert!(int(d, "features_joined") >= 3 * 4 * GAMES, "{d}");
    // The four-sided city with a pennant is worth at least 2 (1 tile, 1 pennant).
    assert!(num(&base["base/C"], "mean_feature_points") >= 2.0);
    // A monastery is worth 1 plus its neighbours: at least 2 on a board.
    assert!(num(&base["base/B"], "mean_feature_points") >= 2.0);
}

#[test]
fn the_report_has_a_score_distribution_per_set_and_per_seat() {
    let dir = Temp::new("report-dist");
    let (v, _) = report(&dir);
    let check = |what: &str, d: &Value, width: u64| {
        let hist: Vec<u64> = d["histogram"]
            .as_array()
            .unwrap_or_else(|| panic!("{what}: no histogram"))
            .iter()
            .map(|c| c.as_u64().expect("a count"))
            .collect();
        assert_eq!(hist.iter().sum::<u64>(), GAMES, "{what}: {hist:?}");
        assert_eq!(int(d, "count"), GAMES, "{what}");
        let (min, max, mean) = (int(d, "min"), int(d, "max"), num(d, "mean"));
        assert!(min as f64 <= mean && mean <= max as f64, "{what}: {d}");
        assert!(num(d, "stddev") >= 0.0);
        // The bins reach the largest value and no further.
        assert_eq!(hist.len() as u64, max / width + 1, "{what}: {d}");
        assert!(hist.last() > Some(&0) || what.starts_with("seat"), "{what}");
        assert!(hist[(min / width) as usize] > 0, "{what}");
        assert!(hist.len() <= 26, "{what}: {} bins", hist.len());
        mean
    };
    let scores = &v["scores"];
    let seats = scores["seats"].as_array().expect("seats");
    assert_eq!(seats.len(), 2);
    let shared = int(scores, "bin_width");
    let seat_means: f64 = seats
        .iter()
        .map(|s| {
            let hist = s["histogram"].as_array().expect("histogram").len() as u64;
            let all_max = int(&scores["all_seats"], "max");
            assert_eq!(hist, all_max / shared + 1, "shared bins");
            let mean = num(s, "mean");
            assert_eq!(
                s["histogram"]
                    .as_array()
                    .map(|a| a.iter().filter_map(Value::as_u64).sum::<u64>()),
                Some(GAMES)
            );
            assert_eq!(int(s, "count"), GAMES);
            mean
        })
        .sum();
    assert_eq!(int(&scores["all_seats"], "count"), 2 * GAMES);
    let mut set_means = 0.0;
    for id in ["base", "river"] {
        let earned = &v["sets"][id]["earned"];
        let width = int(earned, "bin_width");
        let mean = check(id, earned, width);
        assert!(mean > 0.0, "{id}: {earned}");
        // No set's features earn more than all the players together.
        assert!(mean <= seat_means + 0.001, "{id}: {mean} > {seat_means}");
        set_means += mean;
    }
    // Every scored feature holds a tile of base or of the River.
    assert!(
        set_means + 0.001 >= seat_means,
        "{set_means} < {seat_means}"
    );
}

#[test]
fn the_report_html_is_self_contained_and_drawn_with_plotters() {
    let dir = Temp::new("report-html");
    let (_, html) = report(&dir);
    // Final scores, then per set its earned points and its kinds.
    assert_eq!(html.matches("<svg").count(), 5, "{html}");
    // plotters' SVG backend: a text anchored at its top, the filled background.
    assert!(html.contains("dy=\"0.76em\""), "no plotters text");
    assert!(
        html.contains("opacity=\"1\" fill=\"#FFFFFF\" stroke=\"none\"/>"),
        "no plotters background"
    );
    for label in [
        "Final scores per seat",
        "seat 1",
        "base/D",
        "river/L",
        "set-aside rate",
    ] {
        assert!(html.contains(label), "no `{label}` in the page");
    }
    for remote in [
        "http:", "https:", "//", "src=", "href=", "@import", "<script",
    ] {
        assert!(!html.contains(remote), "{remote} in the report");
    }
}

#[test]
fn two_runs_give_the_same_bytes() {
    let (a, b) = (Temp::new("report-a"), Temp::new("report-b"));
    report(&a);
    report(&b);
    for file in ["report.json", "report.html"] {
        let x = std::fs::read(a.0.join(file)).expect("first");
        let y = std::fs::read(b.0.join(file)).expect("second");
        assert!(x == y, "{file} differs between two runs");
    }
    // Nothing but the two files is left in the directory.
    let mut names: Vec<String> = std::fs::read_dir(&a.0)
        .expect("report dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["report.html", "report.json"]);
}

#[test]
fn an_unwritable_report_directory_fails_before_the_games() {
    let dir = Temp::new("report-bad");
    let file = dir.0.join("a-file");
    std::fs::write(&file, "not a directory").expect("write");
    for target in [file.join("report"), file.clone()] {
        let out = tilec(&[
            "simulate",
            "--games",
            "5",
            "--report",
            target.to_str().expect("utf-8"),
        ]);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains("error: cannot create the report directory"),
            "{stderr}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    }
    assert_eq!(
        std::fs::read_to_string(&file).expect("the file"),
        "not a directory"
    );
    assert_eq!(std::fs::read_dir(&dir.0).expect("dir").count(), 1);
}

/// Walks JSON text and fails on an object whose keys are not in sorted order,
/// as written (a parsed `Value` may sort them itself).
struct SortedKeys;

impl<'de> serde::Deserialize<'de> for SortedKeys {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(SortedKeys)
    }
}

impl<'de> serde::de::Visitor<'de> for SortedKeys {
    type Value = SortedKeys;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("JSON")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<SortedKeys, A::Error> {
        let mut last: Option<String> = None;
        while let Some(key) = map.next_key::<String>()? {
            if last.as_ref().is_some_and(|l| *l >= key) {
                return Err(serde::de::Error::custom(format!(
                    "key `{key}` after `{}`",
                    last.unwrap_or_default()
                )));
            }
            map.next_value::<SortedKeys>()?;
            last = Some(key);
        }
        Ok(SortedKeys)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<SortedKeys, A::Error> {
        while seq.next_element::<SortedKeys>()?.is_some() {}
        Ok(SortedKeys)
    }

    fn visit_bool<E>(self, _: bool) -> Result<SortedKeys, E> {
        Ok(SortedKeys)
    }
    fn visit_u64<E>(self, _: u64) -> Result<SortedKeys, E> {
        Ok(SortedKeys)
    }
    fn visit_i64<E>(self, _: i64) -> Result<SortedKeys, E> {
        Ok(SortedKeys)
    }
    fn visit_f64<E>(self, _: f64) -> Result<SortedKeys, E> {
        Ok(SortedKeys)
    }
    fn visit_str<E>(self, _: &str) -> Result<SortedKeys, E> {
        Ok(SortedKeys)
    }
}

#[test]
fn report_json_keys_are_sorted_at_every_level_as_written() {
    let dir = Temp::new("report-sorted");
    report(&dir);
    let json = std::fs::read_to_string(dir.0.join("report.json")).expect("report.json");
    let sorted: Result<SortedKeys, _> = serde_json::from_str(&json);
    assert!(sorted.is_ok(), "{:?}", sorted.err());
    // The checker does catch an unsorted object.
    let unsorted: Result<SortedKeys, _> = serde_json::from_str(r#"{"a": {"c": 1, "b": 2}}"#);
    assert!(unsorted.is_err());
}

#[test]
fn a_blocked_report_html_leaves_both_files_as_they_were() {
    let dir = Temp::new("report-blocked");
    std::fs::write(dir.0.join("report.json"), "old json").expect("write");
    let blocked = dir.0.join("report.html");
    std::fs::create_dir(&blocked).expect("a directory where the page goes");
    std::fs::write(blocked.join("keep"), "kept").expect("write");
    let out = tilec(&["simulate", "--games", "5", "--report", dir.path()]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "error: `{}` is a directory, not a file",
            blocked.display()
        )),
        "{stderr}"
    );
    // Neither file is replaced, and no temporary file is left.
    assert_eq!(
        std::fs::read_to_string(dir.0.join("report.json")).expect("json"),
        "old json"
    );
    assert_eq!(
        std::fs::read_to_string(blocked.join("keep")).expect("kept"),
        "kept"
    );
    assert_eq!(std::fs::read_dir(&dir.0).expect("dir").count(), 2);
}

#[test]
fn a_report_inside_its_tile_directory_is_refused() {
    let dir = Temp::new("report-in-tiles");
    for f in ["lagoon.tiles", "sets.toml"] {
        std::fs::copy(common::root().join("tests/custom").join(f), dir.0.join(f)).expect("copy");
    }
    let report = dir.0.join("report");
    let out = tilec(&[
        "simulate",
        "--tiles",
        dir.path(),
        "--sets",
        "lagoon",
        "--games",
        "3",
        "--report",
        report.to_str().expect("utf-8"),
    ]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("lies inside the input"), "{stderr}");
    assert!(!report.exists(), "nothing is created inside the input");
}

/// Runs the report of 40 games of `sets` for 4 players, seed 3, on `threads`
/// threads, into `dir`, each game's record into `records` when given.
fn expansion_report(sets: &str, threads: &str, dir: &Temp, records: Option<&Temp>) -> Value {
    let mut args = vec![
        "simulate",
        "--sets",
        sets,
        "--players",
        "4",
        "--games",
        "40",
        "--seed",
        "3",
        "--threads",
        threads,
        "--report",
        dir.path(),
    ];
    if let Some(r) = records {
        args.extend(["--records", r.path()]);
    }
    let out = tilec(&args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let json = std::fs::read(dir.0.join("report.json")).expect("report.json");
    serde_json::from_slice(&json).expect("report.json parses")
}

/// What `tilec play` prints of every record in `records`, added up: per
/// reason, the points lines outside features (times and points); the
/// extra-turn arrows activated; the extra turns taken.
fn replayed(records: &Temp) -> (BTreeMap<String, (u64, i64)>, u64, u64) {
    let (mut bonus, mut arrows, mut extra) = (BTreeMap::new(), 0, 0);
    let mut games = 0;
    for (path, _) in records_of(records) {
        let out = tilec(&["play", path.to_str().expect("utf-8")]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        games += 1;
        for line in text(&out.stdout).lines() {
            // `  turn 4    arrow: +2 points for p4`, `  end       vodyanoy: -2 points for p1`
            let rest = line.trim_start().trim_start_matches("turn ");
            let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit() || c == ' ');
            let rest = rest.strip_prefix("end").unwrap_or(rest).trim_start();
            if let Some((reason, tail)) = rest.split_once(": ") {
                if let Some(points) = tail
                    .split_once(" points for ")
                    .filter(|(p, _)| p.starts_with(['+', '-']))
                    .and_then(|(p, _)| p.parse::<i64>().ok())
                {
                    let e = bonus.entry(reason.to_string()).or_insert((0, 0));
                    e.0 += 1;
                    e.1 += points;
                }
            }
            arrows += u64::from(line.ends_with("activates the extra-turn arrow"));
            extra += u64::from(line.ends_with("takes an extra turn"));
        }
    }
    assert_eq!(games, 40, "one record per game");
    (bonus, arrows, extra)
}

/// The text of every record in `records`, with its path.
fn records_of(records: &Temp) -> Vec<(std::path::PathBuf, String)> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&records.0).expect("records") {
        let path = entry.expect("entry").path();
        if path.extension().and_then(|e| e.to_str()) == Some("toml") {
            let text = std::fs::read_to_string(&path).expect("a record");
            out.push((path, text));
        }
    }
    out.sort();
    out
}

/// How many figures of `kind` the records place.
fn placed_in(records: &Temp, kind: &str) -> u64 {
    let key = format!("kind = \"{kind}\"");
    records_of(records)
        .iter()
        .map(|(_, t)| t.matches(&key).count() as u64)
        .sum()
}

/// The report's `bonus_points` as (given, points) per reason.
fn bonus_points(v: &Value) -> BTreeMap<String, (u64, i64)> {
    v["bonus_points"]
        .as_object()
        .unwrap_or_else(|| panic!("no bonus_points in {v}"))
        .iter()
        .map(|(reason, b)| {
            let points = b["points"].as_i64().expect("points");
            (reason.clone(), (int(b, "given"), points))
        })
        .collect()
}

#[test]
fn the_report_counts_arrow_points_and_extra_turns_as_the_games_replay() {
    let (dir, records) = (
        Temp::new("report-anniversary"),
        Temp::new("report-anniversary-records"),
    );
    let v = expansion_report("base,anniversary", "2", &dir, Some(&records));
    let bonus = bonus_points(&v);
    let (given, points) = bonus["arrow"];
    // Every arrow pointing at an empty square is worth 2; there are some in 40
    // games, and no other reason.
    assert!(given > 0, "{bonus:?}");
    assert_eq!(points, 2 * given as i64);
    assert_eq!(bonus.keys().collect::<Vec<_>>(), ["arrow"]);
    let extra = &v["extra_turns"];
    assert_eq!(
        extra
            .as_object()
            .expect("extra_turns")
            .keys()
            .collect::<Vec<_>>(),
        ["arrow"],
        "every extra turn comes from an arrow: {extra}"
    );
    // The same figures as the records' replays, one game at a time.
    let (replayed_bonus, arrows, turns) = replayed(&records);
    assert_eq!(bonus, replayed_bonus);
    assert!(turns > 0);
    assert_eq!((int(extra, "arrow"), arrows), (turns, turns));
    // The per-thread tallies merge to the same report on one thread or three.
    for threads in ["1", "3"] {
        let other = Temp::new(&format!("report-anniversary-{threads}"));
        expansion_report("base,anniversary", threads, &other, None);
        for file in ["report.json", "report.html"] {
            let x = std::fs::read(dir.0.join(file)).expect("two threads");
            let y = std::fs::read(other.0.join(file)).expect("other threads");
            assert!(x == y, "{file} differs on {threads} threads");
        }
    }
    let html = std::fs::read_to_string(dir.0.join("report.html")).expect("report.html");
    for row in [
        "<h2>Points outside features</h2>".to_string(),
        format!("<tr><td>arrow</td><td>{given}</td><td>{points}</td></tr>"),
        "<h2>Extra turns</h2>".to_string(),
        format!("<tr><td>extra-turn arrow</td><td>{turns}</td></tr>"),
    ] {
        assert!(html.contains(&row), "no `{row}` in the page");
    }
}

#[test]
fn the_report_counts_vodyanoys_penalty_as_the_games_replay() {
    let (dir, records) = (
        Temp::new("report-promos"),
        Temp::new("report-promos-records"),
    );
    let v = expansion_report("base,promos", "2", &dir, Some(&records));
    let bonus = bonus_points(&v);
    assert_eq!(bonus.keys().collect::<Vec<_>>(), ["vodyanoy"]);
    // One penalty per player with trapped figures: -2 per figure.
    let (given, points) = bonus["vodyanoy"];
    assert!(given > 0 && points <= -2 * given as i64 && points % 2 == 0);
    let (replayed_bonus, arrows, turns) = replayed(&records);
    assert_eq!(bonus, replayed_bonus);
    assert_eq!((arrows, turns), (0, 0));
    assert!(v.get("extra_turns").is_none(), "{v}");
    let html = std::fs::read_to_string(dir.0.join("report.html")).expect("report.html");
    assert!(html.contains(&format!(
        "<tr><td>vodyanoy</td><td>{given}</td><td>{points}</td></tr>"
    )));
    assert!(!html.contains("<h2>Extra turns</h2>"));
}

#[test]
fn a_report_without_bonus_points_or_extra_turns_has_neither_key() {
    let dir = Temp::new("report-base-only");
    let base = expansion_report("base", "2", &dir, None);
    let html = std::fs::read_to_string(dir.0.join("report.html")).expect("report.html");
    let river = Temp::new("report-river");
    let (base_river, river_html) = report(&river);
    for (v, html) in [(base, html), (base_river, river_html)] {
        let keys: Vec<&String> = v.as_object().expect("report").keys().collect();
        assert_eq!(
            keys,
            ["run", "scores", "sets", "tiles_drawn"],
            "{}",
            v["run"]
        );
        for heading in [
            "Points outside features",
            "Extra turns",
            "Trade goods",
            "Figures placed",
        ] {
            assert!(!html.contains(heading), "{heading} in {}", v["run"]);
        }
    }
}

#[test]
fn the_report_counts_goods_pig_bonuses_and_builder_turns_as_the_games_replay() {
    let (dir, records) = (
        Temp::new("report-traders"),
        Temp::new("report-traders-records"),
    );
    let v = expansion_report("base,traders-builders", "2", &dir, Some(&records));
    // What `tilec play` prints of each record: the goods taken
    // (`p2: takes 2 wine (completed a city)`), the builder's turns.
    let mut taken: BTreeMap<String, u64> = BTreeMap::new();
    let mut builder_turns = 0;
    for (path, _) in records_of(&records) {
        let out = tilec(&["play", path.to_str().expect("utf-8")]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        for line in text(&out.stdout).lines() {
            let goods_line = line.ends_with("(completed a city)");
            if let Some((_, rest)) = line.split_once(": takes ").filter(|_| goods_line) {
                if let Some((n, rest)) = rest.split_once(' ') {
                    let good = rest.split(' ').next().expect("a good").to_string();
                    *taken.entry(good).or_default() += n.parse::<u64>().expect("a count");
                }
            }
            builder_turns += u64::from(line.ends_with(": one more turn"));
        }
    }
    let goods = v["goods"].as_object().expect("goods in the report");
    let reported: BTreeMap<String, u64> = goods
        .iter()
        .map(|(g, x)| (g.clone(), int(x, "taken")))
        .collect();
    assert_eq!(reported, taken);
    assert_eq!(
        reported.keys().collect::<Vec<_>>(),
        ["cloth", "grain", "wine"],
        "every good is taken in 40 games"
    );
    for (good, x) in goods {
        let mean = x["mean_taken"].as_f64().expect("mean_taken");
        assert!(
            (mean - int(x, "taken") as f64 / 40.0).abs() < 1e-4,
            "{good}: {x}"
        );
    }
    // Majorities of each good and pig bonuses are points outside features,
    // as the replays print them; every majority is worth 10.
    let bonus = bonus_points(&v);
    let (replayed_bonus, arrows, turns) = replayed(&records);
    assert_eq!(bonus, replayed_bonus);
    for good in ["wine", "grain", "cloth"] {
        let (given, points) = bonus[&format!("{good} majority")];
        assert!(
            given > 0 && points == 10 * given as i64,
            "{good}: {bonus:?}"
        );
    }
    let (pigs, pig_points) = bonus["pig bonus (4 a city)"];
    assert!(pigs > 0 && pig_points >= pigs as i64, "{bonus:?}");
    // Every extra turn is a builder's, as many as the replays print.
    assert_eq!(arrows, 0);
    assert!(builder_turns > 0);
    let extra = &v["extra_turns"];
    assert_eq!(int(extra, "builder"), builder_turns);
    assert!(extra.get("arrow").is_none(), "{extra}");
    assert_eq!(turns, builder_turns, "one extra turn a builder's turn");
    assert!(extra.get("other").is_none(), "{extra}");
    // Every builder and pig placed, as the records place them.
    let placed = &v["figures_placed"];
    let (builders, pigs) = (placed_in(&records, "builder"), placed_in(&records, "pig"));
    assert!(builders > 0 && pigs > 0);
    assert_eq!(
        (
            int(&placed["builder"], "placed"),
            int(&placed["pig"], "placed")
        ),
        (builders, pigs),
        "{placed}"
    );
    let html = std::fs::read_to_string(dir.0.join("report.html")).expect("report.html");
    let wine = int(&goods["wine"], "taken");
    for row in [
        "<h2>Trade goods</h2>".to_string(),
        format!("<tr><td>wine</td><td>{wine}</td>"),
        format!("<tr><td>builder</td><td>{builder_turns}</td></tr>"),
        format!("<tr><td>pig</td><td>{pigs}</td>"),
    ] {
        assert!(html.contains(&row), "no `{row}` in the page");
    }
}

#[test]
fn the_report_counts_big_followers_placed_as_the_records_place_them() {
    let (dir, records) = (Temp::new("report-inns"), Temp::new("report-inns-records"));
    let v = expansion_report("base,inns-cathedrals", "2", &dir, Some(&records));
    let big = placed_in(&records, "big-follower");
    assert!(big > 0, "no big follower placed in 40 games");
    let placed = &v["figures_placed"];
    assert_eq!(int(&placed["big-follower"], "placed"), big, "{placed}");
    assert!(int(&placed["follower"], "placed") > big, "{placed}");
    let mean = placed["big-follower"]["mean_placed"]
        .as_f64()
        .expect("mean");
    assert!((mean - big as f64 / 40.0).abs() < 1e-4);
    let html = std::fs::read_to_string(dir.0.join("report.html")).expect("report.html");
    assert!(html.contains(&format!("<tr><td>big-follower</td><td>{big}</td>")));
}

#[test]
fn the_report_counts_the_dragon_princess_and_fairy_as_the_games_replay() {
    let (dir, records) = (
        Temp::new("report-dragon"),
        Temp::new("report-dragon-records"),
    );
    let v = expansion_report("base,princess-dragon", "2", &dir, Some(&records));
    // What `tilec play` prints of each record.
    let (mut entered, mut moved, mut eaten, mut held, mut sent, mut fairy) = (0, 0, 0, 0, 0, 0);
    for (path, _) in records_of(&records) {
        let out = tilec(&["play", path.to_str().expect("utf-8")]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        for line in text(&out.stdout).lines() {
            entered += u64::from(line.contains(": places a volcano: the dragon enters at "));
            moved += u64::from(line.contains(": moves the dragon from "));
            eaten += u64::from(line.ends_with("goes home (eaten by the dragon)"));
            held += u64::from(line.ends_with(": held back until the first volcano"));
            sent += u64::from(line.ends_with("goes home (sent home by the princess)"));
            fairy += u64::from(line.contains(": moves the fairy beside the follower at "));
        }
    }
    let dragon = &v["dragon"];
    let count = |what: &str| dragon.get(what).map_or(0, |x| int(x, "count"));
    // A volcano's jump and a step are both a dragon move in the replay; the
    // dragon enters the game with the first volcano.
    assert_eq!(
        count("volcanoes") + count("dragon moves"),
        entered + moved,
        "{dragon}"
    );
    assert!(count("volcanoes") >= entered && entered > 0, "{dragon}");
    assert!(count("dragon moves") > 0, "{dragon}");
    assert_eq!(count("figures eaten"), eaten, "{dragon}");
    assert_eq!(count("dragon tiles held back"), held, "{dragon}");
    assert_eq!(count("knights sent home by the princess"), sent, "{dragon}");
    assert_eq!(count("fairy moves"), fairy, "{dragon}");
    assert!(eaten > 0 && held > 0 && fairy > 0, "{dragon}");
    for (what, x) in dragon.as_object().expect("dragon in the report") {
        let mean = x["mean"].as_f64().expect("mean");
        assert!(
            (mean - int(x, "count") as f64 / 40.0).abs() < 1e-4,
            "{what}: {x}"
        );
    }
    let html = std::fs::read_to_string(dir.0.join("report.html")).expect("report.html");
    for row in [
        "<h2>Dragon, princess and fairy</h2>".to_string(),
        format!("<tr><td>figures eaten</td><td>{eaten}</td>"),
    ] {
        assert!(html.contains(&row), "no `{row}` in the page");
    }
}
