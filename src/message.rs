//! Every diagnostic kind, its stable code, and all message text, in one place.
//!
//! Codes never change meaning: `E0xx` syntax, `E1xx` statements and names, `E2xx`
//! tile geometry, `E3xx` sets, `E4xx` importing other formats (`tilec import-jcz`).
//! Messages are terse and lowercase; hints say what to do.

/// What a diagnostic reports. Named fields carry what the message needs.
#[derive(Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)] // each variant is documented by its message below
pub enum Kind {
    // ---- syntax
    InvalidUtf8,
    EmptyFile,
    UnexpectedChar {
        ch: char,
    },
    UnterminatedString,
    BadEscape {
        esc: String,
    },
    UnclosedBlock,
    UnexpectedClose,
    TooDeep {
        limit: usize,
    },
    MissingAttrValue {
        key: String,
    },
    FileTooLarge {
        limit: usize,
    },
    // ---- statements and names
    UnknownStatement {
        word: String,
        context: &'static str,
        suggestion: Option<&'static str>,
    },
    MissingSet,
    SetNotFirst,
    DuplicateSet {
        id: String,
    },
    ExpectedArg {
        statement: String,
        what: &'static str,
    },
    UnexpectedArg {
        statement: String,
    },
    BadNumber {
        what: &'static str,
        text: String,
        max: u32,
    },
    DuplicateTile {
        id: String,
    },
    DuplicateSegment {
        name: String,
    },
    UnknownPort {
        word: String,
    },
    UnknownSegment {
        name: String,
    },
    WrongSegmentKind {
        name: String,
        expected: &'static str,
        found: &'static str,
    },
    UnknownAttribute {
        key: String,
        statement: String,
    },
    UnknownArrowKind {
        word: String,
    },
    UnknownEdge {
        word: String,
    },
    UnknownMark {
        word: String,
    },
    UnknownIllustration {
        word: String,
    },
    MissingCount {
        tile: String,
    },
    MissingProvenance {
        tile: String,
    },
    UnknownProvenance {
        word: String,
    },
    UnknownVariantBase {
        name: String,
    },
    VariantCycle {
        tile: String,
    },
    DuplicateStatement {
        statement: String,
    },
    BlockExpected {
        statement: String,
    },
    BlockNotAllowed {
        statement: String,
    },
    CopiesMismatch {
        copies: usize,
        count: u32,
    },
    MarkNeedsSegment {
        mark: &'static str,
    },
    MarkTakesNoSegment {
        mark: &'static str,
    },
    EndWithoutTarget,
    UnknownEndTarget {
        word: String,
    },
    TwoEndKeywords,
    BadName {
        name: String,
    },
    TooManySegments {
        limit: usize,
    },
    // ---- geometry
    PortUncovered {
        ports: String,
    },
    PortTwice {
        ports: String,
        first: String,
        second: String,
    },
    SegmentsCross {
        a: String,
        b: String,
    },
    AdjacencyOmitted {
        field: String,
        city: String,
    },
    AdjacencySeparated {
        field: String,
        city: String,
        by: String,
    },
    NotACity {
        name: String,
        kind: &'static str,
    },
    MixedEdge {
        edge: &'static str,
        detail: String,
    },
    RoadWithoutEnd {
        name: String,
        kind: &'static str,
    },
    EndOnThroughRoad {
        name: String,
        ports: u32,
    },
    EndedTwice {
        name: String,
    },
    EndTargetKind {
        name: String,
        kind: &'static str,
    },
    PortsForKind {
        name: String,
        kind: &'static str,
        needs: &'static str,
    },
    TownHallWithSegments,
    BankWithoutRiver,
    RiverEndOnRoad {
        target: &'static str,
    },
    RoadEndOnRiver {
        target: &'static str,
    },
    BridgeNotRiver {
        name: String,
    },
    PennantsOnNonCity {
        kind: &'static str,
    },
    // ---- sets
    SetTotal {
        set: String,
        expected: u32,
        actual: u32,
    },
    GroupTotal {
        set: String,
        group: String,
        expected: u32,
        actual: u32,
    },
    RiverEnds {
        set: String,
        what: &'static str,
        count: u32,
    },
    OrphanTile {
        tile: String,
    },
    UnknownSetInToml {
        id: String,
    },
    SetsToml {
        message: String,
    },
    UnknownRequiredSet {
        id: String,
    },
    StartTiles {
        count: u32,
    },
    SetIdStart {
        id: String,
    },
    SetIdClash {
        id: String,
        other: String,
        name: String,
    },
    SetIdReserved {
        id: String,
        name: String,
    },
    // ---- import (tilec import-jcz)
    XmlSyntax {
        message: String,
    },
    JczRoot {
        root: String,
    },
    JczElement {
        element: String,
        parent: String,
    },
    JczAttribute {
        attribute: String,
        element: String,
    },
    JczLocation {
        token: String,
        expected: &'static str,
    },
    JczCount {
        text: String,
    },
    JczMissingAttribute {
        attribute: &'static str,
        element: String,
    },
    JczDuplicateTile {
        id: String,
    },
    JczUnknownTile {
        id: String,
    },
    JczNoCount {
        id: String,
    },
    JczOtherTileSet {
        id: String,
        kept: String,
    },
    JczRiverEnd {
        tile: String,
    },
    JczText {
        parent: String,
    },
}

