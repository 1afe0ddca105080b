//! `tilec simulate`: random legal games, to measure the engine and look at
//! average scores. Uniform placements; with probability `--figure-rate` a random
//! legal figure step (any figure on a free segment, fields included, or an abbot
//! recall); full final scoring. The games are shared out over `--threads`
//! threads with the same results as on one.

mod compare;
mod games;

use super::report::{self, Report, Run, Tally};
use games::{Plan, Totals};
use indicatif::{ProgressBar, ProgressStyle};
use std::borrow::Cow;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;
use tilec_runtime::catalog::CatalogOptions;
use tilec_runtime::{Catalog, Setup, TileSet};

/// Arguments of `tilec simulate`.
#[derive(clap::Args)]
pub struct SimulateArgs {
    /// Tile sets in play, comma-separated ids (the shipped sets, or those of
    /// `--tiles DIR`'s `sets.toml`); a set's `requires` must be among them.
    #[arg(long, value_delimiter = ',', default_value = "base")]
    pub sets: Vec<String>,
    /// Players, 2 to 6.
    #[arg(long, default_value_t = 2)]
    pub players: usize,
    /// Games to play (at least 1) [default: 1000; with `--compare`, 10000 of
    /// each configuration a round].
    #[arg(long, value_name = "N")]
    pub games: Option<u64>,
    /// Seed of the whole run (each game's seed is drawn from it).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Probability of a figure step when one is legal.
    #[arg(long, default_value_t = 0.3)]
    pub figure_rate: f64,
    /// Threads playing the games [default: one per core]; the results are the
    /// same for any number.
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    #[command(flatten)]
    pub tiles: super::source::TilesArg,
    /// Write a balance report (`report.json`, `report.html` with charts) into
    /// this directory (created if missing).
    #[arg(long, value_name = "DIR")]
    pub report: Option<PathBuf>,
    /// Write every game as a game record `DIR/game-<n>.toml` (n from 1), with
    /// its final scores as `[expect]`; `tilec play` replays each one.
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
    /// Play tiles whose marks (dragons, abbeys, watchtowers, ...) have no rules in the
    /// engine as plain topology, ignoring the marks, instead of refusing them.
    #[arg(long)]
    pub topology_only: bool,
    /// Measure the expansions' speed: alternate rounds of random 2-player
    /// base games and random 4-player games with all six shipped sets (one
    /// thread unless `--threads`), and print both rates (the median of their
    /// rounds), their ratio, and the time per tile placed and per legal
    /// placement offered.
    #[arg(long, conflicts_with_all = ["sets", "players", "tiles", "report", "records", "topology_only"])]
    pub compare: bool,
    /// Rounds of each configuration with `--compare`.
    #[arg(long, value_name = "N", default_value_t = 7, requires = "compare")]
    pub rounds: usize,
    /// The shipped sets `--compare` plays with four players against the base
    /// game [default: base,river,anniversary,festival,promos,mm].
    #[arg(long, value_name = "SETS", value_delimiter = ',', requires = "compare")]
    pub against: Vec<String>,
}

impl SimulateArgs {
    /// Games to play: `--games`, or its default.
    fn games(&self) -> u64 {
        self.games.unwrap_or(1000)
    }
}

/// A progress bar is shown for runs of at least this many games.
const LONG_RUN: u64 = 20_000;

/// Runs the simulation; 0 ok, 1 the `--tiles` have problems, 2 usage or I/O.
pub fn run(args: &SimulateArgs) -> u8 {
    if args.compare {
        return run_compare(args);
    }
    let available = match super::sets::load(&args.tiles) {
        Ok(a) => a,
        Err(code) => return code,
    };
    let (played, cat, threads) = match checked(args, &available) {
        Ok(c) => c,
        Err(m) => {
            eprintln!("error: {m}");
            return 2;
        }
    };
    let sets: Vec<&TileSet> = played.iter().map(|s| &**s).collect();
    if let (Some(report), Some(records)) = (&args.report, &args.records) {
        if let Err(m) = super::output::refuse_overlap(&[report, records]) {
            eprintln!("{m}");
            return 2;
        }
    }
    let records = match &args.records {
        Some(dir) => {
            let inputs = args.tiles.inputs();
            match super::output::Stream::begin(dir, &inputs) {
                Ok(stream) => Some(stream),
                Err(m) => {
                    eprintln!("{m}");
                    return 2;
                }
            }
        }
        None => None,
    };
    if let Some(dir) = &args.report {
        let inputs = args.tiles.inputs();
        let ready = super::output::refuse_inputs(dir, &inputs).and_then(|()| report::prepare(dir));
        if let Err(m) = ready {
            eprintln!("{m}");
            return 2;
        }
    }
    let plan = Plan {
        games: args.games(),
        seed: args.seed,
        threads,
        figure_rate: args.figure_rate,
        setup: Setup {
            events: args.report.is_some(),
            history: args.records.is_some(),
            ..Setup::new(args.players)
        },
        records: records.as_ref(),
    };
    let empty = Totals {
        turns: 0,
        placements: 0,
        scores: vec![0; args.players],
        tally: args
            .report
            .as_ref()
            .map(|_| Tally::new(&cat, &sets, args.players)),
    };
    let bar = progress_bar(args.games());
    let started = Instant::now();
    let totals = games::play(&cat, &plan, empty, bar.as_ref());
    let secs = started.elapsed().as_secs_f64();
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let totals = match totals {
        Ok(t) => t,
        Err(m) => {
            eprintln!("{m}");
            return 2;
        }
    };
    if let Some(Err(m)) = records.map(super::output::Stream::commit) {
        eprintln!("{m}");
        return 2;
    }
    summary(args, threads, secs, &totals);
    match (&totals.tally, &args.report) {
        (Some(tally), Some(dir)) => write_report(args, &sets, &cat, tally, dir),
        _ => 0,
    }
}

