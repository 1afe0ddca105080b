//! Figures and the decisions of the figure step.
//!
//! [`FigureKind`] and [`Action`] are `#[non_exhaustive]`: the expansions add the
//! mayor, messenger and scarecrow, and actions such as a festival return or an
//! arrow's portal placement, without breaking code that matches on them today.

use crate::geom::Pos;
use crate::tile::SegmentKind;
use std::fmt;

/// A player's seat, `0..players` in turn order.
pub type Player = u8;

/// The most players a game can have.
pub const MAX_PLAYERS: usize = 6;

/// A kind of figure a player owns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum FigureKind {
    /// A normal follower (thief, knight, monk or farmer by where it stands).
    Follower,
    /// The abbot: monasteries and gardens only.
    Abbot,
}

impl FigureKind {
    /// Every figure kind, in supply order.
    pub const ALL: [FigureKind; 2] = [FigureKind::Follower, FigureKind::Abbot];

    /// How many of this kind each player starts with.
    pub const fn per_player(self) -> u8 {
        match self {
            FigureKind::Follower => 7,
            FigureKind::Abbot => 1,
        }
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
                SegmentKind::Road | SegmentKind::City | SegmentKind::Field | SegmentKind::Monastery
            ),
            FigureKind::Abbot => matches!(kind, SegmentKind::Monastery | SegmentKind::Garden),
        }
    }

    /// Its weight when a feature's majority is counted.
    pub const fn strength(self) -> u8 {
        match self {
            FigureKind::Follower | FigureKind::Abbot => 1,
        }
    }

    /// The lowercase name used in game records.
    pub const fn name(self) -> &'static str {
        match self {
            FigureKind::Follower => "follower",
            FigureKind::Abbot => "abbot",
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
}

/// The decision of the figure step, after a tile is placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Pass => f.write_str("no figure"),
            Action::Place { figure, segment } => write!(f, "{figure} on segment {segment}"),
            Action::RecallAbbot => f.write_str("recall the abbot"),
        }
    }
}
