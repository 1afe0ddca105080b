//! JCloisterZone's symbols and feature properties, mapped onto the tile
//! language's marks ([`crate::vocab::MARKS`]). Each row names the JCloisterZone
//! element or attribute and the mark it becomes; the mark's value is checked
//! against the vocabulary, so a value the tile language cannot say is reported
//! here, at its place in the XML.

use super::model::Kind;
use crate::vocab;

/// How a JCloisterZone attribute's value becomes a mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conv {
    /// `true` gives the mark, `false` nothing.
    Flag,
    /// `false` gives the mark, `true` nothing (`castle-base="false"`).
    Unless,
    /// The value is the mark's value (`resource="wine"`).
    Value,
}

/// Feature attributes: (feature kind, attribute, mark, conversion).
pub const ATTRIBUTES: &[(Kind, &str, &str, Conv)] = &[
    (Kind::Road, "inn", "inn", Conv::Flag),
    (Kind::Road, "labyrinth", "labyrinth", Conv::Flag),
    (Kind::Road, "wells", "wells", Conv::Value),
    (Kind::City, "cathedral", "cathedral", Conv::Flag),
    (Kind::City, "besieged", "besieged", Conv::Flag),
    (Kind::City, "princess", "princess", Conv::Flag),
    (Kind::City, "darmstadtium", "darmstadtium", Conv::Flag),
    (Kind::City, "resource", "resource", Conv::Value),
    (Kind::City, "castle-base", "no-castle", Conv::Unless),
    (Kind::City, "multi-edge", "multi-edge", Conv::Value),
    (Kind::Monastery, "shrine", "shrine", Conv::Flag),
    (Kind::Monastery, "church", "church", Conv::Flag),
    (Kind::Monastery, "special", "special", Conv::Flag),
    (Kind::Field, "pig-herd", "pig-herd", Conv::Flag),
];

/// Tile elements: (element, mark, the attribute that holds its value).
pub const ELEMENTS: &[(&str, &str, Option<&str>)] = &[
    ("tower", "tower", None),
    ("watchtower", "watchtower", Some("bonus")),
    ("dragon", "dragon", None),
    ("volcano", "volcano", None),
    ("portal", "magic-portal", None),
    ("corn-circle", "corn-circle", Some("type")),
    ("circus", "circus", None),
    ("acrobats", "acrobats", None),
    ("mage", "mage", None),
    ("hill", "hill", None),
    ("vineyard", "vineyard", None),
    ("flying-machine", "flying-machine", Some("direction")),
    ("goldmine", "goldmine", None),
    ("bazaar", "bazaar", None),
    ("ferry", "ferry", None),
    ("quarter", "quarter", None),
];

/// The tile attribute that is a mark: `wind-rose="NE"`.
pub const WIND_ROSE: &str = "wind-rose";

/// The mark's words as the tile language writes them (`resource=wine` on a
/// segment when `on_segment`, `watchtower city` after `mark`), or what the mark
/// takes when `raw` is not one of its values.
pub fn words(mark: &str, raw: Option<&str>, on_segment: bool) -> Result<String, String> {
    let Some(row) = vocab::mark(mark) else {
        return Err("a mark of the tile language".into());
    };
    let Some(raw) = raw else {
        return Ok(mark.to_string());
    };
    let value = value(mark, raw).ok_or_else(|| expected(mark))?;
    if vocab::mark_value(row.kind.arg(), &value).is_none() {
        return Err(expected(mark));
    }
    let sep = if on_segment { "=" } else { " " };
    Ok(format!("{mark}{sep}{value}"))
}

/// What JCloisterZone's value reads as in the tile language.
fn value(mark: &str, raw: &str) -> Option<String> {
    let raw = raw.trim();
    match mark {
        "corn-circle" => Some(raw.to_ascii_lowercase()),
        "wind-rose" if raw == "NWSE" => Some("all".into()),
        "watchtower" => watchtower(raw),
        _ => Some(raw.to_string()),
    }
}

/// `2/coat-of-arms` → `pennant`: the points are the rules' own for each thing
/// counted, so a bonus with other points cannot be said.
fn watchtower(raw: &str) -> Option<String> {
    let (points, what) = raw.split_once('/')?;
    let (what, rule) = match what {
        "road" => ("road", "1"),
        "city" => ("city", "1"),
        "coat-of-arms" => ("pennant", "2"),
        "meeple" => ("meeple", "2"),
        "monastery" => ("monastery", "3"),
        _ => return None,
    };
    (points == rule).then(|| what.to_string())
}

fn expected(mark: &str) -> String {
    match mark {
        "watchtower" => "1/road, 1/city, 2/coat-of-arms, 2/meeple or 3/monastery".into(),
        "wind-rose" => "NE, SE, SW, NW or NWSE".into(),
        "corn-circle" => "City, Field or Road".into(),
        _ => vocab::mark(mark).map_or_else(String::new, |r| vocab::mark_expected(r.kind.arg())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_names_a_mark_of_the_vocabulary() {
        let marks = ATTRIBUTES.iter().map(|r| r.2);
        for mark in marks.chain(ELEMENTS.iter().map(|r| r.1)).chain([WIND_ROSE]) {
            assert!(vocab::mark(mark).is_some(), "{mark}");
        }
    }

    #[test]
    fn values_are_translated_and_checked() {
        assert_eq!(
            words("resource", Some("wine"), true).unwrap(),
            "resource=wine"
        );
        assert_eq!(
            words("wind-rose", Some("NWSE"), false).unwrap(),
            "wind-rose all"
        );
        assert_eq!(
            words("corn-circle", Some("Road"), false).unwrap(),
            "corn-circle road"
        );
        let w = words("watchtower", Some("2/coat-of-arms"), false);
        assert_eq!(w.unwrap(), "watchtower pennant");
        assert!(words("watchtower", Some("5/city"), false).is_err());
        assert!(words("resource", Some("wood"), true).is_err());
        assert!(words("wells", Some("0"), true).is_err());
        assert_eq!(words("tower", None, false).unwrap(), "tower");
    }
}
