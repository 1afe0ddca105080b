//! One move type for every choice a player makes, and one pair of calls to list
//! and play them: [`Game::legal_moves_into`] and [`Game::play`].
//!
//! A turn is the draw (the engine's chance step: [`Game::draw_random`], or
//! [`Game::draw`] of a named tile in a replay), then moves until the phase is
//! [`Phase::Draw`] again or the game [is over](Game::is_over):
//!
//! | phase                | moves                                            |
//! |----------------------|--------------------------------------------------|
//! | [`Phase::Draw`]      | [`Move::TakeTownHall`] instead of drawing, if held |
//! | [`Phase::Place`]     | [`Move::Place`]: every legal placement            |
//! | [`Phase::Figure`]    | [`Move::Figure`]: [`Action::Pass`] first, then deployments and the alternatives |
//! | [`Phase::Decide`]    | [`Move::Decide`]: the answers to [`Game::decision`] |
//! | [`Phase::Over`]      | none                                             |
//!
//! [`Game::play`] checks a move and leaves the game unchanged when it is
//! illegal; [`Game::play_unchecked`] trusts the caller (its preconditions are
//! `debug_assert`ed, so a wrong move panics in a debug build instead of
//! corrupting the game).

use crate::act::ActError;
use crate::catalog::KindId;
use crate::decide::{Choice, ChoiceError};
use crate::draw::DrawError;
use crate::figure::{Action, Player};
use crate::game::{Game, Phase};
use crate::placement::{PlaceError, Placement};
use std::cell::Cell;
use std::fmt;

/// A choice a player makes. The text notation is in [`crate::notation`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Move {
    /// Messengers & Mayors: take the own town hall to place instead of drawing.
    TakeTownHall,
    /// Place the drawn tile `kind` (it must be the tile drawn).
    Place {
        /// The tile drawn.
        kind: KindId,
        /// Where and how.
        placement: Placement,
    },
    /// The figure step after a placement (a pass included).
    Figure(Action),
    /// The answer to the decision owed ([`Game::decision`]).
    Decide(Choice),
    /// The Tower: before drawing, pay 3 points to `holder` to free one of
    /// the own `figure`s they hold prisoner (once a turn).
    Ransom {
        /// The player holding the prisoner.
        holder: Player,
        /// Which figure.
        figure: crate::figure::FigureKind,
    },
    /// Abbey & Mayor: take the own abbey to place instead of drawing.
    TakeAbbey,
}

/// Why a move is illegal; the game is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum MoveError {
    /// The game is over.
    Over,
    /// This kind of move does not belong to the phase the game is in.
    WrongPhase {
        /// The phase the game is in.
        phase: Phase,
    },
    /// The player holds no town hall to take.
    TownHall(DrawError),
    /// The placement names another tile than the one drawn.
    WrongTile {
        /// The tile drawn.
        drawn: KindId,
        /// The tile the move names.
        given: KindId,
    },
    /// The placement breaks a placement rule.
    Place(PlaceError),
    /// The figure step breaks a figure rule.
    Figure(ActError),
    /// The answer is not a legal answer to the decision owed.
    Decide(ChoiceError),
    /// The Tower: the ransom breaks a ransom rule.
    Ransom(ActError),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Over => f.write_str("the game is over"),
            MoveError::WrongPhase { phase } => {
                write!(
                    f,
                    "this move does not belong to the {} phase",
                    phase_name(*phase)
                )
            }
            MoveError::TownHall(e) => e.fmt(f),
            MoveError::WrongTile { drawn, given } => write!(
                f,
                "the move places tile kind {given}, but kind {drawn} was drawn"
            ),
            MoveError::Place(e) => e.fmt(f),
            MoveError::Figure(e) => e.fmt(f),
            MoveError::Decide(e) => e.fmt(f),
            MoveError::Ransom(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for MoveError {}

impl MoveError {
    /// The message, with tiles named by their ids in `cat` (`Display` has no
    /// catalog and numbers them).
    ///
    /// ```
    /// # use tilec_runtime::*;
    /// # let cat = std::sync::Arc::new(Catalog::shipped(&["base"]).unwrap());
    /// let e = MoveError::WrongTile { drawn: cat.kind_id("base/U").unwrap(), given: cat.kind_id("base/D").unwrap() };
    /// assert_eq!(e.describe(&cat), "the move places tile `base/D`, but `base/U` was drawn");
    /// ```
    pub fn describe(&self, cat: &crate::Catalog) -> String {
        match self {
            MoveError::WrongTile { drawn, given } => format!(
                "the move places tile `{}`, but `{}` was drawn",
                tile_id(cat, *given),
                tile_id(cat, *drawn)
            ),
            MoveError::TownHall(e) => e.describe(cat),
            e => e.to_string(),
        }
    }
}

/// The id of `kind` in `cat`, or its number when the catalog has no such kind.
pub(crate) fn tile_id(cat: &crate::Catalog, kind: KindId) -> String {
    match usize::from(kind) < cat.len() {
        true => cat.kind(kind).id.to_string(),
        false => format!("#{kind}"),
    }
}

fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Draw => "draw",
        Phase::Place(_) => "placement",
        Phase::Figure => "figure",
        Phase::Decide => "decision",
        Phase::Over => "game-over",
    }
}

