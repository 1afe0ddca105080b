//! Importers: tile data from other programs' formats, as tile text.
//!
//! An importer is pure (text in, tile text and diagnostics out); the CLI reads
//! the file and prints the result. Its diagnostics use the `E4xx` codes.

pub mod jcz;
