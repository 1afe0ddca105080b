//! Random-play conformance: thousands of seeded games over every set combination,
//! with the engine's invariants checked after every move. The shipped sets the
//! engine does not play yet (`shipped::refused`) are played as plain topology.

use std::collections::HashMap;
use std::sync::Arc;
use tilec_runtime::*;

/// Fewer games in debug builds keep `cargo test` quick; release runs the full count.
const GAMES: u64 = if cfg!(debug_assertions) { 400 } else { 5000 };

mod shipped;

use tilec_runtime::catalog::CatalogOptions;

/// Played as the engine plays them, or as plain topology.
const RULES: CatalogOptions = CatalogOptions {
    topology_only: false,
};
const TOPOLOGY: CatalogOptions = CatalogOptions {
    topology_only: true,
};

fn combinations() -> Vec<(String, Vec<TileSet>, CatalogOptions)> {
    let mut combos = vec![
        ("hand base".to_string(), vec![testkit::base_set()], RULES),
        ("hand river".to_string(), vec![testkit::river_set()], RULES),
        (
            "hand base+river".to_string(),
            vec![testkit::base_set(), testkit::river_set()],
            RULES,
        ),
    ];
    // Every shipped set alone, and base with each other shipped set: the sets
    // the engine refuses (see `shipped`) as plain topology.
    let played: Vec<TileSet> = shipped::played().into_iter().cloned().collect();
    let refused: Vec<TileSet> = shipped::refused()
        .into_iter()
        .map(|(s, _)| s.clone())
        .collect();
    let base = played.iter().find(|s| s.id == "base").cloned();
    let all = played.iter().map(|s| (s, RULES));
    for (s, options) in all.chain(refused.iter().map(|s| (s, TOPOLOGY))) {
        let how = if options.topology_only {
            " (topology)"
        } else {
            ""
        };
        combos.push((format!("{}{how}", s.id), vec![s.clone()], options));
        if let Some(b) = base.as_ref().filter(|b| b.id != s.id) {
            let name = format!("base+{}{how}", s.id);
            combos.push((name, vec![b.clone(), s.clone()], options));
        }
    }
    // Every set the engine plays together, and every shipped set as topology.
    combos.push(("all played sets".to_string(), played.clone(), RULES));
    let everything = played.iter().chain(&refused).cloned().collect();
    combos.push(("all sets (topology)".to_string(), everything, TOPOLOGY));
    combos
}

#[test]
fn random_games_keep_every_invariant() {
    for (name, sets, options) in combinations() {
        let refs: Vec<&TileSet> = sets.iter().collect();
        let cat = match Catalog::with_options(&refs, options) {
            Ok(c) => Arc::new(c),
            Err(e) => panic!("{name}: {e}"),
        };
        for seed in 0..GAMES {
            let players = 2 + (seed % 5) as usize;
            play_checked(&cat, players, seed).unwrap_or_else(|e| panic!("{name} seed {seed}: {e}"));
        }
    }
}

