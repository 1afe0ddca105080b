//! The Play core without sockets: sessions, moves as text, refusals, bots,
//! records written and stepped through.

use super::*;
use serde_json::Value;
use std::collections::BTreeSet;
use tilec::sets::Available;

fn new_game(sessions: &Sessions, seats: &str) -> Value {
    let body = format!(r#"{{"sets": ["base"], "seats": {seats}, "seed": 3}}"#);
    sessions
        .create(body.as_bytes(), &Available::Shipped)
        .expect("a game")
}

fn id_of(view: &Value) -> String {
    view["id"].as_str().expect("an id").to_string()
}

const TWO_PEOPLE: &str =
    r#"[{"name": "Ann", "player": "person"}, {"name": "Bo", "player": "person"}]"#;

/// Plays a game of people to its end through the listed options (the i-th
/// move takes option i of those listed, so that every kind gets taken); the
/// last view, the game's record, and the first word of every option offered.
fn play_out(sessions: &Sessions, body: &str) -> (Value, String, BTreeSet<String>) {
    let mut view = sessions
        .create(body.as_bytes(), &Available::Shipped)
        .expect("a game");
    let id = id_of(&view);
    let mut moves = 0;
    let mut offered = BTreeSet::new();
    while view["over"] == false {
        assert!(moves < 2000, "the game does not end");
        let places = view["places"].as_array().cloned().unwrap_or_default();
        let choices = view["choices"].as_array().cloned().unwrap_or_default();
        for c in &choices {
            let word = c["move"].as_str().and_then(|m| m.split(' ').next());
            offered.insert(word.unwrap_or_default().to_string());
            assert_eq!(c["figure"], figure_of(c["move"].as_str().expect("a move")));
        }
        let text = match places.is_empty() {
            false => {
                let square = &places[moves % places.len()]["r"];
                square[moves % square.as_array().map_or(1, Vec::len)]["move"].clone()
            }
            true => choices[moves % choices.len().max(1)]["move"].clone(),
        };
        let text = text.as_str().expect("a listed move").to_string();
        let body = serde_json::json!({ "move": text }).to_string();
        view = sessions
            .play(&id, body.as_bytes())
            .expect("a listed move is legal");
        moves += 1;
    }
    let record = sessions.record(&id).expect("a record");
    (view, record, offered)
}

/// The figure kind a move's notation names (`follower 2`, `return mayor
/// ...`, `portal abbot ...`), as the view's `figure` says it.
fn figure_of(text: &str) -> Value {
    let kind = |w: &str| {
        tilec_runtime::FigureKind::ALL
            .iter()
            .any(|k| k.name() == w)
            .then(|| Value::from(w))
    };
    let words: Vec<&str> = text.split(' ').collect();
    let named = match words[0] {
        "return" | "free" | "portal" | "add" | "top" => words.get(1).and_then(|w| kind(w)),
        "capture" => words.get(2).and_then(|w| kind(w)),
        w => kind(w),
    };
    named.unwrap_or(Value::Null)
}

fn scores(view: &Value) -> Vec<i64> {
    let players = view["players"].as_array().expect("players");
    players
        .iter()
        .map(|p| p["score"].as_i64().expect("a score"))
        .collect()
}

#[test]
fn a_person_plays_the_moves_the_view_lists_until_the_end() {
    let sessions = Sessions::new();
    let body = format!(r#"{{"sets": ["base"], "seats": {TWO_PEOPLE}, "seed": 3}}"#);
    let (view, record, _) = play_out(&sessions, &body);
    assert_eq!(view["phase"], "over");
    assert!(
        view["log"].as_array().is_some_and(|l| l.len() > 70),
        "every tile is logged"
    );
    let parsed = tilec::record::parse(&record).expect("the record parses");
    let replayed =
        tilec::record::replay(&parsed, tilec_runtime::tables::SETS).expect("and replays");
    let replayed: Vec<i64> = replayed.scores().iter().map(|&s| i64::from(s)).collect();
    assert_eq!(scores(&view), replayed, "the record scores as the game did");
}

#[test]
fn every_expansion_decision_is_an_option_a_person_can_take() {
    let sessions = Sessions::new();
    let body = r#"{"sets": ["base", "river", "anniversary", "festival", "promos", "mm"], "seed": 9,
        "seats": [{"name": "A", "player": "person"}, {"name": "B", "player": "person"}, {"name": "C", "player": "person"}]}"#;
    let (view, record, offered) = play_out(&sessions, body);
    // The town hall's choice, the festival's return, arrows' figures and the
    // surrounded figures' answers: offered as options like any other.
    for word in ["draw", "town-hall", "return", "decline"] {
        assert!(
            offered.contains(word),
            "`{word}` never offered: {offered:?}"
        );
    }
    // With this seed all of these come up; a change to the draw may move a
    // few out of this one game.
    let rare = [
        "add",
        "portal",
        "free",
        "lie-down",
        "move",
        "recall",
        "mayor",
        "messenger",
        "scarecrow",
        "swap",
        "hand-over",
        "arrow",
    ];
    let seen = rare.iter().filter(|w| offered.contains(**w)).count();
    assert!(seen >= 6, "few expansion options offered: {offered:?}");
    let log = view["log"].to_string();
    for happening in ["places", "puts a", "points", "end:"] {
        assert!(log.contains(happening), "no `{happening}` in the log");
    }
    let parsed = tilec::record::parse(&record).expect("the record parses");
    let replayed =
        tilec::record::replay(&parsed, tilec_runtime::tables::SETS).expect("and replays");
    let replayed: Vec<i64> = replayed.scores().iter().map(|&s| i64::from(s)).collect();
    assert_eq!(scores(&view), replayed);
}

/// The Princess & the Dragon, hot-seat: every player moves the dragon in
/// turn (its moves are options like any other), the fairy and the magic
/// portal are offered, and the view carries the dragon and the fairy.
#[test]
fn the_dragon_is_moved_by_every_player_in_turn() {
    let sessions = Sessions::new();
    let body = r#"{"sets": ["base", "princess-dragon"], "seed": 4,
        "seats": [{"name": "A", "player": "person"}, {"name": "B", "player": "person"}, {"name": "C", "player": "person"}]}"#;
    let (view, record, offered) = play_out(&sessions, body);
    for word in ["dragon", "fairy", "portal"] {
        assert!(
            offered.contains(word),
            "`{word}` never offered: {offered:?}"
        );
    }
    assert!(view["dragon"].is_object(), "the dragon is drawn");
    assert_eq!(
        view["dragon_path"],
        serde_json::json!([]),
        "between movements"
    );
    let log = view["log"].to_string();
    for happening in ["the dragon enters", "moves the dragon"] {
        assert!(log.contains(happening), "no `{happening}` in the log");
    }
    let parsed = tilec::record::parse(&record).expect("the record parses");
    assert!(parsed.turns.iter().any(|t| !t.dragon.is_empty()));
    let replayed =
        tilec::record::replay(&parsed, tilec_runtime::tables::SETS).expect("and replays");
    let replayed: Vec<i64> = replayed.scores().iter().map(|&s| i64::from(s)).collect();
    assert_eq!(scores(&view), replayed);
}

