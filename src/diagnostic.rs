//! Diagnostics: a span, a kind with named fields, and a stable code.
//!
//! All message text lives in [`crate::message`]; rendering lives in [`render`].
//! Spans are byte offsets; line and column are computed only when rendering.

use crate::message::Kind;
use codespan_reporting::diagnostic::{Diagnostic as Report, Label};
use codespan_reporting::term::{self, termcolor::WriteColor};
use std::borrow::Cow;
use std::io::Write;
use std::ops::Range;

mod excerpt;
pub mod terminal;

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
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Diagnostic {
    /// What is wrong (carries the data for the message).
    pub kind: Kind,
    /// Where.
    pub span: Span,
    /// Related places, each with a short label (the earlier definition of a
    /// duplicate; the JCloisterZone tile an imported tile comes from).
    pub related: Vec<(Span, Cow<'static, str>)>,
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
    pub fn with(mut self, span: Span, label: impl Into<Cow<'static, str>>) -> Diagnostic {
        self.related.push((span, label.into()));
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

/// At most this many characters of a message, label or hint are shown (a
/// message may quote a word of any length).
pub const MAX_TEXT: usize = 200;

/// Renders diagnostics like rustc (file:line:column, excerpt, caret), sorted by
/// place so that output is deterministic. A diagnostic quotes only the lines it
/// points at, and of a long line only a window around the caret.
pub fn render(
    out: &mut dyn WriteColor,
    sources: &Sources,
    diagnostics: &[Diagnostic],
) -> std::io::Result<()> {
    // Tile text, names and file names may hold escape sequences: shown, never run.
    let mut out = terminal::Escaping(out);
    let out = &mut out;
    let index = excerpt::Index::new(sources.ids().map(|id| (sources.name(id), sources.text(id))));
    let config = term::Config::default();
    let mut sorted: Vec<&Diagnostic> = diagnostics.iter().collect();
    sorted.sort_by_key(|d| (d.span, d.kind.code()));
    for d in sorted.iter().take(MAX_RENDERED) {
        let spans = std::iter::once(d.span).chain(d.related.iter().map(|(s, _)| *s));
        let labels: Vec<(usize, Range<usize>)> = spans
            .map(|s| (s.file as usize, s.start as usize..s.end as usize))
            .collect();
        let (files, labels) = index.excerpt(&labels);
        let report = to_report(d, labels);
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

/// The report of `d`, its labels at `spans` (the primary's first, then the
/// related ones', in the excerpt's coordinates).
fn to_report(d: &Diagnostic, spans: Vec<(usize, Range<usize>)>) -> Report<usize> {
    let mut spans = spans.into_iter();
    let mut labels = Vec::new();
    if let Some((file, range)) = spans.next() {
        labels.push(Label::primary(file, range).with_message(clip(d.kind.label())));
    }
    for ((file, range), (_, text)) in spans.zip(&d.related) {
        labels.push(Label::secondary(file, range).with_message(clip(text.to_string())));
    }
    let mut report = Report::error()
        .with_code(d.kind.code())
        .with_message(clip(d.kind.message()))
        .with_labels(labels);
    if let Some(hint) = d.kind.hint() {
        report = report.with_notes(vec![format!("hint: {}", clip(hint))]);
    }
    report
}

/// `text` cut to [`MAX_TEXT`] characters, with `…` when cut.
fn clip(text: String) -> String {
    match text.char_indices().nth(MAX_TEXT) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text,
    }
}

/// Renders diagnostics without colour into a string (tests, golden files).
pub fn render_plain(sources: &Sources, diagnostics: &[Diagnostic]) -> String {
    let mut buf = codespan_reporting::term::termcolor::NoColor::new(Vec::new());
    // Writing into a Vec cannot fail.
    let _ = render(&mut buf, sources, diagnostics);
    String::from_utf8_lossy(&buf.into_inner()).into_owned()
}
