//! What a diagnostic quotes of its source: only the lines its labels touch, and
//! of a long line only a window around the labels (`…` marks what is left out),
//! so that a 100 KB line is not printed once per diagnostic. Line and column
//! numbers stay those of the whole file.

use codespan_reporting::files::{line_starts, Error, Files};
use std::ops::Range;

/// A line longer than this (bytes) is quoted as a window of [`WINDOW`] bytes.
const LONG_LINE: usize = 160;
/// How much of a long line is quoted.
const WINDOW: usize = 120;
/// How much of the window comes before the first label.
const BEFORE: usize = 40;
const ELLIPSIS: &str = "…";

/// Every source file with its line starts, computed once per rendering.
pub struct Index<'s> {
    files: Vec<(&'s str, &'s str, Vec<usize>)>,
}

impl<'s> Index<'s> {
    /// Indexes `(name, text)` pairs, by file id.
    pub fn new(files: impl Iterator<Item = (&'s str, &'s str)>) -> Index<'s> {
        let files = files
            .map(|(name, text)| (name, text, line_starts(text).collect()))
            .collect();
        Index { files }
    }

    /// The excerpts that quote `labels` (file id, byte range), and the labels'
    /// ranges in them (same order; the file id becomes an excerpt index).
    pub fn excerpt(
        &self,
        labels: &[(usize, Range<usize>)],
    ) -> (Excerpts<'s>, Vec<(usize, Range<usize>)>) {
        let mut ex = Excerpts { files: Vec::new() };
        let mut ids: Vec<usize> = labels.iter().map(|(f, _)| *f).collect();
        ids.dedup();
        ids.sort_unstable();
        ids.dedup();
        for &id in &ids {
            let ranges = labels.iter().filter(|(f, _)| *f == id).map(|(_, r)| r);
            ex.files.push(self.file(id, ranges));
        }
        let mapped = labels
            .iter()
            .map(|(f, r)| {
                let i = ids.iter().position(|x| x == f).unwrap_or(0);
                let file = &ex.files[i];
                (i, file.map(r.start)..file.map(r.end).max(file.map(r.start)))
            })
            .collect();
        (ex, mapped)
    }

    /// The excerpt of file `id` quoting `ranges`: the lines they start and end
    /// on, and every line between (codespan draws a multi-line label whole).
    fn file<'r>(&self, id: usize, ranges: impl Iterator<Item = &'r Range<usize>>) -> Excerpt<'s> {
        let (name, orig, starts) = &self.files[id];
        let line_of = |b: usize| starts.partition_point(|&s| s <= b).saturating_sub(1);
        let mut by_line: Vec<(usize, usize)> = Vec::new();
        for r in ranges {
            let (start, end) = (r.start.min(orig.len()), r.end.min(orig.len()));
            let (first, last) = (line_of(start), line_of(end));
            by_line.push((first, start));
            by_line.extend((first + 1..last).map(|l| (l, starts[l])));
            by_line.push((last, end));
        }
        by_line.sort_unstable();
        // codespan shows the one line between two quoted ones instead of a break.
        let gaps: Vec<(usize, usize)> = by_line
            .windows(2)
            .filter(|w| w[1].0 == w[0].0 + 2)
            .map(|w| (w[0].0 + 1, starts[w[0].0 + 1]))
            .collect();
        by_line.extend(gaps);
        by_line.sort_unstable();
        let mut ex = Excerpt {
            name,
            orig,
            text: String::new(),
            lines: Vec::new(),
        };
        for (line, first) in by_line.iter().copied() {
            if ex.lines.last().is_some_and(|l| l.number == line) {
                continue;
            }
            let start = starts[line];
            let end = starts.get(line + 1).copied().unwrap_or(orig.len());
            let end = start + orig[start..end].trim_end_matches(['\n', '\r']).len();
            ex.push(line, start..end, first);
        }
        ex
    }
}

/// One quoted line: where its window of the original sits in the excerpt.
struct Line {
    /// Line index in the original file.
    number: usize,
    /// Where the original line starts.
    orig_start: usize,
    /// The part of the original line quoted.
    window: Range<usize>,
    /// Where the quoted line starts in the excerpt, and its `…` before.
    start: usize,
    prefix: usize,
    /// One past the quoted line's newline in the excerpt.
    end: usize,
}

