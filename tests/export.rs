//! The JSON export of the shipped tiles says what the tile catalogue says: set
//! totals, and a dozen tiles across all six sets checked field by field. The
//! expected values are written here by hand from the catalogue, not read back from
//! the tile files.

mod common;

use serde_json::{json, Value};

fn export() -> Value {
    let compiled = common::shipped();
    serde_json::from_str(&tilec::emit::json::emit(&compiled.model)).expect("valid JSON")
}

fn tile<'v>(doc: &'v Value, id: &str) -> &'v Value {
    doc["sets"]
        .as_array()
        .expect("sets")
        .iter()
        .flat_map(|s| s["tiles"].as_array().expect("tiles"))
        .find(|t| t["id"] == id)
        .unwrap_or_else(|| panic!("no tile {id}"))
}

/// A segment by its kind and ports (names are the designer's choice).
fn segment<'v>(t: &'v Value, kind: &str, ports: &[&str]) -> &'v Value {
    t["segments"]
        .as_array()
        .expect("segments")
        .iter()
        .find(|s| s["kind"] == kind && s["ports"] == json!(ports))
        .unwrap_or_else(|| panic!("{}: no {kind} on {ports:?}", t["id"]))
}

fn city_names(t: &Value, field: &Value) -> Vec<String> {
    let mut ports: Vec<String> = field["cities"]
        .as_array()
        .expect("cities")
        .iter()
        .map(|name| {
            let city = t["segments"]
                .as_array()
                .unwrap()
                .iter()
                .find(|s| &s["name"] == name)
                .unwrap();
            city["ports"][1].as_str().unwrap_or("inner").to_string()
        })
        .collect();
    ports.sort();
    ports
}

#[test]
fn set_totals_match_the_catalogue() {
    let doc = export();
    let totals: Vec<(String, u64)> = doc["sets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["id"].as_str().unwrap().to_string(),
                s["tile_count"].as_u64().unwrap(),
            )
        })
        .collect();
    let expected = [
        ("base", 72),
        ("river", 12),
        ("anniversary", 15),
        ("festival", 10),
        ("promos", 4),
        ("mm", 18),
        ("inns-cathedrals", 18),
        ("traders-builders", 24),
        ("princess-dragon", 30),
        ("tower", 18),
        ("abbey-mayor", 18),
    ];
    let expected: Vec<(String, u64)> = expected.iter().map(|(s, n)| (s.to_string(), *n)).collect();
    assert_eq!(totals, expected);
    assert_eq!(doc["format"], 1);
}

#[test]
fn base_start_tile_d() {
    let doc = export();
    let d = tile(&doc, "base/D");
    assert_eq!(d["count"], 4);
    assert_eq!(d["start"], true);
    assert_eq!(
        d["edges"],
        json!({ "N": "city", "E": "road", "S": "field", "W": "road" })
    );
    assert_eq!(d["symmetry"], 4);
    assert_eq!(segment(d, "city", &["NL", "N", "NR"])["pennants"], 0);
    segment(d, "road", &["E", "W"]);
    let f1 = segment(d, "field", &["EL", "WR"]);
    assert_eq!(city_names(d, f1), ["N"]);
    let f2 = segment(d, "field", &["ER", "SL", "S", "SR", "WL"]);
    assert_eq!(city_names(d, f2), Vec::<String>::new());
    assert_eq!(d["provenance"], "sourced");
}

#[test]
fn base_city_c_and_crossroads_x_are_fully_symmetric() {
    let doc = export();
    let c = tile(&doc, "base/C");
    assert_eq!(c["count"], 1);
    assert_eq!(c["symmetry"], 1);
    let all = [
        "NL", "N", "NR", "EL", "E", "ER", "SL", "S", "SR", "WL", "W", "WR",
    ];
    assert_eq!(segment(c, "city", &all)["pennants"], 1);
    assert_eq!(c["copies"], json!([["water-tower"]]));
    let x = tile(&doc, "base/X");
    assert_eq!(x["symmetry"], 1);
    assert_eq!(x["ends"][0]["at"], "junction");
    assert_eq!(x["ends"][0]["segments"].as_array().unwrap().len(), 4);
}

#[test]
fn base_garden_copies_are_variants_with_the_counts_split() {
    let doc = export();
    for (id, n) in [
        ("E", 5),
        ("H", 3),
        ("I", 2),
        ("M", 2),
        ("N", 3),
        ("R", 3),
        ("U", 8),
        ("V", 9),
    ] {
        let plain = tile(&doc, &format!("base/{id}"));
        let garden = tile(&doc, &format!("base/{id}-garden"));
        assert_eq!(
            plain["count"].as_u64().unwrap() + garden["count"].as_u64().unwrap(),
            n,
            "{id}"
        );
        assert_eq!(garden["count"], 1);
        assert_eq!(garden["edges"], plain["edges"], "{id}");
        segment(garden, "garden", &[]);
    }
    assert_eq!(tile(&doc, "base/U")["symmetry"], 2);
}

