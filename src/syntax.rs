//! `parse`: tile text → [`Ast`]. The only module that knows the concrete syntax
//! (see `tiles/GRAMMAR.md`).
//!
//! Tokens are read with nom; statements and blocks are assembled by an explicit
//! stack rather than recursion, so no input can overflow the call stack. Errors are
//! collected and the parser resynchronises on the next token or line, so one run
//! reports every syntax error. nom's error type never leaves this module.

use crate::ast::{Arg, ArgKind, Ast, Comment, Range, Stmt};
use crate::diagnostic::{Diagnostic, FileId, Span};
use crate::message::Kind;
use nom::bytes::complete::{tag, take_till, take_while, take_while1};
use nom::IResult;

/// Blocks nest at most this deep.
pub const MAX_DEPTH: usize = 8;
/// Larger files are refused (spans are 32-bit, and no tile file is this big).
pub const MAX_FILE_BYTES: usize = 256 << 20;

/// Parses one file. Always returns a tree (possibly partial) and every syntax error.
pub fn parse(file: FileId, text: &str) -> (Ast<'_>, Vec<Diagnostic>) {
    let mut p = Parser {
        file,
        text,
        pos: 0,
        ast: Ast {
            file,
            text,
            stmts: Vec::new(),
            args: Vec::new(),
            top: (0, 0),
            comments: Vec::new(),
        },
        frames: vec![Frame::default()],
        spare: Vec::new(),
        excess_depth: 0,
        diags: Vec::new(),
    };
    if text.len() > MAX_FILE_BYTES {
        p.error(
            Kind::FileTooLarge {
                limit: MAX_FILE_BYTES,
            },
            0,
            0,
        );
        return (p.ast, p.diags);
    }
    p.run();
    (p.ast, p.diags)
}

#[derive(Default)]
struct Frame {
    children: Vec<Stmt>,
    /// Where this block's `{` is (none for the top level).
    brace: Option<u32>,
    /// The statement that opened this block (its block range is filled on close);
    /// none when a syntax error took its keyword.
    opener: Option<Stmt>,
}

struct Parser<'a> {
    file: FileId,
    text: &'a str,
    pos: usize,
    ast: Ast<'a>,
    frames: Vec<Frame>,
    /// Emptied child lists of closed blocks, reused by the next blocks.
    spare: Vec<Vec<Stmt>>,
    excess_depth: usize,
    diags: Vec<Diagnostic>,
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '/' | '.' | '+')
}

fn blank(i: &str) -> IResult<&str, &str> {
    take_while(|c| c == ' ' || c == '\t' || c == '\r')(i)
}

fn word(i: &str) -> IResult<&str, &str> {
    take_while1(is_word_char)(i)
}

fn comment(i: &str) -> IResult<&str, &str> {
    let (rest, _) = tag("#")(i)?;
    take_till(|c| c == '\n')(rest)
}

/// The rest of a string after its opening quote: `Ok(len)` of the body including
/// the closing quote, or the error and how far to skip.
fn string_body(i: &str) -> Result<usize, (Kind, usize, usize)> {
    let mut chars = i.char_indices();
    while let Some((at, c)) = chars.next() {
        match c {
            '"' => return Ok(at + 1),
            '\n' => return Err((Kind::UnterminatedString, at, at)),
            '\\' => match chars.next() {
                Some((_, 'n' | '"' | '\\')) => {}
                Some((e, other)) if other != '\n' => {
                    let esc = format!("\\{other}");
                    return Err((Kind::BadEscape { esc }, at, e + other.len_utf8()));
                }
                _ => return Err((Kind::UnterminatedString, at, at)),
            },
            _ => {}
        }
    }
    Err((Kind::UnterminatedString, i.len(), i.len()))
}

impl<'a> Parser<'a> {
    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn advance_to(&mut self, rest: &str) {
        self.pos = self.text.len() - rest.len();
    }

    fn error(&mut self, kind: Kind, start: usize, end: usize) {
        self.diags
            .push(Diagnostic::new(kind, Span::new(self.file, start, end)));
    }

    fn run(&mut self) {
        loop {
            self.skip_trivia(true);
            let Some(c) = self.rest().chars().next() else {
                break;
            };
            match c {
                '}' => self.close_block(),
                c if is_word_char(c) && !self.rest().starts_with("->") => self.statement(),
                other => {
                    let end = self.pos + other.len_utf8();
                    self.error(Kind::UnexpectedChar { ch: other }, self.pos, end);
                    self.skip_line();
                }
            }
        }
        self.finish();
    }

    /// Skips blanks, comments, and (between statements) newlines and `;`.
    fn skip_trivia(&mut self, newlines: bool) {
        loop {
            if let Ok((rest, _)) = blank(self.rest()) {
                self.advance_to(rest);
            }
            let r = self.rest();
            if let Ok((rest, _)) = comment(r) {
                let start = self.pos as u32;
                self.advance_to(rest);
                let range = Range {
                    start,
                    end: self.pos as u32,
                };
                self.ast.comments.push(Comment { range });
            } else if newlines && (r.starts_with('\n') || r.starts_with(';')) {
                self.pos += 1;
            } else {
                return;
            }
        }
    }

