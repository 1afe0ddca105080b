//! `tilec fmt`: the shipped tiles are canonical, formatting is idempotent, and it
//! never changes what a file says: `parse(fmt(x)) == parse(x)` over the shipped
//! files and over generated files full of odd spacing, `;`, blank lines and
//! comments.

mod common;

use proptest::prelude::*;
use tilec::ast::Ast;
use tilec::syntax::parse;

/// A file's statements without positions: (depth, arguments as written).
fn shape(ast: &Ast<'_>) -> Vec<(usize, Vec<String>)> {
    let mut out = Vec::new();
    let mut stack: Vec<(&tilec::ast::Stmt, usize)> =
        ast.top_level().iter().rev().map(|s| (s, 0)).collect();
    while let Some((s, depth)) = stack.pop() {
        let args = ast
            .args_of(s)
            .iter()
            .map(|a| ast.slice(a.range).to_string())
            .collect();
        out.push((depth, args));
        stack.extend(ast.children(s).iter().rev().map(|c| (c, depth + 1)));
    }
    out
}

fn comments(ast: &Ast<'_>) -> Vec<String> {
    ast.comments
        .iter()
        .map(|c| ast.slice(c.range).trim_end().to_string())
        .collect()
}

/// Formats `text` and checks meaning, comments and idempotence; returns the output.
fn round_trip(text: &str) -> Result<String, TestCaseError> {
    let (ast, diags) = parse(0, text);
    prop_assert!(diags.is_empty(), "input must parse: {diags:?}\n{text}");
    let formatted = tilec::format::format(&ast);
    let (again, diags) = parse(0, &formatted);
    prop_assert!(
        diags.is_empty(),
        "formatted text must parse: {diags:?}\n{formatted}"
    );
    prop_assert_eq!(
        shape(&ast),
        shape(&again),
        "statements changed:\n{}",
        formatted
    );
    prop_assert_eq!(comments(&ast), comments(&again));
    prop_assert_eq!(&tilec::format::format(&again), &formatted, "not idempotent");
    Ok(formatted)
}

#[test]
fn shipped_tiles_are_canonical_and_round_trip() {
    for entry in std::fs::read_dir(common::root().join("tiles")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|x| x == "tiles") {
            let text = std::fs::read_to_string(&path).unwrap();
            let formatted = round_trip(&text).unwrap();
            assert!(
                formatted == text,
                "{} is not canonical: run `cargo run -- fmt tiles`",
                path.display()
            );
        }
    }
}

fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "city",
            "road",
            "field",
            "N",
            "EL",
            "c1",
            "-",
            "base/E-garden",
            "3",
            "->"
        ])
        .prop_map(String::from),
        "[a-z][a-z0-9_-]{0,6}",
        "[a-z]{1,5}=[a-z0-9]{1,3}",
        "\"([a-z #{};]|\\\\\"|\\\\n){0,10}\"",
    ]
}

fn gap() -> impl Strategy<Value = String> {
    prop::sample::select(vec![" ", "  ", "\t", " \t "]).prop_map(String::from)
}

fn end() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "\n",
        ";",
        " ; ",
        "\n\n",
        "\n\n\n",
        " # note\n",
        "\n# own line\n",
        "\n  # indented\n\n",
    ])
    .prop_map(String::from)
}

fn head() -> impl Strategy<Value = String> {
    (
        "[a-z][a-z-]{0,8}",
        prop::collection::vec((gap(), word()), 0..5),
    )
        .prop_map(|(kw, args)| {
            let args: String = args.into_iter().map(|(g, w)| g + &w).collect();
            kw + &args
        })
}

fn statement() -> impl Strategy<Value = String> {
    (head(), end()).prop_map(|(h, e)| h + &e)
}

fn file() -> impl Strategy<Value = String> {
    let opener = prop::sample::select(vec!["{\n", "{", "{ # opens\n", " {  "]);
    let block = (
        head(),
        opener,
        prop::collection::vec(statement(), 0..6),
        end(),
    )
        .prop_map(|(h, open, body, end)| format!("{h} {open}{}\n}}{end}", body.concat()));
    prop::collection::vec(prop_oneof![statement(), block], 1..6)
        .prop_map(|items| format!("# header\n{}", items.concat()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn formatting_keeps_meaning_and_comments(text in file()) {
        round_trip(&text)?;
    }
}

#[test]
fn the_command_checks_rewrites_and_refuses_broken_files() {
    let dir = std::env::temp_dir().join(format!("tilec-fmt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let messy = dir.join("messy.tiles");
    let broken = dir.join("broken.tiles");
    std::fs::write(
        &messy,
        "set t \"T\" {provenance sourced}\ntile A \"x\" { count 2;city c N E S W }\n",
    )
    .unwrap();
    std::fs::write(&broken, "set t \"T\" {\n").unwrap();
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_tilec"))
            .args(args)
            .output()
            .expect("tilec runs")
    };
    let check = run(&["fmt", "--check", messy.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(1));
    let diff = String::from_utf8_lossy(&check.stdout).into_owned();
    let name = messy.display();
    assert!(
        diff.starts_with(&format!(
            "--- {name}\n+++ {name} (formatted)\n@@ -1,2 +1,8 @@\n"
        )),
        "{diff}"
    );
    assert!(
        diff.contains("\n-set t \"T\" {provenance sourced}\n"),
        "{diff}"
    );
    assert!(diff.contains("\n+  provenance sourced\n"), "{diff}");
    let wrote = run(&["fmt", messy.to_str().unwrap()]);
    assert_eq!(wrote.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&wrote.stdout),
        format!("formatted {name}\n")
    );
    let text = std::fs::read_to_string(&messy).unwrap();
    assert_eq!(text, "set t \"T\" {\n  provenance sourced\n}\n\ntile A \"x\" {\n  count 2\n  city c N E S W\n}\n");
    let clean = run(&["fmt", "--check", messy.to_str().unwrap()]);
    assert_eq!(clean.status.code(), Some(0));
    assert_eq!(clean.stdout, b"", "nothing to show for a canonical file");
    let again = run(&["fmt", messy.to_str().unwrap()]);
    assert_eq!(again.stdout, b"", "an unchanged file is not reported");
    let refused = run(&["fmt", broken.to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("E006"));
    assert_eq!(
        std::fs::read_to_string(&broken).unwrap(),
        "set t \"T\" {\n",
        "a broken file is left alone"
    );
    std::fs::remove_dir_all(&dir).ok();
}
