//! The Russian promos: Vodyanoy's lake and Solovei's tree (the traps), and
//! Baba Yaga's hut (a cloister scored by the empty squares around it: see
//! `turn/scoring.rs`).
//!
//! A trapped figure lies on the trap's tile until its owner frees it on a later
//! turn instead of deploying ([`Action::Free`]); at the end each figure in
//! Vodyanoy's trap costs 2 points.
//!
//! Rulings (each quoted from its rule page in `docs/rules/promos.md`):
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

use super::{Expansion, Position};
use crate::act::ActError;
use crate::catalog::KindInfo;
use crate::event::{Event, PointsReason};
use crate::features::Node;
use crate::figure::{Action, FigureKind, Spot, Trap, Trapped};
use crate::game::{Game, PlacedTile};
use crate::geom::{facing_port, Pos};
use crate::mark::MarkKind;
use crate::position::mix;
use crate::research::ActionBlock;
use crate::tile::NO_SEGMENT;

/// The Russian promos: in play when a tile carries Vodyanoy's lake or
/// Solovei's tree (Baba Yaga's hut is a segment kind: `turn/scoring.rs`).
pub(crate) struct Promos;

/// The promos' part of a game.
#[derive(Clone, Debug, Default)]
pub(crate) struct PromosState {
    /// Figures caught by traps.
    trapped: Vec<Trapped>,
    /// Squares of placed tiles with Vodyanoy's lake.
    lakes: Vec<Pos>,
    /// Feature nodes of placed segments carrying Solovei's tree, each with
    /// the size (in nodes) of its road when last looked at: a placement
    /// built on the road exactly when the road grew (see
    /// `Game::solovei_triggers`).
    trees: Vec<(u16, u16)>,
}

impl Position for PromosState {
    /// The trapped figures (the lakes and trees are the board's).
    fn key(&self) -> u64 {
        self.trapped.iter().fold(0u64, |key, t| {
            key.wrapping_add(mix(3 << 60
                | u64::from(t.player) << 52
                | (t.kind as u64) << 48
                | (t.at.x as u16 as u64) << 32
                | (t.at.y as u16 as u64) << 16
                | (t.trap as u64) << 8
                | u64::from(t.turn & 0xFF)))
        })
    }

    fn same(&self, other: &PromosState) -> bool {
        let canonical = |s: &PromosState| {
            let mut v: Vec<_> = s
                .trapped
                .iter()
                .map(|t| (t.player, t.kind, t.at, t.trap as u8, t.turn))
                .collect();
            v.sort_unstable();
            v
        };
        canonical(self) == canonical(other)
    }
}

impl Expansion for Promos {
    type Rules = ();
    type State = PromosState;
    const MARKS: &'static [MarkKind] = &[MarkKind::Tree, MarkKind::TrapLake];
    const ACTIONS: &'static [ActionBlock] = &[ActionBlock::Free];
    const OBSERVES: &'static [&'static str] = &["trapped"];

    fn rules(kinds: &[KindInfo]) -> Option<()> {
        kinds
            .iter()
            .any(|k| k.trap_lake || k.tree != NO_SEGMENT)
            .then_some(())
    }

    fn begin(game: &mut Game) {
        let state = &mut game.exp.promos;
        state.trapped.clear();
        state.lakes.clear();
        state.trees.clear();
    }

    #[inline(always)]
    fn noted(game: &mut Game, index: usize) {
        game.register_specials(index);
    }

    fn placed(game: &mut Game, tile: PlacedTile, _: [u16; 4]) {
        if game.cat.kinds[usize::from(tile.kind)].trap_lake {
            game.vodyanoy_placed(tile.pos);
        }
    }

    /// Ruling vodyanoy-tile: no figure is deployed on Vodyanoy's tile.
    fn may_deploy(game: &Game, tile: &PlacedTile) -> Result<(), ActError> {
        match game.cat.kinds[usize::from(tile.kind)].trap_lake {
            true => Err(ActError::OnTrap),
            false => Ok(()),
        }
    }

    fn actions(game: &Game, _: &PlacedTile, out: &mut Vec<Action>) {
        game.free_actions(out);
    }

    fn check(game: &Game, _: &PlacedTile, action: Action) -> Option<Result<(), ActError>> {
        match action {
            Action::Free { at, figure } => Some(game.check_free(figure, at)),
            _ => None,
        }
    }

    fn apply(game: &mut Game, _: PlacedTile, action: Action) {
        if let Action::Free { at, figure } = action {
            game.free(figure, at);
        }
    }

    #[inline]
    fn arrived(game: &mut Game, index: usize) {
        if !game.exp.promos.lakes.is_empty() {
            game.arrive(index);
        }
    }

    /// Ruling solovei-when: after the figure step, before scoring.
    fn after_figure_step(game: &mut Game, tile: PlacedTile) {
        if !game.exp.promos.trees.is_empty() {
            game.solovei_triggers(tile);
        }
    }

    fn final_scoring(game: &mut Game) {
        game.trap_penalties();
    }
}

