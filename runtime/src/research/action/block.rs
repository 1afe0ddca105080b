//! The blocks of an action index: what their plays are and their axes.

/// What the plays of a block are; the block's axes follow in its shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ActionBlock {
    /// Place the tile in hand: (rotation, row, column).
    Place,
    /// A figure on a segment of the tile just placed: (figure, segment).
    Deploy,
    /// No figure.
    Pass,
    /// Take the abbot back.
    Recall,
    /// Take the town hall instead of drawing.
    TownHall,
    /// Draw instead of taking the town hall.
    Draw,
    /// Activate an arrow: (arrow) in the order add-next-to, portal, extra-turn.
    Arrow,
    /// Decline a decision (mayor, scarecrow, messenger).
    Decline,
    /// The scarecrow hands over to a farmer.
    HandOver,
    /// The scarecrow lies down.
    LieDown,
    /// Festival: return an own figure: (figure, row, column, segment).
    Return,
    /// Portal arrow: (figure, row, column, segment).
    Portal,
    /// Add-next-to arrow: (figure, row, column, segment).
    AddNextTo,
    /// The mayor's swap with a player's follower: (player, row, column, segment).
    Swap,
    /// The messenger's move: (row, column, segment).
    MoveTo,
    /// Free an own trapped figure: (figure, row, column).
    Free,
    /// The Princess & the Dragon: move the dragon one square: (direction)
    /// in the order N, E, S, W.
    Dragon,
    /// The Princess & the Dragon: the princess sends a knight home: (row,
    /// column, segment).
    Princess,
    /// The Princess & the Dragon: the fairy moves beside an own follower:
    /// (row, column, segment).
    Fairy,
    /// The Tower: a tower piece on the tower at (row, column).
    TowerPiece,
    /// The Tower: a follower on top of the tower at (figure, row, column).
    TowerFollower,
    /// The Tower: capture a figure: (player · figures + figure, row, column,
    /// segment), segment `segments` for the top of a tower.
    Capture,
    /// The Tower: pay a ransom before drawing: (holder, figure).
    Ransom,
    /// Take the abbey instead of drawing (Abbey & Mayor).
    Abbey,
}

impl ActionBlock {
    /// Every block, in the order a game's index lays out those it has: the
    /// base game's first, then the expansions' (each expansion names the
    /// blocks it uses: its `ACTIONS`). A new block goes at the end, so that
    /// the indices of the games without it stay as they were.
    pub const ORDER: [ActionBlock; 24] = [
        ActionBlock::Place,
        ActionBlock::Deploy,
        ActionBlock::Pass,
        ActionBlock::Recall,
        ActionBlock::TownHall,
        ActionBlock::Draw,
        ActionBlock::Arrow,
        ActionBlock::Decline,
        ActionBlock::HandOver,
        ActionBlock::LieDown,
        ActionBlock::Return,
        ActionBlock::Portal,
        ActionBlock::AddNextTo,
        ActionBlock::Swap,
        ActionBlock::MoveTo,
        ActionBlock::Free,
        ActionBlock::Dragon,
        ActionBlock::Princess,
        ActionBlock::Fairy,
        ActionBlock::TowerPiece,
        ActionBlock::TowerFollower,
        ActionBlock::Capture,
        ActionBlock::Ransom,
        ActionBlock::Abbey,
    ];

    /// Whether every game has the block (the base game's moves).
    pub const fn is_base(self) -> bool {
        matches!(
            self,
            ActionBlock::Place | ActionBlock::Deploy | ActionBlock::Pass | ActionBlock::Recall
        )
    }

    /// The block's name, as Python's `action_layout()` gives it.
    pub const fn name(self) -> &'static str {
        match self {
            ActionBlock::Place => "place",
            ActionBlock::Deploy => "deploy",
            ActionBlock::Pass => "pass",
            ActionBlock::Recall => "recall",
            ActionBlock::TownHall => "town_hall",
            ActionBlock::Draw => "draw",
            ActionBlock::Arrow => "arrow",
            ActionBlock::Decline => "decline",
            ActionBlock::HandOver => "hand_over",
            ActionBlock::LieDown => "lie_down",
            ActionBlock::Return => "return",
            ActionBlock::Portal => "portal",
            ActionBlock::AddNextTo => "add_next_to",
            ActionBlock::Swap => "swap",
            ActionBlock::MoveTo => "move",
            ActionBlock::Free => "free",
            ActionBlock::Dragon => "dragon",
            ActionBlock::Princess => "princess",
            ActionBlock::Fairy => "fairy",
            ActionBlock::TowerPiece => "tower_piece",
            ActionBlock::TowerFollower => "tower_follower",
            ActionBlock::Capture => "capture",
            ActionBlock::Ransom => "ransom",
            ActionBlock::Abbey => "abbey",
        }
    }

    /// The names of the block's axes.
    pub const fn axes(self) -> &'static [&'static str] {
        match self {
            ActionBlock::Place => &["rotation", "row", "column"],
            ActionBlock::Deploy => &["figure", "segment"],
            ActionBlock::Arrow => &["arrow"],
            ActionBlock::Return | ActionBlock::Portal | ActionBlock::AddNextTo => {
                &["figure", "row", "column", "segment"]
            }
            ActionBlock::Swap => &["player", "row", "column", "segment"],
            ActionBlock::MoveTo | ActionBlock::Princess | ActionBlock::Fairy => {
                &["row", "column", "segment"]
            }
            ActionBlock::Dragon => &["direction"],
            ActionBlock::Free => &["figure", "row", "column"],
            ActionBlock::TowerPiece => &["row", "column"],
            ActionBlock::TowerFollower => &["figure", "row", "column"],
            ActionBlock::Capture => &["player_figure", "row", "column", "segment"],
            ActionBlock::Ransom => &["player", "figure"],
            _ => &[],
        }
    }
}
