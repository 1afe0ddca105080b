//! Where a figure stands on a tile as the board shows it: each segment's
//! point from the same layout as the tile's preview (`emit::png::areas`),
//! turned with the tile, in percent of its side.

use std::collections::HashMap;
use tilec_runtime::{Game, KindId, Rotation, Spot};

/// Side of the square the points are given in (percent).
const SIDE: u32 = 100;
/// Cells per side of the grid the areas are read on (one cell a unit).
const GRID: u32 = 90;

/// Segment points per tile kind, worked out once per kind.
#[derive(Default)]
pub struct Points {
    kinds: HashMap<KindId, Vec<Option<(u32, u32)>>>,
}

impl Points {
    /// The point of `spot` on the board of `game` (percent of the tile,
    /// from its north-west corner); the tile's centre for a spot with no
    /// area (or no segment).
    pub fn at(&mut self, game: &Game, spot: Spot) -> (u32, u32) {
        let Some(placed) = game.tile_at(spot.pos) else {
            return (SIDE / 2, SIDE / 2);
        };
        let upright = self.of(game, placed.kind, spot.segment);
        turned(upright, placed.rotation)
    }

    fn of(&mut self, game: &Game, kind: KindId, segment: u8) -> (u32, u32) {
        let points = self.kinds.entry(kind).or_insert_with(|| {
            let areas = tilec::emit::png::areas(game.catalog().kind(kind), GRID);
            areas
                .iter()
                .map(|a| a.as_ref().and_then(|a| inmost(&a.clip)))
                .collect()
        });
        let found = points.get(usize::from(segment)).copied().flatten();
        found.unwrap_or((SIDE / 2, SIDE / 2))
    }
}

/// The point of an area (an SVG path of one rectangle per run of cells, in
/// cells) farthest from its edge and from the tile's border, in percent: a
/// figure there sits well inside its segment. Of equally deep cells, the one
/// nearest the area's middle.
fn inmost(clip: &str) -> Option<(u32, u32)> {
    let n = GRID as usize;
    let mut inside = vec![false; n * n];
    for run in clip.split('M').filter(|r| !r.is_empty()) {
        let nums: Vec<usize> = run
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|t| t.parse().ok())
            .collect();
        let [x0, y0, x1, y1, ..] = nums[..] else {
            continue;
        };
        for y in y0..y1.min(n) {
            for x in x0..x1.min(n) {
                inside[y * n + x] = true;
            }
        }
    }
    let depth = depths(&inside, n);
    let cells: Vec<usize> = (0..n * n).filter(|&i| inside[i]).collect();
    let count = cells.len().max(1);
    let (cx, cy) = (
        cells.iter().map(|i| i % n).sum::<usize>() / count,
        cells.iter().map(|i| i / n).sum::<usize>() / count,
    );
    let off = |i: usize| (i % n).abs_diff(cx).pow(2) + (i / n).abs_diff(cy).pow(2);
    let best = cells
        .iter()
        .copied()
        .max_by(|&a, &b| depth[a].cmp(&depth[b]).then(off(b).cmp(&off(a))))?;
    let percent = |c: usize| (c as u32 * SIDE + SIDE / 2) / GRID;
    Some((percent(best % n), percent(best / n)))
}

/// Each cell's distance (in steps to a side neighbour) to the nearest cell
/// outside the area, the tile's border counting as outside.
fn depths(inside: &[bool], n: usize) -> Vec<u32> {
    let mut depth = vec![u32::MAX; n * n];
    let mut queue = std::collections::VecDeque::new();
    for i in 0..n * n {
        let (x, y) = (i % n, i / n);
        let border = x == 0 || y == 0 || x == n - 1 || y == n - 1;
        if !inside[i] || border {
            depth[i] = u32::from(inside[i]);
            queue.push_back(i);
        }
    }
    while let Some(i) = queue.pop_front() {
        let (x, y) = (i % n, i / n);
        let near = [
            (x > 0).then(|| i - 1),
            (x + 1 < n).then(|| i + 1),
            (y > 0).then(|| i - n),
            (y + 1 < n).then(|| i + n),
        ];
        for j in near.into_iter().flatten() {
            if depth[j] == u32::MAX {
                depth[j] = depth[i] + 1;
                queue.push_back(j);
            }
        }
    }
    depth
}

/// A point of the upright tile after the tile's clockwise quarter turns.
fn turned((mut x, mut y): (u32, u32), rotation: Rotation) -> (u32, u32) {
    for _ in 0..rotation.quarter_turns() % 4 {
        (x, y) = (SIDE - y, x);
    }
    (x, y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_figure_stands_deep_inside_its_area() {
        let near = |p: Option<(u32, u32)>, (x, y): (u32, u32)| {
            p.is_some_and(|(px, py)| px.abs_diff(x) <= 1 && py.abs_diff(y) <= 1)
        };
        // A band along the north edge, 20 cells deep: half way down it.
        assert!(
            near(inmost("M0 0H90V20H0Z"), (50, 11)),
            "{:?}",
            inmost("M0 0H90V20H0Z")
        );
        // The rest of the tile below the band: the middle of what is left.
        let lower: String = (20..90)
            .map(|y| format!("M0 {y}H90V{}H0Z", y + 1))
            .collect();
        assert!(near(inmost(&lower), (50, 61)), "{:?}", inmost(&lower));
        assert_eq!(inmost(""), None);
    }

    #[test]
    fn a_quarter_turn_takes_the_north_to_the_east() {
        assert_eq!(turned((50, 10), Rotation::new(1)), (90, 50));
        assert_eq!(turned((50, 10), Rotation::new(2)), (50, 90));
        assert_eq!(turned((50, 10), Rotation::new(3)), (10, 50));
        assert_eq!(turned((50, 10), Rotation::R0), (50, 10));
    }
}
