//! Writing the read tiles as tile text: ids, segment names, segments, ends,
//! marks and notes. The caller formats the result canonically.

use super::defects;
use super::ends::{self, End};
use super::model::{Feature, Kind, Mark, Tile, EDGES, HALVES};
use super::touching;
use super::xml::Sink;
use crate::format::quote;
use crate::message::Kind as Msg;
use std::fmt::Write;

/// Segment kinds in the order they are written.
const ORDER: [Kind; 7] = [
    Kind::Monastery,
    Kind::Garden,
    Kind::Hut,
    Kind::City,
    Kind::Road,
    Kind::River,
    Kind::Field,
];

/// The whole file of set `set` (a valid id, see [`set_id_of`]) named `name`:
/// the set header, then every tile; and the local ids of the tiles refused
/// (see [`refuses`]).
pub fn write(
    set: &str,
    name: &str,
    mut tiles: Vec<Tile>,
    sink: &mut Sink<'_>,
) -> (String, Vec<String>) {
    let locals = local_ids(&tiles);
    let pieces = super::seam::squares(&tiles);
    let mut river = false;
    let mut body = String::new();
    let mut refused = Vec::new();
    for (tile, local) in tiles.iter_mut().zip(locals) {
        let before = sink.count();
        name_features(tile);
        let reached = super::reach::infer(&mut tile.features);
        tile.notes.extend(reached);
        let ends = ends::derive(tile, sink);
        river |= ends
            .iter()
            .any(|e| matches!(e.keyword, Some("spring" | "lake")));
        body.push('\n');
        write_tile(&mut body, tile, &local, &ends, pieces, sink);
        if sink.diags[before..].iter().any(|d| refuses(&d.kind)) {
            refused.push(local);
        }
    }
    let mut out = format!("set {set} {} {{\n  provenance sourced\n", quote(name));
    if river {
        out.push_str("  river\n");
    }
    out.push_str("  note \"Imported from JCloisterZone tile XML by tilec import-jcz.\"\n}\n");
    (out + &body, refused)
}

/// Whether a problem refuses its tile: the tile's own data is no flat tile
/// (`E421`), or a river ends where the tile language cannot say (`E411`). A
/// refused tile is written as the file has it, and not checked again.
fn refuses(kind: &Msg) -> bool {
    matches!(kind, Msg::JczDefect { .. } | Msg::JczRiverEnd { .. })
}

