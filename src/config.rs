//! `tiles/sets.toml`: what each set must contain. A raw serde form is read first,
//! then checked into [`Config`], with every problem located in the TOML text.

use crate::diagnostic::{Diagnostic, FileId, Span};
use crate::message::Kind;
use crate::vocab;
use serde::Deserialize;
use tilec_runtime::{ArrowKind, MarkArg, MarkKind};

/// The checked contents of `sets.toml`.
#[derive(Clone, Debug, Default)]
pub struct Config {
    /// The file's name as the user gave it (hints name it).
    pub path: String,
    /// The sets, in file order.
    pub sets: Vec<SetSpec>,
}

impl Config {
    /// What the (first) entry of set `id` says about the sets it is played
    /// with; nothing without one.
    pub fn relations(&self, id: &str) -> crate::model::Relations {
        let Some(spec) = self.sets.iter().find(|s| s.id == id) else {
            return Default::default();
        };
        crate::model::Relations {
            requires: spec.requires.iter().map(|r| r.0.clone()).collect(),
            removes: spec.removes.iter().map(|r| r.0.clone()).collect(),
            max_copies: spec.max_copies,
        }
    }
}

/// What one set must contain.
#[derive(Clone, Debug)]
pub struct SetSpec {
    /// The set id.
    pub id: String,
    /// Where the id is written.
    pub span: Span,
    /// Expected copies in the set.
    pub total: u32,
    /// Where `total` is written.
    pub total_span: Span,
    /// Sets it is played with, and where each is named.
    pub requires: Vec<(String, Span)>,
    /// Tiles of other sets (full ids, `river-1/I-e`) that a game playing this
    /// set leaves out, and where each is named.
    pub removes: Vec<(String, Span)>,
    /// `max-copies`: how many copies of the set a game may hold (JCloisterZone's
    /// `max` on a tile-set). tilec plays a set once, which every value meets.
    pub max_copies: Option<u32>,
    /// Expected sub-totals.
    pub groups: Vec<Group>,
}

/// A sub-total of a set.
#[derive(Clone, Debug)]
pub struct Group {
    /// Display name.
    pub name: String,
    /// Expected copies.
    pub count: u32,
    /// Where `count` is written.
    pub count_span: Span,
    /// Which tiles belong to it.
    pub select: Select,
}

