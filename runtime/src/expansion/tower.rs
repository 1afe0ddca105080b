//! The Tower: tower pieces stacked on the foundations of the board, captures
//! in the towers' line of sight, prisoners, their exchange and ransom.
//!
//! Tower pieces and prisoners are no figure kinds: this module keeps them in
//! its state (per player: the pieces left; per foundation: the tower's height
//! and the follower on top; per holder: the prisoners by owner and kind). A
//! captured follower leaves the board (`Game::lift`) without going back to
//! its owner's supply, and comes back to it on an exchange or a ransom.
//!
//! Rulings (each with its source in `docs/rules/tower.md`):
//! - **pieces**: 10 pieces each with 2 players, 9 with 3, 7 with 4, 6 with 5,
//!   5 with 6 (the rulebook; JCloisterZone: `TowerCapability`).
//! - **tower-anywhere**: instead of a figure, a piece goes on any foundation
//!   or open tower of the board, the tile just placed or any other
//!   (the rulebook; JCloisterZone: `TowerCapability.onActionPhaseEntered`).
//! - **capture-reach**: the capture that follows may take one follower on
//!   the tower's square or up to as many squares as the tower is now high in
//!   a straight line north, east, south or west, over empty squares and
//!   other towers; or none (JCloisterZone: `TowerCapturePhase`).
//! - **capture-kinds**: followers are taken, of any player: the follower,
//!   the big follower, the abbot, the mayor, the messenger, and a follower on
//!   top of another tower (which opens that tower again); never a builder, a
//!   pig or a scarecrow (JCloisterZone: `Follower`s only, `Special` figures
//!   never). An own follower goes back to supply.
//! - **tower-follower**: a follower (the follower or the big follower) may go
//!   on top of any tower at least one piece high instead of a figure on the
//!   tile, never on a bare foundation: the tower is finished, and the
//!   follower stays there to the end, scoring nothing, unless captured
//!   (the rulebook's note; JCloisterZone: `openTowersForFollower`).
//! - **exchange**: when the capturer takes a follower of a player who holds
//!   prisoners of the capturer's, the two are exchanged at once: the one just
//!   taken for one of the capturer's held there, of the same kind when there
//!   is one, else the first kind in supply order (JCloisterZone exchanges the
//!   just-captured follower too, and asks which when several kinds are held).
//! - **ransom**: during their own turn, before drawing, a player may pay 3
//!   points to a holder to free one of their followers held there, once a
//!   turn; refused with fewer than 3 points (JCloisterZone: `PayRansom`).
//! - **no-score**: prisoners count nowhere, towers score nothing at the end.

mod capture;

use super::{Expansion, Position};
use crate::act::ActError;
use crate::catalog::KindInfo;
use crate::decide::{Choice, Decision, Pending};
use crate::event::Event;
use crate::figure::{Action, FigureKind, Player, MAX_PLAYERS};
use crate::game::{Game, PlacedTile};
use crate::geom::Pos;
use crate::mark::MarkKind;
use crate::moves::{Move, MoveError};
use crate::position::mix;
use crate::research::ActionBlock;

/// The kinds figure kinds in a supply row.
const KINDS: usize = FigureKind::ALL.len();

/// The points a ransom costs.
pub const RANSOM_POINTS: i32 = 3;

/// The Tower: in play when a tile carries a tower foundation.
pub(crate) struct TowerExp;

/// One tower foundation of the board, with what stands on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Tower {
    /// The square of its tile.
    pub at: Pos,
    /// The pieces stacked on it (0: a bare foundation).
    pub height: u8,
    /// The follower on top (owner, kind): the tower is finished.
    pub follower: Option<(Player, FigureKind)>,
}

/// The Tower's part of a game.
#[derive(Clone, Debug, Default)]
pub(crate) struct TowerState {
    /// Per player: the tower pieces left.
    pieces: [u8; MAX_PLAYERS],
    /// Every foundation on the board, in placement order.
    towers: Vec<Tower>,
    /// Per holder, per owner: the prisoners of each kind.
    held: [[[u8; KINDS]; MAX_PLAYERS]; MAX_PLAYERS],
    /// Whether the current player paid a ransom this turn.
    ransomed: bool,
}

impl Position for TowerState {
    fn key(&self) -> u64 {
        let mut key = mix(u64::from(self.ransomed));
        for &p in &self.pieces {
            key = mix(key ^ u64::from(p));
        }
        for &n in self.held.iter().flatten().flatten() {
            key = mix(key ^ u64::from(n));
        }
        // A sum: blind to the order the foundations were placed in.
        self.towers.iter().fold(key, |key, t| {
            let (owner, kind) = t.follower.map_or((7, 15), |(p, k)| (p, k as u8));
            key.wrapping_add(mix(5 << 60
                | (t.at.x as u16 as u64) << 32
                | (t.at.y as u16 as u64) << 16
                | u64::from(t.height) << 8
                | u64::from(owner) << 4
                | u64::from(kind)))
        })
    }

