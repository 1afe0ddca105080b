//! Feature tracking: a union–find over segment instances (one node per segment of
//! each placed tile), merged as tiles join across edges.
//!
//! Roots carry what scoring needs and can be merged by addition: the feature's
//! size, open edge crossings (a road, river or city is complete at zero),
//! pennants and the number of figures standing on it. Members form a circular
//! list so a feature's tiles can be walked when it scores. Every node points at
//! its root directly (quick-find), so [`Features::find`] is one lookup.
//!
//! The nodes are stored in four arrays (links, counters, tiles, what they
//! are): a placement writes its tile's nodes as a few whole-group copies, and
//! the lookups of the hot paths (`find`, the root counters) touch small, dense
//! arrays.

use crate::tile::SegmentKind;

/// Nodes per group of a kind's template (see [`Features::add_tile`]).
pub(crate) const NODE_GROUP: usize = 8;

/// Node id: one segment of one placed tile.
pub(crate) type Node = u16;

/// A root's counters, merged lane by lane with saturating addition: the
/// feature's size in nodes, its open crossings, pennants and figures.
type Counts = [u16; 4];
const SIZE: usize = 0;
const OPEN: usize = 1;
const PENNANTS: usize = 2;
const FIGURES: usize = 3;

/// Adds two counters lane by lane, saturating (a designer's huge set must not
/// overflow into a panic). Written lane-wise so that it compiles to one vector
/// addition.
#[inline(always)]
fn add_counts(a: Counts, b: Counts) -> Counts {
    [
        a[0].saturating_add(b[0]),
        a[1].saturating_add(b[1]),
        a[2].saturating_add(b[2]),
        a[3].saturating_add(b[3]),
    ]
}

/// `NODE_GROUP` nodes of a kind's template, field by field: a placement copies
/// whole groups (see [`Features::add_tile`]). Aligned to a cache line, so that
/// each field of a group (64 bytes) is read from one line, not two: with many
/// kinds in play the templates are mostly out of the L1 cache when placed.
#[derive(Clone, Copy, Debug)]
#[repr(align(64))]
pub(crate) struct NodeGroup {
    counts: [Counts; NODE_GROUP],
    info: [Info; NODE_GROUP],
}

/// What a node is: fixed when its tile is placed.
#[derive(Clone, Copy, Debug)]
struct Info {
    /// For a field: the city segments of its tile it touches (bit per segment),
    /// kept here so that scoring a field needs no lookup of its tiles' kinds.
    cities: u32,
    /// Segment index on its tile.
    seg: u8,
    /// Segment kind.
    kind: SegmentKind,
    /// The figure kinds that may stand on it (bit per kind in
    /// [`FigureKind::ALL`](crate::FigureKind::ALL) order), kept here so that
    /// the listings of all five kinds' deployments and the portal's take a
    /// segment's figures from one mask, not a branch per kind.
    stand: u16,
}

impl Info {
    const BLANK: Info = Info {
        cities: 0,
        seg: 0,
        kind: SegmentKind::Field,
        stand: 0,
    };
}

/// The nodes a placed copy of a kind starts with, padded to whole groups.
#[derive(Clone, Debug)]
pub(crate) struct Template {
    groups: Vec<NodeGroup>,
    segments: usize,
}

/// One segment of a kind, as its template records it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SegmentNode {
    /// Segment kind.
    pub kind: SegmentKind,
    /// Edge crossings it opens.
    pub open: u8,
    /// Pennants on it.
    pub pennants: u8,
    /// For a field: the city segments of its tile it touches (bit per segment).
    pub cities: u32,
    /// The figure kinds that may stand on it (bit per kind, in
    /// [`FigureKind::ALL`](crate::FigureKind::ALL) order).
    pub stand: u16,
}

impl Template {
    /// The template of a kind whose segments are `segs`, in segment order.
    pub fn new(segs: &[SegmentNode]) -> Template {
        let blank = NodeGroup {
            counts: [[1, 0, 0, 0]; NODE_GROUP],
            info: [Info::BLANK; NODE_GROUP],
        };
        let groups = segs.len().div_ceil(NODE_GROUP).max(1);
        let mut t = Template {
            groups: vec![blank; groups],
            segments: segs.len(),
        };
        for (i, s) in segs.iter().enumerate() {
            let g = &mut t.groups[i / NODE_GROUP];
            let j = i % NODE_GROUP;
            g.counts[j] = [1, u16::from(s.open), u16::from(s.pennants), 0];
            g.info[j] = Info {
                cities: s.cities,
                seg: i as u8,
                kind: s.kind,
                stand: s.stand,
            };
        }
        t
    }

    /// Nodes written by a copy, padding included.
    pub fn padded_len(&self) -> usize {
        self.groups.len() * NODE_GROUP
    }
}

