//! Refs across the files imported together (`tilec import-jcz A.xml B.xml`):
//! JCloisterZone loads every tile file into one namespace of tile ids, and a
//! tile-set may count another file's tiles (the Winter edition, `winter.xml`,
//! counts the base game's `BA/...` tiles of `basic.xml`).
//!
//! - A tile id is defined once among the files; a second definition is
//!   reported (`E407`) and skipped.
//! - A ref or remove names a tile of any of the files; one that names none is
//!   reported (`E408`), with the JCloisterZone file that defines tiles of its
//!   prefix when that is one of JCloisterZone's own (`BA/` is `basic.xml`).
//! - A file without tile-sets is one set of all its tiles, each counting itself.
//!   A tile of a file with tile-sets that none of the files' tile-sets counts
//!   joins its file's first tile-set if it has a `count`, and is reported
//!   (`E409`) otherwise.

use super::model::{Tile, TileSet};
use super::read::{File, Named};
use crate::diagnostic::{Diagnostic, Span};
use crate::message::Kind as Msg;
use std::collections::HashMap;

/// JCloisterZone's own tile files, by the prefix of their tile ids (before the
/// `/`, and before a `.` in it: `RI.2/` is the river's).
const JCZ_FILES: &[(&str, &str)] = &[
    ("AM", "abbey_and_mayor.xml"),
    ("BA", "basic.xml"),
    ("BB", "bridges_castles_and_bazaars.xml"),
    ("BT", "under_the_big_top.xml"),
    ("CC", "corn_circles.xml"),
    ("CO", "count.xml"),
    ("CU", "cult.xml"),
    ("DA", "darmstadt.xml"),
    ("DG", "princess_and_dragon.xml"),
    ("FE", "festival.xml"),
    ("FL", "flier.xml"),
    ("FR", "ferries.xml"),
    ("GO", "goldmines.xml"),
    ("GQ", "gq11.xml"),
    ("HS", "hills_and_sheep.xml"),
    ("IC", "inns_and_cathedrals.xml"),
    ("KR", "king_and_robber.xml"),
    ("LA", "labyrinth.xml"),
    ("MO", "monasteries.xml"),
    ("MW", "mage_and_witch.xml"),
    ("RI", "river.xml"),
    ("RU", "russian_promos.xml"),
    ("SD", "spiel-doch.xml"),
    ("SI", "siege.xml"),
    ("TB", "traders_and_builders.xml"),
    ("TO", "tower.xml"),
    ("TU", "tunnel.xml"),
    ("WI", "winter.xml"),
    ("WR", "wind_roses.xml"),
    ("WT", "watchtowers.xml"),
];

/// The JCloisterZone file that defines tiles with this id's prefix, if any.
pub fn defined_in(id: &str) -> Option<&'static str> {
    let (prefix, _) = id.split_once('/')?;
    let prefix = prefix.split('.').next().unwrap_or(prefix);
    JCZ_FILES
        .iter()
        .find(|(p, _)| *p == prefix)
        .map(|(_, f)| *f)
}

/// Every file's tiles and tile-sets, resolved.
#[derive(Debug, Default)]
pub struct Resolved {
    /// The tiles of all the files, in file order (duplicates left out).
    pub tiles: Vec<Tile>,
    /// Per tile, the file (index) that defines it.
    pub origin: Vec<usize>,
    /// Per tile, its `max` and where the attribute is.
    pub maxes: Vec<Option<(u32, Span)>>,
    /// Every tile-set, file by file.
    pub sets: Vec<TileSet>,
    /// `<expansions>` titles: (file, tile-set id, title).
    pub titles: Vec<(usize, String, String)>,
}

/// Resolves the refs of `files` over all of them.
pub fn resolve(files: Vec<File>, diags: &mut Vec<Diagnostic>) -> Resolved {
    let mut out = Resolved::default();
    let mut by_id: HashMap<String, usize> = HashMap::new();
    // Per file, the global index of each of its tiles (`None`: a duplicate).
    let mut local: Vec<Vec<Option<usize>>> = Vec::new();
    let mut pending = Vec::new();
    for (f, file) in files.into_iter().enumerate() {
        let mut mine = Vec::new();
        for (t, max) in file.tiles.into_iter().zip(file.maxes) {
            if by_id.contains_key(&t.id) {
                let kind = Msg::JczDuplicateTile { id: t.id.clone() };
                diags.push(Diagnostic::new(kind, t.span));
                mine.push(None);
                continue;
            }
            by_id.insert(t.id.clone(), out.tiles.len());
            mine.push(Some(out.tiles.len()));
            out.tiles.push(t);
            out.origin.push(f);
            out.maxes.push(max);
        }
        local.push(mine);
        let titles = file.titles.into_iter().map(|(s, t)| (f, s, t));
        out.titles.extend(titles);
        pending.extend(file.sets.into_iter().map(|s| (f, s)));
    }
    let find = |n: &Named, diags: &mut Vec<Diagnostic>| {
        let found = by_id.get(&n.id).copied();
        if found.is_none() {
            let kind = Msg::JczUnknownTile {
                id: n.id.clone(),
                file: defined_in(&n.id).map(String::from),
            };
            diags.push(Diagnostic::new(kind, n.span));
        }
        found
    };
    for (f, p) in pending {
        let mut refs: Vec<(usize, u32)> = Vec::new();
        for r in &p.refs {
            let Some(i) = find(r, diags) else { continue };
            match refs.iter_mut().find(|x| x.0 == i) {
                Some(x) => x.1 = x.1.saturating_add(r.count),
                None => refs.push((i, r.count)),
            }
        }
        if p.id.is_none() {
            let own = local[f].iter().flatten();
            refs = own.map(|&i| (i, out.tiles[i].count.unwrap_or(1))).collect();
        }
        // Its own file's tiles in file order, then the others' as referred to.
        let position = |i: usize| p.refs.iter().position(|r| by_id.get(&r.id) == Some(&i));
        refs.sort_by_key(|&(i, _)| match out.origin[i] == f {
            true => (0, i),
            false => (1, position(i).unwrap_or(usize::MAX)),
        });
        let removes = p
            .removes
            .iter()
            .filter_map(|r| find(r, diags).map(|i| (i, r.span)))
            .collect();
        out.sets.push(TileSet {
            id: p.id,
            span: p.span,
            file: f,
            refs,
            removes,
            requires: p.requires,
            max: p.max,
        });
    }
    orphans(&mut out, diags);
    out
}

/// Tiles that no tile-set counts: into their file's first tile-set with a
/// `count` of their own, reported without one.
fn orphans(out: &mut Resolved, diags: &mut Vec<Diagnostic>) {
    for (i, t) in out.tiles.iter().enumerate() {
        if out.sets.iter().any(|s| s.refs.iter().any(|r| r.0 == i)) {
            continue;
        }
        let first = out.sets.iter_mut().find(|s| s.file == out.origin[i]);
        match (t.count, first) {
            (Some(n), Some(set)) => set.refs.push((i, n)),
            _ => diags.push(Diagnostic::new(
                Msg::JczNoCount { id: t.id.clone() },
                t.span,
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_name_jczs_files() {
        assert_eq!(defined_in("BA/L"), Some("basic.xml"));
        assert_eq!(defined_in("RI.2/I.v"), Some("river.xml"));
        assert_eq!(defined_in("SI.BE/C"), Some("siege.xml"));
        assert_eq!(defined_in("XX/C"), None);
        assert_eq!(defined_in("C"), None);
    }
}
