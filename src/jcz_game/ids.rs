//! Tile ids across, three ways:
//!
//! - JCloisterZone's own tile-sets that are ours tile for tile (its `basic:2`,
//!   `festival`, `russian-promos/...`: the rooms' `tile_sets`) by the rooms'
//!   `tiles`, each id with the quarter turns between its drawing and ours;
//! - the add-on's ids (`tilec build --jcz-addon`): `tilec/` and our id, in
//!   the tile-set `tilec/` and our set id, unturned;
//! - a library imported with `tilec import-jcz` and given with `--tiles`: a
//!   set named by JCloisterZone's tile-set id (`river/1:2`), each tile by its
//!   JCloisterZone id (`RI.1/CICI`), unturned.

use super::rooms::{self, Room};
use super::save::clip;
use super::Problem;
use crate::sets::Available;
use std::collections::HashMap;
use tilec_runtime::{tables, TileSet};

/// The prefix of the add-on's tile and tile-set ids.
pub const ADDON: &str = "tilec/";

/// How a game's tiles cross: JCloisterZone's ids and ours, with the turns
/// between them.
#[derive(Debug, Default)]
pub struct Tiles {
    to_ours: HashMap<String, (String, u8)>,
    to_jcz: HashMap<String, (String, u8)>,
}

impl Tiles {
    fn add(&mut self, jcz: &str, ours: &str, turns: u8) {
        self.to_ours
            .insert(jcz.to_string(), (ours.to_string(), turns));
        self.to_jcz
            .insert(ours.to_string(), (jcz.to_string(), turns));
    }

    /// Our id of JCloisterZone's tile `id`, and the turns between them.
    pub fn ours(&self, id: &str) -> Option<(&str, u8)> {
        self.to_ours.get(id).map(|(o, t)| (o.as_str(), *t))
    }

    /// JCloisterZone's id of our tile `id`, and the turns between them.
    pub fn jcz(&self, id: &str) -> Option<(&str, u8)> {
        self.to_jcz.get(id).map(|(j, t)| (j.as_str(), *t))
    }

    fn add_set(&mut self, set: &TileSet, jcz_id: impl Fn(&str, &str) -> String) {
        for t in set.tiles.iter() {
            self.add(&jcz_id(&t.id, &t.name), &t.id, 0);
        }
    }

    fn add_shipped(&mut self, room: &Room, set: &str) {
        let prefix = format!("{set}/");
        for (jcz, ours, turns) in room.tiles.iter().filter(|e| e.1.starts_with(&prefix)) {
            self.add(jcz, ours, *turns);
        }
    }
}

/// Whether the available set `id` is the shipped one (a designer's own
/// `base` is not JCloisterZone's `basic:2`).
fn is_shipped(available: &Available, id: &str) -> bool {
    let ours = available.sets().into_iter().find(|s| s.id == id);
    let shipped = tables::SETS.iter().find(|s| s.id == id);
    matches!((ours, shipped), (Some(a), Some(b)) if a == *b)
}

/// The room and our set that JCloisterZone's tile-set `id` is by the shipped table.
fn shipped_set(id: &str) -> Option<(&'static Room, &'static str)> {
    rooms::ROOMS.into_iter().find_map(|r| {
        r.tile_sets
            .iter()
            .find(|(j, _)| *j == id)
            .map(|(_, ours)| (r, *ours))
    })
}

/// The tiles and our sets of a save's `setup.sets`, or a problem for each
/// tile-set tilec does not have.
pub fn for_save(
    sets: &[(String, i64)],
    available: &Available,
) -> Result<(Tiles, Vec<String>), Vec<Problem>> {
    let mut tiles = Tiles::default();
    let mut ours: Vec<String> = Vec::new();
    let mut problems = Vec::new();
    let all = available.sets();
    for (id, count) in sets {
        let at = format!("setup.sets.\"{}\"", clip(id));
        match count {
            0 => continue,
            1 => {}
            n => {
                problems.push(Problem::new(
                    &at,
                    format!("{n} copies of the tile-set; tilec plays each set once"),
                    None,
                ));
                continue;
            }
        }
        let set = if let Some(local) = id.strip_prefix(ADDON) {
            all.iter().find(|s| s.id == local).inspect(|s| {
                tiles.add_set(s, |our, _| format!("{ADDON}{our}"));
            })
        } else if let Some(s) = all.iter().find(|s| s.name == id.as_str()) {
            tiles.add_set(s, |_, name| name.to_string());
            Some(s)
        } else if let Some((room, set)) = shipped_set(id).filter(|(_, s)| is_shipped(available, s))
        {
            tiles.add_shipped(room, set);
            all.iter().find(|s| s.id == set)
        } else {
            None
        };
        match set {
            Some(s) if !ours.contains(&s.id.to_string()) => ours.push(s.id.to_string()),
            Some(_) => {}
            None => problems.push(unknown_set(&at, id)),
        }
    }
    if problems.is_empty() {
        Ok((tiles, ours))
    } else {
        Err(problems)
    }
}

fn unknown_set(at: &str, id: &str) -> Problem {
    let hint = if id.starts_with("river/1") {
        "JCloisterZone's River I is not tilec's River (the new edition: its spring carries a road, its lake a monastery); import JCloisterZone's river.xml (`tilec import-jcz ... --out LIB`) and give `--tiles LIB` to play its own tiles"
    } else if id.starts_with("basic:1") || id == "basic" {
        "tilec's base game is JCloisterZone's 2nd edition, `basic:2` (chosen there by switching the Abbot on); to play the 1st edition, import JCloisterZone's basic.xml (`tilec import-jcz ... --out LIB`) and give `--tiles LIB`"
    } else if id == "inns-and-cathedrals:1" || id == "traders-and-builders:1" {
        "tilec's Inns & Cathedrals and Traders & Builders are the new edition, JCloisterZone's `:2` tile-sets (with the gardens); to play the 1st edition, import JCloisterZone's XML (`tilec import-jcz ... --out LIB`) and give `--tiles LIB`"
    } else {
        "tilec reads JCloisterZone's basic:2, festival, russian-promos, inns-and-cathedrals:2 and traders-and-builders:2 tile-sets, tilec's add-on (`tilec/...`), and the sets of a directory given with `--tiles` that `tilec import-jcz` made of JCloisterZone's XML"
    };
    Problem::new(
        at,
        format!("JCloisterZone's tile-set `{}` is none tilec has", clip(id)),
        Some(hint),
    )
}

/// The tiles of a record's sets and JCloisterZone's tile-sets for them: the
/// shipped table where a room has one, else the add-on's.
pub fn for_record(sets: &[String], available: &Available) -> (Tiles, Vec<String>) {
    let mut tiles = Tiles::default();
    let mut jcz_sets = Vec::new();
    let all = available.sets();
    for id in sets {
        let table =
            rooms::of_set(id).filter(|r| !r.tile_sets.is_empty() && is_shipped(available, id));
        match table {
            Some(room) => {
                tiles.add_shipped(room, id);
                let theirs = room.tile_sets.iter().filter(|(_, o)| o == id);
                jcz_sets.extend(theirs.map(|(j, _)| j.to_string()));
            }
            None => {
                if let Some(s) = all.iter().find(|s| s.id == id.as_str()) {
                    tiles.add_set(s, |our, _| format!("{ADDON}{our}"));
                }
                jcz_sets.push(format!("{ADDON}{id}"));
            }
        }
    }
    (tiles, jcz_sets)
}
