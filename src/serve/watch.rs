//! Watching the served directory: the system's notifications (inotify and
//! the like, through `notify`), or with `--poll` a scan of the files' times
//! (for network and container file systems, where notifications may never
//! come). Changes to `.tiles` files and `sets.toml` are gathered until the
//! directory is quiet for the debounce time, then one rebuild runs: an editor
//! that saves in several writes, or by writing a copy and renaming it, gives
//! one build of the whole file.

use notify::event::{AccessKind, AccessMode, EventKind, ModifyKind};
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

/// A watch on the directory, started before the first build so that no
/// change after it is missed.
pub struct Watch {
    options: Options,
    watcher: Box<dyn Watcher + Send>,
    changes: Receiver<Signal>,
    watching: bool,
    known: Option<(u64, u64)>,
}

impl Watch {
    /// Starts watching (falling back to scanning when the system's
    /// notifications cannot be had).
    pub fn start(options: &Options) -> Result<Watch, String> {
        let (tx, changes) = channel();
        // Events name the directory as an absolute path (the watcher joins a
        // relative one to the working directory).
        let dir = std::path::absolute(&options.dir).unwrap_or_else(|_| options.dir.clone());
        let handler = move |res: notify::Result<Event>| {
            let signal = match &res {
                Ok(e) if gone(e, &dir) => Some(Signal::Gone),
                Ok(e) => relevant(e).then_some(Signal::Change),
                // An error from the watcher (an overflowed queue) may hide a change.
                Err(_) => Some(Signal::Change),
            };
            if let Some(signal) = signal {
                let _ = tx.send(signal);
            }
        };
        let watcher = match make(options.poll, handler.clone()) {
            Ok(w) => w,
            Err(e) => {
                eprintln!("warning: cannot watch for changes ({e}); scanning the files instead");
                make(true, handler)
                    .map_err(|e| format!("error: cannot watch `{}`: {e}", options.dir.display()))?
            }
        };
        let mut watch = Watch {
            options: options.clone(),
            watcher,
            changes,
            watching: false,
            known: identity(&options.dir),
        };
        watch.rewatch();
        Ok(watch)
    }

    fn rewatch(&mut self) {
        let dir = &self.options.dir;
        let _ = self.watcher.unwatch(dir);
        self.watching = self.watcher.watch(dir, RecursiveMode::NonRecursive).is_ok();
    }

    /// Watches until the process ends, calling `rebuild` after every burst
    /// of changes (and when the directory comes back after being removed).
    pub fn run(mut self, mut rebuild: impl FnMut()) {
        loop {
            match self.changes.recv_timeout(RECHECK) {
                Ok(signal) => {
                    let Some(gone) = settle(&self.changes, self.options.debounce) else {
                        return;
                    };
                    // The directory itself went: its watch went with it.
                    self.watching &= signal == Signal::Change && !gone;
                    rebuild();
                }
                Err(RecvTimeoutError::Timeout) => {
                    let now = identity(&self.options.dir);
                    let lost = !self.watching;
                    if now != self.known || lost {
                        self.rewatch();
                    }
                    if now != self.known || (lost && self.watching) {
                        self.known = now;
                        rebuild();
                    }
                }
                Err(RecvTimeoutError::Disconnected) => return,
            }
        }
    }
}

/// What the watcher tells the loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Signal {
    /// Something the build reads changed.
    Change,
    /// The directory itself was removed or renamed.
    Gone,
}

/// Whether `event` removes or renames the watched directory itself.
fn gone(event: &Event, dir: &Path) -> bool {
    let moved = matches!(
        event.kind,
        EventKind::Remove(_) | EventKind::Modify(ModifyKind::Name(_))
    );
    moved && event.paths.iter().any(|p| p == dir)
}

/// Waits until no change came for `quiet` (at most 20 times that in all, so a
/// file written without end still gets built); whether the directory itself
/// went meanwhile, or `None` when the watcher is gone.
fn settle(rx: &Receiver<Signal>, quiet: Duration) -> Option<bool> {
    let start = Instant::now();
    let mut gone = false;
    loop {
        match rx.recv_timeout(quiet) {
            Ok(signal) => {
                gone |= signal == Signal::Gone;
                if start.elapsed() >= quiet * 20 {
                    return Some(gone);
                }
            }
            Err(RecvTimeoutError::Timeout) => return Some(gone),
            Err(RecvTimeoutError::Disconnected) => return None,
        }
    }
}

fn make<H>(poll: bool, handler: H) -> notify::Result<Box<dyn Watcher + Send>>
where
    H: notify::EventHandler + Clone,
{
    if poll {
        // notify's scan keeps times in whole seconds: two saves in one second
        // differ only by their contents (a tile directory is small to hash).
        let config = notify::Config::default()
            .with_poll_interval(TICK)
            .with_compare_contents(true);
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
