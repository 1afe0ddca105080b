//! The River: ours (the new edition, its spring with a road and its lake
//! with a monastery) is none of JCloisterZone's, so it crosses as the add-on's
//! tiles (`tilec/river/...`).

use super::{Accept, Element, Room};

/// The River's room.
pub const ROOM: Room = Room {
    title: "the River",
    sets: &["river"],
    tile_sets: &[],
    tiles: &[],
    elements: &[Element {
        key: "river",
        accept: Accept::Flag,
    }],
    rules: &[],
    meeples: &[],
    returns: &[],
    messages: &[],
};