/// A finished game's result.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// Final scores, in seat order.
    pub scores: Vec<i32>,
    /// The seats with the highest score (several on a tie).
    pub winners: Vec<Player>,
}

thread_local! {
    /// Scratch for the figure step's listing (`legal_moves_into` takes `&self`,
    /// and a `Game` holds no interior mutability, so that it stays `Sync`).
    static ACTIONS: Cell<Vec<Action>> = const { Cell::new(Vec::new()) };
    static CHOICES: Cell<Vec<Choice>> = const { Cell::new(Vec::new()) };
}

impl Game {
    /// Appends every legal move of the current phase to `out` (see the module
    /// docs for what each phase offers). Empty in [`Phase::Over`], and in
    /// [`Phase::Draw`] for a player without a town hall: then the next step
    /// is the draw ([`Game::draw_random`]).
    ///
    /// ```
    /// # use tilec_runtime::*;
    /// let cat = std::sync::Arc::new(Catalog::shipped(&["base"]).unwrap());
    /// let mut game = Game::new(cat, Setup::new(2))?;
    /// let mut rng = Rng::new(7);
    /// let mut moves = Vec::new();
    /// while !game.is_over() {
    ///     if game.phase() == Phase::Draw && game.draw_random(&mut rng).is_err() {
    ///         break;
    ///     }
    ///     moves.clear();
    ///     game.legal_moves_into(&mut moves);
    ///     let m = moves[rng.below(moves.len() as u32) as usize];
    ///     game.play(m).unwrap();
    /// }
    /// assert!(game.is_over() && game.outcome().is_some());
    /// # Ok::<(), SetupError>(())
    /// ```
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        match self.phase {
            Phase::Over => {}
            Phase::Draw => {
                if self.cat.rules.any {
                    self.draw_moves(out);
                }
            }
            Phase::Place(kind) => {
                self.each_legal_placement(kind, |placement| {
                    out.push(Move::Place { kind, placement })
                });
            }
            Phase::Figure => ACTIONS.with(|cell| {
                let mut actions = cell.take();
                actions.clear();
                self.legal_actions_into(&mut actions);
                out.extend(actions.iter().map(|&a| Move::Figure(a)));
                cell.set(actions);
            }),
            Phase::Decide => CHOICES.with(|cell| {
                let mut choices = cell.take();
                choices.clear();
                self.legal_choices_into(&mut choices);
                out.extend(choices.iter().map(|&c| Move::Decide(c)));
                cell.set(choices);
            }),
        }
    }

    /// Every legal move of the current phase.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(&mut out);
        out
    }

    /// Why `m` is illegal now, if it is.
    pub fn check_move(&self, m: Move) -> Result<(), MoveError> {
        match (self.phase, m) {
            (Phase::Over, _) => Err(MoveError::Over),
            (Phase::Draw, Move::TakeTownHall | Move::TakeAbbey | Move::Ransom { .. }) => {
                self.check_draw_move(m)
            }
            (Phase::Place(drawn), Move::Place { kind, placement }) => {
                if kind != drawn {
                    return Err(MoveError::WrongTile { drawn, given: kind });
                }
                self.check_placement(placement).map_err(MoveError::Place)
            }
            (Phase::Figure, Move::Figure(a)) => self.check_action(a).map_err(MoveError::Figure),
            (Phase::Decide, Move::Decide(c)) => {
                let legal = CHOICES.with(|cell| {
                    let mut choices = cell.take();
                    choices.clear();
                    self.legal_choices_into(&mut choices);
                    let legal = choices.contains(&c);
                    cell.set(choices);
                    legal
                });
                match (legal, self.decision(), c) {
                    (true, _, _) => Ok(()),
                    (false, Some(crate::Decision::Wagon { .. }), Choice::Move { .. }) => {
                        Err(MoveError::Decide(ChoiceError::WagonTarget))
                    }
                    (false, _, _) => Err(MoveError::Decide(ChoiceError::NotLegal)),
                }
            }
            (phase, _) => Err(MoveError::WrongPhase { phase }),
        }
    }

    /// Plays `m` if it is legal; otherwise the game is unchanged and the error
    /// names the rule.
    ///
    /// ```
    /// # use tilec_runtime::*;
    /// let cat = std::sync::Arc::new(Catalog::shipped(&["base"]).unwrap());
    /// let mut game = Game::new(cat.clone(), Setup::new(2))?;
    /// let road = cat.kind_id("base/U").unwrap();
    /// game.draw(road).unwrap();
    /// let taken = Placement { pos: Pos::new(0, 0), rotation: Rotation::R0 };
    /// let before = game.clone();
    /// assert_eq!(
    ///     game.play(Move::Place { kind: road, placement: taken }),
    ///     Err(MoveError::Place(PlaceError::Occupied))
    /// );
    /// assert_eq!(game, before);
    /// # Ok::<(), SetupError>(())
    /// ```
    pub fn play(&mut self, m: Move) -> Result<(), MoveError> {
        self.check_move(m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// Plays `m` without checking it: the caller took it from
    /// [`Game::legal_moves_into`]. A debug build checks anyway and panics on an
    /// illegal move; a release build does not check, and an illegal move
    /// leaves the game in an unspecified (but memory-safe) state.
    #[inline(always)]
    pub fn play_unchecked(&mut self, m: Move) {
        debug_assert_eq!(self.check_move(m), Ok(()), "play_unchecked({m:?})");
        match m {
            // Checked above in debug builds; a no-op when not legal.
            Move::TakeTownHall | Move::TakeAbbey | Move::Ransom { .. } => self.play_draw_move(m),
            Move::Place { placement, .. } => self.place_unchecked(placement),
            Move::Figure(a) => self.act_unchecked(a),
            Move::Decide(c) => self.choose_unchecked(c),
        }
    }

    /// Whether the game is over: the pile is empty (or held only tiles that
    /// fit nowhere), every town hall is placed, and final scoring is done.
    /// The engine scores the end itself when the last turn ends (or when a
    /// draw finds nothing left to place); no [`Game::finish`] call is needed.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// The final scores and winners, once the game [is over](Game::is_over).
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let scores = self.scores().to_vec();
        let best = scores.iter().copied().max().unwrap_or(0);
        let winners = (0..self.players)
            .filter(|&p| scores[usize::from(p)] == best)
            .collect();
        Some(Outcome { scores, winners })
    }
}

