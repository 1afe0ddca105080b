//! `tilec play RECORD.toml [--json] [--tiles DIR]`: replays a game record and
//! prints the scores and the scoring events (with the shipped sets, or the sets
//! compiled from `--tiles DIR`). Exit 0 ok, 1 the record is invalid, breaks a rule or
//! misses its `[expect]`, 2 usage or I/O.

use serde_json::{json, Value};
use std::path::PathBuf;
use tilec::diagnostic::terminal::escape;
use tilec::record::{self, Record};
use tilec_runtime::catalog::CatalogOptions;
use tilec_runtime::{Event, Game, Scoring};

/// A point-changing event that is not a feature scoring: (turn, player, points,
/// reason).
fn extra_points(game: &Game) -> impl Iterator<Item = (u32, u8, i32, &'static str)> + '_ {
    game.events().iter().filter_map(|e| match e {
        Event::Points {
            turn,
            player,
            points,
            reason,
        } => Some((*turn, *player, *points, reason.name())),
        _ => None,
    })
}

/// The expansions' happenings that score nothing, as text: (turn, player, line).
fn happenings(game: &Game) -> Vec<(u32, u8, String)> {
    let spot = |s: &tilec_runtime::Spot| match s.segment {
        tilec_runtime::NO_SEGMENT => format!("{} (trapped there)", s.pos),
        seg => format!("{} segment {seg}", s.pos),
    };
    game.events()
        .iter()
        .filter_map(|e| match e {
            Event::ArrowActivated {
                turn,
                player,
                arrow,
            } => Some((
                *turn,
                *player,
                format!("activates the {} arrow", arrow.name()),
            )),
            Event::ExtraTurn { turn, player } => {
                Some((*turn, *player, "takes an extra turn".to_string()))
            }
            Event::Trapped {
                turn,
                player,
                figure,
                from,
                trap,
                ..
            } => Some((
                *turn,
                *player,
                format!("{figure} at {} trapped by {}", spot(from), trap.name()),
            )),
            Event::Freed {
                turn,
                player,
                figure,
                at,
            } => Some((
                *turn,
                *player,
                format!("frees the {figure} trapped at {at}"),
            )),
            Event::Returned {
                turn,
                player,
                figure,
                from,
                reason,
            } => Some((
                *turn,
                *player,
                format!("{figure} at {} goes home ({})", spot(from), reason.name()),
            )),
            Event::Moved {
                turn,
                player,
                figure,
                from,
                to,
            } => Some((
                *turn,
                *player,
                format!("{figure} moves from {} to {}", spot(from), spot(to)),
            )),
            Event::LaidDown { turn, player, at } => Some((
                *turn,
                *player,
                format!("scarecrow at {} lies down", spot(at)),
            )),
            Event::GoodsTaken {
                turn,
                player,
                good,
                count,
            } => Some((
                *turn,
                *player,
                format!("takes {count} {} (completed a city)", good.name()),
            )),
            Event::BuilderTurn { turn, player, at } => Some((
                *turn,
                *player,
                format!(
                    "extends the feature of the builder at {}: one more turn",
                    spot(at)
                ),
            )),
            Event::DragonMoved {
                turn,
                player,
                from: None,
                to,
            } => Some((
                *turn,
                *player,
                format!("places a volcano: the dragon enters at {to}"),
            )),
            Event::DragonMoved {
                turn,
                player,
                from: Some(from),
                to,
            } => Some((
                *turn,
                *player,
                format!("moves the dragon from {from} to {to}"),
            )),
            Event::HeldBack { turn, player, kind } => Some((
                *turn,
                *player,
                format!(
                    "draws {}: held back until the first volcano",
                    game.catalog().kind(*kind).id
                ),
            )),
            Event::ShuffledBack {
                turn,
                player,
                count,
            } => Some((
                *turn,
                *player,
                format!("{count} dragon tile(s) held back go back into the pile"),
            )),
            Event::FairyMoved { turn, player, at } => Some((
                *turn,
                *player,
                format!("moves the fairy beside the follower at {}", spot(at)),
            )),
            Event::TowerPiece {
                turn,
                player,
                at,
                height,
            } => Some((
                *turn,
                *player,
                format!("puts a tower piece on the tower at {at} (height {height})"),
            )),
            Event::TowerFollower {
                turn,
                player,
                figure,
                at,
            } => Some((
                *turn,
                *player,
                format!("puts a {figure} on top of the tower at {at} (finished)"),
            )),
            Event::Captured {
                turn,
                player,
                owner,
                figure,
                from,
            } => {
                let from = match from.segment {
                    tilec_runtime::NO_SEGMENT => format!("{} (on top of its tower)", from.pos),
                    _ => spot(from),
                };
                let what = match owner == player {
                    true => format!("captures its own {figure} at {from}: back to supply"),
                    false => format!("captures player {owner}'s {figure} at {from}: a prisoner"),
                };
                Some((*turn, *player, what))
            }
            Event::Exchanged {
                turn,
                players,
                figures,
            } => Some((
                *turn,
                players[0],
                format!(
                    "exchanges prisoners with player {}: its {} back, their {} back",
                    players[1], figures[0], figures[1]
                ),
            )),
            Event::Ransomed {
                turn,
                player,
                holder,
                figure,
            } => Some((
                *turn,
                *player,
                format!("pays player {holder} a ransom of 3 points: its {figure} back"),
            )),
            _ => None,
        })
        .collect()
}

/// The most record errors printed.
const MAX_ERRORS: usize = 20;

/// Arguments of `tilec play`.
#[derive(clap::Args)]
pub struct PlayArgs {
    /// The game record (TOML, see docs/game-record.md).
    pub record: PathBuf,
    /// Print the scores and events as JSON.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub tiles: super::source::TilesArg,
    /// Play tiles whose marks (dragons, abbeys, watchtowers, ...) have no rules in the
    /// engine as plain topology, ignoring the marks, instead of refusing them.
    #[arg(long)]
    pub topology_only: bool,
}

/// Replays the record; 0 ok, 1 replay error or expect mismatch, 2 I/O.
pub fn run(args: &PlayArgs) -> u8 {
    let path = args.record.display();
    let bytes = match tilec::files::read(&args.record, tilec::limits::Input::Record) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {e}");
            return 2;
        }
    };
    let Ok(text) = String::from_utf8(bytes) else {
        eprintln!("error: {path}: not UTF-8 text");
        return 1;
    };
    let record = match record::parse(&text) {
        Ok(r) => r,
        Err(errors) => {
            // A broken generated record can have an error per turn: the first
            // few say what is wrong.
            for e in errors.iter().take(MAX_ERRORS) {
                // The record's own text may be quoted: shown, never run.
                eprintln!("error: {path}: {}", escape(&e.to_string()));
            }
            if errors.len() > MAX_ERRORS {
                let more = errors.len() - MAX_ERRORS;
                eprintln!("error: {path}: ... and {more} more errors");
            }
            return 1;
        }
    };
    let available = match super::sets::load(&args.tiles) {
        Ok(a) => a,
        Err(code) => return code,
    };
    if let Some((id, missing)) = available.missing_requirement(&record.sets) {
        let mut fixed: Vec<String> = missing.iter().map(|m| format!("\"{m}\"")).collect();
        fixed.extend(record.sets.iter().map(|s| format!("\"{s}\"")));
        eprintln!(
            "error: {path}: {}",
            super::sets::requires_text(&id, &missing)
        );
        eprintln!(
            "  = hint: a record plays a set with what it requires: `sets = [{}]`",
            fixed.join(", ")
        );
        return 1;
    }
    let options = CatalogOptions {
        topology_only: args.topology_only,
    };
    // Every set as this game has it: without the tiles its sets remove.
    let sets = available.sets_for(&record.sets);
    let sets: Vec<&tilec_runtime::TileSet> = sets.iter().map(|s| &**s).collect();
    let game = match record::replay_with(&record, &sets, options) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {path}: {}", escape(&e.to_string()));
            match &e.kind {
                record::ReplayErrorKind::Catalog(c) => {
                    if let Some(hint) = super::sets::topology_hint(c) {
                        eprintln!("{hint}");
                    }
                }
                record::ReplayErrorKind::UnknownSet { .. } => eprintln!(
                    "  = hint: a set of your own is played from its directory: `tilec play {path} --tiles DIR`"
                ),
                _ => {}
            }
            return 1;
        }
    };
    if args.json {
        outln!("{:#}", to_json(&record, &game));
    } else {
        out!("{}", to_text(&record, &game));
    }
    match record::check_expect(&record, &game) {
        Ok(()) => 0,
        Err(m) => {
            eprintln!("error: {path}: {m}");
            1
        }
    }
}

