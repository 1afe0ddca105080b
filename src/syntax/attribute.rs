//! `attribute = word "=" ( word | string )`, with no space around `=`. The `=`
//! commits: what follows must be a value.

use super::error::Error;
use super::{string, word, PResult};
use crate::message::Kind;
use nom::branch::alt;
use nom::character::complete::char;
use nom::combinator::cut;

/// After an attribute's key, which begins at `start`: the `=` and the value.
/// Returns the `=` (the rest of the input from it).
pub(super) fn value<'a>(start: &'a str) -> impl FnMut(&'a str) -> PResult<'a, &'a str> {
    move |i| {
        let (after, _) = char('=')(i)?;
        match cut(alt((string::parse, word::parse)))(after) {
            Ok((rest, _)) => Ok((rest, i)),
            // Neither a string nor a word (a string's own error has a kind).
            Err(nom::Err::Failure(Error { kind: None, .. })) => {
                let key = start[..start.len() - i.len()].to_string();
                Error::fail(Kind::MissingAttrValue { key }, start, after)
            }
            Err(e) => Err(e),
        }
    }
}
