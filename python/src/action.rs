//! The fixed action index: every move as one integer in `0..SIZE`, the same
//! layout for every game (documented in `docs/python.md`).
//!
//! Squares are those of the observation's window ([`Frame`]): `S × S`
//! squares around the centre of the board's bounding box, so that an index
//! and the observation's planes speak of the same squares. A move on a square
//! outside the window, or on a segment numbered [`SEG`] or more, has no index
//! (no shipped tile has more than 9 segments; see the tests for how far random
//! boards reach).

use crate::moves::Mv;
use tilec_runtime::{
    Action, ArrowKind, Choice, FigureKind, KindId, Move, Placement, Pos, Rotation, Spot,
};

/// Side of the window, in squares.
pub const S: usize = 32;
/// Squares in the window.
pub const SQ: usize = S * S;
/// Segments per tile the index covers.
pub const SEG: usize = 16;
/// Figure kinds ([`FigureKind::ALL`] order).
pub const KINDS: usize = 5;
/// Players.
pub const PLAYERS: usize = 6;

/// Placements: `rotation · SQ + square`.
pub const PLACE: usize = 0;
/// Deployments on the tile just placed: `figure · SEG + segment`.
pub const DEPLOY: usize = PLACE + 4 * SQ;
/// Pass (no figure).
pub const PASS: usize = DEPLOY + KINDS * SEG;
/// Recall the abbot.
pub const RECALL: usize = PASS + 1;
/// Take the town hall.
pub const TOWN_HALL: usize = RECALL + 1;
/// Draw.
pub const DRAW: usize = TOWN_HALL + 1;
/// Activate an arrow: `ARROW + kind` (add-next-to, portal, extra-turn).
pub const ARROW: usize = DRAW + 1;
/// Decline a decision.
pub const DECLINE: usize = ARROW + 3;
/// The scarecrow hands over to a farmer.
pub const HAND_OVER: usize = DECLINE + 1;
/// The scarecrow lies down.
pub const LIE_DOWN: usize = HAND_OVER + 1;
/// Moves naming a spot of the board: `SPOT + (variant · SQ + square) · SEG +
/// segment`, variants `0..5` return (figure), `5..10` portal (figure),
/// `10..15` add-next-to (figure), `15..21` swap (the opponent), `21` the
/// messenger's move.
pub const SPOT: usize = LIE_DOWN + 1;
const VARIANTS: usize = 3 * KINDS + PLAYERS + 1;
/// Freeing a trapped figure: `FREE + figure · SQ + square`.
pub const FREE: usize = SPOT + VARIANTS * SQ * SEG;
/// Size of the action space.
pub const SIZE: usize = FREE + KINDS * SQ;

const ARROWS: [ArrowKind; 3] = [
    ArrowKind::AddNextTo,
    ArrowKind::Portal,
    ArrowKind::ExtraTurn,
];

/// The window's top-left square: column `c`, row `r` of the window is the
/// board's square `(x0 + c, y0 + r)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Board x of column 0.
    pub x0: i32,
    /// Board y of row 0.
    pub y0: i32,
}

impl Frame {
    /// The window centred on the bounding box of `squares`.
    pub fn around(squares: impl Iterator<Item = Pos>) -> Frame {
        let (mut lo_x, mut hi_x, mut lo_y, mut hi_y) = (i32::MAX, i32::MIN, i32::MAX, i32::MIN);
        for p in squares {
            let (x, y) = (i32::from(p.x), i32::from(p.y));
            (lo_x, hi_x, lo_y, hi_y) = (lo_x.min(x), hi_x.max(x), lo_y.min(y), hi_y.max(y));
        }
        if lo_x > hi_x {
            (lo_x, hi_x, lo_y, hi_y) = (0, 0, 0, 0);
        }
        let half = S as i32 / 2;
        Frame {
            x0: (lo_x + hi_x).div_euclid(2) - half,
            y0: (lo_y + hi_y).div_euclid(2) - half,
        }
    }

    /// The window square of a board square, if inside.
    pub fn square(self, p: Pos) -> Option<usize> {
        let c = i32::from(p.x) - self.x0;
        let r = i32::from(p.y) - self.y0;
        let inside = (0..S as i32).contains(&c) && (0..S as i32).contains(&r);
        inside.then(|| r as usize * S + c as usize)
    }

    /// The board square of a window square.
    pub fn pos(self, square: usize) -> Pos {
        let c = (square % S) as i32 + self.x0;
        let r = (square / S) as i32 + self.y0;
        Pos::new(c as i16, r as i16)
    }
}

/// A figure kind's place in [`FigureKind::ALL`].
pub fn kind(k: FigureKind) -> usize {
    FigureKind::ALL.iter().position(|&a| a == k).unwrap_or(0)
}

