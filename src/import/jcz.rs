//! JCloisterZone tile XML → tile text (`tilec import-jcz`).
//!
//! JCloisterZone, an open-source Carcassonne engine, describes tiles in XML.
//! Both of its layouts are read (see `read.rs`): the older `<pack>` of `<card>`s
//! with a `count` each, and the newer `<defs>` of `<tile>`s counted by tile-set
//! `<ref>`s. What each element becomes:
//!
//! | JCloisterZone | tile text |
//! |---|---|
//! | `<city>N E</city>`, `pennant="1"` / `pennants="2"` | `city c N E pennants=N` |
//! | `<road>W E</road>` | `road r W E` (a one-edge road gets an `end`, see `ends.rs`) |
//! | `<river>W</river>`, tile `group="river-spring"` / `"river-lake"` | `river v W`, `end v at spring` / `lake`; the set is a `river` set |
//! | `<farm>` / `<field>` `EL WR`, `city="N"`, `I` or `INNER_FARM` | `field f EL WR -> c` (no ports: enclosed) |
//! | `<cloister/>` / `<monastery/>`, `<garden/>`, `<yaga-hut/>` | `monastery m`, `garden g`, `hut h` |
//! | `<festival/>`, `<tower/>`, `<watchtower bonus="1/road"/>`, `<razboynik/>`, ... | `mark festival`, `mark tower`, `mark watchtower road`, `mark tree on=r` |
//! | `inn="true"`, `resource="wine"`, `castle-base="false"`, ... on a feature; `wind-rose="NE"` on a tile | `road r W E inn`, `city c N resource=wine no-castle`, `mark wind-rose NE` |
//! | edges that interleave (a road across a river, a road or a city) | `over=v`, `over=r1`, `under=c` |
//! | `<wagon-move>` / `wagon-move="a"` | where one-edge roads end |
//! | `<position x="0" y="0"/>` | `start` |
//! | `count`, tile-set `<ref count>` | `count N` |
//!
//! Which element or attribute is which mark is the JCloisterZone column of the
//! vocabulary's table (`vocab::MARKS`), which the exporter writes from too.
//! Every tile-set is a set of its own, with its requirements (see `sets.rs`).
//! Edge and half-edge names mean the same in both (see `location.rs`). Anything
//! else is reported with its place and noted on the tile, whose remaining features
//! are still written. The result is in the canonical layout of `tilec fmt`.

mod ends;
mod location;
mod marks;
mod model;
mod read;
mod sets;
mod tile;
mod write;
mod xml;

use crate::diagnostic::{Diagnostic, FileId};
pub use location::inner_field;
pub use sets::{sets_toml, ImportedSet};

/// What a file imports as: a set per tile-set, and every problem located in the
/// file's XML.
#[derive(Debug)]
pub struct Import {
    /// The sets, in the file's order (none when nothing could be read).
    pub sets: Vec<ImportedSet>,
    /// Every problem, each once.
    pub diagnostics: Vec<Diagnostic>,
}

/// Converts JCloisterZone tile XML into tile text, one set per `<tile-set>`
/// (see `sets.rs` for their ids and requirements). `set_id` names the set of a
/// file with one set (made a valid id if it is not one); it is not used for a
/// file with several. The sets are worth writing even with diagnostics: they
/// hold what could be translated, with a note on each tile that lost something.
pub fn import(file: FileId, xml: &str, set_id: &str) -> Import {
    let mut diags = Vec::new();
    let mut sink = xml::Sink {
        file,
        diags: &mut diags,
    };
    let (tiles, tile_sets) = match xml::parse(file, xml) {
        Ok(doc) => read::read(doc.root_element(), &mut sink),
        Err(d) => {
            sink.diags.push(d);
            (Vec::new(), Vec::new())
        }
    };
    let sets = sets::write_all(set_id, &tiles, &tile_sets, &mut sink);
    // A tile in two tile-sets is written twice: what writing it found, once.
    let mut once: Vec<Diagnostic> = Vec::with_capacity(diags.len());
    for d in diags {
        if !once.contains(&d) {
            once.push(d);
        }
    }
    Import {
        sets,
        diagnostics: once,
    }
}

/// The text in the canonical layout (as written when it does not parse, which
/// would be a bug here: every word is sanitised and every string escaped).
pub(crate) fn canonical(text: String) -> String {
    let (ast, diags) = crate::syntax::parse(0, &text);
    if diags.is_empty() {
        crate::format::format(&ast)
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_ids_still_give_text_that_parses() {
        let xml = r#"<pack><card id="a&quot;b\ &#10;é+" count="2"><city>N</city>
            <farm city="N">EL ER SL SR WL WR</farm></card></pack>"#;
        let got = import(0, xml, "x y");
        assert!(got.diagnostics.is_empty(), "{:?}", got.diagnostics);
        let text = &got.sets[0].text;
        let (_, parse) = crate::syntax::parse(0, text);
        assert!(parse.is_empty(), "{text}");
        assert!(text.starts_with("set x-y \"x-y\" {"), "{text}");
        assert!(
            text.contains("tile a-b-plus \"a\\\"b\\\\ \\n\u{e9}+\" {"),
            "{text}"
        );
    }

    #[test]
    fn malformed_xml_gives_no_set_and_one_diagnostic() {
        let got = import(0, "<pack><card id='x'></pack>", "s");
        assert_eq!(got.diagnostics.len(), 1);
        assert_eq!(got.diagnostics[0].kind.code(), "E400");
        assert!(got.sets.is_empty());
    }
}
