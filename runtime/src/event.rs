//! Typed events: what happened in a game, who scored what, where and why.
//!
//! Events are recorded when the game was created with events on (see
//! [`Setup::events`](crate::Setup::events)); scores are kept either way. The sum of
//! `points` over every [`Scoring`] for each of its `winners` is a player's score.

use crate::catalog::KindId;
use crate::figure::{FigureKind, Player, Spot, Trap};
use crate::geom::{Pos, Rotation};
use crate::mark::MarkKind;
use crate::tile::ArrowKind;
use crate::tile::SegmentKind;
use std::fmt;

/// Why a feature scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Cause {
    /// A placement completed it.
    Completed,
    /// Its abbot was taken back.
    AbbotRecall,
    /// Final scoring of an incomplete feature or a field.
    EndOfGame,
    /// Abbey & Mayor: a barn placed in the field (its figures score 3 a
    /// completed city and go home).
    Barn,
    /// Abbey & Mayor: the field, holding figures, was joined to a barn's
    /// (they score 1 a completed city and go home).
    BarnJoined,
}

impl Cause {
    /// A short lowercase name.
    pub const fn name(self) -> &'static str {
        match self {
            Cause::Completed => "completed",
            Cause::AbbotRecall => "abbot recall",
            Cause::EndOfGame => "end of game",
            Cause::Barn => "barn placed",
            Cause::BarnJoined => "joined to a barn",
        }
    }
}

/// One feature scoring.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Scoring {
    /// The turn it happened in (final scoring: the turn after the last one).
    pub turn: u32,
    /// Why it scored.
    pub cause: Cause,
    /// What the feature is.
    pub feature: SegmentKind,
    /// The feature's tiles (a monastery or garden: its own tile), sorted.
    pub tiles: Vec<Pos>,
    /// Pennants in a city.
    pub pennants: u16,
    /// For a field: the completed cities it supplies.
    pub cities: u16,
    /// Points each winner scores.
    pub points: u32,
    /// The players with the most strength on the feature (ties all score).
    pub winners: Vec<Player>,
    /// Every figure that came off the feature, by owner.
    pub returned: Vec<(Player, FigureKind)>,
    /// The mark that changed the feature's points: an inn on the road, a
    /// cathedral in the city (Inns & Cathedrals: 2 or 3 a tile completed, 0
    /// left open). `None` for the others.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub mark: Option<MarkKind>,
}

