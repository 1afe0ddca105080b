//! JCloisterZone's symbols and feature properties, read as the tile language's
//! marks. Which element or attribute is which mark is a column of the
//! vocabulary's own table ([`vocab::MARKS`], [`vocab::Jcz`]), the one the
//! exporter writes from, so the two directions cannot drift apart. The mark's
//! value is checked against the vocabulary, so a value the tile language cannot
//! say is reported here, at its place in the XML.

use super::model::Kind;
use crate::vocab::{self, Attach, Jcz, JczValue, MarkRow};

/// The mark a `<tile>` child element is (`<tower/>`), with the attribute that
/// holds its value.
pub fn element(name: &str) -> Option<(&'static MarkRow, Option<&'static str>)> {
    vocab::MARKS.iter().find_map(|row| match row.jcz {
        Jcz::Element { name: n, value } if n == name => Some((row, value)),
        _ => None,
    })
}

/// The mark an attribute of a feature of `kind` is (`inn` on `<road>`), with
/// how its value gives the mark.
pub fn feature_attribute(kind: Kind, attribute: &str) -> Option<(&'static MarkRow, JczValue)> {
    let on = Attach::Segment(kind.segment_kind());
    vocab::MARKS.iter().find_map(|row| match row.jcz {
        Jcz::Feature { name, value } if name == attribute && row.on == on => Some((row, value)),
        _ => None,
    })
}

/// The mark an attribute of `<tile>` is (`wind-rose`).
pub fn tile_attribute(attribute: &str) -> Option<&'static MarkRow> {
    vocab::MARKS
        .iter()
        .find(|row| matches!(row.jcz, Jcz::Tile { name } if name == attribute))
}

/// The mark's words as the tile language writes them (`resource=wine` on a
/// segment when `on_segment`, `watchtower city` after `mark`), or what the mark
/// takes when `raw` is not one of its values.
pub fn words(row: &MarkRow, raw: Option<&str>, on_segment: bool) -> Result<String, String> {
    let mark = row.keyword;
    let Some(raw) = raw else {
        return Ok(mark.to_string());
    };
    let value = row.our_value(raw.trim());
    if vocab::mark_value(row.kind.arg(), value).is_none() {
        return Err(expected(row));
    }
    let sep = if on_segment { "=" } else { " " };
    Ok(format!("{mark}{sep}{value}"))
}

/// What the mark takes, in JCloisterZone's spelling (`1/road, ... or 3/monastery`).
fn expected(row: &MarkRow) -> String {
    let names: Vec<&str> = match row.kind.arg() {
        tilec_runtime::MarkArg::Choice(names) => names.iter().map(|n| row.jcz_value(n)).collect(),
        arg => return vocab::mark_expected(arg),
    };
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(name: &str) -> &'static MarkRow {
        vocab::mark(name).expect(name)
    }

    #[test]
    fn the_table_is_read_by_element_attribute_and_tile_attribute() {
        let (tower, value) = element("tower").unwrap();
        assert_eq!((tower.keyword, value), ("tower", None));
        assert_eq!(element("portal").unwrap().0.keyword, "magic-portal");
        assert_eq!(element("watchtower").unwrap().1, Some("bonus"));
        let (inn, how) = feature_attribute(Kind::Road, "inn").unwrap();
        assert_eq!((inn.keyword, how), ("inn", JczValue::True));
        assert!(feature_attribute(Kind::City, "inn").is_none());
        let no_castle = feature_attribute(Kind::City, "castle-base").unwrap();
        assert_eq!(no_castle.0.keyword, "no-castle");
        assert_eq!(tile_attribute("wind-rose").unwrap().keyword, "wind-rose");
        assert!(element("town-hall").is_none());
    }

    #[test]
    fn values_are_translated_and_checked() {
        let w = |m: &str, v: &str, on: bool| words(row(m), Some(v), on);
        assert_eq!(w("resource", "wine", true).unwrap(), "resource=wine");
        assert_eq!(w("wind-rose", "NWSE", false).unwrap(), "wind-rose all");
        assert_eq!(w("corn-circle", "Road", false).unwrap(), "corn-circle road");
        assert_eq!(
            w("watchtower", "2/coat-of-arms", false).unwrap(),
            "watchtower pennant"
        );
        let bad = w("watchtower", "5/city", false).unwrap_err();
        assert_eq!(
            bad,
            "1/road, 1/city, 2/coat-of-arms, 2/meeple or 3/monastery"
        );
        assert!(w("resource", "wood", true).is_err());
        assert!(w("wells", "0", true).is_err());
        assert_eq!(words(row("tower"), None, false).unwrap(), "tower");
    }
}
