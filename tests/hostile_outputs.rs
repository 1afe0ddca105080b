//! Hostile cases against the output layer (issue "hostile inputs, round two"):
//! tilec writes only where it made the output or where nothing is, never over
//! a device, a FIFO or a link, never two outputs into one another; its locks
//! are kernel locks; `fmt` and `new` keep owners, modes and hard links.

mod common;

use common::{root, text, Temp};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::tilec_in as tilec;

use common::scratch_with_promos as scratch;

fn refused(out: &Output, says: &str) -> String {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains(says), "says `{says}`: {err}");
    err
}

/// Every path under `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut out: Vec<String> = walk(dir)
        .iter()
        .map(|p| p.strip_prefix(dir).unwrap().display().to_string())
        .collect();
    out.sort();
    out
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        out.push(e.path());
        if e.file_type().unwrap().is_dir() {
            out.extend(walk(&e.path()));
        }
    }
    out
}

#[test]
fn outputs_that_overlap_are_refused_before_anything_is_written() {
    let t = scratch("overlap");
    let before = listing(&t.0);
    for args in [
        ["--site", "A/site", "--jcz-addon", "A"],
        ["--tables", "A/tables.rs", "--jcz-addon", "A"],
        ["--site", "X", "--jcz-addon", "X"],
        ["--site", "S", "--tables", "S/tables.rs"],
    ] {
        let mut all = vec!["build", "--tiles", "inp"];
        all.extend(args);
        let err = refused(&tilec(&t.0, &all), "overlap");
        assert!(!err.contains("another tilec"), "{err}");
        assert_eq!(listing(&t.0), before, "{args:?} wrote something");
    }
    let args = [
        "simulate",
        "--games",
        "1",
        "--report",
        "R",
        "--records",
        "R",
    ];
    refused(&tilec(&t.0, &args), "overlap");
    assert_eq!(listing(&t.0), before);
}

