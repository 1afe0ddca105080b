//! The expansions' placement effects and traps: 20th Anniversary arrows, the
//! Russian promos' traps (Vodyanoy's lake, Solovei's tree), the town hall's
//! meeting, and the surround triggers of Messengers & Mayors.
//!
//! Everything here is driven by the tables (arrows, marks, road ends), never by
//! tile ids, and costs a game without these tiles one flag test per turn.
//!
//! A turn with the expansions: (1) the tile is laid, then the town hall's
//! meeting, Vodyanoy's trap and the arrows; (2) the figure step; then
//! Solovei's trap and the surrounded mayors' swaps; (3) scoring, then the
//! surrounded scarecrows and the messengers whose roads scored; (4) an earned
//! extra turn.
//!
//! Rulings (each quoted from its rule page in `docs/game-record.md`):
//! - **vodyanoy-self**: a figure arriving on one of the 8 squares around
//!   Vodyanoy is trapped at once. "Arriving" is any way a figure comes onto the
//!   board: deployed, by a portal or an add-next-to arrow, a mayor's swap, a
//!   scarecrow's hand-over, a messenger's move.
//! - **vodyanoy-tile**: no figure is deployed on Vodyanoy's own tile, which holds
//!   only trapped figures (its kind has no `stand` segments: `catalog.rs`).
//! - **vodyanoy-wins**: a figure Solovei traps onto a tile within Vodyanoy's
//!   reach, or one lying on Solovei's tile when Vodyanoy is placed next to it,
//!   goes to Vodyanoy.
//! - **solovei-when**: Solovei's trap springs after the figure step, before
//!   scoring, when the placed tile is Solovei's or built on the tree's road and
//!   the newly built part of the road holds a figure; then the figures closest
//!   to the tree on the whole road are taken (all on a tie), distance counted in
//!   road segments from the tree's.
//! - **mayor-when**: a surrounded mayor's swap is asked after the figure step,
//!   before scoring; **surround-when**: a mayor or scarecrow is "left
//!   surrounded" by a placement when its tile is the placed tile or
//!   orthogonally next to it and then has all four orthogonal neighbours (a
//!   town hall counts as a neighbour).
//! - **extra-turn-twice**: in an extra turn an extra-turn arrow is not offered
//!   (activating it would have no effect); the other arrows are.
//! - **portal-special**: a portal may not place on Vodyanoy's tile, where
//!   trapped figures lie; Solovei's road is an ordinary road, and Baba Yaga's hut
//!   is no special area (**portal-hut**).
//! - **add-next-to-kind**, **festival-trapped**: see `act.rs`;
//!   **town-hall-points**, **mayor-zero**: see `scoring.rs`.

use crate::decide::Pending;
use crate::event::{Event, PointsReason, ReturnReason};
use crate::features::Node;
use crate::figure::{FigureKind, Spot, Trap, Trapped};
use crate::game::{Extra, Game, PlacedTile};
use crate::geom::{facing_port, Pos};
use crate::tile::{ArrowKind, SegmentKind, NO_SEGMENT};

/// Bit of an arrow kind in [`Game::arrow_choices`].
pub(crate) const fn arrow_bit(kind: ArrowKind) -> u8 {
    1 << kind as u8
}

/// The arrow kinds, in bit order.
pub(crate) const ARROWS: [ArrowKind; 3] = [
    ArrowKind::AddNextTo,
    ArrowKind::Portal,
    ArrowKind::ExtraTurn,
];

impl Game {
    /// Notes the special marks of a tile just put on the board.
    pub(crate) fn register_specials(&mut self, tile: PlacedTile) {
        let k = &self.cat.kinds[usize::from(tile.kind)];
        if k.trap_lake {
            self.lakes.push(tile.pos);
        }
        if k.tree != NO_SEGMENT {
            self.trees.push(tile.node_base + u16::from(k.tree));
        }
    }

    /// Step 1 of a turn after the tile is down: the town hall's meeting, the
    /// traps, and the arrows. `around` holds the placed-tile index + 1 of its
    /// neighbours (N, E, S, W; 0 = none). Returns whether the player must
    /// choose an arrow.
    #[inline(never)]
    pub(crate) fn placement_effects(&mut self, tile: PlacedTile, around: [u16; 4]) -> bool {
        let rules = self.cat.rules;
        if rules.town_hall == Some(tile.kind) {
            self.town_hall_meeting(tile.pos);
        }
        if rules.traps && self.cat.kinds[usize::from(tile.kind)].trap_lake {
            self.vodyanoy_placed(tile.pos);
        }
        self.arrow = None;
        self.arrow_choices = 0;
        if rules.arrows {
            self.arrows(tile, around);
        }
        self.arrow_choices.count_ones() > 1
    }

