//! Drawing primitives on a square canvas addressed in unit coordinates
//! (`(0, 0)` is the north-west corner, `(1, 1)` the south-east one, y grows south).
//! Everything is drawn at twice the output size and box-filtered down, which gives
//! smooth edges without an anti-aliasing rasteriser.

use image::{Rgba, RgbaImage};

/// A point in unit coordinates.
pub type Pt = (f32, f32);

/// An opaque colour.
pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba<u8> {
    Rgba([r, g, b, 255])
}

/// A square drawing surface (supersampled).
pub struct Canvas {
    /// The pixels.
    pub img: RgbaImage,
}

impl Canvas {
    /// A canvas of `side` × `side` pixels filled with `bg`.
    pub fn new(side: u32, bg: Rgba<u8>) -> Canvas {
        Canvas {
            img: RgbaImage::from_pixel(side, side, bg),
        }
    }

    /// Side length in pixels.
    pub fn side(&self) -> u32 {
        self.img.width()
    }

    fn px(&self, v: f32) -> f32 {
        v * self.side() as f32
    }

    /// Calls `inside` for each pixel centre of the box around `c` with radius `r`
    /// (unit coordinates) and paints `colour` where it returns true.
    fn fill_where(&mut self, c: Pt, r: f32, colour: Rgba<u8>, inside: impl Fn(Pt) -> bool) {
        self.shade(c, r, |p| inside(p).then_some(colour));
    }

    /// Calls `colour` for each pixel centre of the box around `c` with radius `r`
    /// and paints what it returns.
    pub fn shade(&mut self, c: Pt, r: f32, colour: impl Fn(Pt) -> Option<Rgba<u8>>) {
        let n = self.side();
        let side = n as f32;
        let lo = |v: f32| ((v - r) * side).floor().max(0.0) as u32;
        let hi = |v: f32| (((v + r) * side).ceil().max(0.0) as u32).min(n);
        for y in lo(c.1)..hi(c.1) {
            for x in lo(c.0)..hi(c.0) {
                let p = ((x as f32 + 0.5) / side, (y as f32 + 0.5) / side);
                if let Some(colour) = colour(p) {
                    blend(self.img.get_pixel_mut(x, y), colour);
                }
            }
        }
    }

    /// A filled disc.
    pub fn disc(&mut self, c: Pt, r: f32, colour: Rgba<u8>) {
        self.fill_where(c, r, colour, |p| dist(p, c) <= r);
    }

    /// A ring (circle outline) of thickness `w`.
    pub fn ring(&mut self, c: Pt, r: f32, w: f32, colour: Rgba<u8>) {
        self.fill_where(c, r + w, colour, |p| (dist(p, c) - r).abs() <= w / 2.0);
    }

    /// A thick line segment with round caps.
    pub fn line(&mut self, a: Pt, b: Pt, w: f32, colour: Rgba<u8>) {
        let c = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        let r = dist(a, b) / 2.0 + w;
        self.fill_where(c, r, colour, |p| seg_dist(p, a, b) <= w / 2.0);
    }

    /// A filled polygon (even-odd rule).
    pub fn polygon(&mut self, pts: &[Pt], colour: Rgba<u8>) {
        let Some(&first) = pts.first() else { return };
        let (mut x0, mut y0, mut x1, mut y1) = (first.0, first.1, first.0, first.1);
        for p in pts {
            (x0, y0, x1, y1) = (x0.min(p.0), y0.min(p.1), x1.max(p.0), y1.max(p.1));
        }
        let c = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
        let r = (x1 - x0).max(y1 - y0) / 2.0 + 0.01;
        self.fill_where(c, r, colour, |p| in_polygon(p, pts));
    }

    /// An axis-aligned filled rectangle from `a` (top-left) to `b`.
    pub fn rect(&mut self, a: Pt, b: Pt, colour: Rgba<u8>) {
        self.polygon(&[a, (b.0, a.1), b, (a.0, b.1)], colour);
    }

    /// Text centred on `c`, `scale` pixels per font pixel at output size.
    pub fn text(&mut self, c: Pt, scale: u32, colour: Rgba<u8>, text: &str) {
        let s = scale * 2;
        let w = i64::from(super::font::text_width(text, s));
        let h = i64::from(super::font::GLYPH_H * s);
        let (x, y) = (self.px(c.0) as i64 - w / 2, self.px(c.1) as i64 - h / 2);
        super::font::draw_text(&mut self.img, x, y, s, colour, text);
    }

    /// The canvas at half size, each output pixel the mean of a 2×2 block.
    pub fn downsample(&self) -> RgbaImage {
        let side = self.side() / 2;
        RgbaImage::from_fn(side, side, |x, y| {
            let mut sum = [0u32; 4];
            for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                let p = self.img.get_pixel(2 * x + dx, 2 * y + dy);
                for (s, v) in sum.iter_mut().zip(p.0) {
                    *s += u32::from(v);
                }
            }
            Rgba(sum.map(|s| ((s + 2) / 4) as u8))
        })
    }
}

/// Alpha-blends `src` over `dst`.
fn blend(dst: &mut Rgba<u8>, src: Rgba<u8>) {
    let a = u32::from(src.0[3]);
    if a == 255 {
        *dst = src;
        return;
    }
    for i in 0..3 {
        let v = (u32::from(src.0[i]) * a + u32::from(dst.0[i]) * (255 - a) + 127) / 255;
        dst.0[i] = v as u8;
    }
    dst.0[3] = dst.0[3].max(src.0[3]);
}

/// Euclidean distance.
pub fn dist(a: Pt, b: Pt) -> f32 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

/// Distance from `p` to the segment `a`–`b`.
pub fn seg_dist(p: Pt, a: Pt, b: Pt) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 {
        0.0
    } else {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0)
    };
    dist(p, (a.0 + t * dx, a.1 + t * dy))
}

/// Even-odd point-in-polygon test.
pub fn in_polygon(p: Pt, pts: &[Pt]) -> bool {
    let mut inside = false;
    let mut j = pts.len().wrapping_sub(1);
    for i in 0..pts.len() {
        let (a, b) = (pts[i], pts[j]);
        if (a.1 > p.1) != (b.1 > p.1) && p.0 < (b.0 - a.0) * (p.1 - a.1) / (b.1 - a.1) + a.0 {
            inside = !inside;
        }
        j = i;
    }
    inside
}
