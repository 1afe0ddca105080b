//! Figures and the decisions of the figure step.
//!
//! [`FigureKind`] and [`Action`] are `#[non_exhaustive]`: the expansions add the
//! mayor, messenger and scarecrow, and actions such as a festival return or an
//! arrow's portal placement, without breaking code that matches on them today.

mod standing;

use crate::geom::Pos;
use crate::tile::SegmentKind;
use std::fmt;

/// A player's seat, `0..players` in turn order.
pub type Player = u8;

/// The most players a game can have.
pub const MAX_PLAYERS: usize = 6;

/// A kind of figure a player owns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum FigureKind {
    /// A normal follower (thief, knight, monk or farmer by where it stands).
    Follower,
    /// The abbot: monasteries and gardens only.
    Abbot,
    /// Messengers & Mayors: the mayor (cities; strength 0; may join an occupied
    /// city).
    Mayor,
    /// Messengers & Mayors: the messenger (roads; strength 1; moves on when its
    /// road scores).
    Messenger,
    /// Messengers & Mayors: the scarecrow (fields; may join an occupied field;
    /// counts only once it lies down).
    Scarecrow,
    /// Inns & Cathedrals: the big follower (a follower of strength 2; one per
    /// player).
    BigFollower,
    /// Traders & Builders: the builder (a road or city holding an own
    /// follower; strength 0; a tile extending its feature earns one more turn).
    Builder,
    /// Traders & Builders: the pig (a field holding an own farmer; strength 0;
    /// 4 instead of 3 a completed city for its owner winning the field).
    Pig,
    /// Abbey & Mayor: the mayor (cities; strength the city's pennants). Not
    /// the Messengers & Mayors mayor ([`FigureKind::Mayor`]).
    AmMayor,
    /// Abbey & Mayor: the wagon (roads, cities, monasteries; strength 1;
    /// moves on when its feature scores).
    Wagon,
    /// Abbey & Mayor: the barn (on a corner where four fields meet;
    /// strength 0; scores the field's farmers, and 4 a city at the end).
    Barn,
}

impl FigureKind {
    /// Every figure kind, in supply order.
    pub const ALL: [FigureKind; 11] = [
        FigureKind::Follower,
        FigureKind::Abbot,
        FigureKind::Mayor,
        FigureKind::Messenger,
        FigureKind::Scarecrow,
        FigureKind::BigFollower,
        FigureKind::Builder,
        FigureKind::Pig,
        FigureKind::AmMayor,
        FigureKind::Wagon,
        FigureKind::Barn,
    ];

    /// What this kind is for the rules every kind shares: its name, supply,
    /// strength and where it may stand. The base game's kinds are defined
    /// here, each expansion's in its module (`expansion/*.rs`); adding a kind
    /// is a variant, its place in [`FigureKind::ALL`] and one line here.
    pub const fn spec(self) -> &'static FigureSpec {
        match self {
            FigureKind::Follower => &FOLLOWER,
            FigureKind::Abbot => &ABBOT,
            FigureKind::Mayor => &crate::expansion::mm::MAYOR,
            FigureKind::Messenger => &crate::expansion::mm::MESSENGER,
            FigureKind::Scarecrow => &crate::expansion::mm::SCARECROW,
            FigureKind::BigFollower => &crate::expansion::inns_cathedrals::BIG_FOLLOWER,
            FigureKind::Builder => &crate::expansion::traders_builders::BUILDER,
            FigureKind::Pig => &crate::expansion::traders_builders::PIG,
            FigureKind::AmMayor => &crate::expansion::abbey_mayor::AM_MAYOR,
            FigureKind::Wagon => &crate::expansion::abbey_mayor::WAGON,
            FigureKind::Barn => &crate::expansion::abbey_mayor::BARN,
        }
    }

    /// How many of this kind each player starts with, when the kind is in play
    /// (an expansion's kinds come with its tiles: see
    /// [`Catalog::figure_kinds`](crate::Catalog::figure_kinds)).
    pub const fn per_player(self) -> u8 {
        self.spec().per_player
    }

    /// Whether this is one of the Messengers & Mayors figures.
    pub const fn is_mm(self) -> bool {
        matches!(
            self,
            FigureKind::Mayor | FigureKind::Messenger | FigureKind::Scarecrow
        )
    }

    /// Whether this figure may join a feature that already holds figures (the
    /// mayor in a city, the scarecrow in a field).
    pub const fn joins_occupied(self) -> bool {
        self.spec().joins_occupied
    }

    /// Index into a player's supply.
    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    /// Whether this figure may be deployed on a segment of this kind.
    pub const fn may_stand_on(self, kind: SegmentKind) -> bool {
        self.spec().stands_on & kind_bit(kind) != 0
    }

    /// Its weight when a feature's majority is counted: a mayor counts 0, and so
    /// does a standing scarecrow (a lying one counts 1: see [`Figure::lying`]).
    pub const fn strength(self) -> u8 {
        self.spec().strength
    }

    /// The lowercase name used in game records.
    pub const fn name(self) -> &'static str {
        self.spec().name
    }

    /// The kind with this record name.
    pub fn from_name(name: &str) -> Option<FigureKind> {
        FigureKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// A figure kind's rules: what every rule that counts, places or scores
/// figures reads ([`FigureKind::spec`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FigureSpec {
    /// The lowercase name used in game records and the notation.
    pub name: &'static str,
    /// How many each player starts with, when the kind is in play.
    pub per_player: u8,
    /// Its weight in a feature's majority ([`STRENGTH_BY_EXPANSION`]: its
    /// expansion's `strength` hook says, as for a mayor counting its city's
    /// pennants).
    pub strength: u8,
    /// The segment kinds it may be deployed on (bit per
    /// [`SegmentKind`] discriminant: [`kind_bit`]). 0 for a kind its
    /// expansion places itself (a builder beside an own follower, a barn on a
    /// corner): its `actions` hook lists those placements and its `check`
    /// hook checks them.
    pub stands_on: u16,
    /// Whether it may join a feature that already holds figures.
    pub joins_occupied: bool,
    /// Whether a placement that surrounds its tile concerns it (the grid
    /// counts such figures per square: `Grid::watch`).
    pub watched: bool,
}

