//! The checked model: what `lower` makes of the Ast. Names are resolved to indices,
//! ports are explicit bit masks, every span points back at the source.
//!
//! Only [`crate::lower`] builds a [`Model`]; emitters take `&Model` and never report
//! user errors. The model converts to the runtime's [`TileSet`] with
//! [`Set::to_runtime`], which is what the table emitter, the previews and the engine
//! all read.

use crate::diagnostic::Span;
use std::borrow::Cow;
use tilec_runtime::{
    Arrow, Aspects, Crossing, Edge, Illustration, Mark, PortMask, Provenance, RoadEnd, SegmentKind,
    SegmentMask, Sourcing, TileKind, TileSet, NO_SEGMENT,
};

/// A tile has at most this many segments: sets of segments are 32-bit masks
/// ([`SegmentMask`]) and a segment index must never be [`NO_SEGMENT`].
pub const MAX_SEGMENTS: usize = SegmentMask::BITS as usize;

/// Every set of one compilation.
#[derive(Clone, Debug, Default)]
pub struct Model {
    /// The sets, in `sets.toml` order (then file order for sets it does not list).
    pub sets: Vec<Set>,
}

/// One tile set.
#[derive(Clone, Debug)]
pub struct Set {
    /// Stable id (`base`).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Edition, if the set names one.
    pub edition: Option<String>,
    /// Whether this is a river set (one spring, one lake).
    pub river: bool,
    /// Free-text notes shown on the reference page.
    pub notes: Vec<String>,
    /// The tile kinds, in source order.
    pub tiles: Vec<Tile>,
    /// Where the set is declared.
    pub span: Span,
    /// Copies of tiles that were dropped because they did not lower (so that the
    /// set totals can still be checked without a cascade of errors).
    pub dropped_copies: u32,
    /// The tiles that did not lower (their errors reported), with what of them
    /// later checks can still use.
    pub dropped: Vec<Dropped>,
    /// How it is played with other sets, from its `sets.toml` entry (empty
    /// without one): see [`Relations`].
    pub relations: Relations,
    /// The sources its block declares (`source ID "title"`), in order.
    pub sources: Vec<Source>,
    /// The set's own aspects a source gives (`sourced total groups from=ID` in
    /// its block): each aspect word with the index of its source in `sources`.
    pub facts: Vec<(&'static str, usize)>,
}

/// A source a set declares: `source ID "title"`.
#[derive(Clone, Debug)]
pub struct Source {
    /// The id `sourced ... from=ID` names.
    pub id: String,
    /// What and where it is.
    pub title: String,
    /// The `source` statement.
    pub span: Span,
}

/// A tile left out of the set for its errors: what the checks of a whole tile
/// or set may still use, so that every problem whose inputs are sound is
/// reported in one run, and none that only follows from another.
#[derive(Clone, Debug)]
pub struct Dropped {
    /// Where its id is written.
    pub span: Span,
    /// Whether it is marked `start`.
    pub start: bool,
    /// The tile as far as it lowered, and how far that is sound.
    pub partial: Option<(Tile, Sound)>,
}

/// How much of a dropped tile is sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    /// Every segment was read: which ports nothing claims is known.
    Ports,
    /// Its shape (segments, ports, ends, marks) has no error; only what does
    /// not shape it does (count, provenance, copies, arrow, a duplicate id).
    Shape,
}

impl Set {
    /// The tiles whose shape is known: the set's, and the dropped ones whose
    /// errors leave their shape sound.
    pub fn shaped(&self) -> impl Iterator<Item = &Tile> {
        let dropped = self.dropped.iter().filter_map(|d| match &d.partial {
            Some((t, Sound::Shape)) => Some(t),
            _ => None,
        });
        self.tiles.iter().chain(dropped)
    }

    /// Whether every tile's shape is known ([`Set::shaped`] holds them all).
    pub fn shapes_known(&self) -> bool {
        let sound = |d: &Dropped| matches!(d.partial, Some((_, Sound::Shape)));
        self.dropped.iter().all(sound)
    }
}

