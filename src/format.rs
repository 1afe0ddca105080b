//! `format`: Ast → the canonical text of a tile file, comments kept.
//!
//! The layout: two-space indentation per block, one statement per line, single
//! spaces between arguments, `{ }` for an empty block, one blank line between
//! top-level statements, at most one blank line (where the author left one)
//! between statements in a block. A comment on a line of its own stays above what
//! follows it; a comment after a statement stays on its line, at column
//! [`COMMENT_COLUMN`] (or two spaces after a longer statement). Arguments are
//! written as they were (strings keep their escapes), so formatting never changes
//! what a file means: `parse(format(x))` has the same statements as `parse(x)`.

use crate::ast::{Ast, Stmt};

/// `text` as a string of the tile language, quotes included: the one way
/// tilec writes a string into tile text (`tilec new`, `tilec import-jcz`).
pub fn quote(text: &str) -> String {
    format!("\"{}\"", in_string(text))
}

/// `text` made safe between the quotes of a tile-language string: `"` `\`
/// and line breaks escaped, any other control character a space.
pub fn in_string(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            '\n' => s.push_str("\\n"),
            c if c.is_control() => s.push(' '),
            c => s.push(c),
        }
    }
    s
}

/// Trailing comments start at this column when the statement is shorter.
pub const COMMENT_COLUMN: usize = 36;

/// The canonical text of a parsed file (which must have parsed without errors).
pub fn format(ast: &Ast<'_>) -> String {
    let mut f = Formatter {
        ast,
        out: String::new(),
        next_comment: 0,
    };
    for (i, stmt) in ast.top_level().iter().enumerate() {
        if i > 0 {
            f.blank_line();
        }
        f.leading_comments(stmt.range.start, 0, false);
        f.statement(stmt, 0);
    }
    f.leading_comments(ast.text.len() as u32, 0, true);
    f.out
}

struct Formatter<'s, 'a> {
    ast: &'s Ast<'a>,
    out: String,
    next_comment: usize,
}

impl Formatter<'_, '_> {
    fn blank_line(&mut self) {
        if !self.out.is_empty() && !self.out.ends_with("\n\n") {
            self.out.push('\n');
        }
    }

    fn indent(&mut self, depth: usize) {
        for _ in 0..depth {
            self.out.push_str("  ");
        }
    }

    /// Whether the text between two offsets holds an empty line.
    fn blank_between(&self, from: u32, to: u32) -> bool {
        let gap = &self.ast.text[from as usize..to as usize];
        let mut lines = gap.split('\n');
        lines.next();
        let mut inner: Vec<&str> = lines.collect();
        inner.pop();
        inner.iter().any(|l| l.trim().is_empty())
    }

    /// Own-line comments before `until`, at `depth`; `separate` keeps a blank line
    /// the author left before the first one.
    fn leading_comments(&mut self, until: u32, depth: usize, separate: bool) {
        let mut prev_end: Option<u32> = None;
        while let Some(c) = self.ast.comments.get(self.next_comment).copied() {
            if c.range.start >= until {
                break;
            }
            self.next_comment += 1;
            let blank = match prev_end {
                Some(end) => self.blank_between(end, c.range.start),
                None => separate && self.out_has_content() && self.blank_before(c.range.start),
            };
            if blank {
                self.blank_line();
            }
            self.indent(depth);
            self.out.push_str(self.ast.slice(c.range).trim_end());
            self.out.push('\n');
            prev_end = Some(c.range.end);
        }
        if let Some(end) = prev_end {
            if until as usize <= self.ast.text.len() && self.blank_between(end, until) {
                self.blank_line();
            }
        }
    }

    fn out_has_content(&self) -> bool {
        !self.out.is_empty()
    }

    /// Whether an empty line separates `at` from the text before it.
    fn blank_before(&self, at: u32) -> bool {
        let before = self.ast.text[..at as usize].trim_end_matches([' ', '\t', '\r']);
        let before = before.strip_suffix('\n').unwrap_or(before);
        before.trim_end_matches([' ', '\t', '\r']).ends_with('\n')
    }

