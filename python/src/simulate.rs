//! `tilec.simulate`: random games as `tilec simulate` plays them (the same
//! seeding, player and game loop), with the figures it prints, as a dict.

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, PoisonError};
use std::time::Instant;
use tilec_runtime::{CatalogOptions, Game, RandomPlayer, Rng, Setup};

/// What a run measured.
struct Totals {
    turns: u64,
    placements: u64,
    scores: Vec<i64>,
}

/// The games of a run handed out in order, a chunk at a time: game `i` gets
/// the `i`-th seed drawn from the run's seed, whichever thread plays it, as
/// `tilec simulate` deals them (no list of every seed is made: a run of 2**40
/// games needs no more memory than one of 10).
struct Deal {
    next: u64,
    games: u64,
    master: Rng,
}

impl Deal {
    /// The next chunk of seeds into `buf`; false when every game is dealt or
    /// the run is stopped.
    fn take(deal: &Mutex<Deal>, stop: &AtomicBool, buf: &mut Vec<u64>) -> bool {
        let mut d = deal.lock().unwrap_or_else(PoisonError::into_inner);
        let n = (d.games - d.next).min(64);
        d.next += n;
        buf.clear();
        buf.extend((0..n).map(|_| d.master.next_u64()));
        n > 0 && !stop.load(Ordering::Relaxed)
    }
}

/// How many threads have finished, for the waiting thread to wake at once.
#[derive(Default)]
struct Finished {
    count: Mutex<usize>,
    changed: Condvar,
}

impl Finished {
    fn add(&self) {
        *self.count.lock().unwrap_or_else(PoisonError::into_inner) += 1;
        self.changed.notify_all();
    }

    /// Waits until `all` threads have finished, or 50 ms at most.
    fn wait(&self, all: usize) {
        let count = self.count.lock().unwrap_or_else(PoisonError::into_inner);
        let timeout = std::time::Duration::from_millis(50);
        let _ = self
            .changed
            .wait_timeout_while(count, timeout, |n| *n < all);
    }
}

/// Plays dealt games until none is left or `stop` is set: one game reset
/// between games, each seeded with its own seed.
fn run(mut game: Game, deal: &Mutex<Deal>, stop: &AtomicBool, figure_rate: f64) -> Totals {
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
    let (mut buf, mut fresh) = (Vec::new(), true);
    while Deal::take(deal, stop, &mut buf) {
        for &seed in &buf {
            if !fresh {
                // The setup was valid for this game already.
                let _ = game.reset(setup);
            }
            fresh = false;
            let stats = player.play(&mut game, &mut Rng::new(seed));
            t.turns += u64::from(stats.turns);
            t.placements += stats.placements;
            for (sum, &s) in t.scores.iter_mut().zip(game.scores()) {
                *sum += i64::from(s);
            }
        }
    }
    t
}

/// Plays `games` games on `threads` threads (the totals are sums, so they do
/// not depend on the split). The calling thread waits without the GIL and
/// looks for signals every 50 ms: Ctrl-C stops the threads after the game
/// each is playing, and raises `KeyboardInterrupt`.
fn run_all(
    py: Python<'_>,
    game: &Game,
    games: u64,
    seed: u64,
    threads: usize,
    figure_rate: f64,
) -> PyResult<Totals> {
    let deal = Mutex::new(Deal {
        next: 0,
        games,
        master: Rng::new(seed),
    });
    let stop = AtomicBool::new(false);
    let finished = Finished::default();
    let parts = std::thread::scope(|scope| -> PyResult<Vec<Totals>> {
        let mut handles = Vec::new();
        for _ in 0..threads {
            let (game, deal, stop, finished) = (game.clone(), &deal, &stop, &finished);
            let started = std::thread::Builder::new().spawn_scoped(scope, move || {
                let totals = run(game, deal, stop, figure_rate);
                finished.add();
                totals
            });
            match started {
                Ok(h) => handles.push(h),
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    return Err(PyRuntimeError::new_err(format!(
                        "cannot start {threads} threads ({e}); pass fewer threads"
                    )));
                }
            }
        }
        while !handles.iter().all(|h| h.is_finished()) {
            py.detach(|| finished.wait(threads));
            if let Err(e) = py.check_signals() {
                stop.store(true, Ordering::Relaxed);
                return Err(e);
            }
        }
        // A thread that panicked gives no totals, and the run fails.
        handles
            .into_iter()
            .map(|h| h.join())
            .collect::<Result<_, _>>()
            .map_err(|_| PyRuntimeError::new_err("a simulation thread failed"))
    })?;
    let mut t = Totals {
        turns: 0,
        placements: 0,
        scores: vec![0; game.players()],
    };
    for p in parts {
        t.turns += p.turns;
        t.placements += p.placements;
        for (sum, s) in t.scores.iter_mut().zip(p.scores) {
            *sum += s;
        }
    }
    Ok(t)
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
    tilec::limits::games("games=", games).map_err(PyValueError::new_err)?;
    let threads = tilec::limits::threads("threads=", threads).map_err(PyValueError::new_err)?;
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
    // No more threads started than games.
    let spawned = threads.min(usize::try_from(games).unwrap_or(usize::MAX));
    let t = run_all(py, &game, games, seed, spawned, figure_rate)?;
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
