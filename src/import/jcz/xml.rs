//! Small helpers over `roxmltree`: spans for diagnostics, element children,
//! attributes, and the diagnostic for malformed XML.

use crate::diagnostic::{Diagnostic, FileId, Span};
use crate::message::Kind;
use roxmltree::{Attribute, Document, Node};

/// Where diagnostics go, with the file they point into.
pub struct Sink<'d> {
    /// The file being imported.
    pub file: FileId,
    /// Every problem found so far.
    pub diags: &'d mut Vec<Diagnostic>,
}

impl Sink<'_> {
    /// Reports `kind` at `span`.
    pub fn push(&mut self, kind: Kind, span: Span) {
        self.diags.push(Diagnostic::new(kind, span));
    }

    /// How many problems have been reported so far.
    pub fn count(&self) -> usize {
        self.diags.len()
    }

    /// The span of an element's name in its start tag (`tower` in `<tower/>`).
    pub fn tag(&self, node: Node<'_, '_>) -> Span {
        let start = node.range().start + 1;
        let input = node.document().input_text();
        let len = input[start..]
            .find(|c: char| c.is_whitespace() || c == '/' || c == '>')
            .unwrap_or(0);
        Span::new(self.file, start, start + len)
    }

    /// The span of a whole attribute (`count="x"`).
    pub fn attr(&self, a: &Attribute<'_, '_>) -> Span {
        let r = a.range();
        Span::new(self.file, r.start, r.end)
    }

    /// The span of `len` bytes at `offset` in an attribute's value.
    pub fn in_value(&self, a: &Attribute<'_, '_>, offset: usize, len: usize) -> Span {
        let r = a.range_value();
        // Offsets hold only when the raw value has no entity references.
        if r.len() == a.value().len() {
            Span::new(self.file, r.start + offset, r.start + offset + len)
        } else {
            self.attr(a)
        }
    }

    /// Reports an element this importer cannot translate.
    pub fn element(&mut self, node: Node<'_, '_>) {
        let parent = node.parent_element().map(|p| p.tag_name().name());
        let kind = Kind::JczElement {
            element: node.tag_name().name().into(),
            parent: parent.unwrap_or("document").into(),
        };
        self.push(kind, self.tag(node));
    }

    /// Reports an attribute this importer cannot translate.
    pub fn attribute(&mut self, node: Node<'_, '_>, a: &Attribute<'_, '_>) {
        let kind = Kind::JczAttribute {
            attribute: format!("{}=\"{}\"", a.name(), a.value()),
            element: node.tag_name().name().into(),
        };
        self.push(kind, self.attr(a));
    }
}

/// The element children of `node`. Text that is not blank is reported (it
/// would be dropped otherwise); comments and processing instructions are not.
pub fn children<'a, 'i>(node: Node<'a, 'i>, sink: &mut Sink<'_>) -> Vec<Node<'a, 'i>> {
    let mut out = Vec::new();
    for c in node.children() {
        if c.is_element() {
            out.push(c);
        } else if c.is_text() && c.text().is_some_and(|t| !t.trim().is_empty()) {
            let (r, t) = (c.range(), c.text().unwrap_or_default());
            // Point at the words themselves when offsets in the raw text are exact.
            let (start, end) = match r.len() == t.len() {
                true => {
                    let lead = t.len() - t.trim_start().len();
                    (r.start + lead, r.start + t.trim_end().len())
                }
                false => (r.start, r.end),
            };
            let kind = Kind::JczText {
                parent: node.tag_name().name().into(),
            };
            sink.push(kind, Span::new(sink.file, start, end));
        }
    }
    out
}

/// The text of an element, and the file offset where it starts when offsets
/// within it are exact (one text node, no entity references).
pub fn text(node: Node<'_, '_>) -> (String, Option<usize>) {
    let texts: Vec<Node<'_, '_>> = node.children().filter(|c| c.is_text()).collect();
    let text: String = texts.iter().filter_map(|c| c.text()).collect();
    let start = match texts.as_slice() {
        [one] if one.range().len() == text.len() => Some(one.range().start),
        _ => None,
    };
    (text, start)
}

/// The diagnostic for XML that does not parse.
pub fn syntax_error(file: FileId, xml: &str, e: &roxmltree::Error) -> Diagnostic {
    let pos = e.pos();
    let at = offset_of(xml, pos.row as usize, pos.col as usize);
    let end = xml[at..].chars().next().map_or(at, |c| at + c.len_utf8());
    let message = e.to_string().replace(&format!(" at {pos}"), "");
    Diagnostic::new(Kind::XmlSyntax { message }, Span::new(file, at, end))
}

/// The byte offset of a 1-based row and column (in characters), clamped to the text.
fn offset_of(text: &str, row: usize, col: usize) -> usize {
    let line_start = if row <= 1 {
        0
    } else {
        text.match_indices('\n')
            .nth(row - 2)
            .map_or(text.len(), |(i, _)| i + 1)
    };
    let line = &text[line_start..];
    let line = &line[..line.find('\n').unwrap_or(line.len())];
    let within = line
        .char_indices()
        .nth(col.saturating_sub(1))
        .map_or(line.len(), |(i, _)| i);
    line_start + within
}

/// Parses `xml`, or gives the located diagnostic.
pub fn parse(file: FileId, xml: &str) -> Result<Document<'_>, Diagnostic> {
    Document::parse(xml).map_err(|e| syntax_error(file, xml, &e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_and_columns_become_offsets() {
        let t = "ab\ncdé\nf";
        assert_eq!(offset_of(t, 1, 1), 0);
        assert_eq!(offset_of(t, 2, 3), 5);
        assert_eq!(offset_of(t, 2, 4), 7, "after the two-byte é");
        assert_eq!(offset_of(t, 9, 9), t.len());
    }

    #[test]
    fn malformed_xml_is_located() {
        let d = parse(0, "<pack>\n  <card>\n</pack>").unwrap_err();
        assert_eq!(d.kind.code(), "E400");
        assert!(d.span.start > 6, "{d:?}");
    }
}
