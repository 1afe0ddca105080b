//! The base game, the Abbot with its gardens (JCloisterZone's 2nd edition,
//! `basic:2`, is ours tile for tile).

use super::{Accept, Element, ReturnAs, Room};
use tilec_runtime::FigureKind;

/// The base game's room.
pub const ROOM: Room = Room {
    title: "the base game",
    sets: &["base"],
    tile_sets: &[("basic:2", "base")],
    tiles: &[
        ("BA/L", "base/B", 0),
        ("BA/LR", "base/A", 0),
        ("BA/RCr", "base/D", 0),
        ("BA/Cccc+", "base/C", 0),
        ("BA/CccR+", "base/S", 0),
        ("BA/CccR", "base/T", 0),
        ("BA/CFc+", "base/F", 0),
        ("BA/CFc.1", "base/G", 0),
        ("BA/Cc.1", "base/N", 0),
        ("BA/CcG", "base/N-garden", 0),
        ("BA/Cc+", "base/M", 0),
        ("BA/Cc+G", "base/M-garden", 0),
        ("BA/CcRr", "base/P", 0),
        ("BA/CcRr+", "base/O", 0),
        ("BA/Ccc", "base/R", 0),
        ("BA/CccG", "base/R-garden", 0),
        ("BA/Ccc+", "base/Q", 0),
        ("BA/CRr", "base/J", 0),
        ("BA/CRRR", "base/L", 0),
        ("BA/RrC", "base/K", 0),
        ("BA/C", "base/E", 0),
        ("BA/CG", "base/E-garden", 0),
        ("BA/CFC.2", "base/H", 0),
        ("BA/CFCG", "base/H-garden", 0),
        ("BA/CC.2", "base/I", 0),
        ("BA/CCG", "base/I-garden", 0),
        ("BA/RRRR", "base/X", 0),
        ("BA/RRR", "base/W", 0),
        ("BA/Rr", "base/V", 0),
        ("BA/RrG", "base/V-garden", 0),
        ("BA/RFr", "base/U", 0),
        ("BA/RFrG", "base/U-garden", 0),
    ],
    elements: &[
        Element {
            key: "small-follower",
            accept: Accept::Exactly(7),
        },
        Element {
            key: "farmers",
            accept: Accept::Flag,
        },
        Element {
            key: "abbot",
            accept: Accept::NoneOr(1),
        },
        Element {
            key: "garden",
            accept: Accept::Flag,
        },
    ],
    // A city of two tiles scores 4, as the base rules have it (the other
    // choice, "2", is a later edition's).
    rules: &[("tiny-city-scoring", "4")],
    meeples: &[
        ("small", FigureKind::Follower),
        ("abbot", FigureKind::Abbot),
    ],
    returns: &[("ABBOT_RETURN", ReturnAs::Recall)],
    messages: &[],
};
