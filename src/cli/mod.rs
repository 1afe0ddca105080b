//! The subcommands. Each module reads its inputs, calls the library, and writes.
//! Exit codes: 0 success, 1 the input has problems, 2 usage or I/O errors.
//! Standard output goes through [`out!`]/[`outln!`] ([`stdout`]), never `outln!`.

/// Prints to stdout like `print!`, without panicking on a closed or full stdout.
macro_rules! out {
    ($($arg:tt)*) => { $crate::cli::stdout::write_fmt(format_args!($($arg)*)) };
}

/// Prints a line to stdout like `outln!`, without panicking (see [`stdout`]).
macro_rules! outln {
    () => { $crate::cli::stdout::write_fmt(format_args!("\n")) };
    ($($arg:tt)*) => {
        $crate::cli::stdout::write_fmt(format_args!("{}\n", format_args!($($arg)*)))
    };
}

pub mod build;
pub mod check;
pub mod diff;
pub mod export;
pub mod fmt;
pub mod import_jcz;
pub mod input;
pub mod jcz_game;
pub mod new;
pub mod output;
pub mod play;
pub mod render;
pub mod report;
pub mod sets;
pub mod simulate;
pub mod source;
pub mod stdout;
