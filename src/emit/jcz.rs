//! `emit`: Model → JCloisterZone tile XML (`tilec export --format jcz`), the
//! newer layout that `import::jcz` reads: a `<defs>` with every tile in
//! `<tiles>` and one `<tile-set>` per set in `<sets>`, counting its tiles with
//! `<ref count="N" tile="ID"/>`.
//!
//! What is written comes from two tables, one row per segment kind
//! ([`FEATURES`]) and one per mark ([`MARKS`]); a kind without a row is not
//! written and is reported as lost, so a new kind of the vocabulary is one row
//! here. Places are JCloisterZone's: edges `N E S W` for cities, roads and
//! rivers, half edges `NL` ... `WR` for fields (the same names as ours, see
//! `import/jcz/location.rs`), `I` for an enclosed field. A field names the
//! cities it touches by one edge of each (`city="N S"`). Where roads end is a
//! wagon-move label shared by the road and what it reaches (`wagon-move="a"`);
//! a river's spring and lake are the tile's `group`.
//!
//! What JCloisterZone's tile XML cannot say is left out and listed in
//! [`Export::lost`], per tile: arrows, illustrations, the start tile (the
//! engine chooses it by its own rules), villages and river banks (read back as
//! junctions), town halls (whole tiles, not written). The same model always
//! gives the same bytes.

use crate::graph::bits;
use crate::model::{Set, Tile};
use std::fmt::Write;
use tilec_runtime::{EndKind, MarkKind, SegmentKind, EDGE_NAMES, NO_SEGMENT};

/// How a feature's places are written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Places {
    /// Whole edges in the element's text (`<city>N E</city>`).
    Edges,
    /// Half edges, or `I` when it touches none (`<field>NL NR</field>`).
    Halves,
    /// No text (`<monastery/>`).
    None,
}

/// One row: a segment kind and the element that writes it.
struct FeatureRow {
    kind: SegmentKind,
    element: &'static str,
    places: Places,
}

/// Every segment kind JCloisterZone's XML has an element for.
const FEATURES: &[FeatureRow] = &[
    FeatureRow {
        kind: SegmentKind::Monastery,
        element: "monastery",
        places: Places::None,
    },
    FeatureRow {
        kind: SegmentKind::Garden,
        element: "garden",
        places: Places::None,
    },
    FeatureRow {
        kind: SegmentKind::Hut,
        element: "yaga-hut",
        places: Places::None,
    },
    FeatureRow {
        kind: SegmentKind::City,
        element: "city",
        places: Places::Edges,
    },
    FeatureRow {
        kind: SegmentKind::Road,
        element: "road",
        places: Places::Edges,
    },
    FeatureRow {
        kind: SegmentKind::River,
        element: "river",
        places: Places::Edges,
    },
    FeatureRow {
        kind: SegmentKind::Field,
        element: "field",
        places: Places::Halves,
    },
];

/// One row: a mark and its element (`None`: JCloisterZone has none, and why).
struct MarkRow {
    kind: MarkKind,
    element: Result<&'static str, &'static str>,
}

/// Every mark, with its element or the reason it is lost.
const MARKS: &[MarkRow] = &[
    MarkRow {
        kind: MarkKind::Festival,
        element: Ok("festival"),
    },
    MarkRow {
        kind: MarkKind::TrapLake,
        element: Ok("vodyanoy"),
    },
    MarkRow {
        kind: MarkKind::Tree,
        element: Ok("razboynik"),
    },
    MarkRow {
        kind: MarkKind::TownHall,
        element: Err("the town hall"),
    },
];

/// Half-edge names and our port of each, in JCloisterZone's bit order.
pub(crate) const HALVES: [(&str, u8); 8] = [
    ("NL", 0),
    ("NR", 2),
    ("EL", 3),
    ("ER", 5),
    ("SL", 6),
    ("SR", 8),
    ("WL", 9),
    ("WR", 11),
];

/// The XML, and what it could not say.
#[derive(Debug)]
pub struct Export {
    /// The document, ending in a newline.
    pub xml: String,
    /// Per tile id, what was left out (tiles without losses are not listed).
    pub lost: Vec<(String, Vec<String>)>,
}

