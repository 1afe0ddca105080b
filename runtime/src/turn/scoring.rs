//! Scoring: features completed by a placement, and final scoring.
//!
//! Points: a road 1 per tile; a city 2 per tile and 2 per pennant when complete, 1
//! and 1 at the end; a monastery or garden 1 plus 1 per filled neighbour (9 when
//! complete); a field 3 per completed city it touches. The players with the most
//! strength on a feature all score the full points; every figure on it returns.
//! The expansions change a feature's points ([`Tally`], their `points`
//! hook), a figure's strength, and add what follows a scoring.

use crate::event::{Cause, Event, Scoring};
use crate::features::Node;
use crate::figure::{Figure, MAX_PLAYERS, STRENGTH_BY_EXPANSION};
use crate::game::{Game, Phase, PlacedTile};
use crate::geom::{Pos, AROUND};
use crate::mark::MarkKind;
use crate::tile::SegmentKind;

/// A feature being scored, as the base rules count it: what the
/// expansions' `points` hooks read and change (an inn doubles a road's
/// points, a town hall's square counts for no monastery).
#[derive(Clone, Copy, Debug)]
// Every field is for the expansions' hooks; the shipped ones read a few (an
// inn reads `tiles`, a cathedral `pennants`, a pig `cities`).
#[allow(dead_code)]
pub(crate) struct Tally {
    /// The feature's root node.
    pub root: Node,
    /// What it is.
    pub kind: SegmentKind,
    /// Why it scores.
    pub cause: Cause,
    /// Its distinct tiles (roads and cities; 0 for the others unless events
    /// are on).
    pub tiles: u32,
    /// Pennants in a city.
    pub pennants: u16,
    /// For a field: the completed cities it supplies.
    pub cities: u16,
    /// Points each winner scores.
    pub points: u32,
    /// The mark that changed its points, set by the expansion's `points`
    /// hook (an inn on a road, a cathedral in a city), for the event.
    pub mark: Option<MarkKind>,
}

pub(crate) fn is_cloister(kind: SegmentKind) -> bool {
    matches!(
        kind,
        SegmentKind::Monastery | SegmentKind::Garden | SegmentKind::Hut
    )
}

impl Game {
    /// Scores what the placement of `tile` completed (after the figure step).
    #[inline]
    pub(crate) fn score_completed(&mut self, tile: PlacedTile) {
        // Most turns close no last crossing, touch no town-hall side and find
        // no figure on a cloister anywhere: nothing can have been completed.
        if self.completed || !self.scratch.touched.is_empty() || !self.figs.cloisters.is_empty() {
            self.score_completed_features(tile);
        }
    }

    /// The work of [`Game::score_completed`] once something may be complete.
    #[inline(never)]
    fn score_completed_features(&mut self, tile: PlacedTile) {
        // A buffer kept in the game: most turns complete nothing, but an
        // allocation per completing turn showed in profiles.
        let mut roots = std::mem::take(&mut self.scratch.roots);
        roots.clear();
        // The placed tile's own roads and cities, and what it closed on its
        // neighbours (none can be complete unless it closed a last crossing).
        let mut own = match self.completed {
            true => self.cat.kinds[usize::from(tile.kind)].closable,
            false => 0,
        };
        while own != 0 {
            let n = tile.node_base + own.trailing_zeros() as u16;
            own &= own - 1;
            self.collect_completed(n, &mut roots);
        }
        for i in 0..self.scratch.touched.len() {
            let n = self.scratch.touched[i];
            if matches!(
                self.board.features.kind(n),
                SegmentKind::Road | SegmentKind::City
            ) {
                self.collect_completed(n, &mut roots);
            }
        }
        for i in 0..self.figs.cloisters.len() {
            let (pos, node) = self.figs.cloisters[i];
            if pos.near(tile.pos) && self.neighbours(pos) == 8 {
                let r = self.board.features.find(node);
                if !roots.contains(&r) {
                    roots.push(r);
                }
            }
        }
        for &r in &roots {
            self.score_feature(r, Cause::Completed);
        }
        self.scratch.roots = roots;
    }

