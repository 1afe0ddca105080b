//! Decisions outside the figure step: which arrow to activate (20th
//! Anniversary), and what a surrounded mayor or scarecrow, or a messenger whose
//! road scored, does (Messengers & Mayors).
//!
//! When one is owed the game is in [`Phase::Decide`]: [`Game::decision`] says
//! what and whose it is, [`Game::legal_choices`] lists the answers, and
//! [`Game::choose`] takes one. A decision with only one legal answer is taken
//! by the engine without asking. A surrounded mayor's swap and a surrounded
//! scarecrow's choice are asked after the figure step and before the turn's
//! scoring (rulings mayor-when, scarecrow-when), which waits for them; the
//! messengers are asked after scoring. Several decisions
//! of one group are asked clockwise from the active player (per player, in the
//! order their features scored or their figures stand).

use crate::event::Event;
use crate::features::Node;
use crate::figure::{Figure, Player, Spot};
use crate::game::{Extra, Game, Phase};
use crate::tile::ArrowKind;
use std::fmt;

/// A decision the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Decision {
    /// The placement activated arrows of several kinds: the player picks one.
    Arrow {
        /// Whose turn it is.
        player: Player,
    },
    /// A mayor's tile was left surrounded: swap one opponent's follower in its
    /// city for one of the owner's ([`Choice::Swap`]) or not ([`Choice::Decline`]);
    /// the mayor then goes home either way.
    Mayor {
        /// The mayor's owner.
        player: Player,
        /// Where it stands.
        at: Spot,
    },
    /// A scarecrow's tile was left surrounded: hand over to a farmer
    /// ([`Choice::HandOver`]), lie down ([`Choice::LieDown`]) or go home
    /// ([`Choice::Decline`]).
    Scarecrow {
        /// The scarecrow's owner.
        player: Player,
        /// Where it stands.
        at: Spot,
    },
    /// A messenger's road scored: move on ([`Choice::Move`]) or go home
    /// ([`Choice::Decline`]).
    Messenger {
        /// The messenger's owner.
        player: Player,
        /// Where it stood on the scored road.
        from: Spot,
    },
    /// The Princess & the Dragon: one move of the dragon, one square
    /// ([`Choice::Dragon`]); asked even when one square is left.
    Dragon {
        /// Whose move it is (the current player first, then the others in
        /// turn order).
        player: Player,
    },
    /// The Tower: a tower piece was just put on the tower at `at`: capture
    /// a follower in its reach ([`Choice::Capture`]) or none
    /// ([`Choice::Decline`]).
    Capture {
        /// Who put the piece.
        player: Player,
        /// The tower's square.
        at: crate::geom::Pos,
    },
    /// Abbey & Mayor: a wagon's road, city or monastery scored: move on
    /// ([`Choice::Move`]) or go home ([`Choice::Decline`]).
    Wagon {
        /// The wagon's owner.
        player: Player,
        /// Where it stood on the scored feature.
        from: Spot,
    },
}

impl Decision {
    /// The player who decides.
    pub fn player(&self) -> Player {
        match *self {
            Decision::Arrow { player }
            | Decision::Mayor { player, .. }
            | Decision::Scarecrow { player, .. }
            | Decision::Messenger { player, .. }
            | Decision::Dragon { player }
            | Decision::Capture { player, .. }
            | Decision::Wagon { player, .. } => player,
        }
    }
}

