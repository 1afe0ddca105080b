//! The vocabulary of the tile language: every keyword that names a segment kind,
//! a mark, an end point, an arrow kind or an illustration, as tables.
//!
//! The parser knows none of these words. Adding a new special kind is a row here
//! (and, if the engine must act on it, a variant in `tilec-runtime`).

use tilec_runtime::{ArrowKind, Aspect, EndKind, Illustration, MarkArg, MarkKind, SegmentKind};

/// How a segment kind reads its port arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PortRule {
    /// `N` means all three ports of the north edge (cities, fields).
    WholeEdges,
    /// `N` means the middle port only (roads, rivers).
    Middles,
    /// The segment touches no port (monastery, garden, hut).
    NoPorts,
}

/// Segment keywords: (keyword, kind, how ports are read, needs at least one port).
pub const SEGMENT_KINDS: &[(&str, SegmentKind, PortRule, bool)] = &[
    ("city", SegmentKind::City, PortRule::WholeEdges, true),
    ("road", SegmentKind::Road, PortRule::Middles, true),
    ("river", SegmentKind::River, PortRule::Middles, true),
    ("field", SegmentKind::Field, PortRule::WholeEdges, false),
    (
        "monastery",
        SegmentKind::Monastery,
        PortRule::NoPorts,
        false,
    ),
    ("garden", SegmentKind::Garden, PortRule::NoPorts, false),
    ("hut", SegmentKind::Hut, PortRule::NoPorts, false),
    ("seam", SegmentKind::Seam, PortRule::WholeEdges, true),
];

/// What a seam is, for the reference site and the docs: the site's words for
/// it are this text (`tests/site_vocab.rs` holds it to that).
pub const SEAM_WHAT: &str =
    "no tile edge but an inner side of a piece of several squares, laid out at setup (carried only: the engine does not play it)";

/// What a mark stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attach {
    /// The whole tile: `mark tower`.
    Tile,
    /// One segment of this kind: written on the segment (`road r W E inn`) or
    /// as `mark inn on=r`.
    Segment(SegmentKind),
}

/// One mark keyword: what it means, what it stands on, how JCloisterZone's
/// tile XML says it. Its value (`resource=wine`) is read by [`MarkKind::arg`];
/// whether the engine plays it by [`MarkKind::played`].
#[derive(Clone, Copy, Debug)]
pub struct MarkRow {
    /// The keyword (the kind's [`MarkKind::name`]).
    pub keyword: &'static str,
    /// The runtime kind.
    pub kind: MarkKind,
    /// What it stands on.
    pub on: Attach,
    /// A short description for the reference site and the docs.
    pub what: &'static str,
    /// How JCloisterZone says it: `tilec import-jcz` reads it so and
    /// `tilec export --format jcz` writes it so.
    pub jcz: Jcz,
    /// Values JCloisterZone spells differently: (ours, JCloisterZone's). A
    /// value not listed is spelt the same.
    pub jcz_values: &'static [(&'static str, &'static str)],
}

/// Where a mark is in JCloisterZone's tile XML.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Jcz {
    /// A child element of `<tile>` (`<tower/>`), its value in the attribute
    /// `value` (`<watchtower bonus="1/road"/>`). A mark on a segment written so
    /// stands on the tile's one segment of its kind (Solovei's tree).
    Element {
        /// The element's name.
        name: &'static str,
        /// The attribute holding the value, for a mark that has one.
        value: Option<&'static str>,
    },
    /// An attribute of the feature element the mark stands on (`<road inn="true">`).
    Feature {
        /// The attribute's name.
        name: &'static str,
        /// How its value gives the mark.
        value: JczValue,
    },
    /// An attribute of `<tile>` holding the mark's value (`wind-rose="NE"`).
    Tile {
        /// The attribute's name.
        name: &'static str,
    },
    /// JCloisterZone's tile XML cannot say it; why, for the export's note.
    Unsaid(&'static str),
}

/// How a feature attribute's value gives a mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JczValue {
    /// `true` gives the mark, `false` nothing (`inn="true"`).
    True,
    /// `false` gives the mark, `true` nothing (`castle-base="false"`).
    False,
    /// The value is the mark's value (`resource="wine"`).
    Text,
}

