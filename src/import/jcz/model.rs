//! What the importer reads out of a JCloisterZone file, before it is written as
//! tile text: tiles with their features, in JCloisterZone's terms.

use crate::diagnostic::Span;
use tilec_runtime::SegmentKind;

/// Edge names, in bit order (`edges` masks): N, E, S, W.
pub const EDGES: [&str; 4] = ["N", "E", "S", "W"];

/// Half-edge names, in JCloisterZone's bit order (`halves` masks); see
/// `location.rs` for why they mean what our ports of the same name mean.
pub const HALVES: [&str; 8] = ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"];

/// A feature kind that has a segment kind in the tile language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `<city>`.
    City,
    /// `<road>`.
    Road,
    /// `<river>`.
    River,
    /// `<farm>` (older files) or `<field>`.
    Field,
    /// `<cloister>` (older files) or `<monastery>`.
    Monastery,
    /// `<garden>`: the Abbot's garden.
    Garden,
    /// `<yaga-hut>`: Baba Yaga's hut.
    Hut,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 7] = [
        Kind::City,
        Kind::Road,
        Kind::River,
        Kind::Field,
        Kind::Monastery,
        Kind::Garden,
        Kind::Hut,
    ];

    /// The segment keyword in the tile language.
    pub fn keyword(self) -> &'static str {
        match self {
            Kind::City => "city",
            Kind::Road => "road",
            Kind::River => "river",
            Kind::Field => "field",
            Kind::Monastery => "monastery",
            Kind::Garden => "garden",
            Kind::Hut => "hut",
        }
    }

    /// The segment kind it becomes.
    pub fn segment_kind(self) -> SegmentKind {
        match self {
            Kind::City => SegmentKind::City,
            Kind::Road => SegmentKind::Road,
            Kind::River => SegmentKind::River,
            Kind::Field => SegmentKind::Field,
            Kind::Monastery => SegmentKind::Monastery,
            Kind::Garden => SegmentKind::Garden,
            Kind::Hut => SegmentKind::Hut,
        }
    }

    /// The first letter of segment names of this kind (`c1`, `r`, `f2`).
    pub fn prefix(self) -> &'static str {
        match self {
            Kind::City => "c",
            Kind::Road => "r",
            Kind::River => "v",
            Kind::Field => "f",
            Kind::Monastery => "m",
            Kind::Garden => "g",
            Kind::Hut => "h",
        }
    }
}

/// One feature of a tile.
#[derive(Clone, Debug)]
pub struct Feature {
    /// What it is.
    pub kind: Kind,
    /// Edges it runs to (cities, roads, rivers): bit `i` is [`EDGES`]`[i]`.
    pub edges: u8,
    /// Half edges it touches (fields): bit `i` is [`HALVES`]`[i]`.
    pub halves: u8,
    /// Coats of arms (cities).
    pub pennants: u32,
    /// Adjoining cities (fields), as indices into the tile's features.
    pub cities: Vec<usize>,
    /// The segment name, given when the tile is written.
    pub name: String,
    /// Marks written on the segment (`inn`, `resource=wine`).
    pub marks: Vec<String>,
    /// `tunnel="true"` (roads): a one-edge road ends at a tunnel portal; a road
    /// through a city passes under it in a tunnel.
    pub tunnel: bool,
    /// Edges whose middle a city runs to without holding the edge (bit `i` is
    /// [`EDGES`]`[i]`): inferred where two fields part there (`reach.rs`).
    pub reaches: u8,
}

impl Feature {
    /// The ports (our numbering, bit `p` is port `p` clockwise from `NL`) it
    /// covers: a city all three of each edge (and the middle of an edge it
    /// reaches), a road or river the middle one, a field its halves (the
    /// middle port between two of them is not counted).
    pub fn ports(&self) -> u16 {
        let mut mask = 0u16;
        for i in (0..HALVES.len()).filter(|i| self.halves & (1 << i) != 0) {
            // Half `2e` is port `3e`, half `2e + 1` is port `3e + 2`.
            mask |= 1 << (3 * (i / 2) + 2 * (i % 2));
        }
        for e in (0..EDGES.len()).filter(|e| self.edges & (1 << e) != 0) {
            mask |= match self.kind {
                Kind::City => 0b111 << (3 * e),
                _ => 1 << (3 * e + 1),
            };
        }
        for e in (0..EDGES.len()).filter(|e| self.reaches & (1 << e) != 0) {
            mask |= 1 << (3 * e + 1);
        }
        mask
    }

    /// A feature with nothing set.
    pub fn new(kind: Kind) -> Feature {
        Feature {
            kind,
            edges: 0,
            halves: 0,
            pennants: 0,
            cities: Vec::new(),
            name: String::new(),
            marks: Vec::new(),
            tunnel: false,
            reaches: 0,
        }
    }
}

/// Where a river with one edge ends, from the tile's `group`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RiverEnd {
    /// `group="river-spring"` (or the older `river-start`).
    Spring,
    /// `group="river-lake"`.
    Lake,
}

/// A special mark on a tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A mark of the whole tile, as written after `mark` (`tower`, `watchtower city`).
    Vocab(String),
    /// A `<tile>` child element whose mark stands on the tile's one segment of
    /// `kind` (`<razboynik/>`: Solovei's tree on the tile's one road).
    OnOne {
        /// The mark's keyword.
        keyword: &'static str,
        /// The kind of segment it stands on.
        kind: Kind,
        /// The element's name, for a diagnostic.
        element: &'static str,
        /// Where the element is.
        span: Span,
    },
}

/// One tile, as read.
#[derive(Clone, Debug)]
pub struct Tile {
    /// The JCloisterZone id (`BA/L`, `RCr`).
    pub id: String,
    /// The `<tile>` or `<card>` start tag.
    pub span: Span,
    /// Copies, once known (a `count` attribute or tile-set refs).
    pub count: Option<u32>,
    /// `<position x="0" y="0"/>`: one copy is placed first.
    pub start: bool,
    /// Where a one-edge river ends, if the tile's group says.
    pub river_end: Option<RiverEnd>,
    /// The features, in file order.
    pub features: Vec<Feature>,
    /// Wagon-move groups: features a wagon moves between (feature indices).
    pub groups: Vec<Vec<usize>>,
    /// Special marks.
    pub marks: Vec<Mark>,
    /// Notes for the tile text: what was assumed or left out.
    pub notes: Vec<String>,
}

/// One tile-set (or a whole file without tile-sets), its refs resolved over
/// every file imported together: the tiles it counts, the tiles it removes, and
/// what else it says.
#[derive(Clone, Debug)]
pub struct TileSet {
    /// The tile-set's `id` (`basic:1`, `river/2:1`); `None` for a file without
    /// tile-sets, whose tiles count themselves.
    pub id: Option<String>,
    /// Where the `<tile-set>` start tag is (the file's root without tile-sets).
    pub span: Span,
    /// Which of the files imported together holds it.
    pub file: usize,
    /// The tiles it counts: (index into all the files' tiles, copies): its own
    /// file's in file order, then other files' in the order of its refs.
    pub refs: Vec<(usize, u32)>,
    /// `<remove tile="..."/>`: tiles a game with this tile-set leaves out
    /// (indices into all the files' tiles), and where each is named.
    pub removes: Vec<(usize, Span)>,
    /// `<requires expansion="RIVER"/>`: JCloisterZone expansion names.
    pub requires: Vec<String>,
    /// `max="N"`: copies of the tile-set a game may hold.
    pub max: Option<u32>,
}
