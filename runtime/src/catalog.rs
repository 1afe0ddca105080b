//! The catalog: the tile sets of one game, checked once and compiled into the
//! lookup tables the engine plays with.
//!
//! A [`Catalog`] is immutable and shared by every [`Game`](crate::Game) that uses it.
//! [`Catalog::new`] is the only way to build one and it checks every index the
//! engine will follow, so that a designer's malformed set is reported as a
//! [`CatalogError`] instead of a panic during play.

use crate::edge_code::{demand, demand_adds, edge_code, fits, pack_sides, side, DEMANDS, SLOT};
use crate::expansion::InPlay;
use crate::features::{SegmentNode, Template};
use crate::figure::FigureKind;
use crate::tile::{ArrowKind, EndKind, MarkKind, SegmentKind, TileKind, TileSet, NO_SEGMENT};
use std::fmt;
use std::sync::Arc;

/// Size of the per-kind fit tables: a power of two above every demand index, so
/// that `index & (TABLE - 1)` needs no bounds check in the placement loops.
pub(crate) const TABLE: usize = 1024;

/// Where the rotations sit in a fit-table byte (the count is below them).
const FIT_SHIFT: u8 = 3;

/// The rotations (bit per rotation) of a fit-table byte (`KindInfo::fit`).
pub(crate) const fn fit_rotations(entry: u8) -> u8 {
    entry >> FIT_SHIFT
}

/// How many rotations a fit-table byte holds (at most 4).
pub(crate) const fn fit_count(entry: u8) -> u8 {
    entry & ((1 << FIT_SHIFT) - 1)
}

/// [`fit_count`] of all eight bytes of a word at once.
pub(crate) const FIT_COUNTS: u64 = 0x0707_0707_0707_0707;

/// Index of a tile kind in its [`Catalog`].
pub type KindId = u16;

/// Where a tile kind goes in the draw pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum PileClass {
    /// The river's spring: the start tile when the river is played.
    Spring,
    /// A river tile that forks the river (a river with three or more edges):
    /// drawn right after the spring, before the other river tiles, as River
    /// II's rules place its fork, so that a branch ending early (at a city)
    /// never closes the whole river.
    Fork,
    /// A tile with a river, drawn before every land tile.
    River,
    /// The river's lake, drawn after the other river tiles.
    Lake,
    /// A land tile.
    Land,
    /// A town hall (Messengers & Mayors): never in the pile; each player holds one
    /// and may place it instead of drawing.
    TownHall,
    /// An abbey (Abbey & Mayor): never in the pile; each player holds one and
    /// may place it instead of drawing, on a square with tiles on all four
    /// sides. In a catalog played as plain topology it is not in play: no
    /// player holds one.
    Abbey,
    /// A square of a piece laid out at setup (a tile with a seam: the Count of
    /// Carcassonne's city): never in the pile. The engine lays no piece out, so
    /// it is only in a catalog played as plain topology, and then not in play.
    Laid,
}

/// Compiled facts about one segment of a tile kind.
#[derive(Clone, Debug)]
pub(crate) struct SegInfo {
    pub kind: SegmentKind,
    pub pennants: u8,
    pub cities: u32,
    /// Edge crossings of a road, river or city: the feature is complete when all
    /// crossings of all its segments are joined.
    pub sides: u8,
}

/// The edge code of a river side.
const RIVER_CODE: u16 = edge_code(crate::tile::Edge::River);