const fn row(kind: MarkKind, on: Attach, what: &'static str, jcz: Jcz) -> MarkRow {
    MarkRow {
        keyword: kind.name(),
        kind,
        on,
        what,
        jcz,
        jcz_values: &[],
    }
}

impl MarkRow {
    /// The row with JCloisterZone's spellings of its values.
    const fn spelt(self, values: &'static [(&'static str, &'static str)]) -> MarkRow {
        MarkRow {
            jcz_values: values,
            ..self
        }
    }

    /// JCloisterZone's spelling of our value `ours`.
    pub fn jcz_value<'a>(&self, ours: &'a str) -> &'a str {
        match self.jcz_values.iter().find(|(o, _)| *o == ours) {
            Some((_, theirs)) => theirs,
            None => ours,
        }
    }

    /// Our spelling of JCloisterZone's value `theirs` (not checked: see [`mark_value`]).
    pub fn our_value<'a>(&self, theirs: &'a str) -> &'a str {
        match self.jcz_values.iter().find(|(_, t)| *t == theirs) {
            Some((ours, _)) => ours,
            None => theirs,
        }
    }
}

/// A child element of `<tile>` without a value.
const fn element(name: &'static str) -> Jcz {
    Jcz::Element { name, value: None }
}

/// A child element of `<tile>` with its value in attribute `value`.
const fn valued(name: &'static str, value: &'static str) -> Jcz {
    Jcz::Element {
        name,
        value: Some(value),
    }
}

/// A feature attribute.
const fn attr(name: &'static str, value: JczValue) -> Jcz {
    Jcz::Feature { name, value }
}

const ROAD: Attach = Attach::Segment(SegmentKind::Road);
const CITY: Attach = Attach::Segment(SegmentKind::City);
const MONASTERY: Attach = Attach::Segment(SegmentKind::Monastery);
const FIELD: Attach = Attach::Segment(SegmentKind::Field);
const TILE: Attach = Attach::Tile;
const TRUE: JczValue = JczValue::True;

