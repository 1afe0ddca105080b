//! `parse`: tile text → [`Ast`]. The only module that knows the concrete syntax
//! (see `tiles/GRAMMAR.md`, "Lexical structure").
//!
//! One submodule per node of the grammar, each with its own `parse` built from nom
//! combinators: [`file`] → [`block`] → [`statement`] → [`argument`] →
//! [`attribute`], [`string`], [`word`], with [`trivia`] (blanks, comments,
//! separators) between them. A node `cut`s after the token that commits it (the
//! opening `"` of a string, the `=` of an attribute, a block's `{`): from there a
//! mismatch is an error to report, not an alternative to try.
//!
//! Errors never stop the parse. The node that knows how to recover (a statement
//! for its arguments, a block for its statements) reports the error and resumes
//! past the bad text (the rest of a string, the rest of a line, the end of the
//! block), so one run reports every syntax error. Blocks recurse at most
//! [`MAX_DEPTH`] deep; deeper braces are counted, not recursed into, so no input
//! can overflow the call stack. nom's error type never leaves this module: nodes
//! fail with [`error::Error`], which [`state::State`] turns into diagnostics.

mod argument;
mod attribute;
mod block;
mod error;
mod file;
mod state;
mod statement;
mod string;
mod trivia;
mod word;

#[cfg(test)]
mod tests;

use crate::ast::Ast;
use crate::diagnostic::{Diagnostic, FileId};

/// Blocks nest at most this deep.
pub const MAX_DEPTH: usize = 8;
/// Larger files are refused (`E010`; the CLI does not read them,
/// [`crate::limits::Input::Tiles`]): 4 MiB holds some 60,000 tiles, far more
/// than any set, and checking a file costs about 25 bytes of memory a byte
/// (a 5 MB file of 80,000 tiles peaked at 116 MiB).
pub const MAX_FILE_BYTES: usize = 4 << 20;

/// Parses one file. Always returns a tree (possibly partial) and every syntax error.
pub fn parse(file: FileId, text: &str) -> (Ast<'_>, Vec<Diagnostic>) {
    file::parse(state::State::new(file, text))
}

/// What every node returns: the rest of the input and its value, or this module's
/// own error.
type PResult<'a, T> = nom::IResult<&'a str, T, error::Error<'a>>;
