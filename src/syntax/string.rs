//! `string = '"' { any character but '"', '\' and newline | '\"' | '\\' | '\n' } '"'`
//!
//! The opening quote commits: an unknown escape or a line end before the closing
//! quote is an error of this string, spanned from its opening quote.

use super::error::Error;
use super::state::State;
use super::PResult;
use crate::message::Kind;
use nom::branch::alt;
use nom::bytes::complete::take_till1;
use nom::character::complete::{char, one_of};
use nom::combinator::{cut, value};
use nom::multi::fold_many0;
use nom::sequence::terminated;

/// One string, quotes included.
pub(super) fn parse(i: &str) -> PResult<'_, &str> {
    let (body, _) = char('"')(i)?;
    match cut(body_and_quote)(body) {
        Ok((rest, ())) => Ok((rest, &i[..i.len() - rest.len()])),
        Err(e) => Err(e.map(|e| Error { start: i, ..e })),
    }
}

/// Everything after the opening quote, the closing quote included.
fn body_and_quote(i: &str) -> PResult<'_, ()> {
    let piece = alt((
        value((), take_till1(|c| matches!(c, '"' | '\\' | '\n'))),
        escape,
    ));
    terminated(fold_many0(piece, || (), |(), ()| ()), closing_quote)(i)
}

fn escape(i: &str) -> PResult<'_, ()> {
    let (after, _) = char('\\')(i)?;
    alt((value((), one_of("n\"\\")), |after| unknown_escape(i, after)))(after)
}

/// After a backslash, anything but a known escape: a bad escape, or, before a line
/// end or the end of the file, an unterminated string.
fn unknown_escape<'a>(backslash: &'a str, after: &'a str) -> PResult<'a, ()> {
    match after.chars().next() {
        Some(c) if c != '\n' => {
            let esc = format!("\\{c}");
            Error::fail(Kind::BadEscape { esc }, backslash, &after[c.len_utf8()..])
        }
        _ => Error::fail(Kind::UnterminatedString, backslash, backslash),
    }
}

fn closing_quote(i: &str) -> PResult<'_, ()> {
    match char::<_, Error<'_>>('"')(i) {
        Ok((rest, _)) => Ok((rest, ())),
        Err(_) => Error::fail(Kind::UnterminatedString, i, i),
    }
}

/// After a string's error `e` (from [`parse`]): where parsing resumes and, for an
/// unterminated string, where its recovered token ends.
///
/// An unterminated string runs to the end of its line, except that a trailing `{`
/// still opens the block it was meant to (this avoids a cascade of unmatched `}`
/// and missing arguments). After a bad escape the rest of the string is skipped,
/// its further bad escapes reported too.
pub(super) fn recover<'a>(e: &Error<'a>, s: &mut State<'a>) -> (&'a str, Option<&'a str>) {
    if e.kind != Some(Kind::UnterminatedString) {
        return (skip_rest(e.end, s), None);
    }
    let quote = e.start;
    let line = quote[..quote.len() - e.end.len()].trim_end();
    let resume = if line.ends_with('{') {
        &quote[line.len() - 1..]
    } else {
        e.end
    };
    let token = quote[..quote.len() - resume.len()].trim_end();
    (resume, Some(&quote[token.len()..]))
}

/// Past the closing quote, reporting each bad escape on the way (spanned from its
/// backslash); or at the line end of a string that is also unterminated.
fn skip_rest<'a>(mut i: &'a str, s: &mut State<'a>) -> &'a str {
    loop {
        match body_and_quote(i) {
            Ok((rest, ())) => return rest,
            Err(nom::Err::Failure(e)) if matches!(e.kind, Some(Kind::BadEscape { .. })) => {
                i = e.end;
                s.report(e);
            }
            Err(nom::Err::Error(e) | nom::Err::Failure(e)) => return e.start,
            Err(nom::Err::Incomplete(_)) => return i,
        }
    }
}
