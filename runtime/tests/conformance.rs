//! Random-play conformance: thousands of seeded games over every set combination,
//! with the engine's invariants checked after every move.

use std::collections::HashMap;
use std::sync::Arc;
use tilec_runtime::*;

/// Fewer games in debug builds keep `cargo test` quick; release runs the full count.
const GAMES: u64 = if cfg!(debug_assertions) { 400 } else { 5000 };

fn combinations() -> Vec<(String, Vec<TileSet>)> {
    let mut combos = vec![
        ("hand base".to_string(), vec![testkit::base_set()]),
        ("hand river".to_string(), vec![testkit::river_set()]),
        (
            "hand base+river".to_string(),
            vec![testkit::base_set(), testkit::river_set()],
        ),
    ];
    // Every shipped set alone, and base with each other shipped set.
    let shipped: Vec<TileSet> = tables::SETS.iter().map(|s| (*s).clone()).collect();
    let base = shipped.iter().find(|s| s.id == "base").cloned();
    for s in &shipped {
        combos.push((s.id.to_string(), vec![s.clone()]));
        if let Some(b) = base.as_ref().filter(|b| b.id != s.id) {
            combos.push((format!("base+{}", s.id), vec![b.clone(), s.clone()]));
        }
    }
    // All six sets together.
    combos.push(("all sets".to_string(), shipped.clone()));
    combos
}

#[test]
fn random_games_keep_every_invariant() {
    for (name, sets) in combinations() {
        let refs: Vec<&TileSet> = sets.iter().collect();
        let cat = match Catalog::new(&refs) {
            Ok(c) => Arc::new(c),
            Err(e) => panic!("{name}: {e}"),
        };
        for seed in 0..GAMES {
            let players = 2 + (seed % 5) as usize;
            play_checked(&cat, players, seed).unwrap_or_else(|e| panic!("{name} seed {seed}: {e}"));
        }
    }
}

/// Random games with all six sets exercise every expansion rule: each kind of
/// expansion event happens at least once over the run.
#[test]
fn all_sets_games_exercise_every_expansion_rule() {
    let sets: Vec<&TileSet> = tables::SETS.to_vec();
    let cat = Arc::new(Catalog::new(&sets).expect("all sets"));
    let mut seen: HashMap<&'static str, u32> = HashMap::new();
    let mut player = RandomPlayer::new(0.6);
    for seed in 0..300 {
        let mut game = Game::new(cat.clone(), Setup::new(4)).expect("setup");
        player.play(&mut game, &mut Rng::new(seed));
        for e in game.events() {
            let name = match e {
                Event::Points {
                    reason: PointsReason::Arrow,
                    ..
                } => "arrow points",
                Event::Points {
                    reason: PointsReason::Vodyanoy,
                    ..
                } => "vodyanoy penalty",
                Event::ArrowActivated {
                    arrow: ArrowKind::Portal,
                    ..
                } => "portal",
                Event::ArrowActivated {
                    arrow: ArrowKind::AddNextTo,
                    ..
                } => "add-next-to",
                Event::ExtraTurn { .. } => "extra turn",
                Event::Trapped {
                    trap: Trap::Vodyanoy,
                    ..
                } => "vodyanoy trap",
                Event::Trapped {
                    trap: Trap::Solovei,
                    ..
                } => "solovei trap",
                Event::Freed { .. } => "freed",
                Event::Returned {
                    reason: ReturnReason::Festival,
                    ..
                } => "festival return",
                Event::Returned {
                    reason: ReturnReason::TownHall,
                    ..
                } => "town hall meeting",
                Event::Returned {
                    reason: ReturnReason::Swapped,
                    ..
                } => "mayor swap",
                Event::Returned {
                    reason: ReturnReason::Surrounded,
                    ..
                } => "surrounded",
                Event::Moved { .. } => "messenger move",
                Event::LaidDown { .. } => "scarecrow lies down",
                Event::FigurePlaced {
                    figure: FigureKind::Mayor,
                    ..
                } => "mayor placed",
                Event::Scored(s) if s.feature == SegmentKind::Hut => "hut scored",
                _ => continue,
            };
            *seen.entry(name).or_default() += 1;
        }
        assert!(
            game.placed_tiles()
                .iter()
                .filter(|t| Some(t.kind) == cat.town_hall())
                .count()
                == 4
        );
    }
    let all = [
        "arrow points",
        "vodyanoy penalty",
        "portal",
        "add-next-to",
        "extra turn",
        "vodyanoy trap",
        "solovei trap",
        "freed",
        "festival return",
        "town hall meeting",
        "mayor swap",
        "surrounded",
        "messenger move",
        "scarecrow lies down",
        "mayor placed",
        "hut scored",
    ];
    let missing: Vec<_> = all.iter().filter(|n| !seen.contains_key(*n)).collect();
    assert!(
        missing.is_empty(),
        "never happened: {missing:?} (seen {seen:?})"
    );
}

