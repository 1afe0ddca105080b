//! The research environment: explicit chance, honest clones, exact restores,
//! the action index and the observations, over random games of every set.

use std::collections::HashMap;
use std::sync::Arc;
use tilec_runtime::research::{Chance, Play, State};
use tilec_runtime::*;

/// The base game alone, with each set the engine plays, and with all of them.
fn combos() -> Vec<Vec<&'static str>> {
    let played = testkit::played_sets();
    let mut out = vec![vec!["base"]];
    out.extend(played[1..].iter().map(|&s| vec!["base", s]));
    out.push(played);
    out
}

fn catalog(sets: &[&str]) -> Arc<Catalog> {
    Arc::new(Catalog::shipped(sets).expect("shipped sets"))
}

/// Every legal play now.
fn plays(state: &State) -> Vec<Play> {
    let mut out = Vec::new();
    state.legal_plays_into(&mut out);
    out
}

/// Plays one uniformly random legal play (or draws at a chance node).
fn step(state: &mut State, rng: &mut Rng) {
    if state.is_chance() {
        state.draw_random().expect("a draw at a chance node");
        return;
    }
    let p = plays(state);
    state
        .play(p[rng.below(p.len() as u32) as usize])
        .expect("a legal play");
}

/// The tiles placed from now to the end with the same choices (`choices`
/// seeds them): the future the state's chance stream holds.
fn future_tiles(mut state: State, choices: u64) -> Vec<KindId> {
    let mut rng = Rng::new(choices);
    let now = state.game().placed_tiles().len();
    while !state.is_over() {
        step(&mut state, &mut rng);
    }
    state.game().placed_tiles()[now..]
        .iter()
        .map(|t| t.kind)
        .collect()
}

#[test]
fn chance_outcomes_are_the_current_pile_group_and_sum_to_one() {
    for sets in &combos() {
        let cat = catalog(sets);
        let mut state = State::new(cat.clone(), 3, 5, Chance::Explicit).expect("setup");
        let mut rng = Rng::new(9);
        while !state.is_over() {
            if state.is_chance() {
                let odds = state.chance_outcomes();
                let total: f64 = odds.iter().map(|o| o.1).sum();
                assert!((total - 1.0).abs() < 1e-9, "{sets:?}: {total}");
                let counts: HashMap<KindId, usize> =
                    state.game().pile_counts().into_iter().collect();
                for &(k, p) in &odds {
                    assert!(p > 0.0 && counts[&k] > 0, "{sets:?}");
                }
                let (k, _) = odds[rng.below(odds.len() as u32) as usize];
                let before = counts[&k];
                state.draw(k).expect("an outcome draws");
                assert_eq!(state.game().pile_count(k), before - 1);
            } else {
                step(&mut state, &mut rng);
            }
        }
        assert_eq!(state.game().pile_len(), 0, "{sets:?}");
    }
}

#[test]
fn a_tile_that_is_no_outcome_is_refused_by_name() {
    let cat = catalog(&["base", "river"]);
    let mut state = State::new(cat.clone(), 2, 1, Chance::Explicit).expect("setup");
    let land = cat.kind_id("base/U").expect("base/U");
    let e = state.draw(land).expect_err("river tiles come first");
    let text = e.describe(&cat);
    assert!(
        text.starts_with("`base/U` cannot be drawn while `river/"),
        "{text}"
    );
    let hall = State::new(catalog(&["base"]), 2, 1, Chance::Sampled).expect("setup");
    assert_eq!(hall.clone().draw(land), Err(research::PlayError::NotChance));
}

