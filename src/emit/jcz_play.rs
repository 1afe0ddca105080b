//! `emit`: what JCloisterZone plays of an add-on beyond its tile XML, read from
//! its client (`utils/gameSetupUtils.js`, `plugins/tiles.js`) and engine
//! (`GameStateBuilder`, `TilePackBuilder`, the capabilities):
//!
//! - the sets it cannot play and refuses here ([`refusal`]): the Count of
//!   Carcassonne's pieces and wind roses, which its engine plays only from its
//!   own start tiles (`CO/1` ... `CO/12`, `WR/CFR`);
//! - the tiles of JCloisterZone's own files a tile-set counts or removes so that
//!   a game starts ([`Foreign`]): the client lays out the start tile itself, by
//!   JCloisterZone's ids, `BA/RCr`, or the River's spring `RI/s` when
//!   JCloisterZone's River is chosen; an add-on cannot name another;
//! - the game elements an expansion switches on ([`elements`]), as
//!   JCloisterZone's own expansions do for the same symbols;
//! - how to choose the sets in the game setup ([`guide`]).

use super::jcz::Foreign;
use super::jcz_start::{same_shape, BASE_START, SPRING};
use crate::model::{Set, Tile};
use tilec_runtime::{EndKind, MarkKind, SegmentKind};

/// JCloisterZone's River I and II tiles but their spring `RI/s` (its
/// `river.xml`, client 5.12.1): a river set that starts a game removes them.
pub const RIVER_TILES: &[&str] = &[
    "RI.1/I.e",
    "RI.1/CICI",
    "RI.1/CIRI",
    "RI.1/LIRI",
    "RI.1/RIrI",
    "RI.1/IFI",
    "RI.1/CcII",
    "RI.1/RrII",
    "RI.1/II",
    "RI.1/IIG",
    "RI.2/IFC",
    "RI.2/I.v",
    "RI.2/III",
    "RI.2/CIcI",
    "RI.2/LIFI",
    "RI.2/RIrI",
    "RI.2/CIRI",
    "RI.2/II",
    "RI.2/IIG",
    "RI.2/CcII+",
    "RI.2/II+",
    "RI.2/RrII",
];

/// Why the add-on leaves `set` out, if it does.
pub fn refusal(set: &Set) -> Option<String> {
    set.tiles.iter().find_map(tile_refusal).map(String::from)
}

/// Why JCloisterZone cannot play `tile` from an add-on, if it cannot (a set
/// holding such a tile is [`refusal`]'s).
pub fn tile_refusal(tile: &Tile) -> Option<&'static str> {
    let seams = tile.segments.iter().any(|s| s.kind == SegmentKind::Seam);
    if seams || has_mark(tile, MarkKind::Quarter) {
        return Some("its pieces laid out at setup (seams, quarters) are the Count of Carcassonne's, which JCloisterZone plays only as its own tiles `CO/1` ... `CO/12`");
    }
    if has_mark(tile, MarkKind::WindRose) {
        return Some("JCloisterZone scores wind roses only around its own start tile `WR/CFR`, and fails on a rose placed before it");
    }
    None
}

/// What `set`'s tile-set counts or removes of JCloisterZone's own files, and
/// the start tile of ours one of them stands for (its count one less there):
/// `BA/RCr` for a set with a start tile (one copy of it, when it is that tile),
/// so that the set starts a game without JCloisterZone's base game; River I
/// and II's tiles for a river set that does not extend another
/// (`extends_river`), which is played with JCloisterZone's River chosen for
/// its spring, the start tile, alone.
pub fn foreign(set: &Set, extends_river: bool) -> (Foreign, Option<String>) {
    let mut out = Foreign::default();
    let mut start_copy = None;
    if let Some(start) = set.tiles.iter().find(|t| t.start) {
        out.refs.push(BASE_START.id);
        start_copy = same_shape(start, &BASE_START).then(|| start.id.clone());
    }
    if set.river && !extends_river {
        out.removes.extend(RIVER_TILES);
    }
    (out, start_copy)
}