/// Compiled facts about one tile kind.
///
/// Laid out by hand (`repr(C)`, on cache-line boundaries): with every set in
/// play the kinds' entries are mostly out of the L1 cache when a tile is
/// drawn or placed, so what a draw and a placement read comes first, in
/// three lines, and the rest of the definition after it. The first line
/// holds what a draw's count and a placement's own tile read (and the
/// expansions' flags), the second what a placement reads per rotation (also
/// of its neighbours' kinds), the third what the figure step reads.
#[derive(Clone, Debug)]
#[repr(C, align(64))]
pub(crate) struct KindInfo {
    /// For each demand index, at its slot (`edge_code::SLOT`): the distinct
    /// rotations (bit per rotation) whose edges fit it, and how many they are,
    /// in one byte ([`fit_rotations`], [`fit_count`]; one table, so that
    /// counting and picking read the same cache lines). River rules are checked
    /// on top of this. Shared by the kinds with the same edges and symmetry
    /// (see [`FitTables`]).
    pub fit: Arc<[u8; TABLE]>,
    /// The feature nodes a placed copy starts with (see `Features::add_tile`),
    /// padded to whole groups of nodes.
    pub nodes: Template,
    /// For a river kind: [`KindInfo::fit`] without the rotations that would
    /// not continue the river, so that random play counts and picks its
    /// placements checking only the U-turn rule.
    pub river_fit: Option<Arc<[u8; TABLE]>>,
    /// Road, river and city segments (bit per segment): counted in crossings.
    pub crossing: u32,
    /// The road and city segments (bit per segment): those a placement can
    /// complete.
    pub closable: u32,
    /// The arrow's kind and the side it points at, per rotation.
    pub arrow: Option<(ArrowKind, [u8; 4])>,
    pub rotations: u8,
    /// Whether any rotation has a river edge (placement then checks the river).
    pub river: bool,
    /// The Festival symbol: the figure step offers a festival return.
    pub festival: bool,
    /// Per rotation: what the tile adds to the demand index of the square beyond
    /// each side (`edge_code::demand_adds` of `sig`).
    pub adds: [[u16; 4]; 4],
    /// Per rotation and side: the segments at the side's ports in the order a
    /// neighbour beyond that side sees them (its left, middle, right), so that a
    /// placement pairs them with its own ports without per-port lookups.
    pub facing: [[[u8; 3]; 4]; 4],
    /// Packed one-hot edges (4 bits per side, N lowest) per rotation.
    pub sig: [u16; 4],
    /// The segment Solovei's tree stands on, or `NO_SEGMENT`.
    pub tree: u8,
    /// Vodyanoy's lake: the tile traps figures around it.
    pub trap_lake: bool,
    /// Per figure kind (in [`FigureKind::ALL`] order): the segments it may stand
    /// on (bit per segment), so the figure step tests a mask per segment (the
    /// base game's two kinds in the third line; the expansions' run on).
    pub stand: [u32; FigureKind::ALL.len()],
    pub class: PileClass,
    /// Sides (bit per direction) that carry a river, per rotation.
    pub river_sides: [u8; 4],
    /// The segment at each board port, per rotation.
    pub port_seg: [[u8; 12]; 4],
    pub segs: Vec<SegInfo>,
    pub def: TileKind,
}

// The layout note's lines, checked at compile time: the per-rotation fields
// start the second line, the figure step's in the third, the definition last.
const _: () = {
    use std::mem::offset_of;
    assert!(offset_of!(KindInfo, festival) < 64);
    assert!(offset_of!(KindInfo, adds) == 64);
    assert!(offset_of!(KindInfo, stand) / 64 == 2 && offset_of!(KindInfo, trap_lake) / 64 == 2);
    assert!(offset_of!(KindInfo, def) > offset_of!(KindInfo, segs));
};

/// What the turn tests on its hot paths, so that a game without expansions
/// pays one flag test per step for them.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Rules {
    /// Some expansion is in play ([`Catalog`]'s `exp`): the turn has steps
    /// beyond the base game's.
    pub any: bool,
    /// How many figure kinds are in play (the base game's two, or more with
    /// an expansion's).
    pub figures: usize,
}

