//! Applying a placement: the tile goes on the grid, its segments become feature
//! nodes, and they join the features of the neighbours across each shared edge.

use crate::catalog::KindId;
use crate::event::Event;
use crate::game::{Game, Phase, PlacedTile};
use crate::geom::{facing_port, Rotation};
use crate::placement::{PlaceError, Placement};
use crate::tile::{SegmentKind, NO_SEGMENT};

impl Game {
    /// Places the drawn tile, if the placement is legal; then it is the figure step.
    ///
    /// A rotation at or above the kind's symmetry is the same placement as its
    /// remainder and is stored that way.
    pub fn place(&mut self, placement: Placement) -> Result<(), PlaceError> {
        self.check_placement(placement)?;
        self.place_unchecked(placement);
        Ok(())
    }

    /// Places the drawn tile without checking legality (the caller took it from
    /// [`Game::legal_placements`]). Does nothing when no tile is drawn.
    pub fn place_unchecked(&mut self, placement: Placement) {
        let Phase::Place(kind) = self.phase else {
            return;
        };
        let k = &self.cat.kinds[usize::from(kind)];
        let r = placement.rotation.quarter_turns() % k.rotations;
        let at = Placement {
            pos: placement.pos,
            rotation: Rotation::new(r),
        };
        let bend = self.river_ok(kind, at.pos, r).unwrap_or(0);
        self.put_tile(kind, at, bend);
        let event = Event::TilePlaced {
            turn: self.turn,
            player: self.current,
            kind,
            pos: at.pos,
            rotation: at.rotation,
        };
        self.log(event);
        self.phase = Phase::Figure;
    }

    /// Puts a tile on the board and merges its features (no checks).
    pub(crate) fn put_tile(&mut self, kind: KindId, at: Placement, river_turn: i8) {
        let cat = self.cat.clone();
        let k = &cat.kinds[usize::from(kind)];
        let r = usize::from(at.rotation.quarter_turns());
        let index = self.tiles.len() as u16;
        let node_base = self.features.len() as u16;
        self.tiles.push(PlacedTile {
            kind,
            pos: at.pos,
            rotation: at.rotation,
            node_base,
            river_turn,
        });
        self.grid.put(at.pos, index, k.sig[r]);
        self.touched.clear();
        for (i, s) in k.segs.iter().enumerate() {
            let n = self
                .features
                .add(index, i as u8, s.kind, s.sides, s.pennants);
            self.touched.push(n);
        }
        let ports = &k.port_seg[r];
        for d in 0..4 {
            let Some(t) = self.grid.tile(at.pos.step(d)) else {
                continue;
            };
            let other = self.tiles[usize::from(t)];
            let theirs = &cat.kinds[usize::from(other.kind)].port_seg
                [usize::from(other.rotation.quarter_turns())];
            for j in 0..3 {
                let p = d * 3 + j;
                let (a, b) = (ports[p], theirs[facing_port(p)]);
                self.join(node_base, a, other.node_base, b, j == 1);
            }
        }
    }

    /// Joins segment `a` (of the new tile) with segment `b` (of a neighbour) across
    /// one port. Crossings are counted once per edge, at the middle port; a
    /// missing segment (a town hall's side) closes what reaches it.
    fn join(&mut self, base_a: u16, a: u8, base_b: u16, b: u8, middle: bool) {
        let node = |base: u16, s: u8| (s != NO_SEGMENT).then(|| base + u16::from(s));
        let (na, nb) = (node(base_a, a), node(base_b, b));
        let crossing = |g: &Game, n: u16| {
            matches!(
                g.features.kind[usize::from(n)],
                SegmentKind::Road | SegmentKind::City | SegmentKind::River
            )
        };
        match (na, nb) {
            (Some(x), Some(y)) => {
                let is_crossing = crossing(self, x);
                if !middle && is_crossing {
                    return;
                }
                let root = self.features.union(x, y);
                if is_crossing {
                    self.features.close(root, 2);
                }
            }
            (Some(x), None) | (None, Some(x)) if middle && crossing(self, x) => {
                let root = self.features.find(x);
                self.features.close(root, 1);
                self.touched.push(x);
            }
            _ => {}
        }
    }
}