/// An answer to a [`Decision`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Choice {
    /// Activate this arrow kind.
    Arrow(ArrowKind),
    /// Take no action: the mayor or scarecrow goes home, the messenger goes home.
    Decline,
    /// The mayor's swap: the opponent `player`'s follower at `at` goes home and one
    /// of the mayor owner's followers from supply takes its place.
    Swap {
        /// The opponent whose follower is replaced.
        player: Player,
        /// Where it stands.
        at: Spot,
    },
    /// The scarecrow's owner puts a follower from supply on the scarecrow's spot
    /// as a farmer and takes the scarecrow back.
    HandOver,
    /// The scarecrow lies down: a farmer of strength 1 at final scoring.
    LieDown,
    /// The messenger moves to this spot (a segment of a road or city where its
    /// road ended).
    Move {
        /// The spot.
        to: Spot,
    },
    /// The dragon moves one square in direction `dir` (0 = N, 1 = E, 2 = S,
    /// 3 = W).
    Dragon {
        /// The direction.
        dir: u8,
    },
    /// The Tower: capture `player`'s `figure` at `at` (segment
    /// [`NO_SEGMENT`](crate::NO_SEGMENT): on top of a tower).
    Capture {
        /// The figure's owner.
        player: Player,
        /// What it is.
        figure: crate::figure::FigureKind,
        /// Where it stands.
        at: Spot,
    },
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Choice::Arrow(k) => write!(f, "activate the {} arrow", k.name()),
            Choice::Decline => f.write_str("decline"),
            Choice::Swap { player, at } => write!(
                f,
                "swap player {player}'s follower at {} segment {}",
                at.pos, at.segment
            ),
            Choice::HandOver => f.write_str("hand over to a farmer"),
            Choice::LieDown => f.write_str("lie down"),
            Choice::Move { to } => write!(f, "move to {} segment {}", to.pos, to.segment),
            Choice::Dragon { dir } => write!(
                f,
                "move the dragon {}",
                ["N", "E", "S", "W"][usize::from(*dir & 3)]
            ),
            Choice::Capture { player, figure, at } if at.segment == crate::NO_SEGMENT => write!(
                f,
                "capture player {player}'s {figure} on top of the tower at {}",
                at.pos
            ),
            Choice::Capture { player, figure, at } => write!(
                f,
                "capture player {player}'s {figure} at {} segment {}",
                at.pos, at.segment
            ),
        }
    }
}

/// Why a choice is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum ChoiceError {
    /// No decision is owed.
    NothingToDecide,
    /// The choice does not answer the decision owed, or is not among its legal
    /// answers.
    NotLegal,
    /// Abbey & Mayor: a wagon's move to a spot that is no incomplete,
    /// unoccupied road, city or monastery on its tile or one around it.
    WagonTarget,
}

impl fmt::Display for ChoiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChoiceError::NothingToDecide => f.write_str("no decision is owed now"),
            ChoiceError::NotLegal => f.write_str("that choice is not legal for this decision"),
            ChoiceError::WagonTarget => f.write_str(
                "a wagon moves only to an incomplete, unoccupied road, city or monastery on its \
                 tile or one of the eight around it (wagon-reach)",
            ),
        }
    }
}

impl std::error::Error for ChoiceError {}

/// A decision owed, with the feature node it concerns (the figure's, or the
/// scored road's). The expansion that queued it lists its answers and takes
/// the one chosen (its `choices` and `answer` hooks).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pending {
    pub decision: Decision,
    pub node: Node,
}

/// What the turn does once the decisions owed are answered: they are asked
/// in three groups (before the figure step, before scoring, after scoring),
/// and the turn goes on from where it asked them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Next {
    /// The figure step (decisions of the placement: an arrow's kind).
    Figure,
    /// The turn's scoring (decisions after the figure step: a surrounded
    /// mayor's swap).
    Scoring,
    /// The turn's end (decisions after scoring: a messenger's move).
    End,
}

impl Game {
    /// The decision owed now, in [`Phase::Decide`].
    pub fn decision(&self) -> Option<Decision> {
        (self.phase == Phase::Decide)
            .then(|| self.pending.first().map(|p| p.decision))
            .flatten()
    }

    /// Appends every legal answer to the decision owed (none outside
    /// [`Phase::Decide`]); [`Choice::Decline`] first where it is legal.
    pub fn legal_choices_into(&self, out: &mut Vec<Choice>) {
        if self.phase != Phase::Decide {
            return;
        }
        let Some(p) = self.pending.first().copied() else {
            return;
        };
        self.expansion_choices(&p, out);
    }

    /// Every legal answer to the decision owed.
    pub fn legal_choices(&self) -> Vec<Choice> {
        let mut out = Vec::new();
        self.legal_choices_into(&mut out);
        out
    }

    /// Answers the decision owed, if `choice` is legal.
    pub fn choose(&mut self, choice: Choice) -> Result<(), ChoiceError> {
        if self.decision().is_none() {
            return Err(ChoiceError::NothingToDecide);
        }
        if !self.legal_choices().contains(&choice) {
            return match (self.decision(), choice) {
                (Some(Decision::Wagon { .. }), Choice::Move { .. }) => {
                    Err(ChoiceError::WagonTarget)
                }
                _ => Err(ChoiceError::NotLegal),
            };
        }
        self.choose_unchecked(choice);
        Ok(())
    }

