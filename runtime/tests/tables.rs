//! Cross-check: the generated base and River tables describe the same tiles as the
//! hand-built sets in `testkit` (both transcribed from the tile catalogue,
//! `docs/tiles-provenance.md`), up to segment names and order.

use tilec_runtime::*;

/// A segment: kind, ports, pennants, and the ports of the cities it touches.
type Shape = (SegmentKind, PortMask, u8, Vec<PortMask>);

/// A tile's layout with names and segment order erased.
fn canonical(t: &TileKind) -> (u8, [Edge; 4], u8, Vec<Shape>) {
    let mut segs: Vec<_> = t
        .segments
        .iter()
        .map(|s| {
            let mut cities: Vec<PortMask> = (0..32)
                .filter(|b| s.cities & (1 << b) != 0)
                .map(|b| t.segments[b].ports)
                .collect();
            cities.sort();
            (s.kind, s.ports, s.pennants, cities)
        })
        .collect();
    segs.sort();
    (t.count, t.edges[0], t.symmetry, segs)
}

fn compare(hand: &TileSet) {
    let Some(shipped) = tables::SETS.iter().find(|s| s.id == hand.id) else {
        panic!("set {} is not shipped", hand.id);
    };
    assert_eq!(shipped.total(), hand.total(), "{}: total", hand.id);
    for kind in hand.tiles.iter() {
        let Some(generated) = shipped.tile(&kind.id) else {
            panic!("{} missing", kind.id)
        };
        assert_eq!(canonical(generated), canonical(kind), "{}", kind.id);
        for r in 0..4 {
            assert_eq!(
                generated.edges[r], kind.edges[r],
                "{} edges at {r}",
                kind.id
            );
        }
    }
}

#[test]
fn generated_base_matches_the_hand_built_set() {
    compare(&testkit::base_set());
}

#[test]
fn generated_river_matches_the_hand_built_set() {
    compare(&testkit::river_set());
}
