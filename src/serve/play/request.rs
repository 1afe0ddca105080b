//! The Play page's requests: a JSON body in, a JSON view (or a record, or a
//! picture) out, or a [`Failure`] naming the problem. The HTTP layer only
//! moves bytes to and from these.

use super::bot::Seat;
use super::live::{Live, BOT_BUDGET};
use super::replay::Replay;
use super::{Sessions, Table};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::{Mutex, PoisonError};
use tilec::emit::html::Pictures;
use tilec::sets::Available;
use tilec_runtime::catalog::CatalogOptions;
use tilec_runtime::{Catalog, Game, Setup};

/// A refused request: the HTTP status and the message shown.
#[derive(Debug, PartialEq, Eq)]
pub struct Failure {
    /// 400 malformed, 404 no such game, 422 refused by the engine, 500 a bug.
    pub status: u16,
    /// What is wrong, for the page.
    pub message: String,
}

impl Failure {
    /// A failure with this status and message.
    pub fn new(status: u16, message: impl Into<String>) -> Failure {
        Failure {
            status,
            message: message.into(),
        }
    }
}

/// The longest player name.
const MAX_NAME: usize = 40;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    sets: Vec<String>,
    seats: Vec<SeatSpec>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    topology_only: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatSpec {
    name: String,
    player: Seat,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    #[serde(rename = "move")]
    text: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LoadRecord {
    record: String,
    #[serde(default)]
    topology_only: bool,
}

/// A JSON body as `T`, or a 400 naming what is wrong with it.
fn parse<'a, T: Deserialize<'a>>(body: &'a [u8]) -> Result<T, Failure> {
    serde_json::from_slice(body).map_err(|e| Failure::new(400, format!("bad request body: {e}")))
}

impl Sessions {
    /// Starts a game: `{"sets": [...], "seats": [{"name", "player"}], "seed"?, "topology_only"?}`.
    pub fn create(&self, body: &[u8], available: &Available) -> Result<Value, Failure> {
        let request: NewGame = parse(body)?;
        let names = names(&request.seats)?;
        if request.sets.is_empty() {
            return Err(Failure::new(422, "choose at least one tile set"));
        }
        let sets = available
            .choose(&request.sets)
            .map_err(|e| Failure::new(422, e))?;
        let sets: Vec<&tilec_runtime::TileSet> = sets.iter().map(|s| &**s).collect();
        let options = CatalogOptions {
            topology_only: request.topology_only,
        };
        let cat = Catalog::with_options(&sets, options).map_err(|e| {
            let hint = crate::cli::sets::topology_hint(&e)
                .map_or(String::new(), |h| format!("\n{}", h.trim()));
            Failure::new(422, format!("{e}{hint}"))
        })?;
        let setup = Setup::new(names.len()).with_events().with_history();
        let game = Game::new(std::sync::Arc::new(cat), setup)
            .map_err(|e| Failure::new(422, e.to_string()))?;
        let seed = request.seed.unwrap_or_else(clock_seed);
        let seats = request.seats.iter().map(|s| s.player).collect();
        let live = Live::new(game, seats, names, seed);
        let id = self.insert(Table::Live(Box::new(live)));
        self.view(&id, 0)
    }

    /// Loads a record to step through: `{"record": "<TOML>", "topology_only"?}`.
    pub fn load(&self, body: &[u8], available: &Available) -> Result<Value, Failure> {
        let request: LoadRecord = parse(body)?;
        let replay = Replay::load(&request.record, available, request.topology_only)
            .map_err(|e| Failure::new(422, e))?;
        let id = self.insert(Table::Replay(Box::new(replay)));
        self.view(&id, 0)
    }

    /// The view of session `id` (of a record: at step `step`).
    pub fn view(&self, id: &str, step: usize) -> Result<Value, Failure> {
        self.with(id, |id, s| Ok(s.view(id, step)))
    }

    /// A person's move: `{"move": "place base/U 1,0 r90"}`; the new view.
    pub fn play(&self, id: &str, body: &[u8]) -> Result<Value, Failure> {
        let request: MoveRequest = parse(body)?;
        self.with(id, |id, s| {
            let Table::Live(live) = &mut s.table else {
                return Err(Failure::new(422, "a record is stepped through, not played"));
            };
            live.play_text(&request.text)
                .map_err(|e| Failure::new(422, e))?;
            Ok(s.view(id, 0))
        })
    }

    /// The bot to act moves; the new view, with the move it made.
    pub fn bot(&self, id: &str) -> Result<Value, Failure> {
        self.with(id, |id, s| {
            let Table::Live(live) = &mut s.table else {
                return Err(Failure::new(422, "a record is stepped through, not played"));
            };
            let played = live
                .bot_move(BOT_BUDGET)
                .map_err(|e| Failure::new(422, e))?;
            let mut view = s.view(id, 0);
            super::view::extend(&mut view, json!({ "played": played }));
            Ok(view)
        })
    }

    /// The game as a record (TOML), for `tilec play`.
    pub fn record(&self, id: &str) -> Result<String, Failure> {
        self.with(id, |_, s| {
            let Table::Live(live) = &s.table else {
                return Err(Failure::new(
                    422,
                    "this is a loaded record: it is the file you loaded",
                ));
            };
            match live.game.to_record(&live.names) {
                Some(record) => Ok(record.to_toml()),
                None => Err(Failure::new(500, "this game keeps no history to write")),
            }
        })
    }

    /// A tile picture of session `id`: `file` is `<kind>-<rotation>.png`.
    pub fn image(
        &self,
        id: &str,
        file: &str,
        pictures: &Mutex<Pictures>,
    ) -> Result<Vec<u8>, Failure> {
        let bad = || Failure::new(404, "no such picture");
        let (kind, r) = file
            .strip_suffix(".png")
            .and_then(|f| f.split_once('-'))
            .ok_or_else(bad)?;
        let (kind, r): (u16, usize) = (
            kind.parse().map_err(|_| bad())?,
            r.parse().map_err(|_| bad())?,
        );
        let tile = self.with(id, |_, s| {
            let cat = s.game().catalog();
            match usize::from(kind) < cat.len() && r < 4 {
                true => Ok(cat.kind(kind).clone()),
                false => Err(bad()),
            }
        })?;
        let previews = pictures
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .previews(&tile);
        Ok(previews.png[r].clone())
    }
}

/// The seats' names, checked: 2 to 6 seats, each named (at most 40
/// characters), no name twice (a record tells the players by name).
fn names(seats: &[SeatSpec]) -> Result<Vec<String>, Failure> {
    if !(2..=6).contains(&seats.len()) {
        return Err(Failure::new(
            422,
            format!("{} seats: a game has 2 to 6", seats.len()),
        ));
    }
    let mut names: Vec<String> = Vec::new();
    for (i, seat) in seats.iter().enumerate() {
        let name = seat.name.trim().to_string();
        if name.is_empty() || name.chars().count() > MAX_NAME {
            return Err(Failure::new(
                422,
                format!("seat {}: a name of 1 to {MAX_NAME} characters", i + 1),
            ));
        }
        if names.contains(&name) {
            return Err(Failure::new(
                422,
                format!("seat {}: `{name}` sits at another seat already", i + 1),
            ));
        }
        names.push(name);
    }
    Ok(names)
}

/// The sets a game may play, for the Play page's setup form.
pub fn sets(available: &Available) -> Value {
    let sets: Vec<Value> = available
        .sets()
        .iter()
        .map(|s| {
            let refused = Catalog::new(&[*s]).err().map(|e| e.to_string());
            json!({"id": s.id, "name": s.name, "tiles": s.total(),
                   "requires": available.requires(&s.id), "refused": refused})
        })
        .collect();
    json!({ "sets": sets })
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}
