//! `tilec build --jcz-addon DIR`: the add-on holds the layout JCloisterZone's
//! add-on loader reads (`jcz-addon.json` naming its expansion XML and artwork,
//! `artwork.json` naming its feature and tile files), every tile has an image
//! and every segment a feature with a clip path and a point inside that clip.

mod common;

use serde_json::Value;
use std::collections::BTreeMap;

fn files() -> (tilec::Compiled, BTreeMap<String, Vec<u8>>) {
    let shipped = common::shipped();
    let sets: Vec<_> = shipped.model.sets.iter().collect();
    let (files, _) = tilec::emit::jcz_addon::addon(&sets);
    let map = files.into_iter().collect();
    (shipped, map)
}

fn json(files: &BTreeMap<String, Vec<u8>>, path: &str) -> Value {
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

/// The rectangles of a clip path made of `M x y H x V y H x Z` runs.
fn rects(clip: &str) -> Vec<[u32; 4]> {
    clip.split('Z')
        .filter(|r| !r.is_empty())
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

#[test]
fn the_addon_has_the_layout_jcloisterzone_loads() {
    let (shipped, files) = files();
    let manifest = json(&files, "jcz-addon.json");
    assert!(manifest["title"].is_string());
    assert!(manifest["version"].is_u64(), "an integer version");
    assert!(manifest["minimumJczVersion"].is_string());
    let xmls = strings(&manifest["expansions"]);
    assert_eq!(xmls, ["tilec.xml"]);
    let xml = String::from_utf8(files["tilec.xml"].clone()).expect("UTF-8");
    let doc = roxmltree::Document::parse(&xml).expect("well-formed XML");
    let tile_sets: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("tile-set"))
        .filter_map(|n| n.attribute("id"))
        .collect();
    let expansions: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("expansion"))
        .collect();
    assert_eq!(expansions.len(), 6);
    for e in &expansions {
        assert!(e.attribute("id").is_some());
        assert!(e.children().any(|c| c.has_tag_name("title")));
        let r = e.children().find(|c| c.has_tag_name("ref")).expect("a ref");
        assert!(tile_sets.contains(&r.attribute("tile-set").expect("tile-set")));
    }
    for artwork in strings(&manifest["artworks"]) {
        let art = json(&files, &format!("{artwork}/artwork.json"));
        let size = art["tileSize"].as_u64().expect("tileSize") as u32;
        assert_eq!(art["perspective"], "rotate");
        let mut features = serde_json::Map::new();
        for f in strings(&art["featuresInclude"]) {
            let v = json(&files, &format!("{artwork}/{f}"));
            features.extend(v.as_object().expect("features object").clone());
        }
        let mut tiles = serde_json::Map::new();
        for t in strings(&art["tilesInclude"]) {
            let v = json(&files, &format!("{artwork}/{t}"));
            tiles.extend(v.as_object().expect("tiles object").clone());
        }
        check_features(&features, size);
        check_tiles(&shipped, &tiles, &features, &files, &artwork);
    }
}

fn check_features(features: &serde_json::Map<String, Value>, size: u32) {
    assert!(!features.is_empty());
    for (id, f) in features {
        let clip = f["clip"].as_str().unwrap_or_else(|| panic!("{id}: clip"));
        let p = f["point"]
            .as_array()
            .unwrap_or_else(|| panic!("{id}: point"));
        let (x, y) = (
            p[0].as_u64().expect("x") as u32,
            p[1].as_u64().expect("y") as u32,
        );
        assert!(x <= size && y <= size, "{id}: point off the tile");
        let inside = rects(clip)
            .iter()
            .any(|&[x0, y0, x1, y1]| (x0..=x1).contains(&x) && (y0..=y1).contains(&y));
        assert!(inside, "{id}: the point ({x}, {y}) is outside its clip");
    }
}

fn check_tiles(
    shipped: &tilec::Compiled,
    tiles: &serde_json::Map<String, Value>,
    features: &serde_json::Map<String, Value>,
    files: &BTreeMap<String, Vec<u8>>,
    artwork: &str,
) {
    let types = [
        "City",
        "Road",
        "Field",
        "Monastery",
        "Garden",
        "River",
        "YagaHut",
    ];
    for tile in shipped.model.sets.iter().flat_map(|s| &s.tiles) {
        if tile.is_wildcard() {
            assert!(!tiles.contains_key(&tile.id), "{}: a town hall", tile.id);
            continue;
        }
        let t = tiles
            .get(&tile.id)
            .unwrap_or_else(|| panic!("{}: no entry", tile.id));
        let image = t["image"].as_str().expect("image");
        let png = &files[&format!("{artwork}/{image}")];
        assert!(png.starts_with(b"\x89PNG"), "{}: not a PNG", tile.id);
        let fs = t["features"].as_object().expect("features");
        assert_eq!(
            fs.len(),
            tile.segments.len(),
            "{}: a feature per segment",
            tile.id
        );
        for (key, id) in fs {
            let (ty, loc) = key.split_once('/').expect("Type/Location");
            assert!(types.contains(&ty) && !loc.is_empty(), "{}: {key}", tile.id);
            assert!(features.contains_key(id.as_str().expect("an id")), "{key}");
        }
    }
}

#[test]
fn build_writes_the_addon_with_the_site_or_nothing() {
    let tmp = common::Temp::new("jcz-addon");
    let site = format!("{}/site", tmp.path());
    let addon = format!("{}/addon", tmp.path());
    let out = common::tilec(&[
        "build",
        "--tiles",
        "tests/custom",
        "--site",
        &site,
        "--jcz-addon",
        &addon,
    ]);
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    for f in [
        "jcz-addon.json",
        "tilec.xml",
        "tilec/artwork.json",
        "tilec/jsons/tiles.json",
    ] {
        assert!(tmp.0.join("addon").join(f).is_file(), "{f}");
    }
    // A file where the add-on directory goes is refused before anything is written.
    let blocked = format!("{}/blocked", tmp.path());
    std::fs::write(&blocked, "x").expect("write");
    let site2 = format!("{}/site2", tmp.path());
    let out = common::tilec(&[
        "build",
        "--tiles",
        "tests/custom",
        "--site",
        &site2,
        "--jcz-addon",
        &blocked,
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = common::text(&out.stderr);
    assert!(err.contains("exists and is not a directory"), "{err}");
    assert!(!tmp.0.join("site2").exists());
}

#[test]
fn the_addon_xml_imports_back_clean_with_the_sets_names() {
    let (shipped, files) = files();
    let xml = String::from_utf8(files["tilec.xml"].clone()).expect("UTF-8");
    assert!(xml.contains("<expansions>"), "the add-on's own block");
    let got = tilec::import::jcz::import(0, &xml, "tilec");
    assert!(got.diagnostics.is_empty(), "{:?}", got.diagnostics);
    let ids: Vec<&str> = got.sets.iter().map(|s| s.id.as_str()).collect();
    let ours: Vec<&str> = shipped.model.sets.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ours);
    for (set, back) in shipped.model.sets.iter().zip(&got.sets) {
        let header = format!("set {} \"{}\" {{", set.id, set.name);
        assert!(back.text.starts_with(&header), "{}", back.text);
    }
}
