//! The turn room: the state machine a turn runs through, step by step.
//!
//! - `draw`: the draw step (a named tile; the random draw is [`Game::draw_random`](crate::Game::draw_random))
//!   and `pile`: the draw pile.
//! - `place`: the place step: the tile goes on the board.
//! - `act`: the figure step.
//! - [`decide`]: decisions owed outside the figure step, and the turn's end.
//! - `scoring`: completed features and final scoring.
//! - [`moves`]: one move type over every step.

pub(crate) mod act;
pub mod decide;
pub(crate) mod draw;
pub mod moves;
pub(crate) mod pile;
pub(crate) mod place;
pub(crate) mod scoring;
