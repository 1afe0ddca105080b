//! The syntax tree: what the designer wrote, as spans into the source text.
//!
//! The tree is flat for speed and memory: statements and arguments live in two
//! vectors, and a statement refers to its arguments and children by index range.
//! Children are stored before their parent. The first argument of a statement is
//! its keyword. Nothing here is checked beyond the shape of the text.

use crate::diagnostic::{FileId, Span};

/// A byte range in the file (the file is the [`Ast`]'s).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Range {
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

/// What kind of token an argument is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgKind {
    /// A bare word (`city`, `NL`, `base/E-garden`, `3`, `-`).
    Word,
    /// A quoted string; the range includes the quotes.
    Str,
    /// `->`.
    Arrow,
    /// `key=value`; `eq` is the offset of `=`.
    Attr,
}

/// One argument (the keyword is argument 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arg {
    /// Token kind.
    pub kind: ArgKind,
    /// Where it is.
    pub range: Range,
    /// For [`ArgKind::Attr`]: the offset of `=`.
    pub eq: u32,
}

/// One statement: a keyword, arguments, perhaps a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stmt {
    /// Index of the first argument (the keyword) in [`Ast::args`].
    pub first_arg: u32,
    /// How many arguments, keyword included.
    pub arg_count: u32,
    /// Children in [`Ast::stmts`] (`start..end`), if the statement has a block.
    pub block: Option<(u32, u32)>,
    /// From the keyword to the end of the last argument or the closing `}`.
    pub range: Range,
}

/// A comment (kept for the formatter).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Comment {
    /// From `#` to the end of the line.
    pub range: Range,
}

/// A parsed file.
#[derive(Clone, Debug)]
pub struct Ast<'a> {
    /// Which file.
    pub file: FileId,
    /// The source text the ranges point into.
    pub text: &'a str,
    /// All statements (children before parents).
    pub stmts: Vec<Stmt>,
    /// All arguments.
    pub args: Vec<Arg>,
    /// The top-level statements (`start..end` in [`Ast::stmts`]).
    pub top: (u32, u32),
    /// Every comment, in file order.
    pub comments: Vec<Comment>,
}

impl<'a> Ast<'a> {
    /// The source text of a range.
    pub fn slice(&self, r: Range) -> &'a str {
        &self.text[r.start as usize..r.end as usize]
    }

    /// A range as a diagnostic span.
    pub fn span(&self, r: Range) -> Span {
        Span {
            file: self.file,
            start: r.start,
            end: r.end,
        }
    }

    /// The top-level statements.
    pub fn top_level(&self) -> &[Stmt] {
        &self.stmts[self.top.0 as usize..self.top.1 as usize]
    }

    /// A statement's children (empty without a block).
    pub fn children(&self, s: &Stmt) -> &[Stmt] {
        match s.block {
            Some((a, b)) => &self.stmts[a as usize..b as usize],
            None => &[],
        }
    }

    /// A statement's arguments, keyword first.
    pub fn args_of(&self, s: &Stmt) -> &[Arg] {
        &self.args[s.first_arg as usize..(s.first_arg + s.arg_count) as usize]
    }

    /// The statement's keyword text.
    pub fn keyword(&self, s: &Stmt) -> &'a str {
        self.slice(self.args[s.first_arg as usize].range)
    }

    /// For an attribute, its key and value text (value without quotes).
    pub fn attr(&self, a: &Arg) -> (&'a str, &'a str) {
        let key = self.slice(Range {
            start: a.range.start,
            end: a.eq,
        });
        let mut value = self.slice(Range {
            start: a.eq + 1,
            end: a.range.end,
        });
        if value.starts_with('"') && value.len() >= 2 {
            value = &value[1..value.len() - 1];
        }
        (key, value)
    }
}

/// Decodes a string token (with quotes) into its text. The parser has already
/// rejected unknown escapes.
pub fn unescape(token: &str) -> String {
    let inner = token
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .unwrap_or(token);
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}
