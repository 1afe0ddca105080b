//! The Princess & the Dragon: volcanoes, the dragon, magic portals, the
//! princess and the fairy.
//!
//! The dragon and the fairy are neutral pieces, no [`FigureKind`]s: they live
//! in this module's state (the dragon's square, the fairy's square and the
//! follower it stands beside, the squares the dragon has been on in its
//! current movement, the dragon tiles held back before the first volcano).
//!
//! Rulings (each with its source in `docs/rules/princess-dragon.md`):
//! - **volcano**: a volcano just placed takes the dragon (it enters the game
//!   with the first one); nothing is deployed on the dragon's square
//!   (`may_deploy`; JCloisterZone: `DragonCapability.isMeepleDeploymentAllowed`,
//!   which also keeps a magic portal off it).
//! - **dragon-held-back**: a dragon tile drawn before the first volcano is
//!   held back (the player draws again) and goes back into the pile when the
//!   first volcano is placed: the draws are uniform over the other tiles, as
//!   JCloisterZone's pile with its dragon group deactivated until then
//!   (`DragonCapability.onStartGame`, `onTilePlaced`).
//! - **dragon-moves**: after the figure step of a dragon tile, the dragon
//!   moves up to 6 squares, one a move, move `k` (from 0) made by the player
//!   `k` places after the current one in turn order; never back onto a square
//!   it has been on in this movement (its start included), never onto the
//!   fairy's square; it stops when it cannot move. Every move is asked, even
//!   with one square left (JCloisterZone: `DragonMovePhase`).
//! - **dragon-eats**: every figure on a square the dragon enters goes home
//!   (`DragonMovePhase.handleMoveNeutralFigure`: `canBeEatenByDragon`).
//! - **magic-portal**: the player who places a magic portal may deploy a
//!   figure on any unoccupied, incomplete feature of another tile of the
//!   board instead (the portal of the 20th Anniversary's arrow,
//!   `anniversary/portal.rs`), never on the dragon's square
//!   (JCloisterZone: `AbstractActionPhase`, `MAGIC_PORTAL`).
//! - **princess**: a tile whose princess city part joins a city holding
//!   followers offers to send one of them home (any player's, the own
//!   included) instead of deploying (JCloisterZone: `PrincessCapability`).
//! - **fairy**: instead of deploying, the fairy moves beside one of the
//!   player's followers (any own figure but a builder or pig, not the one it
//!   stands beside already); at the start of each of that player's turns
//!   (not an extra turn) it scores them 1, and when that follower's feature
//!   scores (at the end too) 3 more, whoever wins it; the fairy then stays on
//!   its square, beside nobody (JCloisterZone: `FairyCapability`,
//!   `FairyPhase`, `UndeployMeeple`).

mod dragon;
mod fairy;
mod portal;

use super::{Expansion, Position};
use crate::act::ActError;
use crate::catalog::{KindId, KindInfo};
use crate::decide::{Choice, Decision, Pending};
use crate::event::{Cause, Event};
use crate::figure::{Action, Figure, Player, Spot};
use crate::game::{Game, LogEntry, PlacedTile};
use crate::geom::Pos;
use crate::mark::MarkKind;
use crate::position::mix;
use crate::research::ActionBlock;

/// The dragon's moves in one movement.
pub(crate) const DRAGON_MOVES: usize = 6;

/// The Princess & the Dragon: in play when a tile carries one of its marks.
pub(crate) struct PrincessDragon;

/// Where the fairy stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct FairyAt {
    /// The spot of the follower it was put beside.
    pub(crate) at: Spot,
    /// That follower's owner.
    pub(crate) player: Player,
    /// Whether that follower still stands there (the fairy stays on its
    /// square when it leaves).
    pub(crate) bound: bool,
}

/// The Princess & the Dragon's part of a game.
#[derive(Clone, Debug, Default)]
pub(crate) struct PdState {
    /// The dragon's square; `None` before the first volcano.
    dragon: Option<Pos>,
    /// The fairy, once moved onto the board.
    fairy: Option<FairyAt>,
    /// During a movement: the squares the dragon has been on (its start
    /// first); empty otherwise.
    visited: Vec<Pos>,
    /// The dragon tiles drawn before the first volcano, held back (sorted).
    held: Vec<KindId>,
    /// During a movement: the directions of the squares the dragon may move
    /// to now (bit per direction N, E, S, W), computed once a move. It
    /// follows from the rest: no part of the position.
    dirs: u8,
}

impl Position for PdState {
    fn key(&self) -> u64 {
        let pos = |p: Pos| u64::from(p.x as u16) | u64::from(p.y as u16) << 16;
        let mut key = mix(self.dragon.map_or(0, |p| 1 | pos(p) << 1));
        if let Some(f) = self.fairy {
            let bits = pos(f.at.pos) << 16 | u64::from(f.at.segment) << 8 | u64::from(f.player);
            key = mix(key ^ bits ^ u64::from(f.bound) << 60);
        }
        for &p in &self.visited {
            key = mix(key ^ pos(p) ^ 0x5eed);
        }
        for &k in &self.held {
            key = mix(key ^ u64::from(k) << 40);
        }
        key
    }

