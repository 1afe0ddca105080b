//! Immutable tile definitions: the types the generated tables are written in.
//!
//! Every type here can be built in a `const` context (the static tables in
//! `runtime/generated/tables.rs`) or at run time (a designer's set compiled from text by
//! the `tilec` CLI); [`Cow`] carries both.
//!
//! Ports are numbered clockwise from the north-west corner:
//! `NL=0 N=1 NR=2 EL=3 E=4 ER=5 SL=6 S=7 SR=8 WL=9 W=10 WR=11`. `L`/`R` are left and
//! right as seen from the tile centre looking out through the edge. A [`PortMask`]
//! has bit `i` set for port `i`. Rotating a tile by 90° clockwise moves port `i` to
//! port `(i + 3) % 12`.

use std::borrow::Cow;

pub use crate::mark::{Mark, MarkArg, MarkKind};
pub use crate::sourcing::{Aspect, Aspects, Sourcing};

/// A set of ports: bit `i` is port `i` (see the module docs for the numbering).
pub type PortMask = u16;

/// A set of segments of one tile: bit `i` is the tile's segment `i`.
pub type SegmentMask = u32;

/// No segment owns this port (a town hall's ports).
pub const NO_SEGMENT: u8 = u8::MAX;

/// The names of the 12 ports, in port-number order.
pub const PORT_NAMES: [&str; 12] = [
    "NL", "N", "NR", "EL", "E", "ER", "SL", "S", "SR", "WL", "W", "WR",
];

/// The names of the four edges, in direction order (N=0, E=1, S=2, W=3).
pub const EDGE_NAMES: [&str; 4] = ["N", "E", "S", "W"];

/// Rotates a port mask clockwise by `quarter_turns` × 90°.
pub const fn rotate_ports(mask: PortMask, quarter_turns: u8) -> PortMask {
    let shift = (3 * (quarter_turns % 4)) as u32;
    let m = mask as u32;
    (((m << shift) | (m >> (12 - shift))) & 0xFFF) as PortMask
}

/// What an edge presents to its neighbour for matching.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Edge {
    /// Field along the whole edge.
    Field,
    /// A road in the middle, fields on both halves.
    Road,
    /// City along the whole edge.
    City,
    /// A river in the middle.
    River,
    /// Matches anything (a town hall).
    Any,
    /// Some of the edge is a seam: an inner side of a piece of several squares
    /// (the Count of Carcassonne's city), no tile edge. It meets only another
    /// seam, where the piece is laid out at setup; the engine lays no piece
    /// out, so in play a tile with a seam fits nowhere (it is left out of the
    /// pile, see [`SegmentKind::Seam`]).
    Seam,
}

impl Edge {
    /// Whether two edges may touch on the board.
    pub const fn matches(self, other: Edge) -> bool {
        match (self, other) {
            // A seam meets a seam of the same piece, nothing else, not even a town hall.
            (Edge::Seam, o) | (o, Edge::Seam) => matches!(o, Edge::Seam),
            (Edge::Any, _) | (_, Edge::Any) => true,
            _ => self as u8 == other as u8,
        }
    }

    /// The lowercase name used in the tile language and the JSON export.
    pub const fn name(self) -> &'static str {
        match self {
            Edge::Field => "field",
            Edge::Road => "road",
            Edge::City => "city",
            Edge::River => "river",
            Edge::Any => "any",
            Edge::Seam => "seam",
        }
    }
}

/// The kind of a segment (one feature area on one tile).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum SegmentKind {
    /// A road (traveller / thief).
    Road,
    /// A city (knight); may carry pennants.
    City,
    /// A field (farmer).
    Field,
    /// A monastery (monk, abbot).
    Monastery,
    /// An Abbot's garden (abbot only).
    Garden,
    /// A river (no figures).
    River,
    /// Baba Yaga's hut (an anti-monastery).
    Hut,
    /// A seam: the ports of a tile that are no tile edge but an inner side of a
    /// piece of several squares (the Count of Carcassonne's city, laid out at
    /// setup). No figure stands on it and it is no feature; the engine does not
    /// play such pieces: [`Catalog::new`](crate::Catalog::new) refuses a tile
    /// with one, and as plain topology leaves it out of the pile.
    Seam,
}

impl SegmentKind {
    /// The lowercase name used in the tile language and the JSON export.
    pub const fn name(self) -> &'static str {
        match self {
            SegmentKind::Road => "road",
            SegmentKind::City => "city",
            SegmentKind::Field => "field",
            SegmentKind::Monastery => "monastery",
            SegmentKind::Garden => "garden",
            SegmentKind::River => "river",
            SegmentKind::Hut => "hut",
            SegmentKind::Seam => "seam",
        }
    }
}