    /// A comment on the same line as offset `at` (after it), if there is one.
    fn trailing_comment(&mut self, at: u32) -> Option<&str> {
        let c = self.ast.comments.get(self.next_comment)?;
        let between = &self.ast.text[at as usize..c.range.start as usize];
        if between.contains('\n') || !between.trim_matches([' ', '\t', '\r', ';']).is_empty() {
            return None;
        }
        self.next_comment += 1;
        Some(self.ast.slice(c.range).trim_end())
    }

    fn head(&self, stmt: &Stmt) -> String {
        let args: Vec<&str> = self
            .ast
            .args_of(stmt)
            .iter()
            .map(|a| self.ast.slice(a.range))
            .collect();
        args.join(" ")
    }

    /// Ends a line, with the trailing comment that followed offset `at`.
    fn end_line(&mut self, at: u32) {
        if let Some(comment) = self.trailing_comment(at) {
            let comment = comment.to_string();
            let line_len = self.out.len() - self.out.rfind('\n').map_or(0, |i| i + 1);
            let pad = COMMENT_COLUMN.saturating_sub(line_len).max(2);
            self.out.push_str(&" ".repeat(pad));
            self.out.push_str(&comment);
        }
        self.out.push('\n');
    }

    fn statement(&mut self, stmt: &Stmt, depth: usize) {
        self.indent(depth);
        self.out.push_str(&self.head(stmt));
        let Some((a, b)) = stmt.block else {
            let last = self
                .ast
                .args_of(stmt)
                .last()
                .map_or(stmt.range.end, |x| x.range.end);
            self.end_line(last);
            return;
        };
        let children = &self.ast.stmts[a as usize..b as usize];
        let brace = self.brace_after(stmt);
        let close = stmt.range.end.saturating_sub(1);
        if children.is_empty() && !self.comment_before(close) {
            self.out.push_str(" { }");
            self.end_line(stmt.range.end);
            return;
        }
        self.out.push_str(" {");
        self.end_line(brace + 1);
        let mut prev_end = brace + 1;
        for child in children {
            let first_comment = self
                .ast
                .comments
                .get(self.next_comment)
                .map(|c| c.range.start);
            let next = first_comment
                .filter(|&c| c < child.range.start)
                .unwrap_or(child.range.start);
            if prev_end > brace + 1 && self.blank_between(prev_end, next) {
                self.blank_line();
            }
            self.leading_comments(child.range.start, depth + 1, false);
            self.statement(child, depth + 1);
            prev_end = child.range.end;
        }
        self.leading_comments(close, depth + 1, true);
        self.indent(depth);
        self.out.push('}');
        self.end_line(stmt.range.end);
    }

    fn comment_before(&self, at: u32) -> bool {
        self.ast
            .comments
            .get(self.next_comment)
            .is_some_and(|c| c.range.start < at)
    }

    /// The offset of a block statement's `{`.
    fn brace_after(&self, stmt: &Stmt) -> u32 {
        let from = self
            .ast
            .args_of(stmt)
            .last()
            .map_or(stmt.range.start, |a| a.range.end);
        let rest = &self.ast.text[from as usize..];
        from + rest.find('{').unwrap_or(0) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse;

    fn fmt(src: &str) -> String {
        let (ast, diags) = parse(0, src);
        assert!(diags.is_empty(), "{diags:?}");
        format(&ast)
    }

    #[test]
    fn layout_is_canonical_and_comments_stay() {
        let src = "# head\nset t \"T\" {provenance sourced}\ntile A \"x\" {   count 2 ;city c N # cap\n\n\n  field f E S W -> c\n# end\n}";
        let want = "# head\nset t \"T\" {\n  provenance sourced\n}\n\ntile A \"x\" {\n  count 2\n  city c N                          # cap\n\n  field f E S W -> c\n  # end\n}\n";
        assert_eq!(fmt(src), want);
        assert_eq!(fmt(want), want, "idempotent");
    }

    #[test]
    fn empty_blocks_stay_on_one_line() {
        assert_eq!(fmt("set t \"T\" {\n}\n"), "set t \"T\" { }\n");
    }
}