/// Everything wrong with a tile set, found while building a [`Catalog`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CatalogError {
    /// Two kinds share one id.
    DuplicateId(String),
    /// A port names a segment the tile does not have.
    BadPort {
        /// The tile id.
        tile: String,
        /// The port number.
        port: usize,
    },
    /// A field's city mask names a segment that is not a city of the tile.
    BadCityLink {
        /// The tile id.
        tile: String,
        /// The field segment.
        segment: usize,
    },
    /// The tile has more segments than the engine supports (32).
    TooManySegments {
        /// The tile id.
        tile: String,
    },
    /// The symmetry is not 1, 2 or 4.
    BadSymmetry {
        /// The tile id.
        tile: String,
        /// The symmetry given.
        symmetry: u8,
    },
    /// `edges[r]` is not `edges[0]` turned by `r` quarter turns.
    InconsistentEdges {
        /// The tile id.
        tile: String,
    },
    /// The sets hold more tiles or segments than the engine supports.
    TooLarge,
    /// No set was given.
    Empty,
    /// No shipped set has this id.
    UnknownSet(String),
    /// A tile carries a mark whose rules the engine does not play (see
    /// [`MarkKind::played`]); [`CatalogOptions::topology_only`] plays it anyway,
    /// as plain topology.
    UnplayedMark {
        /// The tile id.
        tile: String,
        /// The mark's keyword (`tower`).
        mark: &'static str,
    },
    /// A tile has a road end whose rules the engine does not play (see
    /// [`EndKind::played`](crate::EndKind::played)); [`CatalogOptions::topology_only`]
    /// plays it anyway, the road simply ending there.
    UnplayedEnd {
        /// The tile id.
        tile: String,
        /// The end point's keyword (`tunnel`).
        end: &'static str,
    },
    /// A tile has a seam (see [`SegmentKind::Seam`]): it is a square of a piece
    /// laid out at setup, which the engine does not play;
    /// [`CatalogOptions::topology_only`] leaves it out of the pile.
    UnplayedSeam {
        /// The tile id.
        tile: String,
    },
}

/// How [`Catalog::with_options`] treats what the engine cannot play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CatalogOptions {
    /// Play tiles whose marks have no rules in the engine as plain topology
    /// (their marks are carried and ignored) instead of refusing them.
    pub topology_only: bool,
}

impl fmt::Display for CatalogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CatalogError::DuplicateId(id) => write!(f, "tile id `{id}` is defined twice"),
            CatalogError::BadPort { tile, port } => {
                write!(
                    f,
                    "tile `{tile}`: port {port} names a segment it does not have"
                )
            }
            CatalogError::BadCityLink { tile, segment } => write!(
                f,
                "tile `{tile}`: segment {segment} links to a city that does not exist"
            ),
            CatalogError::TooManySegments { tile } => {
                write!(f, "tile `{tile}` has more than 32 segments")
            }
            CatalogError::BadSymmetry { tile, symmetry } => {
                write!(f, "tile `{tile}`: symmetry {symmetry} is not 1, 2 or 4")
            }
            CatalogError::InconsistentEdges { tile } => {
                write!(
                    f,
                    "tile `{tile}`: edge signatures do not agree across rotations"
                )
            }
            CatalogError::TooLarge => write!(f, "the sets hold too many tiles or segments"),
            CatalogError::Empty => write!(f, "no tile set given"),
            CatalogError::UnknownSet(id) => write!(f, "no shipped tile set is called `{id}`"),
            CatalogError::UnplayedMark { tile, mark } => write!(
                f,
                "tile `{tile}` carries the mark `{mark}`, whose rules the engine does not play; \
                 play its tiles as plain topology to ignore it"
            ),
            CatalogError::UnplayedEnd { tile, end } => write!(
                f,
                "tile `{tile}` has a road ending at a `{end}`, whose rules the engine does not play; \
                 play its tiles as plain topology to end the road there"
            ),
            CatalogError::UnplayedSeam { tile } => write!(
                f,
                "tile `{tile}` has a seam: it is a square of a piece laid out at setup (the \
                 Count of Carcassonne's city), which the engine does not play; play its \
                 tiles as plain topology to leave it out of the pile"
            ),
        }
    }
}

impl std::error::Error for CatalogError {}

