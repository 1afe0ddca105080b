//! Marks: symbols and properties a tile or one of its segments carries besides its
//! topology (the Festival symbol, an inn on a road, a tower foundation, ...).
//!
//! The engine plays the rules of some marks ([`MarkKind::played`]); the others are
//! carried in the tables so that every tile of the Carcassonne family can be
//! described, but a [`Catalog`](crate::Catalog) refuses them unless it is asked to
//! play their tiles as plain topology
//! ([`CatalogOptions::topology_only`](crate::catalog::CatalogOptions)).

/// What a mark is. A mark stands on the whole tile or on one segment; which, and
/// on which segment kinds, is the tile language's business (`tilec`'s vocabulary).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum MarkKind {
    /// The Festival symbol: no figure may stand on it.
    Festival,
    /// Solovei's tree, on a road segment.
    Tree,
    /// A town hall: wildcard edges, ends every feature, joins no field.
    TownHall,
    /// Vodyanoy's lake: traps figures on the 8 neighbouring squares.
    TrapLake,
    /// An inn by a lake, on a road (Inns & Cathedrals).
    Inn,
    /// A cathedral, in a city (Inns & Cathedrals).
    Cathedral,
    /// A besieged city (Siege, Cathars).
    Besieged,
    /// A trade good in a city (Traders & Builders): value 0 wine, 1 grain, 2 cloth.
    Resource,
    /// A city too small to be the base of a castle (Bridges, Castles & Bazaars).
    NoCastle,
    /// A princess in a city (Princess & Dragon).
    Princess,
    /// A shrine: a monastery that challenges a monastery (Cult).
    Shrine,
    /// A church in a monastery (Hills & Sheep).
    Church,
    /// JCloisterZone's special monastery (the Monasteries mini expansion).
    Special,
    /// A pig herd in a field (Traders & Builders' pig).
    PigHerd,
    /// A labyrinth at a road's centre (the Labyrinth mini expansion).
    Labyrinth,
    /// Wells along a road (Abbey & Mayor scoring): value is how many.
    Wells,
    /// Darmstadtium in a city (the Darmstadt promo).
    Darmstadtium,
    /// A city that meets one edge twice: value is the edge (0 N .. 3 W).
    MultiEdge,
    /// A tower foundation (The Tower).
    Tower,
    /// A watchtower (Watchtowers): value is what it scores, 0 road, 1 city,
    /// 2 pennant, 3 meeple, 4 monastery.
    Watchtower,
    /// The dragon symbol (Princess & Dragon).
    Dragon,
    /// A volcano (Princess & Dragon).
    Volcano,
    /// A magic portal (Princess & Dragon).
    MagicPortal,
    /// A corn circle (Corn Circles): value is its kind, 0 city, 1 field, 2 road.
    CornCircle,
    /// A circus big top (Under the Big Top).
    Circus,
    /// An acrobats' space (Under the Big Top).
    Acrobats,
    /// The mage and witch symbol (Mage & Witch).
    Mage,
    /// A hill (Hills & Sheep).
    Hill,
    /// A vineyard (Hills & Sheep).
    Vineyard,
    /// A flying machine (The Flier): value is the direction it points, 0 N, 1 NE,
    /// ... 7 NW, clockwise.
    FlyingMachine,
    /// A gold mine (Gold Mines).
    Goldmine,
    /// A bazaar (Bridges, Castles & Bazaars).
    Bazaar,
    /// A ferry on a lake (Ferries).
    Ferry,
    /// The city quarters of the Count of Carcassonne.
    Quarter,
    /// A wind rose (Wind Roses): value 0 NE, 1 SE, 2 SW, 3 NW, 4 the whole rose.
    WindRose,
    /// An abbey (Abbey & Mayor): a tile with a monastery and nothing on its
    /// edges, which match anything and end what reaches them; each player
    /// holds one.
    Abbey,
}

/// What a mark's value means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkArg {
    /// The mark has no value (it is 0).
    None,
    /// A number from 1 to `max`.
    Count {
        /// The largest value.
        max: u8,
    },
    /// An index into these names.
    Choice(&'static [&'static str]),
}

impl MarkKind {
    /// Every kind, in declaration order.
    pub const ALL: [MarkKind; 36] = [
        MarkKind::Festival,
        MarkKind::Tree,
        MarkKind::TownHall,
        MarkKind::TrapLake,
        MarkKind::Inn,
        MarkKind::Cathedral,
        MarkKind::Besieged,
        MarkKind::Resource,
        MarkKind::NoCastle,
        MarkKind::Princess,
        MarkKind::Shrine,
        MarkKind::Church,
        MarkKind::Special,
        MarkKind::PigHerd,
        MarkKind::Labyrinth,
        MarkKind::Wells,
        MarkKind::Darmstadtium,
        MarkKind::MultiEdge,
        MarkKind::Tower,
        MarkKind::Watchtower,
        MarkKind::Dragon,
        MarkKind::Volcano,
        MarkKind::MagicPortal,
        MarkKind::CornCircle,
        MarkKind::Circus,
        MarkKind::Acrobats,
        MarkKind::Mage,
        MarkKind::Hill,
        MarkKind::Vineyard,
        MarkKind::FlyingMachine,
        MarkKind::Goldmine,
        MarkKind::Bazaar,
        MarkKind::Ferry,
        MarkKind::Quarter,
        MarkKind::WindRose,
        MarkKind::Abbey,
    ];

