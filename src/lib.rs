//! `tilec`: a compiler for Carcassonne-style tile definitions.
//!
//! The pipeline runs in one direction, one module per stage:
//!
//! ```text
//! text ──syntax::parse──▶ Ast ──lower::lower──▶ Model ──check::validate──▶ diagnostics
//!                                              │         (graph::build per tile)
//!                                              └──▶ emit::{json, rust, ...}
//! ```
//!
//! No stage touches the file system: the CLI (`src/main.rs`, `src/cli/`) reads the
//! files and writes the outputs. Nothing downstream of [`lower`] sees unchecked
//! text: the [`model`] holds resolved indices only.
