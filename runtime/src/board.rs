//! The board room: where tiles lie and what they form.
//!
//! - [`geom`]: positions, rotations, directions, how ports meet across an edge.
//! - `grid`: the squares, and the frontier with what each empty square asks of
//!   a tile's edges.
//! - `edge_code`: edge matching as bit operations.
//! - [`placement`]: which placements fit (counting, listing, the uniform pick,
//!   the River's rules) and why one does not.
//! - `features`: the union–find over placed segments.
//! - `query`: read-only questions about features ([`FeatureInfo`](crate::FeatureInfo)).
//!
//! Laying a tile on the board (grid, nodes, unions) is the turn's place step
//! (`turn/place.rs`), which inlines this room's hot paths.

pub(crate) mod edge_code;
pub(crate) mod features;
pub mod geom;
pub(crate) mod grid;
pub mod placement;
pub(crate) mod query;