    /// Answers without checking (the caller took `choice` from
    /// [`Game::legal_choices`]). A debug build checks anyway and panics on an
    /// illegal answer; a release build does nothing when no decision is owed.
    pub fn choose_unchecked(&mut self, choice: Choice) {
        debug_assert!(
            self.legal_choices().contains(&choice),
            "choose_unchecked({choice:?}) answering {:?}",
            self.decision()
        );
        if self.decision().is_none() {
            return;
        }
        self.remember(crate::game::LogEntry::Move(crate::moves::Move::Decide(
            choice,
        )));
        let p = self.pending.remove(0);
        self.expansion_answer(p, choice);
        self.settle();
    }

    /// Takes every owed decision that has a single legal answer; when none is
    /// left the turn goes on ([`Next`]).
    pub(crate) fn settle(&mut self) {
        let mut only = Vec::new();
        while self.phase == Phase::Decide && !self.pending.is_empty() {
            only.clear();
            self.legal_choices_into(&mut only);
            // The dragon's moves are asked even with one square left.
            let dragon = matches!(self.pending[0].decision, Decision::Dragon { .. });
            if only.len() > 1 || (dragon && !only.is_empty()) {
                return;
            }
            let p = self.pending.remove(0);
            if let Some(&choice) = only.first() {
                self.expansion_answer(p, choice);
            }
        }
        if self.phase == Phase::Decide && self.pending.is_empty() {
            self.go_on(self.next);
        }
    }

    /// Orders the decisions owed clockwise from the active player and asks the
    /// first; when there is none, the turn goes on at `next` (inlined: most
    /// turns owe nothing, and `next` is known where it is called).
    #[inline]
    pub(crate) fn ask_owed(&mut self, next: Next) {
        if self.pending.is_empty() {
            self.go_on(next);
            return;
        }
        self.next = next;
        let (current, n) = (self.current, self.players);
        self.pending
            .sort_by_key(|p| (p.decision.player() + n - current) % n);
        self.phase = Phase::Decide;
        self.settle();
    }

    /// The turn goes on at `next` once its decisions are answered.
    #[inline(always)]
    fn go_on(&mut self, next: Next) {
        match next {
            Next::Figure => self.phase = Phase::Figure,
            Next::Scoring => {
                // The swaps are settled: now the turn's scoring.
                let tile = self.board.tiles[self.board.tiles.len() - 1];
                self.expansion_scoring_step(tile);
            }
            Next::End => self.end_turn(),
        }
    }

    /// The current player earns one more turn right after this one (an
    /// extra-turn arrow, a builder): never a third in a row, so nothing in
    /// an extra turn.
    pub(crate) fn earn_extra_turn(&mut self) {
        if self.extra == Extra::No {
            self.extra = Extra::Earned;
        }
    }

    /// The turn passes (or an earned extra turn begins). Inlined: the base
    /// game's turn ends here after every pass.
    #[inline(always)]
    pub(crate) fn end_turn(&mut self) {
        // Every path that adds or removes a figure keeps the cloister list and
        // the surround count.
        debug_assert_eq!(
            self.figs.cloisters,
            self.figs
                .all
                .iter()
                .filter(|f| f.cloister)
                .map(|f| (f.pos, f.node))
                .collect::<Vec<_>>()
        );
        debug_assert_eq!(
            self.figs.watched,
            self.figs.all.iter().filter(|f| f.watched()).count()
        );
        debug_assert!(self.board.tiles.iter().all(|t| {
            let near = |f: &&Figure| f.watched() && (0..4).any(|d| f.pos.step(d) == t.pos);
            let on = |f: &&Figure| f.watched() && f.pos == t.pos;
            let n = self.figs.all.iter().filter(|f| near(f) || on(f)).count();
            self.board.grid.watched_count(t.pos) == Some(n)
        }));
        if self.extra == Extra::Earned {
            self.extra = Extra::Playing;
            self.log(Event::ExtraTurn {
                turn: self.turn,
                player: self.current,
            });
        } else {
            self.extra = Extra::No;
            // Not `%`: a division per turn shows in profiles.
            self.current = if self.current + 1 == self.players {
                0
            } else {
                self.current + 1
            };
        }
        if self.cat.rules.any {
            self.turn_ends();
        }
        self.turn += 1;
        self.phase = Phase::Draw;
        if self.pile.len() == 0 {
            self.last_turn_ended();
        }
        if self.cat.rules.any && self.phase == Phase::Draw {
            self.turn_begins();
        }
    }