/// Every mark, in [`MarkKind::ALL`] order.
pub const MARKS: &[MarkRow] = &[
    row(
        MarkKind::Festival,
        TILE,
        "festival symbol (no figure may stand on it)",
        element("festival"),
    ),
    row(MarkKind::Tree, ROAD, "Solovei's tree", element("razboynik")),
    row(
        MarkKind::TownHall,
        TILE,
        "town hall (fits next to anything, ends features)",
        Jcz::Unsaid("the town hall (a whole tile: JCloisterZone has no tile without features)"),
    ),
    row(
        MarkKind::TrapLake,
        TILE,
        "Vodyanoy's lake (traps figures around it)",
        element("vodyanoy"),
    ),
    row(MarkKind::Inn, ROAD, "an inn by a lake", attr("inn", TRUE)),
    row(
        MarkKind::Cathedral,
        CITY,
        "a cathedral",
        attr("cathedral", TRUE),
    ),
    row(
        MarkKind::Besieged,
        CITY,
        "a besieged city",
        attr("besieged", TRUE),
    ),
    row(
        MarkKind::Resource,
        CITY,
        "a trade good",
        attr("resource", JczValue::Text),
    ),
    row(
        MarkKind::NoCastle,
        CITY,
        "a city that cannot become a castle",
        attr("castle-base", JczValue::False),
    ),
    row(
        MarkKind::Princess,
        CITY,
        "the princess",
        attr("princess", TRUE),
    ),
    row(
        MarkKind::Shrine,
        MONASTERY,
        "a shrine (challenges a monastery)",
        attr("shrine", TRUE),
    ),
    row(
        MarkKind::Church,
        MONASTERY,
        "a church",
        attr("church", TRUE),
    ),
    row(
        MarkKind::Special,
        MONASTERY,
        "a special monastery (Monasteries)",
        attr("special", TRUE),
    ),
    row(
        MarkKind::PigHerd,
        FIELD,
        "a pig herd",
        attr("pig-herd", TRUE),
    ),
    row(
        MarkKind::Labyrinth,
        ROAD,
        "a labyrinth",
        attr("labyrinth", TRUE),
    ),
    row(
        MarkKind::Wells,
        ROAD,
        "wells along the road",
        attr("wells", JczValue::Text),
    ),
    row(
        MarkKind::Darmstadtium,
        CITY,
        "darmstadtium",
        attr("darmstadtium", TRUE),
    ),
    row(
        MarkKind::MultiEdge,
        CITY,
        "a city meeting one edge twice",
        attr("multi-edge", JczValue::Text),
    ),
    row(
        MarkKind::Tower,
        TILE,
        "a tower foundation",
        element("tower"),
    ),
    row(
        MarkKind::Watchtower,
        TILE,
        "a watchtower",
        valued("watchtower", "bonus"),
    )
    // The points are the rules' own for each thing counted.
    .spelt(&[
        ("road", "1/road"),
        ("city", "1/city"),
        ("pennant", "2/coat-of-arms"),
        ("meeple", "2/meeple"),
        ("monastery", "3/monastery"),
    ]),
    row(
        MarkKind::Dragon,
        TILE,
        "the dragon symbol",
        element("dragon"),
    ),
    row(MarkKind::Volcano, TILE, "a volcano", element("volcano")),
    row(
        MarkKind::MagicPortal,
        TILE,
        "a magic portal",
        element("portal"),
    ),
    row(
        MarkKind::CornCircle,
        TILE,
        "a corn circle",
        valued("corn-circle", "type"),
    )
    .spelt(&[("city", "City"), ("field", "Field"), ("road", "Road")]),
    row(
        MarkKind::Circus,
        TILE,
        "a circus big top",
        element("circus"),
    ),
    row(
        MarkKind::Acrobats,
        TILE,
        "an acrobats' space",
        element("acrobats"),
    ),
    row(
        MarkKind::Mage,
        TILE,
        "the mage and witch symbol",
        element("mage"),
    ),
    row(MarkKind::Hill, TILE, "a hill", element("hill")),
    row(MarkKind::Vineyard, TILE, "a vineyard", element("vineyard")),
    row(
        MarkKind::FlyingMachine,
        TILE,
        "a flying machine",
        valued("flying-machine", "direction"),
    ),
    row(MarkKind::Goldmine, TILE, "a gold mine", element("goldmine")),
    row(MarkKind::Bazaar, TILE, "a bazaar", element("bazaar")),
    row(MarkKind::Ferry, TILE, "a ferry lake", element("ferry")),
    row(
        MarkKind::Quarter,
        TILE,
        "the Count's city quarters",
        element("quarter"),
    ),
    row(
        MarkKind::WindRose,
        TILE,
        "a wind rose",
        Jcz::Tile { name: "wind-rose" },
    )
    .spelt(&[("all", "NWSE")]),
    row(
        MarkKind::Abbey,
        TILE,
        "abbey (a monastery; fits next to anything, ends features)",
        Jcz::Unsaid("the abbey (JCloisterZone makes its own `AM/A` for each player: the add-on switches on its `abbey` element)"),
    ),
];

/// The row of a mark keyword.
pub fn mark(word: &str) -> Option<&'static MarkRow> {
    MARKS.iter().find(|r| r.keyword == word)
}

/// The row of a mark kind.
pub fn mark_row(kind: MarkKind) -> &'static MarkRow {
    &MARKS[kind as usize]
}

/// The value `word` gives a mark taking `arg`, if it is one of its values.
pub fn mark_value(arg: MarkArg, word: &str) -> Option<u8> {
    match arg {
        MarkArg::None => None,
        MarkArg::Count { max } => word.parse().ok().filter(|n| (1..=max).contains(n)),
        MarkArg::Choice(names) => names.iter().position(|n| *n == word).map(|i| i as u8),
    }
}

/// What a mark taking `arg` takes, for a hint (`one of wine, grain, cloth`).
pub fn mark_expected(arg: MarkArg) -> String {
    match arg {
        MarkArg::None => "no value".into(),
        MarkArg::Count { max } => format!("a number from 1 to {max}"),
        MarkArg::Choice(names) => format!("one of {}", names.join(", ")),
    }
}

/// What the mark keyword `mark` takes, for a hint.
pub fn mark_takes(mark: &str) -> String {
    mark_expected(self::mark(mark).map_or(MarkArg::None, |r| r.kind.arg()))
}