    fn same(&self, other: &PdState) -> bool {
        (self.dragon, self.fairy, &self.visited, &self.held)
            == (other.dragon, other.fairy, &other.visited, &other.held)
    }
}

/// Whether a kind carries `mark`.
fn has(game: &Game, kind: KindId, mark: MarkKind) -> bool {
    game.cat.kinds[usize::from(kind)].def.has_mark(mark)
}

impl Expansion for PrincessDragon {
    type Rules = ();
    type State = PdState;
    const MARKS: &'static [MarkKind] = &[
        MarkKind::Dragon,
        MarkKind::Volcano,
        MarkKind::MagicPortal,
        MarkKind::Princess,
    ];
    const ACTIONS: &'static [ActionBlock] = &[
        ActionBlock::Portal,
        ActionBlock::Dragon,
        ActionBlock::Princess,
        ActionBlock::Fairy,
    ];
    const OBSERVES: &'static [&'static str] = &["decision", "dragon"];

    fn rules(kinds: &[KindInfo]) -> Option<()> {
        let ours = |k: &KindInfo| Self::MARKS.iter().any(|&m| k.def.has_mark(m));
        kinds
            .iter()
            .any(|k| k.def.count > 0 && ours(k))
            .then_some(())
    }

    fn begin(game: &mut Game) {
        let state = &mut game.exp.princess_dragon;
        state.dragon = None;
        state.fairy = None;
        state.visited.clear();
        state.held.clear();
        state.dirs = 0;
    }

    /// Ruling dragon-held-back.
    fn drawn(game: &mut Game, kind: KindId) -> bool {
        if !game.held_back(kind) {
            return true;
        }
        let held = &mut game.exp.princess_dragon.held;
        let at = held.partition_point(|&k| k <= kind);
        held.insert(at, kind);
        game.log(Event::HeldBack {
            turn: game.turn,
            player: game.current,
            kind,
        });
        // In the history as a tile set aside: a record or a research state
        // replays it (its draw is held back again).
        game.remember(LogEntry::SetAside(kind));
        false
    }

    /// Ruling volcano.
    fn placed(game: &mut Game, tile: PlacedTile, _: [u16; 4]) {
        if has(game, tile.kind, MarkKind::Volcano) {
            game.volcano(tile.pos);
        }
    }

    /// Ruling volcano: nothing on the dragon's square.
    fn may_deploy(game: &Game, tile: &PlacedTile) -> Result<(), ActError> {
        match game.exp.princess_dragon.dragon == Some(tile.pos) {
            true => Err(ActError::DragonSquare),
            false => Ok(()),
        }
    }

    fn actions(game: &Game, tile: &PlacedTile, out: &mut Vec<Action>) {
        game.magic_portal_actions(tile, out);
        game.princess_actions(tile, out);
        game.fairy_actions(out);
    }

    fn check(game: &Game, tile: &PlacedTile, action: Action) -> Option<Result<(), ActError>> {
        match action {
            Action::Portal { figure, at } => Some(game.check_magic_portal(tile, figure, at)),
            Action::Princess { at } => Some(game.check_princess(tile, at)),
            Action::Fairy { at } => Some(game.check_fairy(at)),
            _ => None,
        }
    }

    /// The portal's figure is put by the anniversary's `apply` (the same
    /// [`Action::Portal`]); the princess and the fairy here.
    fn apply(game: &mut Game, _: PlacedTile, action: Action) {
        match action {
            Action::Princess { at } => game.princess(at),
            Action::Fairy { at } => game.move_fairy(at),
            _ => {}
        }
    }

    /// Ruling dragon-moves: the movement starts.
    fn after_figure_step(game: &mut Game, tile: PlacedTile) {
        if let Some(at) = game.exp.princess_dragon.dragon {
            if has(game, tile.kind, MarkKind::Dragon) {
                game.exp.princess_dragon.visited = vec![at];
                game.ask_dragon();
            }
        }
    }

    /// Ruling fairy: 3 when the fairy's follower scores.
    fn figure_scored(game: &mut Game, figure: &Figure, _: Cause) {
        game.fairy_scored(figure);
    }

    fn choices(game: &Game, p: &Pending, out: &mut Vec<Choice>) {
        if let Decision::Dragon { .. } = p.decision {
            game.dragon_choices(out);
        }
    }

    fn answer(game: &mut Game, p: Pending, choice: Choice) {
        match (p.decision, choice) {
            (Decision::Dragon { .. }, Choice::Dragon { dir }) => {
                game.move_dragon(dir);
                game.ask_dragon();
            }
            // Not an answer: asked again.
            (Decision::Dragon { .. }, _) => game.pending.insert(0, p),
            _ => {}
        }
    }

    /// Ruling fairy: the fairy's follower may have left without scoring.
    fn turn_ends(game: &mut Game) {
        game.fairy_check();
    }

    /// Ruling fairy: 1 at the start of its owner's turn.
    fn turn_begins(game: &mut Game) {
        game.fairy_turn_point();
    }
}

