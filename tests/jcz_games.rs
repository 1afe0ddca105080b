//! Games across with JCloisterZone (`docs/jcz-games.md`), without
//! JCloisterZone: real games its engine played and saved (`tests/jcz_games/`,
//! with the scores its engine gave after every turn) import and score the
//! same; records of every setup cross to a save and back unchanged; hostile
//! saves are refused, each problem located.

mod common;

use proptest::prelude::*;
use serde_json::{json, Value};
use std::borrow::Cow;
use tilec::jcz_game::{self, Problem};
use tilec::record::{self, Record};
use tilec::sets::Available;
use tilec_runtime::{tables, Catalog, Event, Game, RandomPlayer, Rng, Setup, TileSet};

fn fixture(name: &str) -> String {
    std::fs::read_to_string(common::root().join(format!("tests/jcz_games/{name}"))).unwrap()
}

fn import(text: &str) -> Result<jcz_game::Imported, Vec<Problem>> {
    jcz_game::import(text, &Available::Shipped)
}

/// The game of a record: scores after every turn (its scoring done, the
/// final scoring not yet) and at the end, summed from the game's events.
fn scores(record: &Record) -> (Vec<Vec<i32>>, Vec<i32>) {
    let sets = Available::Shipped.sets_for(&record.sets);
    let sets: Vec<&TileSet> = sets.iter().map(Cow::as_ref).collect();
    let end = record::replay(record, &sets).expect("the imported record replays");
    let n = record.turns.len();
    let mut turns = vec![vec![0; record.players.len()]; n];
    let mut add = |turn: u32, player: u8, points: i32| {
        for scores in turns.iter_mut().skip(turn as usize - 1) {
            scores[usize::from(player)] += points;
        }
    };
    for e in end.events() {
        match e {
            Event::Scored(s) if (s.turn as usize) <= n => {
                for &w in &s.winners {
                    add(s.turn, w, s.points as i32);
                }
            }
            Event::Points {
                turn,
                player,
                points,
                ..
            } if (*turn as usize) <= n => add(*turn, *player, *points),
            _ => {}
        }
    }
    (turns, end.scores().to_vec())
}

/// JCloisterZone's scores of a committed game: after every turn, and final.
fn jcz_scores(name: &str) -> (Vec<Vec<i32>>, Vec<i32>) {
    let v: Value = serde_json::from_str(&fixture(&format!("{name}.scores.json"))).unwrap();
    let ints = |v: &Value| -> Vec<i32> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_i64().unwrap() as i32)
            .collect()
    };
    let turns = v["turns"].as_array().unwrap().iter().map(ints).collect();
    (turns, ints(&v["scores"]))
}

#[test]
fn games_jczs_engine_saved_import_and_score_as_it_scored_them() {
    for name in [
        "base",
        "base-set-aside",
        "river",
        "festival",
        "promos",
        "big-boxes",
    ] {
        let imported =
            import(&fixture(&format!("{name}.jcz"))).unwrap_or_else(|p| panic!("{name}: {}", p[0]));
        let ours = scores(&imported.record);
        let theirs = jcz_scores(name);
        assert_eq!(ours.0.len(), theirs.0.len(), "{name}: turns");
        for (t, (a, b)) in ours.0.iter().zip(&theirs.0).enumerate() {
            assert_eq!(a, b, "{name}: scores after turn {}", t + 1);
        }
        assert_eq!(ours.1, theirs.1, "{name}: final scores");
    }
}

#[test]
fn a_forced_draw_order_sets_aside_what_jcz_set_aside() {
    let imported = import(&fixture("base-set-aside.jcz")).unwrap();
    let aside: Vec<&String> = imported
        .record
        .turns
        .iter()
        .flat_map(|t| &t.set_aside)
        .collect();
    // JCloisterZone drew the monastery second and found no place for it.
    assert_eq!(aside, ["base/B"]);
    assert!(imported.notes.is_empty(), "{:?}", imported.notes);
    // Without the draw order the save does not say it: a note counts it.
    let mut save: Value = serde_json::from_str(&fixture("base-set-aside.jcz")).unwrap();
    save.as_object_mut().unwrap().remove("gameAnnotations");
    let imported = import(&save.to_string()).unwrap();
    assert_eq!(imported.notes.len(), 1);
    assert!(
        imported.notes[0].contains("1 tiles of the pile were never placed"),
        "{}",
        imported.notes[0]
    );
}