/// The first mark (then road end) of `kind` whose rules the engine does not play,
/// as an error.
fn refuse_unplayed(kind: &TileKind) -> Result<(), CatalogError> {
    match kind.marks.iter().find(|m| !m.kind.played()) {
        Some(m) => Err(CatalogError::UnplayedMark {
            tile: kind.id.to_string(),
            mark: m.kind.name(),
        }),
        None => match kind.ends.iter().find(|e| !e.kind.played()) {
            Some(e) => Err(CatalogError::UnplayedEnd {
                tile: kind.id.to_string(),
                end: e.kind.name(),
            }),
            None if kind.segments.iter().any(|s| s.kind == SegmentKind::Seam) => {
                Err(CatalogError::UnplayedSeam {
                    tile: kind.id.to_string(),
                })
            }
            None => Ok(()),
        },
    }
}

/// The tile sets of one game, checked and compiled for play.
#[derive(Clone, Debug)]
pub struct Catalog {
    pub(crate) kinds: Vec<KindInfo>,
    set_ids: Vec<String>,
    /// Upper bound on segment instances over a whole game.
    pub(crate) max_nodes: usize,
    pub(crate) total_tiles: usize,
    /// Every copy of every kind: games copy it instead of rebuilding it.
    pub(crate) pile: crate::pile::Pile,
    pub(crate) rules: Rules,
    /// Which expansions are in play, with what their tiles say (one field
    /// per registered expansion: `expansion/registry.rs`).
    pub(crate) exp: InPlay,
    /// The figure kinds in play, in [`FigureKind::ALL`] order.
    figure_kinds: Vec<FigureKind>,
}

impl Catalog {
    /// Checks and compiles `sets` (in play together).
    ///
    /// ```
    /// use tilec_runtime::{Catalog, CatalogError};
    /// assert_eq!(Catalog::new(&[]).unwrap_err(), CatalogError::Empty);
    /// ```
    pub fn new(sets: &[&TileSet]) -> Result<Catalog, CatalogError> {
        Catalog::with_options(sets, CatalogOptions::default())
    }

    /// Checks and compiles `sets` as [`Catalog::new`] does, with `options`.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use tilec_runtime::catalog::{Catalog, CatalogError, CatalogOptions};
    /// use tilec_runtime::{tables, Mark, MarkKind, TileSet, NO_SEGMENT};
    /// let mut tile = tables::BASE.tiles[0].clone();
    /// tile.marks = Cow::Owned(vec![Mark { kind: MarkKind::Watchtower, segment: NO_SEGMENT, value: 0 }]);
    /// let set = TileSet { tiles: Cow::Owned(vec![tile]), ..tables::BASE.clone() };
    /// let err = Catalog::new(&[&set]).unwrap_err();
    /// assert!(matches!(err, CatalogError::UnplayedMark { mark: "watchtower", .. }));
    /// let topology = CatalogOptions { topology_only: true };
    /// assert!(Catalog::with_options(&[&set], topology).is_ok());
    /// ```
    pub fn with_options(
        sets: &[&TileSet],
        options: CatalogOptions,
    ) -> Result<Catalog, CatalogError> {
        if sets.is_empty() {
            return Err(CatalogError::Empty);
        }
        let mut kinds: Vec<KindInfo> = Vec::new();
        let mut tables = FitTables::default();
        for kind in sets.iter().flat_map(|s| s.tiles.iter()) {
            if kinds.iter().any(|k| k.def.id == kind.id) {
                return Err(CatalogError::DuplicateId(kind.id.to_string()));
            }
            if !options.topology_only {
                refuse_unplayed(kind)?;
            }
            kinds.push(compile(kind, &mut tables)?);
        }
        let total_tiles: usize = kinds.iter().map(|k| usize::from(k.def.count)).sum();
        let max_nodes: usize = kinds
            .iter()
            .map(|k| usize::from(k.def.count) * k.segs.len())
            .sum::<usize>()
            + kinds
                .iter()
                .map(|k| k.nodes.padded_len())
                .max()
                .unwrap_or(0);
        if max_nodes >= usize::from(u16::MAX) || total_tiles >= usize::from(u16::MAX) - 1 {
            return Err(CatalogError::TooLarge);
        }
        let set_ids = sets.iter().map(|s| s.id.to_string()).collect();
        let exp = InPlay::new(&kinds);
        let figures = exp.figures();
        let figure_kinds: Vec<FigureKind> = FigureKind::ALL
            .into_iter()
            .filter(|k| figures & 1 << k.index() != 0)
            .collect();
        let rules = Rules {
            any: exp.any(),
            figures: figure_kinds.len(),
        };
        let mut cat = Catalog {
            kinds,
            set_ids,
            max_nodes,
            total_tiles,
            pile: crate::pile::Pile::default(),
            rules,
            exp,
            figure_kinds,
        };
        cat.pile = crate::pile::Pile::full(&cat);
        Ok(cat)
    }

