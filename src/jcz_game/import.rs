//! A JCloisterZone save → a game record of the same game.
//!
//! The save's setup is checked against the rooms (every game element on,
//! every rule option, every tile-set must be one tilec plays as
//! JCloisterZone did), its messages become turns (a `PLACE_TILE` opens a
//! turn; the figure step is the next `DEPLOY_MEEPLE`, `RETURN_MEEPLE` or
//! `PASS`, or a room's message; `COMMIT`s close steps and say nothing), its
//! forced draw order, when it has one, gives the tiles set aside. The record
//! is then replayed by tilec's engine: a move the engine refuses, or a figure
//! that stands elsewhere than JCloisterZone's location says, is a problem
//! located at the message.

use super::ids::{self, Tiles};
use super::location;
use super::rooms::{Accept, ReturnAs, Room, JCZ_RULES, ROOMS};
use super::save::{self, clip, Kind, Message, Pointer, Save};
use super::Problem;
use crate::sets::Available;
use serde_json::Value;
use std::borrow::Cow;
use tilec_runtime::catalog::CatalogOptions;
use tilec_runtime::record::{self, Record, Step, Turn, MAX_PLAYER_NAME};
use tilec_runtime::{Event, FigureKind, Game, ReturnReason, Rotation, TileSet};

/// A save read as a record.
#[derive(Debug)]
pub struct Imported {
    /// The game.
    pub record: Record,
    /// What the save does not say and the record leaves out, none of it
    /// changing a score (tiles set aside by a save without a draw order).
    pub notes: Vec<String>,
}

/// One turn being read: the `PLACE_TILE`'s index, the turn, and the message
/// of its figure step with where the figure went.
struct Draft {
    place: usize,
    jcz_tile: String,
    turn: Turn,
    figure: Option<(usize, Pointer)>,
    stepped: bool,
}

/// Reads save `text` as a record of the sets `available` holds.
pub fn import(text: &str, available: &Available) -> Result<Imported, Vec<Problem>> {
    let save = save::read(text)?;
    let mut problems = Vec::new();
    check_players(&save, &mut problems);
    check_elements(&save, &mut problems);
    check_rules(&save, &mut problems);
    let (tiles, sets) = match ids::for_save(&save.sets, available) {
        Ok(v) => v,
        Err(mut p) => {
            problems.append(&mut p);
            return Err(problems);
        }
    };
    let start = start(&save, &tiles).map_err(|p| {
        problems.push(p);
        std::mem::take(&mut problems)
    })?;
    let mut drafts = turns(&save, &tiles, &mut problems);
    if !problems.is_empty() {
        return Err(problems);
    }
    let mut record = Record {
        players: save.players.clone(),
        sets,
        start,
        turns: Vec::new(),
        set_aside: Vec::new(),
        expect_scores: None,
        seed: None,
        drawn: None,
        waiting: None,
        ransom: None,
    };
    let played = available.sets_for(&record.sets);
    let played: Vec<&TileSet> = played.iter().map(Cow::as_ref).collect();
    let mut notes = Vec::new();
    let trailing = match &save.draw_order {
        Some(order) => set_aside(order, &mut drafts, &tiles).map_err(|p| vec![p])?,
        None => {
            notes.extend(no_draw_order(&drafts, &played, &record.sets));
            Vec::new()
        }
    };
    record.turns = drafts.iter().map(|d| d.turn.clone()).collect();
    record.set_aside = trailing_set_aside(&record, &played, &trailing);
    let game = record::replay_with(&record, &played, CatalogOptions::default())
        .map_err(|e| vec![replay_problem(&e, &drafts)])?;
    check_figures(&game, &drafts).map_err(|p| vec![p])?;
    canonical(&mut record, &game);
    Ok(Imported { record, notes })
}

