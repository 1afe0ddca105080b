//! Seams: the ports of a tile that no feature covers. JCloisterZone writes the
//! inner sides of a piece of several squares (the Count of Carcassonne's city,
//! `CO/1` ... `CO/12`) so: they belong to nothing. The tile language says them
//! with a `seam` segment.
//!
//! A piece has two squares or more, so a set with one tile whose ports no
//! feature covers has no piece: that tile's gap is left uncovered (E200).
//! A middle port that no feature covers between two covered halves is no seam
//! (a seam is cut at an edge's middle at most): it is a gap in the file's data
//! (two fields meeting with no road between them, `E421`), left uncovered so
//! that the tile does not check.

use super::model::{Feature, Kind, Tile, EDGES};
use tilec_runtime::PORT_NAMES;

/// The ports (our numbering) that some feature covers, with the middle port a
/// field takes between two halves it holds (the tile language's own rule).
fn covered(fs: &[Feature]) -> u16 {
    let mut mask = 0u16;
    for f in fs {
        mask |= f.ports();
        for e in 0..EDGES.len() {
            let both = 0b11u8 << (2 * e);
            if f.kind == Kind::Field && f.halves & both == both {
                mask |= 1 << (3 * e + 1);
            }
        }
    }
    mask
}

/// Whether `tiles` (one set) hold a piece of several squares: two tiles or
/// more with a seam.
pub fn squares(tiles: &[Tile]) -> bool {
    tiles
        .iter()
        .filter(|t| !words(&t.features).is_empty())
        .count()
        >= 2
}

/// The seam's port words as the tile language reads them back (a whole edge
/// `E`, else its seam halves: the middle beside a seam half is implied), or
/// nothing when every port is covered.
pub fn words(fs: &[Feature]) -> Vec<&'static str> {
    let free = !covered(fs) & 0xFFF;
    let mut out = Vec::new();
    for (e, edge) in EDGES.iter().enumerate() {
        let (left, right) = (free & 1 << (3 * e) != 0, free & 1 << (3 * e + 2) != 0);
        match (left, right) {
            (true, true) if free & 1 << (3 * e + 1) != 0 => out.push(*edge),
            _ => {
                out.extend(left.then_some(PORT_NAMES[3 * e]));
                out.extend(right.then_some(PORT_NAMES[3 * e + 2]));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::model::HALVES;
    use super::*;

    fn field(halves: &[&str]) -> Feature {
        let mut f = Feature::new(Kind::Field);
        for h in halves {
            f.halves |= 1 << HALVES.iter().position(|x| x == h).expect("a half");
        }
        f
    }

    #[test]
    fn uncovered_ports_round_a_corner_are_a_seam() {
        // A corner square: a field along the north and the west, the rest inner.
        let fs = [field(&["WL", "WR", "NL", "NR"])];
        assert_eq!(words(&fs), ["E", "S"]);
        // Part of an edge: the field holds EL, the seam ER (and E beside it).
        let fs = [field(&["WR", "NL", "NR", "EL"]), field(&["WL", "SR"])];
        assert_eq!(words(&fs), ["ER", "SL"]);
    }

    #[test]
    fn a_gap_between_two_fields_is_no_seam() {
        // Two fields meet at S with nothing between them: a defect, not a seam.
        let fs = [
            field(&["NL", "NR", "EL", "ER", "SL"]),
            field(&["SR", "WL", "WR"]),
        ];
        assert!(words(&fs).is_empty());
    }
}
