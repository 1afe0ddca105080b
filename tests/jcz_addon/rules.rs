//! What JCloisterZone's loaders need of an add-on, learned by running the
//! client's own loader code (5.12.1) on tilec's add-ons and by reading the
//! engine's XML reader. Each check names the code it stands for.

use serde_json::{Map, Value};
use std::collections::{BTreeMap, BTreeSet};

/// An add-on's files: path relative to its directory → bytes.
pub type Files = BTreeMap<String, Vec<u8>>;

/// The client version these rules were read from.
const CLIENT: [u32; 3] = [5, 12, 1];

/// The client's `Location` names of each set of whole edges (`models/Location.js`).
const EDGE_NAMES: &[(&str, &str)] = &[
    ("N", "N"),
    ("E", "E"),
    ("S", "S"),
    ("W", "W"),
    ("NE", "NE"),
    ("ES", "SE"),
    ("SW", "SW"),
    ("NW", "NW"),
    ("NS", "NS"),
    ("EW", "WE"),
    ("ESW", "_N"),
    ("NSW", "_E"),
    ("NEW", "_S"),
    ("NES", "_W"),
    ("NESW", "NWSE"),
];

/// Half edges in the order the client joins them (`Location.FIELD_SIDES`).
const HALVES: [&str; 8] = ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"];

/// Feature elements and the engine's class name for each (`TileBuilder`,
/// sent to the client as the feature type that `theme.getFeature` looks up).
const TYPES: &[(&str, &str)] = &[
    ("city", "City"),
    ("road", "Road"),
    ("field", "Field"),
    ("river", "River"),
    ("monastery", "Monastery"),
    ("garden", "Garden"),
    ("yaga-hut", "YagaHut"),
];

/// Checks every rule; returns the copies each tile-set counts.
pub fn check(files: &Files) -> BTreeMap<String, u32> {
    let manifest = json(files, "jcz-addon.json");
    check_manifest(&manifest);
    let mut counts = BTreeMap::new();
    let mut places = BTreeMap::new();
    for xml in strings(&manifest["expansions"]) {
        let text = String::from_utf8(files[&xml].clone()).expect("UTF-8 XML");
        let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
        counts.extend(check_sets(&doc));
        places.extend(check_tiles(&doc));
    }
    for artwork in strings(&manifest["artworks"]) {
        check_artwork(files, &artwork, &places);
    }
    counts
}

/// `addons.js` `_readAddon`: an integer `version`, a `minimumJczVersion` no
/// newer than the client; `expansions` and `artworks` are relative paths.
fn check_manifest(m: &Value) {
    assert!(m["title"].as_str().is_some_and(|t| !t.is_empty()), "title");
    assert!(
        m["version"].is_u64(),
        "an integer version: {}",
        m["version"]
    );
    let min = m["minimumJczVersion"].as_str().expect("minimumJczVersion");
    let v: Vec<u32> = min.split('.').map(|n| n.parse().expect("x.y.z")).collect();
    assert!(
        v.len() == 3 && v[..] <= CLIENT[..],
        "minimumJczVersion {min}"
    );
    for p in strings(&m["expansions"])
        .iter()
        .chain(&strings(&m["artworks"]))
    {
        assert!(!p.starts_with('/') && !p.contains(".."), "{p}: relative");
    }
}

