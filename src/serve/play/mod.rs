//! The Play page's core: game sessions (games in play and records being
//! stepped through), each request a function from bytes to a JSON value or a
//! [`Failure`] with its status and message. No sockets here, and no rules:
//! the runtime plays, lists and refuses every move.
//!
//! At most [`MAX_SESSIONS`] sessions are kept (the least recently used goes
//! first), so that many tabs, or a script, cannot grow the server without end.

mod bot;
mod live;
mod log;
mod points;
mod replay;
mod request;
mod view;
mod words;

use points::Points;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

pub use request::{sets, Failure};

/// The most sessions kept at once.
pub const MAX_SESSIONS: usize = 64;

/// A game in play or a record being stepped through.
pub enum Table {
    /// A game in play.
    Live(Box<live::Live>),
    /// A record.
    Replay(Box<replay::Replay>),
}

/// One session: its table and the figure points of its kinds.
pub struct Session {
    /// What is on the table.
    pub table: Table,
    points: Points,
}

/// Every session, by id.
pub struct Sessions {
    store: Mutex<Store>,
}

struct Store {
    /// Makes the ids of one server differ from another's (a tab left open
    /// across a restart gets "no such game", not someone else's).
    salt: u64,
    next: u64,
    clock: u64,
    map: HashMap<String, (Arc<Mutex<Session>>, u64)>,
}

impl Default for Sessions {
    fn default() -> Self {
        Sessions::new()
    }
}

impl Sessions {
    /// No sessions yet.
    pub fn new() -> Sessions {
        let salt = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos() as u64 ^ d.as_secs());
        Sessions {
            store: Mutex::new(Store {
                salt: salt & 0xffff_ffff,
                next: 1,
                clock: 0,
                map: HashMap::new(),
            }),
        }
    }

    fn store(&self) -> std::sync::MutexGuard<'_, Store> {
        self.store.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Keeps `table` as a new session; returns its id.
    pub fn insert(&self, table: Table) -> String {
        let mut store = self.store();
        let id = format!("{:x}{:x}", store.salt, store.next);
        store.next += 1;
        store.clock += 1;
        while store.map.len() >= MAX_SESSIONS {
            let oldest = store.map.iter().min_by_key(|(_, (_, used))| *used);
            let Some(oldest) = oldest.map(|(k, _)| k.clone()) else {
                break;
            };
            store.map.remove(&oldest);
        }
        let session = Session {
            table,
            points: Points::default(),
        };
        let clock = store.clock;
        store
            .map
            .insert(id.clone(), (Arc::new(Mutex::new(session)), clock));
        id
    }

    /// The session `id`, marked as just used.
    pub fn get(&self, id: &str) -> Result<Arc<Mutex<Session>>, Failure> {
        let mut store = self.store();
        store.clock += 1;
        let clock = store.clock;
        match store.map.get_mut(id) {
            Some((session, used)) => {
                *used = clock;
                Ok(Arc::clone(session))
            }
            None => Err(Failure::new(404, "no such game: it ended with the server, or too many games were started since; start a new one")),
        }
    }

    /// Runs `f` on the session `id`. A session whose lock was poisoned (a
    /// panic while it was held, which would be a bug) is dropped, not reused.
    pub fn with<T>(
        &self,
        id: &str,
        f: impl FnOnce(&str, &mut Session) -> Result<T, Failure>,
    ) -> Result<T, Failure> {
        let session = self.get(id)?;
        let mut guard = match session.lock() {
            Ok(g) => g,
            Err(_) => {
                self.store().map.remove(id);
                return Err(Failure::new(
                    500,
                    "this game stopped after an internal error; start a new one",
                ));
            }
        };
        f(id, &mut guard)
    }
}

impl Session {
    /// The view of the session (for a record, of step `step`).
    pub fn view(&mut self, id: &str, step: usize) -> serde_json::Value {
        match &mut self.table {
            Table::Live(live) => view::live(id, live, &mut self.points),
            Table::Replay(replay) => replay.view(id, step, &mut self.points),
        }
    }

    /// The game whose catalog names the kinds of the session's pictures.
    pub fn game(&mut self) -> &tilec_runtime::Game {
        match &mut self.table {
            Table::Live(live) => &live.game,
            Table::Replay(replay) => replay.steps.at(0),
        }
    }
}

#[cfg(test)]
mod tests;
