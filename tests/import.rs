//! `tilec import-jcz`: the JCloisterZone XML fixtures under `tests/import/`
//! (written for these tests) against their golden tile text and diagnostics
//! (`UPDATE_GOLDEN=1` re-blesses), the imported text compiling clean, and the
//! command's exit codes.

mod common;

use common::{text, tilec};

use tilec::diagnostic::{render_plain, Diagnostic, Sources};

/// Fixtures that import without a problem: both layouts, each with a river, and
/// every JCloisterZone symbol and property that becomes a mark.
const CLEAN: [&str; 5] = ["pack", "defs", "pack_river", "defs_river", "marks"];

struct Imported {
    sources: Sources,
    text: String,
    diags: Vec<Diagnostic>,
}

fn import(name: &str) -> Imported {
    let rel = format!("tests/import/{name}.xml");
    let xml = std::fs::read_to_string(common::root().join(&rel)).expect("fixture");
    let mut sources = Sources::new();
    let id = sources.add(rel, xml);
    let (text, diags) = tilec::import::jcz::import(id, sources.text(id), name);
    Imported {
        sources,
        text,
        diags,
    }
}

fn codes(diags: &[Diagnostic]) -> Vec<&'static str> {
    let mut codes: Vec<_> = diags.iter().map(|d| d.kind.code()).collect();
    codes.sort_unstable();
    codes.dedup();
    codes
}

#[test]
fn clean_fixtures_import_to_their_golden_text_which_compiles_clean() {
    for name in CLEAN {
        let got = import(name);
        let shown = render_plain(&got.sources, &got.diags);
        assert!(got.diags.is_empty(), "{name}:\n{shown}");
        common::golden(
            &common::root().join(format!("tests/import/{name}.tiles")),
            &got.text,
        );
        let mut sources = Sources::new();
        let id = sources.add(format!("{name}.tiles"), got.text.clone());
        let compiled = tilec::compile(&sources, &[id], None);
        let shown = render_plain(&sources, &compiled.diagnostics);
        assert!(compiled.diagnostics.is_empty(), "{name}:\n{shown}");
        assert_eq!(compiled.model.sets[0].id, name.replace('_', "-"));
    }
}

#[test]
fn every_jcz_mark_is_imported_as_the_vocabulary_says() {
    let text = import("marks").text;
    let needles = [
        " inn labyrinth wells=2\n",
        " pig-herd\n",
        " cathedral besieged resource=cloth no-castle princess darmstadtium multi-edge=N\n",
        " shrine church special\n",
        "\n  mark wind-rose all\n",
        "\n  mark wind-rose SW\n",
        "\n  mark magic-portal\n",
        "\n  mark watchtower pennant\n",
        "\n  mark corn-circle road\n",
        "\n  mark flying-machine NW\n",
        "\n  field f2 -> c\n",
    ];
    for needle in needles {
        assert!(text.contains(needle), "lacks {needle:?}:\n{text}");
    }
    for element in [
        "tower", "dragon", "volcano", "circus", "acrobats", "mage", "hill",
    ] {
        assert!(text.contains(&format!("\n  mark {element}\n")), "{element}");
    }
    for element in ["vineyard", "goldmine", "bazaar", "ferry", "quarter"] {
        assert!(text.contains(&format!("\n  mark {element}\n")), "{element}");
    }
}

#[test]
fn both_layouts_cover_every_supported_element() {
    let needles = [
        "\n  city c",
        " pennants=",
        "\n  road r",
        "\n  river v",
        " -> c",
        "\n  monastery m",
        "\n  garden g",
        "\n  hut h",
        "\n  mark festival",
        " at m\n",
        " at c\n",
        " at junction",
        " at spring\n",
        " at lake\n",
        "\n  river\n",
    ];
    let old = import("pack").text + &import("pack_river").text;
    let new = import("defs").text + &import("defs_river").text;
    for needle in needles {
        assert!(old.contains(needle), "older layout lacks {needle:?}");
        assert!(new.contains(needle), "newer layout lacks {needle:?}");
    }
    let enclosed = |t: &str| {
        t.lines()
            .any(|l| l.starts_with("  field ") && l.split(' ').nth(4) == Some("->"))
    };
    assert!(
        enclosed(&old) && enclosed(&new),
        "an inner field in each layout"
    );
    assert!(
        old.contains("\n  start\n"),
        "position 0,0 is the start tile"
    );
    assert!(new.contains(" at stone r2\n") && new.contains("\n  mark tree on=r\n"));
    assert!(new.contains("\n  mark lake\n"));
}

