//! Inns & Cathedrals: inns, cathedrals and the big follower (JCloisterZone's
//! tile-set `inns-and-cathedrals:2`, the new edition with the garden on B, is
//! ours tile for tile).

use super::{Accept, Element, Room};
use tilec_runtime::FigureKind;

/// Inns & Cathedrals' room.
pub const ROOM: Room = Room {
    title: "Inns & Cathedrals",
    sets: &["inns-cathedrals"],
    tile_sets: &[("inns-and-cathedrals:2", "inns-cathedrals")],
    tiles: &[
        ("IC/Rr.i", "inns-cathedrals/A", 0),
        ("IC/RFr.iG", "inns-cathedrals/B", 0),
        ("IC/RRR.i", "inns-cathedrals/C", 0),
        ("IC/LRFR", "inns-cathedrals/D", 0),
        ("IC/RrRr", "inns-cathedrals/E", 0),
        ("IC/CcR", "inns-cathedrals/F", 0),
        // Ours is drawn a quarter counter-clockwise from JCloisterZone's.
        ("IC/C!", "inns-cathedrals/G", 1),
        ("IC/CCCCG", "inns-cathedrals/H", 0),
        ("IC/CRCR", "inns-cathedrals/I", 0),
        ("IC/CFR", "inns-cathedrals/J", 0),
        ("IC/Cccc.c", "inns-cathedrals/K", 0),
        ("IC/CcRr+.i", "inns-cathedrals/L", 0),
        ("IC/RrC.i", "inns-cathedrals/M", 0),
        ("IC/RCc.i", "inns-cathedrals/N", 0),
        ("IC/CCC", "inns-cathedrals/O", 0),
        ("IC/CCc+", "inns-cathedrals/P", 0),
        ("IC/CRcR+", "inns-cathedrals/Q", 0),
    ],
    elements: &[
        Element {
            key: "big-follower",
            accept: Accept::Exactly(1),
        },
        Element {
            key: "inn",
            accept: Accept::Flag,
        },
        Element {
            key: "cathedral",
            accept: Accept::Flag,
        },
    ],
    rules: &[],
    meeples: &[("big", FigureKind::BigFollower)],
    returns: &[],
    messages: &[],
};
