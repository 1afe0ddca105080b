//! The report's statistics, gathered while the games are played: counters and
//! value histograms only, so that memory does not grow with the number of games,
//! and two tallies of disjoint games merge into the tally of all of them (every
//! figure is an integer sum or count: the merge order does not matter).

use std::collections::{BTreeMap, HashMap};
use tilec_runtime::{
    ArrowKind, Catalog, Event, Game, GameStats, MarkKind, RandomPlayer, ReturnReason, Rng, TileSet,
};

/// What was seen of one tile kind, summed over the games.
#[derive(Clone, Copy, Debug, Default)]
pub struct KindStats {
    /// Draws of the kind.
    pub draws: u64,
    /// Draws that fit nowhere.
    pub set_aside: u64,
    /// Legal placements summed over the draws that were placed.
    pub placements: u64,
    /// Copies on the board at the ends of the games.
    pub placed: u64,
    /// Features a placed copy was part of (one per copy and feature).
    pub joined: u64,
    /// What those features were worth at the end, summed.
    pub joined_points: u64,
}

impl KindStats {
    fn merge(&mut self, o: &KindStats) {
        self.draws += o.draws;
        self.set_aside += o.set_aside;
        self.placements += o.placements;
        self.placed += o.placed;
        self.joined += o.joined;
        self.joined_points += o.joined_points;
    }
}

/// Points given outside any feature for one reason (the engine's
/// `Event::Points`), summed over the games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bonus {
    /// `Points` events: one per player and occasion (Vodyanoy's penalty is one
    /// event per player, -2 per trapped figure).
    pub given: u64,
    /// Their points, summed (negative for penalties).
    pub points: i64,
}

/// Extra turns (the engine's `Event::ExtraTurn`), by what earned them, summed
/// over the games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExtraTurns {
    /// Earned in a turn that activated an extra-turn arrow (20th Anniversary).
    pub arrow: u64,
    /// Earned by a tile that extended the player's builder's road or city
    /// (Traders & Builders).
    pub builder: u64,
    /// Earned in a turn that did neither (no rule the engine plays does this
    /// today: kept so that every extra turn is counted somewhere).
    pub other: u64,
}

impl ExtraTurns {
    fn merge(&mut self, o: &ExtraTurns) {
        self.arrow += o.arrow;
        self.builder += o.builder;
        self.other += o.other;
    }
}

/// A distribution of one integer per game, kept as games per distinct value:
/// its size is the number of distinct values (scores are a few hundred at most).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dist {
    counts: BTreeMap<i64, u64>,
}

impl Dist {
    /// Counts one game's value.
    pub fn add(&mut self, value: i64) {
        *self.counts.entry(value).or_insert(0) += 1;
    }

    /// Adds the games of `other`.
    pub fn merge(&mut self, other: &Dist) {
        for (&v, &c) in &other.counts {
            *self.counts.entry(v).or_insert(0) += c;
        }
    }

    /// Games counted.
    pub fn count(&self) -> u64 {
        self.counts.values().sum()
    }

    /// The smallest and largest values (0 and 0 for no game).
    pub fn range(&self) -> (i64, i64) {
        let first = self.counts.keys().next().copied().unwrap_or(0);
        (first, self.counts.keys().next_back().copied().unwrap_or(0))
    }

    /// The mean and the population standard deviation (0 for no game), from
    /// exact integer sums.
    pub fn moments(&self) -> (f64, f64) {
        let (mut n, mut sum, mut squares) = (0i128, 0i128, 0i128);
        for (&v, &c) in &self.counts {
            let (v, c) = (i128::from(v), i128::from(c));
            n += c;
            sum += c * v;
            squares += c * v * v;
        }
        let n = n.max(1);
        let mean = sum as f64 / n as f64;
        let variance = (n * squares - sum * sum) as f64 / (n * n) as f64;
        (mean, variance.max(0.0).sqrt())
    }

