//! `argument = word | string | attribute | "->"`: one argument of a statement
//! (its keyword is argument 0).

use super::error::Error;
use super::state::State;
use super::{attribute, string, word, PResult};
use crate::ast::{Arg, ArgKind};
use crate::message::Kind;
use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::anychar;
use nom::combinator::{opt, value};

/// An argument's kind and, for an attribute, its `=`.
type Shape<'a> = (ArgKind, Option<&'a str>);

/// One argument at `i`, which is not the end of a statement; or the error
/// reported and skipped (`None`, unless a recovered token stands in for it).
pub(super) fn parse<'a>(i: &'a str, s: &mut State<'a>) -> (&'a str, Option<Arg>) {
    match alt((arrow, quoted, keyed, unexpected))(i) {
        Ok((rest, (kind, eq))) => {
            let eq = eq.map_or(0, |eq| s.at(eq) as u32);
            let range = s.range(i, rest);
            (rest, Some(Arg { kind, range, eq }))
        }
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => recover(i, e, s),
        // Only streaming parsers are incomplete; these are all `complete`.
        Err(nom::Err::Incomplete(_)) => (&i[i.len()..], None),
    }
}

fn arrow(i: &str) -> PResult<'_, Shape<'_>> {
    value((ArgKind::Arrow, None), tag("->"))(i)
}

fn quoted(i: &str) -> PResult<'_, Shape<'_>> {
    value((ArgKind::Str, None), string::parse)(i)
}

/// A word, and an attribute if `=` follows it.
fn keyed(i: &str) -> PResult<'_, Shape<'_>> {
    let (rest, _) = word::parse(i)?;
    let (rest, eq) = opt(attribute::value(i))(rest)?;
    let kind = if eq.is_some() {
        ArgKind::Attr
    } else {
        ArgKind::Word
    };
    Ok((rest, (kind, eq)))
}

/// Anything else: one character that starts no argument.
fn unexpected(i: &str) -> PResult<'_, Shape<'_>> {
    let (rest, ch) = anychar(i)?;
    Error::fail(Kind::UnexpectedChar { ch }, i, rest)
}

/// Reports `e`, the error of the argument at `i`, and resumes after it. An
/// unterminated string still yields its argument, to the end of its line.
fn recover<'a>(i: &'a str, e: Error<'a>, s: &mut State<'a>) -> (&'a str, Option<Arg>) {
    // Reported first: skipping a string's rest reports the errors after this one.
    s.report(e.clone());
    let (resume, token_end) = match e.kind {
        Some(Kind::UnterminatedString | Kind::BadEscape { .. }) => string::recover(&e, s),
        Some(_) => (e.end, None),
        // Every alternative failing without a kind means no input is left.
        None => (&i[i.len()..], None),
    };
    let arg = token_end.map(|end| {
        let quote = s.at(e.start);
        let (kind, eq) = if quote == s.at(i) {
            (ArgKind::Str, 0)
        } else {
            // The value of an attribute: its quote follows the `=`.
            (ArgKind::Attr, quote as u32 - 1)
        };
        let range = s.range(i, end);
        Arg { kind, range, eq }
    });
    (resume, arg)
}