/// The marks that may stand on a segment of `kind`.
pub fn segment_marks(kind: SegmentKind) -> impl Iterator<Item = &'static MarkRow> {
    MARKS.iter().filter(move |r| r.on == Attach::Segment(kind))
}

/// What an end point may reach besides the segments that end there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Monasteries, gardens, huts and city gates (a junction at two gates).
    Segments,
    /// A road (Bogatyr's stone joins the end to it).
    Road,
    /// Nothing: the end point is a place of its own (a portal, a bank, a spring,
    /// a lake), so naming a segment beside it says two places at once.
    Nothing,
}

/// One end-point keyword: the word, its kind, whether it ends rivers (`true`)
/// or roads, and what else it may reach.
#[derive(Clone, Copy, Debug)]
pub struct EndRow {
    /// The keyword.
    pub word: &'static str,
    /// The runtime kind.
    pub kind: EndKind,
    /// True when it ends rivers rather than roads.
    pub river: bool,
    /// The segments it may reach besides.
    pub reach: Reach,
}

const fn end_row(word: &'static str, kind: EndKind, river: bool, reach: Reach) -> EndRow {
    EndRow {
        word,
        kind,
        river,
        reach,
    }
}

/// End-point keywords. An end with no keyword (`end r at c`) is a segment's:
/// a road at a monastery, garden, hut or city gate, a river at a city.
pub const END_KEYWORDS: &[EndRow] = &[
    end_row("junction", EndKind::Junction, false, Reach::Segments),
    end_row("village", EndKind::Village, false, Reach::Segments),
    end_row("stone", EndKind::Stone, false, Reach::Road),
    end_row("bank", EndKind::Bank, false, Reach::Nothing),
    end_row("tunnel", EndKind::Tunnel, false, Reach::Nothing),
    end_row("spring", EndKind::Spring, true, Reach::Nothing),
    end_row("lake", EndKind::Lake, true, Reach::Nothing),
];

/// The row of an end kind (none for [`EndKind::Segment`], which has no keyword).
pub fn end_row_of(kind: EndKind) -> Option<&'static EndRow> {
    END_KEYWORDS.iter().find(|row| row.kind == kind)
}

/// Which way a crossing attribute points: `over=` names what the segment
/// passes over, `under=` what it passes under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    /// `over=SEG`: the segment is on top (a bridge).
    Over,
    /// `under=SEG`: the segment is beneath (a tunnel).
    Under,
}

impl Way {
    /// The attribute's key.
    pub const fn key(self) -> &'static str {
        match self {
            Way::Over => "over",
            Way::Under => "under",
        }
    }
}

/// One way a segment may cross another: the attribute (`over=` or `under=`)
/// on a segment of kind `on` naming a segment of kind `names`. The two stay
/// separate features; the one beneath is hidden where they cross.
#[derive(Clone, Copy, Debug)]
pub struct CrossingRow {
    /// Which attribute.
    pub way: Way,
    /// The kind of segment it is written on.
    pub on: SegmentKind,
    /// The kind of segment it names.
    pub names: SegmentKind,
    /// What the crossing is, for the docs and the reference site.
    pub what: &'static str,
}

const fn crossing(
    way: Way,
    on: SegmentKind,
    names: SegmentKind,
    what: &'static str,
) -> CrossingRow {
    CrossingRow {
        way,
        on,
        names,
        what,
    }
}

/// Every crossing the tile language allows. A field passes under a city only
/// beside a river that does (the river's banks, beneath the city's arch).
pub const CROSSINGS: &[CrossingRow] = &[
    crossing(
        Way::Over,
        SegmentKind::Road,
        SegmentKind::River,
        "a road on a bridge over a river",
    ),
    crossing(
        Way::Over,
        SegmentKind::Road,
        SegmentKind::Road,
        "a road on a bridge over another road",
    ),
    crossing(
        Way::Over,
        SegmentKind::City,
        SegmentKind::City,
        "a city on a bridge over another city",
    ),
    crossing(
        Way::Under,
        SegmentKind::Road,
        SegmentKind::City,
        "a road in a tunnel under a city",
    ),
    crossing(
        Way::Under,
        SegmentKind::Road,
        SegmentKind::Field,
        "a road in a tunnel under a field",
    ),
    crossing(
        Way::Under,
        SegmentKind::River,
        SegmentKind::City,
        "a river under a city",
    ),
    crossing(
        Way::Under,
        SegmentKind::Field,
        SegmentKind::City,
        "a field beside a river under a city, passing under it with the river",
    ),
];

