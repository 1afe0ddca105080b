//! One set per JCloisterZone tile-set: its id, its tiles with their counts, its
//! requirements and removals, and the `sets.toml` that lists them.
//!
//! - Ids: a file with one set takes the id it is given (the file name, or
//!   `--set`); with several, each takes its tile-set's id made a valid set id
//!   (`basic:1` is `basic-1`, `river/2:1` is `river-2-1`, `gq11/river` is
//!   `gq11-river`). Two tile-sets that give the same id: the second is reported
//!   (`E410`) and not imported. The set's name is the title tilec's add-on
//!   writer gave it (`<expansions>`), else its tile-set's id.
//! - Tiles: a set holds every tile it counts, its own file's or another's (the
//!   Winter edition holds copies of the base game's tiles, each with a note
//!   naming the file it comes from): a tile-language set owns its tiles, as two
//!   editions of one game each hold the tiles they share.
//! - Requirements: every set but a base game requires the shipped `base`; a
//!   base game is a tile-set or file named `basic...`, or a set holding every
//!   tile of one of them (the Winter edition). `<requires expansion="RIVER"/>`
//!   adds the shipped set of that expansion (`river`), or the expansion's name
//!   in lower case where tilec ships none.
//! - Removals (`removes` in `sets.toml`): `<remove tile="RI.1/I.e"/>` is every
//!   copy of that tile in the other sets imported (River II removes the lake of
//!   both River I editions). A tile's `max` caps the copies that several
//!   tile-sets holding it add: when each holds `max` copies (both river
//!   editions' one spring), each later set removes the earlier sets' copies, so
//!   any choice of them plays `max`; any other `max` that a combination exceeds
//!   is reported (`E403`). A tile-set's own `max` is `max-copies`. A set that
//!   holds a spring and requires a shipped river set removes that set's
//!   spring: JCloisterZone plays one spring, and GQ11's replaces the River's.

use super::model::{RiverEnd, Tile, TileSet};
use super::resolve::Resolved;
use super::write::{self, local_ids, set_id_of};
use super::xml::Sink;
use crate::diagnostic::{Diagnostic, FileId, Span};
use crate::message::Kind as Msg;
use std::fmt::Write;
use tilec_runtime::EndKind;

/// One imported set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportedSet {
    /// The set id.
    pub id: String,
    /// Which of the files imported together it comes from (an index).
    pub file: usize,
    /// Its tile text, in the canonical layout.
    pub text: String,
    /// Its copies, counted.
    pub total: u32,
    /// The sets it is played with, for `sets.toml`.
    pub requires: Vec<String>,
    /// Tiles of other imported sets (full ids) a game with it leaves out.
    pub removes: Vec<String>,
    /// How many copies of it a game may hold (a tile-set's `max`).
    pub max_copies: Option<u32>,
    /// The local ids of its tiles refused at import (`E421`, `E411`): written
    /// as the file has them, they need not be checked again.
    pub refused: Vec<String>,
    /// Where each of its tiles comes from, in tile order.
    pub origins: Vec<Origin>,
}

/// The JCloisterZone tile a tile of an imported set was written from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// The tile's local id in the set's text.
    pub local: String,
    /// JCloisterZone's id of it (`HS/C!.v`).
    pub jcz: String,
    /// Its `<tile>` (or `<card>`) start tag, in the XML it is defined in.
    pub span: Span,
}

impl ImportedSet {
    /// Where its refused tiles are in its text, read as `file`: the whole
    /// `tile ... { ... }` of each. The check of an import leaves out what it
    /// finds there: the import has reported those tiles already.
    pub fn refused_spans(&self, file: FileId) -> Vec<Span> {
        if self.refused.is_empty() {
            return Vec::new();
        }
        let tiles = self.tile_spans(file);
        let refused = tiles.filter(|(local, _)| self.refused.iter().any(|r| r == local));
        refused.map(|(_, span)| span).collect()
    }