/// The index of `mv` in `frame`, if it has one.
pub fn encode(mv: Mv, frame: Frame) -> Option<usize> {
    match mv {
        Mv::Draw => Some(DRAW),
        Mv::Play(Move::TakeTownHall) => Some(TOWN_HALL),
        Mv::Play(Move::Place { placement: p, .. }) => {
            let square = frame.square(p.pos)?;
            Some(PLACE + usize::from(p.rotation.quarter_turns()) * SQ + square)
        }
        Mv::Play(Move::Figure(a)) => encode_action(a, frame),
        Mv::Play(Move::Decide(c)) => encode_choice(c, frame),
    }
}

/// The index of the spot `at` in variant `variant` of [`SPOT`].
fn spot(variant: usize, at: Spot, frame: Frame) -> Option<usize> {
    let square = frame.square(at.pos)?;
    let seg = usize::from(at.segment);
    (seg < SEG).then(|| SPOT + (variant * SQ + square) * SEG + seg)
}

fn encode_action(a: Action, frame: Frame) -> Option<usize> {
    let spot = |variant, at| spot(variant, at, frame);
    match a {
        Action::Pass => Some(PASS),
        Action::Place { figure, segment } => {
            let seg = usize::from(segment);
            (seg < SEG).then(|| DEPLOY + kind(figure) * SEG + seg)
        }
        Action::RecallAbbot => Some(RECALL),
        Action::Return { at, figure } => spot(kind(figure), at),
        Action::Portal { figure, at } => spot(KINDS + kind(figure), at),
        Action::AddNextTo { figure, at } => spot(2 * KINDS + kind(figure), at),
        Action::Free { at, figure } => Some(FREE + kind(figure) * SQ + frame.square(at)?),
        _ => None,
    }
}

fn encode_choice(c: Choice, frame: Frame) -> Option<usize> {
    let spot = |variant, at| spot(variant, at, frame);
    match c {
        Choice::Arrow(k) => Some(ARROW + ARROWS.iter().position(|&a| a == k)?),
        Choice::Decline => Some(DECLINE),
        Choice::HandOver => Some(HAND_OVER),
        Choice::LieDown => Some(LIE_DOWN),
        Choice::Swap { player, at } => spot(3 * KINDS + usize::from(player), at),
        Choice::Move { to } => spot(3 * KINDS + PLAYERS, to),
        _ => None,
    }
}

/// The move of index `i` in `frame` (whether or not it is legal), if `i` is in
/// the action space; a placement's tile is `drawn` (no placement without one).
pub fn decode(i: usize, frame: Frame, drawn: Option<KindId>) -> Option<Mv> {
    Some(Mv::Play(match decode_play(i, frame)? {
        Decoded::Draw => return Some(Mv::Draw),
        Decoded::Place(placement) => Move::Place {
            kind: drawn?,
            placement,
        },
        Decoded::Action(a) => Move::Figure(a),
        Decoded::Choice(c) => Move::Decide(c),
        Decoded::TownHall => Move::TakeTownHall,
    }))
}

/// What an index names, before a placement is given its tile.
enum Decoded {
    Draw,
    TownHall,
    Place(Placement),
    Action(Action),
    Choice(Choice),
}

fn decode_play(i: usize, frame: Frame) -> Option<Decoded> {
    use Decoded::{Action as A, Choice as C};
    let figure = |k: usize| FigureKind::ALL[k];
    Some(match i {
        _ if i < DEPLOY => Decoded::Place(Placement {
            pos: frame.pos(i % SQ),
            rotation: Rotation::new((i / SQ) as u8),
        }),
        _ if i < PASS => A(Action::Place {
            figure: figure((i - DEPLOY) / SEG),
            segment: ((i - DEPLOY) % SEG) as u8,
        }),
        PASS => A(Action::Pass),
        RECALL => A(Action::RecallAbbot),
        TOWN_HALL => Decoded::TownHall,
        DRAW => Decoded::Draw,
        _ if i < DECLINE => C(Choice::Arrow(ARROWS[i - ARROW])),
        DECLINE => C(Choice::Decline),
        HAND_OVER => C(Choice::HandOver),
        LIE_DOWN => C(Choice::LieDown),
        _ if i < FREE => {
            let j = i - SPOT;
            let at = Spot {
                pos: frame.pos(j / SEG % SQ),
                segment: (j % SEG) as u8,
            };
            match j / SEG / SQ {
                v if v < KINDS => A(Action::Return {
                    at,
                    figure: figure(v),
                }),
                v if v < 2 * KINDS => A(Action::Portal {
                    figure: figure(v - KINDS),
                    at,
                }),
                v if v < 3 * KINDS => A(Action::AddNextTo {
                    figure: figure(v - 2 * KINDS),
                    at,
                }),
                v if v < 3 * KINDS + PLAYERS => C(Choice::Swap {
                    player: (v - 3 * KINDS) as u8,
                    at,
                }),
                _ => C(Choice::Move { to: at }),
            }
        }
        _ if i < SIZE => A(Action::Free {
            at: frame.pos((i - FREE) % SQ),
            figure: figure((i - FREE) / SQ),
        }),
        _ => return None,
    })
}