/// Random games with every set the engine plays exercise every expansion
/// rule: each kind of expansion event happens at least once over the run.
#[test]
fn all_sets_games_exercise_every_expansion_rule() {
    let sets: Vec<&TileSet> = shipped::played();
    let cat = Arc::new(Catalog::new(&sets).expect("all played sets"));
    let mut seen: HashMap<&'static str, u32> = HashMap::new();
    let mut player = RandomPlayer::new(0.6);
    for seed in 0..300 {
        let mut game = Game::new(cat.clone(), Setup::new(4).with_events()).expect("setup");
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
                Event::Moved {
                    figure: FigureKind::Wagon,
                    ..
                } => "wagon move",
                Event::Moved { .. } => "messenger move",
                Event::LaidDown { .. } => "scarecrow lies down",
                Event::FigurePlaced {
                    figure: FigureKind::Mayor,
                    ..
                } => "mayor placed",
                Event::Scored(s) if s.feature == SegmentKind::Hut => "hut scored",
                Event::Scored(s) if s.mark == Some(MarkKind::Inn) => match s.cause {
                    Cause::Completed => "inn road completed",
                    _ => "inn road left open",
                },
                Event::Scored(s) if s.mark == Some(MarkKind::Cathedral) => match s.cause {
                    Cause::Completed => "cathedral city completed",
                    _ => "cathedral city left open",
                },
                Event::FigurePlaced {
                    figure: FigureKind::BigFollower,
                    ..
                } => "big follower placed",
                Event::GoodsTaken { .. } => "goods taken",
                Event::Points {
                    reason: PointsReason::Goods(_),
                    ..
                } => "goods majority",
                Event::Points {
                    reason: PointsReason::Pig,
                    ..
                } => "pig bonus",
                Event::BuilderTurn { .. } => "builder turn",
                Event::Returned {
                    reason: ReturnReason::Alone,
                    ..
                } => "builder or pig alone",
                Event::DragonMoved { from: None, .. } => "volcano",
                Event::DragonMoved { from: Some(_), .. } => "dragon move",
                Event::ShuffledBack { .. } => "dragon tiles shuffled back",
                Event::HeldBack { .. } => "dragon tile held back",
                Event::Returned {
                    reason: ReturnReason::Dragon,
                    ..
                } => "eaten by the dragon",
                Event::Returned {
                    reason: ReturnReason::Princess,
                    ..
                } => "princess",
                Event::FairyMoved { .. } => "fairy moved",
                Event::Points {
                    reason: PointsReason::FairyTurn,
                    ..
                } => "fairy turn point",
                Event::Points {
                    reason: PointsReason::FairyScored,
                    ..
                } => "fairy scored",
                Event::TowerPiece { .. } => "tower piece",
                Event::TowerFollower { .. } => "follower on a tower",
                Event::Captured { player, owner, .. } if player == owner => "own follower captured",
                Event::Captured { .. } => "prisoner taken",
                Event::Exchanged { .. } => "prisoners exchanged",
                Event::Ransomed { .. } => "ransom paid",
                Event::FigurePlaced {
                    figure: FigureKind::AmMayor,
                    ..
                } => "abbey & mayor's mayor placed",
                Event::FigurePlaced {
                    figure: FigureKind::Barn,
                    ..
                } => "barn placed",
                Event::Scored(s) if s.cause == Cause::Barn => "field scored by a barn",
                Event::Scored(s) if s.cause == Cause::BarnJoined => "field joined to a barn",
                Event::Points {
                    reason: PointsReason::Barn,
                    ..
                } => "barn's end points",
                Event::TilePlaced { kind, .. }
                    if cat.pile_class(*kind) == tilec_runtime::PileClass::Abbey =>
                {
                    "abbey placed"
                }
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
        "wagon move",
        "abbey & mayor's mayor placed",
        "barn placed",
        "field scored by a barn",
        "field joined to a barn",
        "barn's end points",
        "abbey placed",
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
        "inn road completed",
        "inn road left open",
        "cathedral city completed",
        "cathedral city left open",
        "big follower placed",
        "goods taken",
        "goods majority",
        "pig bonus",
        "builder turn",
        "builder or pig alone",
        "volcano",
        "dragon move",
        "dragon tiles shuffled back",
        "dragon tile held back",
        "eaten by the dragon",
        "princess",
        "fairy moved",
        "fairy turn point",
        "fairy scored",
        "tower piece",
        "follower on a tower",
        "own follower captured",
        "prisoner taken",
        "prisoners exchanged",
        "ransom paid",
    ];
    let missing: Vec<_> = all.iter().filter(|n| !seen.contains_key(*n)).collect();
    assert!(
        missing.is_empty(),
        "never happened: {missing:?} (seen {seen:?})"
    );
}

