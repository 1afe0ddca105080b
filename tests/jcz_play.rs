//! What JCloisterZone plays of `tilec build --jcz-addon` beyond the tile XML
//! (`emit::jcz_play`): removals in the add-on's name space, River II's fork as
//! a `river-fork`, the sets it cannot play refused by name, the start tiles a
//! game needs (JCloisterZone's client lays out `BA/RCr`, or `RI/s` with its
//! River), the game elements each symbol needs, and the sets to choose, as the
//! build prints them. With `TILEC_JCZ_DIR` (JCloisterZone's tile XML), the ids
//! and shapes the add-on borrows are held to its `basic.xml` and `river.xml`.

mod common;

use common::{text, tilec, Temp};
use tilec::emit::jcz_play::{self, RIVER_TILES};
use tilec::emit::jcz_start::{same_shape, BASE_START, SPRING};

/// `tilec build --tiles TILES --jcz-addon` into `tmp`: its stdout, stderr and XML.
fn build(tmp: &Temp, tiles: &str) -> (String, String, String) {
    let (site, addon) = (
        format!("{}/site", tmp.path()),
        format!("{}/addon", tmp.path()),
    );
    let tables = format!("{}/tables.rs", tmp.path());
    let args = [
        "build", "--tiles", tiles, "--site", &site, "--tables", &tables,
    ];
    let out = tilec(&[&args[..], &["--jcz-addon", &addon]].concat());
    let err = text(&out.stderr);
    assert!(out.status.success(), "{err}");
    let xml = std::fs::read_to_string(format!("{addon}/tilec.xml")).expect("tilec.xml");
    (text(&out.stdout), err, xml)
}

/// `tilec import-jcz FILES --out tmp/imported`: the directory.
fn import(tmp: &Temp, files: &[&str]) -> String {
    let dir = format!("{}/imported", tmp.path());
    let out = tilec(&[&["import-jcz"], files, &["--out", &dir]].concat());
    assert!(out.status.success(), "{}", text(&out.stderr));
    dir
}

/// The `<tile-set id="ID">` element of `xml`, up to its end.
fn tile_set<'x>(xml: &'x str, id: &str) -> &'x str {
    let start = xml.find(&format!("<tile-set id=\"{id}\"")).expect(id);
    let len = xml[start..].find("</tile-set>").expect("closed");
    &xml[start..start + len]
}

#[test]
fn removals_keep_the_addon_ids() {
    let tmp = Temp::new("jcz-play-removes");
    let dir = import(
        &tmp,
        &["tests/import/across_a.xml", "tests/import/across_b.xml"],
    );
    let (_, err, xml) = build(&tmp, &dir);
    // across_b's tile-set removes across_a's AA/L (imported as `across-a/L`).
    let bb = tile_set(&xml, "tilec/across-b");
    assert!(bb.contains("<remove tile=\"tilec/across-a/L\" />"), "{bb}");
    assert!(!err.contains("is not exported"), "{err}");
}

#[test]
fn a_river_fork_is_a_river_fork() {
    let tmp = Temp::new("jcz-play-fork");
    let dir = import(&tmp, &["tests/import/river_fork.xml"]);
    let (_, _, xml) = build(&tmp, &dir);
    assert!(
        xml.contains("<tile id=\"tilec/river-fork/III\" group=\"river-fork\">"),
        "{xml}"
    );
    assert!(
        xml.contains("<tile id=\"tilec/river-fork/II\" group=\"river\">"),
        "{xml}"
    );
    let plain = tilec(&["export", "--format", "jcz", &dir]);
    assert!(text(&plain.stdout).contains("group=\"river-fork\""));
}

#[test]
fn the_counts_pieces_are_refused_naming_the_set() {
    let tmp = Temp::new("jcz-play-count");
    let (out, err, xml) = build(&tmp, "tests/seams");
    assert!(
        err.contains("warning: set `keep` is left out of the JCloisterZone add-on: its pieces laid out at setup (seams, quarters) are the Count of Carcassonne's"),
        "{err}"
    );
    assert!(!xml.contains("tilec/keep"), "{xml}");
    assert!(!out.contains("Keep:"), "{out}");
}

#[test]
fn wind_roses_are_refused_naming_the_set() {
    let tmp = Temp::new("jcz-play-roses");
    let (_, err, xml) = build(&tmp, "tests/jcz_play/roses");
    assert!(
        err.contains("warning: set `roses` is left out of the JCloisterZone add-on: JCloisterZone scores wind roses only around its own start tile `WR/CFR`"),
        "{err}"
    );
    assert!(!xml.contains("<tile-set"), "{xml}");
}

