//! What a run of `tilec` cost, from the kernel's own accounts: its peak
//! resident memory and its CPU time (`wait4`'s `rusage` for that one child),
//! so that a test bounds them without timing anything by the wall clock.

use std::io::Read;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::time::Duration;

/// A finished run.
pub struct Run {
    /// How it ended.
    pub status: ExitStatus,
    /// Its stderr, as text.
    pub stderr: String,
    /// Its peak resident memory, in KiB (`ru_maxrss`).
    pub peak_kib: u64,
    /// Its CPU time, user and system.
    pub cpu: Duration,
}

/// Runs `tilec args` in `dir` and measures it.
pub fn measure(dir: &Path, args: &[&str]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tilec"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tilec starts");
    let mut err = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = err.read_to_string(&mut text);
        text
    });
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: `rusage` is plain data that `wait4` fills; `pid` is our own
    // child, not yet waited for (its `Child` is dropped below, never waited).
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4: {}", std::io::Error::last_os_error());
    drop(child);
    let time =
        |t: libc::timeval| Duration::from_micros(t.tv_sec as u64 * 1_000_000 + t.tv_usec as u64);
    Run {
        status: ExitStatus::from_raw(status),
        stderr: reader.join().expect("stderr read"),
        peak_kib: usage.ru_maxrss as u64,
        cpu: time(usage.ru_utime) + time(usage.ru_stime),
    }
}