    fn same(&self, other: &TowerState) -> bool {
        let sorted = |s: &TowerState| {
            let mut v: Vec<_> = s
                .towers
                .iter()
                .map(|t| (t.at, t.height, t.follower))
                .collect();
            v.sort_unstable();
            v
        };
        self.pieces == other.pieces
            && self.held == other.held
            && self.ransomed == other.ransomed
            && sorted(self) == sorted(other)
    }
}

impl Expansion for TowerExp {
    type Rules = ();
    type State = TowerState;
    const MARKS: &'static [MarkKind] = &[MarkKind::Tower];
    const ACTIONS: &'static [ActionBlock] = &[
        ActionBlock::Draw,
        ActionBlock::Decline,
        ActionBlock::TowerPiece,
        ActionBlock::TowerFollower,
        ActionBlock::Capture,
        ActionBlock::Ransom,
    ];
    const OBSERVES: &'static [&'static str] = &[
        "decision",
        "towers",
        "tower_pieces",
        "prisoners",
        "ransomed",
    ];

    fn rules(kinds: &[KindInfo]) -> Option<()> {
        kinds
            .iter()
            .any(|k| k.def.count > 0 && k.def.has_mark(MarkKind::Tower))
            .then_some(())
    }

    /// Ruling pieces.
    fn begin(game: &mut Game) {
        let n = pieces_for(game.players());
        let state = &mut game.exp.tower;
        *state = TowerState::default();
        state.pieces[..usize::from(game.players)].fill(n);
    }

    fn noted(game: &mut Game, index: usize) {
        let tile = game.board.tiles[index];
        if game.cat.kinds[usize::from(tile.kind)]
            .def
            .has_mark(MarkKind::Tower)
        {
            game.exp.tower.towers.push(Tower {
                at: tile.pos,
                height: 0,
                follower: None,
            });
        }
    }

    /// The draw-phase move: a ransom (ruling ransom).
    fn draw_moves(game: &Game, out: &mut Vec<Move>) {
        game.ransom_moves(out);
    }

    fn check_draw_move(game: &Game, m: Move) -> Option<Result<(), MoveError>> {
        match m {
            Move::Ransom { holder, figure } => {
                Some(game.check_ransom(holder, figure).map_err(MoveError::Ransom))
            }
            _ => None,
        }
    }

    fn play_draw_move(game: &mut Game, m: Move) {
        if let Move::Ransom { holder, figure } = m {
            game.pay_ransom(holder, figure);
        }
    }

    /// Rulings tower-anywhere, tower-follower.
    fn actions(game: &Game, _: &PlacedTile, out: &mut Vec<Action>) {
        game.tower_actions(out);
    }

    fn check(game: &Game, _: &PlacedTile, action: Action) -> Option<Result<(), ActError>> {
        match action {
            Action::TowerPiece { at } => Some(game.check_piece(at)),
            Action::TowerFollower { figure, at } => Some(game.check_tower_follower(figure, at)),
            _ => None,
        }
    }

    fn apply(game: &mut Game, _: PlacedTile, action: Action) {
        match action {
            Action::TowerPiece { at } => game.put_piece(at),
            Action::TowerFollower { figure, at } => game.put_on_tower(figure, at),
            _ => {}
        }
    }

    /// Ruling capture-reach.
    fn choices(game: &Game, pending: &Pending, out: &mut Vec<Choice>) {
        if let Decision::Capture { at, .. } = pending.decision {
            out.push(Choice::Decline);
            game.capture_choices(at, out);
        }
    }

    /// Rulings capture-kinds, exchange.
    fn answer(game: &mut Game, pending: Pending, choice: Choice) {
        if let (Decision::Capture { .. }, Choice::Capture { player, figure, at }) =
            (pending.decision, choice)
        {
            game.capture(player, figure, at);
        }
    }

    fn turn_ends(game: &mut Game) {
        game.exp.tower.ransomed = false;
    }
}

/// Tower pieces each player starts with (ruling pieces).
pub const fn pieces_for(players: usize) -> u8 {
    match players {
        0..=2 => 10,
        3 => 9,
        4 => 7,
        5 => 6,
        _ => 5,
    }
}

/// Whether a tower captures `kind` (ruling capture-kinds).
pub const fn capturable(kind: FigureKind) -> bool {
    matches!(
        kind,
        FigureKind::Follower
            | FigureKind::BigFollower
            | FigureKind::Abbot
            | FigureKind::Mayor
            | FigureKind::Messenger
            | FigureKind::AmMayor
            | FigureKind::Wagon
    )
}

/// Whether `kind` may go on top of a tower (ruling tower-follower).
pub const fn on_tower(kind: FigureKind) -> bool {
    matches!(kind, FigureKind::Follower | FigureKind::BigFollower)
}

impl Game {
    /// The Tower: every foundation on the board, with its height and the
    /// follower on top (empty without the expansion).
    pub fn towers(&self) -> &[Tower] {
        &self.exp.tower.towers
    }

