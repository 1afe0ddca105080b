//! Abbey & Mayor's barn: its placement on a corner where four fields meet
//! (ruling barn-corner), the scoring of its field's figures when it is placed
//! (barn-placed) and when a field with figures is joined to it
//! (barn-joined), and its own points at the end (barn-end).

use crate::act::ActError;
use crate::event::{Cause, Event, PointsReason};
use crate::features::Node;
use crate::figure::{Action, Figure, FigureKind};
use crate::game::{Game, PlacedTile};
use crate::geom::Pos;
use crate::tile::SegmentKind;

/// The corners of a tile, clockwise from the north-east, as records name
/// them (`on = "NE"`).
pub const CORNER_NAMES: [&str; 4] = ["NE", "SE", "SW", "NW"];

/// The two ports beside corner `c` (0 NE, 1 SE, 2 SW, 3 NW): the right end
/// of the side before it and the left end of the side after it.
const fn corner_ports(c: usize) -> [usize; 2] {
    [3 * c + 2, (3 * c + 3) % 12]
}

impl Game {
    /// The field segment of the tile at `pos` at its corner `c`, if both
    /// ports beside the corner are field.
    fn corner_field(&self, pos: Pos, c: usize) -> Option<u8> {
        let [a, b] = corner_ports(c);
        let (sa, sb) = (self.segment_at_port(pos, a)?, self.segment_at_port(pos, b)?);
        let tile = self.tile_at(pos)?;
        let segs = &self.cat.kinds[usize::from(tile.kind)].segs;
        let field = |s: u8| segs.get(usize::from(s)).map(|i| i.kind) == Some(SegmentKind::Field);
        (field(sa) && field(sb)).then_some(sa)
    }

    /// The field segment of the tile at `pos` at its corner `c` where four
    /// tiles meet and all four corners there are field (ruling barn-corner).
    pub(crate) fn barn_corner(&self, pos: Pos, c: usize) -> Option<u8> {
        let c = c & 3;
        let (a, b) = (c, (c + 1) % 4);
        // The point is corner c of `pos`, corner c+1 of the tile across side
        // c, corner c+3 of the tile across side c+1, corner c+2 diagonally.
        let others = [
            (pos.step(a), (c + 1) % 4),
            (pos.step(b), (c + 3) % 4),
            (pos.step(a).step(b), (c + 2) % 4),
        ];
        if others
            .iter()
            .any(|&(p, k)| self.corner_field(p, k).is_none())
        {
            return None;
        }
        self.corner_field(pos, c)
    }

    /// Whether the feature rooted at `root` holds a barn.
    fn has_barn(&self, root: Node) -> bool {
        let f = &self.board.features;
        f.figures(root) > 0
            && self
                .figs
                .all
                .iter()
                .any(|g| g.kind == FigureKind::Barn && f.find(g.node) == root)
    }

    /// The barn placements on the tile just placed, one per field segment
    /// with a legal corner.
    pub(super) fn barn_actions(&self, tile: &PlacedTile, out: &mut Vec<Action>) {
        let mut done = 0u32;
        for c in 0..4 {
            if let Some(segment) = self.barn_corner(tile.pos, c) {
                if done & 1 << segment == 0 && self.check_barn(tile, segment).is_ok() {
                    done |= 1 << segment;
                    out.push(Action::Place {
                        figure: FigureKind::Barn,
                        segment,
                    });
                }
            }
        }
    }

    /// Why a barn on `segment` of the tile just placed is illegal, if it is
    /// (ruling barn-corner).
    pub(super) fn check_barn(&self, tile: &PlacedTile, segment: u8) -> Result<(), ActError> {
        let segs = &self.cat.kinds[usize::from(tile.kind)].segs;
        let seg = segs
            .get(usize::from(segment))
            .ok_or(ActError::NoSuchSegment(segment))?;
        if self.cat.exp.abbey_mayor.is_none() || seg.kind != SegmentKind::Field {
            return Err(ActError::NotAllowed {
                figure: FigureKind::Barn,
                kind: seg.kind,
            });
        }
        self.may_deploy(tile)?;
        if self.supply(self.current, FigureKind::Barn) == 0 {
            return Err(ActError::NoFigureLeft(FigureKind::Barn));
        }
        if !(0..4).any(|c| self.barn_corner(tile.pos, c) == Some(segment)) {
            return Err(ActError::BarnCorner);
        }
        let root = self
            .board
            .features
            .find(tile.node_base + u16::from(segment));
        if self.has_barn(root) {
            return Err(ActError::BarnField);
        }
        Ok(())
    }