/// Whether a segment of kind `on` takes the attribute of `way` at all.
pub fn crosses_by(way: Way, on: SegmentKind) -> bool {
    CROSSINGS.iter().any(|r| r.way == way && r.on == on)
}

/// The row for `way` on a segment of kind `on` naming one of kind `names`.
pub fn crossing_row(way: Way, on: SegmentKind, names: SegmentKind) -> Option<&'static CrossingRow> {
    CROSSINGS
        .iter()
        .find(|r| r.way == way && r.on == on && r.names == names)
}

/// What a segment of kind `on` may name with `way`, in words: `a river or
/// another road`.
pub fn crossable(way: Way, on: SegmentKind) -> String {
    let words: Vec<String> = CROSSINGS
        .iter()
        .filter(|r| r.way == way && r.on == on)
        .map(|r| match r.names == on {
            true => format!("another {}", r.names.name()),
            false => format!("a {}", r.names.name()),
        })
        .collect();
    words.join(" or ")
}

/// Every crossing in words, for a hint: `a road over a river, ...`.
pub fn crossings_in_words() -> String {
    let words: Vec<String> = CROSSINGS
        .iter()
        .map(|r| format!("`{} {}={}`", r.on.name(), r.way.key(), r.names.name()))
        .collect();
    words.join(", ")
}

/// Arrow kinds.
pub const ARROWS: &[(&str, ArrowKind)] = &[
    ("add-next-to", ArrowKind::AddNextTo),
    ("portal", ArrowKind::Portal),
    ("extra-turn", ArrowKind::ExtraTurn),
];

/// Illustrations.
pub const ILLUSTRATIONS: &[(&str, Illustration)] = &[
    ("farmhouse", Illustration::Farmhouse),
    ("cowshed", Illustration::Cowshed),
    ("water-tower", Illustration::WaterTower),
    ("highwaymen", Illustration::Highwaymen),
    ("donkey-stable", Illustration::DonkeyStable),
    ("pigsty", Illustration::Pigsty),
    ("crossroads", Illustration::Crossroads),
];

/// Statements a tile block takes besides segment kinds.
pub const TILE_STATEMENTS: &[&str] = &[
    "count",
    "start",
    "variant-of",
    "provenance",
    "end",
    "arrow",
    "mark",
    "copies",
    "note",
    "sourced",
];

/// Statements a set block takes.
pub const SET_STATEMENTS: &[&str] = &[
    "edition",
    "provenance",
    "river",
    "note",
    "source",
    "sourced",
];

/// The aspects of a tile a `sourced` statement names (the runtime's
/// [`Aspect`]s by their keywords; [`Aspect::ALL`] is their order).
pub fn aspect(word: &str) -> Option<Aspect> {
    Aspect::ALL.into_iter().find(|a| a.name() == word)
}

/// The aspects of a set a `sourced` statement in its block may name: its
/// `sets.toml` facts.
pub const SET_ASPECTS: &[(&str, &str)] = &[
    ("total", "how many tiles the set holds"),
    ("groups", "the set's groups and their sizes"),
];

/// Every aspect word, for a hint: `count`, `edges`, ... `groups`.
pub fn aspect_list() -> String {
    let words: Vec<String> = Aspect::ALL
        .iter()
        .map(|a| a.name())
        .chain(SET_ASPECTS.iter().map(|(w, _)| *w))
        .map(|w| format!("`{w}`"))
        .collect();
    words.join(", ")
}

/// Looks a word up in a keyword table.
pub fn lookup<T: Copy>(table: &[(&str, T)], word: &str) -> Option<T> {
    table.iter().find(|(k, _)| *k == word).map(|(_, v)| *v)
}

/// The kind of an end-point keyword.
pub fn end_keyword(word: &str) -> Option<EndKind> {
    END_KEYWORDS
        .iter()
        .find(|row| row.word == word)
        .map(|row| row.kind)
}

