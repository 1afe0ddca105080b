//! `runtime/generated/tables.rs` must be what the shipped tiles compile to today, and
//! already in rustfmt's style.

mod common;

use std::io::Write;
use std::process::{Command, Stdio};

fn fresh_tables() -> String {
    let compiled = common::shipped();
    tilec::tables(&compiled.model)
}

#[test]
fn generated_tables_are_fresh() {
    let path = common::root().join("runtime/generated/tables.rs");
    let expected = fresh_tables();
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &expected).expect("write runtime/generated/tables.rs");
        return;
    }
    let actual = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        actual == expected,
        "runtime/generated/tables.rs is stale: run `{}` and commit the result",
        tilec::emit::rust::REGENERATE
    );
}

#[test]
fn generated_tables_are_rustfmt_clean() {
    let text = fresh_tables();
    let child = Command::new("rustfmt")
        .args(["--edition", "2021", "--emit", "stdout"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => panic!("rustfmt is needed for this test (rustup component add rustfmt): {e}"),
    };
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(text.as_bytes())
        .expect("write to rustfmt");
    let out = child.wait_with_output().expect("rustfmt runs");
    assert!(
        out.status.success(),
        "rustfmt failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let formatted = String::from_utf8_lossy(&out.stdout);
    if formatted != text {
        let first = formatted
            .lines()
            .zip(text.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "emit::rust output is not rustfmt-clean; first difference at line {}:\n  rustfmt: {:?}\n  emitted: {:?}",
            first + 1,
            formatted.lines().nth(first),
            text.lines().nth(first)
        );
    }
}

/// The tables of one set whose display name and tile name are both `name`.
fn tables_named(name: &str) -> String {
    let quoted = name
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n");
    let text = format!(
        "set h \"{quoted}\" {{\n  provenance sourced\n}}\n\ntile A \"{quoted}\" {{\n  count 2\n  city c N\n  field f E S W -> c\n}}\n"
    );
    let mut sources = tilec::diagnostic::Sources::new();
    let id = sources.add("h.tiles", text);
    let compiled = tilec::compile(&sources, &[id], None);
    assert!(
        compiled.diagnostics.is_empty(),
        "{name:?}: {}",
        tilec::diagnostic::render_plain(&sources, &compiled.diagnostics)
    );
    tilec::tables(&compiled.model)
}

fn unsafe_in_rust_text(c: char) -> bool {
    (c.is_control() && c != '\n')
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[test]
fn hostile_names_reach_the_tables_as_text_never_as_code() {
    let plain = tables_named("Plain");
    for hostile in [
        "Inj\npub const INJECTED: u32 = 42;\n//",
        "carriage\rreturn\r\n",
        "right\u{202e}left \u{2066}isolate\u{2069}",
        "line\u{2028}separator\u{85}next",
        "\"); pub static X: u8 = 0; (\"",
        "*/ /* \\ \u{7}",
    ] {
        let tables = tables_named(hostile);
        // The same lines as for a plain name, except the two that hold the name:
        // no line was added, so no item was.
        assert_eq!(tables.lines().count(), plain.lines().count(), "{hostile:?}");
        for (p, h) in plain.lines().zip(tables.lines()) {
            if p != h {
                let holds_name = |l: &str| {
                    let l = l.trim_start();
                    l.starts_with("/// ") || l.starts_with("name: Cow::Borrowed(\"")
                };
                assert!(holds_name(p) && holds_name(h), "{hostile:?}: {h}");
                assert_eq!(p.split_whitespace().next(), h.split_whitespace().next());
            }
        }
        assert!(
            !tables.contains(unsafe_in_rust_text),
            "{hostile:?}: raw control or bidi character in:\n{tables}"
        );
        // And it is Rust that parses (rustfmt fails on what rustc cannot lex).
        let mut child = Command::new("rustfmt")
            .args(["--edition", "2021", "--emit", "stdout"])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("rustfmt runs");
        let mut stdin = child.stdin.take().expect("piped stdin");
        stdin
            .write_all(tables.as_bytes())
            .expect("write to rustfmt");
        drop(stdin);
        let out = child.wait_with_output().expect("rustfmt runs");
        assert!(
            out.status.success(),
            "{hostile:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// `tilec-runtime` is publishable on its own: its package holds the tables it
/// includes (a full `cargo package -p tilec-runtime` also builds it; see the
/// README's Development table).
#[test]
fn the_runtime_package_holds_the_tables() {
    let out = Command::new(env!("CARGO"))
        .args([
            "package",
            "-p",
            "tilec-runtime",
            "--list",
            "--allow-dirty",
            "--offline",
        ])
        .current_dir(common::root())
        .output()
        .expect("cargo runs");
    let listed = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        listed.lines().any(|l| l == "generated/tables.rs"),
        "the package misses generated/tables.rs:\n{listed}"
    );
}