    /// The shipped sets ([`crate::tables::SETS`]) with these ids, checked and compiled.
    ///
    /// ```
    /// use tilec_runtime::Catalog;
    /// let cat = Catalog::shipped(&["base", "river"]).unwrap();
    /// assert!(cat.kind_id("river/A").is_some());
    /// assert!(Catalog::shipped(&["bass"]).is_err());
    /// ```
    pub fn shipped(ids: &[&str]) -> Result<Catalog, CatalogError> {
        let mut sets = Vec::new();
        for &id in ids {
            let set = crate::tables::SETS.iter().find(|s| s.id == id);
            sets.push(*set.ok_or_else(|| CatalogError::UnknownSet(id.to_string()))?);
        }
        Catalog::new(&sets)
    }

    /// The town hall kind, when Messengers & Mayors is in play: each player then
    /// holds a town hall and a mayor, a messenger and a scarecrow.
    pub fn town_hall(&self) -> Option<KindId> {
        self.exp.mm
    }

    /// Whether the town halls (and the Messengers & Mayors figures) are in play.
    pub fn has_town_halls(&self) -> bool {
        self.exp.mm.is_some()
    }

    /// The figure kinds in play, in [`FigureKind::ALL`] order: the base
    /// game's follower and abbot, and those of the expansions whose tiles
    /// are in play (the Messengers & Mayors figures with its town halls, the
    /// big follower with the inns and cathedrals, the builder and the pig
    /// with Traders & Builders' goods).
    ///
    /// ```
    /// use tilec_runtime::{Catalog, FigureKind};
    /// let base = Catalog::shipped(&["base"]).unwrap();
    /// assert_eq!(base.figure_kinds(), [FigureKind::Follower, FigureKind::Abbot]);
    /// let mm = Catalog::shipped(&["base", "mm"]).unwrap();
    /// assert_eq!(mm.figure_kinds(), &FigureKind::ALL[..5]);
    /// let ic = Catalog::shipped(&["base", "inns-cathedrals"]).unwrap();
    /// assert_eq!(ic.figure_kinds()[2], FigureKind::BigFollower);
    /// let tb = Catalog::shipped(&["base", "traders-builders"]).unwrap();
    /// assert_eq!(&tb.figure_kinds()[2..], [FigureKind::Builder, FigureKind::Pig]);
    /// ```
    pub fn figure_kinds(&self) -> &[FigureKind] {
        &self.figure_kinds
    }

    /// The ids of the sets in play, in the order given.
    pub fn set_ids(&self) -> &[String] {
        &self.set_ids
    }

    /// Number of tile kinds.
    pub fn len(&self) -> usize {
        self.kinds.len()
    }

    /// Whether the catalog has no tile kinds.
    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    /// The definition of a kind. Panics on an id not from this catalog.
    pub fn kind(&self, id: KindId) -> &TileKind {
        &self.kinds[usize::from(id)].def
    }

