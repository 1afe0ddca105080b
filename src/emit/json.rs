//! `emit`: Model → the JSON export (the contract is in `docs/export-json.md`).
//!
//! Keys are sorted (serde_json's map is ordered) and the output is pretty-printed
//! with a final newline, so the same model always gives the same bytes. It is
//! written one tile at a time ([`write`]), so that memory stays that of the
//! model, not of the whole document.

use crate::graph::bits;
use crate::model::{Model, Set, Tile};
use serde_json::{json, Map, Value};
use std::io::{self, Write};
use tilec_runtime::{Aspect, EndKind, MarkKind, SegmentKind, EDGE_NAMES, NO_SEGMENT, PORT_NAMES};

/// The JSON document for a whole model.
pub fn emit(model: &Model) -> String {
    let mut out = Vec::new();
    // Writing into a Vec cannot fail, and serde_json writes UTF-8.
    let _ = write(model, &mut out);
    String::from_utf8(out).unwrap_or_default()
}

/// Writes the document of [`emit`] into `w`, a set and a tile at a time.
pub fn write(model: &Model, w: &mut dyn Write) -> io::Result<()> {
    let head = json!({ "format": 1, "sets": [] });
    streamed(w, &head, 0, &model.sets, |w, s, depth| {
        streamed(w, &set(s), depth, &s.tiles, |w, t, depth| {
            w.write_all(pretty(&tile(t), depth).as_bytes())
        })
    })?;
    w.write_all(b"\n")
}

/// Writes `value`, pretty-printed as if `depth` levels deep, with `items`
/// written by `item` into the empty array its last key holds (sorted keys: the
/// callers' last keys are `sets` and `tiles`).
fn streamed<T>(
    w: &mut dyn Write,
    value: &Value,
    depth: usize,
    items: &[T],
    item: impl Fn(&mut dyn Write, &T, usize) -> io::Result<()>,
) -> io::Result<()> {
    let text = pretty(value, depth);
    let close = format!("[]\n{}}}", indent(depth));
    let (Some(head), false) = (text.strip_suffix(&close), items.is_empty()) else {
        return w.write_all(text.as_bytes());
    };
    writeln!(w, "{head}[")?;
    for (i, t) in items.iter().enumerate() {
        if i > 0 {
            w.write_all(b",\n")?;
        }
        w.write_all(indent(depth + 2).as_bytes())?;
        item(w, t, depth + 2)?;
    }
    write!(w, "\n{}]\n{}}}", indent(depth + 1), indent(depth))
}

/// `value` pretty-printed, its lines after the first indented `depth` levels.
fn pretty(value: &Value, depth: usize) -> String {
    let text = serde_json::to_string_pretty(value).unwrap_or_default();
    text.replace('\n', &format!("\n{}", indent(depth)))
}

fn indent(depth: usize) -> String {
    "  ".repeat(depth)
}

/// A set without its tiles (`"tiles": []`, filled by [`write`]).
fn set(s: &Set) -> Value {
    json!({
        "id": s.id,
        "name": s.name,
        "edition": s.edition,
        "river": s.river,
        "notes": s.notes,
        "requires": s.relations.requires,
        "removes": s.relations.removes,
        "max_copies": s.relations.max_copies,
        "tile_count": s.total(),
        "sources": s.sources.iter().map(|x| json!({ "id": x.id, "title": x.title })).collect::<Vec<_>>(),
        "sourced": set_facts(s),
        "tiles": [],
    })
}

/// The set's own aspects a source gives (`total`, `groups`): each with the ids
/// of its sources.
fn set_facts(s: &Set) -> Map<String, Value> {
    let mut out: Map<String, Value> = Map::new();
    for &(aspect, i) in &s.facts {
        let ids = out.entry(aspect).or_insert_with(|| json!([]));
        if let Some(list) = ids.as_array_mut() {
            list.push(json!(s.sources[i].id));
        }
    }
    out
}

/// Each aspect of the tile a source gives, with the ids of the sources named
/// for it (none for a sourced tile that names no source), and the aspects no
/// source gives.
fn sourcing(t: &Tile) -> (Map<String, Value>, Vec<&'static str>) {
    let sourced = t.sourced();
    let mut given = Map::new();
    let mut reconstructed = Vec::new();
    for a in Aspect::ALL {
        if !sourced.contains(a) {
            reconstructed.push(a.name());
            continue;
        }
        let ids: Vec<&str> = t
            .sources
            .iter()
            .filter(|s| s.aspects.contains(a))
            .map(|s| s.source.as_ref())
            .collect();
        given.insert(a.name().into(), json!(ids));
    }
    (given, reconstructed)
}

fn names(t: &Tile, mask: u32) -> Vec<&str> {
    bits(mask).map(|i| t.segments[i].name.as_str()).collect()
}

