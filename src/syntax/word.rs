//! `word = 1*( letter | digit | "-" | "_" | "/" | "." | "+" )` (ASCII only).

use super::PResult;
use nom::bytes::complete::take_while1;

/// Whether `c` may be part of a word.
pub(super) fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '/' | '.' | '+')
}

/// One word.
pub(super) fn parse(i: &str) -> PResult<'_, &str> {
    take_while1(is_word_char)(i)
}
