//! The volcano and the dragon: its entry, the dragon tiles held back before
//! it, its movement and what it eats (rulings volcano, dragon-held-back,
//! dragon-moves, dragon-eats).

use super::DRAGON_MOVES;
use crate::decide::{Choice, Decision, Pending};
use crate::event::{Event, ReturnReason};
use crate::figures::FigureKind;
use crate::game::Game;
use crate::geom::Pos;

impl Game {
    /// A volcano was placed at `pos`: the dragon moves onto it; the dragon
    /// tiles held back go back into the pile (ruling dragon-held-back).
    pub(super) fn volcano(&mut self, pos: Pos) {
        let from = self.exp.princess_dragon.dragon.replace(pos);
        self.log(Event::DragonMoved {
            turn: self.turn,
            player: self.current,
            from,
            to: pos,
        });
        let held = std::mem::take(&mut self.exp.princess_dragon.held);
        if !held.is_empty() {
            for &kind in &held {
                self.pile.put_back(&self.cat, kind);
            }
            self.log(Event::ShuffledBack {
                turn: self.turn,
                player: self.current,
                count: held.len() as u8,
            });
        }
    }

    /// The squares the dragon may move to now, by direction (bit per
    /// direction N, E, S, W): a tile, not yet visited in this movement, not
    /// the fairy's.
    fn dragon_dirs(&self) -> u8 {
        let state = &self.exp.princess_dragon;
        let Some(at) = state.dragon else {
            return 0;
        };
        let fairy = state.fairy.map(|f| f.at.pos);
        let mut dirs = 0;
        for dir in 0..4 {
            let to = at.step(dir);
            if self.board.grid.tile(to).is_some()
                && !state.visited.contains(&to)
                && fairy != Some(to)
            {
                dirs |= 1 << dir;
            }
        }
        dirs
    }

    /// The player who makes move `k` (from 0) of a movement: the current
    /// player first, then the others in turn order.
    fn dragon_mover(&self, k: usize) -> u8 {
        ((usize::from(self.current) + k) % usize::from(self.players)) as u8
    }

    /// The movement's next move, if the dragon has moves left and a square
    /// to go to: asked of the player whose move it is. Otherwise the
    /// movement ends.
    pub(super) fn ask_dragon(&mut self) {
        let made = self.exp.princess_dragon.visited.len().saturating_sub(1);
        let dirs = match made < DRAGON_MOVES {
            true => self.dragon_dirs(),
            false => 0,
        };
        self.exp.princess_dragon.dirs = dirs;
        if dirs != 0 {
            let player = self.dragon_mover(made);
            // First: the movement is asked whole, before any other decision
            // but a tower's capture of this turn (The Tower: JCloisterZone's
            // TowerCapturePhase follows the action at once, its DragonPhase
            // comes after).
            let first = self
                .pending
                .iter()
                .take_while(|p| matches!(p.decision, Decision::Capture { .. }))
                .count();
            self.pending.insert(
                first,
                Pending {
                    decision: Decision::Dragon { player },
                    node: 0,
                },
            );
        } else {
            self.exp.princess_dragon.visited.clear();
        }
    }

    /// The dragon's legal moves, as choices (the squares [`Game::ask_dragon`]
    /// found).
    pub(super) fn dragon_choices(&self, out: &mut Vec<Choice>) {
        let dirs = self.exp.princess_dragon.dirs;
        for dir in 0..4 {
            if dirs & 1 << dir != 0 {
                out.push(Choice::Dragon { dir });
            }
        }
    }

    /// The dragon moves one square in direction `dir` (legal): every figure
    /// there goes home (ruling dragon-eats).
    pub(super) fn move_dragon(&mut self, dir: u8) {
        let Some(from) = self.exp.princess_dragon.dragon else {
            return;
        };
        let to = from.step(usize::from(dir));
        let state = &mut self.exp.princess_dragon;
        state.dragon = Some(to);
        state.visited.push(to);
        let made = state.visited.len() - 2;
        let player = self.dragon_mover(made);
        self.log(Event::DragonMoved {
            turn: self.turn,
            player,
            from: Some(from),
            to,
        });
        // Ruling dragon-eats: every figure but a barn (JCloisterZone's
        // `Barn.canBeEatenByDragon`).
        let eaten = |f: &crate::figures::Figure| f.pos == to && f.kind != FigureKind::Barn;
        while let Some(i) = self.figs.all.iter().position(eaten) {
            self.send_home(i, ReturnReason::Dragon);
        }
    }
}
