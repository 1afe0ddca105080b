//! The check both fuzz targets make of every diagnostic: its spans (its own
//! and its related ones) lie on char boundaries inside their file.

use tilec::diagnostic::{Diagnostic, Sources};

/// Panics (a fuzzer finding) when a span of `diags` is outside its file or
/// splits a character.
pub fn spans_inside(sources: &Sources, diags: &[Diagnostic]) {
    for d in diags {
        for span in std::iter::once(d.span).chain(d.related.iter().map(|r| r.0)) {
            let text = sources.text(span.file);
            let (start, end) = (span.start as usize, span.end as usize);
            assert!(
                start <= end
                    && end <= text.len()
                    && text.is_char_boundary(start)
                    && text.is_char_boundary(end),
                "bad span {span:?} in {d:?}"
            );
        }
    }
}
