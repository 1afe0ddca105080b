//! Lowering one `tile` block: statements → a [`Tile`] with resolved indices.

use super::args::{number, Args};
use super::marks;
use super::ports::{assign_ports, check_reaches, derive_adjacency, edges_of, Claim};
use super::provenance::{self, Given, SetSourcing};
use super::touching::{self, faces_adjacency, NotTouching};
use crate::ast::{ArgKind, Ast, Stmt};
use crate::diagnostic::{Diagnostic, Span};
use crate::message::Kind;
use crate::model::{End, Segment, Sound, Tile, MAX_SEGMENTS};
use crate::symmetry::symmetry;
use crate::vocab::{self, Attach, MarkRow, PortRule, PortWord, Way};
use tilec_runtime::{
    Arrow, EndKind, Illustration, Mark, MarkArg, Provenance, RoadEnd, SegmentKind, NO_SEGMENT,
    PORT_NAMES,
};

/// What the set gives every tile.
pub struct SetContext<'c> {
    /// The set id (`base`).
    pub id: &'c str,
    /// The set's default provenance.
    pub provenance: Option<Provenance>,
    /// The set's sources and what its block says they give every tile.
    pub sourcing: &'c SetSourcing,
}

/// A reference to a segment by name, resolved after all segments are known.
enum Pending {
    FieldCity {
        seg: usize,
        name: String,
        span: Span,
    },
    /// `over=` or `under=`.
    Cross {
        way: Way,
        seg: usize,
        name: String,
        span: Span,
    },
    NotTouching {
        seg: usize,
        name: String,
        span: Span,
    },
}

struct Draft {
    count: Option<u32>,
    start: bool,
    provenance: Option<Provenance>,
    /// The sources of the tile it is a variant of.
    inherited: Vec<tilec_runtime::Sourcing>,
    /// Its own `sourced` statements.
    sourced: Vec<Given>,
    segments: Vec<Segment>,
    claims: Vec<Claim>,
    pending: Vec<Pending>,
    /// The `not-touching=` attributes, resolved.
    not_touching: Vec<NotTouching>,
    ends: Vec<End>,
    arrow: Option<Arrow>,
    arrow_span: Option<Span>,
    marks: Vec<Mark>,
    copies: Option<(Vec<Vec<Illustration>>, Span)>,
    notes: Vec<String>,
    seen: Vec<&'static str>,
    /// Whether [`MAX_SEGMENTS`] was exceeded (reported once per tile).
    too_many_segments: bool,
}

/// A lowered tile: clean, or with errors and as much of it as is sound.
pub enum Lowered {
    /// No error: the tile joins its set.
    Clean(Tile),
    /// Errors, which leave this much of the tile sound (see [`Sound`]).
    Partial(Tile, Sound),
    /// Errors in what it claims, or not lowered at all.
    Failed,
}

impl Lowered {
    /// The tile, when it lowered without error.
    pub fn clean(&self) -> Option<&Tile> {
        match self {
            Lowered::Clean(t) => Some(t),
            _ => None,
        }
    }
}

/// Statements that do not shape a tile: their errors leave its segments, ports
/// and ends sound, and the checks of its shape still run.
const NOT_SHAPING: [&str; 9] = [
    "count",
    "start",
    "variant-of",
    "provenance",
    "source",
    "sourced",
    "arrow",
    "copies",
    "note",
];

