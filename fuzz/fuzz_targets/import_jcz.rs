//! Bytes → `tilec::import::jcz::import` → (when clean) `tilec::compile` of the
//! sets it wrote, with their `sets.toml`: malformed or hostile XML may give
//! diagnostics, never a panic, and every span lies on char boundaries inside the
//! XML. Input that is not UTF-8 is skipped (the CLI refuses it before importing).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tilec::diagnostic::{render_plain, Sources};

#[path = "spans.rs"]
mod spans;
use spans::spans_inside;

fuzz_target!(|data: &[u8]| {
    let Ok(xml) = std::str::from_utf8(data) else {
        return;
    };
    let mut sources = Sources::new();
    let id = sources.add("fuzz.xml", xml.to_string());
    let got = tilec::import::jcz::import(id, sources.text(id), "fuzz");
    spans_inside(&sources, &got.diagnostics);
    let _ = render_plain(&sources, &got.diagnostics);
    // What the import wrote must compile without a panic, clean or not.
    let mut compiled = Sources::new();
    let ids: Vec<_> = got
        .sets
        .iter()
        .map(|s| compiled.add(format!("{}.tiles", s.id), s.text.clone()))
        .collect();
    let toml = compiled.add("sets.toml", tilec::import::jcz::sets_toml(&got.sets));
    let result = tilec::compile(&compiled, &ids, Some(toml));
    spans_inside(&compiled, &result.diagnostics);
    let _ = render_plain(&compiled, &result.diagnostics);
});