fn write_tile(
    out: &mut String,
    tile: &Tile,
    local: &str,
    ends: &[End],
    pieces: bool,
    sink: &mut Sink<'_>,
) {
    let fs = &tile.features;
    let _ = writeln!(out, "tile {local} {} {{", quote(&tile.id));
    let _ = writeln!(out, "  count {}", tile.count.unwrap_or(1));
    if tile.start {
        out.push_str("  start\n");
    }
    let mut notes = tile.notes.clone();
    notes.extend(crossing_notes(fs, ends));
    for i in 0..fs.len() {
        let out = touching::unlisted(fs, i);
        if !out.is_empty() {
            notes.push(touching::note(fs, i, &out));
        }
    }
    for defect in defects::defects(fs, ends) {
        notes.push(format!(
            "JCloisterZone's data for this tile is inconsistent: {defect}."
        ));
        let kind = Msg::JczDefect {
            tile: tile.id.clone(),
            defect,
        };
        sink.push(kind, tile.span);
    }
    for mark in &tile.marks {
        if let Mark::Vocab(words) = mark {
            let _ = writeln!(out, "  mark {words}");
        }
    }
    for kind in ORDER {
        for (i, f) in fs.iter().enumerate().filter(|(_, f)| f.kind == kind) {
            let _ = write!(out, "  {} {}", kind.keyword(), f.name);
            let edges = EDGES
                .iter()
                .enumerate()
                .filter(|(i, _)| f.edges & (1 << i) != 0);
            let halves = HALVES
                .iter()
                .enumerate()
                .filter(|(i, _)| f.halves & (1 << i) != 0);
            for (_, port) in edges.chain(halves) {
                let _ = write!(out, " {port}");
            }
            for word in crossings(fs, ends, i) {
                let _ = write!(out, " {word}");
            }
            if f.pennants > 0 {
                let _ = write!(out, " pennants={}", f.pennants);
            }
            for (_, edge) in EDGES
                .iter()
                .enumerate()
                .filter(|(e, _)| f.reaches & (1 << e) != 0)
            {
                let _ = write!(out, " reaches={edge}");
            }
            for mark in &f.marks {
                let _ = write!(out, " {mark}");
            }
            for &c in &touching::unlisted(fs, i) {
                let _ = write!(out, " not-touching={}", fs[c].name);
            }
            if !f.cities.is_empty() {
                out.push_str(" ->");
                for &c in &f.cities {
                    let _ = write!(out, " {}", fs[c].name);
                }
            }
            out.push('\n');
        }
    }
    let seam = super::seam::words(fs);
    if pieces && !seam.is_empty() {
        let _ = writeln!(out, "  seam s {}", seam.join(" "));
    }
    for mark in &tile.marks {
        let Mark::OnOne {
            keyword,
            kind,
            element,
            span,
        } = mark
        else {
            continue;
        };
        let of_kind: Vec<&str> = fs
            .iter()
            .filter(|f| f.kind == *kind)
            .map(|f| f.name.as_str())
            .collect();
        match of_kind.as_slice() {
            [segment] => {
                let _ = writeln!(out, "  mark {keyword} on={segment}");
            }
            _ => {
                let (what, on) = (
                    crate::vocab::mark(keyword).map_or(*keyword, |r| r.what),
                    kind.keyword(),
                );
                let parent = "tile".into();
                sink.push(
                    Msg::JczElement {
                        element: element.to_string(),
                        parent,
                    },
                    *span,
                );
                notes.push(format!("Not imported from JCloisterZone: <{element}> ({what} stands on a tile's one {on})."));
            }
        }
    }
    for e in ends {
        out.push_str("  end");
        for &s in &e.segments {
            let _ = write!(out, " {}", fs[s].name);
        }
        out.push_str(" at");
        for word in e
            .keyword
            .into_iter()
            .chain(e.targets.iter().map(|&t| fs[t].name.as_str()))
        {
            let _ = write!(out, " {word}");
        }
        out.push('\n');
        notes.extend(e.note.clone());
    }
    for note in notes {
        let _ = writeln!(out, "  note {}", quote(&note));
    }
    out.push_str("}\n");
}

/// Feature `i` and what its ends reach: a road and the city whose gate it ends
/// at form one wall across the tile.
fn wall_of<'e>(ends: &'e [End], i: usize) -> impl Iterator<Item = usize> + 'e {
    let reached = ends.iter().filter(move |e| e.segments.contains(&i));
    std::iter::once(i).chain(reached.flat_map(|e| e.targets.iter().copied()))
}

/// The edges that feature `i`'s wall runs to.
pub(super) fn reach(fs: &[Feature], ends: &[End], i: usize) -> u8 {
    wall_of(ends, i).fold(0, |m, t| m | fs[t].edges)
}

/// The ports that feature `i`'s wall holds.
pub(super) fn reach_ports(fs: &[Feature], ends: &[End], i: usize) -> u16 {
    wall_of(ends, i).fold(0, |m, t| m | fs[t].ports())
}

/// How feature `i` crosses what it interleaves with, as attributes (the
/// rows of `vocab::CROSSINGS`): a road crosses a river on a bridge
/// (`over=v`), passes under a city in a tunnel (`under=c`) and, marked
/// `tunnel="true"`, under a field on both sides of it (`under=f`); a river
/// passes under a city (`under=c`), and so do the fields on its banks; of two
/// crossing roads or cities, JCloisterZone does not say which is on top, so
/// the later one in the file passes over the earlier (`over=r1` on `r2`).
///
/// A one-edge road to a monastery (garden, hut) that parts the fields beside
/// it runs to a wall: a river between its edge and the monastery, crossed on
/// a bridge.
fn crossings(fs: &[Feature], ends: &[End], i: usize) -> Vec<String> {
    let mut out = Vec::new();
    for (j, g) in fs.iter().enumerate().filter(|&(j, _)| j != i) {
        if let Some(word) = crossing(fs, ends, i, j) {
            out.push(format!("{word}={}", g.name));
        }
    }
    out
}

