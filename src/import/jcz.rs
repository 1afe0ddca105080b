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
//! | `<road>W E</road>` | `road r W E` (a one-edge road gets an `end`, see `ends.rs`; crossings get `over=` / `under=`, see `write.rs`) |
//! | `<road tunnel="true">W</road>` | `road r W`, `end r at tunnel` (a portal of the Tunnel expansion) |
//! | `<river>W</river>`, tile `group="river-spring"` / `"river-lake"` | `river v W`, `end v at spring` / `lake`; the set is a `river` set |
//! | `<farm>` / `<field>` `EL WR`, `city="N"`, `I` or `INNER_FARM` | `field f EL WR -> c` (no ports: enclosed); a city beside its ports that `city=` leaves out, `not-touching=c2` (see `touching.rs`) |
//! | `<cloister/>` / `<monastery/>`, `<garden/>`, `<yaga-hut/>` | `monastery m`, `garden g`, `hut h` |
//! | `<festival/>`, `<tower/>`, `<watchtower bonus="1/road"/>`, `<razboynik/>`, ... | `mark festival`, `mark tower`, `mark watchtower road`, `mark tree on=r` |
//! | `inn="true"`, `resource="wine"`, `castle-base="false"`, ... on a feature; `wind-rose="NE"` on a tile | `road r W E inn`, `city c N resource=wine no-castle`, `mark wind-rose NE` |
//! | edges that interleave (a road across a river, a road or a city, a city across a city, a river across a city) | `over=v`, `over=r1`, `under=c`, `over=c1` on a city, `under=c` on the river and the fields of its banks; a `tunnel="true"` road with a field on both sides, `under=f` (see `write.rs`) |
//! | `<wagon-move>` / `wagon-move="a"` | where one-edge roads end |
//! | ports no feature covers (the inner sides of the Count's city, see `seam.rs`) | `seam s E S` |
//! | two fields parting at an edge's middle with nothing between them, both touching a city (`HS/C!.v`) | `city c N reaches=S` (see `reach.rs`) |
//! | `<position x="0" y="0"/>` | `start` |
//! | `count`, tile-set `<ref count>` | `count N` |
//!
//! Which element or attribute is which mark is the JCloisterZone column of the
//! vocabulary's table (`vocab::MARKS`), which the exporter writes from too.
//! Every tile-set is a set of its own, with its requirements and removals (see
//! `sets.rs`); several files import together, a tile-set counting tiles of
//! another (see `resolve.rs`).
//! Edge and half-edge names mean the same in both (see `location.rs`). Anything
//! else is reported with its place and noted on the tile, whose remaining
//! features are still written; so is a tile whose own data is not a flat tile
//! (`E421`, the known cases are listed in `docs/import-jcz.md`). The result is in
//! the canonical layout of `tilec fmt`.

mod defects;
mod ends;
mod location;
mod marks;
mod model;
mod reach;
mod read;
mod resolve;
mod seam;
mod sets;
mod sketch;
mod tile;
mod touching;
mod write;
mod xml;

use crate::diagnostic::{Diagnostic, FileId};
pub use location::inner_field;
pub use sets::{sets_toml, ImportedSet, Origin};

/// One file to import with others: its id in the sources, its name (notes on
/// tiles copied from it name it), its text, and the set id it gives when it
/// holds one set.
#[derive(Clone, Copy, Debug)]
pub struct Input<'a> {
    /// The file's id in the caller's sources (diagnostics point into it).
    pub file: FileId,
    /// Its name as the user gave it.
    pub name: &'a str,
    /// The XML.
    pub xml: &'a str,
    /// The id of its set if it has one (made a valid id if it is not one).
    pub set_id: &'a str,
}

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
    import_all(&[Input {
        file,
        name: "",
        xml,
        set_id,
    }])
}

/// Imports several files together, as [`import`] imports one: a tile-set may
/// count (or remove) the tiles of any of them, and the sets of all of them
/// come out in the files' order.
pub fn import_all(inputs: &[Input<'_>]) -> Import {
    let mut diags = Vec::new();
    let docs: Vec<_> = inputs
        .iter()
        .map(|i| match xml::parse(i.file, i.xml) {
            Ok(doc) => Some(doc),
            Err(d) => {
                diags.push(d);
                None
            }
        })
        .collect();
    let read: Vec<read::File> = inputs
        .iter()
        .zip(&docs)
        .map(|(i, doc)| {
            let mut sink = xml::Sink {
                file: i.file,
                diags: &mut diags,
            };
            doc.as_ref()
                .map(|d| read::read(d.root_element(), &mut sink))
                .unwrap_or_default()
        })
        .collect();
    let all = resolve::resolve(read, &mut diags);
    let ids: Vec<FileId> = inputs.iter().map(|i| i.file).collect();
    let names: Vec<&str> = inputs.iter().map(|i| i.name).collect();
    let given: Vec<&str> = inputs.iter().map(|i| i.set_id).collect();
    let files = sets::Files {
        ids: &ids,
        names: &names,
        given: &given,
    };
    let sets = sets::write_all(&files, &all, &mut diags);
    // A tile in two tile-sets is written twice: what writing it found, once.
    // (A set of those seen: 64,000 diagnostics are not compared pairwise.)
    let mut seen = std::collections::HashSet::with_capacity(diags.len());
    let once: Vec<Diagnostic> = diags
        .into_iter()
        .filter(|d| seen.insert(d.clone()))
        .collect();
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