#[test]
fn draws_follow_the_odds() {
    let cat = catalog(&["base"]);
    let state = State::new(cat.clone(), 2, 0, Chance::Explicit).expect("setup");
    let odds = state.chance_outcomes();
    let mut seen: HashMap<KindId, f64> = HashMap::new();
    let n = 20_000;
    for seed in 0..n {
        let mut s = state.exact_copy();
        s.resample(seed);
        s.draw_random().expect("draw");
        // The start position: every base tile fits, so the drawn tile is in hand.
        *seen
            .entry(s.in_hand().expect("a tile in hand"))
            .or_default() += 1.0;
    }
    for (k, p) in odds {
        let f = seen.get(&k).copied().unwrap_or(0.0) / n as f64;
        assert!((f - p).abs() < 0.012, "{}: {f} against {p}", cat.kind(k).id);
    }
}

#[test]
fn a_clone_does_not_know_the_real_future_and_resample_reshuffles() {
    let cat = catalog(&["base"]);
    let mut real = State::new(cat, 2, 77, Chance::Sampled).expect("setup");
    let mut rng = Rng::new(3);
    for _ in 0..10 {
        step(&mut real, &mut rng);
    }
    let truth = future_tiles(real.exact_copy(), 1);
    assert_eq!(
        future_tiles(real.exact_copy(), 1),
        truth,
        "an exact copy is exact"
    );
    let clone = real.clone();
    assert!(clone == real, "a clone is the same position");
    let guess = future_tiles(clone.exact_copy(), 1);
    assert_ne!(guess, truth, "a clone draws from a seed of its own");
    assert_eq!(
        future_tiles(real.clone(), 1),
        guess,
        "two clones draw alike"
    );
    let mut orders = std::collections::HashSet::new();
    for seed in 0..20 {
        let mut c = real.clone();
        c.resample(seed);
        let tiles = future_tiles(c, 1);
        let mut sorted = tiles.clone();
        sorted.sort_unstable();
        let mut expected = truth.clone();
        expected.sort_unstable();
        assert_eq!(sorted, expected, "the same unseen tiles");
        orders.insert(tiles);
    }
    assert_eq!(orders.len(), 20, "20 seeds, 20 orders");
}

#[test]
fn playouts_draw_from_their_own_seed() {
    let cat = catalog(&["base"]);
    let real = State::new(cat, 2, 77, Chance::Sampled).expect("setup");
    let mut orders = std::collections::HashSet::new();
    for seed in 0..20 {
        let mut c = real.exact_copy();
        c.playout(seed);
        assert!(c.is_over());
        let order: Vec<KindId> = c.game().placed_tiles().iter().map(|t| t.kind).collect();
        orders.insert(order);
        let returns = c.returns();
        assert!(returns.iter().filter(|&&r| r == 1.0).count() <= 1);
    }
    assert_eq!(orders.len(), 20);
}

#[test]
fn a_state_rebuilt_from_its_log_is_exact_and_plays_on_alike() {
    for (i, sets) in combos().iter().enumerate() {
        let cat = catalog(sets);
        for chance in [Chance::Sampled, Chance::Explicit] {
            let mut state = State::new(cat.clone(), 2 + i % 5, i as u64, chance).expect("setup");
            let mut rng = Rng::new(i as u64);
            let mut n = 0;
            while !state.is_over() {
                if n % 7 == 0 {
                    let back = State::from_log(cat.clone(), &state.parts()).expect("restore");
                    assert!(back == state, "{sets:?} step {n}");
                    assert_eq!(back.seed(), state.seed());
                    let (mut a, mut b) = (state.exact_copy(), back);
                    let (mut ra, mut rb) = (Rng::new(n), Rng::new(n));
                    for _ in 0..12 {
                        if a.is_over() {
                            break;
                        }
                        step(&mut a, &mut ra);
                        step(&mut b, &mut rb);
                        assert!(a == b, "{sets:?} step {n}");
                    }
                }
                step(&mut state, &mut rng);
                n += 1;
            }
        }
    }
}