/// How a group selects its tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Select {
    /// Tiles with an arrow of this kind.
    Arrow(ArrowKind),
    /// Tiles carrying this mark (with this value, when one is given:
    /// `mark = "resource=wine"`).
    Mark(MarkKind, Option<u8>),
    /// Tiles without this mark (with this value, when one is given).
    WithoutMark(MarkKind, Option<u8>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    #[serde(default)]
    set: Vec<RawSet>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSet {
    id: toml::Spanned<String>,
    total: toml::Spanned<u32>,
    #[serde(default)]
    requires: Vec<toml::Spanned<String>>,
    #[serde(default)]
    removes: Vec<toml::Spanned<String>>,
    #[serde(default, rename = "max-copies")]
    max_copies: Option<toml::Spanned<u32>>,
    #[serde(default)]
    groups: Vec<toml::Spanned<RawGroup>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct RawGroup {
    name: String,
    count: toml::Spanned<u32>,
    arrow: Option<String>,
    mark: Option<toml::Spanned<String>>,
    without_mark: Option<toml::Spanned<String>>,
}

/// Reads `sets.toml` (file `file`, named `path`, with text `text`).
pub fn read(file: FileId, path: &str, text: &str) -> (Config, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let raw: Raw = match toml::from_str(text) {
        Ok(raw) => raw,
        Err(e) => {
            let r = e.span().unwrap_or(0..0);
            let kind = Kind::SetsToml {
                message: e.message().trim().replace('\n', "; "),
            };
            diags.push(Diagnostic::new(kind, Span::new(file, r.start, r.end)));
            return (Config::default(), diags);
        }
    };
    let span = |r: std::ops::Range<usize>| Span::new(file, r.start, r.end);
    let mut config = Config {
        path: path.to_string(),
        ..Config::default()
    };
    for s in raw.set {
        let groups = s
            .groups
            .into_iter()
            .filter_map(|g| {
                let at = span(g.span());
                let count_span = span(g.get_ref().count.span());
                checked_group(g.into_inner(), at, count_span, &mut diags)
            })
            .collect();
        config.sets.push(SetSpec {
            span: span(s.id.span()),
            id: s.id.into_inner(),
            total_span: span(s.total.span()),
            total: s.total.into_inner(),
            requires: s
                .requires
                .into_iter()
                .map(|r| (r.get_ref().clone(), span(r.span())))
                .collect(),
            removes: s
                .removes
                .into_iter()
                .map(|r| (r.get_ref().clone(), span(r.span())))
                .collect(),
            max_copies: s.max_copies.and_then(|m| {
                let at = span(m.span());
                let n = m.into_inner();
                if n == 0 {
                    let message = "`max-copies = 0`: a game that plays a set holds it once; write 1 or more, or leave it out".into();
                    diags.push(Diagnostic::new(Kind::SetsToml { message }, at));
                }
                (n > 0).then_some(n)
            }),
            groups,
        });
    }
    (config, diags)
}

fn checked_group(
    g: RawGroup,
    at: Span,
    count_span: Span,
    diags: &mut Vec<Diagnostic>,
) -> Option<Group> {
    let file = at.file;
    let mark = |m: &toml::Spanned<String>, diags: &mut Vec<Diagnostic>| {
        let r = m.span();
        selected_mark(m.get_ref(), Span::new(file, r.start, r.end), diags)
    };
    let select = match (&g.arrow, &g.mark, &g.without_mark) {
        (Some(a), None, None) => match vocab::lookup(vocab::ARROWS, a) {
            Some(k) => Select::Arrow(k),
            None => {
                diags.push(Diagnostic::new(
                    Kind::SetsToml {
                        message: format!("unknown arrow kind `{a}`"),
                    },
                    at,
                ));
                return None;
            }
        },
        (None, Some(m), None) => {
            let (kind, value) = mark(m, diags)?;
            Select::Mark(kind, value)
        }
        (None, None, Some(m)) => {
            let (kind, value) = mark(m, diags)?;
            Select::WithoutMark(kind, value)
        }
        _ => {
            let message = format!(
                "group `{}` needs exactly one of arrow, mark, without-mark",
                g.name
            );
            diags.push(Diagnostic::new(Kind::SetsToml { message }, at));
            return None;
        }
    };
    Some(Group {
        name: g.name,
        count: g.count.into_inner(),
        count_span,
        select,
    })
}

/// A group's mark, `KIND` or `KIND=VALUE` as a segment's line writes it
/// (`resource=wine`), located at `at` (the TOML string) when it is wrong.
fn selected_mark(
    text: &str,
    at: Span,
    diags: &mut Vec<Diagnostic>,
) -> Option<(MarkKind, Option<u8>)> {
    let (word, value) = match text.split_once('=') {
        Some((word, value)) => (word, Some(value)),
        None => (text, None),
    };
    let message = match (vocab::mark(word), value) {
        (None, _) => match vocab::suggest(word, vocab::MARKS.iter().map(|r| r.keyword)) {
            Some(s) => format!("unknown mark `{word}` (did you mean `{s}`?)"),
            None => format!("unknown mark `{word}`"),
        },
        (Some(row), None) => return Some((row.kind, None)),
        (Some(row), Some(value)) => {
            match (row.kind.arg(), vocab::mark_value(row.kind.arg(), value)) {
                (_, Some(v)) => return Some((row.kind, Some(v))),
                (MarkArg::None, None) => {
                    format!("mark `{word}` takes no value: write `{word}`, not `{text}`")
                }
                (arg, None) => format!(
                    "`{value}` is not a value of mark `{word}`, which takes {}",
                    vocab::mark_expected(arg)
                ),
            }
        }
    };
    diags.push(Diagnostic::new(Kind::SetsToml { message }, at));
    None
}
