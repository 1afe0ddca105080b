//! The tile reference site: an index of all sets, a page per set and a page per
//! tile (all four rotations), with the previews and sheets, as an in-memory list
//! of files. The CLI writes them.
//!
//! The site is self-contained (relative links only, a local stylesheet, no
//! scripts, no remote assets) and deterministic: files come out sorted by path,
//! with no time stamps and no absolute paths.

mod pictures;
mod rules;
mod sourcing;
mod view;

use super::png;
use crate::model::Model;
use askama::Template;
use view::{SetView, TileView};

pub use pictures::{Pictures, Previews};
pub use view::file_stem;

/// One file of the site: a path relative to the site root (`/`-separated) and
/// its bytes.
pub type SiteFile = (String, Vec<u8>);

/// What the check said about one set, for the index.
#[derive(Clone, Copy, Debug, Default)]
pub struct SetCheck {
    /// Copies `sets.toml` expects in the set, if it lists it.
    pub expected_total: Option<u32>,
    /// Diagnostics reported for the set's source.
    pub problems: usize,
}

#[derive(Template)]
#[template(path = "index.html")]
struct IndexPage<'a> {
    root: &'a str,
    sets: &'a [SetView],
    kinds: usize,
    total: u32,
    marks: Vec<MarkLegend>,
    aspects: Vec<(&'static str, &'static str)>,
}

/// One mark in the legend: its badge's letters, keyword and meaning.
struct MarkLegend {
    letters: &'static str,
    keyword: &'static str,
    what: &'static str,
}

/// The marks drawn as letter badges (the four the engine plays have pictures).
fn mark_legend() -> Vec<MarkLegend> {
    crate::vocab::MARKS
        .iter()
        .filter(|r| !r.kind.played())
        .map(|r| MarkLegend {
            letters: png::mark_letters(r.kind),
            keyword: r.keyword,
            what: r.what,
        })
        .collect()
}

#[derive(Template)]
#[template(path = "set.html")]
struct SetPage<'a> {
    root: &'a str,
    set: &'a SetView,
}

struct Rotation {
    turns: u8,
    degrees: u32,
    alt: String,
    edges: [&'static str; 4],
}

#[derive(Template)]
#[template(path = "tile.html")]
struct TilePage<'a> {
    root: &'a str,
    set: &'a SetView,
    t: &'a TileView,
    rotations: Vec<Rotation>,
}

/// The whole site for `model`; `checks[i]` describes `model.sets[i]` (missing
/// entries count as clean). Files are sorted by path.
pub fn emit(model: &Model, checks: &[SetCheck]) -> Vec<SiteFile> {
    emit_with(model, checks, &mut Pictures::new())
}

/// [`emit`], drawing only the pictures that `pictures` does not hold already
/// (and keeping those it draws there): the same files, faster when few kinds
/// changed since the last build.
pub fn emit_with(model: &Model, checks: &[SetCheck], pictures: &mut Pictures) -> Vec<SiteFile> {
    let views: Vec<SetView> = model
        .sets
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let c = checks.get(i).copied().unwrap_or_default();
            SetView::new(s, c.expected_total, c.problems)
        })
        .collect();
    let mut files = vec![
        (
            "style.css".to_string(),
            include_bytes!("../../../templates/style.css").to_vec(),
        ),
        ("index.html".to_string(), index(&views).into_bytes()),
    ];
    for (set, view) in model.sets.iter().zip(&views) {
        files.push((
            format!("sets/{}.html", view.stem),
            set_page(view).into_bytes(),
        ));
        let runtime = set.to_runtime();
        for (tv, kind) in view.tiles.iter().zip(runtime.tiles.iter()) {
            let page = tile_page(view, tv);
            files.push((
                format!("tiles/{}/{}.html", view.stem, tv.stem),
                page.into_bytes(),
            ));
            let previews = pictures.previews(kind);
            for (r, png) in previews.png.iter().enumerate() {
                let path = format!("img/{}/{}-{r}.png", view.stem, tv.stem);
                files.push((path, png.clone()));
            }
        }
        let sheet = pictures.sheet(&runtime);
        files.push((format!("img/{}/sheet.png", view.stem), sheet.to_vec()));
    }
    files.sort_by(|a, b| a.0.cmp(&b.0));
    files.dedup_by(|a, b| a.0 == b.0);
    files
}

/// The page of one set alone (what the golden test compares).
pub fn set_page_for(model: &Model, set_id: &str, check: SetCheck) -> Option<String> {
    let set = model.sets.iter().find(|s| s.id == set_id)?;
    Some(set_page(&SetView::new(
        set,
        check.expected_total,
        check.problems,
    )))
}

fn index(sets: &[SetView]) -> String {
    let page = IndexPage {
        root: "",
        sets,
        kinds: sets.iter().map(|s| s.tiles.len()).sum(),
        total: sets.iter().map(|s| s.total).sum(),
        marks: mark_legend(),
        aspects: sourcing::aspect_meanings(),
    };
    render(&page)
}

fn set_page(set: &SetView) -> String {
    render(&SetPage { root: "../", set })
}

fn tile_page(set: &SetView, t: &TileView) -> String {
    let rotations = (0..4u8)
        .map(|r| Rotation {
            turns: r,
            degrees: u32::from(r) * 90,
            alt: t.alt(r),
            edges: t.rotated_edges(r),
        })
        .collect();
    render(&TilePage {
        root: "../../",
        set,
        t,
        rotations,
    })
}

/// Renders a template; rendering into a String only fails on a formatting error
/// in our own types, which would be a bug: show it in the page rather than panic.
fn render(page: &impl Template) -> String {
    page.render().unwrap_or_else(|e| {
        format!("<!doctype html><title>error</title><p>template error: {e}</p>")
    })
}
