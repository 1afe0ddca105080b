//! [`ActionSpace`]: every play as one integer, fixed for a whole game and
//! sized to its sets and players, laid out in named blocks.
//!
//! The squares are a frame fixed at the start: `-radius..=radius` on both
//! axes around the start tile, the radius a third of the tiles a game places
//! after the start tile (a board reaches past it only with a third of the
//! pile in one straight line from the start tile). A move on a square outside
//! the frame, or on a segment past the catalog's most segments, has no index.

mod block;

pub use block::ActionBlock;

use super::state::Play;
use crate::catalog::Catalog;
use crate::decide::Choice;
use crate::figure::{Action, FigureKind, Spot};
use crate::game::{Game, Phase};
use crate::geom::{Pos, Rotation};
use crate::moves::Move;
use crate::placement::Placement;
use crate::tile::ArrowKind;

/// The most blocks a space has.
const BLOCKS: usize = ActionBlock::ORDER.len();

/// The arrow kinds in the [`ActionBlock::Arrow`] axis's order.
const ARROWS: [ArrowKind; 3] = [
    ArrowKind::AddNextTo,
    ArrowKind::Portal,
    ArrowKind::ExtraTurn,
];

/// A game's action index: blocks of plays one after another, each a
/// row-major array over its axes (see [`ActionBlock`]). Squares are frame
/// squares: row `y + radius`, column `x + radius`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionSpace {
    radius: i16,
    side: usize,
    segments: usize,
    figures: usize,
    /// The figure kinds in play (bit per kind in [`FigureKind::ALL`] order):
    /// the `figure` axis counts them in that order.
    kinds: u16,
    players: usize,
    blocks: [(ActionBlock, usize); BLOCKS],
    len: usize,
    size: usize,
}

impl ActionSpace {
    /// The space of a game of `players` players with the sets of `cat`.
    pub fn new(cat: &Catalog, players: usize) -> ActionSpace {
        let halls = rules_halls(cat).min(players);
        let placed = cat.pile.len().saturating_sub(1) + halls;
        let radius = placed.div_ceil(3).max(1) as i16;
        let side = 2 * radius as usize + 1;
        let segments = cat.kinds.iter().map(|k| k.segs.len()).max().unwrap_or(1);
        let mut space = ActionSpace {
            radius,
            side,
            segments,
            figures: cat.rules.figures,
            kinds: cat.exp.figures(),
            players,
            blocks: [(ActionBlock::Pass, 0); BLOCKS],
            len: 0,
            size: 0,
        };
        // The base game's blocks, and those the expansions in play use, in
        // the fixed order.
        for block in ActionBlock::ORDER {
            if block.is_base() || cat.exp.uses_block(block) {
                space.blocks[space.len] = (block, space.size);
                space.len += 1;
                let (dims, n) = space.dims(block);
                space.size += dims[..n].iter().product::<usize>();
            }
        }
        space
    }

    /// How many actions there are: every index is below this.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The frame's radius: its squares are `-radius..=radius` on both axes.
    pub fn radius(&self) -> i16 {
        self.radius
    }

    /// The frame's side, `2 · radius + 1`.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The segments per tile the index covers (the catalog's most).
    pub fn segments(&self) -> usize {
        self.segments
    }

    /// How many figure kinds are in play
    /// ([`Catalog::figure_kinds`](crate::Catalog::figure_kinds)).
    pub fn figures(&self) -> usize {
        self.figures
    }

    /// The place of figure kind `k` on the `figure` axis: its place among
    /// the kinds in play.
    pub(super) fn figure_index(&self, k: FigureKind) -> usize {
        figure_slot(self.kinds, k)
    }

    /// The figure kind at place `i` of the `figure` axis.
    fn figure_at(&self, i: usize) -> FigureKind {
        let kinds = FigureKind::ALL.into_iter();
        let mut in_play = kinds.filter(|k| self.kinds >> k.index() & 1 != 0);
        in_play.nth(i).unwrap_or(FigureKind::Follower)
    }