    /// Games per value, in increasing value order.
    pub fn iter(&self) -> impl Iterator<Item = (i64, u64)> + '_ {
        self.counts.iter().map(|(&v, &c)| (v, c))
    }
}

/// Everything the report is made of, for the games played so far.
#[derive(Clone, Debug)]
pub struct Tally {
    /// Per tile kind (by kind id).
    pub kinds: Vec<KindStats>,
    /// The set (index into the sets given to [`Tally::new`]) of each kind.
    kind_set: Vec<Option<usize>>,
    /// Final scores, per seat.
    pub scores: Vec<Dist>,
    /// Per set, the points earned from its features in a game.
    pub earned: Vec<Dist>,
    /// Points given outside any feature, by the reason's name
    /// (`PointsReason::name`).
    pub bonus: BTreeMap<&'static str, Bonus>,
    /// Extra turns, by what earned them.
    pub extra_turns: ExtraTurns,
    /// Trade goods taken (Traders & Builders), tokens by good, over the games.
    pub goods: BTreeMap<&'static str, u64>,
    /// Figures placed, by kind (`FigureKind::name`), over the games.
    pub figures: BTreeMap<&'static str, u64>,
    /// The Tower: what happened at the towers (pieces, followers on top,
    /// captures, exchanges, ransoms), by name, over the games.
    pub tower: BTreeMap<&'static str, u64>,
    /// The Princess & the Dragon: what the dragon, the princess and the fairy
    /// did (volcanoes, dragon moves, figures eaten, dragon tiles held back,
    /// knights sent home, fairy moves), by name, over the games.
    pub dragon: BTreeMap<&'static str, u64>,
    /// Scratch: a volcano was just placed; the next dragon move is its jump
    /// onto it, not a step.
    volcano_placed: bool,
    /// Scratch: the last turn of the game being played that activated an
    /// extra-turn arrow.
    arrow_turn: Option<u32>,
    /// Scratch: the last turn of the game being played whose tile extended a
    /// builder's feature.
    builder_turn: Option<u32>,
    /// Scratch: per set, the points earned in the game being played.
    game_earned: Vec<u64>,
    /// Scratch: the sets a scored feature touches.
    touched: Vec<bool>,
    /// Scratch: per feature root, its worth at the end of the game being played.
    worth: HashMap<u16, u32>,
}

impl Tally {
    /// A tally for games with `cat` (compiled from `sets`) and `players` seats.
    pub fn new(cat: &Catalog, sets: &[&TileSet], players: usize) -> Tally {
        let mut kind_set = vec![None; cat.len()];
        for (i, set) in sets.iter().enumerate() {
            for def in set.tiles.iter() {
                if let Some(slot) = cat
                    .kind_id(&def.id)
                    .and_then(|id| kind_set.get_mut(usize::from(id)))
                {
                    *slot = Some(i);
                }
            }
        }
        Tally {
            kinds: vec![KindStats::default(); cat.len()],
            kind_set,
            scores: vec![Dist::default(); players],
            earned: vec![Dist::default(); sets.len()],
            bonus: BTreeMap::new(),
            extra_turns: ExtraTurns::default(),
            goods: BTreeMap::new(),
            figures: BTreeMap::new(),
            tower: BTreeMap::new(),
            dragon: BTreeMap::new(),
            volcano_placed: false,
            arrow_turn: None,
            builder_turn: None,
            game_earned: vec![0; sets.len()],
            touched: vec![false; sets.len()],
            worth: HashMap::new(),
        }
    }

    /// Adds the games of `other` (a tally of other games with the same sets).
    pub fn merge(&mut self, other: &Tally) {
        for (k, o) in self.kinds.iter_mut().zip(&other.kinds) {
            k.merge(o);
        }
        for (d, o) in self.scores.iter_mut().zip(&other.scores) {
            d.merge(o);
        }
        for (d, o) in self.earned.iter_mut().zip(&other.earned) {
            d.merge(o);
        }
        for (&reason, o) in &other.bonus {
            let b = self.bonus.entry(reason).or_default();
            b.given += o.given;
            b.points += o.points;
        }
        self.extra_turns.merge(&other.extra_turns);
        for (&good, &n) in &other.goods {
            *self.goods.entry(good).or_default() += n;
        }
        for (&kind, &n) in &other.figures {
            *self.figures.entry(kind).or_default() += n;
        }
        for (&what, &n) in &other.tower {
            *self.tower.entry(what).or_default() += n;
        }
        for (&what, &n) in &other.dragon {
            *self.dragon.entry(what).or_default() += n;
        }
    }