/// `tiles.js` `loadExpansions` and the engine's `TilePackBuilder`: tile-sets
/// and tiles are keyed by id across every file loaded, so ours are `tilec/...`
/// (never a built-in's); a tile-set id has no `:` (the client reads `ID:N` as
/// an edition); every `<ref>` has an integer `count` (the engine parses it) and
/// names a tile of the file; every `<expansion>` has a new id, a `<title>`,
/// refs to tile-sets of the file and game elements it switches on by name.
fn check_sets(doc: &roxmltree::Document) -> BTreeMap<String, u32> {
    let tiles: BTreeSet<&str> = elements(doc, "tile")
        .filter_map(|t| t.attribute("id"))
        .collect();
    let mut counts = BTreeMap::new();
    let mut counted = BTreeSet::new();
    for set in elements(doc, "tile-set") {
        let id = set.attribute("id").expect("tile-set id");
        assert!(
            id.starts_with("tilec/") && !id.contains(':'),
            "tile-set {id}"
        );
        let mut copies = 0;
        for r in set.children().filter(|c| c.has_tag_name("ref")) {
            let tile = r.attribute("tile").expect("ref tile");
            let n: u32 = r
                .attribute("count")
                .and_then(|c| c.parse().ok())
                .expect("count");
            // A ref may name a tile of JCloisterZone's own files, which the
            // client always loads: the engine counts refs by id across files.
            let known = tiles.contains(tile) || tile == tilec::emit::jcz_start::BASE_START.id;
            assert!(n > 0 && known, "{id}: ref {tile} x{n}");
            counted.extend(tiles.get(tile).copied());
            copies += n;
        }
        assert!(
            counts.insert(id.to_string(), copies).is_none(),
            "two tile-sets {id}"
        );
    }
    assert_eq!(counted, tiles, "every tile is counted by a tile-set");
    let mut names = BTreeSet::new();
    for e in elements(doc, "expansion") {
        let id = e.attribute("id").expect("expansion id");
        let ok = id.starts_with("TILEC_")
            && id
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
        assert!(ok && names.insert(id), "expansion id {id}");
        let title = e
            .children()
            .find(|c| c.has_tag_name("title"))
            .and_then(|t| t.text());
        assert!(title.is_some_and(|t| !t.trim().is_empty()), "{id}: a title");
        // `enforces[element]`, `implies[element]`: one without `element` is not read.
        let switches = e
            .children()
            .filter(|c| c.has_tag_name("enforces") || c.has_tag_name("implies"));
        for s in switches {
            let named = s.attribute("element").is_some_and(|v| !v.is_empty());
            assert!(named, "{id}: a game element");
        }
        let refs: Vec<&str> = e
            .children()
            .filter_map(|c| c.attribute("tile-set"))
            .collect();
        assert!(
            !refs.is_empty() && refs.iter().all(|r| counts.contains_key(*r)),
            "{id}: {refs:?}"
        );
    }
    assert_eq!(names.len(), counts.len(), "an expansion per tile-set");
    check_elements(doc);
    counts
}

/// Whether a `<tile>` element needs a game element.
type TileTest = fn(roxmltree::Node) -> bool;

/// What a tile's XML needs switched on, and the game element that does it:
/// the engine's `Engine.createSetupFromMessage` adds a capability only for an
/// element of the setup, and only that capability's `initTile` reads the
/// tile's symbol (`FestivalCapability`, `RussianPromosTrapCapability`);
/// `RiverCapability.onStartGame` orders the draw by the river groups;
/// `TilePackBuilder.isTunnelActive` reads a portal (a one-edge road's
/// `tunnel="true"`) only with `TunnelCapability`. The client
/// fills the setup from the expansions chosen (`tiles.js`: `enforces`,
/// `implies`), as its own Festival, Russian Promos, River and Tunnel do.
const NEEDS: &[(TileTest, &str)] = &[
    (
        |t| t.children().any(|c| c.has_tag_name("festival")),
        "festival",
    ),
    (
        |t| {
            let trap =
                |c: roxmltree::Node| c.has_tag_name("vodyanoy") || c.has_tag_name("razboynik");
            t.children().any(trap)
        },
        "russian-trap",
    ),
    (
        |t| t.attribute("group").is_some_and(|g| g.starts_with("river")),
        "river",
    ),
    (
        |t| {
            let portal = |c: roxmltree::Node| {
                let one_edge = c.text().is_some_and(|w| w.split_whitespace().count() == 1);
                c.has_tag_name("road") && c.attribute("tunnel") == Some("true") && one_edge
            };
            t.children().any(portal)
        },
        "tunnel",
    ),
];

/// Every expansion switches on (`enforces` or `implies`) each game element
/// that a tile of its tile-sets needs ([`NEEDS`]).
fn check_elements(doc: &roxmltree::Document) {
    let tiles: BTreeMap<&str, roxmltree::Node> = elements(doc, "tile")
        .filter_map(|t| Some((t.attribute("id")?, t)))
        .collect();
    for e in elements(doc, "expansion") {
        let switched: BTreeSet<&str> = e
            .children()
            .filter(|c| c.has_tag_name("enforces") || c.has_tag_name("implies"))
            .filter_map(|c| c.attribute("element"))
            .collect();
        let sets: BTreeSet<&str> = e
            .children()
            .filter_map(|c| c.attribute("tile-set"))
            .collect();
        let refs = elements(doc, "tile-set")
            .filter(|s| s.attribute("id").is_some_and(|id| sets.contains(id)))
            .flat_map(|s| s.children().filter_map(|r| r.attribute("tile")));
        for tile in refs.filter_map(|id| tiles.get(id)) {
            for (needs, element) in NEEDS {
                let id = tile.attribute("id").unwrap_or_default();
                let ok = !needs(*tile) || switched.contains(element);
                assert!(ok, "{id} needs the game element `{element}` switched on");
            }
        }
    }
}