/// The attribute feature `i` takes for feature `j`, if they cross.
fn crossing(fs: &[Feature], ends: &[End], i: usize, j: usize) -> Option<&'static str> {
    let (f, g) = (&fs[i], &fs[j]);
    let walls_cross = || crosses(reach(fs, ends, i), reach(fs, ends, j));
    match (f.kind, g.kind) {
        (Kind::Road, Kind::River) => (walls_cross() || beyond(fs, ends, i, j)).then_some("over"),
        (Kind::Road, Kind::Road) | (Kind::City, Kind::City) if j < i => {
            walls_cross().then_some("over")
        }
        (Kind::Road, Kind::City) | (Kind::River, Kind::City) => walls_cross().then_some("under"),
        (Kind::Road, Kind::Field) => under_field(fs, ends, i, j).then_some("under"),
        (Kind::Field, Kind::City) => on_a_bank(fs, i, j).then_some("under"),
        _ => None,
    }
}

/// Whether one-edge road `i`, ending at a monastery and parting the fields
/// beside it, crosses river `j` on its way (the river runs on between them).
fn beyond(fs: &[Feature], ends: &[End], i: usize, j: usize) -> bool {
    let edgeless = |t: &usize| matches!(fs[*t].kind, Kind::Monastery | Kind::Garden | Kind::Hut);
    let to_monastery = ends
        .iter()
        .any(|e| e.segments.contains(&i) && e.targets.iter().any(edgeless));
    splits_its_field(fs, i)
        && to_monastery
        && fs[j].edges.count_ones() >= 2
        && fs[j].edges & fs[i].edges == 0
}

/// Whether road `i`, marked `tunnel="true"` and running on across the tile,
/// has field `j` on both sides of it: it passes under the field in its tunnel.
pub(super) fn under_field(fs: &[Feature], ends: &[End], i: usize, j: usize) -> bool {
    fs[i].tunnel
        && fs[i].edges.count_ones() > 1
        && fs[j].kind == Kind::Field
        && crate::graph::interleave(reach_ports(fs, ends, i), fs[j].ports())
}

/// Whether field `i` lies on both sides of city `c` beside a river that passes
/// under the city: a bank of the river, beneath the city's arch with it.
pub(super) fn on_a_bank(fs: &[Feature], i: usize, c: usize) -> bool {
    let river_under = fs
        .iter()
        .any(|v| v.kind == Kind::River && crosses(v.edges, fs[c].edges));
    river_under && crate::graph::interleave(fs[i].ports(), fs[c].ports())
}

/// Whether one-edge road `i` has different fields on its two sides: ending
/// at a feature without edges (a monastery), it then does not stop short of
/// every wall.
fn splits_its_field(fs: &[Feature], i: usize) -> bool {
    let edge = fs[i].edges.trailing_zeros();
    if fs[i].edges.count_ones() != 1 {
        return false;
    }
    let field_of = |half: u32| {
        fs.iter()
            .position(|f| f.kind == Kind::Field && f.halves & (1 << half) != 0)
    };
    let (left, right) = (field_of(2 * edge), field_of(2 * edge + 1));
    left.is_some() && right.is_some() && left != right
}

/// Notes on what the crossings assume or what JCloisterZone says of them.
fn crossing_notes(fs: &[Feature], ends: &[End]) -> Vec<String> {
    let mut notes = Vec::new();
    for (i, c) in fs.iter().enumerate().filter(|(_, f)| f.kind == Kind::City) {
        for d in fs[..i].iter().filter(|d| d.kind == Kind::City) {
            if crosses(c.edges, d.edges) {
                notes.push(format!("JCloisterZone crosses cities {} and {} without saying which passes over: assumed {} on a bridge over {}.", d.name, c.name, c.name, d.name));
            }
        }
    }
    for (i, f) in fs.iter().enumerate().filter(|(_, f)| f.kind == Kind::Road) {
        for (j, g) in fs.iter().enumerate().take(i) {
            if g.kind == Kind::Road && crosses(reach(fs, ends, i), reach(fs, ends, j)) {
                notes.push(format!("JCloisterZone crosses roads {} and {} without saying which passes over: assumed {} on a bridge over {}.", g.name, f.name, f.name, g.name));
            }
        }
        let under = fs
            .iter()
            .any(|c| c.kind == Kind::City && crosses(reach(fs, ends, i), c.edges));
        if f.tunnel && under {
            notes.push(format!("JCloisterZone marks the tunnel of road {} tunnel=\"true\": its Tunnel expansion also counts the tunnel's mouths as portals.", f.name));
        }
    }
    notes
}