#[test]
fn a_game_tilec_rules_otherwise_is_refused_at_the_turn_that_differs() {
    // JCloisterZone's Solovei caught the follower that tilec's Vodyanoy takes
    // (docs/rules/jcz-differences.md, vodyanoy-wins): freeing it from the
    // tree is no move of tilec's.
    let problems = import(&fixture("promos-vodyanoy-wins.jcz")).unwrap_err();
    let text = problems[0].to_string();
    assert!(
        text.starts_with("replay[105] (turn 39, `BA/RFrG` at [-4, 5]): tilec's engine refuses it"),
        "{text}"
    );
    assert!(
        text.contains("free = { kind = \"follower\", at = [-3, -1] }"),
        "{text}"
    );
    assert!(
        text.contains("hint: the game breaks a rule as tilec plays it"),
        "{text}"
    );
}

/// A random game of `sets` as a record, the players `p1`, `p2`, ...
fn random_record(sets: &[&str], players: usize, seed: u64) -> Record {
    let cat = std::sync::Arc::new(Catalog::shipped(sets).unwrap());
    let mut game = Game::new(cat, Setup::new(players).with_history()).unwrap();
    RandomPlayer::new(0.5).play(&mut game, &mut Rng::new(seed));
    let names: Vec<String> = (1..=players).map(|p| format!("p{p}")).collect();
    game.to_record(&names).unwrap()
}

/// Every setup both engines know.
const SETUPS: [&[&str]; 6] = [
    &["base"],
    &["base", "river"],
    &["base", "festival"],
    &["base", "promos"],
    &["base", "inns-cathedrals"],
    &["base", "traders-builders"],
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// Record → save → record is the same game, for every setup.
    #[test]
    fn records_cross_to_a_save_and_back_unchanged(setup in 0..SETUPS.len(), players in 2..=4usize, seed: u64) {
        let mut record = random_record(SETUPS[setup], players, seed);
        let save = jcz_game::export(&record, &Available::Shipped).unwrap();
        let back = import(&save.json).unwrap_or_else(|p| panic!("{}", p[0]));
        record.expect_scores = None;
        prop_assert_eq!(back.record.to_toml(), record.to_toml());
        prop_assert!(back.notes.is_empty());
    }
}

#[test]
fn a_save_says_what_jczs_client_reads() {
    let record = random_record(&["base", "festival"], 2, 3);
    let save: Value =
        serde_json::from_str(&jcz_game::export(&record, &Available::Shipped).unwrap().json)
            .unwrap();
    assert_eq!(save["appVersion"], "5.12.1");
    assert_eq!(
        save["setup"]["sets"],
        json!({ "basic:2": 1, "festival": 1 })
    );
    assert_eq!(save["setup"]["start"][0]["tile"], "BA/RCr");
    assert_eq!(save["setup"]["elements"]["festival"], true);
    assert_eq!(save["setup"]["elements"]["small-follower"], 7);
    assert_eq!(save["players"][1], json!({ "name": "p2", "slot": 1 }));
    let order = save["gameAnnotations"]["drawOrder"].as_array().unwrap();
    assert_eq!(order.last(), Some(&json!("#END")));
    let first = &save["replay"][0];
    assert_eq!(first["type"], "PLACE_TILE");
    assert_eq!(first["payload"]["tileId"], order[0]);
    // The same record gives the same bytes.
    let again = jcz_game::export(&record, &Available::Shipped).unwrap().json;
    assert_eq!(save, serde_json::from_str::<Value>(&again).unwrap());
}

#[test]
fn sets_jcz_cannot_play_are_refused_by_name() {
    for (sets, named) in [
        (
            &["base", "anniversary"][..],
            "`anniversary` cannot cross to JCloisterZone: the 20th Anniversary's arrows",
        ),
        (
            &["base", "mm"][..],
            "`mm` cannot cross to JCloisterZone: Messengers & Mayors",
        ),
    ] {
        let record = random_record(sets, 2, 1);
        let p = jcz_game::export(&record, &Available::Shipped).unwrap_err();
        assert_eq!(p.at, "sets[1]");
        assert!(p.what.starts_with(named), "{p}");
    }
}