    /// Where each of its tiles is in its text, read as `file` (the whole
    /// `tile ... { ... }`), with the JCloisterZone tile it was written from.
    pub fn origin_spans(&self, file: FileId) -> Vec<(Span, &Origin)> {
        let tiles = self.tile_spans(file);
        let found = tiles.filter_map(|(local, span)| {
            let origin = self.origins.iter().find(|o| o.local == local)?;
            Some((span, origin))
        });
        found.collect()
    }

    /// Each `tile` statement of its text, read as `file`: its local id and span.
    fn tile_spans(&self, file: FileId) -> impl Iterator<Item = (String, Span)> {
        let (ast, _) = crate::syntax::parse(file, &self.text);
        let local = |s: &crate::ast::Stmt| ast.args_of(s).get(1).map(|a| ast.slice(a.range));
        let tiles: Vec<(String, Span)> = ast
            .top_level()
            .iter()
            .filter(|s| ast.keyword(s) == "tile")
            .filter_map(|s| Some((local(s)?.to_string(), ast.span(s.range))))
            .collect();
        tiles.into_iter()
    }
}

/// What each file is: its id in the sources, its name, the id of its set when
/// it has one.
pub struct Files<'a> {
    /// File ids, per file.
    pub ids: &'a [FileId],
    /// Names as given (notes name the file a copied tile comes from).
    pub names: &'a [&'a str],
    /// The set id of a file with one set, per file.
    pub given: &'a [&'a str],
}

/// One copy of a JCloisterZone tile in an imported set.
struct Copy {
    set: usize,
    local: String,
    count: u32,
}

/// Writes each tile-set as a set.
pub fn write_all(
    files: &Files<'_>,
    all: &Resolved,
    diags: &mut Vec<Diagnostic>,
) -> Vec<ImportedSet> {
    let mut out: Vec<ImportedSet> = Vec::new();
    let mut firsts: Vec<&str> = Vec::new();
    let mut copies: Vec<Vec<Copy>> = (0..all.tiles.len()).map(|_| Vec::new()).collect();
    let mut written: Vec<&TileSet> = Vec::new();
    for set in &all.sets {
        let mut sink = Sink {
            file: files.ids[set.file],
            diags,
        };
        let several = all.sets.iter().filter(|s| s.file == set.file).count() > 1;
        let name = match (several, &set.id) {
            (true, Some(id)) => id.as_str(),
            _ => files.given[set.file],
        };
        let id = set_id_of(name);
        if let Some(i) = out.iter().position(|s| s.id == id) {
            let kind = Msg::JczSetIdClash {
                id: name.into(),
                first: firsts[i].into(),
                set: id,
            };
            sink.push(kind, set.span);
            continue;
        }
        let counted: Vec<Tile> = set
            .refs
            .iter()
            .map(|&(i, n)| copy(all, files, set, i, n))
            .collect();
        for (&(i, n), local) in set.refs.iter().zip(local_ids(&counted)) {
            copies[i].push(Copy {
                set: out.len(),
                local,
                count: n,
            });
        }
        let total = set.refs.iter().map(|r| r.1).fold(0, u32::saturating_add);
        let titled = all
            .titles
            .iter()
            .find(|(f, s, _)| *f == set.file && set.id.as_ref() == Some(s));
        // The set's name: its title, else its tile-set's id when the file has several, else its id.
        let title = match (titled, several) {
            (Some((_, _, t)), _) => t.as_str(),
            (None, true) => name,
            (None, false) => id.as_str(),
        };
        let origins = counted
            .iter()
            .zip(local_ids(&counted))
            .map(|(t, local)| Origin {
                local,
                jcz: t.id.clone(),
                span: t.span,
            })
            .collect();
        let (mut text, refused) = write::write(&id, title, counted, &mut sink);
        let mut total = total;
        if abbeys(set.id.as_deref().unwrap_or(files.given[set.file])) {
            text.push_str(ABBEY);
            total = total.saturating_add(ABBEYS);
        }
        let text = super::canonical(text);
        let base = set.id.as_deref().unwrap_or(files.given[set.file]);
        out.push(ImportedSet {
            requires: requires(base, &set.requires, is_base_game(all, set, files)),
            id,
            file: set.file,
            text,
            total,
            removes: Vec::new(),
            max_copies: set.max,
            refused,
            origins,
        });
        firsts.push(name);
        written.push(set);
    }
    removals(&mut out, &written, &copies, all, diags);
    replaced_springs(&mut out, &written, all);
    out
}

