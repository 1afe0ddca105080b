//! `emit`: the artwork of a JCloisterZone add-on (`tilec/` in the add-on's
//! directory, see `emit::jcz_addon`): per tile its preview and, per place the
//! engine can report, a clip path and a point where a figure stands.
//!
//! A place is keyed as the client looks it up (`theme.js` `getFeature`):
//! `Type/Location`, with the engine's feature class name as the type. The
//! engine makes a feature of (`TileBuilder`, the capabilities' `initTile`):
//!
//! - every segment of a kind with a row in [`TYPES`]: `City`, `Road`,
//!   `Field`, `Monastery`, `Garden`, `River`, `YagaHut`, located by its edges
//!   (`N`, `NE`, `WE`, `_S` for all but south, `NWSE`), a field by its half
//!   edges (`NL.NR`) or, enclosed, `I`, `II`, ... as the XML numbers them; a
//!   building `I`;
//! - a road written `tunnel="true"` with several edges, when the engine's
//!   tunnel rule is on, as one road per edge (`Road/N`, `Road/S`);
//! - the marks of [`MARKS`]: Vodyanoy's lake, Solovei's tree, a tower, a big
//!   top, acrobats and a flying machine, each at `I`.
//!
//! Clips and points are in the preview's pixels (`tileSize`) and come from
//! the layout the preview is painted from (`emit::png::places`). The clips of
//! a tile are disjoint: a mark's symbol is cut out of the segment under it, as
//! JCloisterZone's own artwork cuts its symbols out (`${road.N - circus}`).
//! Only a road's parts (`Road/N`, `Road/S`) lie in the road they split: the
//! engine reports the one or the others.

use crate::emit::html::file_stem;
use crate::emit::png::{self, TILE_PX};
use crate::model::{Set, Tile};
use serde_json::{json, Map, Value};
use tilec_runtime::{MarkKind, SegmentKind};

use super::jcz::HALVES;
use super::jcz_addon::Files;

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

/// The engine's feature made of a mark (at `I`), and the capability or
/// builder that makes it: `RussianPromosTrapCapability` (`<vodyanoy/>`,
/// `<razboynik/>`), `TileBuilder` (`<tower/>`, `<circus/>`, `<acrobats/>`),
/// `FlierCapability` (`<flying-machine/>`). Followers are trapped on the
/// first two, stand on towers and acrobats; the big top stands on the circus.
pub const MARKS: &[(MarkKind, &str)] = &[
    (MarkKind::TrapLake, "Vodyanoy"),
    (MarkKind::Tree, "SoloveiRazboynik"),
    (MarkKind::Tower, "Tower"),
    (MarkKind::Circus, "Circus"),
    (MarkKind::Acrobats, "Acrobats"),
    (MarkKind::FlyingMachine, "FlyingMachine"),
];

/// JCloisterZone's name of each set of whole edges (bit 0 N, 1 E, 2 S, 3 W).
const EDGE_LOCATIONS: [&str; 16] = [
    "", "N", "E", "NE", "S", "NS", "SE", "_W", "W", "NW", "WE", "_S", "SW", "_E", "_N", "NWSE",
];

/// One place of a tile: its key, the id of its feature entry, and its area.
struct Place {
    key: String,
    id: String,
    area: png::Area,
}

/// The artwork's files (paths under the add-on's directory) for `sets`, whose
/// tiles are `named` in the add-on's id space.
pub fn artwork(sets: &[&Set], named: &[Set]) -> Files {
    let mut files = Files::new();
    let mut features = Map::new();
    let mut tiles = Map::new();
    let mut icon = None;
    for (set, named) in sets.iter().zip(named) {
        let drawn = set.tiles.iter().zip(&named.tiles);
        for (tile, named) in drawn.filter(|(t, _)| !t.is_wildcard()) {
            let image = format!(
                "tiles/{}/{}.png",
                file_stem(&set.id),
                file_stem(local(tile))
            );
            icon.get_or_insert_with(|| image.clone());
            let rt = tile.to_runtime();
            let png = png::encode_png(&png::render_tile(&rt, 0));
            files.push((format!("tilec/{image}"), png));
            let mut by_location = Map::new();
            for place in places(tile, &named.id) {
                let entry = json!({ "clip": place.area.clip, "point": [place.area.point.0, place.area.point.1] });
                features.insert(place.id.clone(), entry);
                by_location
                    .entry(place.key)
                    .or_insert(Value::String(place.id));
            }
            let entry = json!({ "image": image, "features": by_location });
            tiles.insert(named.id.clone(), entry);
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
    files
}

/// Every place of `tile` (whose id in the add-on is `id`) the engine can report.
fn places(tile: &Tile, id: &str) -> Vec<Place> {
    let rt = tile.to_runtime();
    let keys = location_keys(tile);
    // The engine offers every feature of the XML to a figure, so one the
    // preview does not paint still gets a place to click (`png::places`).
    let laid = png::places(&rt, TILE_PX, |place| match place {
        png::Place::Segment(n) => keys[n].is_some(),
        png::Place::Mark(k) => MARKS.iter().any(|(m, _)| *m == tile.marks[k].kind),
    });
    let mut out = Vec::new();
    for (n, (seg, key)) in tile.segments.iter().zip(keys.iter().cloned()).enumerate() {
        let (Some(key), Some(area)) = (key, laid.segment(n)) else {
            continue;
        };
        let id = format!("{id}:{}", seg.name);
        if splits(tile, n) {
            for e in (0..4).filter(|e| seg.ports & (1 << (3 * e + 1)) != 0) {
                let edge = EDGE_LOCATIONS[1 << e];
                let part = laid.segment_part(n, e).unwrap_or_else(|| area.clone());
                out.push(Place {
                    key: format!("Road/{edge}"),
                    id: format!("{id}:{edge}"),
                    area: part,
                });
            }
        }
        out.push(Place { key, id, area });
    }
    for (k, mark) in tile.marks.iter().enumerate() {
        let Some((_, ty)) = MARKS.iter().find(|(m, _)| *m == mark.kind) else {
            continue;
        };
        let Some(area) = laid.mark(k) else {
            continue;
        };
        let id = format!("{id}:{}", mark.kind.name());
        out.push(Place {
            key: format!("{ty}/I"),
            id,
            area,
        });
    }
    out
}

/// Whether the engine, with its tunnel rule on, makes one road per edge of
/// segment `n`: a road of several edges written `tunnel="true"`.
fn splits(tile: &Tile, n: usize) -> bool {
    let edges = (0..4).filter(|e| tile.segments[n].ports & (1 << (3 * e + 1)) != 0);
    edges.count() > 1 && super::jcz::writes_tunnel(tile, n)
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
                let mask = (0..4).filter(|e| seg.edge_ports() & (1 << (3 * e + 1)) != 0);
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