    /// The blocks in order, each with its first index.
    pub fn blocks(&self) -> &[(ActionBlock, usize)] {
        &self.blocks[..self.len]
    }

    /// The shape of `block` in this game (empty for a single action).
    pub fn shape(&self, block: ActionBlock) -> Vec<usize> {
        let (dims, n) = self.dims(block);
        dims[..n].to_vec()
    }

    /// The shape of `block`: its first `n` dimensions.
    fn dims(&self, block: ActionBlock) -> ([usize; 4], usize) {
        let (s, seg, f) = (self.side, self.segments, self.figures);
        match block {
            ActionBlock::Place => ([4, s, s, 0], 3),
            ActionBlock::Deploy => ([f, seg, 0, 0], 2),
            ActionBlock::Arrow => ([3, 0, 0, 0], 1),
            ActionBlock::Return | ActionBlock::Portal | ActionBlock::AddNextTo => {
                ([f, s, s, seg], 4)
            }
            ActionBlock::Swap => ([self.players, s, s, seg], 4),
            ActionBlock::MoveTo | ActionBlock::Princess | ActionBlock::Fairy => ([s, s, seg, 0], 3),
            ActionBlock::Dragon => ([4, 0, 0, 0], 1),
            ActionBlock::Free => ([f, s, s, 0], 3),
            ActionBlock::TowerPiece => ([s, s, 0, 0], 2),
            ActionBlock::TowerFollower => ([f, s, s, 0], 3),
            ActionBlock::Capture => ([self.players * f, s, s, seg + 1], 4),
            ActionBlock::Ransom => ([self.players, f, 0, 0], 2),
            _ => ([0; 4], 0),
        }
    }

    /// The frame square `(row, column)` of `pos`, if inside.
    pub fn square(&self, pos: Pos) -> Option<(usize, usize)> {
        let r = self.radius;
        let inside = |v: i16| (-r..=r).contains(&v);
        (inside(pos.x) && inside(pos.y)).then(|| ((pos.y + r) as usize, (pos.x + r) as usize))
    }

    /// The board square of frame square `(row, column)`.
    pub fn pos(&self, row: usize, column: usize) -> Pos {
        Pos::new(column as i16 - self.radius, row as i16 - self.radius)
    }

    /// The block of index `i` and its coordinates along the block's axes.
    pub fn parts(&self, i: usize) -> Option<(ActionBlock, Vec<usize>)> {
        let (block, coords, n) = self.coords(i)?;
        Some((block, coords[..n].to_vec()))
    }

    /// The block of index `i` and its first `n` coordinates.
    fn coords(&self, i: usize) -> Option<(ActionBlock, [usize; 4], usize)> {
        if i >= self.size {
            return None;
        }
        let &(block, start) = self.blocks().iter().rev().find(|&&(_, s)| s <= i)?;
        let (dims, n) = self.dims(block);
        let mut rest = i - start;
        let mut coords = [0; 4];
        for (c, &d) in coords[..n].iter_mut().zip(&dims[..n]).rev() {
            *c = rest % d;
            rest /= d;
        }
        Some((block, coords, n))
    }

    /// The index of the plays of `block` at `coords`, if the game has the
    /// block and the coordinates are inside it.
    pub fn index(&self, block: ActionBlock, coords: &[usize]) -> Option<usize> {
        let &(_, start) = self.blocks().iter().find(|&&(b, _)| b == block)?;
        let (dims, n) = self.dims(block);
        let dims = &dims[..n];
        if coords.len() != n || coords.iter().zip(dims).any(|(c, d)| c >= d) {
            return None;
        }
        Some(start + coords.iter().zip(dims).fold(0, |acc, (c, d)| acc * d + c))
    }