#[test]
fn a_base_game_starts_on_jczs_start_tile_as_one_of_its_copies() {
    let tmp = Temp::new("jcz-play-base");
    let (out, err, xml) = build(&tmp, "tiles");
    let base = tile_set(&xml, "tilec/base");
    assert!(
        base.contains("<ref count=\"1\" tile=\"BA/RCr\" />"),
        "{base}"
    );
    assert!(
        base.contains("<ref count=\"3\" tile=\"tilec/base/D\" />"),
        "{base}"
    );
    assert!(
        out.contains("  Base game: instead of JCloisterZone's Basic game (it starts on JCloisterZone's `BA/RCr`, one of `base/D`'s 4 copies)"),
        "{out}"
    );
    assert!(!err.contains("the start (JCloisterZone chooses"), "{err}");
    let shipped = common::shipped();
    let tile = |id: &str| {
        shipped
            .model
            .sets
            .iter()
            .flat_map(|s| &s.tiles)
            .find(|t| t.id == id)
    };
    assert!(same_shape(tile("base/D").expect("D"), &BASE_START));
    assert!(!same_shape(tile("base/U").expect("U"), &BASE_START));
}

#[test]
fn a_river_set_stands_in_for_jczs_river_but_its_spring() {
    let tmp = Temp::new("jcz-play-river");
    let (out, err, xml) = build(&tmp, "tiles");
    let river = tile_set(&xml, "tilec/river");
    for id in RIVER_TILES {
        assert!(river.contains(&format!("<remove tile=\"{id}\" />")), "{id}");
    }
    assert!(
        !river.contains("\"RI/s\""),
        "the spring is where the game starts"
    );
    assert!(
        out.contains("  The River: with JCloisterZone's The River (River I or II) and a base game (the game starts on the River's spring `RI/s`; the River's other tiles are left out)"),
        "{out}"
    );
    // Our spring has a road: JCloisterZone starts on its own, so ours is noted.
    assert!(
        err.contains("left out: the spring (JCloisterZone starts a river on its own `RI/s`, a spring with nothing else: this one is left out): river/A"),
        "{err}"
    );
    assert!(out.contains("  The Festival: with a base game\n"), "{out}");
    assert!(
        out.contains("  a base game: JCloisterZone's Basic game or, instead, Base game\n"),
        "{out}"
    );
}

#[test]
fn an_imported_spring_is_jczs_and_a_river_that_extends_keeps_jczs_river() {
    let tmp = Temp::new("jcz-play-spring");
    let dir = import(&tmp, &["tests/import/defs_river.xml"]);
    let compiled = common::compile_dir(std::path::Path::new(&dir)).1;
    let set = &compiled.model.sets[0];
    let spring = set.tiles.iter().find(|t| {
        t.ends
            .iter()
            .any(|e| e.end.kind == tilec_runtime::EndKind::Spring)
    });
    // RV/s is JCloisterZone's RI/s again: a river from the east in a field.
    assert!(same_shape(spring.expect("a spring"), &SPRING));
    let lake = set
        .tiles
        .iter()
        .find(|t| t.name == "RV/LIRI")
        .expect("RV/LIRI");
    assert!(!same_shape(lake, &SPRING));
    let (stands_in, _) = jcz_play::foreign(set, false);
    assert_eq!(stands_in.removes, RIVER_TILES);
    let (extends, _) = jcz_play::foreign(set, true);
    assert!(extends.removes.is_empty() && extends.refs.is_empty());
}

#[test]
fn each_symbol_switches_its_game_element_on() {
    use tilec::vocab::MARKS;
    // Every mark either has the elements JCloisterZone's own expansion with
    // that symbol switches on, or a reason to need none.
    for row in MARKS {
        let listed = jcz_play::mark_elements(row.kind).is_some();
        let none = jcz_play::NO_ELEMENT.iter().any(|(k, _)| *k == row.kind);
        assert!(
            listed != none,
            "{:?}: elements or a reason, not both or neither",
            row.kind
        );
    }
    let shipped = common::shipped();
    let set = |id: &str| shipped.model.sets.iter().find(|s| s.id == id).expect(id);
    let switched = |id: &str| jcz_play::elements(set(id));
    assert_eq!(switched("festival"), [("implies", "festival")]);
    assert_eq!(switched("promos"), [("enforces", "russian-trap")]);
    let river = [
        ("enforces", "river"),
        ("implies", "abbot"),
        ("implies", "garden"),
    ];
    assert_eq!(switched("river"), river);
}

