//! Trivia: blanks and comments, which may stand anywhere, and the newlines and
//! `;` that separate statements. Comments are kept (the formatter needs them).

use super::state::State;
use super::PResult;
use nom::branch::alt;
use nom::bytes::complete::{take_till, take_while1};
use nom::character::complete::{char, one_of};
use nom::combinator::{map, recognize, value};
use nom::sequence::preceded;

/// Spaces, tabs and carriage returns (a `\r\n` line ends at its `\n`).
fn blanks(i: &str) -> PResult<'_, &str> {
    take_while1(|c| matches!(c, ' ' | '\t' | '\r'))(i)
}

/// `#` to the end of the line, the newline excluded.
pub(super) fn comment(i: &str) -> PResult<'_, &str> {
    recognize(preceded(char('#'), take_till(|c| c == '\n')))(i)
}

/// One piece of trivia inside a statement; a comment is returned to be kept.
fn inline_piece(i: &str) -> PResult<'_, Option<&str>> {
    alt((value(None, blanks), map(comment, Some)))(i)
}

/// One piece of trivia between statements: also a newline or `;`.
fn between_piece(i: &str) -> PResult<'_, Option<&str>> {
    alt((inline_piece, value(None, one_of("\n;"))))(i)
}

/// Skips blanks and comments; returns the rest.
pub(super) fn inline<'a>(i: &'a str, s: &mut State<'a>) -> &'a str {
    skip(i, s, inline_piece)
}

/// Skips blanks, comments, newlines and `;`; returns the rest.
pub(super) fn between<'a>(i: &'a str, s: &mut State<'a>) -> &'a str {
    skip(i, s, between_piece)
}

fn skip<'a>(
    mut i: &'a str,
    s: &mut State<'a>,
    mut piece: impl FnMut(&'a str) -> PResult<'a, Option<&'a str>>,
) -> &'a str {
    while let Ok((rest, kept)) = piece(i) {
        if let Some(comment) = kept {
            s.comment(comment);
        }
        i = rest;
    }
    i
}

/// The rest of the line, up to (not past) its newline: where a statement that
/// cannot start resumes.
pub(super) fn rest_of_line(i: &str) -> &str {
    let stop: PResult<'_, &str> = take_till(|c| c == '\n')(i);
    stop.map_or(i, |(rest, _)| rest)
}
