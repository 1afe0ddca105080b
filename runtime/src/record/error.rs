//! Record and replay errors; all message text lives in the `Display` impls here.

use super::Waiting;
use crate::{
    ActError, ArrowKind, CatalogError, ChoiceError, DrawError, FigureKind, PlaceError, Placement,
    Pos, SetupError,
};
use std::fmt;

/// A problem with the record's text, before anything is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Not valid TOML, or a key of the wrong type, missing or unknown (the TOML
    /// library's message, with line and column).
    Toml(String),
    /// Longer than [`super::MAX_RECORD_BYTES`]: refused before it is parsed.
    TooLarge {
        /// The text's length in bytes.
        bytes: usize,
    },
    /// More than [`super::MAX_RECORD_VALUES`] values: refused before it is
    /// parsed.
    TooManyValues {
        /// The values counted.
        values: usize,
    },
    /// A value that parses but breaks the contract.
    Invalid {
        /// The turn (1-based), for a key inside a `[[turn]]`.
        turn: Option<usize>,
        /// The key.
        key: &'static str,
        /// What is wrong.
        kind: InvalidKind,
    },
}

/// What is wrong with a value of a record (its text is the `Display` here).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum InvalidKind {
    /// `dragon` names no direction (N, E, S, W).
    DragonDirection {
        /// The name as written.
        name: String,
    },
    /// Fewer than 2 or more than 6 players.
    PlayerCount {
        /// The number given.
        count: usize,
    },
    /// A player name that is empty or blank.
    EmptyPlayerName {
        /// The player's place in the list (1-based).
        number: usize,
    },
    /// A player name longer than [`super::MAX_PLAYER_NAME`] characters.
    LongPlayerName {
        /// The player's place in the list (1-based).
        number: usize,
        /// The name's length in characters.
        chars: usize,
    },
    /// A player name given twice.
    DuplicatePlayer {
        /// The name.
        name: String,
    },
    /// `sets` is empty.
    NoSets,
    /// `expect.scores` does not give one score per player.
    ScoreCount {
        /// The number of scores.
        scores: usize,
        /// The number of players.
        players: usize,
    },
    /// A score beyond the engine's 32-bit range.
    ScoreRange,
    /// A square whose coordinates no board reaches (beyond 16 bits).
    OffBoard {
        /// The column as written.
        x: i64,
        /// The row as written.
        y: i64,
    },
    /// A square that is not two numbers.
    NotAPair {
        /// How many numbers were written.
        found: usize,
    },
    /// A figure kind with no such name.
    UnknownFigure {
        /// The name as written.
        name: String,
    },
    /// An arrow kind with no such name.
    UnknownArrow {
        /// The name as written.
        name: String,
    },
    /// A rotation that is not a multiple of 90 degrees in `0..360`.
    Rotation {
        /// The degrees as written.
        degrees: i64,
    },
    /// An answer in `then` that needs a spot but lacks `at` or `on`.
    AnswerSpot {
        /// The answer, as written (`mayor = "swap"`).
        answer: &'static str,
    },
    /// An answer in `then` that is none of the known ones.
    UnknownAnswer,
    /// An `add` or `return` table without `on`.
    SpotSegment,
    /// A `figure` table without `on`.
    FigureSegment,
    /// More than one figure step in a turn.
    SeveralSteps {
        /// The keys given.
        steps: Vec<&'static str>,
    },
    /// `recall` names a figure that cannot be recalled.
    Recall {
        /// The name as written.
        name: String,
    },
    /// `figure.portal = true` without `figure.at`.
    PortalSquare,
    /// The Tower: `capture` without `tower` (a capture follows a tower
    /// piece).
    CaptureWithoutTower,
    /// `waiting` names nothing a game waits for.
    UnknownWaiting {
        /// The value as written.
        name: String,
    },
    /// `waiting` beside `drawn`.
    DrawnAndWaiting,
    /// `waiting` (but `"draw"`) with no last turn to wait in: none is
    /// written, or tiles were set aside after it.
    NoTurnWaits {
        /// The value.
        waiting: Waiting,
    },
    /// The last turn writes a step that `waiting` says is still to come.
    WrittenBeforeWaiting {
        /// The value.
        waiting: Waiting,
        /// The key the turn writes.
        key: &'static str,
    },
}

