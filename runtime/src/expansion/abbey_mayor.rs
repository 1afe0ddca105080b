//! Abbey & Mayor: the abbeys, the mayor, the wagon and the barn.
//!
//! Each player holds an abbey and may place it instead of drawing, on an
//! empty square with tiles on all four sides; it ends the roads and cities it
//! meets and holds a monastery. The mayor stands in a city with the strength
//! of the city's pennants. A wagon whose road, city or monastery scored may
//! move on to an incomplete, unoccupied one nearby. A barn stands on a corner
//! where four fields meet: the field's farmers score at once and go home;
//! farmers joined to a barn's field later score 1 a city and go home; at the
//! end a barn scores 4 a completed city.
//!
//! Rulings (each with its source in `docs/rules/abbey-mayor.md`):
//! - **abbey-hole**: the abbey goes only on an empty square with a tile on
//!   each of its four sides (JCloisterZone: `AbbeyCapability`, the rule
//!   page); its edges fit anything and end every road and city they meet,
//!   it joins no field; **abbey-last**: once the pile is empty, the players
//!   still holding an abbey place it in turn order from the next player,
//!   while a square for it exists (as the town halls are handed over).
//! - **am-mayor-pennants**: the mayor counts the pennants of its city
//!   (JCloisterZone: `Mayor.getPower`); strength 0 wins nothing (ruling
//!   mayor-zero, `turn/scoring.rs`). The Messengers & Mayors mayor is a
//!   different figure: both may be in one game, each player holding both
//!   (records name this one `am-mayor`, or `mayor` when Messengers & Mayors
//!   is not in play).
//! - **wagon-reach**: a wagon whose feature was completed and scored may
//!   move to an incomplete, unoccupied road, city or monastery on its own
//!   tile or one of the eight around it (JCloisterZone's new-edition rule,
//!   `WagonPhase`, rule `C2`); owners asked clockwise from the active player
//!   once everything scored (`abbey_mayor/wagon.rs`).
//! - **barn-corner**: a barn goes on a corner of the tile just placed where
//!   four tiles meet, each with field on both sides of that corner, into a
//!   field without a barn (JCloisterZone: `BarnCapability`);
//!   **barn-placed**: once the placement's completed features scored, the
//!   field's figures score as a field (3 a completed city) and go home, the
//!   barn stays; **barn-joined**: a field of the tile just placed holding a
//!   barn and figures scores 1 a completed city for them and they go home
//!   (JCloisterZone: `ScoringPhase`, `ScoreFieldWhenBarnIsConnected`);
//!   **barn-end**: at the end each barn scores 4 a completed city of its
//!   field for its owner (`abbey_mayor/barn.rs`).

mod barn;
mod wagon;

pub use barn::CORNER_NAMES;

use super::{Expansion, Position};
use crate::act::ActError;
use crate::catalog::{KindId, KindInfo, PileClass};
use crate::decide::{Choice, Decision, Pending};
use crate::draw::{DrawError, Drawn};
use crate::event::Cause;
use crate::figure::{
    kind_bit, Action, Figure, FigureKind, FigureSpec, Player, MAX_PLAYERS, STRENGTH_BY_EXPANSION,
};
use crate::game::{Extra, Game, LogEntry, Phase, PlacedTile};
use crate::geom::Pos;
use crate::mark::MarkKind;
use crate::moves::{Move, MoveError};
use crate::research::ActionBlock;
use crate::scoring::Tally;
use crate::tile::SegmentKind;

/// Abbey & Mayor's mayor: cities only, strength the city's pennants.
pub(crate) const AM_MAYOR: FigureSpec = FigureSpec {
    name: "am-mayor",
    per_player: 1,
    strength: STRENGTH_BY_EXPANSION,
    stands_on: kind_bit(SegmentKind::City),
    joins_occupied: false,
    watched: false,
};

/// The wagon: roads, cities and monasteries, strength 1; moves on when its
/// feature scores.
pub(crate) const WAGON: FigureSpec = FigureSpec {
    name: "wagon",
    per_player: 1,
    strength: 1,
    stands_on: kind_bit(SegmentKind::Road)
        | kind_bit(SegmentKind::City)
        | kind_bit(SegmentKind::Monastery),
    joins_occupied: false,
    watched: false,
};

/// The barn: placed by this module on a corner (strength 0), into a field
/// with farmers or none.
pub(crate) const BARN: FigureSpec = FigureSpec {
    name: "barn",
    per_player: 1,
    strength: 0,
    stands_on: 0,
    joins_occupied: true,
    watched: false,
};

/// Abbey & Mayor: in play when an abbey with copies is (its rules: the
/// abbey's kind).
pub(crate) struct AbbeyMayor;

/// Abbey & Mayor's part of a game.
#[derive(Clone, Debug, Default)]
pub(crate) struct AmState {
    /// Per player: still holding an abbey.
    abbeys: [bool; MAX_PLAYERS],
    /// The field node of the barn deployed this turn, until it scored its
    /// field (turn only).
    barn: Option<u16>,
}

