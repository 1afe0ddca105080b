#![warn(missing_docs)]
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
//! No stage touches the file system: the CLI (`src/main.rs`, `src/cli/`) writes
//! the outputs, and [`files`] (shared with the Python package) reads the
//! sources. Nothing downstream of [`lower`] sees unchecked text: the [`model`]
//! holds resolved indices only.

pub mod ast;
pub mod check;
pub mod config;
pub mod diagnostic;
pub mod emit;
pub mod files;
pub mod format;
pub mod graph;
pub mod import;
pub mod jcz_game;
pub mod limits;
pub mod lower;
pub mod message;
pub mod model;
/// Game records: the runtime's `record` module (feature `record`).
pub use tilec_runtime::record;
pub mod scaffold;
pub mod sets;
pub mod symmetry;
pub mod syntax;
pub mod vocab;

use diagnostic::{Diagnostic, FileId, Sources, Span};

/// The result of compiling tile sources: the model of everything that lowered,
/// the checked `sets.toml`, and every diagnostic (empty when all is well).
#[derive(Debug)]
pub struct Compiled {
    /// The sets, in `sets.toml` order, then in file order.
    pub model: model::Model,
    /// What `sets.toml` expects (empty without one).
    pub config: config::Config,
    /// Every problem found, in no particular order (the renderer sorts them).
    pub diagnostics: Vec<Diagnostic>,
}

/// Runs the whole pipeline: parse → lower → validate. `tile_files` are ids of
/// `.tiles` files in `sources`; `config` is the id of `sets.toml`, if there is one.
/// A set that `sets.toml` requires and no tile file declares is looked up among
/// the shipped sets ([`sets::shipped_required`]): the checks see its tiles, the
/// model does not hold them.
pub fn compile(sources: &Sources, tile_files: &[FileId], config: Option<FileId>) -> Compiled {
    compile_among(sources, tile_files, &[], config)
}

/// [`compile`] for files checked without the rest of their directory: `siblings`
/// are the directory's other `.tiles` files, whose `config` entries they own.
/// Those entries are left out (checking them is checking the directory); a set
/// the files require is taken from the siblings (before the shipped sets), and
/// nothing is reported about them.
pub fn compile_among(
    sources: &Sources,
    tile_files: &[FileId],
    siblings: &[FileId],
    config: Option<FileId>,
) -> Compiled {
    let mut diagnostics = Vec::new();
    // Each file is parsed just before it is lowered, and its tree dropped after:
    // only one tree is in memory at a time.
    let asts = tile_files.iter().map(|&id| {
        let (ast, diags) = syntax::parse(id, sources.text(id));
        diagnostics.extend(diags);
        ast
    });
    let (mut model, diags) = lower::lower(asts);
    diagnostics.extend(diags);
    let mut config = match config {
        Some(id) => {
            let (config, diags) = config::read(id, sources.name(id), sources.text(id));
            diagnostics.extend(diags);
            config
        }
        None => config::Config::default(),
    };
    let siblings = siblings_of(sources, siblings, &model, &mut config);
    // An id listed twice ranks by its first entry.
    let rank: std::collections::HashMap<&str, usize> = config
        .sets
        .iter()
        .enumerate()
        .rev()
        .map(|(i, s)| (s.id.as_str(), i))
        .collect();
    model
        .sets
        .sort_by_key(|s| rank.get(s.id.as_str()).copied().unwrap_or(usize::MAX));
    for set in &mut model.sets {
        set.relations = config.relations(&set.id);
    }
    // The shipped sets required, and every sibling: a sibling that requires
    // one of the model's sets is a partner of the fit check too.
    let mut context = sets::required(&model, &config, &siblings);
    for set in &siblings {
        if !context.iter().any(|c| c.id == set.id) {
            context.push(set);
        }
    }
    diagnostics.extend(check::validate(&model, &config, &context));
    Compiled {
        model,
        config,
        diagnostics,
    }
}

/// The sets of the `siblings` files that `model` does not declare too, with
/// their relations, their diagnostics dropped (they are reported when those
/// files are checked); `config` loses their entries.
fn siblings_of(
    sources: &Sources,
    siblings: &[FileId],
    model: &model::Model,
    config: &mut config::Config,
) -> Vec<model::Set> {
    if siblings.is_empty() {
        return Vec::new();
    }
    let asts = siblings
        .iter()
        .map(|&id| syntax::parse(id, sources.text(id)).0);
    let ours = |id: &str| model.sets.iter().any(|s| s.id == id);
    let mut sets = lower::lower(asts).0.sets;
    sets.retain(|s| !ours(&s.id));
    for set in &mut sets {
        set.relations = config.relations(&set.id);
    }
    let theirs = |id: &str| sets.iter().any(|s| s.id == id);
    config.sets.retain(|s| !theirs(&s.id));
    sets
}

/// The text of `runtime/generated/tables.rs` for a model.
pub fn tables(model: &model::Model) -> String {
    let sets: Vec<_> = model.sets.iter().map(model::Set::to_runtime).collect();
    emit::rust::emit(&sets)
}

/// Decodes a tile file's (or `sets.toml`'s) bytes. Invalid UTF-8 gives a
/// diagnostic at the first bad byte and the text with replacement characters
/// (so the rest still renders); else a leading byte-order mark gives one, and
/// is read as three spaces (so that spans stay the file's byte offsets).
pub fn decode(file: FileId, bytes: Vec<u8>) -> (String, Option<Diagnostic>) {
    const BOM: &str = "\u{feff}";
    match String::from_utf8(bytes) {
        Ok(text) if text.starts_with(BOM) => {
            let span = Span::new(file, 0, BOM.len());
            let text = text.replacen(BOM, "   ", 1);
            let bom = Diagnostic::new(message::Kind::ByteOrderMark, span);
            (text, Some(bom))
        }
        Ok(text) => (text, None),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
            // The replacement character is 3 bytes; point at it in the decoded text.
            let span = Span::new(file, at, at + 3);
            (
                text,
                Some(Diagnostic::new(message::Kind::InvalidUtf8, span)),
            )
        }
    }
}

/// The Rust examples in the project README (the engine's, for engine authors),
/// run as doc tests. Here rather than in `tilec-runtime`: its package holds no
/// README of the workspace.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