/// What a set's `sets.toml` entry says about the sets it is played with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Relations {
    /// Sets it is played with (`requires`).
    pub requires: Vec<String>,
    /// Tiles of other sets (full ids) left out of a game that plays it (`removes`).
    pub removes: Vec<String>,
    /// How many copies of it a game may hold (`max-copies`), when it says.
    pub max_copies: Option<u32>,
}

/// One tile kind.
#[derive(Clone, Debug)]
pub struct Tile {
    /// Full stable id, `set/local`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Copies in the set.
    pub count: u8,
    /// Whether one copy is the start tile.
    pub start: bool,
    /// Where the data comes from, as a whole.
    pub provenance: Provenance,
    /// The named sources and the aspects of the tile each gives (the set's
    /// `sourced` statements and the tile's own), in the set's source order.
    pub sources: Vec<Sourcing>,
    /// The segments; their index is the segment number used everywhere else.
    pub segments: Vec<Segment>,
    /// For each port, the owning segment index, or [`NO_SEGMENT`].
    pub ports: [u8; 12],
    /// Where roads and rivers end.
    pub ends: Vec<End>,
    /// The arrow symbol, if any.
    pub arrow: Option<Arrow>,
    /// Special marks.
    pub marks: Vec<Mark>,
    /// Per-copy illustrations (empty when the tile gives none).
    pub copies: Vec<Vec<Illustration>>,
    /// Free-text notes.
    pub notes: Vec<String>,
    /// What each edge presents, at rotation 0 (N, E, S, W).
    pub edges: [Edge; 4],
    /// Distinct rotations: 1, 2 or 4 (computed, never written).
    pub symmetry: u8,
    /// The `tile` header.
    pub span: Span,
    /// The span of the `arrow` statement, if any.
    pub arrow_span: Option<Span>,
}

/// One segment of a tile.
#[derive(Clone, Debug)]
pub struct Segment {
    /// The designer's name (unique on the tile).
    pub name: String,
    /// What it is.
    pub kind: SegmentKind,
    /// Ports it touches: a city's `reaches=` middle ports included (the
    /// checks see it run to them), which [`Tile::to_runtime`] takes out of it
    /// and gives to no segment (see [`Segment::reaches`]).
    pub ports: PortMask,
    /// For a city: the middle ports of edges it reaches without holding the
    /// edge (`reaches=S`): it parts the two fields of that edge there, and the
    /// edge stays a field edge, nothing joining across its middle.
    pub reaches: PortMask,
    /// Coats of arms (cities).
    pub pennants: u8,
    /// For a field: the cities it touches (derived from port order, plus explicit).
    pub cities: SegmentMask,
    /// For a field: the cities named explicitly after `->`, with their spans.
    pub explicit_cities: Vec<(u8, Span)>,
    /// Segments this one crosses on a bridge (`over=`, on either of the two):
    /// a road and a river or a road, a city and a city.
    pub bridges: SegmentMask,
    /// For a field: cities the text says it does not touch (`not-touching=`),
    /// taken out of the derived adjacency.
    pub not_touching: SegmentMask,
    /// Segments this one crosses where one passes under the other (`under=`,
    /// on either of the two): a road and the cities and fields it passes under
    /// in a tunnel, a river and a city, a field on the river's banks and that
    /// city.
    pub tunnels: SegmentMask,
    /// The segments this one passes over (`over=` on it, `under=` on them):
    /// of two crossing segments, which is on top.
    pub over: SegmentMask,
    /// The statement that declares it.
    pub span: Span,
}

impl Segment {
    /// The ports a neighbour's segment joins across: [`Segment::ports`] but
    /// the middles the city only reaches.
    pub fn edge_ports(&self) -> PortMask {
        self.ports & !self.reaches
    }
}

/// A point where roads or rivers end.
#[derive(Clone, Debug)]
pub struct End {
    /// The runtime form.
    pub end: RoadEnd,
    /// The `end` statement.
    pub span: Span,
}