fn play_checked(cat: &Arc<Catalog>, players: usize, seed: u64) -> Result<(), String> {
    let mut game = Game::new(cat.clone(), Setup::new(players)).map_err(|e| e.to_string())?;
    let mut rng = Rng::new(seed);
    let mut last_scores = game.scores().to_vec();
    loop {
        // A player holding a town hall places it now and then instead of drawing.
        let me = game.current_player();
        if !(game.holds_town_hall(me) && rng.below(8) == 0 && game.take_town_hall().is_ok())
            && game.draw_random(&mut rng).is_none()
        {
            break;
        }
        let legal = game.legal_placements();
        if legal.is_empty() {
            return Err("draw_random gave a tile with no legal placement".into());
        }
        for p in &legal {
            game.check_placement(*p)
                .map_err(|e| format!("listed {p} is illegal: {e}"))?;
        }
        check_listing_agrees(&game, &legal, seed.is_multiple_of(10))?;
        let choice = legal[rng.below(legal.len() as u32) as usize];
        game.place(choice).map_err(|e| e.to_string())?;
        check_tile_fits(&game, choice.pos)?;
        // Completed features score after the figure step: no figure check here.
        decide(&mut game, &mut rng)?;
        let actions = game.legal_actions();
        let action = actions[rng.below(actions.len() as u32) as usize];
        for &a in &actions {
            game.check_action(a)
                .map_err(|e| format!("listed action {a} is illegal: {e}"))?;
        }
        if let Action::Place { segment, figure } = action {
            let f = game.feature(choice.pos, segment).ok_or("no feature")?;
            if f.figures != 0 && !figure.joins_occupied() {
                return Err("offered an occupied feature".into());
            }
        }
        game.act(action).map_err(|e| e.to_string())?;
        // A surrounded mayor's swap is asked before scoring: completed features
        // still hold their figures then.
        if !matches!(game.decision(), Some(Decision::Mayor { .. })) {
            check_figures(&game)?;
        }
        decide(&mut game, &mut rng)?;
        check_figures(&game)?;
        if game.phase() != Phase::Draw {
            return Err(format!("turn not over: {:?}", game.phase()));
        }
        if game.scores().iter().zip(&last_scores).any(|(a, b)| a < b) {
            return Err("a score went down".into());
        }
        last_scores = game.scores().to_vec();
    }
    if game.tiles_left() {
        return Err("the game stopped with tiles or town halls left".into());
    }
    game.finish();
    if !game.figures().is_empty() {
        return Err("figures left after final scoring".into());
    }
    check_figures(&game)?;
    check_scores_match_events(&game)
}

/// The count and nth-placement shortcuts agree with the list; every few games the
/// list is also compared with a brute-force search over every square and rotation.
fn check_listing_agrees(game: &Game, legal: &[Placement], brute: bool) -> Result<(), String> {
    if game.legal_placement_count() != legal.len() {
        return Err("legal_placement_count disagrees with the list".into());
    }
    let mut listed = Vec::new();
    game.legal_placements_into(&mut listed);
    let every: Vec<usize> = match brute {
        true => (0..listed.len()).collect(),
        false => vec![0, listed.len() / 2, listed.len() - 1],
    };
    for i in every {
        if game.nth_legal_placement(i) != Some(listed[i]) {
            return Err(format!("nth_legal_placement({i}) disagrees"));
        }
    }
    if game.nth_legal_placement(listed.len()).is_some() {
        return Err("nth_legal_placement past the end found a placement".into());
    }
    if !brute {
        return Ok(());
    }
    let Phase::Place(kind) = game.phase() else {
        return Err("not placing".into());
    };
    let symmetry = game.catalog().kind(kind).symmetry;
    let mut found = Vec::new();
    for t in game.placed_tiles() {
        for d in 0..4 {
            for r in 0..symmetry {
                let p = Placement {
                    pos: t.pos.step(d),
                    rotation: Rotation::new(r),
                };
                if game.check_placement(p).is_ok() && !found.contains(&p) {
                    found.push(p);
                }
            }
        }
    }
    found.sort();
    if found != legal {
        return Err(format!(
            "brute force finds {} placements, the list has {}",
            found.len(),
            legal.len()
        ));
    }
    Ok(())
}

