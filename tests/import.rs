//! `tilec import-jcz`: the JCloisterZone XML fixtures under `tests/import/`
//! (written for these tests) against their golden tile text and diagnostics
//! (`UPDATE_GOLDEN=1` re-blesses), the imported text compiling clean, and the
//! command's exit codes.

mod common;

use common::{text, tilec};

use tilec::diagnostic::{render_plain, Diagnostic, Sources};

/// Fixtures that import without a problem: both layouts, each with a river,
/// every JCloisterZone symbol and property that becomes a mark, crossings
/// (bridges, tunnels, tunnel portals), a forked river ending at a city, a
/// piece of several squares whose inner sides no feature covers (seams), a
/// field whose `city` list leaves out a city beside its ports (`not-touching=`),
/// roads whose end keeps the fields' `city` lists, the crossings beyond
/// bridges and tunnels under a city (a city over a city, a road under a field,
/// a river under a city), a city reaching the middle of an edge, and Abbey &
/// Mayor's tile-sets, which get the abbey.
const CLEAN: [&str; 13] = [
    "pack",
    "defs",
    "pack_river",
    "defs_river",
    "marks",
    "crossings",
    "river_fork",
    "seams",
    "touching",
    "gates",
    "over_under",
    "abbey",
    "reach",
];

struct Imported {
    sources: Sources,
    /// Every set's text, in order (one set: just its text).
    text: String,
    sets: Vec<tilec::import::jcz::ImportedSet>,
    diags: Vec<Diagnostic>,
}

fn import(name: &str) -> Imported {
    let rel = format!("tests/import/{name}.xml");
    let xml = std::fs::read_to_string(common::root().join(&rel)).expect("fixture");
    let mut sources = Sources::new();
    let id = sources.add(rel, xml);
    let got = tilec::import::jcz::import(id, sources.text(id), name);
    let texts: Vec<&str> = got.sets.iter().map(|s| s.text.as_str()).collect();
    Imported {
        sources,
        text: texts.join("\n"),
        sets: got.sets,
        diags: got.diagnostics,
    }
}

fn codes(diags: &[Diagnostic]) -> Vec<&'static str> {
    let mut codes: Vec<_> = diags.iter().map(|d| d.kind.code()).collect();
    codes.sort_unstable();
    codes.dedup();
    codes
}

/// Compares each set of a fixture with its golden text: `NAME.tiles` for a file
/// with one set, else `NAME/ID.tiles` and `NAME/sets.toml` (what `--out` writes).
fn golden_sets(name: &str, got: &Imported) {
    let root = common::root().join("tests/import");
    if let [one] = got.sets.as_slice() {
        return common::golden(&root.join(format!("{name}.tiles")), &one.text);
    }
    for set in &got.sets {
        common::golden(&root.join(format!("{name}/{}.tiles", set.id)), &set.text);
    }
    let toml = tilec::import::jcz::sets_toml(&got.sets);
    common::golden(&root.join(format!("{name}/sets.toml")), &toml);
}

/// Compiles imported sets with their `sets.toml` (and so the shipped sets they
/// require), as the command checks them; the diagnostics rendered.
fn compile_sets(sets: &[tilec::import::jcz::ImportedSet]) -> String {
    let mut sources = Sources::new();
    let ids: Vec<_> = sets
        .iter()
        .map(|s| sources.add(format!("{}.tiles", s.id), s.text.clone()))
        .collect();
    let toml = sources.add("sets.toml".to_string(), tilec::import::jcz::sets_toml(sets));
    let compiled = tilec::compile(&sources, &ids, Some(toml));
    render_plain(&sources, &compiled.diagnostics)
}

#[test]
fn clean_fixtures_import_to_their_golden_text_which_compiles_clean() {
    for name in CLEAN.iter().chain(&["editions"]) {
        let got = import(name);
        let shown = render_plain(&got.sources, &got.diags);
        assert!(got.diags.is_empty(), "{name}:\n{shown}");
        golden_sets(name, &got);
        assert_eq!(compile_sets(&got.sets), "", "{name}");
    }
    assert_eq!(import("pack").sets[0].id, "pack");
    assert_eq!(import("defs_river").sets[0].id, "defs-river");
}

