//! What the runtime's tests share: which shipped sets the engine plays.
//!
//! The tests that play "every shipped set" play [`played`]; the sets the
//! engine refuses yet ([`REFUSED`]) they play as plain topology
//! ([`CatalogOptions::topology_only`]) instead, never leaving them out
//! silently. [`played`] fails when the engine refuses another set, or plays
//! one of these: then this list is to change, with the tests' games.

#![allow(dead_code)] // each test crate uses its part

use tilec_runtime::catalog::{CatalogError, CatalogOptions};
use tilec_runtime::{tables, Catalog, TileSet};

/// The shipped sets whose marks the engine does not play yet (issue #33: the
/// engine rooms of Inns & Cathedrals and Traders & Builders), each with the
/// mark `Catalog::new` names in refusing it.
pub const REFUSED: [(&str, &str); 2] =
    [("inns-cathedrals", "inn"), ("traders-builders", "resource")];

/// Every shipped set the engine plays, in table order; panics when the engine
/// refuses a set [`REFUSED`] does not name, or plays one it names.
pub fn played() -> Vec<&'static TileSet> {
    let mut out = Vec::new();
    for &set in tables::SETS {
        let listed = REFUSED.iter().find(|(id, _)| *id == set.id).map(|r| r.1);
        let refused = match Catalog::new(&[set]) {
            Ok(_) => None,
            Err(CatalogError::UnplayedMark { mark, .. }) => Some(mark),
            Err(e) => panic!("{}: {e}", set.id),
        };
        assert_eq!(
            refused, listed,
            "set `{}`: the engine refuses it for this mark (left), \
             runtime/tests/common/mod.rs's REFUSED says (right)",
            set.id
        );
        if refused.is_none() {
            out.push(set);
        }
    }
    out
}

/// The shipped sets [`REFUSED`] names, which the tests play as plain topology.
pub fn refused() -> Vec<&'static TileSet> {
    let ids: Vec<&str> = REFUSED.iter().map(|r| r.0).collect();
    tables::SETS
        .iter()
        .copied()
        .filter(|s| ids.contains(&&*s.id))
        .collect()
}

/// Plays `sets` as plain topology: their marks carried and ignored.
pub const TOPOLOGY: CatalogOptions = CatalogOptions {
    topology_only: true,
};
