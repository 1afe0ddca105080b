//! Text bound for a terminal: the one function that escapes what a tile file,
//! a record or a name holds before it is shown, so that an escape sequence
//! (`\x1b[2J`, a title change, a hyperlink) or a carriage return in the input
//! is printed as text instead of acting on the terminal.

use codespan_reporting::term::termcolor::{ColorSpec, WriteColor};
use std::borrow::Cow;
use std::io::{self, Write};

/// Whether `c` acts on a terminal instead of showing: a control character
/// other than a line break or a tab, or a bidirectional override.
fn acts(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text` with every character that would act on a terminal written as its
/// escape (`\u{1b}`).
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.chars().any(acts) {
        return Cow::Borrowed(text);
    }
    let mut s = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match acts(c) {
            true => s.push_str(&c.escape_unicode().to_string()),
            false => s.push(c),
        }
    }
    Cow::Owned(s)
}

/// A writer that escapes (as [`escape`]) everything written through it, but
/// for the colours its inner writer sets itself.
pub struct Escaping<W>(pub W);

impl<W: Write> Write for Escaping<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match std::str::from_utf8(buf) {
            Ok(text) => self.0.write_all(escape(text).as_bytes())?,
            // Not text (never from the renderer): single control bytes escaped.
            Err(_) => {
                for &b in buf {
                    match acts(char::from(b)) && b < 0x80 {
                        true => write!(self.0, "\\u{{{b:x}}}")?,
                        false => self.0.write_all(&[b])?,
                    }
                }
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

impl<W: WriteColor> WriteColor for Escaping<W> {
    fn supports_color(&self) -> bool {
        self.0.supports_color()
    }

    fn set_color(&mut self, spec: &ColorSpec) -> io::Result<()> {
        self.0.set_color(spec)
    }

    fn reset(&mut self) -> io::Result<()> {
        self.0.reset()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_act_as_text() {
        assert_eq!(escape("plain\ttext\n"), "plain\ttext\n");
        assert_eq!(escape("a\u{1b}[2Jb\rc"), "a\\u{1b}[2Jb\\u{d}c");
        assert_eq!(escape("\u{9b}31m \u{202e}"), "\\u{9b}31m \\u{202e}");
        let mut out = Escaping(Vec::new());
        out.write_all(b"x\x1b]0;title\x07\xff").unwrap();
        assert_eq!(out.0, b"x\\u{1b}]0;title\\u{7}\xff");
    }
}