/// One random game driven through `legal_moves_into` and `play`, every
/// engine invariant checked after every move.
fn play_checked(cat: &Arc<Catalog>, players: usize, seed: u64) -> Result<(), String> {
    let setup = Setup::new(players).with_events();
    let mut game = Game::new(cat.clone(), setup).map_err(|e| e.to_string())?;
    let mut rng = Rng::new(seed);
    // Every listed move is also played on a copy in one game of 40.
    let thorough = seed.is_multiple_of(40);
    let mut moves = Vec::new();
    let mut last_scores = game.scores().to_vec();
    while !game.is_over() {
        moves.clear();
        game.legal_moves_into(&mut moves);
        check_moves(&game, &moves, thorough, &mut rng)?;
        let phase = game.phase();
        if phase == Phase::Draw {
            // A player holding a town hall places it now and then instead of drawing.
            if moves.is_empty() || rng.below(8) != 0 {
                match game.draw_random(&mut rng) {
                    Ok(_) => check_drawn(&game, thorough)?,
                    Err(DrawError::Over) => break,
                    Err(e) => return Err(format!("draw_random in the draw phase: {e}")),
                }
                continue;
            }
        } else if moves.is_empty() {
            return Err(format!("no legal move in {phase:?}"));
        }
        let m = moves[rng.below(moves.len() as u32) as usize];
        if let Move::Figure(Action::Place { segment, figure }) = m {
            let pos = game.last_placed().ok_or("no tile just placed")?.pos;
            let f = game.feature(pos, segment).ok_or("no feature")?;
            if f.figures != 0 && !figure.joins_occupied() {
                return Err("offered an occupied feature".into());
            }
        }
        game.play(m)
            .map_err(|e| format!("listed {m:?} refused: {e}"))?;
        if let Move::Place { placement, .. } = m {
            check_tile_fits(&game, placement.pos)?;
        }
        // Completed features score after the figure step: no figure check
        // before it, nor while a surrounded mayor's or scarecrow's decision
        // or the dragon's move (asked before scoring) is pending, nor a tower's capture.
        let scored = matches!(game.phase(), Phase::Draw | Phase::Decide | Phase::Over)
            && !matches!(
                game.decision(),
                Some(
                    Decision::Mayor { .. }
                        | Decision::Scarecrow { .. }
                        | Decision::Dragon { .. }
                        | Decision::Capture { .. }
                )
            );
        if scored && matches!(m, Move::Figure(_) | Move::Decide(_)) {
            check_figures(&game)?;
        }
        if game.is_over() {
            break; // final scoring may take points (Vodyanoy)
        }
        // A ransom (The Tower) is the one move that costs points.
        let ransom = matches!(m, Move::Ransom { .. });
        if !ransom && game.scores().iter().zip(&last_scores).any(|(a, b)| a < b) {
            return Err("a score went down".into());
        }
        last_scores = game.scores().to_vec();
    }
    check_over(&mut game)
}

/// The game ended by itself: nothing left, final scoring done, every further
/// step refused as "over".
fn check_over(game: &mut Game) -> Result<(), String> {
    if !game.is_over() || game.phase() != Phase::Over {
        return Err(format!("the game stopped in {:?}", game.phase()));
    }
    if game.tiles_left() {
        return Err("the game stopped with tiles or town halls left".into());
    }
    if !game.figures().is_empty() {
        return Err("figures left after final scoring".into());
    }
    let outcome = game.outcome().ok_or("over without an outcome")?;
    if outcome.scores != game.scores() || outcome.winners.is_empty() {
        return Err(format!("outcome {outcome:?} disagrees with the scores"));
    }
    if game.draw_random(&mut Rng::new(0)) != Err(DrawError::Over)
        || game.draw(0) != Err(DrawError::Over)
        || game.play(Move::Figure(Action::Pass)) != Err(MoveError::Over)
    {
        return Err("a step after the end was not refused as over".into());
    }
    game.finish(); // still accepted, and changes nothing
    if game.outcome() != Some(outcome) {
        return Err("finish after the end changed the outcome".into());
    }
    check_figures(game)?;
    check_scores_match_events(game)
}

/// Every listed move is accepted by `check_move` and reads back from its
/// notation; some (all in a thorough game) are played on a copy; moves not
/// listed are refused and leave the game as it was.
fn check_moves(game: &Game, moves: &[Move], thorough: bool, rng: &mut Rng) -> Result<(), String> {
    let cat = game.catalog();
    for &m in moves {
        game.check_move(m)
            .map_err(|e| format!("listed {m:?} is illegal: {e}"))?;
        let text = m.display(cat).to_string();
        let back = Move::parse(&text, cat).map_err(|e| e.to_string())?;
        if back != m {
            return Err(format!("`{text}` reads back as {back:?}, not {m:?}"));
        }
    }
    // Copies cost: outside thorough games, one step in four is tried.
    if !thorough && rng.below(4) != 0 {
        return Ok(());
    }
    let tried: Vec<Move> = match thorough {
        true => moves.to_vec(),
        false => (0..moves.len().min(1))
            .map(|_| moves[rng.below(moves.len() as u32) as usize])
            .collect(),
    };
    for m in tried {
        let mut copy = game.clone();
        copy.play(m)
            .map_err(|e| format!("listed {m:?} refused by play: {e}"))?;
    }
    for m in unlisted(game, moves, rng) {
        let mut copy = game.clone();
        let key = copy.position_key();
        if copy.play(m).is_ok() {
            return Err(format!("unlisted {m:?} accepted in {:?}", game.phase()));
        }
        if copy != *game || copy.position_key() != key {
            return Err(format!("refused {m:?} changed the game"));
        }
    }
    Ok(())
}