/// Each turn as tilec writes it: the rotation the engine keeps (below the
/// tile's symmetry) and each figure's place by the name tilec gives it, so
/// that a record exported and imported again reads as it was.
fn canonical(record: &mut Record, game: &Game) {
    for turn in &mut record.turns {
        if let Some(t) = game.tile_at(turn.at) {
            turn.rotation = t.rotation;
        }
    }
    for e in game.events() {
        let (n, spot) = match e {
            Event::FigurePlaced {
                turn, pos, segment, ..
            } => (*turn, (*pos, *segment)),
            Event::Returned {
                turn,
                from,
                reason: ReturnReason::Festival,
                ..
            } => (*turn, (from.pos, from.segment)),
            _ => continue,
        };
        let Some(turn) = record.turns.get_mut(n as usize - 1) else {
            continue;
        };
        let name = location::canonical_name(game, spot.0, spot.1);
        match &mut turn.step {
            Step::Figure { on, .. } | Step::Return { on, .. } => *on = name,
            _ => {}
        }
    }
}

fn check_players(save: &Save, problems: &mut Vec<Problem>) {
    for (i, name) in save.players.iter().enumerate() {
        let at = format!("players[{i}].name");
        let chars = name.chars().count();
        if name.trim().is_empty() {
            problems.push(Problem::new(&at, "an empty name", None));
        } else if chars > MAX_PLAYER_NAME {
            let what = format!(
                "a name of {chars} characters; a record's names have at most {MAX_PLAYER_NAME}"
            );
            problems.push(Problem::new(&at, what, None));
        } else if save.players[..i].contains(name) {
            let what = format!("`{}` names two players", clip(name));
            problems.push(Problem::new(
                &at,
                what,
                Some("a record tells players apart by name: rename one in the save"),
            ));
        }
    }
}

/// Whether an element's configuration is off (no pieces, `false`).
fn is_off(v: &Value) -> bool {
    match v {
        Value::Null | Value::Bool(false) => true,
        Value::Number(n) => n.as_f64() == Some(0.0),
        _ => false,
    }
}

fn check_elements(save: &Save, problems: &mut Vec<Problem>) {
    for (key, value) in &save.elements {
        let at = format!("setup.elements.\"{}\"", clip(key));
        let claimed = ROOMS
            .iter()
            .find_map(|r| r.elements.iter().find(|e| e.key == key).map(|e| (r, e)));
        let Some((room, element)) = claimed else {
            if !is_off(value) {
                let what = format!("the game element `{}` is not one tilec plays", clip(key));
                problems.push(Problem::new(&at, what, Some(PLAYED)));
            }
            continue;
        };
        let count = value.as_f64();
        let ok = match element.accept {
            Accept::Flag => value.is_boolean() || value.is_null(),
            Accept::Exactly(n) => count == Some(f64::from(n)),
            Accept::NoneOr(n) => is_off(value) || count == Some(f64::from(n)),
        };
        if !ok {
            let want = match element.accept {
                Accept::Flag => "on or off".to_string(),
                Accept::Exactly(n) => format!("{n}"),
                Accept::NoneOr(n) => format!("0 or {n}"),
            };
            let what = format!(
                "{} in {}: tilec plays {want}",
                clip(&value.to_string()),
                room.title
            );
            problems.push(Problem::new(&at, what, None));
        }
    }
}

/// The hint naming what tilec plays.
const PLAYED: &str = "tilec plays JCloisterZone's base game with the Abbot and its gardens, the River (tilec's), the Festival and the Russian promos";

fn check_rules(save: &Save, problems: &mut Vec<Problem>) {
    for (key, value) in &save.rules {
        let at = format!("setup.rules.\"{}\"", clip(key));
        let owned = ROOMS.iter().find_map(|r| {
            r.rules
                .iter()
                .find(|(k, _)| k == key)
                .map(|rule| (r, rule.1))
        });
        let text = match value {
            Value::String(s) => s.clone(),
            v => v.to_string(),
        };
        match owned {
            Some((room, ours)) if text != ours => {
                let what = format!("`{}` in {}: tilec plays `{ours}`", clip(&text), room.title);
                let hint = "play the game with the rule's other choice, as tilec's rules have it (docs/rules/jcz-differences.md)";
                problems.push(Problem::new(&at, what, Some(hint)));
            }
            Some(_) => {}
            // A rule of an expansion not in play changes nothing.
            None if JCZ_RULES.contains(&key.as_str()) => {}
            None => problems.push(Problem::new(
                &at,
                format!("`{}` is no rule option of JCloisterZone", clip(key)),
                None,
            )),
        }
    }
}