#[test]
fn every_tile_set_is_a_set_of_its_own_counted_by_its_own_refs() {
    let got = import("editions");
    let summary: Vec<(&str, u32, Vec<&str>)> = got
        .sets
        .iter()
        .map(|s| {
            let requires = s.requires.iter().map(String::as_str).collect();
            (s.id.as_str(), s.total, requires)
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("ed-1", 5, vec!["base"]),
            ("ed-2", 7, vec!["base"]),
            ("ed-river-1", 4, vec!["base"]),
            ("ed-river-2", 5, vec!["base"]),
            ("ed-fork", 2, vec!["base", "river"]),
        ]
    );
    // ED/C is counted by the second edition only: in it, and no E409.
    assert!(got.sets[1].text.contains("tile C \"ED/C\" {\n  count 2\n"));
    assert!(!got.sets[0].text.contains("\"ED/C\""));
    assert!(got.sets[2].text.contains("\n  river\n"), "a river set");
    // The two editions of xt in defs.xml are apart too.
    let ids: Vec<String> = import("defs").sets.into_iter().map(|s| s.id).collect();
    assert_eq!(ids, ["xt-1", "xt-promos"]);
}

#[test]
fn a_small_expansion_is_checked_with_the_base_game_it_requires() {
    // A lone city tile fits nothing of its own set: next to the base game it does.
    let xml = "<defs><tiles><tile id=\"X/C\"><city>N E S W</city></tile></tiles>\
               <sets><tile-set id=\"x\"><ref tile=\"X/C\"/></tile-set></sets></defs>";
    let got = tilec::import::jcz::import(0, xml, "x");
    assert!(got.diagnostics.is_empty(), "{:?}", got.diagnostics);
    assert_eq!(got.sets[0].requires, ["base"]);
    assert_eq!(compile_sets(&got.sets), "");
    let mut sources = Sources::new();
    let id = sources.add("x.tiles".to_string(), got.sets[0].text.clone());
    let alone = tilec::compile(&sources, &[id], None);
    assert_eq!(
        codes(&alone.diagnostics),
        ["E303"],
        "alone it cannot be placed"
    );
}

#[test]
fn out_writes_a_new_directory_that_checks_clean_and_is_never_overwritten() {
    let t = common::Temp::new("import-out");
    let dir = format!("{}/ed", t.path());
    let out = tilec(&["import-jcz", "tests/import/editions.xml", "--out", &dir]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        format!(
            "wrote {dir}/: 5 sets (ed-1, ed-2, ed-river-1, ed-river-2, ed-fork) and sets.toml\n"
        ),
        "what was written is said"
    );
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .expect("written")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    assert_eq!(
        files,
        [
            "ed-1.tiles",
            "ed-2.tiles",
            "ed-fork.tiles",
            "ed-river-1.tiles",
            "ed-river-2.tiles",
            "sets.toml"
        ]
    );
    let toml = std::fs::read_to_string(format!("{dir}/sets.toml")).expect("sets.toml");
    assert!(
        toml.contains("id = \"ed-fork\"\ntotal = 2\nrequires = [\"base\", \"river\"]\n"),
        "{toml}"
    );
    let check = tilec(&["check", &dir]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stderr));

    std::fs::write(format!("{dir}/ed-1.tiles"), "mine").expect("edit");
    let again = tilec(&["import-jcz", "tests/import/editions.xml", "--out", &dir]);
    assert_eq!(again.status.code(), Some(2));
    assert!(
        text(&again.stderr).contains("already exists; it is not overwritten"),
        "{}",
        text(&again.stderr)
    );
    let kept = std::fs::read_to_string(format!("{dir}/ed-1.tiles")).expect("kept");
    assert_eq!(kept, "mine", "a refused import touched the directory");
}