fn tile(t: &Tile) -> Value {
    let edges: Map<String, Value> = EDGE_NAMES
        .iter()
        .zip(t.edges)
        .map(|(n, e)| (n.to_string(), json!(e.name())))
        .collect();
    let segments: Vec<Value> = (0..t.segments.len()).map(|i| segment(t, i)).collect();
    let ends: Vec<Value> = t
        .ends
        .iter()
        .map(|e| {
            let mut v = json!({
                "at": e.end.kind.name(),
                "segments": names(t, e.end.segments),
                "touches": names(t, e.end.touches),
            });
            if !e.end.kind.played() {
                v["played"] = json!(false);
            }
            v
        })
        .collect();
    let copies: Vec<Vec<&str>> = t
        .copies
        .iter()
        .map(|c| c.iter().map(|i| i.name()).collect())
        .collect();
    let (sourced, reconstructed) = sourcing(t);
    json!({
        "id": t.id,
        "name": t.name,
        "count": t.count,
        "start": t.start,
        "symmetry": t.symmetry,
        "edges": edges,
        "segments": segments,
        "ends": ends,
        "arrow": t.arrow.map(|a| json!({ "kind": a.kind.name(), "points": EDGE_NAMES[a.points as usize] })),
        "specials": specials(t),
        "copies": copies,
        "notes": t.notes,
        "provenance": t.provenance.name(),
        "sourced": sourced,
        "reconstructed": reconstructed,
    })
}

fn segment(t: &Tile, i: usize) -> Value {
    let s = &t.segments[i];
    let names_of = |mask: u16| -> Vec<&str> {
        (0..12)
            .filter(|p| mask & (1 << p) != 0)
            .map(|p| PORT_NAMES[p])
            .collect()
    };
    // `ports` are those a neighbour joins; a middle a city only reaches is
    // `reaches` (the edge stays a field edge).
    let ports = names_of(s.edge_ports());
    let mut v = json!({ "name": s.name, "kind": s.kind.name(), "ports": ports });
    let obj = v
        .as_object_mut()
        .expect("json! of an object literal is an object");
    match s.kind {
        SegmentKind::City => {
            obj.insert("pennants".into(), json!(s.pennants));
            if s.reaches != 0 {
                obj.insert("reaches".into(), json!(names_of(s.reaches)));
            }
        }
        SegmentKind::Field => {
            obj.insert("cities".into(), json!(names(t, s.cities)));
        }
        _ => {}
    }
    // `bridges` and `tunnels` keep their first meaning (roads on bridges over
    // rivers and roads, roads under cities); `over` and `under` say every crossing.
    let of = |kinds: &[SegmentKind]| {
        (0..t.segments.len())
            .filter(|&i| kinds.contains(&t.segments[i].kind))
            .fold(0u32, |m, i| m | 1 << i)
    };
    let bridges = match s.kind {
        SegmentKind::Road | SegmentKind::River => {
            s.bridges & of(&[SegmentKind::Road, SegmentKind::River])
        }
        _ => 0,
    };
    let tunnels = match s.kind {
        SegmentKind::Road => s.tunnels & of(&[SegmentKind::City]),
        SegmentKind::City => s.tunnels & of(&[SegmentKind::Road]),
        _ => 0,
    };
    let under = (0..t.segments.len())
        .filter(|&j| t.segments[j].over & (1 << i) != 0)
        .fold(0u32, |m, j| m | 1 << j);
    for (key, mask) in [
        ("bridges", bridges),
        ("tunnels", tunnels),
        ("over", s.over),
        ("under", under),
    ] {
        if mask != 0 {
            obj.insert(key.into(), json!(names(t, mask)));
        }
    }
    v
}

/// Marks, plus the end points that are specials of their own (spring, lake,
/// stone, tunnel portal).
fn specials(t: &Tile) -> Vec<Value> {
    let mut out: Vec<Value> = t
        .marks
        .iter()
        .map(|m| {
            let mut v = json!({ "kind": m.kind.name() });
            if m.segment != NO_SEGMENT {
                v["segment"] = json!(t.segments[m.segment as usize].name);
            }
            if m.kind == MarkKind::TrapLake {
                v["trap"] = json!(true);
            }
            if let Some(value) = m.value_text() {
                v["value"] = json!(value);
            }
            if !m.kind.played() {
                v["played"] = json!(false);
            }
            v
        })
        .collect();
    for e in &t.ends {
        if matches!(
            e.end.kind,
            EndKind::Spring | EndKind::Lake | EndKind::Stone | EndKind::Tunnel
        ) {
            let mut v = json!({ "kind": e.end.kind.name(), "segments": names(t, e.end.segments) });
            if !e.end.kind.played() {
                v["played"] = json!(false);
            }
            out.push(v);
        }
    }
    out
}
