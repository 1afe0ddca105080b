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
//! Every tile-set is a set of its own (two editions of the base game, River I
//! and River II, a file's land and river tiles): its tiles are those it refers
//! to, counted by its refs. A tile may belong to several tile-sets. A tile that
//! no tile-set refers to joins the first one if it has a `count` of its own, and
//! is reported otherwise. A file without tile-sets is one set of all its tiles.

use super::model::{Tile, TileSet};
use super::tile;
use super::xml::{self, Sink};
use crate::message::Kind as Msg;
use roxmltree::Node;

/// Reads every tile of the document and its tile-sets (one holding every tile,
/// each counting itself, when the file has none). Tiles no set counts are
/// reported and left out of every set.
pub fn read(root: Node<'_, '_>, sink: &mut Sink<'_>) -> (Vec<Tile>, Vec<TileSet>) {
    let name = root.tag_name().name();
    if name != "pack" && name != "defs" {
        sink.push(Msg::JczRoot { root: name.into() }, sink.tag(root));
        return (Vec::new(), Vec::new());
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
    if sets.is_empty() {
        let refs = tiles
            .iter()
            .enumerate()
            .map(|(i, t)| (i, t.count.unwrap_or(1)))
            .collect();
        let whole = TileSet {
            id: None,
            span: sink.tag(root),
            refs,
            requires: Vec::new(),
        };
        return (tiles, vec![whole]);
    }
    let mut sets: Vec<TileSet> = sets.iter().map(|&s| tile_set(s, &tiles, sink)).collect();
    for (i, t) in tiles.iter().enumerate() {
        if sets.iter().any(|s| s.refs.iter().any(|r| r.0 == i)) {
            continue;
        }
        match t.count {
            Some(n) => sets[0].refs.push((i, n)),
            None => sink.push(Msg::JczNoCount { id: t.id.clone() }, t.span),
        }
    }
    (tiles, sets)
}

/// One `<tile-set>`: its refs (counts of one tile add up) and requirements.
fn tile_set(node: Node<'_, '_>, tiles: &[Tile], sink: &mut Sink<'_>) -> TileSet {
    let (refs, requires) = refs(node, tiles, sink);
    let mut summed: Vec<(usize, u32)> = Vec::new();
    for (i, n) in refs {
        match summed.iter_mut().find(|r| r.0 == i) {
            Some(r) => r.1 = r.1.saturating_add(n),
            None => summed.push((i, n)),
        }
    }
    summed.sort_unstable_by_key(|r| r.0);
    TileSet {
        id: node.attribute("id").map(String::from),
        span: sink.tag(node),
        refs: summed,
        requires,
    }
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

/// The refs of one tile-set, as (tile index, count), and the expansions its
/// `<requires expansion="..."/>` name; bad refs are reported.
fn refs(
    set: Node<'_, '_>,
    tiles: &[Tile],
    sink: &mut Sink<'_>,
) -> (Vec<(usize, u32)>, Vec<String>) {
    for a in set.attributes().filter(|a| a.name() != "id") {
        sink.attribute(set, &a);
    }
    let mut out = Vec::new();
    let mut requires = Vec::new();
    for r in xml::children(set, sink) {
        if r.tag_name().name() == "requires" {
            requires.extend(required(r, sink));
            continue;
        }
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
    (out, requires)
}

/// The expansion a `<requires expansion="RIVER"/>` names.
fn required(node: Node<'_, '_>, sink: &mut Sink<'_>) -> Option<String> {
    for a in node.attributes().filter(|a| a.name() != "expansion") {
        sink.attribute(node, &a);
    }
    let expansion = node.attribute("expansion");
    if expansion.is_none() {
        let kind = Msg::JczMissingAttribute {
            attribute: "expansion",
            element: "requires".into(),
        };
        sink.push(kind, sink.tag(node));
    }
    expansion.map(String::from)
}