/// What a position waits for, for counting the kinds a test met.
#[cfg(feature = "record")]
fn waits_for(state: &State) -> &'static str {
    let game = state.game();
    match (game.phase(), game.decision()) {
        (Phase::Decide, Some(Decision::Arrow { .. })) => "an arrow choice",
        (Phase::Decide, Some(Decision::Mayor { .. })) => "a mayor's answer",
        (Phase::Decide, Some(Decision::Scarecrow { .. })) => "a scarecrow's answer",
        (Phase::Decide, Some(Decision::Messenger { .. })) => "a messenger's answer",
        (Phase::Decide, Some(Decision::Wagon { .. })) => "a wagon's answer",
        (Phase::Figure, _) => "a figure step",
        (Phase::Place(_), _) if game.is_extra_turn() => "an extra turn's tile",
        (Phase::Place(_), _) => "a tile",
        (Phase::Draw, _) if state.is_chance() && state.drawing() => {
            "a draw chosen over the town hall"
        }
        (Phase::Draw, _) if state.offers_draw() => "the town hall or a draw",
        (Phase::Draw, _) if state.is_chance() => "a draw",
        _ => "the end",
    }
}

/// The same position as far as a player can tell: equal, the same key, the
/// same legal plays and the same observation for every player.
#[cfg(feature = "record")]
fn assert_same(back: &State, state: &State, what: &str) {
    assert!(*back == *state, "{what}: another position");
    assert_eq!(
        back.game().position_key(),
        state.game().position_key(),
        "{what}: key"
    );
    assert_eq!(plays(back), plays(state), "{what}: legal plays");
    let size = state.observation_layout().size();
    for viewer in 0..state.game().players() as u8 {
        let (mut a, mut b) = (vec![0; size], vec![0; size]);
        back.observe(viewer, &mut a).expect("a player");
        state.observe(viewer, &mut b).expect("a player");
        assert!(a == b, "{what}: player {viewer}'s observation");
    }
}

// Records need the runtime's `record` feature (on in the workspace's tests).
/// A game written as a record and read back at any point is the same
/// position, and goes on alike: random games of every set at every step
/// (tile in hand, figure step, every decision pending, extra turns, the
/// town hall's choice), with sampled and explicit chance.
#[cfg(feature = "record")]
#[test]
fn a_record_read_back_at_any_point_is_the_same_position() {
    let mut met: HashMap<&str, usize> = HashMap::new();
    for (i, sets) in combos().iter().enumerate() {
        let cat = catalog(sets);
        for g in 0..6 {
            let chance = [Chance::Sampled, Chance::Explicit][g % 2];
            let players = 2 + (i + g) % 5;
            let names: Vec<String> = (1..=players).map(|p| format!("p{p}")).collect();
            let seed = 12345 + (i * 6 + g) as u64;
            let mut state = State::new(cat.clone(), players, seed, chance).expect("setup");
            let mut rng = Rng::new(seed);
            let mut n = 0;
            loop {
                let what = format!("{sets:?} {chance:?} step {n} ({})", waits_for(&state));
                *met.entry(waits_for(&state)).or_default() += 1;
                let text = state.to_record(&names).expect("history").to_toml();
                let record =
                    record::parse(&text).unwrap_or_else(|e| panic!("{what}: {e:?}\n{text}"));
                let back = State::from_record(
                    &record,
                    tables::SETS,
                    CatalogOptions::default(),
                    None,
                    chance,
                )
                .unwrap_or_else(|e| panic!("{what}: {e}\n{text}"));
                assert_same(&back, &state, &format!("{what}\n{text}"));
                if n % 9 == 0 {
                    // It goes on as the game would: the same draws, the same plays.
                    let (mut a, mut b) = (state.exact_copy(), back);
                    let (mut ra, mut rb) = (Rng::new(n), Rng::new(n));
                    for _ in 0..6 {
                        if a.is_over() {
                            break;
                        }
                        step(&mut a, &mut ra);
                        step(&mut b, &mut rb);
                        assert_same(&b, &a, &what);
                    }
                }
                if state.is_over() {
                    break;
                }
                step(&mut state, &mut rng);
                n += 1;
            }
        }
    }
    // A mayor's answer is too rare in random games: see the next test.
    for kind in [
        "a tile",
        "a figure step",
        "an arrow choice",
        "a scarecrow's answer",
        "a messenger's answer",
        "an extra turn's tile",
        "the town hall or a draw",
        "a draw chosen over the town hall",
        "a draw",
        "the end",
    ] {
        assert!(
            met.contains_key(kind),
            "no position waiting for {kind}: {met:?}"
        );
    }
}

