//! Reading marks, generic over the vocabulary's mark table ([`vocab::MARKS`]):
//! where a mark may stand and what value it takes are data of its row, so a new
//! mark is a row there and a variant in the runtime, never code here.

use crate::diagnostic::{Diagnostic, Span};
use crate::message::Kind;
use crate::vocab::{self, Attach, MarkRow};
use tilec_runtime::{Mark, MarkArg, SegmentKind};

/// The mark `row` with its value read from `value` (the word after `mark KW`, or
/// the value of `KW=VALUE` on a segment), standing on `segment`; `None` when the
/// value is missing, extra or wrong (reported at `span`).
pub fn read(
    row: &MarkRow,
    value: Option<(&str, Span)>,
    segment: u8,
    span: Span,
    diags: &mut Vec<Diagnostic>,
) -> Option<Mark> {
    let mark = row.keyword;
    let value = match (row.kind.arg(), value) {
        (MarkArg::None, None) => 0,
        (MarkArg::None, Some((_, at))) => {
            diags.push(Diagnostic::new(Kind::MarkTakesNoValue { mark }, at));
            return None;
        }
        (_, None) => {
            diags.push(Diagnostic::new(Kind::MarkNeedsValue { mark }, span));
            return None;
        }
        (arg, Some((word, at))) => match vocab::mark_value(arg, word) {
            Some(v) => v,
            None => {
                let suggestion = match arg {
                    MarkArg::Choice(names) => vocab::suggest(word, names.iter().copied()),
                    _ => None,
                };
                let kind = Kind::BadMarkValue {
                    mark,
                    word: word.into(),
                    suggestion,
                };
                diags.push(Diagnostic::new(kind, at));
                return None;
            }
        },
    };
    Some(Mark {
        kind: row.kind,
        segment,
        value,
    })
}

/// Reports a mark put on a segment of a kind it cannot stand on; true when it fits.
pub fn fits(row: &MarkRow, kind: SegmentKind, span: Span, diags: &mut Vec<Diagnostic>) -> bool {
    match row.on {
        Attach::Segment(expected) if expected == kind => true,
        Attach::Segment(expected) => {
            let k = Kind::MarkOnWrongSegment {
                mark: row.keyword,
                kind: kind.name(),
                expected: expected.name(),
            };
            diags.push(Diagnostic::new(k, span));
            false
        }
        Attach::Tile => {
            diags.push(Diagnostic::new(
                Kind::MarkTakesNoSegment { mark: row.keyword },
                span,
            ));
            false
        }
    }
}

/// Adds `mark` unless the same kind already stands on the same segment.
pub fn push(marks: &mut Vec<Mark>, mark: Mark, span: Span, diags: &mut Vec<Diagnostic>) {
    let twice = marks
        .iter()
        .any(|m| m.kind == mark.kind && m.segment == mark.segment);
    if twice {
        let mark = mark.kind.name();
        diags.push(Diagnostic::new(Kind::DuplicateMark { mark }, span));
        return;
    }
    marks.push(mark);
}
