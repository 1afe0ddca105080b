//! Lowering `source` and `sourced`: which aspects of a set's tiles (and of the
//! set itself) a named source gives. What no source gives is reconstructed.

use super::args::Args;
use crate::ast::ArgKind;
use crate::diagnostic::{Diagnostic, Span};
use crate::message::Kind;
use crate::model::{Set, Source};
use crate::vocab;
use std::borrow::Cow;
use std::cell::Cell;
use tilec_runtime::{Aspect, Aspects, Provenance, Sourcing};

/// One `sourced` statement of tile aspects, resolved.
#[derive(Clone, Copy, Debug)]
pub struct Given {
    /// The index of its source in the set's sources.
    pub source: usize,
    /// The aspects it names.
    pub aspects: Aspects,
    /// The statement.
    pub span: Span,
}

/// What a set block says about sources, for its tiles.
#[derive(Debug, Default)]
pub struct SetSourcing {
    /// The sources the block declares (a copy of the set's).
    pub sources: Vec<Source>,
    /// Tile aspects the block gives every tile.
    pub defaults: Vec<Given>,
    /// Whether a `sourced` statement (of the set or of a tile) names each source.
    used: Vec<Cell<bool>>,
}

/// `source ID "title"` in a set block.
pub fn source(a: &mut Args<'_, '_>, set: &mut Set, diags: &mut Vec<Diagnostic>) {
    let Some((id, span)) = a.need_word("a source id", diags) else {
        return;
    };
    let Some(title) = a.need_string("a \"title\": what and where the source is", diags) else {
        return;
    };
    if let Some(prev) = set.sources.iter().find(|s| s.id == id) {
        let kind = Kind::DuplicateSource { name: id.into() };
        diags.push(Diagnostic::new(kind, span).with(prev.span, "first declared here"));
        return;
    }
    set.sources.push(Source {
        id: id.into(),
        title,
        span: a.span,
    });
}

/// What one `sourced` statement names.
struct Statement {
    tile: Aspects,
    set: Vec<&'static str>,
    source: Option<usize>,
}

/// Reads `sourced ASPECT... from=ID`; `on_set` allows the set's own aspects.
fn statement(
    a: &mut Args<'_, '_>,
    sources: &[Source],
    on_set: bool,
    diags: &mut Vec<Diagnostic>,
) -> Statement {
    let mut st = Statement {
        tile: Aspects::NONE,
        set: Vec::new(),
        source: None,
    };
    let mut named = false;
    let mut words: Vec<(&str, Span)> = Vec::new();
    while let Some(arg) = a.take() {
        match arg.kind {
            ArgKind::Word => words.push((a.text(arg), a.span_of(arg))),
            ArgKind::Attr if a.attr_of(arg).0 == "from" && !named => {
                named = true;
                st.source = resolve(a.attr_of(arg).1, a.value_span(arg), sources, diags);
            }
            _ => a.unexpected(arg, diags),
        }
    }
    let from = st
        .source
        .map_or("?", |i| sources[i].id.as_str())
        .to_string();
    let no_words = words.is_empty();
    for (word, span) in words {
        let twice = |diags: &mut Vec<Diagnostic>| {
            let kind = Kind::DuplicateAspect {
                aspect: word.into(),
                source: from.clone(),
            };
            diags.push(Diagnostic::new(kind, span));
        };
        if let Some(aspect) = vocab::aspect(word) {
            if st.tile.contains(aspect) {
                twice(diags);
            }
            st.tile = st.tile.with(aspect);
        } else if let Some(&(w, _)) = vocab::SET_ASPECTS.iter().find(|(w, _)| *w == word) {
            if !on_set {
                let what = format!("`sourced {w}`");
                diags.push(Diagnostic::new(Kind::SetOnlyProvenance { what }, span));
            } else if st.set.contains(&w) {
                twice(diags);
            } else {
                st.set.push(w);
            }
        } else {
            let words = Aspect::ALL
                .iter()
                .map(|a| a.name())
                .chain(vocab::SET_ASPECTS.iter().map(|(w, _)| *w));
            let suggestion = vocab::suggest(word, words);
            let kind = Kind::UnknownAspect {
                word: word.into(),
                suggestion,
            };
            diags.push(Diagnostic::new(kind, span));
        }
    }
    if no_words {
        diags.push(a.missing("at least one aspect (`edges`, `count`, ...)"));
    }
    if !named {
        diags.push(a.missing("`from=SOURCE`, the source that gives it"));
    }
    st
}

fn resolve(
    name: &str,
    span: Span,
    sources: &[Source],
    diags: &mut Vec<Diagnostic>,
) -> Option<usize> {
    let found = sources.iter().position(|s| s.id == name);
    if found.is_none() {
        let suggestion =
            vocab::suggest(name, sources.iter().map(|s| s.id.as_str())).map(String::from);
        let kind = Kind::UnknownSource {
            name: name.into(),
            suggestion,
        };
        diags.push(Diagnostic::new(kind, span));
    }
    found
}