/// [`FigureSpec::strength`] of a kind whose strength its expansion computes
/// when the feature scores.
pub const STRENGTH_BY_EXPANSION: u8 = u8::MAX;

/// The bit of a segment kind in [`FigureSpec::stands_on`].
pub const fn kind_bit(kind: SegmentKind) -> u16 {
    1 << kind as u16
}

/// The base game's follower: thief, knight, monk or farmer by where it stands.
pub(crate) const FOLLOWER: FigureSpec = FigureSpec {
    name: "follower",
    per_player: 7,
    strength: 1,
    stands_on: kind_bit(SegmentKind::Road)
        | kind_bit(SegmentKind::City)
        | kind_bit(SegmentKind::Field)
        | kind_bit(SegmentKind::Monastery)
        | kind_bit(SegmentKind::Hut),
    joins_occupied: false,
    watched: false,
};

/// The Abbot's abbot: monasteries and gardens only.
pub(crate) const ABBOT: FigureSpec = FigureSpec {
    name: "abbot",
    per_player: 1,
    strength: 1,
    stands_on: kind_bit(SegmentKind::Monastery) | kind_bit(SegmentKind::Garden),
    joins_occupied: false,
    watched: false,
};

impl fmt::Display for FigureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The kinds a surround concerns (bit per kind in [`FigureKind::ALL`] order).
pub(crate) const WATCHED: u16 = {
    let mut mask = 0;
    let mut i = 0;
    while i < FigureKind::ALL.len() {
        if FigureKind::ALL[i].spec().watched {
            mask |= 1 << i;
        }
        i += 1;
    }
    mask
};

/// A figure standing on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Figure {
    /// Its owner.
    pub player: Player,
    /// What it is.
    pub kind: FigureKind,
    /// The square of the tile it stands on.
    pub pos: Pos,
    /// The segment of that tile it stands on.
    pub segment: u8,
    /// Internal feature node.
    pub(crate) node: u16,
    /// Whether it stands on a monastery, garden or hut (scored by neighbourhood).
    pub(crate) cloister: bool,
    /// A scarecrow that lay down (a farmer of strength 1 at final scoring).
    pub lying: bool,
}

impl Figure {
    /// Its weight in its feature's majority (`end`: at final scoring).
    pub(crate) fn weight(&self, end: bool) -> u32 {
        u32::from(self.kind.strength()) + u32::from(self.lying && end)
    }

    /// Whether a surround can trigger it: a mayor, or a scarecrow standing.
    /// (`|` and `&`, not `||` and `&&`: a figure's kind is a coin toss, and the
    /// surround triggers ask this of every figure.)
    pub(crate) fn watched(&self) -> bool {
        (WATCHED >> self.kind.index() & 1 != 0) & !self.lying
    }

    /// Where it stands, as a [`Spot`].
    pub fn spot(&self) -> Spot {
        Spot {
            pos: self.pos,
            segment: self.segment,
        }
    }
}

