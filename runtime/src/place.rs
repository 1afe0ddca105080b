//! Applying a placement: the tile goes on the grid, its segments become feature
//! nodes, and they join the features of the neighbours across each shared edge.

use crate::catalog::KindId;
use crate::decide::{Decision, Pending};
use crate::event::Event;
use crate::features::{Features, Node};
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
        let bend = match k.river {
            true => self.river_ok(kind, at.pos, r).unwrap_or(0),
            false => 0,
        };
        self.drawn_count = None;
        self.put_tile(kind, at, bend);
        let event = Event::TilePlaced {
            turn: self.turn,
            player: self.current,
            kind,
            pos: at.pos,
            rotation: at.rotation,
        };
        self.log(event);
        if !self.cat.rules.any {
            self.phase = Phase::Figure;
            return;
        }
        let tile = self.tiles[self.tiles.len() - 1];
        self.phase = match self.placement_effects(tile) {
            true => {
                self.pending.insert(
                    0,
                    Pending {
                        decision: Decision::Arrow {
                            player: self.current,
                        },
                        node: tile.node_base,
                    },
                );
                Phase::Decide
            }
            false => Phase::Figure,
        };
    }

    /// Puts a tile on the board and merges its features (no checks).
    pub(crate) fn put_tile(&mut self, kind: KindId, at: Placement, river_turn: i8) {
        let Game {
            cat,
            grid,
            tiles,
            features,
            touched,
            ..
        } = self;
        let k = &cat.kinds[usize::from(kind)];
        let r = usize::from(at.rotation.quarter_turns());
        let index = tiles.len() as u16;
        let node_base = features.len() as u16;
        tiles.push(PlacedTile {
            kind,
            pos: at.pos,
            rotation: at.rotation,
            node_base,
            river_turn,
        });
        let around = grid.put(at.pos, index, k.adds[r]);
        touched.clear();
        for (i, s) in k.segs.iter().enumerate() {
            features.add(index, i as u8, s.kind, s.sides, s.pennants);
        }
        let ports = &k.port_seg[r];
        for (d, &t) in around.iter().enumerate() {
            let Some(t) = t.checked_sub(1) else { continue };
            let other = tiles[usize::from(t)];
            let theirs = &cat.kinds[usize::from(other.kind)].port_seg
                [usize::from(other.rotation.quarter_turns())];
            let node = |base: u16, s: u8| (s != NO_SEGMENT).then(|| base + u16::from(s));
            let pair = |p: usize| (ports[p], theirs[facing_port(p)]);
            let join_pair =
                |features: &mut Features, touched: &mut Vec<Node>, pair: (u8, u8), middle| {
                    let (a, b) = (node(node_base, pair.0), node(other.node_base, pair.1));
                    join(features, touched, a, b, middle);
                };
            // The middle port, then the halves; a whole-edge feature repeats the same
            // pair on all three ports and is joined once.
            let (mid, left, right) = (pair(d * 3 + 1), pair(d * 3), pair(d * 3 + 2));
            join_pair(features, touched, mid, true);
            if left != mid {
                join_pair(features, touched, left, false);
            }
            if right != left {
                join_pair(features, touched, right, false);
            }
        }
        if self.cat.rules.traps {
            let tile = self.tiles[usize::from(index)];
            self.register_specials(tile);
        }
    }
}

/// Whether a segment kind is counted in edge crossings (completes when closed).
fn crossing(kind: SegmentKind) -> bool {
    matches!(
        kind,
        SegmentKind::Road | SegmentKind::City | SegmentKind::River
    )
}

/// Joins node `a` (of the new tile) with node `b` (of a neighbour) across one
/// port. Crossings are counted once per edge, at the middle port; a missing
/// segment (a town hall's side) closes what reaches it.
#[inline]
fn join(
    features: &mut Features,
    touched: &mut Vec<Node>,
    a: Option<Node>,
    b: Option<Node>,
    middle: bool,
) {
    match (a, b) {
        (Some(x), Some(y)) => {
            let is_crossing = crossing(features[x].kind);
            if !middle && is_crossing {
                return;
            }
            let root = features.union(x, y);
            if is_crossing {
                features.close(root, 2);
            }
        }
        (Some(x), None) | (None, Some(x)) if middle && crossing(features[x].kind) => {
            let root = features.find(x);
            features.close(root, 1);
            touched.push(x);
        }
        _ => {}
    }
}
