//! `not-touching=CITY` on a field: the name is resolved to a city, and once the
//! tile's adjacency is derived (ports and faces) the city is taken out of it.
//!
//! Each way the attribute can be wrong has its own diagnostic: a name that is no
//! segment (E242, with the tile's cities), a segment that is not a city (E205), a
//! city the field does not touch anyway (E243), and a city the field's `->` list
//! also names (E244).

use super::ports::port_neighbours;
use crate::diagnostic::{Diagnostic, Span};
use crate::graph::{face_cities, walls};
use crate::message::Kind;
use crate::model::{Segment, Tile};
use crate::vocab;
use tilec_runtime::SegmentKind;

/// One `not-touching=` resolved to a city: the field, the city, the attribute.
pub struct NotTouching {
    /// The field's segment index.
    pub field: usize,
    /// The city's segment index.
    pub city: usize,
    /// The `not-touching=CITY` attribute.
    pub span: Span,
}

/// Resolves `not-touching=name` on field `field` to a city of `segments`.
pub fn resolve(
    segments: &[Segment],
    field: usize,
    name: String,
    span: Span,
    diags: &mut Vec<Diagnostic>,
) -> Option<NotTouching> {
    let Some(city) = segments.iter().position(|s| s.name == name) else {
        let cities = segments.iter().filter(|s| s.kind == SegmentKind::City);
        let names = cities.clone().map(|s| s.name.as_str());
        let kind = Kind::NotTouchingUnknown {
            suggestion: vocab::suggest(&name, names).map(String::from),
            cities: cities
                .map(|s| format!("`{}`", s.name))
                .collect::<Vec<_>>()
                .join(", "),
            name,
        };
        diags.push(Diagnostic::new(kind, span));
        return None;
    };
    let kind = segments[city].kind;
    if kind != SegmentKind::City {
        let kind = Kind::NotACity {
            name,
            kind: kind.name(),
            not_touching: true,
        };
        diags.push(Diagnostic::new(kind, span));
        return None;
    }
    Some(NotTouching { field, city, span })
}

/// Adds to every field the cities its face of the drawing touches, then takes
/// out those it says it does not touch, reporting a `not-touching=` that takes
/// out nothing or contradicts the field's `->` list.
pub fn faces_adjacency(tile: &mut Tile, not_touching: &[NotTouching], diags: &mut Vec<Diagnostic>) {
    let walls = walls(tile);
    for f in 0..tile.segments.len() {
        if tile.segments[f].kind == SegmentKind::Field {
            let faces = face_cities(tile, &walls, f);
            let s = &mut tile.segments[f];
            s.cities = (s.cities | faces) & !s.not_touching;
        }
    }
    // What the field touches before `not-touching=` (faces read only ports).
    let derived = |f: usize| {
        face_cities(tile, &walls, f) | port_neighbours(&tile.ports, f as u8, &tile.segments)
    };
    for nt in not_touching {
        let (field, city) = (&tile.segments[nt.field], &tile.segments[nt.city]);
        let names = (field.name.clone(), city.name.clone());
        let listed = field
            .explicit_cities
            .iter()
            .find(|e| e.0 as usize == nt.city);
        if let Some(&(_, at)) = listed {
            let kind = Kind::NotTouchingListed {
                field: names.0,
                city: names.1,
            };
            diags.push(Diagnostic::new(kind, nt.span).with(at, "named after `->` here"));
        } else if derived(nt.field) & (1 << nt.city) == 0 {
            let kind = Kind::NotTouchingUnderived {
                field: names.0,
                city: names.1,
            };
            diags.push(Diagnostic::new(kind, nt.span));
        }
    }
}
