//! The report's typed contents, built from a [`Tally`]: what `report.json`
//! holds (serialised with its keys sorted at every level) and what the page
//! shows. The key layout is documented in the parent module.

use super::tally::{Bonus, Dist, ExtraTurns, KindStats, Tally};
use serde::Serialize;
use std::collections::BTreeMap;
use tilec_runtime::{Catalog, TileSet};

/// The arguments of the run.
#[derive(Clone, Debug, Serialize)]
pub struct Run {
    /// Set ids, as given.
    pub sets: Vec<String>,
    /// Seats.
    pub players: usize,
    /// Games played.
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// Probability of a figure step.
    pub figure_rate: f64,
}

/// The whole report.
#[derive(Debug, Serialize)]
pub struct Report {
    /// The arguments.
    pub run: Run,
    /// Draws over all games and sets.
    pub tiles_drawn: u64,
    /// Final scores.
    pub scores: Scores,
    /// Per set in play, by id.
    pub sets: BTreeMap<String, SetReport>,
    /// Points given outside any feature, by reason (`arrow`, `vodyanoy`);
    /// absent when none was.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub bonus_points: BTreeMap<String, BonusReport>,
    /// Extra turns by what earned them; absent when none was played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extra_turns: Option<ExtraTurnsReport>,
    /// Trade goods taken (Traders & Builders), by good; absent when none was.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub goods: BTreeMap<String, GoodsReport>,
    /// Figures placed by kind, with their mean a game; absent when only the
    /// base game's follower and abbot were.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub figures_placed: BTreeMap<String, FiguresReport>,
    /// The Tower: what happened at the towers, by name; absent when nothing
    /// did.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub tower: BTreeMap<String, TowerReport>,
    /// The Princess & the Dragon: what the dragon, the princess and the fairy
    /// did, by name; absent when nothing did.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub dragon: BTreeMap<String, TowerReport>,
}

/// One kind of The Tower's (or The Princess & the Dragon's) happenings over
/// all games.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct TowerReport {
    /// How many, summed over the games.
    pub count: u64,
    /// How many a game, 4 decimals.
    pub mean: f64,
}

/// The figures of one kind placed over all games.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct FiguresReport {
    /// Placed, summed over the games (a figure placed twice counts twice).
    pub placed: u64,
    /// Placed a game, 4 decimals.
    pub mean_placed: f64,
}

/// The tokens of one trade good taken over all games.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct GoodsReport {
    /// Tokens taken, summed over the games.
    pub taken: u64,
    /// Tokens taken a game, 4 decimals.
    pub mean_taken: f64,
}

/// The points of one reason outside any feature, over all games.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct BonusReport {
    /// Times given: one per player and occasion.
    pub given: u64,
    /// Points given, summed (negative for a penalty).
    pub points: i64,
}

/// Extra turns over all games, by what earned them.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct ExtraTurnsReport {
    /// Earned by an extra-turn arrow (20th Anniversary); absent when 0.
    #[serde(skip_serializing_if = "is_zero")]
    pub arrow: u64,
    /// Earned by a tile extending the player's builder's road or city
    /// (Traders & Builders); absent when 0.
    #[serde(skip_serializing_if = "is_zero")]
    pub builder: u64,
    /// Earned in a turn with neither; absent when 0 (always, under the rules
    /// the engine plays today).
    #[serde(skip_serializing_if = "is_zero")]
    pub other: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// Count, mean, extremes and population standard deviation of one value per game.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Summary {
    /// Games.
    pub count: u64,
    /// Mean, 4 decimals.
    pub mean: f64,
    /// Smallest value.
    pub min: i64,
    /// Largest value.
    pub max: i64,
    /// Population standard deviation, 4 decimals.
    pub stddev: f64,
}

/// The final scores: per seat in shared bins, and over all seats.
#[derive(Debug, Serialize)]
pub struct Scores {
    /// Every seat's scores together.
    pub all_seats: Summary,
    /// Points per histogram bin.
    pub bin_width: u64,
    /// Per seat.
    pub seats: Vec<Seat>,
}

/// One seat's final scores.
#[derive(Debug, Serialize)]
pub struct Seat {
    /// The seat, from 0.
    pub seat: usize,
    /// Its summary.
    #[serde(flatten)]
    pub summary: Summary,
    /// Games per bin (a negative score counts in the first).
    pub histogram: Vec<u64>,
    /// Games that ended below zero.
    pub negative: u64,
}

/// A distribution with its histogram.
#[derive(Debug, Serialize)]
pub struct Histogram {
    /// Its summary.
    #[serde(flatten)]
    pub summary: Summary,
    /// Points per bin.
    pub bin_width: u64,
    /// Games per bin, the first from 0.
    pub histogram: Vec<u64>,
}

