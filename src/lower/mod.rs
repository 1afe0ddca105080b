//! `lower`: Ast → [`Model`]. Resolves names to indices, expands port shorthand,
//! derives implied ports, adjacency, edges and symmetry, and reports every name or
//! statement problem. A tile with errors is left out of the model (its copies are
//! still counted), so later checks do not repeat what was already said; what of
//! it is sound is kept aside ([`crate::model::Dropped`]) for the checks that
//! need only that, so that one run reports every problem.

mod args;
mod marks;
mod ports;
mod provenance;
mod tile;
mod touching;

pub use ports::port_neighbours;

use crate::ast::{Ast, Stmt};
use crate::diagnostic::{Diagnostic, Span};
use crate::message::Kind;
use crate::model::{Dropped, Model, Set, Sound};
use crate::vocab;
use args::Args;
use provenance::SetSourcing;
use std::borrow::Borrow;
use std::collections::HashMap;
use tile::{lower_tile, Lowered, SetContext};
use tilec_runtime::Provenance;

/// Lowers every parsed file into one model. The files are taken one at a time, so
/// a caller can parse each just before it is lowered and drop its tree after.
pub fn lower<'a, A: Borrow<Ast<'a>>>(
    asts: impl IntoIterator<Item = A>,
) -> (Model, Vec<Diagnostic>) {
    let mut model = Model::default();
    let mut diags = Vec::new();
    let mut seen: HashMap<String, usize> = HashMap::new();
    for ast in asts {
        let Some(set) = lower_file(ast.borrow(), &mut diags) else {
            continue;
        };
        if let Some(prev) = seen.get(&set.id).map(|&i| &model.sets[i]) {
            let kind = Kind::DuplicateSet { id: set.id.clone() };
            diags.push(Diagnostic::new(kind, set.span).with(prev.span, "first declared here"));
            continue;
        }
        seen.insert(set.id.clone(), model.sets.len());
        model.sets.push(set);
    }
    (model, diags)
}

fn lower_file(ast: &Ast<'_>, diags: &mut Vec<Diagnostic>) -> Option<Set> {
    let top = ast.top_level();
    let Some(first) = top.first() else {
        if ast.text.trim().is_empty() {
            diags.push(Diagnostic::new(
                Kind::EmptyFile,
                ast.span(Default::default()),
            ));
        } else {
            diags.push(Diagnostic::new(
                Kind::MissingSet,
                ast.span(Default::default()),
            ));
        }
        return None;
    };
    if ast.keyword(first) != "set" {
        let kind = if top.iter().any(|s| ast.keyword(s) == "set") {
            Kind::SetNotFirst
        } else {
            Kind::MissingSet
        };
        diags.push(Diagnostic::new(kind, ast.span(first.range)));
        return None;
    }
    let mut set = lower_set_header(ast, first, diags)?;
    let mut sourcing = SetSourcing::default();
    let ctx_provenance = set_block(ast, first, &mut set, &mut sourcing, diags);
    sourcing.finish_block(&set);
    let ctx = SetContext {
        id: &set.id.clone(),
        provenance: ctx_provenance,
        sourcing: &sourcing,
    };
    let tiles = collect_tiles(ast, &top[1..], diags);
    lower_tiles(ast, &tiles, &ctx, &mut set, diags);
    sourcing.report_unused(diags);
    Some(set)
}

fn lower_set_header(ast: &Ast<'_>, stmt: &Stmt, diags: &mut Vec<Diagnostic>) -> Option<Set> {
    let mut a = Args::new(ast, stmt);
    let (id, id_span) = a.need_word("a set id", diags)?;
    if !valid_id(id) {
        diags.push(Diagnostic::new(Kind::BadName { name: id.into() }, id_span));
        return None;
    }
    let name = a
        .need_string("a \"display name\"", diags)
        .unwrap_or_else(|| id.to_string());
    a.finish(diags);
    if stmt.block.is_none() {
        diags.push(Diagnostic::new(
            Kind::BlockExpected {
                statement: "set".into(),
            },
            a.span,
        ));
    }
    Some(Set {
        id: id.to_string(),
        name,
        edition: None,
        river: false,
        notes: Vec::new(),
        tiles: Vec::new(),
        span: id_span,
        dropped_copies: 0,
        dropped: Vec::new(),
        relations: Default::default(),
        sources: Vec::new(),
        facts: Vec::new(),
    })
}