/// The JCloisterZone XML of `sets`.
pub fn export(sets: &[&Set]) -> Export {
    let mut lost = Vec::new();
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<defs>\n  <tiles>\n");
    for set in sets {
        for tile in &set.tiles {
            let mut gone = Vec::new();
            if tile.is_wildcard() {
                gone.push(
                    "the whole tile: JCloisterZone has no tile without features (a town hall)"
                        .into(),
                );
            } else {
                write_tile(&mut xml, set, tile, &mut gone);
            }
            if !gone.is_empty() {
                lost.push((tile.id.clone(), gone));
            }
        }
    }
    xml.push_str("  </tiles>\n  <sets>\n");
    for set in sets {
        let _ = writeln!(xml, "    <tile-set id=\"{}\">", escape(&set.id));
        for tile in set.tiles.iter().filter(|t| !t.is_wildcard()) {
            let (n, id) = (tile.count, escape(&tile.id));
            let _ = writeln!(xml, "      <ref count=\"{n}\" tile=\"{id}\" />");
        }
        xml.push_str("    </tile-set>\n");
    }
    xml.push_str("  </sets>\n</defs>\n");
    Export { xml, lost }
}

fn write_tile(xml: &mut String, set: &Set, tile: &Tile, lost: &mut Vec<String>) {
    let _ = write!(xml, "    <tile id=\"{}\"", escape(&tile.id));
    if let Some(group) = river_group(set, tile) {
        let _ = write!(xml, " group=\"{group}\"");
    }
    xml.push_str(">\n");
    write_marks(xml, tile, lost);
    let labels = labels(tile, lost);
    let mut inner = 0;
    for (i, seg) in tile.segments.iter().enumerate() {
        let Some(row) = FEATURES.iter().find(|r| r.kind == seg.kind) else {
            lost.push(format!("{} `{}`", seg.kind.name(), seg.name));
            continue;
        };
        let _ = write!(xml, "      <{}", row.element);
        if !labels[i].is_empty() {
            let _ = write!(xml, " wagon-move=\"{}\"", labels[i].join(" "));
        }
        if seg.pennants > 0 {
            let _ = write!(xml, " pennants=\"{}\"", seg.pennants);
        }
        let cities: Vec<&str> = bits(seg.cities)
            .filter_map(|c| first_edge(tile.segments[c].ports))
            .collect();
        if !cities.is_empty() {
            let _ = write!(xml, " city=\"{}\"", cities.join(" "));
        }
        // A road crossing a river is JCloisterZone's implicit bridge; any other is not.
        let river = |b: usize| tile.segments[b].kind == SegmentKind::River;
        let implicit = seg.kind == SegmentKind::River || bits(seg.bridges).all(river);
        if !implicit {
            lost.push(format!("the bridge of `{}` over a road", seg.name));
        }
        match places(row.places, seg.ports).map(|t| inner_name(t, &mut inner)) {
            Some(text) => {
                let _ = writeln!(xml, ">{text}</{}>", row.element);
            }
            None => xml.push_str(" />\n"),
        }
    }
    if tile.arrow.is_some() {
        lost.push("the arrow".into());
    }
    if !tile.copies.is_empty() {
        lost.push("the illustrations".into());
    }
    if tile.start {
        lost.push("the start (JCloisterZone chooses its start tile itself)".into());
    }
    xml.push_str("    </tile>\n");
}

/// `river-spring` / `river-lake` for a river's ends, `river` for the rest of a river set.
fn river_group(set: &Set, tile: &Tile) -> Option<&'static str> {
    let has = |k: EndKind| tile.ends.iter().any(|e| e.end.kind == k);
    if has(EndKind::Spring) {
        Some("river-spring")
    } else if has(EndKind::Lake) {
        Some("river-lake")
    } else {
        set.river.then_some("river")
    }
}

fn write_marks(xml: &mut String, tile: &Tile, lost: &mut Vec<String>) {
    let roads = tile
        .segments
        .iter()
        .filter(|s| s.kind == SegmentKind::Road)
        .count();
    for mark in &tile.marks {
        let row = MARKS.iter().find(|r| r.kind == mark.kind);
        match row.map(|r| r.element) {
            // JCloisterZone puts Solovei's tree on a tile's one road.
            Some(Ok("razboynik")) if roads != 1 || mark.segment == NO_SEGMENT => {
                lost.push("Solovei's tree (JCloisterZone's stands on a tile with one road)".into());
            }
            Some(Ok(element)) => {
                let _ = writeln!(xml, "      <{element} />");
            }
            Some(Err(what)) => lost.push(what.into()),
            None => lost.push(format!("the {} mark", mark.kind.name())),
        }
    }
}