/// How many abbeys JCloisterZone's Abbey & Mayor gives (one per player, six
/// players at most).
const ABBEYS: u32 = 6;

/// JCloisterZone's abbey, which its engine makes in code (`AbbeyCapability`:
/// a monastery and four abbey edges, id `AM/A`), not in its tile file.
const ABBEY: &str = "\ntile A \"AM/A\" {\n  count 6\n  mark abbey\n  monastery m\n  \
    note \"JCloisterZone's abbey: its engine makes it (AbbeyCapability), one for each player; it is in no tile file.\"\n}\n";

/// Whether a tile-set is Abbey & Mayor's (`abbey-and-mayor:1`, `:2`), whose
/// abbeys JCloisterZone adds to a game.
fn abbeys(tile_set: &str) -> bool {
    tile_set.starts_with("abbey-and-mayor")
}

/// Tile `i` with `n` copies, as set `set` holds it: a tile of another file
/// notes where it comes from.
fn copy(all: &Resolved, files: &Files<'_>, set: &TileSet, i: usize, n: u32) -> Tile {
    let mut t = Tile {
        count: Some(n),
        ..all.tiles[i].clone()
    };
    let from = all.origin[i];
    if from != set.file {
        let name = files.names[from];
        let file = name.rsplit(['/', '\\']).next().unwrap_or(name);
        t.notes
            .push(format!("Defined in `{file}`, imported with this file."));
    }
    t
}

/// Whether `set` is a base game: named so (`basic:1`), or holding every tile of
/// another tile-set named so, at least as many copies of each.
fn is_base_game(all: &Resolved, set: &TileSet, files: &Files<'_>) -> bool {
    let named = |s: &TileSet| {
        let name = s.id.as_deref().unwrap_or(files.given[s.file]);
        let first = name.split(['/', ':']).next().unwrap_or(name);
        first.eq_ignore_ascii_case("basic")
    };
    let holds = |b: &TileSet| {
        b.refs
            .iter()
            .all(|&(i, n)| set.refs.iter().any(|&(j, m)| i == j && m >= n))
    };
    named(set)
        || all
            .sets
            .iter()
            .any(|b| !std::ptr::eq(b, set) && named(b) && !b.refs.is_empty() && holds(b))
}

/// Each set's `removes`: from its `<remove>`s, and from the `max` of tiles that
/// several sets hold.
fn removals(
    out: &mut [ImportedSet],
    written: &[&TileSet],
    copies: &[Vec<Copy>],
    all: &Resolved,
    diags: &mut Vec<Diagnostic>,
) {
    let full = |out: &[ImportedSet], c: &Copy| format!("{}/{}", out[c.set].id, c.local);
    for (k, set) in written.iter().enumerate() {
        for &(t, span) in &set.removes {
            if copies[t].iter().any(|c| c.set == k) {
                let kind = Msg::JczRemovesOwnTile {
                    tile: all.tiles[t].id.clone(),
                    set: set.id.clone().unwrap_or_else(|| out[k].id.clone()),
                };
                diags.push(Diagnostic::new(kind, span));
                continue;
            }
            let ids: Vec<String> = copies[t].iter().map(|c| full(out, c)).collect();
            push_new(&mut out[k].removes, ids);
        }
    }
    for (t, held) in copies.iter().enumerate() {
        let Some((max, span)) = all.maxes[t] else {
            continue;
        };
        let sum = held.iter().map(|c| c.count).fold(0, u32::saturating_add);
        if held.len() < 2 || sum <= max {
            continue;
        }
        if held.iter().any(|c| c.count != max) {
            let kind = Msg::JczAttribute {
                attribute: format!("max=\"{max}\""),
                element: "tile".into(),
            };
            diags.push(Diagnostic::new(kind, span));
            continue;
        }
        for (j, later) in held.iter().enumerate().skip(1) {
            let earlier: Vec<String> = held[..j].iter().map(|c| full(out, c)).collect();
            push_new(&mut out[later.set].removes, earlier);
        }
    }
}