/// Per tile id, the `Type/Location` of every place the engine can report a
/// figure or a piece at, as the client names it (`Location.parse(text).name`)
/// and looks it up (`theme.getFeature`, the engine's class name as the type):
/// each feature element ([`TYPES`], `TileBuilder`); each edge of a road
/// written `tunnel="true"` with several edges, which `TileBuilder` makes a
/// road of its own when the tunnel rule is on (`processRoadElement`); and the
/// features of [`SYMBOLS`]. The engine keeps one feature per place
/// (`TileBuilder`: a map keyed by place), so no two elements of a tile share
/// one; a field's `city=` edges must each be an edge of a city of the tile
/// ("Unable to match adjoining city").
fn check_tiles(doc: &roxmltree::Document) -> BTreeMap<String, BTreeSet<String>> {
    let mut out = BTreeMap::new();
    for tile in elements(doc, "tile") {
        let id = tile.attribute("id").expect("tile id");
        assert!(
            id.starts_with("tilec/"),
            "tile {id}: not a built-in's id or prefix (CO/, TU/)"
        );
        let mut keys = BTreeSet::new();
        let mut city_edges = BTreeSet::new();
        for el in tile.children().filter(|c| c.is_element()) {
            if let Some((_, ty)) = SYMBOLS.iter().find(|(n, _)| el.has_tag_name(*n)) {
                keys.insert(format!("{ty}/I"));
            }
            let Some((_, ty)) = TYPES.iter().find(|(n, _)| el.has_tag_name(*n)) else {
                continue;
            };
            let words: Vec<&str> = el.text().unwrap_or("").split_whitespace().collect();
            if el.has_tag_name("city") {
                city_edges.extend(words.iter().map(|w| w.to_string()));
            }
            let key = format!("{ty}/{}", location(&words));
            assert!(keys.insert(key.clone()), "{id}: two features at {key}");
            if el.has_tag_name("road") && el.attribute("tunnel") == Some("true") && words.len() > 1
            {
                keys.extend(words.iter().map(|w| format!("Road/{}", location(&[w]))));
            }
        }
        for f in tile.children().filter(|c| c.has_tag_name("field")) {
            for edge in f.attribute("city").unwrap_or("").split_whitespace() {
                assert!(
                    city_edges.contains(edge),
                    "{id}: field city={edge} is no city's edge"
                );
            }
        }
        out.insert(id.to_string(), keys);
    }
    out
}

/// Children of `<tile>` that the engine makes a feature of, at `I`, with
/// its class name: `TileBuilder.createTile` (`tower`, `circus`, `acrobats`),
/// `RussianPromosTrapCapability.initTile` (`vodyanoy`, `razboynik`: followers
/// are trapped there) and `FlierCapability.initTile` (`flying-machine`). The
/// client draws figures on them (`TowerLayer`, `MeepleLayer`'s big top on the
/// circus, `FlierLayer`). `CountCapability` makes quarters only on `CO/7`,
/// `AbbeyCapability` abbey edges only on the abbey tile: never an add-on's.
const SYMBOLS: &[(&str, &str)] = &[
    ("tower", "Tower"),
    ("circus", "Circus"),
    ("acrobats", "Acrobats"),
    ("vodyanoy", "Vodyanoy"),
    ("razboynik", "SoloveiRazboynik"),
    ("flying-machine", "FlyingMachine"),
];

/// The client's name of the place an element's words make.
fn location(words: &[&str]) -> String {
    match words {
        [] => "I".into(),
        [inner @ ("I" | "II" | "III" | "IV")] => inner.to_string(),
        _ if words.iter().all(|w| HALVES.contains(w)) => {
            let halves: Vec<&str> = HALVES
                .iter()
                .copied()
                .filter(|h| words.contains(h))
                .collect();
            halves.join(".")
        }
        _ => {
            let edges: String = "NESW"
                .chars()
                .filter(|c| words.contains(&c.to_string().as_str()))
                .collect();
            assert_eq!(edges.len(), words.len(), "edges {words:?}");
            let (_, name) = EDGE_NAMES.iter().find(|(e, _)| *e == edges).expect("named");
            name.to_string()
        }
    }
}