/// A segment of a placed tile: where a figure stands or may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Spot {
    /// The tile's square.
    pub pos: Pos,
    /// The segment of that tile.
    pub segment: u8,
}

/// A figure caught by a trap (Vodyanoy's lake or Solovei's tree): off its
/// feature, counting for nothing, until its owner frees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Trapped {
    /// Its owner.
    pub player: Player,
    /// What it is.
    pub kind: FigureKind,
    /// The square of the trap's tile, where it now lies.
    pub at: Pos,
    /// Which trap holds it.
    pub trap: Trap,
    /// The turn it was caught in: it can be freed from the next turn on.
    pub turn: u32,
}

/// The Russian promos' traps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Trap {
    /// Vodyanoy's lake: -2 per trapped figure at the end.
    Vodyanoy,
    /// Solovei Razboynik's tree.
    Solovei,
}

impl Trap {
    /// A short lowercase name.
    pub const fn name(self) -> &'static str {
        match self {
            Trap::Vodyanoy => "vodyanoy",
            Trap::Solovei => "solovei",
        }
    }
}

/// The decision of the figure step, after a tile is placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Action {
    /// Place no figure.
    Pass,
    /// Deploy a figure from supply on a segment of the tile just placed.
    Place {
        /// Which figure.
        figure: FigureKind,
        /// The segment index of the tile just placed.
        segment: u8,
    },
    /// Take the own abbot back, scoring its monastery or garden at once.
    RecallAbbot,
    /// Festival: return one of the own figures on the board (not a trapped one)
    /// to supply, scoring nothing.
    Return {
        /// Where it stands.
        at: Spot,
        /// Which figure (several of the player's may share a spot).
        figure: FigureKind,
    },
    /// Russian promos: free one of the own trapped figures (back to supply).
    Free {
        /// The trap tile's square.
        at: Pos,
        /// Which figure.
        figure: FigureKind,
    },
    /// 20th Anniversary portal arrow: deploy a figure from supply on any
    /// unoccupied, incomplete feature of the board.
    Portal {
        /// Which figure.
        figure: FigureKind,
        /// Where.
        at: Spot,
    },
    /// 20th Anniversary add-next-to arrow: add a figure from supply beside the
    /// one own figure at a spot (of any kind, but no monk beside an abbot nor the
    /// reverse; never a third).
    AddNextTo {
        /// Which figure comes from supply (one that may stand on that feature).
        figure: FigureKind,
        /// The spot of the own figure.
        at: Spot,
    },
    /// The Princess & the Dragon: the princess of the tile just placed sends
    /// the knight (any player's follower) at a spot of its city home.
    Princess {
        /// Where the knight stands.
        at: Spot,
    },
    /// The Princess & the Dragon: the fairy moves beside the own follower at
    /// a spot.
    Fairy {
        /// Where the follower stands.
        at: Spot,
    },
    /// The Tower: put one of the own tower pieces on the foundation or open
    /// tower at `at` (any tile of the board); a capture follows.
    TowerPiece {
        /// The tower's square.
        at: Pos,
    },
    /// The Tower: put a follower from supply on top of the open tower at
    /// `at` (at least one piece high), finishing it.
    TowerFollower {
        /// Which figure (a follower or a big follower).
        figure: FigureKind,
        /// The tower's square.
        at: Pos,
    },
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Pass => f.write_str("no figure"),
            Action::Place { figure, segment } => write!(f, "{figure} on segment {segment}"),
            Action::RecallAbbot => f.write_str("recall the abbot"),
            Action::Return { at, figure } => {
                write!(
                    f,
                    "return the {figure} at {} segment {}",
                    at.pos, at.segment
                )
            }
            Action::Free { at, figure } => write!(f, "free the {figure} trapped at {at}"),
            Action::Portal { figure, at } => {
                write!(f, "portal: {figure} on {} segment {}", at.pos, at.segment)
            }
            Action::AddNextTo { figure, at } => {
                write!(
                    f,
                    "add a {figure} next to {} segment {}",
                    at.pos, at.segment
                )
            }
            Action::Princess { at } => write!(
                f,
                "princess: send the knight at {} segment {} home",
                at.pos, at.segment
            ),
            Action::Fairy { at } => write!(
                f,
                "move the fairy beside the follower at {} segment {}",
                at.pos, at.segment
            ),
            Action::TowerPiece { at } => write!(f, "a tower piece on the tower at {at}"),
            Action::TowerFollower { figure, at } => {
                write!(f, "{figure} on top of the tower at {at}")
            }
        }
    }
}