/// The nodes in four arrays: how they link, their counters, their tiles and
/// what they are; `len` of them are in use. Every array is at least
/// `len + NODE_GROUP` long, so a group can be written past the end without
/// growing them.
#[derive(Clone, Debug, Default)]
pub(crate) struct Features {
    len: usize,
    /// Per node: its root (a root is its own) and the next member of its
    /// feature (a circular list), side by side: a relabelling walk reads one
    /// and writes the other.
    link: Vec<[Node; 2]>,
    /// At roots: the feature's counters.
    counts: Vec<Counts>,
    /// Placed-tile index.
    tile: Vec<u16>,
    /// What each node is.
    info: Vec<Info>,
}

const PARENT: usize = 0;
const NEXT: usize = 1;

/// The links of a fresh group, less its first id: each node its own root
/// and its own next member.
const STEPS: [[Node; 2]; NODE_GROUP] = {
    let mut steps = [[0; 2]; NODE_GROUP];
    let mut i = 0;
    while i < NODE_GROUP {
        steps[i] = [i as Node; 2];
        i += 1;
    }
    steps
};

impl Features {
    /// Room for `n` nodes, templates' padding included.
    pub fn with_capacity(n: usize) -> Features {
        let mut f = Features::default();
        f.grow(n);
        f
    }

