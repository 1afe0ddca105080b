//! `file = { statement }`: the top level, a block without braces.

use super::state::State;
use super::{block, MAX_FILE_BYTES};
use crate::ast::Ast;
use crate::diagnostic::Diagnostic;
use crate::message::Kind;

/// Parses the whole file held by `s`.
pub(super) fn parse(mut s: State<'_>) -> (Ast<'_>, Vec<Diagnostic>) {
    let text = s.text;
    if text.len() > MAX_FILE_BYTES {
        let limit = MAX_FILE_BYTES;
        s.error(Kind::FileTooLarge { limit }, text, text);
        return (s.ast, s.diags);
    }
    let (_, _, top) = block::statements(text, &mut s, 0);
    s.ast.top = s.flush(top);
    (s.ast, s.diags)
}
