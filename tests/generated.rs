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
