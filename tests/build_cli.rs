//! `tilec build` and `tilec render` end to end on small inputs: outputs appear,
//! and a build over bad tiles writes nothing (the previous outputs survive).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| common::root().join("target"), PathBuf::from)
        .join("build-cli-tests")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

fn tilec(args: &[&str], cwd: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tilec"))
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("run tilec")
}

fn promos_only(dir: &Path) -> PathBuf {
    let tiles = dir.join("tiles");
    std::fs::create_dir_all(&tiles).unwrap();
    std::fs::copy(
        common::root().join("tiles/promos.tiles"),
        tiles.join("promos.tiles"),
    )
    .unwrap();
    tiles
}

#[test]
fn build_replaces_the_site_and_writes_the_tables() {
    let dir = scratch("good");
    promos_only(&dir);
    std::fs::create_dir_all(dir.join("site")).unwrap();
    std::fs::write(dir.join("site/stale.txt"), "old").unwrap();
    // A site an earlier build wrote: it carries tilec's marker.
    std::fs::write(dir.join("site/.tilec-output"), "").unwrap();
    let out = tilec(&["build"], &dir);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("built in") && stdout.contains(" ms"),
        "{stdout}"
    );
    assert!(dir.join("site/index.html").exists());
    assert!(dir.join("site/sets/promos.html").exists());
    assert!(dir.join("site/img/promos/bogatyr-3.png").exists());
    assert!(
        !dir.join("site/stale.txt").exists(),
        "the old site was not replaced"
    );
    let tables = std::fs::read_to_string(dir.join("runtime/generated/tables.rs")).unwrap();
    assert!(tables.contains("DO NOT EDIT"));
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with(".site"))
        .collect();
    assert!(leftovers.is_empty(), "temporary directories left behind");
}

#[test]
fn a_failed_build_leaves_the_previous_outputs_alone() {
    let dir = scratch("bad");
    let tiles = promos_only(&dir);
    std::fs::write(
        tiles.join("broken.tiles"),
        "set broken \"Broken\" {\n}\ntile A \"x\" {\n  count 1\n  road r Q\n}\n",
    )
    .unwrap();
    std::fs::create_dir_all(dir.join("site")).unwrap();
    std::fs::write(dir.join("site/index.html"), "previous").unwrap();
    std::fs::create_dir_all(dir.join("runtime/generated")).unwrap();
    std::fs::write(dir.join("runtime/generated/tables.rs"), "previous").unwrap();
    let out = tilec(&["build"], &dir);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("site/index.html")).unwrap(),
        "previous"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("runtime/generated/tables.rs")).unwrap(),
        "previous"
    );
}

#[test]
fn render_writes_a_picture_per_tile_and_a_sheet() {
    let dir = scratch("render");
    let tiles = promos_only(&dir);
    let out = tilec(
        &[
            "render",
            tiles.join("promos.tiles").to_str().unwrap(),
            "--out",
            "pics",
        ],
        &dir,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for name in ["baba-yaga", "bogatyr", "solovei", "vodyanoy", "sheet"] {
        let path = dir.join(format!("pics/promos/{name}.png"));
        let img = image::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(img.width() >= 160);
    }
}