#[test]
fn a_record_stopped_inside_a_turn_is_refused() {
    for (key, value) in [("drawn", "base/V"), ("waiting", "figure")] {
        let mut record = random_record(&["base"], 2, 1);
        match key {
            "drawn" => record.drawn = Some(value.to_string()),
            _ => record.waiting = Some(record::Waiting::Figure),
        }
        let p = jcz_game::export(&record, &Available::Shipped).unwrap_err();
        assert_eq!(p.at, key);
        assert!(
            p.what
                .starts_with("a record stopped inside a turn cannot cross to JCloisterZone"),
            "{p}"
        );
    }
}

/// A change made to a save.
type Change = Box<dyn FnOnce(&mut Value)>;

/// The base fixture, changed by `f`, imported: its first problem as text.
fn refused(f: impl FnOnce(&mut Value)) -> String {
    let mut save: Value = serde_json::from_str(&fixture("base.jcz")).unwrap();
    f(&mut save);
    let problems = import(&save.to_string()).expect_err("refused");
    problems[0].to_string()
}

#[test]
fn a_setup_tilec_does_not_play_is_refused_naming_what() {
    let cases: Vec<(Change, &str)> = vec![
        (
            Box::new(|s| s["setup"]["elements"]["tower"] = json!(30)),
            "setup.elements.\"tower\": the game element `tower` is not one tilec plays\n  = hint: tilec plays JCloisterZone's base game",
        ),
        (
            Box::new(|s| s["setup"]["elements"]["small-follower"] = json!(8)),
            "setup.elements.\"small-follower\": 8 in the base game: tilec plays 7",
        ),
        (
            Box::new(|s| s["setup"]["rules"]["festival-return"] = json!("follower")),
            "setup.rules.\"festival-return\": `follower` in the Festival: tilec plays `meeple`",
        ),
        (
            Box::new(|s| s["setup"]["rules"]["no-such-rule"] = json!(true)),
            "setup.rules.\"no-such-rule\": `no-such-rule` is no rule option of JCloisterZone",
        ),
        (
            Box::new(|s| s["setup"]["sets"] = json!({ "basic:2": 1, "river/1:2": 1 })),
            "setup.sets.\"river/1:2\": JCloisterZone's tile-set `river/1:2` is none tilec has\n  = hint: JCloisterZone's River I is not tilec's River",
        ),
        (
            Box::new(|s| s["setup"]["sets"] = json!({ "basic:1": 1 })),
            "setup.sets.\"basic:1\": JCloisterZone's tile-set `basic:1` is none tilec has\n  = hint: tilec's base game is JCloisterZone's 2nd edition",
        ),
        (
            Box::new(|s| s["setup"]["sets"] = json!({ "basic:2": 2 })),
            "setup.sets.\"basic:2\": 2 copies of the tile-set; tilec plays each set once",
        ),
        (
            Box::new(|s| s["setup"]["start"][0]["rotation"] = json!(90)),
            "setup.start[0]: `BA/RCr` laid at [0, 0] turned 90°: a record's start tile lies unturned at [0, 0]",
        ),
        (
            Box::new(|s| s["players"][1]["name"] = json!("p1")),
            "players[1].name: `p1` names two players",
        ),
        (
            Box::new(|s| {
                let p = s["players"][0].clone();
                s["players"] = json!([p.clone(), p.clone(), p.clone(), p.clone(), p.clone(), p.clone(), p]);
            }),
            "players: 7 players; tilec plays 2 to 6",
        ),
        (
            Box::new(|s| {
                s["setup"] = json!({ "expansions": { "BASIC": 1 }, "capabilities": [] });
                s["appVersion"] = json!("4.4.0");
            }),
            "setup: a save of JCloisterZone 4.4.0 (its setup names `expansions` and `capabilities`): saves before 5.7.0 are read by neither",
        ),
    ];
    for (change, expected) in cases {
        let text = refused(change);
        assert!(text.starts_with(expected), "{text}\n  expected: {expected}");
    }
}