/// The record's start tile: one tile laid unturned at `[0, 0]`.
fn start(save: &Save, tiles: &Tiles) -> Result<String, Problem> {
    let [s] = save.start.as_slice() else {
        let what = format!("{} start tiles; a record starts on one", save.start.len());
        return Err(Problem::new("setup.start", what, None));
    };
    let Some((ours, turns)) = tiles.ours(&s.tile) else {
        let what = format!(
            "the start tile `{}` is in none of the game's tile-sets",
            clip(&s.tile)
        );
        return Err(Problem::new("setup.start[0].tile", what, None));
    };
    if s.at.x != 0 || s.at.y != 0 || (s.turns + turns) % 4 != 0 {
        let what = format!(
            "`{}` laid at [{}, {}] turned {}°: a record's start tile lies unturned at [0, 0]",
            clip(&s.tile),
            s.at.x,
            s.at.y,
            u16::from(s.turns) * 90
        );
        return Err(Problem::new("setup.start[0]", what, None));
    }
    Ok(ours.to_string())
}

/// The messages as turns; problems located at their message.
fn turns(save: &Save, tiles: &Tiles, problems: &mut Vec<Problem>) -> Vec<Draft> {
    let mut drafts: Vec<Draft> = Vec::new();
    for m in &save.messages {
        let at = format!("replay[{}]", m.index);
        match &m.kind {
            Kind::PlaceTile {
                tile,
                at: pos,
                turns,
            } => {
                let Some((ours, t)) = tiles.ours(tile) else {
                    let what = format!(
                        "PLACE_TILE of `{}`, a tile of none of the game's tile-sets",
                        clip(tile)
                    );
                    problems.push(Problem::new(&format!("{at}.payload.tileId"), what, None));
                    continue;
                };
                drafts.push(Draft {
                    place: m.index,
                    jcz_tile: tile.clone(),
                    turn: Turn {
                        tile: ours.to_string(),
                        at: *pos,
                        rotation: Rotation::new((turns + t) % 4),
                        arrow: None,
                        step: Step::Pass,
                        then: Vec::new(),
                        set_aside: Vec::new(),
                        dragon: Vec::new(),
                        ransom: None,
                    },
                    figure: None,
                    stepped: false,
                });
            }
            Kind::Commit => {}
            _ => {
                let Some(d) = drafts.last_mut() else {
                    let what = "a figure step before the first PLACE_TILE";
                    problems.push(Problem::new(&at, what, None));
                    continue;
                };
                if d.stepped {
                    let what = format!(
                        "a second figure step in the turn of replay[{}]; tilec's turns have one",
                        d.place
                    );
                    problems.push(Problem::new(&at, what, None));
                    continue;
                }
                match step(m, d.turn.at) {
                    Ok((step, figure)) => {
                        d.turn.step = step;
                        d.figure = figure.map(|f| (m.index, f));
                        d.stepped = true;
                    }
                    Err(p) => problems.push(p),
                }
            }
        }
    }
    drafts
}