/// Lowers a tile; `base` is the tile named by `variant-of`, already lowered.
pub fn lower_tile(
    ast: &Ast<'_>,
    stmt: &Stmt,
    header: (&str, &str, Span),
    ctx: &SetContext<'_>,
    base: Option<&Tile>,
    diags: &mut Vec<Diagnostic>,
) -> Lowered {
    let (local, name, span) = header;
    let before = diags.len();
    let mut d = Draft::from_base(base, ast.children(stmt).len());
    // Errors about the tile's shape: with none, its shape is sound.
    let mut shape = 0;
    for child in ast.children(stmt) {
        let n = diags.len();
        d.statement(ast, child, diags);
        if !NOT_SHAPING.contains(&ast.keyword(child)) {
            shape += diags.len() - n;
        }
    }
    // Every segment statement read: the ports they claim are known.
    let claims_known = shape == 0;
    let n = diags.len();
    d.resolve_pending(diags);
    for child in ast.children(stmt) {
        match ast.keyword(child) {
            "end" => d.end(ast, child, diags),
            "mark" => d.mark(ast, child, diags),
            "sourced" => d
                .sourced
                .extend(ctx.sourcing.tile_sourced(&mut Args::new(ast, child), diags)),
            _ => {}
        }
    }
    let ports = assign_ports(&mut d.segments, &d.claims, diags);
    check_reaches(&d.segments, &ports, diags);
    shape += diags.len() - n;
    let id = [ctx.id, "/", local].concat();
    let count = d.count;
    // A `count` that was given but is out of range has its own diagnostic.
    if count.is_none() && !d.seen.contains(&"count") {
        diags.push(Diagnostic::new(
            Kind::MissingCount { tile: id.clone() },
            span,
        ));
    }
    let provenance = d.provenance.or(ctx.provenance);
    if provenance.is_none() {
        diags.push(Diagnostic::new(
            Kind::MissingProvenance { tile: id.clone() },
            span,
        ));
    }
    if let (Some((copies, cspan)), Some(count)) = (&d.copies, count) {
        if copies.len() != count as usize {
            diags.push(Diagnostic::new(
                Kind::CopiesMismatch {
                    copies: copies.len(),
                    count,
                },
                *cspan,
            ));
        }
    }
    let sources = ctx.sourcing.merge(&d.inherited, &d.sourced, diags);
    if let Some(p) = provenance {
        provenance::check_reconstructed(&id, p, &sources, span, diags);
    }
    let provenance = provenance.unwrap_or(Provenance::Reconstructed);
    let n = diags.len();
    derive_adjacency(&mut d.segments, &ports, diags);
    shape += diags.len() - n;
    let mut tile = Tile {
        id,
        name: name.to_string(),
        count: count.unwrap_or(0) as u8,
        start: d.start,
        provenance,
        sources,
        edges: edges_of(&d.segments, &ports, &d.marks),
        segments: d.segments,
        ports,
        ends: d.ends,
        arrow: d.arrow,
        marks: d.marks,
        copies: d.copies.map(|(c, _)| c).unwrap_or_default(),
        notes: d.notes,
        symmetry: 4,
        span,
        arrow_span: d.arrow_span,
    };
    if shape == 0 {
        let n = diags.len();
        faces_adjacency(&mut tile, &d.not_touching, diags);
        shape += diags.len() - n;
    }
    if diags.len() != before {
        return match (shape, claims_known) {
            (0, _) => Lowered::Partial(tile, Sound::Shape),
            (_, true) => Lowered::Partial(tile, Sound::Ports),
            _ => Lowered::Failed,
        };
    }
    // Only a tile without errors: symmetry assumes every segment is well formed
    // (a port-less city named by an enclosed field would have no image).
    tile.symmetry = symmetry(&tile);
    // The model outlives every other stage: no spare capacity (benches/compile.rs
    // measures the heap per tile).
    tile.segments.shrink_to_fit();
    for s in &mut tile.segments {
        s.explicit_cities.shrink_to_fit();
    }
    tile.ends.shrink_to_fit();
    tile.marks.shrink_to_fit();
    tile.notes.shrink_to_fit();
    Lowered::Clean(tile)
}