#[test]
fn several_sets_without_out_are_refused_naming_them() {
    let out = tilec(&["import-jcz", "tests/import/editions.xml"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "");
    assert_eq!(
        text(&out.stderr),
        "error: the file holds 5 tile-sets (`ed-1`, `ed-2`, `ed-river-1`, `ed-river-2`, \
         `ed-fork`); a tile text holds one set\n  = hint: write them all with `--out DIR`, \
         a directory ready for `--tiles DIR`\n"
    );
}

#[test]
fn an_abbey_and_mayor_tile_set_gets_jczs_abbey_six_times() {
    let got = import("abbey");
    assert!(got.diags.is_empty(), "{:?}", got.diags);
    let [am, other] = &got.sets[..] else {
        panic!("two sets: {:?}", got.sets.len());
    };
    assert_eq!((am.total, other.total), (2 + 6, 2));
    let abbey = "tile A \"AM/A\" {\n  count 6\n  mark abbey\n  monastery m\n";
    assert!(am.text.contains(abbey), "{}", am.text);
    assert!(!other.text.contains("mark abbey"), "{}", other.text);
    // And the text checks: an abbey matches any edge and needs no field.
    assert_eq!(compile_sets(&got.sets), "");
}

#[test]
fn ports_no_feature_covers_are_a_seam_but_a_gap_between_two_fields_is_not() {
    let text = import("seams").text;
    let needles = [
        // Whole inner edges.
        "\n  field f NL NR WL WR\n  seam s E S\n",
        // An edge partly inner: the field holds SL, the seam SR (and S beside it).
        "\n  field f2 NR EL ER SL\n  seam s SR W\n",
        "\n  field f NR EL ER SL SR\n  seam s NL W\n",
    ];
    for needle in needles {
        assert!(text.contains(needle), "lacks {needle:?}:\n{text}");
    }
    // XD/Meet: two fields meet at S with nothing between them. That lone
    // middle port is the file's defect, not a seam.
    let got = import("defects");
    assert!(!got.text.contains("\n  seam "), "{}", got.text);
    assert!(codes(&got.diags).contains(&"E421"));
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
    golden_sets("unsupported", &got);
    let expected = [
        "E402", "E403", "E404", "E405", "E406", "E407", "E408", "E409", "E410", "E411", "E412",
        "E413", "E420", "E421",
    ];
    assert_eq!(codes(&got.diags), expected);
    assert!(
        shown.contains("tests/import/unsupported.xml:9:8"),
        "{shown}"
    );
    for left_out in [
        "<catapult>",
        "road r is marked tunnel=\\\"true\\\" but passes under no city",
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
    assert!(got.sets.is_empty());
}

#[test]
fn a_file_of_another_kind_is_reported() {
    let got = tilec::import::jcz::import(0, "<tileset name='x'/>", "t");
    assert_eq!(codes(&got.diagnostics), ["E401"]);
    assert!(got.sets.is_empty());
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

    let out = tilec(&["import-jcz", "--set", "mine", "tests/import/defs_river.xml"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("set mine \"mine\" {"));

    let t = common::Temp::new("import-unsupported");
    let dir = format!("{}/ux", t.path());
    let out = tilec(&["import-jcz", "tests/import/unsupported.xml", "--out", &dir]);
    assert_eq!(out.status.code(), Some(1));
    let ux1 = std::fs::read_to_string(format!("{dir}/ux-1.tiles")).unwrap_or_default();
    assert!(
        ux1.contains("\ntile Tower "),
        "what could be read is written"
    );
    let err = text(&out.stderr);
    assert!(
        err.contains("error[E402]: `<catapult>` in `<tile>` cannot be imported"),
        "{err}"
    );
    // 24 from the import, and the check of what was written: `UX/Bad` lost
    // every feature it had (their locations cannot be read), so no port has a
    // segment. `UX/Inn` and `UX/Lake`, refused, are not checked again.
    assert!(
        err.contains(
            "error[E200]: ports NL N NR EL E ER SL S SR WL W WR belong to no segment\n   ┌─ "
        ),
        "{err}"
    );
    assert!(err.ends_with("error: 25 problems found\n"), "{err}");
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
    // Valid JCloisterZone, but the tile leaves its south edge to no feature: with
    // no other square to continue it, that is a gap, not the seam of a piece.
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
            let got = tilec::import::jcz::import(0, &xml[..cut], "cut");
            let whole = got.sets.iter().all(|s| s.text.starts_with("set "));
            assert!(whole, "{name} cut at {cut}");
        }
    }
}

/// `tests/import/designer`: a designer's set whose `sets.toml` requires the
/// shipped base game, which the directory does not copy.
const DESIGNER: &str = "tests/import/designer";

#[test]
fn a_designers_set_may_require_a_shipped_set_for_check_build_and_simulate() {
    let check = tilec(&["check", DESIGNER]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stderr));

    // The same tiles without the requirement: the fort fits nothing of its own.
    let t = common::Temp::new("import-designer");
    let bare = format!("{}/bare", t.path());
    std::fs::create_dir(&bare).expect("dir");
    let tiles = common::root().join(DESIGNER).join("keep.tiles");
    std::fs::copy(tiles, format!("{bare}/keep.tiles")).expect("copy");
    std::fs::write(
        format!("{bare}/sets.toml"),
        "[[set]]\nid = \"keep\"\ntotal = 3\n",
    )
    .expect("toml");
    let alone = tilec(&["check", &bare]);
    assert_eq!(alone.status.code(), Some(1));
    assert!(text(&alone.stderr).contains("error[E303]: tile `keep/fort`"));

    let site = format!("{}/site", t.path());
    let tables = format!("{}/tables.rs", t.path());
    let build = tilec(&[
        "build", "--tiles", DESIGNER, "--site", &site, "--tables", &tables,
    ]);
    assert_eq!(build.status.code(), Some(0), "{}", text(&build.stderr));
    let written = std::fs::read_to_string(&tables).expect("tables");
    assert!(written.contains("KEEP") && !written.contains("pub static BASE"));

    let sim = [
        "simulate",
        "--tiles",
        DESIGNER,
        "--players",
        "2",
        "--games",
        "2",
        "--seed",
        "1",
    ];
    let played = tilec(&[&sim[..], &["--sets", "base,keep"]].concat());
    assert_eq!(played.status.code(), Some(0), "{}", text(&played.stderr));
    let refused = tilec(&[&sim[..], &["--sets", "keep"]].concat());
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(
        text(&refused.stderr),
        "error: tile set `keep` requires `base` (see its `requires` in sets.toml)\n  \
         = hint: play it with what it requires: `--sets base,keep`\n"
    );
}