    /// Looks a kind up by its full id (`base/D`).
    pub fn kind_id(&self, id: &str) -> Option<KindId> {
        self.kinds
            .iter()
            .position(|k| k.def.id == id)
            .or_else(|| self.abbey_named(id))
            .map(|i| i as KindId)
    }

    /// `<set>/abbey`: the set's abbey (Abbey & Mayor's tile A), as records
    /// name the players' abbeys.
    fn abbey_named(&self, id: &str) -> Option<usize> {
        let set = id.strip_suffix("/abbey")?;
        self.kinds.iter().position(|k| {
            k.class == PileClass::Abbey
                && k.def
                    .id
                    .strip_prefix(set)
                    .is_some_and(|r| r.starts_with('/'))
        })
    }

    /// Every kind id, in set order.
    pub fn kind_ids(&self) -> impl Iterator<Item = KindId> {
        0..self.kinds.len() as KindId
    }

    /// Where `id` goes in the draw pile.
    pub fn pile_class(&self, id: KindId) -> PileClass {
        self.kinds[usize::from(id)].class
    }

    /// The usual start tile: the spring when a river is in play, otherwise the kind
    /// marked as start, otherwise the first kind; never a square of a piece laid
    /// out at setup ([`PileClass::Laid`]) nor an abbey while another kind is there.
    pub fn default_start(&self) -> KindId {
        let find = |f: &dyn Fn(&KindInfo) -> bool| self.kinds.iter().position(f);
        let drawn = |k: &KindInfo| !matches!(k.class, PileClass::Laid | PileClass::Abbey);
        find(&|k| k.class == PileClass::Spring)
            .or_else(|| find(&|k| k.def.start && drawn(k)))
            .or_else(|| find(&drawn))
            .unwrap_or(0) as KindId
    }
}

/// The fit tables of the kinds compiled so far, by edges (rotation 0's packed
/// signature) and symmetry, which decide them: kinds that look alike at their
/// edges share one pair of tables. With all the shipped sets that is 49
/// tables for 86 kinds, so that the lines a random draw reads are more often
/// in the L1 cache.
#[derive(Default)]
struct FitTables {
    built: Vec<((u16, u8), FitPair)>,
}

/// A kind's [`KindInfo::fit`] and [`KindInfo::river_fit`].
type FitPair = (Arc<[u8; TABLE]>, Option<Arc<[u8; TABLE]>>);

impl FitTables {
    /// The tables of a kind with edges `sig` (per rotation) and `symmetry`.
    fn get(&mut self, sig: &[u16; 4], symmetry: u8) -> FitPair {
        let key = (sig[0], symmetry);
        if let Some((_, pair)) = self.built.iter().find(|(k, _)| *k == key) {
            return pair.clone();
        }
        let pair = build_fit(sig, symmetry);
        self.built.push((key, pair.clone()));
        pair
    }
}

/// The fit tables of a kind with edges `sig` (per rotation) and `symmetry`.
fn build_fit(sig: &[u16; 4], symmetry: u8) -> FitPair {
    let river_sides =
        sig.map(|s| (0..4).fold(0u8, |m, d| m | u8::from(side(s, d) == RIVER_CODE) << d));
    let mut fit = Box::new([0u8; TABLE]);
    // For a river kind, also the rotations that continue the river: a river
    // side facing a neighbour's river edge (`Game::river_ok`'s first rule,
    // which depends on the demand alone).
    let river = river_sides.iter().any(|&m| m != 0);
    let mut river_fit = river.then(|| Box::new([0u8; TABLE]));
    for (i, &slot) in SLOT.iter().enumerate().take(DEMANDS) {
        let rots = (0..symmetry).filter(|&r| fits(sig[usize::from(r)], demand(i)));
        let rots: u8 = rots.fold(0, |m, r| m | 1 << r);
        fit[usize::from(slot)] = rots << FIT_SHIFT | rots.count_ones() as u8;
        if let Some(table) = &mut river_fit {
            let asks = (0..4).fold(0u8, |m, d| match side(demand(i), d) == RIVER_CODE {
                true => m | 1 << d,
                false => m,
            });
            let go_on: u8 = (0..4)
                .filter(|&r| rots & 1 << r != 0 && river_sides[r] & asks != 0)
                .fold(0, |m, r| m | 1 << r);
            table[usize::from(slot)] = go_on << FIT_SHIFT | go_on.count_ones() as u8;
        }
    }
    (Arc::from(fit), river_fit.map(Arc::from))
}