    fn skip_line(&mut self) {
        let (rest, _) = take_till::<_, _, ()>(|c| c == '\n')(self.rest()).unwrap_or(("", ""));
        self.advance_to(rest);
    }

    fn statement(&mut self) {
        let start = self.pos;
        let first_arg = self.ast.args.len() as u32;
        let mut end = start;
        loop {
            self.skip_trivia(false);
            let r = self.rest();
            let Some(c) = r.chars().next() else { break };
            match c {
                '\n' | ';' | '}' => break,
                '{' => {
                    self.push_stmt(start, first_arg, end, true);
                    self.pos += 1;
                    return;
                }
                _ => {
                    if let Some(arg) = self.argument() {
                        end = arg.range.end as usize;
                        self.ast.args.push(arg);
                    }
                }
            }
        }
        self.push_stmt(start, first_arg, end, false);
    }

    /// Reads one argument at the current position, or reports and skips bad input.
    fn argument(&mut self) -> Option<Arg> {
        let start = self.pos;
        let r = self.rest();
        if let Ok((rest, _)) = tag::<_, _, ()>("->")(r) {
            self.advance_to(rest);
            return Some(self.arg(ArgKind::Arrow, start, 0));
        }
        if r.starts_with('"') {
            return self.string(start, ArgKind::Str, 0);
        }
        if let Ok((rest, _)) = word(r) {
            self.advance_to(rest);
            if !self.rest().starts_with('=') {
                return Some(self.arg(ArgKind::Word, start, 0));
            }
            let eq = self.pos as u32;
            self.pos += 1;
            let r = self.rest();
            if r.starts_with('"') {
                return self.string(start, ArgKind::Attr, eq);
            }
            if let Ok((rest, _)) = word(r) {
                self.advance_to(rest);
                return Some(self.arg(ArgKind::Attr, start, eq));
            }
            let key = self.text[start..eq as usize].to_string();
            self.error(Kind::MissingAttrValue { key }, start, self.pos);
            return None;
        }
        let ch = r.chars().next().unwrap_or(' ');
        self.pos += ch.len_utf8();
        self.error(Kind::UnexpectedChar { ch }, start, self.pos);
        None
    }

    fn string(&mut self, start: usize, kind_of_arg: ArgKind, eq: u32) -> Option<Arg> {
        let quote = self.pos;
        match string_body(&self.text[quote + 1..]) {
            Ok(len) => {
                self.pos = quote + 1 + len;
                Some(self.arg(kind_of_arg, start, eq))
            }
            Err((kind, at, skip_to)) => {
                let err_end = (quote + 1 + skip_to).max(quote + 1);
                self.error(kind, quote, err_end);
                if matches!(
                    self.diags.last().map(|d| &d.kind),
                    Some(Kind::UnterminatedString)
                ) {
                    return Some(self.recover_unterminated(start, kind_of_arg, eq, quote + 1 + at));
                } else {
                    self.pos = err_end;
                    self.skip_string_rest();
                }
                None
            }
        }
    }

    /// An unterminated string runs to the end of its line, except that a trailing
    /// `{` still opens the block it was meant to (this avoids a cascade of unmatched
    /// `}` and missing arguments). Returns the recovered argument.
    fn recover_unterminated(
        &mut self,
        start: usize,
        kind: ArgKind,
        eq: u32,
        line_end: usize,
    ) -> Arg {
        let line = self.text[self.pos..line_end].trim_end();
        self.pos = if line.ends_with('{') {
            self.pos + line.len() - 1
        } else {
            line_end
        };
        let end = self.text[..self.pos].trim_end().len().max(start + 1);
        Arg {
            kind,
            range: Range {
                start: start as u32,
                end: end as u32,
            },
            eq,
        }
    }

    /// Skips the remainder of a string whose bad escape was reported.
    fn skip_string_rest(&mut self) {
        match string_body(self.rest()) {
            Ok(len) => self.pos += len,
            Err((_, at, _)) => self.pos += at,
        }
    }

    fn arg(&self, kind: ArgKind, start: usize, eq: u32) -> Arg {
        Arg {
            kind,
            range: Range {
                start: start as u32,
                end: self.pos as u32,
            },
            eq,
        }
    }