/// The sets as played (without the tiles they remove), their catalog, the threads.
type Checked<'a> = (Vec<Cow<'a, TileSet>>, Arc<Catalog>, usize);

/// `--compare`: the expansions' speed against the base game's.
fn run_compare(args: &SimulateArgs) -> u8 {
    let games = args.games.unwrap_or(10_000);
    let bounded = tilec::limits::games("--games ", games)
        .and_then(|_| tilec::limits::threads("--threads ", args.threads));
    let problem = match (games, args.rounds) {
        (0, _) => Some("--games 0: a round plays at least 1 game".to_string()),
        (_, 0) => Some("--rounds 0: at least one round is played".to_string()),
        _ if bounded.is_err() => bounded.err(),
        _ if !(0.0..=1.0).contains(&args.figure_rate) => Some(format!(
            "--figure-rate {} is not a probability",
            args.figure_rate
        )),
        _ => None,
    };
    if let Some(m) = problem {
        eprintln!("error: {m}");
        return 2;
    }
    let against: Vec<&str> = match args.against.is_empty() {
        true => compare::ALL_SETS.to_vec(),
        false => args.against.iter().map(String::as_str).collect(),
    };
    compare::run(&compare::Comparison {
        games,
        against: &against,
        rounds: args.rounds,
        seed: args.seed,
        figure_rate: args.figure_rate,
        threads: args.threads.unwrap_or(1),
    })
}

/// The sets, their catalog and the threads, or what is wrong with the arguments.
fn checked<'a>(
    args: &SimulateArgs,
    available: &'a super::sets::Available,
) -> Result<Checked<'a>, String> {
    if !(2..=6).contains(&args.players) {
        return Err(format!("--players {}: a game has 2 to 6", args.players));
    }
    if !(0.0..=1.0).contains(&args.figure_rate) {
        return Err(format!(
            "--figure-rate {} is not a probability",
            args.figure_rate
        ));
    }
    tilec::limits::games("--games ", args.games())?;
    let threads = tilec::limits::threads("--threads ", args.threads)?;
    // Without the tiles that the sets chosen remove (their `removes`).
    let sets = available.played(&args.sets)?;
    super::sets::check_requires(available, &args.sets)?;
    let refs: Vec<&TileSet> = sets.iter().map(|s| &**s).collect();
    let options = CatalogOptions {
        topology_only: args.topology_only,
    };
    let cat =
        Catalog::with_options(&refs, options).map_err(|e| {
            match super::sets::topology_hint(&e) {
                Some(hint) => format!("{e}\n{hint}"),
                None => e.to_string(),
            }
        })?;
    // No more threads than games.
    let threads = threads.min(usize::try_from(args.games()).unwrap_or(usize::MAX));
    Ok((sets, Arc::new(cat), threads))
}

/// A bar on stderr for a long run, and only when stderr is a terminal: a bar
/// written into a log or a pipe would be noise.
fn progress_bar(games: u64) -> Option<ProgressBar> {
    if games < LONG_RUN || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(games);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} games, {eta} left") {
        bar.set_style(style);
    }
    Some(bar)
}

fn summary(args: &SimulateArgs, threads: usize, secs: f64, totals: &Totals) {
    let games = args.games().max(1) as f64;
    outln!(
        "sets {}, {} players, {} games, seed {}, figure rate {}",
        args.sets.join(","),
        args.players,
        args.games(),
        args.seed,
        args.figure_rate
    );
    let unit = if threads == 1 { "thread" } else { "threads" };
    outln!(
        "time {secs:.3} s: {:.0} games/s on {threads} {unit}",
        args.games() as f64 / secs.max(1e-9)
    );
    outln!("turns per game {:.1}", totals.turns as f64 / games);
    outln!(
        "legal placements per turn {:.2}",
        totals.placements as f64 / (totals.turns.max(1) as f64)
    );
    let averages: Vec<String> = totals
        .scores
        .iter()
        .map(|&t| format!("{:.2}", t as f64 / games))
        .collect();
    outln!("average scores {}", averages.join(", "));
}

/// Builds the report of the run and writes it into `dir`; the exit code.
fn write_report(
    args: &SimulateArgs,
    sets: &[&TileSet],
    cat: &Catalog,
    tally: &Tally,
    dir: &std::path::Path,
) -> u8 {
    let run = Run {
        sets: args.sets.clone(),
        players: args.players,
        games: args.games(),
        seed: args.seed,
        figure_rate: args.figure_rate,
    };
    // A report written into the tile directory it was built from is refused.
    let inputs = args.tiles.inputs();
    match report::write(dir, &Report::new(run, tally, cat, sets), &inputs) {
        Ok(()) => {
            outln!("wrote {}/report.json and report.html", dir.display());
            0
        }
        Err(m) => {
            eprintln!("{m}");
            2
        }
    }
}
