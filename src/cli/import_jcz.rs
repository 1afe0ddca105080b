//! `tilec import-jcz FILE.xml... [--set ID] [--out DIR]`: JCloisterZone tile XML
//! → tile text, one set per tile-set of the files.
//!
//! Several files import together: a tile-set may count tiles of another file
//! (the Winter edition counts the base game's), which its set then holds. A
//! file named twice is refused (exit 2), and so is `--set` with several files.
//! Without `--out`, a file with one set prints its text to stdout, even when some
//! of the file could not be translated (each tile notes what it lost); a file
//! with several sets is refused (exit 2), naming them: one text holds one set.
//! With `--out DIR`, a new directory gets one `ID.tiles` per set and a
//! `sets.toml` with their totals and requirements, ready for `--tiles DIR`; it
//! is written all at once or not at all, and never over anything.
//! The sets are then checked, with the shipped sets they require, like `tilec
//! check` would: an import that exits 0 is ready to use. The check runs even
//! when the import found problems, so that one run reports them all: the
//! import's (located in the XML) first, then the check's, but for the tiles
//! the import refused (`E421`, `E411`), which are not reported twice.
//! Exit: 0 clean, 1 problems (import or check), 2 usage or I/O.

use super::input;
use super::output::{self, Files, Target};
use std::path::{Path, PathBuf};
use tilec::diagnostic::{Diagnostic, Sources, Span};
use tilec::import::jcz::{sets_toml, ImportedSet, Input, Origin};

/// Arguments of `tilec import-jcz`.
#[derive(clap::Args)]
pub struct ImportJczArgs {
    /// JCloisterZone tile definition files (`<pack>` or `<defs>` XML), imported
    /// together: a tile-set may count the tiles of any of them.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// The id of the imported set of one file with one set (default: the file
    /// name without `.xml`); the sets of a file with several take their
    /// tile-sets' ids.
    #[arg(long = "set", value_name = "ID")]
    pub set: Option<String>,
    /// Writes a new directory: one `.tiles` file per set and their `sets.toml`.
    #[arg(long = "out", value_name = "DIR")]
    pub out: Option<PathBuf>,
}

/// Imports, prints or writes the sets, reports problems.
pub fn run(args: &ImportJczArgs) -> u8 {
    let given = match given_ids(args) {
        Ok(ids) => ids,
        Err(msg) => {
            eprintln!("{msg}");
            return 2;
        }
    };
    let mut sources = Sources::new();
    let mut bad_utf8 = Vec::new();
    let mut names = Vec::new();
    let mut ids = Vec::new();
    for file in &args.files {
        let bytes = match tilec::files::read(file, tilec::limits::Input::JczXml) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("error: {e}");
                return 2;
            }
        };
        // XML may begin with a byte-order mark (tile text may not: `E011`).
        let bytes = match bytes.strip_prefix(b"\xef\xbb\xbf") {
            Some(rest) => rest.to_vec(),
            None => bytes,
        };
        let name = file.display().to_string();
        let id = sources.add(name.clone(), String::new());
        let (xml, bad) = tilec::decode(id, bytes);
        sources.set_text(id, xml);
        bad_utf8.extend(bad);
        names.push(name);
        ids.push(id);
    }
    let inputs: Vec<Input<'_>> = (0..ids.len())
        .map(|i| Input {
            file: ids[i],
            name: &names[i],
            xml: sources.text(ids[i]),
            set_id: &given[i],
        })
        .collect();
    let mut imported = tilec::import::jcz::import_all(&inputs);
    imported.diagnostics.extend(bad_utf8);
    for set in &mut imported.sets {
        set.text = with_source_note(&set.text, &names[set.file]);
    }
    let sets = imported.sets;
    let written = match &args.out {
        Some(dir) => write_dir(dir, &sets, &args.files),
        None => print_one(&sets, args.files.len()),
    };
    if let Err(msg) = written {
        if !imported.diagnostics.is_empty() {
            input::report(&sources, &imported.diagnostics);
        }
        eprintln!("{msg}");
        return 2;
    }
    if let Some(dir) = &args.out {
        outln!("{}", wrote(dir, &sets));
    }
    let xml = match names.as_slice() {
        [one] => one.clone(),
        _ => "the files".to_string(),
    };
    let mut problems = imported.diagnostics;
    problems.extend(check(&mut sources, &sets, args.out.as_deref(), &xml));
    if problems.is_empty() {
        return 0;
    }
    input::report(&sources, &problems);
    1
}

