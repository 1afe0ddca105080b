//! Every game writes its own record, and the record replays it exactly:
//! random games over every shipped set the engine plays (alone, with the base
//! game, and all together) at 2 to 6 players, including
//! tiles set aside and town halls handed over at the end of the pile.
#![cfg(feature = "record")]

use std::sync::Arc;
use tilec_runtime::*;

mod shipped;

/// Every shipped set the engine plays alone, with the base game, and all of
/// them together (the sets it refuses, printed by `shipped`, have no rules
/// to record yet).
fn combinations() -> Vec<(String, Vec<&'static TileSet>)> {
    let played = shipped::played();
    let base = played.iter().copied().find(|s| s.id == "base");
    let mut combos = Vec::new();
    for &s in &played {
        combos.push((s.id.to_string(), vec![s]));
        if let Some(b) = base.filter(|b| b.id != s.id) {
            combos.push((format!("base+{}", s.id), vec![b, s]));
        }
    }
    combos.push(("all played sets".into(), played));
    combos
}

#[test]
fn random_games_replay_exactly_from_their_records() {
    let mut played = 0;
    let mut set_aside = 0;
    for (name, sets) in combinations() {
        let cat = Arc::new(Catalog::new(&sets).unwrap_or_else(|e| panic!("{name}: {e}")));
        for seed in 0..10u64 {
            let players = 2 + (seed % 5) as usize;
            let mut game =
                Game::new(cat.clone(), Setup::new(players).with_history()).expect("setup");
            RandomPlayer::new(0.5).play(&mut game, &mut Rng::new(seed));
            let names: Vec<String> = (1..=players).map(|p| format!("p{p}")).collect();
            let text = game
                .to_record(&names)
                .unwrap_or_else(|| panic!("{name} seed {seed}: no record"))
                .to_toml();
            set_aside += text.matches("set_aside").count();
            let record = record::parse(&text)
                .unwrap_or_else(|e| panic!("{name} seed {seed}: {e:?}\n{text}"));
            let again = record::replay(&record, tables::SETS)
                .unwrap_or_else(|e| panic!("{name} seed {seed}: {e}\n{text}"));
            assert_eq!(again.scores(), game.scores(), "{name} seed {seed}\n{text}");
            assert_eq!(again, game, "{name} seed {seed}: another position");
            assert_eq!(record::check_expect(&record, &again), Ok(()));
            played += 1;
        }
    }
    assert!(played >= 100, "only {played} games");
    assert!(set_aside > 0, "no game set a tile aside");
}

/// The keys the contract adds: a tile set aside before a turn's tile, and one
/// named there that fits is refused.
#[test]
fn a_set_aside_tile_that_fits_is_refused() {
    let text = r#"
players = ["red", "blue"]
sets = ["base"]
start = { tile = "base/D" }
[[turn]]
tile = "base/U"
at = [1, 0]
rotation = 0
set_aside = ["base/B"]
"#;
    let record = record::parse(text).expect("parses");
    let err = record::replay(&record, tables::SETS).expect_err("base/B fits");
    assert_eq!(
        err.to_string(),
        "turn 1 (`base/U`): set_aside: `base/B` fits on the board, so it cannot be set \
         aside (only a drawn tile that fits nowhere is)"
    );
}

/// `drawn` and `waiting` must say what the game waits for there; each
/// mismatch names the turn and what the game waits for instead.
#[test]
fn a_record_stopped_inside_a_turn_must_stop_where_the_game_waits() {
    let head = "players = [\"red\", \"blue\"]\nsets = [\"base\"]\nstart = { tile = \"base/D\" }\n";
    let turn = "[[turn]]\ntile = \"base/U\"\nat = [1, 0]\nrotation = 0\n";
    let resume = |text: &str| {
        let record = record::parse(text).unwrap_or_else(|e| panic!("{e:?}"));
        record::resume(&record, tables::SETS, CatalogOptions::default())
    };
    let err = |keys: &str| {
        resume(&format!("{head}{keys}{turn}"))
            .expect_err("refused")
            .to_string()
    };
    assert_eq!(
        err("waiting = \"arrow\"\n"),
        "turn 1 (`base/U`): waiting = \"arrow\": the game waits for the figure step here"
    );
    assert_eq!(
        err("waiting = \"answer\"\n"),
        "turn 1 (`base/U`): waiting = \"answer\": the game waits for the next draw here"
    );
    assert_eq!(
        err("waiting = \"draw\"\n"),
        "turn 2: waiting = \"draw\": the game waits for the next draw here"
    );
    assert_eq!(
        err("drawn = \"base/Z\"\n"),
        "turn 2 (`base/Z`): no such tile in the sets in play"
    );
    // Read where it does wait: a figure step, a tile in hand.
    let game = resume(&format!("{head}waiting = \"figure\"\n{turn}")).expect("replays");
    assert_eq!(game.phase(), Phase::Figure);
    let game = resume(&format!("{head}drawn = \"base/V\"\n{turn}")).expect("replays");
    let v = game.catalog().kind_id("base/V").expect("base/V");
    assert_eq!((game.phase(), game.current_player()), (Phase::Place(v), 1));
    // `tilec play` scores it as a game ending there.
    let record = record::parse(&format!("{head}waiting = \"figure\"\n{turn}")).expect("parses");
    let over = record::replay(&record, tables::SETS).expect("replays");
    assert!(over.is_over());
}

/// A viewer stepping through a record, in any order, sees at each step the
/// game `replay_each` shows there (and at the end the finished game), while
/// keeping three games, not one per step.
#[test]
fn stepping_through_a_record_shows_each_turns_game_in_any_order() {
    let cat = Arc::new(Catalog::new(&shipped::played()).expect("every set the engine plays"));
    let mut game = Game::new(cat, Setup::new(4).with_history()).expect("setup");
    RandomPlayer::new(0.7).play(&mut game, &mut Rng::new(11));
    let names: Vec<String> = (1..=4).map(|p| format!("p{p}")).collect();
    let record = game.to_record(&names).expect("history kept");
    let options = CatalogOptions::default();
    let mut each = Vec::new();
    let end = record::replay_each(&record, tables::SETS, options, |g| each.push(g.clone()))
        .expect("replays");
    each.push(end);
    let mut steps = record::Steps::new(record, tables::SETS, options).expect("replays");
    let n = each.len();
    assert_eq!(steps.len(), n);
    assert!(n > 60, "{n} steps");
    for step in [n - 1, 0, n / 2, n / 2 + 1, 3, n - 2, 1, n / 2, n + 5] {
        let want = &each[step.min(n - 1)];
        assert!(steps.at(step) == want, "step {step} of {n}");
    }
}
