//! The cities a field touches, as JCloisterZone lists them (`city="N"`) and as
//! the tile's geometry derives them.
//!
//! The tile language derives that a field touches every city one of whose
//! ports lies beside one of the field's (`WR` beside `NL`). JCloisterZone's list
//! may leave such a city out: the field is drawn meeting it at a corner, and
//! its farmers do not score it. A `->` list that omits a derived city is
//! refused (`E203`); the tile language's words for JCloisterZone's statement are
//! `not-touching=CITY`, which takes a derived city out, and which the exporter
//! writes back as the city list JCloisterZone had.

use super::model::{Feature, Kind};

/// The cities of `fs` beside a port of field `fs[i]` that its list leaves out,
/// in the tile's order. Only a field that lists cities is read: one that lists
/// none says nothing of the cities it meets (the importer writes no `->` then).
pub fn unlisted(fs: &[Feature], i: usize) -> Vec<usize> {
    let field = &fs[i];
    if field.kind != Kind::Field || field.cities.is_empty() {
        return Vec::new();
    }
    beside(fs, i)
        .into_iter()
        .filter(|c| !field.cities.contains(c))
        .collect()
}

/// The cities of `fs` one of whose ports lies beside a port of field `fs[i]`,
/// in the tile's order, whatever the field's list says.
pub fn beside(fs: &[Feature], i: usize) -> Vec<usize> {
    let ports = u32::from(fs[i].ports());
    // Each port's neighbours clockwise and anticlockwise, round the 12 ports.
    let beside = ((ports << 1) | (ports >> 11) | (ports >> 1) | (ports << 11)) & 0xfff;
    (0..fs.len())
        .filter(|&c| fs[c].kind == Kind::City)
        .filter(|&c| u32::from(fs[c].ports()) & beside != 0)
        .collect()
}

/// The note on a tile whose field `fs[i]` is written `not-touching=` the
/// cities `out`.
pub fn note(fs: &[Feature], i: usize, out: &[usize]) -> String {
    let names = |ids: &mut dyn Iterator<Item = usize>| {
        ids.map(|c| fs[c].name.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let listed = names(&mut fs[i].cities.iter().copied());
    let left = names(&mut out.iter().copied());
    let words: Vec<String> = out
        .iter()
        .map(|&c| format!("not-touching={}", fs[c].name))
        .collect();
    format!(
        "JCloisterZone lists the cities field {} touches as {listed}; it meets {left} too, port beside port, so it is written {}.",
        fs[i].name,
        words.join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feature(kind: Kind, edges: u8, halves: u8, cities: Vec<usize>) -> Feature {
        Feature {
            edges,
            halves,
            cities,
            ..Feature::new(kind)
        }
    }

    #[test]
    fn a_city_beside_a_port_the_list_leaves_out_is_unlisted() {
        // City N (bit 0), city E S (bits 1, 2), field WL WR (halves 6, 7) -> N.
        let fs = [
            feature(Kind::City, 0b0001, 0, vec![]),
            feature(Kind::City, 0b0110, 0, vec![]),
            feature(Kind::Field, 0, 0b1100_0000, vec![0]),
        ];
        assert_eq!(unlisted(&fs, 2), [1]);
        let listed = feature(Kind::Field, 0, 0b1100_0000, vec![0, 1]);
        let fs2 = [fs[0].clone(), fs[1].clone(), listed];
        assert!(unlisted(&fs2, 2).is_empty());
        // A field that lists no city says nothing.
        let silent = feature(Kind::Field, 0, 0b1100_0000, vec![]);
        assert!(unlisted(&[fs[0].clone(), fs[1].clone(), silent], 2).is_empty());
    }

    #[test]
    fn a_city_across_the_tile_is_not_beside() {
        // City N, field SL SR -> N: the field's ports are nowhere near the city.
        let fs = [
            feature(Kind::City, 0b0001, 0, vec![]),
            feature(Kind::City, 0b0001 << 1, 0, vec![]),
            feature(Kind::Field, 0, 0b0011_0000, vec![0]),
        ];
        // SL (port 6) is beside ER (port 5) of the east city.
        assert_eq!(unlisted(&fs, 2), [1]);
        let fs = [
            feature(Kind::City, 0b0001, 0, vec![]),
            feature(Kind::Field, 0, 0b0011_0000, vec![0]),
        ];
        assert!(unlisted(&fs, 1).is_empty());
    }
}
