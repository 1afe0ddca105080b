//! Feature tracking: a union–find over segment instances (one node per segment of
//! each placed tile), merged as tiles join across edges.
//!
//! Roots carry what scoring needs and can be merged by addition: open edge
//! crossings (a road, river or city is complete at zero), pennants and the number
//! of figures standing on the feature. Members form a circular list so a feature's
//! tiles can be walked when it scores. Union by size keeps trees shallow, so
//! [`Features::find`] needs no path compression and stays `&self`.

use crate::tile::SegmentKind;
use std::ops::{Index, IndexMut};

/// Nodes per group of a kind's template (see [`Features::add_tile`]).
pub(crate) const NODE_GROUP: usize = 8;

/// Node id: one segment of one placed tile.
pub(crate) type Node = u16;

/// One segment instance; the counters are meaningful at roots only.
///
/// `repr(C)` keeps the fields a placement fills in (`parent`, `next`, `tile`)
/// together at the front, so that a node is its kind's template copied whole
/// with one word patched (see [`Features::add_tile`]).
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub(crate) struct NodeData {
    parent: Node,
    next: Node,
    /// Placed-tile index.
    pub tile: u16,
    size: u16,
    /// Edge crossings still open (at roots).
    pub open: u16,
    /// Pennants on the feature (at roots).
    pub pennants: u16,
    /// Segment index on its tile.
    pub seg: u8,
    /// Figures standing on the feature (at roots).
    pub figures: u8,
    /// Segment kind.
    pub kind: SegmentKind,
    /// For a field: the city segments of its tile it touches (bit per segment),
    /// kept here so that scoring a field needs no lookup of its tiles' kinds.
    pub cities: u32,
}

impl NodeData {
    /// A node for segment `seg` of a kind, before it is placed (tile and ids 0).
    pub fn template(seg: u8, kind: SegmentKind, open: u8, pennants: u8, cities: u32) -> NodeData {
        NodeData {
            parent: 0,
            next: 0,
            size: 1,
            tile: 0,
            seg,
            figures: 0,
            kind,
            open: u16::from(open),
            pennants: u16::from(pennants),
            cities,
        }
    }
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Features {
    nodes: Vec<NodeData>,
}

impl Index<Node> for Features {
    type Output = NodeData;
    fn index(&self, n: Node) -> &NodeData {
        &self.nodes[usize::from(n)]
    }
}

impl IndexMut<Node> for Features {
    fn index_mut(&mut self, n: Node) -> &mut NodeData {
        &mut self.nodes[usize::from(n)]
    }
}

impl Features {
    pub fn with_capacity(n: usize) -> Features {
        Features {
            nodes: Vec::with_capacity(n),
        }
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Removes every node, keeping the allocation.
    pub fn clear(&mut self) {
        self.nodes.clear();
    }

    /// Adds a node for segment `seg` of placed tile `tile`.
    #[cfg(test)]
    pub fn add(&mut self, tile: u16, seg: u8, kind: SegmentKind, open: u8, pennants: u8) -> Node {
        let id = self.nodes.len() as Node;
        self.nodes.push(NodeData {
            parent: id,
            next: id,
            size: 1,
            tile,
            seg,
            figures: 0,
            kind,
            open: u16::from(open),
            pennants: u16::from(pennants),
            cities: 0,
        });
        id
    }

    /// Adds the nodes of placed tile `tile` from its kind's template (one node
    /// per segment, as `Features::add` would make them): a copy with the ids
    /// filled in is cheaper than building each node field by field.
    ///
    /// The template is padded to whole groups of [`NODE_GROUP`] nodes and copied
    /// a group at a time, padding included, before the padding is cut off again:
    /// copies and loops of a fixed length need no branches that depend on the
    /// tile's number of segments, which a random game would mispredict.
    pub fn add_tile(&mut self, tile: u16, template: &[NodeData], segments: usize) {
        let start = self.nodes.len();
        for group in template.chunks_exact(NODE_GROUP) {
            if let Ok(group) = <&[NodeData; NODE_GROUP]>::try_from(group) {
                let first = self.nodes.len() as Node;
                self.nodes.extend(group.iter().enumerate().map(|(i, n)| {
                    let id = first.wrapping_add(i as Node);
                    NodeData {
                        parent: id,
                        next: id,
                        tile,
                        ..*n
                    }
                }));
            }
        }
        self.nodes.truncate(start + segments);
    }

    /// The root of `n`'s feature: every node points at its root directly.
    pub fn find(&self, n: Node) -> Node {
        self[n].parent
    }

    /// Joins the features of `a` and `b`; returns the root of the union.
    ///
    /// The smaller feature's members are pointed at the larger one's root, so
    /// that [`Features::find`] is one lookup. Each node moves to a feature at
    /// least twice its old size when it is relabelled, so a node is relabelled
    /// at most log2(nodes) times; in play the smaller side is most often the
    /// placed tile's single segment.
    pub fn union(&mut self, a: Node, b: Node) -> Node {
        let (mut ra, mut rb) = (self.find(a), self.find(b));
        if ra == rb {
            return ra;
        }
        if self[ra].size < self[rb].size {
            std::mem::swap(&mut ra, &mut rb);
        }
        let mut m = rb;
        loop {
            let node = &mut self[m];
            node.parent = ra;
            m = node.next;
            if m == rb {
                break;
            }
        }
        let child = self[rb];
        let root = &mut self[ra];
        // Saturating: a designer's huge set must not overflow into a panic.
        root.size = root.size.saturating_add(child.size);
        root.open = root.open.saturating_add(child.open);
        root.pennants = root.pennants.saturating_add(child.pennants);
        root.figures = root.figures.saturating_add(child.figures);
        let root_next = root.next;
        root.next = child.next;
        self[rb].next = root_next;
        ra
    }

    /// Closes `n` crossings of the feature rooted at `root`.
    pub fn close(&mut self, root: Node, n: u16) {
        let open = &mut self[root].open;
        *open = open.saturating_sub(n);
    }

    /// The members of the feature that `start` belongs to.
    pub fn members(&self, start: Node) -> Members<'_> {
        Members {
            f: self,
            start,
            cur: Some(start),
        }
    }
}

/// Iterator over the nodes of one feature.
pub(crate) struct Members<'a> {
    f: &'a Features,
    start: Node,
    cur: Option<Node>,
}

