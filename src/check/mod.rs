//! `validate`: Model → every remaining diagnostic, all reported in one run.
//!
//! Per tile: ports, edges, crossings, adjacency (see [`tile`]) and road ends (see
//! [`ends`]); per
//! set: totals, groups, river ends and start tile (see [`set`]), and fit (see
//! [`fit`]). Name and statement problems were already reported by `lower`.

mod ends;
mod fit;
mod set;
mod tile;

use crate::config::Config;
use crate::diagnostic::Diagnostic;
use crate::model::{Model, Set, Sound};

/// Runs every check on the model. `shipped` are sets the model does not declare
/// but is checked with (the shipped sets `config` requires, already checked, or
/// the other sets of a directory one file of which is checked): they count as
/// declared, and the fit check places the model's tiles next to theirs.
pub fn validate(model: &Model, config: &Config, shipped: &[&Set]) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    // One graph, rebuilt for each tile: no allocation per tile.
    let mut graph = crate::graph::TileGraph::default();
    for t in model.sets.iter().flat_map(|s| &s.tiles) {
        tile::check_tile(t, &mut graph, &mut diags);
    }
    // Tiles dropped for their errors: the checks whose inputs are sound.
    let dropped = model.sets.iter().flat_map(|s| &s.dropped);
    for (t, sound) in dropped.filter_map(|d| d.partial.as_ref()) {
        match sound {
            Sound::Shape => tile::check_tile(t, &mut graph, &mut diags),
            Sound::Ports => tile::ports_covered(t, &mut diags),
        }
    }
    set::check_sets(model, config, shipped, &mut diags);
    diags
}