fn compile(kind: &TileKind, tables: &mut FitTables) -> Result<KindInfo, CatalogError> {
    let tile = || kind.id.to_string();
    if kind.segments.len() > 32 {
        return Err(CatalogError::TooManySegments { tile: tile() });
    }
    if !matches!(kind.symmetry, 1 | 2 | 4) {
        return Err(CatalogError::BadSymmetry {
            tile: tile(),
            symmetry: kind.symmetry,
        });
    }
    for (port, &s) in kind.ports.iter().enumerate() {
        if s != NO_SEGMENT && usize::from(s) >= kind.segments.len() {
            return Err(CatalogError::BadPort { tile: tile(), port });
        }
    }
    for r in 0..4 {
        for d in 0..4 {
            if kind.edges[r][d] != kind.edges[0][(d + 4 - r) % 4] {
                return Err(CatalogError::InconsistentEdges { tile: tile() });
            }
        }
    }
    let segs = kind
        .segments
        .iter()
        .enumerate()
        .map(|(i, s)| seg_info(kind, i, s))
        .collect::<Result<Vec<_>, _>>()?;
    let mut port_seg = [[NO_SEGMENT; 12]; 4];
    let mut river_sides = [0u8; 4];
    let mut sig = [0u16; 4];
    for r in 0..4 {
        for (p, slot) in port_seg[r].iter_mut().enumerate() {
            *slot = kind.ports[(p + 12 - 3 * r) % 12];
        }
        sig[r] = pack_sides(kind.edges[r].map(edge_code));
        for d in 0..4 {
            if kind.edges[r][d] == crate::tile::Edge::River {
                river_sides[r] |= 1 << d;
            }
        }
    }
    let mut facing = [[[NO_SEGMENT; 3]; 4]; 4];
    for (ports, sides) in port_seg.iter().zip(facing.iter_mut()) {
        for (d, side) in sides.iter_mut().enumerate() {
            *side = [ports[d * 3 + 2], ports[d * 3 + 1], ports[d * 3]];
        }
    }
    let river = river_sides.iter().any(|&m| m != 0);
    let (fit, river_fit) = tables.get(&sig, kind.symmetry);
    // Ruling vodyanoy-tile: Vodyanoy's tile holds only trapped figures.
    let stand = FigureKind::ALL.map(|f| match kind.has_mark(MarkKind::TrapLake) {
        true => 0,
        false => segs
            .iter()
            .enumerate()
            .fold(0, |m, (i, s)| match f.may_stand_on(s.kind) {
                true => m | 1 << i,
                false => m,
            }),
    });
    Ok(KindInfo {
        fit,
        river_fit,
        river,
        def: kind.clone(),
        adds: sig.map(demand_adds),
        sig,
        port_seg,
        river_sides,
        rotations: kind.symmetry,
        closable: segs.iter().enumerate().fold(0, |m, (i, s)| match s.kind {
            SegmentKind::Road | SegmentKind::City => m | 1 << i,
            _ => m,
        }),
        crossing: segs.iter().enumerate().fold(0, |m, (i, s)| match s.kind {
            SegmentKind::Road | SegmentKind::City | SegmentKind::River => m | 1 << i,
            _ => m,
        }),
        stand,
        nodes: Template::new(
            &segs
                .iter()
                .enumerate()
                .map(|(i, s)| SegmentNode {
                    kind: s.kind,
                    open: s.sides,
                    pennants: s.pennants,
                    cities: s.cities,
                    stand: (0..FigureKind::ALL.len())
                        .fold(0, |m, f| m | u16::from(stand[f] >> i & 1 != 0) << f),
                })
                .collect::<Vec<_>>(),
        ),
        facing,
        segs,
        class: classify(kind),
        arrow: kind
            .arrow
            .map(|a| (a.kind, [0u8, 1, 2, 3].map(|r| (a.points + r) % 4))),
        tree: kind
            .marks
            .iter()
            .find(|m| m.kind == MarkKind::Tree && usize::from(m.segment) < kind.segments.len())
            .map_or(NO_SEGMENT, |m| m.segment),
        trap_lake: kind.has_mark(MarkKind::TrapLake),
        festival: kind.has_mark(MarkKind::Festival),
    })
}