/// Reads the set block; returns the default provenance.
fn set_block(
    ast: &Ast<'_>,
    stmt: &Stmt,
    set: &mut Set,
    sourcing: &mut SetSourcing,
    diags: &mut Vec<Diagnostic>,
) -> Option<Provenance> {
    let mut provenance = None;
    for child in ast.children(stmt) {
        let mut a = Args::new(ast, child);
        match a.keyword {
            "edition" => set.edition = a.need_string("a \"text\"", diags),
            "note" => set.notes.extend(a.need_string("a \"text\"", diags)),
            "river" => set.river = true,
            "source" => provenance::source(&mut a, set, diags),
            "sourced" => provenance::set_sourced(&mut a, set, sourcing, diags),
            "provenance" => match a.need_word("`sourced` or `reconstructed`", diags) {
                Some(("sourced", _)) => provenance = Some(Provenance::Sourced),
                Some(("reconstructed", _)) => provenance = Some(Provenance::Reconstructed),
                Some((w, span)) => diags.push(Diagnostic::new(
                    Kind::UnknownProvenance { word: w.into() },
                    span,
                )),
                None => {}
            },
            kw => {
                let suggestion = vocab::suggest(kw, vocab::SET_STATEMENTS.iter().copied());
                let kind = Kind::UnknownStatement {
                    word: kw.into(),
                    context: "a set",
                    suggestion,
                };
                diags.push(Diagnostic::new(kind, a.span));
                continue;
            }
        }
        a.finish(diags);
    }
    provenance
}

fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A tile statement with its header read.
struct TileStmt<'s, 'a> {
    stmt: &'s Stmt,
    local: &'a str,
    name: String,
    span: Span,
    variant_of: Option<(&'a str, Span)>,
    /// Its id is an earlier tile's (E107): lowered for its own errors, then
    /// left out.
    duplicate: bool,
}

fn collect_tiles<'s, 'a>(
    ast: &'s Ast<'a>,
    stmts: &'s [Stmt],
    diags: &mut Vec<Diagnostic>,
) -> Vec<TileStmt<'s, 'a>> {
    let mut tiles: Vec<TileStmt<'s, 'a>> = Vec::new();
    let mut seen: HashMap<&'a str, Span> = HashMap::new();
    for stmt in stmts {
        let mut a = Args::new(ast, stmt);
        match a.keyword {
            "tile" => {}
            "set" => {
                diags.push(Diagnostic::new(Kind::SetNotFirst, a.span));
                continue;
            }
            kw => {
                let suggestion = vocab::suggest(kw, ["tile", "set"].into_iter());
                let kind = Kind::UnknownStatement {
                    word: kw.into(),
                    context: "a file",
                    suggestion,
                };
                diags.push(Diagnostic::new(kind, a.span));
                continue;
            }
        }
        let Some((local, span)) = a.need_word("a tile id", diags) else {
            continue;
        };
        if !valid_id(local) {
            diags.push(Diagnostic::new(Kind::BadName { name: local.into() }, span));
            continue;
        }
        let name = a
            .need_string("a \"display name\"", diags)
            .unwrap_or_default();
        a.finish(diags);
        if stmt.block.is_none() {
            diags.push(Diagnostic::new(
                Kind::BlockExpected {
                    statement: "tile".into(),
                },
                a.span,
            ));
            continue;
        }
        let duplicate = seen.get(local).is_some_and(|prev| {
            let kind = Kind::DuplicateTile { id: local.into() };
            diags.push(Diagnostic::new(kind, span).with(*prev, "first defined here"));
            true
        });
        seen.entry(local).or_insert(span);
        let variant_of = variant_base(ast, stmt, diags);
        tiles.push(TileStmt {
            stmt,
            local,
            name,
            span,
            variant_of,
            duplicate,
        });
    }
    tiles
}

fn variant_base<'a>(
    ast: &Ast<'a>,
    stmt: &Stmt,
    diags: &mut Vec<Diagnostic>,
) -> Option<(&'a str, Span)> {
    let mut found = None;
    for child in ast
        .children(stmt)
        .iter()
        .filter(|c| ast.keyword(c) == "variant-of")
    {
        let mut a = Args::new(ast, child);
        let base = a.need_word("the tile it varies", diags);
        if found.is_some() {
            diags.push(Diagnostic::new(
                Kind::DuplicateStatement {
                    statement: "variant-of".into(),
                },
                a.span,
            ));
        } else {
            found = base;
        }
    }
    found
}

