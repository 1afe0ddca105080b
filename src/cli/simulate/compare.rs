//! `tilec simulate --compare`: the speed of the expansions against the base
//! game, measured in one run. Rounds alternate between random 2-player base
//! games and random 4-player games with all six shipped sets, so that a
//! machine's noise (other work, clock changes) falls on both alike; each
//! configuration's rate is the median of its rounds.
//!
//! Every round of a configuration plays the same games (the same seeds), so
//! the rounds differ only in their timing: their turns, placements and scores
//! are checked to agree.

use super::games::{self, Plan, Totals};
use std::sync::Arc;
use std::time::Instant;
use tilec_runtime::{Catalog, Setup};

/// The expansions' configuration: every shipped set, four players.
pub const ALL_SETS: [&str; 6] = ["base", "river", "anniversary", "festival", "promos", "mm"];

/// What a comparison plays.
#[derive(Clone, Copy, Debug)]
pub struct Comparison<'a> {
    /// The shipped sets played with four players against the base game
    /// ([`ALL_SETS`] unless `--against`).
    pub against: &'a [&'a str],
    /// Games of each configuration per round.
    pub games: u64,
    /// Rounds of each configuration.
    pub rounds: usize,
    /// Seed of every round.
    pub seed: u64,
    /// The random player's figure rate.
    pub figure_rate: f64,
    /// Threads playing.
    pub threads: usize,
}

/// One configuration's rounds.
struct Side {
    name: &'static str,
    cat: Arc<Catalog>,
    players: usize,
    /// Seconds per round.
    secs: Vec<f64>,
    /// The first round's totals (every round's agree).
    totals: Option<Totals>,
}

impl Side {
    fn new(name: &'static str, sets: &[&str], players: usize) -> Result<Side, String> {
        let cat = Catalog::shipped(sets).map_err(|e| format!("error: {e}"))?;
        Ok(Side {
            name,
            cat: Arc::new(cat),
            players,
            secs: Vec::new(),
            totals: None,
        })
    }

    /// Plays one round and keeps its time; the round must play the same
    /// games as the first.
    fn round(&mut self, c: &Comparison<'_>) -> Result<(), String> {
        let plan = Plan {
            games: c.games,
            seed: c.seed,
            threads: c.threads,
            figure_rate: c.figure_rate,
            setup: Setup::new(self.players),
            records: None,
        };
        let empty = Totals {
            turns: 0,
            placements: 0,
            scores: vec![0; self.players],
            tally: None,
        };
        let started = Instant::now();
        let totals = games::play(&self.cat, &plan, empty, None)?;
        self.secs.push(started.elapsed().as_secs_f64());
        match &self.totals {
            None => self.totals = Some(totals),
            Some(first) if same_games(first, &totals) => {}
            Some(_) => {
                return Err(format!(
                    "error: round {} of the {} games played other games than round 1 \
                     (the engine is not deterministic)",
                    self.secs.len(),
                    self.name
                ))
            }
        }
        Ok(())
    }

    /// Games per second of each round.
    fn rates(&self, games: u64) -> Vec<f64> {
        self.secs
            .iter()
            .map(|s| games as f64 / s.max(1e-9))
            .collect()
    }
}

fn same_games(a: &Totals, b: &Totals) -> bool {
    (a.turns, a.placements, &a.scores) == (b.turns, b.placements, &b.scores)
}

/// The median of `v` (the mean of the middle two for an even count).
pub fn median(v: &[f64]) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => 0.0,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

/// Runs the comparison and prints it; 0 ok, 2 when the catalogs cannot be
/// built or a round disagrees.
pub fn run(c: &Comparison<'_>) -> u8 {
    match compare(c) {
        Ok(()) => 0,
        Err(m) => {
            eprintln!("{m}");
            2
        }
    }
}

fn compare(c: &Comparison<'_>) -> Result<(), String> {
    let mut base = Side::new("base", &["base"], 2)?;
    let label = if c.against == ALL_SETS {
        "all-sets"
    } else {
        "against"
    };
    let mut all = Side::new(label, c.against, 4)?;
    let unit = if c.threads == 1 { "thread" } else { "threads" };
    outln!(
        "compare: base (2 players) against {} (4 players); {} games of each a round, \
         {} rounds alternating, seed {}, figure rate {}, {} {unit}",
        c.against.join(","),
        c.games,
        c.rounds,
        c.seed,
        c.figure_rate,
        c.threads
    );
    for r in 0..c.rounds {
        base.round(c)?;
        all.round(c)?;
        let (b, a) = (base.rates(c.games)[r], all.rates(c.games)[r]);
        outln!(
            "round {}: base {b:.0} games/s, {label} {a:.0} games/s, ratio {:.3}",
            r + 1,
            a / b
        );
    }
    let (b, a) = (median(&base.rates(c.games)), median(&all.rates(c.games)));
    let ratios: Vec<f64> = all
        .rates(c.games)
        .iter()
        .zip(base.rates(c.games))
        .map(|(a, b)| a / b)
        .collect();
    outln!(
        "median: base {b:.0} games/s, {label} {a:.0} games/s; ratio {:.3} (median of the \
         rounds' ratios {:.3})",
        a / b,
        median(&ratios)
    );
    for side in [&base, &all] {
        per_placement(side, c)?;
    }
    Ok(())
}

/// One configuration's turns and placements per game, its time per tile
/// placed and per legal placement offered, and its average scores.
fn per_placement(side: &Side, c: &Comparison<'_>) -> Result<(), String> {
    let totals = side.totals.as_ref().ok_or("error: no round was played")?;
    let games = c.games as f64;
    let secs = median(&side.secs);
    let turns = totals.turns.max(1) as f64;
    let placements = totals.placements.max(1) as f64;
    outln!(
        "{}: {:.1} turns a game, {:.2} legal placements a turn; {:.0} ns per tile placed, \
         {:.1} ns per legal placement offered",
        side.name,
        turns / games,
        placements / turns,
        secs * 1e9 / turns,
        secs * 1e9 / placements
    );
    let averages: Vec<String> = totals
        .scores
        .iter()
        .map(|&t| format!("{:.2}", t as f64 / games))
        .collect();
    outln!("{}: average scores {}", side.name, averages.join(", "));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_of_odd_and_even_counts() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), 2.5);
        assert_eq!(median(&[]), 0.0);
    }
}
