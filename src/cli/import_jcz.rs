//! `tilec import-jcz FILE.xml [--set ID] [--out DIR]`: JCloisterZone tile XML →
//! tile text, one set per tile-set of the file.
//!
//! Without `--out`, a file with one set prints its text to stdout, even when some
//! of the file could not be translated (each tile notes what it lost); a file
//! with several sets is refused (exit 2), naming them: one text holds one set.
//! With `--out DIR`, a new directory gets one `ID.tiles` per set and a
//! `sets.toml` with their totals and requirements, ready for `--tiles DIR`; it
//! is written all at once or not at all, and never over anything.
//! The problems go to stderr, located in the XML. The sets are then checked, with
//! the shipped sets they require, like `tilec check` would: an import that exits
//! 0 is ready to use. Exit: 0 clean, 1 problems (import or check), 2 usage or I/O.

use super::input;
use super::output::{self, Files, Target};
use std::path::{Path, PathBuf};
use tilec::diagnostic::Sources;
use tilec::import::jcz::{sets_toml, ImportedSet};

/// Arguments of `tilec import-jcz`.
#[derive(clap::Args)]
pub struct ImportJczArgs {
    /// A JCloisterZone tile definition file (`<pack>` or `<defs>` XML).
    pub file: PathBuf,
    /// The id of the imported set of a file with one (default: the file name
    /// without `.xml`); the sets of a file with several take their tile-sets' ids.
    #[arg(long = "set", value_name = "ID")]
    pub set: Option<String>,
    /// Writes a new directory: one `.tiles` file per set and their `sets.toml`.
    #[arg(long = "out", value_name = "DIR")]
    pub out: Option<PathBuf>,
}

/// Imports, prints or writes the sets, reports problems.
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
    let mut imported = tilec::import::jcz::import(id, sources.text(id), &set_id);
    imported.diagnostics.extend(bad_utf8);
    for set in &mut imported.sets {
        set.text = with_source_note(&set.text, &name);
    }
    let sets = imported.sets;
    let written = match &args.out {
        Some(dir) => write_dir(dir, &sets, &args.file),
        None => print_one(&sets),
    };
    if !imported.diagnostics.is_empty() {
        input::report(&sources, &imported.diagnostics);
    }
    if let Err(msg) = written {
        eprintln!("{msg}");
        return 2;
    }
    if !imported.diagnostics.is_empty() {
        return 1;
    }
    check(&mut sources, &sets, args.out.as_deref(), &name)
}

/// Prints the one set's text; several sets are refused, named.
fn print_one(sets: &[ImportedSet]) -> Result<(), String> {
    match sets {
        [] => Ok(()),
        [one] => {
            out!("{}", one.text);
            Ok(())
        }
        many => {
            let ids: Vec<String> = many.iter().map(|s| format!("`{}`", s.id)).collect();
            Err(format!(
                "error: the file holds {} tile-sets ({}); a tile text holds one set
  = hint: write them all with `--out DIR`, a directory ready for `--tiles DIR`",
                many.len(),
                ids.join(", ")
            ))
        }
    }
}

/// Writes the new directory `dir`: a `.tiles` file per set and `sets.toml`.
fn write_dir(dir: &Path, sets: &[ImportedSet], input: &Path) -> Result<(), String> {
    if sets.is_empty() {
        return Err(format!(
            "error: nothing to write to `{}`: no tile could be read",
            dir.display()
        ));
    }
    let mut files: Files = sets
        .iter()
        .map(|s| (format!("{}.tiles", s.id), s.text.clone().into_bytes()))
        .collect();
    files.push(("sets.toml".into(), sets_toml(sets).into_bytes()));
    output::replace_all(&[Target::NewDir(dir, &files)], &[input.to_path_buf()])
}

/// Compiles the imported sets (with their `sets.toml`, and so the shipped sets
/// they require) and reports what the checks find.
/// Files are named where they were written, or after `xml` (`FILE.xml
/// (imported text)`) when printed.
fn check(sources: &mut Sources, sets: &[ImportedSet], out: Option<&Path>, xml: &str) -> u8 {
    let place = |file: &str| match out {
        Some(dir) => dir.join(file).display().to_string(),
        None if file == "sets.toml" => format!("{xml} (imported sets.toml)"),
        None => format!("{xml} (imported text)"),
    };
    let files: Vec<_> = sets
        .iter()
        .map(|s| sources.add(place(&format!("{}.tiles", s.id)), s.text.clone()))
        .collect();
    let toml = sources.add(place("sets.toml"), sets_toml(sets));
    let compiled = tilec::compile(sources, &files, Some(toml));
    if !compiled.diagnostics.is_empty() {
        input::report(sources, &compiled.diagnostics);
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