/// The quoted lines of one file.
struct Excerpt<'s> {
    name: &'s str,
    orig: &'s str,
    text: String,
    lines: Vec<Line>,
}

impl Excerpt<'_> {
    /// The quoted line with original index `number`.
    /// (Lines are kept in order, so each look-up is a binary search: a label
    /// across a whole file of 100,000 lines is drawn in linear time.)
    fn line(&self, number: usize) -> Option<&Line> {
        let i = self.lines.partition_point(|l| l.number < number);
        self.lines.get(i).filter(|l| l.number == number)
    }

    /// Adds original line `number` (byte range `line`) around byte `first`.
    fn push(&mut self, number: usize, line: Range<usize>, first: usize) {
        let window = if line.len() <= LONG_LINE {
            line.clone()
        } else {
            let lo = floor(self.orig, first.saturating_sub(BEFORE).max(line.start));
            lo..floor(self.orig, (lo + WINDOW).min(line.end))
        };
        let start = self.text.len();
        let prefix = if window.start > line.start {
            ELLIPSIS
        } else {
            ""
        };
        let suffix = if window.end < line.end { ELLIPSIS } else { "" };
        self.text.push_str(prefix);
        self.text.push_str(&self.orig[window.clone()]);
        self.text.push_str(suffix);
        self.text.push('\n');
        self.lines.push(Line {
            number,
            orig_start: line.start,
            window,
            start,
            prefix: prefix.len(),
            end: self.text.len(),
        });
    }

    /// Where original byte `b` is in the excerpt (clamped into its window).
    fn map(&self, b: usize) -> usize {
        let i = self.lines.partition_point(|l| l.orig_start <= b);
        let line = self.lines.get(i.saturating_sub(1));
        line.map_or(0, |l| {
            let b = b.clamp(l.window.start, l.window.end);
            l.start + l.prefix + (b - l.window.start)
        })
    }
}

/// The largest char boundary of `s` at or before `b`.
fn floor(s: &str, mut b: usize) -> usize {
    while !s.is_char_boundary(b) {
        b -= 1;
    }
    b
}

/// The excerpts of one diagnostic, as codespan's source files.
pub struct Excerpts<'s> {
    files: Vec<Excerpt<'s>>,
}

impl<'a, 's: 'a> Files<'a> for Excerpts<'s> {
    type FileId = usize;
    type Name = &'s str;
    type Source = &'a str;

    fn name(&'a self, id: usize) -> Result<&'s str, Error> {
        self.files.get(id).map(|f| f.name).ok_or(Error::FileMissing)
    }

    fn source(&'a self, id: usize) -> Result<&'a str, Error> {
        self.files
            .get(id)
            .map(|f| f.text.as_str())
            .ok_or(Error::FileMissing)
    }

    /// Line indices are those of the original file, so that codespan sees the
    /// gaps between quoted lines.
    fn line_index(&'a self, id: usize, byte: usize) -> Result<usize, Error> {
        let f = self.files.get(id).ok_or(Error::FileMissing)?;
        let i = f.lines.partition_point(|l| l.end <= byte);
        let line = f.lines.get(i).or(f.lines.last());
        Ok(line.map_or(0, |l| l.number))
    }

    fn column_number(&'a self, id: usize, line: usize, byte: usize) -> Result<usize, Error> {
        let f = self.files.get(id).ok_or(Error::FileMissing)?;
        let Some(l) = f.line(line) else {
            return Ok(1);
        };
        let into = byte.saturating_sub(l.start + l.prefix);
        let orig = floor(f.orig, (l.window.start + into).min(l.window.end));
        Ok(f.orig[l.orig_start..orig].chars().count() + 1)
    }

    fn line_range(&'a self, id: usize, line: usize) -> Result<Range<usize>, Error> {
        let f = self.files.get(id).ok_or(Error::FileMissing)?;
        let end = f.text.len();
        Ok(f.line(line).map_or(end..end, |l| l.start..l.end))
    }
}