#[test]
fn a_message_tilec_cannot_map_is_refused_at_its_index() {
    let cases: Vec<(Change, &str)> = vec![
        (
            Box::new(|s| s["replay"][1] = json!({ "type": "PLACE_TOKEN", "payload": { "token": "TOWER_PIECE" } })),
            "replay[1].type: a `PLACE_TOKEN` message, which tilec cannot map",
        ),
        (
            Box::new(|s| s["replay"][0]["payload"]["rotation"] = json!("R45")),
            "replay[0].payload.rotation: `R45` is no rotation",
        ),
        (
            Box::new(|s| s["replay"][0]["payload"]["tileId"] = json!("TO/Tower")),
            "replay[0].payload.tileId: PLACE_TILE of `TO/Tower`, a tile of none of the game's tile-sets",
        ),
        (
            Box::new(|s| s["replay"][1] = json!({ "type": "DEPLOY_MEEPLE", "payload": {
                "pointer": { "position": [0, 1], "location": "N", "feature": "City" }, "meepleId": "0.wagon.1" } })),
            "replay[1].payload.meepleId: the meeple `0.wagon.1` is no figure tilec plays",
        ),
        (
            Box::new(|s| s["replay"][1] = json!({ "type": "DEPLOY_MEEPLE", "payload": {
                "pointer": { "position": [0, 1], "location": "QX", "feature": "City" }, "meepleId": "0.small.1" } })),
            "replay[1].payload.pointer: a City at `QX`, which names no place of a tile",
        ),
        (
            Box::new(|s| s["replay"][2] = json!({ "type": "PASS", "payload": {} })),
            "replay[2]: a second figure step in the turn of replay[0]; tilec's turns have one",
        ),
        (
            Box::new(|s| s["replay"][0] = json!({ "type": "PASS", "payload": {} })),
            "replay[0]: a figure step before the first PLACE_TILE",
        ),
        (
            Box::new(|s| s["replay"][1] = json!({ "type": "RETURN_MEEPLE", "payload": {
                "pointer": { "featurePointer": { "position": [0, 1], "location": "N", "feature": "City" }, "meepleId": "0.small.1" },
                "source": "PRINCESS" } })),
            "replay[1].payload.source: RETURN_MEEPLE for `PRINCESS`, a return tilec does not play",
        ),
    ];
    for (change, expected) in cases {
        let text = refused(change);
        assert!(text.starts_with(expected), "{text}\n  expected: {expected}");
    }
}

#[test]
fn a_move_tilecs_engine_refuses_is_located_at_its_message() {
    // The second tile laid far from the first: no tile beside it.
    let text = refused(|s| s["replay"][3]["payload"]["position"] = json!([9000, -9000]));
    assert!(text.starts_with("replay[3] (turn 2, "), "{text}");
    assert!(
        text.contains("at [9000, -9000]): tilec's engine refuses it: turn 2"),
        "{text}"
    );
}

#[test]
fn hostile_saves_are_refused_quickly_with_a_located_message() {
    let first = |t: &str| import(t).unwrap_err()[0].to_string();
    // Not JSON.
    assert!(
        first("{\"players\": [").starts_with("line 1, column 13: not JSON"),
        "{}",
        first("{\"players\": [")
    );
    // Deep nesting: the JSON reader's own depth limit.
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let text = first(&deep);
    assert!(
        text.contains("not JSON: recursion limit exceeded"),
        "{text}"
    );
    // Huge numbers.
    let text = refused(|s| s["replay"][0]["payload"]["position"] = json!([1e300, 0]));
    assert!(
        text.starts_with("replay[0].payload.position[0]: expected a whole number from -10000 to 10000, found 1e+300"),
        "{text}"
    );
    let text = refused(|s| s["setup"]["sets"]["basic:2"] = json!(18446744073709551615u64));
    assert!(
        text.starts_with("setup.sets.\"basic:2\": expected a whole number from 0 to 99"),
        "{text}"
    );
    // A replay longer than the pile: the base game's 71 tiles and 72 more.
    let text = refused(|s| {
        let replay = s["replay"].as_array().unwrap().clone();
        s["replay"].as_array_mut().unwrap().extend(replay);
    });
    assert!(text.contains("(turn 72, "), "{text}");
    assert!(
        text.contains("cannot draw this tile: the game is over"),
        "{text}"
    );
    // Far more messages than a game sends.
    let text = refused(|s| s["replay"] = Value::Array(vec![json!({ "type": "COMMIT" }); 100_001]));
    assert!(
        text.starts_with("replay: 100001 messages; a game sends at most 100000"),
        "{text}"
    );
    // A string of a megabyte is not printed back.
    let text = refused(|s| s["replay"][1]["type"] = json!("X".repeat(1 << 20)));
    assert!(text.len() < 400, "{}", text.len());
}

