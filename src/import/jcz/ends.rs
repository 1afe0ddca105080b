//! Where roads and rivers with one edge end: the tile language says it
//! (`end r at m`), JCloisterZone mostly implies it.
//!
//! 1. A wagon-move group is JCloisterZone's own word: the one-edge roads in it
//!    share an end point, at the cities, monastery, garden or hut in it
//!    (`end rw re at junction cn cs` when several roads meet). A one-edge road
//!    grouped with a road that runs through is Bogatyr's stone (`at stone r`).
//! 2. Otherwise: three or more one-edge roads meet at a junction (JCloisterZone
//!    does not tell a junction from a village: a note says so); a road ends at the
//!    tile's monastery, else at its city's gate, else at a junction, with a note
//!    saying it was assumed.
//! 3. A one-edge road with `tunnel="true"` ends at its tunnel portal
//!    (`end r at tunnel`); one that no monastery ends and that would part a
//!    field by reaching a city's gate (a field on both sides of the road and
//!    the city, as the checker's E245 says) stops inside that field, at an
//!    assumed junction.
//! 4. A river with one edge starts at the spring or ends in the lake, as the
//!    tile's `group` says; on a plain `river` tile it ends at the tile's city
//!    (River II's `RI.2/IFC`); a tile with no city that does not say is reported.

use super::model::{Kind, RiverEnd, Tile};
use super::sketch;
use super::xml::Sink;
use crate::graph::straddles;
use crate::message::Kind as Msg;

/// One `end` statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct End {
    /// The segments that end here (feature indices).
    pub segments: Vec<usize>,
    /// `junction`, `stone`, `spring` or `lake`, if any.
    pub keyword: Option<&'static str>,
    /// Segments reached (feature indices).
    pub targets: Vec<usize>,
    /// What was assumed, for a note on the tile.
    pub note: Option<String>,
}

/// The ends of `tile`'s one-edge roads and rivers (names must be given already).
pub fn derive(tile: &Tile, sink: &mut Sink<'_>) -> Vec<End> {
    let fs = &tile.features;
    let road_stub = |i: &usize| fs[*i].kind == Kind::Road && fs[*i].edges.count_ones() == 1;
    // A portal is the road's own end (`tunnel="true"`), whatever it is grouped with.
    let portal = |i: &usize| road_stub(i) && fs[*i].tunnel;
    let one_edge = |i: &usize| road_stub(i) && !fs[*i].tunnel;
    let name = |i: &usize| fs[*i].name.clone();
    let mut ends: Vec<End> = (0..fs.len())
        .filter(portal)
        .map(|r| End {
            segments: vec![r],
            keyword: Some("tunnel"),
            targets: vec![],
            note: None,
        })
        .collect();
    for group in merged_groups(tile, &one_edge) {
        let roads: Vec<usize> = group.iter().copied().filter(&one_edge).collect();
        let of = |kinds: &[Kind]| -> Vec<usize> {
            let keep = |i: &usize| kinds.contains(&fs[*i].kind) && !road_stub(i);
            group.iter().copied().filter(keep).collect()
        };
        let through = of(&[Kind::Road]);
        let targets = of(&[Kind::City, Kind::Monastery, Kind::Garden, Kind::Hut]);
        let (keyword, note) = if !through.is_empty() {
            let (r, t) = (list(roads.iter().map(name)), list(through.iter().map(name)));
            let note =
                format!("JCloisterZone joins the end of {r} to {t}: read as Bogatyr's stone.");
            (Some("stone"), Some(note))
        } else if targets.is_empty() {
            let note = match roads.as_slice() {
                [r] => assumed(&name(r)),
                _ => village_note(&list(roads.iter().map(name))),
            };
            (Some("junction"), Some(note))
        } else if roads.len() >= 2 {
            (Some("junction"), None)
        } else {
            (None, None)
        };
        let targets = through.into_iter().chain(targets).collect();
        ends.push(End {
            segments: roads,
            keyword,
            targets,
            note,
        });
    }
    let ended: Vec<usize> = ends.iter().flat_map(|e| e.segments.clone()).collect();
    let rest: Vec<usize> = (0..fs.len())
        .filter(|i| one_edge(i) && !ended.contains(i))
        .collect();
    if rest.len() >= 3 {
        let note = Some(village_note(&list(rest.iter().map(name))));
        ends.push(End {
            segments: rest,
            keyword: Some("junction"),
            targets: vec![],
            note,
        });
    } else {
        let monastery = fs.iter().position(|f| f.kind == Kind::Monastery);
        let cities: Vec<usize> = (0..fs.len())
            .filter(|&i| fs[i].kind == Kind::City)
            .collect();
        for r in rest {
            // A gate the road reaches without parting a field (the checker's
            // E245): one field on both sides of the road's edge, or a field on
            // both sides of the road and the city, means the road stops inside
            // that field (a bazaar's road, CC.2/RCR's two roads).
            let open: Vec<usize> = cities
                .iter()
                .copied()
                .filter(|&c| parted(tile, r, c).is_none())
                .collect();
            let (gate, breaks) = gate_keeping_lists(tile, &ends, r, &open);
            let (keyword, targets, note) = match (monastery, gate, breaks) {
                (Some(m), _, _) => (None, vec![m], None),
                (None, Some(c), _) if cities.len() == 1 => (None, vec![c], None),
                (None, Some(c), _) => {
                    let note = format!("Road {} ends at a city gate; JCloisterZone does not say which: assumed {}.", name(&r), name(&c));
                    (None, vec![c], Some(note))
                }
                (None, None, Some((c, f, d))) => {
                    let note = format!("Road {} ends on the tile; JCloisterZone does not say where: at the gate of {}, field {} would touch city {}, which JCloisterZone's list leaves out: assumed a junction.", name(&r), fs[c].name, fs[f].name, fs[d].name);
                    (Some("junction"), vec![], Some(note))
                }
                (None, None, None) => {
                    let field = cities
                        .first()
                        .and_then(|&c| parted(tile, r, c))
                        .or_else(|| field_around(tile, r));
                    let note = match field {
                        Some(f) => format!("Road {} ends inside field {}; JCloisterZone does not say where: assumed a junction.", name(&r), fs[f].name),
                        None => assumed(&name(&r)),
                    };
                    (Some("junction"), vec![], Some(note))
                }
            };
            ends.push(End {
                segments: vec![r],
                keyword,
                targets,
                note,
            });
        }
    }
    for v in (0..fs.len()).filter(|&i| fs[i].kind == Kind::River && fs[i].edges.count_ones() == 1) {
        if let Some(end) = river_end(tile, v, sink) {
            ends.push(end);
        }
    }
    ends
}

