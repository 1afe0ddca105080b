//! JCloisterZone locations (the words inside `<city>N E</city>`) as this
//! project's edges and ports.
//!
//! # Half edges: JCloisterZone's L/R is ours
//!
//! JCloisterZone names the eight field half edges `NL NR EL ER SL SR WL WR`. Its
//! `Location` class numbers them clockwise from the north-west corner (bit 0 `NL`
//! at the top left, bit 1 `NR` top right, bit 2 `EL` upper east, 3 `ER`, 4 `SL`
//! bottom right, 5 `SR` bottom left, 6 `WL` lower west, 7 `WR` upper west), and
//! its corner helper pairs `WR`+`NL` as the north-west corner, `NR`+`EL` the
//! north-east, `ER`+`SL` the south-east and `SR`+`WL` the south-west. That is
//! exactly this language's convention (left and right seen from the tile centre
//! looking out: `NL` the west half of north, `EL` the north half of east, `SL`
//! the east half of south, `WL` the south half of west).
//!
//! The tile data agrees: the base game's curve (`<road>W S</road>`) has its small
//! corner field as `SR WL`, and the city cap with a straight road (`<city>N</city>`,
//! `<road>W E</road>`) has the strip between road and city as `EL WR`, touching the
//! city. So the mapping is the identity: `NL`→`NL`, `NR`→`NR`, ..., `WR`→`WR`.

use crate::import::jcz::model::{EDGES, HALVES};

/// What a feature element's text may name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// Whole edges (cities, roads, rivers): `N E S W`.
    Edges,
    /// Half edges and inner-field markers (fields).
    Halves,
}

impl Expect {
    /// The words for a diagnostic: "`X` is not ...".
    pub fn describe(self) -> &'static str {
        match self {
            Expect::Edges => "an edge (N, E, S or W)",
            Expect::Halves => "a half edge (NL NR EL ER SL SR WL WR) or an inner field (I)",
        }
    }
}

/// One word of a location list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loc {
    /// Edge 0..4 (N, E, S, W).
    Edge(u8),
    /// Half edge 0..8 in JCloisterZone's bit order (NL, NR, EL, ER, SL, SR, WL, WR).
    Half(u8),
    /// An inner field (`I`, `INNER_FARM`, `INNER_FARM_B`), touching no edge.
    Inner,
}

/// The names of a tile's enclosed fields: JCloisterZone numbers them I, II, ...
/// (its own files go up to II); the exporter writes them in this order.
const INNER: [&str; 8] = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII"];

/// The name of a tile's `n`th enclosed field (from 1): `I`, `II`, ... `VIII`,
/// then `VIII` again (read back the same: every name is an enclosed field).
pub fn inner_field(n: usize) -> &'static str {
    INNER[n.clamp(1, INNER.len()) - 1]
}

/// Reads one word (`N`, `NL`, `INNER_FARM`); JCloisterZone also joins words with
/// `.`, so `N.E` is read by [`words`] as two words.
pub fn word(w: &str, expect: Expect) -> Option<Loc> {
    match expect {
        Expect::Edges => EDGES
            .iter()
            .position(|&e| e == w)
            .map(|i| Loc::Edge(i as u8)),
        Expect::Halves => match w {
            "INNER_FARM" | "INNER_FARM_B" => Some(Loc::Inner),
            w if INNER.contains(&w) => Some(Loc::Inner),
            _ => HALVES
                .iter()
                .position(|&h| h == w)
                .map(|i| Loc::Half(i as u8)),
        },
    }
}

/// The words of a location list with their byte offsets in `text`.
pub fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let base = text.as_ptr() as usize;
    text.split(|c: char| c.is_whitespace() || c == '.')
        .filter(|w| !w.is_empty())
        .map(move |w| (w.as_ptr() as usize - base, w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_edges_map_to_the_same_named_ports() {
        // JCloisterZone's half edge i is our port 3 * (i / 2) + 2 * (i % 2): clockwise
        // from the north-west corner, skipping the middle ports 1, 4, 7, 10.
        for (i, name) in HALVES.iter().enumerate() {
            let port = (3 * (i / 2) + 2 * (i % 2)) as u8;
            let ours = crate::vocab::port(name);
            assert_eq!(ours, Some(crate::vocab::PortWord::Port(port)), "{name}");
        }
    }

    #[test]
    fn words_split_on_spaces_and_dots() {
        let got: Vec<_> = words(" N.E  WL\n").collect();
        assert_eq!(got, vec![(1, "N"), (3, "E"), (6, "WL")]);
        assert_eq!(word("I", Expect::Halves), Some(Loc::Inner));
        assert_eq!(word("II", Expect::Halves), Some(Loc::Inner));
        assert_eq!(word("IV", Expect::Halves), Some(Loc::Inner));
        assert_eq!(word("IX", Expect::Halves), None);
        assert_eq!(inner_field(2), "II");
        assert_eq!(inner_field(9), "VIII");
        assert_eq!(word("N", Expect::Halves), None);
        assert_eq!(word("NL", Expect::Edges), None);
        assert_eq!(word("W", Expect::Edges), Some(Loc::Edge(3)));
    }
}