/// Moves that are not in `moves`: of every other phase, and near misses of
/// this phase's (a shifted square, a segment that is not there, an answer to
/// another decision).
fn unlisted(game: &Game, moves: &[Move], rng: &mut Rng) -> Vec<Move> {
    let spot = Spot {
        pos: Pos::new(0, 0),
        segment: 0,
    };
    let drawn = match game.phase() {
        Phase::Place(k) => k,
        _ => 0,
    };
    let mut out = vec![
        Move::TakeTownHall,
        Move::Place {
            kind: drawn,
            placement: Placement {
                pos: Pos::new(0, 0),
                rotation: Rotation::R0,
            },
        },
        Move::Place {
            kind: drawn.wrapping_add(1),
            placement: Placement {
                pos: Pos::new(1, 0),
                rotation: Rotation::R0,
            },
        },
        Move::Figure(Action::Pass),
        Move::Figure(Action::Place {
            figure: FigureKind::Follower,
            segment: 200,
        }),
        Move::Figure(Action::RecallAbbot),
        Move::Figure(Action::Portal {
            figure: FigureKind::Follower,
            at: spot,
        }),
        Move::Decide(Choice::Decline),
        Move::Decide(Choice::Arrow(ArrowKind::ExtraTurn)),
        Move::Decide(Choice::Move { to: spot }),
    ];
    if let Some(&Move::Place { kind, placement }) =
        moves.get(rng.below(moves.len().max(1) as u32) as usize)
    {
        let symmetry = game.catalog().kind(kind).symmetry;
        for (dx, dy) in [(1, 0), (0, 1), (-1, 0), (0, -1), (3, 3)] {
            for r in 0..symmetry {
                out.push(Move::Place {
                    kind,
                    placement: Placement {
                        pos: placement.pos.offset(dx, dy),
                        rotation: Rotation::new(r),
                    },
                });
            }
        }
    }
    out.retain(|m| !moves.contains(m));
    out
}

/// After a random draw: a tile that fits, and the listing shortcuts agree.
fn check_drawn(game: &Game, thorough: bool) -> Result<(), String> {
    let legal = game.legal_placements();
    if legal.is_empty() {
        return Err("draw_random gave a tile with no legal placement".into());
    }
    for p in &legal {
        game.check_placement(*p)
            .map_err(|e| format!("listed {p} is illegal: {e}"))?;
    }
    check_listing_agrees(game, &legal, thorough)
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
    // Traders & Builders (ruling alone): between turns, every builder and pig
    // stands in a feature with a follower of its owner's.
    if matches!(game.phase(), Phase::Draw | Phase::Place(_)) {
        let feature = |f: &Figure| game.feature(f.pos, f.segment).map(|i| i.id);
        let special = |k: FigureKind| matches!(k, FigureKind::Builder | FigureKind::Pig);
        for b in game.figures().iter().filter(|f| special(f.kind)) {
            let beside = game
                .figures()
                .iter()
                .any(|f| f.player == b.player && !special(f.kind) && feature(f) == feature(b));
            if !beside {
                return Err(format!("{} at {} without an own follower", b.kind, b.pos));
            }
        }
        // Abbey & Mayor (rulings barn-placed, barn-joined): between turns a
        // field with a barn holds barns only.
        for b in game.figures().iter().filter(|f| f.kind == FigureKind::Barn) {
            let other = game
                .figures()
                .iter()
                .any(|f| f.kind != FigureKind::Barn && feature(f) == feature(b));
            if other {
                return Err(format!("a figure beside the barn at {}", b.pos));
            }
        }
    }
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
            // The Tower: prisoners and followers on top of towers.
            let prisoners: usize = (0..game.players() as u8)
                .map(|h| usize::from(game.prisoners(h, p, k)))
                .sum();
            let on_towers = game
                .towers()
                .iter()
                .filter(|t| t.follower == Some((p, k)))
                .count();
            let trapped = trapped + prisoners + on_towers;
            // An expansion's kinds come with its tiles only.
            let owned = match game.catalog().figure_kinds().contains(&k) {
                true => usize::from(k.per_player()),
                false => 0,
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
        // Traders & Builders places its builder and pig itself (`stands_on` 0).
        let may = match f.kind {
            FigureKind::Builder => matches!(info.kind, SegmentKind::Road | SegmentKind::City),
            FigureKind::Pig => info.kind == SegmentKind::Field,
            // Abbey & Mayor places its barn itself, on a corner of fields.
            FigureKind::Barn => info.kind == SegmentKind::Field,
            k => k.may_stand_on(info.kind),
        };
        if !may && !moved {
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