#[test]
fn what_cannot_be_imported_is_reported_where_it_is_and_noted() {
    let got = import("unsupported");
    let shown = render_plain(&got.sources, &got.diags);
    common::golden(
        &common::root().join("tests/import/unsupported.stderr"),
        &shown,
    );
    common::golden(
        &common::root().join("tests/import/unsupported.tiles"),
        &got.text,
    );
    let expected = [
        "E402", "E403", "E404", "E405", "E406", "E407", "E408", "E409", "E410", "E411", "E412",
        "E420",
    ];
    assert_eq!(codes(&got.diags), expected);
    assert!(
        shown.contains("tests/import/unsupported.xml:9:8"),
        "{shown}"
    );
    for left_out in [
        "<catapult>",
        "tunnel=\\\"yes\\\" on <road>",
        "bonus=\\\"5/city\\\".",
        "shrine=\\\"maybe\\\".",
    ] {
        assert!(got.text.contains(left_out), "no note for {left_out}");
    }
}

#[test]
fn malformed_xml_is_one_located_diagnostic() {
    let got = import("malformed");
    let shown = render_plain(&got.sources, &got.diags);
    common::golden(
        &common::root().join("tests/import/malformed.stderr"),
        &shown,
    );
    assert_eq!(codes(&got.diags), ["E400"]);
    assert!(!got.text.contains("\ntile "), "{}", got.text);
}

#[test]
fn a_file_of_another_kind_is_reported() {
    let (text, diags) = tilec::import::jcz::import(0, "<tileset name='x'/>", "t");
    assert_eq!(codes(&diags), ["E401"]);
    assert!(text.starts_with("set t \"t\" {"), "{text}");
}

#[test]
fn the_command_prints_the_text_and_exits_by_what_it_found() {
    let out = tilec(&["import-jcz", "tests/import/pack.xml"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let named = import("pack")
        .text
        .replace("tile XML by", "tile XML `tests/import/pack.xml` by");
    assert_eq!(text(&out.stdout), named);
    assert_eq!(text(&out.stderr), "");

    let out = tilec(&["import-jcz", "--set", "mine", "tests/import/defs.xml"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("set mine \"mine\" {"));

    let out = tilec(&["import-jcz", "tests/import/unsupported.xml"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("\ntile Tower "),
        "what could be read is printed"
    );
    let err = text(&out.stderr);
    assert!(
        err.contains("error[E402]: `<catapult>` in `<tile>` cannot be imported"),
        "{err}"
    );
    assert!(err.ends_with("error: 24 problems found\n"), "{err}");
    assert!(
        !err.contains('\u{1b}'),
        "no colour when stderr is not a terminal"
    );

    let out = tilec(&["import-jcz", "tests/import/malformed.xml"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("tests/import/malformed.xml:6:2"));

    assert_eq!(
        tilec(&["import-jcz", "no/such/file.xml"]).status.code(),
        Some(2)
    );
    let bad_id = tilec(&["import-jcz", "--set", "a b", "tests/import/pack.xml"]);
    assert_eq!(bad_id.status.code(), Some(2));
}

#[test]
fn the_command_checks_what_it_imported() {
    // Valid JCloisterZone, but the tile leaves its south edge to no feature.
    let dir = std::env::temp_dir().join(format!("tilec-import-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("gap.xml");
    let xml =
        "<pack><card id=\"G\"><city>N</city><farm city=\"N\">EL ER WL WR</farm></card></pack>";
    std::fs::write(&file, xml).expect("write fixture");
    let out = tilec(&["import-jcz", file.to_str().expect("UTF-8 temp path")]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("error[E200]") && err.contains("gap.xml (imported text)"),
        "{err}"
    );
}

#[test]
fn no_prefix_of_a_fixture_makes_the_import_panic() {
    // Every cut of the fixtures is broken XML or a partial file: each must give
    // text and diagnostics, never a panic.
    for name in CLEAN.iter().chain(&["unsupported"]) {
        let path = common::root().join(format!("tests/import/{name}.xml"));
        let xml = std::fs::read_to_string(path).expect("fixture");
        for (cut, _) in xml.char_indices().step_by(3) {
            let (text, _) = tilec::import::jcz::import(0, &xml[..cut], "cut");
            assert!(text.starts_with("set cut "), "{name} cut at {cut}");
        }
    }
}
