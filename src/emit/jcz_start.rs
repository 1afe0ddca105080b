//! `emit`: the tiles of JCloisterZone's own files that its client starts a game
//! on (`utils/gameSetupUtils.js`: `BA/RCr`, and the River's spring `RI/s` when
//! its River is chosen), and whether a tile of ours is one of them up to
//! rotation. The shapes are JCloisterZone's `basic.xml` and `river.xml` in our
//! ports; a tile is that tile when it has the same segments (kind, ports,
//! pennants), the same road or river ends, and no marks.

use crate::model::Tile;
use tilec_runtime::{rotate_ports, EndKind, SegmentKind};

/// One of JCloisterZone's start tiles.
pub struct StartTile {
    /// Its id in JCloisterZone's files.
    pub id: &'static str,
    /// Its segments: kind and ports (`NL` is bit 0, clockwise to `WR`, bit 11).
    segments: &'static [(SegmentKind, u16)],
    /// The end its river or roads have on the tile, if any.
    end: Option<EndKind>,
}

/// The base game's start tile: a city on the north edge, a road from west to east.
pub const BASE_START: StartTile = StartTile {
    id: "BA/RCr",
    segments: &[
        (SegmentKind::City, 0b111),
        (SegmentKind::Road, 1 << 4 | 1 << 10),
        (SegmentKind::Field, 1 << 3 | 1 << 11),
        (SegmentKind::Field, 0b11_1110_0000),
    ],
    end: None,
};

/// The River's spring: a river from the east edge in a field all around.
pub const SPRING: StartTile = StartTile {
    id: "RI/s",
    segments: &[
        (SegmentKind::River, 1 << 4),
        (SegmentKind::Field, 0xfff & !(1 << 4)),
    ],
    end: Some(EndKind::Spring),
};

/// Whether `tile` is `start` in some rotation.
pub fn same_shape(tile: &Tile, start: &StartTile) -> bool {
    let ends: Vec<EndKind> = tile.ends.iter().map(|e| e.end.kind).collect();
    let plain = tile
        .segments
        .iter()
        .all(|s| s.pennants == 0 && s.bridges == 0 && s.tunnels == 0);
    if !tile.marks.is_empty() || !plain || ends != start.end.into_iter().collect::<Vec<_>>() {
        return false;
    }
    let mut ours: Vec<(SegmentKind, u16)> =
        tile.segments.iter().map(|s| (s.kind, s.ports)).collect();
    ours.sort_unstable();
    (0..4).any(|turns| {
        let mut theirs: Vec<(SegmentKind, u16)> = start
            .segments
            .iter()
            .map(|&(k, p)| (k, rotate_ports(p, turns)))
            .collect();
        theirs.sort_unstable();
        theirs == ours
    })
}
