//! Bytes → `tilec::decode` → `tilec::compile` → `render_plain`: no input may
//! panic, and every diagnostic span must lie on char boundaries inside its file.
//! The first byte chooses whether the rest is one tile file, or a tile file and a
//! `sets.toml` split at the first NUL byte.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tilec::diagnostic::{render_plain, Sources};

#[path = "spans.rs"]
mod spans;
use spans::spans_inside;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let (tiles, toml) = match rest.iter().position(|&b| b == 0) {
        Some(at) if mode & 1 == 1 => (&rest[..at], Some(&rest[at + 1..])),
        _ => (rest, None),
    };
    let mut sources = Sources::new();
    let mut diagnostics = Vec::new();
    let mut add = |sources: &mut Sources, name: &str, bytes: &[u8]| {
        let id = sources.add(name, String::new());
        let (text, diag) = tilec::decode(id, bytes.to_vec());
        sources.set_text(id, text);
        diagnostics.extend(diag);
        id
    };
    let file = add(&mut sources, "fuzz.tiles", tiles);
    let config = toml.map(|t| add(&mut sources, "sets.toml", t));
    let mut compiled = tilec::compile(&sources, &[file], config);
    compiled.diagnostics.extend(diagnostics);
    spans_inside(&sources, &compiled.diagnostics);
    let _ = render_plain(&sources, &compiled.diagnostics);
});
