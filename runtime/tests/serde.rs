//! Serde round trips (`--features serde`; the workspace's tests enable it
//! through the `tilec` crate): every legal move, the setup, the history, every
//! event, the outcome and refusals of random games over all shipped sets the
//! engine plays (`common::played`) survive JSON unchanged.
#![cfg(feature = "serde")]

mod common;

use serde::{de::DeserializeOwned, Serialize};
use std::fmt::Debug;
use std::sync::Arc;
use tilec_runtime::*;

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) {
    let text = serde_json::to_string(value).expect("serialises");
    let back: T = serde_json::from_str(&text).expect("deserialises");
    assert_eq!(&back, value, "{text}");
}

#[test]
fn moves_setups_events_and_outcomes_round_trip() {
    let sets: Vec<&TileSet> = common::played();
    let cat = Arc::new(Catalog::new(&sets).expect("all played sets"));
    let mut moves = Vec::new();
    for seed in 0..30 {
        let setup = Setup::new(2 + (seed % 5) as usize)
            .with_events()
            .with_history();
        round_trip(&setup);
        let mut game = Game::new(cat.clone(), setup).expect("setup");
        let mut rng = Rng::new(seed);
        while !game.is_over() {
            if game.phase() == Phase::Draw && game.draw_random(&mut rng).is_err() {
                break;
            }
            round_trip(&game.phase());
            moves.clear();
            game.legal_moves_into(&mut moves);
            for m in &moves {
                round_trip(m);
            }
            if let Some(d) = game.decision() {
                round_trip(&d);
            }
            round_trip(&game.clone().play(Move::Figure(Action::RecallAbbot)).err());
            let m = moves[rng.below(moves.len() as u32) as usize];
            game.play(m).expect("legal move");
        }
        for e in game.events() {
            round_trip(e);
        }
        for h in game.history() {
            round_trip(h);
        }
        round_trip(&game.outcome().expect("over"));
        round_trip(&game.draw_random(&mut rng));
    }
}

#[test]
fn a_bad_rotation_is_refused() {
    let err = serde_json::from_str::<Rotation>("45").expect_err("45 degrees");
    assert!(err.to_string().contains("0, 90, 180 or 270"), "{err}");
    assert_eq!(serde_json::to_string(&Rotation::new(3)).expect("ok"), "270");
}

/// A game's record survives JSON too.
#[cfg(feature = "record")]
#[test]
fn records_round_trip() {
    let sets: Vec<&TileSet> = common::played();
    let cat = Arc::new(Catalog::new(&sets).expect("all played sets"));
    for seed in 0..5 {
        let mut game = Game::new(cat.clone(), Setup::new(3).with_history()).expect("setup");
        RandomPlayer::new(0.5).play(&mut game, &mut Rng::new(seed));
        let names = ["a".to_string(), "b".to_string(), "c".to_string()];
        round_trip(&game.to_record(&names).expect("history kept"));
    }
}
