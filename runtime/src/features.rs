//! Feature tracking: a union–find over segment instances (one node per segment of
//! each placed tile), merged as tiles join across edges.
//!
//! Roots carry what scoring needs and can be merged by addition: open edge
//! crossings (a road, river or city is complete at zero), pennants and the number
//! of figures standing on the feature. Members form a circular list so a feature's
//! tiles can be walked when it scores. Union by size keeps trees shallow, so
//! [`Features::find`] needs no path compression and stays `&self`.

use crate::tile::SegmentKind;

/// Node id: one segment of one placed tile.
pub(crate) type Node = u16;

#[derive(Clone, Debug, Default)]
pub(crate) struct Features {
    parent: Vec<Node>,
    next: Vec<Node>,
    size: Vec<u16>,
    /// Placed-tile index of each node.
    pub tile: Vec<u16>,
    /// Segment index (on its tile) of each node.
    pub seg: Vec<u8>,
    /// Segment kind of each node.
    pub kind: Vec<SegmentKind>,
    /// At roots: edge crossings still open.
    pub open: Vec<u16>,
    /// At roots: pennants on the feature.
    pub pennants: Vec<u16>,
    /// At roots: figures standing on the feature.
    pub figures: Vec<u8>,
}

impl Features {
    pub fn with_capacity(n: usize) -> Features {
        let mut f = Features::default();
        f.parent.reserve(n);
        f.next.reserve(n);
        f.size.reserve(n);
        f.tile.reserve(n);
        f.seg.reserve(n);
        f.kind.reserve(n);
        f.open.reserve(n);
        f.pennants.reserve(n);
        f.figures.reserve(n);
        f
    }

    pub fn len(&self) -> usize {
        self.parent.len()
    }

    /// Adds a node for segment `seg` of placed tile `tile`.
    pub fn add(&mut self, tile: u16, seg: u8, kind: SegmentKind, open: u8, pennants: u8) -> Node {
        let id = self.parent.len() as Node;
        self.parent.push(id);
        self.next.push(id);
        self.size.push(1);
        self.tile.push(tile);
        self.seg.push(seg);
        self.kind.push(kind);
        self.open.push(u16::from(open));
        self.pennants.push(u16::from(pennants));
        self.figures.push(0);
        id
    }

    pub fn find(&self, mut n: Node) -> Node {
        while self.parent[usize::from(n)] != n {
            n = self.parent[usize::from(n)];
        }
        n
    }

    /// Joins the features of `a` and `b`; returns the root of the union.
    pub fn union(&mut self, a: Node, b: Node) -> Node {
        let (mut ra, mut rb) = (self.find(a), self.find(b));
        if ra == rb {
            return ra;
        }
        if self.size[usize::from(ra)] < self.size[usize::from(rb)] {
            std::mem::swap(&mut ra, &mut rb);
        }
        let (ia, ib) = (usize::from(ra), usize::from(rb));
        self.parent[ib] = ra;
        self.size[ia] += self.size[ib];
        self.open[ia] += self.open[ib];
        self.pennants[ia] += self.pennants[ib];
        self.figures[ia] += self.figures[ib];
        self.next.swap(ia, ib);
        ra
    }

    /// Closes `n` crossings of the feature rooted at `root`.
    pub fn close(&mut self, root: Node, n: u16) {
        let open = &mut self.open[usize::from(root)];
        *open = open.saturating_sub(n);
    }

    /// The members of the feature that `root` belongs to (any member works).
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
        let nx = self.f.next[usize::from(n)];
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
        assert_eq!(f.open[usize::from(r)], 2);
        assert_eq!(f.pennants[usize::from(r)], 2);
        let mut m: Vec<_> = f.members(a).collect();
        m.sort();
        assert_eq!(m, vec![a, b, c]);
    }
}