impl Position for AmState {
    fn key(&self) -> u64 {
        let held = self
            .abbeys
            .iter()
            .enumerate()
            .fold(0, |key, (p, &held)| key | u64::from(held) << p);
        held ^ self.barn.map_or(0, |n| u64::from(n) + 1) << 8
    }

    fn same(&self, other: &AmState) -> bool {
        self.abbeys == other.abbeys && self.barn == other.barn
    }
}

impl Expansion for AbbeyMayor {
    type Rules = KindId;
    type State = AmState;
    const MARKS: &'static [MarkKind] = &[MarkKind::Abbey, MarkKind::Wells];
    const FIGURES: &'static [FigureKind] =
        &[FigureKind::AmMayor, FigureKind::Wagon, FigureKind::Barn];
    const ACTIONS: &'static [ActionBlock] = &[
        ActionBlock::Abbey,
        ActionBlock::Draw,
        ActionBlock::Decline,
        ActionBlock::MoveTo,
    ];
    const OBSERVES: &'static [&'static str] = &["abbeys", "decision"];

    fn rules(kinds: &[KindInfo]) -> Option<KindId> {
        kinds
            .iter()
            .position(|k| k.class == PileClass::Abbey && k.def.count > 0)
            .map(|i| i as KindId)
    }

    /// One abbey per player, as far as the set's copies go.
    fn begin(game: &mut Game) {
        let abbeys = game
            .cat
            .exp
            .abbey_mayor
            .map_or(0, |k| usize::from(game.cat.kind(k).count));
        let players = game.players();
        let state = &mut game.exp.abbey_mayor;
        for (p, held) in state.abbeys.iter_mut().enumerate() {
            *held = p < players && p < abbeys;
        }
        state.barn = None;
    }

    /// Ruling abbey-hole: an abbey held counts only while a square for it
    /// exists.
    fn holds_tile(game: &Game, player: Player) -> bool {
        game.holds_abbey(player) && game.abbey_square_exists()
    }

    fn draw_moves(game: &Game, out: &mut Vec<Move>) {
        if Self::holds_tile(game, game.current) {
            out.push(Move::TakeAbbey);
        }
    }

    fn check_draw_move(game: &Game, m: Move) -> Option<Result<(), MoveError>> {
        if m != Move::TakeAbbey {
            return None;
        }
        let held = game.cat.exp.abbey_mayor.is_some() && game.holds_abbey(game.current);
        Some(match (held, game.abbey_square_exists()) {
            (true, true) => Ok(()),
            (false, _) => Err(MoveError::TownHall(DrawError::NoAbbey)),
            (true, false) => Err(MoveError::TownHall(DrawError::NoAbbeySquare)),
        })
    }

    fn play_draw_move(game: &mut Game, m: Move) {
        if m == Move::TakeAbbey {
            // A no-op when not held.
            let _ = game.take_abbey();
        }
    }

    /// A replay names the abbey as its tile: the player's, or once the pile
    /// is empty the next holder's.
    fn draw_held(game: &mut Game, kind: KindId) -> Option<Result<Drawn, DrawError>> {
        if game.cat.pile_class(kind) != PileClass::Abbey {
            return None;
        }
        if game.cat.exp.abbey_mayor != Some(kind) {
            return Some(Err(DrawError::NoAbbey));
        }
        Some(match game.pile.len() {
            0 => game
                .next_abbey()
                .map(Drawn::Place)
                .ok_or(DrawError::NoAbbey),
            _ => game.take_abbey().map(|()| Drawn::Place(kind)),
        })
    }

    /// Ruling abbey-last.
    fn hand_over(game: &mut Game) -> Option<KindId> {
        game.next_abbey()
    }

    fn actions(game: &Game, tile: &PlacedTile, out: &mut Vec<Action>) {
        game.barn_actions(tile, out);
    }

    fn check(game: &Game, tile: &PlacedTile, action: Action) -> Option<Result<(), ActError>> {
        match action {
            Action::Place {
                figure: FigureKind::Barn,
                segment,
            } => Some(game.check_barn(tile, segment)),
            _ => None,
        }
    }

    /// A barn deployed (the turn's own deployment puts it on the board): its
    /// field scores once the placement's completed features did (ruling
    /// barn-placed).
    fn arrived(game: &mut Game, index: usize) {
        if let Some(f) = game.figs.all.get(index) {
            if f.kind == FigureKind::Barn {
                game.exp.abbey_mayor.barn = Some(f.node);
            }
        }
    }

    /// Ruling barn-joined: a field with a barn (and only a barn) scores 1 a
    /// city; ruling am-mayor-pennants.
    fn points(_: &Game, tally: &mut Tally) {
        if tally.cause == Cause::BarnJoined {
            tally.points = u32::from(tally.cities);
        }
    }

    /// Ruling am-mayor-pennants.
    fn strength(_: &Game, figure: &Figure, tally: &Tally) -> Option<u32> {
        (figure.kind == FigureKind::AmMayor).then(|| match tally.kind {
            SegmentKind::City => u32::from(tally.pennants),
            _ => 0,
        })
    }

    /// Ruling wagon-reach (the move is asked after scoring); ruling barn-end.
    fn figure_scored(game: &mut Game, f: &Figure, cause: Cause) {
        match (f.kind, cause) {
            (FigureKind::Wagon, Cause::Completed) => game.wagon_scored(f),
            (FigureKind::Barn, Cause::EndOfGame) => game.barn_end(f),
            _ => {}
        }
    }

    /// Rulings barn-placed, barn-joined.
    fn after_scoring(game: &mut Game, tile: PlacedTile) {
        game.barn_scoring(tile);
    }

    fn choices(game: &Game, p: &Pending, out: &mut Vec<Choice>) {
        if let Decision::Wagon { from, .. } = p.decision {
            out.push(Choice::Decline);
            game.wagon_targets(from.pos, out);
        }
    }

    fn answer(game: &mut Game, p: Pending, choice: Choice) {
        if let (Decision::Wagon { player, from }, Choice::Move { to }) = (p.decision, choice) {
            game.wagon_moves(player, from, to);
        }
    }

    fn turn_ends(game: &mut Game) {
        game.exp.abbey_mayor.barn = None;
    }
}

