//! A game record → a JCloisterZone save of the same game, in the layout its
//! client writes and reads (`store/game.js`), with the draws forced
//! (`gameAnnotations.drawOrder`, which the client hands its engine as a
//! `ForcedDrawTilePack`), so that the client replays exactly this game.
//!
//! The record is replayed by tilec's engine first; each turn becomes the
//! messages JCloisterZone's engine expects: `PLACE_TILE`, the figure step
//! (`DEPLOY_MEEPLE`, `RETURN_MEEPLE`, or `PASS` when the engine offers a
//! choice; it asks nothing when there is none), a `COMMIT` confirming a
//! follower its Russian traps catch, and the `COMMIT` of the turn.

use super::ids::{self, Tiles};
use super::location;
use super::rooms::{self, Accept, ReturnAs, Room, CANNOT};
use super::Problem;
use crate::sets::Available;
use serde::Serialize;
use serde_json::{json, Map, Value};
use std::borrow::Cow;
use tilec_runtime::catalog::CatalogOptions;
use tilec_runtime::record::{self, Record, Step};
use tilec_runtime::{
    Action, Event, FigureKind, Game, MarkKind, Player, Pos, Spot, TileSet, NO_SEGMENT,
};

/// A record written as a save.
#[derive(Debug)]
pub struct Exported {
    /// The save's JSON.
    pub json: String,
}

/// The client version a save says it comes from (the one its layout was
/// read from; the client refuses saves of versions before 5.7.0).
pub const APP_VERSION: &str = "5.12.1";

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SaveOut {
    app_version: &'static str,
    game_id: &'static str,
    name: &'static str,
    initial_random: f64,
    created: &'static str,
    clock: u32,
    setup: Value,
    players: Vec<Value>,
    replay: Vec<Value>,
    game_annotations: Value,
}

/// Writes `record` (its sets taken from `available`) as a save.
pub fn export(record: &Record, available: &Available) -> Result<Exported, Problem> {
    if let Some(key) = [
        ("drawn", record.drawn.is_some()),
        ("waiting", record.waiting.is_some()),
    ]
    .into_iter()
    .find_map(|(key, set)| set.then_some(key))
    {
        let what = "a record stopped inside a turn cannot cross to JCloisterZone: its saves replay whole turns; export the game at a turn's end";
        return Err(Problem::new(key, what.to_string(), None));
    }
    let rooms = rooms_of(record, available)?;
    let (tiles, tile_sets) = ids::for_record(&record.sets, available);
    let played = available.sets_for(&record.sets);
    let played: Vec<&TileSet> = played.iter().map(Cow::as_ref).collect();
    let mut states = Vec::with_capacity(record.turns.len() + 1);
    let end = record::replay_each(record, &played, CatalogOptions::default(), |g| {
        states.push(g.clone())
    })
    .map_err(|e| Problem::new("record", format!("tilec's engine refuses it: {e}"), None))?;
    let mut writer = Writer {
        tiles: &tiles,
        meeples: Vec::new(),
        replay: Vec::new(),
        draws: Vec::new(),
    };
    for (i, turn) in record.turns.iter().enumerate() {
        writer.turn(i + 1, turn, &states[i], &states[i + 1], &end)?;
    }
    for id in &record.set_aside {
        writer
            .draws
            .push(writer.jcz(id, "set_aside")?.0.to_string());
    }
    writer.draws.push("#END".to_string());
    let (start, turns) = writer.jcz(&record.start, "start")?;
    let setup = json!({
        "sets": tile_sets.iter().map(|s| (s.clone(), json!(1))).collect::<Map<String, Value>>(),
        "elements": elements(&rooms),
        "rules": rules(&rooms),
        "timer": null,
        "start": [{ "tile": start, "x": 0, "y": 0, "rotation": u16::from((4 - turns) % 4) * 90 }],
        "options": {},
    });
    let save = SaveOut {
        app_version: APP_VERSION,
        game_id: "tilec",
        name: "",
        initial_random: 0.0,
        created: "2026-01-01T00:00:00.000Z",
        clock: 0,
        setup,
        players: record
            .players
            .iter()
            .enumerate()
            .map(|(i, n)| json!({ "name": n, "slot": i }))
            .collect(),
        replay: writer.replay,
        game_annotations: json!({ "drawOrder": writer.draws }),
    };
    let mut json = serde_json::to_string_pretty(&save).expect("a save is JSON");
    json.push('\n');
    Ok(Exported { json })
}

