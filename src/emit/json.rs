//! `emit`: Model → the JSON export (the contract is in `docs/export-json.md`).
//!
//! Keys are sorted (serde_json's map is ordered) and the output is pretty-printed
//! with a final newline, so the same model always gives the same bytes.

use crate::graph::bits;
use crate::model::{Model, Set, Tile};
use serde_json::{json, Map, Value};
use tilec_runtime::{EndKind, MarkKind, SegmentKind, EDGE_NAMES, NO_SEGMENT, PORT_NAMES};

/// The JSON document for a whole model.
pub fn emit(model: &Model) -> String {
    let doc = json!({
        "format": 1,
        "sets": model.sets.iter().map(set).collect::<Vec<_>>(),
    });
    let mut out = serde_json::to_string_pretty(&doc).unwrap_or_default();
    out.push('\n');
    out
}

fn set(s: &Set) -> Value {
    json!({
        "id": s.id,
        "name": s.name,
        "edition": s.edition,
        "river": s.river,
        "notes": s.notes,
        "tile_count": s.total(),
        "tiles": s.tiles.iter().map(tile).collect::<Vec<_>>(),
    })
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
    let segments: Vec<Value> = t.segments.iter().map(|s| segment(t, s)).collect();
    let ends: Vec<Value> = t
        .ends
        .iter()
        .map(|e| {
            json!({
                "at": e.end.kind.name(),
                "segments": names(t, e.end.segments),
                "touches": names(t, e.end.touches),
            })
        })
        .collect();
    let copies: Vec<Vec<&str>> = t
        .copies
        .iter()
        .map(|c| c.iter().map(|i| i.name()).collect())
        .collect();
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
    })
}

fn segment(t: &Tile, s: &crate::model::Segment) -> Value {
    let ports: Vec<&str> = (0..12)
        .filter(|p| s.ports & (1 << p) != 0)
        .map(|p| PORT_NAMES[p])
        .collect();
    let mut v = json!({ "name": s.name, "kind": s.kind.name(), "ports": ports });
    let obj = v
        .as_object_mut()
        .expect("json! of an object literal is an object");
    match s.kind {
        SegmentKind::City => {
            obj.insert("pennants".into(), json!(s.pennants));
        }
        SegmentKind::Field => {
            obj.insert("cities".into(), json!(names(t, s.cities)));
        }
        _ => {}
    }
    if s.bridges != 0 {
        obj.insert("bridges".into(), json!(names(t, s.bridges)));
    }
    v
}

/// Marks, plus the end points that are specials of their own (spring, lake, stone).
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
            v
        })
        .collect();
    for e in &t.ends {
        if matches!(e.end.kind, EndKind::Spring | EndKind::Lake | EndKind::Stone) {
            out.push(json!({ "kind": e.end.kind.name(), "segments": names(t, e.end.segments) }));
        }
    }
    out
}