    /// Why a barn on corner `c` (0 NE, 1 SE, 2 SW, 3 NW) of the tile just
    /// placed is illegal, if it is, and otherwise its action.
    pub fn barn_at_corner(&self, c: usize) -> Result<Action, ActError> {
        let tile = self.last_placed().ok_or(ActError::WrongPhase)?;
        let segment = self.barn_corner(tile.pos, c).ok_or(ActError::BarnCorner)?;
        self.check_barn(tile, segment)?;
        Ok(Action::Place {
            figure: FigureKind::Barn,
            segment,
        })
    }

    /// The first corner (0 NE, 1 SE, 2 SW, 3 NW) of the tile at `pos` where a
    /// barn on `segment` may stand, for a record to name.
    pub fn barn_corner_of(&self, pos: Pos, segment: u8) -> Option<usize> {
        (0..4).find(|&c| self.barn_corner(pos, c) == Some(segment))
    }

    /// Rulings barn-placed and barn-joined, after the placement's completed
    /// features scored.
    pub(super) fn barn_scoring(&mut self, tile: PlacedTile) {
        let placed = self.exp.abbey_mayor.barn.take();
        let f = &self.board.features;
        let placed_root = placed.map(|n| f.find(n));
        if let Some(root) = placed_root {
            self.score_beside_barns(root, Cause::Barn);
        }
        let segs = self.cat.kinds[usize::from(tile.kind)].segs.len() as u16;
        for s in 0..segs {
            let f = &self.board.features;
            let node = tile.node_base + s;
            if f.kind(node) != SegmentKind::Field {
                continue;
            }
            let root = f.find(node);
            if Some(root) != placed_root && self.has_barn(root) {
                self.score_beside_barns(root, Cause::BarnJoined);
            }
        }
    }

    /// The field rooted at `root` scores for its figures other than barns
    /// (`cause`: a barn placed, 3 a city; a field joined, 1 a city), which go
    /// home; its barns stay.
    fn score_beside_barns(&mut self, root: Node, cause: Cause) {
        let barns = self.figs.all.iter().filter(|g| g.kind == FigureKind::Barn);
        let f = &self.board.features;
        let here = barns.filter(|g| f.find(g.node) == root).count();
        if usize::from(f.figures(root)) <= here {
            return;
        }
        let mut lifted: Vec<Figure> = Vec::new();
        let mut i = 0;
        while i < self.figs.all.len() {
            let g = self.figs.all[i];
            if g.kind == FigureKind::Barn && self.board.features.find(g.node) == root {
                lifted.push(self.lift(i));
            } else {
                i += 1;
            }
        }
        self.score_feature(root, cause);
        for g in lifted {
            self.figs.supply[usize::from(g.player)][FigureKind::Barn.index()] += 1;
            self.stand(g.player, FigureKind::Barn, g.spot(), g.node);
        }
    }

    /// Ruling barn-end: barn `f`, leaving the board at the end, scores 4 a
    /// completed city of its field for its owner.
    pub(super) fn barn_end(&mut self, f: &Figure) {
        let root = self.board.features.find(f.node);
        let mut seen = Vec::new();
        let cities = self.count_completed_cities(root, &mut seen);
        let points = 4 * i32::from(cities);
        self.scores[usize::from(f.player)] += points;
        self.log(Event::Points {
            turn: self.turn,
            player: f.player,
            points,
            reason: PointsReason::Barn,
        });
    }
}
