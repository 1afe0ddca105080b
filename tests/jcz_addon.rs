//! `tilec build --jcz-addon DIR`: the add-on keeps every rule of JCloisterZone's
//! own loaders (the client's `plugins/addons.js`, `tiles.js`, `theme.js`,
//! `artwork-loader/`, and the engine's `TilePackBuilder` and `TileBuilder`),
//! for the shipped sets, an imported JCloisterZone file and a tile with two
//! enclosed fields. The rules are in `jcz_addon/rules.rs`, each with the code
//! it comes from.

#[path = "jcz_addon/rules.rs"]
mod rules;

mod common;

use rules::Files;
use std::path::Path;

/// Every file under `dir`, keyed by its path relative to `dir`.
fn read_tree(dir: &Path) -> Files {
    let mut files = Files::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).expect("readable add-on") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                todo.push(path);
            } else {
                let rel = path.strip_prefix(dir).expect("inside").to_string_lossy();
                let bytes = std::fs::read(&path).expect("readable file");
                files.insert(rel.replace('\\', "/"), bytes);
            }
        }
    }
    files
}

/// `tilec build --tiles TILES --jcz-addon` into `tmp`, read back.
fn build(tmp: &common::Temp, tiles: &str) -> Files {
    let site = format!("{}/site", tmp.path());
    let addon = format!("{}/addon", tmp.path());
    let args = [
        "build",
        "--tiles",
        tiles,
        "--site",
        &site,
        "--jcz-addon",
        &addon,
    ];
    let out = common::tilec(&args);
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    read_tree(&tmp.0.join("addon"))
}

/// The shipped sets compiled, and the add-on written for all of them.
fn shipped_addon() -> (tilec::Compiled, Files) {
    let shipped = common::shipped();
    let sets: Vec<_> = shipped.model.sets.iter().collect();
    let (files, _) = tilec::emit::jcz_addon::addon(&sets);
    let files = files.into_iter().collect();
    (shipped, files)
}

#[test]
fn the_shipped_sets_keep_every_rule_of_the_loaders() {
    let (shipped, files) = shipped_addon();
    let counts = rules::check(&files);
    // Every tile but the town halls (no JCloisterZone tile has no feature).
    for set in &shipped.model.sets {
        let copies: u32 = set
            .tiles
            .iter()
            .filter(|t| !t.is_wildcard())
            .map(|t| u32::from(t.count))
            .sum();
        assert_eq!(counts[&format!("tilec/{}", set.id)], copies, "{}", set.id);
    }
    let xml = String::from_utf8(files["tilec.xml"].clone()).expect("UTF-8");
    assert!(
        xml.contains("<tile-set id=\"tilec/festival\">"),
        "not JCZ's own `festival`"
    );
    // The engine plays the river, festival and Russian traps only when the
    // setup has their element, which the client takes from the expansion.
    let doc = roxmltree::Document::parse(&xml).expect("XML");
    let switched = |exp: &str| -> Vec<String> {
        let e = doc.descendants().find(|n| n.attribute("id") == Some(exp));
        let e = e.unwrap_or_else(|| panic!("no {exp}"));
        let rows = e
            .children()
            .filter_map(|c| Some((c.tag_name().name(), c.attribute("element")?)));
        rows.map(|(t, el)| format!("{t} {el}")).collect()
    };
    // Gardens are played with the abbot (JCloisterZone's garden element).
    let gardens = ["implies abbot", "implies garden"];
    assert_eq!(
        switched("TILEC_RIVER")[..],
        ["enforces river", gardens[0], gardens[1]]
    );
    assert_eq!(switched("TILEC_FESTIVAL"), ["implies festival"]);
    assert_eq!(switched("TILEC_PROMOS"), ["enforces russian-trap"]);
    assert_eq!(switched("TILEC_BASE"), gardens);
}

#[test]
fn an_imported_jcloisterzone_file_keeps_them_too() {
    let tmp = common::Temp::new("jcz-addon-import");
    let dir = format!("{}/imported", tmp.path());
    let out = common::tilec(&["import-jcz", "tests/import/editions.xml", "--out", &dir]);
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    let counts = rules::check(&build(&tmp, &dir));
    assert!(counts.len() > 1, "every tile-set of the file: {counts:?}");
    assert!(counts.keys().all(|id| id.starts_with("tilec/")));
}

/// The add-on of the fixture `tests/jcz_addon/NAME`, held to the rules, and its XML.
fn checked_fixture(name: &str) -> (Files, String) {
    let tmp = common::Temp::new(&format!("jcz-addon-{name}"));
    let files = build(&tmp, &format!("tests/jcz_addon/{name}"));
    rules::check(&files);
    let xml = String::from_utf8(files["tilec.xml"].clone()).expect("UTF-8");
    (files, xml)
}

#[test]
fn enclosed_fields_have_places_of_their_own() {
    let (files, xml) = checked_fixture("inner");
    assert!(
        xml.contains(">I</field>") && xml.contains(">II</field>"),
        "{xml}"
    );
    let tiles: serde_json::Value =
        serde_json::from_slice(&files["tilec/jsons/tiles.json"]).expect("JSON");
    let features = tiles["tilec/inner/A"]["features"]
        .as_object()
        .expect("tile");
    let keys: Vec<&str> = features.keys().map(String::as_str).collect();
    assert_eq!(keys, ["City/NWSE", "Field/I", "Field/II"]);
}

#[test]
fn a_set_with_tunnel_portals_implies_the_tunnel_tokens() {
    let (_, xml) = checked_fixture("portal");
    assert!(xml.contains("<road tunnel=\"true\">S</road>"), "{xml}");
    assert!(xml.contains("<implies element=\"tunnel\" />"), "{xml}");
}

#[test]
fn build_writes_the_addon_with_the_site_or_nothing() {
    let tmp = common::Temp::new("jcz-addon");
    let files = build(&tmp, "tests/custom");
    for f in [
        "jcz-addon.json",
        "tilec.xml",
        "tilec/artwork.json",
        "tilec/jsons/tiles.json",
    ] {
        assert!(files.contains_key(f), "{f}");
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
fn the_addon_xml_imports_back_with_the_sets_names() {
    let (shipped, files) = shipped_addon();
    let xml = String::from_utf8(files["tilec.xml"].clone()).expect("UTF-8");
    assert!(xml.contains("<expansions>"), "the add-on's own block");
    let got = tilec::import::jcz::import(0, &xml, "tilec");
    // Only the tiles it borrows from JCloisterZone's own files (the start
    // tile, the River the river set stands in for) are unknown alone, each
    // with the file that holds it.
    let borrowed = |id: &str| {
        id == tilec::emit::jcz_start::BASE_START.id
            || tilec::emit::jcz_play::RIVER_TILES.contains(&id)
    };
    for d in &got.diagnostics {
        let ok = match &d.kind {
            tilec::message::Kind::JczUnknownTile { id, file } => borrowed(id) && file.is_some(),
            _ => false,
        };
        assert!(ok, "{:?}", d.kind);
    }
    assert_eq!(
        got.diagnostics.len(),
        1 + 22,
        "BA/RCr and River I and II's tiles"
    );
    let ids: Vec<&str> = got.sets.iter().map(|s| s.id.as_str()).collect();
    let ours: Vec<&str> = shipped.model.sets.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ours);
    for (set, back) in shipped.model.sets.iter().zip(&got.sets) {
        let header = format!("set {} \"{}\" {{", set.id, set.name);
        assert!(back.text.starts_with(&header), "{}", back.text);
    }
}
