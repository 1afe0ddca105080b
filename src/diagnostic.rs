//! Diagnostics: a span, a kind with named fields, and a stable code.
//!
//! All message text lives in [`crate::message`]; rendering lives in [`render`].
//! Spans are byte offsets; line and column are computed only when rendering.

use crate::message::Kind;
use codespan_reporting::diagnostic::{Diagnostic as Report, Label};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, termcolor::WriteColor};

/// Index of a source file in [`Sources`].
pub type FileId = u32;

/// A byte range in one source file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Span {
    /// The file.
    pub file: FileId,
    /// First byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// A span in `file` from `start` to `end`.
    pub fn new(file: FileId, start: usize, end: usize) -> Span {
        Span {
            file,
            start: start as u32,
            end: end as u32,
        }
    }
}

/// One problem found in the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// What is wrong (carries the data for the message).
    pub kind: Kind,
    /// Where.
    pub span: Span,
    /// Related places, each with a short label (the earlier definition of a duplicate).
    pub related: Vec<(Span, &'static str)>,
}

impl Diagnostic {
    /// A diagnostic with no related spans.
    pub fn new(kind: Kind, span: Span) -> Diagnostic {
        Diagnostic {
            kind,
            span,
            related: Vec::new(),
        }
    }

    /// Adds a related span.
    pub fn with(mut self, span: Span, label: &'static str) -> Diagnostic {
        self.related.push((span, label));
        self
    }
}

/// The source files of one compilation, by [`FileId`].
#[derive(Clone, Debug, Default)]
pub struct Sources {
    files: Vec<(String, String)>,
}

impl Sources {
    /// No files yet.
    pub fn new() -> Sources {
        Sources::default()
    }

    /// Adds a file and returns its id.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        self.files.push((name.into(), text.into()));
        (self.files.len() - 1) as FileId
    }

    /// Replaces a file's text (used when the text is decoded after the id is known).
    pub fn set_text(&mut self, id: FileId, text: String) {
        self.files[id as usize].1 = text;
    }

    /// The file's name as given.
    pub fn name(&self, id: FileId) -> &str {
        &self.files[id as usize].0
    }

    /// The file's text.
    pub fn text(&self, id: FileId) -> &str {
        &self.files[id as usize].1
    }

    /// Every file id, in the order added.
    pub fn ids(&self) -> impl Iterator<Item = FileId> {
        0..self.files.len() as FileId
    }
}

/// At most this many diagnostics are rendered; the rest are counted.
pub const MAX_RENDERED: usize = 100;

/// Renders diagnostics like rustc (file:line:column, excerpt, caret), sorted by
/// place so that output is deterministic.
pub fn render(
    out: &mut dyn WriteColor,
    sources: &Sources,
    diagnostics: &[Diagnostic],
) -> std::io::Result<()> {
    let mut files = SimpleFiles::new();
    for id in sources.ids() {
        files.add(sources.name(id), sources.text(id));
    }
    let config = term::Config::default();
    let mut sorted: Vec<&Diagnostic> = diagnostics.iter().collect();
    sorted.sort_by_key(|d| (d.span, d.kind.code()));
    for d in sorted.iter().take(MAX_RENDERED) {
        let report = to_report(d);
        term::emit(out, &config, &files, &report).map_err(std::io::Error::other)?;
    }
    if sorted.len() > MAX_RENDERED {
        let more = sorted.len() - MAX_RENDERED;
        writeln!(
            out,
            "note: {more} more problems not shown; fix the ones above first"
        )?;
    }
    Ok(())
}

fn to_report(d: &Diagnostic) -> Report<usize> {
    let span = |s: Span| s.file as usize;
    let mut labels = vec![
        Label::primary(span(d.span), d.span.start as usize..d.span.end as usize)
            .with_message(d.kind.label()),
    ];
    for (s, text) in &d.related {
        labels
            .push(Label::secondary(span(*s), s.start as usize..s.end as usize).with_message(*text));
    }
    let mut report = Report::error()
        .with_code(d.kind.code())
        .with_message(d.kind.message())
        .with_labels(labels);
    if let Some(hint) = d.kind.hint() {
        report = report.with_notes(vec![format!("hint: {hint}")]);
    }
    report
}

/// Renders diagnostics without colour into a string (tests, golden files).
pub fn render_plain(sources: &Sources, diagnostics: &[Diagnostic]) -> String {
    let mut buf = codespan_reporting::term::termcolor::NoColor::new(Vec::new());
    // Writing into a Vec cannot fail.
    let _ = render(&mut buf, sources, diagnostics);
    String::from_utf8_lossy(&buf.into_inner()).into_owned()
}