    /// Plays `game` to its end exactly as [`RandomPlayer::play`] does (same
    /// moves for the same `rng`), reading the events after every turn, then
    /// walks the final board. The game must record events.
    pub fn play(&mut self, player: &mut RandomPlayer, game: &mut Game, rng: &mut Rng) -> GameStats {
        let mut stats = GameStats::default();
        let mut seen = game.events().len();
        self.game_earned.fill(0);
        self.arrow_turn = None;
        loop {
            let n = player.turn(game, rng);
            seen = self.observe(game, seen, n.unwrap_or(0));
            let Some(n) = n else { break };
            stats.turns += 1;
            stats.placements += n as u64;
        }
        game.finish();
        self.observe(game, seen, 0);
        // Final scoring returns the figures but leaves the features as they are.
        self.walk_board(game);
        for (seat, &s) in self.scores.iter_mut().zip(game.scores()) {
            seat.add(i64::from(s));
        }
        for (set, &p) in self.earned.iter_mut().zip(&self.game_earned) {
            set.add(i64::try_from(p).unwrap_or(i64::MAX));
        }
        stats
    }

    /// Reads the events from index `seen` on; `legal` is the number of legal
    /// placements of the tile placed in this turn. Returns the new index.
    fn observe(&mut self, game: &Game, seen: usize, legal: usize) -> usize {
        let events = game.events();
        for e in events.get(seen..).unwrap_or(&[]) {
            match e {
                Event::TilePlaced { kind, .. } => {
                    if let Some(k) = self.kinds.get_mut(usize::from(*kind)) {
                        k.draws += 1;
                        k.placements += legal as u64;
                    }
                    // The Princess & the Dragon: a volcano takes the dragon
                    // (its `DragonMoved` is logged next).
                    self.volcano_placed = game.catalog().kind(*kind).has_mark(MarkKind::Volcano);
                }
                Event::SetAside { kind, .. } => {
                    if let Some(k) = self.kinds.get_mut(usize::from(*kind)) {
                        k.draws += 1;
                        k.set_aside += 1;
                    }
                }
                Event::Scored(s) => self.scored(game, &s.tiles, s.points, s.winners.len()),
                Event::Points { points, reason, .. } => {
                    let b = self.bonus.entry(reason.name()).or_default();
                    b.given += 1;
                    b.points += i64::from(*points);
                }
                Event::ArrowActivated {
                    turn,
                    arrow: ArrowKind::ExtraTurn,
                    ..
                } => self.arrow_turn = Some(*turn),
                Event::BuilderTurn { turn, .. } => self.builder_turn = Some(*turn),
                Event::FigurePlaced { figure, .. } => {
                    *self.figures.entry(figure.name()).or_default() += 1;
                }
                Event::GoodsTaken { good, count, .. } => {
                    *self.goods.entry(good.name()).or_default() += u64::from(*count);
                }
                Event::TowerPiece { .. } => *self.tower.entry("pieces").or_default() += 1,
                Event::TowerFollower { .. } => {
                    *self.tower.entry("followers on top").or_default() += 1;
                }
                Event::Captured { player, owner, .. } => {
                    let what = match player == owner {
                        true => "own followers captured",
                        false => "prisoners taken",
                    };
                    *self.tower.entry(what).or_default() += 1;
                }
                Event::Exchanged { .. } => *self.tower.entry("exchanges").or_default() += 1,
                Event::Ransomed { .. } => *self.tower.entry("ransoms").or_default() += 1,
                Event::DragonMoved { .. } => {
                    let what = match std::mem::take(&mut self.volcano_placed) {
                        true => "volcanoes",
                        false => "dragon moves",
                    };
                    *self.dragon.entry(what).or_default() += 1;
                }
                Event::Returned { reason, .. } => {
                    let what = match reason {
                        ReturnReason::Dragon => Some("figures eaten"),
                        ReturnReason::Princess => Some("knights sent home by the princess"),
                        _ => None,
                    };
                    if let Some(what) = what {
                        *self.dragon.entry(what).or_default() += 1;
                    }
                }
                Event::HeldBack { .. } => {
                    *self.dragon.entry("dragon tiles held back").or_default() += 1;
                }
                Event::FairyMoved { .. } => *self.dragon.entry("fairy moves").or_default() += 1,
                // Logged as the turn that earned it ends, after that turn's
                // arrow.
                Event::ExtraTurn { turn, .. } => {
                    if self.arrow_turn == Some(*turn) {
                        self.extra_turns.arrow += 1;
                    } else if self.builder_turn == Some(*turn) {
                        self.extra_turns.builder += 1;
                    } else {
                        self.extra_turns.other += 1;
                    }
                }
                _ => {}
            }
        }
        events.len()
    }

