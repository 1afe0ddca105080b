//! The parser's private error type. It never leaves the module: the node that
//! recovers from an error hands it to [`State::report`](super::state::State::report).

use crate::message::Kind;
use nom::error::{ErrorKind, ParseError};

/// A failed node. Without a `kind` it is nom's ordinary "not this alternative"
/// (the caller tries another); with one it is a committed error to report.
/// `start` and `end` are slices of the parsed text: the span begins where `start`
/// does and ends where `end` does.
#[derive(Clone, Debug)]
pub(super) struct Error<'a> {
    pub kind: Option<Kind>,
    pub start: &'a str,
    pub end: &'a str,
}

impl<'a> Error<'a> {
    /// A committed error from `start` to `end`, as nom's unrecoverable `Failure`.
    pub fn fail<T>(kind: Kind, start: &'a str, end: &'a str) -> Result<T, nom::Err<Self>> {
        Err(nom::Err::Failure(Error {
            kind: Some(kind),
            start,
            end,
        }))
    }
}

impl<'a> ParseError<&'a str> for Error<'a> {
    fn from_error_kind(input: &'a str, _: ErrorKind) -> Self {
        Error {
            kind: None,
            start: input,
            end: input,
        }
    }

    fn append(_: &'a str, _: ErrorKind, other: Self) -> Self {
        other
    }
}