/// The wagon-move labels of each segment: one label per end point of roads,
/// shared with what it reaches. Ends at a monastery or city gate get a label
/// per road (JCloisterZone's roads meet only at a junction).
fn labels(tile: &Tile, lost: &mut Vec<String>) -> Vec<Vec<String>> {
    let mut out = vec![Vec::new(); tile.segments.len()];
    let mut groups: Vec<u32> = Vec::new();
    for e in tile.ends.iter().map(|e| &e.end) {
        match e.kind {
            EndKind::Spring | EndKind::Lake => {}
            EndKind::Segment => {
                groups.extend(bits(e.segments).map(|s| (1 << s) | e.touches));
            }
            EndKind::Junction | EndKind::Stone => groups.push(e.segments | e.touches),
            EndKind::Village | EndKind::Bank => {
                lost.push(format!("the {} (read back as a junction)", e.kind.name()));
                groups.push(e.segments | e.touches);
            }
        }
        if e.kind == EndKind::Junction && e.segments.count_ones() == 1 && e.touches != 0 {
            lost.push("a one-road junction at a feature (read back as ending at it)".into());
        }
    }
    for (n, group) in groups.into_iter().enumerate() {
        for s in bits(group) {
            out[s].push(label(n));
        }
    }
    out
}

/// `a` ... `z`, then `a27`, `a28`, ...
fn label(n: usize) -> String {
    match u8::try_from(n) {
        Ok(k) if k < 26 => char::from(b'a' + k).to_string(),
        _ => format!("a{}", n + 1),
    }
}

/// The text of a feature element, or `None` for an element without text.
fn places(places: Places, ports: u16) -> Option<String> {
    let words: Vec<&str> = match places {
        Places::None => return None,
        Places::Edges => edges(ports).collect(),
        Places::Halves => HALVES
            .iter()
            .filter(|(_, p)| ports & (1 << p) != 0)
            .map(|(name, _)| *name)
            .collect(),
    };
    Some(match words.is_empty() {
        true => "I".into(),
        false => words.join(" "),
    })
}

/// JCloisterZone's names of a tile's enclosed fields, in order: one place
/// holds one feature, so a second `I` would replace the first.
pub(crate) const INNER: [&str; 4] = ["I", "II", "III", "IV"];

/// `text`, with the `I` of an enclosed field made the tile's next inner name.
fn inner_name(text: String, inner: &mut usize) -> String {
    if text != "I" {
        return text;
    }
    *inner += 1;
    INNER.get(*inner - 1).map_or(text, |n| n.to_string())
}

/// The edges whose middle port is in `ports`, N E S W.
fn edges(ports: u16) -> impl Iterator<Item = &'static str> {
    (0..4)
        .filter(move |e| ports & (1 << (3 * e + 1)) != 0)
        .map(|e| EDGE_NAMES[e])
}

fn first_edge(ports: u16) -> Option<&'static str> {
    edges(ports).next()
}

/// Text safe inside an attribute value.
fn escape(text: &str) -> String {
    let mut s = String::new();
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            c => s.push(c),
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_run_a_to_z_then_carry_a_number() {
        assert_eq!(label(0), "a");
        assert_eq!(label(25), "z");
        assert_eq!(label(26), "a27");
    }

    #[test]
    fn places_name_edges_halves_or_the_inner_field() {
        // A city on N owns NL N NR; a road on S owns S.
        assert_eq!(
            places(Places::Edges, 0b111 | 1 << 7).as_deref(),
            Some("N S")
        );
        assert_eq!(
            places(Places::Halves, 1 | 1 << 11).as_deref(),
            Some("NL WR")
        );
        assert_eq!(places(Places::Halves, 0).as_deref(), Some("I"));
        assert_eq!(places(Places::None, 0), None);
        let mut inner = 0;
        let names: Vec<String> = ["I", "NL", "I"]
            .map(|t| inner_name(t.into(), &mut inner))
            .into();
        assert_eq!(names, ["I", "NL", "II"]);
        assert_eq!(escape("a\"<&>"), "a&quot;&lt;&amp;&gt;");
    }
}