    /// The keyword used in the tile language and the JSON export.
    pub const fn name(self) -> &'static str {
        match self {
            MarkKind::Festival => "festival",
            MarkKind::Tree => "tree",
            MarkKind::TownHall => "town-hall",
            MarkKind::TrapLake => "lake",
            MarkKind::Inn => "inn",
            MarkKind::Cathedral => "cathedral",
            MarkKind::Besieged => "besieged",
            MarkKind::Resource => "resource",
            MarkKind::NoCastle => "no-castle",
            MarkKind::Princess => "princess",
            MarkKind::Shrine => "shrine",
            MarkKind::Church => "church",
            MarkKind::Special => "special",
            MarkKind::PigHerd => "pig-herd",
            MarkKind::Labyrinth => "labyrinth",
            MarkKind::Wells => "wells",
            MarkKind::Darmstadtium => "darmstadtium",
            MarkKind::MultiEdge => "multi-edge",
            MarkKind::Tower => "tower",
            MarkKind::Watchtower => "watchtower",
            MarkKind::Dragon => "dragon",
            MarkKind::Volcano => "volcano",
            MarkKind::MagicPortal => "magic-portal",
            MarkKind::CornCircle => "corn-circle",
            MarkKind::Circus => "circus",
            MarkKind::Acrobats => "acrobats",
            MarkKind::Mage => "mage",
            MarkKind::Hill => "hill",
            MarkKind::Vineyard => "vineyard",
            MarkKind::FlyingMachine => "flying-machine",
            MarkKind::Goldmine => "goldmine",
            MarkKind::Bazaar => "bazaar",
            MarkKind::Ferry => "ferry",
            MarkKind::Quarter => "quarter",
            MarkKind::WindRose => "wind-rose",
            MarkKind::Abbey => "abbey",
        }
    }

    /// What the mark's [`Mark::value`] means.
    pub const fn arg(self) -> MarkArg {
        match self {
            MarkKind::Resource => MarkArg::Choice(&["wine", "grain", "cloth"]),
            MarkKind::Wells => MarkArg::Count { max: 9 },
            MarkKind::MultiEdge => MarkArg::Choice(&["N", "E", "S", "W"]),
            MarkKind::Watchtower => {
                MarkArg::Choice(&["road", "city", "pennant", "meeple", "monastery"])
            }
            MarkKind::CornCircle => MarkArg::Choice(&["city", "field", "road"]),
            MarkKind::FlyingMachine => {
                MarkArg::Choice(&["N", "NE", "E", "SE", "S", "SW", "W", "NW"])
            }
            MarkKind::WindRose => MarkArg::Choice(&["NE", "SE", "SW", "NW", "all"]),
            _ => MarkArg::None,
        }
    }

    /// Whether the engine plays this mark's rules (an expansion in the
    /// registry plays it: `expansion/registry.rs`). A set with any other mark
    /// is refused by [`Catalog::new`](crate::Catalog::new) unless its tiles
    /// are played as plain topology.
    pub const fn played(self) -> bool {
        crate::expansion::plays_mark(self)
    }
}

/// A mark, with the segment it stands on where it has one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The kind of mark.
    pub kind: MarkKind,
    /// The segment it stands on (Solovei's tree on its road, an inn on its road),
    /// or [`NO_SEGMENT`](crate::NO_SEGMENT) for the whole tile.
    pub segment: u8,
    /// The mark's value, read by [`MarkKind::arg`]; 0 when it has none.
    pub value: u8,
}

impl Mark {
    /// The value as the tile language writes it (`wine`, `3`), if the kind has one.
    pub fn value_text(&self) -> Option<String> {
        match self.kind.arg() {
            MarkArg::None => None,
            MarkArg::Count { .. } => Some(self.value.to_string()),
            MarkArg::Choice(names) => names.get(usize::from(self.value)).map(|s| s.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_distinct_and_all_lists_every_kind() {
        let mut names: Vec<&str> = MarkKind::ALL.iter().map(|k| k.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), MarkKind::ALL.len());
        assert_eq!(MarkKind::ALL[MarkKind::Abbey as usize], MarkKind::Abbey);
    }

    #[test]
    fn values_read_back_as_text() {
        let m = |kind, value| Mark {
            kind,
            segment: 0,
            value,
        };
        assert_eq!(
            m(MarkKind::Resource, 2).value_text().as_deref(),
            Some("cloth")
        );
        assert_eq!(m(MarkKind::Wells, 3).value_text().as_deref(), Some("3"));
        assert_eq!(m(MarkKind::Inn, 0).value_text(), None);
        assert!(MarkKind::Festival.played() && !MarkKind::Watchtower.played());
    }
}
