//! `scaffold`: the starting text of a new tile set (`tilec new SET`): a commented
//! tile file that checks clean, and its `sets.toml` entry.

/// The tile file for a new set.
pub fn tile_file(id: &str, name: &str) -> String {
    format!(
        r#"# {name}: a new tile set. Edit the tiles, then run `tilec check` and
# `tilec render` on this file. The language is described in tiles/GRAMMAR.md
# of the tilec repository; `tilec check --explain CODE` explains a diagnostic.

set {id} {name:?} {{
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
}
