//! The bounds of what tilec reads and runs, one place for the CLI, `tilec
//! serve` and Python: the most bytes of each kind of input file (checked by
//! [`crate::files`] before a byte is read), a simulation's arguments and a
//! JCloisterZone save (`tilec import-jcz-game`). A value past them is refused
//! with a message naming the limit instead of exhausting memory, threads or
//! patience.

/// A kind of file tilec reads, each with the most bytes it reads of one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// Tile text (`*.tiles`): [`crate::syntax::MAX_FILE_BYTES`], `E010` beyond.
    Tiles,
    /// A `sets.toml`.
    SetsToml,
    /// A game record (`tilec play`, the Play page, Python's
    /// `Game.from_record`): [`crate::record::MAX_RECORD_BYTES`].
    Record,
    /// A JCloisterZone tile XML file (`tilec import-jcz`).
    JczXml,
}

impl Input {
    /// The most bytes read of one such file. Each is far beyond any real file
    /// (JCloisterZone's largest XML file is 8 KiB, a long game's record
    /// 12 KiB) and small enough that its parser's tree fits in memory.
    pub const fn max_bytes(self) -> usize {
        match self {
            Input::Tiles => crate::syntax::MAX_FILE_BYTES,
            Input::SetsToml => 1 << 20,
            Input::Record => crate::record::MAX_RECORD_BYTES,
            Input::JczXml => 4 << 20,
        }
    }

    /// What the file is, in a message.
    pub const fn what(self) -> &'static str {
        match self {
            Input::Tiles => "a tile file",
            Input::SetsToml => "a `sets.toml`",
            Input::Record => "a game record",
            Input::JczXml => "a JCloisterZone XML file",
        }
    }

    /// `Ok` when `bytes` are within the limit, else why not (the size and
    /// the limit, for a message about the file).
    pub fn check(self, bytes: u64) -> Result<(), String> {
        let max = self.max_bytes();
        match usize::try_from(bytes) {
            Ok(b) if b <= max => Ok(()),
            _ => Err(format!(
                "{} is too large: tilec reads {} of at most {} (README, \"Limits\")",
                size(bytes),
                self.what(),
                size(max as u64)
            )),
        }
    }
}

/// `900 bytes`, `48.2 MiB`, `4 GiB`: a size as a message gives it.
pub fn size(bytes: u64) -> String {
    const KIB: u64 = 1 << 10;
    let (unit, name) = match bytes {
        b if b >= KIB << 20 => (KIB << 20, "GiB"),
        b if b >= KIB << 10 => (KIB << 10, "MiB"),
        b if b >= KIB => (KIB, "KiB"),
        _ => return format!("{bytes} bytes"),
    };
    match bytes % unit {
        0 => format!("{} {name}", bytes / unit),
        _ => format!("{:.1} {name}", bytes as f64 / unit as f64),
    }
}

/// The most games one run plays (about a year of one core's random games).
pub const MAX_GAMES: u64 = 1_000_000_000_000;

/// The most bytes of a JCloisterZone save or a record read for a crossing: a
/// long game of every expansion is a few megabytes of JSON.
pub const MAX_SAVE_BYTES: u64 = 32 << 20;

/// The most messages a save's replay (or tiles its draw order) may hold: a
/// game of every expansion with six players sends a few thousand.
pub const MAX_SAVE_MESSAGES: usize = 100_000;

/// The farthest a save's position may lie from the start: tiles are placed
/// next to tiles, so no game of a few thousand tiles reaches it.
pub const MAX_SAVE_COORD: i64 = 10_000;

/// The most threads one run starts.
pub const MAX_THREADS: usize = 512;

/// `games` if it is a count a run can play; `name` is how the caller spells
/// the argument (`--games ` or `games=`).
pub fn games(name: &str, games: u64) -> Result<u64, String> {
    match games {
        0 => Err(format!(
            "{name}0: there is nothing to simulate; give at least 1"
        )),
        n if n > MAX_GAMES => Err(format!("{name}{n}: at most {MAX_GAMES} games a run")),
        n => Ok(n),
    }
}

/// The threads to play on: `threads`, or one per core when `None`; `name` as
/// for [`games`].
pub fn threads(name: &str, threads: Option<usize>) -> Result<usize, String> {
    match threads {
        Some(0) => Err(format!("{name}0: at least one thread plays")),
        Some(n) if n > MAX_THREADS => Err(format!(
            "{name}{n}: at most {MAX_THREADS} threads (this machine has {})",
            cores()
        )),
        Some(n) => Ok(n),
        None => Ok(cores()),
    }
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_past_their_limit_are_refused_with_both_sizes() {
        assert_eq!(Input::Record.check(1 << 20), Ok(()));
        assert_eq!(
            Input::Record.check(4 << 30),
            Err("4 GiB is too large: tilec reads a game record of at most 1 MiB (README, \"Limits\")".into())
        );
        assert!(Input::JczXml
            .check(5_000_000)
            .unwrap_err()
            .starts_with("4.8 MiB is too large"));
        assert_eq!(size(900), "900 bytes");
        assert_eq!(size(1536), "1.5 KiB");
    }

    #[test]
    fn counts_past_the_bounds_are_refused_by_name() {
        assert!(games("--games ", 0).unwrap_err().starts_with("--games 0:"));
        assert!(games("games=", 1 << 40).unwrap_err().contains("at most"));
        assert_eq!(games("games=", 5), Ok(5));
        assert!(threads("--threads ", Some(40_000))
            .unwrap_err()
            .contains("at most 512"));
        assert!(threads("threads=", None).unwrap() >= 1);
    }
}
