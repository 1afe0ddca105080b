//! Plays the games of a run on one or more threads. Game `i` always gets the
//! `i`-th seed drawn from the run's seed, whichever thread plays it, and every
//! total is an integer sum or count, so the results do not depend on the number
//! of threads or on which thread played what.

use super::super::output::Stream;
use super::super::report::Tally;
use indicatif::ProgressBar;
use std::sync::{Arc, Mutex, PoisonError};
use tilec_runtime::{Catalog, Game, RandomPlayer, Rng, Setup};

/// What to play.
#[derive(Clone, Copy)]
pub struct Plan<'a> {
    /// Games in the run.
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// Threads playing (at least 1).
    pub threads: usize,
    /// The random player's figure rate.
    pub figure_rate: f64,
    /// Every game's setup.
    pub setup: Setup,
    /// Where each game's record goes (`game-<n>.toml`, n from 1), if anywhere;
    /// the setup then keeps the history.
    pub records: Option<&'a Stream>,
}

/// The totals over the games played.
#[derive(Clone, Debug)]
pub struct Totals {
    /// Turns, summed.
    pub turns: u64,
    /// Legal placements offered, summed over the turns.
    pub placements: u64,
    /// Final scores per seat, summed.
    pub scores: Vec<i64>,
    /// The report's statistics, when one is asked for.
    pub tally: Option<Tally>,
}

impl Totals {
    fn merge(&mut self, other: &Totals) {
        self.turns += other.turns;
        self.placements += other.placements;
        for (t, o) in self.scores.iter_mut().zip(&other.scores) {
            *t += o;
        }
        if let (Some(t), Some(o)) = (&mut self.tally, &other.tally) {
            t.merge(o);
        }
    }
}

/// Hands out the games in chunks, in game order: the seeds are drawn from the
/// run's generator exactly as one thread would draw them.
struct Seeds {
    next: u64,
    games: u64,
    chunk: u64,
    master: Rng,
}

impl Seeds {
    /// Hands out no more games.
    fn drain(seeds: &Mutex<Seeds>) {
        let mut s = seeds.lock().unwrap_or_else(PoisonError::into_inner);
        s.next = s.games;
    }

    /// Fills `buf` with the next chunk's games (index in the run, seed); false
    /// when all are handed out.
    fn take(seeds: &Mutex<Seeds>, buf: &mut Vec<(u64, u64)>) -> bool {
        let mut s = seeds.lock().unwrap_or_else(PoisonError::into_inner);
        let (first, n) = (s.next, s.chunk.min(s.games - s.next));
        s.next += n;
        buf.clear();
        buf.extend((first..first + n).map(|i| (i, s.master.next_u64())));
        n > 0
    }
}

/// Plays the run; `empty` is the totals of no game (with an empty tally if a
/// report is wanted). A progress bar, if given, counts the games.
pub fn play(
    cat: &Arc<Catalog>,
    plan: &Plan,
    empty: Totals,
    progress: Option<&ProgressBar>,
) -> Result<Totals, String> {
    let threads = plan.threads.max(1) as u64;
    // Chunks small enough to share the games out evenly, large enough that the
    // lock is rare.
    let chunk = (plan.games / (threads * 32)).clamp(1, 1024);
    let seeds = Mutex::new(Seeds {
        next: 0,
        games: plan.games,
        chunk,
        master: Rng::new(plan.seed),
    });
    if threads == 1 {
        return worker(cat, plan, &seeds, empty, progress);
    }
    std::thread::scope(|scope| {
        let mut handles = Vec::new();
        for i in 0..threads {
            let mine = empty.clone();
            let seeds = &seeds;
            let started = std::thread::Builder::new()
                .spawn_scoped(scope, move || worker(cat, plan, seeds, mine, progress));
            match started {
                Ok(h) => handles.push(h),
                Err(e) => {
                    // The threads started stop at once: no game is left to them.
                    Seeds::drain(seeds);
                    return Err(format!(
                        "error: cannot start thread {} of {threads}: {e}; give fewer --threads",
                        i + 1
                    ));
                }
            }
        }
        let mut all = empty.clone();
        for h in handles {
            let part = h
                .join()
                .map_err(|_| "error: a simulation thread panicked".to_string())??;
            all.merge(&part);
        }
        Ok(all)
    })
}

/// One thread: one game, reset between games so that it keeps its allocations.
fn worker(
    cat: &Arc<Catalog>,
    plan: &Plan,
    seeds: &Mutex<Seeds>,
    mut totals: Totals,
    progress: Option<&ProgressBar>,
) -> Result<Totals, String> {
    let setup_error = |e: tilec_runtime::SetupError| format!("error: {e}");
    let mut game = Game::new(cat.clone(), plan.setup).map_err(setup_error)?;
    let mut player = RandomPlayer::new(plan.figure_rate);
    let (mut buf, mut fresh) = (Vec::new(), true);
    while Seeds::take(seeds, &mut buf) {
        for &(index, seed) in &buf {
            if !fresh {
                game.reset(plan.setup).map_err(setup_error)?;
            }
            fresh = false;
            play_game(seed, &mut player, &mut game, &mut totals);
            if let Some(records) = plan.records {
                write_record(records, index + 1, &game)?;
            }
        }
        if let Some(bar) = progress {
            bar.inc(buf.len() as u64);
        }
    }
    Ok(totals)
}

/// Writes `game` (which keeps its history) as `game-<n>.toml` into the staged
/// records directory, the players named `p1`, `p2`, ....
fn write_record(records: &Stream, n: u64, game: &Game) -> Result<(), String> {
    let names: Vec<String> = (1..=game.players()).map(|p| format!("p{p}")).collect();
    let name = format!("game-{n}.toml");
    let record = game
        .to_record(&names)
        .ok_or_else(|| format!("error: {name}: the game kept no history"))?;
    records.add(&name, record.to_toml().as_bytes())
}

/// Plays one game from `seed` and adds it to `totals`.
fn play_game(seed: u64, player: &mut RandomPlayer, game: &mut Game, totals: &mut Totals) {
    let mut rng = Rng::new(seed);
    let stats = match &mut totals.tally {
        Some(tally) => tally.play(player, game, &mut rng),
        None => player.play(game, &mut rng),
    };
    totals.turns += u64::from(stats.turns);
    totals.placements += stats.placements;
    for (t, &s) in totals.scores.iter_mut().zip(game.scores()) {
        *t += i64::from(s);
    }
}