/// Something that happened in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Event {
    /// A tile was placed.
    TilePlaced {
        /// Turn number (1 for the first tile after the start tile).
        turn: u32,
        /// Who placed it.
        player: Player,
        /// Which kind.
        kind: KindId,
        /// Where.
        pos: Pos,
        /// How it was turned.
        rotation: Rotation,
    },
    /// A drawn tile fitted nowhere and was set aside.
    SetAside {
        /// Turn number.
        turn: u32,
        /// Which kind.
        kind: KindId,
    },
    /// A figure was deployed.
    FigurePlaced {
        /// Turn number.
        turn: u32,
        /// Its owner.
        player: Player,
        /// What it is.
        figure: FigureKind,
        /// The square of its tile.
        pos: Pos,
        /// The segment it stands on.
        segment: u8,
    },
    /// A feature scored.
    Scored(Scoring),
    /// Points that come from no feature: an arrow pointing at an empty square
    /// (+2), or figures left in Vodyanoy's trap at the end (-2 each).
    Points {
        /// Turn number (final scoring: the turn after the last one).
        turn: u32,
        /// Who.
        player: Player,
        /// How many (negative for a penalty).
        points: i32,
        /// Why.
        reason: PointsReason,
    },
    /// An arrow was activated (20th Anniversary).
    ArrowActivated {
        /// Turn number.
        turn: u32,
        /// The player whose turn it is.
        player: Player,
        /// Which kind took effect.
        arrow: ArrowKind,
    },
    /// The current player takes one more turn (an extra-turn arrow).
    ExtraTurn {
        /// The turn that earned it.
        turn: u32,
        /// Who plays again.
        player: Player,
    },
    /// A figure was caught by a trap.
    Trapped {
        /// Turn number.
        turn: u32,
        /// Its owner.
        player: Player,
        /// What it is.
        figure: FigureKind,
        /// Where it stood; when Vodyanoy takes a figure Solovei held, the square
        /// of Solovei's tile with segment [`NO_SEGMENT`](crate::NO_SEGMENT).
        from: Spot,
        /// The trap tile's square.
        at: Pos,
        /// Which trap.
        trap: Trap,
    },
    /// A trapped figure was freed (back to supply).
    Freed {
        /// Turn number.
        turn: u32,
        /// Its owner.
        player: Player,
        /// What it is.
        figure: FigureKind,
        /// The trap tile's square.
        at: Pos,
    },
    /// A figure left the board without scoring.
    Returned {
        /// Turn number.
        turn: u32,
        /// Its owner.
        player: Player,
        /// What it is.
        figure: FigureKind,
        /// Where it stood.
        from: Spot,
        /// Why.
        reason: ReturnReason,
    },
    /// A messenger moved on after its road scored.
    Moved {
        /// Turn number.
        turn: u32,
        /// Its owner.
        player: Player,
        /// What it is.
        figure: FigureKind,
        /// Where it stood when its road scored.
        from: Spot,
        /// Where it stands now.
        to: Spot,
    },
    /// A surrounded scarecrow lay down (a farmer of strength 1 at the end).
    LaidDown {
        /// Turn number.
        turn: u32,
        /// Its owner.
        player: Player,
        /// Where it lies.
        at: Spot,
    },
    /// Traders & Builders: the player who completed a city took its trade
    /// goods (one token per symbol).
    GoodsTaken {
        /// Turn number.
        turn: u32,
        /// Who took them.
        player: Player,
        /// Which good.
        good: Good,
        /// How many tokens.
        count: u8,
    },
    /// Traders & Builders: the tile just placed extended the road or city of
    /// the player's builder: one more turn follows (never a third).
    BuilderTurn {
        /// Turn number.
        turn: u32,
        /// Whose builder.
        player: Player,
        /// Where the builder stands.
        at: Spot,
    },
    /// The Princess & the Dragon: the dragon moved onto a volcano (`from`
    /// `None`: it entered the game) or one square.
    DragonMoved {
        /// Turn number.
        turn: u32,
        /// Who moved it (who placed the volcano).
        player: Player,
        /// Where it stood.
        from: Option<Pos>,
        /// Where it stands now.
        to: Pos,
    },
    /// The Princess & the Dragon: a dragon tile drawn before the first
    /// volcano was held back (the player draws again); it goes back into the
    /// pile with the first volcano ([`Event::ShuffledBack`]). A record names
    /// it in `set_aside`.
    HeldBack {
        /// Turn number.
        turn: u32,
        /// Who drew it.
        player: Player,
        /// Which kind.
        kind: KindId,
    },
    /// The Princess & the Dragon: the first volcano was placed; the dragon
    /// tiles held back go back into the pile.
    ShuffledBack {
        /// Turn number.
        turn: u32,
        /// Who placed the volcano.
        player: Player,
        /// How many.
        count: u8,
    },
    /// The Princess & the Dragon: the fairy moved beside a follower.
    FairyMoved {
        /// Turn number.
        turn: u32,
        /// Whose follower.
        player: Player,
        /// Where the follower stands.
        at: Spot,
    },
    /// The Tower: a tower piece was put on a tower.
    TowerPiece {
        /// Turn number.
        turn: u32,
        /// Whose piece.
        player: Player,
        /// The tower's square.
        at: Pos,
        /// Its height now.
        height: u8,
    },
    /// The Tower: a follower went on top of a tower, finishing it.
    TowerFollower {
        /// Turn number.
        turn: u32,
        /// Its owner.
        player: Player,
        /// What it is.
        figure: FigureKind,
        /// The tower's square.
        at: Pos,
    },
    /// The Tower: a tower's capture took a figure off the board (an own one
    /// back to supply, another player's a prisoner).
    Captured {
        /// Turn number.
        turn: u32,
        /// The capturer.
        player: Player,
        /// The figure's owner.
        owner: Player,
        /// What it is.
        figure: FigureKind,
        /// Where it stood (segment [`NO_SEGMENT`](crate::NO_SEGMENT): on top
        /// of a tower).
        from: Spot,
    },
    /// The Tower: two players held prisoners of each other: one each went
    /// home.
    Exchanged {
        /// Turn number.
        turn: u32,
        /// The two players.
        players: [Player; 2],
        /// What each got back.
        figures: [FigureKind; 2],
    },
    /// The Tower: a player paid a ransom (3 points, in two
    /// [`Event::Points`]) to free a prisoner.
    Ransomed {
        /// Turn number.
        turn: u32,
        /// Who paid.
        player: Player,
        /// Who held the prisoner.
        holder: Player,
        /// What it is.
        figure: FigureKind,
    },
}