/// One tile set.
#[derive(Debug, Serialize)]
pub struct SetReport {
    /// Display name.
    pub name: String,
    /// Draws of its kinds.
    pub draws: u64,
    /// Of which fitting nowhere.
    pub set_aside: u64,
    /// Points earned per game from features holding a tile of the set.
    pub earned: Histogram,
    /// Per tile kind, by id.
    pub tiles: BTreeMap<String, TileReport>,
}

/// One tile kind.
#[derive(Debug, Serialize)]
pub struct TileReport {
    /// Display name.
    pub name: String,
    /// Copies in the set.
    pub copies: u8,
    /// Draws.
    pub draws: u64,
    /// Draws fitting nowhere.
    pub set_aside: u64,
    /// `set_aside / draws`.
    pub set_aside_rate: f64,
    /// Legal placements summed over the draws.
    pub legal_placements: u64,
    /// `legal_placements / draws`.
    pub mean_legal_placements: f64,
    /// Copies on the board at the ends of the games.
    pub placed: u64,
    /// Distinct features the placed copies were part of.
    pub features_joined: u64,
    /// What those features were worth.
    pub feature_points: u64,
    /// `feature_points / features_joined`.
    pub mean_feature_points: f64,
}

impl Report {
    /// The report of the games in `tally`, played with `cat` compiled from `sets`.
    pub fn new(run: Run, tally: &Tally, cat: &Catalog, sets: &[&TileSet]) -> Report {
        let mut out = BTreeMap::new();
        for (i, set) in sets.iter().enumerate() {
            let earned = tally.earned.get(i).cloned().unwrap_or_default();
            out.insert(set.id.to_string(), set_report(set, &earned, tally, cat));
        }
        Report {
            run,
            tiles_drawn: out.values().map(|s| s.draws).sum(),
            scores: scores(&tally.scores),
            sets: out,
            bonus_points: tally
                .bonus
                .iter()
                .map(|(&reason, &Bonus { given, points })| {
                    (reason.to_string(), BonusReport { given, points })
                })
                .collect(),
            extra_turns: extra_turns(tally.extra_turns),
            goods: goods(tally),
            figures_placed: figures_placed(tally),
            tower: counts(&tally.tower, tally),
            dragon: counts(&tally.dragon, tally),
        }
    }

    /// `report.json`: pretty-printed, keys sorted at every level, a final newline.
    pub fn to_json(&self) -> Result<String, String> {
        let value = serde_json::to_value(self)
            .map_err(|e| format!("error: cannot serialise the report: {e}"))?;
        let mut text = serde_json::to_string_pretty(&sorted(value))
            .map_err(|e| format!("error: cannot serialise the report: {e}"))?;
        text.push('\n');
        Ok(text)
    }
}

/// Games tallied (at least 1, to divide by).
fn games(tally: &Tally) -> f64 {
    tally.scores.first().map_or(0, Dist::count).max(1) as f64
}

/// Trade goods taken, by good.
fn goods(tally: &Tally) -> BTreeMap<String, GoodsReport> {
    let games = games(tally);
    tally
        .goods
        .iter()
        .map(|(&good, &taken)| {
            let mean_taken = round(taken as f64 / games);
            (good.to_string(), GoodsReport { taken, mean_taken })
        })
        .collect()
}

/// Happenings counted by name in `tally` (its `tower` or `dragon`), with
/// their mean a game.
fn counts(counted: &BTreeMap<&'static str, u64>, tally: &Tally) -> BTreeMap<String, TowerReport> {
    let games = games(tally);
    counted
        .iter()
        .map(|(&what, &count)| {
            let mean = round(count as f64 / games);
            (what.to_string(), TowerReport { count, mean })
        })
        .collect()
}

/// Figures placed by kind, when a kind beyond the base game's was.
fn figures_placed(tally: &Tally) -> BTreeMap<String, FiguresReport> {
    let base = |k: &&str| matches!(*k, "follower" | "abbot");
    if tally.figures.keys().all(base) {
        return BTreeMap::new();
    }
    let games = games(tally);
    tally
        .figures
        .iter()
        .map(|(&kind, &placed)| {
            let mean_placed = round(placed as f64 / games);
            (
                kind.to_string(),
                FiguresReport {
                    placed,
                    mean_placed,
                },
            )
        })
        .collect()
}

/// `None` when no extra turn was played.
fn extra_turns(t: ExtraTurns) -> Option<ExtraTurnsReport> {
    (t != ExtraTurns::default()).then_some(ExtraTurnsReport {
        arrow: t.arrow,
        builder: t.builder,
        other: t.other,
    })
}