#[cfg(test)]
mod tests {
    use crate::*;
    use std::sync::Arc;

    /// A named draw of a tile that fits nowhere sets it aside (the game stays
    /// in the draw phase, one copy fewer); a draw outside the draw phase is
    /// "wrong phase", not "over".
    #[test]
    fn a_named_tile_that_fits_nowhere_is_set_aside() {
        let cat = Arc::new(Catalog::shipped(&["base", "mm"]).expect("sets"));
        let start = cat.kind_id("base/D");
        let mut game = Game::new(
            cat.clone(),
            Setup {
                start,
                ..Setup::new(2)
            },
        )
        .expect("setup");
        // The M&M river tile: no river on the board to continue.
        let river = cat.kind_id("mm/L").expect("mm/L");
        let copies = game.pile_count(river);
        assert_eq!(game.draw(river), Ok(Drawn::SetAside(river)));
        assert_eq!(
            (game.phase(), game.pile_count(river)),
            (Phase::Draw, copies - 1)
        );
        let road = cat.kind_id("base/U").expect("base/U");
        assert_eq!(game.draw(road), Ok(Drawn::Place(road)));
        assert_eq!(game.draw(road), Err(DrawError::WrongPhase));
        assert_eq!(
            game.draw_random(&mut Rng::new(1)),
            Err(DrawError::WrongPhase)
        );
        assert_eq!(
            game.play(Move::TakeTownHall),
            Err(MoveError::WrongPhase {
                phase: Phase::Place(road)
            })
        );
        // A random player finishes the turn of a tile drawn already.
        RandomPlayer::new(0.0).turn(&mut game, &mut Rng::new(2));
        assert_eq!((game.phase(), game.placed_tiles().len()), (Phase::Draw, 2));
        assert_eq!(game.placed_tiles()[1].kind, road);
    }
}