    /// Makes every array at least `n + NODE_GROUP` long.
    #[cold]
    fn grow(&mut self, n: usize) {
        let n = n.max(self.link.len()) + NODE_GROUP;
        self.link.resize(n, [0; 2]);
        self.counts.resize(n, [0; 4]);
        self.tile.resize(n, 0);
        self.info.resize(n, Info::BLANK);
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// Removes every node, keeping the allocation.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Adds a node for segment `seg` of placed tile `tile`.
    #[cfg(test)]
    pub fn add(&mut self, tile: u16, seg: u8, kind: SegmentKind, open: u8, pennants: u8) -> Node {
        let id = self.len;
        if self.link.len() < id + 1 + NODE_GROUP {
            self.grow(id + 1);
        }
        self.link[id] = [id as Node; 2];
        self.counts[id] = [1, u16::from(open), u16::from(pennants), 0];
        self.tile[id] = tile;
        self.info[id] = Info {
            cities: 0,
            seg,
            kind,
            stand: 0,
        };
        self.len += 1;
        id as Node
    }

    /// Adds the nodes of placed tile `tile` from its kind's template (one node
    /// per segment, as `Features::add` would make them).
    ///
    /// The template is copied a group of [`NODE_GROUP`] nodes at a time,
    /// padding included, and the padding is then cut off again: fixed-length
    /// copies compile to a few vector moves and need no branches that depend on
    /// the tile's number of segments, which a random game would mispredict.
    #[inline(always)]
    pub fn add_tile(&mut self, tile: u16, template: &Template) {
        let start = self.len;
        if self.link.len() < start + template.padded_len() + NODE_GROUP {
            self.grow(start + template.padded_len());
        }
        let mut first = start;
        for g in &template.groups {
            let id = first as Node;
            if let (Some(link), Some(counts), Some(tiles), Some(info)) = (
                group_mut(&mut self.link, first),
                group_mut(&mut self.counts, first),
                group_mut(&mut self.tile, first),
                group_mut(&mut self.info, first),
            ) {
                for (l, step) in link.iter_mut().zip(STEPS) {
                    *l = [step[0].wrapping_add(id), step[1].wrapping_add(id)];
                }
                *counts = g.counts;
                *tiles = [tile; NODE_GROUP];
                *info = g.info;
            }
            first += NODE_GROUP;
        }
        self.len = start + template.segments;
    }

    /// The root of `n`'s feature: every node points at its root directly.
    #[inline(always)]
    pub fn find(&self, n: Node) -> Node {
        self.link[usize::from(n)][PARENT]
    }

    /// Joins the features of `a` and `b`; returns the root of the union.
    ///
    /// The smaller feature's members are pointed at the larger one's root, so
    /// that [`Features::find`] is one lookup. Each node moves to a feature at
    /// least twice its old size when it is relabelled, so a node is relabelled
    /// at most log2(nodes) times; in play the smaller side is most often the
    /// placed tile's single segment.
    #[inline(always)]
    pub fn union(&mut self, a: Node, b: Node) -> Node {
        let (mut ra, mut rb) = (self.find(a), self.find(b));
        if ra == rb {
            return ra;
        }
        let (ca, cb) = (self.counts[usize::from(ra)], self.counts[usize::from(rb)]);
        if ca[SIZE] < cb[SIZE] {
            std::mem::swap(&mut ra, &mut rb);
        }
        let mut m = rb;
        loop {
            let link = &mut self.link[usize::from(m)];
            link[PARENT] = ra;
            m = link[NEXT];
            if m == rb {
                break;
            }
        }
        self.counts[usize::from(ra)] = add_counts(ca, cb);
        let (a, b) = (usize::from(ra), usize::from(rb));
        let next_a = self.link[a][NEXT];
        self.link[a][NEXT] = self.link[b][NEXT];
        self.link[b][NEXT] = next_a;
        ra
    }

    /// Closes `n` crossings of the feature rooted at `root`.
    pub fn close(&mut self, root: Node, n: u16) {
        let open = &mut self.counts[usize::from(root)][OPEN];
        *open = open.saturating_sub(n);
    }

    /// Nodes in the feature rooted at `root`.
    pub fn size(&self, root: Node) -> u16 {
        self.counts[usize::from(root)][SIZE]
    }

    /// Open crossings of the feature rooted at `root`.
    pub fn open(&self, root: Node) -> u16 {
        self.counts[usize::from(root)][OPEN]
    }

    /// Pennants of the feature rooted at `root`.
    pub fn pennants(&self, root: Node) -> u16 {
        self.counts[usize::from(root)][PENNANTS]
    }

    /// Figures on the feature rooted at `root`.
    pub fn figures(&self, root: Node) -> u16 {
        self.counts[usize::from(root)][FIGURES]
    }

    /// Sets the number of figures on the feature rooted at `root`.
    pub fn set_figures(&mut self, root: Node, n: u16) {
        self.counts[usize::from(root)][FIGURES] = n;
    }

    /// The kind of `n`'s segment.
    pub fn kind(&self, n: Node) -> SegmentKind {
        self.info[usize::from(n)].kind
    }

    /// The placed-tile index of `n`.
    pub fn tile(&self, n: Node) -> u16 {
        self.tile[usize::from(n)]
    }

    /// The segment index of `n` on its tile.
    pub fn seg(&self, n: Node) -> u8 {
        self.info[usize::from(n)].seg
    }

    /// The figure kinds that may stand on `n`'s segment (bit per kind).
    pub fn stand(&self, n: Node) -> u16 {
        self.info[usize::from(n)].stand
    }

    /// For a field node: the city segments of its tile it touches.
    pub fn cities(&self, n: Node) -> u32 {
        self.info[usize::from(n)].cities
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

/// The group of `NODE_GROUP` entries of `v` from `first`, if in range.
#[inline(always)]
fn group_mut<T>(v: &mut [T], first: usize) -> Option<&mut [T; NODE_GROUP]> {
    v.get_mut(first..first + NODE_GROUP)
        .and_then(|s| s.try_into().ok())
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
        let nx = self.f.link[usize::from(n)][NEXT];
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
        assert_eq!(f.open(r), 2);
        assert_eq!(f.pennants(r), 2);
        assert_eq!(f.size(r), 3);
        let mut m: Vec<_> = f.members(a).collect();
        m.sort();
        assert_eq!(m, vec![a, b, c]);
    }

    #[test]
    fn counters_saturate_instead_of_overflowing() {
        let mut f = Features::default();
        let a = f.add(0, 0, SegmentKind::City, 200, 200);
        let b = f.add(1, 0, SegmentKind::City, 200, 200);
        f.set_figures(a, u16::MAX - 1);
        f.set_figures(b, 5);
        let r = f.union(a, b);
        assert_eq!((f.figures(r), f.open(r), f.size(r)), (u16::MAX, 400, 2));
        f.close(r, 1000);
        assert_eq!(f.open(r), 0);
    }

    #[test]
    fn templates_of_more_than_one_group_are_copied_and_cut_to_their_segments() {
        let mut f = Features::default();
        f.add(0, 0, SegmentKind::Field, 0, 0);
        // Ten segments, padded to two groups of eight.
        let segs: Vec<SegmentNode> = (0..10)
            .map(|s| SegmentNode {
                kind: SegmentKind::Road,
                open: 2,
                pennants: s,
                cities: 1 << s,
                stand: s.into(),
            })
            .collect();
        let template = Template::new(&segs);
        assert_eq!(template.padded_len(), 16);
        f.add_tile(7, &template);
        assert_eq!(f.len(), 11);
        for n in 1..11u16 {
            assert_eq!((f.find(n), f.tile(n), f.seg(n)), (n, 7, n as u8 - 1));
            assert_eq!(f.members(n).collect::<Vec<_>>(), vec![n]);
            assert_eq!((f.cities(n), f.stand(n)), (1 << (n - 1), n - 1));
            assert_eq!(
                (f.kind(n), f.open(n), f.pennants(n)),
                (SegmentKind::Road, 2, n - 1)
            );
            assert_eq!((f.figures(n), f.size(n)), (0, 1));
        }
        // The next tile's nodes overwrite the padding.
        f.add_tile(8, &Template::new(&segs[..1]));
        assert_eq!((f.len(), f.find(11), f.tile(11), f.seg(11)), (12, 11, 8, 0));
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
            assert_eq!(usize::from(f.size(r)), f.members(n).count());
        }
    }
}