/// The rooms' reading of a figure step's message.
fn step(m: &Message, placed: tilec_runtime::Pos) -> Result<(Step, Option<Pointer>), Problem> {
    let at = format!("replay[{}]", m.index);
    Ok(match &m.kind {
        Kind::Pass => (Step::Pass, None),
        Kind::Deploy { to, meeple } => {
            let kind = figure(meeple, &at)?;
            let on = on(to, &at)?;
            let at = (to.at != placed).then_some(to.at);
            let step = Step::Figure {
                kind,
                on,
                at,
                portal: false,
            };
            (step, Some(to.clone()))
        }
        Kind::Return {
            from,
            meeple,
            source,
        } => {
            let found = ROOMS
                .iter()
                .find_map(|r| r.returns.iter().find(|(s, _)| s == source));
            let Some((_, how)) = found else {
                let what = format!(
                    "RETURN_MEEPLE for `{}`, a return tilec does not play",
                    clip(source)
                );
                return Err(Problem::new(
                    &format!("{at}.payload.source"),
                    what,
                    Some(PLAYED),
                ));
            };
            let kind = figure(meeple, &at)?;
            // A figure lying in a Russian trap goes home as the promos free
            // it, whatever sent it (the Festival may too: festival-trapped).
            let trapped = matches!(from.feature.as_str(), "Vodyanoy" | "SoloveiRazboynik");
            let how = if trapped { &ReturnAs::Free } else { how };
            let step = match how {
                ReturnAs::Recall => Step::RecallAbbot,
                ReturnAs::Festival => Step::Return {
                    kind: Some(kind),
                    at: from.at,
                    on: on(from, &at)?,
                },
                ReturnAs::Free => Step::Free { kind, at: from.at },
            };
            (step, None)
        }
        Kind::Other(t) => {
            let handler = ROOMS
                .iter()
                .find_map(|r: &&Room| r.messages.iter().find(|(k, _)| k == t));
            match handler {
                Some((_, h)) => (h(m)?, None),
                None => {
                    let what = format!("a `{}` message, which tilec cannot map", clip(t));
                    return Err(Problem::new(&format!("{at}.type"), what, Some(PLAYED)));
                }
            }
        }
        Kind::PlaceTile { .. } | Kind::Commit => {
            return Err(Problem::new(&at, "not a figure step", None));
        }
    })
}

/// Our figure of a meeple id (`0.small.3`: player, type, number).
fn figure(meeple: &str, at: &str) -> Result<FigureKind, Problem> {
    let kind = meeple.split('.').nth(1).unwrap_or("");
    ROOMS
        .iter()
        .find_map(|r| r.meeples.iter().find(|(t, _)| *t == kind))
        .map(|(_, k)| *k)
        .ok_or_else(|| {
            let what = format!("the meeple `{}` is no figure tilec plays", clip(meeple));
            Problem::new(&format!("{at}.payload.meepleId"), what, Some(PLAYED))
        })
}

fn on(p: &Pointer, at: &str) -> Result<String, Problem> {
    location::record_name(&p.feature, &p.location).ok_or_else(|| {
        let what = format!(
            "a {} at `{}`, which names no place of a tile",
            if p.feature.is_empty() {
                "feature"
            } else {
                &p.feature
            },
            p.location
        );
        Problem::new(&format!("{at}.payload.pointer"), what, None)
    })
}

/// Tiles of the forced draw order set aside before each turn's tile; the
/// ones after the last turn's are returned.
fn set_aside(
    order: &[String],
    drafts: &mut [Draft],
    tiles: &Tiles,
) -> Result<Vec<String>, Problem> {
    let mut next = 0;
    let order: Vec<&String> = order.iter().take_while(|id| *id != "#END").collect();
    for d in drafts.iter_mut() {
        if next >= order.len() {
            break; // the draws went on at random
        }
        let Some(k) = order[next..].iter().position(|id| **id == d.jcz_tile) else {
            let what = format!(
                "PLACE_TILE of `{}`, but the draw order forces `{}`",
                clip(&d.jcz_tile),
                clip(order[next])
            );
            return Err(Problem::new(
                &format!("replay[{}].payload.tileId", d.place),
                what,
                None,
            ));
        };
        for id in &order[next..next + k] {
            d.turn
                .set_aside
                .push(ours(id, tiles, "gameAnnotations.drawOrder")?);
        }
        next += k + 1;
    }
    order[next.min(order.len())..]
        .iter()
        .map(|id| ours(id, tiles, "gameAnnotations.drawOrder"))
        .collect()
}

