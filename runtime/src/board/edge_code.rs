//! Edge matching as bit operations, so that legal placements are a mask test.
//!
//! Each edge is one-hot in four bits (field, road, city, river; `Any` sets all
//! four). A tile's four edges pack into 16 bits (N in the lowest nibble). An empty
//! square around a candidate position asks for `0xF` on that side: anything fits.
//! A tile fits a position when every nibble of `sig & need` is non-zero, which is
//! exactly [`Edge::matches`] on every side, but for a seam: its code is 0, so a
//! tile with a seam fits no square (the engine lays out no piece of several
//! squares; such tiles are not in the pile anyway).

use crate::catalog::TABLE;
use crate::tile::Edge;

/// What an empty square's side accepts: anything.
pub(crate) const ANY: u16 = 0xF;

/// The one-hot code of one edge.
pub(crate) const fn edge_code(e: Edge) -> u16 {
    match e {
        Edge::Field => 1,
        Edge::Road => 2,
        Edge::City => 4,
        Edge::River => 8,
        Edge::Any => 0xF,
        Edge::Seam => 0,
    }
}

/// Packs four side codes (N, E, S, W) into 16 bits.
pub(crate) const fn pack_sides(codes: [u16; 4]) -> u16 {
    codes[0] | (codes[1] << 4) | (codes[2] << 8) | (codes[3] << 12)
}

/// The code of side `dir` in a packed signature.
pub(crate) const fn side(sig: u16, dir: usize) -> u16 {
    (sig >> (4 * dir)) & 0xF
}

/// Whether a tile with packed edges `sig` fits a square that asks for `need`.
pub(crate) const fn fits(sig: u16, need: u16) -> bool {
    let x = sig & need;
    (x | (x >> 1) | (x >> 2) | (x >> 3)) & 0x1111 == 0x1111
}

/// Number of distinct demands a square can make: each side asks for anything or
/// for one of four edge kinds (`5^4`).
pub(crate) const DEMANDS: usize = 625;

/// Place values of the four sides in a demand index.
pub(crate) const POW5: [u16; 4] = [1, 5, 25, 125];

/// A side's digit in a demand index: 0 for anything, 1..=4 for one edge kind.
pub(crate) const fn digit(code: u16) -> u16 {
    match code {
        1 => 1,
        2 => 2,
        4 => 3,
        8 => 4,
        _ => 0,
    }
}

/// What a tile with packed edges `sig` adds to the demand index of the empty
/// square beyond each of its sides (N, E, S, W): its edge code as that square's
/// digit for the opposite side.
pub(crate) const fn demand_adds(sig: u16) -> [u16; 4] {
    let mut adds = [0; 4];
    let mut d = 0;
    while d < 4 {
        adds[d] = digit(side(sig, d)) * POW5[(d + 2) % 4];
        d += 1;
    }
    adds
}

/// The packed demand that a demand index stands for.
pub(crate) const fn demand(index: usize) -> u16 {
    const CODES: [u16; 5] = [ANY, 1, 2, 4, 8];
    let mut need = 0;
    let mut d = 0;
    let mut i = index;
    while d < 4 {
        need |= CODES[i % 5] << (4 * d);
        i /= 5;
        d += 1;
    }
    need
}

/// [`demand`] of every demand index, worked out at compile time: the river
/// rules and placement checks look a square's demand up instead of decoding it.
pub(crate) static DEMAND_TABLE: [u16; DEMANDS] = {
    let mut table = [0; DEMANDS];
    let mut i = 0;
    while i < DEMANDS {
        table[i] = demand(i);
        i += 1;
    }
    table
};

/// Where each demand index sits in the per-kind fit tables (entries past
/// [`DEMANDS`] map to the last slot, which no kind fits).
///
/// The tables are ordered by how likely a square is to ask for it, so that the
/// demands of a real frontier share a few cache lines: first the demands
/// without a river side, by number of sides asked for (a square with one
/// neighbour first), then those with one. The 256 demands of a game without
/// rivers fill the first 256 bytes of each table.
pub(crate) static SLOT: [u16; TABLE] = {
    let mut slot = [(TABLE - 1) as u16; TABLE];
    let mut next = 0;
    let mut group = 0;
    while group < 10 {
        let (river, sides) = (group / 5, group % 5);
        let mut i = 0;
        while i < DEMANDS {
            let (mut asked, mut rivers, mut rest) = (0, 0, i);
            while rest > 0 {
                let digit = rest % 5;
                asked += (digit != 0) as usize;
                rivers += (digit == 4) as usize;
                rest /= 5;
            }
            if asked == sides && (rivers > 0) as usize == river {
                slot[i] = next;
                next += 1;
            }
            i += 1;
        }
        group += 1;
    }
    slot
};

/// The edge a one-hot code stands for (`Any` for anything that is not one-hot).
pub(crate) const fn code_edge(code: u16) -> Edge {
    match code {
        1 => Edge::Field,
        2 => Edge::Road,
        4 => Edge::City,
        8 => Edge::River,
        _ => Edge::Any,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EDGES: [Edge; 5] = [Edge::Field, Edge::Road, Edge::City, Edge::River, Edge::Any];

    #[test]
    fn fits_agrees_with_edge_matches_on_every_side() {
        for (d, &a) in EDGES.iter().enumerate() {
            for &b in &EDGES {
                let mut need = [ANY; 4];
                need[d % 4] = edge_code(b);
                let sig = pack_sides([edge_code(a); 4]);
                assert_eq!(fits(sig, pack_sides(need)), a.matches(b), "{a:?} vs {b:?}");
            }
        }
    }

    #[test]
    fn a_seam_side_fits_no_square() {
        for d in 0..4 {
            let mut sides = [edge_code(Edge::Field); 4];
            sides[d] = edge_code(Edge::Seam);
            let sig = pack_sides(sides);
            assert!(!fits(sig, pack_sides([ANY; 4])), "side {d}");
            assert!(
                !fits(sig, pack_sides([edge_code(Edge::Field); 4])),
                "side {d}"
            );
        }
    }

    #[test]
    fn demand_indexes_decode_their_digits() {
        for i in 0..DEMANDS {
            let need = demand(i);
            let back: u16 = (0..4).map(|d| digit(side(need, d)) * POW5[d]).sum();
            assert_eq!(usize::from(back), i);
        }
    }

    #[test]
    fn slots_are_a_permutation_with_the_riverless_demands_first() {
        let mut seen = vec![false; DEMANDS];
        for (i, &s) in SLOT.iter().enumerate().take(DEMANDS) {
            let s = usize::from(s);
            assert!(s < DEMANDS && !seen[s], "demand {i} slot {s}");
            seen[s] = true;
            let river = (0..4).any(|d| side(demand(i), d) == 8);
            assert_eq!(s < 256, !river, "demand {i} slot {s}");
        }
        assert!(SLOT[DEMANDS..].iter().all(|&s| usize::from(s) == TABLE - 1));
        // A square with one neighbour (a field, road or city side asked for) is
        // in the first cache line.
        assert!((1..4).all(|digit| SLOT[digit] < 16 && SLOT[125 * digit] < 16));
    }

    #[test]
    fn codes_round_trip() {
        for &e in &EDGES {
            assert_eq!(code_edge(edge_code(e)), e);
        }
    }
}
