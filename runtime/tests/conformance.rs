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
    combos
}

#[test]
fn random_games_keep_every_invariant() {
    for (name, sets) in combinations() {
        let refs: Vec<&TileSet> = sets.iter().collect();
        let cat = match Catalog::new(&refs) {
            Ok(c) => Arc::new(c),
            // Sets whose rules are not implemented yet refuse to load; that is fine.
            Err(e) => panic!("{name}: {e}"),
        };
        for seed in 0..GAMES {
            let players = 2 + (seed % 5) as usize;
            play_checked(&cat, players, seed).unwrap_or_else(|e| panic!("{name} seed {seed}: {e}"));
        }
    }
}

fn play_checked(cat: &Arc<Catalog>, players: usize, seed: u64) -> Result<(), String> {
    let mut game = Game::new(cat.clone(), Setup::new(players)).map_err(|e| e.to_string())?;
    let mut rng = Rng::new(seed);
    let mut last_scores = game.scores().to_vec();
    while game.draw_random(&mut rng).is_some() {
        let legal = game.legal_placements();
        if legal.is_empty() {
            return Err("draw_random gave a tile with no legal placement".into());
        }
        for p in &legal {
            game.check_placement(*p)
                .map_err(|e| format!("listed {p} is illegal: {e}"))?;
        }
        check_listing_agrees(&game, &legal, seed % 10 == 0)?;
        let choice = legal[rng.below(legal.len() as u32) as usize];
        game.place(choice).map_err(|e| e.to_string())?;
        check_tile_fits(&game, choice.pos)?;
        let actions = game.legal_actions();
        let action = actions[rng.below(actions.len() as u32) as usize];
        if let Action::Place { segment, .. } = action {
            let f = game.feature(choice.pos, segment).ok_or("no feature")?;
            if f.figures != 0 {
                return Err("offered an occupied feature".into());
            }
        }
        game.act(action).map_err(|e| e.to_string())?;
        check_figures(&game)?;
        if game.scores().iter().zip(&last_scores).any(|(a, b)| a < b) {
            return Err("a score went down".into());
        }
        last_scores = game.scores().to_vec();
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
    for i in [0, listed.len() / 2, listed.len() - 1] {
        if game.nth_legal_placement(i) != Some(listed[i]) {
            return Err(format!("nth_legal_placement({i}) disagrees"));
        }
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
    for p in 0..game.players() as u8 {
        for k in FigureKind::ALL {
            let on_board = game
                .figures()
                .iter()
                .filter(|f| f.player == p && f.kind == k)
                .count();
            if on_board + usize::from(game.supply(p, k)) != usize::from(k.per_player()) {
                return Err(format!("player {p}: {k} not conserved"));
            }
        }
    }
    let mut per_feature: HashMap<u16, (u8, FeatureInfo)> = HashMap::new();
    for f in game.figures() {
        let info = game.feature(f.pos, f.segment).ok_or("figure on nothing")?;
        if !f.kind.may_stand_on(info.kind) {
            return Err(format!("{} on a {}", f.kind, info.kind.name()));
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
    let mut sums = vec![0u32; game.players()];
    for e in game.events() {
        if let Event::Scored(s) = e {
            for &w in &s.winners {
                sums[usize::from(w)] += s.points;
            }
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
