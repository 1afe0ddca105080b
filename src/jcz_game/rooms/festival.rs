//! The Festival.

use super::{Accept, Element, ReturnAs, Room};

/// The Festival's room.
pub const ROOM: Room = Room {
    title: "the Festival",
    sets: &["festival"],
    tile_sets: &[("festival", "festival")],
    tiles: &[
        ("FE/CCc", "festival/1", 0),
        ("FE/CcCc", "festival/2", 0),
        ("FE/CFR", "festival/3", 0),
        ("FE/CR", "festival/4", 0),
        ("FE/CRCR", "festival/5", 0),
        ("FE/CRr", "festival/6", 0),
        ("FE/LRR", "festival/7", 0),
        ("FE/RC", "festival/8", 0),
        ("FE/RrC", "festival/9", 0),
        ("FE/RrRr", "festival/10", 0),
    ],
    elements: &[Element {
        key: "festival",
        accept: Accept::Flag,
    }],
    // Any of the player's figures may go home (the rule page), not only
    // followers.
    rules: &[("festival-return", "meeple")],
    meeples: &[],
    returns: &[("FESTIVAL", ReturnAs::Festival)],
    messages: &[],
};
