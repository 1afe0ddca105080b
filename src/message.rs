//! Every diagnostic kind, its stable code, and all message text, in one place.
//!
//! Codes never change meaning: `E0xx` syntax, `E1xx` statements and names, `E2xx`
//! tile geometry, `E3xx` sets, `E4xx` importing other formats (`tilec import-jcz`).
//! Messages are terse and lowercase; hints say what to do.
//!
//! Each kind is declared once, in the [`kinds!`] table below: its code, its fields,
//! its message, its hint, and (optionally) the label under the caret. A new
//! diagnostic is one entry there.

/// Declares [`Kind`] and its text from one table. An entry reads
/// `CODE Variant { field: Type, .. } => message, hint: hint[, label: label];`,
/// where `message` and `hint` are `&str` or `String` expressions that may use the
/// fields (bound by reference).
macro_rules! kinds {
    (@label) => { "here" };
    (@label $label:expr) => { $label };
    ($(
        $(#[doc = $doc:literal])*
        $code:ident $variant:ident $({ $($field:ident : $ty:ty),* $(,)? })?
            => $message:expr, hint: $hint:expr $(, label: $label:expr)?;
    )*) => {
        /// What a diagnostic reports. Named fields carry what the message needs.
        #[derive(Clone, Debug, PartialEq, Eq)]
        #[allow(missing_docs)] // each variant is documented by its entry in the table
        pub enum Kind {
            $( $(#[doc = $doc])* $variant $({ $($field: $ty),* })?, )*
        }

        /// Every code, in table order.
        pub const CODES: &[&str] = &[$(stringify!($code)),*];

        impl Kind {
            /// The stable code.
            pub fn code(&self) -> &'static str {
                match self {
                    $( Kind::$variant { .. } => stringify!($code), )*
                }
            }

            /// The one-line message.
            #[allow(unused_variables)] // not every message uses every field
            pub fn message(&self) -> String {
                match self {
                    $( Kind::$variant $({ $($field),* })? => String::from($message), )*
                }
            }

            /// What to do about it.
            #[allow(unused_variables)] // not every hint uses every field
            pub fn hint(&self) -> Option<String> {
                Some(match self {
                    $( Kind::$variant $({ $($field),* })? => String::from($hint), )*
                })
            }

            /// The label under the caret.
            pub fn label(&self) -> String {
                match self {
                    $( Kind::$variant { .. } => kinds!(@label $($label)?).into(), )*
                }
            }
        }
    };
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

kinds! {
    // ---- syntax
    E001 InvalidUtf8
        => "file is not valid UTF-8",
        hint: "save the file as UTF-8";
    E002 EmptyFile
        => "file is empty",
        hint: "start the file with `set ID \"Name\" { }` and add tiles";
    E003 UnexpectedChar { ch: char }
        => format!("unexpected character {ch:?}"),
        hint: "words use letters, digits and `- _ / . +`; text goes in \"quotes\"";
    E004 UnterminatedString
        => "unterminated string",
        hint: "close the string with `\"` on the same line";
    E005 BadEscape { esc: String }
        => format!("unknown escape `{esc}` in string"),
        hint: "strings know the escapes \\\" \\\\ and \\n";
    E006 UnclosedBlock
        => "unclosed `{`",
        hint: "add the missing `}`";
    E007 UnexpectedClose
        => "unexpected `}`",
        hint: "remove it, or open a block before it";
    E008 TooDeep { limit: usize }
        => format!("blocks nested deeper than {limit}"),
        hint: "only `set` and `tile` take a block";
    E009 MissingAttrValue { key: String }
        => format!("attribute `{key}=` has no value"),
        hint: "write `key=value`";
    E010 FileTooLarge { limit: usize }
        => format!("file is larger than {limit} bytes"),
        hint: "split the set into smaller files";
    // ---- statements and names
    E100 UnknownStatement { word: String, context: &'static str, suggestion: Option<&'static str> }
        => format!("unknown statement `{word}` in {context}"),
        hint: match suggestion {
            Some(s) => format!("did you mean `{s}`?"),
            None => format!("see tiles/GRAMMAR.md for the statements a {context} takes"),
        };
    E101 MissingSet
        => "file declares no set",
        hint: "begin the file with `set ID \"Name\" { }`";
    E102 SetNotFirst
        => "`set` must be the first statement of its file",
        hint: "begin the file with `set ID \"Name\" { }`";
    E103 DuplicateSet { id: String }
        => format!("set `{id}` is declared twice"),
        hint: "each set lives in one file",
        label: "defined again here";
    E104 ExpectedArg { statement: String, what: &'static str }
        => format!("`{statement}` needs {what}"),
        hint: "see tiles/GRAMMAR.md";
    E105 UnexpectedArg { statement: String }
        => format!("unexpected argument to `{statement}`"),
        hint: "remove the extra argument";
    E106 BadNumber { what: &'static str, text: String, min: u32, max: u32 }
        => format!("{what} `{text}` is not a whole number from {min} to {max}"),
        hint: "write a number such as `3`";
    E107 DuplicateTile { id: String }
        => format!("tile `{id}` is defined twice"),
        hint: "rename one of them",
        label: "defined again here";
    E108 DuplicateSegment { name: String }
        => format!("segment `{name}` is defined twice on this tile"),
        hint: "segment names are unique on a tile",
        label: "defined again here";
    E109 UnknownPort { word: String }
        => format!("unknown port `{word}`"),
        hint: "ports are NL N NR EL E ER SL S SR WL W WR";
    E110 UnknownSegment { name: String }
        => format!("no segment named `{name}` on this tile"),
        hint: "name a segment declared on this tile";
    E111 WrongSegmentKind { name: String, expected: &'static str, found: &'static str }
        => format!("`{name}` is a {found}, not a {expected}"),
        hint: "name a segment declared on this tile";
    E112 UnknownAttribute { key: String, statement: String }
        => format!("`{statement}` takes no attribute `{key}`"),
        hint: "see tiles/GRAMMAR.md for the attributes each statement takes";
    E113 UnknownArrowKind { word: String }
        => format!("unknown arrow kind `{word}`"),
        hint: "arrow kinds are add-next-to, portal and extra-turn";
    E114 UnknownEdge { word: String }
        => format!("`{word}` is not an edge"),
        hint: "edges are N, E, S and W";
    E115 UnknownMark { word: String }
        => format!("unknown mark `{word}`"),
        hint: "marks are festival, tree, town-hall and lake";
    E116 UnknownIllustration { word: String }
        => format!("unknown illustration `{word}`"),
        hint: "illustrations are farmhouse, cowshed, water-tower, highwaymen, donkey-stable, pigsty, crossroads; `-` is a plain copy";
    E117 MissingCount { tile: String }
        => format!("tile `{tile}` has no `count`"),
        hint: "add `count N`";
    E118 MissingProvenance { tile: String }
        => format!("tile `{tile}` does not say where its data comes from"),
        hint: "add `provenance sourced` or `provenance reconstructed \"why\"` to the tile or the set";
    E119 UnknownProvenance { word: String }
        => format!("unknown provenance `{word}`"),
        hint: "write `sourced` or `reconstructed`";
    E120 UnknownVariantBase { name: String }
        => format!("no tile `{name}` in this set to be a variant of"),
        hint: "`variant-of` names another tile of the same set";
    E121 VariantCycle { tile: String }
        => format!("tile `{tile}` is a variant of itself"),
        hint: "`variant-of` names another tile of the same set";
    E122 DuplicateStatement { statement: String }
        => format!("`{statement}` is given twice"),
        hint: "keep one of them";
    E123 BlockExpected { statement: String }
        => format!("`{statement}` needs a `{{ ... }}` block"),
        hint: "add `{ }` after the arguments";
    E124 BlockNotAllowed { statement: String }
        => format!("`{statement}` takes no block"),
        hint: "remove the block";
    E125 CopiesMismatch { copies: usize, count: u32 }
        => format!("{copies} copies described for a tile with count {count}"),
        hint: "give one argument per copy (`-` for a plain one)";
    E126 MarkNeedsSegment { mark: &'static str }
        => format!("mark `{mark}` needs `on=SEGMENT`"),
        hint: "write `mark tree on=ROAD`";
    E127 MarkTakesNoSegment { mark: &'static str }
        => format!("mark `{mark}` stands on no segment"),
        hint: "remove `on=`";
    E128 EndWithoutTarget
        => "`end` needs `at` and a target",
        hint: "write `end ROAD at junction` (or village, stone, bank, spring, lake, or a segment)";
    E129 UnknownEndTarget { word: String }
        => format!("no segment or end keyword `{word}`"),
        hint: "targets are junction, village, stone, bank, spring, lake, or a segment of the tile";
    E130 TwoEndKeywords
        => "an end point has one keyword",
        hint: "split it into two `end` statements";
    E131 BadName { name: String }
        => format!("`{name}` is not a valid name here"),
        hint: "names are words such as `c1`; `at` and keywords are reserved";
    E132 TooManySegments { limit: usize }
        => format!("a tile has at most {limit} segments"),
        hint: "merge segments, or split the tile";
    // ---- geometry
    E200 PortUncovered { ports: String }
        => format!("{} {ports} {} to no segment", plural_port(ports), belong(ports)),
        hint: "add the port to the segment it belongs to",
        label: "in this tile";
    E201 PortTwice { ports: String, first: String, second: String }
        => format!("{} {ports} {} to both `{first}` and `{second}`", plural_port(ports), belong(ports)),
        hint: "a port belongs to exactly one segment",
        label: "claimed again here";
    E202 SegmentsCross { a: String, b: String }
        => format!("segments `{a}` and `{b}` cross"),
        hint: "a tile is flat: two segments cannot interleave around its border (use `over=` for a bridge)",
        label: "this segment";
    E203 AdjacencyOmitted { field: String, city: String }
        => format!("field `{field}` touches city `{city}` but its `->` list omits it"),
        hint: "add the city to the `->` list, or check the ports";
    E204 AdjacencySeparated { field: String, city: String, by: String }
        => format!("field `{field}` cannot touch city `{city}`: `{by}` separates them"),
        hint: "remove the city from the `->` list, or check the ports";
    E205 NotACity { name: String, kind: &'static str }
        => format!("`{name}` is a {kind}; a field touches cities only"),
        hint: "list only cities after `->`";
    E206 MixedEdge { edge: &'static str, detail: String }
        => format!("edge {edge} is not a valid edge: {detail}"),
        hint: "an edge is all city, all field, or a road/river in the middle with fields on its halves";
    E207 RoadWithoutEnd { name: String, kind: &'static str }
        => format!("{kind} `{name}` touches one edge but ends nowhere"),
        hint: "add `end NAME at junction` (or village, a monastery, a city...)";
    E208 EndOnThroughRoad { name: String, ports: u32 }
        => format!("`{name}` runs through {ports} ports; only a segment with one port ends on the tile"),
        hint: "remove it from the `end` statement";
    E209 EndedTwice { name: String }
        => format!("`{name}` ends twice"),
        hint: "list it in one `end` statement";
    E210 EndTargetKind { name: String, kind: &'static str }
        => format!("a road cannot end at `{name}`, a {kind}"),
        hint: "a road ends at a monastery, garden, hut, city gate, or (after `stone`) a road";
    E211 PortsForKind { name: String, kind: &'static str, needs: &'static str }
        => format!("{kind} `{name}` {needs}"),
        hint: "see the segment table in tiles/GRAMMAR.md";
    E212 TownHallWithSegments
        => "a town hall has no segments",
        hint: "remove the segments: a town hall's edges match anything";
    E213 BankWithoutRiver
        => "road ends at a river bank but the tile has no river",
        hint: "add the river, or end the road elsewhere";
    E214 RiverEndOnRoad { target: &'static str }
        => format!("a road cannot end at a {target}"),
        hint: "spring and lake end rivers; the other keywords end roads";
    E215 RoadEndOnRiver { target: &'static str }
        => format!("a river cannot end at a {target}"),
        hint: "spring and lake end rivers; the other keywords end roads";
    E216 BridgeNotRiver { name: String }
        => format!("`over={name}` must name a river"),
        hint: "bridges cross rivers";
    E217 PennantsOnNonCity { kind: &'static str }
        => format!("a {kind} has no pennants"),
        hint: "only cities carry pennants";
    // ---- sets
    E300 SetTotal { set: String, expected: u32, actual: u32 }
        => format!("set `{set}` has {actual} tiles, expected {expected}"),
        hint: "fix the counts, or the expected numbers in tiles/sets.toml",
        label: "in this set";
    E301 GroupTotal { set: String, group: String, expected: u32, actual: u32 }
        => format!("set `{set}`: group `{group}` has {actual} tiles, expected {expected}"),
        hint: "fix the counts, or the expected numbers in tiles/sets.toml",
        label: "in this set";
    E302 RiverEnds { set: String, what: &'static str, count: u32 }
        => format!("river set `{set}` has {count} {what}s, expected exactly one"),
        hint: "a river set has one tile with `end RIVER at spring` and one with `end RIVER at lake`",
        label: "in this set";
    E303 OrphanTile { tile: String }
        => format!("tile `{tile}` fits next to no tile of its sets"),
        hint: "give it an edge kind that other tiles of its sets have";
    E304 UnknownSetInToml { id: String }
        => format!("sets.toml lists set `{id}` but no tile file declares it"),
        hint: "add the tile file, or remove the entry";
    E305 SetsToml { message: String }
        => format!("sets.toml: {message}"),
        hint: "see tiles/GRAMMAR.md for the format of sets.toml";
    E306 UnknownRequiredSet { id: String }
        => format!("required set `{id}` is not declared"),
        hint: "name a set declared in a tile file";
    E307 StartTiles { count: u32 }
        => format!("{count} start tiles; at most one tile may be marked `start`"),
        hint: "keep `start` on one tile";
    // ---- import (tilec import-jcz)
    E400 XmlSyntax { message: String }
        => format!("malformed XML: {message}"),
        hint: "fix the XML: JCloisterZone could not read it either";
    E401 JczRoot { root: String }
        => format!("`<{root}>` is not a JCloisterZone tile file"),
        hint: "JCloisterZone tile files start with `<pack>` (older) or `<defs>` (newer)";
    E402 JczElement { element: String, parent: String }
        => format!("`<{element}>` in `<{parent}>` cannot be imported"),
        hint: "the tile language has no such feature; the rest is imported, with a note on the tile saying what was left out";
    E403 JczAttribute { attribute: String, element: String }
        => format!("`{attribute}` on `<{element}>` cannot be imported"),
        hint: "the tile language has no such feature; the rest is imported, with a note on the tile saying what was left out";
    E404 JczLocation { token: String, expected: &'static str }
        => format!("`{token}` is not {expected}"),
        hint: "features name edges N E S W; fields name half edges NL NR EL ER SL SR WL WR, or I for an inner field";
    E405 JczCount { text: String }
        => format!("count `{text}` is not a whole number from 1 to 255"),
        hint: "write a count such as `count=\"3\"`";
    E406 JczMissingAttribute { attribute: &'static str, element: String }
        => format!("`<{element}>` has no `{attribute}`"),
        hint: "add the attribute; the element is skipped without it";
    E407 JczDuplicateTile { id: String }
        => format!("tile `{id}` is defined twice"),
        hint: "tile ids are unique in a file; the second one is skipped";
    E408 JczUnknownTile { id: String }
        => format!("no tile `{id}` in this file"),
        hint: "name the `id` of a `<tile>` of this file";
    E409 JczNoCount { id: String }
        => format!("tile `{id}` has no count: no `count` and no tile-set refers to it"),
        hint: "add `<ref count=\"N\" tile=\"ID\"/>` to the tile-set; the tile is skipped without it";
    E410 JczOtherTileSet { id: String, kept: String }
        => format!("tile-set `{id}` is not imported: counts come from the first one, `{kept}`"),
        hint: "a tile set file holds one edition: import a copy of the file that keeps only this tile-set";
    E411 JczRiverEnd { tile: String }
        => format!("a river ends on tile `{tile}`, but the file does not say at its spring or its lake"),
        hint: "give the tile `group=\"river-spring\"` or `group=\"river-lake\"`, or add `end v at spring` (or `lake`) to the output";
    E412 JczText { parent: String }
        => format!("unexpected text in `<{parent}>`"),
        hint: "text belongs inside a feature element such as `<city>N</city>`";
}

#[cfg(test)]
mod tests {
    use super::CODES;

    #[test]
    fn codes_are_unique_and_well_formed() {
        let mut seen = std::collections::HashSet::new();
        for code in CODES {
            assert!(seen.insert(code), "{code} is declared twice");
            assert!(code.len() == 4 && code.starts_with('E'), "{code}");
            assert!(code[1..].bytes().all(|b| b.is_ascii_digit()), "{code}");
        }
    }
}