/// The tile of `text` whose JCloisterZone id is `id`, from its `tile` line to its `}`.
fn tile_text<'t>(text: &'t str, id: &str) -> &'t str {
    let start = text
        .find(&format!(" \"{id}\" {{\n"))
        .unwrap_or_else(|| panic!("no tile {id}:\n{text}"));
    let end = start + text[start..].find("\n}\n").expect("tile ends");
    &text[start..end]
}

#[test]
fn crossing_segments_are_written_as_bridges_and_tunnels() {
    let text = import("crossings").text;
    // A road across a city passes under it, whether or not the file says tunnel.
    for id in ["XC/Under", "XC/Tunnel"] {
        let t = tile_text(&text, id);
        assert!(t.contains("\n  road r N S under=c\n"), "{t}");
    }
    assert!(tile_text(&text, "XC/Tunnel").contains("also counts the tunnel's mouths as portals"));
    assert!(!tile_text(&text, "XC/Under").contains("note"));
    // Two crossing roads: the later passes over the earlier, and a note says so.
    let cross = tile_text(&text, "XC/Cross");
    assert!(cross.contains("\n  road r2 E W over=r1\n"), "{cross}");
    assert!(cross.contains("without saying which passes over: assumed r2 on a bridge over r1"));
}

#[test]
fn tunnel_entrances_end_at_tunnel_portals() {
    let text = import("crossings").text;
    let portals = tile_text(&text, "XC/Portals");
    assert!(
        portals.contains("\n  end r1 at tunnel\n  end r2 at tunnel"),
        "{portals}"
    );
    assert!(!portals.contains("note"), "nothing assumed: {portals}");
    // A road stub inside the one field around it does not reach the city's gate.
    let stub = tile_text(&text, "XC/Stub");
    assert!(stub.contains("\n  end r at junction\n"), "{stub}");
    assert!(stub.contains("ends inside field f"), "{stub}");
}

