//! `build`: one tile → its connectivity graph (petgraph lives only here).
//!
//! Nodes are the 12 ports, the segments and the road-end points; edges say which
//! segment owns a port, which city a field touches, which segments end at an end
//! point and what the end point reaches, and which segment passes over which
//! (bridges and tunnels).
//! The checker reads port coverage and road ends from it; `tilec export --emit dot`
//! prints it for a puzzling tile, with the walls (segments joined through their
//! road ends) that cut the tile into faces.

mod faces;

pub use faces::{
    alternations, arc_of, bits, enclosed_apart, face_cities, face_parted, interleave, seen_by,
    separating_wall, straddles, walls, Wall, Walls,
};

use crate::model::Tile;
use petgraph::graph::{NodeIndex, UnGraph};
use petgraph::visit::EdgeRef;
use std::fmt::Write;
use tilec_runtime::{SegmentKind, NO_SEGMENT, PORT_NAMES};

/// A node of a tile graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Node {
    /// Port 0..12.
    Port(u8),
    /// Segment by index.
    Segment(u8),
    /// Road-end point by index into `Tile::ends`.
    End(u8),
}

/// What an edge of the graph means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// The segment owns the port.
    Owns,
    /// The field touches the city.
    Touches,
    /// The road or river ends at the end point.
    EndsAt,
    /// The end point reaches the segment (monastery, city gate, joined road).
    Reaches,
    /// The two segments cross on a bridge (`over=`), from the one on top.
    Bridge,
    /// One passes under the other (`under=`), from the one on top: a road in a
    /// tunnel under a city or a field, a river (and its banks) under a city.
    Tunnel,
}

/// The graph of one tile. Node `i` for `i < 12` is port `i`; segment `s` is node
/// `12 + s`; end point `e` follows the segments.
#[derive(Default)]
pub struct TileGraph {
    /// The graph itself.
    pub graph: UnGraph<Node, Link>,
}

impl TileGraph {
    /// The node of port `p`.
    pub fn port(&self, p: u8) -> NodeIndex {
        NodeIndex::new(p as usize)
    }

    /// The node of segment `s`.
    pub fn segment(&self, s: usize) -> NodeIndex {
        NodeIndex::new(12 + s)
    }

    /// How many links of `kind` touch `node`.
    pub fn degree(&self, node: NodeIndex, kind: Link) -> usize {
        self.graph
            .edges(node)
            .filter(|e| *e.weight() == kind)
            .count()
    }
}

/// Builds the graph of one tile.
pub fn build(tile: &Tile) -> TileGraph {
    let n = tile.segments.len();
    let mut g = TileGraph {
        graph: UnGraph::with_capacity(12 + n + tile.ends.len(), 12 + 2 * n + 2 * tile.ends.len()),
    };
    g.rebuild(tile);
    g
}

impl TileGraph {
    /// Rebuilds this graph for another tile, keeping its allocations (the checker
    /// reuses one graph for every tile).
    pub fn rebuild(&mut self, tile: &Tile) {
        self.graph.clear();
        fill(&mut self.graph, tile);
    }
}

fn fill(graph: &mut UnGraph<Node, Link>, tile: &Tile) {
    let n = tile.segments.len();
    for p in 0..12 {
        graph.add_node(Node::Port(p));
    }
    for s in 0..n {
        graph.add_node(Node::Segment(s as u8));
    }
    for (p, &owner) in tile.ports.iter().enumerate() {
        if owner != NO_SEGMENT {
            graph.add_edge(
                NodeIndex::new(12 + owner as usize),
                NodeIndex::new(p),
                Link::Owns,
            );
        }
    }
    let seg = |i: usize| NodeIndex::new(12 + i);
    for (i, s) in tile.segments.iter().enumerate() {
        for c in bits(s.cities) {
            graph.add_edge(seg(i), seg(c), Link::Touches);
        }
        // From the segment on top to the one beneath: a bridge or a tunnel.
        for b in bits(s.over) {
            let link = match s.bridges & (1 << b) != 0 {
                true => Link::Bridge,
                false => Link::Tunnel,
            };
            graph.add_edge(seg(i), seg(b), link);
        }
    }
    for (e, end) in tile.ends.iter().enumerate() {
        let node = graph.add_node(Node::End(e as u8));
        for s in bits(end.end.segments) {
            graph.add_edge(seg(s), node, Link::EndsAt);
        }
        for s in bits(end.end.touches) {
            graph.add_edge(node, seg(s), Link::Reaches);
        }
    }
}

