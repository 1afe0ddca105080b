//! What in a JCloisterZone file's own data for a tile cannot be a flat tile
//! (`E421`): two fields meeting at an edge with nothing between them (and no
//! city both touch, which would reach there: `reach.rs`), a field
//! on both sides of a road that runs on (not in a tunnel), `tunnel="true"` on a
//! road under no city or field, a field on both sides of a city across the tile
//! with no river beneath it.
//! The tile is written as the file has it, with a note naming the defect.

use super::ends::End;
use super::model::{Feature, Kind, EDGES, HALVES};
use super::write::{crosses, on_a_bank, reach, reach_ports, under_field};
use crate::graph::{interleave, straddles};

/// What in the file's own data for a tile cannot be a flat tile: the tile
/// language cannot say it, and the text written does not check.
pub fn defects(fs: &[Feature], ends: &[End]) -> Vec<String> {
    let mut out = Vec::new();
    let edge = |e: u32| EDGES[e as usize];
    for (i, r) in fs.iter().enumerate().filter(|(_, f)| f.kind == Kind::Road) {
        let under_city = fs
            .iter()
            .any(|c| c.kind == Kind::City && crosses(reach(fs, ends, i), c.edges));
        let under_field = (0..fs.len()).any(|j| under_field(fs, ends, i, j));
        if r.tunnel && r.edges.count_ones() > 1 && !under_city && !under_field {
            out.push(format!(
                "road {} is marked tunnel=\"true\" but passes under no city or field and ends at no portal",
                r.name
            ));
        }
    }
    out.extend(under_a_city(fs));
    for e in 0..4u32 {
        let both = 0b11u8 << (2 * e);
        let middle = fs.iter().enumerate().find(|(_, f)| {
            let at = f.edges | f.reaches;
            matches!(f.kind, Kind::City | Kind::Road | Kind::River) && at & (1 << e) != 0
        });
        let field = fs
            .iter()
            .position(|f| f.kind == Kind::Field && f.halves & both == both);
        let halves: Vec<&Feature> = fs
            .iter()
            .filter(|f| f.kind == Kind::Field && f.halves & both != 0)
            .collect();
        match (middle, field) {
            // Two fields split the edge with nothing at its middle.
            (None, None) if halves.len() == 2 => out.push(format!(
                "fields {} and {} meet at the middle of edge {} with no road or river between them",
                halves[0].name,
                halves[1].name,
                edge(e)
            )),
            // One field on both sides of a road that runs on across the tile (not
            // a road stub ending inside the field, nor a road in a tunnel
            // under the field).
            (Some((r, road)), Some(field)) if road.kind != Kind::City => {
                let f = &fs[field];
                // The road and what its end joins it to part the tile: the
                // checker's reasoning (E245), on JCloisterZone's features.
                let runs_on = straddles(reach_ports(fs, ends, r), f.ports());
                if runs_on && !under_field(fs, ends, r, field) {
                    out.push(format!(
                        "field {} lies on both sides of {} {} at edge {}, which runs on across the tile",
                        f.name,
                        road.kind.keyword(),
                        road.name,
                        edge(e)
                    ));
                }
            }
            _ => {}
        }
    }
    out
}

/// A field on both sides of a city that runs across the tile (`NR SL` by a
/// west–east city) with no river passing under the city: it would pass under
/// the city on its own, which the tile language does not say (a field passes
/// under a city on the banks of a river that does, `on_a_bank`).
fn under_a_city(fs: &[Feature]) -> Vec<String> {
    let mut out = Vec::new();
    for (ci, c) in fs.iter().enumerate().filter(|(_, f)| f.kind == Kind::City) {
        let fields: Vec<String> = (0..fs.len())
            .filter(|&i| fs[i].kind == Kind::Field && !on_a_bank(fs, i, ci))
            .map(|i| &fs[i])
            .filter(|f| interleave(f.ports(), c.ports()))
            .map(|f| {
                let halves = HALVES.iter().enumerate();
                let held = halves.filter(|(i, _)| f.halves & (1 << i) != 0);
                let names: Vec<&str> = held.map(|(_, h)| *h).collect();
                format!("{} ({})", f.name, names.join(" "))
            })
            .collect();
        let lie = match fields.as_slice() {
            [] => continue,
            [one] => format!("field {one} lies"),
            [many @ .., last] => format!("fields {} and {last} each lie", many.join(", ")),
        };
        out.push(format!(
            "{lie} on both sides of city {}, under which no river passes",
            c.name
        ));
    }
    out
}