    /// Every mayor orthogonally next to a town hall just placed goes home.
    fn town_hall_meeting(&mut self, at: Pos) {
        let mut i = 0;
        while i < self.figures.len() {
            let f = self.figures[i];
            if f.kind == FigureKind::Mayor && (0..4).any(|d| at.step(d) == f.pos) {
                self.send_home(i, ReturnReason::TownHall);
            } else {
                i += 1;
            }
        }
    }

    /// Takes figure `i` off the board (its feature's count drops); returns it.
    pub(crate) fn lift(&mut self, i: usize) -> crate::figure::Figure {
        let f = self.figures.remove(i);
        self.drop_cloister(&f);
        self.watched -= usize::from(f.watched());
        let root = self.features.find(f.node);
        let n = self.features.figures(root);
        self.features.set_figures(root, n.saturating_sub(1));
        f
    }

    /// Moves figure `i` into a trap at `at`.
    fn trap(&mut self, i: usize, trap: Trap, at: Pos) {
        let f = self.lift(i);
        // vodyanoy-wins: a tile Solovei traps onto may lie in Vodyanoy's reach.
        let (trap, at) = match self.lakes.iter().find(|l| l.near(at)) {
            Some(&lake) => (Trap::Vodyanoy, lake),
            None => (trap, at),
        };
        self.trapped.push(Trapped {
            player: f.player,
            kind: f.kind,
            at,
            trap,
            turn: self.turn,
        });
        self.log(Event::Trapped {
            turn: self.turn,
            player: f.player,
            figure: f.kind,
            from: f.spot(),
            at,
            trap,
        });
    }

    /// Vodyanoy placed at `at`: every figure on its square and the eight around
    /// it is trapped, and so is every figure Solovei holds there.
    fn vodyanoy_placed(&mut self, at: Pos) {
        let mut i = 0;
        while i < self.figures.len() {
            if self.figures[i].pos.near(at) {
                self.trap(i, Trap::Vodyanoy, at);
            } else {
                i += 1;
            }
        }
        for i in 0..self.trapped.len() {
            let t = self.trapped[i];
            if t.trap == Trap::Solovei && t.at.near(at) {
                self.trapped[i].trap = Trap::Vodyanoy;
                self.trapped[i].at = at;
                // From Solovei's tile, where it lay trapped (no segment).
                self.log(Event::Trapped {
                    turn: self.turn,
                    player: t.player,
                    figure: t.kind,
                    from: Spot {
                        pos: t.at,
                        segment: NO_SEGMENT,
                    },
                    at,
                    trap: Trap::Vodyanoy,
                });
            }
        }
    }

    /// A figure just arrived as `self.figures[i]`: Vodyanoy takes it if it stands
    /// within reach of a lake.
    pub(crate) fn arrive(&mut self, i: usize) {
        let pos = self.figures[i].pos;
        if let Some(&lake) = self.lakes.iter().find(|l| l.near(pos)) {
            self.trap(i, Trap::Vodyanoy, lake);
        }
    }

    /// Between the figure step and scoring: Solovei's trap (ruling
    /// solovei-when), then the swaps of the mayors the placement left surrounded
    /// (ruling mayor-when). Returns whether a swap is asked: scoring then waits
    /// for the answers ([`Game::settle`]).
    pub(crate) fn before_scoring(&mut self, tile: PlacedTile, squares: u8) -> bool {
        if !self.trees.is_empty() {
            self.solovei_triggers(tile);
        }
        if squares == 0 {
            return false;
        }
        self.surround_triggers(tile, FigureKind::Mayor, squares);
        if self.pending.is_empty() {
            return false;
        }
        self.scoring_due = true;
        self.after_scoring();
        true
    }