/// The graph in Graphviz DOT, with the designer's names.
pub fn to_dot(tile: &Tile, g: &TileGraph) -> String {
    let mut out = format!(
        "graph \"{}\" {{\n  node [fontname=\"sans-serif\"];\n",
        tile.id
    );
    for idx in g.graph.node_indices() {
        let (label, shape) = match g.graph[idx] {
            Node::Port(p) => (PORT_NAMES[p as usize].to_string(), "circle"),
            Node::Segment(s) => {
                let s = &tile.segments[s as usize];
                let enclosed = if s.kind == SegmentKind::Field && s.ports == 0 {
                    ", enclosed"
                } else {
                    ""
                };
                (format!("{} ({}{enclosed})", s.name, s.kind.name()), "box")
            }
            Node::End(e) => (tile.ends[e as usize].end.kind.name().to_string(), "diamond"),
        };
        let _ = writeln!(
            out,
            "  n{} [label=\"{label}\", shape={shape}];",
            idx.index()
        );
    }
    for e in g.graph.edge_references() {
        let style = match e.weight() {
            Link::Owns => "solid",
            Link::Touches => "dashed",
            Link::EndsAt | Link::Reaches => "bold",
            // An arrow from the segment on top to the one beneath.
            Link::Bridge => "dotted, dir=forward",
            Link::Tunnel => "tapered, dir=forward",
        };
        let (a, b) = (e.source().index(), e.target().index());
        // An enclosed field's links to its cities say that they share its face.
        let enclosed = |n: usize| {
            n >= 12 && n - 12 < tile.segments.len() && {
                let s = &tile.segments[n - 12];
                s.kind == SegmentKind::Field && s.ports == 0
            }
        };
        let face = if *e.weight() == Link::Touches && (enclosed(a) || enclosed(b)) {
            ", label=\"one face\""
        } else {
            ""
        };
        let _ = writeln!(out, "  n{a} -- n{b} [style={style}{face}];");
    }
    // The walls that cut the tile into faces (the fields), one cluster each.
    let walls = walls(tile);
    for (w, wall) in walls.iter().enumerate() {
        let nodes: Vec<String> = wall.members().map(|m| format!("n{}", 12 + m)).collect();
        let _ = writeln!(
            out,
            "  subgraph cluster_wall{w} {{ label=\"wall {w}\"; style=dotted; {}; }}",
            nodes.join("; ")
        );
    }
    enclosed_faces(tile, &walls, &mut out);
    out.push_str("}\n");
    out
}

/// For each field with no ports, a comment naming the face it lies in: the
/// cities of its `->` list, which no wall separates (the checker refuses the
/// tile otherwise, E204).
fn enclosed_faces(tile: &Tile, walls: &[Wall], out: &mut String) {
    for (f, field) in tile.segments.iter().enumerate() {
        if field.kind != SegmentKind::Field || field.ports != 0 {
            continue;
        }
        let apart = enclosed_apart(tile, walls, f);
        let cities: Vec<&str> = field
            .explicit_cities
            .iter()
            .map(|&(c, _)| tile.segments[c as usize].name.as_str())
            .collect();
        let face = match apart.first() {
            None => "lies in one face with".to_string(),
            Some(&(a, b, _)) => format!(
                "cannot touch both {} and {} (a wall separates them) of",
                tile.segments[a].name, tile.segments[b].name
            ),
        };
        let _ = writeln!(
            out,
            "  // enclosed field {} {face} {}",
            field.name,
            cities.join(" ")
        );
    }
}