impl fmt::Display for InvalidKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SEGMENT: &str = "name the segment (a port such as `N`, or `monastery`)";
        match self {
            InvalidKind::PlayerCount { count } => write!(f, "{count} players: a game has 2 to 6"),
            InvalidKind::EmptyPlayerName { number } => {
                write!(f, "player {number} has an empty name")
            }
            InvalidKind::LongPlayerName { number, chars } => write!(
                f,
                "player {number}'s name has {chars} characters; at most {}",
                super::MAX_PLAYER_NAME
            ),
            InvalidKind::DuplicatePlayer { name } => {
                write!(f, "player name `{name}` is used twice")
            }
            InvalidKind::NoSets => write!(f, "no tile set given"),
            InvalidKind::ScoreCount { scores, players } => {
                write!(f, "{scores} scores for {players} players")
            }
            InvalidKind::ScoreRange => write!(f, "scores are whole numbers within ±2147483647"),
            InvalidKind::OffBoard { x, y } => write!(f, "[{x}, {y}] is off any board"),
            InvalidKind::NotAPair { found } => {
                write!(f, "expected [x, y], found {found} numbers")
            }
            InvalidKind::UnknownFigure { name } => {
                let names: Vec<_> = FigureKind::ALL.iter().map(|k| k.name()).collect();
                write!(f, "unknown figure `{name}` (known: {})", names.join(", "))
            }
            InvalidKind::UnknownArrow { name } => write!(
                f,
                "unknown arrow `{name}` (known: add-next-to, portal, extra-turn)"
            ),
            InvalidKind::Rotation { degrees } => write!(f, "{degrees} is not 0, 90, 180 or 270"),
            InvalidKind::AnswerSpot { answer } => {
                write!(f, "`{answer}` needs `at = [x, y]` and `on` (the segment)")
            }
            InvalidKind::UnknownAnswer => write!(
                f,
                "each answer is one of mayor = \"swap\"|\"decline\", scarecrow = \
                 \"hand-over\"|\"lie-down\"|\"return\", messenger = \"move\"|\"return\", \
                 wagon = \"move\"|\"return\""
            ),
            InvalidKind::SpotSegment => write!(f, "missing `on`: {SEGMENT}"),
            InvalidKind::DragonDirection { name } => {
                write!(f, "`{name}` is no direction of the dragon (N, E, S or W)")
            }
            InvalidKind::FigureSegment => write!(f, "missing: {SEGMENT}"),
            InvalidKind::SeveralSteps { steps } => write!(
                f,
                "a turn takes one figure step, not several ({})",
                steps.join(", ")
            ),
            InvalidKind::Recall { name } => {
                write!(f, "`{name}` cannot be recalled (only `abbot`)")
            }
            InvalidKind::CaptureWithoutTower => write!(
                f,
                "`capture` follows a tower piece: write `tower = {{ at = [x, y] }}` beside it \
                 (and `capture = {{ at, on }}`, or `capture = false` for none)"
            ),
            InvalidKind::PortalSquare => {
                write!(
                    f,
                    "a portal needs `at`: the square of the tile it places on"
                )
            }
            InvalidKind::UnknownWaiting { name } => {
                let names: Vec<_> = Waiting::ALL.iter().map(|w| w.name()).collect();
                write!(f, "unknown `{name}` (known: {})", names.join(", "))
            }
            InvalidKind::DrawnAndWaiting => write!(
                f,
                "not with `drawn`: a drawn tile waits for its placement, and `waiting` \
                 says what waits after it"
            ),
            InvalidKind::NoTurnWaits { waiting } => write!(
                f,
                "`waiting = \"{}\"` waits in the last turn, and the record ends after \
                 no turn (or after tiles set aside)",
                waiting.name()
            ),
            InvalidKind::WrittenBeforeWaiting { waiting, key } => write!(
                f,
                "`waiting = \"{}\"` says the turn stops before that, and it writes `{key}`",
                waiting.name()
            ),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Toml(m) => write!(f, "{}", m.trim_end()),
            RecordError::TooLarge { bytes } => write!(
                f,
                "{bytes} bytes: a game record holds at most {} bytes (1 MiB)",
                super::MAX_RECORD_BYTES
            ),
            RecordError::TooManyValues { values } => write!(
                f,
                "more than {} values (keys, array items, tables; {values} here): a game record holds far fewer (a game of every shipped set about 1,500)",
                super::MAX_RECORD_VALUES
            ),
            RecordError::Invalid {
                turn: Some(t),
                key,
                kind,
            } => {
                write!(f, "turn {t}, key `{key}`: {kind}")
            }
            RecordError::Invalid {
                turn: None,
                key,
                kind,
            } => write!(f, "key `{key}`: {kind}"),
        }
    }
}

/// The replay stopped: the first illegal or impossible move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The turn (1-based); 0 for the setup and the start tile.
    pub turn: usize,
    /// The turn's tile, as written.
    pub tile: String,
    /// What went wrong.
    pub kind: ReplayErrorKind,
}

