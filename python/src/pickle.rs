//! Games pickled and read from records: a game's state as plain Python values
//! (its tile sets, seed, chance mode and history in move notation), and the
//! game again from them, exactly.

use crate::args;
use crate::pygame::PyGame;
use crate::pymove::Origin;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::path::PathBuf;
use tilec_runtime::research::{Parts, State};
use tilec_runtime::{Catalog, KindId, LogEntry, Move};

/// A game's pickled state: (sets, tiles, topology_only, players, seed,
/// chance, drawing, start, history, tile in hand).
pub type Pickled = (
    Vec<String>,
    Option<PathBuf>,
    bool,
    usize,
    u64,
    String,
    bool,
    String,
    Vec<String>,
    Option<String>,
);

const SET_ASIDE: &str = "set-aside ";

/// The text of a history entry: a move's notation, or `set-aside TILE`.
fn entry_text(entry: LogEntry, cat: &Catalog) -> String {
    match entry {
        LogEntry::SetAside(k) => format!("{SET_ASIDE}{}", cat.kind(k).id),
        LogEntry::Move(m) => m.display(cat).to_string(),
    }
}

/// The history entry of `text`.
fn entry(text: &str, cat: &Catalog) -> Result<LogEntry, String> {
    match text.strip_prefix(SET_ASIDE) {
        Some(id) => kind(id, cat).map(LogEntry::SetAside),
        None => Move::parse(text, cat)
            .map(LogEntry::Move)
            .map_err(|e| e.to_string()),
    }
}

fn kind(id: &str, cat: &Catalog) -> Result<KindId, String> {
    cat.kind_id(id)
        .ok_or_else(|| format!("no tile `{id}` in the game's sets"))
}

/// The state of `game` to pickle.
pub fn pickled(game: &PyGame) -> PyResult<Pickled> {
    let state = &game.state;
    let cat = state.game().catalog();
    if !game.record {
        return Err(PyValueError::new_err(
            "a game made with record=False keeps no history: it cannot be pickled \
             (copy.deepcopy copies it)",
        ));
    }
    let parts = state.parts();
    let o = &game.shared.origin;
    Ok((
        o.sets.clone(),
        o.tiles.clone(),
        o.topology_only,
        parts.players,
        parts.seed,
        args::chance_name(parts.chance).to_string(),
        parts.drawing,
        cat.kind(parts.start).id.to_string(),
        parts.log.iter().map(|&e| entry_text(e, cat)).collect(),
        parts.in_hand.map(|k| cat.kind(k).id.to_string()),
    ))
}

/// A pickled game again (the catalog of its sets built again: a designer's
/// directory is read again).
#[pyfunction]
pub fn _restore_game(p: Pickled) -> PyResult<PyGame> {
    let (sets, tiles, topology_only, players, seed, chance, drawing, start, log, hand) = p;
    let shared = Origin {
        sets,
        tiles,
        topology_only,
    }
    .catalog()?;
    let cat = &shared.cat;
    let bad = |e: String| PyValueError::new_err(format!("cannot restore the game: {e}"));
    let log = log
        .iter()
        .map(|t| entry(t, cat))
        .collect::<Result<Vec<_>, _>>()
        .map_err(bad)?;
    let parts = Parts {
        players,
        start: kind(&start, cat).map_err(bad)?,
        log: &log,
        in_hand: hand.map(|h| kind(&h, cat)).transpose().map_err(bad)?,
        drawing,
        seed,
        chance: args::chance(&chance)?,
    };
    let state = State::from_log(cat.clone(), &parts).map_err(|e| bad(e.describe(cat)))?;
    Ok(PyGame::from_state(state, shared, true))
}

/// `Game.from_record`: the game after a record's turns, drawing on from
/// `seed` (else the record's own, else 0).
pub fn from_record(
    text: &str,
    seed: Option<u64>,
    chance: &str,
    tiles: Option<PathBuf>,
    topology_only: bool,
) -> PyResult<PyGame> {
    let chance = args::chance(chance)?;
    let record = tilec_runtime::record::parse(text).map_err(|errors| {
        let lines: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        PyValueError::new_err(format!("bad record: {}", lines.join("; ")))
    })?;
    let options = tilec_runtime::CatalogOptions { topology_only };
    let shared = crate::sets::catalog(&record.sets, tiles.as_deref(), options)
        .map_err(PyValueError::new_err)?;
    let state = State::from_record_in(&record, shared.cat.clone(), seed, chance)
        .map_err(|e| PyValueError::new_err(format!("the record does not replay: {e}")))?;
    Ok(PyGame::from_state(state, shared, true))
}