impl Tile {
    /// The tile's runtime definition.
    pub fn to_runtime(&self) -> TileKind {
        TileKind {
            id: Cow::Owned(self.id.clone()),
            name: Cow::Owned(self.name.clone()),
            count: self.count,
            start: self.start,
            segments: Cow::Owned(
                self.segments
                    .iter()
                    .map(|s| tilec_runtime::Segment {
                        name: Cow::Owned(s.name.clone()),
                        kind: s.kind,
                        ports: s.edge_ports(),
                        pennants: s.pennants,
                        cities: s.cities,
                        reaches: s.reaches,
                    })
                    .collect(),
            ),
            ports: self.edge_ports(),
            edges: rotated_edges(self.edges),
            ends: Cow::Owned(self.ends.iter().map(|e| e.end).collect()),
            arrow: self.arrow,
            marks: Cow::Owned(self.marks.clone()),
            symmetry: self.symmetry,
            copies: Cow::Owned(self.copies.iter().map(|c| Cow::Owned(c.clone())).collect()),
            provenance: self.provenance,
            crossings: Cow::Owned(self.crossings()),
            sources: Cow::Owned(self.sources.clone()),
        }
    }

    /// The aspects of its data a source gives: all for a sourced tile (as
    /// [`TileKind::sourced`]).
    pub fn sourced(&self) -> Aspects {
        self.provenance.sourced(&self.sources)
    }

    /// Every crossing of the tile, the segment on top first, in segment order.
    pub fn crossings(&self) -> Vec<Crossing> {
        let mut out = Vec::new();
        for (i, s) in self.segments.iter().enumerate() {
            for j in crate::graph::bits(s.over) {
                out.push(Crossing {
                    over: i as u8,
                    under: j as u8,
                });
            }
        }
        out
    }

    /// Each port's segment as the board joins it: [`Tile::ports`] but for
    /// the middle ports cities reach without holding, which no segment holds.
    pub fn edge_ports(&self) -> [u8; 12] {
        let reached = self.segments.iter().fold(0, |m, s| m | s.reaches);
        let mut ports = self.ports;
        for (p, owner) in ports.iter_mut().enumerate() {
            if reached & (1 << p) != 0 {
                *owner = NO_SEGMENT;
            }
        }
        ports
    }

    /// Whether the tile has no segment on any port (a town hall).
    pub fn is_wildcard(&self) -> bool {
        self.ports.iter().all(|&p| p == NO_SEGMENT)
    }
}

/// The edge signatures of all four rotations, from the rotation-0 signature.
pub fn rotated_edges(edges: [Edge; 4]) -> [[Edge; 4]; 4] {
    let mut out = [edges; 4];
    for (r, sig) in out.iter_mut().enumerate() {
        // After r clockwise quarter turns, the edge facing direction d came from d - r.
        for (d, e) in sig.iter_mut().enumerate() {
            *e = edges[(d + 4 - r) % 4];
        }
    }
    out
}

impl Set {
    /// The set's runtime definition.
    pub fn to_runtime(&self) -> TileSet {
        TileSet {
            id: Cow::Owned(self.id.clone()),
            name: Cow::Owned(self.name.clone()),
            river: self.river,
            tiles: Cow::Owned(self.tiles.iter().map(Tile::to_runtime).collect()),
        }
    }

    /// Copies in the set, counting tiles that failed to lower.
    pub fn total(&self) -> u32 {
        self.tiles.iter().map(|t| u32::from(t.count)).sum::<u32>() + self.dropped_copies
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotating_a_signature_turns_it_clockwise() {
        let sig = [Edge::City, Edge::Road, Edge::Field, Edge::Road];
        let r = rotated_edges(sig);
        assert_eq!(r[0], sig);
        // After a quarter turn the city faces east.
        assert_eq!(r[1], [Edge::Road, Edge::City, Edge::Road, Edge::Field]);
        assert_eq!(r[2], [Edge::Field, Edge::Road, Edge::City, Edge::Road]);
    }
}
