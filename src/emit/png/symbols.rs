//! Symbols drawn over the painted landscape: buildings on their plots, road end
//! points, city gates and coats of arms. Everything here turns with the tile.

use super::canvas::{rgb, Canvas, Pt};
use super::labels::Labels;
use super::scene::{segs, Scene, PLOT_R, SPRING_R, STONE_R, TUNNEL_R};
use image::Rgba;
use tilec_runtime::{EndKind, SegmentKind, TileKind};

const INK: Rgba<u8> = rgb(40, 34, 30);
const WHITE: Rgba<u8> = rgb(250, 248, 240);
const ROOF: Rgba<u8> = rgb(186, 62, 42);

/// Radius of a city gate.
pub const GATE_R: f32 = 0.042;

/// Draws every plot, end point, gate and pennant of the scene.
pub fn draw(c: &mut Canvas, scene: &Scene, tile: &TileKind) {
    for &(seg, p) in &scene.plots {
        match tile.segments.get(usize::from(seg)).map(|g| g.kind) {
            Some(SegmentKind::Garden) => garden(c, p),
            Some(SegmentKind::Hut) => hut(c, p),
            _ => monastery(c, p),
        }
    }
    for &(kind, p) in &scene.ends {
        end_point(c, kind, p);
    }
    for &g in &scene.gates {
        c.disc(g, GATE_R, INK);
        c.disc(g, 0.024, rgb(12, 10, 10));
    }
    for (i, g) in segs(tile).filter(|(_, g)| g.kind == SegmentKind::City) {
        pennants(c, &scene.labels, i, g.pennants);
    }
}

fn monastery(c: &mut Canvas, p: Pt) {
    c.ring(p, PLOT_R - 0.006, 0.012, rgb(150, 130, 90));
    let (x, y) = p;
    c.rect((x - 0.07, y - 0.01), (x + 0.07, y + 0.08), WHITE);
    c.rect((x - 0.012, y + 0.035), (x + 0.012, y + 0.08), INK);
    c.polygon(
        &[(x - 0.09, y - 0.005), (x + 0.09, y - 0.005), (x, y - 0.075)],
        ROOF,
    );
    c.line((x, y - 0.125), (x, y - 0.07), 0.014, INK);
    c.line((x - 0.022, y - 0.105), (x + 0.022, y - 0.105), 0.014, INK);
}

fn garden(c: &mut Canvas, p: Pt) {
    c.disc(p, PLOT_R, rgb(38, 110, 40));
    c.disc(p, PLOT_R - 0.025, rgb(150, 210, 110));
    c.line(
        (p.0 - 0.09, p.1),
        (p.0 + 0.09, p.1),
        0.018,
        rgb(232, 220, 180),
    );
    c.line(
        (p.0, p.1 - 0.09),
        (p.0, p.1 + 0.09),
        0.018,
        rgb(232, 220, 180),
    );
    let petals = [
        rgb(220, 40, 60),
        rgb(250, 210, 40),
        rgb(250, 250, 250),
        rgb(200, 60, 190),
    ];
    for (k, (dx, dy)) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
        .iter()
        .enumerate()
    {
        c.disc((p.0 + 0.045 * dx, p.1 + 0.045 * dy), 0.02, petals[k]);
    }
}

fn hut(c: &mut Canvas, p: Pt) {
    let (x, y) = p;
    c.ring(p, PLOT_R - 0.006, 0.012, rgb(90, 50, 100));
    let leg = rgb(236, 176, 30);
    for dx in [-0.035, 0.035] {
        c.line((x + dx, y + 0.03), (x + dx, y + 0.1), 0.014, leg);
        c.line((x + dx, y + 0.1), (x + dx - 0.025, y + 0.115), 0.01, leg);
        c.line((x + dx, y + 0.1), (x + dx + 0.025, y + 0.115), 0.01, leg);
    }
    c.rect(
        (x - 0.065, y - 0.03),
        (x + 0.065, y + 0.04),
        rgb(120, 74, 40),
    );
    for k in 0..3 {
        let ly = y - 0.01 + 0.022 * k as f32;
        c.line((x - 0.065, ly), (x + 0.065, ly), 0.005, rgb(70, 40, 20));
    }
    c.polygon(
        &[(x - 0.085, y - 0.025), (x + 0.085, y - 0.025), (x, y - 0.1)],
        rgb(60, 50, 60),
    );
    c.rect(
        (x - 0.015, y - 0.01),
        (x + 0.015, y + 0.02),
        rgb(250, 220, 90),
    );
}

