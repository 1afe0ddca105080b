//! `emit`: Model → a JCloisterZone add-on directory (`tilec build --jcz-addon DIR`),
//! in the layout the client's add-on loader reads (`jcz-addon.json`, then the
//! expansion XML it names and the artwork directories it lists):
//!
//! ```text
//! jcz-addon.json              title, version, minimumJczVersion, expansions, artworks
//! tilec.xml                   the tiles and tile-sets (emit::jcz, with emit::jcz_play's start
//!                             tiles and game elements) and one <expansion> per set
//! tilec/artwork.json          the artwork: tile size, where features and tiles are described
//! tilec/jsons/features.json   per segment: a clip path and a meeple point
//! tilec/jsons/tiles.json      per tile: its image and, per feature location, its feature
//! tilec/tiles/SET/TILE.png    tilec's preview of each tile
//! ```
//!
//! Tile and tile-set ids carry [`ID_PREFIX`] in the add-on, so that they never
//! meet JCloisterZone's own; enclosed fields are `I`, `II`, ... as the XML names them.
//!
//! Clip paths and points are in the tile's pixel units (`tileSize` is the
//! preview's side) and come from the layout the preview is painted from
//! (`emit::png::areas`). A feature is keyed as the client looks it up:
//! `Type/Location`, with JCloisterZone's type names (`City`, `Road`, `Field`,
//! `Monastery`, `Garden`, `River`, `YagaHut`) and location names (`N`, `NE`,
//! `WE`, `_S` for all but south, `NWSE`; fields by half edges `NL.NR`, `I`,
//! `II`, ... when enclosed; buildings `I`).

use super::jcz_play;
use crate::emit::html::file_stem;
use crate::emit::png::{self, TILE_PX};
use crate::model::{Set, Tile};
use serde_json::{json, Map, Value};
use tilec_runtime::SegmentKind;

/// Files of the add-on: (path relative to its directory, bytes).
pub type Files = Vec<(String, Vec<u8>)>;

/// The JCloisterZone version whose add-on format this follows.
const MINIMUM_JCZ: &str = "5.10.0";

/// JCloisterZone's feature type name per segment kind (a kind without a row
/// gets no artwork entry; the XML reports it lost).
const TYPES: &[(SegmentKind, &str)] = &[
    (SegmentKind::City, "City"),
    (SegmentKind::Road, "Road"),
    (SegmentKind::Field, "Field"),
    (SegmentKind::Monastery, "Monastery"),
    (SegmentKind::Garden, "Garden"),
    (SegmentKind::River, "River"),
    (SegmentKind::Hut, "YagaHut"),
];

/// JCloisterZone's name of each set of whole edges (bit 0 N, 1 E, 2 S, 3 W).
const EDGE_LOCATIONS: [&str; 16] = [
    "", "N", "E", "NE", "S", "NS", "SE", "_W", "W", "NW", "WE", "_S", "SW", "_E", "_N", "NWSE",
];

