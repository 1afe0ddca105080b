//! The Tower's captures, exchanges and ransoms (rulings capture-reach,
//! capture-kinds, exchange, ransom).

use super::{capturable, RANSOM_POINTS};
use crate::act::ActError;
use crate::decide::Choice;
use crate::event::{Event, PointsReason};
use crate::figure::{FigureKind, Player, Spot};
use crate::game::Game;
use crate::geom::Pos;
use crate::moves::Move;
use crate::tile::NO_SEGMENT;

/// Whether `pos` lies in the sight of a tower at `at` of height `height`:
/// its square, or up to `height` squares north, east, south or west.
fn in_reach(at: Pos, height: u8, pos: Pos) -> bool {
    let (dx, dy) = (
        (i32::from(pos.x) - i32::from(at.x)).abs(),
        (i32::from(pos.y) - i32::from(at.y)).abs(),
    );
    (dx == 0 || dy == 0) && dx + dy <= i32::from(height)
}

impl Game {
    /// The captures of the tower at `at` just raised: every capturable
    /// figure in reach, on the board (once per owner, kind and spot) or on
    /// top of another tower (segment [`NO_SEGMENT`]).
    pub(super) fn capture_choices(&self, at: Pos, out: &mut Vec<Choice>) {
        let Some(height) = self.tower_at(at).map(|t| t.height) else {
            return;
        };
        let start = out.len();
        for f in &self.figs.all {
            if !capturable(f.kind) || !in_reach(at, height, f.pos) {
                continue;
            }
            let c = Choice::Capture {
                player: f.player,
                figure: f.kind,
                at: f.spot(),
            };
            if !out[start..].contains(&c) {
                out.push(c);
            }
        }
        for t in &self.exp.tower.towers {
            if let Some((player, figure)) = t.follower.filter(|_| in_reach(at, height, t.at)) {
                let at = Spot {
                    pos: t.at,
                    segment: NO_SEGMENT,
                };
                out.push(Choice::Capture { player, figure, at });
            }
        }
    }

    /// The current player captures `owner`'s `figure` at `at` (a legal
    /// choice): an own figure goes back to supply, another player's becomes
    /// a prisoner, exchanged at once when its owner holds one of the
    /// capturer's.
    pub(super) fn capture(&mut self, owner: Player, figure: FigureKind, at: Spot) {
        let player = self.current;
        if at.segment == NO_SEGMENT {
            let Some(t) = self.exp.tower.towers.iter_mut().find(|t| t.at == at.pos) else {
                return;
            };
            t.follower = None;
        } else {
            let Some(i) = self.figure_at(owner, figure, at) else {
                return;
            };
            self.lift(i);
        }
        self.log(Event::Captured {
            turn: self.turn,
            player,
            owner,
            figure,
            from: at,
        });
        if owner == player {
            self.figs.supply[usize::from(owner)][figure.index()] += 1;
            return;
        }
        self.exp.tower.held[usize::from(player)][usize::from(owner)][figure.index()] += 1;
        self.exchange(player, owner, figure);
    }

    /// Ruling exchange: `player` just took `owner`'s `figure`; if `owner`
    /// holds one of `player`'s, the two go home.
    fn exchange(&mut self, player: Player, owner: Player, figure: FigureKind) {
        let theirs = self.exp.tower.held[usize::from(owner)][usize::from(player)];
        let back = match theirs[figure.index()] > 0 {
            true => Some(figure),
            false => FigureKind::ALL.into_iter().find(|k| theirs[k.index()] > 0),
        };
        let Some(back) = back else { return };
        let held = &mut self.exp.tower.held;
        held[usize::from(owner)][usize::from(player)][back.index()] -= 1;
        held[usize::from(player)][usize::from(owner)][figure.index()] -= 1;
        self.figs.supply[usize::from(player)][back.index()] += 1;
        self.figs.supply[usize::from(owner)][figure.index()] += 1;
        self.log(Event::Exchanged {
            turn: self.turn,
            players: [player, owner],
            figures: [back, figure],
        });
    }

    /// The ransoms the current player may pay now: one a prisoner of theirs
    /// (holder, kind), once a turn, with 3 points or more.
    pub(super) fn ransom_moves(&self, out: &mut Vec<Move>) {
        let me = self.current;
        if self.exp.tower.ransomed || self.scores[usize::from(me)] < RANSOM_POINTS {
            return;
        }
        for holder in (0..self.players).filter(|&h| h != me) {
            for figure in FigureKind::ALL {
                if self.prisoners(holder, me, figure) > 0 {
                    out.push(Move::Ransom { holder, figure });
                }
            }
        }
    }

    /// Whether the current player may pay a ransom now.
    pub(crate) fn may_ransom(&self) -> bool {
        let me = self.current;
        !self.exp.tower.ransomed
            && self.scores[usize::from(me)] >= RANSOM_POINTS
            && (0..self.players).any(|h| {
                h != me && self.exp.tower.held[usize::from(h)][usize::from(me)] != [0; super::KINDS]
            })
    }

    /// Why the current player's ransom of their `figure` held by `holder` is
    /// illegal now, if it is.
    pub(super) fn check_ransom(&self, holder: Player, figure: FigureKind) -> Result<(), ActError> {
        let me = self.current;
        if holder == me || holder >= self.players || self.prisoners(holder, me, figure) == 0 {
            return Err(ActError::NoPrisoner);
        }
        if self.exp.tower.ransomed {
            return Err(ActError::RansomPaid);
        }
        if self.scores[usize::from(me)] < RANSOM_POINTS {
            return Err(ActError::RansomPoints);
        }
        Ok(())
    }

    /// Pays the ransom (checked): 3 points from the current player to
    /// `holder`, and their `figure` back to supply.
    pub(super) fn pay_ransom(&mut self, holder: Player, figure: FigureKind) {
        let me = self.current;
        self.remember(crate::game::LogEntry::Move(Move::Ransom { holder, figure }));
        let held = &mut self.exp.tower.held[usize::from(holder)][usize::from(me)][figure.index()];
        *held = held.saturating_sub(1);
        self.figs.supply[usize::from(me)][figure.index()] += 1;
        self.exp.tower.ransomed = true;
        self.scores[usize::from(me)] -= RANSOM_POINTS;
        self.scores[usize::from(holder)] += RANSOM_POINTS;
        self.log(Event::Ransomed {
            turn: self.turn,
            player: me,
            holder,
            figure,
        });
        for (player, points) in [(me, -RANSOM_POINTS), (holder, RANSOM_POINTS)] {
            self.log(Event::Points {
                turn: self.turn,
                player,
                points,
                reason: PointsReason::Ransom,
            });
        }
    }
}
