//! Bridges and tunnels (`over=`, `under=`): they check clean, export, draw and
//! show in the graph; and the planar checks on the tile graph.

mod common;

use serde_json::Value;

fn fixture() -> tilec::Compiled {
    let (sources, compiled) = common::compile_dir(&common::root().join("tests/crossings"));
    assert!(
        compiled.diagnostics.is_empty(),
        "{}",
        tilec::diagnostic::render_plain(&sources, &compiled.diagnostics)
    );
    compiled
}

fn tile<'m>(compiled: &'m tilec::Compiled, local: &str) -> &'m tilec::model::Tile {
    compiled.model.sets[0]
        .tiles
        .iter()
        .find(|t| t.id.ends_with(&format!("/{local}")))
        .unwrap_or_else(|| panic!("no tile {local}"))
}

fn segment<'v>(doc: &'v Value, tile: &str, name: &str) -> &'v Value {
    let tiles = doc["sets"][0]["tiles"].as_array().expect("tiles");
    let t = tiles.iter().find(|t| t["id"] == tile).expect("tile");
    let segs = t["segments"].as_array().expect("segments");
    segs.iter().find(|s| s["name"] == name).expect("segment")
}

#[test]
fn bridges_and_tunnels_export_on_both_segments() {
    let compiled = fixture();
    let doc: Value = serde_json::from_str(&tilec::emit::json::emit(&compiled.model)).expect("JSON");
    assert_eq!(segment(&doc, "crossings/bridge", "r1")["bridges"][0], "r2");
    assert_eq!(segment(&doc, "crossings/bridge", "r2")["bridges"][0], "r1");
    assert_eq!(segment(&doc, "crossings/tunnel", "r")["tunnels"][0], "c");
    assert_eq!(segment(&doc, "crossings/tunnel", "c")["tunnels"][0], "r");
    assert!(segment(&doc, "crossings/tunnel", "r")
        .get("bridges")
        .is_none());
}

#[test]
fn a_bridge_keeps_the_symmetry_of_the_crossing() {
    let compiled = fixture();
    // Turned a quarter, r1 over r2 becomes r2 over r1: the same tile (both are
    // listed on each other), so the crossroads bridge has two distinct turns at
    // most, like a plain crossroads has one.
    assert!(tile(&compiled, "bridge").symmetry <= 2);
    assert_eq!(tile(&compiled, "tunnel").symmetry, 2);
}

/// The preview's pixel at (`x`, `y`) in tile units (0..1 from the north-west).
fn pixel(img: &image::RgbaImage, x: f32, y: f32) -> [u8; 4] {
    let side = img.width() as f32;
    img.get_pixel((x * side) as u32, (y * side) as u32).0
}

#[test]
fn previews_draw_the_bridge_over_and_the_tunnel_dashed_under() {
    let compiled = fixture();
    let bridge = tilec::emit::png::render_tile(&tile(&compiled, "bridge").to_runtime(), 0);
    // Both roads are plain road near the edges; where they cross, the deck is drawn.
    let (road_n, road_w) = (pixel(&bridge, 0.5, 0.15), pixel(&bridge, 0.15, 0.5));
    assert_eq!(road_n, road_w);
    assert_ne!(
        pixel(&bridge, 0.5, 0.5),
        road_n,
        "no bridge deck at the crossing"
    );
    let tunnel = tilec::emit::png::render_tile(&tile(&compiled, "tunnel").to_runtime(), 0);
    // Inside the city (below its pennant) the road's line shows dashes where the
    // same row off the road is plain city, and gaps of plain city between them.
    let row = |i: u32| {
        (
            pixel(&tunnel, 0.5, i as f32 / 100.0),
            pixel(&tunnel, 0.3, i as f32 / 100.0),
        )
    };
    assert!(
        (58..66).map(row).any(|(on, off)| on != off),
        "no dash across the city"
    );
    assert!(
        (36..44).map(row).any(|(on, off)| on == off),
        "the tunnel is drawn solid"
    );
}