/// The rooms of the record's sets, the base game's always (every tilec game
/// has its followers, farmers and abbot); a set JCloisterZone cannot play is
/// refused.
fn rooms_of(record: &Record, available: &Available) -> Result<Vec<&'static Room>, Problem> {
    let mut out = vec![rooms::ROOMS[0]];
    for (i, id) in record.sets.iter().enumerate() {
        let at = format!("sets[{i}]");
        if let Some((_, why)) = CANNOT.iter().find(|(s, _)| s == id) {
            let what = format!("`{id}` cannot cross to JCloisterZone: {why}");
            return Err(Problem::new(&at, what, None));
        }
        match rooms::of_set(id) {
            Some(r) if !out.iter().any(|o| std::ptr::eq(*o, r)) => out.push(r),
            Some(_) => {}
            None => designer(id, available).map_err(|why| {
                let what = format!(
                    "`{id}` is a set of tilec's own, played in JCloisterZone as the add-on's `{}{id}`, but {why}",
                    ids::ADDON
                );
                Problem::new(&at, what, None)
            })?,
        }
    }
    Ok(out)
}

/// Why a designer's set `id` cannot cross as the add-on's tiles, if it cannot.
fn designer(id: &str, available: &Available) -> Result<(), String> {
    let Some(set) = available.sets().into_iter().find(|s| s.id == id) else {
        return Ok(()); // the replay names the unknown set
    };
    let tiles = set.tiles.iter();
    if let Some(t) = tiles
        .clone()
        .find(|t| !t.marks.is_empty() || t.arrow.is_some())
    {
        return Err(format!(
            "its tile `{}` carries marks or an arrow whose rules the save cannot switch on",
            t.id
        ));
    }
    if let Some(t) = tiles.clone().find(|t| t.start) {
        return Err(format!(
            "its start tile `{}` is not the add-on's: the add-on counts JCloisterZone's `BA/RCr` for a copy of it (docs/export-jcz.md), so the game's pile would not be the record's",
            t.id
        ));
    }
    Ok(())
}

/// The game elements the rooms switch on.
fn elements(rooms: &[&Room]) -> Map<String, Value> {
    let mut out = Map::new();
    for e in rooms.iter().flat_map(|r| r.elements) {
        let v = match e.accept {
            Accept::Flag => json!(true),
            Accept::Exactly(n) | Accept::NoneOr(n) => json!(n),
        };
        out.insert(e.key.to_string(), v);
    }
    out
}

fn rules(rooms: &[&Room]) -> Map<String, Value> {
    rooms
        .iter()
        .flat_map(|r| r.rules)
        .map(|(k, v)| (k.to_string(), json!(v)))
        .collect()
}

/// Where a meeple of JCloisterZone's stands, as tilec's engine has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    On(Spot),
    Trapped(Pos),
}

/// A meeple: its id, owner, figure and place.
struct Meeple {
    id: String,
    player: Player,
    kind: FigureKind,
    place: Place,
}

struct Writer<'t> {
    tiles: &'t Tiles,
    meeples: Vec<Meeple>,
    replay: Vec<Value>,
    draws: Vec<String>,
}

