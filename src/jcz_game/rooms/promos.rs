//! The Russian promos: Baba Yaga's hut, Bogatyr's choice, Solovei and
//! Vodyanoy.

use super::{Accept, Element, ReturnAs, Room};

/// The Russian promos' room.
pub const ROOM: Room = Room {
    title: "the Russian promos",
    sets: &["promos"],
    tile_sets: &[
        ("russian-promos/2013", "promos"),
        ("russian-promos/2016", "promos"),
    ],
    tiles: &[
        ("RU/L", "promos/baba-yaga", 0),
        ("RU/RRrr", "promos/bogatyr", 0),
        ("RU/SR", "promos/solovei", 0),
        ("RU/V", "promos/vodyanoy", 0),
    ],
    elements: &[
        Element {
            key: "yaga",
            accept: Accept::Flag,
        },
        Element {
            key: "russian-trap",
            accept: Accept::Flag,
        },
    ],
    rules: &[],
    meeples: &[],
    returns: &[("TRAP", ReturnAs::Free)],
    messages: &[],
};
