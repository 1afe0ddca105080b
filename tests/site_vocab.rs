//! The reference site describes, in words on each tile's page, every mark of
//! the vocabulary ([`tilec::vocab::MARKS`]: its description, its value and the
//! segment it stands on) and every bridge and tunnel, not only a badge on the
//! picture. The marks come from `tests/vocab/marks.tiles` (written for the
//! tests) and, for the town hall, the shipped Messengers & Mayors.

mod common;

use std::collections::BTreeMap;
use tilec::emit::html::{self, file_stem};
use tilec::model::{Model, Tile};
use tilec::vocab::MARKS;
use tilec_runtime::{SegmentKind, NO_SEGMENT};

fn compiled(dir: &str) -> Model {
    let (sources, compiled) = common::compile_dir(&common::root().join(dir));
    let shown = tilec::diagnostic::render_plain(&sources, &compiled.diagnostics);
    assert!(compiled.diagnostics.is_empty(), "{shown}");
    compiled.model
}

/// Each tile of `model` with the text of its page (tags taken out).
fn pages(model: &Model) -> Vec<(Tile, String)> {
    let site: BTreeMap<String, Vec<u8>> = html::emit(model, &[]).into_iter().collect();
    let mut out = Vec::new();
    for set in &model.sets {
        for tile in &set.tiles {
            let local = tile.id.split_once('/').map_or(tile.id.as_str(), |(_, l)| l);
            let path = format!("tiles/{}/{}.html", file_stem(&set.id), file_stem(local));
            let page = site.get(&path).unwrap_or_else(|| panic!("no page {path}"));
            out.push((tile.clone(), words(&String::from_utf8_lossy(page))));
        }
    }
    out
}

/// The page's text without tags, with entities for `'` and `&` read back.
fn words(page: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    for c in page.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.replace("&#x27;", "'")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

#[test]
fn every_mark_of_the_vocabulary_is_described_on_its_tiles_pages() {
    let mut tiles = pages(&compiled("tests/vocab"));
    tiles.extend(pages(&common::shipped().model));
    for row in MARKS {
        let on: Vec<_> = tiles
            .iter()
            .flat_map(|(t, text)| t.marks.iter().map(move |m| (t, m, text)))
            .filter(|(_, m, _)| m.kind == row.kind)
            .collect();
        assert!(!on.is_empty(), "no fixture tile has `{}`", row.keyword);
        for (tile, mark, text) in on {
            let what = format!("{}: {}", tile.id, row.keyword);
            assert!(text.contains(row.what), "{what}: no \"{}\"", row.what);
            if let Some(v) = mark.value_text() {
                assert!(
                    text.contains(&format!("{}: {v}", row.keyword)),
                    "{what}: value {v}"
                );
            }
            if mark.segment != NO_SEGMENT {
                let seg = &tile.segments[usize::from(mark.segment)].name;
                assert!(text.contains(&format!(" on {seg}")), "{what}: on {seg}");
            }
            if !mark.kind.played() {
                assert!(text.contains("carried only"), "{what}: not said unplayed");
            }
        }
    }
}

#[test]
fn bridges_and_tunnels_are_described() {
    let tiles = pages(&compiled("tests/crossings"));
    let mut seen = (0, 0);
    for (tile, text) in &tiles {
        for s in &tile.segments {
            if s.bridges != 0 {
                seen.0 += 1;
                assert!(text.contains(&format!("{}: ", s.name)), "{}", tile.id);
                assert!(text.contains("on a bridge over"), "{}: {}", tile.id, s.name);
            }
            if s.tunnels != 0 {
                seen.1 += 1;
                assert!(text.contains(" under "), "{}: {}", tile.id, s.name);
                if s.kind == SegmentKind::Road {
                    assert!(text.contains("in a tunnel under"), "{}", tile.id);
                }
            }
        }
    }
    assert!(
        seen.0 > 0 && seen.1 > 0,
        "the fixture has bridges and tunnels: {seen:?}"
    );
}

#[test]
fn seams_are_described_in_the_vocabulary_s_words() {
    let model = compiled("tests/seams");
    let mut seen = 0;
    for (tile, text) in pages(&model) {
        for s in tile.segments.iter().filter(|s| s.kind == SegmentKind::Seam) {
            let line = format!("seam {}: ", s.name);
            assert!(text.contains(&line), "{}: {line}", tile.id);
            assert!(text.contains(tilec::vocab::SEAM_WHAT), "{}", tile.id);
            assert!(text.contains(" seam"), "{}: its edges", tile.id);
            seen += 1;
        }
    }
    assert_eq!(seen, 4, "the keep's four squares");
}
