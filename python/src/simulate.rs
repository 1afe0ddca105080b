//! `tilec.simulate`: random games as `tilec simulate` plays them (the same
//! seeding, player and game loop), with the figures it prints, as a dict.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;
use std::time::Instant;
use tilec_runtime::{Game, RandomPlayer, Rng, Setup};

/// What a run measured.
struct Totals {
    turns: u64,
    placements: u64,
    scores: Vec<i64>,
    seconds: f64,
}

/// Plays `games` random games the way `tilec simulate` does: one game reset
/// between runs, each game's seed drawn from the run's.
fn run(game: &mut Game, games: u64, seed: u64, figure_rate: f64) -> Totals {
    let setup = tilec_runtime::Setup {
        events: false,
        ..Setup::new(game.players())
    };
    let mut master = Rng::new(seed);
    let mut player = RandomPlayer::new(figure_rate);
    let mut t = Totals {
        turns: 0,
        placements: 0,
        scores: vec![0; game.players()],
        seconds: 0.0,
    };
    let started = Instant::now();
    for g in 0..games {
        if g > 0 {
            // The setup was valid for this game already.
            let _ = game.reset(setup);
        }
        let stats = player.play(game, &mut Rng::new(master.next_u64()));
        t.turns += u64::from(stats.turns);
        t.placements += stats.placements;
        for (sum, &s) in t.scores.iter_mut().zip(game.scores()) {
            *sum += i64::from(s);
        }
    }
    t.seconds = started.elapsed().as_secs_f64();
    t
}

/// Plays random legal games and returns what ``tilec simulate`` prints, as a
/// dict: ``games_per_second``, ``turns_per_game``,
/// ``legal_placements_per_turn``, ``average_scores`` (per player), ``seconds``
/// and the run's parameters. The same seed plays the same games as the CLI.
#[pyfunction]
#[pyo3(signature = (sets=None, players=2, games=1000, seed=0, threads=1, figure_rate=0.3, tiles=None))]
#[allow(clippy::too_many_arguments)]
pub fn simulate<'py>(
    py: Python<'py>,
    sets: Option<Vec<String>>,
    players: usize,
    games: u64,
    seed: u64,
    threads: usize,
    figure_rate: f64,
    tiles: Option<PathBuf>,
) -> PyResult<Bound<'py, PyDict>> {
    let sets = sets.unwrap_or_else(|| vec!["base".to_string()]);
    if !(0.0..=1.0).contains(&figure_rate) {
        return Err(PyValueError::new_err(format!(
            "figure_rate {figure_rate} is not a probability"
        )));
    }
    if threads != 1 {
        return Err(PyValueError::new_err(format!(
            "threads={threads}: this build plays on one thread (threads=1)"
        )));
    }
    let cat = crate::sets::catalog(&sets, tiles.as_deref())
        .map_err(PyValueError::new_err)?
        .cat
        .clone();
    let setup = Setup {
        events: false,
        ..Setup::new(players)
    };
    let mut game = Game::new(cat, setup).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let t = py.detach(|| run(&mut game, games, seed, figure_rate));
    let n = games.max(1) as f64;
    let d = PyDict::new(py);
    d.set_item("sets", sets)?;
    d.set_item("players", players)?;
    d.set_item("games", games)?;
    d.set_item("seed", seed)?;
    d.set_item("threads", threads)?;
    d.set_item("figure_rate", figure_rate)?;
    d.set_item("seconds", t.seconds)?;
    d.set_item("games_per_second", games as f64 / t.seconds.max(1e-9))?;
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