    /// Solovei's trap springs for every tree whose road the placed tile built on
    /// (or whose tile it is) when the newly built part of the road holds a
    /// figure: the part that was not the tree's road before this placement.
    fn solovei_triggers(&mut self, tile: PlacedTile) {
        let segs = self.cat.kinds[usize::from(tile.kind)].segs.len() as u16;
        let index = self.features.tile(tile.node_base);
        for t in 0..self.trees.len() {
            let tree = self.trees[t];
            let root = self.features.find(tree);
            let joined = (0..segs).any(|s| self.features.find(tile.node_base + s) == root);
            if !joined || self.features.figures(root) == 0 {
                continue;
            }
            // The road as it was: what the tree reaches without the placed tile
            // (nothing of it when the placed tile is the tree's own).
            let before = match self.features.tile(tree) == index {
                true => Vec::new(),
                false => self.road_distances(tree, Some(index)),
            };
            let new = self.figures.iter().any(|f| {
                self.features.find(f.node) == root && !before.iter().any(|b| b.0 == f.node)
            });
            if new {
                self.solovei(tree);
            }
        }
    }

    /// Traps the figures on the tree's road closest to the tree (all of them on
    /// a tie), counting road segments from the tree's.
    fn solovei(&mut self, tree: Node) {
        let dist = self.road_distances(tree, None);
        let root = self.features.find(tree);
        let near = self
            .figures
            .iter()
            .filter(|f| self.features.find(f.node) == root)
            .filter_map(|f| dist.iter().find(|d| d.0 == f.node).map(|d| d.1))
            .min();
        let Some(near) = near else { return };
        let at = self.tiles[usize::from(self.features.tile(tree))].pos;
        let mut i = 0;
        while i < self.figures.len() {
            let f = self.figures[i];
            let d = dist.iter().find(|d| d.0 == f.node).map(|d| d.1);
            if d == Some(near) {
                self.trap(i, Trap::Solovei, at);
            } else {
                i += 1;
            }
        }
    }

    /// Distances (in segments) from `start` to every node of its road, by a walk
    /// across the tiles' road ports that never enters the placed tile `avoid`.
    fn road_distances(&self, start: Node, avoid: Option<u16>) -> Vec<(Node, u32)> {
        let mut out = vec![(start, 0u32)];
        let mut next = 0;
        while next < out.len() {
            let (n, d) = out[next];
            next += 1;
            let tile = self.tiles[usize::from(self.features.tile(n))];
            let seg = self.features.seg(n);
            let k = &self.cat.kinds[usize::from(tile.kind)];
            let ports = &k.port_seg[usize::from(tile.rotation.quarter_turns())];
            for side in 0..4 {
                let port = side * 3 + 1;
                if ports[port] != seg {
                    continue;
                }
                let Some(t) = self.grid.tile(tile.pos.step(side)) else {
                    continue;
                };
                if Some(t) == avoid {
                    continue;
                }
                let other = self.tiles[usize::from(t)];
                let ok = &self.cat.kinds[usize::from(other.kind)];
                let s = ok.port_seg[usize::from(other.rotation.quarter_turns())][facing_port(port)];
                if s == NO_SEGMENT {
                    continue;
                }
                let m = other.node_base + u16::from(s);
                if !out.iter().any(|o| o.0 == m) {
                    out.push((m, d + 1));
                }
            }
        }
        out
    }

    /// The placed tile's arrow scores or is activated; neighbours' arrows pointing
    /// at it are activated.
    fn arrows(&mut self, tile: PlacedTile, around: [u16; 4]) {
        let r = usize::from(tile.rotation.quarter_turns());
        let mut choices = 0u8;
        if let Some((kind, dirs)) = self.cat.kinds[usize::from(tile.kind)].arrow {
            if around[usize::from(dirs[r]) & 3] != 0 {
                choices |= arrow_bit(kind);
            } else {
                self.scores[usize::from(self.current)] += 2;
                self.log(Event::Points {
                    turn: self.turn,
                    player: self.current,
                    points: 2,
                    reason: PointsReason::Arrow,
                });
            }
        }
        for (side, &t) in around.iter().enumerate() {
            let Some(other) = t.checked_sub(1).map(|t| self.tiles[usize::from(t)]) else {
                continue;
            };
            if let Some((kind, dirs)) = self.cat.kinds[usize::from(other.kind)].arrow {
                let points = usize::from(dirs[usize::from(other.rotation.quarter_turns())]);
                if points == (side + 2) % 4 {
                    choices |= arrow_bit(kind);
                }
            }
        }
        if self.extra == Extra::Playing {
            choices &= !arrow_bit(ArrowKind::ExtraTurn);
        }
        self.arrow_choices = choices;
        if choices.count_ones() == 1 {
            self.activate(ARROWS[choices.trailing_zeros() as usize]);
        }
    }

