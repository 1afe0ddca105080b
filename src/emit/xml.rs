//! Text written into XML: the one function every XML emitter quotes names,
//! ids and values with.

/// `text` made safe in XML character data and in a `"`-quoted attribute (the
/// only quote tilec writes attributes with): the markup characters as
/// entities, tab and line breaks as character references (an attribute keeps
/// them), and every character XML 1.0 cannot hold at all (the other C0
/// controls, U+FFFE, U+FFFF) as U+FFFD, so that the document stays
/// well-formed whatever a tile's name holds.
pub fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            '\t' => s.push_str("&#9;"),
            '\n' => s.push_str("&#10;"),
            '\r' => s.push_str("&#13;"),
            '\0'..='\u{1f}' | '\u{fffe}' | '\u{ffff}' => s.push('\u{fffd}'),
            c => s.push(c),
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn every_name_gives_well_formed_xml() {
        let hostile = "a\"<&>'\u{1}\u{8}\t\n\r\u{1b}[31m\u{fffe}\u{9b}é";
        let doc = format!("<a name=\"{}\">{}</a>", escape(hostile), escape(hostile));
        let parsed = roxmltree::Document::parse(&doc).expect("well-formed");
        let want = "a\"<&>'\u{fffd}\u{fffd}\t\n\r\u{fffd}[31m\u{fffd}\u{9b}é";
        assert_eq!(parsed.root_element().attribute("name"), Some(want));
        assert_eq!(parsed.root_element().text(), Some(want));
    }
}