#[test]
fn river_spring_lake_and_bridge() {
    let doc = export();
    let a = tile(&doc, "river/A");
    // Its field split, once reconstructed, is read from an image of the tile.
    assert_eq!(a["provenance"], "sourced");
    assert_eq!(a["sourced"]["fields"], json!(["spring-image"]));
    assert_eq!(a["reconstructed"], json!([]));
    assert_eq!(a["edges"]["S"], "river");
    assert!(a["specials"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["kind"] == "spring"));
    let l = tile(&doc, "river/L");
    assert!(l["specials"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["kind"] == "lake"));
    segment(l, "monastery", &[]);
    let k = tile(&doc, "river/K");
    assert_eq!(
        k["edges"],
        json!({ "N": "river", "E": "road", "S": "river", "W": "road" })
    );
    assert_eq!(
        segment(k, "road", &["E", "W"])["bridges"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
}

#[test]
fn anniversary_arrows_by_group() {
    let doc = export();
    for (id, kind, points) in [
        ("A", "add-next-to", "S"),
        ("F", "portal", "N"),
        ("M", "extra-turn", "E"),
    ] {
        let t = tile(&doc, &format!("anniversary/{id}"));
        assert_eq!(
            t["arrow"],
            json!({ "kind": kind, "points": points }),
            "{id}"
        );
        assert_eq!(t["provenance"], "reconstructed");
        assert_eq!(t["symmetry"], 4, "an arrow breaks symmetry");
    }
}

/// Every 20th Anniversary tile has the edges Wikicarpedia's tile-geometry
/// reference gives it (N, E, S, W of one rotation), and says so; its count and
/// illustrations come from the rule page; its inner layout is reconstructed,
/// but for tile D, which an image shows.
#[test]
fn anniversary_tiles_have_their_sourced_edges_and_say_what_is_reconstructed() {
    let doc = export();
    let sourced = [
        ("A", "CCRR", ""),
        ("B", "CCCF", "water-tower"),
        ("C", "CFRR", "highwaymen"),
        ("D", "CCRR", ""),
        ("E", "CFCR", ""),
        ("F", "RRRR", "highwaymen"),
        ("G", "CFRR", "farmhouse"),
        ("H", "FRRR", "crossroads+cowshed"),
        ("I", "CCRR", ""),
        ("J", "CCCF", "water-tower"),
        ("K", "CCRF", ""),
        ("L", "CCCR", ""),
        ("M", "CRFR", "donkey-stable"),
        ("N", "FFRR", ""),
        ("O", "CFRR", ""),
    ];
    let letter = |e: &Value| e.as_str().unwrap()[..1].to_uppercase();
    for (id, code, illustration) in sourced {
        let t = tile(&doc, &format!("anniversary/{id}"));
        let edges: String = ["N", "E", "S", "W"]
            .iter()
            .map(|d| letter(&t["edges"][d]))
            .collect();
        assert_eq!(edges, code, "{id}");
        let copies: Vec<String> = t["copies"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                c.as_array()
                    .unwrap()
                    .iter()
                    .map(|i| i.as_str().unwrap())
                    .collect::<Vec<_>>()
                    .join("+")
            })
            .collect();
        let want: Vec<String> = if illustration.is_empty() {
            vec![]
        } else {
            vec![illustration.into()]
        };
        assert_eq!(copies, want, "{id}");
        assert_eq!(t["count"], 1, "{id}");
        assert!(
            t["sourced"]["edges"]
                .as_array()
                .unwrap()
                .contains(&json!("geometry")),
            "{id}"
        );
        assert_eq!(t["sourced"]["count"], json!(["rules"]), "{id}");
        assert_eq!(t["sourced"]["illustrations"], json!(["rules"]), "{id}");
        let open: &[&str] = if id == "D" {
            &["arrow-kind", "marks"]
        } else {
            &[
                "layout",
                "fields",
                "pennants",
                "arrow-kind",
                "arrow-direction",
                "marks",
            ]
        };
        assert_eq!(t["reconstructed"], json!(open), "{id}");
    }
    let set = doc["sets"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == "anniversary")
        .unwrap();
    assert_eq!(
        set["sourced"],
        json!({ "groups": ["rules"], "total": ["rules"] })
    );
    assert_eq!(set["sources"].as_array().unwrap().len(), 3);
}

/// Tile D as its image shows it (turned a quarter clockwise): one city over
/// two edges without a pennant, two roads each ending at a gate of it, apart,
/// a garden, three fields all touching the city; the arrow points at the
/// edge the image's north became.
#[test]
fn anniversary_d_is_what_its_image_shows() {
    let doc = export();
    let d = tile(&doc, "anniversary/D");
    assert_eq!(
        segment(d, "city", &["NL", "N", "NR", "EL", "E", "ER"])["pennants"],
        0
    );
    segment(d, "road", &["S"]);
    segment(d, "road", &["W"]);
    segment(d, "garden", &[]);
    let ends = d["ends"].as_array().unwrap();
    assert_eq!(ends.len(), 2, "two ends: the roads do not meet");
    for e in ends {
        assert_eq!(e["touches"], json!(["c"]));
        assert_eq!(e["segments"].as_array().unwrap().len(), 1);
    }
    for ports in [&["SL"][..], &["SR", "WL"], &["WR"]] {
        assert_eq!(
            segment(d, "field", ports)["cities"],
            json!(["c"]),
            "{ports:?}"
        );
    }
    assert_eq!(d["arrow"]["points"], "E");
    for a in ["edges", "layout", "fields", "pennants", "arrow-direction"] {
        assert!(
            d["sourced"][a]
                .as_array()
                .unwrap()
                .contains(&json!("abbot-image")),
            "{a}"
        );
    }
}

#[test]
fn festival_five_has_a_junction_reaching_both_gates() {
    let doc = export();
    let t = tile(&doc, "festival/5");
    assert!(t["specials"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["kind"] == "festival"));
    assert_eq!(
        t["edges"],
        json!({ "N": "city", "E": "road", "S": "city", "W": "road" })
    );
    let end = &t["ends"][0];
    assert_eq!(end["at"], "junction");
    assert_eq!(end["segments"].as_array().unwrap().len(), 2);
    assert_eq!(end["touches"].as_array().unwrap().len(), 2);
}

#[test]
fn russian_promos_marks() {
    let doc = export();
    let solovei = tile(&doc, "promos/solovei");
    let tree = solovei["specials"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["kind"] == "tree")
        .expect("tree");
    let road = segment(solovei, "road", &["E", "W"]);
    assert_eq!(tree["segment"], road["name"]);
    let vodyanoy = tile(&doc, "promos/vodyanoy");
    assert!(vodyanoy["specials"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["kind"] == "lake" && s["trap"] == true));
    let bogatyr = tile(&doc, "promos/bogatyr");
    segment(bogatyr, "road", &["E", "S", "W"]);
    assert!(bogatyr["specials"]
        .as_array()
        .unwrap()
        .iter()
        .any(|s| s["kind"] == "stone"));
    segment(tile(&doc, "promos/baba-yaga"), "hut", &[]);
}

#[test]
fn messengers_and_mayors_town_hall_and_river_tile() {
    let doc = export();
    let hall = tile(&doc, "mm/town-hall");
    assert_eq!(hall["count"], 6);
    assert_eq!(
        hall["edges"],
        json!({ "N": "any", "E": "any", "S": "any", "W": "any" })
    );
    assert_eq!(hall["segments"], json!([]));
    assert_eq!(hall["symmetry"], 1);
    let a = tile(&doc, "mm/A");
    assert_eq!(a["segments"][0]["pennants"], 2);
    let l = tile(&doc, "mm/L");
    assert_eq!(
        l["edges"],
        json!({ "N": "river", "E": "city", "S": "river", "W": "road" })
    );
    assert!(l["ends"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["at"] == "bank"));
}

#[test]
fn export_is_deterministic() {
    let a = tilec::emit::json::emit(&common::shipped().model);
    let b = tilec::emit::json::emit(&common::shipped().model);
    assert_eq!(a, b);
}

/// A directory with one set of `n` small tile kinds.
fn many_tiles(name: &str, n: usize) -> common::Temp {
    let t = common::Temp::new(name);
    let mut text = String::from("set big \"Big\" {\n  provenance sourced\n}\n");
    for i in 0..n {
        text += &format!(
            "\ntile T{i} \"Tile {i}\" {{\n  count 2\n  city c N\n  field f E S W -> c\n}}\n"
        );
    }
    std::fs::write(t.0.join("big.tiles"), text).unwrap();
    t
}

#[test]
fn export_streams_the_same_document_as_emit() {
    let t = many_tiles("export-stream", 300);
    let out = common::tilec(&["export", t.path()]);
    assert_eq!(out.status.code(), Some(0), "{}", common::text(&out.stderr));
    let (_, compiled) = common::compile_dir(&t.0);
    let emitted = tilec::emit::json::emit(&compiled.model);
    assert_eq!(common::text(&out.stdout), emitted);
    let doc: serde_json::Value = serde_json::from_str(&emitted).unwrap();
    assert_eq!(doc["sets"][0]["tiles"].as_array().unwrap().len(), 300);
    let empty = tilec::model::Model::default();
    assert_eq!(
        tilec::emit::json::emit(&empty),
        "{\n  \"format\": 1,\n  \"sets\": []\n}\n"
    );
}

#[test]
fn build_and_render_refuse_more_kinds_than_they_can_draw() {
    let t = many_tiles("too-many", 1001);
    let site = t.0.join("site");
    for args in [
        vec![
            "build",
            "--tiles",
            t.path(),
            "--site",
            site.to_str().unwrap(),
        ],
        vec!["render", t.path(), "--out", site.to_str().unwrap()],
    ] {
        let out = common::tilec(&args);
        let err = common::text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("1001 tile kinds are more than"), "{err}");
        assert!(err.contains("at most 1000"), "{err}");
        assert!(!site.exists());
    }
}
