//! The badge of each mark that has no picture of its own (an inn, a tower, a
//! corn circle, ...): a disc in the mark's colour with its letters, and below it
//! the mark's value where it has one (`WINE`, `NW`). The site's legend explains
//! the letters ([`letters`]).

use super::canvas::{rgb, Canvas, Pt};
use image::Rgba;
use tilec_runtime::MarkKind;

/// The radius of a mark's badge (tile side = 1).
pub const BADGE_R: f32 = 0.075;

/// Draws the badge of `kind` centred on `p`, with its value under it.
pub fn badge(c: &mut Canvas, p: Pt, kind: MarkKind, value: Option<&str>) {
    let (letters, colour) = style(kind);
    c.disc(p, BADGE_R, rgb(20, 20, 20));
    c.disc(p, BADGE_R - 0.012, colour);
    c.text(p, 2, rgb(255, 255, 255), letters);
    if let Some(v) = value {
        let below = (p.0, p.1 + BADGE_R + 0.035);
        let text = v.to_ascii_uppercase();
        let half = 0.02 * text.len() as f32 + 0.01;
        c.rect(
            (below.0 - half, below.1 - 0.03),
            (below.0 + half, below.1 + 0.03),
            rgb(20, 20, 20),
        );
        c.text(below, 1, rgb(255, 255, 255), &text);
    }
}

/// The letters on a mark's badge.
pub fn letters(kind: MarkKind) -> &'static str {
    style(kind).0
}

/// Letters and colour per mark; colours group the marks by what they stand on
/// (roads ochre, cities red, monasteries brown, fields green, tiles blue/violet).
fn style(kind: MarkKind) -> (&'static str, Rgba<u8>) {
    const ROAD: Rgba<u8> = rgb(176, 120, 20);
    const CITY: Rgba<u8> = rgb(170, 40, 40);
    const MONASTERY: Rgba<u8> = rgb(110, 70, 40);
    const FIELD: Rgba<u8> = rgb(40, 120, 50);
    const TILE: Rgba<u8> = rgb(40, 70, 160);
    const FIGURE: Rgba<u8> = rgb(110, 40, 150);
    match kind {
        MarkKind::Inn => ("IN", ROAD),
        MarkKind::Labyrinth => ("LB", ROAD),
        MarkKind::Wells => ("WL", ROAD),
        MarkKind::Cathedral => ("CT", CITY),
        MarkKind::Besieged => ("SG", CITY),
        MarkKind::Resource => ("TG", CITY),
        MarkKind::NoCastle => ("NC", CITY),
        MarkKind::Princess => ("PR", CITY),
        MarkKind::Darmstadtium => ("DS", CITY),
        MarkKind::MultiEdge => ("ME", CITY),
        MarkKind::Shrine => ("SH", MONASTERY),
        MarkKind::Church => ("CH", MONASTERY),
        MarkKind::Special => ("SP", MONASTERY),
        MarkKind::PigHerd => ("PH", FIELD),
        MarkKind::Hill => ("HL", FIELD),
        MarkKind::Vineyard => ("VY", FIELD),
        MarkKind::CornCircle => ("CC", FIELD),
        MarkKind::Tower => ("TW", TILE),
        MarkKind::Watchtower => ("WT", TILE),
        MarkKind::Bazaar => ("BZ", TILE),
        MarkKind::Ferry => ("FY", TILE),
        MarkKind::Quarter => ("QT", TILE),
        MarkKind::WindRose => ("WR", TILE),
        MarkKind::Goldmine => ("GM", TILE),
        MarkKind::Circus => ("CI", TILE),
        MarkKind::Acrobats => ("AC", TILE),
        MarkKind::Dragon => ("DR", FIGURE),
        MarkKind::Volcano => ("VO", FIGURE),
        MarkKind::MagicPortal => ("MP", FIGURE),
        MarkKind::Mage => ("MW", FIGURE),
        MarkKind::FlyingMachine => ("FM", FIGURE),
        // These have pictures of their own (marks.rs); the letters serve the legend.
        MarkKind::Festival => ("FE", TILE),
        MarkKind::Tree => ("TR", FIELD),
        MarkKind::TownHall => ("TH", TILE),
        MarkKind::Abbey => ("AB", TILE),
        MarkKind::TrapLake => ("LK", TILE),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mark_has_distinct_letters() {
        let mut seen: Vec<&str> = MarkKind::ALL.iter().map(|&k| letters(k)).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), MarkKind::ALL.len());
    }
}
