//! The tile's drawing without petgraph: how port sets lie around the border
//! (arcs, interleaving), the walls that segments joined through their road
//! ends make, and the faces between them (the fields) with the cities that
//! bound each.

use crate::model::{Segment, Tile, MAX_SEGMENTS};
use tilec_runtime::SegmentKind;

/// How often ownership alternates between two port sets going round the tile
/// (ports of other segments are skipped). Two alternations: apart; four: they cross.
pub fn alternations(a: u16, b: u16) -> u32 {
    let (mut first, mut prev, mut count) = (None, None, 0);
    for p in (0..12).filter(|p| (a | b) & (1 << p) != 0) {
        let in_a = a & (1 << p) != 0;
        count += u32::from(prev.is_some_and(|q| q != in_a));
        first.get_or_insert(in_a);
        prev = Some(in_a);
    }
    // Going round: the last owned port is followed by the first.
    count + u32::from(first != prev)
}

/// Whether two port sets interleave around the border (one crosses the other).
pub fn interleave(a: u16, b: u16) -> bool {
    a != 0 && b != 0 && alternations(a, b) >= 4
}

/// The arc (maximal run of ports outside `z`) that port `p` lies in, as a mask.
pub fn arc_of(z: u16, p: usize) -> u16 {
    let mut arc = 0u16;
    for dir in [1, 11] {
        let mut q = p;
        while z & (1 << q) == 0 && (q == p || arc & (1 << q) == 0) {
            arc |= 1 << q;
            q = (q + dir) % 12;
            if q == p {
                break;
            }
        }
    }
    arc
}

/// Whether the ports `field` lie in more than one arc of the wall ports `wall`
/// (the two share none): a field that does lies on both sides of the wall, and
/// a flat tile has no such field. The checker asks it of every wall joined
/// through a road end (E245), the importer of JCloisterZone's features (E421).
pub fn straddles(wall: u16, field: u16) -> bool {
    let Some(p) = (0..12).find(|p| field & (1 << p) != 0) else {
        return false;
    };
    field & !arc_of(wall, p) & !wall != 0
}

/// A wall of the tile's planar drawing: segments that touch the border joined
/// into one curve through their end points (a road and the city whose gate it
/// ends at, three roads at a junction). Fields are the faces between walls.
#[derive(Clone, Copy, Debug, Default)]
pub struct Wall {
    /// Its segments, as a mask.
    pub mask: u32,
    /// The border ports the wall touches.
    pub ports: u16,
}

impl Wall {
    /// Its segment indices, in index order.
    pub fn members(&self) -> impl Iterator<Item = usize> {
        bits(self.mask)
    }

    /// The member that names the wall in a message: the first that touches the
    /// border, else the first.
    pub fn named_by(&self, tile: &Tile) -> usize {
        let ported = self.members().find(|&z| tile.segments[z].ports != 0);
        ported.unwrap_or(self.mask.trailing_zeros() as usize)
    }
}

/// The walls of a tile, at most one per segment, held without allocating (the
/// checker asks for them once per tile): a slice through `Deref`.
#[derive(Clone, Debug)]
pub struct Walls {
    walls: [Wall; MAX_SEGMENTS],
    len: usize,
}

impl std::ops::Deref for Walls {
    type Target = [Wall];

    fn deref(&self) -> &[Wall] {
        &self.walls[..self.len]
    }
}

/// The walls of a tile: every segment but the fields, joined through the end
/// points they share (a union-find over the `EndsAt` and `Reaches` links, in
/// an array: a tile has at most [`MAX_SEGMENTS`] segments), in the order of
/// their first members.
pub fn walls(tile: &Tile) -> Walls {
    let n = tile.segments.len().min(MAX_SEGMENTS);
    let mut root: [u8; MAX_SEGMENTS] = std::array::from_fn(|i| i as u8);
    let find = |root: &[u8; MAX_SEGMENTS], mut i: usize| {
        while usize::from(root[i]) != i {
            i = usize::from(root[i]);
        }
        i
    };
    for e in &tile.ends {
        let joined = e.end.segments | e.end.touches;
        let Some(first) = bits(joined).next() else {
            continue;
        };
        for s in bits(joined).filter(|&s| s < n && first < n) {
            let (a, b) = (find(&root, first), find(&root, s));
            // The smaller index is the root: walls come in member order.
            root[a.max(b)] = a.min(b) as u8;
        }
    }
    let mut out = Walls {
        walls: [Wall::default(); MAX_SEGMENTS],
        len: 0,
    };
    let mut slot = [usize::MAX; MAX_SEGMENTS];
    for (i, s) in tile.segments.iter().enumerate().take(n) {
        if s.kind == SegmentKind::Field {
            continue;
        }
        let r = find(&root, i);
        if slot[r] == usize::MAX {
            slot[r] = out.len;
            out.len += 1;
        }
        let w = &mut out.walls[slot[r]];
        w.mask |= 1 << i;
        w.ports |= s.ports;
    }
    out
}

/// The walls as field `f` meets them: without the segments it crosses (a road
/// in a tunnel under it, the city it passes under beside a river), which part
/// nothing of it where they cross it. A wall left with no member is dropped.
pub fn seen_by(tile: &Tile, walls: &[Wall], f: usize) -> Walls {
    let crossed = tile.segments[f].bridges | tile.segments[f].tunnels;
    let mut out = Walls {
        walls: [Wall::default(); MAX_SEGMENTS],
        len: 0,
    };
    for w in walls.iter().take(MAX_SEGMENTS) {
        let mut w = *w;
        for m in bits(w.mask & crossed) {
            w.mask &= !(1 << m);
            w.ports &= !tile.segments[m].ports;
        }
        if w.mask != 0 {
            out.walls[out.len] = w;
            out.len += 1;
        }
    }
    out
}

