//! Where a figure stands, both ways: JCloisterZone's feature pointer (a
//! feature type and a `Location`, as on the board) and a segment of one of our
//! tiles on the board.
//!
//! JCloisterZone names a city, road or river by the edges it reaches (`N`,
//! `SE`, `_W` for every edge but the west, `NWSE`), a field by the half edges it
//! holds (`NL.NR.SL`, the same names and meaning as our ports), and a feature
//! that reaches no edge by `I` (a monastery, a garden, Baba Yaga's hut, an
//! enclosed field; `II` ... for a tile's further enclosed fields). Both engines
//! name ports as they lie on the board, after the tile's rotation, so a port a
//! location names is the port of the same name on our tile there.

use crate::emit::jcz::HALVES;
use tilec_runtime::{Game, Pos, SegmentKind, PORT_NAMES};

/// JCloisterZone's names of edge sets, by mask (bit 0 north, 1 east, 2 south,
/// 3 west): `Location`'s named constants.
const EDGE_SETS: [&str; 16] = [
    "", "N", "E", "NE", "S", "NS", "SE", "_W", "W", "NW", "WE", "_S", "SW", "_E", "_N", "NWSE",
];

/// JCloisterZone's feature type of a segment kind, as a feature pointer names
/// it (`City`, `Road`, ...); `None` for a kind with no place for a figure.
pub fn feature_name(kind: SegmentKind) -> Option<&'static str> {
    Some(match kind {
        SegmentKind::City => "City",
        SegmentKind::Road => "Road",
        SegmentKind::Field => "Field",
        SegmentKind::Monastery => "Monastery",
        SegmentKind::Garden => "Garden",
        SegmentKind::Hut => "YagaHut",
        _ => return None,
    })
}

/// The location JCloisterZone gives a segment of `kind` holding board ports
/// `ports`: its edges for a city, road or river, its half edges for a field,
/// `I` for one that reaches no edge.
pub fn location_of(kind: SegmentKind, ports: u16) -> String {
    let has = |p: usize| ports & (1 << p) != 0;
    match kind {
        SegmentKind::City | SegmentKind::Road | SegmentKind::River if ports != 0 => {
            let mask = (0..4).filter(|e| has(3 * e + 1)).fold(0, |m, e| m | 1 << e);
            EDGE_SETS[mask].to_string()
        }
        SegmentKind::Field if ports != 0 => {
            let halves: Vec<&str> = HALVES
                .iter()
                .filter(|(_, p)| has(usize::from(*p)))
                .map(|(n, _)| *n)
                .collect();
            halves.join(".")
        }
        _ => "I".to_string(),
    }
}

/// The board ports of segment `segment` of the tile at `pos`.
pub fn board_ports(game: &Game, pos: Pos, segment: u8) -> u16 {
    (0..12)
        .filter(|&p| game.segment_at_port(pos, p) == Some(segment))
        .fold(0, |m, p| m | 1 << p)
}

/// The name a record gives segment `segment` of the tile at `pos`, as tilec
/// writes records (`tilec simulate --records`): the first edge middle it
/// holds (`N`, `E`, `S`, `W`), else its first port, else its kind.
pub fn canonical_name(game: &Game, pos: Pos, segment: u8) -> String {
    let ports = board_ports(game, pos, segment);
    let port = [1, 4, 7, 10]
        .into_iter()
        .chain(0..12)
        .find(|p| ports & (1 << p) != 0);
    match port {
        Some(p) => PORT_NAMES[p].to_string(),
        None => game
            .tile_at(pos)
            .and_then(|t| {
                game.catalog()
                    .kind(t.kind)
                    .segments
                    .get(usize::from(segment))
            })
            .map_or("?", |s| s.kind.name())
            .to_string(),
    }
}

/// How a game record names the segment at a JCloisterZone location (`on`):
/// a port the location holds (the middle of its first edge, or its first half
/// edge), or for `I` the kind of the feature type (`monastery`, `garden`,
/// `hut`, `field`). `None` when the location or the type is none of these.
pub fn record_name(feature: &str, location: &str) -> Option<String> {
    if location == "I" {
        let kind = match feature {
            "Monastery" => "monastery",
            "Garden" => "garden",
            "YagaHut" => "hut",
            "Field" => "field",
            _ => return None,
        };
        return Some(kind.to_string());
    }
    if let Some(mask) = EDGE_SETS.iter().position(|&n| n == location) {
        let edge = (0..4).find(|e| mask & (1 << e) != 0)?;
        return Some(PORT_NAMES[3 * edge + 1].to_string());
    }
    let first = location.split('.').next()?;
    let all_halves = location
        .split('.')
        .all(|h| HALVES.iter().any(|(n, _)| *n == h));
    HALVES
        .iter()
        .find(|(n, _)| *n == first && all_halves)
        .map(|(n, _)| n.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_name_edges_halves_or_the_inside() {
        // A city over N and E holds NL N NR EL E ER.
        assert_eq!(location_of(SegmentKind::City, 0b111_111), "NE");
        assert_eq!(location_of(SegmentKind::Road, 1 << 1 | 1 << 7), "NS");
        assert_eq!(location_of(SegmentKind::City, 0b1111_1111_1111), "NWSE");
        assert_eq!(location_of(SegmentKind::City, 0b111_111_111 << 3), "_N");
        // A field holding SL S SR WL W WR: its half edges only.
        assert_eq!(
            location_of(SegmentKind::Field, 0b111_111 << 6),
            "SL.SR.WL.WR"
        );
        assert_eq!(location_of(SegmentKind::Monastery, 0), "I");
    }

    #[test]
    fn a_location_names_a_port_of_its_feature_or_its_kind() {
        assert_eq!(record_name("City", "SE").as_deref(), Some("E"));
        assert_eq!(record_name("Road", "_N").as_deref(), Some("E"));
        assert_eq!(record_name("Field", "EL.SR").as_deref(), Some("EL"));
        assert_eq!(record_name("Monastery", "I").as_deref(), Some("monastery"));
        assert_eq!(record_name("Field", "II"), None);
        assert_eq!(record_name("Road", "NX"), None);
        assert_eq!(record_name("Field", "NL.ZZ"), None);
    }
}
