//! Decisions outside the figure step: which arrow to activate (20th
//! Anniversary), and what a surrounded mayor or scarecrow, or a messenger whose
//! road scored, does (Messengers & Mayors).
//!
//! When one is owed the game is in [`Phase::Decide`]: [`Game::decision`] says
//! what and whose it is, [`Game::legal_choices`] lists the answers, and
//! [`Game::choose`] takes one. A decision with only one legal answer is taken
//! by the engine without asking. A surrounded mayor's swap is asked after the
//! figure step and before the turn's scoring (ruling mayor-when), which waits for
//! it; the scarecrows and messengers are asked after scoring. Several decisions
//! of one group are asked clockwise from the active player (per player, in the
//! order their features scored or their figures stand).

use crate::event::{Event, ReturnReason};
use crate::expansion::{arrow_bit, ARROWS};
use crate::features::Node;
use crate::figure::{Figure, FigureKind, Player, Spot};
use crate::game::{Extra, Game, Phase};
use crate::scoring::is_cloister;
use crate::tile::{ArrowKind, EndKind, SegmentKind};
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
}

impl Decision {
    /// The player who decides.
    pub fn player(&self) -> Player {
        match *self {
            Decision::Arrow { player }
            | Decision::Mayor { player, .. }
            | Decision::Scarecrow { player, .. }
            | Decision::Messenger { player, .. } => player,
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
}

impl fmt::Display for ChoiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChoiceError::NothingToDecide => f.write_str("no decision is owed now"),
            ChoiceError::NotLegal => f.write_str("that choice is not legal for this decision"),
        }
    }
}

impl std::error::Error for ChoiceError {}

/// A decision owed, with the feature node it concerns (the figure's, or the
/// scored road's).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pending {
    pub decision: Decision,
    pub node: Node,
}

