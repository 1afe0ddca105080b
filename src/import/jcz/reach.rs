//! Cities that reach the middle of an edge without holding it
//! (`reaches=` in the tile language).
//!
//! JCloisterZone's `HS/C!.v` (Hills & Sheep) gives its city the north edge
//! only (`<city castle-base="false">N</city>`), one field `WR WL SR` and the
//! other `EL ER SL`: the two fields meet at the middle of the south edge with
//! no road or river there, and each touches the city. Its drawing (the
//! classic artwork's `shapes.xml`) runs the city from the north edge down to
//! the middle of the south edge, parting the fields there, while the south
//! edge stays a field edge (the city is no edge there), and JCloisterZone
//! joins fields by half edges only: two such tiles placed south to south
//! keep their fields apart. So where two fields part at an edge's middle
//! with nothing between them, a city both touch reaches that middle. With no
//! such city the gap stays a defect (`defects.rs`, `E421`).

use super::model::{Feature, Kind, EDGES};

/// Gives each edge where two fields part with nothing between them to a city
/// both fields touch (the first of several); returns a note for each.
pub fn infer(fs: &mut [Feature]) -> Vec<String> {
    let mut notes = Vec::new();
    for (e, edge) in EDGES.iter().enumerate() {
        let held = fs.iter().any(|f| {
            matches!(f.kind, Kind::City | Kind::Road | Kind::River) && f.edges & (1 << e) != 0
        });
        let half = |h: usize| {
            fs.iter()
                .position(|f| f.kind == Kind::Field && f.halves & (1 << h) != 0)
        };
        let (Some(a), Some(b)) = (half(2 * e), half(2 * e + 1)) else {
            continue;
        };
        let common = fs[a].cities.iter().find(|c| fs[b].cities.contains(c));
        let Some(&c) = common.filter(|_| !held && a != b) else {
            continue;
        };
        fs[c].reaches |= 1 << e;
        notes.push(format!(
            "The fields {} and {} meet at the middle of edge {} with no road or river between \
             them, and both touch city {}: read as the city running to that middle \
             (`reaches={}`), as JCloisterZone draws it; the edge stays a field edge, its \
             fields apart.",
            fs[a].name, fs[b].name, edge, fs[c].name, edge
        ));
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::super::model::HALVES;
    use super::*;

    fn feature(kind: Kind, edges: u8, halves: &[&str], cities: &[usize]) -> Feature {
        let mut f = Feature::new(kind);
        f.edges = edges;
        for h in halves {
            f.halves |= 1 << HALVES.iter().position(|x| x == h).expect("a half");
        }
        f.cities = cities.to_vec();
        f
    }

    #[test]
    fn a_city_both_parted_fields_touch_reaches_the_middle() {
        // HS/C!.v: a city on N, fields WR WL SR and EL ER SL, both touching it.
        let mut fs = vec![
            feature(Kind::City, 0b0001, &[], &[]),
            feature(Kind::Field, 0, &["WR", "WL", "SR"], &[0]),
            feature(Kind::Field, 0, &["EL", "ER", "SL"], &[0]),
        ];
        assert_eq!(infer(&mut fs).len(), 1);
        assert_eq!(fs[0].reaches, 0b0100);
        // Without a city both touch, the gap stays (a defect).
        fs[0].reaches = 0;
        fs[2].cities.clear();
        assert!(infer(&mut fs).is_empty());
        assert_eq!(fs[0].reaches, 0);
    }
}
