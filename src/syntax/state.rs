//! What the nodes build as they go: the flat [`Ast`], the comments and the
//! diagnostics, with the conversion of slices of the text to byte offsets.

use super::error::Error;
use crate::ast::{Arg, Ast, Comment, Range, Stmt};
use crate::diagnostic::{Diagnostic, FileId, Span};
use crate::message::Kind;

pub(super) struct State<'a> {
    pub text: &'a str,
    pub ast: Ast<'a>,
    pub diags: Vec<Diagnostic>,
    /// Emptied child lists of closed blocks, reused by the next blocks.
    spare: Vec<Vec<Stmt>>,
}

impl<'a> State<'a> {
    pub fn new(file: FileId, text: &'a str) -> Self {
        let ast = Ast {
            file,
            text,
            stmts: Vec::new(),
            args: Vec::new(),
            top: (0, 0),
            comments: Vec::new(),
        };
        State {
            text,
            ast,
            diags: Vec::new(),
            spare: Vec::new(),
        }
    }

    /// The byte offset where `s`, a slice of the text, begins.
    pub fn at(&self, s: &str) -> usize {
        s.as_ptr() as usize - self.text.as_ptr() as usize
    }

    /// The range from the start of `from` to the start of `to`.
    pub fn range(&self, from: &str, to: &str) -> Range {
        Range {
            start: self.at(from) as u32,
            end: self.at(to) as u32,
        }
    }

    /// Records a committed error (a plain backtrack has nothing to say).
    pub fn report(&mut self, e: Error<'a>) {
        if let Some(kind) = e.kind {
            self.error(kind, e.start, e.end);
        }
    }

    pub fn error(&mut self, kind: Kind, start: &str, end: &str) {
        let (start, end) = (self.at(start), self.at(end));
        let span = Span::new(self.ast.file, start, end);
        self.diags.push(Diagnostic::new(kind, span));
    }

    pub fn comment(&mut self, text: &'a str) {
        let range = self.range(text, &text[text.len()..]);
        self.ast.comments.push(Comment { range });
    }

    pub fn push_arg(&mut self, arg: Arg) {
        self.ast.args.push(arg);
    }

    /// An empty list for a block's children.
    pub fn list(&mut self) -> Vec<Stmt> {
        self.spare.pop().unwrap_or_default()
    }

    /// Stores a closed block's children; returns their range in [`Ast::stmts`].
    pub fn flush(&mut self, mut children: Vec<Stmt>) -> (u32, u32) {
        let start = self.ast.stmts.len() as u32;
        self.ast.stmts.append(&mut children);
        self.spare.push(children);
        (start, self.ast.stmts.len() as u32)
    }
}