#[test]
fn a_directory_tilec_did_not_write_is_never_replaced() {
    let t = scratch("foreign-dir");
    std::fs::create_dir_all(t.0.join("addons/other-addon")).unwrap();
    std::fs::write(t.0.join("addons/other-addon/jcz-addon.json"), "{}").unwrap();
    std::fs::create_dir_all(t.0.join("preview")).unwrap();
    std::fs::write(t.0.join("preview/holiday.jpg"), "mine").unwrap();
    let before = listing(&t.0);
    let out = tilec(&t.0, &["build", "--tiles", "inp", "--jcz-addon", "addons"]);
    let err = refused(&out, "`addons` is a directory that tilec did not write");
    assert!(err.contains("hint: name a new or empty directory"), "{err}");
    let out = tilec(&t.0, &["build", "--tiles", "inp", "--site", "preview"]);
    refused(&out, "`preview` is a directory that tilec did not write");
    refused(&tilec(&t.0, &["render", "inp"]), "`preview` is a directory");
    assert_eq!(listing(&t.0), before);
    // An empty directory, or one tilec wrote, is replaced; so is its own again.
    std::fs::create_dir(t.0.join("empty")).unwrap();
    for _ in 0..2 {
        let out = tilec(
            &t.0,
            &[
                "build",
                "--tiles",
                "inp",
                "--site",
                "empty",
                "--jcz-addon",
                "addons/castles",
            ],
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
    }
    assert!(t.0.join("empty/index.html").exists());
    assert!(t.0.join("addons/castles/tilec.xml").exists());
    assert!(t.0.join("addons/other-addon/jcz-addon.json").exists());
}

#[test]
fn devices_fifos_and_links_are_never_written() {
    let t = scratch("devices");
    let fifo = t.0.join("fifo");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    std::fs::write(t.0.join("victim"), "victim").unwrap();
    std::os::unix::fs::symlink("victim", t.0.join("link")).unwrap();
    let mut places = vec![
        ("fifo", "is not a regular file"),
        ("link", "is a symbolic link"),
    ];
    let made = Command::new("mknod")
        .args(["chardev", "c", "1", "3"])
        .current_dir(&t.0)
        .status();
    match made {
        Ok(s) if s.success() => places.push(("chardev", "is not a regular file")),
        _ => common::skip(
            "devices_fifos_and_links_are_never_written",
            "the character-device case (mknod needs root)",
        ),
    }
    for (place, says) in places {
        let out = tilec(&t.0, &["export", "--format", "jcz", "inp", "--out", place]);
        refused(&out, says);
        let out = tilec(&t.0, &["build", "--tiles", "inp", "--tables", place]);
        refused(&out, says);
        let meta = std::fs::symlink_metadata(t.0.join(place)).unwrap();
        assert!(!meta.is_file(), "`{place}` became a regular file");
    }
    assert_eq!(
        std::fs::read_to_string(t.0.join("victim")).unwrap(),
        "victim"
    );
    assert!(
        !t.0.join("site").exists(),
        "nothing written with a refused output"
    );
}

#[test]
fn planted_links_in_records_and_report_directories_are_not_followed() {
    let t = Temp::new("planted-records");
    std::fs::write(t.0.join("elsewhere"), "precious").unwrap();
    std::fs::create_dir_all(t.0.join("rec")).unwrap();
    std::os::unix::fs::symlink("../elsewhere", t.0.join("rec/game-1.toml")).unwrap();
    let args = ["simulate", "--games", "2", "--records", "rec"];
    refused(
        &tilec(&t.0, &args),
        "`rec` is a directory that tilec did not write",
    );
    std::fs::create_dir_all(t.0.join("rep")).unwrap();
    std::os::unix::fs::symlink("../elsewhere", t.0.join("rep/report.json")).unwrap();
    let args = ["simulate", "--games", "2", "--report", "rep"];
    refused(&tilec(&t.0, &args), "`rep/report.json` is a symbolic link");
    // In a records directory tilec wrote, a planted link goes with the rest.
    std::fs::remove_dir_all(t.0.join("rec")).unwrap();
    let args = ["simulate", "--games", "2", "--records", "rec"];
    assert!(tilec(&t.0, &args).status.success());
    std::fs::remove_file(t.0.join("rec/game-1.toml")).unwrap();
    std::os::unix::fs::symlink("../elsewhere", t.0.join("rec/game-1.toml")).unwrap();
    assert!(tilec(&t.0, &args).status.success());
    assert!(std::fs::symlink_metadata(t.0.join("rec/game-1.toml"))
        .unwrap()
        .is_file());
    assert_eq!(
        std::fs::read_to_string(t.0.join("elsewhere")).unwrap(),
        "precious"
    );
}

#[test]
fn planted_lock_files_are_ignored_and_never_read() {
    let t = scratch("planted-lock");
    std::fs::write(t.0.join("secret"), "TOP-SECRET").unwrap();
    std::os::unix::fs::symlink("secret", t.0.join(".site.lock")).unwrap();
    assert!(Command::new("mkfifo")
        .arg(t.0.join(".t.rs.lock"))
        .status()
        .unwrap()
        .success());
    let out = watched(
        &t.0,
        &[
            "build", "--tiles", "inp", "--site", "site", "--tables", "t.rs",
        ],
        60,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(!text(&out.stderr).contains("TOP-SECRET"));
    assert!(t.0.join("site/index.html").exists());
}

/// Runs tilec, failing if it has not ended after `secs` seconds (a hang).
fn watched(cwd: &Path, args: &[&str], secs: u64) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tilec"))
        .args(args)
        .current_dir(cwd)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(secs) {
            let _ = child.kill();
            panic!("tilec {args:?} hangs");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn a_lock_dies_with_its_process_and_a_live_one_is_waited_for() {
    let t = scratch("flock");
    let args = [
        "simulate",
        "--games",
        "100000000",
        "--threads",
        "1",
        "--records",
        "rec",
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_tilec"))
        .args(args)
        .current_dir(&t.0)
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    // SIGTERM: the process dies without running any clean-up of its own.
    assert!(Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap()
        .success());
    child.wait().unwrap();
    let args = ["simulate", "--games", "3", "--records", "rec"];
    let out = tilec(&t.0, &args);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        listing(&t.0.join("rec")).len(),
        4,
        "3 records and the marker"
    );
    // A live holder (this test, holding the directory's lock) is waited for.
    let dir = std::fs::File::open(&t.0).unwrap();
    rustix::fs::flock(&dir, rustix::fs::FlockOperation::LockExclusive).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_tilec"))
        .args(["build", "--tiles", "inp", "--site", "site"])
        .current_dir(&t.0)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    assert!(
        !t.0.join("site").exists(),
        "written while the lock was held"
    );
    drop(dir);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert!(text(&out.stderr).contains("waiting: another tilec is writing into"));
    assert!(t.0.join("site/index.html").exists());
}

#[test]
fn two_news_at_once_each_keep_their_entry() {
    let t = Temp::new("news");
    std::fs::create_dir(t.0.join("d")).unwrap();
    std::fs::write(t.0.join("d/sets.toml"), "# mine\n").unwrap();
    let children: Vec<_> = (0..6)
        .map(|i| {
            Command::new(env!("CARGO_BIN_EXE_tilec"))
                .args(["new", &format!("s{i}"), "--dir", "d"])
                .current_dir(&t.0)
                .stdout(Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut c in children {
        assert!(c.wait().unwrap().success());
    }
    let toml = std::fs::read_to_string(t.0.join("d/sets.toml")).unwrap();
    for i in 0..6 {
        assert!(
            toml.contains(&format!("id = \"s{i}\"")),
            "entry s{i} lost:\n{toml}"
        );
    }
    let out = tilec(&t.0, &["check", "d"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn fmt_and_new_keep_owner_mode_and_links() {
    let t = Temp::new("owners");
    let canonical = std::fs::read_to_string(root().join("tiles/promos.tiles")).unwrap();
    let file = t.0.join("p.tiles");
    std::fs::write(&file, canonical.replace("\n  ", "\n    ")).unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
    let id = Command::new("id").arg("-u").output().unwrap();
    let root_user = text(&id.stdout).trim() == "0";
    if root_user {
        std::os::unix::fs::chown(&file, Some(12345), Some(23456)).unwrap();
    } else {
        common::skip(
            "fmt_and_new_keep_owner_mode_and_links",
            "the owner case (`sudo tilec fmt`) needs root",
        );
    }
    assert!(tilec(&t.0, &["fmt", "p.tiles"]).status.success());
    let meta = std::fs::metadata(&file).unwrap();
    assert_eq!(std::fs::read_to_string(&file).unwrap(), canonical);
    assert_eq!(meta.mode() & 0o777, 0o600);
    if root_user {
        assert_eq!(
            (meta.uid(), meta.gid()),
            (12345, 23456),
            "fmt kept the owner"
        );
    }
    std::fs::write(
        t.0.join("sets.toml"),
        "[[set]]\nid = \"promos\"\ntotal = 4\n",
    )
    .unwrap();
    std::fs::set_permissions(
        t.0.join("sets.toml"),
        std::fs::Permissions::from_mode(0o600),
    )
    .unwrap();
    assert!(tilec(&t.0, &["new", "castles", "--dir", "."])
        .status
        .success());
    let mode = std::fs::metadata(t.0.join("sets.toml")).unwrap().mode();
    assert_eq!(mode & 0o777, 0o600, "new kept the mode of sets.toml");
    // A file of two names is refused, both left as they were.
    std::fs::write(&file, canonical.replace("\n  ", "\n    ")).unwrap();
    std::fs::hard_link(&file, t.0.join("other-name.tiles")).unwrap();
    let err = refused(&tilec(&t.0, &["fmt", "p.tiles"]), "has 2 hard links");
    assert!(err.contains("part it from its other names"), "{err}");
    assert_eq!(std::fs::metadata(&file).unwrap().nlink(), 2);
}
