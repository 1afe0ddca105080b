//! Golden pictures: a dozen shipped tiles rendered and compared with the blessed
//! PNGs under `tests/golden/png/` by decoded pixels, with a small tolerance.
//! On a mismatch the actual picture and a diff image are written under
//! `target/golden-diff/`. `UPDATE_GOLDEN=1` re-blesses.

mod common;

use image::{Rgba, RgbaImage};
use std::borrow::Cow;
use std::path::PathBuf;
use tilec::emit::png::{encode_png, render_rotations, render_sheet, render_tile, TILE_PX};
use tilec_runtime::{
    Arrow, ArrowKind, Edge, EndKind, Mark, MarkKind, Provenance, RoadEnd, Segment, SegmentKind,
    TileKind,
};

/// (tile id, rotation): each exercises a different part of the picture.
const GOLDEN: &[(&str, u8)] = &[
    ("base/A", 0),            // monastery, road ending at it, illustration badge
    ("base/D", 0),            // start badge, city cap, two field tints
    ("base/D", 1),            // rotation with upright badges
    ("base/L", 0),            // village
    ("base/S", 0),            // city gate, pennant
    ("base/X", 0),            // junction, four fields
    ("river/A", 0),           // spring, road bent through the centre
    ("river/H", 0),           // bridge, monastery off-centre
    ("river/L", 0),           // lake
    ("anniversary/F", 0),     // four-way crossroads, portal arrow, reconstructed band
    ("anniversary/D", 0),     // a road to each of two gates, garden, add-next-to arrow
    ("anniversary/K", 0),     // road to a corner city's gate, extra-turn arrow
    ("mm/B", 0),              // enclosed field between two cities
    ("festival/5", 0),        // junction joined to two gates, festival mark
    ("promos/bogatyr", 0),    // stone
    ("promos/solovei", 0),    // tree on its road
    ("promos/vodyanoy", 0),   // trap lake
    ("promos/baba-yaga", 0),  // hut
    ("mm/H", 0),              // three fields split by hedges
    ("mm/town-hall", 0),      // town hall
    ("abbey-mayor/A", 0),     // abbey: its ground under its monastery
    ("princess-dragon/Q", 0), // road in a tunnel under a city and both fields
    ("tower/D", 0),           // tower badge, enclosed field between two cities
];

/// Channel difference that still counts as equal (antialiasing, float rounding).
const CHANNEL_TOLERANCE: u8 = 24;
/// Share of pixels allowed beyond the channel tolerance.
const PIXEL_TOLERANCE: f64 = 0.002;

#[test]
fn previews_match_the_golden_pictures() {
    let compiled = common::shipped();
    let sets: Vec<_> = compiled.model.sets.iter().map(|s| s.to_runtime()).collect();
    let mut failures = Vec::new();
    for &(id, rotation) in GOLDEN {
        let tile = sets
            .iter()
            .find_map(|s| s.tile(id))
            .unwrap_or_else(|| panic!("no tile {id}"));
        let name = format!("{}-{rotation}.png", id.replace('/', "_"));
        if let Err(msg) = compare(&name, &render_tile(tile, rotation)) {
            failures.push(msg);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn compare(name: &str, actual: &RgbaImage) -> Result<(), String> {
    let path = common::root().join("tests/golden/png").join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, encode_png(actual)).unwrap();
        return Ok(());
    }
    let Ok(bytes) = std::fs::read(&path) else {
        return Err(format!(
            "{name}: no golden picture (run with UPDATE_GOLDEN=1)"
        ));
    };
    let expected = image::load_from_memory(&bytes)
        .map_err(|e| format!("{name}: {e}"))?
        .to_rgba8();
    if expected.dimensions() != actual.dimensions() {
        return Err(format!(
            "{name}: size {:?}, golden {:?}",
            actual.dimensions(),
            expected.dimensions()
        ));
    }
    let (diff, bad) = diff_image(&expected, actual);
    let share = bad as f64 / f64::from(actual.width() * actual.height());
    if share <= PIXEL_TOLERANCE {
        return Ok(());
    }
    let dir = target_dir().join("golden-diff");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(name), encode_png(actual)).unwrap();
    std::fs::write(dir.join(format!("diff-{name}")), encode_png(&diff)).unwrap();
    Err(format!(
        "{name}: {bad} pixels differ ({:.2}%); see {} (re-bless with UPDATE_GOLDEN=1)",
        share * 100.0,
        dir.join(format!("diff-{name}")).display()
    ))
}

/// Red where the pictures differ, a faded copy of the expected picture elsewhere.
fn diff_image(expected: &RgbaImage, actual: &RgbaImage) -> (RgbaImage, usize) {
    let mut bad = 0;
    let diff = RgbaImage::from_fn(expected.width(), expected.height(), |x, y| {
        let (e, a) = (expected.get_pixel(x, y), actual.get_pixel(x, y));
        if e.0
            .iter()
            .zip(a.0)
            .any(|(p, q)| p.abs_diff(q) > CHANNEL_TOLERANCE)
        {
            bad += 1;
            Rgba([255, 0, 0, 255])
        } else {
            let g = |v: u8| 160 + v / 3;
            Rgba([g(e.0[0]), g(e.0[1]), g(e.0[2]), 255])
        }
    });
    (diff, bad)
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| common::root().join("target"), PathBuf::from)
}

#[test]
fn pictures_and_png_bytes_are_deterministic() {
    let compiled = common::shipped();
    let set = compiled.model.sets[0].to_runtime();
    let tile = &set.tiles[3];
    let a = encode_png(&render_tile(tile, 2));
    let b = encode_png(&render_tile(tile, 2));
    assert_eq!(a, b);
    assert_eq!(render_rotations(tile)[2], render_tile(tile, 2));
    let sheet = render_sheet(&set);
    assert!(sheet.width() > TILE_PX && sheet.height() > TILE_PX);
}