fn scorings(game: &Game) -> impl Iterator<Item = &Scoring> {
    game.events().iter().filter_map(|e| match e {
        Event::Scored(s) => Some(s),
        _ => None,
    })
}

fn names(record: &Record, players: &[u8]) -> Vec<String> {
    let name = |p: &u8| {
        record
            .players
            .get(usize::from(*p))
            .cloned()
            .unwrap_or_default()
    };
    players.iter().map(name).collect()
}

fn to_text(record: &Record, game: &Game) -> String {
    let width = record.players.iter().map(String::len).max().unwrap_or(0);
    let mut out = String::from("scores:\n");
    for (name, score) in record.players.iter().zip(game.scores()) {
        out += &format!("  {name:width$}  {score}\n");
    }
    out += "events:\n";
    let last = record.turns.len() as u32;
    for s in scorings(game) {
        let when = if s.turn > last {
            "end".to_string()
        } else {
            format!("turn {}", s.turn)
        };
        let winners = match s.winners.is_empty() {
            true => "nobody".to_string(),
            false => names(record, &s.winners).join(", "),
        };
        let at: Vec<String> = s.tiles.iter().map(|p| p.to_string()).collect();
        out += &format!("  {when:8}  {s} for {winners}; tiles {}\n", at.join(" "));
    }
    for (turn, player, points, reason) in extra_points(game) {
        let when = if turn > last {
            "end".to_string()
        } else {
            format!("turn {turn}")
        };
        let who = names(record, &[player]).join("");
        out += &format!("  {when:8}  {reason}: {points:+} points for {who}\n");
    }
    let other = happenings(game);
    if !other.is_empty() {
        out += "happenings:\n";
        for (turn, player, line) in other {
            let who = names(record, &[player]).join("");
            out += &format!("  turn {turn:<3}  {who}: {line}\n");
        }
    }
    out
}

