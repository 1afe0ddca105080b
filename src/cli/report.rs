//! The balance report of `tilec simulate --report DIR`: a [`Tally`] gathered
//! while the games are played (counters and histograms: its size does not grow
//! with the games), turned into a typed [`Report`], written as `DIR/report.json`
//! (keys sorted at every level; the same bytes for the same arguments) and
//! `DIR/report.html` (one self-contained page from `templates/report.html`:
//! charts drawn with `plotters` as inline SVG, no script, no remote resource).
//! Both files are built in memory and then written together: both or neither.
//! This module knows nothing of the command that plays the games.
//!
//! # `report.json`
//!
//! - `run`: the arguments (`sets`, `players`, `games`, `seed`, `figure_rate`).
//! - `tiles_drawn`: draws over all games and sets.
//! - `scores`: final scores per seat. `seats[i]`: `seat`, `count` (games),
//!   `mean`, `min`, `max`, `stddev` (population) and `histogram` (games per bin
//!   of `bin_width` points, bins shared by all seats, the first from 0);
//!   `all_seats`: the same summary over every seat's scores.
//! - `sets.ID`: per tile set in play: `name`, `draws`, `set_aside`, and
//!   - `earned`: the distribution over the games of the points that players
//!     earned from features holding at least one tile of this set, read from the
//!     engine's `Scored` events (a feature's points count once per winner, so with
//!     a single set a game's value is the sum of its final scores; a feature with
//!     tiles of several sets counts for each of them): `count` (games), `mean`,
//!     `min`, `max`, `stddev`, `bin_width`, `histogram`.
//!   - `tiles.KIND`: per tile kind: `name`, `copies`; `draws`, `set_aside`
//!     (drawn but fitting nowhere) and `set_aside_rate` = `set_aside / draws`;
//!     `legal_placements` (summed over the draws; a set-aside draw adds 0) and
//!     `mean_legal_placements` = `legal_placements / draws`; `placed` (copies on
//!     the board at the end of the games, a start tile included);
//!     `features_joined` (one per placed copy and distinct feature it is part
//!     of, rivers and figure-less features included) and `feature_points` (what
//!     those features were worth at the end of the game, by
//!     `Game::feature_points`: incomplete roads and cities by the final-scoring
//!     rules, fields by their completed cities, rivers 0), with
//!     `mean_feature_points` = `feature_points / features_joined`.
//! - `bonus_points.REASON` (only when such points were given): points from no
//!   feature, read from the engine's `Points` events, by the reason's name
//!   (`arrow`: +2 for a 20th Anniversary arrow pointing at an empty square;
//!   `vodyanoy`: -2 per figure left in Vodyanoy's trap at the end): `given`
//!   (events: one per player and occasion) and `points` (their sum, negative
//!   for a penalty). They are in the final `scores` and in no set's `earned`,
//!   which reads only the `Scored` events of features: nothing counts twice.
//!   Traders & Builders adds `wine majority`, `grain majority`, `cloth
//!   majority` (+10 to every player with the most of a good at the end) and
//!   `pig bonus (4 a city)` (+1 a completed city for a pig's owner who wins
//!   its field).
//! - `extra_turns` (only when one was played): extra turns, from the engine's
//!   `ExtraTurn` events, by what earned them: `arrow` (the turn activated an
//!   extra-turn arrow, 20th Anniversary), `builder` (the turn's tile extended
//!   the player's builder's road or city, Traders & Builders) and `other`
//!   (neither; no rule the engine plays does this today, so the key is absent
//!   when 0).
//! - `goods.GOOD` (only when a trade good was taken, Traders & Builders):
//!   `taken` (tokens taken over the games, from the engine's `GoodsTaken`
//!   events) and `mean_taken` (a game).
//! - `figures_placed.KIND` (only when a figure beyond the base game's
//!   follower and abbot was placed: a big follower, builder, pig, mayor, ...):
//!   `placed` (from the engine's `FigurePlaced` events, every kind) and
//!   `mean_placed` (a game).
//! - `tower.WHAT` (only when something happened at a tower, The Tower):
//!   `count` (over the games) and `mean` (a game) of `pieces` (tower pieces
//!   put, `TowerPiece` events), `followers on top` (`TowerFollower`),
//!   `prisoners taken` and `own followers captured` (`Captured`),
//!   `exchanges` (`Exchanged`) and `ransoms` (`Ransomed`; their points are in
//!   `bonus_points.ransom`).
//! - `dragon.WHAT` (only when something of The Princess & the Dragon
//!   happened): `count` (over the games) and `mean` (a game) of `volcanoes`
//!   (the dragon taken onto a volcano just placed, the first `DragonMoved`
//!   after a volcano tile's `TilePlaced`), `dragon moves` (every other
//!   `DragonMoved`: one square), `figures eaten` (`Returned` by
//!   `ReturnReason::Dragon`), `dragon tiles held back` (`HeldBack`, before the
//!   first volcano), `knights sent home by the princess` (`Returned` by
//!   `ReturnReason::Princess`) and `fairy moves` (`FairyMoved`; the fairy's
//!   points are in `bonus_points`).
//!
//! No such key is written when empty: a report of sets without them (base,
//! River) has the same bytes as before they existed. The page shows a table for
//! each only when present.
//!
//! Means and rates are rounded to 4 decimals; one over no case (0 draws, 0
//! features) is 0.

mod data;
mod html;
mod tally;

pub use data::{Report, Run};
pub use tally::Tally;

use super::output::Target;
use std::path::{Path, PathBuf};

/// Creates `dir` (and its parents) if missing, so that a bad `--report` fails
/// before the games.
pub fn prepare(dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| {
        format!(
            "error: cannot create the report directory `{}`: {e}",
            dir.display()
        )
    })
}

/// Writes `report.json` and `report.html` into `dir` (created if missing), both
/// or, on an error, neither, through the CLI's one all-or-none writer
/// ([`super::output::replace_all`]); `inputs` (the `--tiles` directory) are
/// never written over.
pub fn write(dir: &Path, report: &Report, inputs: &[PathBuf]) -> Result<(), String> {
    let json = report.to_json()?;
    let html = html::html(report)?;
    prepare(dir)?;
    let (json_path, html_path) = (dir.join("report.json"), dir.join("report.html"));
    super::output::replace_all(
        &[
            Target::File(&json_path, json.as_bytes()),
            Target::File(&html_path, html.as_bytes()),
        ],
        inputs,
    )
}
