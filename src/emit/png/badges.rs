//! Badges that stay upright whatever the rotation: the striped "reconstructed"
//! band, the start-tile badge and the illustration icons.

use super::canvas::{rgb, Canvas, Pt};
use image::Rgba;
use std::collections::BTreeSet;
use tilec_runtime::{Illustration, Provenance, TileKind};

/// Draws the upright badges of `tile`.
pub fn draw(c: &mut Canvas, tile: &TileKind) {
    if tile.provenance == Provenance::Reconstructed {
        reconstructed(c);
    }
    if tile.start {
        c.disc(START, START_R, rgb(20, 20, 20));
        c.disc(START, 0.062, rgb(30, 90, 200));
        c.text(START, 2, rgb(255, 255, 255), "S");
    }
    for (ill, p) in illustrations(tile) {
        c.disc(p, ILLUSTRATION_R, rgb(20, 20, 20));
        c.disc(p, 0.052, illustration_colour(ill));
        c.text(p, 2, rgb(255, 255, 255), illustration_letter(ill));
    }
}

const START: Pt = (0.1, 0.1);
const START_R: f32 = 0.075;
const ILLUSTRATION_R: f32 = 0.062;

/// Each illustration's badge and where it goes, along the bottom edge.
fn illustrations(tile: &TileKind) -> impl Iterator<Item = (Illustration, Pt)> {
    let kinds: BTreeSet<Illustration> =
        tile.copies.iter().flat_map(|c| c.iter().copied()).collect();
    let at = |k: usize| (0.085 + 0.13 * k as f32, 0.915);
    kinds
        .into_iter()
        .enumerate()
        .map(move |(k, ill)| (ill, at(k)))
}

/// Whether a badge of `tile` covers `p` (at rotation 0): the start tile's
/// or an illustration's. The "reconstructed" band is a stripe over the
/// landscape, which a figure may stand on.
pub fn covers(tile: &TileKind, p: Pt) -> bool {
    let near = |c: Pt, r: f32| (p.0 - c.0).hypot(p.1 - c.1) <= r;
    (tile.start && near(START, START_R))
        || illustrations(tile).any(|(_, c)| near(c, ILLUSTRATION_R))
}

/// A hazard-striped band across the north-east corner.
fn reconstructed(c: &mut Canvas) {
    c.shade((0.8, 0.2), 0.2, |p| {
        let d = p.0 - p.1;
        if !(0.56..=0.76).contains(&d) {
            return None;
        }
        if !(0.575..=0.745).contains(&d) {
            return Some(rgb(20, 20, 20));
        }
        let stripe = ((p.0 + p.1) * 14.0).rem_euclid(1.0) < 0.5;
        Some(if stripe {
            rgb(250, 190, 0)
        } else {
            rgb(30, 30, 30)
        })
    });
}

/// The letter on an illustration's badge (the site's legend explains them).
pub fn illustration_letter(ill: Illustration) -> &'static str {
    match ill {
        Illustration::Farmhouse => "F",
        Illustration::Cowshed => "C",
        Illustration::WaterTower => "W",
        Illustration::Highwaymen => "H",
        Illustration::DonkeyStable => "D",
        Illustration::Pigsty => "P",
        Illustration::Crossroads => "X",
    }
}

fn illustration_colour(ill: Illustration) -> Rgba<u8> {
    match ill {
        Illustration::Farmhouse => rgb(170, 60, 40),
        Illustration::Cowshed => rgb(110, 70, 40),
        Illustration::WaterTower => rgb(40, 100, 170),
        Illustration::Highwaymen => rgb(60, 60, 60),
        Illustration::DonkeyStable => rgb(120, 110, 100),
        Illustration::Pigsty => rgb(200, 90, 130),
        Illustration::Crossroads => rgb(90, 90, 40),
    }
}
