//! Abbey & Mayor's wagon: after its feature was completed and scored, its
//! owner may move it on (ruling wagon-reach).

use crate::decide::{Choice, Decision, Pending};
use crate::event::Event;
use crate::figure::{Figure, FigureKind, Player, Spot};
use crate::game::Game;
use crate::geom::Pos;
use crate::tile::SegmentKind;

impl Game {
    /// A wagon whose feature was completed left the board: its move is
    /// asked once everything scored.
    pub(super) fn wagon_scored(&mut self, f: &Figure) {
        self.pending.push(Pending {
            decision: Decision::Wagon {
                player: f.player,
                from: f.spot(),
            },
            node: f.node,
        });
    }

    /// Every spot a wagon that stood at `from` may move to (ruling
    /// wagon-reach): on its tile and the eight around it, in row order, each
    /// segment of an incomplete, unoccupied road, city or monastery on a
    /// tile figures may be deployed on.
    pub(crate) fn wagon_targets(&self, from: Pos, out: &mut Vec<Choice>) {
        let features = &self.board.features;
        for dy in -1..=1 {
            for dx in -1..=1 {
                let pos = from.offset(dx, dy);
                let Some(t) = self.board.grid.tile(pos) else {
                    continue;
                };
                let tile = self.board.tiles[usize::from(t)];
                if self.may_deploy(&tile).is_err() {
                    continue;
                }
                let k = &self.cat.kinds[usize::from(tile.kind)];
                for (s, seg) in k.segs.iter().enumerate() {
                    if !FigureKind::Wagon.may_stand_on(seg.kind) {
                        continue;
                    }
                    let root = features.find(tile.node_base + s as u16);
                    let open = match seg.kind {
                        SegmentKind::Monastery => self.neighbours(pos) < 8,
                        _ => features.open(root) > 0,
                    };
                    if open && features.figures(root) == 0 {
                        out.push(Choice::Move {
                            to: Spot {
                                pos,
                                segment: s as u8,
                            },
                        });
                    }
                }
            }
        }
    }

    /// The wagon (back in supply since its feature scored) moves to `to`.
    pub(super) fn wagon_moves(&mut self, player: Player, from: Spot, to: Spot) {
        let Some(t) = self.board.grid.tile(to.pos) else {
            return;
        };
        if self.supply(player, FigureKind::Wagon) == 0 {
            return;
        }
        let node = self.board.tiles[usize::from(t)].node_base + u16::from(to.segment);
        self.stand(player, FigureKind::Wagon, to, node);
        self.log(Event::Moved {
            turn: self.turn,
            player,
            figure: FigureKind::Wagon,
            from,
            to,
        });
        self.arrive_last();
    }
}