impl Game {
    /// Abbey & Mayor: whether `player` still holds an abbey to place.
    pub fn holds_abbey(&self, player: Player) -> bool {
        self.exp
            .abbey_mayor
            .abbeys
            .get(usize::from(player))
            .copied()
            .unwrap_or(false)
    }

    /// Whether `pos` is a square an abbey may go on (ruling abbey-hole): empty,
    /// with a tile on each of its four sides.
    pub(crate) fn abbey_square(&self, pos: Pos) -> bool {
        self.board.grid.tile(pos).is_none()
            && (0..4).all(|d| self.board.grid.tile(pos.step(d)).is_some())
    }

    /// The squares an abbey may go on, in frontier order.
    pub(crate) fn abbey_squares(&self) -> impl Iterator<Item = Pos> + '_ {
        self.board
            .grid
            .frontier()
            .iter()
            .copied()
            .filter(|&p| self.abbey_square(p))
    }

    /// The figure a record's `kind` names: `mayor` is Abbey & Mayor's mayor
    /// when it is in play and Messengers & Mayors is not
    /// (ruling am-mayor-pennants).
    pub fn record_figure(&self, kind: FigureKind) -> FigureKind {
        match (kind, self.cat.exp.mm, self.cat.exp.abbey_mayor) {
            (FigureKind::Mayor, None, Some(_)) => FigureKind::AmMayor,
            _ => kind,
        }
    }

    /// Whether some square takes an abbey.
    fn abbey_square_exists(&self) -> bool {
        self.abbey_squares().next().is_some()
    }

    /// Abbey & Mayor: takes the current player's abbey to place instead of
    /// drawing a land tile (on a square with tiles on all four sides).
    pub fn take_abbey(&mut self) -> Result<(), DrawError> {
        self.take_abbey_unlogged()?;
        self.remember(LogEntry::Move(Move::TakeAbbey));
        Ok(())
    }

    /// [`Game::take_abbey`], unlogged (the engine's hand-over at the end of
    /// the pile is no move of the player's).
    fn take_abbey_unlogged(&mut self) -> Result<(), DrawError> {
        self.check_draw_phase()?;
        let Some(kind) = self.cat.exp.abbey_mayor else {
            return Err(DrawError::NoAbbey);
        };
        if !self.holds_abbey(self.current) {
            return Err(DrawError::NoAbbey);
        }
        if !self.abbey_square_exists() {
            return Err(DrawError::NoAbbeySquare);
        }
        self.exp.abbey_mayor.abbeys[usize::from(self.current)] = false;
        self.phase = Phase::Place(kind);
        self.scratch.blocks.clear();
        self.drawn_count = Some(self.count_for(kind));
        Ok(())
    }

    /// Ruling abbey-last: with the pile empty, gives the turn to the next
    /// player (from the current one, in turn order) still holding an abbey,
    /// who takes it to place, while a square for it exists.
    fn next_abbey(&mut self) -> Option<KindId> {
        let kind = self.cat.exp.abbey_mayor?;
        if !self.abbey_square_exists() {
            return None;
        }
        let n = self.players;
        let p = (0..n)
            .map(|i| (self.current + i) % n)
            .find(|&p| self.exp.abbey_mayor.abbeys[usize::from(p)])?;
        if p != self.current {
            self.current = p;
            self.extra = Extra::No;
        }
        self.take_abbey_unlogged().ok()?;
        Some(kind)
    }
}