/// What JCloisterZone plays differently from the tile text, per tile id, in
/// the words of the export's losses.
pub fn notes(set: &Set, extends_river: bool) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    let mut note = |t: &Tile, why: String| out.push((t.id.clone(), vec![why]));
    let start = set.tiles.iter().find(|t| t.start);
    if let Some(t) = start.filter(|t| !same_shape(t, &BASE_START)) {
        note(t, format!("the start (JCloisterZone starts on its own `{}`, added to the set: this tile is another)", BASE_START.id));
    }
    let starts_river = set.river && !extends_river;
    let springs = set.tiles.iter().filter(|t| is_spring(t) && starts_river);
    for t in springs.filter(|t| !same_shape(t, &SPRING)) {
        note(t, format!("the spring (JCloisterZone starts a river on its own `{}`, a spring with nothing else: this one is left out)", SPRING.id));
    }
    // With portals the add-on implies tunnel tokens, and the engine's rule
    // "tunnelize other expansions" then splits every `tunnel="true"` road.
    let portals = set.tiles.iter().any(has_portal);
    for t in set.tiles.iter().filter(|t| portals && under_a_city(t)) {
        note(
            t,
            "the road under a city (with this set's portals JCloisterZone plays it as two portals)"
                .into(),
        );
    }
    for t in set.tiles.iter().filter(|t| has_mark(t, MarkKind::Wells)) {
        note(
            t,
            "the wells (JCloisterZone's engine reads them on no tile)".into(),
        );
    }
    let forks: Vec<&Tile> = set
        .tiles
        .iter()
        .filter(|t| super::jcz::is_fork(t))
        .collect();
    if forks.iter().map(|t| u32::from(t.count)).sum::<u32>() > 1 {
        for t in forks {
            note(
                t,
                "the order of forks (JCloisterZone draws every fork right after the spring)".into(),
            );
        }
    }
    out
}

fn under_a_city(tile: &Tile) -> bool {
    let roads = tile.segments.iter().filter(|s| s.kind == SegmentKind::Road);
    roads.into_iter().any(|s| s.tunnels != 0)
}

fn is_spring(tile: &Tile) -> bool {
    tile.ends.iter().any(|e| e.end.kind == EndKind::Spring)
}

fn has_mark(tile: &Tile, kind: MarkKind) -> bool {
    tile.marks.iter().any(|m| m.kind == kind)
}

/// How an expansion switches a game element on: `enforces` (always) or
/// `implies` (on unless the player switches it off).
pub type Switch = (&'static str, &'static str);

/// The game elements each symbol needs, switched on the way JCloisterZone's own
/// expansion with that symbol does (its client's `models/expansions.js`): the
/// engine plays a symbol only when its element is in the game's setup.
const MARK_ELEMENTS: &[(MarkKind, &[Switch])] = &[
    (MarkKind::Festival, &[("implies", "festival")]),
    (MarkKind::TrapLake, &[("enforces", "russian-trap")]),
    (MarkKind::Tree, &[("enforces", "russian-trap")]),
    (MarkKind::Inn, &[("implies", "inn")]),
    (MarkKind::Cathedral, &[("implies", "cathedral")]),
    (
        MarkKind::Besieged,
        &[("implies", "siege"), ("implies", "escape")],
    ),
    (MarkKind::Resource, &[("implies", "traders")]),
    (MarkKind::Princess, &[("implies", "princess")]),
    (MarkKind::Shrine, &[("implies", "shrine")]),
    (MarkKind::Church, &[("enforces", "church")]),
    (MarkKind::Special, &[("enforces", "monastery")]),
    (MarkKind::PigHerd, &[("implies", "pig-herd")]),
    (MarkKind::Labyrinth, &[("enforces", "labyrinth")]),
    (MarkKind::Tower, &[("implies", "tower")]),
    (MarkKind::Abbey, &[("implies", "abbey")]),
    (MarkKind::Watchtower, &[("enforces", "watchtower")]),
    (MarkKind::Dragon, &[("implies", "dragon")]),
    (MarkKind::Volcano, &[("implies", "dragon")]),
    (MarkKind::MagicPortal, &[("implies", "portal")]),
    (MarkKind::CornCircle, &[("enforces", "corn-circle")]),
    (MarkKind::Circus, &[("implies", "big-top")]),
    (MarkKind::Acrobats, &[("implies", "acrobats")]),
    (MarkKind::Mage, &[("implies", "mage"), ("implies", "witch")]),
    (MarkKind::Hill, &[("implies", "hill")]),
    (MarkKind::Vineyard, &[("implies", "vineyard")]),
    (MarkKind::FlyingMachine, &[("enforces", "flier")]),
    (MarkKind::Goldmine, &[("implies", "gold")]),
    (MarkKind::Bazaar, &[("implies", "bazaar")]),
    (MarkKind::Ferry, &[("implies", "ferry")]),
];

