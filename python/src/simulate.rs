//! `tilec.simulate`: random games as `tilec simulate` plays them (the same
//! seeding, player and game loop), with the figures it prints, as a dict.

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;
use std::time::Instant;
use tilec_runtime::{CatalogOptions, Game, RandomPlayer, Rng, Setup};

/// What a run measured.
struct Totals {
    turns: u64,
    placements: u64,
    scores: Vec<i64>,
}

/// Plays the games of `seeds` the way `tilec simulate` does: one game reset
/// between runs, each game seeded with its own seed.
fn run(game: &mut Game, seeds: &[u64], figure_rate: f64) -> Totals {
    let setup = Setup {
        events: false,
        ..Setup::new(game.players())
    };
    let mut player = RandomPlayer::new(figure_rate);
    let mut t = Totals {
        turns: 0,
        placements: 0,
        scores: vec![0; game.players()],
    };
    for (g, &seed) in seeds.iter().enumerate() {
        if g > 0 {
            // The setup was valid for this game already.
            let _ = game.reset(setup);
        }
        let stats = player.play(game, &mut Rng::new(seed));
        t.turns += u64::from(stats.turns);
        t.placements += stats.placements;
        for (sum, &s) in t.scores.iter_mut().zip(game.scores()) {
            *sum += i64::from(s);
        }
    }
    t
}

/// Plays `games` games on `threads` threads: the games' seeds drawn from the
/// run's seed in order, as one thread would, and split into one run per
/// thread; the totals are sums, so they do not depend on the split.
fn run_all(game: &Game, games: u64, seed: u64, threads: usize, figure_rate: f64) -> Option<Totals> {
    let mut master = Rng::new(seed);
    let seeds: Vec<u64> = (0..games).map(|_| master.next_u64()).collect();
    let chunk = seeds.len().div_ceil(threads.max(1)).max(1);
    let parts: Option<Vec<Totals>> = std::thread::scope(|scope| {
        let handles: Vec<_> = seeds
            .chunks(chunk)
            .map(|part| {
                let mut game = game.clone();
                scope.spawn(move || run(&mut game, part, figure_rate))
            })
            .collect();
        // A thread that panicked gives no totals, and the run fails.
        handles.into_iter().map(|h| h.join().ok()).collect()
    });
    let mut t = Totals {
        turns: 0,
        placements: 0,
        scores: vec![0; game.players()],
    };
    for p in parts? {
        t.turns += p.turns;
        t.placements += p.placements;
        for (sum, s) in t.scores.iter_mut().zip(p.scores) {
            *sum += s;
        }
    }
    Some(t)
}

/// Plays random legal games and returns what ``tilec simulate`` prints, as a
/// dict: ``games_per_second``, ``turns_per_game``,
/// ``legal_placements_per_turn``, ``average_scores`` and ``total_scores`` (per
/// player), ``seconds`` and the run's parameters. The same seed plays the
/// same games as the CLI, on any number of threads (default: every core).
/// ``topology_only=True`` plays tiles with marks the engine has no rules for as
/// plain topology (``tilec simulate --topology-only``).
#[pyfunction]
#[pyo3(signature = (sets=None, players=2, games=1000, seed=0, threads=None, figure_rate=0.3, tiles=None, *, topology_only=false))]
#[allow(clippy::too_many_arguments)]
pub fn simulate<'py>(
    py: Python<'py>,
    sets: Option<Vec<String>>,
    players: usize,
    games: u64,
    seed: u64,
    threads: Option<usize>,
    figure_rate: f64,
    tiles: Option<PathBuf>,
    topology_only: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let sets = sets.unwrap_or_else(|| vec!["base".to_string()]);
    if !(0.0..=1.0).contains(&figure_rate) {
        return Err(PyValueError::new_err(format!(
            "figure_rate {figure_rate} is not a probability"
        )));
    }
    let threads = match threads {
        Some(0) => return Err(PyValueError::new_err("threads=0: at least one thread")),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let options = CatalogOptions { topology_only };
    let cat = crate::sets::catalog(&sets, tiles.as_deref(), options)
        .map_err(PyValueError::new_err)?
        .cat
        .clone();
    let setup = Setup {
        events: false,
        ..Setup::new(players)
    };
    let game = Game::new(cat, setup).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let started = Instant::now();
    let t = py
        .detach(|| run_all(&game, games, seed, threads, figure_rate))
        .ok_or_else(|| PyRuntimeError::new_err("a simulation thread failed"))?;
    let seconds = started.elapsed().as_secs_f64();
    let n = games.max(1) as f64;
    let d = PyDict::new(py);
    d.set_item("sets", sets)?;
    d.set_item("players", players)?;
    d.set_item("games", games)?;
    d.set_item("seed", seed)?;
    d.set_item("threads", threads)?;
    d.set_item("figure_rate", figure_rate)?;
    d.set_item("topology_only", topology_only)?;
    d.set_item("seconds", seconds)?;
    d.set_item("games_per_second", games as f64 / seconds.max(1e-9))?;
    d.set_item("turns_per_game", t.turns as f64 / n)?;
    d.set_item(
        "legal_placements_per_turn",
        t.placements as f64 / t.turns.max(1) as f64,
    )?;
    let averages: Vec<f64> = t.scores.iter().map(|&s| s as f64 / n).collect();
    d.set_item("average_scores", averages)?;
    d.set_item("total_scores", t.scores)?;
    Ok(d)
}
