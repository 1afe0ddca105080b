//! The engine as a research environment: a [`State`] is a [`Game`](crate::Game)
//! as a search or learning algorithm sees it, in the shape of OpenSpiel's
//! states.
//!
//! - **Chance.** The draw is a chance node. A [`State`] made with
//!   [`Chance::Explicit`] stops before every draw ([`State::is_chance`]):
//!   [`State::chance_outcomes`] gives each tile with its probability from the
//!   unseen pile and [`State::draw`] applies one. With [`Chance::Sampled`] the
//!   state draws by itself from its seeded chance stream.
//! - **Honest search.** The pile is a multiset, never a shuffled deck, and a
//!   state's draws come from a stream keyed by its seed and the tiles left
//!   ([`Rng::keyed`](crate::Rng::keyed)): what the next tile is depends on the
//!   seed and the unseen pile alone. A clone draws from a seed of its own
//!   (derived from this one: its tiles are not the real game's), and
//!   [`State::resample`] gives it another: a determinization for
//!   information-set search. [`State::exact_copy`] keeps the seed (a
//!   checkpoint, not a searcher's copy).
//! - **Actions.** [`ActionSpace`]: every move has one index in a space sized to
//!   the game's sets and players, over a frame of squares fixed for the whole
//!   game (centred on the start tile, its radius a third of the tiles to
//!   place), laid out in named blocks for factored policy heads.
//! - **Observations.** [`ObservationLayout`]: the position from any player's
//!   point of view as bytes, board planes over the frame and a vector of the
//!   rest (tile in hand, scores, supplies, pile, decisions), documented block
//!   by block.
//! - **States.** [`State::returns`], [`State::log`] and [`State::from_log`]
//!   (an exact copy from the history), and records with their seed
//!   ([`State::to_record`], [`State::from_record`]).
//!
//! ```
//! use std::sync::Arc;
//! use tilec_runtime::research::{Chance, Play, State};
//! use tilec_runtime::*;
//!
//! let cat = Arc::new(Catalog::shipped(&["base"]).unwrap());
//! let mut state = State::new(cat, 2, 7, Chance::Explicit).unwrap();
//! assert!(state.is_chance());
//! let (kind, p) = state.chance_outcomes()[0];       // (tile, probability)
//! state.draw(kind).unwrap();                        // this tile, for player 0
//! let mut plays = Vec::new();
//! state.legal_plays_into(&mut plays);
//! let index = state.action_space().encode(plays[0]).unwrap();
//! assert_eq!(state.action_space().decode(index, state.game()), Some(plays[0]));
//! state.play(plays[0]).unwrap();
//! let mut search = state.clone();                    // its own future
//! search.resample(42);                              // another determinization
//! search.playout(1);
//! assert!(search.is_over() && !state.is_over() && p > 0.0);
//! ```

mod action;
mod observe;
mod restore;
mod state;

pub use action::{ActionBlock, ActionSpace};
pub use observe::{ObservationLayout, ObservationPart, BOARD_PLANES, VECTOR_FIELDS};
pub use restore::{Parts, RestoreError};
pub use state::{Chance, Play, PlayError, State};
