//! `tilec new SET [--dir DIR] [--name NAME]`: scaffold a tile set.

use std::path::PathBuf;

/// Arguments of `tilec new`.
#[derive(clap::Args)]
pub struct NewArgs {
    /// The new set's id (letters, digits, `-`, `_`).
    pub id: String,
    /// Where the set's file goes (and whose `sets.toml` gets the entry).
    #[arg(long, default_value = "tiles")]
    pub dir: PathBuf,
    /// Display name (default: the id).
    #[arg(long)]
    pub name: Option<String>,
}

/// Writes `DIR/ID.tiles` and appends to `DIR/sets.toml`; refuses to overwrite.
pub fn run(args: &NewArgs) -> u8 {
    let id = &args.id;
    if id.is_empty()
        || !id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        eprintln!("error: `{id}` is not a set id; use letters, digits, `-` and `_`");
        return 2;
    }
    let file = args.dir.join(format!("{id}.tiles"));
    if file.exists() {
        eprintln!(
            "error: `{}` already exists; choose another id",
            file.display()
        );
        return 1;
    }
    let toml = args.dir.join("sets.toml");
    let existing = std::fs::read_to_string(&toml).unwrap_or_default();
    if existing.contains(&format!("id = \"{id}\"")) {
        eprintln!(
            "error: `{}` already has an entry for `{id}`",
            toml.display()
        );
        return 1;
    }
    let name = args.name.clone().unwrap_or_else(|| id.clone());
    let text = tilec::scaffold::tile_file(id, &name);
    let entry = existing + &tilec::scaffold::sets_entry(id);
    for (path, bytes) in [(&file, text.as_bytes()), (&toml, entry.as_bytes())] {
        if let Err(e) = super::output::replace_file(path, bytes) {
            eprintln!("{e}");
            return 2;
        }
    }
    outln!(
        "created {} and its entry in {}",
        file.display(),
        toml.display()
    );
    outln!("next: tilec check {}", args.dir.display());
    0
}