/// The set id each file gives when it holds one set: `--set` for one file,
/// else its name; a file given twice, or `--set` with several, is refused.
fn given_ids(args: &ImportJczArgs) -> Result<Vec<String>, String> {
    // Each file resolved once, then looked up: 3,000 files are not compared
    // pairwise.
    let mut seen = std::collections::HashSet::new();
    for f in &args.files {
        if !seen.insert(f.canonicalize().unwrap_or_else(|_| f.clone())) {
            return Err(format!(
                "error: `{}` is given twice\n  = hint: name each file once",
                f.display()
            ));
        }
    }
    match (&args.set, args.files.as_slice()) {
        (Some(id), _) if !valid_id(id) => Err(format!(
            "error: `--set {id}`: a set id is a letter, then letters, digits, `-` and `_`"
        )),
        (Some(id), [_]) => Ok(vec![id.clone()]),
        (Some(id), _) => Err(format!(
            "error: `--set {id}` names the set of one file, and {} are given\n  = hint: drop `--set`: each file's set takes the file's name",
            args.files.len()
        )),
        (None, files) => Ok(files.iter().map(|f| stem(f)).collect()),
    }
}

/// Prints the one set's text; several sets are refused, named.
fn print_one(sets: &[ImportedSet], files: usize) -> Result<(), String> {
    let what = if files == 1 {
        "file holds"
    } else {
        "files hold"
    };
    match sets {
        [] => Ok(()),
        [one] => {
            out!("{}", one.text);
            Ok(())
        }
        many => {
            let ids: Vec<String> = many.iter().map(|s| format!("`{}`", s.id)).collect();
            Err(format!(
                "error: the {what} {} tile-sets ({}); a tile text holds one set
  = hint: write them all with `--out DIR`, a directory ready for `--tiles DIR`",
                many.len(),
                ids.join(", ")
            ))
        }
    }
}

/// What `--out DIR` says it wrote: "wrote DIR/: 2 sets (a, b) and sets.toml".
fn wrote(dir: &Path, sets: &[ImportedSet]) -> String {
    let ids: Vec<&str> = sets.iter().map(|s| s.id.as_str()).collect();
    format!(
        "wrote {}/: {} ({}) and sets.toml",
        dir.display(),
        tilec::message::plural(sets.len(), "set"),
        ids.join(", ")
    )
}

/// Writes the new directory `dir`: a `.tiles` file per set and `sets.toml`.
fn write_dir(dir: &Path, sets: &[ImportedSet], inputs: &[PathBuf]) -> Result<(), String> {
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
    output::replace_all(&[Target::NewDir(dir, &files)], inputs)
}

/// Compiles the imported sets (with their `sets.toml`, and so the shipped sets
/// they require) and returns what the checks find, but for what lies in a tile
/// the import refused (it has been reported: a second diagnostic would only
/// repeat the defect in other words). A problem inside a tile also points at
/// the JCloisterZone tile it was written from: its id, XML file and line.
/// Files are named where they were written, or after `xml` (`FILE.xml
/// (imported text)`) when printed.
fn check(
    sources: &mut Sources,
    sets: &[ImportedSet],
    out: Option<&Path>,
    xml: &str,
) -> Vec<Diagnostic> {
    let place = |file: &str| match out {
        Some(dir) => dir.join(file).display().to_string(),
        None if file == "sets.toml" => format!("{xml} (imported sets.toml)"),
        None => format!("{xml} (imported text)"),
    };
    let files: Vec<_> = sets
        .iter()
        .map(|s| sources.add(place(&format!("{}.tiles", s.id)), s.text.clone()))
        .collect();
    let refused: Vec<Span> = sets
        .iter()
        .zip(&files)
        .flat_map(|(s, &f)| s.refused_spans(f))
        .collect();
    let origins: Vec<(Span, &Origin)> = sets
        .iter()
        .zip(&files)
        .flat_map(|(s, &f)| s.origin_spans(f))
        .collect();
    let toml = sources.add(place("sets.toml"), sets_toml(sets));
    let compiled = tilec::compile(sources, &files, Some(toml));
    let inside = |d: &Diagnostic, r: &Span| {
        r.file == d.span.file && r.start <= d.span.start && d.span.end <= r.end
    };
    let sources = &*sources;
    compiled
        .diagnostics
        .into_iter()
        .filter(|d| !refused.iter().any(|r| inside(d, r)))
        .map(|d| match origins.iter().find(|(r, _)| inside(&d, r)) {
            Some((_, origin)) => {
                let label = from_jcz(sources, origin);
                d.with(origin.span, label)
            }
            None => d,
        })
        .collect()
}

/// The label naming where an imported tile comes from: "imported from
/// JCloisterZone's tile `HS/C!.v` (hills_and_sheep.xml, line 4)".
fn from_jcz(sources: &Sources, origin: &Origin) -> String {
    let text = sources.text(origin.span.file);
    let at = (origin.span.start as usize).min(text.len());
    let line = text.as_bytes()[..at]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1;
    format!(
        "imported from JCloisterZone's tile `{}` ({}, line {line})",
        origin.jcz,
        sources.name(origin.span.file)
    )
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
    let escaped = tilec::format::in_string(file);
    text.replacen(
        "Imported from JCloisterZone tile XML by",
        &format!("Imported from JCloisterZone tile XML `{escaped}` by"),
        1,
    )
}