/// Finds the row of a segment keyword.
pub fn segment_kind(word: &str) -> Option<(SegmentKind, PortRule, bool)> {
    SEGMENT_KINDS
        .iter()
        .find(|row| row.0 == word)
        .map(|&(_, k, r, p)| (k, r, p))
}

/// The port number of a port name, or the edge number of an edge name.
pub fn port(word: &str) -> Option<PortWord> {
    let edge = match word.as_bytes().first()? {
        b'N' => 0,
        b'E' => 1,
        b'S' => 2,
        b'W' => 3,
        _ => return None,
    };
    match &word[1..] {
        "" => Some(PortWord::Edge(edge)),
        "L" => Some(PortWord::Port(edge * 3)),
        "R" => Some(PortWord::Port(edge * 3 + 2)),
        _ => None,
    }
}

/// A port argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PortWord {
    /// A whole edge (`N`): 0..4.
    Edge(u8),
    /// A half port (`NL`): 0..12.
    Port(u8),
}

/// The closest name to `word` among `candidates` (keywords, ports, segment
/// names, set ids), if it is a likely typo: at most two edits away, ignoring
/// case, and closer than any other candidate (a tie suggests nothing, since
/// either could be meant).
pub fn suggest<'a>(word: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let word = word.to_ascii_lowercase();
    let mut scored: Vec<(usize, &'a str)> = candidates
        .map(|c| (distance(&word, &c.to_ascii_lowercase()), c))
        .filter(|&(d, c)| d <= 2 && d < c.len())
        .collect();
    scored.sort_unstable();
    scored.dedup();
    match scored.as_slice() {
        [(d, c), rest @ ..] if rest.first().is_none_or(|(e, _)| e > d) => Some(c),
        _ => None,
    }
}

fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ports_and_edges_are_read() {
        assert_eq!(port("N"), Some(PortWord::Edge(0)));
        assert_eq!(port("EL"), Some(PortWord::Port(3)));
        assert_eq!(port("WR"), Some(PortWord::Port(11)));
        assert_eq!(port("NX"), None);
        assert_eq!(port("c"), None);
    }

    #[test]
    fn the_mark_table_follows_the_runtime_kinds() {
        assert_eq!(MARKS.len(), MarkKind::ALL.len());
        for (row, kind) in MARKS.iter().zip(MarkKind::ALL) {
            assert_eq!(row.kind, kind, "{}", row.keyword);
            assert_eq!(mark_row(kind).keyword, kind.name());
        }
        assert_eq!(mark("inn").map(|r| r.kind), Some(MarkKind::Inn));
        let on_roads: Vec<&str> = segment_marks(SegmentKind::Road)
            .map(|r| r.keyword)
            .collect();
        assert_eq!(on_roads, ["tree", "inn", "labyrinth", "wells"]);
    }

    #[test]
    fn jcz_forms_are_distinct_and_spellings_read_back() {
        let mut names: Vec<String> = Vec::new();
        for row in MARKS {
            let name = match row.jcz {
                Jcz::Element { name, .. } => format!("<{name}>"),
                Jcz::Feature { name, .. } => format!("{:?} {name}", row.on),
                Jcz::Tile { name } => format!("tile {name}"),
                Jcz::Unsaid(_) => continue,
            };
            assert!(!names.contains(&name), "{name} twice");
            names.push(name);
            // Every value goes to JCloisterZone's spelling and back.
            if let MarkArg::Choice(values) = row.kind.arg() {
                for v in values {
                    assert_eq!(row.our_value(row.jcz_value(v)), *v, "{}", row.keyword);
                }
            }
        }
        assert_eq!(
            mark("watchtower").unwrap().jcz_value("pennant"),
            "2/coat-of-arms"
        );
        assert_eq!(mark("wind-rose").unwrap().our_value("NWSE"), "all");
    }

    #[test]
    fn typos_get_a_suggestion() {
        let all = || TILE_STATEMENTS.iter().copied();
        assert_eq!(suggest("cuont", all()), Some("count"));
        assert_eq!(suggest("zzzzzz", all()), None);
        assert_eq!(suggest("Count", all()), Some("count"));
        let ports = || tilec_runtime::PORT_NAMES.iter().copied();
        assert_eq!(suggest("n", ports()), Some("N"));
        assert_eq!(suggest("NX", ports()), None, "NL and NR are as close");
    }
}
