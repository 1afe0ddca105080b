//! Every span the parser records points at the right bytes: over each shipped tile
//! file (and the custom-set fixture), every statement, argument, block and comment
//! is checked against the text it claims, and each statement, parsed again from its
//! own span alone, gives the same arguments.

mod common;

use tilec::ast::{Arg, ArgKind, Ast, Range, Stmt};
use tilec::syntax::parse;

fn tile_files() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for dir in ["tiles", "tests/custom"] {
        for entry in std::fs::read_dir(common::root().join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|x| x == "tiles") {
                let text = std::fs::read_to_string(&path).unwrap();
                out.push((path.display().to_string(), text));
            }
        }
    }
    assert!(out.len() >= 6, "the shipped sets are found");
    out
}

fn is_word(s: &str) -> bool {
    let word_char = |c: char| c.is_ascii_alphanumeric() || "-_/.+".contains(c);
    !s.is_empty() && s.chars().all(word_char)
}

/// A whole string token: quotes at both ends, known escapes, no bare quote or newline.
fn is_string(s: &str) -> bool {
    let Some(body) = s.strip_prefix('"').and_then(|b| b.strip_suffix('"')) else {
        return false;
    };
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' | '\n' => return false,
            '\\' if !matches!(chars.next(), Some('n' | '"' | '\\')) => return false,
            _ => {}
        }
    }
    true
}

fn check_arg(ast: &Ast<'_>, a: &Arg) {
    let text = ast.slice(a.range);
    let ok = match a.kind {
        ArgKind::Word => is_word(text) && !text.starts_with("->"),
        ArgKind::Str => is_string(text),
        ArgKind::Arrow => text == "->",
        ArgKind::Attr => {
            let (key, value) = text.split_at((a.eq - a.range.start) as usize);
            let value = &value[1..];
            ast.text.as_bytes()[a.eq as usize] == b'='
                && is_word(key)
                && (is_word(value) || is_string(value))
        }
    };
    assert!(ok, "{:?} span holds {text:?}", a.kind);
}

/// Text that only blanks may fill (between arguments, before a `{`).
fn assert_blank(ast: &Ast<'_>, start: u32, end: u32) {
    let gap = ast.slice(Range { start, end });
    assert!(gap.chars().all(|c| " \t\r".contains(c)), "gap {gap:?}");
}

/// Checks `s` lies within `within` and returns where it ends.
fn check_stmt(ast: &Ast<'_>, s: &Stmt, within: Range) -> u32 {
    let r = s.range;
    assert!(
        within.start <= r.start && r.end <= within.end,
        "{r:?} outside {within:?}"
    );
    let args = ast.args_of(s);
    assert_eq!(
        args[0].range.start, r.start,
        "a statement starts at its keyword"
    );
    let mut at = r.start;
    for a in args {
        assert_blank(ast, at, a.range.start);
        check_arg(ast, a);
        at = a.range.end;
    }
    match s.block {
        None => assert_eq!(r.end, at, "a statement ends with its last argument"),
        Some(_) => check_block(ast, s, at),
    }
    check_reparse(ast, s);
    r.end
}

/// The block runs from a `{` after the last argument to the `}` ending the statement.
fn check_block(ast: &Ast<'_>, s: &Stmt, args_end: u32) {
    let from_args = &ast.text[args_end as usize..];
    let brace =
        args_end + (from_args.len() - from_args.trim_start_matches([' ', '\t', '\r']).len()) as u32;
    assert_eq!(ast.text.as_bytes()[brace as usize], b'{', "{:?}", s.range);
    assert_eq!(ast.text.as_bytes()[s.range.end as usize - 1], b'}');
    let mut inside = Range {
        start: brace + 1,
        end: s.range.end - 1,
    };
    for child in ast.children(s) {
        inside.start = check_stmt(ast, child, inside);
    }
}

/// The statement's own text parses alone to the same arguments.
fn check_reparse(ast: &Ast<'_>, s: &Stmt) {
    let (alone, diags) = parse(0, ast.slice(s.range));
    assert!(diags.is_empty(), "{diags:?}");
    let texts = |ast: &Ast<'_>, s: &Stmt| -> Vec<(ArgKind, String)> {
        let args = ast.args_of(s).iter();
        args.map(|a| (a.kind, ast.slice(a.range).to_string()))
            .collect()
    };
    assert_eq!(alone.top_level().len(), 1);
    assert_eq!(texts(&alone, &alone.top_level()[0]), texts(ast, s));
}

fn check_comments(ast: &Ast<'_>) {
    for c in &ast.comments {
        let text = ast.slice(c.range);
        assert!(text.starts_with('#') && !text.contains('\n'), "{text:?}");
        let after = &ast.text[c.range.end as usize..];
        assert!(
            after.is_empty() || after.starts_with('\n'),
            "comment ends at its line end"
        );
    }
}

#[test]
fn every_span_of_the_shipped_sets_holds_its_node() {
    let mut statements = 0;
    for (name, text) in tile_files() {
        let (ast, diags) = parse(0, &text);
        assert!(diags.is_empty(), "{name}: {diags:?}");
        let whole = Range {
            start: 0,
            end: text.len() as u32,
        };
        let mut at = 0;
        for s in ast.top_level() {
            at = check_stmt(&ast, s, Range { start: at, ..whole });
        }
        check_comments(&ast);
        statements += ast.stmts.len();
    }
    assert!(statements > 500, "only {statements} statements checked");
}