impl Writer<'_> {
    fn jcz(&self, id: &str, at: &str) -> Result<(&str, u8), Problem> {
        self.tiles
            .jcz(id)
            .ok_or_else(|| Problem::new(at, format!("`{id}` has no JCloisterZone id"), None))
    }

    fn push(&mut self, kind: &str, payload: Value, player: Player) {
        let clock = self.replay.len();
        self.replay
            .push(json!({ "type": kind, "payload": payload, "player": player, "clock": clock }));
    }

    /// Turn `n`'s messages: `before` is the game before it, `after` after it.
    fn turn(
        &mut self,
        n: usize,
        turn: &record::Turn,
        before: &Game,
        after: &Game,
        end: &Game,
    ) -> Result<(), Problem> {
        let at = format!("turn {n}");
        if turn.arrow.is_some() || !turn.then.is_empty() {
            return Err(Problem::new(
                &at,
                "arrows and decisions cannot cross to JCloisterZone",
                None,
            ));
        }
        for id in &turn.set_aside {
            self.draws.push(self.jcz(id, &at)?.0.to_string());
        }
        let (tile, turns) = self.jcz(&turn.tile, &at)?;
        let tile = tile.to_string();
        self.draws.push(tile.clone());
        let player = before.current_player();
        let rotation = (turn.rotation.quarter_turns() + 4 - turns) % 4;
        self.push(
            "PLACE_TILE",
            json!({ "tileId": tile, "rotation": format!("R{}", u16::from(rotation) * 90), "position": [turn.at.x, turn.at.y] }),
            player,
        );
        self.step(n, turn, before, after, end, player)?;
        // One COMMIT ends the turn; it also confirms a follower the Russian
        // traps catch (the engine then counts the turn committed).
        self.push("COMMIT", json!({}), player);
        self.follow(n as u32, after);
        Ok(())
    }

    /// The figure step's message, if JCloisterZone's engine expects one.
    fn step(
        &mut self,
        n: usize,
        turn: &record::Turn,
        before: &Game,
        after: &Game,
        end: &Game,
        player: Player,
    ) -> Result<(), Problem> {
        let at = format!("turn {n}");
        match &turn.step {
            Step::Pass => {
                if offers_choice(before, turn) {
                    self.push("PASS", json!({}), player);
                }
                Ok(())
            }
            Step::Figure { kind, at: None, .. } => {
                let spot = placed_this_turn(end, n as u32).ok_or_else(|| {
                    Problem::new(&at, "the figure deployed is not in the game's events", None)
                })?;
                let id = self.free_id(player, *kind, &at)?;
                let pointer = pointer(after, spot);
                self.push("DEPLOY_MEEPLE", json!({ "pointer": pointer, "meepleId": id }), player);
                self.meeples.push(Meeple {
                    id,
                    player,
                    kind: *kind,
                    place: Place::On(spot),
                });
                Ok(())
            }
            Step::RecallAbbot => {
                let i = self.find(player, Some(FigureKind::Abbot), |_| true, &at)?;
                self.return_meeple(i, ReturnAs::Recall, before, player)?;
                Ok(())
            }
            Step::Return { kind, .. } => {
                // The spot tilec's engine sent the figure home from.
                let from = returned_this_turn(end, n as u32).ok_or_else(|| {
                    Problem::new(&at, "the figure returned is not in the game's events", None)
                })?;
                let i = self.find(player, *kind, |p| p == Place::On(from), &at)?;
                self.return_meeple(i, ReturnAs::Festival, before, player)?;
                Ok(())
            }
            Step::Free { kind, at: pos } => {
                let i = self.find(player, Some(*kind), |p| p == Place::Trapped(*pos), &at)?;
                self.return_meeple(i, ReturnAs::Free, before, player)?;
                Ok(())
            }
            _ => Err(Problem::new(&at, "this figure step cannot cross to JCloisterZone (it has no portal and no add-next-to arrow)", None)),
        }
    }

    /// The lowest of the player's meeple ids of `kind` not on the board.
    fn free_id(&self, player: Player, kind: FigureKind, at: &str) -> Result<String, Problem> {
        let Some((name, _)) = rooms::ROOMS
            .iter()
            .find_map(|r| r.meeples.iter().find(|(_, k)| *k == kind))
        else {
            return Err(Problem::new(
                at,
                format!("a {kind} cannot cross to JCloisterZone"),
                None,
            ));
        };
        (1..=kind.per_player())
            .map(|k| format!("{player}.{name}.{k}"))
            .find(|id| !self.meeples.iter().any(|m| &m.id == id))
            .ok_or_else(|| Problem::new(at, format!("no {kind} left in supply"), None))
    }

    fn find(
        &self,
        player: Player,
        kind: Option<FigureKind>,
        place: impl Fn(Place) -> bool,
        at: &str,
    ) -> Result<usize, Problem> {
        self.meeples
            .iter()
            .position(|m| m.player == player && kind.is_none_or(|k| m.kind == k) && place(m.place))
            .ok_or_else(|| Problem::new(at, "no such figure of the player's on the board", None))
    }

    fn return_meeple(
        &mut self,
        i: usize,
        how: ReturnAs,
        before: &Game,
        player: Player,
    ) -> Result<(), Problem> {
        let Some((source, _)) = rooms::ROOMS
            .iter()
            .find_map(|r| r.returns.iter().find(|(_, h)| *h == how))
        else {
            return Err(Problem::new("record", "this return cannot cross", None));
        };
        let m = self.meeples.remove(i);
        let feature = match m.place {
            Place::On(spot) => pointer(before, spot),
            Place::Trapped(pos) => trap_pointer(before, pos),
        };
        // A meeple pointer, as the engine's actions offer it.
        let pointer = json!({ "featurePointer": feature, "meepleId": m.id });
        self.push(
            "RETURN_MEEPLE",
            json!({ "pointer": pointer, "source": source }),
            player,
        );
        Ok(())
    }

    /// Follows turn `n`'s traps and keeps only the meeples still on the
    /// board after it (scoring sent the others home).
    fn follow(&mut self, n: u32, after: &Game) {
        for e in after.events() {
            if let Event::Trapped {
                turn,
                player,
                figure,
                from,
                at,
                ..
            } = e
            {
                if *turn != n {
                    continue;
                }
                // A figure caught by a trap may be taken by another (Vodyanoy
                // takes Solovei's): it comes from the first trap's square.
                let was = if from.segment == NO_SEGMENT {
                    Place::Trapped(from.pos)
                } else {
                    Place::On(*from)
                };
                let m = self
                    .meeples
                    .iter_mut()
                    .find(|m| m.player == *player && m.kind == *figure && m.place == was);
                if let Some(m) = m {
                    m.place = Place::Trapped(*at);
                }
            }
        }
        let mut on: Vec<(Player, FigureKind, Place)> = after
            .figures()
            .iter()
            .map(|f| (f.player, f.kind, Place::On(f.spot())))
            .collect();
        on.extend(
            after
                .trapped()
                .iter()
                .map(|t| (t.player, t.kind, Place::Trapped(t.at))),
        );
        self.meeples.retain(
            |m| match on.iter().position(|o| *o == (m.player, m.kind, m.place)) {
                Some(i) => {
                    on.swap_remove(i);
                    true
                }
                None => false,
            },
        );
    }
}