    /// With the pile empty: final scoring once no town hall is left to place.
    #[cold]
    #[inline(never)]
    fn last_turn_ended(&mut self) {
        if !self.tiles_left() {
            self.finish();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::figure::{Action, FigureKind};
    use crate::game::Setup;
    use crate::geom::{Pos, Rotation};
    use crate::placement::Placement;
    use crate::testkit::kind;
    use crate::tile::{Mark, MarkKind, TileSet, NO_SEGMENT};
    use std::borrow::Cow;
    use std::sync::Arc;

    /// Fields everywhere, and town halls so that the M&M figures are in play.
    fn catalog() -> Arc<Catalog> {
        let mut hall = kind("t/hall", 6, &[]);
        hall.marks = Cow::Owned(vec![Mark {
            kind: MarkKind::TownHall,
            segment: NO_SEGMENT,
            value: 0,
        }]);
        let set = TileSet {
            id: Cow::Borrowed("t"),
            name: Cow::Borrowed("t"),
            river: false,
            tiles: Cow::Owned(vec![kind("t/f", 40, &["field N E S W"]), hall]),
        };
        Arc::new(Catalog::new(&[&set]).expect("test set"))
    }

    /// A game of `players` on the test set, started with a field tile.
    fn game(players: usize) -> Game {
        let cat = catalog();
        let start = cat.kind_id("t/f");
        Game::new(
            cat,
            Setup {
                start,
                ..Setup::new(players)
            },
        )
        .expect("setup")
    }

    fn turn(game: &mut Game, x: i16, y: i16, action: Action) {
        let f = game.catalog().kind_id("t/f").expect("field tile");
        game.draw(f).expect("draw");
        let at = Placement {
            pos: Pos::new(x, y),
            rotation: Rotation::R0,
        };
        game.place(at).expect("place");
        game.act(action).expect("act");
    }

    /// Two scarecrows left surrounded by one placement ask their owners clockwise
    /// from the active player.
    #[test]
    fn simultaneous_triggers_go_clockwise_from_the_active_player() {
        let scarecrow = Action::Place {
            figure: FigureKind::Scarecrow,
            segment: 0,
        };
        for (active, order) in [(0u8, [0u8, 2]), (1, [2, 0])] {
            let mut game = game(3);
            turn(&mut game, 0, 1, scarecrow); // player 0's scarecrow at [0, 1]
            turn(&mut game, 0, 2, Action::Pass);
            turn(&mut game, 1, 2, scarecrow); // player 2's scarecrow at [1, 2]
            turn(&mut game, -1, 1, Action::Pass);
            turn(&mut game, 2, 2, Action::Pass);
            turn(&mut game, 1, 3, Action::Pass);
            if active == 1 {
                turn(&mut game, -1, 0, Action::Pass); // player 0 passes the turn on
            }
            assert_eq!(game.current_player(), active);
            // [1, 1] closes both squares.
            let f = game.catalog().kind_id("t/f").expect("field tile");
            game.draw(f).expect("draw");
            let at = Placement {
                pos: Pos::new(1, 1),
                rotation: Rotation::R0,
            };
            game.place(at).expect("place");
            game.act(Action::Pass).expect("act");
            let mut asked = Vec::new();
            while let Some(d) = game.decision() {
                assert!(matches!(d, Decision::Scarecrow { .. }), "{d:?}");
                asked.push(d.player());
                assert_eq!(
                    game.legal_choices(),
                    [Choice::Decline, Choice::HandOver, Choice::LieDown]
                );
                let swap = Choice::Swap {
                    player: 0,
                    at: Spot {
                        pos: at.pos,
                        segment: 0,
                    },
                };
                assert_eq!(game.choose(swap), Err(ChoiceError::NotLegal));
                game.choose(Choice::LieDown).expect("lie down");
            }
            assert_eq!(asked, order, "active player {active}");
            assert_eq!(game.phase(), Phase::Draw);
            assert!(game.figures().iter().all(|f| f.lying));
            assert_eq!(
                game.choose(Choice::Decline),
                Err(ChoiceError::NothingToDecide)
            );
        }
    }

    /// A second town hall is refused; the first fits next to anything.
    #[test]
    fn each_player_places_one_town_hall() {
        let mut game = game(2);
        assert!(game.holds_town_hall(0));
        game.take_town_hall().expect("town hall");
        assert_eq!(game.legal_placement_count(), 4);
        let at = Placement {
            pos: Pos::new(1, 0),
            rotation: Rotation::R0,
        };
        game.place(at).expect("place");
        game.act(Action::Pass).expect("act");
        turn(&mut game, 0, 1, Action::Pass);
        assert!(!game.holds_town_hall(0));
        assert_eq!(
            game.take_town_hall(),
            Err(crate::draw::DrawError::NoTownHall)
        );
    }
}