    /// The Tower: the tower at `at`, if there is a foundation there.
    pub fn tower_at(&self, at: Pos) -> Option<&Tower> {
        self.exp.tower.towers.iter().find(|t| t.at == at)
    }

    /// The Tower: the tower pieces `player` has left.
    pub fn tower_pieces(&self, player: Player) -> u8 {
        self.exp
            .tower
            .pieces
            .get(usize::from(player))
            .copied()
            .unwrap_or(0)
    }

    /// The Tower: how many of `owner`'s `kind` `holder` holds prisoner.
    pub fn prisoners(&self, holder: Player, owner: Player, kind: FigureKind) -> u8 {
        let held = &self.exp.tower.held;
        match (held.get(usize::from(holder)), kind.index()) {
            (Some(row), k) => row.get(usize::from(owner)).map_or(0, |r| r[k]),
            _ => 0,
        }
    }

    /// The Tower: every prisoner `holder` holds, as (owner, kind, count).
    pub fn prisoners_of(&self, holder: Player) -> Vec<(Player, FigureKind, u8)> {
        let mut out = Vec::new();
        for owner in 0..self.players {
            for kind in FigureKind::ALL {
                let n = self.prisoners(holder, owner, kind);
                if n > 0 {
                    out.push((owner, kind, n));
                }
            }
        }
        out
    }

    /// Whether the current player may do something instead of drawing now:
    /// take a held town hall, or pay a ransom (The Tower).
    pub(crate) fn draw_alternatives(&self) -> bool {
        self.cat.rules.any
            && (self.holds_tile(self.current)
                || (self.cat.exp.tower.is_some() && self.may_ransom()))
    }

    /// Whether the current player paid a ransom this turn.
    pub fn ransom_paid(&self) -> bool {
        self.exp.tower.ransomed
    }

    /// The figure step's tower actions: a piece on every open tower, then a
    /// follower on top of every open tower at least one piece high.
    fn tower_actions(&self, out: &mut Vec<Action>) {
        let state = &self.exp.tower;
        if state.pieces[usize::from(self.current)] > 0 {
            for t in state.towers.iter().filter(|t| t.follower.is_none()) {
                out.push(Action::TowerPiece { at: t.at });
            }
        }
        let supply = &self.figs.supply[usize::from(self.current)];
        for t in &state.towers {
            if t.follower.is_some() || t.height == 0 {
                continue;
            }
            for figure in FigureKind::ALL {
                if on_tower(figure) && supply[figure.index()] > 0 {
                    out.push(Action::TowerFollower { figure, at: t.at });
                }
            }
        }
    }

    /// Why a tower piece at `at` is illegal now, if it is.
    fn check_piece(&self, at: Pos) -> Result<(), ActError> {
        if self.exp.tower.pieces[usize::from(self.current)] == 0 {
            return Err(ActError::NoTowerPiece);
        }
        match self.tower_at(at) {
            None => Err(ActError::NoTower),
            Some(t) if t.follower.is_some() => Err(ActError::TowerFinished),
            Some(_) => Ok(()),
        }
    }

    /// Why `figure` on top of the tower at `at` is illegal now, if it is.
    fn check_tower_follower(&self, figure: FigureKind, at: Pos) -> Result<(), ActError> {
        if !on_tower(figure) {
            return Err(ActError::NotOnTower(figure));
        }
        if self.supply(self.current, figure) == 0 {
            return Err(ActError::NoFigureLeft(figure));
        }
        match self.tower_at(at) {
            None => Err(ActError::NoTower),
            Some(t) if t.follower.is_some() => Err(ActError::TowerFinished),
            Some(t) if t.height == 0 => Err(ActError::BareFoundation),
            Some(_) => Ok(()),
        }
    }

    /// A piece on the tower at `at` (checked); the capture is asked before
    /// the turn's scoring.
    fn put_piece(&mut self, at: Pos) {
        let player = self.current;
        let Some(i) = self.exp.tower.towers.iter().position(|t| t.at == at) else {
            return;
        };
        self.exp.tower.pieces[usize::from(player)] -= 1;
        self.exp.tower.towers[i].height += 1;
        let height = self.exp.tower.towers[i].height;
        self.log(Event::TowerPiece {
            turn: self.turn,
            player,
            at,
            height,
        });
        self.pending.push(Pending {
            decision: Decision::Capture { player, at },
            node: 0,
        });
    }

    /// The current player's `figure` from supply on top of the tower at `at`
    /// (checked).
    fn put_on_tower(&mut self, figure: FigureKind, at: Pos) {
        let player = self.current;
        let Some(i) = self.exp.tower.towers.iter().position(|t| t.at == at) else {
            return;
        };
        self.exp.tower.towers[i].follower = Some((player, figure));
        let stock = &mut self.figs.supply[usize::from(player)][figure.index()];
        *stock = stock.saturating_sub(1);
        self.log(Event::TowerFollower {
            turn: self.turn,
            player,
            figure,
            at,
        });
    }
}
