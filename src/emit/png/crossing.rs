//! What passes over what in a preview, from the tile's crossings
//! ([`TileKind::crossings`]): the order segments of one kind are drawn in (the
//! one on top last, so that it covers the one beneath), and where a road runs
//! in a tunnel under a field (dashed, from the edge the field holds on both
//! sides up to the first feature drawn).

use super::canvas::{dist, Pt};
use super::labels::{Labels, FREE, OBJ};
use tilec_runtime::{SegmentKind, TileKind};

/// Whether segment `a` passes over segment `b` on `tile`.
pub fn passes_over(tile: &TileKind, a: u8, b: u8) -> bool {
    tile.crossings.iter().any(|c| c.over == a && c.under == b)
}

/// The segments of `kind` (with their index), those beneath first: a segment
/// comes after every segment of its kind it passes over.
pub fn drawing_order(tile: &TileKind, kind: SegmentKind, max: usize) -> Vec<u8> {
    let mut order: Vec<u8> = (0..tile.segments.len().min(max))
        .filter(|&i| tile.segments[i].kind == kind)
        .map(|i| i as u8)
        .collect();
    let n = order.len();
    let mut depth = vec![0usize; tile.segments.len()];
    // A crossing is said one way, so the depths settle within n rounds.
    for _ in 0..n {
        for &i in &order {
            let below = order
                .iter()
                .filter(|&&j| passes_over(tile, i, j))
                .map(|&j| depth[usize::from(j)] + 1)
                .max()
                .unwrap_or(0);
            depth[usize::from(i)] = depth[usize::from(i)].max(below.min(n));
        }
    }
    order.sort_by_key(|&i| depth[usize::from(i)]);
    order
}

/// Whether road `seg` runs in a tunnel under a field at edge `e`: a field it
/// passes under holds both halves of that edge.
pub fn under_field_at(tile: &TileKind, seg: u8, e: usize) -> bool {
    let halves = 1u16 << (3 * e) | 1 << (3 * e + 2);
    tile.crossings.iter().any(|c| {
        let field = &tile.segments[usize::from(c.over)];
        c.under == seg && field.kind == SegmentKind::Field && field.ports & halves == halves
    })
}

/// Splits `path` where it first reaches a pixel no longer free: the piece up
/// to there (under a field, drawn dashed) and the rest (from there on). A path
/// that meets nothing is all underground.
pub fn cut(labels: &Labels, path: &[Pt]) -> (Vec<Pt>, Vec<Pt>) {
    let mut head = vec![path[0]];
    for (k, w) in path.windows(2).enumerate() {
        let n = (dist(w[0], w[1]) / 0.004).ceil().max(1.0) as usize;
        for s in 1..=n {
            let t = s as f32 / n as f32;
            let p = (
                w[0].0 + (w[1].0 - w[0].0) * t,
                w[0].1 + (w[1].1 - w[0].1) * t,
            );
            // Off the tile (the path starts on its border) is no feature.
            if !matches!(labels.at(p), FREE | OBJ) {
                head.push(p);
                let rest = std::iter::once(p).chain(path[k + 1..].iter().copied());
                return (head, rest.collect());
            }
        }
        head.push(w[1]);
    }
    (head, Vec::new())
}