    fn push_stmt(&mut self, start: usize, first_arg: u32, end: usize, opens: bool) {
        let arg_count = self.ast.args.len() as u32 - first_arg;
        let stmt = Stmt {
            first_arg,
            arg_count,
            block: None,
            range: Range {
                start: start as u32,
                end: end as u32,
            },
        };
        if !opens {
            // A statement always has its keyword: without one, its error is reported.
            if arg_count > 0 {
                self.current().children.push(stmt);
            }
        } else if self.excess_depth > 0 || self.frames.len() > MAX_DEPTH {
            if self.excess_depth == 0 {
                self.error(Kind::TooDeep { limit: MAX_DEPTH }, self.pos, self.pos + 1);
            }
            self.excess_depth += 1;
        } else {
            self.frames.push(Frame {
                children: self.spare.pop().unwrap_or_default(),
                brace: Some(self.pos as u32),
                opener: (arg_count > 0).then_some(stmt),
            });
        }
    }

    fn current(&mut self) -> &mut Frame {
        // The top-level frame is never popped.
        let last = self.frames.len() - 1;
        &mut self.frames[last]
    }

    fn close_block(&mut self) {
        let at = self.pos;
        self.pos += 1;
        if self.excess_depth > 0 {
            self.excess_depth -= 1;
            return;
        }
        if self.frames.len() == 1 {
            self.error(Kind::UnexpectedClose, at, at + 1);
            return;
        }
        self.pop_frame(at + 1);
    }

    fn pop_frame(&mut self, end: usize) {
        let Some(frame) = self.frames.pop() else {
            return;
        };
        let range = self.flush(frame.children);
        if let Some(mut stmt) = frame.opener {
            stmt.block = Some(range);
            stmt.range.end = end as u32;
            self.current().children.push(stmt);
        }
    }

    fn flush(&mut self, mut children: Vec<Stmt>) -> (u32, u32) {
        let start = self.ast.stmts.len() as u32;
        self.ast.stmts.append(&mut children);
        self.spare.push(children);
        (start, self.ast.stmts.len() as u32)
    }

    fn finish(&mut self) {
        while self.frames.len() > 1 {
            if let Some(brace) = self.frames.last().and_then(|f| f.brace) {
                self.error(Kind::UnclosedBlock, brace as usize, brace as usize + 1);
            }
            self.pop_frame(self.text.len());
        }
        let top = std::mem::take(&mut self.frames[0].children);
        self.ast.top = self.flush(top);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keywords(src: &str) -> Vec<String> {
        let (ast, diags) = parse(0, src);
        assert!(diags.is_empty(), "{diags:?}");
        ast.top_level()
            .iter()
            .map(|s| ast.keyword(s).to_string())
            .collect()
    }

    #[test]
    fn statements_are_split_by_newlines_and_semicolons() {
        assert_eq!(keywords("a 1\nb; c # x\n"), ["a", "b", "c"]);
    }

    #[test]
    fn blocks_hold_children_and_attributes_keep_their_parts() {
        let (ast, diags) = parse(0, "tile D \"x\" {\n  city c N pennants=1\n}\n");
        assert!(diags.is_empty());
        let tile = &ast.top_level()[0];
        let kids = ast.children(tile);
        assert_eq!(kids.len(), 1);
        let args = ast.args_of(&kids[0]);
        assert_eq!(args.len(), 4);
        assert_eq!(ast.attr(&args[3]), ("pennants", "1"));
    }

    #[test]
    fn every_error_is_reported_and_parsing_goes_on() {
        let (ast, diags) = parse(0, "a ! b\nc \"open\nd }\n}\n");
        let codes: Vec<_> = diags.iter().map(|d| d.kind.code()).collect();
        assert_eq!(codes, ["E003", "E004", "E007", "E007"]);
        assert_eq!(ast.top_level().len(), 3);
    }

    #[test]
    fn nesting_beyond_the_limit_is_an_error_not_a_crash() {
        let src = "a {".repeat(100_000) + &"}".repeat(100_000);
        let (_, diags) = parse(0, &src);
        assert_eq!(diags.len(), 1);
        assert_eq!(diags[0].kind, Kind::TooDeep { limit: MAX_DEPTH });
    }

    #[test]
    fn a_statement_that_lost_its_keyword_is_dropped() {
        let (ast, diags) = parse(0, "A=\nb= {\n  c 1\n}\nd\n");
        let codes: Vec<_> = diags.iter().map(|d| d.kind.code()).collect();
        assert_eq!(codes, ["E009", "E009"]);
        assert!(ast.stmts.iter().all(|s| s.arg_count > 0));
        assert_eq!(ast.top_level().len(), 1);
    }

    #[test]
    fn files_over_the_limit_are_refused_before_parsing() {
        let huge = " ".repeat(MAX_FILE_BYTES + 1);
        let (ast, diags) = parse(0, &huge);
        assert_eq!(diags.len(), 1);
        assert_eq!(
            diags[0].kind,
            Kind::FileTooLarge {
                limit: MAX_FILE_BYTES
            }
        );
        assert!(ast.top_level().is_empty());
    }

    #[test]
    fn unclosed_blocks_point_at_their_brace() {
        let (_, diags) = parse(0, "tile A {\n count 1\n");
        assert_eq!(diags[0].kind, Kind::UnclosedBlock);
        assert_eq!(diags[0].span.start, 7);
    }
}
