//! `block = "{" { statement } "}"`; the file's top level is a block without braces.
//!
//! The `{` commits: the block runs to its own `}`, and a file that ends first has
//! an unclosed block. Blocks recurse at most [`MAX_DEPTH`] deep; a block beyond
//! that is reported once and its braces are then only counted, so its statements
//! join the deepest allowed block.

use super::state::State;
use super::{statement, trivia, PResult, MAX_DEPTH};
use crate::ast::Stmt;
use crate::message::Kind;
use nom::character::complete::{anychar, char};

/// The statements of a block at `depth` (0: the top level), from after its `{`.
/// Returns the rest (after the closing `}`, or the end of the file), whether the
/// block was closed, and its statements.
pub(super) fn statements<'a>(
    mut i: &'a str,
    s: &mut State<'a>,
    depth: usize,
) -> (&'a str, bool, Vec<Stmt>) {
    let mut children = s.list();
    // Braces opened beyond `MAX_DEPTH` and not closed yet.
    let mut excess = 0;
    loop {
        i = trivia::between(i, s);
        if i.is_empty() {
            return (i, false, children);
        }
        if let Ok((after, _)) = close(i) {
            match (excess, depth) {
                (0, 0) => s.error(Kind::UnexpectedClose, i, after),
                (0, _) => return (after, true, children),
                _ => excess -= 1,
            }
            i = after;
        } else if statement::starts(i) {
            i = statement(i, s, depth, &mut excess, &mut children);
        } else {
            i = unexpected(i, s);
        }
    }
}

fn close(i: &str) -> PResult<'_, char> {
    char('}')(i)
}

/// A statement and its block, if any. A statement without a keyword is dropped
/// (its error was reported), but its block's statements are still read.
fn statement<'a>(
    i: &'a str,
    s: &mut State<'a>,
    depth: usize,
    excess: &mut usize,
    children: &mut Vec<Stmt>,
) -> &'a str {
    let (rest, mut stmt, brace) = statement::parse(i, s);
    let keeps = stmt.arg_count > 0;
    let Some(brace) = brace else {
        if keeps {
            children.push(stmt);
        }
        return rest;
    };
    let after = &brace[1..];
    if *excess > 0 || depth >= MAX_DEPTH {
        if *excess == 0 {
            s.error(Kind::TooDeep { limit: MAX_DEPTH }, brace, after);
        }
        *excess += 1;
        return after;
    }
    let (rest, closed, kids) = statements(after, s, depth + 1);
    if !closed {
        s.error(Kind::UnclosedBlock, brace, after);
    }
    stmt.block = Some(s.flush(kids));
    stmt.range.end = s.at(rest) as u32;
    if keeps {
        children.push(stmt);
    }
    rest
}

/// A character that starts no statement: reported, and the rest of its line
/// skipped.
fn unexpected<'a>(i: &'a str, s: &mut State<'a>) -> &'a str {
    let one: PResult<'_, char> = anychar(i);
    if let Ok((after, ch)) = one {
        s.error(Kind::UnexpectedChar { ch }, i, after);
    }
    trivia::rest_of_line(i)
}
