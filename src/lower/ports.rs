//! Ports: who owns each one, the implied middle ports of fields, field–city
//! adjacency derived from port order, and what each edge presents.

use crate::diagnostic::{Diagnostic, Span};
use crate::message::Kind;
use crate::model::Segment;
use tilec_runtime::{Edge, Mark, MarkKind, SegmentKind, NO_SEGMENT, PORT_NAMES};

/// One port claimed by one segment, where the text says so.
#[derive(Clone, Copy, Debug)]
pub struct Claim {
    /// Port number, 0..12.
    pub port: u8,
    /// Segment index.
    pub seg: usize,
    /// The port argument (or the segment, for inherited ports).
    pub span: Span,
}

/// Gives each claimed port to its segment, reporting ports claimed by two, then
/// gives a field the free middle port between two halves it holds, and a seam
/// the free middle port beside a half it holds (an edge that is partly a seam is
/// cut at its middle: `seam s ER SL` covers `E` and `S` too when nothing else does).
pub fn assign_ports(
    segments: &mut [Segment],
    claims: &[Claim],
    diags: &mut Vec<Diagnostic>,
) -> [u8; 12] {
    let mut owner = [NO_SEGMENT; 12];
    let mut first = [Span::default(); 12];
    // Conflicts grouped by the claiming argument: `E` taking three ports is one error.
    let mut conflicts: Vec<(Span, u8, Span, Vec<&str>)> = Vec::new();
    for c in claims {
        let p = c.port as usize;
        let prev = owner[p];
        if prev == NO_SEGMENT {
            owner[p] = c.seg as u8;
            first[p] = c.span;
            segments[c.seg].ports |= 1 << p;
        } else if prev as usize != c.seg {
            match conflicts.iter_mut().find(|k| k.0 == c.span && k.1 == prev) {
                Some(k) => k.3.push(PORT_NAMES[p]),
                None => conflicts.push((c.span, prev, first[p], vec![PORT_NAMES[p]])),
            }
        }
    }
    for (span, prev, first_span, ports) in conflicts {
        let seg = claims.iter().find(|c| c.span == span).map_or(0, |c| c.seg);
        let kind = Kind::PortTwice {
            ports: ports.join(" "),
            first: segments[prev as usize].name.clone(),
            second: segments[seg].name.clone(),
        };
        diags.push(Diagnostic::new(kind, span).with(first_span, "first claimed here"));
    }
    for edge in 0..4 {
        let (left, mid, right) = (edge * 3, edge * 3 + 1, edge * 3 + 2);
        if owner[mid] == NO_SEGMENT {
            if let Some(taker) = middle_taker(segments, owner[left], owner[right]) {
                owner[mid] = taker;
                segments[taker as usize].ports |= 1 << mid;
            }
        }
    }
    owner
}

/// Who takes a free middle port between halves owned by `left` and `right`: a
/// field holding both, else a seam holding either (the left one first).
fn middle_taker(segments: &[Segment], left: u8, right: u8) -> Option<u8> {
    let kind = |o: u8| (o != NO_SEGMENT).then(|| segments[o as usize].kind);
    if left == right && kind(left) == Some(SegmentKind::Field) {
        return Some(left);
    }
    [left, right]
        .into_iter()
        .find(|&o| kind(o) == Some(SegmentKind::Seam))
}

/// The cities a field touches by port order: a field port next to a city port.
pub fn port_neighbours(ports: &[u8; 12], field: u8, segments: &[Segment]) -> u32 {
    let mut cities = 0u32;
    for p in 0..12 {
        if ports[p] != field {
            continue;
        }
        for q in [(p + 11) % 12, (p + 1) % 12] {
            let o = ports[q];
            if o != NO_SEGMENT && segments[o as usize].kind == SegmentKind::City {
                cities |= 1 << o;
            }
        }
    }
    cities
}

/// Adds the derived adjacency to every field; a field with an explicit `->` list
/// must name every city it touches by port order.
pub fn derive_adjacency(segments: &mut [Segment], ports: &[u8; 12], diags: &mut Vec<Diagnostic>) {
    for f in 0..segments.len() {
        if segments[f].kind != SegmentKind::Field {
            continue;
        }
        let derived = port_neighbours(ports, f as u8, segments);
        let explicit = segments[f].cities;
        if !segments[f].explicit_cities.is_empty() {
            let omitted = derived & !explicit & !segments[f].not_touching;
            for c in (0..segments.len()).filter(|c| omitted & (1 << c) != 0) {
                let kind = Kind::AdjacencyOmitted {
                    field: segments[f].name.clone(),
                    city: segments[c].name.clone(),
                };
                diags.push(Diagnostic::new(kind, segments[f].span));
            }
        }
        segments[f].cities = derived | explicit;
    }
}

/// A city reaches an edge's middle (`reaches=S`) between two fields: each
/// half of that edge is a field's (which two, and that they stay apart, the
/// planarity and adjacency checks see: the city holds the middle port).
pub fn check_reaches(segments: &[Segment], ports: &[u8; 12], diags: &mut Vec<Diagnostic>) {
    for (c, city) in segments.iter().enumerate() {
        for mid in (0..12).filter(|p| city.reaches & (1 << p) != 0) {
            if ports[mid] as usize != c {
                continue; // claimed twice: reported already
            }
            for half in [mid - 1, mid + 1] {
                let owner = ports[half];
                let kind = (owner != NO_SEGMENT).then(|| &segments[owner as usize]);
                if kind.is_some_and(|s| s.kind == SegmentKind::Field) {
                    continue;
                }
                let k = Kind::ReachBetweenFields {
                    city: city.name.clone(),
                    half: PORT_NAMES[half],
                    found: kind.map_or("nothing".into(), |s| {
                        format!("{} `{}`", s.kind.name(), s.name)
                    }),
                };
                diags.push(Diagnostic::new(k, city.span));
            }
        }
    }
}

/// What each edge presents at rotation 0, read from its middle port (a
/// field edge where a city only reaches the middle); an edge with a seam on
/// any of its ports is a seam (it is no tile edge, or not all of it).
pub fn edges_of(segments: &[Segment], ports: &[u8; 12], marks: &[Mark]) -> [Edge; 4] {
    let wildcard = |m: &Mark| matches!(m.kind, MarkKind::TownHall | MarkKind::Abbey);
    if marks.iter().any(wildcard) {
        return [Edge::Any; 4];
    }
    let kind = |p: usize| (ports[p] != NO_SEGMENT).then(|| segments[ports[p] as usize].kind);
    let mut edges = [Edge::Field; 4];
    for (e, edge) in edges.iter_mut().enumerate() {
        if (0..3).any(|k| kind(e * 3 + k) == Some(SegmentKind::Seam)) {
            *edge = Edge::Seam;
            continue;
        }
        let reached = |o: u8| segments[o as usize].reaches & (1 << (e * 3 + 1)) != 0;
        *edge = match kind(e * 3 + 1) {
            Some(SegmentKind::City) if reached(ports[e * 3 + 1]) => Edge::Field,
            Some(SegmentKind::City) => Edge::City,
            Some(SegmentKind::Road) => Edge::Road,
            Some(SegmentKind::River) => Edge::River,
            _ => Edge::Field,
        };
    }
    edges
}