#[test]
fn the_cli_imports_a_save_and_play_prints_jczs_scores() {
    let t = common::Temp::new("jcz-games-cli");
    let rec = t.0.join("base.toml");
    let out = common::tilec(&[
        "import-jcz-game",
        "tests/jcz_games/base.jcz",
        "--out",
        rec.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    let out = common::tilec(&["play", rec.to_str().unwrap()]);
    let text = common::text(&out.stdout);
    let (_, theirs) = jcz_scores("base");
    assert!(
        text.starts_with(&format!(
            "scores:\n  p1  {}\n  p2  {}\n",
            theirs[0], theirs[1]
        )),
        "{text}"
    );
    // Out again as a save, and in again: the same record.
    let save = t.0.join("base.jcz");
    let out = common::tilec(&[
        "export-game",
        "--format",
        "jcz",
        rec.to_str().unwrap(),
        "--out",
        save.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    let back = common::tilec(&["import-jcz-game", save.to_str().unwrap()]);
    assert_eq!(
        common::text(&back.stdout),
        std::fs::read_to_string(&rec).unwrap()
    );
}

#[test]
fn the_cli_refuses_with_exit_1_naming_the_file() {
    let t = common::Temp::new("jcz-games-refused");
    let bad = t.0.join("bad.jcz");
    std::fs::write(&bad, "{\"players\": 3}").unwrap();
    let out = common::tilec(&["import-jcz-game", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = common::text(&out.stderr);
    assert!(
        err.starts_with(&format!(
            "error: {}: players: expected a list, found a number",
            bad.display()
        )),
        "{err}"
    );
    // Not UTF-8.
    std::fs::write(&bad, [0xff, 0xfe, b'{']).unwrap();
    let out = common::tilec(&["import-jcz-game", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(common::text(&out.stderr).contains("not UTF-8 text"));
    // 100 MB (a sparse file: its length is looked at, nothing is read).
    let big = t.0.join("big.jcz");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(100 << 20)
        .unwrap();
    let out = common::tilec(&["import-jcz-game", big.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = common::text(&out.stderr);
    assert!(
        err.contains("larger than 32 MiB, more than any file of its kind"),
        "{err}"
    );
    // A record JCloisterZone cannot play.
    let rec = t.0.join("anniversary.toml");
    std::fs::write(
        &rec,
        random_record(&["base", "anniversary"], 2, 4).to_toml(),
    )
    .unwrap();
    let out = common::tilec(&["export-game", rec.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = common::text(&out.stderr);
    assert!(
        err.starts_with(&format!(
            "error: {}: sets[1]: `anniversary` cannot cross to JCloisterZone",
            rec.display()
        )),
        "{err}"
    );
    assert!(tables::SETS.iter().any(|s| s.id == "anniversary"));
}

/// JCloisterZone's tiles of the shipped table's tile-sets, imported from its
/// XML: (tile-set id, tile id, the tile).
fn jczs_tiles(dir: &std::path::Path) -> Vec<(String, tilec_runtime::TileKind)> {
    let mut out = Vec::new();
    for file in [
        "basic.xml",
        "festival.xml",
        "russian_promos.xml",
        "inns_and_cathedrals.xml",
        "traders_and_builders.xml",
    ] {
        let xml = std::fs::read_to_string(dir.join(file)).expect("JCloisterZone's XML");
        let mut sources = tilec::diagnostic::Sources::new();
        let id = sources.add(file.to_string(), xml);
        let stem = file.trim_end_matches(".xml").replace('_', "-");
        let imported = tilec::import::jcz::import(id, sources.text(id), &stem);
        let mut texts = tilec::diagnostic::Sources::new();
        let files: Vec<_> = imported
            .sets
            .iter()
            .map(|s| texts.add(format!("{}.tiles", s.id), s.text.clone()))
            .collect();
        let compiled = tilec::compile(&texts, &files, None);
        for set in &compiled.model.sets {
            for t in &set.tiles {
                out.push((set.name.clone(), t.to_runtime()));
            }
        }
    }
    out
}

/// A tile's segments and marks turned `turns` quarter turns, in order; JCZ's
/// pig herd on Vodyanoy's field left out (docs/export-jcz.md: the catalogue
/// tilec's promos come from gives it none, and it plays only with pigs).
fn features(t: &tilec_runtime::TileKind, turns: u8) -> Vec<(String, u16, u8)> {
    use tilec_runtime::rotate_ports;
    let mut v: Vec<_> = t
        .segments
        .iter()
        .map(|s| {
            (
                s.kind.name().to_string(),
                rotate_ports(s.ports, turns),
                s.pennants,
            )
        })
        .collect();
    for m in t.marks.iter().filter(|m| m.kind.name() != "pig-herd") {
        let on = t.segments.get(usize::from(m.segment));
        v.push((
            format!("mark {}", m.kind.name()),
            on.map_or(0, |s| rotate_ports(s.ports, turns)),
            0,
        ));
    }
    v.sort();
    v
}

#[test]
fn the_shipped_id_table_is_jczs_tiles_turned() {
    let Some(dir) = std::env::var_os("TILEC_JCZ_DIR") else {
        common::skip(
            "the_shipped_id_table_is_jczs_tiles_turned",
            "set TILEC_JCZ_DIR to JCloisterZone's src/extraResources/expansions to hold the rooms' tile tables (src/jcz_game/rooms/) to its basic.xml, festival.xml, russian_promos.xml, inns_and_cathedrals.xml and traders_and_builders.xml",
        );
        return;
    };
    let theirs = jczs_tiles(std::path::Path::new(&dir));
    let tile_sets: Vec<(&str, &str)> = jcz_game::rooms::ROOMS
        .iter()
        .flat_map(|r| r.tile_sets.iter().copied())
        .collect();
    let shipped: Vec<(&str, &str, u8)> = jcz_game::rooms::ROOMS
        .iter()
        .flat_map(|r| r.tiles.iter().copied())
        .collect();
    let mut counts = std::collections::BTreeMap::new();
    for (set, ours_set) in &tile_sets {
        let in_set: Vec<_> = theirs.iter().filter(|(s, _)| s == set).collect();
        assert!(!in_set.is_empty(), "JCloisterZone has no tile-set {set}");
        for (_, t) in in_set {
            let (_, ours, turns) = shipped
                .iter()
                .find(|e| e.0 == t.name)
                .unwrap_or_else(|| panic!("{set}: {} is not in the table", t.name));
            let tile = tables::SETS
                .iter()
                .find(|s| s.id == *ours_set)
                .and_then(|s| s.tile(ours))
                .unwrap_or_else(|| panic!("{ours} is not a tile of {ours_set}"));
            assert_eq!(
                features(tile, *turns),
                features(t, 0),
                "{} is {ours} turned {turns}",
                t.name
            );
            *counts.entry(ours.to_string()).or_insert(0) += u32::from(t.count);
        }
    }
    for ours_set in [
        "base",
        "festival",
        "promos",
        "inns-cathedrals",
        "traders-builders",
    ] {
        let set = tables::SETS.iter().find(|s| s.id == ours_set).unwrap();
        for t in set.tiles.iter() {
            assert_eq!(
                counts.get(&*t.id).copied(),
                Some(u32::from(t.count)),
                "copies of {}",
                t.id
            );
        }
    }
    assert_eq!(counts.len(), shipped.len());
}

#[test]
fn a_figure_the_festival_sends_home_from_a_trap_is_freed() {
    // JCloisterZone's Festival may send home a figure lying in a trap, as a
    // promos' return may: both are tilec's `free`.
    let text = fixture("promos.jcz");
    let mut save: Value = serde_json::from_str(&text).unwrap();
    let i = save["replay"]
        .as_array()
        .unwrap()
        .iter()
        .position(|m| m["payload"]["source"] == "TRAP")
        .unwrap();
    save["replay"][i]["payload"]["source"] = json!("FESTIVAL");
    assert_eq!(
        import(&save.to_string()).unwrap().record,
        import(&text).unwrap().record
    );
}

#[test]
fn a_designers_set_crosses_as_the_add_ons_tiles() {
    let t = common::Temp::new("jcz-games-designer");
    std::fs::write(
        t.0.join("roads.tiles"),
        "set roads \"Roads\" {\n  provenance reconstructed\n}\n\ntile U \"Straight road\" {\n  count 6\n  road r W E\n  field f1 WR NL NR EL\n  field f2 ER SL SR WL\n}\n",
    )
    .unwrap();
    std::fs::write(
        t.0.join("sets.toml"),
        "[[set]]\nid = \"roads\"\ntotal = 6\nrequires = [\"base\"]\n",
    )
    .unwrap();
    let (_, compiled) = common::compile_dir(&t.0);
    assert!(
        compiled.diagnostics.is_empty(),
        "{:?}",
        compiled.diagnostics
    );
    let sets = compiled.model.sets.iter().map(|s| s.to_runtime()).collect();
    let available = Available::compiled(sets, &compiled.config);
    let all = available.sets();
    let cat = std::sync::Arc::new(Catalog::new(&[all[1], all[0]]).unwrap());
    let mut game = Game::new(cat, Setup::new(2).with_history()).unwrap();
    RandomPlayer::new(0.5).play(&mut game, &mut Rng::new(9));
    let mut record = game.to_record(&["a".into(), "b".into()]).unwrap();
    assert_eq!(record.sets, ["base", "roads"]);
    let save = jcz_game::export(&record, &available).unwrap();
    let v: Value = serde_json::from_str(&save.json).unwrap();
    assert_eq!(
        v["setup"]["sets"],
        json!({ "basic:2": 1, "tilec/roads": 1 })
    );
    assert!(save.json.contains("\"tilec/roads/U\""));
    let back = jcz_game::import(&save.json, &available).unwrap();
    record.expect_scores = None;
    assert_eq!(back.record, record);
    // A designer's set with a mark cannot cross: the save switches on no
    // rule for it.
    std::fs::write(
        t.0.join("roads.tiles"),
        "set roads \"Roads\" {\n  provenance reconstructed\n}\n\ntile U \"Straight road\" {\n  count 6\n  mark festival\n  road r W E\n  field f1 WR NL NR EL\n  field f2 ER SL SR WL\n}\n",
    )
    .unwrap();
    let (_, compiled) = common::compile_dir(&t.0);
    let sets = compiled.model.sets.iter().map(|s| s.to_runtime()).collect();
    let marked = Available::compiled(sets, &compiled.config);
    let p = jcz_game::export(&record, &marked).unwrap_err();
    assert_eq!(
        p.to_string(),
        "sets[1]: `roads` is a set of tilec's own, played in JCloisterZone as the add-on's `tilec/roads`, but its tile `roads/U` carries marks or an arrow whose rules the save cannot switch on"
    );
    // A designer's set with a start tile cannot cross: the add-on counts
    // JCloisterZone's start tile for one of its copies.
    let (_, compiled) = common::compile_dir(&common::root().join("tests/custom"));
    let sets = compiled.model.sets.iter().map(|s| s.to_runtime()).collect();
    let available = Available::compiled(sets, &compiled.config);
    let cat = std::sync::Arc::new(Catalog::new(&[available.sets()[0]]).unwrap());
    let mut game = Game::new(cat, Setup::new(2).with_history()).unwrap();
    RandomPlayer::new(0.5).play(&mut game, &mut Rng::new(9));
    let record = game.to_record(&["a".into(), "b".into()]).unwrap();
    let p = jcz_game::export(&record, &available).unwrap_err();
    assert_eq!(
        p.to_string(),
        "sets[0]: `lagoon` is a set of tilec's own, played in JCloisterZone as the add-on's `tilec/lagoon`, but its start tile `lagoon/gate` is not the add-on's: the add-on counts JCloisterZone's `BA/RCr` for a copy of it (docs/export-jcz.md), so the game's pile would not be the record's"
    );
}