impl Draft {
    /// A draft starting from `base`; `statements` (the tile's) sizes the lists.
    fn from_base(base: Option<&Tile>, statements: usize) -> Draft {
        let mut d = Draft {
            count: None,
            start: false,
            provenance: None,
            inherited: Vec::new(),
            sourced: Vec::new(),
            segments: Vec::with_capacity(statements),
            claims: Vec::with_capacity(16),
            pending: Vec::new(),
            not_touching: Vec::new(),
            ends: Vec::new(),
            arrow: None,
            arrow_span: None,
            marks: Vec::new(),
            copies: None,
            notes: Vec::new(),
            seen: Vec::new(),
            too_many_segments: false,
        };
        if let Some(b) = base {
            d.provenance = Some(b.provenance);
            d.inherited = b.sources.clone();
            d.ends = b.ends.clone();
            d.arrow = b.arrow;
            d.arrow_span = b.arrow_span;
            d.marks = b.marks.clone();
            for (i, s) in b.segments.iter().enumerate() {
                for p in 0..12u8 {
                    if s.ports & (1 << p) != 0 {
                        d.claims.push(Claim {
                            port: p,
                            seg: i,
                            span: s.span,
                        });
                    }
                }
                d.segments.push(Segment {
                    ports: 0,
                    ..s.clone()
                });
            }
        }
        d
    }

    /// Reports a statement given twice (`count`, `arrow`, ...).
    fn once(&mut self, keyword: &'static str, span: Span, diags: &mut Vec<Diagnostic>) -> bool {
        if self.seen.contains(&keyword) {
            let statement = keyword.to_string();
            diags.push(Diagnostic::new(
                Kind::DuplicateStatement { statement },
                span,
            ));
            return false;
        }
        self.seen.push(keyword);
        true
    }

    fn statement(&mut self, ast: &Ast<'_>, stmt: &Stmt, diags: &mut Vec<Diagnostic>) {
        let mut a = Args::new(ast, stmt);
        if stmt.block.is_some() {
            let statement = a.keyword.to_string();
            diags.push(Diagnostic::new(Kind::BlockNotAllowed { statement }, a.span));
            return;
        }
        match a.keyword {
            "count" => {
                let n = a.need_number("a count", 1..=255, diags);
                if self.once("count", a.span, diags) {
                    self.count = n;
                }
            }
            "start" => self.start = true,
            "variant-of" => {
                // Resolved by the set before this tile is lowered.
                a.take();
            }
            "provenance" => self.provenance(&mut a, diags),
            "arrow" => self.arrow(&mut a, diags),
            "copies" => self.copies(&mut a, diags),
            "note" => {
                if let Some(text) = a.need_string("a \"text\"", diags) {
                    self.notes.push(text);
                }
            }
            "end" | "mark" | "sourced" => return,
            "source" => {
                let what = "`source`".to_string();
                diags.push(Diagnostic::new(Kind::SetOnlyProvenance { what }, a.span));
                return;
            }
            kw => match vocab::segment_kind(kw) {
                Some(row) => self.segment(&mut a, row, diags),
                None => {
                    let candidates = vocab::TILE_STATEMENTS
                        .iter()
                        .copied()
                        .chain(vocab::SEGMENT_KINDS.iter().map(|r| r.0));
                    let kind = Kind::UnknownStatement {
                        word: kw.to_string(),
                        context: "a tile",
                        suggestion: vocab::suggest(kw, candidates),
                    };
                    let key = a.take().map(|k| a.span_of(k)).unwrap_or(a.span);
                    diags.push(Diagnostic::new(
                        kind,
                        Span {
                            end: key.end.max(a.span.start),
                            ..a.span
                        },
                    ));
                    return;
                }
            },
        }
        a.finish(diags);
    }

    fn provenance(&mut self, a: &mut Args<'_, '_>, diags: &mut Vec<Diagnostic>) {
        let Some((w, span)) = a.need_word("`sourced` or `reconstructed`", diags) else {
            return;
        };
        let p = match w {
            "sourced" => Provenance::Sourced,
            "reconstructed" => Provenance::Reconstructed,
            _ => {
                diags.push(Diagnostic::new(
                    Kind::UnknownProvenance { word: w.into() },
                    span,
                ));
                return;
            }
        };
        if let Some((why, _)) = a.string() {
            self.notes.push(why);
        }
        if self.once("provenance", a.span, diags) {
            self.provenance = Some(p);
        }
    }