fn ours(id: &str, tiles: &Tiles, at: &str) -> Result<String, Problem> {
    tiles.ours(id).map(|(o, _)| o.to_string()).ok_or_else(|| {
        let what = format!("`{}` is a tile of none of the game's tile-sets", clip(id));
        Problem::new(at, what, None)
    })
}

/// The tiles drawn after the last turn that JCloisterZone set aside: those
/// of the draw order's rest that fit nowhere, up to the first that fits (it
/// was drawn and waits to be placed, or the game was saved before).
fn trailing_set_aside(record: &Record, played: &[&TileSet], rest: &[String]) -> Vec<String> {
    if rest.is_empty() {
        return Vec::new();
    }
    let Ok(mut game) = record::resume(record, played, CatalogOptions::default()) else {
        return Vec::new(); // the replay below names the problem
    };
    let mut out = Vec::new();
    for id in rest {
        let Some(kind) = game.catalog().kind_id(id) else {
            break;
        };
        if game.can_place(kind) || game.draw(kind).is_err() {
            break;
        }
        out.push(id.clone());
    }
    out
}

/// Without a draw order a save does not say which tiles JCloisterZone set
/// aside: the note counts the pile's tiles no turn placed.
fn no_draw_order(drafts: &[Draft], played: &[&TileSet], sets: &[String]) -> Option<String> {
    let pile: usize = played
        .iter()
        .filter(|s| sets.iter().any(|id| *id == s.id))
        .map(|s| s.total() as usize)
        .sum();
    let unplaced = pile.saturating_sub(drafts.len() + 1);
    (unplaced > 0).then(|| {
        format!(
            "the save forces no draw order: {unplaced} tiles of the pile were never placed (set aside by JCloisterZone, or not drawn yet); the record leaves them out, which changes no score"
        )
    })
}

/// A replay error located at the message of its turn.
fn replay_problem(e: &record::ReplayError, drafts: &[Draft]) -> Problem {
    let at = match e.turn.checked_sub(1).and_then(|i| drafts.get(i)) {
        Some(d) => format!(
            "replay[{}] (turn {}, `{}` at [{}, {}])",
            d.place, e.turn, d.jcz_tile, d.turn.at.x, d.turn.at.y
        ),
        None => "setup".to_string(),
    };
    Problem::new(
        &at,
        format!("tilec's engine refuses it: {e}"),
        Some("the game breaks a rule as tilec plays it; docs/jcz-games.md lists where the engines differ"),
    )
}

/// Each figure placed stands where JCloisterZone's location says: the same
/// feature type, the same edges or half edges.
fn check_figures(game: &Game, drafts: &[Draft]) -> Result<(), Problem> {
    for e in game.events() {
        let Event::FigurePlaced {
            turn, pos, segment, ..
        } = e
        else {
            continue;
        };
        let Some(d) = drafts.get(*turn as usize - 1) else {
            continue;
        };
        let Some((index, p)) = &d.figure else {
            continue;
        };
        let kind = game
            .tile_at(*pos)
            .map(|t| game.catalog().kind(t.kind).segments[usize::from(*segment)].kind);
        let Some(kind) = kind else { continue };
        let ports = location::board_ports(game, *pos, *segment);
        let ours = location::location_of(kind, ports);
        let feature = location::feature_name(kind).unwrap_or("?");
        let same_feature = p.feature.is_empty() || p.feature == feature;
        if !same_feature || ours != p.location {
            let what = format!(
                "JCloisterZone's {} at `{}` is tilec's {feature} at `{ours}` on `{}`: the tiles differ",
                if p.feature.is_empty() { "feature" } else { &p.feature },
                p.location,
                d.turn.tile
            );
            return Err(Problem::new(
                &format!("replay[{index}].payload.pointer"),
                what,
                None,
            ));
        }
    }
    Ok(())
}