fn plural_port(ports: &str) -> &'static str {
    if ports.contains(' ') {
        "ports"
    } else {
        "port"
    }
}

fn belong(ports: &str) -> &'static str {
    if ports.contains(' ') {
        "belong"
    } else {
        "belongs"
    }
}

impl Kind {
    /// The stable code.
    pub fn code(&self) -> &'static str {
        use Kind::*;
        match self {
            InvalidUtf8 => "E001",
            EmptyFile => "E002",
            UnexpectedChar { .. } => "E003",
            UnterminatedString => "E004",
            BadEscape { .. } => "E005",
            UnclosedBlock => "E006",
            UnexpectedClose => "E007",
            TooDeep { .. } => "E008",
            MissingAttrValue { .. } => "E009",
            FileTooLarge { .. } => "E010",
            UnknownStatement { .. } => "E100",
            MissingSet => "E101",
            SetNotFirst => "E102",
            DuplicateSet { .. } => "E103",
            ExpectedArg { .. } => "E104",
            UnexpectedArg { .. } => "E105",
            BadNumber { .. } => "E106",
            DuplicateTile { .. } => "E107",
            DuplicateSegment { .. } => "E108",
            UnknownPort { .. } => "E109",
            UnknownSegment { .. } => "E110",
            WrongSegmentKind { .. } => "E111",
            UnknownAttribute { .. } => "E112",
            UnknownArrowKind { .. } => "E113",
            UnknownEdge { .. } => "E114",
            UnknownMark { .. } => "E115",
            UnknownIllustration { .. } => "E116",
            MissingCount { .. } => "E117",
            MissingProvenance { .. } => "E118",
            UnknownProvenance { .. } => "E119",
            UnknownVariantBase { .. } => "E120",
            VariantCycle { .. } => "E121",
            DuplicateStatement { .. } => "E122",
            BlockExpected { .. } => "E123",
            BlockNotAllowed { .. } => "E124",
            CopiesMismatch { .. } => "E125",
            MarkNeedsSegment { .. } => "E126",
            MarkTakesNoSegment { .. } => "E127",
            EndWithoutTarget => "E128",
            UnknownEndTarget { .. } => "E129",
            TwoEndKeywords => "E130",
            BadName { .. } => "E131",
            TooManySegments { .. } => "E132",
            PortUncovered { .. } => "E200",
            PortTwice { .. } => "E201",
            SegmentsCross { .. } => "E202",
            AdjacencyOmitted { .. } => "E203",
            AdjacencySeparated { .. } => "E204",
            NotACity { .. } => "E205",
            MixedEdge { .. } => "E206",
            RoadWithoutEnd { .. } => "E207",
            EndOnThroughRoad { .. } => "E208",
            EndedTwice { .. } => "E209",
            EndTargetKind { .. } => "E210",
            PortsForKind { .. } => "E211",
            TownHallWithSegments => "E212",
            BankWithoutRiver => "E213",
            RiverEndOnRoad { .. } => "E214",
            RoadEndOnRiver { .. } => "E215",
            BridgeNotRiver { .. } => "E216",
            PennantsOnNonCity { .. } => "E217",
            SetTotal { .. } => "E300",
            GroupTotal { .. } => "E301",
            RiverEnds { .. } => "E302",
            OrphanTile { .. } => "E303",
            UnknownSetInToml { .. } => "E304",
            SetsToml { .. } => "E305",
            UnknownRequiredSet { .. } => "E306",
            StartTiles { .. } => "E307",
            SetIdStart { .. } => "E308",
            SetIdClash { .. } => "E309",
            SetIdReserved { .. } => "E310",
            XmlSyntax { .. } => "E400",
            JczRoot { .. } => "E401",
            JczElement { .. } => "E402",
            JczAttribute { .. } => "E403",
            JczLocation { .. } => "E404",
            JczCount { .. } => "E405",
            JczMissingAttribute { .. } => "E406",
            JczDuplicateTile { .. } => "E407",
            JczUnknownTile { .. } => "E408",
            JczNoCount { .. } => "E409",
            JczOtherTileSet { .. } => "E410",
            JczRiverEnd { .. } => "E411",
            JczText { .. } => "E412",
        }
    }

    /// The one-line message.
    pub fn message(&self) -> String {
        use Kind::*;
        match self {
            InvalidUtf8 => "file is not valid UTF-8".into(),
            EmptyFile => "file is empty".into(),
            UnexpectedChar { ch } => format!("unexpected character {ch:?}"),
            UnterminatedString => "unterminated string".into(),
            BadEscape { esc } => format!("unknown escape `{esc}` in string"),
            UnclosedBlock => "unclosed `{`".into(),
            UnexpectedClose => "unexpected `}`".into(),
            TooDeep { limit } => format!("blocks nested deeper than {limit}"),
            MissingAttrValue { key } => format!("attribute `{key}=` has no value"),
            FileTooLarge { limit } => format!("file is larger than {limit} bytes"),
            UnknownStatement { word, context, .. } => format!("unknown statement `{word}` in {context}"),
            MissingSet => "file declares no set".into(),
            SetNotFirst => "`set` must be the first statement of its file".into(),
            DuplicateSet { id } => format!("set `{id}` is declared twice"),
            ExpectedArg { statement, what } => format!("`{statement}` needs {what}"),
            UnexpectedArg { statement } => format!("unexpected argument to `{statement}`"),
            BadNumber { what, text, max } => format!("{what} `{text}` is not a whole number from 0 to {max}"),
            DuplicateTile { id } => format!("tile `{id}` is defined twice"),
            DuplicateSegment { name } => format!("segment `{name}` is defined twice on this tile"),
            UnknownPort { word } => format!("unknown port `{word}`"),
            UnknownSegment { name } => format!("no segment named `{name}` on this tile"),
            WrongSegmentKind { name, expected, found } => format!("`{name}` is a {found}, not a {expected}"),
            UnknownAttribute { key, statement } => format!("`{statement}` takes no attribute `{key}`"),
            UnknownArrowKind { word } => format!("unknown arrow kind `{word}`"),
            UnknownEdge { word } => format!("`{word}` is not an edge"),
            UnknownMark { word } => format!("unknown mark `{word}`"),
            UnknownIllustration { word } => format!("unknown illustration `{word}`"),
            MissingCount { tile } => format!("tile `{tile}` has no `count`"),
            MissingProvenance { tile } => format!("tile `{tile}` does not say where its data comes from"),
            UnknownProvenance { word } => format!("unknown provenance `{word}`"),
            UnknownVariantBase { name } => format!("no tile `{name}` in this set to be a variant of"),
            VariantCycle { tile } => format!("tile `{tile}` is a variant of itself"),
            DuplicateStatement { statement } => format!("`{statement}` is given twice"),
            BlockExpected { statement } => format!("`{statement}` needs a `{{ ... }}` block"),
            BlockNotAllowed { statement } => format!("`{statement}` takes no block"),
            CopiesMismatch { copies, count } => format!("{copies} copies described for a tile with count {count}"),
            MarkNeedsSegment { mark } => format!("mark `{mark}` needs `on=SEGMENT`"),
            MarkTakesNoSegment { mark } => format!("mark `{mark}` stands on no segment"),
            EndWithoutTarget => "`end` needs `at` and a target".into(),
            UnknownEndTarget { word } => format!("no segment or end keyword `{word}`"),
            TwoEndKeywords => "an end point has one keyword".into(),
            BadName { name } => format!("`{name}` is not a valid name here"),
            TooManySegments { limit } => format!("a tile has at most {limit} segments"),
            PortUncovered { ports } => format!("{} {ports} {} to no segment", plural_port(ports), belong(ports)),
            PortTwice { ports, first, second } => {
                format!("{} {ports} {} to both `{first}` and `{second}`", plural_port(ports), belong(ports))
            }
            SegmentsCross { a, b } => format!("segments `{a}` and `{b}` cross"),
            AdjacencyOmitted { field, city } => format!("field `{field}` touches city `{city}` but its `->` list omits it"),
            AdjacencySeparated { field, city, by } => format!("field `{field}` cannot touch city `{city}`: `{by}` separates them"),
            NotACity { name, kind } => format!("`{name}` is a {kind}; a field touches cities only"),
            MixedEdge { edge, detail } => format!("edge {edge} is not a valid edge: {detail}"),
            RoadWithoutEnd { name, kind } => format!("{kind} `{name}` touches one edge but ends nowhere"),
            EndOnThroughRoad { name, ports } => format!("`{name}` runs through {ports} ports; only a segment with one port ends on the tile"),
            EndedTwice { name } => format!("`{name}` ends twice"),
            EndTargetKind { name, kind } => format!("a road cannot end at `{name}`, a {kind}"),
            PortsForKind { name, kind, needs } => format!("{kind} `{name}` {needs}"),
            TownHallWithSegments => "a town hall has no segments".into(),
            BankWithoutRiver => "road ends at a river bank but the tile has no river".into(),
            RiverEndOnRoad { target } => format!("a road cannot end at a {target}"),
            RoadEndOnRiver { target } => format!("a river cannot end at a {target}"),
            BridgeNotRiver { name } => format!("`over={name}` must name a river"),
            PennantsOnNonCity { kind } => format!("a {kind} has no pennants"),
            SetTotal { set, expected, actual } => format!("set `{set}` has {actual} tiles, expected {expected}"),
            GroupTotal { set, group, expected, actual } => format!("set `{set}`: group `{group}` has {actual} tiles, expected {expected}"),
            RiverEnds { set, what, count } => format!("river set `{set}` has {count} {what}s, expected exactly one"),
            OrphanTile { tile } => format!("tile `{tile}` fits next to no tile of its sets"),
            UnknownSetInToml { id } => format!("sets.toml lists set `{id}` but no tile file declares it"),
            SetsToml { message } => format!("sets.toml: {message}"),
            UnknownRequiredSet { id } => format!("required set `{id}` is not declared"),
            StartTiles { count } => format!("{count} start tiles; at most one tile may be marked `start`"),
            SetIdStart { id } => format!("set id `{id}` does not begin with a letter"),
            SetIdClash { id, other, name } => format!("set ids `{other}` and `{id}` both name the table `{name}`"),
            SetIdReserved { id, name } => format!("set id `{id}` names the table `{name}`, which the tables already use"),
            XmlSyntax { message } => format!("malformed XML: {message}"),
            JczRoot { root } => format!("`<{root}>` is not a JCloisterZone tile file"),
            JczElement { element, parent } => format!("`<{element}>` in `<{parent}>` cannot be imported"),
            JczAttribute { attribute, element } => format!("`{attribute}` on `<{element}>` cannot be imported"),
            JczLocation { token, expected } => format!("`{token}` is not {expected}"),
            JczCount { text } => format!("count `{text}` is not a whole number from 1 to 255"),
            JczMissingAttribute { attribute, element } => format!("`<{element}>` has no `{attribute}`"),
            JczDuplicateTile { id } => format!("tile `{id}` is defined twice"),
            JczUnknownTile { id } => format!("no tile `{id}` in this file"),
            JczNoCount { id } => format!("tile `{id}` has no count: no `count` and no tile-set refers to it"),
            JczOtherTileSet { id, kept } => format!("tile-set `{id}` is not imported: counts come from the first one, `{kept}`"),
            JczRiverEnd { tile } => format!("a river ends on tile `{tile}`, but the file does not say at its spring or its lake"),
            JczText { parent } => format!("unexpected text in `<{parent}>`"),
        }
    }

    /// The label under the caret.
    pub fn label(&self) -> String {
        use Kind::*;
        match self {
            PortUncovered { .. } => "in this tile".into(),
            PortTwice { .. } => "claimed again here".into(),
            DuplicateTile { .. } | DuplicateSegment { .. } | DuplicateSet { .. } => {
                "defined again here".into()
            }
            SegmentsCross { .. } => "this segment".into(),
            SetTotal { .. } | GroupTotal { .. } | RiverEnds { .. } => "in this set".into(),
            _ => "here".into(),
        }
    }

    /// What to do about it.
    pub fn hint(&self) -> Option<String> {
        use Kind::*;
        Some(match self {
            InvalidUtf8 => "save the file as UTF-8".into(),
            EmptyFile => "start the file with `set ID \"Name\" { }` and add tiles".into(),
            UnexpectedChar { .. } => "words use letters, digits and `- _ / . +`; text goes in \"quotes\"".into(),
            UnterminatedString => "close the string with `\"` on the same line".into(),
            BadEscape { .. } => "strings know the escapes \\\" \\\\ and \\n".into(),
            UnclosedBlock => "add the missing `}`".into(),
            UnexpectedClose => "remove it, or open a block before it".into(),
            TooDeep { .. } => "only `set` and `tile` take a block".into(),
            MissingAttrValue { .. } => "write `key=value`".into(),
            FileTooLarge { .. } => "split the set into smaller files".into(),
            UnknownStatement { suggestion: Some(s), .. } => format!("did you mean `{s}`?"),
            UnknownStatement { context, .. } => format!("see tiles/GRAMMAR.md for the statements a {context} takes"),
            MissingSet | SetNotFirst => "begin the file with `set ID \"Name\" { }`".into(),
            DuplicateSet { .. } => "each set lives in one file".into(),
            ExpectedArg { .. } => "see tiles/GRAMMAR.md".into(),
            UnexpectedArg { .. } => "remove the extra argument".into(),
            BadNumber { .. } => "write a number such as `3`".into(),
            DuplicateTile { .. } => "rename one of them".into(),
            DuplicateSegment { .. } => "segment names are unique on a tile".into(),
            UnknownPort { .. } => "ports are NL N NR EL E ER SL S SR WL W WR".into(),
            UnknownSegment { .. } | WrongSegmentKind { .. } => "name a segment declared on this tile".into(),
            UnknownAttribute { .. } => "see tiles/GRAMMAR.md for the attributes each statement takes".into(),
            UnknownArrowKind { .. } => "arrow kinds are add-next-to, portal and extra-turn".into(),
            UnknownEdge { .. } => "edges are N, E, S and W".into(),
            UnknownMark { .. } => "marks are festival, tree, town-hall and lake".into(),
            UnknownIllustration { .. } => {
                "illustrations are farmhouse, cowshed, water-tower, highwaymen, donkey-stable, pigsty, crossroads; `-` is a plain copy".into()
            }
            MissingCount { .. } => "add `count N`".into(),
            MissingProvenance { .. } => "add `provenance sourced` or `provenance reconstructed \"why\"` to the tile or the set".into(),
            UnknownProvenance { .. } => "write `sourced` or `reconstructed`".into(),
            UnknownVariantBase { .. } | VariantCycle { .. } => "`variant-of` names another tile of the same set".into(),
            DuplicateStatement { .. } => "keep one of them".into(),
            BlockExpected { .. } => "add `{ }` after the arguments".into(),
            BlockNotAllowed { .. } => "remove the block".into(),
            CopiesMismatch { .. } => "give one argument per copy (`-` for a plain one)".into(),
            MarkNeedsSegment { .. } => "write `mark tree on=ROAD`".into(),
            MarkTakesNoSegment { .. } => "remove `on=`".into(),
            EndWithoutTarget => "write `end ROAD at junction` (or village, stone, bank, spring, lake, or a segment)".into(),
            UnknownEndTarget { .. } => "targets are junction, village, stone, bank, spring, lake, or a segment of the tile".into(),
            TwoEndKeywords => "split it into two `end` statements".into(),
            BadName { .. } => "names are words such as `c1`; `at` and keywords are reserved".into(),
            TooManySegments { .. } => "merge segments, or split the tile".into(),
            PortUncovered { .. } => "add the port to the segment it belongs to".into(),
            PortTwice { .. } => "a port belongs to exactly one segment".into(),
            SegmentsCross { .. } => "a tile is flat: two segments cannot interleave around its border (use `over=` for a bridge)".into(),
            AdjacencyOmitted { .. } => "add the city to the `->` list, or check the ports".into(),
            AdjacencySeparated { .. } => "remove the city from the `->` list, or check the ports".into(),
            NotACity { .. } => "list only cities after `->`".into(),
            MixedEdge { .. } => {
                "an edge is all city, all field, or a road/river in the middle with fields on its halves".into()
            }
            RoadWithoutEnd { .. } => "add `end NAME at junction` (or village, a monastery, a city...)".into(),
            EndOnThroughRoad { .. } => "remove it from the `end` statement".into(),
            EndedTwice { .. } => "list it in one `end` statement".into(),
            EndTargetKind { .. } => "a road ends at a monastery, garden, hut, city gate, or (after `stone`) a road".into(),
            PortsForKind { .. } => "see the segment table in tiles/GRAMMAR.md".into(),
            TownHallWithSegments => "remove the segments: a town hall's edges match anything".into(),
            BankWithoutRiver => "add the river, or end the road elsewhere".into(),
            RiverEndOnRoad { .. } | RoadEndOnRiver { .. } => "spring and lake end rivers; the other keywords end roads".into(),
            BridgeNotRiver { .. } => "bridges cross rivers".into(),
            PennantsOnNonCity { .. } => "only cities carry pennants".into(),
            SetTotal { .. } | GroupTotal { .. } => "fix the counts, or the expected numbers in tiles/sets.toml".into(),
            RiverEnds { .. } => "a river set has one tile with `end RIVER at spring` and one with `end RIVER at lake`".into(),
            OrphanTile { .. } => "give it an edge kind that other tiles of its sets have".into(),
            UnknownSetInToml { .. } => "add the tile file, or remove the entry".into(),
            SetsToml { .. } => "see tiles/GRAMMAR.md for the format of sets.toml".into(),
            UnknownRequiredSet { .. } => "name a set declared in a tile file".into(),
            StartTiles { .. } => "keep `start` on one tile".into(),
            SetIdStart { .. } => "a set id becomes a Rust name in the engine tables (`base` is `BASE`); begin it with a letter".into(),
            SetIdClash { .. } => "ids that differ only in case or in `-` against `_` name the same table; rename one".into(),
            SetIdReserved { .. } => "choose another id".into(),
            XmlSyntax { .. } => "fix the XML: JCloisterZone could not read it either".into(),
            JczRoot { .. } => "JCloisterZone tile files start with `<pack>` (older) or `<defs>` (newer)".into(),
            JczElement { .. } | JczAttribute { .. } => {
                "the tile language has no such feature; the rest is imported, with a note on the tile saying what was left out".into()
            }
            JczLocation { .. } => {
                "features name edges N E S W; fields name half edges NL NR EL ER SL SR WL WR, or I for an inner field".into()
            }
            JczCount { .. } => "write a count such as `count=\"3\"`".into(),
            JczMissingAttribute { .. } => "add the attribute; the element is skipped without it".into(),
            JczDuplicateTile { .. } => "tile ids are unique in a file; the second one is skipped".into(),
            JczUnknownTile { .. } => "name the `id` of a `<tile>` of this file".into(),
            JczNoCount { .. } => "add `<ref count=\"N\" tile=\"ID\"/>` to the tile-set; the tile is skipped without it".into(),
            JczOtherTileSet { .. } => "a tile set file holds one edition: import a copy of the file that keeps only this tile-set".into(),
            JczRiverEnd { .. } => "give the tile `group=\"river-spring\"` or `group=\"river-lake\"`, or add `end v at spring` (or `lake`) to the output".into(),
            JczText { .. } => "text belongs inside a feature element such as `<city>N</city>`".into(),
        })
    }
}
