//! Watching the served directory: the system's notifications (inotify and
//! the like, through `notify`), or with `--poll` a scan of the files' times
//! (for network and container file systems, where notifications may never
//! come). Changes to `.tiles` files and `sets.toml` are gathered until the
//! directory is quiet for the debounce time, then one rebuild runs: an editor
//! that saves in several writes, or by writing a copy and renaming it, gives
//! one build of the whole file.

use notify::event::{AccessKind, AccessMode, EventKind};
use notify::{Event, PollWatcher, RecommendedWatcher, RecursiveMode, Watcher};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How the directory is watched.
#[derive(Clone, Debug)]
pub struct Options {
    /// The directory.
    pub dir: PathBuf,
    /// Scan instead of the system's notifications.
    pub poll: bool,
    /// Quiet time after the last change before a rebuild.
    pub debounce: Duration,
}

/// How often `--poll` scans, and how often the directory itself is checked
/// (deleted, or replaced by another of the same name).
const TICK: Duration = Duration::from_millis(100);
const RECHECK: Duration = Duration::from_secs(1);

/// Watches until the process ends, calling `rebuild` after every burst of
/// changes (and when the directory comes back after being removed).
pub fn run(options: &Options, mut rebuild: impl FnMut()) {
    let (tx, rx) = channel();
    let handler = move |res: notify::Result<Event>| {
        // An error from the watcher (an overflowed queue) may hide a change.
        if res.as_ref().map_or(true, relevant) {
            let _ = tx.send(());
        }
    };
    let mut watcher = match make(options.poll, handler.clone()) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("warning: cannot watch for changes ({e}); scanning the files instead");
            match make(true, handler) {
                Ok(w) => w,
                Err(e) => return eprintln!("error: cannot watch `{}`: {e}", options.dir.display()),
            }
        }
    };
    let mut known = identity(&options.dir);
    let mut watching = watcher
        .watch(&options.dir, RecursiveMode::NonRecursive)
        .is_ok();
    loop {
        match rx.recv_timeout(RECHECK) {
            Ok(()) => {
                if !settle(&rx, options.debounce) {
                    return;
                }
                rebuild();
            }
            Err(RecvTimeoutError::Timeout) => {
                let now = identity(&options.dir);
                if now != known || !watching {
                    let _ = watcher.unwatch(&options.dir);
                    watching = watcher
                        .watch(&options.dir, RecursiveMode::NonRecursive)
                        .is_ok();
                    if now != known {
                        known = now;
                        rebuild();
                    }
                }
            }
            Err(RecvTimeoutError::Disconnected) => return,
        }
    }
}

/// Waits until no change came for `quiet` (at most 20 times that in all, so a
/// file written without end still gets built); false when the watcher is gone.
fn settle(rx: &Receiver<()>, quiet: Duration) -> bool {
    let start = Instant::now();
    loop {
        match rx.recv_timeout(quiet) {
            Ok(()) if start.elapsed() < quiet * 20 => continue,
            Ok(()) | Err(RecvTimeoutError::Timeout) => return true,
            Err(RecvTimeoutError::Disconnected) => return false,
        }
    }
}

fn make<H>(poll: bool, handler: H) -> notify::Result<Box<dyn Watcher + Send>>
where
    H: notify::EventHandler + Clone,
{
    if poll {
        let config = notify::Config::default().with_poll_interval(TICK);
        return Ok(Box::new(PollWatcher::new(handler, config)?));
    }
    Ok(Box::new(RecommendedWatcher::new(
        handler,
        notify::Config::default(),
    )?))
}

/// Whether an event may change the build: a change (not a read) to a tile
/// file, to `sets.toml` or to the directory itself.
fn relevant(event: &Event) -> bool {
    let read =
        matches!(event.kind, EventKind::Access(a) if a != AccessKind::Close(AccessMode::Write));
    !read && (event.paths.is_empty() || event.paths.iter().any(|p| input(p)))
}

/// A file the build reads, or a path with no file name (the directory).
pub fn input(path: &Path) -> bool {
    match path.file_name().and_then(|n| n.to_str()) {
        Some(name) => name == "sets.toml" || name.ends_with(".tiles"),
        None => true,
    }
}

/// The directory's identity: (device, inode) where there is one; `None` when
/// it is missing.
fn identity(dir: &Path) -> Option<(u64, u64)> {
    let meta = std::fs::metadata(dir).ok()?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some((meta.dev(), meta.ino()))
    }
    #[cfg(not(unix))]
    {
        Some((u64::from(meta.is_dir()), 0))
    }
}
