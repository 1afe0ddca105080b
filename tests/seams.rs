//! Seams end to end: `tests/seams/keep.tiles` (written for these tests) holds a
//! keep of four squares laid out as one piece, whose inner sides are seams, and
//! two land tiles. It checks clean, its seams reach the JSON export, the engine
//! tables and the previews, and the engine refuses it unless played as plain
//! topology, which leaves the keep out of the pile.

mod common;

use common::{text, tilec};
use std::sync::Arc;
use tilec_runtime::catalog::{Catalog, CatalogError, CatalogOptions, PileClass};
use tilec_runtime::{Edge, Game, SegmentKind, Setup, TileSet};

fn keep() -> (tilec::model::Model, TileSet) {
    let (sources, compiled) = common::compile_dir(&common::root().join("tests/seams"));
    let shown = tilec::diagnostic::render_plain(&sources, &compiled.diagnostics);
    assert!(compiled.diagnostics.is_empty(), "{shown}");
    let set = compiled.model.sets[0].to_runtime();
    (compiled.model, set)
}

#[test]
fn a_seam_holds_its_ports_and_shows_seam_edges() {
    let (_, set) = keep();
    let nw = set.tile("keep/NW").expect("NW");
    let seam = nw.segments.iter().position(|s| s.kind == SegmentKind::Seam);
    let seam = seam.expect("a seam") as u8;
    // `seam s ER SL` takes the middles beside its halves: E ER SL S.
    let held: Vec<usize> = (0..12).filter(|&p| nw.ports[p] == seam).collect();
    assert_eq!(held, [4, 5, 6, 7]);
    // The east edge is partly a seam (EL is a field): a seam edge all the same.
    assert_eq!(
        nw.edges[0],
        [Edge::Field, Edge::Seam, Edge::Seam, Edge::Road]
    );
    assert_eq!(nw.symmetry, 4);
}

#[test]
fn seams_reach_the_json_export_the_engine_tables_and_the_previews() {
    let (model, set) = keep();
    let json = tilec::emit::json::emit(&model);
    let flat = json.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "\"kind\": \"seam\", \"name\": \"s\", \"ports\": [ \"E\", \"ER\", \"SL\", \"S\" ]"
        ),
        "{json}"
    );
    assert!(flat.contains("\"E\": \"seam\""), "{json}");
    let rust = tilec::emit::rust::emit(std::slice::from_ref(&set));
    assert!(rust.contains("kind: SegmentKind::Seam,"), "engine tables");
    assert!(rust.contains("Edge::Seam"), "engine tables");
    // Drawn: the same tile with its seam turned into a field looks different.
    let tile = set.tile("keep/SE").expect("SE");
    let mut plain = tile.clone();
    let mut segs = plain.segments.to_vec();
    for s in &mut segs {
        s.kind = SegmentKind::Field;
    }
    plain.segments = segs.into();
    let a = tilec::emit::png::render_tile(tile, 0);
    let b = tilec::emit::png::render_tile(&plain, 0);
    let differ = a.pixels().zip(b.pixels()).filter(|(p, q)| p != q).count();
    assert!(differ > 2000, "the seam changes {differ} pixels");
}

#[test]
fn the_engine_refuses_a_seam_unless_topology_only_which_leaves_it_out_of_the_pile() {
    let (_, set) = keep();
    let err = Catalog::new(&[&set]).unwrap_err();
    assert_eq!(
        err,
        CatalogError::UnplayedSeam {
            tile: "keep/NW".into()
        }
    );
    assert!(err.to_string().contains("laid out at setup"), "{err}");
    let topology = CatalogOptions {
        topology_only: true,
    };
    let cat = Arc::new(Catalog::with_options(&[&set], topology).expect("topology"));
    let laid: Vec<u16> = (0..cat.len() as u16)
        .filter(|&k| cat.pile_class(k) == PileClass::Laid)
        .collect();
    assert_eq!(laid.len(), 4, "the keep's four squares");
    let game = Game::new(cat.clone(), Setup::new(2)).expect("game");
    for &k in &laid {
        assert_eq!(game.pile_count(k), 0, "{}", cat.kind(k).id);
    }
    // The land tiles are all there, less the start tile.
    assert_eq!(game.pile_len(), 6 + 4 - 1);
    assert!(!laid.contains(&cat.default_start()));
}

#[test]
fn simulate_refuses_a_seam_with_a_hint_and_plays_the_rest_as_topology() {
    let base = [
        "simulate",
        "--tiles",
        "tests/seams",
        "--sets",
        "keep",
        "--games",
        "3",
    ];
    let out = tilec(&base);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains("tile `keep/NW` has a seam"), "{err}");
    assert!(err.contains("hint: add `--topology-only`"), "{err}");
    let out = tilec(&[base.as_slice(), &["--topology-only"]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}