/// Whether two sets of edges interleave going round the tile (a road across a
/// river: JCloisterZone draws a bridge, the tile language writes `over=`).
pub(super) fn crosses(a: u8, b: u8) -> bool {
    let owners: Vec<bool> = (0..4)
        .filter(|e| (a | b) & (1 << e) != 0)
        .map(|e| a & (1 << e) != 0)
        .collect();
    let n = owners.len();
    a & b == 0 && (0..n).filter(|&i| owners[i] != owners[(i + 1) % n]).count() >= 4
}

/// Names segments by kind: `c` when a tile has one city, `c1 c2` when more.
fn name_features(tile: &mut Tile) {
    for kind in ORDER {
        let total = tile.features.iter().filter(|f| f.kind == kind).count();
        let of_kind = tile.features.iter_mut().filter(|f| f.kind == kind);
        for (n, f) in of_kind.enumerate() {
            f.name = match total {
                1 => kind.prefix().to_string(),
                _ => format!("{}{}", kind.prefix(), n + 1),
            };
        }
    }
}

/// Local tile ids: the JCloisterZone id without the expansion prefix every tile
/// shares (`BA/`), made a word of letters, digits and `-`, unique in the set.
pub(super) fn local_ids(tiles: &[Tile]) -> Vec<String> {
    let prefix = tiles
        .first()
        .and_then(|t| t.id.find('/').map(|i| &t.id[..=i]))
        .filter(|p| {
            tiles
                .iter()
                .all(|t| t.id.starts_with(p) && t.id.len() > p.len())
        })
        .unwrap_or("");
    let mut out: Vec<String> = Vec::new();
    // Ids taken, and per base id the next number to try: 2,000 ids that differ
    // only in punctuation are numbered in linear time.
    let mut taken = std::collections::HashSet::new();
    let mut next = std::collections::HashMap::new();
    for t in tiles {
        let base = local_id(&t.id[prefix.len()..]);
        let mut id = base.clone();
        let n = next.entry(base.clone()).or_insert(2);
        while taken.contains(&id) {
            id = format!("{base}-{n}");
            *n += 1;
        }
        taken.insert(id.clone());
        out.push(id);
    }
    out
}

/// A word of letters, digits and `-`: `+` (JCloisterZone's coat of arms) reads
/// `-plus`, every other character a `-`; runs of `-` are joined, ends trimmed.
pub fn local_id(id: &str) -> String {
    let mut s = String::new();
    for c in id.chars() {
        match c {
            c if c.is_ascii_alphanumeric() => s.push(c),
            '+' => s.push_str("-plus-"),
            _ => s.push('-'),
        }
    }
    let parts: Vec<&str> = s.split('-').filter(|p| !p.is_empty()).collect();
    match parts.is_empty() {
        true => "tile".into(),
        false => parts.join("-"),
    }
}

/// A set id from any text: a word that begins with a letter (`9lives` is
/// `set-9lives`), since a set id also names the set's engine table. The
/// `tilec/` name space of tilec's own add-on is dropped (`tilec/base` is `base`).
pub fn set_id_of(text: &str) -> String {
    let id = local_id(text.strip_prefix("tilec/").unwrap_or(text));
    match id.starts_with(|c: char| c.is_ascii_alphabetic()) {
        true => id,
        false => format!("set-{id}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_ids_begin_with_a_letter() {
        assert_eq!(set_id_of("9lives"), "set-9lives");
        assert_eq!(set_id_of("pack"), "pack");
        assert_eq!(set_id_of("tilec/base"), "base");
    }

    #[test]
    fn ids_become_words() {
        assert_eq!(local_id("Cccc+"), "Cccc-plus");
        assert_eq!(local_id("RI.1/CIRI"), "RI-1-CIRI");
        assert_eq!(local_id("C!"), "C");
        assert_eq!(local_id("__"), "tile");
        assert_eq!(quote("a\"b\\c\nd\re"), "\"a\\\"b\\\\c\\nd e\"");
    }
}