/// Written adjacency (port order plus `->`) against the faces of each tile's
/// drawing, for every field of every shipped tile; cities and fields that touch
/// no port are left to the text and not compared.
#[test]
fn face_adjacency_matches_the_shipped_sets() {
    let compiled = common::shipped();
    let mut differ = Vec::new();
    let mut parted = Vec::new();
    let mut fields = 0;
    for t in compiled.model.sets.iter().flat_map(|s| &s.tiles) {
        let walls = tilec::graph::walls(t);
        let ported: u32 = t
            .segments
            .iter()
            .enumerate()
            .filter(|(_, s)| s.ports != 0)
            .fold(0, |m, (i, _)| m | 1 << i);
        for (f, s) in t.segments.iter().enumerate() {
            if s.kind != tilec_runtime::SegmentKind::Field || s.ports == 0 {
                continue;
            }
            fields += 1;
            let faces = tilec::graph::face_cities(t, &walls, f);
            // A face the text parts (two fields in it) derives nothing: the
            // field's ports give its cities, and those are all it is written with.
            if tilec::graph::face_parted(t, &walls, f) {
                parted.push(t.id.as_str());
                assert_eq!(faces, 0, "{} {}", t.id, s.name);
                continue;
            }
            // `not-touching=` takes a derived city out (princess-dragon/F).
            if faces & !s.not_touching != s.cities & ported {
                differ.push(format!(
                    "{} {}: written {:b}, faces {:b}",
                    t.id, s.name, s.cities, faces
                ));
            }
        }
    }
    assert!(fields > 150, "only {fields} fields");
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    // Faces the text parts, measured: the River's spring under a road and its
    // road over the river to a monastery, Messengers & Mayors' F, G and H (a
    // strip between city and road that the walls do not close) and L (a road to
    // the river bank, which joins no wall), Inns & Cathedrals' G and Traders
    // & Builders' I, O and W (a city wall running out to a corner parts two
    // fields there, beyond the city's ports) and C (its western road ends on
    // the tile, at a house beyond a bridge in the image: the fields north and
    // south of it share a face), and the same shapes among the
    // sets from JCloisterZone's files: strips between a city and a road or a
    // city's corner (princess-dragon/E, tower/O and P, abbey-mayor/I, J and
    // K) and two roads ending apart in one field (tower/E). Their cities come
    // from their ports.
    parted.dedup();
    assert_eq!(
        parted,
        [
            "river/A",
            "river/H",
            "mm/F",
            "mm/G",
            "mm/H",
            "mm/L",
            "inns-cathedrals/G",
            "traders-builders/C",
            "traders-builders/I",
            "traders-builders/O",
            "traders-builders/W",
            "princess-dragon/E",
            "tower/E",
            "tower/O",
            "tower/P",
            "abbey-mayor/I",
            "abbey-mayor/J",
            "abbey-mayor/K"
        ]
    );
}

#[test]
fn faces_know_a_field_cut_off_by_a_junction() {
    // City north, three roads meeting at a junction: only the strip between the
    // western and eastern roads touches the city, though no single road cuts the
    // others off.
    let text = "set t \"T\" {\n  provenance sourced\n}\n\
        tile A \"A\" {\n  count 2\n  city c N\n  road rw W\n  road re E\n  road rs S\n\
        end rw re rs at junction\n  field f1 EL WR -> c\n  field f2 ER SL\n  field f3 SR WL\n}\n";
    let mut sources = tilec::diagnostic::Sources::new();
    let id = sources.add("a.tiles".to_string(), text.to_string());
    let compiled = tilec::compile(&sources, &[id], None);
    assert!(compiled.diagnostics.is_empty());
    let t = &compiled.model.sets[0].tiles[0];
    let walls = tilec::graph::walls(t);
    let city = 1 << t.segments.iter().position(|s| s.name == "c").unwrap();
    let field = |name: &str| t.segments.iter().position(|s| s.name == name).unwrap();
    assert_eq!(tilec::graph::face_cities(t, &walls, field("f1")), city);
    assert_eq!(tilec::graph::face_cities(t, &walls, field("f2")), 0);
    assert_eq!(tilec::graph::face_cities(t, &walls, field("f3")), 0);
}