/// Answers every owed decision at random, checking each listed answer first.
fn decide(game: &mut Game, rng: &mut Rng) -> Result<(), String> {
    while game.phase() == Phase::Decide {
        let decision = game.decision().ok_or("Decide without a decision")?;
        let choices = game.legal_choices();
        if choices.len() < 2 {
            return Err(format!("{decision:?} asked with {} answers", choices.len()));
        }
        let c = choices[rng.below(choices.len() as u32) as usize];
        game.choose(c)
            .map_err(|e| format!("listed choice {c} refused: {e}"))?;
    }
    Ok(())
}

fn check_tile_fits(game: &Game, pos: Pos) -> Result<(), String> {
    let cat = game.catalog();
    let t = game.tile_at(pos).ok_or("tile missing")?;
    let edges = cat.kind(t.kind).edges[usize::from(t.rotation.quarter_turns())];
    let mut touching = 0;
    for (d, &mine) in edges.iter().enumerate() {
        let Some(n) = game.tile_at(pos.step(d)) else {
            continue;
        };
        touching += 1;
        let theirs = cat.kind(n.kind).edges[usize::from(n.rotation.quarter_turns())][(d + 2) % 4];
        if !mine.matches(theirs) {
            return Err(format!("{pos}: {mine:?} against {theirs:?}"));
        }
    }
    if touching == 0 {
        return Err(format!("{pos} touches nothing"));
    }
    Ok(())
}

fn check_figures(game: &Game) -> Result<(), String> {
    for p in 0..game.players() as u8 {
        for k in FigureKind::ALL {
            let on_board = game
                .figures()
                .iter()
                .filter(|f| f.player == p && f.kind == k)
                .count();
            let trapped = game
                .trapped()
                .iter()
                .filter(|t| t.player == p && t.kind == k)
                .count();
            let owned = match k.is_mm() && !game.catalog().has_town_halls() {
                true => 0,
                false => usize::from(k.per_player()),
            };
            if on_board + trapped + usize::from(game.supply(p, k)) != owned {
                return Err(format!("player {p}: {k} not conserved"));
            }
        }
    }
    let mut per_feature: HashMap<u16, (u8, FeatureInfo)> = HashMap::new();
    for f in game.figures() {
        let info = game.feature(f.pos, f.segment).ok_or("figure on nothing")?;
        // A messenger is deployed on roads and may move on into a city.
        let moved = f.kind == FigureKind::Messenger && info.kind == SegmentKind::City;
        if !f.kind.may_stand_on(info.kind) && !moved {
            return Err(format!("{} on a {}", f.kind, info.kind.name()));
        }
        if game.trapped().iter().any(|t| t.trap == Trap::Vodyanoy)
            && game.placed_tiles().iter().any(|t| {
                game.catalog().kind(t.kind).has_mark(MarkKind::TrapLake) && t.pos.near(f.pos)
            })
        {
            return Err(format!("{} stands within Vodyanoy's reach", f.kind));
        }
        if info.is_complete() {
            return Err("a figure stays on a completed feature".into());
        }
        if matches!(info.kind, SegmentKind::Monastery | SegmentKind::Garden)
            && game.filled_neighbours(f.pos) == 8
        {
            return Err("a figure stays on a completed monastery".into());
        }
        per_feature.entry(info.id).or_insert((0, info)).0 += 1;
    }
    for (count, info) in per_feature.values() {
        if *count != info.figures {
            return Err(format!(
                "feature {} counts {} figures, {} stand on it",
                info.id, info.figures, count
            ));
        }
    }
    Ok(())
}

fn check_scores_match_events(game: &Game) -> Result<(), String> {
    let mut sums = vec![0i32; game.players()];
    for e in game.events() {
        match e {
            Event::Scored(s) => {
                for &w in &s.winners {
                    sums[usize::from(w)] += s.points as i32;
                }
            }
            Event::Points { player, points, .. } => sums[usize::from(*player)] += points,
            _ => {}
        }
    }
    if sums != game.scores() {
        return Err(format!(
            "events sum to {sums:?}, scores are {:?}",
            game.scores()
        ));
    }
    Ok(())
}
