//! Reading a whole JCloisterZone file: the two layouts, and where counts come from.
//!
//! - Older: `<pack>` holding `<card>` (or `<tile>`) elements, each with its own
//!   `count` (1 when absent, as JCloisterZone reads it).
//! - Newer: `<defs>` holding `<tile>` elements (directly or in `<tiles>`) and
//!   tile-sets (directly or in `<sets>`): `<tile-set id="..."><ref count="4"
//!   tile="BA/L"/></tile-set>`. A tile's count is the sum of the refs to it (a
//!   ref without `count` counts one). A tile's `max` is not read: JCloisterZone
//!   caps with it the copies that several tile-sets add, and here the copies of
//!   a tile come from one tile-set.
//!
//! A file with several tile-sets that name the same tiles holds alternatives
//! (two editions of the base game): the first tile-set is imported and each
//! later one that overlaps it is reported. Tile-sets that name other tiles (two
//! promo packs in one file) add up.

use super::model::Tile;
use super::tile;
use super::xml::{self, Sink};
use crate::message::Kind as Msg;
use roxmltree::Node;

/// Reads every tile of the document, with its count. Tiles without a count are
/// reported and left out.
pub fn read(root: Node<'_, '_>, sink: &mut Sink<'_>) -> Vec<Tile> {
    let name = root.tag_name().name();
    if name != "pack" && name != "defs" {
        sink.push(Msg::JczRoot { root: name.into() }, sink.tag(root));
        return Vec::new();
    }
    for a in root.attributes() {
        sink.attribute(root, &a);
    }
    let mut tiles: Vec<Tile> = Vec::new();
    let mut sets = Vec::new();
    for child in xml::children(root, sink) {
        match child.tag_name().name() {
            "card" | "tile" => add_tile(child, sink, &mut tiles),
            "tiles" => {
                for t in xml::children(child, sink) {
                    match t.tag_name().name() {
                        "card" | "tile" => add_tile(t, sink, &mut tiles),
                        _ => sink.element(t),
                    }
                }
            }
            "sets" => {
                for s in xml::children(child, sink) {
                    match s.tag_name().name() {
                        "tile-set" => sets.push(s),
                        _ => sink.element(s),
                    }
                }
            }
            "tile-set" => sets.push(child),
            _ => sink.element(child),
        }
    }
    let referenced = ref_counts(&sets, &tiles, sink);
    let no_sets = sets.is_empty();
    tiles
        .into_iter()
        .zip(referenced)
        .filter_map(|(mut t, refs)| {
            t.count = refs.or(t.count).or(no_sets.then_some(1));
            if t.count.is_none() {
                sink.push(Msg::JczNoCount { id: t.id.clone() }, t.span);
            }
            t.count.is_some().then_some(t)
        })
        .collect()
}

fn add_tile(node: Node<'_, '_>, sink: &mut Sink<'_>, tiles: &mut Vec<Tile>) {
    let Some(t) = tile::read(node, sink) else {
        return;
    };
    if tiles.iter().any(|other| other.id == t.id) {
        sink.push(Msg::JczDuplicateTile { id: t.id.clone() }, t.span);
        return;
    }
    tiles.push(t);
}

/// For each tile, the sum of the refs to it in the imported tile-sets (`None`
/// when none refers to it).
fn ref_counts(sets: &[Node<'_, '_>], tiles: &[Tile], sink: &mut Sink<'_>) -> Vec<Option<u32>> {
    let mut counts: Vec<Option<u32>> = vec![None; tiles.len()];
    let Some(first) = sets.first() else {
        return counts;
    };
    let kept = first.attribute("id").unwrap_or("(no id)").to_string();
    for (k, set) in sets.iter().enumerate() {
        let refs = refs(*set, tiles, sink);
        if k > 0 && refs.iter().any(|&(i, _)| counts[i].is_some()) {
            let id = set.attribute("id").unwrap_or("(no id)").into();
            let kind = Msg::JczOtherTileSet {
                id,
                kept: kept.clone(),
            };
            sink.push(kind, sink.tag(*set));
            continue;
        }
        for (i, n) in refs {
            counts[i] = Some(counts[i].unwrap_or(0).saturating_add(n));
        }
    }
    counts
}

/// The refs of one tile-set, as (tile index, count); bad refs are reported.
fn refs(set: Node<'_, '_>, tiles: &[Tile], sink: &mut Sink<'_>) -> Vec<(usize, u32)> {
    for a in set.attributes().filter(|a| a.name() != "id") {
        sink.attribute(set, &a);
    }
    let mut out = Vec::new();
    for r in xml::children(set, sink) {
        if r.tag_name().name() != "ref" {
            sink.element(r);
            continue;
        }
        for a in r
            .attributes()
            .filter(|a| !matches!(a.name(), "tile" | "count"))
        {
            sink.attribute(r, &a);
        }
        let Some(id) = r.attribute_node("tile") else {
            let kind = Msg::JczMissingAttribute {
                attribute: "tile",
                element: "ref".into(),
            };
            sink.push(kind, sink.tag(r));
            continue;
        };
        let Some(index) = tiles.iter().position(|t| t.id == id.value()) else {
            let kind = Msg::JczUnknownTile {
                id: id.value().into(),
            };
            sink.push(kind, sink.attr(&id));
            continue;
        };
        let count = match r.attribute_node("count") {
            None => Some(1),
            Some(c) => tile::count(c.value()).or_else(|| {
                sink.push(
                    Msg::JczCount {
                        text: c.value().into(),
                    },
                    sink.attr(&c),
                );
                None
            }),
        };
        out.extend(count.map(|n| (index, n)));
    }
    out
}
