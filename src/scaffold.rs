//! `scaffold`: the starting text of a new tile set (`tilec new SET`): a commented
//! tile file that checks clean, and its `sets.toml` entry.

/// The longest display name `tilec new --name` takes, in characters.
pub const MAX_NAME: usize = 100;

/// Refuses a display name that cannot be a set's name: empty, longer than
/// [`MAX_NAME`], or holding a control character (a line break, tab, escape).
pub fn check_name(name: &str) -> Result<(), String> {
    let chars = name.chars().count();
    if name.trim().is_empty() {
        return Err("the name is empty".into());
    }
    if chars > MAX_NAME {
        return Err(format!(
            "the name has {chars} characters; at most {MAX_NAME}"
        ));
    }
    match name.chars().find(|c| c.is_control()) {
        Some(c) => Err(format!(
            "the name holds the control character {c:?}; a name is one line of text"
        )),
        None => Ok(()),
    }
}

/// The tile file for a new set (`id` a word, `name` any text: it is written
/// as a string).
pub fn tile_file(id: &str, name: &str) -> String {
    let name = crate::format::quote(name);
    format!(
        r#"# {id}: a new tile set. Edit the tiles, then run `tilec check` and
# `tilec render` on this file. The language is described in tiles/GRAMMAR.md
# of the tilec repository; `tilec check --explain CODE` explains a diagnostic.

set {id} {name} {{
  edition "first draft"
  provenance reconstructed          # say `sourced` once the tiles are final
  note "Describe the set here; notes appear on its reference page."
}}

# A city on the north edge with a road crossing below it.
tile A "City with road" {{
  count 2
  city c N pennants=1               # a coat of arms
  road r W E                        # the road runs from edge to edge
  field f1 EL WR -> c               # the strip between city and road
  field f2 ER SL SR WL              # the field south of the road
  copies - farmhouse                # one entry per copy: its illustrations
}}

# Three roads meeting at a village.
tile B "Village" {{
  count 2
  road r1 E
  road r2 S
  road r3 W
  end r1 r2 r3 at village           # where the roads end
  field f1 WR N EL                  # the north field
  field f2 ER SL                    # between the east and south roads
  field f3 SR WL                    # between the south and west roads
}}
"#
    )
}

/// The `sets.toml` entry for a new set with the scaffold's tiles.
pub fn sets_entry(id: &str) -> String {
    format!("\n[[set]]\nid = \"{id}\"\ntotal = 4                 # copies in the set; tilec check compares\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::{render_plain, Sources};

    #[test]
    fn a_new_set_checks_clean_and_is_canonical() {
        let mut sources = Sources::new();
        let file = sources.add("castles.tiles", tile_file("castles", "Castles"));
        let toml = sources.add("sets.toml", sets_entry("castles"));
        let compiled = crate::compile(&sources, &[file], Some(toml));
        assert!(
            compiled.diagnostics.is_empty(),
            "{}",
            render_plain(&sources, &compiled.diagnostics)
        );
        assert_eq!(compiled.model.sets[0].total(), 4);
        let (ast, _) = crate::syntax::parse(file, sources.text(file));
        assert_eq!(crate::format::format(&ast), sources.text(file));
    }

    #[test]
    fn a_hostile_name_stays_inside_its_string() {
        for name in [
            "X\ntile Z \"z\" {",
            "a\"b\\c",
            "tab\there",
            "esc\u{1b}[2J",
            "cr\r",
        ] {
            let mut sources = Sources::new();
            let file = sources.add("castles.tiles", tile_file("castles", name));
            let toml = sources.add("sets.toml", sets_entry("castles"));
            let compiled = crate::compile(&sources, &[file], Some(toml));
            assert!(
                compiled.diagnostics.is_empty(),
                "{name:?}: {}",
                render_plain(&sources, &compiled.diagnostics)
            );
            assert_eq!(compiled.model.sets[0].tiles.len(), 2, "{name:?}");
        }
        assert!(check_name("X\ntile Z").is_err());
        assert!(check_name(&"x".repeat(MAX_NAME + 1)).is_err());
        assert!(check_name("Château \"fort\"").is_ok());
    }
}
