//! Reading a whole JCloisterZone file: the two layouts, and where counts come from.
//!
//! - Older: `<pack>` holding `<card>` (or `<tile>`) elements, each with its own
//!   `count` (1 when absent, as JCloisterZone reads it).
//! - Newer: `<defs>` holding `<tile>` elements (directly or in `<tiles>`) and
//!   tile-sets (directly or in `<sets>`): `<tile-set id="..."><ref count="4"
//!   tile="BA/L"/></tile-set>`. A tile's count is the sum of the refs to it (a
//!   ref without `count` counts one).
//!
//! What a tile-set says beyond its refs is kept for `sets.rs`: `<requires
//! expansion="..."/>`, `<remove tile="..."/>` (tiles a game with it leaves
//! out), `max="N"` (copies of the tile-set a game may hold), and a tile's own
//! `max` (JCloisterZone caps with it the copies that several tile-sets add). The
//! `<expansions>` block that tilec's add-on writer adds (an `<expansion>` per
//! set, with its `<title>` and `<ref tile-set="..."/>`) gives the sets' names;
//! its `<enforces>`/`<implies element="river">` (and `festival`, `russian-trap`)
//! say nothing the tiles do not.
//!
//! Refs are resolved in `resolve.rs`, over every file imported together: a
//! tile-set may count tiles of another file (the Winter edition counts the base
//! game's).

use super::model::Tile;
use super::tile;
use super::xml::{self, Sink};
use crate::diagnostic::Span;
use crate::message::Kind as Msg;
use roxmltree::Node;

/// A tile named by a `<ref>` or a `<remove>`: its JCloisterZone id, where the
/// `tile` attribute is, and the copies a ref counts.
#[derive(Clone, Debug)]
pub struct Named {
    /// The JCloisterZone tile id.
    pub id: String,
    /// The `tile="..."` attribute.
    pub span: Span,
    /// Copies (1 for a `<remove>`).
    pub count: u32,
}

/// One tile-set as read, its refs not resolved yet.
#[derive(Clone, Debug)]
pub struct Pending {
    /// The tile-set's `id`; `None` for a file without tile-sets.
    pub id: Option<String>,
    /// The `<tile-set>` start tag (the file's root without tile-sets).
    pub span: Span,
    /// Its `<ref>`s, in file order (none for a file without tile-sets: every
    /// tile counts itself).
    pub refs: Vec<Named>,
    /// Its `<remove>`s.
    pub removes: Vec<Named>,
    /// `<requires expansion="RIVER"/>`: JCloisterZone expansion names.
    pub requires: Vec<String>,
    /// `max="N"`: copies of the tile-set a game may hold.
    pub max: Option<u32>,
}

/// One file as read.
#[derive(Debug, Default)]
pub struct File {
    /// Its tiles, in file order, each id once.
    pub tiles: Vec<Tile>,
    /// Per tile, its `max` and where the attribute is.
    pub maxes: Vec<Option<(u32, Span)>>,
    /// Its tile-sets (one holding every tile when the file has none, `id` `None`).
    pub sets: Vec<Pending>,
    /// `<expansions>`: (tile-set id, title).
    pub titles: Vec<(String, String)>,
}

