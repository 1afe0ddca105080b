//! `emit`: Model → JCloisterZone tile XML (`tilec export --format jcz`), the
//! newer layout that `import::jcz` reads: a `<defs>` with every tile in
//! `<tiles>` and one `<tile-set>` per set in `<sets>`, counting its tiles with
//! `<ref count="N" tile="ID"/>`.
//!
//! What is written comes from two tables: one row per segment kind here
//! ([`FEATURES`]), and for marks the JCloisterZone column of the vocabulary's
//! own table ([`vocab::MARKS`], the one `import::jcz` reads with), so a new mark
//! is one row there. A kind without a way to be written is reported as lost.
//! Places are JCloisterZone's: edges `N E S W` for cities, roads and rivers,
//! half edges `NL` ... `WR` for fields (the same names as ours, see
//! `import/jcz/location.rs`), `I`, `II`, ... for enclosed fields. A field names
//! the cities it touches by one edge of each (`city="N S"`). Where roads end is
//! a wagon-move label shared by the road and what it reaches
//! (`wagon-move="a"`); a river's spring and lake are the tile's `group`, and a
//! river ending at a city on a plain `river` tile ends there implicitly. Bridges
//! and tunnels are JCloisterZone's implicit ones: features whose edges
//! interleave cross (a road a river, a road or a city, a city a city, a river
//! a city with the fields of its banks), and a road in a tunnel under a city or
//! a field is `tunnel="true"`. Of two crossing roads or cities the one beneath
//! is written first: `import-jcz` reads the later as the one on top.
//!
//! A set's `removes` (in `sets.toml`) are its tile-set's `<remove tile="..."/>`,
//! and its `max-copies` the tile-set's `max`.
//!
//! What JCloisterZone's tile XML cannot say is left out and listed in
//! [`Export::lost`], per tile (or per set, for a removal of a tile not exported): arrows, illustrations, the start tile (the
//! engine chooses it by its own rules), villages and river banks (read back as
//! junctions), marks whose vocabulary row says [`Jcz::Unsaid`] (the town hall:
//! whole tiles, not written). A seam is written JCloisterZone's way, as ports
//! no feature covers (`import::jcz` reads them back as a seam). The same model
//! always gives the same bytes.

use super::xml::escape;
use crate::graph::bits;
use crate::model::{Set, Tile};
use crate::vocab::{self, Attach, Jcz, JczValue};
use std::fmt::Write;
use tilec_runtime::{
    EndKind, Mark, MarkKind, RoadEnd, SegmentKind, SegmentMask, EDGE_NAMES, NO_SEGMENT,
};

/// How a feature's places are written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Places {
    /// Whole edges in the element's text (`<city>N E</city>`).
    Edges,
    /// Half edges, or `I` when it touches none (`<field>NL NR</field>`).
    Halves,
    /// No text (`<monastery/>`).
    None,
    /// No element at all: the ports are covered by no feature, as
    /// JCloisterZone writes the inner sides of the Count of Carcassonne's city.
    Uncovered,
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
    FeatureRow {
        kind: SegmentKind::Seam,
        element: "",
        places: Places::Uncovered,
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
    /// Per tile id (or set id), what was left out (those without losses are not listed).
    pub lost: Vec<(String, Vec<String>)>,
}

/// The JCloisterZone XML of `sets`, none of which requires another.
pub fn export(sets: &[&Set]) -> Export {
    export_requiring(sets, &[])
}

/// The JCloisterZone XML of `sets`; each tile-set names the sets its set
/// `requires` (`<requires expansion="RIVER"/>`), but the base game, which
/// JCloisterZone's files (and `import-jcz`) take as given.
pub fn export_requiring(sets: &[&Set], requires: &[(String, Vec<String>)]) -> Export {
    write(sets, requires, &[])
}

/// Tiles of JCloisterZone's own files that a tile-set counts once (`refs`) or
/// removes (`removes`); they are not written, only named.
#[derive(Clone, Debug, Default)]
pub struct Foreign {
    /// Tiles counted once each.
    pub refs: Vec<&'static str>,
    /// Tiles removed from a game that plays the set.
    pub removes: Vec<&'static str>,
}

/// The XML of `sets`, the tile-set of `sets[i]` also counting and removing
/// `foreign[i]` (JCloisterZone's start tiles, the River a river set stands in for).
pub fn export_with(sets: &[&Set], foreign: &[Foreign]) -> Export {
    write(sets, &[], foreign)
}