/// What stopped a replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayErrorKind {
    /// A set id that is not shipped.
    UnknownSet {
        /// The id.
        id: String,
        /// The shipped ids.
        known: Vec<String>,
    },
    /// The catalog given to [`resume_in`](super::resume_in) holds other sets
    /// than the record plays.
    OtherSets {
        /// The record's sets.
        record: Vec<String>,
        /// The catalog's.
        catalog: Vec<String>,
    },
    /// The sets cannot be played together.
    Catalog(CatalogError),
    /// The game cannot start.
    Setup(SetupError),
    /// A tile id that is in none of the sets in play.
    UnknownTile,
    /// The tile cannot be drawn now.
    Draw(DrawError),
    /// `set_aside` names a tile that fits somewhere (it must be placed).
    SetAsideFits {
        /// The tile's id.
        id: String,
    },
    /// A tile of an earlier pile group still fits and must be played first.
    OutOfOrder {
        /// The id of a waiting tile that fits.
        waiting: String,
    },
    /// The placement breaks a rule.
    Place {
        /// The placement asked for.
        at: Placement,
        /// The rule it breaks.
        error: PlaceError,
        /// Every legal placement of the tile.
        legal: Vec<Placement>,
    },
    /// `figure.on` names no segment of the placed tile.
    NoSegment {
        /// The name as written.
        on: String,
        /// The names that would work.
        names: Vec<String>,
    },
    /// An arrow choice or a decision after scoring is missing or breaks a rule.
    Decision {
        /// What is wrong.
        reason: DecisionReason,
        /// The legal answers, as a record writes them.
        legal: Vec<String>,
    },
    /// `drawn` names a tile that fits nowhere (it is set aside, not held).
    DrawnFitsNowhere,
    /// `waiting` (or `drawn`) says the game waits for something it does not.
    NotWaiting {
        /// What the record says the game waits for (`drawn`'s placement is
        /// `None`).
        waiting: Option<Waiting>,
        /// What the game waits for, in words.
        found: &'static str,
    },
    /// The figure step breaks a rule.
    Figure {
        /// The step as written.
        step: String,
        /// The rule it breaks.
        error: ActError,
        /// Every legal figure step.
        legal: Vec<String>,
    },
}

/// Why an arrow choice or a decision after scoring cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DecisionReason {
    /// Arrows of several kinds are activated and `arrow` names none.
    ArrowMissing,
    /// `arrow` names a kind that is not among those activated.
    ArrowNotActivated {
        /// The kind named.
        arrow: ArrowKind,
    },
    /// `arrow` names a kind when no choice is owed and another (or none) is active.
    ArrowNotActive {
        /// The kind named.
        arrow: ArrowKind,
        /// The kind that is active, if any.
        active: Option<ArrowKind>,
    },
    /// The answer written is not a legal one.
    NotPossible {
        /// The name of the player deciding.
        player: String,
        /// The figure decided about.
        figure: FigureKind,
        /// The answer, as a record writes it.
        choice: String,
        /// Why the engine refused it.
        error: ChoiceError,
    },
    /// An answer of `then` that no decision of the turn used.
    Unasked {
        /// Its index in `then` (0-based).
        index: usize,
    },
    /// The dragon moves and `dragon` lists no more moves (or names a
    /// square it may not enter).
    Dragon {
        /// The name of the player whose move it is.
        player: String,
        /// The move written, if any (`N`, `E`, `S`, `W`).
        written: Option<String>,
    },
    /// `dragon` lists more moves than the dragon made.
    DragonUnasked {
        /// How many moves were left over.
        left: usize,
    },
    /// The Tower: a capture of nothing the tower reaches (or of several
    /// figures the key does not tell apart).
    NoCapture {
        /// The square named.
        at: Pos,
        /// The segment named, as written.
        on: String,
    },
    /// The Tower: a ransom the rules refuse.
    Ransom {
        /// The holder named, as written.
        player: String,
        /// Why the engine refused it.
        error: ActError,
    },
    /// A mayor swap with no opponent's follower at the spot.
    NoSwap {
        /// The name of the player deciding.
        player: String,
        /// The square named.
        at: Pos,
        /// The segment named, as written.
        on: String,
    },
}