/// Reads every tile of the document, its tile-sets and the titles its
/// `<expansions>` give them.
pub fn read(root: Node<'_, '_>, sink: &mut Sink<'_>) -> File {
    let mut file = File::default();
    let name = root.tag_name().name();
    if name != "pack" && name != "defs" {
        sink.push(Msg::JczRoot { root: name.into() }, sink.tag(root));
        return file;
    }
    for a in root.attributes() {
        sink.attribute(root, &a);
    }
    let mut sets = Vec::new();
    for child in xml::children(root, sink) {
        match child.tag_name().name() {
            "card" | "tile" => add_tile(child, sink, &mut file),
            "tiles" => {
                for t in xml::children(child, sink) {
                    match t.tag_name().name() {
                        "card" | "tile" => add_tile(t, sink, &mut file),
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
            "expansions" => expansions(child, sink, &mut file.titles),
            _ => sink.element(child),
        }
    }
    file.sets = sets.iter().map(|&s| tile_set(s, sink)).collect();
    if file.sets.is_empty() && !file.tiles.is_empty() {
        file.sets.push(Pending {
            id: None,
            span: sink.tag(root),
            refs: Vec::new(),
            removes: Vec::new(),
            requires: Vec::new(),
            max: None,
        });
    }
    file
}

fn add_tile(node: Node<'_, '_>, sink: &mut Sink<'_>, file: &mut File) {
    let Some(t) = tile::read(node, sink) else {
        return;
    };
    if file.tiles.iter().any(|other| other.id == t.id) {
        sink.push(Msg::JczDuplicateTile { id: t.id.clone() }, t.span);
        return;
    }
    let max = node.attribute_node("max");
    let max = max.and_then(|a| number(&a, sink).map(|n| (n, sink.attr(&a))));
    file.maxes.push(max);
    file.tiles.push(t);
}

/// A count attribute's value, or its diagnostic.
fn number(a: &roxmltree::Attribute<'_, '_>, sink: &mut Sink<'_>) -> Option<u32> {
    let n = tile::count(a.value());
    if n.is_none() {
        let kind = Msg::JczCount {
            text: a.value().into(),
        };
        sink.push(kind, sink.attr(a));
    }
    n
}

/// One `<tile-set>`: its refs, removes, requirements and `max`.
fn tile_set(node: Node<'_, '_>, sink: &mut Sink<'_>) -> Pending {
    let mut set = Pending {
        id: node.attribute("id").map(String::from),
        span: sink.tag(node),
        refs: Vec::new(),
        removes: Vec::new(),
        requires: Vec::new(),
        max: None,
    };
    for a in node.attributes() {
        match a.name() {
            "id" => {}
            "max" => set.max = number(&a, sink),
            _ => sink.attribute(node, &a),
        }
    }
    for r in xml::children(node, sink) {
        match r.tag_name().name() {
            "requires" => set.requires.extend(required(r, sink)),
            "ref" => set.refs.extend(named(r, &["count"], sink)),
            "remove" => set.removes.extend(named(r, &[], sink)),
            _ => sink.element(r),
        }
    }
    set
}

/// The tile a `<ref>` or `<remove>` names (with the ref's `count`), or its
/// diagnostics; `extra` are the attributes it may have besides `tile`.
fn named(r: Node<'_, '_>, extra: &[&str], sink: &mut Sink<'_>) -> Option<Named> {
    for a in r.attributes() {
        if a.name() != "tile" && !extra.contains(&a.name()) {
            sink.attribute(r, &a);
        }
    }
    let Some(id) = r.attribute_node("tile") else {
        let kind = Msg::JczMissingAttribute {
            attribute: "tile",
            element: r.tag_name().name().into(),
        };
        sink.push(kind, sink.tag(r));
        return None;
    };
    let count = match r.attribute_node("count") {
        None => 1,
        Some(c) => number(&c, sink)?,
    };
    Some(Named {
        id: id.value().into(),
        span: sink.attr(&id),
        count,
    })
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

/// `<expansions>`, as tilec's add-on writer writes it: per `<expansion id>`, a
/// `<title>` and the `<ref tile-set="..."/>` it names.
fn expansions(node: Node<'_, '_>, sink: &mut Sink<'_>, titles: &mut Vec<(String, String)>) {
    for e in xml::children(node, sink) {
        if e.tag_name().name() != "expansion" {
            sink.element(e);
            continue;
        }
        for a in e.attributes().filter(|a| a.name() != "id") {
            sink.attribute(e, &a);
        }
        let mut title = None;
        let mut refs = Vec::new();
        for c in e.children().filter(|c| c.is_element()) {
            match c.tag_name().name() {
                "title" => title = Some(xml::text(c).0.trim().to_string()),
                "ref" => match c.attribute("tile-set") {
                    Some(id) => refs.push(id.to_string()),
                    None => {
                        let kind = Msg::JczMissingAttribute {
                            attribute: "tile-set",
                            element: "ref".into(),
                        };
                        sink.push(kind, sink.tag(c));
                    }
                },
                // The game elements tilec's add-on switches on for a set's
                // rules (`emit::jcz_play::elements`): its tiles already say
                // them (river tiles, gardens, portals, marks).
                "enforces" | "implies" if c.attribute("element").is_some() => {}
                _ => sink.element(c),
            }
        }
        if let Some(title) = title.filter(|t| !t.is_empty()) {
            titles.extend(refs.into_iter().map(|r| (r, title.clone())));
        }
    }
}
