//! Marks and arrows: Solovei's tree on its road, the festival symbol, Vodyanoy's
//! lake, the 20th Anniversary arrows, and the town hall picture. They turn with
//! the tile.

use super::canvas::{rgb, Canvas, Pt};
use super::geom::midpoint;
use super::labels::FREE;
use super::mark_badges::BADGE_R;
use super::scene::{is_kind, Scene};
use image::Rgba;
use tilec_runtime::{Arrow, ArrowKind, MarkKind, SegmentKind, TileKind, NO_SEGMENT};

const INK: Rgba<u8> = rgb(30, 26, 24);
const WHITE: Rgba<u8> = rgb(252, 250, 244);

/// Draws the tile's marks (the town hall picture comes first, as it is the
/// whole tile). The arrow has a layer of its own: see [`draw_arrow`].
pub fn draw(c: &mut Canvas, scene: &mut Scene, tile: &TileKind) {
    let spots = places(scene, tile);
    for (m, spot) in tile.marks.iter().zip(spots) {
        let Some((p, _)) = spot else {
            if m.kind == MarkKind::TownHall {
                town_hall(c);
            }
            continue; // the abbey's ground is drawn under its monastery
        };
        match m.kind {
            MarkKind::Tree => tree(c, scene, m.segment),
            MarkKind::Festival => festival(c, p),
            MarkKind::TrapLake => trap_lake(c, p),
            kind => super::mark_badges::badge(c, p, kind, m.value_text().as_deref()),
        }
    }
}

/// Where each mark of `tile` is drawn, in mark order: the centre and radius
/// of its symbol (`None` for the town hall and the abbey, which are the
/// whole tile). Places taken are noted in `scene`, so call it once per scene.
pub fn places(scene: &mut Scene, tile: &TileKind) -> Vec<Option<(Pt, f32)>> {
    let mut out = Vec::with_capacity(tile.marks.len());
    for (k, m) in tile.marks.iter().enumerate() {
        let spot = match m.kind {
            MarkKind::TownHall | MarkKind::Abbey => None,
            MarkKind::Tree => Some((tree_spot(scene, m.segment).1, TREE_R)),
            MarkKind::Festival => Some((place_on_field(scene, tile, 0.1), 0.1)),
            MarkKind::TrapLake => Some((place_on_field(scene, tile, LAKE_R), LAKE_R)),
            _ => {
                let p = match m.segment {
                    NO_SEGMENT => place_on_field(scene, tile, BADGE_R),
                    seg => {
                        // Marks sharing a road go one after another along it.
                        let before = tile.marks[..k].iter().filter(|o| o.segment == seg);
                        on_segment(scene, seg, before.count())
                    }
                };
                Some((p, BADGE_R))
            }
        };
        out.push(spot);
    }
    out
}

/// Radius of Solovei's tree's crown and of Vodyanoy's lake.
const TREE_R: f32 = 0.095;
const LAKE_R: f32 = 0.19;

/// Where the `nth` badge on a segment goes: along a road's path from its
/// middle, or the spot inside the segment's area with the most room.
fn on_segment(scene: &mut Scene, seg: u8, nth: usize) -> Pt {
    if let Some((_, path)) = scene.paths.iter().find(|(s, _)| *s == seg) {
        let (p, dir) = midpoint(path);
        // Beside the road, clear of it and of a tree on the other side; the
        // next ones alternate either way along it.
        let step = [0.0, 0.2, -0.2, 0.4, -0.4][nth % 5];
        let along = (p.0 + dir.0 * step, p.1 + dir.1 * step);
        return (along.0 - dir.1 * 0.1, along.1 + dir.0 * 0.1);
    }
    scene.place(BADGE_R, &|l| l == seg)
}

fn place_on_field(scene: &mut Scene, tile: &TileKind, r: f32) -> Pt {
    let free = |l: u8| l == FREE || is_kind(tile, l, SegmentKind::Field);
    scene.place(r, &free)
}

