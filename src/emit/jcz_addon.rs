//! `emit`: Model → a JCloisterZone add-on directory (`tilec build --jcz-addon DIR`),
//! in the layout the client's add-on loader reads (`jcz-addon.json`, then the
//! expansion XML it names and the artwork directories it lists):
//!
//! ```text
//! jcz-addon.json              title, version, minimumJczVersion, expansions, artworks
//! tilec.xml                   the tiles and tile-sets (emit::jcz) and one <expansion> per set
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

use crate::emit::xml::escape;
use crate::model::Set;
use serde_json::{json, Value};
use tilec_runtime::{EndKind, MarkKind};

/// Files of the add-on: (path relative to its directory, bytes).
pub type Files = Vec<(String, Vec<u8>)>;

/// The JCloisterZone version whose add-on format this follows.
const MINIMUM_JCZ: &str = "5.10.0";

/// What every tile-set and tile id of the add-on starts with. JCloisterZone
/// keys tile-sets and tiles by id across every file it loads (its own files
/// have a `festival` tile-set, and tile ids starting `CO/` or `TU/` switch on
/// rules), so ours live in a name space of their own there.
pub const ID_PREFIX: &str = "tilec/";

/// Every file of the add-on for `sets`, and what the XML could not say.
pub fn addon(sets: &[&Set]) -> (Files, Vec<(String, Vec<String>)>) {
    let named: Vec<Set> = sets.iter().map(|s| in_addon_space(s)).collect();
    let export = super::jcz::export(&named.iter().collect::<Vec<_>>());
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
    let lost = export.lost.into_iter().map(|(id, what)| {
        let id = id
            .strip_prefix(ID_PREFIX)
            .map_or(id.clone(), str::to_string);
        (id, what)
    });
    (files, lost.collect())
}

/// `set` with its id and its tiles' ids in the add-on's name space.
fn in_addon_space(set: &Set) -> Set {
    let mut named = set.clone();
    named.id = format!("{ID_PREFIX}{}", set.id);
    for tile in &mut named.tiles {
        tile.id = format!("{ID_PREFIX}{}", tile.id);
    }
    named
}

/// A game element an expansion switches on: the engine plays a rule only when
/// its element is in the game's setup, which the client fills from the
/// expansions chosen (`enforces`: always, `implies`: by default), as its own
/// River, Festival, Russian Promos and Tunnel do.
struct ElementRow {
    used: fn(&Set) -> bool,
    tag: &'static str,
    element: &'static str,
}

const ELEMENTS: &[ElementRow] = &[
    ElementRow {
        used: |set| set.river,
        tag: "enforces",
        element: "river",
    },
    ElementRow {
        used: |set| has_mark(set, &[MarkKind::Festival]),
        tag: "implies",
        element: "festival",
    },
    ElementRow {
        used: |set| has_mark(set, &[MarkKind::TrapLake, MarkKind::Tree]),
        tag: "enforces",
        element: "russian-trap",
    },
    // A portal (`tunnel="true"` on a one-edge road) needs the engine's tunnel
    // tokens; JCloisterZone's Tunnel implies them too. Its engine plays portals
    // of tiles outside that expansion only with the rule "tunnelize other
    // expansions" (docs/export-jcz.md).
    ElementRow {
        used: |set| {
            let ends = set.tiles.iter().flat_map(|t| &t.ends);
            ends.into_iter().any(|e| e.end.kind == EndKind::Tunnel)
        },
        tag: "implies",
        element: "tunnel",
    },
];

fn has_mark(set: &Set, kinds: &[MarkKind]) -> bool {
    let marks = set.tiles.iter().flat_map(|t| &t.marks);
    marks.into_iter().any(|m| kinds.contains(&m.kind))
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
        for row in ELEMENTS.iter().filter(|r| (r.used)(set)) {
            let (tag, element) = (row.tag, row.element);
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
