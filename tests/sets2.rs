//! The Princess & the Dragon, The Tower and Abbey & Mayor as shipped sets,
//! before the engine plays their rules: their counts by symbol, the abbey
//! (JSON, the engine's catalog, the JCloisterZone export), and `play` /
//! `simulate` refusing them but as plain topology. The expected values are
//! written here by hand from the sets' published contents.

mod common;

use common::{text, tilec};
use serde_json::{json, Value};
use std::sync::Arc;
use tilec_runtime::catalog::{CatalogOptions, PileClass};
use tilec_runtime::{tables, Catalog, Game, MarkKind, Setup, TileSet};

fn set(id: &str) -> &'static TileSet {
    let set = tables::SETS.iter().find(|s| s.id == id);
    set.unwrap_or_else(|| panic!("no shipped set {id}"))
}

/// Copies of `id` carrying a mark of `kind` (on the tile or on a segment).
fn marked(id: &str, kind: MarkKind) -> u32 {
    let tiles = set(id).tiles.iter().filter(|t| t.has_mark(kind));
    tiles.map(|t| u32::from(t.count)).sum()
}

#[test]
fn the_sets_hold_their_published_counts() {
    assert_eq!(set("princess-dragon").total(), 30);
    assert_eq!(marked("princess-dragon", MarkKind::Princess), 6);
    assert_eq!(marked("princess-dragon", MarkKind::Dragon), 12);
    assert_eq!(marked("princess-dragon", MarkKind::MagicPortal), 6);
    assert_eq!(marked("princess-dragon", MarkKind::Volcano), 6);
    assert_eq!(set("tower").total(), 18);
    assert_eq!(marked("tower", MarkKind::Tower), 18);
    assert_eq!(set("abbey-mayor").total(), 18);
    assert_eq!(marked("abbey-mayor", MarkKind::Abbey), 6);
    // Sourced but two illustrations: the second copy of tower/K (one
    // picture for two copies) and abbey-mayor/F's farm building.
    let mut partly: Vec<(&str, Vec<&str>)> = Vec::new();
    for id in ["princess-dragon", "tower", "abbey-mayor"] {
        for t in set(id).tiles.iter() {
            let sourced = t.sourced();
            let missing: Vec<&str> = tilec_runtime::Aspect::ALL
                .iter()
                .filter(|&&a| !sourced.contains(a))
                .map(|a| a.name())
                .collect();
            if !missing.is_empty() {
                partly.push((&t.id, missing));
            }
        }
    }
    let illustrations = vec!["illustrations"];
    assert_eq!(
        partly,
        [
            ("tower/K", illustrations.clone()),
            ("abbey-mayor/F", illustrations)
        ]
    );
}

fn export() -> Value {
    let compiled = common::shipped();
    serde_json::from_str(&tilec::emit::json::emit(&compiled.model)).expect("valid JSON")
}

#[test]
fn the_abbey_is_a_monastery_whose_edges_match_anything() {
    let doc = export();
    let abbey = doc["sets"]
        .as_array()
        .expect("sets")
        .iter()
        .flat_map(|s| s["tiles"].as_array().expect("tiles"))
        .find(|t| t["id"] == "abbey-mayor/A")
        .expect("the abbey");
    assert_eq!(abbey["count"], 6);
    assert_eq!(
        abbey["edges"],
        json!({ "N": "any", "E": "any", "S": "any", "W": "any" })
    );
    let segments = abbey["segments"].as_array().expect("segments");
    assert_eq!(segments.len(), 1);
    assert_eq!(segments[0]["kind"], "monastery");
    assert_eq!(segments[0]["ports"], json!([]));
    let specials = abbey["specials"].as_array().expect("specials");
    assert!(specials
        .iter()
        .any(|s| s["kind"] == "abbey" && s["played"].is_null()));
}

/// The engine plays the three sets (their marks, the abbeys held by the
/// players); as plain topology the abbeys stay out of the pile.
#[test]
fn the_engine_plays_the_sets_and_topology_only_holds_the_abbeys_back() {
    let base = set("base");
    for id in ["princess-dragon", "tower", "abbey-mayor"] {
        if let Err(err) = Catalog::new(&[base, set(id)]) {
            panic!("{id}: {err}");
        }
    }
    let topology = CatalogOptions {
        topology_only: true,
    };
    let sets = [base, set("abbey-mayor")];
    let cat = Arc::new(Catalog::with_options(&sets, topology).expect("topology"));
    let abbey = cat.kind_id("abbey-mayor/A").expect("the abbey");
    assert_eq!(cat.pile_class(abbey), PileClass::Abbey);
    assert_ne!(cat.default_start(), abbey);
    let game = Game::new(cat.clone(), Setup::new(2)).expect("game");
    assert_eq!(game.pile_count(abbey), 0, "no abbey is drawn");
    assert_eq!(
        game.pile_len(),
        72 + 12 - 1,
        "every land tile but the start"
    );
    // The abbey's edges match anything, in every rotation.
    let def = cat.kind(abbey);
    assert!(def
        .edges
        .iter()
        .flatten()
        .all(|&e| e == tilec_runtime::Edge::Any));
}

/// `simulate` plays each set, by its rules and as plain topology.
#[test]
fn simulate_plays_each_set_by_its_rules_and_as_topology() {
    for id in ["princess-dragon", "tower", "abbey-mayor"] {
        let sets = format!("base,{id}");
        let args = [
            "simulate",
            "--sets",
            &sets,
            "--games",
            "20",
            "--players",
            "3",
        ];
        let mut topology = args.to_vec();
        topology.push("--topology-only");
        for args in [&args[..], &topology[..]] {
            let out = tilec(args);
            assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
            assert!(
                text(&out.stdout).contains("games/s"),
                "{}",
                text(&out.stdout)
            );
        }
    }
}

#[test]
fn the_jcz_export_leaves_the_abbey_to_jczs_own_and_switches_it_on() {
    let shipped = common::shipped();
    let am = shipped.model.sets.iter().find(|s| s.id == "abbey-mayor");
    let am = am.expect("abbey-mayor");
    let export = tilec::emit::jcz::export(&[am]);
    let (_, why) = export
        .lost
        .iter()
        .find(|(id, _)| id == "abbey-mayor/A")
        .expect("the abbey is named as left out");
    assert!(why[0].contains("`AM/A`"), "{why:?}");
    assert!(!export.xml.contains("abbey-mayor/A"), "{}", export.xml);
    let elements = tilec::emit::jcz_play::elements(am);
    assert!(elements.contains(&("implies", "abbey")), "{elements:?}");
}
