//! Each segment's area as an engine's artwork wants it: an SVG clip path and a
//! point inside it where a figure stands, both from the same layout the preview
//! is painted from (`Scene` and `fields::fill`), so they match the picture.

use super::labels::Labels;

/// One segment's area, in units of a tile `size` wide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Area {
    /// An SVG path: one rectangle per run of the segment's cells in a row.
    pub clip: String,
    /// The cell farthest inside the area (where a figure stands).
    pub point: (u32, u32),
}

/// Cells per side of the grid the areas are traced on.
const GRID: u32 = 90;

/// The area of every segment of `tile` (`None` for one with no cell: not drawn).
pub fn areas(tile: &tilec_runtime::TileKind, size: u32) -> Vec<Option<Area>> {
    let scene = super::best_scene(tile, GRID);
    (0..tile.segments.len())
        .map(|i| {
            u8::try_from(i)
                .ok()
                .and_then(|l| area(&scene.labels, l, size))
        })
        .collect()
}

fn area(labels: &Labels, label: u8, size: u32) -> Option<Area> {
    let s = labels.side() as usize;
    let unit = |cells: usize| cells as u32 * size / GRID;
    let mut clip = String::new();
    for y in 0..s {
        let row = &labels.lab[y * s..(y + 1) * s];
        let mut x = 0;
        while x < s {
            if row[x] != label {
                x += 1;
                continue;
            }
            let start = x;
            while x < s && row[x] == label {
                x += 1;
            }
            let (x0, x1, y0, y1) = (unit(start), unit(x), unit(y), unit(y + 1));
            clip.push_str(&format!("M{x0} {y0}H{x1}V{y1}H{x0}Z"));
        }
    }
    let distance = labels.boundary_distance();
    let best = (0..labels.lab.len())
        .filter(|&i| labels.lab[i] == label)
        .fold(None, |best: Option<usize>, i| match best {
            Some(b) if distance[b] >= distance[i] => Some(b),
            _ => Some(i),
        })?;
    let half = size / GRID / 2;
    let point = (unit(best % s) + half, unit(best / s) + half);
    Some(Area { clip, point })
}