#[test]
fn jczs_own_start_tiles_and_river_are_what_the_addon_borrows() {
    let Some(dir) = std::env::var_os("TILEC_JCZ_DIR") else {
        common::skip("jczs_own_start_tiles_and_river_are_what_the_addon_borrows", "set TILEC_JCZ_DIR to JCloisterZone's src/extraResources/expansions to hold BA/RCr, RI/s and River I and II's tile ids to its basic.xml and river.xml");
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    let river = std::fs::read_to_string(dir.join("river.xml")).expect("river.xml");
    let doc = roxmltree::Document::parse(&river).expect("XML");
    let ids: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("tile"))
        .filter_map(|n| n.attribute("id"))
        .collect();
    let others: Vec<&str> = ids.iter().copied().filter(|id| *id != SPRING.id).collect();
    assert!(ids.contains(&SPRING.id));
    assert_eq!(others, RIVER_TILES);
    // The tiles alone (River II's `RI.2/CIcI` does not import yet), as a
    // base game's start tile and a river of a spring and a lake.
    let basic = std::fs::read_to_string(dir.join("basic.xml")).expect("basic.xml");
    let tmp = Temp::new("jcz-play-own");
    let start = tmp.0.join("start.xml");
    std::fs::write(&start, only(&basic, &[BASE_START.id])).expect("write");
    let spring = tmp.0.join("spring.xml");
    std::fs::write(&spring, only(&river, &[SPRING.id, "RI.1/I.e"])).expect("write");
    let files = [
        start.to_str().expect("path"),
        spring.to_str().expect("path"),
    ];
    let out = import(&tmp, &files);
    let compiled = common::compile_dir(std::path::Path::new(&out)).1;
    let tile = |name: &str| {
        compiled
            .model
            .sets
            .iter()
            .flat_map(|s| &s.tiles)
            .find(|t| t.name == name)
    };
    assert!(same_shape(
        tile(BASE_START.id).expect("BA/RCr"),
        &BASE_START
    ));
    assert!(same_shape(tile(SPRING.id).expect("RI/s"), &SPRING));
}

#[test]
fn notes_name_what_jcz_plays_otherwise() {
    let tmp = Temp::new("jcz-play-tunnels");
    let (_, err, xml) = build(&tmp, "tests/jcz_play/tunnels");
    assert!(xml.contains("<implies element=\"tunnel\" />"), "{xml}");
    assert!(
        err.contains("left out: the road under a city (with this set's portals JCloisterZone plays it as two portals): tunnels/B"),
        "{err}"
    );
    let compiled = common::compile_dir(&common::root().join("tests/export_jcz")).1;
    let notes = jcz_play::notes(&compiled.model.sets[0], false);
    let wells = notes
        .iter()
        .find(|(_, what)| what[0].starts_with("the wells"));
    assert_eq!(
        wells.map(|(id, _)| id.as_str()),
        Some("vocab/road-marks"),
        "{notes:?}"
    );
}

/// The README's path (section "Playing your set in JCloisterZone"): the
/// tutorial's set, built into an add-on, says what to choose and what it leaves out.
#[test]
fn the_readmes_tutorial_set_says_what_to_choose() {
    let tmp = Temp::new("jcz-play-readme");
    let dir = format!("{}/mytiles", tmp.path());
    let out = tilec(&["new", "castles", "--dir", &dir, "--name", "Castles"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let file = format!("{dir}/castles.tiles");
    let mut tiles = std::fs::read_to_string(&file).expect("scaffold");
    tiles.push_str("\ntile C \"City corner with road\" {\n  count 2\n  city c N W\n  road r E S\n  field f1 EL SR -> c\n  field f2 ER SL\n}\n");
    std::fs::write(&file, tiles).expect("write");
    let toml = format!("{dir}/sets.toml");
    let sets = std::fs::read_to_string(&toml).expect("sets.toml");
    std::fs::write(&toml, sets.replace("total = 4", "total = 6")).expect("write");
    let (out, err, _) = build(&tmp, &dir);
    let readme = std::fs::read_to_string(common::root().join("README.md")).expect("README");
    for line in out.lines().chain(err.lines()).filter(|l| {
        !l.starts_with("wrote") && !l.starts_with("built in") && !l.starts_with("tables")
    }) {
        assert!(readme.contains(line), "the README lacks {line:?}");
    }
    assert!(out.contains("a JCloisterZone add-on; in its game setup, choose\n  Castles: with a base game\n  a base game: JCloisterZone's Basic game\n"), "{out}");
}

/// A tile XML of the `<tile>`s of `xml` with these ids, one tile-set counting each once.
fn only(xml: &str, ids: &[&str]) -> String {
    let doc = roxmltree::Document::parse(xml).expect("XML");
    let tiles = doc.descendants().filter(|n| n.has_tag_name("tile"));
    let chosen = tiles.filter(|n| n.attribute("id").is_some_and(|id| ids.contains(&id)));
    let text: Vec<&str> = chosen.map(|n| &xml[n.range()]).collect();
    let refs: Vec<String> = ids
        .iter()
        .map(|id| format!("<ref tile=\"{id}\"/>"))
        .collect();
    format!(
        "<defs><tiles>{}</tiles><sets><tile-set id=\"own\">{}</tile-set></sets></defs>",
        text.join(""),
        refs.join("")
    )
}