/// A field with no ports is drawn as enclosed, in one face with its cities.
#[test]
fn dot_shows_an_enclosed_field_in_the_face_of_its_cities() {
    let args = ["export", "--emit", "dot", "--tile", "crossings/enclosed"];
    let out = common::tilec(&[args.as_slice(), &["tests/crossings"]].concat());
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    let dot = common::text(&out.stdout);
    assert!(dot.contains("label=\"f1 (field, enclosed)\""), "{dot}");
    assert!(dot.contains("[style=dashed, label=\"one face\"]"), "{dot}");
    assert!(
        dot.contains("// enclosed field f1 lies in one face with cn cwe"),
        "{dot}"
    );
    common::golden(&common::root().join("tests/golden/dot/enclosed.dot"), &dot);
}

/// `tilec export --emit dot` shows the bridge, the tunnel and the walls.
#[test]
fn dot_shows_bridges_tunnels_and_walls() {
    for local in ["bridge", "tunnel"] {
        let id = format!("crossings/{local}");
        let out = common::tilec(&["export", "--emit", "dot", "--tile", &id, "tests/crossings"]);
        assert!(out.status.success(), "{}", common::text(&out.stderr));
        let dot = common::text(&out.stdout);
        let style = if local == "bridge" {
            "dotted"
        } else {
            "tapered"
        };
        assert!(
            dot.contains(&format!("[style={style}, dir=forward]")),
            "{dot}"
        );
        assert!(dot.contains("cluster_wall0"), "{dot}");
        common::golden(
            &common::root().join(format!("tests/golden/dot/{local}.dot")),
            &dot,
        );
    }
}

/// Whether any pixel along a line of `steps` points from `a` to `b` differs
/// from `colour`, and whether all do.
fn along(img: &image::RgbaImage, a: (f32, f32), b: (f32, f32), colour: [u8; 4]) -> (bool, bool) {
    let steps = 40;
    let seen: Vec<bool> = (0..=steps)
        .map(|k| {
            let t = k as f32 / steps as f32;
            pixel(img, a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t) != colour
        })
        .collect();
    (seen.iter().any(|&d| d), seen.iter().all(|&d| d))
}

#[test]
fn previews_draw_what_passes_over_what() {
    let compiled = fixture();
    let render =
        |local: &str| tilec::emit::png::render_tile(&tile(&compiled, local).to_runtime(), 0);
    // c2 (west–east) on a bridge over c1: c2's wall crosses c1, not the reverse.
    let cities = render("city-bridge");
    let city = pixel(&cities, 0.5, 0.06);
    assert!(
        along(&cities, (0.5, 0.2), (0.5, 0.45), city).0,
        "no wall of c2 across c1"
    );
    assert!(
        !along(&cities, (0.12, 0.5), (0.38, 0.5), city).0,
        "a wall across c2"
    );
    // The road is plain road north of the city, dashes under the south field.
    let tunnel = render("field-tunnel");
    let road = pixel(&tunnel, 0.5, 0.1);
    let (gaps, no_road) = along(&tunnel, (0.5, 0.78), (0.5, 0.98), road);
    assert!(gaps && !no_road, "no dashes of road under the field");
    assert!(
        !along(&tunnel, (0.5, 0.02), (0.5, 0.2), road).0,
        "the north road is not solid"
    );
    // The river shows across the city; each bank is one field north and south.
    let arch = render("river-under");
    let city = pixel(&arch, 0.2, 0.5);
    assert!(
        along(&arch, (0.5, 0.4), (0.5, 0.6), city).0,
        "no river under the city"
    );
    assert_eq!(
        pixel(&arch, 0.85, 0.1),
        pixel(&arch, 0.85, 0.9),
        "east bank"
    );
    assert_eq!(
        pixel(&arch, 0.15, 0.1),
        pixel(&arch, 0.15, 0.9),
        "west bank"
    );
    assert_ne!(pixel(&arch, 0.15, 0.1), pixel(&arch, 0.85, 0.1));
}

