//! `tilec new SET [--dir DIR] [--name NAME]`: scaffold a tile set.

use super::output::{Locks, Target};
use std::path::{Path, PathBuf};

/// Arguments of `tilec new`.
#[derive(clap::Args)]
pub struct NewArgs {
    /// The new set's id (a letter, then letters, digits, `-`, `_`).
    pub id: String,
    /// Where the set's file goes (and whose `sets.toml` gets the entry); `--tiles`
    /// names it too, as for the commands that read tiles.
    #[arg(long, visible_alias = "tiles", default_value = "tiles")]
    pub dir: PathBuf,
    /// Display name (default: the id).
    #[arg(long)]
    pub name: Option<String>,
}

/// Writes `DIR/ID.tiles` and appends to `DIR/sets.toml`; refuses to overwrite.
/// Exit 0 written, 2 refused (a bad id, an existing file or entry) or I/O.
pub fn run(args: &NewArgs) -> u8 {
    let id = &args.id;
    if !id.starts_with(|c: char| c.is_ascii_alphabetic())
        || !id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        eprintln!("error: `{id}` is not a set id; begin with a letter, then use letters, digits, `-` and `_`");
        return 2;
    }
    let name = args.name.clone().unwrap_or_else(|| id.clone());
    if let Err(why) = tilec::scaffold::check_name(&name) {
        eprintln!("error: --name: {why}");
        return 2;
    }
    let file = args.dir.join(format!("{id}.tiles"));
    let toml = args.dir.join("sets.toml");
    // Held from reading `sets.toml` to writing it: a second `tilec new` into
    // the same directory waits, and then sees this one's entry.
    let mut locks = Locks::default();
    if let Err(msg) = locks.lock_for(&toml) {
        eprintln!("{msg}");
        return 2;
    }
    if std::fs::symlink_metadata(&file).is_ok() {
        eprintln!(
            "error: `{}` already exists; choose another id",
            file.display()
        );
        return 2;
    }
    let existing = match read_sets_toml(&toml) {
        Ok(text) => text,
        Err(msg) => {
            eprintln!("{msg}");
            return 2;
        }
    };
    if existing.contains(&format!("id = \"{id}\"")) {
        eprintln!(
            "error: `{}` already has an entry for `{id}`",
            toml.display()
        );
        return 2;
    }
    let text = tilec::scaffold::tile_file(id, &name);
    let entry = existing + &tilec::scaffold::sets_entry(id);
    let targets = [
        Target::NewFile(&file, text.as_bytes()),
        Target::File(&toml, entry.as_bytes()),
    ];
    if let Err(e) = locks.replace_all(&targets, &[]) {
        eprintln!("{e}");
        return 2;
    }
    outln!(
        "created {} and its entry in {}",
        file.display(),
        toml.display()
    );
    outln!("next: tilec check {}", args.dir.display());
    0
}

/// The current `sets.toml` (empty when there is none yet). A file that cannot be
/// read as text is an error: appending to it would lose what it holds.
fn read_sets_toml(toml: &Path) -> Result<String, String> {
    let shown = toml.display();
    let bytes = match tilec::files::read(toml, tilec::limits::Input::SetsToml) {
        Ok(b) => b,
        Err(e) if e.error.kind() == std::io::ErrorKind::NotFound => return Ok(String::new()),
        Err(e) => return Err(format!("error: {e}; nothing was written")),
    };
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        format!("error: `{shown}` is not valid UTF-8 (byte {at}); save it as UTF-8, nothing was written")
    })
}