fn to_json(record: &Record, game: &Game) -> Value {
    let players: Vec<Value> = record
        .players
        .iter()
        .zip(game.scores())
        .map(|(name, score)| json!({ "name": name, "score": score }))
        .collect();
    let last = record.turns.len() as u32;
    let events: Vec<Value> = scorings(game)
        .map(|s| {
            let returned: Vec<Value> = s
                .returned
                .iter()
                .map(|(p, k)| json!({ "player": names(record, &[*p])[0], "figure": k.name() }))
                .collect();
            let mut event = json!({
                "turn": if s.turn > last { Value::Null } else { json!(s.turn) },
                "cause": s.cause.name(),
                "feature": s.feature.name(),
                "tiles": s.tiles.iter().map(|p| [p.x, p.y]).collect::<Vec<_>>(),
                "pennants": s.pennants,
                "cities": s.cities,
                "points": s.points,
                "winners": names(record, &s.winners),
                "returned": returned,
            });
            // An inn's road, a cathedral's city: the mark that set its points.
            if let Some(mark) = s.mark {
                event["mark"] = json!(mark.name());
            }
            event
        })
        .collect();
    let mut events = events;
    for (turn, player, points, reason) in extra_points(game) {
        events.push(json!({
            "turn": if turn > last { Value::Null } else { json!(turn) },
            "cause": reason,
            "points": points,
            "winners": names(record, &[player]),
        }));
    }
    let happenings: Vec<Value> = happenings(game)
        .into_iter()
        .map(|(turn, player, what)| {
            json!({ "turn": turn, "player": names(record, &[player])[0], "what": what })
        })
        .collect();
    json!({ "players": players, "events": events, "happenings": happenings })
}
