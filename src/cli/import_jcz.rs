//! `tilec import-jcz FILE.xml [--set ID]`: JCloisterZone tile XML → tile text.
//!
//! The text goes to stdout, even when some of the file could not be translated
//! (each tile notes what it lost); the problems go to stderr, located in the XML.
//! The text is then checked like `tilec check` would, so that an import that
//! exits 0 is ready to use. Exit: 0 clean, 1 problems (import or check), 2 usage
//! or I/O.

use super::input;
use std::path::{Path, PathBuf};
use tilec::diagnostic::Sources;

/// Arguments of `tilec import-jcz`.
#[derive(clap::Args)]
pub struct ImportJczArgs {
    /// A JCloisterZone tile definition file (`<pack>` or `<defs>` XML).
    pub file: PathBuf,
    /// The id of the imported set (default: the file name without `.xml`).
    #[arg(long = "set", value_name = "ID")]
    pub set: Option<String>,
}

/// Imports, prints the tile text, reports problems.
pub fn run(args: &ImportJczArgs) -> u8 {
    let set_id = match &args.set {
        Some(id) if valid_id(id) => id.clone(),
        Some(id) => {
            eprintln!(
                "error: `--set {id}`: a set id is a letter, then letters, digits, `-` and `_`"
            );
            return 2;
        }
        None => stem(&args.file),
    };
    let bytes = match std::fs::read(&args.file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{}", input::io_error(&args.file, &e).0);
            return 2;
        }
    };
    let mut sources = Sources::new();
    let name = args.file.display().to_string();
    let id = sources.add(name.clone(), String::new());
    let (xml, bad_utf8) = tilec::decode(id, bytes);
    sources.set_text(id, xml);
    let (text, mut diags) = tilec::import::jcz::import(id, sources.text(id), &set_id);
    diags.extend(bad_utf8);
    let text = with_source_note(&text, &name);
    out!("{text}");
    if !diags.is_empty() {
        input::report(&sources, &diags);
        return 1;
    }
    let out = sources.add(format!("{name} (imported text)"), text);
    let compiled = tilec::compile(&sources, &[out], None);
    if !compiled.diagnostics.is_empty() {
        input::report(&sources, &compiled.diagnostics);
        return 1;
    }
    0
}

/// The set id a file name gives: its stem (the library makes it a valid id).
fn stem(path: &Path) -> String {
    let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned());
    stem.unwrap_or_else(|| "imported".into())
}

fn valid_id(id: &str) -> bool {
    id.starts_with(|c: char| c.is_ascii_alphabetic())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Names the imported file in the set's note (the library does not know it).
fn with_source_note(text: &str, file: &str) -> String {
    let escaped = file
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n");
    text.replacen(
        "Imported from JCloisterZone tile XML by",
        &format!("Imported from JCloisterZone tile XML `{escaped}` by"),
        1,
    )
}
