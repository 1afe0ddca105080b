//! A city that reaches the middle of an edge without holding it
//! (`city c N reaches=S`), end to end: `tests/reaches/vineyard.tiles` (written
//! for these tests) checks clean; the edge stays a field edge whose middle no
//! segment holds, so two such edges placed together keep their fields apart
//! while a field edge joins both; the JSON export, the engine tables, the
//! previews and the JCloisterZone export say it.

mod common;

use std::sync::Arc;
use tilec_runtime::{
    Catalog, Edge, Game, Move, Placement, Pos, Rotation, Setup, TileSet, NO_SEGMENT,
};

fn vineyard() -> (tilec::model::Model, TileSet) {
    let (sources, compiled) = common::compile_dir(&common::root().join("tests/reaches"));
    let shown = tilec::diagnostic::render_plain(&sources, &compiled.diagnostics);
    assert!(compiled.diagnostics.is_empty(), "{shown}");
    let set = compiled.model.sets[0].to_runtime();
    (compiled.model, set)
}

#[test]
fn the_city_holds_its_edge_and_reaches_the_middle_of_a_field_edge() {
    let (_, set) = vineyard();
    let c = set.tile("vine/C").expect("C");
    let city = &c.segments[0];
    assert_eq!((city.ports, city.reaches), (0b111, 1 << 7));
    assert_eq!(c.ports[7], NO_SEGMENT, "no segment holds the south middle");
    assert_eq!(
        c.edges[0],
        [Edge::City, Edge::Field, Edge::Field, Edge::Field]
    );
    // Both fields touch the city; the tile turns four ways.
    assert_eq!((c.segments[1].cities, c.segments[2].cities), (1, 1));
    assert_eq!(c.symmetry, 4);
}

/// Places `kind` at `pos` turned `quarter` times, then passes.
fn place(game: &mut Game, kind: u16, pos: Pos, quarter: u8) {
    game.draw(kind).expect("draw");
    let placement = Placement {
        pos,
        rotation: Rotation::new(quarter),
    };
    game.play(Move::Place { kind, placement }).expect("place");
    game.play(Move::Figure(tilec_runtime::Action::Pass))
        .expect("pass");
}

#[test]
fn two_such_edges_keep_their_fields_apart_and_a_field_edge_joins_both() {
    let (_, set) = vineyard();
    let cat = Arc::new(Catalog::new(&[&set]).expect("plays"));
    let (c, f) = (
        cat.kind_id("vine/C").expect("C"),
        cat.kind_id("vine/F").expect("F"),
    );
    let mut game = Game::new(cat.clone(), Setup::new(2)).expect("game");
    // South of the start, a second C turned half way: its south edge (the
    // city's reach) faces the start's.
    let below = Pos::new(0, 1);
    place(&mut game, c, below, 2);
    let id = |g: &Game, pos, seg| g.feature(pos, seg).expect("a feature").id;
    let start = Pos::new(0, 0);
    // f1 (west of the reach) meets the other tile's f2 across the edge, and
    // f2 its f1: two fields, not one.
    assert_ne!(id(&game, start, 1), id(&game, start, 2));
    assert_eq!(id(&game, start, 1), id(&game, below, 2));
    assert_eq!(id(&game, start, 2), id(&game, below, 1));
    // The cities do not meet there: each is open at its own edge only.
    assert_ne!(id(&game, start, 0), id(&game, below, 0));
    assert_eq!(game.feature(start, 0).expect("city").open, 1);
    // A field edge beside a third C's south edge joins its two fields.
    let mut game = Game::new(cat, Setup::new(2)).expect("game");
    place(&mut game, f, Pos::new(0, 1), 0);
    assert_eq!(id(&game, start, 1), id(&game, start, 2));
}

#[test]
fn the_json_export_the_tables_the_previews_and_the_jcz_export_say_it() {
    let (model, set) = vineyard();
    let json = tilec::emit::json::emit(&model);
    let flat = json.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "\"kind\": \"city\", \"name\": \"c\", \"pennants\": 0, \"ports\": [ \"NL\", \"N\", \"NR\" ], \"reaches\": [ \"S\" ]"
        ),
        "{json}"
    );
    assert!(flat.contains("\"S\": \"field\""), "{json}");
    let rust = tilec::emit::rust::emit(std::slice::from_ref(&set));
    assert!(rust.contains("reaches: 0b10000000,"), "engine tables");
    // Drawn: the city runs down to the south edge's middle, parting the
    // fields there; without the reach the south middle is field.
    let tile = set.tile("vine/C").expect("C");
    let mut plain = tile.clone();
    let mut segs = plain.segments.to_vec();
    segs[0].reaches = 0;
    plain.segments = segs.into();
    let a = tilec::emit::png::render_tile(tile, 0);
    let b = tilec::emit::png::render_tile(&plain, 0);
    let (w, h) = a.dimensions();
    let differ = a.pixels().zip(b.pixels()).filter(|(p, q)| p != q).count();
    assert!(differ > 1000, "the reach changes {differ} pixels");
    assert_ne!(a.get_pixel(w / 2, h - 2), b.get_pixel(w / 2, h - 2));
    // JCloisterZone's XML has the city on N only, the fields apart at S
    // (`tests/jcz_export.rs` imports it back: `tests/export_jcz/vocab.tiles`).
    let sets: Vec<&tilec::model::Set> = model.sets.iter().collect();
    let xml = tilec::emit::jcz::export(&sets).xml;
    assert!(xml.contains("<city>N</city>"), "{xml}");
    assert!(xml.contains("city=\"N\">SR WL WR</field>"), "{xml}");
    assert!(xml.contains("city=\"N\">EL ER SL</field>"), "{xml}");
}