fn write(sets: &[&Set], requires: &[(String, Vec<String>)], foreign: &[Foreign]) -> Export {
    let mut lost = Vec::new();
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<defs>\n  <tiles>\n");
    for set in sets {
        for tile in &set.tiles {
            let mut gone = Vec::new();
            if tile.marks.iter().any(|m| m.kind == MarkKind::Abbey) {
                gone.push(
                    "the abbey: JCloisterZone makes its own `AM/A` for each player (its `abbey` \
                     element, which the add-on switches on)"
                        .into(),
                );
            } else if tile.is_wildcard() {
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
    let none = Foreign::default();
    for (i, set) in sets.iter().enumerate() {
        let foreign = foreign.get(i).unwrap_or(&none);
        write_tile_set(&mut xml, (set, sets), requires, foreign, &mut lost);
    }
    xml.push_str("  </sets>\n</defs>\n");
    Export { xml, lost }
}

/// One `<tile-set>`: its removals, requirements and counts.
fn write_tile_set(
    xml: &mut String,
    (set, sets): (&Set, &[&Set]),
    requires: &[(String, Vec<String>)],
    foreign: &Foreign,
    lost: &mut Vec<(String, Vec<String>)>,
) {
    let _ = write!(xml, "    <tile-set id=\"{}\"", escape(&set.id));
    if let Some(n) = set.relations.max_copies {
        let _ = write!(xml, " max=\"{n}\"");
    }
    xml.push_str(">\n");
    for id in &set.relations.removes {
        // A tile of a set not exported is nothing JCloisterZone could remove.
        match sets.iter().flat_map(|s| &s.tiles).any(|t| &t.id == id) {
            true => {
                let _ = writeln!(xml, "      <remove tile=\"{}\" />", escape(id));
            }
            false => lost.push((
                set.id.clone(),
                vec![format!("the removal of `{id}` (its set is not exported)")],
            )),
        }
    }
    for id in &foreign.removes {
        let _ = writeln!(xml, "      <remove tile=\"{}\" />", escape(id));
    }
    let required = requires.iter().filter(|(id, _)| *id == set.id);
    for r in required.flat_map(|(_, r)| r).filter(|r| *r != "base") {
        let _ = writeln!(xml, "      <requires expansion=\"{}\" />", expansion(r));
    }
    for id in &foreign.refs {
        let _ = writeln!(xml, "      <ref count=\"1\" tile=\"{}\" />", escape(id));
    }
    for tile in set.tiles.iter().filter(|t| !t.is_wildcard() && t.count > 0) {
        let (n, id) = (tile.count, escape(&tile.id));
        let _ = writeln!(xml, "      <ref count=\"{n}\" tile=\"{id}\" />");
    }
    xml.push_str("    </tile-set>\n");
}

/// JCloisterZone's name of the expansion a set id stands for (`river` is
/// `RIVER`, `promos` `RUSSIAN_PROMOS`), as `import-jcz` reads it back.
fn expansion(set: &str) -> String {
    match set {
        "base" => "BASIC".into(),
        "promos" => "RUSSIAN_PROMOS".into(),
        id => escape(&id.to_ascii_uppercase().replace('-', "_")),
    }
}

fn write_tile(xml: &mut String, set: &Set, tile: &Tile, lost: &mut Vec<String>) {
    let marks = Marks::of(tile, lost);
    let _ = write!(xml, "    <tile id=\"{}\"", escape(&tile.id));
    if let Some(group) = river_group(set, tile) {
        let _ = write!(xml, " group=\"{group}\"");
    }
    xml.push_str(&marks.tile);
    xml.push_str(">\n");
    xml.push_str(&marks.elements);
    let labels = labels(tile, lost);
    let mut inner = 0;
    for i in written_order(tile) {
        let seg = &tile.segments[i];
        let Some(row) = FEATURES.iter().find(|r| r.kind == seg.kind) else {
            lost.push(format!("{} `{}`", seg.kind.name(), seg.name));
            continue;
        };
        if row.places == Places::Uncovered {
            continue;
        }
        let _ = write!(xml, "      <{}", row.element);
        if !labels[i].is_empty() {
            let _ = write!(xml, " wagon-move=\"{}\"", labels[i].join(" "));
        }
        if seg.pennants > 0 {
            let _ = write!(xml, " pennants=\"{}\"", seg.pennants);
        }
        if writes_tunnel(tile, i) {
            xml.push_str(" tunnel=\"true\"");
        }
        xml.push_str(&marks.features[i]);
        let cities: Vec<&str> = bits(seg.cities)
            .filter_map(|c| first_edge(tile.segments[c].edge_ports()))
            .collect();
        if !cities.is_empty() {
            let _ = write!(xml, " city=\"{}\"", cities.join(" "));
        }
        // A middle the city only reaches is no edge of it (JCloisterZone's
        // `HS/C!.v` writes its city `N`, the fields `SL` and `SR` apart).
        match places(row.places, seg.edge_ports(), &mut inner) {
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

/// The order segments are written in: the tile's, but a road or city that
/// passes over another of its kind after that one, as JCloisterZone's files
/// leave it implicit and `import-jcz` reads the later of two crossing roads
/// or cities as the one on top; and a field that names cities after the last
/// of them, as JCloisterZone's `TileBuilder` finds a field's cities among the
/// features already read (it refuses the add-on otherwise: "Unable to match
/// adjoining city").
fn written_order(tile: &Tile) -> Vec<usize> {
    let segs = &tile.segments;
    let n = segs.len();
    let mut depth = vec![0usize; n];
    // A crossing is said one way (E133), so depths settle within n rounds.
    for _ in 0..n {
        for i in 0..n {
            let below = bits(segs[i].over)
                .filter(|&j| j < n && segs[j].kind == segs[i].kind)
                .map(|j| depth[j] + 1)
                .max()
                .unwrap_or(0);
            depth[i] = depth[i].max(below.min(n));
        }
    }
    let mut by_depth: Vec<usize> = (0..n).collect();
    by_depth.sort_by_key(|&i| depth[i]);
    // A field waits until the cities it names are written.
    let mut order = Vec::with_capacity(n);
    let mut written: SegmentMask = 0;
    let mut waiting: Vec<usize> = Vec::new();
    let ready = |i: usize, written: SegmentMask| segs[i].cities & !written == 0;
    for i in by_depth {
        if !ready(i, written) {
            waiting.push(i);
            continue;
        }
        order.push(i);
        written |= 1 << i;
        while let Some(k) = waiting.iter().position(|&w| ready(w, written)) {
            let w = waiting.remove(k);
            order.push(w);
            written |= 1 << w;
        }
    }
    order.extend(waiting);
    order
}

/// A tile's marks as XML: attributes of `<tile>`, child elements, and
/// attributes of each feature element.
struct Marks {
    tile: String,
    elements: String,
    features: Vec<String>,
}

impl Marks {
    /// Writes every mark of `tile` its vocabulary row's way, or names it in `lost`.
    fn of(tile: &Tile, lost: &mut Vec<String>) -> Marks {
        let mut out = Marks {
            tile: String::new(),
            elements: String::new(),
            features: vec![String::new(); tile.segments.len()],
        };
        for mark in &tile.marks {
            if let Err(why) = out.write(tile, mark) {
                lost.push(why);
            }
        }
        out
    }

    fn write(&mut self, tile: &Tile, mark: &Mark) -> Result<(), String> {
        let row = vocab::mark_row(mark.kind);
        let value = mark.value_text().map(|v| escape(row.jcz_value(&v)));
        let on = (mark.segment != NO_SEGMENT).then_some(usize::from(mark.segment));
        match (row.jcz, on) {
            (Jcz::Unsaid(why), _) => Err(why.into()),
            (Jcz::Element { name, value: attr }, on) => {
                if let (Attach::Segment(kind), Some(s)) = (row.on, on) {
                    let of_kind = tile.segments.iter().filter(|x| x.kind == kind).count();
                    if of_kind != 1 || tile.segments[s].kind != kind {
                        return Err(format!(
                            "{} (JCloisterZone's stands on a tile with one {})",
                            row.what,
                            kind.name()
                        ));
                    }
                }
                let _ = match (attr, value) {
                    (Some(attr), Some(v)) => {
                        writeln!(self.elements, "      <{name} {attr}=\"{v}\" />")
                    }
                    _ => writeln!(self.elements, "      <{name} />"),
                };
                Ok(())
            }
            (Jcz::Feature { name, value: how }, Some(s)) => {
                let text = match (how, value) {
                    (JczValue::True, _) => "true".to_string(),
                    (JczValue::False, _) => "false".to_string(),
                    (JczValue::Text, v) => v.unwrap_or_default(),
                };
                add_attribute(&mut self.features[s], name, &text, row.what)
            }
            (Jcz::Tile { name }, None) => {
                add_attribute(&mut self.tile, name, &value.unwrap_or_default(), row.what)
            }
            (_, _) => Err(format!("{} (not where JCloisterZone has it)", row.what)),
        }
    }
}

/// Adds ` name="text"` to an element's attributes, once: XML has no second one.
fn add_attribute(attrs: &mut String, name: &str, text: &str, what: &str) -> Result<(), String> {
    if attrs.contains(&format!(" {name}=\"")) {
        return Err(format!("a second {what} (XML has one `{name}` attribute)"));
    }
    let _ = write!(attrs, " {name}=\"{text}\"");
    Ok(())
}

/// `river-spring` / `river-lake` for a river's ends, `river-fork` for a river
/// of three or more edges (River II's fork: JCloisterZone's river rule draws it
/// right after the spring and only then the other river tiles), `river` for the
/// rest of a river set.
fn river_group(set: &Set, tile: &Tile) -> Option<&'static str> {
    let has = |k: EndKind| tile.ends.iter().any(|e| e.end.kind == k);
    if has(EndKind::Spring) {
        Some("river-spring")
    } else if has(EndKind::Lake) {
        Some("river-lake")
    } else if is_fork(tile) {
        Some("river-fork")
    } else {
        set.river.then_some("river")
    }
}

/// Whether a river of `tile` leaves by three or more edges.
pub(crate) fn is_fork(tile: &Tile) -> bool {
    let rivers = tile
        .segments
        .iter()
        .filter(|s| s.kind == SegmentKind::River);
    rivers.into_iter().any(|s| edges(s.ports).count() >= 3)
}

/// The wagon-move labels of each segment: one label per end point of roads,
/// shared with what it reaches. Ends at a monastery or city gate get a label
/// per road (JCloisterZone's roads meet only at a junction).
fn labels(tile: &Tile, lost: &mut Vec<String>) -> Vec<Vec<String>> {
    let mut out = vec![Vec::new(); tile.segments.len()];
    let mut groups: Vec<u32> = Vec::new();
    for e in tile.ends.iter().map(|e| &e.end) {
        match e.kind {
            // A portal is `tunnel="true"` on the road itself (see `write_tile`).
            EndKind::Spring | EndKind::Lake | EndKind::Tunnel => {}
            // A river that ends on a plain river tile ends at its city: the
            // importer reads it back so (the tile's first city, if several).
            EndKind::Segment if river_end(tile, e) => {
                let first = tile
                    .segments
                    .iter()
                    .position(|s| s.kind == SegmentKind::City);
                if first.is_some_and(|c| e.touches != 1 << c) {
                    lost.push("which city the river ends at (read back as the first)".into());
                }
            }
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

/// Whether end `e` ends a river (at a city).
fn river_end(tile: &Tile, e: &RoadEnd) -> bool {
    bits(e.segments).any(|s| tile.segments[s].kind == SegmentKind::River)
}

/// `a` ... `z`, then `a27`, `a28`, ...
fn label(n: usize) -> String {
    match u8::try_from(n) {
        Ok(k) if k < 26 => char::from(b'a' + k).to_string(),
        _ => format!("a{}", n + 1),
    }
}

/// The text of a feature element, or `None` for an element without text;
/// `inner` counts the enclosed fields written so far on the tile.
/// Whether segment `i` is written `tunnel="true"`: JCloisterZone's `tunnel`,
/// on a one-edge road its portal, on a road through a city the tunnel under
/// it (whose mouths its Tunnel expansion also counts as portals).
pub(crate) fn writes_tunnel(tile: &Tile, i: usize) -> bool {
    let portal = tile
        .ends
        .iter()
        .any(|e| e.end.kind == EndKind::Tunnel && e.end.segments & (1 << i) != 0);
    tile.segments[i].kind == SegmentKind::Road && (portal || tile.segments[i].tunnels != 0)
}

fn places(places: Places, ports: u16, inner: &mut usize) -> Option<String> {
    let words: Vec<&str> = match places {
        Places::None | Places::Uncovered => return None,
        Places::Edges => edges(ports).collect(),
        Places::Halves => HALVES
            .iter()
            .filter(|(_, p)| ports & (1 << p) != 0)
            .map(|(name, _)| *name)
            .collect(),
    };
    if !words.is_empty() {
        return Some(words.join(" "));
    }
    *inner += 1;
    Some(crate::import::jcz::inner_field(*inner).to_string())
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
        let mut inner = 0;
        let mut places = |p, ports| places(p, ports, &mut inner);
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
        assert_eq!(places(Places::Halves, 0).as_deref(), Some("II"));
        assert_eq!(escape("a\"<&>"), "a&quot;&lt;&amp;&gt;");
    }
}