    fn arrow(&mut self, a: &mut Args<'_, '_>, diags: &mut Vec<Diagnostic>) {
        let kind = a.need_word("an arrow kind", diags).and_then(|(w, span)| {
            let k = vocab::lookup(vocab::ARROWS, w);
            if k.is_none() {
                diags.push(Diagnostic::new(
                    Kind::UnknownArrowKind { word: w.into() },
                    span,
                ));
            }
            k
        });
        let edge = a
            .need_word("the edge it points at", diags)
            .and_then(|(w, span)| match vocab::port(w) {
                Some(PortWord::Edge(e)) => Some(e),
                _ => {
                    diags.push(Diagnostic::new(Kind::UnknownEdge { word: w.into() }, span));
                    None
                }
            });
        if self.once("arrow", a.span, diags) {
            if let (Some(kind), Some(points)) = (kind, edge) {
                self.arrow = Some(Arrow { kind, points });
                self.arrow_span = Some(a.span);
            }
        }
    }

    fn copies(&mut self, a: &mut Args<'_, '_>, diags: &mut Vec<Diagnostic>) {
        let mut copies = Vec::new();
        while let Some((w, span)) = a.word() {
            let mut copy = Vec::new();
            for part in w.split('+').filter(|p| *p != "-") {
                match vocab::lookup(vocab::ILLUSTRATIONS, part) {
                    Some(i) => copy.push(i),
                    None => diags.push(Diagnostic::new(
                        Kind::UnknownIllustration { word: part.into() },
                        span,
                    )),
                }
            }
            copies.push(copy);
        }
        if copies.is_empty() {
            diags.push(a.missing("one argument per copy"));
        }
        if self.once("copies", a.span, diags) {
            self.copies = Some((copies, a.span));
        }
    }

    fn segment(
        &mut self,
        a: &mut Args<'_, '_>,
        row: (SegmentKind, PortRule, bool),
        diags: &mut Vec<Diagnostic>,
    ) {
        let (kind, rule, needs_port) = row;
        let Some((name, name_span)) = a.need_word("a segment name", diags) else {
            return;
        };
        if vocab::port(name).is_some() || name == "at" || name == "-" {
            diags.push(Diagnostic::new(
                Kind::BadName { name: name.into() },
                name_span,
            ));
            return;
        }
        if let Some(prev) = self.segments.iter().find(|s| s.name == name) {
            let k = Kind::DuplicateSegment { name: name.into() };
            diags.push(Diagnostic::new(k, name_span).with(prev.span, "first defined here"));
            return;
        }
        if self.segments.len() == MAX_SEGMENTS {
            if !std::mem::replace(&mut self.too_many_segments, true) {
                diags.push(Diagnostic::new(
                    Kind::TooManySegments {
                        limit: MAX_SEGMENTS,
                    },
                    a.span,
                ));
            }
            return;
        }
        let seg = self.segments.len();
        let mut s = Segment {
            name: name.to_string(),
            kind,
            ports: 0,
            pennants: 0,
            cities: 0,
            explicit_cities: Vec::new(),
            bridges: 0,
            tunnels: 0,
            over: 0,
            not_touching: 0,
            reaches: 0,
            span: a.span,
        };
        let mut ported = false;
        while let Some(arg) = a.take() {
            let text = a.text(arg);
            let span = a.span_of(arg);
            match arg.kind {
                ArgKind::Word if vocab::port(text).is_none() && vocab::mark(text).is_some() => {
                    self.segment_mark(seg, kind, text, None, span, diags);
                }
                ArgKind::Word => ported |= self.port(seg, rule, text, span, kind, diags),
                ArgKind::Attr => self.attribute(&mut s, a, arg, diags),
                ArgKind::Arrow if kind == SegmentKind::Field => self.field_cities(seg, a, diags),
                _ => a.unexpected(arg, diags),
            }
        }
        if needs_port && !ported {
            let k = Kind::PortsForKind {
                name: name.into(),
                kind: kind.name(),
                needs: "needs at least one port",
            };
            diags.push(Diagnostic::new(k, a.span));
        }
        self.segments.push(s);
    }

