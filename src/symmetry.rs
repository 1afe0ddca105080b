//! How many distinct rotations a tile has: computed from its structure, never
//! written by the designer.
//!
//! A rotation is a symmetry when it maps every segment onto a segment of the same
//! kind (ports rotated, pennants equal), and field adjacency, road ends, bridges and
//! marks onto themselves. Arrows point somewhere, so a tile with one has 4.
//! Illustrations are decoration and do not count.

use crate::model::Tile;
use tilec_runtime::{rotate_ports, NO_SEGMENT};

/// 1, 2 or 4.
pub fn symmetry(tile: &Tile) -> u8 {
    if maps_onto_itself(tile, 1) {
        1
    } else if maps_onto_itself(tile, 2) {
        2
    } else {
        4
    }
}

fn maps_onto_itself(tile: &Tile, quarter_turns: u8) -> bool {
    if tile.arrow.is_some() {
        return false;
    }
    let Some(sigma) = segment_map(tile, quarter_turns) else {
        return false;
    };
    let map = |mask: u32| -> u32 {
        (0..tile.segments.len())
            .filter(|i| mask & (1 << i) != 0)
            .fold(0, |acc, i| acc | 1 << sigma[i])
    };
    let segs_ok = tile.segments.iter().enumerate().all(|(i, s)| {
        let t = &tile.segments[sigma[i]];
        map(s.cities) == t.cities
            && map(s.bridges) == t.bridges
            && map(s.tunnels) == t.tunnels
            && map(s.over) == t.over
    });
    let ends_ok = tile.ends.iter().all(|e| {
        tile.ends.iter().any(|f| {
            f.end.kind == e.end.kind
                && f.end.segments == map(e.end.segments)
                && f.end.touches == map(e.end.touches)
        })
    });
    let marks_ok = tile.marks.iter().all(|m| {
        let seg = if m.segment == NO_SEGMENT {
            NO_SEGMENT
        } else {
            sigma[m.segment as usize] as u8
        };
        tile.marks
            .iter()
            .any(|n| n.kind == m.kind && n.segment == seg)
    });
    segs_ok && ends_ok && marks_ok
}

/// Where each segment goes under the rotation, if every one has a partner.
fn segment_map(tile: &Tile, quarter_turns: u8) -> Option<Vec<usize>> {
    let segs = &tile.segments;
    let mut sigma = vec![usize::MAX; segs.len()];
    let mut used = vec![false; segs.len()];
    for (i, s) in segs.iter().enumerate().filter(|(_, s)| s.ports != 0) {
        let rotated = rotate_ports(s.ports, quarter_turns);
        let j = segs
            .iter()
            .position(|t| t.ports == rotated && t.kind == s.kind && t.pennants == s.pennants)?;
        sigma[i] = j;
        used[j] = true;
    }
    // Segments without ports (monasteries, enclosed fields) are told apart only by
    // their kind and, for fields, by the cities they touch (which all have ports).
    for (i, s) in segs.iter().enumerate().filter(|(_, s)| s.ports == 0) {
        let cities: u32 = (0..segs.len())
            .filter(|c| s.cities & (1 << c) != 0)
            .fold(0, |acc, c| acc | 1 << sigma[c]);
        let j = (0..segs.len()).find(|&j| {
            let t = &segs[j];
            !used[j]
                && t.ports == 0
                && t.kind == s.kind
                && t.pennants == s.pennants
                && t.cities == cities
        })?;
        sigma[i] = j;
        used[j] = true;
    }
    Some(sigma)
}
