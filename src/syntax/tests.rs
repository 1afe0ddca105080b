//! The parser's unit tests: what each node accepts, and how errors recover.

use super::*;
use crate::message::Kind;

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

/// Each argument of the first statement: its kind and text.
fn args(src: &str) -> Vec<(ArgKind, String)> {
    let (ast, _) = parse(0, src);
    let first = ast.stmts.last().expect("a statement");
    ast.args_of(first)
        .iter()
        .map(|a| (a.kind, ast.slice(a.range).to_string()))
        .collect()
}

fn codes(src: &str) -> Vec<&'static str> {
    parse(0, src).1.iter().map(|d| d.kind.code()).collect()
}

fn spans(src: &str) -> Vec<(usize, usize)> {
    let (_, diags) = parse(0, src);
    let span = |d: &Diagnostic| (d.span.start as usize, d.span.end as usize);
    diags.iter().map(span).collect()
}

use crate::ast::ArgKind;
use crate::diagnostic::Diagnostic;

#[test]
fn each_argument_node_is_recognised() {
    use ArgKind::*;
    let want = [
        (Word, "f1"),
        (Arrow, "->"),
        (Word, "c"),
        (Str, r#""a \"b\" \\ \n""#),
        (Attr, "over=river"),
        (Attr, r#"note="x y""#),
        (Word, "a-b/c.d+e_f"),
    ];
    let src = r#"f1 -> c "a \"b\" \\ \n" over=river note="x y" a-b/c.d+e_f"#;
    let got = args(src);
    let want: Vec<_> = want.iter().map(|(k, t)| (*k, t.to_string())).collect();
    assert_eq!(got, want);
}

#[test]
fn an_attribute_knows_where_its_equals_sign_is() {
    let (ast, _) = parse(0, "city c pennants=2");
    let arg = ast.args[2];
    assert_eq!(ast.text.as_bytes()[arg.eq as usize], b'=');
    assert_eq!(ast.attr(&arg), ("pennants", "2"));
}

#[test]
fn comments_are_kept_with_their_spans_and_crlf_lines_parse() {
    let src = "# top\r\na 1 # tail\r\nb\r\n";
    let (ast, diags) = parse(0, src);
    assert!(diags.is_empty(), "{diags:?}");
    let texts: Vec<_> = ast.comments.iter().map(|c| ast.slice(c.range)).collect();
    assert_eq!(texts, ["# top\r", "# tail\r"]);
    assert_eq!(ast.top_level().len(), 2);
}

#[test]
fn a_bad_escape_spans_from_the_quote_and_the_rest_of_the_string_is_skipped() {
    let src = "note \"a\\qb\" next\n";
    assert_eq!(codes(src), ["E005"]);
    assert_eq!(spans(src), [(5, 9)]);
    // The string is dropped; the word after it is still read.
    assert_eq!(
        args(src),
        [
            (ArgKind::Word, "note".into()),
            (ArgKind::Word, "next".into())
        ]
    );
}

#[test]
fn every_bad_escape_of_a_string_is_reported_and_the_string_is_skipped_whole() {
    let src = "note \"a\\qb\\rc\" next\n";
    assert_eq!(codes(src), ["E005", "E005"]);
    assert_eq!(spans(src), [(5, 9), (10, 12)]);
    assert_eq!(
        args(src),
        [
            (ArgKind::Word, "note".into()),
            (ArgKind::Word, "next".into())
        ]
    );
}

#[test]
fn an_unterminated_string_runs_to_its_line_end_but_a_trailing_brace_opens_its_block() {
    let src = "tile A \"open {\n  count 1\n}\n";
    let (ast, diags) = parse(0, src);
    let codes: Vec<_> = diags.iter().map(|d| d.kind.code()).collect();
    assert_eq!(codes, ["E004"]);
    let tile = &ast.top_level()[0];
    assert_eq!(ast.slice(ast.args_of(tile)[2].range), "\"open");
    assert_eq!(ast.children(tile).len(), 1);
}

#[test]
fn an_unterminated_attribute_value_is_still_an_attribute() {
    let src = "city c note=\"open\n";
    assert_eq!(codes(src), ["E004"]);
    let (ast, _) = parse(0, src);
    let value = ast.args[2];
    assert_eq!(value.kind, ArgKind::Attr);
    assert_eq!(ast.slice(value.range), "note=\"open");
}

#[test]
fn a_missing_attribute_value_spans_the_key_and_its_equals_sign() {
    let src = "city c pennants= N\n";
    assert_eq!(codes(src), ["E009"]);
    assert_eq!(spans(src), [(7, 16)]);
    assert_eq!(args(src).len(), 3, "the argument after it is kept");
}

#[test]
fn a_character_that_starts_no_statement_skips_its_line() {
    let src = "= a b\nc\n";
    assert_eq!(codes(src), ["E003"]);
    assert_eq!(keywords_lossy(src), ["c"]);
}

#[test]
fn a_stray_close_at_the_top_is_reported_and_parsing_goes_on() {
    let src = "}\na\n";
    assert_eq!(codes(src), ["E007"]);
    assert_eq!(keywords_lossy(src), ["a"]);
}

#[test]
fn statements_in_blocks_beyond_the_limit_join_the_deepest_block() {
    let src = "a {\n".repeat(MAX_DEPTH + 2) + "leaf\n" + &"}\n".repeat(MAX_DEPTH + 2);
    let (ast, diags) = parse(0, &src);
    assert_eq!(diags.len(), 1);
    let mut s = &ast.top_level()[0];
    for _ in 1..MAX_DEPTH {
        s = &ast.children(s)[0];
    }
    let deepest: Vec<_> = ast.children(s).iter().map(|c| ast.keyword(c)).collect();
    assert_eq!(deepest, ["leaf"]);
}

fn keywords_lossy(src: &str) -> Vec<String> {
    let (ast, _) = parse(0, src);
    ast.top_level()
        .iter()
        .map(|s| ast.keyword(s).to_string())
        .collect()
}