    fn port(
        &mut self,
        seg: usize,
        rule: PortRule,
        text: &str,
        span: Span,
        kind: SegmentKind,
        diags: &mut Vec<Diagnostic>,
    ) -> bool {
        let ports: &[u8] = match (vocab::port(text), rule) {
            (None, _) => {
                let marks = vocab::segment_marks(kind).map(|r| r.keyword);
                let suggestion = vocab::suggest(text, PORT_NAMES.iter().copied().chain(marks));
                let kind = Kind::UnknownPort {
                    word: text.into(),
                    suggestion: suggestion.map(String::from),
                };
                diags.push(Diagnostic::new(kind, span));
                return false;
            }
            (Some(_), PortRule::NoPorts) => {
                let k = Kind::PortsForKind {
                    name: text.into(),
                    kind: kind.name(),
                    needs: "touches no port",
                };
                diags.push(Diagnostic::new(k, span));
                return false;
            }
            (Some(PortWord::Port(p)), _) => &[p],
            (Some(PortWord::Edge(e)), PortRule::Middles) => &[e * 3 + 1],
            (Some(PortWord::Edge(e)), PortRule::WholeEdges) => &[e * 3, e * 3 + 1, e * 3 + 2],
        };
        for &port in ports {
            self.claims.push(Claim { port, seg, span });
        }
        true
    }

    fn attribute(
        &mut self,
        s: &mut Segment,
        a: &Args<'_, '_>,
        arg: &crate::ast::Arg,
        diags: &mut Vec<Diagnostic>,
    ) {
        let span = a.span_of(arg);
        let (key, value) = a.attr_of(arg);
        match (key, s.kind) {
            ("pennants", SegmentKind::City) => {
                s.pennants =
                    number(value, span, "a pennant count", 0..=255, diags).unwrap_or(0) as u8;
            }
            ("pennants", kind) => diags.push(Diagnostic::new(
                Kind::PennantsOnNonCity { kind: kind.name() },
                span,
            )),
            ("reaches", SegmentKind::City) => match vocab::port(value) {
                Some(PortWord::Edge(e)) => {
                    let port = e * 3 + 1;
                    let seg = self.segments.len();
                    self.claims.push(Claim { port, seg, span });
                    s.reaches |= 1 << port;
                }
                _ => diags.push(Diagnostic::new(
                    Kind::ReachNotEdge { word: value.into() },
                    a.value_span(arg),
                )),
            },
            ("reaches", kind) => diags.push(Diagnostic::new(
                Kind::ReachesNotCity { kind: kind.name() },
                span,
            )),
            ("over" | "under", kind) if vocab::crosses_by(way_of(key), kind) => {
                self.pending.push(Pending::Cross {
                    way: way_of(key),
                    seg: self.segments.len(),
                    name: value.to_string(),
                    span,
                })
            }
            ("not-touching", SegmentKind::Field) => self.pending.push(Pending::NotTouching {
                seg: self.segments.len(),
                name: value.to_string(),
                span,
            }),
            (key, _) if vocab::mark(key).is_some() => {
                let at = a.value_span(arg);
                let seg = self.segments.len();
                self.segment_mark(seg, s.kind, key, Some((value, at)), span, diags);
            }
            _ => {
                // The attributes a segment may take, and its marks that take a value.
                let own = ["pennants", "over", "under", "not-touching", "reaches"];
                let marks = vocab::segment_marks(s.kind).map(|r| r.keyword);
                let suggestion = vocab::suggest(key, own.into_iter().chain(marks));
                let k = Kind::UnknownAttribute {
                    key: key.into(),
                    statement: a.keyword.into(),
                    suggestion: suggestion.map(String::from),
                };
                diags.push(Diagnostic::new(k, span));
            }
        }
    }

    /// A mark written on its segment: `road r W E inn`, `city c N resource=wine`.
    fn segment_mark(
        &mut self,
        seg: usize,
        kind: SegmentKind,
        word: &str,
        value: Option<(&str, Span)>,
        span: Span,
        diags: &mut Vec<Diagnostic>,
    ) {
        let Some(row) = vocab::mark(word) else {
            return;
        };
        if !marks::fits(row, kind, span, diags) {
            return;
        }
        if let Some(m) = marks::read(row, value, seg as u8, span, diags) {
            marks::push(&mut self.marks, m, span, diags);
        }
    }

