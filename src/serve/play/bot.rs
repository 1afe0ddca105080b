//! The bots, written over the runtime's public API: a random player, and a
//! flat Monte-Carlo player that tries each option on copies of the game,
//! finishes each copy with random play, and keeps the option whose games
//! ended best for it (its score minus the best other score), spending its
//! time on the better half of the options round after round (successive
//! halving). A copy's pile is the unseen tiles, drawn at random: the bot never
//! sees the real order.

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

fn monte_carlo(game: &Game, acts: &[Act], me: Player, rng: &mut Rng, budget: Duration) -> usize {
    let deadline = Instant::now() + budget;
    let mut sum = vec![0i64; acts.len()];
    let mut count = vec![0u32; acts.len()];
    let mut alive: Vec<usize> = (0..acts.len()).collect();
    let mut per_round = 2;
    'search: while alive.len() > 1 {
        for _ in 0..per_round {
            for &i in &alive {
                if Instant::now() >= deadline {
                    break 'search;
                }
                sum[i] += playout(game, acts[i], me, rng);
                count[i] += 1;
            }
        }
        let mean = |i: &usize| sum[*i] as f64 / f64::from(count[*i].max(1));
        alive.sort_by(|a, b| mean(b).total_cmp(&mean(a)));
        alive.truncate(alive.len().div_ceil(2));
        per_round *= 2;
    }
    let sampled = alive.iter().copied().filter(|&i| count[i] > 0);
    let best = sampled.max_by(|&a, &b| {
        let (ma, mb) = (sum[a] * i64::from(count[b]), sum[b] * i64::from(count[a]));
        ma.cmp(&mb)
    });
    best.unwrap_or_else(|| rng.below(acts.len() as u32) as usize)
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