/// Abbey & Mayor: the abbey, the three figures and the wagon's move are
/// options a person takes, every figure is drawn, and the record replays.
#[test]
fn abbey_mayor_options_are_offered_and_drawn() {
    let sessions = Sessions::new();
    let body = r#"{"sets": ["base", "abbey-mayor"], "seed": 3,
        "seats": [{"name": "A", "player": "person"}, {"name": "B", "player": "person"}]}"#;
    let (view, record, offered) = play_out(&sessions, body);
    for word in ["abbey", "am-mayor", "wagon", "barn", "draw"] {
        assert!(
            offered.contains(word),
            "`{word}` never offered: {offered:?}"
        );
    }
    assert!(view["players"][0]["abbey"].is_boolean());
    let parsed = tilec::record::parse(&record).expect("the record parses");
    let replayed =
        tilec::record::replay(&parsed, tilec_runtime::tables::SETS).expect("and replays");
    let replayed: Vec<i64> = replayed.scores().iter().map(|&s| i64::from(s)).collect();
    assert_eq!(scores(&view), replayed);
}

#[test]
fn an_illegal_or_malformed_move_is_refused_and_changes_nothing() {
    let sessions = Sessions::new();
    let view = new_game(&sessions, TWO_PEOPLE);
    let id = id_of(&view);
    let far = br#"{"move": "place base/D 40,40 r0"}"#;
    let err = sessions.play(&id, far).unwrap_err();
    assert_eq!(err.status, 422);
    assert!(!err.message.is_empty());
    for (body, status) in [
        (&b"not json"[..], 400),
        (br#"{"move": 3}"#, 400),
        (br#"{"move": "pass", "extra": 1}"#, 400),
        (br#"{"move": "fly away"}"#, 422),
        (br#"{"move": "draw"}"#, 422),
    ] {
        assert_eq!(
            sessions.play(&id, body).unwrap_err().status,
            status,
            "{}",
            String::from_utf8_lossy(body)
        );
    }
    assert_eq!(
        sessions.view(&id, 0).unwrap(),
        view,
        "the game is unchanged"
    );
    assert_eq!(sessions.play("nope", far).unwrap_err().status, 404);
    assert_eq!(
        sessions.bot(&id).unwrap_err().status,
        422,
        "a person is to move"
    );
}

#[test]
fn a_setup_the_engine_refuses_says_why() {
    let sessions = Sessions::new();
    let create = |body: &str| {
        sessions
            .create(body.as_bytes(), &Available::Shipped)
            .unwrap_err()
    };
    let one = r#"{"sets": ["base"], "seats": [{"name": "A", "player": "person"}]}"#;
    assert!(create(one).message.contains("2 to 6"));
    let twice = r#"{"sets": ["base"], "seats": [{"name": "A", "player": "person"}, {"name": " A ", "player": "random"}]}"#;
    assert!(create(twice).message.contains("another seat"));
    let river = r#"{"sets": ["river"], "seats": [{"name": "A", "player": "person"}, {"name": "B", "player": "random"}]}"#;
    assert!(
        create(river).message.contains("requires `base`"),
        "{}",
        create(river).message
    );
    let unknown = r#"{"sets": ["bass"], "seats": [{"name": "A", "player": "person"}, {"name": "B", "player": "random"}]}"#;
    assert!(create(unknown).message.contains("unknown tile set"));
    let robot = r#"{"sets": ["base"], "seats": [{"name": "A", "player": "robot"}, {"name": "B", "player": "random"}]}"#;
    assert_eq!(create(robot).status, 400);
}

/// The Tower: people take its options like any other (pieces, followers on
/// top, captures, ransoms); the view draws the towers with their height and
/// each player's pieces and prisoners; the record replays to the same scores.
#[test]
fn a_tower_game_offers_its_moves_and_shows_towers_and_prisoners() {
    let sessions = Sessions::new();
    let body = format!(r#"{{"sets": ["base", "tower"], "seats": {TWO_PEOPLE}, "seed": 4}}"#);
    let (view, record, offered) = play_out(&sessions, &body);
    for word in ["tower", "top", "capture", "decline"] {
        assert!(
            offered.contains(word),
            "`{word}` never offered: {offered:?}"
        );
    }
    let towers = view["towers"].as_array().expect("towers");
    assert!(!towers.is_empty(), "no tower drawn");
    assert!(towers.iter().any(|t| t["height"].as_u64() > Some(0)));
    for p in view["players"].as_array().expect("players") {
        assert!(p["tower"]["pieces"].is_u64(), "{p}");
        assert!(p["tower"]["prisoners"].is_array(), "{p}");
    }
    let log = view["log"].to_string();
    for happening in ["puts a tower piece", "captures"] {
        assert!(log.contains(happening), "no `{happening}` in the log");
    }
    let parsed = tilec::record::parse(&record).expect("the record parses");
    let replayed =
        tilec::record::replay(&parsed, tilec_runtime::tables::SETS).expect("and replays");
    let replayed: Vec<i64> = replayed.scores().iter().map(|&s| i64::from(s)).collect();
    assert_eq!(scores(&view), replayed);
    // A base game's view has no tower part.
    let base = new_game(&sessions, TWO_PEOPLE);
    assert_eq!(base["towers"], serde_json::json!([]));
    assert!(base["players"][0]["tower"].is_null());
}

#[test]
fn bots_play_a_game_with_every_expansion_to_the_end() {
    let sessions = Sessions::new();
    let body = r#"{"sets": ["base", "river", "anniversary", "festival", "promos", "mm", "inns-cathedrals", "traders-builders", "princess-dragon", "tower", "abbey-mayor"], "seed": 5,
        "seats": [{"name": "R", "player": "random"}, {"name": "M", "player": "monte-carlo"}, {"name": "S", "player": "random"}]}"#;
    let mut view = sessions
        .create(body.as_bytes(), &Available::Shipped)
        .expect("a game");
    let id = id_of(&view);
    for _ in 0..4000 {
        if view["over"] == true {
            break;
        }
        view = sessions.bot(&id).expect("a bot moves");
        assert!(view["played"].is_string());
    }
    assert_eq!(view["over"], true, "the bots finish the game");
    assert_eq!(sessions.bot(&id).unwrap_err().message, "the game is over");
    let record = sessions.record(&id).expect("a record");
    let loaded = serde_json::json!({ "record": record }).to_string();
    let replay = sessions
        .load(loaded.as_bytes(), &Available::Shipped)
        .expect("it loads");
    let rid = id_of(&replay);
    assert_eq!(replay["mode"], "replay");
    assert_eq!(
        replay["tiles"].as_array().map(Vec::len),
        Some(1),
        "the start"
    );
    let steps = replay["steps"].as_u64().unwrap() as usize;
    let last = sessions.view(&rid, steps - 1).unwrap();
    let scores = |v: &Value| -> Vec<Value> {
        v["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["score"].clone())
            .collect()
    };
    assert_eq!(
        scores(&last),
        scores(&view),
        "the last step is the game's end"
    );
    assert_eq!(last["figures"], view["figures"]);
    let middle = sessions.view(&rid, 10).unwrap();
    assert_eq!(middle["tiles"].as_array().map(Vec::len), Some(11));
    assert_eq!(
        sessions.view(&rid, 1_000_000).unwrap(),
        last,
        "a step past the end is the end"
    );
}

#[test]
fn a_broken_record_gets_the_runtime_s_message() {
    let sessions = Sessions::new();
    let load = |record: &str| {
        let body = serde_json::json!({ "record": record }).to_string();
        sessions
            .load(body.as_bytes(), &Available::Shipped)
            .unwrap_err()
    };
    assert!(load("players = [").message.contains("TOML") || load("players = [").status == 422);
    let wrong = "players = [\"a\", \"b\"]\nsets = [\"base\"]\nstart = { tile = \"base/D\" }\n\
                 [[turn]]\ntile = \"base/U\"\nat = [7, 7]\nrotation = 0\n";
    let err = load(wrong);
    assert_eq!(err.status, 422);
    assert!(err.message.contains("turn 1"), "{}", err.message);
}

#[test]
fn old_sessions_make_room_for_new_ones() {
    let sessions = Sessions::new();
    let first = id_of(&new_game(&sessions, TWO_PEOPLE));
    for _ in 0..MAX_SESSIONS {
        new_game(&sessions, TWO_PEOPLE);
    }
    assert_eq!(sessions.view(&first, 0).unwrap_err().status, 404);
    assert_eq!(sessions.store().map.len(), MAX_SESSIONS);
}

#[test]
fn pictures_are_named_by_kind_and_rotation() {
    let sessions = Sessions::new();
    let id = id_of(&new_game(&sessions, TWO_PEOPLE));
    let pictures = std::sync::Mutex::new(tilec::emit::html::Pictures::new());
    let png = sessions
        .image(&id, "0-1.png", &pictures)
        .expect("a picture");
    assert!(png.starts_with(b"\x89PNG"));
    for bad in ["0-4.png", "9999-0.png", "x-0.png", "0-0.gif", "../0-0.png"] {
        assert_eq!(
            sessions.image(&id, bad, &pictures).unwrap_err().status,
            404,
            "{bad}"
        );
    }
}