/// Where one-edge river `v` ends: at the spring or the lake that the tile's
/// `group` names; on a plain river tile, at its city (River II's fork ends a
/// branch at a city), else nowhere the file says (reported).
fn river_end(tile: &Tile, v: usize, sink: &mut Sink<'_>) -> Option<End> {
    let fs = &tile.features;
    let end = |keyword, targets, note| End {
        segments: vec![v],
        keyword,
        targets,
        note,
    };
    let cities: Vec<usize> = (0..fs.len())
        .filter(|&i| fs[i].kind == Kind::City)
        .collect();
    match (tile.river_end, cities.as_slice()) {
        (Some(RiverEnd::Spring), _) => Some(end(Some("spring"), vec![], None)),
        (Some(RiverEnd::Lake), _) => Some(end(Some("lake"), vec![], None)),
        (None, [c]) => Some(end(None, vec![*c], None)),
        (None, [c, ..]) => {
            let note = format!(
                "River {} ends at a city; JCloisterZone does not say which: assumed {}.",
                fs[v].name, fs[*c].name
            );
            Some(end(None, vec![*c], Some(note)))
        }
        (None, []) => {
            let kind = Msg::JczRiverEnd {
                tile: tile.id.clone(),
            };
            sink.push(kind, tile.span);
            None
        }
    }
}

/// The city whose gate one-edge road `r` ends at, among the gates `open` that
/// part no field: the first whose end keeps JCloisterZone's city lists (no
/// field would touch a city its list leaves out). When none does and a
/// junction keeps them, a junction (`None`), with what the first gate would
/// break: (city, field, city touched). Else the first gate, as before.
type Breaks = Option<(usize, usize, usize)>;

fn gate_keeping_lists(
    tile: &Tile,
    ends: &[End],
    r: usize,
    open: &[usize],
) -> (Option<usize>, Breaks) {
    let fs = &tile.features;
    let trial = |target: Option<usize>| {
        let mut trial = ends.to_vec();
        trial.push(End {
            segments: vec![r],
            keyword: target.is_none().then_some("junction"),
            targets: target.into_iter().collect(),
            note: None,
        });
        sketch::unkept(fs, &trial)
    };
    if let Some(&c) = open.iter().find(|&&c| trial(Some(c)).is_none()) {
        return (Some(c), None);
    }
    match (open.first(), trial(None)) {
        (Some(&c), None) => {
            let (f, d) = trial(Some(c)).unwrap_or_default();
            (None, Some((c, f, d)))
        }
        (first, _) => (first.copied(), None),
    }
}

/// The field that holds both half edges beside the edge of one-edge road `r`, if any.
fn field_around(tile: &Tile, r: usize) -> Option<usize> {
    let e = tile.features[r].edges.trailing_zeros();
    let both = 0b11u8 << (2 * e);
    tile.features
        .iter()
        .position(|f| f.kind == Kind::Field && f.halves & both == both)
}

/// The field that road `r` ending at city `c`'s gate would part (it lies on
/// both sides of the road and the city), if any.
fn parted(tile: &Tile, r: usize, c: usize) -> Option<usize> {
    let fs = &tile.features;
    let wall = fs[r].ports() | fs[c].ports();
    (0..fs.len()).find(|&f| fs[f].kind == Kind::Field && straddles(wall, fs[f].ports()))
}

/// Wagon-move groups holding a one-edge road, merged where they share one (a
/// road has one end point).
fn merged_groups(tile: &Tile, one_edge: &dyn Fn(&usize) -> bool) -> Vec<Vec<usize>> {
    let mut merged: Vec<Vec<usize>> = Vec::new();
    for group in &tile.groups {
        let mut group: Vec<usize> = group.clone();
        if !group.iter().any(one_edge) {
            continue; // links features whose meeting the geometry already says
        }
        while let Some(k) = merged
            .iter()
            .position(|m| m.iter().any(|i| one_edge(i) && group.contains(i)))
        {
            group.extend(merged.swap_remove(k));
        }
        group.sort_unstable();
        group.dedup();
        merged.push(group);
    }
    merged.sort();
    merged
}

fn assumed(road: &str) -> String {
    format!("Road {road} ends on the tile; JCloisterZone does not say where: assumed a junction.")
}

fn village_note(roads: &str) -> String {
    format!("Roads {roads} meet on the tile; JCloisterZone does not tell a junction from a village: assumed a junction.")
}

/// `a`, `a and b`, `a, b and c`.
fn list(names: impl Iterator<Item = String>) -> String {
    crate::message::and_list(names)
}
