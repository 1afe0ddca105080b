//! `./test.sh`'s set-up on a machine without Chromium (issue #26, point 1):
//! it installs Debian's `chromium` with apt-get as root or through sudo, and
//! otherwise stops at once saying what to install. Run with stand-ins for
//! `id`, `sudo` and `apt-get` that record what they are asked, and
//! `TILEC_SETUP_ONLY=1`, which stops the script after its set-up.

mod common;

use common::{root, text, Temp};
use std::path::Path;

/// A copy of `./test.sh` in `t`, run there by bash: what it writes (its list
/// of skips under `target/`) stays there.
fn script(t: &Temp) -> std::process::Command {
    let copy = t.0.join("test.sh");
    std::fs::copy(root().join("test.sh"), &copy).unwrap();
    let mut cmd = std::process::Command::new("bash");
    cmd.arg(copy);
    cmd
}

/// Held while a test writes its stand-ins and runs the script. Executing a
/// file that another thread of this process is writing fails (`ETXTBSY`):
/// a child forked by one test inherits the open file another test is
/// writing. One test at a time writes and runs.
static EXCLUSIVE: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// A stand-in command `name` in `bin`: appends its name and arguments to `log`,
/// then runs `body`.
fn stand_in(bin: &Path, name: &str, log: &Path, body: &str) {
    use std::os::unix::fs::PermissionsExt;
    let path = bin.join(name);
    let script = format!(
        "#!/bin/sh\necho \"{name} $*\" >> '{}'\n{body}\n",
        log.display()
    );
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
}

/// Runs the set-up as user `uid`, with a sudo that works or not; returns the
/// exit code, stderr and what the stand-ins were asked.
fn setup(
    t: &Temp,
    uid: u32,
    sudo_works: bool,
    skip_browser: bool,
) -> (Option<i32>, String, String) {
    let _one_at_a_time = EXCLUSIVE.lock().unwrap_or_else(|e| e.into_inner());
    let bin = t.0.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let log = t.0.join("log");
    let _ = std::fs::remove_file(&log);
    stand_in(&bin, "id", &log, &format!("echo {uid}"));
    let sudo = if sudo_works {
        "[ \"$1\" = -n ] && shift\nexec \"$@\""
    } else {
        "exit 1"
    };
    stand_in(&bin, "sudo", &log, sudo);
    stand_in(&bin, "apt-get", &log, "exit 0");
    // Were the set-up not to stop, the tests would not run again from here.
    stand_in(&bin, "cargo", &log, "exit 3");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut cmd = script(t);
    cmd.env("PATH", path)
        .env("TILEC_SETUP_ONLY", "1")
        .env("TILEC_CHROMIUM", t.0.join("no-chromium"))
        .env_remove("TILEC_SKIP_BROWSER");
    if skip_browser {
        cmd.env("TILEC_SKIP_BROWSER", "1");
    }
    let out = cmd.output().expect("test.sh runs");
    let asked = std::fs::read_to_string(&log).unwrap_or_default();
    let asked: Vec<&str> = asked.lines().filter(|l| !l.starts_with("id ")).collect();
    (out.status.code(), text(&out.stderr), asked.join("\n"))
}

#[test]
fn as_root_the_set_up_installs_chromium() {
    let t = Temp::new("setup-root");
    let (code, err, asked) = setup(&t, 0, false, false);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(asked, "apt-get update -qq\napt-get install -y -qq chromium");
}

#[test]
fn with_sudo_the_set_up_installs_chromium_through_it() {
    let t = Temp::new("setup-sudo");
    let (code, err, asked) = setup(&t, 1000, true, false);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        asked,
        "sudo -n true\nsudo apt-get update -qq\napt-get update -qq\nsudo apt-get install -y -qq chromium\napt-get install -y -qq chromium"
    );
}

#[test]
fn without_root_or_sudo_the_set_up_says_what_to_install() {
    let t = Temp::new("setup-user");
    let (code, err, asked) = setup(&t, 1000, false, false);
    assert_eq!(code, Some(2));
    assert_eq!(asked, "sudo -n true", "nothing installed");
    assert!(
        err.contains("error: the tests need chromium, which this script installs with apt-get as root or with sudo"),
        "{err}"
    );
    assert!(err.contains("`sudo apt-get install chromium`"), "{err}");
    assert!(
        err.contains("`TILEC_SKIP_BROWSER=1 ./test.sh` skips the browser test"),
        "{err}"
    );
}

#[test]
fn skipping_the_browser_installs_nothing() {
    let t = Temp::new("setup-skip");
    let (code, err, asked) = setup(&t, 1000, false, true);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(asked, "");
}

/// The tests' skips are listed last, as skips, even when a test failed.
#[test]
fn skips_are_listed_at_the_end() {
    let t = Temp::new("setup-skips");
    let _one_at_a_time = EXCLUSIVE.lock().unwrap_or_else(|e| e.into_inner());
    let bin = t.0.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let log = t.0.join("log");
    // A `cargo test` whose browser test skipped, and another test failed.
    let body = "echo 'SKIPPED: chromium_loads_the_index_and_every_set_page (TILEC_SKIP_BROWSER is set)' >> \"$TILEC_SKIP_LOG\"\nexit 101";
    stand_in(&bin, "cargo", &log, body);
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = script(&t)
        .env("PATH", path)
        .env("TILEC_SKIP_BROWSER", "1")
        .env_remove("TILEC_SETUP_ONLY")
        .output()
        .expect("test.sh runs");
    assert_eq!(
        out.status.code(),
        Some(101),
        "cargo's failure is the exit code"
    );
    let shown = text(&out.stdout);
    assert!(
        shown.ends_with("\nSKIPPED: 1 Rust test(s) did not run (pytest lists its own skips above):\n  chromium_loads_the_index_and_every_set_page (TILEC_SKIP_BROWSER is set)\nwarning: TILEC_SKIP_BROWSER is set: the site was not loaded in a browser\n"),
        "{shown}"
    );
    assert_eq!(
        std::fs::read_to_string(&log).unwrap(),
        "cargo test --workspace\n",
        "python never ran"
    );
}