/// One feature area on one tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// The name the designer gave it (unique on its tile).
    pub name: Cow<'static, str>,
    /// What it is.
    pub kind: SegmentKind,
    /// The ports it touches (empty for a monastery or an enclosed field).
    pub ports: PortMask,
    /// Coats of arms (cities only).
    pub pennants: u8,
    /// For a field: the city segments of this tile it touches.
    pub cities: SegmentMask,
    /// For a city: the middle ports of edges it runs to inside the tile
    /// without holding the edge (`reaches=S` in the tile language;
    /// JCloisterZone's `HS/C!.v`). It parts the two fields of that edge
    /// there, the edge stays a field edge, and no segment holds the port in
    /// [`TileKind::ports`], so nothing joins across it: two such edges placed
    /// together keep their fields apart. Not in `ports`; for drawing.
    pub reaches: PortMask,
}

/// What a road (or river) ends at on its tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EndKind {
    /// A crossroads where several roads meet.
    Junction,
    /// A village (houses) ending the roads that reach it.
    Village,
    /// A segment of the tile: a monastery, a city gate, a hut or another road.
    Segment,
    /// Bogatyr's stone: joins the end to the segments in `touches`.
    Stone,
    /// The bank of a river.
    Bank,
    /// The river's spring.
    Spring,
    /// The river's lake.
    Lake,
    /// A tunnel portal of the Tunnel expansion: the road goes underground here and
    /// comes up at another portal a player joins it to. The engine does not play
    /// it ([`EndKind::played`]): the road simply ends there as plain topology.
    Tunnel,
}

impl EndKind {
    /// The lowercase keyword used in the tile language.
    pub const fn name(self) -> &'static str {
        match self {
            EndKind::Junction => "junction",
            EndKind::Village => "village",
            EndKind::Segment => "segment",
            EndKind::Stone => "stone",
            EndKind::Bank => "bank",
            EndKind::Spring => "spring",
            EndKind::Lake => "lake",
            EndKind::Tunnel => "tunnel",
        }
    }

    /// Whether the engine plays this end point's rules; a tile with one that it
    /// does not is refused by [`Catalog::new`](crate::Catalog::new) unless its
    /// tiles are played as plain topology.
    pub const fn played(self) -> bool {
        !matches!(self, EndKind::Tunnel)
    }
}

/// One point on a tile where roads (or a river) end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoadEnd {
    /// What the end point is.
    pub kind: EndKind,
    /// The roads/rivers that end here (they share this end point).
    pub segments: SegmentMask,
    /// The other segments this end point touches: the monastery, the city whose gate
    /// it is, or the road a stone joins it to.
    pub touches: SegmentMask,
}

/// The three kinds of 20th Anniversary arrow symbols.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum ArrowKind {
    /// Add a follower next to one of your own.
    AddNextTo,
    /// Place a follower on any unoccupied incomplete feature.
    Portal,
    /// Play one more turn.
    ExtraTurn,
}

impl ArrowKind {
    /// The keyword used in the tile language and the JSON export.
    pub const fn name(self) -> &'static str {
        match self {
            ArrowKind::AddNextTo => "add-next-to",
            ArrowKind::Portal => "portal",
            ArrowKind::ExtraTurn => "extra-turn",
        }
    }
}

/// An arrow symbol and the edge it points at (0=N, 1=E, 2=S, 3=W, at rotation 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// The arrow's kind.
    pub kind: ArrowKind,
    /// The edge it points at.
    pub points: u8,
}

/// A small illustration drawn on some copies of a tile (no rule effect in the
/// shipped sets).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Illustration {
    /// A farmhouse.
    Farmhouse,
    /// A cowshed.
    Cowshed,
    /// A water tower.
    WaterTower,
    /// Highwaymen.
    Highwaymen,
    /// A donkey stable.
    DonkeyStable,
    /// A pigsty.
    Pigsty,
    /// A drawn crossroads.
    Crossroads,
}

impl Illustration {
    /// The keyword used in the tile language and the JSON export.
    pub const fn name(self) -> &'static str {
        match self {
            Illustration::Farmhouse => "farmhouse",
            Illustration::Cowshed => "cowshed",
            Illustration::WaterTower => "water-tower",
            Illustration::Highwaymen => "highwaymen",
            Illustration::DonkeyStable => "donkey-stable",
            Illustration::Pigsty => "pigsty",
            Illustration::Crossroads => "crossroads",
        }
    }
}

/// Where a tile's data comes from, as a whole ([`TileKind::sources`] says which
/// aspects of it a named source gives).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Provenance {
    /// Every aspect of it is read from a source (an established engine's
    /// definitions, cross-checked).
    Sourced,
    /// Some aspect (or all) was designed to fit the published rules: no
    /// readable source gives it.
    Reconstructed,
}

impl Provenance {
    /// The keyword used in the tile language and the JSON export.
    pub const fn name(self) -> &'static str {
        match self {
            Provenance::Sourced => "sourced",
            Provenance::Reconstructed => "reconstructed",
        }
    }

    /// The aspects of a tile's data that a source gives: all of them for a
    /// sourced tile, else those its named `sources` give.
    pub fn sourced(self, sources: &[Sourcing]) -> Aspects {
        match self {
            Provenance::Sourced => Aspects::ALL,
            Provenance::Reconstructed => sources
                .iter()
                .fold(Aspects::NONE, |a, s| a.union(s.aspects)),
        }
    }
}