fn set_report(set: &TileSet, earned: &Dist, tally: &Tally, cat: &Catalog) -> SetReport {
    let mut tiles = BTreeMap::new();
    for def in set.tiles.iter() {
        let Some(k) = cat
            .kind_id(&def.id)
            .and_then(|id| tally.kinds.get(usize::from(id)))
        else {
            continue;
        };
        tiles.insert(def.id.to_string(), tile_report(&def.name, def.count, k));
    }
    let (_, max) = earned.range();
    let width = bin_width(max.max(0) as u64);
    SetReport {
        name: set.name.to_string(),
        draws: tiles.values().map(|t| t.draws).sum(),
        set_aside: tiles.values().map(|t| t.set_aside).sum(),
        earned: Histogram {
            summary: summary(earned),
            bin_width: width,
            histogram: histogram(earned, width, 0),
        },
        tiles,
    }
}

fn tile_report(name: &str, copies: u8, k: &KindStats) -> TileReport {
    TileReport {
        name: name.to_string(),
        copies,
        draws: k.draws,
        set_aside: k.set_aside,
        set_aside_rate: ratio(k.set_aside, k.draws),
        legal_placements: k.placements,
        mean_legal_placements: ratio(k.placements, k.draws),
        placed: k.placed,
        features_joined: k.joined,
        feature_points: k.joined_points,
        mean_feature_points: ratio(k.joined_points, k.joined),
    }
}

/// Final scores per seat. A score can be negative (Vodyanoy's -2 per trapped
/// figure): the summaries use the true values, the histograms count negative
/// scores in their first bin and report how many there were (`negative`).
fn scores(seats: &[Dist]) -> Scores {
    let mut all = Dist::default();
    seats.iter().for_each(|s| all.merge(s));
    let width = bin_width(all.range().1.max(0) as u64);
    let bins = (all.range().1.max(0) as u64 / width + 1) as usize;
    let seats = seats
        .iter()
        .enumerate()
        .map(|(seat, s)| Seat {
            seat,
            summary: summary(s),
            histogram: histogram(s, width, bins),
            negative: s.iter().filter(|&(v, _)| v < 0).map(|(_, c)| c).sum(),
        })
        .collect();
    Scores {
        all_seats: summary(&all),
        bin_width: width,
        seats,
    }
}

fn summary(d: &Dist) -> Summary {
    let (min, max) = d.range();
    let (mean, stddev) = d.moments();
    Summary {
        count: d.count(),
        mean: round(mean),
        min,
        max,
        stddev: round(stddev),
    }
}

/// Games per bin of `width` from 0 (a negative value in the first), at least
/// `bins` bins and up to the largest value.
fn histogram(d: &Dist, width: u64, bins: usize) -> Vec<u64> {
    let width = width.max(1);
    let bin = |v: i64| (v.max(0) as u64 / width) as usize;
    let top = d.range().1;
    let mut counts = vec![0u64; (bin(top) + 1).max(bins)];
    for (v, c) in d.iter() {
        counts[bin(v)] += c;
    }
    counts
}

/// A histogram bin width from 1, 2, 5, 10, 20, 50, ... giving at most 25 bins.
fn bin_width(max: u64) -> u64 {
    let mut w = 1u64;
    for step in [2, 5, 2].iter().cycle() {
        if max / w < 25 {
            break;
        }
        w = if *step == 5 { w / 2 * 5 } else { w * 2 };
    }
    w
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        round(a as f64 / b as f64)
    }
}

fn round(x: f64) -> f64 {
    // `+ 0.0` turns -0.0 (the mean of no scores) into 0.0.
    (x * 10_000.0).round() / 10_000.0 + 0.0
}

/// The same value with every object's keys in sorted order (whatever map type
/// serde_json is built with).
fn sorted(v: serde_json::Value) -> serde_json::Value {
    use serde_json::Value;
    match v {
        Value::Object(m) => {
            let mut entries: Vec<(String, Value)> = m.into_iter().collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Object(entries.into_iter().map(|(k, v)| (k, sorted(v))).collect())
        }
        Value::Array(a) => Value::Array(a.into_iter().map(sorted).collect()),
        v => v,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bin_widths_keep_at_most_25_bins() {
        let widths: Vec<u64> = [0, 24, 25, 49, 50, 124, 125, 249, 250, 2_000]
            .iter()
            .map(|&m| bin_width(m))
            .collect();
        assert_eq!(widths, [1, 1, 2, 2, 5, 5, 10, 10, 20, 100]);
    }

    #[test]
    fn a_histogram_reaches_the_largest_value_and_counts_negatives_first() {
        let mut d = Dist::default();
        for v in [-2, 0, 3, 4, 9] {
            d.add(v);
        }
        assert_eq!(histogram(&d, 2, 0), [2, 1, 1, 0, 1]);
        assert_eq!(histogram(&d, 5, 4), [4, 1, 0, 0]);
        assert_eq!(histogram(&Dist::default(), 5, 0), [0]);
    }
}
