//! Replaying a checked record against the engine.

use super::{Record, ReplayError, ReplayErrorKind, Step, Turn};
use std::sync::Arc;
use tilec_runtime::{Action, Catalog, DrawError, Game, Placement, Pos, Setup, TileSet, PORT_NAMES};

/// Plays `record` with the sets it names (looked up in `available`, usually
/// `tilec_runtime::tables::SETS`), then runs final scoring.
pub fn replay(record: &Record, available: &[&TileSet]) -> Result<Game, ReplayError> {
    let setup_error = |kind| ReplayError {
        turn: 0,
        tile: record.start.clone(),
        kind,
    };
    let mut sets = Vec::new();
    for id in &record.sets {
        match available.iter().find(|s| s.id == id.as_str()) {
            Some(&s) => sets.push(s),
            None => {
                let known = available.iter().map(|s| s.id.to_string()).collect();
                return Err(setup_error(ReplayErrorKind::UnknownSet {
                    id: id.clone(),
                    known,
                }));
            }
        }
    }
    let cat = Catalog::new(&sets).map_err(|e| setup_error(ReplayErrorKind::Catalog(e)))?;
    let start = cat
        .kind_id(&record.start)
        .ok_or_else(|| setup_error(ReplayErrorKind::UnknownTile))?;
    let setup = Setup {
        start: Some(start),
        ..Setup::new(record.players.len())
    };
    let mut game =
        Game::new(Arc::new(cat), setup).map_err(|e| setup_error(ReplayErrorKind::Setup(e)))?;
    for (i, turn) in record.turns.iter().enumerate() {
        play_turn(&mut game, i + 1, turn)?;
    }
    game.finish();
    Ok(game)
}

fn play_turn(game: &mut Game, n: usize, turn: &Turn) -> Result<(), ReplayError> {
    let error = |kind| ReplayError {
        turn: n,
        tile: turn.tile.clone(),
        kind,
    };
    let kind = game
        .catalog()
        .kind_id(&turn.tile)
        .ok_or_else(|| error(ReplayErrorKind::UnknownTile))?;
    game.draw(kind).map_err(|e| match e {
        DrawError::OutOfOrder { waiting, .. } => {
            let waiting = game.catalog().kind(waiting).id.to_string();
            error(ReplayErrorKind::OutOfOrder { waiting })
        }
        e => error(ReplayErrorKind::Draw(e)),
    })?;
    let at = Placement {
        pos: turn.at,
        rotation: turn.rotation,
    };
    if let Err(e) = game.place(at) {
        let legal = game.legal_placements();
        return Err(error(ReplayErrorKind::Place {
            at,
            error: e,
            legal,
        }));
    }
    let action = match &turn.step {
        Step::Pass => Action::Pass,
        Step::RecallAbbot => Action::RecallAbbot,
        Step::Figure { kind, on } => match segment_named(game, turn.at, on) {
            Some(segment) => Action::Place {
                figure: *kind,
                segment,
            },
            None => {
                let names = segment_names(game, turn.at);
                return Err(error(ReplayErrorKind::NoSegment {
                    on: on.clone(),
                    names,
                }));
            }
        },
    };
    game.act(action).map_err(|e| {
        let legal = game
            .legal_actions()
            .iter()
            .map(|&a| describe(game, turn.at, a))
            .collect();
        error(ReplayErrorKind::Figure {
            step: describe(game, turn.at, action),
            error: e,
            legal,
        })
    })
}

/// The segment of the tile at `pos` that `on` names: a board port, or the kind of
/// the one segment of that kind that touches no port.
fn segment_named(game: &Game, pos: Pos, on: &str) -> Option<u8> {
    if let Some(port) = PORT_NAMES.iter().position(|&p| p == on) {
        return game.segment_at_port(pos, port);
    }
    let tile = game.tile_at(pos)?;
    let segs = &game.catalog().kind(tile.kind).segments;
    let mut named = segs
        .iter()
        .enumerate()
        .filter(|(_, s)| s.ports == 0 && s.kind.name() == on);
    match (named.next(), named.next()) {
        (Some((i, _)), None) => Some(i as u8),
        _ => None,
    }
}

/// The name a record uses for segment `seg` of the tile at `pos`: the first edge
/// middle (`N`, `E`, `S`, `W`) it holds as on the board, else its first port, or its
/// kind when it touches no port.
fn segment_name(game: &Game, pos: Pos, seg: u8) -> String {
    let holds = |p: &usize| game.segment_at_port(pos, *p) == Some(seg);
    let port = [1, 4, 7, 10]
        .into_iter()
        .find(holds)
        .or_else(|| (0..12).find(holds));
    let kind = game
        .tile_at(pos)
        .and_then(|t| {
            game.catalog()
                .kind(t.kind)
                .segments
                .get(usize::from(seg))
                .map(|s| s.kind.name())
        })
        .unwrap_or("?");
    match port {
        Some(p) => format!("{} ({kind})", PORT_NAMES[p]),
        None => kind.to_string(),
    }
}

fn segment_names(game: &Game, pos: Pos) -> Vec<String> {
    let count = game
        .tile_at(pos)
        .map_or(0, |t| game.catalog().kind(t.kind).segments.len());
    (0..count as u8)
        .map(|s| segment_name(game, pos, s))
        .collect()
}

fn describe(game: &Game, pos: Pos, action: Action) -> String {
    match action {
        Action::Place { figure, segment } => {
            format!("{figure} on {}", segment_name(game, pos, segment))
        }
        Action::RecallAbbot => "recall = \"abbot\"".to_string(),
        other => other.to_string(),
    }
}

/// Compares the final scores with `[expect]`, naming the first difference.
pub fn check_expect(record: &Record, game: &Game) -> Result<(), String> {
    let Some(expected) = &record.expect_scores else {
        return Ok(());
    };
    let scores = game.scores();
    let all = || {
        let parts: Vec<String> = record
            .players
            .iter()
            .zip(scores)
            .map(|(p, s)| format!("{p} {s}"))
            .collect();
        parts.join(", ")
    };
    for (i, (&want, &got)) in expected.iter().zip(scores).enumerate() {
        if want != got {
            let who = record.players.get(i).map_or("?", String::as_str);
            return Err(format!(
                "expect.scores[{i}] ({who}): expected {want}, got {got} (final scores: {})",
                all()
            ));
        }
    }
    Ok(())
}