impl Pending {
    /// A surrounded mayor's swap, asked before the turn's scoring.
    fn is_mayor(&self) -> bool {
        matches!(self.decision, Decision::Mayor { .. })
    }
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
        match p.decision {
            Decision::Arrow { .. } => {
                for kind in ARROWS {
                    if self.arrow_choices & arrow_bit(kind) != 0 {
                        out.push(Choice::Arrow(kind));
                    }
                }
            }
            Decision::Mayor { player, .. } => {
                out.push(Choice::Decline);
                if self.supply(player, FigureKind::Follower) == 0 {
                    return;
                }
                let root = self.features.find(p.node);
                for f in &self.figures {
                    let swap = Choice::Swap {
                        player: f.player,
                        at: f.spot(),
                    };
                    if f.player != player
                        && f.kind == FigureKind::Follower
                        && self.features.find(f.node) == root
                        && !out.contains(&swap)
                    {
                        out.push(swap);
                    }
                }
            }
            Decision::Scarecrow { player, .. } => {
                out.push(Choice::Decline);
                if self.supply(player, FigureKind::Follower) > 0 {
                    out.push(Choice::HandOver);
                }
                out.push(Choice::LieDown);
            }
            Decision::Messenger { .. } => {
                out.push(Choice::Decline);
                self.messenger_targets(p.node, out);
            }
        }
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
            return Err(ChoiceError::NotLegal);
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
        match (p.decision, choice) {
            (Decision::Arrow { .. }, Choice::Arrow(kind)) => {
                self.activate(kind);
                self.phase = Phase::Figure;
                return;
            }
            (Decision::Arrow { .. }, _) => {
                // Not an answer: ask again.
                self.pending.insert(0, p);
                return;
            }
            (Decision::Mayor { player, at }, choice) => self.mayor_acts(player, at, choice),
            (Decision::Scarecrow { player, at }, choice) => self.scarecrow_acts(player, at, choice),
            (Decision::Messenger { player, from }, Choice::Move { to }) => {
                self.messenger_moves(player, from, to)
            }
            (Decision::Messenger { .. }, _) => {}
        }
        self.settle();
    }

    /// Takes every owed decision that has a single legal answer; when none is left
    /// the turn ends.
    pub(crate) fn settle(&mut self) {
        let mut only = Vec::new();
        while self.phase == Phase::Decide && !self.pending.is_empty() {
            only.clear();
            self.legal_choices_into(&mut only);
            if only.len() > 1 {
                return;
            }
            let p = self.pending.remove(0);
            match p.decision {
                Decision::Mayor { player, at } => self.mayor_acts(player, at, Choice::Decline),
                Decision::Scarecrow { player, at } => {
                    self.scarecrow_acts(player, at, Choice::Decline)
                }
                Decision::Messenger { .. } | Decision::Arrow { .. } => {}
            }
        }
        if self.phase == Phase::Decide {
            match std::mem::take(&mut self.scoring_due) {
                // The mayors' swaps are settled: now the turn's scoring.
                true => {
                    let tile = self.tiles[self.tiles.len() - 1];
                    self.scoring_step(tile, self.surrounded(tile));
                }
                false => self.end_turn(),
            }
        }
    }

    /// Orders the decisions owed clockwise from the active player and asks the
    /// first; when there is none, scoring follows (if it is still due) or the
    /// turn ends.
    pub(crate) fn after_scoring(&mut self) {
        if self.pending.is_empty() {
            self.end_turn();
            return;
        }
        debug_assert!(!self.scoring_due || self.pending.iter().all(|p| p.is_mayor()));
        let (current, n) = (self.current, self.players);
        self.pending
            .sort_by_key(|p| (p.decision.player() + n - current) % n);
        self.phase = Phase::Decide;
        self.settle();
    }

    /// The turn passes (or an earned extra turn begins).
    #[inline]
    pub(crate) fn end_turn(&mut self) {
        // Every path that adds or removes a figure keeps the cloister list and
        // the surround count.
        debug_assert_eq!(
            self.cloisters,
            self.figures
                .iter()
                .filter(|f| f.cloister)
                .map(|f| (f.pos, f.node))
                .collect::<Vec<_>>()
        );
        debug_assert_eq!(
            self.watched,
            self.figures.iter().filter(|f| f.watched()).count()
        );
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
        self.arrow = None;
        self.turn += 1;
        self.phase = Phase::Draw;
        if self.pile.len() == 0 {
            self.last_turn_ended();
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

    /// The index in `figures` of `player`'s figure of `kind` at `at`.
    pub(crate) fn figure_at(&self, player: Player, kind: FigureKind, at: Spot) -> Option<usize> {
        self.figures
            .iter()
            .position(|f| f.player == player && f.kind == kind && f.spot() == at)
    }

    /// Puts `player`'s `kind` from supply on node `node` at `at` (no checks);
    /// Vodyanoy may take it at once.
    // Always inlined: the base game's deployment is on the hot path.
    #[inline(always)]
    pub(crate) fn put_figure(&mut self, player: Player, kind: FigureKind, at: Spot, node: Node) {
        self.stand(player, kind, at, node);
        self.log(Event::FigurePlaced {
            turn: self.turn,
            player,
            figure: kind,
            pos: at.pos,
            segment: at.segment,
        });
        self.arrive_last();
    }

    /// The bookkeeping of a figure coming from supply onto node `node` at `at`:
    /// its feature's count, the supply, the cloister and surround counts.
    #[inline(always)]
    fn stand(&mut self, player: Player, kind: FigureKind, at: Spot, node: Node) {
        let root = self.features.find(node);
        let count = self.features.figures(root);
        self.features.set_figures(root, count.saturating_add(1));
        let stock = &mut self.supply[usize::from(player)][kind.index()];
        *stock = stock.saturating_sub(1);
        let cloister = is_cloister(self.features.kind(node));
        if cloister {
            self.cloisters.push((at.pos, node));
        }
        self.watched += usize::from(matches!(kind, FigureKind::Mayor | FigureKind::Scarecrow));
        self.figures.push(Figure {
            player,
            kind,
            pos: at.pos,
            segment: at.segment,
            node,
            cloister,
            lying: false,
        });
    }

    /// Vodyanoy takes the figure that just arrived if it stands within reach.
    #[inline(always)]
    fn arrive_last(&mut self) {
        if !self.lakes.is_empty() {
            self.arrive(self.figures.len() - 1);
        }
    }

    /// Sends figure `i` home without scoring.
    pub(crate) fn send_home(&mut self, i: usize, reason: ReturnReason) {
        let f = self.lift(i);
        self.supply[usize::from(f.player)][f.kind.index()] += 1;
        self.log(Event::Returned {
            turn: self.turn,
            player: f.player,
            figure: f.kind,
            from: f.spot(),
            reason,
        });
    }

    /// A surrounded mayor's swap (if `choice` is one), then the mayor goes home.
    fn mayor_acts(&mut self, player: Player, at: Spot, choice: Choice) {
        if self.figure_at(player, FigureKind::Mayor, at).is_none() {
            return;
        }
        if let Choice::Swap { player: other, at } = choice {
            if let Some(j) = self.figure_at(other, FigureKind::Follower, at) {
                let their = self.figures[j].node;
                self.send_home(j, ReturnReason::Swapped);
                self.put_figure(player, FigureKind::Follower, at, their);
            }
        }
        if let Some(i) = self.figure_at(player, FigureKind::Mayor, at) {
            self.send_home(i, ReturnReason::Surrounded);
        }
    }

    fn scarecrow_acts(&mut self, player: Player, at: Spot, choice: Choice) {
        let Some(i) = self.figure_at(player, FigureKind::Scarecrow, at) else {
            return;
        };
        match choice {
            Choice::LieDown => {
                self.figures[i].lying = true;
                self.watched -= 1;
                self.log(Event::LaidDown {
                    turn: self.turn,
                    player,
                    at,
                });
            }
            Choice::HandOver => {
                let node = self.figures[i].node;
                self.send_home(i, ReturnReason::Surrounded);
                self.put_figure(player, FigureKind::Follower, at, node);
            }
            _ => self.send_home(i, ReturnReason::Surrounded),
        }
    }

    fn messenger_moves(&mut self, player: Player, from: Spot, to: Spot) {
        let Some(t) = self.grid.tile(to.pos) else {
            return;
        };
        let node = self.tiles[usize::from(t)].node_base + u16::from(to.segment);
        if self.supply(player, FigureKind::Messenger) == 0 {
            return;
        }
        // The messenger left the board when its road scored; it comes back here.
        self.stand(player, FigureKind::Messenger, to, node);
        self.log(Event::Moved {
            turn: self.turn,
            player,
            figure: FigureKind::Messenger,
            from,
            to,
        });
        self.arrive_last();
    }

    /// Every spot a messenger may move to from the scored road of `road`: the
    /// incomplete roads sharing a junction end with it on one tile, and the
    /// incomplete cities whose gate it ends at.
    fn messenger_targets(&self, road: Node, out: &mut Vec<Choice>) {
        let root = self.features.find(road);
        let mut features: Vec<Node> = Vec::new();
        for m in self.features.members(root) {
            let tile = self.tiles[usize::from(self.features.tile(m))];
            let k = &self.cat.kinds[usize::from(tile.kind)];
            let seg = self.features.seg(m);
            for end in k.def.ends.iter() {
                // Bogatyr's stone joins the two roads both ways: a messenger may
                // pass from the road ending at the stone to the road it touches,
                // and back (seed rule page: "yes, between the 1-legged and the
                // 3-legged road").
                let stone_side = end.kind == EndKind::Stone && end.touches & (1 << seg) != 0;
                if end.segments & (1 << seg) == 0 && !stone_side {
                    continue;
                }
                let junction = matches!(
                    end.kind,
                    EndKind::Junction | EndKind::Village | EndKind::Segment | EndKind::Stone
                );
                if !junction {
                    continue;
                }
                let mut others = (end.segments | end.touches) & !(1 << seg);
                while others != 0 {
                    let s = others.trailing_zeros();
                    others &= others - 1;
                    let Some(info) = k.segs.get(s as usize) else {
                        continue;
                    };
                    if !matches!(info.kind, SegmentKind::Road | SegmentKind::City) {
                        continue;
                    }
                    let r = self.features.find(tile.node_base + s as u16);
                    if r != root && self.features.open(r) > 0 && !features.contains(&r) {
                        features.push(r);
                    }
                }
            }
        }
        for r in features {
            for m in self.features.members(r) {
                let tile = self.tiles[usize::from(self.features.tile(m))];
                out.push(Choice::Move {
                    to: Spot {
                        pos: tile.pos,
                        segment: self.features.seg(m),
                    },
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::figure::Action;
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
