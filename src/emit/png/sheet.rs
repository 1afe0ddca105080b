//! One sheet per set: a titled grid of every tile kind at rotation 0 with its id
//! and count.

use super::canvas::rgb;
use super::font::{draw_text, text_width, GLYPH_H};
use super::{render_tile, TILE_PX};
use image::{imageops, RgbaImage};
use tilec_runtime::TileSet;

const COLUMNS: u32 = 8;
const GAP: u32 = 12;
const LABEL_H: u32 = 22;
const TITLE_H: u32 = 40;

/// A grid of the set's tiles, each labelled with its local id and `×count`.
pub fn render_sheet(set: &TileSet) -> RgbaImage {
    let previews: Vec<RgbaImage> = set.tiles.iter().map(|t| render_tile(t, 0)).collect();
    sheet_from(set, &previews)
}

/// The same sheet from previews already rendered (`previews[i]` is tile `i` at
/// rotation 0; missing ones are left blank).
pub fn sheet_from(set: &TileSet, previews: &[RgbaImage]) -> RgbaImage {
    let n = set.tiles.len() as u32;
    let cols = n.clamp(1, COLUMNS);
    let rows = n.div_ceil(COLUMNS).max(1);
    let cell_w = TILE_PX + GAP;
    let cell_h = TILE_PX + LABEL_H + GAP;
    let mut img = RgbaImage::from_pixel(
        cols * cell_w + GAP,
        TITLE_H + rows * cell_h,
        rgb(250, 248, 242),
    );
    let title = format!(
        "{} ({}): {}, {}",
        set.name,
        set.id,
        crate::message::plural(set.total() as usize, "tile"),
        crate::message::plural(n as usize, "kind")
    );
    draw_text(&mut img, i64::from(GAP), 12, 2, rgb(20, 20, 20), &title);
    for (k, tile) in set.tiles.iter().enumerate() {
        let (col, row) = (k as u32 % COLUMNS, k as u32 / COLUMNS);
        let x = GAP + col * cell_w;
        let y = TITLE_H + row * cell_h;
        if let Some(preview) = previews.get(k) {
            imageops::overlay(&mut img, preview, i64::from(x), i64::from(y));
        }
        let local = tile.id.rsplit('/').next().unwrap_or(&tile.id);
        let label = format!("{local} x{}", tile.count);
        let scale = if text_width(&label, 2) <= TILE_PX {
            2
        } else {
            1
        };
        let ty = y + TILE_PX + (LABEL_H - GLYPH_H * scale) / 2;
        draw_text(
            &mut img,
            i64::from(x),
            i64::from(ty),
            scale,
            rgb(20, 20, 20),
            &label,
        );
    }
    img
}
