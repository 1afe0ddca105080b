//! Tile previews drawn from the model (never from scans): one picture per tile
//! kind and rotation, and one sheet per set.
//!
//! A tile is laid out into a label map (which segment owns each pixel: cities
//! first, then rivers, roads and buildings, then the fields as the areas left
//! over), painted, decorated with its symbols, turned, and given upright badges.
//! Everything is drawn at twice the output size and box-filtered down.
//!
//! Output is deterministic: the same tile always gives the same pixels, and
//! [`encode_png`] the same bytes. Nothing here panics on odd input: unknown
//! segments are skipped and the picture shows what can be drawn.

mod areas;
mod badges;
mod canvas;
mod crossing;
mod fields;
mod font;
mod geom;
mod labels;
mod mark_badges;
mod marks;
mod paint;
mod scene;
mod sheet;
mod symbols;

use canvas::Canvas;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder, RgbaImage};
use scene::Scene;
use tilec_runtime::{MarkKind, TileKind};

pub use areas::{places, Area, Place, Places};
pub use mark_badges::letters as mark_letters;
pub use sheet::{render_sheet, sheet_from};

/// Side of a tile preview in pixels.
pub const TILE_PX: u32 = 160;

/// The preview of `tile` turned clockwise by `rotation` quarter turns.
pub fn render_tile(tile: &TileKind, rotation: u8) -> RgbaImage {
    let base = landscape(tile).downsample();
    finish(
        &base,
        &badge_layer(tile),
        arrow_layer(tile).as_ref(),
        rotation,
    )
}

/// The previews of `tile` at all four rotations (0°, 90°, 180°, 270°), sharing
/// one layout.
pub fn render_rotations(tile: &TileKind) -> [RgbaImage; 4] {
    let base = landscape(tile).downsample();
    let badges = badge_layer(tile);
    let arrow = arrow_layer(tile);
    [0, 1, 2, 3].map(|r| finish(&base, &badges, arrow.as_ref(), r))
}

/// How many places the preview of `tile` cannot tell its fields apart by the
/// roads, rivers and walls drawn alone: areas shared by several fields (split
/// by a hedge instead) and fields with no area. 0 for almost every tile;
/// `tilec render` reports the others so a designer can look twice.
pub fn layout_problems(tile: &TileKind) -> usize {
    if tile.has_mark(MarkKind::TownHall) || tile.has_mark(MarkKind::Abbey) {
        return 0;
    }
    let mut scene = Scene::build(tile, TILE_PX * 2, false);
    let first = fields::fill(&mut scene.labels, tile);
    if first == 0 {
        return 0;
    }
    let mut scene = Scene::build(tile, TILE_PX * 2, true);
    first.min(fields::fill(&mut scene.labels, tile))
}

/// PNG bytes of `img` (deterministic: no time stamps or other metadata).
pub fn encode_png(img: &RgbaImage) -> Vec<u8> {
    let mut out = Vec::new();
    let encoder =
        PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Adaptive);
    // Writing into a Vec cannot fail for a well-formed RGBA buffer.
    let _ = encoder.write_image(
        img.as_raw(),
        img.width(),
        img.height(),
        image::ExtendedColorType::Rgba8,
    );
    out
}

/// The tile at rotation 0, supersampled, without upright badges.
fn landscape(tile: &TileKind) -> Canvas {
    let side = TILE_PX * 2;
    let mut scene = best_scene(tile, side);
    let mut c = paint::paint(&scene.labels, tile);
    if tile.has_mark(MarkKind::Abbey) {
        marks::abbey_ground(&mut c);
    }
    if !tile.has_mark(MarkKind::TownHall) {
        symbols::draw(&mut c, &scene, tile);
    }
    marks::draw(&mut c, &mut scene, tile);
    c
}

/// Lays the tile out with corner roads round their corner, and if the fields do
/// not come out right, through the centre instead; keeps the better picture.
fn best_scene(tile: &TileKind, side: u32) -> Scene {
    let mut best: Option<(usize, Scene)> = None;
    for via_centre in [false, true] {
        let mut scene = Scene::build(tile, side, via_centre);
        let problems = fields::fill(&mut scene.labels, tile);
        let better = match &best {
            None => true,
            Some((p, _)) => problems < *p,
        };
        if better {
            best = Some((problems, scene));
        }
        if problems == 0 {
            break;
        }
    }
    match best {
        Some((_, scene)) => scene,
        None => Scene::build(tile, side, false),
    }
}

/// The upright badges on a transparent layer, at output size. Box-filtering
/// opaque drawing over transparent black gives premultiplied colour.
fn badge_layer(tile: &TileKind) -> RgbaImage {
    let mut c = Canvas::new(TILE_PX * 2, image::Rgba([0, 0, 0, 0]));
    badges::draw(&mut c, tile);
    c.downsample()
}

/// The tile's arrow on a transparent layer at output size, at rotation 0. It
/// turns with the tile but lies over the upright badges, so that the
/// reconstructed band in the north-east corner never hides an arrow that ends
/// up pointing north.
fn arrow_layer(tile: &TileKind) -> Option<RgbaImage> {
    let arrow = tile.arrow?;
    let mut c = Canvas::new(TILE_PX * 2, image::Rgba([0, 0, 0, 0]));
    marks::draw_arrow(&mut c, arrow);
    Some(c.downsample())
}

/// Turns the (downsampled) landscape, lays the premultiplied badges over it,
/// then the turned arrow. Turning after the 2×2 box filter gives the same
/// pixels as turning before.
fn finish(
    base: &RgbaImage,
    badges: &RgbaImage,
    arrow: Option<&RgbaImage>,
    rotation: u8,
) -> RgbaImage {
    let mut img = turned(base, rotation);
    over(&mut img, badges);
    if let Some(arrow) = arrow {
        over(&mut img, &turned(arrow, rotation));
    }
    img
}

fn turned(img: &RgbaImage, rotation: u8) -> RgbaImage {
    match rotation % 4 {
        1 => image::imageops::rotate90(img),
        2 => image::imageops::rotate180(img),
        3 => image::imageops::rotate270(img),
        _ => img.clone(),
    }
}

/// Lays the premultiplied `layer` over `img`.
fn over(img: &mut RgbaImage, layer: &RgbaImage) {
    for (dst, src) in img.pixels_mut().zip(layer.pixels()) {
        let a = u32::from(src.0[3]);
        if a == 0 {
            continue;
        }
        for i in 0..3 {
            let under = u32::from(dst.0[i]) * (255 - a) / 255;
            dst.0[i] = (u32::from(src.0[i]) + under).min(255) as u8;
        }
    }
}
