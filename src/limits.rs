//! The bounds of what tilec accepts, one place for the CLI and Python: a
//! simulation's arguments (`tilec simulate`, Python's `tilec.simulate`) and a
//! JCloisterZone save (`tilec import-jcz-game`). A value past them is refused
//! with a message instead of exhausting memory, threads or patience.

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
