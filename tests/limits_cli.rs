//! Every file the CLI reads has a size limit (`tilec::limits::Input`), and a
//! record a bound on its values: an input past them is refused before it is
//! parsed, or read at all, with the limit in the message. Cost is measured by
//! the kernel (peak memory and CPU time of the spawned `tilec`), not by the
//! wall clock. The cases are those of the issue that found `tilec play`
//! reading a hostile record whole (48 MiB of turns peaked at 2,464 MiB).
#![cfg(target_os = "linux")]

mod common;

use common::usage::{measure, Run};
use common::{root, Temp};
use std::io::Write;
use std::path::Path;
use std::time::Duration;

const HEAD: &str = "players = [\"a\", \"b\"]\nsets = [\"base\"]\nstart = { tile = \"base/D\" }\n";
const TURN: &str = "[[turn]]\ntile = \"base/U\"\nat = [1, 0]\nrotation = 0\n";

/// Writes `head`, then `item` `n` times, then `tail` into `dir/name`.
fn write(dir: &Path, name: &str, head: &str, item: &str, n: usize, tail: &str) {
    let file = std::fs::File::create(dir.join(name)).expect("create");
    let mut out = std::io::BufWriter::new(file);
    out.write_all(head.as_bytes()).expect("write");
    for _ in 0..n {
        out.write_all(item.as_bytes()).expect("write");
    }
    out.write_all(tail.as_bytes()).expect("write");
    out.flush().expect("flush");
}

/// A file of `bytes` that holds nothing (a hole).
fn sparse(dir: &Path, name: &str, bytes: u64) {
    let file = std::fs::File::create(dir.join(name)).expect("create");
    file.set_len(bytes).expect("a sparse file");
}

fn play(dir: &Path, record: &str) -> Run {
    measure(dir, &["play", record])
}

/// The peak of a `tilec play` that stops at once (a record that is not TOML).
fn baseline(dir: &Path) -> u64 {
    std::fs::write(dir.join("tiny.toml"), "not toml").expect("write");
    let run = play(dir, "tiny.toml");
    assert_eq!(run.status.code(), Some(1), "{}", run.stderr);
    run.peak_kib
}

#[track_caller]
fn refused(run: &Run, code: i32, message: &str, base_kib: u64, extra_kib: u64) {
    assert_eq!(run.status.code(), Some(code), "{}", run.stderr);
    assert!(run.stderr.contains(message), "{}", run.stderr);
    assert!(
        run.peak_kib <= base_kib + extra_kib,
        "peak {} KiB, more than {} KiB over the {} KiB of a run that reads nothing",
        run.peak_kib,
        extra_kib,
        base_kib
    );
    assert!(run.cpu < Duration::from_secs(2), "{:?} of CPU", run.cpu);
}

#[test]
fn the_issues_hostile_records_are_refused_unread() {
    let t = Temp::new("limits-records");
    let base = baseline(&t.0);
    let too_large = "is too large: tilec reads a game record of at most 1 MiB";
    // 10^6 turns (48 MiB), 10^6 `then` answers, 10^6 players.
    write(&t.0, "turns.toml", HEAD, TURN, 1_000_000, "");
    let then = format!("{HEAD}{TURN}then = [");
    write(
        &t.0,
        "then.toml",
        &then,
        "{ mayor = \"decline\" }, ",
        1_000_000,
        "]\n",
    );
    let tail = "]\nsets = [\"base\"]\nstart = { tile = \"base/D\" }\n";
    write(
        &t.0,
        "players.toml",
        "players = [",
        "\"p\", ",
        1_000_000,
        tail,
    );
    sparse(&t.0, "sparse.toml", 4 << 30);
    for name in ["turns.toml", "then.toml", "players.toml", "sparse.toml"] {
        let run = play(&t.0, name);
        // Nothing of the file is held: within 1 MiB of a run that reads nothing.
        refused(&run, 2, too_large, base, 1 << 10);
        assert!(
            run.stderr.contains(&format!("cannot read `{name}`")),
            "{}",
            run.stderr
        );
    }
    let run = play(&t.0, "sparse.toml");
    assert!(run.stderr.contains("4 GiB is too large"), "{}", run.stderr);
}

#[test]
fn records_within_the_size_limit_cost_a_bounded_tree_whatever_their_shape() {
    let t = Temp::new("limits-shapes");
    let base = baseline(&t.0);
    // 1 MiB of the densest text (`{},`: a value every 3 bytes) is refused by
    // its count of values before the TOML library builds a tree of it: what
    // it costs is about the file, read and checked.
    let then = format!("{HEAD}{TURN}then = [");
    write(&t.0, "dense.toml", &then, "{},", 349_000, "]\n");
    let run = play(&t.0, "dense.toml");
    refused(&run, 1, "more than 65536 values", base, 4 << 10);
    // Just under the count: the tree is built, then the record refused for
    // what it says (and a record of the most values costs at most ~30 MiB).
    let tail = "]\nsets = [\"base\"]\nstart = { tile = \"base/D\" }\n";
    write(&t.0, "players.toml", "players = [", "\"p\",", 65_000, tail);
    let run = play(&t.0, "players.toml");
    refused(&run, 1, "65000 players", base, 48 << 10);
    // The costliest shape found: a key a line (about 25 MiB of tree).
    let keys: String = (0..65_000).map(|i| format!("k{i} = 1\n")).collect();
    std::fs::write(t.0.join("keys.toml"), format!("{HEAD}{keys}")).expect("write");
    let run = play(&t.0, "keys.toml");
    refused(&run, 1, "unknown field `k0`", base, 48 << 10);
    // A real record plays, of course.
    let run = measure(&root(), &["play", "tests/records/01-road-complete.toml"]);
    assert!(run.status.success(), "{}", run.stderr);
}

#[test]
fn tile_files_sets_toml_and_jcz_xml_are_refused_past_their_limits() {
    let t = Temp::new("limits-inputs");
    let base = baseline(&t.0);
    std::fs::create_dir_all(t.0.join("tiles")).expect("mkdir");
    sparse(&t.0, "tiles/big.tiles", 4 << 30);
    let run = measure(&t.0, &["check", "tiles"]);
    refused(
        &run,
        2,
        "4 GiB is too large: tilec reads a tile file of at most 4 MiB",
        base,
        1 << 10,
    );
    std::fs::remove_file(t.0.join("tiles/big.tiles")).expect("rm");
    std::fs::copy(
        root().join("tiles/promos.tiles"),
        t.0.join("tiles/promos.tiles"),
    )
    .expect("cp");
    sparse(&t.0, "tiles/sets.toml", 2 << 20);
    let run = measure(&t.0, &["check", "tiles"]);
    refused(
        &run,
        2,
        "2 MiB is too large: tilec reads a `sets.toml` of at most 1 MiB",
        base,
        1 << 10,
    );
    sparse(&t.0, "pack.xml", 5 << 20);
    let run = measure(&t.0, &["import-jcz", "pack.xml"]);
    refused(
        &run,
        2,
        "5 MiB is too large: tilec reads a JCloisterZone XML file of at most 4 MiB",
        base,
        1 << 10,
    );
}