/// `sourced ...` in a set block: tile aspects become every tile's, the set's own
/// aspects its facts.
pub fn set_sourced(
    a: &mut Args<'_, '_>,
    set: &mut Set,
    sourcing: &mut SetSourcing,
    diags: &mut Vec<Diagnostic>,
) {
    let st = statement(a, &set.sources, true, diags);
    let Some(source) = st.source else {
        return;
    };
    for w in st.set {
        if set.facts.contains(&(w, source)) {
            let kind = Kind::DuplicateAspect {
                aspect: w.into(),
                source: set.sources[source].id.clone(),
            };
            diags.push(Diagnostic::new(kind, a.span));
        } else {
            set.facts.push((w, source));
        }
    }
    if !st.tile.is_empty() {
        let given = Given {
            source,
            aspects: st.tile,
            span: a.span,
        };
        for prev in sourcing.defaults.iter().filter(|g| g.source == source) {
            twice(&given, prev.aspects, &set.sources, diags);
        }
        sourcing.defaults.push(given);
    }
}

/// Reports each aspect of `given` already in `earlier` (from the same source).
fn twice(given: &Given, earlier: Aspects, sources: &[Source], diags: &mut Vec<Diagnostic>) {
    for aspect in given.aspects.iter().filter(|&x| earlier.contains(x)) {
        let kind = Kind::DuplicateAspect {
            aspect: aspect.name().into(),
            source: sources[given.source].id.clone(),
        };
        diags.push(Diagnostic::new(kind, given.span));
    }
}

impl SetSourcing {
    /// Starts once the set block is read: the block's sources are known.
    pub fn finish_block(&mut self, set: &Set) {
        self.sources = set.sources.clone();
        self.used = set.sources.iter().map(|_| Cell::new(false)).collect();
        for g in &self.defaults {
            self.used[g.source].set(true);
        }
        for &(_, i) in &set.facts {
            self.used[i].set(true);
        }
    }

    /// `sourced ...` in a tile.
    pub fn tile_sourced(&self, a: &mut Args<'_, '_>, diags: &mut Vec<Diagnostic>) -> Option<Given> {
        let st = statement(a, &self.sources, false, diags);
        let source = st.source?;
        self.used[source].set(true);
        (!st.tile.is_empty()).then_some(Given {
            source,
            aspects: st.tile,
            span: a.span,
        })
    }

    /// A tile's sources: the set's defaults, what it inherits from the tile it
    /// is a variant of, and its own statements, one entry per source in the
    /// set's order. An aspect its own statements give twice from one source (or
    /// that the set's block gives already) is reported.
    pub fn merge(
        &self,
        inherited: &[Sourcing],
        own: &[Given],
        diags: &mut Vec<Diagnostic>,
    ) -> Vec<Sourcing> {
        let mut seen: Vec<Aspects> = vec![Aspects::NONE; self.sources.len()];
        for g in &self.defaults {
            seen[g.source] = seen[g.source].union(g.aspects);
        }
        for g in own {
            twice(g, seen[g.source], &self.sources, diags);
            seen[g.source] = seen[g.source].union(g.aspects);
        }
        for s in inherited {
            if let Some(i) = self.sources.iter().position(|x| x.id == s.source) {
                seen[i] = seen[i].union(s.aspects);
            }
        }
        self.sources
            .iter()
            .zip(seen)
            .filter(|(_, aspects)| !aspects.is_empty())
            .map(|(s, aspects)| Sourcing {
                source: Cow::Owned(s.id.clone()),
                title: Cow::Owned(s.title.clone()),
                aspects,
            })
            .collect()
    }

    /// Reports each source no `sourced` statement named (after every tile).
    pub fn report_unused(&self, diags: &mut Vec<Diagnostic>) {
        for (s, used) in self.sources.iter().zip(&self.used) {
            if !used.get() {
                let kind = Kind::UnusedSource { name: s.id.clone() };
                diags.push(Diagnostic::new(kind, s.span));
            }
        }
    }
}

/// Reports a reconstructed tile whose every aspect a source gives.
pub fn check_reconstructed(
    id: &str,
    provenance: Provenance,
    sources: &[Sourcing],
    span: Span,
    diags: &mut Vec<Diagnostic>,
) {
    let all = sources
        .iter()
        .fold(Aspects::NONE, |a, s| a.union(s.aspects));
    if provenance == Provenance::Reconstructed && all == Aspects::ALL {
        let kind = Kind::ReconstructedButSourced { tile: id.into() };
        diags.push(Diagnostic::new(kind, span));
    }
}
