//! A cursor over one statement's arguments, reporting what is missing or extra.

use crate::ast::{unescape, Arg, ArgKind, Ast, Stmt};
use crate::diagnostic::{Diagnostic, Span};
use crate::message::Kind;
use std::ops::RangeInclusive;

/// Reads the arguments of one statement in order.
pub struct Args<'s, 'a> {
    ast: &'s Ast<'a>,
    args: &'s [Arg],
    next: usize,
    /// The statement's keyword.
    pub keyword: &'a str,
    /// The whole statement.
    pub span: Span,
}

impl<'s, 'a> Args<'s, 'a> {
    /// Starts after the keyword.
    pub fn new(ast: &'s Ast<'a>, stmt: &Stmt) -> Args<'s, 'a> {
        Args {
            ast,
            args: ast.args_of(stmt),
            next: 1,
            keyword: ast.keyword(stmt),
            span: ast.span(stmt.range),
        }
    }

    /// The next argument without taking it.
    pub fn peek(&self) -> Option<&'s Arg> {
        self.args.get(self.next)
    }

    /// Takes the next argument.
    pub fn take(&mut self) -> Option<&'s Arg> {
        let a = self.args.get(self.next)?;
        self.next += 1;
        Some(a)
    }

    /// The text of an argument.
    pub fn text(&self, a: &Arg) -> &'a str {
        self.ast.slice(a.range)
    }

    /// The span of an argument.
    pub fn span_of(&self, a: &Arg) -> Span {
        self.ast.span(a.range)
    }

    /// Takes the next argument if it is a bare word.
    pub fn word(&mut self) -> Option<(&'a str, Span)> {
        match self.peek() {
            Some(a) if a.kind == ArgKind::Word => {
                self.next += 1;
                Some((self.text(a), self.span_of(a)))
            }
            _ => None,
        }
    }

    /// Takes a required word, or reports that `what` is missing.
    pub fn need_word(
        &mut self,
        what: &'static str,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<(&'a str, Span)> {
        let w = self.word();
        if w.is_none() {
            diags.push(self.missing(what));
        }
        w
    }

    /// Takes the next argument if it is a string, decoded.
    pub fn string(&mut self) -> Option<(String, Span)> {
        match self.peek() {
            Some(a) if a.kind == ArgKind::Str => {
                self.next += 1;
                Some((unescape(self.text(a)), self.span_of(a)))
            }
            _ => None,
        }
    }

    /// Takes a required string, or reports that `what` is missing.
    pub fn need_string(
        &mut self,
        what: &'static str,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<String> {
        let s = self.string().map(|(s, _)| s);
        if s.is_none() {
            diags.push(self.missing(what));
        }
        s
    }

    /// Takes a required whole number in `range`.
    pub fn need_number(
        &mut self,
        what: &'static str,
        range: RangeInclusive<u32>,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<u32> {
        let (text, span) = self.need_word(what, diags)?;
        number(text, span, what, range, diags)
    }

    /// The diagnostic for a missing argument, pointing just past the statement.
    pub fn missing(&self, what: &'static str) -> Diagnostic {
        let at = match self.args.get(self.next) {
            Some(a) => self.span_of(a),
            None => Span {
                start: self.span.end,
                ..self.span
            },
        };
        Diagnostic::new(
            Kind::ExpectedArg {
                statement: self.keyword.to_string(),
                what,
            },
            at,
        )
    }

    /// An attribute's key and value (value without quotes).
    pub fn attr_of(&self, a: &Arg) -> (&'a str, &'a str) {
        self.ast.attr(a)
    }

    /// The span of an attribute's value (after `=`).
    pub fn value_span(&self, a: &Arg) -> Span {
        self.ast.span(crate::ast::Range {
            start: a.eq + 1,
            end: a.range.end,
        })
    }

    /// Reports one argument that does not belong.
    pub fn unexpected(&self, a: &Arg, diags: &mut Vec<Diagnostic>) {
        let statement = self.keyword.to_string();
        diags.push(Diagnostic::new(
            Kind::UnexpectedArg { statement },
            self.span_of(a),
        ));
    }

    /// Reports every argument left over.
    pub fn finish(&mut self, diags: &mut Vec<Diagnostic>) {
        while let Some(a) = self.take() {
            let statement = self.keyword.to_string();
            diags.push(Diagnostic::new(
                Kind::UnexpectedArg { statement },
                self.span_of(a),
            ));
        }
    }
}

/// Parses a whole number in `range`.
pub fn number(
    text: &str,
    span: Span,
    what: &'static str,
    range: RangeInclusive<u32>,
    diags: &mut Vec<Diagnostic>,
) -> Option<u32> {
    match text.parse::<u32>() {
        Ok(n) if range.contains(&n) => Some(n),
        _ => {
            let (text, min, max) = (text.to_string(), *range.start(), *range.end());
            let kind = Kind::BadNumber {
                what,
                text,
                min,
                max,
            };
            diags.push(Diagnostic::new(kind, span));
            None
        }
    }
}
