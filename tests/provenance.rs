//! Structured provenance: `source` and `sourced` say which aspects of a tile a
//! named source gives; the rest is reconstructed. Checked through the model, a
//! `tilec fmt` round trip, the JSON export and the engine tables.

use tilec::diagnostic::Sources;
use tilec_runtime::{tables, Aspect, Aspects, Provenance};

const TEXT: &str = r#"set t "T" {
  provenance reconstructed
  source rules   "The rule page"
  source photo "A photograph"; sourced total from=rules
  sourced count   illustrations from=rules
}

tile A "Cap" {
  count 2
  sourced edges layout fields from=photo # seen on the photograph
  city c N
  field f E S W -> c
}

tile A-twin "Cap again" { variant-of A; count 1; sourced pennants from=photo }

tile B "Sourced cap" {
  count 2
  provenance sourced
  sourced edges from=photo
  city c N
  field f E S W -> c
}
"#;

fn compile(text: &str) -> tilec::Compiled {
    let mut sources = Sources::new();
    let id = sources.add("t.tiles", text.to_string());
    tilec::compile(&sources, &[id], None)
}

/// A tile's id, provenance and `(source, aspects)` list.
type Summary = (String, Provenance, Vec<(String, Aspects)>);

/// The [`Summary`] of every tile.
fn summary(c: &tilec::Compiled) -> Vec<Summary> {
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    c.model.sets[0]
        .tiles
        .iter()
        .map(|t| {
            let s = t
                .sources
                .iter()
                .map(|s| (s.source.to_string(), s.aspects))
                .collect();
            (t.id.clone(), t.provenance, s)
        })
        .collect()
}

#[test]
fn set_defaults_tile_statements_and_variants_merge_per_source() {
    let c = compile(TEXT);
    let of = |list: &[Aspect]| Aspects::of(list);
    let rules = (
        "rules".to_string(),
        of(&[Aspect::Count, Aspect::Illustrations]),
    );
    let photo_a = of(&[Aspect::Edges, Aspect::Layout, Aspect::Fields]);
    assert_eq!(
        summary(&c),
        [
            (
                "t/A".to_string(),
                Provenance::Reconstructed,
                vec![rules.clone(), ("photo".into(), photo_a)]
            ),
            (
                "t/A-twin".to_string(),
                Provenance::Reconstructed,
                vec![
                    rules.clone(),
                    ("photo".into(), photo_a.with(Aspect::Pennants))
                ]
            ),
            (
                "t/B".to_string(),
                Provenance::Sourced,
                vec![rules, ("photo".into(), of(&[Aspect::Edges]))]
            ),
        ]
    );
    let set = &c.model.sets[0];
    assert_eq!(set.facts, [("total", 0)]);
    let a = set.tiles[0].to_runtime();
    let reconstructed: Vec<&str> = Aspect::ALL
        .into_iter()
        .filter(|&x| !a.sourced().contains(x))
        .map(Aspect::name)
        .collect();
    assert_eq!(
        reconstructed,
        ["pennants", "arrow-kind", "arrow-direction", "marks"]
    );
    assert_eq!(set.tiles[2].to_runtime().sourced(), Aspects::ALL);
}

#[test]
fn formatting_keeps_what_the_provenance_says() {
    let (ast, diags) = tilec::syntax::parse(0, TEXT);
    assert!(diags.is_empty(), "{diags:?}");
    let formatted = tilec::format::format(&ast);
    assert!(formatted.contains("  source rules \"The rule page\"\n"));
    assert!(formatted.contains("  sourced count illustrations from=rules\n"));
    assert!(
        formatted.contains("  sourced edges layout fields from=photo  # seen on the photograph\n")
    );
    let (again, _) = tilec::syntax::parse(0, &formatted);
    assert_eq!(tilec::format::format(&again), formatted, "idempotent");
    assert_eq!(summary(&compile(&formatted)), summary(&compile(TEXT)));
}

#[test]
fn the_json_export_lists_each_aspect_with_its_sources() {
    let c = compile(TEXT);
    let doc: serde_json::Value =
        serde_json::from_str(&tilec::emit::json::emit(&c.model)).expect("json");
    let set = &doc["sets"][0];
    assert_eq!(set["sources"][1]["id"], "photo");
    assert_eq!(set["sources"][1]["title"], "A photograph");
    assert_eq!(set["sourced"], serde_json::json!({ "total": ["rules"] }));
    let a = &set["tiles"][0];
    assert_eq!(a["provenance"], "reconstructed");
    assert_eq!(
        a["sourced"],
        serde_json::json!({
            "count": ["rules"], "illustrations": ["rules"],
            "edges": ["photo"], "layout": ["photo"], "fields": ["photo"],
        })
    );
    assert_eq!(
        a["reconstructed"],
        serde_json::json!(["pennants", "arrow-kind", "arrow-direction", "marks"])
    );
    // A sourced tile lists every aspect; the ones it names no source for have none.
    let b = &set["tiles"][2];
    assert_eq!(b["sourced"]["edges"], serde_json::json!(["photo"]));
    assert_eq!(b["sourced"]["marks"], serde_json::json!([]));
    assert_eq!(b["reconstructed"], serde_json::json!([]));
}

/// The engine tables carry the 20th Anniversary tiles' sources: D's image gives
/// its layout, the geometry reference every tile's edges.
#[test]
fn the_tables_carry_each_tile_s_sources() {
    let d = tables::ANNIVERSARY.tile("anniversary/D").expect("D");
    assert_eq!(d.provenance, Provenance::Reconstructed);
    let from = |aspect: Aspect| -> Vec<&str> {
        d.sources
            .iter()
            .filter(|s| s.aspects.contains(aspect))
            .map(|s| s.source.as_ref())
            .collect()
    };
    assert_eq!(from(Aspect::Edges), ["geometry", "abbot-image"]);
    assert_eq!(from(Aspect::Layout), ["abbot-image"]);
    assert!(from(Aspect::ArrowKind).is_empty());
    assert!(!d.sourced().contains(Aspect::ArrowKind));
    for t in tables::ANNIVERSARY.tiles.iter() {
        assert!(t.sourced().contains(Aspect::Edges), "{}", t.id);
        assert!(!t.sourced().contains(Aspect::ArrowKind), "{}", t.id);
    }
    let spring = tables::RIVER.tile("river/A").expect("spring");
    assert_eq!(spring.provenance, Provenance::Sourced);
    assert_eq!(spring.sources[0].source, "spring-image");
}

/// Two roads ending at one city in two `end` statements reach it at two gates:
/// the field between them touches the city, derived; in one statement they
/// share a gate, and the field between them does not.
#[test]
fn a_field_between_two_gates_touches_the_city() {
    let tile = |ends: &str| {
        format!(
            "set t \"T\" {{ provenance sourced }}\n\
             tile A \"Gates\" {{ count 2; city c N E; road rs S; road rw W; {ends}\n\
             field f1 SL -> c; field f2 SR WL; field f3 WR -> c }}\n"
        )
    };
    let cities = |ends: &str| {
        let c = compile(&tile(ends));
        assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
        c.model.sets[0].tiles[0].segments[4].cities
    };
    assert_eq!(cities("end rs at c; end rw at c"), 1, "two gates");
    assert_eq!(cities("end rs rw at c"), 0, "one gate");
}
