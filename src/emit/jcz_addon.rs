//! `emit`: Model → a JCloisterZone add-on directory (`tilec build --jcz-addon DIR`),
//! in the layout the client's add-on loader reads (`jcz-addon.json`, then the
//! expansion XML it names and the artwork directories it lists):
//!
//! ```text
//! jcz-addon.json              title, version, minimumJczVersion, expansions, artworks
//! tilec.xml                   the tiles and tile-sets (emit::jcz, with emit::jcz_play's start
//!                             tiles and game elements) and one <expansion> per set
//! tilec/artwork.json          the artwork: tile size, where features and tiles are described
//! tilec/jsons/features.json   per place a figure can stand: a clip path and a point
//! tilec/jsons/tiles.json      per tile: its image and, per feature location, its feature
//! tilec/tiles/SET/TILE.png    tilec's preview of each tile
//! ```
//!
//! Tile and tile-set ids carry [`ID_PREFIX`] in the add-on, so that they never
//! meet JCloisterZone's own; enclosed fields are `I`, `II`, ... as the XML names them.
//! The artwork (clips and points of every place the engine can report) is
//! `emit::jcz_art`'s.

use super::jcz_play;
use crate::emit::xml::escape;
use crate::model::Set;
use serde_json::{json, Value};

/// Files of the add-on: (path relative to its directory, bytes).
pub type Files = Vec<(String, Vec<u8>)>;

/// The JCloisterZone version whose add-on format this follows.
const MINIMUM_JCZ: &str = "5.10.0";

/// What every tile-set and tile id of the add-on starts with. JCloisterZone
/// keys tile-sets and tiles by id across every file it loads (its own files
/// have a `festival` tile-set, and tile ids starting `CO/` or `TU/` switch on
/// rules), so ours live in a name space of their own there.
pub const ID_PREFIX: &str = "tilec/";

/// Every file of the add-on for `sets`, and what the XML could not say. A set
/// JCloisterZone cannot play ([`jcz_play::refusal`]) is left out: the caller
/// names it. Each tile-set counts and removes what a game of it needs of
/// JCloisterZone's own tiles to start ([`jcz_play::foreign`]).
pub fn addon(sets: &[&Set]) -> (Files, Vec<(String, Vec<String>)>) {
    let sets: Vec<&Set> = played(sets);
    let sets = &sets[..];
    let mut notes = Vec::new();
    let mut foreign = Vec::new();
    let named: Vec<Set> = sets
        .iter()
        .map(|s| {
            let extends = extends_river(s, sets);
            let (f, start_copy) = jcz_play::foreign(s, extends);
            notes.extend(jcz_play::notes(s, extends));
            foreign.push(f);
            in_addon_space(s, start_copy.as_deref())
        })
        .collect();
    let export = super::jcz::export_with(&named.iter().collect::<Vec<_>>(), &foreign);
    let mut files = Files::new();
    let names: Vec<&str> = sets.iter().map(|s| s.name.as_str()).collect();
    let manifest = json!({
        "title": format!("tilec: {}", names.join(", ")),
        "maintainer": null,
        "version": 1,
        "minimumJczVersion": MINIMUM_JCZ,
        "expansions": ["tilec.xml"],
        "artworks": ["tilec"],
    });
    files.push(("jcz-addon.json".into(), pretty(&manifest)));
    files.push((
        "tilec.xml".into(),
        with_expansions(&export.xml, sets).into_bytes(),
    ));
    files.extend(super::jcz_art::artwork(sets, &named));
    let lost = export.lost.into_iter().chain(notes).map(|(id, what)| {
        let id = id
            .strip_prefix(ID_PREFIX)
            .map_or(id.clone(), str::to_string);
        (id, what)
    });
    (files, lost.collect())
}

/// The sets JCloisterZone can play: `sets` but those [`jcz_play::refusal`] refuses.
pub fn played<'s>(sets: &[&'s Set]) -> Vec<&'s Set> {
    let ok = sets.iter().filter(|s| jcz_play::refusal(s).is_none());
    ok.copied().collect()
}

/// Whether river set `set` extends another river set of `sets`, or the
/// shipped River (`requires`): it is then played with that one's start.
pub fn extends_river(set: &Set, sets: &[&Set]) -> bool {
    let river = |id: &String| sets.iter().any(|s| s.river && &s.id == id) || id == "river";
    set.river && set.relations.requires.iter().any(river)
}

/// `set` with its id and its tiles' ids in the add-on's name space, and
/// `start_copy` (a tile id) one copy fewer: JCloisterZone's own start tile is
/// that copy.
fn in_addon_space(set: &Set, start_copy: Option<&str>) -> Set {
    let mut named = set.clone();
    named.id = format!("{ID_PREFIX}{}", set.id);
    for tile in &mut named.tiles {
        if Some(tile.id.as_str()) == start_copy {
            tile.count -= 1;
        }
        // The add-on says the start its own way (`jcz_play::foreign`).
        tile.start = false;
        tile.id = format!("{ID_PREFIX}{}", tile.id);
    }
    for id in &mut named.relations.removes {
        *id = format!("{ID_PREFIX}{id}");
    }
    named
}

/// The tile XML with an `<expansion>` per set before `</defs>`: what the
/// client lists in its game setup.
fn with_expansions(xml: &str, sets: &[&Set]) -> String {
    let mut block = String::from("  <expansions>\n");
    for set in sets {
        let id: String = set
            .id
            .chars()
            .map(|c| match c.is_ascii_alphanumeric() {
                true => c.to_ascii_uppercase(),
                false => '_',
            })
            .collect();
        let title = escape(&set.name);
        let tile_set = escape(&format!("{ID_PREFIX}{}", set.id));
        block.push_str(&format!(
            "    <expansion id=\"TILEC_{id}\">\n      <title>{title}</title>\n      <ref tile-set=\"{tile_set}\" />\n"
        ));
        // The engine plays a rule only when its element is in the game's
        // setup, which the client fills from the expansions chosen.
        for (tag, element) in jcz_play::elements(set) {
            block.push_str(&format!("      <{tag} element=\"{element}\" />\n"));
        }
        block.push_str("    </expansion>\n");
    }
    block.push_str("  </expansions>\n</defs>\n");
    match xml.rfind("</defs>") {
        Some(at) => format!("{}{block}", &xml[..at]),
        None => xml.to_string(),
    }
}

fn pretty(v: &Value) -> Vec<u8> {
    let mut s = serde_json::to_string_pretty(v).unwrap_or_default();
    s.push('\n');
    s.into_bytes()
}