fn seg_info(
    kind: &TileKind,
    index: usize,
    s: &crate::tile::Segment,
) -> Result<SegInfo, CatalogError> {
    for bit in 0..32 {
        if s.cities & (1 << bit) != 0 {
            let ok = kind
                .segments
                .get(bit)
                .is_some_and(|c| c.kind == SegmentKind::City);
            if !ok {
                return Err(CatalogError::BadCityLink {
                    tile: kind.id.to_string(),
                    segment: index,
                });
            }
        }
    }
    let own = |p: usize| kind.ports[p] == index as u8;
    let sides = match s.kind {
        SegmentKind::Road | SegmentKind::River => (0..4).filter(|d| own(d * 3 + 1)).count(),
        SegmentKind::City => (0..4).filter(|d| (0..3).any(|k| own(d * 3 + k))).count(),
        _ => 0,
    };
    Ok(SegInfo {
        kind: s.kind,
        pennants: s.pennants,
        cities: s.cities,
        sides: sides as u8,
    })
}

fn classify(kind: &TileKind) -> PileClass {
    let end = |e: EndKind| kind.ends.iter().any(|x| x.kind == e);
    if kind.has_mark(MarkKind::TownHall) {
        PileClass::TownHall
    } else if kind.has_mark(MarkKind::Abbey) {
        PileClass::Abbey
    } else if kind.segments.iter().any(|s| s.kind == SegmentKind::Seam) {
        PileClass::Laid
    } else if end(EndKind::Spring) {
        PileClass::Spring
    } else if end(EndKind::Lake) {
        PileClass::Lake
    } else if kind
        .segments
        .iter()
        .any(|s| s.kind == SegmentKind::River && s.ports.count_ones() >= 3)
    {
        PileClass::Fork
    } else if kind.segments.iter().any(|s| s.kind == SegmentKind::River) {
        PileClass::River
    } else {
        PileClass::Land
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Kinds share fit tables exactly when their edges and symmetry agree, and
    /// a shared table is the one each of them would have on its own.
    #[test]
    fn kinds_share_fit_tables_when_their_edges_agree() {
        let all = ["base", "river", "anniversary", "festival", "promos", "mm"];
        let cat = Catalog::shipped(&all).expect("shipped sets");
        for a in &cat.kinds {
            let (fit, river_fit) = build_fit(&a.sig, a.rotations);
            assert_eq!(*a.fit, *fit, "{}", a.def.id);
            assert_eq!(a.river_fit.as_deref(), river_fit.as_deref(), "{}", a.def.id);
            for b in &cat.kinds {
                let alike = (a.sig[0], a.rotations) == (b.sig[0], b.rotations);
                assert_eq!(
                    Arc::ptr_eq(&a.fit, &b.fit),
                    alike,
                    "{} {}",
                    a.def.id,
                    b.def.id
                );
            }
        }
        let mut tables: Vec<_> = cat.kinds.iter().map(|k| Arc::as_ptr(&k.fit)).collect();
        tables.sort();
        tables.dedup();
        assert!(
            tables.len() < cat.kinds.len() * 2 / 3,
            "{} tables",
            tables.len()
        );
    }
}