    /// The index of `play`, if it has one.
    pub fn encode(&self, play: Play) -> Option<usize> {
        let m = match play {
            Play::Draw => return self.index(ActionBlock::Draw, &[]),
            Play::Move(m) => m,
        };
        match m {
            Move::TakeTownHall => self.index(ActionBlock::TownHall, &[]),
            Move::TakeAbbey => self.index(ActionBlock::Abbey, &[]),
            Move::Place { placement: p, .. } => {
                let (r, c) = self.square(p.pos)?;
                let q = usize::from(p.rotation.quarter_turns());
                self.index(ActionBlock::Place, &[q, r, c])
            }
            Move::Figure(a) => self.encode_action(a),
            Move::Decide(c) => self.encode_choice(c),
            Move::Ransom { holder, figure } => self.index(
                ActionBlock::Ransom,
                &[holder.into(), self.figure_index(figure)],
            ),
        }
    }

    /// The index of a spot play: `first` (figure or player), then the spot.
    fn spot(&self, block: ActionBlock, first: Option<usize>, at: Spot) -> Option<usize> {
        let (r, c) = self.square(at.pos)?;
        let seg = usize::from(at.segment);
        match first {
            Some(f) => self.index(block, &[f, r, c, seg]),
            None => self.index(block, &[r, c, seg]),
        }
    }

    fn encode_action(&self, a: Action) -> Option<usize> {
        let k = |f: FigureKind| Some(self.figure_index(f));
        match a {
            Action::Pass => self.index(ActionBlock::Pass, &[]),
            Action::RecallAbbot => self.index(ActionBlock::Recall, &[]),
            Action::Place { figure, segment } => self.index(
                ActionBlock::Deploy,
                &[self.figure_index(figure), segment.into()],
            ),
            Action::Return { at, figure } => self.spot(ActionBlock::Return, k(figure), at),
            Action::Portal { figure, at } => self.spot(ActionBlock::Portal, k(figure), at),
            Action::AddNextTo { figure, at } => self.spot(ActionBlock::AddNextTo, k(figure), at),
            Action::Free { at, figure } => {
                let (r, c) = self.square(at)?;
                self.index(ActionBlock::Free, &[self.figure_index(figure), r, c])
            }
            Action::Princess { at } => self.spot(ActionBlock::Princess, None, at),
            Action::Fairy { at } => self.spot(ActionBlock::Fairy, None, at),
            Action::TowerPiece { at } => {
                let (r, c) = self.square(at)?;
                self.index(ActionBlock::TowerPiece, &[r, c])
            }
            Action::TowerFollower { figure, at } => {
                let (r, c) = self.square(at)?;
                self.index(
                    ActionBlock::TowerFollower,
                    &[self.figure_index(figure), r, c],
                )
            }
        }
    }

    fn encode_choice(&self, c: Choice) -> Option<usize> {
        match c {
            Choice::Arrow(k) => {
                let a = ARROWS.iter().position(|&x| x == k)?;
                self.index(ActionBlock::Arrow, &[a])
            }
            Choice::Decline => self.index(ActionBlock::Decline, &[]),
            Choice::HandOver => self.index(ActionBlock::HandOver, &[]),
            Choice::LieDown => self.index(ActionBlock::LieDown, &[]),
            Choice::Swap { player, at } => self.spot(ActionBlock::Swap, Some(player.into()), at),
            Choice::Move { to } => self.spot(ActionBlock::MoveTo, None, to),
            Choice::Dragon { dir } => self.index(ActionBlock::Dragon, &[usize::from(dir)]),
            Choice::Capture { player, figure, at } => {
                let (r, c) = self.square(at.pos)?;
                let seg = match at.segment {
                    crate::tile::NO_SEGMENT => self.segments,
                    s => usize::from(s),
                };
                let who = usize::from(player) * self.figures + self.figure_index(figure);
                self.index(ActionBlock::Capture, &[who, r, c, seg])
            }
        }
    }