    /// Adds the root of `n` to `roots` if its feature is complete and has figures.
    fn collect_completed(&self, n: Node, roots: &mut Vec<Node>) {
        let r = self.board.features.find(n);
        let f = &self.board.features;
        if f.open(r) == 0 && f.figures(r) > 0 && !roots.contains(&r) {
            roots.push(r);
        }
    }

    /// Filled squares among the eight around `pos`.
    pub(crate) fn neighbours(&self, pos: Pos) -> u32 {
        if let Some(filled) = self.board.grid.filled_around(pos) {
            return filled;
        }
        AROUND
            .iter()
            .filter(|&&(dx, dy)| self.board.grid.tile(pos.offset(dx, dy)).is_some())
            .count() as u32
    }

    /// Points of the monastery, garden or hut that `node` is, as the base
    /// rules count them.
    pub(crate) fn cloister_points(&self, node: Node) -> u32 {
        let pos = self.board.tiles[usize::from(self.board.features.tile(node))].pos;
        let filled = self.neighbours(pos);
        match self.board.features.kind(node) {
            // Baba Yaga's hut counts the empty squares instead.
            SegmentKind::Hut => 1 + (8 - filled),
            _ => 1 + filled,
        }
    }

    /// A tally's points as the expansions in play count them (unchanged
    /// without any).
    #[inline]
    pub(crate) fn counted(&self, mut tally: Tally) -> Tally {
        if self.cat.rules.any {
            self.expansion_points(&mut tally);
        }
        tally
    }

    /// A figure's strength in the feature `tally` is about (`end`: final
    /// scoring, where a lying scarecrow counts).
    #[inline]
    fn strength(&self, f: &Figure, tally: &Tally) -> u32 {
        match f.kind.strength() {
            STRENGTH_BY_EXPANSION => self.expansion_strength(f, tally),
            _ => f.weight(tally.cause == Cause::EndOfGame),
        }
    }

    /// Scores the feature rooted at `root` for its majority and returns its figures.
    pub(crate) fn score_feature(&mut self, root: Node, cause: Cause) {
        let kind = self.board.features.kind(root);
        // Only roads and cities score by their tiles; the squares are for the event.
        let (tiles, positions) = match kind {
            SegmentKind::Road | SegmentKind::City => self.feature_tiles(root),
            _ if self.events.is_some() => self.feature_tiles(root),
            _ => (0, Vec::new()),
        };
        let pennants = self.board.features.pennants(root);
        let mut cities = 0;
        let points = match kind {
            SegmentKind::Road => tiles,
            SegmentKind::City if cause == Cause::Completed => 2 * tiles + 2 * u32::from(pennants),
            SegmentKind::City => tiles + u32::from(pennants),
            SegmentKind::Field => {
                cities = self.completed_cities(root);
                3 * u32::from(cities)
            }
            SegmentKind::River | SegmentKind::Seam => 0,
            _ => self.cloister_points(root),
        };
        let tally = Tally {
            root,
            kind,
            cause,
            tiles,
            pennants,
            cities,
            points,
            mark: None,
        };
        let tally = self.counted(tally);
        let log = self.events.is_some();
        let mut strength = [0u32; MAX_PLAYERS];
        let mut returned = Vec::new();
        // The root counts its figures: the scan can stop at the last one (unless
        // the count saturated, or is zero, which would be a bookkeeping slip).
        let mut left = match self.board.features.figures(root) {
            0 | u16::MAX => usize::MAX,
            n => usize::from(n),
        };
        let mut i = 0;
        while i < self.figs.all.len() && left > 0 {
            let f = self.figs.all[i];
            if self.board.features.find(f.node) != root {
                i += 1;
                continue;
            }
            left -= 1;
            strength[usize::from(f.player)] += self.strength(&f, &tally);
            self.figs.supply[usize::from(f.player)][f.kind.index()] += 1;
            if log {
                returned.push((f.player, f.kind));
            }
            self.figs.all.remove(i);
            self.drop_cloister(&f, i);
            self.unwatch(&f);
            if self.cat.rules.any {
                self.figure_scored(&f, cause);
            }
        }
        self.board.features.set_figures(root, 0);
        // Ruling mayor-zero: strength 0 (a mayor, a standing scarecrow) wins nothing.
        let best = strength.iter().copied().max().unwrap_or(0);
        let mut winners = Vec::new();
        for p in 0..self.players {
            if best > 0 && strength[usize::from(p)] == best {
                self.scores[usize::from(p)] += tally.points as i32;
                if log {
                    winners.push(p);
                }
            }
        }
        if log {
            let scoring = Scoring {
                turn: self.turn,
                cause,
                feature: kind,
                tiles: positions,
                pennants,
                cities,
                points: tally.points,
                winners,
                returned,
                mark: tally.mark,
            };
            self.log(Event::Scored(scoring));
        }
        if self.cat.rules.any {
            self.expansion_scored(&tally, &strength);
        }
    }

