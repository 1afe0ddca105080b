//! Outputs that must never lose or forge data: a build replaces all its outputs
//! or none, refuses bad targets before writing anything, never writes into its
//! inputs, never follows a planted link, and two builds into one site never leave
//! half of one; `new` never wipes a `sets.toml` it cannot read; `fmt` writes
//! through links and keeps modes.

mod common;

use common::{root, text, Temp};
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Output};

use common::tilec_in as tilec;

use common::scratch_with_promos as scratch;

/// Every path under `dir` (sorted, relative), to see that nothing changed.
fn listing(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            out.push(p.strip_prefix(dir).unwrap().display().to_string());
            if e.file_type().unwrap().is_dir() {
                stack.push(p);
            }
        }
    }
    out.sort();
    out
}

fn refused(out: &Output, names: &str) -> String {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!("`{names}`")),
        "names `{names}`: {err}"
    );
    assert!(!err.contains(".tmp"), "no temporary names: {err}");
    err
}

#[test]
fn bad_site_targets_are_refused_before_anything_is_written() {
    let outer = Temp::new("bad-site");
    let work = outer.0.join("work");
    std::fs::create_dir_all(work.join("inp")).unwrap();
    std::fs::copy(
        root().join("tiles/promos.tiles"),
        work.join("inp/promos.tiles"),
    )
    .unwrap();
    std::fs::write(work.join("precious.txt"), "keep me").unwrap();
    let before = listing(&outer.0);
    for (site, says) in [
        (".", "is not a name"),
        ("..", "is not a name"),
        ("../work", "holds the current directory"),
        ("precious.txt", "exists and is not a directory"),
        ("inp", "is the input"),
        ("inp/site", "lies inside the input"),
    ] {
        let out = tilec(&work, &["build", "--tiles", "inp", "--site", site]);
        let err = refused(&out, site);
        assert!(err.contains(says), "--site {site}: {err}");
    }
    let out = tilec(
        &work,
        &["build", "--tiles", "inp/promos.tiles", "--site", "inp"],
    );
    assert!(refused(&out, "inp").contains("holds the input"));
    assert_eq!(listing(&outer.0), before, "a refused build wrote something");
    assert_eq!(
        std::fs::read_to_string(work.join("precious.txt")).unwrap(),
        "keep me"
    );
}

#[test]
fn the_site_is_not_replaced_when_the_tables_cannot_be() {
    let t = scratch("tables-dir");
    std::fs::create_dir_all(t.0.join("site")).unwrap();
    std::fs::write(t.0.join("site/previous.html"), "previous").unwrap();
    std::fs::write(t.0.join("site/.tilec-output"), "").unwrap();
    std::fs::create_dir_all(t.0.join("dd")).unwrap();
    let before = listing(&t.0);
    let out = tilec(&t.0, &["build", "--tiles", "inp", "--tables", "dd"]);
    assert!(refused(&out, "dd").contains("is a directory, not a file"));
    assert_eq!(listing(&t.0), before, "site replaced or temporaries left");
    let out = tilec(&t.0, &["build", "--tiles", "inp", "--tables", "inp/t.rs"]);
    assert!(refused(&out, "inp/t.rs").contains("lies inside the input"));
    assert_eq!(listing(&t.0), before);
}

#[test]
fn render_never_writes_into_its_input() {
    let t = scratch("render-in");
    let before = listing(&t.0);
    for out_dir in ["inp", "inp/pics", "inp/promos.tiles"] {
        let out = tilec(&t.0, &["render", "inp", "--out", out_dir]);
        refused(&out, out_dir);
    }
    assert_eq!(listing(&t.0), before);
}

#[test]
fn planted_links_at_temporary_names_are_not_followed() {
    let t = scratch("planted");
    std::fs::write(t.0.join("victim"), "victim").unwrap();
    for name in [".tables.rs.tmp", ".site.tmp", ".site.old", ".tables.rs.old"] {
        std::os::unix::fs::symlink("victim", t.0.join(name)).unwrap();
    }
    let out = tilec(&t.0, &["build", "--tiles", "inp", "--tables", "tables.rs"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        std::fs::read_to_string(t.0.join("victim")).unwrap(),
        "victim"
    );
    let tables = std::fs::symlink_metadata(t.0.join("tables.rs")).unwrap();
    assert!(tables.file_type().is_file());
    assert!(t.0.join("site/index.html").exists());
}

#[test]
fn concurrent_builds_into_one_site_each_leave_a_whole_site() {
    let t = scratch("concurrent");
    let args = ["build", "--tiles", "inp", "--site", "site"];
    assert!(tilec(&t.0, &args).status.success());
    let whole = listing(&t.0.join("site"));
    for _ in 0..4 {
        let spawn = || {
            Command::new(env!("CARGO_BIN_EXE_tilec"))
                .args(args)
                .current_dir(&t.0)
                .output()
        };
        let (a, b) = std::thread::scope(|s| {
            let a = s.spawn(spawn);
            let b = s.spawn(spawn);
            (a.join().unwrap().unwrap(), b.join().unwrap().unwrap())
        });
        for out in [&a, &b] {
            let err = text(&out.stderr);
            assert!(
                out.status.success() || err.contains("another tilec"),
                "a build failed without a clear refusal: {err}"
            );
        }
        assert!(a.status.success() || b.status.success());
        assert_eq!(listing(&t.0.join("site")), whole);
        let stray: Vec<String> = listing(&t.0)
            .into_iter()
            .filter(|p| p.starts_with('.'))
            .collect();
        assert!(stray.is_empty(), "left behind: {stray:?}");
    }
}

#[test]
fn new_never_wipes_a_sets_toml_it_cannot_read() {
    let t = Temp::new("new-unreadable");
    let toml = t.0.join("sets.toml");
    let bytes = b"# caf\xe9\n[[set]]\nid = \"base\"\ntotal = 72\n".to_vec();
    std::fs::write(&toml, &bytes).unwrap();
    let out = tilec(&t.0, &["new", "fresh", "--dir", "."]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("sets.toml` is not valid UTF-8"), "{err}");
    assert_eq!(std::fs::read(&toml).unwrap(), bytes);
    assert_eq!(listing(&t.0), ["sets.toml"]);

    std::fs::remove_file(&toml).unwrap();
    std::fs::create_dir(&toml).unwrap();
    let out = tilec(&t.0, &["new", "fresh", "--dir", "."]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("cannot read `./sets.toml`"), "{err}");
    assert_eq!(listing(&t.0), ["sets.toml"], "files left behind");
}

#[test]
fn fmt_writes_through_a_link_and_keeps_the_mode() {
    let t = Temp::new("fmt-link");
    let canonical = std::fs::read_to_string(root().join("tiles/promos.tiles")).unwrap();
    let real = t.0.join("real.tiles");
    std::fs::write(&real, canonical.replace("\n  ", "\n      ")).unwrap();
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).unwrap();
    std::os::unix::fs::symlink("real.tiles", t.0.join("link.tiles")).unwrap();
    let out = tilec(&t.0, &["fmt", "link.tiles"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let link = std::fs::symlink_metadata(t.0.join("link.tiles")).unwrap();
    assert!(link.file_type().is_symlink(), "the link was replaced");
    assert_eq!(std::fs::read_to_string(&real).unwrap(), canonical);
    let mode = std::fs::metadata(&real).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o640);
    assert_eq!(listing(&t.0), ["link.tiles", "real.tiles"]);
}