    fn field_cities(&mut self, seg: usize, a: &mut Args<'_, '_>, diags: &mut Vec<Diagnostic>) {
        let mut any = false;
        while let Some((name, span)) = a.word() {
            any = true;
            self.pending.push(Pending::FieldCity {
                seg,
                name: name.to_string(),
                span,
            });
        }
        if !any {
            diags.push(a.missing("the cities after `->`"));
        }
    }

    fn find(&self, name: &str, span: Span, diags: &mut Vec<Diagnostic>) -> Option<usize> {
        let found = self.segments.iter().position(|s| s.name == name);
        if found.is_none() {
            let names = self.segments.iter().map(|s| s.name.as_str());
            let kind = Kind::UnknownSegment {
                name: name.into(),
                suggestion: vocab::suggest(name, names).map(String::from),
            };
            diags.push(Diagnostic::new(kind, span));
        }
        found
    }

    fn resolve_pending(&mut self, diags: &mut Vec<Diagnostic>) {
        for p in std::mem::take(&mut self.pending) {
            match p {
                Pending::FieldCity { seg, name, span } => {
                    let Some(c) = self.find(&name, span, diags) else {
                        continue;
                    };
                    let kind = self.segments[c].kind;
                    if kind != SegmentKind::City {
                        diags.push(Diagnostic::new(
                            Kind::NotACity {
                                name,
                                kind: kind.name(),
                                not_touching: false,
                            },
                            span,
                        ));
                        continue;
                    }
                    self.segments[seg].explicit_cities.push((c as u8, span));
                    self.segments[seg].cities |= 1 << c;
                }
                Pending::Cross {
                    way,
                    seg,
                    name,
                    span,
                } => self.cross(way, seg, name, span, diags),
                Pending::NotTouching { seg, name, span } => {
                    let found = touching::resolve(&self.segments, seg, name, span, diags);
                    if let Some(nt) = found {
                        self.segments[seg].not_touching |= 1 << nt.city;
                        self.not_touching.push(nt);
                    }
                }
            }
        }
    }

    /// `over=NAME` or `under=NAME` on segment `seg`: a crossing the vocabulary
    /// has a row for, said one way only.
    fn cross(
        &mut self,
        way: Way,
        seg: usize,
        name: String,
        span: Span,
        diags: &mut Vec<Diagnostic>,
    ) {
        let Some(t) = self.find(&name, span, diags) else {
            return;
        };
        let (on, names) = (self.segments[seg].kind, self.segments[t].kind);
        if t == seg || vocab::crossing_row(way, on, names).is_none() {
            let what = vocab::crossable(way, on);
            let kind = match way {
                Way::Over => Kind::BridgeNotRiver { name, what },
                Way::Under => Kind::TunnelNotCity {
                    name,
                    kind: names.name(),
                    what,
                },
            };
            diags.push(Diagnostic::new(kind, span));
            return;
        }
        let (top, beneath) = match way {
            Way::Over => (seg, t),
            Way::Under => (t, seg),
        };
        if self.segments[beneath].over & (1 << top) != 0 {
            let (a, b) = (
                self.segments[top].name.clone(),
                self.segments[beneath].name.clone(),
            );
            diags.push(Diagnostic::new(Kind::CrossingBothWays { a, b }, span));
            return;
        }
        self.segments[top].over |= 1 << beneath;
        for (x, y) in [(seg, t), (t, seg)] {
            match way {
                Way::Over => self.segments[x].bridges |= 1 << y,
                Way::Under => self.segments[x].tunnels |= 1 << y,
            }
        }
    }