/// Whether JCloisterZone's engine asks the player anything in the figure
/// step (it skips the step when it offers nothing): tilec offers more than
/// passing.
fn offers_choice(before: &Game, turn: &record::Turn) -> bool {
    let mut g = before.clone();
    for id in &turn.set_aside {
        if let Some(k) = g.catalog().kind_id(id) {
            let _ = g.draw(k);
        }
    }
    let Some(kind) = g.catalog().kind_id(&turn.tile) else {
        return true;
    };
    if g.draw(kind).is_err() {
        return true;
    }
    let placement = tilec_runtime::Placement {
        pos: turn.at,
        rotation: turn.rotation,
    };
    if g.place(placement).is_err() {
        return true;
    }
    g.legal_actions().iter().any(|a| *a != Action::Pass)
}

fn placed_this_turn(end: &Game, n: u32) -> Option<Spot> {
    end.events().iter().find_map(|e| match e {
        Event::FigurePlaced {
            turn, pos, segment, ..
        } if *turn == n => Some(Spot {
            pos: *pos,
            segment: *segment,
        }),
        _ => None,
    })
}

fn returned_this_turn(end: &Game, n: u32) -> Option<Spot> {
    end.events().iter().find_map(|e| match e {
        Event::Returned { turn, from, .. } if *turn == n => Some(*from),
        _ => None,
    })
}

/// JCloisterZone's feature pointer of a spot.
fn pointer(game: &Game, spot: Spot) -> Value {
    let kind = game
        .tile_at(spot.pos)
        .map(|t| game.catalog().kind(t.kind).segments[usize::from(spot.segment)].kind);
    let kind = kind.unwrap_or(tilec_runtime::SegmentKind::Field);
    let ports = location::board_ports(game, spot.pos, spot.segment);
    json!({
        "position": [spot.pos.x, spot.pos.y],
        "location": location::location_of(kind, ports),
        "feature": location::feature_name(kind).unwrap_or("Field"),
    })
}

/// JCloisterZone's pointer at a trap's tile (its feature `Vodyanoy` or
/// `SoloveiRazboynik`, location `I`).
fn trap_pointer(game: &Game, pos: Pos) -> Value {
    let lake = game
        .tile_at(pos)
        .is_some_and(|t| game.catalog().kind(t.kind).has_mark(MarkKind::TrapLake));
    json!({
        "position": [pos.x, pos.y],
        "location": "I",
        "feature": if lake { "Vodyanoy" } else { "SoloveiRazboynik" },
    })
}