fn seg(kind: SegmentKind, ports: u16) -> Segment {
    Segment {
        name: Cow::Borrowed("s"),
        kind,
        ports,
        pennants: 200,
        cities: u32::MAX,
        reaches: ports,
    }
}

/// Hand-built tiles no checker would pass: the renderer must still draw them.
#[test]
fn odd_tiles_render_without_panicking() {
    let mut many = vec![seg(SegmentKind::Road, 0b10); 300];
    many.push(seg(SegmentKind::City, 0xFFFF));
    let odd = [
        (vec![], vec![]),
        (many, vec![]),
        (
            vec![
                seg(SegmentKind::Road, 0),
                seg(SegmentKind::River, 0xFFF),
                seg(SegmentKind::Field, 0),
            ],
            vec![RoadEnd {
                kind: EndKind::Stone,
                segments: u32::MAX,
                touches: u32::MAX,
            }],
        ),
        (
            vec![
                seg(SegmentKind::Monastery, 0b1),
                seg(SegmentKind::Garden, 0),
                seg(SegmentKind::Hut, 0),
            ],
            vec![RoadEnd {
                kind: EndKind::Segment,
                segments: 1 << 31,
                touches: 0b111,
            }],
        ),
    ];
    for (segments, ends) in odd {
        let n = segments.len();
        let tile = TileKind {
            id: Cow::Borrowed("odd/1"),
            name: Cow::Borrowed("odd"),
            count: 0,
            start: true,
            segments: Cow::Owned(segments),
            ports: [0, 1, 2, 77, 255, 3, 0, 0, 0, 1, 1, 1]
                .map(|p: u8| if n == 0 { 255 } else { p }),
            edges: [[Edge::Any; 4]; 4],
            ends: Cow::Owned(ends),
            arrow: Some(Arrow {
                kind: ArrowKind::Portal,
                points: 9,
            }),
            marks: Cow::Owned(vec![
                Mark {
                    kind: MarkKind::Tree,
                    segment: 250,
                    value: 0,
                },
                Mark {
                    kind: MarkKind::Festival,
                    segment: 255,
                    value: 0,
                },
                Mark {
                    kind: MarkKind::TrapLake,
                    segment: 0,
                    value: 0,
                },
            ]),
            symmetry: 0,
            copies: Cow::Owned(vec![]),
            provenance: Provenance::Reconstructed,
            crossings: Cow::Owned(vec![]),
            sources: Cow::Borrowed(&[]),
        };
        for r in 0..6 {
            let img = render_tile(&tile, r);
            assert_eq!(img.dimensions(), (TILE_PX, TILE_PX));
        }
    }
}

/// Fields that touch with nothing drawn between them are split by a hedge; the
/// rest of the shipped tiles must show their fields by roads, rivers and walls.
#[test]
fn shipped_fields_are_bounded_by_drawn_features() {
    let compiled = common::shipped();
    let mut hedged = Vec::new();
    for set in &compiled.model.sets {
        for tile in set.to_runtime().tiles.iter() {
            if tilec::emit::png::layout_problems(tile) > 0 {
                hedged.push(tile.id.to_string());
            }
        }
    }
    // These tiles have fields that meet with no road or wall between them (as
    // their data says: the reconstructed Messengers & Mayors tiles, and the
    // same shapes in JCloisterZone's files, where a city's wall or a road
    // stops short of the tile's corner); the hedge shows the split. On Inns &
    // Cathedrals' G and Traders & Builders' I, O and W a city wall runs out to
    // a corner of the tile and parts two fields there (JCloisterZone's
    // `IC/C!`, `TB/RCc!.g`, `TB/CcRR!.c`, `TB/CcR!.w`): the city's ports do not
    // say so, and the hedge draws that wall's line.
    let expected = [
        "mm/F",
        "mm/G",
        "mm/H",
        "inns-cathedrals/G",
        "traders-builders/I",
        "traders-builders/O",
        "traders-builders/W",
        "princess-dragon/E",
        "tower/O",
        "tower/P",
        "abbey-mayor/I",
        "abbey-mayor/J",
        "abbey-mayor/K",
    ];
    assert_eq!(hedged, expected);
}

/// The striped "reconstructed" band sits upright in the north-east corner, where
/// an arrow pointing north is drawn: the arrow must stay on top, whether it
/// points north at rotation 0 or is turned there.
#[test]
fn the_reconstructed_band_does_not_hide_a_north_pointing_arrow() {
    let text = "set t \"T\" { provenance reconstructed }\n\
                tile N \"North\" { count 2; city c N; field f E S W -> c; arrow portal N }\n\
                tile W \"West\" { count 2; city c N; field f E S W -> c; arrow portal W }\n";
    let mut sources = tilec::diagnostic::Sources::new();
    let id = sources.add("t.tiles", text);
    let compiled = tilec::compile(&sources, &[id], None);
    assert!(
        compiled.diagnostics.is_empty(),
        "{:?}",
        compiled.diagnostics
    );
    let set = compiled.model.sets[0].to_runtime();
    // Inside the arrowhead, (0.72, 0.13) of the side, which the band covers.
    let head = |img: &RgbaImage| img.get_pixel(115, 20).0;
    let portal = [128, 48, 170, 255];
    assert_eq!(head(&render_tile(&set.tiles[0], 0)), portal);
    assert_eq!(
        head(&render_tile(&set.tiles[1], 1)),
        portal,
        "west, turned once clockwise"
    );
}