/// The foot and the crown of Solovei's tree: beside the middle of its road.
fn tree_spot(scene: &Scene, seg: u8) -> (Pt, Pt) {
    let path = scene
        .paths
        .iter()
        .find(|(s, _)| seg != NO_SEGMENT && *s == seg);
    let (p, dir) = path.map_or(((0.5, 0.5), (1.0, 0.0)), |(_, path)| midpoint(path));
    // Stand beside the road, the crown overhanging it, so the road stays visible.
    let normal = (dir.1, -dir.0);
    let base = (p.0 + normal.0 * 0.05, p.1 + normal.1 * 0.05);
    (base, (base.0 + normal.0 * 0.05, base.1 + normal.1 * 0.05))
}

fn tree(c: &mut Canvas, scene: &Scene, seg: u8) {
    let (base, crown) = tree_spot(scene, seg);
    c.line(base, crown, 0.03, rgb(100, 62, 30));
    c.disc(crown, TREE_R, rgb(20, 70, 30));
    c.disc(crown, 0.08, rgb(40, 120, 50));
    c.disc((crown.0 - 0.025, crown.1 - 0.025), 0.035, rgb(80, 160, 80));
    c.disc((crown.0 + 0.03, crown.1 + 0.01), 0.012, rgb(200, 40, 40));
}

fn festival(c: &mut Canvas, p: Pt) {
    let star = |r_out: f32, r_in: f32| -> Vec<Pt> {
        (0..16)
            .map(|k| {
                let t = k as f32 * std::f32::consts::PI / 8.0 - std::f32::consts::FRAC_PI_2;
                let r = if k % 2 == 0 { r_out } else { r_in };
                (p.0 + r * t.cos(), p.1 + r * t.sin())
            })
            .collect()
    };
    c.polygon(&star(0.1, 0.055), rgb(190, 30, 60));
    c.polygon(&star(0.08, 0.042), rgb(255, 214, 40));
    c.disc(p, 0.025, rgb(190, 30, 60));
}

fn trap_lake(c: &mut Canvas, p: Pt) {
    c.disc(p, LAKE_R, rgb(18, 60, 66));
    c.disc(p, 0.17, rgb(34, 104, 110));
    c.ring(p, 0.12, 0.012, rgb(90, 160, 160));
    c.ring(p, 0.07, 0.012, rgb(90, 160, 160));
    for dx in [-0.035, 0.035] {
        c.disc((p.0 + dx, p.1 - 0.01), 0.02, rgb(250, 230, 80));
        c.disc((p.0 + dx, p.1 - 0.01), 0.008, INK);
    }
}

/// Rotates a point given for an arrow pointing north to one pointing at `edge`.
pub fn turn(p: Pt, edge: u8) -> Pt {
    (0..edge % 4).fold(p, |q, _| (1.0 - q.1, q.0))
}

/// The arrow's colour, so each kind differs even before its badge is read.
pub fn arrow_colour(kind: ArrowKind) -> Rgba<u8> {
    match kind {
        ArrowKind::AddNextTo => rgb(224, 112, 0),
        ArrowKind::Portal => rgb(128, 48, 170),
        ArrowKind::ExtraTurn => rgb(200, 24, 48),
    }
}

/// Whether the arrow drawn by [`draw_arrow`] (its badge, shaft and head) covers `p`.
pub fn arrow_covers(arrow: Arrow, p: Pt) -> bool {
    let (a, b) = (
        turn((0.72, 0.42), arrow.points),
        turn((0.72, 0.05), arrow.points),
    );
    super::canvas::seg_dist(p, a, b) <= 0.1
}

