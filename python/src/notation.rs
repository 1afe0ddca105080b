//! The text of moves: the runtime's notation (`tilec_runtime::notation`,
//! tiles named by their ids), and `draw` for the draw when it is a choice.

use crate::moves::Mv;
use tilec_runtime::{Catalog, Move};

/// The notation of `mv` (tile ids from `cat`).
pub fn text(mv: Mv, cat: &Catalog) -> String {
    match mv {
        Mv::Draw => "draw".to_string(),
        Mv::Move(m) => m.display(cat).to_string(),
    }
}

/// The move `text` writes (tile ids from `cat`), or what is wrong with it.
pub fn parse(text: &str, cat: &Catalog) -> Result<Mv, String> {
    if text.split_whitespace().eq(["draw"]) {
        return Ok(Mv::Draw);
    }
    Move::parse(text, cat)
        .map(Mv::Move)
        .map_err(|e| e.to_string())
}