    /// Distinct tiles of a feature, and their squares (sorted) when events are on.
    fn feature_tiles(&mut self, root: Node) -> (u32, Vec<Pos>) {
        self.scratch.walk = self.scratch.walk.wrapping_add(1);
        let (walk, log) = (self.scratch.walk, self.events.is_some());
        let (mut count, mut positions) = (0, Vec::new());
        for m in self.board.features.members(root) {
            let t = usize::from(self.board.features.tile(m));
            if self.scratch.stamp[t] != walk {
                self.scratch.stamp[t] = walk;
                count += 1;
                if log {
                    positions.push(self.board.tiles[t].pos);
                }
            }
        }
        positions.sort();
        (count, positions)
    }

    /// Completed cities that the field rooted at `root` touches.
    fn completed_cities(&mut self, root: Node) -> u16 {
        // The game's buffer: no allocation per scored field.
        let mut seen = std::mem::take(&mut self.scratch.seen);
        let count = self.count_completed_cities(root, &mut seen);
        self.scratch.seen = seen;
        count
    }

    /// Completed cities that the field rooted at `root` touches, with `seen` as
    /// scratch space (read-only callers bring their own).
    pub(crate) fn count_completed_cities(&self, root: Node, seen: &mut Vec<Node>) -> u16 {
        seen.clear();
        for m in self.board.features.members(root) {
            let mut mask = self.board.features.cities(m);
            // A tile's nodes are consecutive from its first, in segment order.
            let first = m - u16::from(self.board.features.seg(m));
            while mask != 0 {
                let c = mask.trailing_zeros() as u16;
                mask &= mask - 1;
                let r = self.board.features.find(first + c);
                if self.board.features.open(r) == 0 && !seen.contains(&r) {
                    seen.push(r);
                }
            }
        }
        seen.len() as u16
    }

    /// Ends the game: final scoring of every figure's feature, then the
    /// expansions' final scoring (-2 per figure in Vodyanoy's trap). A pending figure step is passed and owed decisions
    /// take their first legal answer (declining where that is legal); a drawn
    /// but unplaced tile is set aside. Idempotent.
    pub fn finish(&mut self) {
        loop {
            match self.phase {
                Phase::Over => return,
                Phase::Figure => self.act_unchecked(crate::figure::Action::Pass),
                Phase::Decide => match self.legal_choices().first() {
                    Some(&c) => self.choose_unchecked(c),
                    None => self.end_turn(),
                },
                Phase::Place(_) | Phase::Draw => break,
            }
        }
        while let Some(f) = self.figs.all.first() {
            let root = self.board.features.find(f.node);
            self.score_feature(root, Cause::EndOfGame);
        }
        if self.cat.rules.any {
            self.expansion_final_scoring();
        }
        self.phase = Phase::Over;
    }
}