/// Half-edge names and their ports, and the enclosed fields' names: the export's own tables.
use super::jcz::HALVES;

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
    let mut features = Map::new();
    let mut tiles = Map::new();
    let mut icon = None;
    for (set, named) in sets.iter().zip(&named) {
        let drawn = set.tiles.iter().zip(&named.tiles);
        for (tile, named) in drawn.filter(|(t, _)| !t.is_wildcard()) {
            let image = format!(
                "tiles/{}/{}.png",
                file_stem(&set.id),
                file_stem(local(tile))
            );
            icon.get_or_insert_with(|| image.clone());
            let rt = tile.to_runtime();
            files.push((
                format!("tilec/{image}"),
                png::encode_png(&png::render_tile(&rt, 0)),
            ));
            let mut by_location = Map::new();
            let areas = png::areas(&rt, TILE_PX);
            let keyed = tile.segments.iter().zip(location_keys(tile)).zip(areas);
            for (n, ((seg, key), area)) in keyed.enumerate() {
                let Some(key) = key else {
                    continue;
                };
                // The engine offers every feature of the XML to a figure, so one
                // the preview does not paint still needs a place to click.
                let area = area.unwrap_or_else(|| unpainted(n));
                let id = format!("{}:{}", named.id, seg.name);
                let point = [area.point.0, area.point.1];
                features.insert(id.clone(), json!({ "clip": area.clip, "point": point }));
                by_location.insert(key, Value::String(id));
            }
            tiles.insert(
                named.id.clone(),
                json!({ "image": image, "features": by_location }),
            );
        }
    }
    let mut artwork = json!({
        "title": "tilec previews",
        "description": "Tile pictures drawn by tilec from the tile text",
        "perspective": "rotate",
        "tileSize": TILE_PX,
        "featuresInclude": ["jsons/features.json"],
        "tilesInclude": ["jsons/tiles.json"],
    });
    if let Some(icon) = icon {
        artwork["icon"] = Value::String(icon);
    }
    files.push(("tilec/artwork.json".into(), pretty(&artwork)));
    files.push((
        "tilec/jsons/features.json".into(),
        pretty(&Value::Object(features)),
    ));
    files.push((
        "tilec/jsons/tiles.json".into(),
        pretty(&Value::Object(tiles)),
    ));
    let lost = export.lost.into_iter().chain(notes).map(|(id, what)| {
        let id = id
            .strip_prefix(ID_PREFIX)
            .map_or(id.clone(), str::to_string);
        (id, what)
    });
    (files, lost.collect())
}

/// A small square for the `n`th segment of a tile that the preview does not
/// paint (an enclosed field inside a city of four edges), along the diagonal.
fn unpainted(n: usize) -> png::Area {
    let side = TILE_PX / 8;
    let at = (TILE_PX / 4 + (n as u32 * side) % (TILE_PX / 2)).min(TILE_PX - side);
    png::Area {
        clip: format!("M{at} {at}H{}V{}H{at}Z", at + side, at + side),
        point: (at + side / 2, at + side / 2),
    }
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

/// The tile's id within its set (`D` of `base/D`).
fn local(tile: &Tile) -> &str {
    tile.id.split_once('/').map_or(tile.id.as_str(), |(_, l)| l)
}

/// `Type/Location` of each segment, as JCloisterZone's client looks it up
/// (`None` for a kind it has no type for). Enclosed fields are numbered in
/// segment order, as the XML numbers them (`I`, `II`, ...).
fn location_keys(tile: &Tile) -> Vec<Option<String>> {
    let mut inner = 0;
    let keys = tile.segments.iter().map(|seg| {
        let (_, ty) = TYPES.iter().find(|(k, _)| *k == seg.kind)?;
        let loc = match seg.kind {
            SegmentKind::City | SegmentKind::Road | SegmentKind::River => {
                let mask = (0..4).filter(|e| seg.ports & (1 << (3 * e + 1)) != 0);
                EDGE_LOCATIONS[mask.fold(0, |m, e| m | (1 << e))].to_string()
            }
            SegmentKind::Field => {
                let halves: Vec<&str> = HALVES
                    .iter()
                    .filter(|(_, p)| seg.ports & (1 << p) != 0)
                    .map(|(n, _)| *n)
                    .collect();
                match halves.is_empty() {
                    true => {
                        inner += 1;
                        crate::import::jcz::inner_field(inner).to_string()
                    }
                    false => halves.join("."),
                }
            }
            _ => "I".into(),
        };
        (!loc.is_empty()).then(|| format!("{ty}/{loc}"))
    });
    keys.collect()
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

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn pretty(v: &Value) -> Vec<u8> {
    let mut s = serde_json::to_string_pretty(v).unwrap_or_default();
    s.push('\n');
    s.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edge_locations_are_jczs_names() {
        // Bit 0 N, 1 E, 2 S, 3 W: all but south is `_S`, north and west `NW`.
        assert_eq!(EDGE_LOCATIONS[0b1011], "_S");
        assert_eq!(EDGE_LOCATIONS[0b1001], "NW");
        assert_eq!(EDGE_LOCATIONS[0b1010], "WE");
        assert_eq!(EDGE_LOCATIONS[0b0111], "_W");
    }
}
