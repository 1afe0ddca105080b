//! Every command's standard output, closed or full: a closed pipe (`tilec export
//! | head -c1`) ends quietly with the command's own exit code; a full device
//! (`> /dev/full`) is an I/O error, exit 2, said once on stderr. Never a panic.

mod common;

use common::{root, text, Temp};
use std::process::{Command, Output, Stdio};

/// Each command with arguments that make it print (`{t}` is a scratch directory).
const COMMANDS: &[&[&str]] = &[
    &["check", "tiles"],
    &["export", "tiles"],
    &["play", "tests/records/13-two-features-one-turn.toml"],
    &["import-jcz", "tests/import/pack.xml"],
    &["build", "--tiles", "{t}/tiles", "--site", "{t}/site"],
    &["render", "{t}/tiles", "--out", "{t}/pics"],
    &["simulate", "--games", "3"],
    &["fmt", "--check", "{t}/ugly.tiles"],
    &["new", "fresh", "--dir", "{t}/new"],
];

fn scratch(name: &str) -> Temp {
    let t = Temp::new(name);
    std::fs::create_dir_all(t.0.join("tiles")).unwrap();
    let promos = std::fs::read_to_string(root().join("tiles/promos.tiles")).unwrap();
    std::fs::write(t.0.join("tiles/promos.tiles"), &promos).unwrap();
    std::fs::write(t.0.join("ugly.tiles"), promos.replace("\n  ", "\n      ")).unwrap();
    t
}

fn run(args: &[&str], t: &Temp, stdout: Stdio) -> Output {
    let args: Vec<String> = args.iter().map(|a| a.replace("{t}", t.path())).collect();
    Command::new(env!("CARGO_BIN_EXE_tilec"))
        .args(&args)
        .current_dir(root())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .expect("tilec runs")
}

fn no_panic(args: &[&str], out: &Output) {
    let err = text(&out.stderr);
    assert!(
        !err.contains("panicked") && !err.contains("failed printing"),
        "{args:?}: {err}"
    );
    assert_ne!(out.status.code(), Some(101), "{args:?}: {err}");
}

#[test]
fn a_closed_stdout_ends_quietly_with_the_commands_own_code() {
    for (i, args) in COMMANDS.iter().enumerate() {
        let t = scratch(&format!("closed-{i}"));
        let normal = run(args, &t, Stdio::piped());
        let t = scratch(&format!("closed-{i}"));
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let out = run(args, &t, writer.into());
        no_panic(args, &out);
        assert_eq!(out.status.code(), normal.status.code(), "{args:?}");
        assert!(
            !text(&out.stderr).contains("cannot write to stdout"),
            "{args:?}: a closed pipe is not an error: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn a_full_stdout_is_an_io_error_exit_2() {
    for (i, args) in COMMANDS.iter().enumerate() {
        let t = scratch(&format!("full-{i}"));
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let out = run(args, &t, full.into());
        no_panic(args, &out);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stderr)
        );
        let err = text(&out.stderr);
        assert_eq!(
            err.matches("error: cannot write to stdout: ").count(),
            1,
            "{args:?}: {err}"
        );
    }
}

#[test]
fn commands_print_only_through_the_central_stdout() {
    // `println!` panics on a closed or full stdout; `out!`/`outln!` do not.
    let mut stack = vec![root().join("src/cli"), root().join("src/main.rs")];
    let mut offenders = Vec::new();
    while let Some(path) = stack.pop() {
        if path.is_dir() {
            stack.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        let code = std::fs::read_to_string(&path).unwrap();
        for (n, line) in code.lines().enumerate() {
            let t = line.trim_start();
            let to_stdout = |mac: &str| t.match_indices(mac).any(|(i, _)| !t[..i].ends_with('e'));
            if !t.starts_with("//") && (to_stdout("println!(") || to_stdout("print!(")) {
                offenders.push(format!("{}:{}: {t}", path.display(), n + 1));
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "use outln!/out!:\n{}",
        offenders.join("\n")
    );
}