/// A mayor's swap waiting (`tests/records/71-mm-mayor-swap.toml` stopped
/// before blue's answer): read, written and read back, the same position,
/// and the answer plays alike.
#[cfg(feature = "record")]
#[test]
fn a_record_read_back_at_a_mayors_answer_is_the_same_position() {
    let text = r#"
players = ["red", "blue"]
sets = ["base", "mm"]
start = { tile = "base/D" }
waiting = "answer"
[[turn]]
tile = "base/F"
at = [0, -1]
rotation = 90
figure = { kind = "follower", on = "N" }
[[turn]]
tile = "base/F"
at = [0, -2]
rotation = 90
figure = { kind = "mayor", on = "N" }
[[turn]]
tile = "base/G"
at = [0, -3]
rotation = 90
[[turn]]
tile = "base/B"
at = [1, -2]
rotation = 0
[[turn]]
tile = "base/B"
at = [-1, -2]
rotation = 0
"#;
    let names: Vec<String> = ["red", "blue"].map(String::from).to_vec();
    let read = |text: &str| {
        let record = record::parse(text).expect("parses");
        State::from_record(
            &record,
            tables::SETS,
            CatalogOptions::default(),
            Some(7),
            Chance::Sampled,
        )
        .expect("replays")
    };
    let mut state = read(text);
    assert!(
        matches!(
            state.game().decision(),
            Some(Decision::Mayor { player: 1, .. })
        ),
        "{:?}",
        state.game().decision()
    );
    let written = state.to_record(&names).expect("history").to_toml();
    assert!(written.contains("waiting = \"answer\""), "{written}");
    let mut back = read(&written);
    assert_same(&back, &state, &written);
    let swap = plays(&state)
        .into_iter()
        .find(|p| matches!(p, Play::Move(Move::Decide(Choice::Swap { .. }))))
        .expect("a swap");
    state.play(swap).expect("legal");
    back.play(swap).expect("legal");
    assert_same(&back, &state, "after the swap");
}

#[test]
fn every_legal_play_has_one_index_that_decodes_back() {
    for (i, sets) in combos().iter().enumerate() {
        let cat = catalog(sets);
        for g in 0..30u64 {
            let players = 2 + (g as usize + i) % 5;
            let mut state = State::new(cat.clone(), players, g, Chance::Sampled).expect("setup");
            let mut rng = Rng::new(g);
            while !state.is_over() {
                let space = state.action_space();
                let mut seen = std::collections::HashSet::new();
                for p in plays(&state) {
                    let index = space.encode(p);
                    let index = index.unwrap_or_else(|| panic!("{sets:?}: no index for {p:?}"));
                    assert!(index < space.size());
                    assert!(seen.insert(index), "{sets:?}: two plays share {index}");
                    assert_eq!(space.decode(index, state.game()), Some(p));
                }
                step(&mut state, &mut rng);
            }
        }
    }
}

#[test]
fn the_action_space_fits_the_sets_and_players() {
    let base = State::new(catalog(&["base"]), 2, 0, Chance::Sampled).expect("setup");
    let space = base.action_space();
    assert!(space.size() <= 10_000, "{}", space.size());
    assert_eq!(space.radius(), 24);
    let names: Vec<&str> = space.blocks().iter().map(|b| b.0.name()).collect();
    assert_eq!(names, ["place", "deploy", "pass", "recall"]);
    let all = State::new(
        catalog(combos().last().expect("sets")),
        4,
        0,
        Chance::Sampled,
    )
    .expect("setup");
    assert!(all.action_space().size() > space.size());
    assert_eq!(all.action_space().blocks().len(), 24);
}

