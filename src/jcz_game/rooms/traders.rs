//! Traders & Builders: trade goods, the builder and the pig (JCloisterZone's
//! tile-set `traders-and-builders:2`, the new edition with the gardens on K
//! and U, is ours tile for tile).

use super::{Accept, Element, Room};
use tilec_runtime::FigureKind;

/// Traders & Builders' room.
pub const ROOM: Room = Room {
    title: "Traders & Builders",
    sets: &["traders-builders"],
    tile_sets: &[("traders-and-builders:2", "traders-builders")],
    // Ours D, K and L are drawn a quarter clockwise from JCloisterZone's.
    tiles: &[
        ("TB/CR", "traders-builders/A", 0),
        ("TB/RRrr", "traders-builders/B", 0),
        ("TB/RRC", "traders-builders/C", 0),
        ("TB/CcRC.g", "traders-builders/D", 3),
        ("TB/CRc.g", "traders-builders/E", 0),
        ("TB/RCc.g", "traders-builders/F", 0),
        ("TB/Cc.g", "traders-builders/G", 0),
        ("TB/Ccc.g", "traders-builders/H", 0),
        ("TB/RCc!.g", "traders-builders/I", 0),
        ("TB/LRRR", "traders-builders/J", 0),
        ("TB/CcR.cG", "traders-builders/K", 3),
        ("TB/CcRC.c", "traders-builders/L", 3),
        ("TB/CcCC.c", "traders-builders/M", 0),
        ("TB/CCc.c", "traders-builders/N", 0),
        ("TB/CcRR!.c", "traders-builders/O", 0),
        ("TB/CCc.w", "traders-builders/P", 0),
        ("TB/CFc.w", "traders-builders/Q", 0),
        ("TB/CRcR.w", "traders-builders/R", 0),
        ("TB/CRc.w", "traders-builders/S", 0),
        ("TB/Cc.w", "traders-builders/T", 0),
        ("TB/CcRR.wG", "traders-builders/U", 0),
        ("TB/CccR.w", "traders-builders/V", 0),
        ("TB/CcR!.w", "traders-builders/W", 0),
        ("TB/CcCc.w", "traders-builders/X", 0),
    ],
    elements: &[
        Element {
            key: "builder",
            accept: Accept::Exactly(1),
        },
        Element {
            key: "pig",
            accept: Accept::Exactly(1),
        },
        Element {
            key: "traders",
            accept: Accept::Flag,
        },
    ],
    rules: &[],
    meeples: &[("builder", FigureKind::Builder), ("pig", FigureKind::Pig)],
    returns: &[],
    messages: &[],
};
