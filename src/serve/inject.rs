//! What the server adds to every page it serves (the built site itself has no
//! scripts): a small bar linking the Play page, the live-reload script, and,
//! after a failed build, the diagnostics over the page.

/// The page `html` with the bar, the script and the error (if any) added
/// before its `</body>` (or at its end).
pub fn page(html: &[u8], generation: u64, error: Option<&str>) -> Vec<u8> {
    let snippet = snippet(generation, error);
    let at = find_last(html, b"</body>").unwrap_or(html.len());
    let mut out = Vec::with_capacity(html.len() + snippet.len());
    out.extend_from_slice(&html[..at]);
    out.extend_from_slice(snippet.as_bytes());
    out.extend_from_slice(&html[at..]);
    out
}

/// A page for a path the site does not have (or nothing built yet): it
/// reloads with the site like any other page.
pub fn missing(path: &str, why: &str, generation: u64, error: Option<&str>) -> Vec<u8> {
    let body = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>not found</title></head><body><main class=\"tilec-missing\">\
         <h1>{}</h1><p>{why}. <a href=\"/index.html\">The index</a></p></main></body></html>",
        escape(path)
    );
    page(body.as_bytes(), generation, error)
}

fn snippet(generation: u64, error: Option<&str>) -> String {
    let overlay = match error {
        Some(text) => format!(
            "<div id=\"tilec-overlay\" role=\"alert\"><div class=\"tilec-box\">\
             <p class=\"tilec-head\">the last build failed: this is the last good site; \
             fix the file and it comes back</p><pre id=\"tilec-error\">{}</pre>\
             <button type=\"button\" id=\"tilec-hide\">hide</button></div></div>",
            escape(text)
        ),
        None => String::new(),
    };
    format!(
        "<link rel=\"stylesheet\" href=\"/__tilec/live.css\">\
         <nav id=\"tilec-bar\"><a href=\"/index.html\">Tiles</a> \
         <a href=\"/play/\">Play</a> <span id=\"tilec-state\">live</span></nav>\
         {overlay}<script src=\"/__tilec/live.js\" data-generation=\"{generation}\"></script>"
    )
}

fn find_last(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).rposition(|w| w == needle)
}

/// Text made safe inside HTML elements and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}
