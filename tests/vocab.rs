//! The mark vocabulary end to end: `tests/vocab/marks.tiles` (written for these
//! tests) uses every mark of the tile language; it checks clean, exports to JSON
//! (golden), builds into engine tables, previews with a badge per mark, and is
//! refused for play unless played as plain topology. So is the one end point the
//! engine does not play, a tunnel portal (`end r at tunnel`).

mod common;

use common::{text, tilec};
use std::collections::BTreeSet;
use tilec_runtime::catalog::{Catalog, CatalogError, CatalogOptions};
use tilec_runtime::{EndKind, MarkKind, TileSet};

fn marks_set() -> TileSet {
    let (sources, compiled) = common::compile_dir(&common::root().join("tests/vocab"));
    let shown = tilec::diagnostic::render_plain(&sources, &compiled.diagnostics);
    assert!(compiled.diagnostics.is_empty(), "{shown}");
    compiled.model.sets[0].to_runtime()
}

#[test]
fn the_fixture_uses_every_mark_of_the_vocabulary() {
    let set = marks_set();
    let used: BTreeSet<MarkKind> = set
        .tiles
        .iter()
        .flat_map(|t| t.marks.iter().map(|m| m.kind))
        .collect();
    let all: BTreeSet<MarkKind> = MarkKind::ALL.into_iter().collect();
    // Town halls are a shipped set's own (Messengers & Mayors): a tile with one
    // has no segments, tested there.
    let missing: Vec<_> = all.difference(&used).collect();
    assert_eq!(missing, [&MarkKind::TownHall]);
}

#[test]
fn the_json_export_carries_every_mark_with_its_value() {
    let (_, compiled) = common::compile_dir(&common::root().join("tests/vocab"));
    let json = tilec::emit::json::emit(&compiled.model);
    common::golden(&common::root().join("tests/vocab/marks.json"), &json);
    assert!(json.contains("\"kind\": \"resource\""), "{json}");
    assert!(json.contains("\"value\": \"wine\""), "{json}");
    assert!(json.contains("\"played\": false"), "{json}");
}

#[test]
fn the_engine_tables_carry_every_mark_with_its_segment_and_value() {
    let rust = tilec::emit::rust::emit(&[marks_set()]);
    for kind in MarkKind::ALL.iter().filter(|&&k| k != MarkKind::TownHall) {
        assert!(
            rust.contains(&format!("kind: MarkKind::{kind:?},")),
            "{kind:?}"
        );
    }
    // `city c N ... resource=wine`: the city is segment 0, wine value 0;
    // `wells=2` on road 0.
    let flat = rust.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("kind: MarkKind::Resource, segment: 0, value: 0,"));
    assert!(flat.contains("kind: MarkKind::Wells, segment: 0, value: 2,"));
}

#[test]
fn previews_draw_a_badge_for_each_mark() {
    let set = marks_set();
    let tile = set.tile("marks/values").expect("values tile");
    let mut bare = tile.clone();
    bare.marks = Default::default();
    let with = tilec::emit::png::render_tile(tile, 0);
    let without = tilec::emit::png::render_tile(&bare, 0);
    let differ = with
        .pixels()
        .zip(without.pixels())
        .filter(|(a, b)| a != b)
        .count();
    assert!(differ > 500, "the badges change {differ} pixels");
    assert_eq!(tilec::emit::png::layout_problems(tile), 0);
}

#[test]
fn a_catalog_refuses_unplayed_marks_unless_topology_only() {
    let set = marks_set();
    let err = Catalog::new(&[&set]).unwrap_err();
    assert_eq!(
        err,
        CatalogError::UnplayedMark {
            tile: "marks/inn".into(),
            mark: "labyrinth",
        }
    );
    assert_eq!(
        err.to_string(),
        "tile `marks/inn` carries the mark `labyrinth`, whose rules the engine does not play; \
         play its tiles as plain topology to ignore it"
    );
    let topology = CatalogOptions {
        topology_only: true,
    };
    assert!(Catalog::with_options(&[&set], topology).is_ok());
}

#[test]
fn simulate_and_play_refuse_unplayed_marks_unless_topology_only() {
    let base = [
        "simulate",
        "--tiles",
        "tests/vocab",
        "--sets",
        "marks",
        "--games",
        "3",
    ];
    let out = tilec(&base);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(
        err.contains("tile `marks/inn` carries the mark `labyrinth`"),
        "{err}"
    );
    assert!(err.contains("hint: add `--topology-only`"), "{err}");

    let dir = common::Temp::new("vocab-records");
    let mut args = base.to_vec();
    args.extend(["--topology-only", "--records", dir.path()]);
    let out = tilec(&args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));

    let record = format!("{}/game-1.toml", dir.path());
    let play = ["play", "--tiles", "tests/vocab", record.as_str()];
    let out = tilec(&play);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    assert!(text(&out.stderr).contains("carries the mark `labyrinth`"));
    assert!(text(&out.stderr).contains("--topology-only"));
    let out = tilec(&[play.as_slice(), &["--topology-only"]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn a_tunnel_portal_is_carried_drawn_and_refused_for_play_unless_topology_only() {
    let set = marks_set();
    let tile = set.tile("marks/portal").expect("portal tile");
    assert_eq!(tile.ends[0].kind, EndKind::Tunnel);
    assert!(!EndKind::Tunnel.played());
    let rust = tilec::emit::rust::emit(std::slice::from_ref(&set));
    assert!(rust.contains("kind: EndKind::Tunnel,"), "engine tables");
    let (_, compiled) = common::compile_dir(&common::root().join("tests/vocab"));
    let json = tilec::emit::json::emit(&compiled.model);
    let flat = json.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("\"at\": \"tunnel\", \"played\": false,"),
        "{json}"
    );
    // The portal is drawn: the same road ending at a junction looks different.
    let mut junction = tile.clone();
    let mut ends = junction.ends.to_vec();
    ends[0].kind = EndKind::Junction;
    junction.ends = ends.into();
    let a = tilec::emit::png::render_tile(tile, 0);
    let b = tilec::emit::png::render_tile(&junction, 0);
    let differ = a.pixels().zip(b.pixels()).filter(|(p, q)| p != q).count();
    assert!(differ > 200, "the portal changes {differ} pixels");
    assert_eq!(tilec::emit::png::layout_problems(tile), 0);
    // Alone (no marks), the tile is refused for its end point.
    let alone = TileSet {
        tiles: vec![tile.clone()].into(),
        ..set.clone()
    };
    let err = Catalog::new(&[&alone]).unwrap_err();
    assert_eq!(
        err,
        CatalogError::UnplayedEnd {
            tile: "marks/portal".into(),
            end: "tunnel",
        }
    );
    assert!(err.to_string().contains("has a road ending at a `tunnel`"));
    let topology = CatalogOptions {
        topology_only: true,
    };
    assert!(Catalog::with_options(&[&alone], topology).is_ok());
}
