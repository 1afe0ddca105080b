//! `statement = word { argument } [ block ] end-of-statement`: a keyword (argument
//! 0) and its arguments, up to a newline, `;`, `}`, the end of the file, or the
//! `{` of its block, which [`block`](super::block) parses.

use super::state::State;
use super::{argument, trivia, word};
use crate::ast::{Range, Stmt};
use nom::bytes::complete::tag;
use nom::combinator::{not, peek};
use nom::sequence::preceded;

/// Whether a statement starts at `i`: a word (an arrow is not one).
pub(super) fn starts(i: &str) -> bool {
    let start: super::PResult<'_, &str> = preceded(not(tag("->")), peek(word::parse))(i);
    start.is_ok()
}

/// The statement at `i` (where [`starts`] holds), its block not yet read. Returns
/// the rest (at the `{` if there is one), the statement, and its `{`. A statement
/// whose keyword was lost to an error has no arguments.
pub(super) fn parse<'a>(i: &'a str, s: &mut State<'a>) -> (&'a str, Stmt, Option<&'a str>) {
    let first_arg = s.ast.args.len() as u32;
    let start = s.at(i) as u32;
    let mut end = start;
    let mut rest = i;
    let brace = loop {
        rest = trivia::inline(rest, s);
        match rest.chars().next() {
            None | Some('\n' | ';' | '}') => break None,
            Some('{') => break Some(rest),
            Some(_) => {
                let (after, arg) = argument::parse(rest, s);
                if let Some(arg) = arg {
                    end = arg.range.end;
                    s.push_arg(arg);
                }
                rest = after;
            }
        }
    };
    let stmt = Stmt {
        first_arg,
        arg_count: s.ast.args.len() as u32 - first_arg,
        block: None,
        range: Range { start, end },
    };
    (rest, stmt, brace)
}