/// Marks that need no game element, and why: the engine reads them whatever
/// the setup, or the add-on does not write or play them.
pub const NO_ELEMENT: &[(MarkKind, &str)] = &[
    (MarkKind::Darmstadtium, "the city's own scoring reads it"),
    (MarkKind::MultiEdge, "the tile builder reads it"),
    (
        MarkKind::NoCastle,
        "it forbids a castle; castles come with their own element",
    ),
    (
        MarkKind::Wells,
        "JCloisterZone's engine reads it on no tile (noted)",
    ),
    (MarkKind::Quarter, "a set with quarters is refused"),
    (MarkKind::WindRose, "a set with wind roses is refused"),
    (MarkKind::TownHall, "a town hall is not written"),
];

/// The game elements a mark needs (`None`: it needs none, see [`NO_ELEMENT`]).
pub fn mark_elements(kind: MarkKind) -> Option<&'static [Switch]> {
    let row = MARK_ELEMENTS.iter().find(|(k, _)| *k == kind);
    row.map(|(_, switches)| *switches)
}

/// The game elements `set`'s expansion switches on, in a stable order: the
/// river for a river set, the abbot and gardens for a set with gardens (the
/// engine has a garden only with both), tunnel tokens for portals (`end r at
/// tunnel`; its rule "tunnelize other expansions", on by default with them,
/// plays our portals), and each symbol's element.
pub fn elements(set: &Set) -> Vec<Switch> {
    let tiles = || set.tiles.iter();
    let mut out: Vec<Switch> = Vec::new();
    if set.river {
        out.push(("enforces", "river"));
    }
    let segments = || tiles().flat_map(|t| &t.segments);
    if segments().any(|s| s.kind == SegmentKind::Garden) {
        out.extend([("implies", "abbot"), ("implies", "garden")]);
    }
    if tiles().any(has_portal) {
        out.push(("implies", "tunnel"));
    }
    for (kind, switches) in MARK_ELEMENTS {
        if tiles().any(|t| has_mark(t, *kind)) {
            out.extend(
                switches
                    .iter()
                    .filter(|s| !out.contains(s))
                    .collect::<Vec<_>>(),
            );
        }
    }
    out
}

fn has_portal(tile: &Tile) -> bool {
    tile.ends.iter().any(|e| e.end.kind == EndKind::Tunnel)
}

/// One line per set (`extends_river` tells a river set that extends another):
/// its name and the sets to choose with it in JCloisterZone's game setup.
pub fn guide(sets: &[&Set], extends_river: impl Fn(&Set) -> bool) -> Vec<String> {
    let bases: Vec<&str> = sets
        .iter()
        .filter(|s| s.tiles.iter().any(|t| t.start))
        .map(|s| s.name.as_str())
        .collect();
    let base = match bases.is_empty() {
        true => "JCloisterZone's Basic game".to_string(),
        false => format!(
            "JCloisterZone's Basic game or, instead, {}",
            bases.join(" or ")
        ),
    };
    let line = |set: &Set| -> String {
        if let Some(start) = set.tiles.iter().find(|t| t.start) {
            let how = match same_shape(start, &BASE_START) {
                true => format!("one of `{}`'s {} copies", start.id, start.count),
                false => format!("added to it: `{}` is not that tile", start.id),
            };
            return format!(
                "instead of JCloisterZone's Basic game (it starts on JCloisterZone's `{}`, {how})",
                BASE_START.id
            );
        }
        if set.river && !extends_river(set) {
            return format!("with JCloisterZone's The River (River I or II) and a base game (the game starts on the River's spring `{}`; the River's other tiles are left out)", SPRING.id);
        }
        if set.river {
            let req = set.relations.requires.iter().filter(|r| *r != "base");
            let req: Vec<&str> = req.map(String::as_str).collect();
            return format!(
                "with the river it extends ({}), chosen as that one says",
                req.join(", ")
            );
        }
        "with a base game".to_string()
    };
    let mut out: Vec<String> = sets
        .iter()
        .map(|s| format!("{}: {}", s.name, line(s)))
        .collect();
    out.push(format!("a base game: {base}"));
    out
}