impl Game {
    /// The Princess & the Dragon: the dragon's square, once a volcano has
    /// been placed.
    pub fn dragon(&self) -> Option<Pos> {
        self.exp.princess_dragon.dragon
    }

    /// The fairy's spot (the follower it was put beside) and that
    /// follower's owner, once moved onto the board; the owner scores while
    /// the follower stays (`bound`).
    pub fn fairy(&self) -> Option<(Spot, Player, bool)> {
        self.exp
            .princess_dragon
            .fairy
            .map(|f| (f.at, f.player, f.bound))
    }

    /// The squares the dragon has been on in its current movement (its start
    /// first; empty between movements).
    pub fn dragon_visited(&self) -> &[Pos] {
        &self.exp.princess_dragon.visited
    }

    /// Whether a draw of `kind` now would be held back (ruling
    /// dragon-held-back: a dragon tile before the first volcano).
    pub(crate) fn held_back(&self, kind: KindId) -> bool {
        self.cat.exp.princess_dragon.is_some()
            && self.exp.princess_dragon.dragon.is_none()
            && has(self, kind, MarkKind::Dragon)
    }
}

#[cfg(test)]
mod tests {
    use crate::*;
    use std::sync::Arc;

    fn game() -> Game {
        let cat = Catalog::shipped(&["base", "princess-dragon"]).expect("shipped sets");
        Game::new(Arc::new(cat), Setup::new(2).with_events()).expect("setup")
    }

    fn place(game: &mut Game, id: &str, x: i16, y: i16) {
        let kind = game.catalog().kind_id(id).expect("a shipped kind");
        assert_eq!(game.draw(kind), Ok(Drawn::Place(kind)), "{id}");
        let at = Placement {
            pos: Pos::new(x, y),
            rotation: Rotation::R0,
        };
        game.place(at).expect("legal placement");
    }

    /// Ruling dragon-held-back: before the first volcano a dragon tile is no
    /// chance outcome and a named draw of it holds it back (out of the pile);
    /// the first volcano puts it back.
    #[test]
    fn dragon_tiles_wait_for_the_first_volcano() {
        let mut game = game();
        let cat = game.catalog().clone();
        let h = cat.kind_id("princess-dragon/H").expect("H");
        let odds = game.chance_outcomes();
        let dragons = |odds: &[(KindId, f64)]| {
            odds.iter()
                .filter(|&&(k, _)| cat.kind(k).has_mark(MarkKind::Dragon))
                .count()
        };
        assert_eq!(dragons(&odds), 0);
        assert!((odds.iter().map(|o| o.1).sum::<f64>() - 1.0).abs() < 1e-9);
        let left = game.pile_len();
        assert_eq!(game.draw(h), Ok(Drawn::SetAside(h)));
        assert_eq!(game.pile_len(), left - 1);
        assert!(!game.is_chance_outcome(h));
        place(&mut game, "princess-dragon/3", 1, 0);
        assert_eq!(game.dragon(), Some(Pos::new(1, 0)));
        assert_eq!(game.pile_len(), left - 1, "H back, the volcano drawn");
        assert_eq!(
            game.legal_actions(),
            [Action::Pass],
            "nothing on the volcano"
        );
        game.act(Action::Pass).expect("pass");
        assert!(game.is_chance_outcome(h));
        assert_eq!(dragons(&game.chance_outcomes()), 11);
    }

    /// The dragon is part of the position: two games alike but for where it
    /// stands are different positions with different keys.
    #[test]
    fn the_dragon_is_part_of_the_position() {
        let mut a = game();
        place(&mut a, "princess-dragon/3", 1, 0);
        a.act(Action::Pass).expect("pass");
        let mut b = a.clone();
        assert!(a == b && a.position_key() == b.position_key());
        place(&mut a, "princess-dragon/H", 2, 0);
        place(&mut b, "princess-dragon/H", 2, 0);
        a.act(Action::Pass).expect("pass");
        b.act(Action::Pass).expect("pass");
        assert_eq!(a.decision(), Some(Decision::Dragon { player: 1 }));
        assert_eq!(
            a.legal_choices(),
            [Choice::Dragon { dir: 1 }, Choice::Dragon { dir: 3 }]
        );
        a.choose(Choice::Dragon { dir: 1 }).expect("east");
        b.choose(Choice::Dragon { dir: 3 }).expect("west");
        // Boxed in either way: the movement is over, the dragon elsewhere.
        assert_eq!((a.decision(), b.decision()), (None, None));
        assert_eq!(
            (a.dragon(), b.dragon()),
            (Some(Pos::new(2, 0)), Some(Pos::new(0, 0)))
        );
        assert!(a != b && a.position_key() != b.position_key());
    }
}