    /// Activates an arrow of `kind` this turn.
    pub(crate) fn activate(&mut self, kind: ArrowKind) {
        self.arrow = Some(kind);
        if kind == ArrowKind::ExtraTurn && self.extra == Extra::No {
            self.extra = Extra::Earned;
        }
        self.log(Event::ArrowActivated {
            turn: self.turn,
            player: self.current,
            arrow: kind,
        });
    }

    /// Which of the placed tile's square (bit 4) and its four neighbours' (bit
    /// `d` beyond side `d`) the placement of `tile` left surrounded, when a
    /// mayor or a standing scarecrow is on the board (0 otherwise, and always
    /// without Messengers & Mayors).
    pub(crate) fn surrounded(&self, tile: PlacedTile) -> u8 {
        if self.watched == 0 {
            return 0;
        }
        match self.grid.surrounded_near(tile.pos) {
            Some(mask) => mask,
            None => self.surrounded_slow(tile.pos),
        }
    }

    /// The mayors (before scoring) or the scarecrows (after it) of kind `kind`
    /// on the squares `squares` ([`Game::surrounded`]), queued as decisions.
    pub(crate) fn surround_triggers(&mut self, tile: PlacedTile, kind: FigureKind, squares: u8) {
        // Most placements surround no square: then no figure is looked at.
        if squares == 0 {
            return;
        }
        for i in 0..self.figures.len() {
            let f = &self.figures[i];
            if f.kind != kind || !f.watched() {
                continue;
            }
            // The placed tile's square (bit 4) or the one beyond side `d`.
            let bit = match (0..4).find(|&d| tile.pos.step(d) == f.pos) {
                Some(d) => d,
                None if f.pos == tile.pos => 4,
                None => continue,
            };
            if squares & (1 << bit) == 0 {
                continue;
            }
            let (player, at) = (f.player, f.spot());
            let decision = match f.kind {
                FigureKind::Mayor => crate::decide::Decision::Mayor { player, at },
                _ => crate::decide::Decision::Scarecrow { player, at },
            };
            let node = f.node;
            self.pending.push(Pending { decision, node });
        }
    }

    /// [`Grid::surrounded_near`](crate::grid::Grid) by lookups, for a square
    /// outside the grid's margin (never a placed tile's, in practice).
    #[cold]
    fn surrounded_slow(&self, pos: Pos) -> u8 {
        let filled = |p: Pos| self.grid.tile(p).is_some();
        let around = |p: Pos| filled(p) && (0..4).all(|d| filled(p.step(d)));
        let mut mask = u8::from(around(pos)) << 4;
        for d in 0..4 {
            mask |= u8::from(around(pos.step(d))) << d;
        }
        mask
    }

    /// Final scoring's last step: -2 per figure in Vodyanoy's trap.
    pub(crate) fn trap_penalties(&mut self) {
        for p in 0..self.players {
            let n = self
                .trapped
                .iter()
                .filter(|t| t.player == p && t.trap == Trap::Vodyanoy)
                .count() as i32;
            if n > 0 {
                self.scores[usize::from(p)] -= 2 * n;
                self.log(Event::Points {
                    turn: self.turn,
                    player: p,
                    points: -2 * n,
                    reason: PointsReason::Vodyanoy,
                });
            }
        }
    }

    /// Whether a portal may put a figure on segment `seg` of the tile at `spot`:
    /// an unoccupied, incomplete feature, and no special area (ruling
    /// portal-special: Vodyanoy's tile, where trapped figures lie).
    pub(crate) fn portal_target(&self, spot: Spot) -> Option<(Node, SegmentKind)> {
        let t = self.grid.tile(spot.pos)?;
        let tile = self.tiles[usize::from(t)];
        let k = &self.cat.kinds[usize::from(tile.kind)];
        let seg = k.segs.get(usize::from(spot.segment))?;
        if k.trap_lake || seg.kind == SegmentKind::River || !self.portal_open(&tile, spot.segment) {
            return None;
        }
        Some((tile.node_base + u16::from(spot.segment), seg.kind))
    }

    /// Whether segment `segment` of `tile` lies in an unoccupied, incomplete
    /// feature (fields are never complete; a cloister is complete with its 8
    /// neighbours filled).
    pub(crate) fn portal_open(&self, tile: &PlacedTile, segment: u8) -> bool {
        let root = self.features.find(tile.node_base + u16::from(segment));
        if self.features.figures(root) != 0 {
            return false;
        }
        match self.features.kind(root) {
            SegmentKind::Road | SegmentKind::City => self.features.open(root) != 0,
            SegmentKind::Field => true,
            _ => self.neighbours(tile.pos) != 8,
        }
    }
}