/// Draws a 20th Anniversary arrow at rotation 0, beside the middle of the edge it
/// points at.
pub fn draw_arrow(c: &mut Canvas, arrow: Arrow) {
    let t = |p: Pt| turn(p, arrow.points);
    let colour = arrow_colour(arrow.kind);
    let head = |s: f32| {
        [
            t((0.72 - s, 0.17)),
            t((0.72 + s, 0.17)),
            t((0.72, 0.17 - 1.3 * s)),
        ]
    };
    c.line(t((0.72, 0.4)), t((0.72, 0.16)), 0.05, INK);
    c.polygon(&head(0.095), INK);
    c.line(t((0.72, 0.4)), t((0.72, 0.16)), 0.03, colour);
    c.polygon(&head(0.07), colour);
    let b = t((0.72, 0.42));
    c.disc(b, 0.08, INK);
    c.disc(b, 0.068, WHITE);
    match arrow.kind {
        ArrowKind::AddNextTo => {
            c.line((b.0 - 0.04, b.1), (b.0 + 0.04, b.1), 0.022, colour);
            c.line((b.0, b.1 - 0.04), (b.0, b.1 + 0.04), 0.022, colour);
        }
        ArrowKind::Portal => {
            c.ring(b, 0.038, 0.016, colour);
            c.disc(b, 0.012, colour);
        }
        ArrowKind::ExtraTurn => {
            for dx in [-0.022, 0.018] {
                c.line(
                    (b.0 + dx - 0.018, b.1 - 0.035),
                    (b.0 + dx + 0.018, b.1),
                    0.016,
                    colour,
                );
                c.line(
                    (b.0 + dx + 0.018, b.1),
                    (b.0 + dx - 0.018, b.1 + 0.035),
                    0.016,
                    colour,
                );
            }
        }
    }
}

/// An abbey's ground, under its monastery: a cloister garth inside a red
/// stone wall, within the border of a tile that fits next to anything.
pub fn abbey_ground(c: &mut Canvas) {
    c.rect((0.0, 0.0), (1.0, 1.0), rgb(150, 62, 44));
    c.rect((0.09, 0.09), (0.91, 0.91), rgb(214, 200, 170));
    c.rect((0.2, 0.2), (0.8, 0.8), rgb(112, 160, 72));
    wildcard_border(c);
}

/// The gold dashed border that says "fits next to anything" (a town hall, an
/// abbey).
fn wildcard_border(c: &mut Canvas) {
    c.shade((0.5, 0.5), 0.5, |p| {
        let edge = p.0.min(p.1).min(1.0 - p.0).min(1.0 - p.1);
        let dash = ((p.0 + p.1) * 12.0).fract() < 0.5;
        (edge < 0.035).then_some(if dash {
            rgb(214, 170, 30)
        } else {
            rgb(90, 70, 20)
        })
    });
}

/// A town hall: paved square, a columned hall, and the border of a tile that
/// fits next to anything.
fn town_hall(c: &mut Canvas) {
    c.rect((0.0, 0.0), (1.0, 1.0), rgb(196, 192, 182));
    c.shade((0.5, 0.5), 0.5, |p| {
        let grid = (p.0 * 10.0).fract() < 0.04 || (p.1 * 10.0).fract() < 0.04;
        grid.then_some(rgb(170, 166, 156))
    });
    wildcard_border(c);
    c.rect((0.2, 0.74), (0.8, 0.8), rgb(150, 146, 136));
    c.rect((0.26, 0.44), (0.74, 0.75), rgb(244, 236, 214));
    for k in 0..4 {
        let x = 0.32 + 0.12 * k as f32;
        c.rect((x - 0.02, 0.47), (x + 0.02, 0.75), rgb(200, 190, 168));
    }
    c.polygon(
        &[(0.22, 0.445), (0.78, 0.445), (0.5, 0.28)],
        rgb(150, 60, 40),
    );
    c.line((0.5, 0.29), (0.5, 0.13), 0.012, INK);
    c.polygon(&[(0.5, 0.13), (0.62, 0.16), (0.5, 0.19)], rgb(30, 70, 170));
}
