//! The bots, written over the runtime's public API: a random player, and a
//! Monte-Carlo player that tries its options on copies of the game, finishes
//! each copy with random play, and scores it by its own final score minus the
//! best other one. Which option to try next is a bandit's choice (UCB1, the
//! root of a UCT search): the better options get most of its time, 150 ms or
//! 5000 games a move; it plays the option tried most. A copy's pile is the
//! unseen tiles, drawn at random: the bot never sees the real order.

use serde::Deserialize;
use std::time::{Duration, Instant};
use tilec_runtime::{Game, Move, Player, RandomPlayer, Rng};

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Seat {
    /// A person at the screen (hot-seat).
    Person,
    /// Uniformly random legal moves.
    Random,
    /// Flat Monte-Carlo search.
    MonteCarlo,
}

impl Seat {
    /// The name the Play page shows.
    pub fn name(self) -> &'static str {
        match self {
            Seat::Person => "person",
            Seat::Random => "random",
            Seat::MonteCarlo => "monte-carlo",
        }
    }
}

/// One option of the player to act: a move, or the draw (offered beside
/// taking the town hall).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    /// Draw a tile.
    Draw,
    /// Play this move.
    Move(Move),
}

/// The option `seat` picks among `acts` (not empty) for player `me`.
pub fn choose(
    seat: Seat,
    game: &Game,
    acts: &[Act],
    me: Player,
    rng: &mut Rng,
    budget: Duration,
) -> usize {
    match seat {
        Seat::MonteCarlo if acts.len() > 1 => monte_carlo(game, acts, me, rng, budget),
        _ => rng.below(acts.len() as u32) as usize,
    }
}

/// Playouts per move at most: a move with few options ends early.
const MAX_PLAYOUTS: u32 = 5000;

/// Points of playout result per unit of the bandit's value: final score
/// differences run to tens of points.
const SCALE: f64 = 20.0;

fn monte_carlo(game: &Game, acts: &[Act], me: Player, rng: &mut Rng, budget: Duration) -> usize {
    let deadline = Instant::now() + budget;
    let n = acts.len();
    let mut sum = vec![0.0f64; n];
    let mut count = vec![0u32; n];
    let mut total = 0u32;
    while total < MAX_PLAYOUTS && Instant::now() < deadline {
        let i = match (total as usize) < n {
            true => total as usize,
            false => ucb_pick(&sum, &count, total),
        };
        sum[i] += playout(game, acts[i], me, rng) as f64 / SCALE;
        count[i] += 1;
        total += 1;
    }
    let mean = |i: usize| sum[i] / f64::from(count[i].max(1));
    let best = (0..n)
        .filter(|&i| count[i] > 0)
        .max_by(|&a, &b| count[a].cmp(&count[b]).then(mean(a).total_cmp(&mean(b))));
    best.unwrap_or_else(|| rng.below(n as u32) as usize)
}

/// The option with the highest upper confidence bound (UCB1): its mean
/// result plus a bonus that shrinks as it is tried.
fn ucb_pick(sum: &[f64], count: &[u32], total: u32) -> usize {
    let log = f64::from(total).ln();
    let bound = |i: usize| {
        let n = f64::from(count[i]);
        sum[i] / n + (2.0 * log / n).sqrt()
    };
    (0..sum.len())
        .max_by(|&a, &b| bound(a).total_cmp(&bound(b)))
        .unwrap_or(0)
}

/// One random game from `game` after `act`: `me`'s final score minus the
/// best other score.
fn playout(game: &Game, act: Act, me: Player, rng: &mut Rng) -> i64 {
    let mut g = game.clone();
    match act {
        Act::Draw => {
            let _ = g.draw_random(rng);
        }
        Act::Move(m) => {
            if g.play(m).is_err() {
                return i64::MIN / 4;
            }
        }
    }
    let mut player = RandomPlayer::new(0.5);
    while player.turn(&mut g, rng).is_some() {}
    g.finish();
    let scores = g.scores();
    let mine = i64::from(scores[usize::from(me)]);
    let best_other = (0..scores.len())
        .filter(|&p| p != usize::from(me))
        .map(|p| i64::from(scores[p]))
        .max()
        .unwrap_or(0);
    mine - best_other
}