    fn end(&mut self, ast: &Ast<'_>, stmt: &Stmt, diags: &mut Vec<Diagnostic>) {
        let mut a = Args::new(ast, stmt);
        let mut segments = 0u32;
        // Named, found or not: an unknown name has its own diagnostic (E110).
        let mut named = false;
        let mut saw_at = false;
        while let Some((w, span)) = a.word() {
            if w == "at" {
                saw_at = true;
                break;
            }
            named = true;
            if let Some(i) = self.find(w, span, diags) {
                segments |= 1 << i;
            }
        }
        let mut kind: Option<EndKind> = None;
        let mut touches = 0u32;
        let mut any_target = false;
        while let Some((w, span)) = a.word() {
            any_target = true;
            if let Some(k) = vocab::end_keyword(w) {
                if kind.is_some() {
                    diags.push(Diagnostic::new(Kind::TwoEndKeywords, span));
                }
                kind = Some(k);
            } else if let Some(i) = self.segments.iter().position(|s| s.name == w) {
                touches |= 1 << i;
            } else {
                let names = self.segments.iter().map(|s| s.name.as_str());
                let keywords = vocab::END_KEYWORDS.iter().map(|row| row.word);
                let kind = Kind::UnknownEndTarget {
                    word: w.into(),
                    suggestion: vocab::suggest(w, names.chain(keywords)).map(String::from),
                };
                diags.push(Diagnostic::new(kind, span));
            }
        }
        if !saw_at || !any_target || !named {
            diags.push(Diagnostic::new(Kind::EndWithoutTarget, a.span));
        }
        a.finish(diags);
        let end = RoadEnd {
            kind: kind.unwrap_or(EndKind::Segment),
            segments,
            touches,
        };
        self.ends.push(End { end, span: a.span });
    }

    /// `mark KW [VALUE] [on=SEGMENT]`.
    fn mark(&mut self, ast: &Ast<'_>, stmt: &Stmt, diags: &mut Vec<Diagnostic>) {
        let mut a = Args::new(ast, stmt);
        let Some((w, span)) = a.need_word("a mark kind", diags) else {
            return;
        };
        let Some(row) = vocab::mark(w) else {
            let suggestion = vocab::suggest(w, vocab::MARKS.iter().map(|r| r.keyword));
            let kind = Kind::UnknownMark {
                word: w.into(),
                suggestion: suggestion.map(String::from),
            };
            diags.push(Diagnostic::new(kind, span));
            return;
        };
        let value = match row.kind.arg() {
            MarkArg::None => None,
            _ => a.word(),
        };
        let mut segment = NO_SEGMENT;
        let mut ok = true;
        if let Some(arg) = a.peek().filter(|arg| arg.kind == ArgKind::Attr) {
            a.take();
            let (key, name) = a.attr_of(arg);
            let aspan = a.span_of(arg);
            if key == "on" {
                ok = self.mark_on(row, name, aspan, diags).is_some_and(|i| {
                    segment = i as u8;
                    true
                });
            } else {
                let k = Kind::UnknownAttribute {
                    key: key.into(),
                    statement: "mark".into(),
                    suggestion: vocab::suggest(key, ["on"].into_iter()).map(String::from),
                };
                diags.push(Diagnostic::new(k, aspan));
            }
        } else if matches!(row.on, Attach::Segment(_)) {
            diags.push(Diagnostic::new(
                Kind::MarkNeedsSegment { mark: row.keyword },
                a.span,
            ));
        }
        a.finish(diags);
        if let Some(m) = marks::read(row, value, segment, a.span, diags).filter(|_| ok) {
            marks::push(&mut self.marks, m, a.span, diags);
        }
    }

    /// The segment `on=NAME` names, if the mark can stand on it.
    fn mark_on(
        &mut self,
        row: &MarkRow,
        name: &str,
        span: Span,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<usize> {
        let Attach::Segment(expected) = row.on else {
            let mark = row.keyword;
            diags.push(Diagnostic::new(Kind::MarkTakesNoSegment { mark }, span));
            return None;
        };
        let i = self.find(name, span, diags)?;
        let found = self.segments[i].kind;
        if found != expected {
            let k = Kind::WrongSegmentKind {
                name: name.into(),
                expected: expected.name(),
                found: found.name(),
            };
            diags.push(Diagnostic::new(k, span));
            return None;
        }
        Some(i)
    }
}

/// The way of a crossing attribute's key (`over` or `under`).
fn way_of(key: &str) -> Way {
    match key {
        "over" => Way::Over,
        _ => Way::Under,
    }
}
