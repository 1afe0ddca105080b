//! Turns a label map into colours: tinted fields with hedges between different
//! fields, cities with walls, roads with kerbs, rivers with banks, bridges.

use super::canvas::{rgb, Canvas};
use super::labels::{Labels, FREE, OBJ};
use image::Rgba;
use tilec_runtime::{SegmentKind, TileKind};

/// Field tints, one per field segment in turn, so neighbouring fields differ.
const FIELD: [Rgba<u8>; 4] = [
    rgb(133, 190, 80),
    rgb(104, 160, 58),
    rgb(164, 206, 110),
    rgb(90, 142, 66),
];
const HEDGE: Rgba<u8> = rgb(40, 82, 30);
const CITY: Rgba<u8> = rgb(218, 178, 116);
const WALL: Rgba<u8> = rgb(118, 96, 80);
const ROAD: Rgba<u8> = rgb(244, 236, 214);
const KERB: Rgba<u8> = rgb(92, 80, 66);
const RIVER: Rgba<u8> = rgb(64, 140, 226);
const BANK: Rgba<u8> = rgb(30, 84, 160);
const BRIDGE: Rgba<u8> = rgb(160, 112, 62);
const PLOT: Rgba<u8> = rgb(226, 214, 170);
const BARE: Rgba<u8> = rgb(150, 150, 140);
/// A seam, the interior of a piece of several squares: stone, hatched.
const STONE: Rgba<u8> = rgb(176, 168, 156);
const HATCH: Rgba<u8> = rgb(96, 90, 84);

/// Paints the label map onto a canvas of the same size.
pub fn paint(labels: &Labels, tile: &TileKind) -> Canvas {
    let side = labels.side();
    let mut canvas = Canvas::new(side, BARE);
    let d = labels.boundary_distance();
    let scale = side as f32 / 320.0;
    let tints = field_tints(tile);
    let kinds: Vec<Option<SegmentKind>> = (0..=255u8)
        .map(|l| tile.segments.get(usize::from(l)).map(|g| g.kind))
        .collect();
    for (i, &l) in labels.lab.iter().enumerate() {
        let kind = kinds[usize::from(l)];
        let near = |w: f32| d[i] < w * scale;
        let colour = match kind {
            Some(SegmentKind::Field) => {
                if hedge(labels, tile, i, d[i]) {
                    HEDGE
                } else {
                    tints[usize::from(l)]
                }
            }
            Some(SegmentKind::City) => pick(near(7.0), WALL, CITY),
            Some(SegmentKind::Road) if labels.bridge[i] => pick(near(4.0), KERB, BRIDGE),
            Some(SegmentKind::Road) => pick(near(3.0), KERB, ROAD),
            Some(SegmentKind::River) => pick(near(3.0), BANK, RIVER),
            Some(SegmentKind::Seam) => {
                let (x, y) = (i % side as usize, i / side as usize);
                let stripe = (x + y) as f32 % (10.0 * scale).max(4.0) < 2.0 * scale.max(0.5);
                pick(stripe, HATCH, STONE)
            }
            Some(_) => PLOT,
            None if l == FREE || l == OBJ => BARE,
            None => BARE,
        };
        let s = side as usize;
        canvas.img.put_pixel((i % s) as u32, (i / s) as u32, colour);
    }
    canvas
}

fn pick(cond: bool, yes: Rgba<u8>, no: Rgba<u8>) -> Rgba<u8> {
    if cond {
        yes
    } else {
        no
    }
}

/// A field pixel within two pixels of a pixel of a different field.
fn hedge(labels: &Labels, tile: &TileKind, i: usize, d: f32) -> bool {
    if d > 2.5 {
        return false;
    }
    let l = labels.lab[i];
    let other_field = |j: usize| {
        let o = labels.lab[j];
        o != l
            && tile
                .segments
                .get(usize::from(o))
                .is_some_and(|g| g.kind == SegmentKind::Field)
    };
    labels
        .neighbours(i)
        .any(|j| other_field(j) || labels.neighbours(j).any(other_field))
}

/// The tint of each segment (only field entries matter).
fn field_tints(tile: &TileKind) -> Vec<Rgba<u8>> {
    let mut n = 0;
    tile.segments
        .iter()
        .map(|g| {
            if g.kind != SegmentKind::Field {
                return FIELD[0];
            }
            n += 1;
            FIELD[(n - 1) % FIELD.len()]
        })
        .collect()
}