    /// The play of index `i` in `game` (legal or not); a placement is of the
    /// tile in hand, so `None` for one when no tile waits to be placed.
    pub fn decode(&self, i: usize, game: &Game) -> Option<Play> {
        let (block, c, _) = self.coords(i)?;
        let figure = |k: usize| self.figure_at(k);
        let spot = |r: usize, col: usize, seg: usize| Spot {
            pos: self.pos(r, col),
            segment: seg as u8,
        };
        let m = match block {
            ActionBlock::Draw => return Some(Play::Draw),
            ActionBlock::Place => match game.phase() {
                Phase::Place(kind) => Move::Place {
                    kind,
                    placement: Placement {
                        pos: self.pos(c[1], c[2]),
                        rotation: Rotation::new(c[0] as u8),
                    },
                },
                _ => return None,
            },
            ActionBlock::Deploy => Move::Figure(Action::Place {
                figure: figure(c[0]),
                segment: c[1] as u8,
            }),
            ActionBlock::Pass => Move::Figure(Action::Pass),
            ActionBlock::Recall => Move::Figure(Action::RecallAbbot),
            ActionBlock::TownHall => Move::TakeTownHall,
            ActionBlock::Abbey => Move::TakeAbbey,
            ActionBlock::Arrow => Move::Decide(Choice::Arrow(ARROWS[c[0]])),
            ActionBlock::Decline => Move::Decide(Choice::Decline),
            ActionBlock::HandOver => Move::Decide(Choice::HandOver),
            ActionBlock::LieDown => Move::Decide(Choice::LieDown),
            ActionBlock::Return => Move::Figure(Action::Return {
                at: spot(c[1], c[2], c[3]),
                figure: figure(c[0]),
            }),
            ActionBlock::Portal => Move::Figure(Action::Portal {
                figure: figure(c[0]),
                at: spot(c[1], c[2], c[3]),
            }),
            ActionBlock::AddNextTo => Move::Figure(Action::AddNextTo {
                figure: figure(c[0]),
                at: spot(c[1], c[2], c[3]),
            }),
            ActionBlock::Swap => Move::Decide(Choice::Swap {
                player: c[0] as u8,
                at: spot(c[1], c[2], c[3]),
            }),
            ActionBlock::MoveTo => Move::Decide(Choice::Move {
                to: spot(c[0], c[1], c[2]),
            }),
            ActionBlock::Free => Move::Figure(Action::Free {
                at: self.pos(c[1], c[2]),
                figure: figure(c[0]),
            }),
            ActionBlock::Dragon => Move::Decide(Choice::Dragon { dir: c[0] as u8 }),
            ActionBlock::Princess => Move::Figure(Action::Princess {
                at: spot(c[0], c[1], c[2]),
            }),
            ActionBlock::Fairy => Move::Figure(Action::Fairy {
                at: spot(c[0], c[1], c[2]),
            }),
            ActionBlock::TowerPiece => Move::Figure(Action::TowerPiece {
                at: self.pos(c[0], c[1]),
            }),
            ActionBlock::TowerFollower => Move::Figure(Action::TowerFollower {
                figure: figure(c[0]),
                at: self.pos(c[1], c[2]),
            }),
            ActionBlock::Capture => Move::Decide(Choice::Capture {
                player: (c[0] / self.figures) as u8,
                figure: figure(c[0] % self.figures),
                at: Spot {
                    pos: self.pos(c[1], c[2]),
                    segment: match c[3] == self.segments {
                        true => crate::tile::NO_SEGMENT,
                        false => c[3] as u8,
                    },
                },
            }),
            ActionBlock::Ransom => Move::Ransom {
                holder: c[0] as u8,
                figure: figure(c[1]),
            },
        };
        Some(Play::Move(m))
    }
}

/// How many town halls the catalog's sets hold (copies of its town hall).
fn rules_halls(cat: &Catalog) -> usize {
    cat.town_hall()
        .map_or(0, |k| usize::from(cat.kind(k).count))
}

/// A figure kind's place among the kinds of `kinds` (bit per kind in
/// [`FigureKind::ALL`] order) that come before it.
pub(super) fn figure_slot(kinds: u16, k: FigureKind) -> usize {
    (kinds & ((1u32 << k.index()) - 1) as u16).count_ones() as usize
}