impl Iterator for Members<'_> {
    type Item = Node;
    fn next(&mut self) -> Option<Node> {
        let n = self.cur?;
        let nx = self.f[n].next;
        self.cur = (nx != self.start).then_some(nx);
        Some(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn union_merges_counts_and_members() {
        let mut f = Features::default();
        let a = f.add(0, 0, SegmentKind::City, 1, 1);
        let b = f.add(1, 0, SegmentKind::City, 2, 0);
        let c = f.add(2, 0, SegmentKind::City, 1, 1);
        let r = f.union(a, b);
        f.close(r, 2);
        let r = f.union(b, c);
        assert_eq!(f.find(a), f.find(c));
        assert_eq!(f[r].open, 2);
        assert_eq!(f[r].pennants, 2);
        let mut m: Vec<_> = f.members(a).collect();
        m.sort();
        assert_eq!(m, vec![a, b, c]);
    }

    #[test]
    fn templates_of_more_than_one_group_are_copied_and_cut_to_their_segments() {
        let mut f = Features::default();
        f.add(0, 0, SegmentKind::Field, 0, 0);
        // Ten segments, padded to two groups of eight.
        let mut template: Vec<NodeData> = (0..10)
            .map(|s| NodeData::template(s, SegmentKind::Road, 2, 0, 1 << s))
            .collect();
        template.resize(16, NodeData::template(0, SegmentKind::Field, 0, 0, 0));
        f.add_tile(7, &template, 10);
        assert_eq!(f.len(), 11);
        for n in 1..11u16 {
            assert_eq!((f.find(n), f[n].tile, f[n].seg), (n, 7, n as u8 - 1));
            assert_eq!(f.members(n).collect::<Vec<_>>(), vec![n]);
            assert_eq!(f[n].cities, 1 << (n - 1));
        }
    }

    #[test]
    fn every_node_points_at_its_root_after_any_unions() {
        let mut f = Features::default();
        let nodes: Vec<Node> = (0..40)
            .map(|i| f.add(i, 0, SegmentKind::Road, 2, 0))
            .collect();
        // Chains and merges of features of unequal sizes, in a scrambled order.
        let mut x = 7u32;
        for _ in 0..60 {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let (a, b) = (
                nodes[(x >> 8) as usize % 40],
                nodes[(x >> 20) as usize % 40],
            );
            let r = f.union(a, b);
            assert_eq!(f.find(a), r);
            assert_eq!(f.find(b), r);
        }
        for &n in &nodes {
            let r = f.find(n);
            assert_eq!(f.find(r), r, "a root is its own root");
            assert!(f.members(n).all(|m| f.find(m) == r), "members share a root");
            assert_eq!(usize::from(f[r].size), f.members(n).count());
        }
    }
}