/// Every position of some random games, with the viewers' observations.
#[test]
fn different_positions_give_different_observations() {
    for (i, sets) in combos().iter().enumerate() {
        let cat = catalog(sets);
        let mut seen: HashMap<(u8, Vec<u8>), State> = HashMap::new();
        let mut positions = 0;
        for g in 0..12u64 {
            let players = 2 + (g as usize + i) % 3;
            let mut state = State::new(cat.clone(), players, g, Chance::Explicit).expect("setup");
            let size = state.observation_layout().size();
            let mut rng = Rng::new(g + 100);
            while !state.is_over() {
                for viewer in 0..players as u8 {
                    let mut obs = vec![0; size];
                    state.observe(viewer, &mut obs).expect("a player");
                    assert!(!obs[..].contains(&255) || *sets != ["base"]);
                    positions += 1;
                    match seen.get(&(viewer, obs.clone())) {
                        Some(other) => assert!(
                            *other == state,
                            "{sets:?}: one observation for two positions:\n{:?}\n{:?}",
                            other.game(),
                            state.game()
                        ),
                        None => {
                            seen.insert((viewer, obs), state.exact_copy());
                        }
                    }
                }
                step(&mut state, &mut rng);
            }
        }
        assert!(positions > 1000, "{positions}");
    }
}

#[test]
fn a_follower_on_another_segment_is_another_observation() {
    let cat = catalog(&["base"]);
    let mut state = State::new(cat.clone(), 2, 0, Chance::Explicit).expect("setup");
    state.draw(cat.kind_id("base/D").unwrap()).expect("draw");
    let mut p = plays(&state);
    state.play(p.remove(0)).expect("place");
    let deploys: Vec<Play> = plays(&state)
        .into_iter()
        .filter(|p| matches!(p, Play::Move(Move::Figure(Action::Place { .. }))))
        .collect();
    assert!(deploys.len() >= 3);
    let size = state.observation_layout().size();
    let mut observed = std::collections::HashSet::new();
    for d in deploys {
        let mut s = state.exact_copy();
        s.play(d).expect("deploy");
        for viewer in 0..2 {
            let mut obs = vec![0; size];
            s.observe(viewer, &mut obs).expect("a player");
            assert!(observed.insert(obs));
        }
    }
}

#[test]
fn the_layout_covers_the_observation_and_no_plane_is_constant_by_design() {
    let state = State::new(catalog(&["base"]), 2, 0, Chance::Sampled).expect("setup");
    let layout = state.observation_layout();
    let parts = layout.parts();
    let mut at = 0;
    for p in &parts {
        assert_eq!(p.start, at, "{}", p.name);
        at += p.len();
    }
    assert_eq!(at, layout.size());
    let names: Vec<&str> = parts.iter().map(|p| p.name).collect();
    assert_eq!(
        names,
        [
            "tile", "rotation", "last", "feature", "figure", "seat", "to_move", "phase", "in_hand",
            "scores", "supply", "pile"
        ]
    );
    assert!(state.observe(2, &mut vec![0; layout.size()]).is_none());
    assert!(state.observe(0, &mut [0; 3]).is_none());
}

#[test]
fn a_bad_history_or_record_is_refused_naming_what_is_wrong() {
    let cat = catalog(&["base"]);
    let state = State::new(cat.clone(), 2, 1, Chance::Explicit).expect("setup");
    let pass = [LogEntry::Move(Move::Figure(Action::Pass))];
    let parts = research::Parts {
        log: &pass,
        ..state.parts()
    };
    let e = State::from_log(cat.clone(), &parts).expect_err("a pass at the draw");
    assert_eq!(
        e.describe(&cat),
        "history entry 0: this move does not belong to the draw phase"
    );
    let fits = [LogEntry::SetAside(cat.kind_id("base/U").expect("base/U"))];
    let parts = research::Parts {
        log: &fits,
        ..state.parts()
    };
    let e = State::from_log(cat.clone(), &parts).expect_err("base/U fits");
    assert_eq!(
        e.to_string(),
        "history entry 0: a tile set aside must fit nowhere, a tile placed somewhere"
    );
    #[cfg(feature = "record")]
    {
        let text = "players = [\"a\", \"b\"]\nsets = [\"base\"]\nstart = { tile = \"base/D\" }\n";
        let record = record::parse(text).expect("a record");
        let e = record::resume_in(&record, catalog(&["base", "river"])).expect_err("other sets");
        assert_eq!(
            e.to_string(),
            "setup: the record plays the sets base, the catalog holds base, river"
        );
    }
}

