//! The observation: `C` planes of `S × S` numbers (float32) over the window of
//! the action index ([`Frame`]), from the point of view of the player to move
//! (relative player 0). The planes are documented in `docs/python.md`.

use crate::action::{self, Frame, KINDS, PLAYERS, SQ};
use crate::engine::Engine;
use tilec_runtime::{Edge, Phase, Placement, SegmentKind, TileKind};

/// A tile on the square (1).
pub const TILE: usize = 0;
/// Per edge N, E, S, W (× 4) what it shows: field, road, city, river.
pub const EDGES: usize = 1;
/// A monastery, garden or hut on the tile.
pub const CLOISTER: usize = 17;
/// Pennants on the tile's cities.
pub const PENNANTS: usize = 18;
/// The tile placed last.
pub const LAST: usize = 19;
/// Figures of each relative player (6 planes) on the square.
pub const FIGURES: usize = 20;
/// Figures of each kind (5 planes) on the square.
pub const FIGURE_KINDS: usize = 26;
/// The drawn tile fits here at rotation 0, 90, 180, 270 (4 planes).
pub const FITS: usize = 31;
/// The drawn tile's edges at rotation 0, as in [`EDGES`] (16 constant planes).
pub const DRAWN_EDGES: usize = 35;
/// The drawn tile has a monastery, garden or hut (constant).
pub const DRAWN_CLOISTER: usize = 51;
/// Each relative player's score / 100 (6 constant planes).
pub const SCORES: usize = 52;
/// Each relative player's followers in supply / 7 (6 constant planes).
pub const SUPPLY: usize = 58;
/// The phase: place, figure step, decision, draw-or-town-hall (4 constant planes).
pub const PHASE: usize = 64;
/// Tiles left in the pile / tiles in the sets (constant).
pub const PILE: usize = 68;
/// Planes.
pub const C: usize = 69;

// The planes follow one another: each group is as wide as what it counts.
const _: () = assert!(
    FIGURE_KINDS == FIGURES + PLAYERS
        && FITS == FIGURE_KINDS + KINDS
        && SUPPLY == SCORES + PLAYERS
        && PHASE == SUPPLY + PLAYERS
        && C == PILE + 1
);

/// Writes the observation of `engine` into `out` (`C · S · S` numbers, zeroed).
pub fn write(engine: &Engine, placements: &[Placement], total_tiles: usize, out: &mut [f32]) {
    let game = &engine.game;
    let cat = game.catalog();
    let frame = frame(engine);
    let mut put = |plane: usize, square: usize, v: f32| out[plane * SQ + square] += v;
    for t in game.placed_tiles() {
        let Some(sq) = frame.square(t.pos) else {
            continue;
        };
        let kind = cat.kind(t.kind);
        put(TILE, sq, 1.0);
        edges(kind, usize::from(t.rotation.quarter_turns()), |p| {
            put(EDGES + p, sq, 1.0)
        });
        put(CLOISTER, sq, f32::from(u8::from(has_cloister(kind))));
        let pennants: u32 = kind.segments.iter().map(|s| u32::from(s.pennants)).sum();
        put(PENNANTS, sq, pennants as f32);
    }
    if let Some(sq) = game.placed_tiles().last().and_then(|t| frame.square(t.pos)) {
        put(LAST, sq, 1.0);
    }
    let players = game.players();
    let me = usize::from(game.current_player());
    let rel = |p: usize| (p + players - me) % players;
    for f in game.figures() {
        if let Some(sq) = frame.square(f.pos) {
            put(FIGURES + rel(usize::from(f.player)), sq, 1.0);
            put(FIGURE_KINDS + action::kind(f.kind), sq, 1.0);
        }
    }
    for p in placements {
        if let Some(sq) = frame.square(p.pos) {
            put(FITS + usize::from(p.rotation.quarter_turns()), sq, 1.0);
        }
    }
    let mut constant = |plane: usize, v: f32| out[plane * SQ..(plane + 1) * SQ].fill(v);
    if let Some(kind) = engine.drawn() {
        let kind = cat.kind(kind);
        let mut planes = Vec::new();
        edges(kind, 0, |p| planes.push(p));
        for p in planes {
            constant(DRAWN_EDGES + p, 1.0);
        }
        constant(DRAWN_CLOISTER, f32::from(u8::from(has_cloister(kind))));
    }
    for (p, &score) in game.scores().iter().enumerate() {
        constant(SCORES + rel(p), score as f32 / 100.0);
        let followers = game.supply(p as u8, tilec_runtime::FigureKind::Follower);
        constant(SUPPLY + rel(p), f32::from(followers) / 7.0);
    }
    let phase = match game.phase() {
        Phase::Place(_) => Some(0),
        Phase::Figure => Some(1),
        Phase::Decide => Some(2),
        Phase::Draw => Some(3),
        _ => None,
    };
    if let Some(i) = phase {
        constant(PHASE + i, 1.0);
    }
    constant(PILE, game.pile_len() as f32 / total_tiles.max(1) as f32);
}

/// The window of the observation and the action index.
pub fn frame(engine: &Engine) -> Frame {
    Frame::around(engine.game.placed_tiles().iter().map(|t| t.pos))
}

/// Calls `plane` with the edge plane (`edge · 4 + what`) of each edge of `kind`
/// turned `quarter_turns`; a town hall's edges (matching anything) have none.
fn edges(kind: &TileKind, quarter_turns: usize, mut plane: impl FnMut(usize)) {
    for (d, e) in kind.edges[quarter_turns % 4].iter().enumerate() {
        let what = match e {
            Edge::Field => 0,
            Edge::Road => 1,
            Edge::City => 2,
            Edge::River => 3,
            Edge::Any | Edge::Seam => continue,
        };
        plane(d * 4 + what);
    }
}

fn has_cloister(kind: &TileKind) -> bool {
    kind.segments.iter().any(|s| {
        matches!(
            s.kind,
            SegmentKind::Monastery | SegmentKind::Garden | SegmentKind::Hut
        )
    })
}