impl fmt::Display for DecisionReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecisionReason::ArrowMissing => write!(
                f,
                "arrows of several kinds are activated: name one with `arrow`"
            ),
            DecisionReason::ArrowNotActivated { arrow } => {
                write!(f, "the `{}` arrow is not activated", arrow.name())
            }
            DecisionReason::ArrowNotActive { arrow, active } => write!(
                f,
                "arrow = \"{}\": that arrow is not activated (activated: {})",
                arrow.name(),
                active.map_or("none", |a| a.name())
            ),
            DecisionReason::NotPossible {
                player,
                figure,
                choice,
                error,
            } => write!(f, "{player}'s {figure}: {choice} is not possible ({error})"),
            DecisionReason::Unasked { index } => {
                write!(f, "then[{index}]: no such decision was asked in this turn")
            }
            DecisionReason::Dragon {
                player,
                written: None,
            } => write!(
                f,
                "the dragon moves ({player}'s move) and `dragon` lists no more moves \
                 (dragon-moves)"
            ),
            DecisionReason::Dragon {
                player,
                written: Some(d),
            } => write!(
                f,
                "dragon: {player}'s move \"{d}\" is not possible: the dragon enters a tile it has \
                 not been on in this movement, never the fairy's (dragon-moves)"
            ),
            DecisionReason::DragonUnasked { left } => write!(
                f,
                "dragon: {left} move(s) listed after the dragon stopped (6 moves, or no square \
                 left to enter)"
            ),
            DecisionReason::NoCapture { at, on } => write!(
                f,
                "capture at {at} {on}: no capturable follower there within the tower's reach \
                 (capture-reach: its own square, or as many squares as it is high north, east, \
                 south or west; capture-kinds)"
            ),
            DecisionReason::Ransom { player, error } => {
                write!(f, "ransom to {player}: {error}")
            }
            DecisionReason::NoSwap { player, at, on } => write!(
                f,
                "{player}'s mayor: no opponent's follower stands at {at} {on} to swap"
            ),
        }
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.turn == 0 {
            write!(f, "setup: ")?;
        } else if self.tile.is_empty() {
            // After the last turn, before a tile is drawn (`waiting = "draw"`).
            write!(f, "turn {}: ", self.turn)?;
        } else {
            write!(f, "turn {} (`{}`): ", self.turn, self.tile)?;
        }
        match &self.kind {
            ReplayErrorKind::UnknownSet { id, known } => {
                write!(f, "unknown tile set `{id}` (known: {})", known.join(", "))
            }
            ReplayErrorKind::OtherSets { record, catalog } => write!(
                f,
                "the record plays the sets {}, the catalog holds {}",
                record.join(", "),
                catalog.join(", ")
            ),
            ReplayErrorKind::Catalog(e) => write!(f, "the sets cannot be played: {e}"),
            ReplayErrorKind::Setup(e) => write!(f, "{e}"),
            ReplayErrorKind::UnknownTile => write!(f, "no such tile in the sets in play"),
            ReplayErrorKind::Draw(e) => write!(f, "cannot draw this tile: {e}"),
            ReplayErrorKind::SetAsideFits { id } => write!(
                f,
                "set_aside: `{id}` fits on the board, so it cannot be set aside (only a \
                 drawn tile that fits nowhere is)"
            ),
            ReplayErrorKind::OutOfOrder { waiting } => write!(
                f,
                "cannot draw this tile yet: river tiles are played first, then the lake, \
                 then land tiles (`{waiting}` still fits)"
            ),
            ReplayErrorKind::Place { at, error, legal } => {
                write!(f, "illegal placement at {at}: {error}; legal: ")?;
                list(f, legal.iter().map(|p| p.to_string()).collect())
            }
            ReplayErrorKind::NoSegment { on, names } => {
                write!(
                    f,
                    "figure.on: the placed tile has no segment `{on}`; segments: "
                )?;
                list(f, names.clone())
            }
            ReplayErrorKind::Decision { reason, legal } if legal.is_empty() => {
                write!(f, "{reason}")
            }
            ReplayErrorKind::Decision { reason, legal } => {
                write!(f, "{reason}; legal: ")?;
                list(f, legal.clone())
            }
            ReplayErrorKind::DrawnFitsNowhere => write!(
                f,
                "drawn: the tile fits nowhere on the board, so it is set aside, not held \
                 (name it in `set_aside`)"
            ),
            ReplayErrorKind::NotWaiting { waiting, found } => {
                let said = waiting.map_or("drawn".to_string(), |w| {
                    format!("waiting = \"{}\"", w.name())
                });
                write!(f, "{said}: the game waits for {found} here")
            }
            ReplayErrorKind::Figure { step, error, legal } => {
                write!(f, "illegal figure step ({step}): {error}; legal: ")?;
                list(f, legal.clone())
            }
        }
    }
}

fn list(f: &mut fmt::Formatter<'_>, items: Vec<String>) -> fmt::Result {
    if items.is_empty() {
        return write!(f, "none");
    }
    write!(f, "{}", items.join(", "))
}

impl std::error::Error for ReplayError {}
impl std::error::Error for RecordError {}