/// The cities (by mask) that field `f` touches by the faces of the tile's
/// drawing: a city bounds the field's face when no other wall separates them
/// and, on the city's own wall, the field's arc of the border ends at a port of
/// the city. A field or city that touches no port lies somewhere inside the tile
/// and is left to the text (`->`). When another field's ports lie in the same
/// face, the text parts it where the drawing shows no wall, and the field
/// touches by its ports only (none here).
pub fn face_cities(tile: &Tile, walls: &[Wall], f: usize) -> u32 {
    let segs = &tile.segments;
    let Some(fp) = (0..12).find(|p| segs[f].ports & (1 << p) != 0) else {
        return 0;
    };
    let walls = &seen_by(tile, walls, f)[..];
    if face_parted(tile, walls, f) {
        return 0;
    }
    let mut cities = 0;
    for (c, city) in segs.iter().enumerate() {
        if city.kind != SegmentKind::City || city.ports == 0 {
            continue;
        }
        let bounds = walls.iter().all(|w| {
            let arc = arc_of(w.ports, fp);
            if w.mask & (1 << c) == 0 {
                return arc & city.ports != 0;
            }
            // The wall ports just outside the arc, on either side.
            let rim = (0..12)
                .filter(|q| arc & (1 << q) != 0)
                .flat_map(|q| [(q + 1) % 12, (q + 11) % 12])
                .fold(0u16, |m, q| m | 1 << q)
                & !arc;
            rim & city.ports != 0 || between_gates(tile, rim, c)
        });
        if bounds {
            cities |= 1 << c;
        }
    }
    cities
}

/// Whether the two roads on either side of a face (`rim`: the wall ports just
/// outside its arc) end at city `c` in two `end` statements, two gates: the
/// face runs along the city between them (the 20th Anniversary's D). Roads
/// that share one end at the city meet it at a point, and bound no stretch of
/// it between them.
fn between_gates(tile: &Tile, rim: u16, c: usize) -> bool {
    let gate = |q: usize| {
        let road = usize::from(tile.ports[q]);
        if tile.segments.get(road).map(|s| s.kind) != Some(SegmentKind::Road) {
            return None;
        }
        tile.ends
            .iter()
            .position(|e| e.end.segments & (1 << road) != 0 && e.end.touches & (1 << c) != 0)
    };
    let mut sides = bits(u32::from(rim)).map(gate);
    match (sides.next(), sides.next(), sides.next()) {
        (Some(Some(a)), Some(Some(b)), None) => a != b,
        _ => false,
    }
}

/// Whether another field's ports lie in the face of field `f` (which touches
/// a port): the text parts that face where the drawing shows no wall (roads
/// ending apart, as at tunnel portals), so the face says nothing of what `f`
/// touches and its ports alone tell.
pub fn face_parted(tile: &Tile, walls: &[Wall], f: usize) -> bool {
    let segs = &tile.segments;
    let Some(fp) = (0..12).find(|p| segs[f].ports & (1 << p) != 0) else {
        return false;
    };
    let walls = seen_by(tile, walls, f);
    let shares = |g: &Segment| walls.iter().all(|w| arc_of(w.ports, fp) & g.ports != 0);
    segs.iter()
        .enumerate()
        .any(|(g, seg)| g != f && seg.kind == SegmentKind::Field && seg.ports != 0 && shares(seg))
}

/// A wall that separates segments `a` and `b` (both touching the border): it
/// holds neither, and their ports lie in different arcs of its ports. Two cities
/// that no wall separates bound one face, where an enclosed field can lie.
pub fn separating_wall<'w>(tile: &Tile, walls: &'w [Wall], a: usize, b: usize) -> Option<&'w Wall> {
    let (pa, pb) = (tile.segments[a].ports, tile.segments[b].ports);
    let p = pa.trailing_zeros() as usize;
    walls
        .iter()
        .find(|w| w.mask & (1 << a | 1 << b) == 0 && arc_of(w.ports, p) & pb == 0)
}

/// Every pair of cities (in `->` order) that field `f`, which touches no port,
/// cannot both touch, with the wall that separates them. Cities that touch
/// no port lie inside the tile with the field and are not compared.
pub fn enclosed_apart<'w>(
    tile: &Tile,
    walls: &'w [Wall],
    f: usize,
) -> Vec<(usize, usize, &'w Wall)> {
    let cities: Vec<usize> = tile.segments[f]
        .explicit_cities
        .iter()
        .map(|&(c, _)| c as usize)
        .filter(|&c| tile.segments[c].ports != 0)
        .collect();
    let mut apart = Vec::new();
    for (i, &a) in cities.iter().enumerate() {
        for &b in &cities[i + 1..] {
            if let Some(w) = separating_wall(tile, walls, a, b) {
                apart.push((a, b, w));
            }
        }
    }
    apart
}

/// The indices of the set bits of a mask, lowest first.
pub fn bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let i = mask.trailing_zeros() as usize;
        mask &= mask.wrapping_sub(1);
        (i < 32).then_some(i)
    })
}