    /// A scored feature: its points, once per winner, count for every set
    /// that has a tile in it.
    fn scored(&mut self, game: &Game, tiles: &[tilec_runtime::Pos], points: u32, winners: usize) {
        self.touched.fill(false);
        for &pos in tiles {
            let set = game
                .tile_at(pos)
                .and_then(|t| self.kind_set.get(usize::from(t.kind)))
                .copied()
                .flatten();
            if let Some(flag) = set.and_then(|i| self.touched.get_mut(i)) {
                *flag = true;
            }
        }
        let points = u64::from(points) * winners as u64;
        for (total, _) in self
            .game_earned
            .iter_mut()
            .zip(&self.touched)
            .filter(|t| *t.1)
        {
            *total += points;
        }
    }

    /// Every placed copy: the distinct features it is part of and their worth.
    fn walk_board(&mut self, game: &Game) {
        self.worth.clear();
        let mut roots: Vec<u16> = Vec::new();
        for tile in game.placed_tiles() {
            let Some(k) = self.kinds.get_mut(usize::from(tile.kind)) else {
                continue;
            };
            k.placed += 1;
            roots.clear();
            let segments = game.catalog().kind(tile.kind).segments.len();
            for seg in (0..segments).filter_map(|s| u8::try_from(s).ok()) {
                let Some(feature) = game.feature(tile.pos, seg) else {
                    continue;
                };
                if roots.contains(&feature.id) {
                    continue;
                }
                roots.push(feature.id);
                let points = *self
                    .worth
                    .entry(feature.id)
                    .or_insert_with(|| game.feature_points(tile.pos, seg).unwrap_or(0));
                k.joined += 1;
                k.joined_points += u64::from(points);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dist(values: &[i64]) -> Dist {
        let mut d = Dist::default();
        values.iter().for_each(|&v| d.add(v));
        d
    }

    #[test]
    fn a_distribution_has_the_moments_of_its_values() {
        let d = dist(&[2, 4, 4, 4, 5, 5, 7, 9]);
        assert_eq!((d.count(), d.range()), (8, (2, 9)));
        assert_eq!(d.moments(), (5.0, 2.0));
        assert_eq!(dist(&[-3, 3]).moments(), (0.0, 3.0));
        assert_eq!(Dist::default().moments(), (0.0, 0.0));
        assert_eq!(Dist::default().range(), (0, 0));
    }

    #[test]
    fn merged_distributions_are_the_distribution_of_all_values() {
        let mut a = dist(&[1, 5, 5]);
        a.merge(&dist(&[5, -2]));
        assert_eq!(a, dist(&[-2, 1, 5, 5, 5]));
        assert_eq!(a.iter().collect::<Vec<_>>(), [(-2, 1), (1, 1), (5, 3)]);
    }
}