/// A trade good of Traders & Builders (the value of a `resource` mark).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Good {
    /// Wine (a barrel).
    Wine,
    /// Grain (a sheaf).
    Grain,
    /// Cloth (a bolt).
    Cloth,
}

impl Good {
    /// Every good, in the order of the `resource` mark's values.
    pub const ALL: [Good; 3] = [Good::Wine, Good::Grain, Good::Cloth];

    /// Its lowercase name (as the tile language writes the mark's value).
    pub const fn name(self) -> &'static str {
        match self {
            Good::Wine => "wine",
            Good::Grain => "grain",
            Good::Cloth => "cloth",
        }
    }
}

/// Why a player gained or lost points outside a feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum PointsReason {
    /// The placed tile's arrow points at an empty square (+2).
    Arrow,
    /// Figures still in Vodyanoy's trap at the end (-2 each).
    Vodyanoy,
    /// Traders & Builders: the most tokens of a good at the end (+10; every
    /// tied player).
    Goods(Good),
    /// Traders & Builders: the pig's bonus, +1 a completed city to its owner
    /// winning its field (4 a city instead of 3).
    Pig,
    /// The Princess & the Dragon: the fairy beside an own follower at the
    /// start of the turn (+1).
    FairyTurn,
    /// The Princess & the Dragon: the fairy's follower's feature scored (+3).
    FairyScored,
    /// The Tower: a ransom (-3 to the payer, +3 to the holder).
    Ransom,
    /// Abbey & Mayor: a barn at the end, 4 a completed city of its field.
    Barn,
}

impl PointsReason {
    /// A short lowercase name.
    pub const fn name(self) -> &'static str {
        match self {
            PointsReason::Arrow => "arrow",
            PointsReason::Vodyanoy => "vodyanoy",
            PointsReason::Goods(Good::Wine) => "wine majority",
            PointsReason::Goods(Good::Grain) => "grain majority",
            PointsReason::Goods(Good::Cloth) => "cloth majority",
            PointsReason::Pig => "pig bonus (4 a city)",
            PointsReason::FairyTurn => "fairy at turn start",
            PointsReason::FairyScored => "fairy's follower scored",
            PointsReason::Ransom => "ransom",
            PointsReason::Barn => "barn (4 a city)",
        }
    }
}

/// Why a figure left the board without scoring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum ReturnReason {
    /// A festival return.
    Festival,
    /// A mayor called to the town hall's meeting.
    TownHall,
    /// A surrounded mayor or scarecrow went home (after acting or not).
    Surrounded,
    /// A follower replaced by a surrounded mayor's swap.
    Swapped,
    /// Traders & Builders: a builder or pig whose feature holds no follower
    /// of its owner's any more.
    Alone,
    /// The Princess & the Dragon: the dragon entered its square.
    Dragon,
    /// The Princess & the Dragon: the princess sent the knight home.
    Princess,
}

impl ReturnReason {
    /// A short lowercase name.
    pub const fn name(self) -> &'static str {
        match self {
            ReturnReason::Festival => "festival",
            ReturnReason::TownHall => "town hall",
            ReturnReason::Surrounded => "surrounded",
            ReturnReason::Swapped => "swapped",
            ReturnReason::Alone => "no own follower left",
            ReturnReason::Dragon => "eaten by the dragon",
            ReturnReason::Princess => "sent home by the princess",
        }
    }
}

impl fmt::Display for Scoring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.feature.name())?;
        match self.mark {
            Some(MarkKind::Inn) => f.write_str(" with an inn")?,
            Some(m) => write!(f, " with a {}", m.name())?,
            None => {}
        }
        // A road with an inn, a city with a cathedral left open: scored 0.
        let cause = match (self.mark, self.cause) {
            (Some(_), Cause::EndOfGame) => "left open",
            _ => self.cause.name(),
        };
        write!(f, " {cause} ({} tile", self.tiles.len())?;
        if self.tiles.len() != 1 {
            f.write_str("s")?;
        }
        if self.pennants > 0 {
            write!(
                f,
                ", {} pennant{}",
                self.pennants,
                if self.pennants == 1 { "" } else { "s" }
            )?;
        }
        if self.feature == SegmentKind::Field {
            write!(
                f,
                ", {} completed cit{}",
                self.cities,
                if self.cities == 1 { "y" } else { "ies" }
            )?;
        }
        write!(
            f,
            "): {} point{}",
            self.points,
            if self.points == 1 { "" } else { "s" }
        )
    }
}
