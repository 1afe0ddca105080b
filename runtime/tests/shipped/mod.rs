//! The shipped sets as the tests that play every one of them see them: those
//! the engine plays, and those it would refuse until their rules land (a mark
//! it does not play yet; none of the shipped sets since The Princess & the
//! Dragon, The Tower and Abbey & Mayor are played), each with the refusal,
//! which these tests print and play as plain topology instead of skipping.

use tilec_runtime::{tables, Catalog, CatalogError, TileSet};

/// The shipped sets the engine plays with the base game, in table order.
pub fn played() -> Vec<&'static TileSet> {
    split().0
}

/// The shipped sets the engine refuses with the base game, each with why.
/// Every refusal is a mark, road end or seam the engine does not play: any
/// other error fails here.
#[allow(dead_code)] // not every test that includes this module asks for them
pub fn refused() -> Vec<(&'static TileSet, CatalogError)> {
    split().1
}

fn split() -> (Vec<&'static TileSet>, Vec<(&'static TileSet, CatalogError)>) {
    let base = tables::SETS.iter().copied().find(|s| s.id == "base");
    let base = base.expect("the base game is shipped");
    let mut played = Vec::new();
    let mut refused = Vec::new();
    for &set in tables::SETS {
        let sets: Vec<&TileSet> = match set.id == base.id {
            true => vec![set],
            false => vec![base, set],
        };
        match Catalog::new(&sets) {
            Ok(_) => played.push(set),
            Err(e @ CatalogError::UnplayedMark { .. }) => refused.push((set, e)),
            Err(e @ CatalogError::UnplayedEnd { .. }) => refused.push((set, e)),
            Err(e @ CatalogError::UnplayedSeam { .. }) => refused.push((set, e)),
            Err(e) => panic!("shipped set {}: {e}", set.id),
        }
    }
    for (set, why) in &refused {
        eprintln!(
            "{}: refused for play ({why}); played as plain topology",
            set.id
        );
    }
    (played, refused)
}
