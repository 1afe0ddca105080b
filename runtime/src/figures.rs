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
}

impl FigureKind {
    /// Every figure kind, in supply order.
    pub const ALL: [FigureKind; 5] = [
        FigureKind::Follower,
        FigureKind::Abbot,
        FigureKind::Mayor,
        FigureKind::Messenger,
        FigureKind::Scarecrow,
    ];

    /// How many of this kind each player starts with, when the kind is in play
    /// (the Messengers & Mayors figures come with the town halls: see
    /// [`Catalog::has_town_halls`](crate::Catalog::has_town_halls)).
    pub const fn per_player(self) -> u8 {
        match self {
            FigureKind::Follower => 7,
            FigureKind::Abbot | FigureKind::Mayor | FigureKind::Messenger => 1,
            FigureKind::Scarecrow => 1,
        }
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
        matches!(self, FigureKind::Mayor | FigureKind::Scarecrow)
    }

    /// Index into a player's supply.
    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    /// Whether this figure may be deployed on a segment of this kind.
    pub const fn may_stand_on(self, kind: SegmentKind) -> bool {
        match self {
            FigureKind::Follower => matches!(
                kind,
                SegmentKind::Road
                    | SegmentKind::City
                    | SegmentKind::Field
                    | SegmentKind::Monastery
                    | SegmentKind::Hut
            ),
            FigureKind::Abbot => matches!(kind, SegmentKind::Monastery | SegmentKind::Garden),
            FigureKind::Mayor => matches!(kind, SegmentKind::City),
            FigureKind::Messenger => matches!(kind, SegmentKind::Road),
            FigureKind::Scarecrow => matches!(kind, SegmentKind::Field),
        }
    }

    /// Its weight when a feature's majority is counted: a mayor counts 0, and so
    /// does a standing scarecrow (a lying one counts 1: see [`Figure::lying`]).
    pub const fn strength(self) -> u8 {
        match self {
            FigureKind::Follower | FigureKind::Abbot | FigureKind::Messenger => 1,
            FigureKind::Mayor | FigureKind::Scarecrow => 0,
        }
    }

    /// The lowercase name used in game records.
    pub const fn name(self) -> &'static str {
        match self {
            FigureKind::Follower => "follower",
            FigureKind::Abbot => "abbot",
            FigureKind::Mayor => "mayor",
            FigureKind::Messenger => "messenger",
            FigureKind::Scarecrow => "scarecrow",
        }
    }

    /// The kind with this record name.
    pub fn from_name(name: &str) -> Option<FigureKind> {
        FigureKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

impl fmt::Display for FigureKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

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
        (self.kind == FigureKind::Mayor) | ((self.kind == FigureKind::Scarecrow) & !self.lying)
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
        }
    }
}
