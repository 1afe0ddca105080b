//! The subcommands. Each module reads its inputs, calls the library, and writes.
//! Exit codes: 0 success, 1 the input has problems, 2 usage or I/O errors.

pub mod build;
pub mod check;
pub mod diff;
pub mod export;
pub mod fmt;
pub mod import_jcz;
pub mod input;
pub mod new;
pub mod output;
pub mod play;
pub mod render;
pub mod report;
pub mod sets;
pub mod simulate;