fn end_point(c: &mut Canvas, kind: EndKind, p: Pt) {
    match kind {
        EndKind::Junction => {
            c.disc(p, 0.058, INK);
            c.disc(p, 0.034, rgb(200, 190, 170));
        }
        EndKind::Village => {
            for (dx, dy) in [(-0.05, 0.03), (0.05, 0.03), (0.0, -0.045)] {
                house(c, (p.0 + dx, p.1 + dy));
            }
        }
        EndKind::Stone => {
            let r = STONE_R;
            let rock: Vec<Pt> = (0..9)
                .map(|k| {
                    let t = k as f32 * std::f32::consts::TAU / 9.0;
                    let rr = r * [1.0, 0.85, 0.95, 0.8, 1.0, 0.9, 0.82, 0.97, 0.88][k];
                    (p.0 + rr * t.cos(), p.1 + rr * t.sin())
                })
                .collect();
            c.polygon(&rock, INK);
            let inner: Vec<Pt> = rock
                .iter()
                .map(|q| (p.0 + (q.0 - p.0) * 0.82, p.1 + (q.1 - p.1) * 0.82))
                .collect();
            c.polygon(&inner, rgb(150, 150, 156));
            c.disc((p.0 - 0.025, p.1 - 0.025), 0.02, rgb(196, 196, 204));
        }
        EndKind::Spring => {
            c.disc(p, SPRING_R, rgb(30, 84, 160));
            c.disc(p, SPRING_R - 0.012, rgb(120, 200, 250));
            c.ring(p, 0.035, 0.01, WHITE);
            c.disc(p, 0.012, WHITE);
        }
        EndKind::Lake => {
            for k in 0..3 {
                let y = p.1 - 0.06 + 0.06 * k as f32;
                c.line((p.0 - 0.07, y), (p.0 + 0.07, y), 0.01, rgb(170, 214, 250));
            }
        }
        EndKind::Tunnel => {
            // A portal: a stone ring round a black mouth, the road going into it.
            c.disc(p, TUNNEL_R, rgb(120, 112, 100));
            c.disc(p, TUNNEL_R - 0.022, rgb(18, 16, 14));
            c.ring(p, TUNNEL_R, 0.008, INK);
        }
        EndKind::Segment | EndKind::Bank => {}
    }
}

fn house(c: &mut Canvas, p: Pt) {
    let (x, y) = p;
    c.rect((x - 0.032, y - 0.018), (x + 0.032, y + 0.032), INK);
    c.rect((x - 0.026, y - 0.012), (x + 0.026, y + 0.026), WHITE);
    c.polygon(
        &[
            (x - 0.042, y - 0.012),
            (x + 0.042, y - 0.012),
            (x, y - 0.05),
        ],
        ROOF,
    );
}

/// Coats of arms at the middle of city `seg`.
fn pennants(c: &mut Canvas, labels: &Labels, seg: u8, count: u8) {
    for p in pennant_spots(labels, seg, count) {
        shield(c, p);
    }
}

/// Half the height of a coat of arms.
pub const SHIELD_R: f32 = 0.08;

/// Where the coats of arms of city `seg` go: side by side (at most three) at
/// the centre of mass of its area.
pub fn pennant_spots(labels: &Labels, seg: u8, count: u8) -> Vec<Pt> {
    if count == 0 {
        return Vec::new();
    }
    let (mut sx, mut sy, mut n) = (0.0f64, 0.0f64, 0u32);
    for (i, _) in labels.lab.iter().enumerate().filter(|(_, &l)| l == seg) {
        let p = labels.point(i);
        (sx, sy, n) = (sx + f64::from(p.0), sy + f64::from(p.1), n + 1);
    }
    if n == 0 {
        return Vec::new();
    }
    let centre = ((sx / f64::from(n)) as f32, (sy / f64::from(n)) as f32);
    let shown = count.min(3);
    (0..shown)
        .map(|k| {
            let dx = (f32::from(k) - f32::from(shown - 1) / 2.0) * 0.14;
            (centre.0 + dx, centre.1)
        })
        .collect()
}

fn shield(c: &mut Canvas, p: Pt) {
    let outline = |s: f32| -> Vec<Pt> {
        [
            (-0.5, -0.55),
            (0.5, -0.55),
            (0.5, 0.05),
            (0.0, 0.62),
            (-0.5, 0.05),
        ]
        .iter()
        .map(|(x, y)| (p.0 + x * s, p.1 + y * s))
        .collect()
    };
    c.polygon(&outline(0.13), WHITE);
    c.polygon(&outline(0.105), rgb(30, 70, 170));
    c.line(
        (p.0, p.1 - 0.04),
        (p.0, p.1 + 0.04),
        0.018,
        rgb(250, 210, 40),
    );
    c.line(
        (p.0 - 0.032, p.1 - 0.012),
        (p.0 + 0.032, p.1 - 0.012),
        0.018,
        rgb(250, 210, 40),
    );
}
