//! The base game and the River, transcribed from the tile catalogue
//! (`docs/tiles-provenance.md`).

use super::kind;
use crate::tile::{TileKind, TileSet};
use std::borrow::Cow;

/// The base game (72 tiles, with the garden variants) from the catalogue's table.
pub fn base_set() -> TileSet {
    let mut d = kind(
        "base/D",
        4,
        &["city N", "road W E", "field EL WR >0", "field ER SL SR WL"],
    );
    d.start = true;
    let tiles = vec![
        kind("base/A", 2, &["monastery", "road S", "field N E W SL SR"]),
        kind("base/B", 4, &["monastery", "field N E S W"]),
        kind("base/C", 1, &["city N E S W +1"]),
        d,
        kind("base/E", 4, &["city N", "field E S W >0"]),
        kind("base/E-garden", 1, &["city N", "field E S W >0", "garden"]),
        kind("base/F", 2, &["city W E +1", "field N >0", "field S >0"]),
        kind("base/G", 1, &["city W E", "field N >0", "field S >0"]),
        kind("base/H", 2, &["city N", "city S", "field E W >0 1"]),
        kind(
            "base/H-garden",
            1,
            &["city N", "city S", "field E W >0 1", "garden"],
        ),
        kind("base/I", 1, &["city N", "city W", "field E S >0 1"]),
        kind(
            "base/I-garden",
            1,
            &["city N", "city W", "field E S >0 1", "garden"],
        ),
        kind(
            "base/J",
            3,
            &["city N", "road E S", "field EL W SR >0", "field ER SL"],
        ),
        kind(
            "base/K",
            3,
            &["city N", "road S W", "field WR E SL >0", "field WL SR"],
        ),
        kind(
            "base/L",
            3,
            &[
                "city N",
                "road E",
                "road S",
                "road W",
                "field WR EL >0",
                "field WL SR",
                "field ER SL",
            ],
        ),
        kind("base/M", 1, &["city N W +1", "field E S >0"]),
        kind(
            "base/M-garden",
            1,
            &["city N W +1", "field E S >0", "garden"],
        ),
        kind("base/N", 2, &["city N W", "field E S >0"]),
        kind("base/N-garden", 1, &["city N W", "field E S >0", "garden"]),
        kind(
            "base/O",
            2,
            &["city N W +1", "road E S", "field EL SR >0", "field ER SL"],
        ),
        kind(
            "base/P",
            3,
            &["city N W", "road E S", "field EL SR >0", "field ER SL"],
        ),
        kind("base/Q", 1, &["city N E W +1", "field S >0"]),
        kind("base/R", 2, &["city N E W", "field S >0"]),
        kind("base/R-garden", 1, &["city N E W", "field S >0", "garden"]),
        kind(
            "base/S",
            2,
            &["city N E W +1", "road S", "field SL >0", "field SR >0"],
        ),
        kind(
            "base/T",
            1,
            &["city N E W", "road S", "field SL >0", "field SR >0"],
        ),
        kind("base/U", 7, &["road W E", "field WR N EL", "field ER S WL"]),
        kind(
            "base/U-garden",
            1,
            &["road W E", "field WR N EL", "field ER S WL", "garden"],
        ),
        kind("base/V", 8, &["road W S", "field WR N E SL", "field SR WL"]),
        kind(
            "base/V-garden",
            1,
            &["road W S", "field WR N E SL", "field SR WL", "garden"],
        ),
        kind(
            "base/W",
            4,
            &[
                "road E",
                "road S",
                "road W",
                "field WR N EL",
                "field ER SL",
                "field SR WL",
            ],
        ),
        kind(
            "base/X",
            1,
            &[
                "road N",
                "road E",
                "road S",
                "road W",
                "field WR NL",
                "field NR EL",
                "field ER SL",
                "field SR WL",
            ],
        ),
    ];
    set("base", false, tiles)
}

/// The River (12 tiles) from the catalogue's table.
pub fn river_set() -> TileSet {
    let tiles = vec![
        kind(
            "river/A",
            1,
            &[
                "river S @spring",
                "road N E",
                "field NR EL",
                "field NL W SR",
                "field ER SL",
            ],
        ),
        kind(
            "river/B",
            1,
            &[
                "city N",
                "river W E",
                "road S",
                "field EL >0",
                "field WR >0",
                "field ER SL",
                "field WL SR",
            ],
        ),
        kind(
            "river/C",
            1,
            &[
                "city N",
                "city S",
                "river W E",
                "field EL WR >0",
                "field ER WL >1",
            ],
        ),
        kind(
            "river/D",
            1,
            &["river N S", "field NR E SL", "field SR W NL"],
        ),
        kind(
            "river/E",
            1,
            &["city N E", "river W S", "field SL WR >0", "field SR WL"],
        ),
        kind(
            "river/F",
            1,
            &["river N S", "field NR E SL", "field SR W NL"],
        ),
        kind(
            "river/G",
            1,
            &["river N W", "field NR E S WL", "field WR NL"],
        ),
        kind(
            "river/H",
            1,
            &[
                "monastery",
                "road S",
                "river W E",
                "field WR N EL",
                "field ER SL",
                "field WL SR",
            ],
        ),
        kind(
            "river/I",
            1,
            &[
                "road N W",
                "river E S",
                "field WR NL",
                "field NR EL SR WL",
                "field ER SL",
            ],
        ),
        kind(
            "river/J",
            1,
            &["river E S", "garden", "field EL N W SR", "field ER SL"],
        ),
        kind(
            "river/K",
            1,
            &[
                "river N S",
                "road W E",
                "field WR NL",
                "field NR EL",
                "field ER SL",
                "field SR WL",
            ],
        ),
        kind(
            "river/L",
            1,
            &["river N @lake", "monastery", "field NL NR E S W"],
        ),
    ];
    set("river", true, tiles)
}

fn set(id: &'static str, river: bool, tiles: Vec<TileKind>) -> TileSet {
    TileSet {
        id: Cow::Borrowed(id),
        name: Cow::Borrowed(id),
        river,
        tiles: Cow::Owned(tiles),
    }
}