#[test]
fn tiles_whose_own_data_is_inconsistent_are_refused_naming_the_defect() {
    let got = import("defects");
    let shown = render_plain(&got.sources, &got.diags);
    common::golden(&common::root().join("tests/import/defects.stderr"), &shown);
    golden_sets("defects", &got);
    assert_eq!(codes(&got.diags), ["E421"]);
    assert_eq!(got.diags.len(), 3, "{shown}");
    let defects = [
        (
            "XD/Meet",
            "fields f1 and f2 meet at the middle of edge S with no road or river between them",
        ),
        (
            "XD/Lone",
            "road r is marked tunnel=\\\"true\\\" but passes under no city or field",
        ),
        (
            "XD/Under",
            "fields f1 (NR SL) and f2 (NL SR) each lie on both sides of city c, under which no river passes",
        ),
    ];
    for (id, defect) in defects {
        assert!(
            shown.contains(&format!("tile `{id}` is inconsistent")),
            "{id}: {shown}"
        );
        let t = tile_text(&got.text, id);
        assert!(t.contains("data for this tile is inconsistent"), "{t}");
        assert!(t.contains(defect), "{id} lacks {defect:?}: {t}");
    }
    assert!(!tile_text(&got.text, "XD/Fine").contains("note"));
    let out = tilec(&["import-jcz", "tests/import/defects.xml"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn two_fields_parted_at_an_edge_middle_by_a_city_they_touch_import_as_reaches() {
    let got = import("reach");
    let t = tile_text(&got.text, "XR/Reach");
    assert!(t.contains("city c N reaches=S"), "{t}");
    assert!(t.contains("field f1 SR WL WR -> c"), "{t}");
    assert!(t.contains("field f2 EL ER SL -> c"), "{t}");
    assert!(
        t.contains("(`reaches=S`)"),
        "the note says what was read: {t}"
    );
    // The south edge stays a field edge: the set checks with the base game.
    assert_eq!(compile_sets(&got.sets), "");
}

#[test]
fn one_run_reports_the_refused_tiles_and_the_check_of_the_others() {
    // `XH/Meet` is refused (two fields meet); `XH/Beyond` imports, and its
    // field names a city beyond another city's wall, which only the check sees.
    let out = tilec(&["import-jcz", "tests/import/hidden.xml"]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    let path = common::root().join("tests/import/hidden.stderr");
    common::golden(&path, &err);
    let heads: Vec<&str> = err.lines().filter(|l| l.starts_with("error")).collect();
    assert_eq!(heads.len(), 3, "{err}");
    assert!(heads[0].starts_with("error[E421]: tile `XH/Meet` is inconsistent"));
    assert!(heads[1].starts_with("error[E204]: field `f` cannot touch city `c1`"));
    assert_eq!(heads[2], "error: 2 problems found");
    // The check's problem names the JCloisterZone tile, file and line it
    // comes from, pointing there too.
    assert!(
        err.contains(
            "imported from JCloisterZone's tile `XH/Beyond` (tests/import/hidden.xml, line 12)"
        ),
        "{err}"
    );
    assert!(err.contains("┌─ tests/import/hidden.xml:12:6"), "{err}");
    // The refused tile is not checked again: its bare middle port would be E200.
    assert!(!err.contains("E200"), "{err}");
    let again = tilec(&["import-jcz", "tests/import/hidden.xml"]);
    assert_eq!(text(&again.stderr), err, "the report is deterministic");

    let t = common::Temp::new("import-hidden");
    let dir = format!("{}/xh", t.path());
    let out = tilec(&["import-jcz", "tests/import/hidden.xml", "--out", &dir]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("error[E421]") && err.contains("error[E204]"),
        "{err}"
    );
    assert!(
        err.contains("xh/hidden.tiles:"),
        "located in the text written: {err}"
    );
}

#[test]
fn a_city_the_field_list_leaves_out_is_written_not_touching() {
    let got = import("touching");
    let corner = tile_text(&got.text, "XT/Corner");
    assert!(
        corner.contains("field f1 NL NR not-touching=c2 -> c1\n"),
        "{corner}"
    );
    assert!(
        corner.contains("so it is written not-touching=c2"),
        "{corner}"
    );
    // A list that names every city beside the field's ports needs nothing more.
    let listed = tile_text(&got.text, "XT/Listed");
    assert!(!listed.contains("not-touching") && !listed.contains("note"));
}

#[test]
fn a_road_ends_where_the_fields_keep_their_city_lists() {
    let got = import("gates");
    // At either gate a field would touch the other city too: a junction.
    let apart = tile_text(&got.text, "XG/Apart");
    assert!(apart.contains("\n  end r at junction\n"), "{apart}");
    assert!(
        apart.contains("at the gate of c1, field f1 would touch city c1"),
        "{apart}"
    );
    // The first gate keeps the lists: the road ends there.
    let gate = tile_text(&got.text, "XG/Gate");
    assert!(gate.contains("\n  end r at c1\n"), "{gate}");
    // Compiled, every field touches exactly the cities its list names.
    let mut sources = Sources::new();
    let files: Vec<_> = got
        .sets
        .iter()
        .map(|s| sources.add(format!("{}.tiles", s.id), s.text.clone()))
        .collect();
    let model = tilec::compile(&sources, &files, None).model;
    let cities = |id: &str, field: &str| -> Vec<String> {
        let tile = model.sets[0].tiles.iter().find(|t| t.name == id).expect(id);
        let f = tile.segments.iter().find(|s| s.name == field).expect(field);
        let named = (0..32).filter(|c| f.cities & (1 << c) != 0);
        named.map(|c| tile.segments[c].name.clone()).collect()
    };
    assert_eq!(cities("XG/Apart", "f1"), ["c2"]);
    assert_eq!(cities("XG/Apart", "f2"), ["c1"]);
    assert_eq!(cities("XG/Gate", "f1"), ["c1", "c2"]);
    assert_eq!(cities("XG/Gate", "f2"), ["c1"]);
    // A field that lists no city touches none: the western road does not end
    // at a second gate of the city, which the field between the two roads
    // would then run along (TB/RRC).
    let silent = tile_text(&got.text, "XG/Silent");
    assert!(silent.contains("\n  end r2 at c\n"), "{silent}");
    assert!(silent.contains("\n  end r1 at junction\n"), "{silent}");
    assert!(
        silent.contains("at the gate of c, field f2 would touch city c"),
        "{silent}"
    );
    assert_eq!(cities("XG/Silent", "f1"), ["c"]);
    assert!(cities("XG/Silent", "f2").is_empty());
    assert_eq!(cities("XG/Silent", "f3"), ["c"]);
}

/// Imports fixtures together, as `tilec import-jcz A.xml B.xml` does.
fn import_together(names: &[&str]) -> Imported {
    let mut sources = Sources::new();
    let rels: Vec<String> = names
        .iter()
        .map(|n| format!("tests/import/{n}.xml"))
        .collect();
    let ids: Vec<_> = rels
        .iter()
        .map(|rel| {
            let xml = std::fs::read_to_string(common::root().join(rel)).expect("fixture");
            sources.add(rel.clone(), xml)
        })
        .collect();
    let inputs: Vec<tilec::import::jcz::Input<'_>> = ids
        .iter()
        .zip(&rels)
        .zip(names)
        .map(|((&file, rel), name)| tilec::import::jcz::Input {
            file,
            name: rel,
            xml: sources.text(file),
            set_id: name,
        })
        .collect();
    let got = tilec::import::jcz::import_all(&inputs);
    let texts: Vec<&str> = got.sets.iter().map(|s| s.text.as_str()).collect();
    let text = texts.join("\n");
    Imported {
        sources,
        text,
        sets: got.sets,
        diags: got.diagnostics,
    }
}

#[test]
fn files_imported_together_count_each_others_tiles() {
    let got = import_together(&["across_a", "across_b"]);
    let shown = render_plain(&got.sources, &got.diags);
    assert!(got.diags.is_empty(), "{shown}");
    golden_sets("across", &got);
    assert_eq!(compile_sets(&got.sets), "");
    let ids: Vec<&str> = got.sets.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["across-a", "across-b"]);
    let b = &got.sets[1];
    assert_eq!(b.file, 1);
    assert_eq!(b.total, 3, "two BB/R and the copy of AA/Cc");
    assert!(
        b.text
            .contains("note \"Defined in `across_a.xml`, imported with this file.\""),
        "{}",
        b.text
    );
    assert_eq!(b.removes, ["across-a/L"], "its <remove>");
    assert_eq!(b.max_copies, Some(1), "its max=\"1\"");
    assert!(got.sets[0].removes.is_empty() && got.sets[0].max_copies.is_none());
}

#[test]
fn a_ref_to_a_file_not_imported_says_which_file_to_add() {
    let alone = import_together(&["across_b"]);
    assert_eq!(codes(&alone.diags), ["E408"], "the ref and the remove");
    assert_eq!(alone.diags.len(), 2);
    let hint = alone.diags[0].kind.hint().unwrap_or_default();
    assert!(
        hint.contains("tilec import-jcz A.xml B.xml --out DIR"),
        "{hint}"
    );
    // A JCloisterZone id of its own files names the file.
    let xml = r#"<defs><tile id="WI/C"><city>N E S W</city></tile>
        <tile-set id="w"><ref tile="WI/C"/><ref count="4" tile="BA/L"/></tile-set></defs>"#;
    let got = tilec::import::jcz::import(0, xml, "w");
    assert_eq!(got.diagnostics.len(), 1, "{:?}", got.diagnostics);
    let hint = got.diagnostics[0].kind.hint().unwrap_or_default();
    assert!(hint.contains("`basic.xml`"), "{hint}");
}

#[test]
fn a_tile_that_several_sets_hold_up_to_its_max_is_removed_by_the_later_ones() {
    // editions.xml: ED/s (max 1) is held once by ed/river:1, ed/river:2 and
    // ed/fork, ED/I.e (max 1) by both river editions: any choice of them plays one.
    let got = import("editions");
    let removes = |id: &str| {
        let set = got.sets.iter().find(|s| s.id == id).expect("set");
        set.removes.clone()
    };
    assert!(removes("ed-river-1").is_empty());
    assert_eq!(removes("ed-river-2"), ["ed-river-1/s", "ed-river-1/I-e"]);
    // ed/fork holds a spring and requires the shipped river: its spring
    // replaces the River's (JCloisterZone plays one spring).
    assert_eq!(
        removes("ed-fork"),
        ["ed-river-1/s", "ed-river-2/s", "river/A"]
    );
    // A max that a combination exceeds but no removal can say is reported.
    let xml = r#"<defs><tile id="X/C" max="3"><city>N E S W</city></tile>
        <tile-set id="x:1"><ref count="2" tile="X/C"/></tile-set>
        <tile-set id="x:2"><ref count="2" tile="X/C"/></tile-set></defs>"#;
    let got = tilec::import::jcz::import(0, xml, "x");
    let codes: Vec<&str> = got.diagnostics.iter().map(|d| d.kind.code()).collect();
    assert_eq!(codes, ["E403"]);
}

#[test]
fn import_jcz_takes_several_files_into_one_directory() {
    let tmp = common::Temp::new("import-together");
    let dir = format!("{}/out", tmp.path());
    let (a, b) = ("tests/import/across_a.xml", "tests/import/across_b.xml");
    let out = tilec(&["import-jcz", a, b, "--out", &dir]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let toml = std::fs::read_to_string(format!("{dir}/sets.toml")).expect("sets.toml");
    assert!(
        toml.contains("removes = [\"across-a/L\"]\nmax-copies = 1\n"),
        "{toml}"
    );
    let check = tilec(&["check", &dir]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stderr));

    let alone = tilec(&["import-jcz", b]);
    assert_eq!(alone.status.code(), Some(1));
    assert!(text(&alone.stderr).contains("error[E408]: no tile `AA/Cc` in the files imported"));
    let twice = tilec(&[
        "import-jcz",
        a,
        "./tests/import/across_a.xml",
        "--out",
        &dir,
    ]);
    assert_eq!(twice.status.code(), Some(2));
    assert!(
        text(&twice.stderr).contains("is given twice"),
        "{}",
        text(&twice.stderr)
    );
    let named = tilec(&["import-jcz", a, b, "--set", "x"]);
    assert_eq!(named.status.code(), Some(2));
    assert!(text(&named.stderr).contains("names the set of one file"));
}

#[test]
fn simulate_plays_a_set_without_the_tiles_it_removes() {
    let tmp = common::Temp::new("import-removes");
    let kinds = |sets: &str, report: &str| {
        let dir = format!("{}/{report}", tmp.path());
        let args = ["simulate", "--tiles", "tests/import/across", "--sets", sets];
        let more = [
            "--games",
            "3",
            "--seed",
            "1",
            "--threads",
            "1",
            "--report",
            &dir,
        ];
        let out = tilec(&[&args[..], &more[..]].concat());
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let json = std::fs::read_to_string(format!("{dir}/report.json")).expect("report");
        let doc: serde_json::Value = serde_json::from_str(&json).expect("JSON");
        let tiles = doc["sets"]["across-a"]["tiles"].as_object().expect("tiles");
        tiles.keys().cloned().collect::<Vec<_>>()
    };
    assert_eq!(kinds("base,across-a", "a"), ["across-a/Cc", "across-a/L"]);
    // across-b removes across-a/L (its <remove>): not in a game that plays it.
    assert_eq!(kinds("base,across-a,across-b", "b"), ["across-a/Cc"]);
}

#[test]
fn a_river_ends_at_the_city_of_a_plain_river_tile_and_its_ends_match_its_fork() {
    // river_fork.xml: River II's shape, a fork whose branches end in the lake
    // and at a city (RF/IFC, a plain `group="river"` tile).
    let got = import("river_fork");
    assert!(
        got.text.contains("  city c E\n  river v W\n"),
        "{}",
        got.text
    );
    assert!(got.text.contains("  end v at c\n"), "{}", got.text);
    assert_eq!(compile_sets(&got.sets), "");
    // The JSON export carries the end: the river `v` reaches the city `c`.
    let mut sources = Sources::new();
    let set = &got.sets[0];
    let id = sources.add(format!("{}.tiles", set.id), set.text.clone());
    let json = tilec::emit::json::emit(&tilec::compile(&sources, &[id], None).model);
    let doc: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let ifc = doc["sets"][0]["tiles"]
        .as_array()
        .and_then(|t| t.iter().find(|t| t["id"] == "river-fork/IFC"))
        .expect("IFC");
    let end = serde_json::json!([{"at": "segment", "segments": ["v"], "touches": ["c"]}]);
    assert_eq!(ifc["ends"], end);
    // Without the city end the fork's second branch never ends.
    let rel = "tests/import/river_fork.xml";
    let xml = std::fs::read_to_string(common::root().join(rel)).expect("fixture");
    let xml = xml.replace(
        "<ref tile=\"RF/IFC\" />",
        "<ref count=\"2\" tile=\"RF/II\" />",
    );
    let mut sources = Sources::new();
    let id = sources.add(rel, xml);
    let got = tilec::import::jcz::import(id, sources.text(id), "river_fork");
    let shown = compile_sets(&got.sets);
    assert!(
        shown.contains("error[E302]: river set `river-fork` has 1 lake or city end, expected 2"),
        "{shown}"
    );
    // A plain river tile with no city to end at says nothing of where its river ends.
    let xml = r#"<defs><tile id="X/I" group="river"><field>NL NR EL ER SL SR WL WR</field>
        <river>W</river></tile><tile-set id="x"><ref tile="X/I"/></tile-set></defs>"#;
    let got = tilec::import::jcz::import(0, xml, "x");
    assert_eq!(codes(&got.diagnostics), ["E411"]);
}

/// Imports `fixture` into a new directory and plays `games` random games of
/// `sets` from it; the records, in order, each replayed by `tilec play`.
fn imported_games(fixture: &str, sets: &str, games: usize) -> Vec<String> {
    let stem = fixture.rsplit('/').next().unwrap_or(fixture);
    let tmp = common::Temp::new(&format!("import-games-{stem}"));
    let dir = format!("{}/out", tmp.path());
    let out = tilec(&["import-jcz", fixture, "--out", &dir]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let records = format!("{}/records", tmp.path());
    let n = games.to_string();
    let args = ["simulate", "--tiles", &dir, "--sets", sets, "--games", &n];
    let out = tilec(&[&args[..], &["--threads", "1", "--records", &records]].concat());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    (1..=games)
        .map(|n| {
            let path = format!("{records}/game-{n}.toml");
            let game = std::fs::read_to_string(&path).expect("record");
            let replay = tilec(&["play", "--tiles", &dir, &path]);
            assert_eq!(replay.status.code(), Some(0), "{}", text(&replay.stderr));
            game
        })
        .collect()
}

#[test]
fn a_second_spring_replaces_the_rivers_and_starts_the_game() {
    // editions.xml's ed/fork holds a spring and requires the River, as GQ11's
    // river tiles do: JCloisterZone plays one spring, GQ11's by default, so
    // the set removes the River's and its own spring is the start tile.
    for game in imported_games("tests/import/editions.xml", "base,river,ed-fork", 3) {
        assert!(game.contains("start = { tile = \"ed-fork/s\" }"), "{game}");
        assert!(!game.contains("\"river/A\""), "{game}");
    }
}

#[test]
fn the_engine_plays_an_imported_river_ending_at_a_city() {
    for game in imported_games("tests/import/river_fork.xml", "base,river-fork", 5) {
        assert!(
            game.contains("start = { tile = \"river-fork/s\" }"),
            "{game}"
        );
        // The fork comes right after the spring; the city end is played.
        let first = game.split("[[turn]]").nth(1).unwrap_or_default();
        assert!(first.contains("river-fork/III"), "{game}");
        assert!(game.contains("tile = \"river-fork/IFC\""), "{game}");
    }
}