#[test]
fn the_new_crossings_derive_and_export_as_written() {
    let compiled = fixture();
    let doc: Value = serde_json::from_str(&tilec::emit::json::emit(&compiled.model)).expect("JSON");
    // `over`/`under` say every crossing; `bridges`/`tunnels` keep their meaning.
    let c2 = segment(&doc, "crossings/city-bridge", "c2");
    assert_eq!(c2["over"][0], "c1");
    assert!(c2.get("bridges").is_none());
    assert_eq!(
        segment(&doc, "crossings/city-bridge", "c1")["under"][0],
        "c2"
    );
    let r = segment(&doc, "crossings/field-tunnel", "r");
    assert_eq!(r["under"], serde_json::json!(["c", "f1"]));
    assert_eq!(r["tunnels"], serde_json::json!(["c"]));
    assert_eq!(
        segment(&doc, "crossings/field-tunnel", "f1")["over"][0],
        "r"
    );
    assert_eq!(segment(&doc, "crossings/river-under", "v")["under"][0], "c");
    assert_eq!(
        segment(&doc, "crossings/river-under", "c")["over"],
        serde_json::json!(["v", "f1", "f2"])
    );
    // The road in its tunnel parts nothing of the field above it; the banks
    // touch the city they pass under.
    assert_eq!(
        segment(&doc, "crossings/field-tunnel", "f1")["cities"][0],
        "c"
    );
    assert_eq!(
        segment(&doc, "crossings/river-under", "f1")["cities"][0],
        "c"
    );
    // The runtime tables carry the crossings, the one on top first.
    let t = tile(&compiled, "city-bridge").to_runtime();
    assert_eq!(
        t.crossings.as_ref(),
        [tilec_runtime::Crossing { over: 1, under: 0 }]
    );
    // A city on a bridge turns into another tile a quarter turn on.
    assert_eq!(tile(&compiled, "city-bridge").symmetry, 2);
}

/// The engine plays tiles with crossings: on each as the start tile, the two
/// crossing segments are two features, each open at its own edges (a city on a
/// bridge and the city beneath, a road in its tunnel and the field above, a
/// river and the city over it); and random games with every crossing tile play
/// to the end.
#[test]
fn the_engine_plays_crossings_as_separate_features() {
    use std::sync::Arc;
    use tilec_runtime::{Catalog, Game, Pos, RandomPlayer, Rng, Setup};
    let compiled = fixture();
    let set = compiled.model.sets[0].to_runtime();
    let cat = Arc::new(Catalog::new(&[&set]).expect("the crossings play"));
    for local in [
        "city-bridge",
        "field-tunnel",
        "river-under",
        "bridge",
        "tunnel",
    ] {
        let id = cat.kind_id(&format!("crossings/{local}")).expect(local);
        let setup = Setup {
            start: Some(id),
            ..Setup::new(2)
        };
        let game = Game::new(cat.clone(), setup).expect("a game");
        let kind = cat.kind(id);
        assert!(!kind.crossings.is_empty(), "{local}");
        for c in kind.crossings.iter() {
            let f = |s: u8| game.feature(Pos::new(0, 0), s).expect("a feature");
            let (top, beneath) = (f(c.over), f(c.under));
            assert_ne!(top.id, beneath.id, "{local}: one feature");
            for (s, info) in [(c.over, top), (c.under, beneath)] {
                let seg = &kind.segments[usize::from(s)];
                if seg.kind != tilec_runtime::SegmentKind::Field {
                    let edges = (0..4)
                        .filter(|e| seg.ports & (0b111 << (3 * e)) != 0)
                        .count();
                    assert_eq!(usize::from(info.open), edges, "{local} {}", seg.name);
                }
            }
        }
    }
    for seed in 0..30 {
        let mut game = Game::new(cat.clone(), Setup::new(3)).expect("a game");
        RandomPlayer::new(0.5).play(&mut game, &mut Rng::new(seed));
        assert!(game.is_over(), "seed {seed}");
    }
}