/// One kind of tile (all copies of it share this definition).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileKind {
    /// Stable id, `set/letter` (for example `base/D` or `base/E-garden`).
    pub id: Cow<'static, str>,
    /// Display name.
    pub name: Cow<'static, str>,
    /// How many copies the set has.
    pub count: u8,
    /// Whether one copy is the start tile.
    pub start: bool,
    /// The segments; indices into this slice are the tile's segment numbers.
    pub segments: Cow<'static, [Segment]>,
    /// For each port, the segment owning it (what a neighbour's port across
    /// it joins), or [`NO_SEGMENT`] (a town hall's sides; the middle of an
    /// edge a city only reaches, [`Segment::reaches`]).
    pub ports: [u8; 12],
    /// Edge signatures for rotations 0°, 90°, 180°, 270° (each indexed N, E, S, W).
    pub edges: [[Edge; 4]; 4],
    /// Where roads and rivers end on this tile.
    pub ends: Cow<'static, [RoadEnd]>,
    /// The 20th Anniversary arrow, if any.
    pub arrow: Option<Arrow>,
    /// Special marks.
    pub marks: Cow<'static, [Mark]>,
    /// How many distinct rotations the tile has (1, 2 or 4).
    pub symmetry: u8,
    /// Illustrations per copy (`copies.len() == count`, or empty if none are given).
    pub copies: Cow<'static, [Cow<'static, [Illustration]>]>,
    /// Where the data comes from.
    pub provenance: Provenance,
    /// Where one segment passes over another (bridges and tunnels): the two
    /// stay separate features. For drawing the tile; the rules need nothing
    /// from it.
    pub crossings: Cow<'static, [Crossing]>,
    /// The named sources and the aspects each gives (empty when the tile names
    /// none; a sourced tile may name some).
    pub sources: Cow<'static, [Sourcing]>,
}

/// One segment of a tile passing over another: a road on a bridge over a
/// river or a road, a city over a city, a road in a tunnel under a city or a
/// field, a river (and the fields on its banks) under a city. The two are
/// separate features, joined to their neighbours by their own ports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Crossing {
    /// The segment on top.
    pub over: u8,
    /// The segment beneath.
    pub under: u8,
}

impl TileKind {
    /// The aspects of the tile's data that a source gives: all of them for a
    /// sourced tile, else those its named sources give.
    pub fn sourced(&self) -> Aspects {
        self.provenance.sourced(&self.sources)
    }

    /// Whether the tile carries a mark of this kind.
    pub fn has_mark(&self, kind: MarkKind) -> bool {
        self.marks.iter().any(|m| m.kind == kind)
    }
}

/// A set of tiles as shipped (or as a designer wrote it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileSet {
    /// Stable id (`base`, `river`, ...).
    pub id: Cow<'static, str>,
    /// Display name.
    pub name: Cow<'static, str>,
    /// Whether this is a river set (spring first, lake last).
    pub river: bool,
    /// The tile kinds, in source order.
    pub tiles: Cow<'static, [TileKind]>,
}

impl TileSet {
    /// Total number of tiles (copies) in the set.
    pub fn total(&self) -> u32 {
        self.tiles.iter().map(|t| u32::from(t.count)).sum()
    }

    /// Looks up a tile kind by its full id.
    pub fn tile(&self, id: &str) -> Option<&TileKind> {
        self.tiles.iter().find(|t| t.id == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotating_ports_moves_each_edge_clockwise() {
        // NL N NR (north edge) turn into EL E ER after one quarter turn.
        assert_eq!(rotate_ports(0b111, 1), 0b111 << 3);
        // WR (bit 11) wraps round to NR (bit 2).
        assert_eq!(rotate_ports(1 << 11, 1), 1 << 2);
        assert_eq!(rotate_ports(0b1010_0101_0011, 4), 0b1010_0101_0011);
    }

    #[test]
    fn any_matches_everything_and_kinds_match_themselves() {
        assert!(Edge::Any.matches(Edge::City));
        assert!(Edge::Road.matches(Edge::Any));
        assert!(Edge::Road.matches(Edge::Road));
        assert!(!Edge::Road.matches(Edge::Field));
        assert!(!Edge::River.matches(Edge::Road));
    }

    #[test]
    fn a_seam_meets_only_a_seam() {
        assert!(Edge::Seam.matches(Edge::Seam));
        for other in [Edge::Field, Edge::Road, Edge::City, Edge::River, Edge::Any] {
            assert!(!Edge::Seam.matches(other), "{other:?}");
            assert!(!other.matches(Edge::Seam), "{other:?}");
        }
    }
}