#[derive(Clone, Copy, PartialEq)]
enum State {
    Todo,
    Busy,
    Done,
}

/// Lowers the tiles in source order, lowering a variant's base first. A tile
/// with errors is dropped, with what of it is sound ([`Dropped`]).
fn lower_tiles(
    ast: &Ast<'_>,
    tiles: &[TileStmt<'_, '_>],
    ctx: &SetContext<'_>,
    set: &mut Set,
    diags: &mut Vec<Diagnostic>,
) {
    let mut state = vec![State::Todo; tiles.len()];
    let mut done: Vec<Lowered> = tiles.iter().map(|_| Lowered::Failed).collect();
    let mut index: HashMap<&str, usize> = HashMap::new();
    for (i, t) in tiles.iter().enumerate() {
        index.entry(t.local).or_insert(i); // a duplicate's id names the first
    }
    for i in 0..tiles.len() {
        visit(ast, tiles, &index, i, ctx, &mut state, &mut done, diags);
    }
    set.tiles
        .reserve_exact(done.iter().filter(|l| l.clean().is_some()).count());
    for (t, lowered) in tiles.iter().zip(done) {
        let partial = match lowered {
            Lowered::Clean(tile) if !t.duplicate => {
                set.tiles.push(tile);
                continue;
            }
            Lowered::Clean(tile) => Some((tile, Sound::Shape)),
            Lowered::Partial(tile, sound) => Some((tile, sound)),
            Lowered::Failed => None,
        };
        set.dropped_copies = set.dropped_copies.saturating_add(count_of(ast, t.stmt));
        set.dropped.push(Dropped {
            span: t.span,
            start: ast
                .children(t.stmt)
                .iter()
                .any(|c| ast.keyword(c) == "start"),
            partial,
        });
    }
}

#[allow(clippy::too_many_arguments)]
fn visit(
    ast: &Ast<'_>,
    tiles: &[TileStmt<'_, '_>],
    index: &HashMap<&str, usize>,
    i: usize,
    ctx: &SetContext<'_>,
    state: &mut [State],
    done: &mut [Lowered],
    diags: &mut Vec<Diagnostic>,
) {
    // An explicit stack: a long chain of variants cannot overflow the call stack.
    let mut stack = vec![i];
    while let Some(&j) = stack.last() {
        if state[j] == State::Done {
            stack.pop();
            continue;
        }
        let t = &tiles[j];
        let base = t
            .variant_of
            .map(|(name, span)| (index.get(name).copied(), name, span));
        if state[j] == State::Todo {
            state[j] = State::Busy;
            match base {
                Some((Some(k), _, _)) if state[k] == State::Todo => {
                    stack.push(k);
                    continue;
                }
                Some((Some(k), _, span)) if state[k] == State::Busy => {
                    diags.push(Diagnostic::new(
                        Kind::VariantCycle {
                            tile: t.local.into(),
                        },
                        span,
                    ));
                    state[j] = State::Done;
                    stack.pop();
                    continue;
                }
                _ => {}
            }
        }
        let (ok, base_tile) = match base {
            None => (true, None),
            Some((Some(k), _, _)) => (done[k].clean().is_some(), done[k].clean().cloned()),
            Some((None, name, span)) => {
                let locals = tiles.iter().map(|t| t.local);
                let kind = Kind::UnknownVariantBase {
                    name: name.into(),
                    suggestion: vocab::suggest(name, locals).map(String::from),
                };
                diags.push(Diagnostic::new(kind, span));
                (false, None)
            }
        };
        if ok {
            done[j] = lower_tile(
                ast,
                t.stmt,
                (t.local, &t.name, t.span),
                ctx,
                base_tile.as_ref(),
                diags,
            );
        }
        state[j] = State::Done;
        stack.pop();
    }
}

/// The count a dropped tile declared, so set totals stay meaningful. Only a valid
/// count (at most 255) is taken: a larger one was reported, and summing such
/// numbers could overflow.
fn count_of(ast: &Ast<'_>, stmt: &Stmt) -> u32 {
    ast.children(stmt)
        .iter()
        .filter(|c| ast.keyword(c) == "count")
        .find_map(|c| {
            ast.args_of(c)
                .get(1)
                .and_then(|a| ast.slice(a.range).parse::<u8>().ok())
        })
        .map_or(0, u32::from)
}