impl Game {
    /// Every figure caught by a trap.
    pub fn trapped(&self) -> &[Trapped] {
        &self.exp.promos.trapped
    }

    /// Notes the special marks of a tile just put on the board (placed-tile
    /// index `index`; 0 is the start tile).
    #[inline(always)]
    fn register_specials(&mut self, index: usize) {
        let tile = self.board.tiles[index];
        let k = &self.cat.kinds[usize::from(tile.kind)];
        if k.trap_lake {
            self.exp.promos.lakes.push(tile.pos);
        }
        if k.tree != NO_SEGMENT {
            let tree = tile.node_base + u16::from(k.tree);
            // Size 0: the turn that placed it built on its road; a tree on
            // the start tile: no turn built its road yet.
            let features = &self.board.features;
            let seen = match index {
                0 => features.size(features.find(tree)),
                _ => 0,
            };
            self.exp.promos.trees.push((tree, seen));
        }
    }

    /// Moves figure `i` into a trap at `at`.
    fn trap(&mut self, i: usize, trap: Trap, at: Pos) {
        let f = self.lift(i);
        // vodyanoy-wins: a tile Solovei traps onto may lie in Vodyanoy's reach.
        let (trap, at) = match self.exp.promos.lakes.iter().find(|l| l.near(at)) {
            Some(&lake) => (Trap::Vodyanoy, lake),
            None => (trap, at),
        };
        self.exp.promos.trapped.push(Trapped {
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
        while i < self.figs.all.len() {
            if self.figs.all[i].pos.near(at) {
                self.trap(i, Trap::Vodyanoy, at);
            } else {
                i += 1;
            }
        }
        for i in 0..self.exp.promos.trapped.len() {
            let t = self.exp.promos.trapped[i];
            if t.trap == Trap::Solovei && t.at.near(at) {
                self.exp.promos.trapped[i].trap = Trap::Vodyanoy;
                self.exp.promos.trapped[i].at = at;
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

    /// A figure just arrived as `self.figs.all[i]`: Vodyanoy takes it if it stands
    /// within reach of a lake.
    fn arrive(&mut self, i: usize) {
        let pos = self.figs.all[i].pos;
        if let Some(&lake) = self.exp.promos.lakes.iter().find(|l| l.near(pos)) {
            self.trap(i, Trap::Vodyanoy, lake);
        }
    }

    /// Solovei's trap springs for every tree whose road the placed tile built on
    /// (or whose tile it is) when the newly built part of the road holds a
    /// figure: the part that was not the tree's road before this placement.
    ///
    /// Called once after every placement: a road grows only by a placement
    /// joining it, so the placed tile built on the tree's road exactly when
    /// the road is larger than when last looked at (one comparison instead of
    /// a look at each of the tile's segments, whose number a random game
    /// would mispredict).
    fn solovei_triggers(&mut self, tile: PlacedTile) {
        let index = self.board.features.tile(tile.node_base);
        for t in 0..self.exp.promos.trees.len() {
            let (tree, seen) = self.exp.promos.trees[t];
            let root = self.board.features.find(tree);
            let size = self.board.features.size(root);
            self.exp.promos.trees[t].1 = size;
            let joined = size != seen;
            debug_assert_eq!(joined, {
                let segs = self.cat.kinds[usize::from(tile.kind)].segs.len() as u16;
                (0..segs).any(|s| self.board.features.find(tile.node_base + s) == root)
            });
            if !joined || self.board.features.figures(root) == 0 {
                continue;
            }
            // The road as it was: what the tree reaches without the placed tile
            // (nothing of it when the placed tile is the tree's own).
            let before = match self.board.features.tile(tree) == index {
                true => Vec::new(),
                false => self.road_distances(tree, Some(index)),
            };
            let new = self.figs.all.iter().any(|f| {
                self.board.features.find(f.node) == root && !before.iter().any(|b| b.0 == f.node)
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
        let root = self.board.features.find(tree);
        let near = self
            .figs
            .all
            .iter()
            .filter(|f| self.board.features.find(f.node) == root)
            .filter_map(|f| dist.iter().find(|d| d.0 == f.node).map(|d| d.1))
            .min();
        let Some(near) = near else { return };
        let at = self.board.tiles[usize::from(self.board.features.tile(tree))].pos;
        let mut i = 0;
        while i < self.figs.all.len() {
            let f = self.figs.all[i];
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
            let tile = self.board.tiles[usize::from(self.board.features.tile(n))];
            let seg = self.board.features.seg(n);
            let k = &self.cat.kinds[usize::from(tile.kind)];
            let ports = &k.port_seg[usize::from(tile.rotation.quarter_turns())];
            for side in 0..4 {
                let port = side * 3 + 1;
                if ports[port] != seg {
                    continue;
                }
                let Some(t) = self.board.grid.tile(tile.pos.step(side)) else {
                    continue;
                };
                if Some(t) == avoid {
                    continue;
                }
                let other = self.board.tiles[usize::from(t)];
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

    /// Final scoring's last step: -2 per figure in Vodyanoy's trap.
    fn trap_penalties(&mut self) {
        for p in 0..self.players {
            let n = self
                .exp
                .promos
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

    /// Whether the current player may free `t`: their own, caught on an earlier
    /// turn ("instead of placing a follower on a later turn").
    fn may_free(&self, t: &crate::figure::Trapped) -> bool {
        t.player == self.current && t.turn < self.turn
    }

    /// The figure step may free any own figure trapped on an earlier turn.
    fn free_actions(&self, out: &mut Vec<Action>) {
        // Only this listing's own entries can repeat one (two own figures of a
        // kind in one trap): the search starts there.
        let start = out.len();
        for t in &self.exp.promos.trapped {
            let a = Action::Free {
                at: t.at,
                figure: t.kind,
            };
            if self.may_free(t) && !out[start..].contains(&a) {
                out.push(a);
            }
        }
    }

    /// Why freeing `figure` from the trap at `at` is illegal now, if it is.
    fn check_free(&self, figure: FigureKind, at: Pos) -> Result<(), ActError> {
        self.exp
            .promos
            .trapped
            .iter()
            .any(|t| self.may_free(t) && t.at == at && t.kind == figure)
            .then_some(())
            .ok_or(ActError::NotTrapped)
    }

    /// Frees the current player's `figure` from the trap at `at` into supply.
    fn free(&mut self, figure: FigureKind, at: Pos) {
        let player = self.current;
        let found = self
            .exp
            .promos
            .trapped
            .iter()
            .position(|t| self.may_free(t) && t.at == at && t.kind == figure);
        if let Some(i) = found {
            self.exp.promos.trapped.remove(i);
            self.figs.supply[usize::from(player)][figure.index()] += 1;
            self.log(Event::Freed {
                turn: self.turn,
                player,
                figure,
                at,
            });
        }
    }
}