/// The Princess & the Dragon: during the dragon's movement the player to
/// move changes from move to move (the current player first, then the others
/// in turn order), every move is an action of the `dragon` block, and the
/// observation shows the dragon and the squares of its movement.
#[cfg(feature = "record")]
#[test]
fn the_player_to_move_changes_with_the_dragon() {
    // Record 101's game, stopped at the first answer of its last turn.
    let text = "players = [\"red\", \"blue\"]\nsets = [\"base\", \"princess-dragon\"]\n\
        start = { tile = \"base/D\" }\nwaiting = \"answer\"\n\
        [[turn]]\ntile = \"princess-dragon/3\"\nat = [1, 0]\nrotation = 0\n\
        [[turn]]\ntile = \"base/U\"\nat = [-1, 0]\nrotation = 0\nfigure = { kind = \"follower\", on = \"E\" }\n\
        [[turn]]\ntile = \"base/U\"\nat = [-2, 0]\nrotation = 0\nfigure = { kind = \"follower\", on = \"N\" }\n\
        [[turn]]\ntile = \"princess-dragon/H\"\nat = [2, 0]\nrotation = 0\n";
    let record = record::parse(text).expect("valid");
    let cat = catalog(&["base", "princess-dragon"]);
    let mut state =
        State::from_record_in(&record, cat, Some(1), Chance::Explicit).expect("replays");
    let layout = state.observation_layout();
    let dragon = layout
        .parts()
        .into_iter()
        .find(|p| p.name == "dragon")
        .expect("a dragon field");
    let square = |p: Pos| {
        let (r, c) = state.action_space().square(p).expect("inside");
        [r as u8 + 1, c as u8 + 1]
    };
    let (start, d) = (square(Pos::new(1, 0)), square(Pos::new(0, 0)));
    let mut obs = vec![0; layout.size()];
    state.observe(0, &mut obs).expect("a player");
    let field = &obs[dragon.start..dragon.start + dragon.len()];
    assert_eq!(field[..2], start, "the dragon on the volcano");
    assert_eq!(field[7..9], start, "its movement starts there");
    let mut movers = Vec::new();
    for dir in [3u8, 3, 3] {
        movers.push(state.current_player().expect("a player to move"));
        let play = Play::Move(Move::Decide(Choice::Dragon { dir }));
        let index = state.action_space().encode(play).expect("an index");
        assert_eq!(
            state.action_space().parts(index).expect("parts").0.name(),
            "dragon"
        );
        assert!(plays(&state).contains(&play), "{play:?}");
        if movers.len() == 1 {
            state.play(play).expect("legal");
            let mut obs = vec![0; layout.size()];
            state.observe(1, &mut obs).expect("a player");
            let field = &obs[dragon.start..dragon.start + dragon.len()];
            assert_eq!(field[..2], d, "the dragon on D");
            assert_eq!(
                field[7..11],
                [start, d].concat(),
                "the squares of its movement"
            );
            continue;
        }
        state.play(play).expect("legal");
    }
    // Blue placed the dragon tile: blue, red, blue; then the dragon is boxed in
    // and the movement is over.
    assert_eq!(movers, [1, 0, 1]);
    assert!(state.game().dragon_visited().is_empty());
    assert_eq!(state.game().dragon(), Some(Pos::new(-2, 0)));
    assert_eq!(state.current_player(), Some(0), "red's turn");
}