/// `artwork-loader.js` `loadArtwork`, `processTile`, `processFeature`,
/// `validateFeatureClip`, and `theme.js` `getFeature`: every tile of the XML has
/// an entry whose `features` hold every one of its places, each naming a feature of
/// the feature files (an id without `[`: that would be read as parameters);
/// every clip passes the client's path grammar and holds its point.
fn check_artwork(files: &Files, dir: &str, places: &BTreeMap<String, BTreeSet<String>>) {
    let art = json(files, &format!("{dir}/artwork.json"));
    assert_eq!(art["perspective"], "rotate");
    let size = art["tileSize"].as_u64().expect("an integer tileSize") as u32;
    if let Some(icon) = art["icon"].as_str() {
        assert!(files.contains_key(&format!("{dir}/{icon}")), "icon {icon}");
    }
    let merged = |key: &str| {
        let mut all = Map::new();
        for f in strings(&art[key]) {
            all.extend(
                json(files, &format!("{dir}/{f}"))
                    .as_object()
                    .expect("an object")
                    .clone(),
            );
        }
        all
    };
    let features = merged("featuresInclude");
    let tiles = merged("tilesInclude");
    let ids: BTreeSet<&String> = places.keys().collect();
    assert_eq!(
        tiles.keys().collect::<BTreeSet<_>>(),
        ids,
        "an entry per tile"
    );
    for (id, tile) in &tiles {
        let image = tile["image"].as_str().expect("image");
        assert!(
            !image.starts_with(['/', '#']),
            "{id}: {image} is not a file of the artwork"
        );
        let png = &files[&format!("{dir}/{image}")];
        assert!(png.starts_with(b"\x89PNG"), "{id}: not a PNG");
        assert_eq!(
            png_size(png),
            (size, size),
            "{id}: the image is tileSize square"
        );
        let fs = tile["features"].as_object().expect("features");
        let keys: BTreeSet<String> = fs.keys().cloned().collect();
        // `getFeature` throws on a place without a feature; one more (a
        // mark the XML could not say) is never looked up.
        let missing: Vec<&String> = places[id].difference(&keys).collect();
        assert!(missing.is_empty(), "{id}: no feature for {missing:?}");
        for (key, f) in fs {
            let f = f.as_str().expect("a feature id");
            assert!(!f.contains('['), "{id} {key}: {f}");
            check_feature(&format!("{id} {key}"), &features[f], size);
        }
    }
}

fn check_feature(what: &str, f: &Value, size: u32) {
    let clip = f["clip"].as_str().unwrap_or_else(|| panic!("{what}: clip"));
    // plugins/ohm/path-template.ohm: path commands, digits, `.`, `,`, `-`, spaces.
    let grammar =
        |c: char| "MmLlHhVvZzCcSsQqTtAa.,-".contains(c) || c.is_ascii_digit() || c.is_whitespace();
    assert!(
        clip.starts_with('M') && clip.chars().all(grammar),
        "{what}: clip {clip}"
    );
    let p = f["point"]
        .as_array()
        .unwrap_or_else(|| panic!("{what}: point"));
    let (x, y) = (
        p[0].as_u64().expect("x") as u32,
        p[1].as_u64().expect("y") as u32,
    );
    assert!(x <= size && y <= size, "{what}: point off the tile");
    let inside = rects(clip)
        .iter()
        .any(|&[x0, y0, x1, y1]| (x0..=x1).contains(&x) && (y0..=y1).contains(&y));
    assert!(inside, "{what}: the point ({x}, {y}) is outside its clip");
}

/// The rectangles of a clip path made of `M x y H x V y H x Z` runs (tilec's).
fn rects(clip: &str) -> Vec<[u32; 4]> {
    clip.split('Z')
        .filter(|r| !r.trim().is_empty())
        .map(|r| {
            let n: Vec<u32> = r
                .split(|c: char| c.is_ascii_alphabetic() || c == ' ')
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().expect("a number"))
                .collect();
            assert_eq!(n.len(), 5, "{r}");
            [n[0], n[1], n[2], n[3]]
        })
        .collect()
}

/// A PNG's width and height (its IHDR chunk).
fn png_size(png: &[u8]) -> (u32, u32) {
    let be = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().expect("4 bytes"));
    (be(16), be(20))
}

fn elements<'a>(
    doc: &'a roxmltree::Document<'a>,
    name: &'a str,
) -> impl Iterator<Item = roxmltree::Node<'a, 'a>> {
    doc.descendants().filter(move |n| n.has_tag_name(name))
}

fn json(files: &Files, path: &str) -> Value {
    let bytes = files.get(path).unwrap_or_else(|| panic!("no {path}"));
    serde_json::from_slice(bytes).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|s| s.as_str().expect("a string").to_string())
        .collect()
}
