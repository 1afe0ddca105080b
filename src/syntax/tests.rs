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