/// JCloisterZone plays one spring, the start tile, and takes the others out of
/// the game (its river capability removes the unused springs); a game with
/// GQ11's river tiles starts at GQ11's spring by default. So a set that holds
/// a spring and requires a shipped river set replaces that set's spring: it
/// removes it, and the river it extends keeps one spring (E302).
fn replaced_springs(out: &mut [ImportedSet], written: &[&TileSet], all: &Resolved) {
    let shipped = &crate::sets::shipped_model().model;
    for (k, set) in written.iter().enumerate() {
        let spring = |&(i, _): &(usize, u32)| all.tiles[i].river_end == Some(RiverEnd::Spring);
        if !set.refs.iter().any(spring) {
            continue;
        }
        let springs: Vec<String> = shipped
            .sets
            .iter()
            .filter(|s| s.river && out[k].requires.contains(&s.id))
            .flat_map(|s| &s.tiles)
            .filter(|t| t.ends.iter().any(|e| e.end.kind == EndKind::Spring))
            .map(|t| t.id.clone())
            .collect();
        push_new(&mut out[k].removes, springs);
    }
}

fn push_new(into: &mut Vec<String>, ids: Vec<String>) {
    for id in ids {
        if !into.contains(&id) {
            into.push(id);
        }
    }
}

/// The sets a tile-set named `name` requires, with `<requires>` naming
/// `expansions`; a base game requires no `base`.
fn requires(name: &str, expansions: &[String], base_game: bool) -> Vec<String> {
    let first = name.split(['/', ':']).next().unwrap_or(name);
    let mut out: Vec<String> = Vec::new();
    if !base_game && !first.eq_ignore_ascii_case("basic") {
        out.push("base".into());
    }
    for e in expansions {
        let id = shipped_id(e);
        if !out.contains(&id) {
            out.push(id);
        }
    }
    out
}

/// The shipped set of a JCloisterZone expansion name (`RIVER` is `river`).
fn shipped_id(expansion: &str) -> String {
    let id = set_id_of(&expansion.to_ascii_lowercase().replace('_', "-"));
    match id.as_str() {
        "basic" => "base".into(),
        "russian-promos" => "promos".into(),
        _ => id,
    }
}

/// The `sets.toml` of the imported sets: each one's total, requirements,
/// removals and `max-copies`.
pub fn sets_toml(sets: &[ImportedSet]) -> String {
    let mut out =
        String::from("# Written by tilec import-jcz: each set's total and the sets it requires.\n");
    let list = |ids: &[String]| {
        let quoted: Vec<String> = ids.iter().map(|r| format!("\"{r}\"")).collect();
        format!("[{}]", quoted.join(", "))
    };
    for s in sets {
        let _ = write!(out, "\n[[set]]\nid = \"{}\"\ntotal = {}\n", s.id, s.total);
        if !s.requires.is_empty() {
            let _ = writeln!(out, "requires = {}", list(&s.requires));
        }
        if !s.removes.is_empty() {
            let _ = writeln!(out, "removes = {}", list(&s.removes));
        }
        if let Some(n) = s.max_copies {
            let _ = writeln!(out, "max-copies = {n}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_set_but_a_base_game_requires_base_and_what_it_names() {
        assert!(requires("basic:1", &[], false).is_empty());
        assert!(requires("winter", &[], true).is_empty());
        assert_eq!(requires("winter", &[], false), ["base"]);
        assert_eq!(requires("river/2:1", &[], false), ["base"]);
        assert_eq!(
            requires("gq11/river", &["RIVER".into()], false),
            ["base", "river"]
        );
        assert_eq!(requires("x", &["BASIC".into()], false), ["base"]);
    }
}
