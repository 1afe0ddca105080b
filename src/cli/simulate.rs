//! `tilec simulate`: random legal games, to measure the engine and look at
//! average scores. Uniform placements; with probability `--figure-rate` a random
//! legal figure step (any figure on a free segment, fields included, or an abbot
//! recall); full final scoring.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;
use tilec_runtime::{Catalog, Game, RandomPlayer, Rng, Setup};

/// Arguments of `tilec simulate`.
#[derive(clap::Args)]
pub struct SimulateArgs {
    /// Tile sets in play, comma-separated ids (see tiles/sets.toml).
    #[arg(long, value_delimiter = ',', default_value = "base")]
    pub sets: Vec<String>,
    /// Players, 2 to 6.
    #[arg(long, default_value_t = 2)]
    pub players: usize,
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Seed of the whole run (each game's seed is drawn from it).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Probability of a figure step when one is legal.
    #[arg(long, default_value_t = 0.3)]
    pub figure_rate: f64,
    /// Play with the sets compiled from this directory (`.tiles` files and
    /// `sets.toml`) instead of the shipped ones.
    #[arg(long, value_name = "DIR")]
    pub tiles: Option<PathBuf>,
    /// Write a balance report (`report.json`, `report.html` with charts) into
    /// this directory (created if missing).
    #[arg(long, value_name = "DIR")]
    pub report: Option<PathBuf>,
    /// Write every game as a game record `DIR/game-<n>.toml` (n from 1), with
    /// its final scores as `[expect]`; `tilec play` replays each one.
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
}

/// Runs the simulation; 0 ok, 1 the `--tiles` have problems, 2 usage or I/O.
pub fn run(args: &SimulateArgs) -> u8 {
    let available = match super::sets::load(args.tiles.as_deref()) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let cat = match catalog(args, &available) {
        Ok(c) => Arc::new(c),
        Err(m) => {
            eprintln!("error: {m}");
            return 2;
        }
    };
    let sets = available.select(&args.sets).unwrap_or_default();
    if let Some(dir) = &args.report {
        if let Err(m) = super::report::prepare(dir) {
            eprintln!("{m}");
            return 2;
        }
    }
    let mut observer = args
        .report
        .as_ref()
        .map(|_| super::report::Observer::new(&cat, &sets, args.players));
    let setup = Setup {
        events: observer.is_some(),
        history: args.records.is_some(),
        ..Setup::new(args.players)
    };
    if let Some(dir) = &args.records {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("error: cannot create {}: {e}", dir.display());
            return 2;
        }
    }
    let mut master = Rng::new(args.seed);
    let mut player = RandomPlayer::new(args.figure_rate);
    let (mut turns, mut placements) = (0u64, 0u64);
    let mut totals = vec![0i64; args.players];
    let progress = std::io::stderr().is_terminal() && args.games >= 1000;
    let started = Instant::now();
    // One game, reset between runs: it keeps its allocations.
    let Ok(mut game) = Game::new(cat.clone(), setup) else {
        return 2;
    };
    for g in 0..args.games {
        if g > 0 && game.reset(setup).is_err() {
            return 2;
        }
        let mut rng = Rng::new(master.next_u64());
        let stats = match &mut observer {
            Some(o) => o.play(&mut player, &mut game, &mut rng),
            None => player.play(&mut game, &mut rng),
        };
        if let Some(dir) = &args.records {
            if let Err(m) = write_record(dir, g + 1, &game) {
                eprintln!("error: {m}");
                return 2;
            }
        }
        turns += u64::from(stats.turns);
        placements += stats.placements;
        for (t, &s) in totals.iter_mut().zip(game.scores()) {
            *t += i64::from(s);
        }
        if progress && g % (args.games / 100).max(1) == 0 {
            eprint!("\r{g}/{} games", args.games);
        }
    }
    let secs = started.elapsed().as_secs_f64();
    if progress {
        eprint!("\r{:30}\r", "");
    }
    report(args, secs, turns, placements, &totals);
    match (&observer, &args.report) {
        (Some(o), Some(dir)) => super::report::finish(args, &sets, &cat, o, dir),
        _ => 0,
    }
}

/// Writes `game` (which keeps its history) as `dir/game-<n>.toml`, the
/// players named `p1`, `p2`, ...
fn write_record(dir: &std::path::Path, n: u64, game: &Game) -> Result<(), String> {
    let names: Vec<String> = (1..=game.players()).map(|p| format!("p{p}")).collect();
    let path = dir.join(format!("game-{n}.toml"));
    let record = game
        .to_record(&names)
        .ok_or_else(|| format!("{}: the game kept no history", path.display()))?;
    std::fs::write(&path, record.to_toml())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn catalog(args: &SimulateArgs, available: &super::sets::Available) -> Result<Catalog, String> {
    if !(2..=6).contains(&args.players) {
        return Err(format!("--players {}: a game has 2 to 6", args.players));
    }
    if !(0.0..=1.0).contains(&args.figure_rate) {
        return Err(format!(
            "--figure-rate {} is not a probability",
            args.figure_rate
        ));
    }
    let sets = available.select(&args.sets)?;
    Catalog::new(&sets).map_err(|e| e.to_string())
}

fn report(args: &SimulateArgs, secs: f64, turns: u64, placements: u64, totals: &[i64]) {
    let games = args.games.max(1) as f64;
    println!(
        "sets {}, {} players, {} games, seed {}, figure rate {}",
        args.sets.join(","),
        args.players,
        args.games,
        args.seed,
        args.figure_rate
    );
    println!(
        "time {secs:.3} s: {:.0} games/s on one core",
        args.games as f64 / secs.max(1e-9)
    );
    println!("turns per game {:.1}", turns as f64 / games);
    println!(
        "legal placements per turn {:.2}",
        placements as f64 / (turns.max(1) as f64)
    );
    let averages: Vec<String> = totals
        .iter()
        .map(|&t| format!("{:.2}", t as f64 / games))
        .collect();
    println!("average scores {}", averages.join(", "));
}
