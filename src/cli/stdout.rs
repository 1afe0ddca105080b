//! The one stdout of the CLI. Every command prints through [`out!`] and
//! [`outln!`] (or streams through [`with`]); a failed write is remembered instead
//! of panicking as `outln!` does, later writes are skipped, and [`finish`] turns
//! it into the exit code once: a closed pipe (`tilec export | head -c1`) ends
//! quietly with the command's own code, any other failure (`> /dev/full`) is an
//! I/O error, exit 2.

use std::io::{self, BufWriter, Write};
use std::sync::Mutex;

/// The first write error, if any.
static FAILED: Mutex<Option<io::Error>> = Mutex::new(None);

fn failed() -> bool {
    FAILED.lock().map_or(true, |f| f.is_some())
}

fn remember(e: io::Error) {
    if let Ok(mut f) = FAILED.lock() {
        f.get_or_insert(e);
    }
}

/// Writes formatted text to stdout (the body of [`out!`] and [`outln!`]),
/// escape sequences and other control characters in it shown as text
/// ([`tilec::diagnostic::terminal::escape`]): a name read from a file never
/// acts on the terminal.
pub fn write_fmt(args: std::fmt::Arguments<'_>) {
    if !failed() {
        let text = args.to_string();
        let text = tilec::diagnostic::terminal::escape(&text);
        if let Err(e) = io::stdout().lock().write_all(text.as_bytes()) {
            remember(e);
        }
    }
}

/// Streams a large output through one buffer; stops at the first failed write.
pub fn with(f: impl FnOnce(&mut dyn Write) -> io::Result<()>) {
    if failed() {
        return;
    }
    let mut w = BufWriter::with_capacity(64 * 1024, io::stdout().lock());
    if let Err(e) = f(&mut w).and_then(|()| w.flush()) {
        remember(e);
    }
}

/// The exit code after a command returned `code`: flushes stdout, and reports a
/// failed write (except a closed pipe, which is how a reader says it has enough).
pub fn finish(code: u8) -> u8 {
    if let Err(e) = io::stdout().lock().flush() {
        remember(e);
    }
    let err = FAILED.lock().ok().and_then(|mut f| f.take());
    match err {
        None => code,
        Some(e) if e.kind() == io::ErrorKind::BrokenPipe => code,
        Some(e) => {
            eprintln!("error: cannot write to stdout: {e}");
            2
        }
    }
}
