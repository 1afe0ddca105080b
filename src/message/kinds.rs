//! The table of every diagnostic kind (see the `kinds!` macro in the parent
//! module): code, variant and fields, message, hint, optional label, and the
//! doc comment that `tilec check --explain` prints.

use super::{belong, did_you_mean, plural, plural_port};

kinds! {
    // ---- syntax
    /// A tile file must be UTF-8 text. The file holds a byte sequence that is not
    /// UTF-8, usually because an editor saved it in Latin-1 or Windows-1252. The
    /// caret points at the first bad byte. Save the file as UTF-8 again; words are
    /// plain ASCII and strings may hold any character once the file is UTF-8.
    ///
    /// ```text
    /// $ file castles.tiles
    /// castles.tiles: ISO-8859 text     # re-save it as UTF-8
    /// ```
    E001 InvalidUtf8
        => "file is not valid UTF-8",
        hint: "save the file as UTF-8";
    /// The file has nothing in it but whitespace and comments. Every tile file
    /// declares one set and then its tiles:
    ///
    /// ```text
    /// set castles "Castles" {
    ///   provenance sourced
    /// }
    /// tile A "City cap" { count 2; city c N; field f E S W -> c }
    /// ```
    E002 EmptyFile
        => "file is empty",
        hint: "start the file with `set ID \"Name\" { }` and add tiles";
    /// A character that can start neither a word, a string, a comment nor a brace.
    /// Words are made of letters, digits and `- _ / . +`; anything else, such as
    /// spaces inside a name or punctuation, goes in a "string":
    ///
    /// ```text
    /// tile A Big city { ... }     # wrong: `Big city` is two words
    /// tile A "Big city" { ... }   # right
    /// ```
    E003 UnexpectedChar { ch: char }
        => format!("unexpected character {ch:?}"),
        hint: "words use letters, digits and `- _ / . +`; text goes in \"quotes\"";
    /// A string opened with `"` was not closed on the same line. Strings cannot span
    /// lines; write `\n` for a line break inside one:
    ///
    /// ```text
    /// note "first line\nsecond line"
    /// ```
    E004 UnterminatedString
        => "unterminated string",
        hint: "close the string with `\"` on the same line";
    /// Inside a string a backslash starts an escape, and only three are known:
    /// `\"` (a quote), `\\` (a backslash) and `\n` (a line break).
    ///
    /// ```text
    /// note "C:\tiles"     # wrong: `\t` is not an escape
    /// note "C:\\tiles"    # right
    /// ```
    E005 BadEscape { esc: String }
        => format!("unknown escape `{esc}` in string"),
        hint: "strings know the escapes \\\" \\\\ and \\n";
    /// A `{` opened a block that the file never closes. Every `set { ... }` and
    /// `tile { ... }` block ends with its own `}`; the caret points at the `{` that
    /// is still open at the end of the file.
    ///
    /// ```text
    /// tile A "Tile" {
    ///   count 1
    ///   city c N
    /// # wrong: the tile's `}` is missing
    /// ```
    E006 UnclosedBlock
        => "unclosed `{`",
        hint: "add the missing `}`";
    /// A `}` closes a block that was never opened, often a stray brace left after
    /// editing, or a tile whose `{` was forgotten:
    ///
    /// ```text
    /// tile A "Tile"       # wrong: no `{` here
    ///   count 1
    /// }
    /// ```
    E007 UnexpectedClose
        => "unexpected `}`",
        hint: "remove it, or open a block before it";
    /// Blocks are nested deeper than the limit. Only `set` and `tile` take a block,
    /// and a tile never sits inside another tile, so deep nesting is a mistake (most
    /// often missing `}`s); the limit keeps the parser safe from hostile input.
    ///
    /// ```text
    /// tile A "Tile" { { { { { { { { { } } } } } } } } }   # wrong
    /// ```
    E008 TooDeep { limit: usize }
        => format!("blocks nested deeper than {limit}"),
        hint: "only `set` and `tile` take a block";
    /// An attribute is written `key=value` with no space around `=`, and this one
    /// has no value after the `=`:
    ///
    /// ```text
    /// city c N pennants=      # wrong
    /// city c N pennants=1     # right
    /// ```
    E009 MissingAttrValue { key: String }
        => format!("attribute `{key}=` has no value"),
        hint: "write `key=value`";
    /// The file is larger than tilec reads. A whole expansion fits in a few kilobytes;
    /// a file this large is not tile text. Split a very large set into several files,
    /// one set each.
    ///
    /// ```text
    /// castles.tiles      # wrong: one enormous file
    /// castles-1.tiles    # right: several files, each `set castles-1 ...`
    /// ```
    E010 FileTooLarge { limit: usize }
        => format!("file is larger than {limit} bytes"),
        hint: "split the set into smaller files";
    /// The file starts with a UTF-8 byte-order mark (the bytes `EF BB BF`), which
    /// some editors add when they save "UTF-8 with BOM". It is invisible in most
    /// editors, but it is not tile text, and `sets.toml` cannot hold it either.
    /// Save the file as plain UTF-8 (without a BOM); the rest of the file is read
    /// as if the mark were not there.
    ///
    /// ```text
    /// $ head -c 3 castles.tiles | od -An -tx1
    ///  ef bb bf          # wrong: re-save the file as "UTF-8", not "UTF-8 with BOM"
    /// ```
    E011 ByteOrderMark
        => "file starts with a UTF-8 byte-order mark",
        hint: "save the file as UTF-8 without a BOM (\"UTF-8\", not \"UTF-8 with BOM\")";
    // ---- statements and names
    /// The statement's first word is not a keyword known in this place. At the top
    /// of a file come `set` and `tile`; inside a set block `edition`, `provenance`,
    /// `river` and `note`; inside a tile block `count`, `start`, `variant-of`,
    /// `provenance`, a segment kind (`city`, `road`, `river`, `field`, `monastery`,
    /// `garden`, `hut`), `end`, `arrow`, `mark`, `copies` and `note`.
    ///
    /// ```text
    /// tile A "Tile" {
    ///   cuont 2        # did you mean `count`?
    /// }
    /// ```
    E100 UnknownStatement { word: String, context: &'static str, suggestion: Option<&'static str> }
        => format!("unknown statement `{word}` in {context}"),
        hint: match suggestion {
            Some(s) => format!("did you mean `{s}`?"),
            None => format!("`tilec check --explain E100` lists the statements {context} takes"),
        };
    /// The file has tiles but no `set` statement. Every tile belongs to the set its
    /// file declares, so a file starts with one:
    ///
    /// ```text
    /// set castles "Castles" { provenance sourced }
    /// ```
    E101 MissingSet
        => "file declares no set",
        hint: "begin the file with `set ID \"Name\" { }`";
    /// `set` is not the first statement of the file. Tiles get their set from the
    /// `set` statement above them, so it must come first (comments may precede it):
    ///
    /// ```text
    /// # My expansion
    /// set castles "Castles" { }
    /// tile A "Tile" { ... }
    /// ```
    E102 SetNotFirst
        => "`set` must be the first statement of its file",
        hint: "begin the file with `set ID \"Name\" { }`";
    /// Two files (or one file twice) declare the same set id. A set lives in exactly
    /// one file; rename one of the sets, or merge the two files. The earlier
    /// declaration is shown as well.
    ///
    /// ```text
    /// # castles.tiles
    /// set castles "Castles" { }
    /// # more.tiles
    /// set castles "More castles" { }   # wrong: `castles` again
    /// ```
    E103 DuplicateSet { id: String }
        => format!("set `{id}` is declared twice"),
        hint: "each set lives in one file",
        label: "defined again here";
    /// A statement is missing an argument it needs. Each statement's arguments:
    ///
    /// ```text
    /// set ID "Name" { ... }          tile LOCAL "Name" { ... }
    /// count N                        variant-of LOCAL
    /// provenance sourced             provenance reconstructed "why"
    /// city NAME PORT...              end SEGMENT... at TARGET...
    /// arrow KIND EDGE                mark KIND [on=SEGMENT]
    /// copies COPY...                 note "text"
    /// source ID "title"              sourced ASPECT... from=SOURCE
    /// ```
    E104 ExpectedArg { statement: String, what: &'static str }
        => format!("`{statement}` needs {what}"),
        hint: "`tilec check --explain E104` lists each statement's arguments";
    /// The statement got more arguments than it takes. For example `count` takes
    /// one number, and `start` takes none:
    ///
    /// ```text
    /// count 2 3      # wrong: remove `3`
    /// ```
    E105 UnexpectedArg { statement: String }
        => format!("unexpected argument to `{statement}`"),
        hint: "remove the extra argument";
    /// A number is outside its range or is not a plain decimal number. A tile's
    /// `count` is from 1 to 255 copies; `pennants=` is from 0 to 255.
    ///
    /// ```text
    /// count 0        # wrong: a tile has at least one copy
    /// count 4        # right
    /// ```
    E106 BadNumber { what: &'static str, text: String, min: u32, max: u32 }
        => format!("{what} `{text}` is not a whole number from {min} to {max}"),
        hint: "write a number such as `3`";
    /// Two tiles of one set have the same local name. A tile's id is `SET/LOCAL`, so
    /// local names are unique within a set; rename one of them. The earlier
    /// definition is shown as well.
    ///
    /// ```text
    /// tile A "City cap" { ... }
    /// tile A "City cap with road" { ... }   # wrong: call it `B`
    /// ```
    E107 DuplicateTile { id: String }
        => format!("tile `{id}` is defined twice"),
        hint: "rename one of them",
        label: "defined again here";
    /// Two segments of one tile have the same name. Segment names are how `end`,
    /// `->`, `over=` and `mark ... on=` refer to segments, so each is unique on its
    /// tile:
    ///
    /// ```text
    /// road r W E
    /// road r N       # wrong: call it `r2`
    /// ```
    E108 DuplicateSegment { name: String }
        => format!("segment `{name}` is defined twice on this tile"),
        hint: "segment names are unique on a tile",
        label: "defined again here";
    /// A port name is not one of the twelve. Ports are the edges `N E S W` and the
    /// half edges `NL NR EL ER SL SR WL WR` (left and right as seen from the tile's
    /// centre looking out through that edge):
    ///
    /// ```text
    ///         NL  N  NR
    ///      WR +--------+ EL
    ///      W  |        | E
    ///      WL +--------+ ER
    ///         SR  S  SL
    /// ```
    E109 UnknownPort { word: String, suggestion: Option<String> }
        => format!("unknown port `{word}`"),
        hint: did_you_mean(suggestion, "ports are NL N NR EL E ER SL S SR WL W WR");
    /// A statement names a segment that this tile does not declare (in `end`, `->`,
    /// `over=` or `mark ... on=`). Segment names are local to their tile:
    ///
    /// ```text
    /// road r W E
    /// end road1 at junction   # wrong: the road is called `r`
    /// ```
    E110 UnknownSegment { name: String, suggestion: Option<String> }
        => format!("no segment named `{name}` on this tile"),
        hint: did_you_mean(suggestion, "name a segment declared on this tile");
    /// A statement names a segment of the wrong kind, such as a `mark tree on=` that
    /// names a field instead of a road, or `over=` that names a city:
    ///
    /// ```text
    /// field f N
    /// mark tree on=f    # wrong: a tree stands on a road
    /// ```
    E111 WrongSegmentKind { name: String, expected: &'static str, found: &'static str }
        => format!("`{name}` is a {found}, not a {expected}"),
        hint: "name a segment declared on this tile";
    /// The statement does not take this attribute. Segments take: `city` takes
    /// `pennants=N`, `over=CITY` and `reaches=EDGE`; `road` takes `over=RIVER`, `over=ROAD`,
    /// `under=CITY` and `under=FIELD`; `river` takes `under=CITY`; `field` takes
    /// `not-touching=CITY` and `under=CITY` (beside a river under that city);
    /// every segment takes the marks that stand on its kind (`inn`,
    /// `resource=wine`); `mark` takes `on=SEGMENT`. Other statements take none.
    ///
    /// ```text
    /// road r W E pennants=1   # wrong: pennants belong to cities
    /// ```
    E112 UnknownAttribute { key: String, statement: String, suggestion: Option<String> }
        => format!("`{statement}` takes no attribute `{key}`"),
        hint: did_you_mean(suggestion, "`tilec check --explain E112` lists the attributes each statement takes");
    /// `reaches=` says which edge's middle a city runs to without holding the
    /// edge: one of `N`, `E`, `S`, `W` (not a half edge):
    ///
    /// ```text
    /// city c N reaches=S     # the city runs from the north edge to the middle of the south edge
    /// city c N reaches=SL    # wrong: a half edge
    /// ```
    E134 ReachNotEdge { word: String }
        => format!("`reaches={word}` names no edge"),
        hint: "a city reaches the middle of an edge: `reaches=N`, `E`, `S` or `W`";
    /// `arrow` names its kind first: `add-next-to`, `portal` or `extra-turn`, then
    /// the edge it points at:
    ///
    /// ```text
    /// arrow portal N
    /// ```
    E113 UnknownArrowKind { word: String }
        => format!("unknown arrow kind `{word}`"),
        hint: "arrow kinds are add-next-to, portal and extra-turn";
    /// An edge is one of `N`, `E`, `S` and `W` (an arrow points at a whole edge, not
    /// a half edge such as `NL`):
    ///
    /// ```text
    /// arrow add-next-to NL   # wrong
    /// arrow add-next-to N    # right
    /// ```
    E114 UnknownEdge { word: String }
        => format!("`{word}` is not an edge"),
        hint: "edges are N, E, S and W";
    /// `mark` names a mark of the tile language's vocabulary (`tiles/GRAMMAR.md`
    /// lists every one): the engine's `festival`, `tree`, `town-hall` and `lake`,
    /// and the symbols of the whole Carcassonne family, such as `tower`, `dragon`,
    /// `watchtower city`, `corn-circle road`, `flying-machine NW`, `wind-rose NE`.
    /// Marks that stand on a segment (`inn`, `cathedral`, `resource`, ...) may also
    /// be written on the segment itself.
    ///
    /// ```text
    /// mark festival
    /// mark tree on=r
    /// mark watchtower city
    /// road r W E inn
    /// ```
    E115 UnknownMark { word: String, suggestion: Option<String> }
        => format!("unknown mark `{word}`"),
        hint: did_you_mean(suggestion, "`tilec check --explain E115` shows the marks; tiles/GRAMMAR.md lists them all");
    /// `copies` gives one argument per copy: `-` for a plain copy, or illustrations
    /// joined by `+`. The illustrations are farmhouse, cowshed, water-tower,
    /// highwaymen, donkey-stable, pigsty and crossroads:
    ///
    /// ```text
    /// count 3
    /// copies - farmhouse crossroads+cowshed
    /// ```
    E116 UnknownIllustration { word: String }
        => format!("unknown illustration `{word}`"),
        hint: "illustrations are farmhouse, cowshed, water-tower, highwaymen, donkey-stable, pigsty, crossroads; `-` is a plain copy";
    /// Every tile says how many copies its set has, from 1 to 255:
    ///
    /// ```text
    /// tile A "City cap" {
    ///   count 5
    ///   city c N
    ///   field f E S W -> c
    /// }
    /// ```
    E117 MissingCount { tile: String }
        => format!("tile `{tile}` has no `count`"),
        hint: "add `count N`";
    /// Every tile says whether its data is sourced (checked against a rulebook or
    /// the physical tile) or reconstructed (inferred). Say it once for the whole set,
    /// or per tile:
    ///
    /// ```text
    /// set castles "Castles" { provenance sourced }
    /// tile X "Guess" { provenance reconstructed "from a photo"; ... }
    /// ```
    E118 MissingProvenance { tile: String }
        => format!("tile `{tile}` does not say where its data comes from"),
        hint: "add `provenance sourced` or `provenance reconstructed \"why\"` to the tile or the set";
    /// `provenance` takes `sourced`, or `reconstructed` with an optional reason in a
    /// string:
    ///
    /// ```text
    /// provenance reconstructed "the rulebook does not show it"
    /// ```
    E119 UnknownProvenance { word: String }
        => format!("unknown provenance `{word}`"),
        hint: "write `sourced` or `reconstructed`";
    /// `variant-of` names another tile of the same set, by its local name, whose
    /// segments, ends, marks, arrow and provenance this tile starts from:
    ///
    /// ```text
    /// tile E "City cap" { count 5; city c N; field f E S W -> c }
    /// tile E-garden "City cap with garden" { variant-of E; garden g; count 1 }
    /// ```
    E120 UnknownVariantBase { name: String, suggestion: Option<String> }
        => format!("no tile `{name}` in this set to be a variant of"),
        hint: did_you_mean(suggestion, "`variant-of` names another tile of the same set");
    /// A chain of `variant-of` leads back to the tile itself (`A` is a variant of
    /// `B`, which is a variant of `A`). One tile of the chain must be written out in
    /// full.
    ///
    /// ```text
    /// tile A "One" { variant-of B; count 1 }
    /// tile B "Two" { variant-of A; count 1 }   # wrong: a circle
    /// ```
    E121 VariantCycle { tile: String }
        => format!("tile `{tile}` is a variant of itself"),
        hint: "`variant-of` names another tile of the same set";
    /// A statement that may appear once on a tile (such as `count`, `start`,
    /// `provenance`, `arrow` or `variant-of`) is given twice. Keep one of them; the
    /// earlier one is shown.
    ///
    /// ```text
    /// count 2
    /// count 3        # wrong: keep one
    /// ```
    E122 DuplicateStatement { statement: String }
        => format!("`{statement}` is given twice"),
        hint: "keep one of them";
    /// `set` and `tile` introduce a block of statements in `{ }`; even an empty one
    /// is written:
    ///
    /// ```text
    /// set castles "Castles" { }
    /// ```
    E123 BlockExpected { statement: String }
        => format!("`{statement}` needs a `{{ ... }}` block"),
        hint: "add `{ }` after the arguments";
    /// Only `set` and `tile` take a `{ ... }` block. Other statements end at the end
    /// of the line or at `;`:
    ///
    /// ```text
    /// count 2 { }     # wrong
    /// count 2         # right
    /// ```
    E124 BlockNotAllowed { statement: String }
        => format!("`{statement}` takes no block"),
        hint: "remove the block";
    /// `copies` gives one argument per copy, so it has as many arguments as the
    /// tile's `count`:
    ///
    /// ```text
    /// count 3
    /// copies - - farmhouse   # three copies
    /// ```
    E125 CopiesMismatch { copies: usize, count: u32 }
        => format!("{copies} copies described for a tile with count {count}"),
        hint: "give one argument per copy (`-` for a plain one)";
    /// This mark stands on a segment, named with `on=` (or written on the segment
    /// itself):
    ///
    /// ```text
    /// road r W E
    /// mark tree on=r
    /// mark inn on=r      # the same as `road r W E inn`
    /// ```
    E126 MarkNeedsSegment { mark: &'static str }
        => format!("mark `{mark}` needs `on=SEGMENT`"),
        hint: format!("write `mark {mark} on=SEGMENT`, or put `{mark}` on the segment's own line");
    /// This mark belongs to the whole tile and stands on no segment; remove `on=`:
    ///
    /// ```text
    /// mark festival
    /// ```
    E127 MarkTakesNoSegment { mark: &'static str }
        => format!("mark `{mark}` stands on no segment"),
        hint: "remove `on=`";
    /// `end` lists the segments that share one end point, then `at`, then what they
    /// end at:
    ///
    /// ```text
    /// end r at village
    /// end r1 r2 r3 at junction
    /// ```
    E128 EndWithoutTarget
        => "`end` needs `at` and a target",
        hint: "write `end ROAD at junction` (or village, stone, bank, spring, lake, or a segment)";
    /// A target after `at` is an end keyword (`junction`, `village`, `stone`, `bank`,
    /// `spring`, `lake`) or a segment of the tile (a monastery, garden, hut, a city
    /// gate, or after `stone` a road). This word is neither:
    ///
    /// ```text
    /// end r at vilage      # did you mean `village`?
    /// ```
    E129 UnknownEndTarget { word: String, suggestion: Option<String> }
        => format!("no segment or end keyword `{word}`"),
        hint: did_you_mean(
            suggestion,
            "targets are junction, village, stone, bank, spring, lake, or a segment of the tile",
        );
    /// One end point has one keyword; two keywords are two end points, each with its
    /// own `end` statement:
    ///
    /// ```text
    /// end r1 at junction
    /// end r2 at village
    /// ```
    E130 TwoEndKeywords
        => "an end point has one keyword",
        hint: "split it into two `end` statements";
    /// A set or tile id is a word of letters, digits, `-` and `_`. A segment name
    /// cannot be a port name (`N`, `EL`, ...), `at` or `-`, which would make `end`
    /// and `->` ambiguous:
    ///
    /// ```text
    /// road at W E     # wrong: `at` is reserved
    /// road r W E      # right
    /// ```
    E131 BadName { name: String }
        => format!("`{name}` is not a valid name here"),
        hint: "names are words such as `c1`; `at` and keywords are reserved";
    /// A tile has more segments than the engine can number. Real tiles have at most a
    /// dozen or so; merge segments that are one feature, or split the design.
    ///
    /// ```text
    /// tile A "Tile" { city c1 N; city c2 E; ... }   # one line per segment
    /// ```
    E132 TooManySegments { limit: usize }
        => format!("a tile has at most {limit} segments"),
        hint: "merge segments, or split the tile";
    /// Two segments cross one way: the one on top says `over=` (a road or a
    /// city on a bridge), the one beneath `under=` (a road or a river under a
    /// city). Each saying it passes over the other says neither:
    ///
    /// ```text
    /// city c1 N S over=c2
    /// city c2 W E over=c1     # wrong: which city is on top?
    /// ```
    E133 CrossingBothWays { a: String, b: String }
        => format!("`{a}` and `{b}` each pass over the other"),
        hint: "keep one of the two: the segment on top names the other with `over=`";
    /// A mark that stands on a segment goes on a segment of one kind: `inn`,
    /// `labyrinth`, `wells` and `tree` on roads; `cathedral`, `besieged`,
    /// `resource`, `no-castle`, `princess`, `darmstadtium` and `multi-edge` on
    /// cities; `shrine`, `church` and `special` on monasteries; `pig-herd` on fields:
    ///
    /// ```text
    /// city c N inn      # wrong: an inn stands on a road
    /// road r W E inn    # right
    /// ```
    E140 MarkOnWrongSegment { mark: &'static str, kind: &'static str, expected: &'static str }
        => format!("a {kind} cannot carry `{mark}`"),
        hint: format!("`{mark}` stands on a {expected}");
    /// A mark with a value is given one of its values: `resource` wine, grain or
    /// cloth; `wells` a number from 1 to 9; `multi-edge` an edge; `watchtower` what
    /// it scores (road, city, pennant, meeple, monastery); `corn-circle` city,
    /// field or road; `flying-machine` one of eight directions (N NE E SE S SW W
    /// NW); `wind-rose` NE, SE, SW, NW or all:
    ///
    /// ```text
    /// city c N resource=wood    # wrong
    /// city c N resource=wine    # right
    /// mark corn-circle road
    /// ```
    E141 BadMarkValue { mark: &'static str, word: String, suggestion: Option<&'static str> }
        => format!("`{word}` is not a value of `{mark}`"),
        hint: match suggestion {
            Some(s) => format!("did you mean `{s}`?"),
            None => format!("`{mark}` takes {}", crate::vocab::mark_takes(mark)),
        };
    /// This mark needs a value: on a segment write `key=value`, after `mark` write
    /// the value as the next word:
    ///
    /// ```text
    /// city c N resource=wine
    /// mark wind-rose NE
    /// ```
    E142 MarkNeedsValue { mark: &'static str }
        => format!("`{mark}` needs a value"),
        hint: format!("`{mark}` takes {}", crate::vocab::mark_takes(mark));
    /// This mark is a flag and takes no value:
    ///
    /// ```text
    /// road r W E inn=yes    # wrong
    /// road r W E inn        # right
    /// ```
    E143 MarkTakesNoValue { mark: &'static str }
        => format!("`{mark}` takes no value"),
        hint: format!("write `{mark}` alone");
    /// A mark is given twice on the same segment (or twice on the tile). Say it once:
    ///
    /// ```text
    /// road r W E inn inn    # wrong
    /// ```
    E144 DuplicateMark { mark: &'static str }
        => format!("`{mark}` is given twice here"),
        hint: "remove one";
    /// `sourced` names aspects of a tile's data that a source gives: `count`,
    /// `edges`, `layout` (the inner joins: which edges each city, road and river
    /// joins, where roads end, the features inside), `fields`, `pennants`,
    /// `arrow-kind`, `arrow-direction`, `marks`, `illustrations`; in a set block
    /// also the set's own `total` and `groups`:
    ///
    /// ```text
    /// sourced edge from=geometry       # wrong
    /// sourced edges from=geometry      # right
    /// ```
    E145 UnknownAspect { word: String, suggestion: Option<&'static str> }
        => format!("unknown aspect `{word}`"),
        hint: match suggestion {
            Some(s) => format!("did you mean `{s}`?"),
            None => format!("an aspect is one of {}", crate::vocab::aspect_list()),
        };
    /// `from=` names a source the set declares with `source ID "title"` in its
    /// block. Declare the source, or fix the name:
    ///
    /// ```text
    /// set s "S" {
    ///   provenance reconstructed
    ///   source geometry "Wikicarpedia's tile-geometry reference"
    ///   sourced edges from=geometry    # right
    ///   sourced count from=rulebook    # wrong: no source `rulebook`
    /// }
    /// ```
    E146 UnknownSource { name: String, suggestion: Option<String> }
        => format!("no source `{name}` in this set"),
        hint: did_you_mean(suggestion, "declare it in the set block: `source ID \"title\"`");
    /// Each `source` of a set has its own id, which `sourced ... from=ID` names.
    ///
    /// ```text
    /// source rules "The rule page"
    /// source rules "The box's rulebook"   # wrong: `rules` again
    /// ```
    E147 DuplicateSource { name: String }
        => format!("source `{name}` is declared twice"),
        hint: "give each source its own id",
        label: "declared again here";
    /// `source` declares a source for the whole set, so it belongs in the set
    /// block; and a tile has no `total` or `groups` of its own (those are its
    /// set's, in `sets.toml`), so `sourced total` and `sourced groups` belong in
    /// the set block too:
    ///
    /// ```text
    /// set s "S" { source rules "The rule page"; sourced total groups from=rules }
    /// tile A "A" { sourced groups from=rules; ... }   # wrong: a set's aspect
    /// ```
    E148 SetOnlyProvenance { what: String }
        => format!("{what} belongs in the set block, not in a tile"),
        hint: "move it into the `set` block";
    /// An aspect is said to come from the same source twice: twice in one
    /// statement, twice on a tile, or on a tile as well as in the set block
    /// (which gives it to every tile already). Say it once:
    ///
    /// ```text
    /// set s "S" { source rules "The rule page"; sourced count from=rules }
    /// tile A "A" { sourced count from=rules; ... }   # wrong: the set says it
    /// ```
    E149 DuplicateAspect { aspect: String, source: String }
        => format!("`{aspect}` from `{source}` is given twice"),
        hint: "remove one; a `sourced` statement in the set block holds for every tile";
    // ---- geometry
    /// Every one of a tile's twelve ports belongs to a segment, so that each edge
    /// says what it joins. Give the port to the segment it lies on, usually a field:
    ///
    /// ```text
    /// city c N
    /// field f E S     # wrong: W is covered by nothing
    /// field f E S W   # right
    /// ```
    E200 PortUncovered { ports: String }
        => format!("{} {ports} {} to no segment", plural_port(ports), belong(ports)),
        hint: "add the port to the segment it belongs to",
        label: "in this tile";
    /// A port belongs to exactly one segment. Two segments list the same port:
    ///
    /// ```text
    /// city c N E
    /// field f E S W   # wrong: E is the city's already
    /// field f S W
    /// ```
    E201 PortTwice { ports: String, first: String, second: String }
        => format!("{} {ports} {} to both `{first}` and `{second}`", plural_port(ports), belong(ports)),
        hint: "a port belongs to exactly one segment",
        label: "claimed again here";
    /// A tile is flat: two segments cannot interleave around its border, because
    /// one would have to cross the other. A city from north to south and a road
    /// from east to west cross:
    ///
    /// ```text
    /// city c N S
    /// road r E W      # wrong: the road would cut the city
    /// ```
    ///
    /// A road may cross a river or another road on a bridge (`road r E W over=v`)
    /// and pass under a city in a tunnel (`road r N S under=c`).
    E202 SegmentsCross { a: String, b: String, cure: &'static str }
        => format!("segments `{a}` and `{b}` cross"),
        hint: format!("a tile is flat: two segments cannot interleave around its border{cure}"),
        label: "this segment";
    /// A field lies next to a city (one of its ports is beside one of the city's),
    /// so it touches that city; its `->` list, when given, names every city it
    /// touches:
    ///
    /// ```text
    /// city c N
    /// field f E S W -> c
    /// ```
    E203 AdjacencyOmitted { field: String, city: String }
        => format!("field `{field}` touches city `{city}` but its `->` list omits it"),
        hint: "add the city to the `->` list, or check the ports";
    /// A field's `->` list names a city that it cannot touch: another segment lies
    /// between them all the way round. Remove the city from the list, or check the
    /// ports of the segments.
    ///
    /// ```text
    /// city c1 N
    /// road r E W
    /// field f S -> c1    # wrong: road r lies between f and c1
    /// ```
    E204 AdjacencySeparated { field: String, city: String, by: String }
        => format!("field `{field}` cannot touch city `{city}`: `{by}` separates them"),
        hint: "remove the city from the `->` list, or check the ports";
    /// A field's `->` list names only cities (the cities the field touches, which
    /// score for its farmers). This name is another kind of segment.
    ///
    /// ```text
    /// road r E W
    /// field f N -> r     # wrong: r is a road
    /// ```
    ///
    /// `not-touching=CITY` takes a city out of the ones a field touches, so it too
    /// names a city:
    ///
    /// ```text
    /// road r E W
    /// field f N not-touching=r   # wrong: r is a road, never touched
    /// ```
    E205 NotACity { name: String, kind: &'static str, not_touching: bool }
        => if *not_touching {
            format!("`not-touching={name}` names a {kind}, not a city")
        } else {
            format!("`{name}` is a {kind}; a field touches cities only")
        },
        hint: if *not_touching {
            format!("`not-touching=` takes out a city the field touches; a field never touches a {kind}")
        } else {
            "list only cities after `->`".to_string()
        };
    /// An edge must match its neighbours, so it has one of these shapes: all city,
    /// all field, a road or river in the middle with field on both halves, or, on a
    /// square of a piece of several squares, all seam or a field half with the seam
    /// taking the middle and the other half:
    ///
    /// ```text
    /// city c NL          # wrong: N is half city, half something else
    /// city c N           # right: the whole edge
    /// road r N
    /// seam s NL NR       # wrong: a road between two inner halves
    /// ```
    E206 MixedEdge { edge: &'static str, detail: String }
        => format!("edge {edge} is not a valid edge: {detail}"),
        hint: "an edge is all city, all field, all seam, a road/river in the middle with fields on its halves, or a field half beside a seam";
    /// A road or river with only one port reaches the tile's border once, so it ends
    /// on the tile; say where:
    ///
    /// ```text
    /// road r S
    /// end r at village
    /// ```
    E207 RoadWithoutEnd { name: String, kind: &'static str }
        => format!("{kind} `{name}` touches one edge but ends nowhere"),
        hint: "add `end NAME at junction` (or village, a monastery, a city...)";
    /// An `end` statement lists a segment that runs through two or more ports; such
    /// a segment leaves the tile at both ends and does not end on it. Only a segment
    /// with one port ends on the tile.
    ///
    /// ```text
    /// road r W E
    /// end r at village   # wrong: r runs through, from W to E
    /// ```
    E208 EndOnThroughRoad { name: String, ports: u32 }
        => format!("`{name}` runs through {ports} ports; only a segment with one port ends on the tile"),
        hint: "remove it from the `end` statement";
    /// A segment ends at one point, so it is listed in one `end` statement.
    ///
    /// ```text
    /// end r at village
    /// end r at junction   # wrong: r is ended already
    /// ```
    E209 EndedTwice { name: String }
        => format!("`{name}` ends twice"),
        hint: "list it in one `end` statement";
    /// A road ends at a monastery, a garden, a hut, a city (its gate) or, after
    /// `stone`, another road. The named segment is another kind:
    ///
    /// ```text
    /// end r at f     # wrong: f is a field
    /// ```
    E210 EndTargetKind { name: String, kind: &'static str }
        => format!("a road cannot end at `{name}`, a {kind}"),
        hint: "a road ends at a monastery, garden, hut, city gate, or (after `stone`) a road";
    /// Each segment kind takes a number of ports: `city`, `road`, `river` one or
    /// more; `field` zero or more (none is an enclosed field); `monastery`, `garden`
    /// and `hut` none:
    ///
    /// ```text
    /// monastery m N   # wrong
    /// monastery m     # right
    /// ```
    E211 PortsForKind { name: String, kind: &'static str, needs: &'static str }
        => format!("{kind} `{name}` {needs}"),
        hint: "`tilec check --explain E211` lists the ports each kind takes";
    /// A town hall (`mark town-hall`) has no segments: each of its edges matches
    /// anything and ends what reaches it. Remove the segments from the tile.
    ///
    /// ```text
    /// tile T "Town hall" { count 1; mark town-hall }   # right: nothing else
    /// ```
    E212 TownHallWithSegments
        => "a town hall has no segments",
        hint: "remove the segments: a town hall's edges match anything";
    /// An abbey (`mark abbey`, Abbey & Mayor) is a monastery and nothing else:
    /// each of its edges matches anything and ends what reaches it, and a monk
    /// stands on its monastery. Remove the other segments from the tile.
    ///
    /// ```text
    /// tile A "Abbey" { count 6; mark abbey; monastery m }   # right
    /// tile B "Abbey" { count 6; mark abbey; monastery m; road r S }   # wrong
    /// ```
    E250 AbbeyWithSegments { names: String }
        => format!("an abbey has only its monastery, not {names}"),
        hint: "remove them: an abbey's edges match anything and end what reaches them";
    /// An abbey (`mark abbey`) has a monastery: a monk may be placed on it as
    /// on any monastery. Give the tile exactly one `monastery` (and, as a tile
    /// that is both, a town hall is not an abbey: keep one of the marks).
    ///
    /// ```text
    /// tile A "Abbey" { count 6; mark abbey; monastery m }   # right
    /// tile B "Abbey" { count 6; mark abbey }                # wrong: no monastery
    /// ```
    E251 AbbeyMonastery { found: usize, town_hall: bool }
        => match (found, town_hall) {
            (_, true) => "a tile is a town hall or an abbey, not both".to_string(),
            (0, _) => "an abbey has a monastery".to_string(),
            (n, _) => format!("an abbey has one monastery, not {n}"),
        },
        hint: match town_hall {
            true => "keep `mark abbey` (a monastery, edges that match anything) or `mark town-hall` (no segments)",
            false => "give the tile one `monastery m`: a monk stands on the abbey as on a monastery",
        };
    /// `end r at bank` ends a road at a river bank, so the tile needs a river:
    ///
    /// ```text
    /// river v N S
    /// road r E over=v
    /// ```
    E213 BankWithoutRiver
        => "road ends at a river bank but the tile has no river",
        hint: "add the river, or end the road elsewhere";
    /// `spring` and `lake` end rivers; a road ends at `junction`, `village`,
    /// `stone`, `bank` or a segment.
    ///
    /// ```text
    /// road r S
    /// end r at spring    # wrong: a road ends at a village, junction, ...
    /// end r at village   # right
    /// ```
    E214 RiverEndOnRoad { target: &'static str }
        => format!("a road cannot end at a {target}"),
        hint: "spring and lake end rivers; the other keywords end roads";
    /// A river ends at its `spring`, its `lake`, or at a city of the tile (River
    /// II's fork ends one branch at a city: `end v at c`). The other keywords
    /// (`junction`, `village`, `stone`, `bank`, `tunnel`) and the other segments
    /// (a monastery, a garden, a hut, a road) end roads, and a road and a river do
    /// not share one end point:
    ///
    /// ```text
    /// river v S
    /// end v at spring
    /// river w W
    /// city c E
    /// end w at c         # right: the river ends at the city
    /// end w at junction  # wrong
    /// ```
    E215 RoadEndOnRiver { target: &'static str }
        => format!("a river cannot end at a {target}"),
        hint: "a river ends at its spring, its lake or a city (`end v at c`); the other keywords and segments end roads";
    /// `over=` says a segment crosses another on a bridge: a road crosses a
    /// river or another road, a city another city (the table `CROSSINGS` in
    /// `src/vocab.rs`). What passes beneath a city says so itself (`under=`: a
    /// road in a tunnel, a river):
    ///
    /// ```text
    /// river v N S
    /// road r E W over=v
    /// road r1 N S
    /// road r2 E W over=r1
    /// city c1 N S
    /// city c2 E W over=c1
    /// ```
    E216 BridgeNotRiver { name: String, what: String }
        => format!("`over={name}` must name {what}"),
        hint: format!("the crossings are {}", crate::vocab::crossings_in_words());
    /// Pennants (`pennants=N`, the coat of arms) belong to cities only.
    ///
    /// ```text
    /// road r W E pennants=1   # wrong
    /// city c N pennants=1     # right
    /// ```
    E217 PennantsOnNonCity { kind: &'static str }
        => format!("a {kind} has no pennants"),
        hint: "only cities carry pennants";
    /// A `tunnel`, `bank`, `spring` or `lake` is an end point of its own: the road
    /// goes underground at its portal, stops at the river bank, the river starts
    /// at its spring or ends in its lake. It reaches no segment besides, so an
    /// `end` that names one too says two places at once (a portal that is also a
    /// city's gate). Keep one of the two:
    ///
    /// ```text
    /// city c N
    /// road r S
    /// end r at tunnel c   # wrong: the portal or the gate?
    /// end r at tunnel     # right: a portal
    /// end r at c          # right: the city's gate
    /// ```
    E218 EndReachesNothing { keyword: &'static str, name: String, kind: &'static str }
        => format!("a {keyword} reaches no segment, but this end also names {kind} `{name}`"),
        hint: format!("write `at {keyword}` alone, or end at `{name}` without `{keyword}`");
    /// Bogatyr's stone joins the end of a road to another road of the tile (a
    /// messenger passes between them), so `stone` names that road after it. An
    /// end at a stone that names no road, or only a road that ends there itself,
    /// joins nothing:
    ///
    /// ```text
    /// road rn N
    /// road res E S
    /// end rn at stone       # wrong: joined to which road?
    /// end rn at stone res   # right
    /// ```
    E219 StoneWithoutRoad
        => "a stone joins the end to another road, but this end names none",
        hint: "name the road the stone joins it to: `end ROAD at stone OTHER`";
    /// A field passes under a city only on the banks of a river that passes
    /// under it too: the city stands on an arch over the river's valley
    /// (JCloisterZone's River II tile `RI.2/CIcI`). A field cannot pass under a
    /// city on its own, nor beside a road's tunnel:
    ///
    /// ```text
    /// city c W E
    /// river v N S under=c
    /// field f1 NR SL under=c -> c    # right: the east bank, under c with v
    /// field f2 NL SR under=c -> c    # right: the west bank
    /// ```
    E220 FieldUnderCityAlone { field: String, city: String }
        => format!("field `{field}` passes under city `{city}`, but no river does"),
        hint: format!("a field passes under a city beside a river that does: write `under={city}` on the river, or part the field");
    /// Only a city runs to an edge's middle and parts the fields there
    /// (`reaches=`): a road or a river holds the middle of its edge itself.
    ///
    /// ```text
    /// city c N reaches=S     # right
    /// road r N reaches=S     # wrong: write `road r N S` for a road through the tile
    /// ```
    E247 ReachesNotCity { kind: &'static str }
        => format!("a {kind} does not take `reaches=`"),
        hint: "only a city reaches an edge's middle between two fields (`city c N reaches=S`)";
    /// A city that reaches the middle of an edge (`reaches=S`) parts the two
    /// fields of that edge there: each half of the edge must be a field's,
    /// and the edge stays a field edge (JCloisterZone's `HS/C!.v`: its city
    /// runs from the north edge to the middle of the south edge, between the
    /// fields `SL` and `SR`).
    ///
    /// ```text
    /// city c N reaches=S
    /// field f1 WR WL SR -> c
    /// field f2 EL ER SL -> c
    /// ```
    E248 ReachBetweenFields { city: String, half: &'static str, found: String }
        => format!("city `{city}` reaches the middle of {}, but {half} is {found}, not a field", &half[..1]),
        hint: format!("a city reaches an edge's middle between two fields: give {half} to a field, or drop `reaches={}`", &half[..1]);
    /// `under=` says a segment passes under another: a road in a tunnel under a
    /// city or a field, a river under a city, and a field on the river's banks
    /// with it (the table `CROSSINGS` in `src/vocab.rs`). What crosses a road
    /// or a river on a bridge says so itself (`over=`):
    ///
    /// ```text
    /// city c E W
    /// road r N S under=c
    /// ```
    E240 TunnelNotCity { name: String, kind: &'static str, what: String }
        => format!("`under={name}` names a {kind}, not {what}"),
        hint: format!("the crossings are {}", crate::vocab::crossings_in_words());
    /// A road end joins things that lie on opposite sides of another segment: a
    /// road from the south cannot reach a city or a monastery beyond a river from
    /// west to east unless it crosses the river on a bridge. Write the crossing
    /// (`over=` for a river or a road, `under=` for a city), or end the road on
    /// its own side:
    ///
    /// ```text
    /// river v W E
    /// city c N
    /// road r S over=v     # the bridge lets r reach c
    /// end r at c
    /// ```
    E241 EndAcross { pair: String, by: String, by_kind: &'static str }
        => format!("{pair} meet at a road end, but {by_kind} `{by}` lies between them"),
        hint: if *by_kind == "city" {
            format!("a road passes under a city with `under={by}`; or end the road on its own side")
        } else {
            format!("a road crosses a {by_kind} with `over={by}`; or end the road on its own side")
        };
    /// `not-touching=CITY` names a city of the tile, one that the field would
    /// touch otherwise. No segment of the tile has this name:
    ///
    /// ```text
    /// city c N
    /// road r W E
    /// field f1 EL WR not-touching=cc   # wrong: the city is `c`
    /// ```
    E242 NotTouchingUnknown { name: String, suggestion: Option<String>, cities: String }
        => format!("`not-touching={name}`: no city named `{name}` on this tile"),
        hint: match (suggestion, cities.as_str()) {
            (Some(s), _) => format!("did you mean `{s}`?"),
            (None, "") => "the tile has no city: remove `not-touching=`".to_string(),
            (None, cities) => format!("the tile's cities: {cities}"),
        };
    /// `not-touching=CITY` takes a city out of the ones a field touches by its
    /// ports (a field port next to a city port) or by its face of the tile's
    /// drawing. This field touches that city neither way, so there is nothing to
    /// take out: remove the attribute, or check the ports.
    ///
    /// ```text
    /// city c N
    /// road r W E
    /// field f2 ER SL SR WL not-touching=c   # wrong: road r lies between f2 and c
    /// ```
    E243 NotTouchingUnderived { field: String, city: String }
        => format!("field `{field}` does not touch city `{city}`: `not-touching={city}` takes nothing out"),
        hint: "`not-touching=` only takes out a city the field touches by its ports or its face; remove it";
    /// A field cannot both touch a city and not touch it: its `->` list names the
    /// city that its `not-touching=` takes out. Keep one of the two.
    ///
    /// ```text
    /// city c N
    /// field f E S W not-touching=c -> c   # wrong: which is it?
    /// ```
    E244 NotTouchingListed { field: String, city: String }
        => format!("field `{field}` names city `{city}` both after `->` and in `not-touching=`"),
        hint: "keep `-> CITY` if the field touches the city, `not-touching=CITY` if it does not",
        label: "taken out here";
    /// A road that ends at a city's gate (or at another road, a junction of roads
    /// that run on) joins it into one wall across the tile: the road and the city
    /// wall part the tile in two. A field that lies on both sides of the road
    /// (holds both half ports beside its edge) would have to cross that wall, so
    /// it cannot exist. The same holds for a river ending at a city. Either the
    /// road stops inside the field (`end r at junction`: a junction in the
    /// field's middle, short of the gate), or the field is two fields, one each
    /// side of the road:
    ///
    /// ```text
    /// city c N
    /// road r S
    /// field f EL ER SL SR WL WR -> c   # wrong: r and c part f
    /// end r at c
    ///
    /// field f1 EL ER SL -> c           # right: one field each side
    /// field f2 SR WL WR -> c
    /// ```
    E245 FieldAcrossEnd { field: String, wall: String }
        => format!("field `{field}` lies on both sides of {wall}, which part the tile"),
        hint: "end the road at a junction inside the field (`end ROAD at junction`), or split the field in two at the road",
        label: "this field";
    /// A tile marked `provenance reconstructed` names a source for every aspect
    /// of its data (its own `sourced` statements with its set's): nothing of it
    /// is reconstructed. Say so with `provenance sourced` (the `sourced`
    /// statements may stay: they say where each aspect comes from).
    ///
    /// ```text
    /// set s "S" { provenance reconstructed; source box "The printed tile" }
    /// tile A "A" {
    ///   sourced count edges layout fields pennants arrow-kind arrow-direction marks illustrations from=box
    ///   ...                                 # wrong: all of it is sourced
    /// }
    /// ```
    E246 ReconstructedButSourced { tile: String }
        => format!("tile `{tile}` is reconstructed, but a source gives every aspect of it"),
        hint: "write `provenance sourced` on the tile";
    // ---- sets
    /// The tiles of a set add up to a different number of copies than `total` for
    /// that set in `sets.toml`. Fix a tile's `count`, or the expected number:
    ///
    /// ```toml
    /// [[set]]
    /// id = "castles"
    /// total = 12
    /// ```
    E300 SetTotal { set: String, expected: u32, actual: u32, toml: String }
        => format!("set `{set}` has {}, expected {expected}", plural(*actual as usize, "tile")),
        hint: format!("fix the tiles' counts, or `total` in {toml}"),
        label: "in this set";
    /// A group in `sets.toml` counts the tiles that have an arrow kind, a mark, or
    /// lack a mark, and the tiles add up to a different number:
    ///
    /// ```toml
    /// groups = [ { name = "festival tiles", mark = "festival", count = 10 } ]
    /// ```
    E301 GroupTotal { set: String, group: String, expected: u32, actual: u32, toml: String }
        => format!("set `{set}`: group `{group}` has {}, expected {expected}", plural(*actual as usize, "tile")),
        hint: format!("fix the tiles, or the group's `count` in {toml}"),
        label: "in this set";
    /// A river set is one river: exactly one tile has `end RIVER at spring`, and
    /// the river ends once for each branch it has. Without a fork that is one
    /// end: the lake (`end RIVER at lake`) or a city the river flows into (`end
    /// RIVER at CITY`). Each fork adds a branch per river edge beyond two, and
    /// each branch needs an end of its own (River II: the fork's two branches end
    /// at the lake and at a city). Copies count:
    ///
    /// ```text
    /// tile S "Spring" { count 1; river v S; end v at spring; field f N E W }
    /// tile L "Lake" { count 1; river v N; end v at lake; field f E S W }
    /// ```
    ///
    /// A river set that `requires` another river set in `sets.toml` extends that
    /// river: the two are counted together, less the tiles its `removes` takes
    /// out (GQ11's spring replaces the River's: `removes = ["river/A"]`).
    E302 RiverEnds { set: String, what: &'static str, count: u32, expected: u32 }
        => format!(
            "river set `{set}` has {count} {what}, expected {}",
            if *expected == 1 { "exactly one".to_string() } else { expected.to_string() }
        ),
        hint: "a river has one spring (an extension's own spring replaces the river's: list that in `removes`), and one end (a lake, or a city: `end RIVER at CITY`) per branch: one, and one more for each fork's extra edge",
        label: "in this set";
    /// No rotation of this tile fits next to any tile of its set or the sets it is
    /// played with (`requires` in `sets.toml`): none of its edges matches any edge
    /// they have, so it could never be placed.
    ///
    /// ```text
    /// tile X "Castle island" { count 1; city c N E S W }   # fits only a set with
    ///                                                      # city edges elsewhere
    /// ```
    E303 OrphanTile { tile: String }
        => format!("tile `{tile}` fits next to no tile of its sets"),
        hint: "give it an edge kind that other tiles of its sets have";
    /// `sets.toml` lists a set id that no tile file declares with `set ID`. Add the
    /// tile file, fix the id, or remove the `[[set]]` entry.
    ///
    /// ```toml
    /// [[set]]
    /// id = "castels"     # wrong: the tile file says `set castles`
    /// total = 12
    /// ```
    E304 UnknownSetInToml { id: String, suggestion: Option<String> }
        => format!("sets.toml lists set `{id}` but no tile file declares it"),
        hint: did_you_mean(suggestion, "add the tile file, or remove the entry");
    /// `sets.toml` could not be read as the expected TOML. Each set is a `[[set]]`
    /// table with `id`, `total`, and optionally `requires` and `groups`:
    ///
    /// ```toml
    /// [[set]]
    /// id = "castles"
    /// total = 12
    /// requires = ["base"]
    /// groups = [ { name = "festival tiles", mark = "festival", count = 2 } ]
    /// ```
    ///
    /// A group selects tiles with exactly one of `arrow`, `mark` or `without-mark`.
    /// A mark that takes a value may name one, as a segment's line writes it:
    /// `{ name = "wine", mark = "resource=wine", count = 9 }` counts the tiles
    /// with a wine symbol.
    E305 SetsToml { message: String }
        => format!("sets.toml: {message}"),
        hint: "`tilec check --explain E305` shows the format of sets.toml";
    /// `requires` in `sets.toml` names a set that no tile file declares and tilec
    /// does not ship. Name the id of a `set` statement, or of a shipped set (`base`,
    /// `river`, `anniversary`, `festival`, `promos`, `mm`, `inns-cathedrals`,
    /// `traders-builders`: required, it is checked and played with the
    /// directory's sets without being copied there).
    ///
    /// ```toml
    /// [[set]]
    /// id = "castles"
    /// total = 12
    /// requires = ["bsae"]    # wrong: the base set is `base`
    /// ```
    E306 UnknownRequiredSet { id: String, suggestion: Option<String> }
        => format!("required set `{id}` is not declared"),
        hint: did_you_mean(suggestion, "name a set declared in a tile file, or a shipped set such as `base`");
    /// A game has one start tile, marked with `start` on one tile of all the sets.
    /// Keep `start` on one of them.
    ///
    /// ```text
    /// tile D "Start" { count 4; start; ... }
    /// tile E "Also start" { count 5; start; ... }   # wrong: remove one `start`
    /// ```
    E307 StartTiles { count: u32 }
        => format!("{count} start tiles; at most one tile may be marked `start`"),
        hint: "keep `start` on one tile";
    /// A set id becomes the name of its table in the engine tables (`base` is
    /// `BASE`), so it must begin with a letter.
    ///
    /// ```text
    /// set 9lives "Nine lives"     # wrong: begin the id with a letter, e.g. `lives9`
    /// ```
    E308 SetIdStart { id: String }
        => format!("set id `{id}` does not begin with a letter"),
        hint: "a set id becomes a Rust name in the engine tables (`base` is `BASE`); begin it with a letter";
    /// Two set ids that differ only in case or in `-` against `_` name the same
    /// table in the engine tables (`a-b` and `a_b` are both `A_B`). Rename one.
    ///
    /// ```text
    /// set a-b "First"
    /// set a_b "Second"            # wrong: both are the table `A_B`
    /// ```
    E309 SetIdClash { id: String, other: String, name: String }
        => format!("set ids `{other}` and `{id}` both name the table `{name}`"),
        hint: "ids that differ only in case or in `-` against `_` name the same table; rename one";
    /// The engine tables already use some names of their own (`SETS`, the list of
    /// every set); a set id may not name one of them.
    ///
    /// ```text
    /// set sets "Sets"             # wrong: `SETS` is the list of all sets
    /// ```
    E310 SetIdReserved { id: String, name: String }
        => format!("set id `{id}` names the table `{name}`, which the tables already use"),
        hint: "choose another id";
    /// `removes` in `sets.toml` names a tile that no set declares, neither a set
    /// of the directory nor a shipped one. A removed tile is named by its full id,
    /// `SET/LOCAL`, as `tilec export` prints it:
    ///
    /// ```toml
    /// [[set]]
    /// id = "river-2"
    /// total = 12
    /// removes = ["river-1/lake"]   # River I's lake is left out when River II is played
    /// ```
    E311 UnknownRemovedTile { id: String, suggestion: Option<String> }
        => format!("removed tile `{id}` is not declared"),
        hint: did_you_mean(suggestion, "name a tile of another set by its full id, `SET/LOCAL`");
    /// A set's `removes` in `sets.toml` lists tiles of other sets that a game
    /// playing it leaves out (River II leaves out River I's lake). A set does not
    /// remove its own tiles: lower the tile's `count` or delete the tile instead.
    ///
    /// ```toml
    /// [[set]]
    /// id = "river-2"
    /// total = 12
    /// removes = ["river-2/lake"]   # wrong: a tile of river-2 itself
    /// ```
    E312 RemovesOwnTile { id: String, set: String }
        => format!("set `{set}` removes its own tile `{id}`"),
        hint: "`removes` names tiles of other sets; change the tile's `count` instead";
    /// A seam is an inner side of a piece of several squares: another square of
    /// the same piece, a tile of the same set, continues it. A tile with a seam in
    /// a set where no other tile (and no second copy of it) has one is a square
    /// of no piece: its seam is a gap, or the piece's other squares are missing.
    ///
    /// ```text
    /// set s "S" { provenance sourced }
    /// tile A "Corner" { count 1; field f N W; seam x E S }   # wrong: alone
    /// tile B "Corner" { count 1; field f N E; seam x S W }   # right: A's neighbour
    /// ```
    E313 LoneSeam { tile: String, set: String }
        => format!("tile `{tile}` has a seam, but no other tile of set `{set}` has one to continue it"),
        hint: "a seam is an inner side of a piece of several squares: write the piece's other squares in the same set, or cover the ports with segments";
    /// A `source` of a set that no `sourced ... from=ID` statement names gives
    /// nothing to any tile, so a reader cannot tell what it is the source of. Name
    /// what it gives, or remove it:
    ///
    /// ```text
    /// source photo "A photograph of the printed tiles"   # wrong: used nowhere
    /// sourced edges from=photo                           # right: says what it gives
    /// ```
    E314 UnusedSource { name: String }
        => format!("source `{name}` gives nothing"),
        hint: "say what it gives with `sourced ASPECT... from=ID`, or remove it";
    // ---- import (tilec import-jcz)
    /// `tilec import-jcz` could not parse the file as XML, so it is not a
    /// JCloisterZone tile file (or it was cut short). JCloisterZone could not read it
    /// either.
    ///
    /// ```text
    /// <pack>
    ///   <tile id="A">      # wrong: `<tile>` never closed
    /// </pack>
    /// ```
    E400 XmlSyntax { message: String }
        => format!("malformed XML: {message}"),
        hint: "fix the XML: JCloisterZone could not read it either";
    /// The root element is neither `<pack>` (older JCloisterZone files) nor `<defs>`
    /// (newer ones), so this is not a tile definition file.
    ///
    /// ```text
    /// <html>...</html>             # wrong: not a tile file
    /// <pack><tiles>...</tiles></pack>   # right
    /// ```
    E401 JczRoot { root: String }
        => format!("`<{root}>` is not a JCloisterZone tile file"),
        hint: "JCloisterZone tile files start with `<pack>` (older) or `<defs>` (newer)";
    /// The element describes something the tile language has no feature for. The
    /// tile is imported without it, with a note saying what was left out.
    ///
    /// ```text
    /// <tile id="A"><tower/></tile>   # a tower has no tile-language feature
    /// ```
    E402 JczElement { element: String, parent: String }
        => format!("`<{element}>` in `<{parent}>` cannot be imported"),
        hint: "the tile language has no such feature; the rest is imported, with a note on the tile saying what was left out";
    /// The attribute describes something the tile language has no feature for. The
    /// tile is imported without it, with a note saying what was left out.
    ///
    /// ```text
    /// <city besieged="yes">N</city>   # `besieged` has no tile-language feature
    /// ```
    E403 JczAttribute { attribute: String, element: String }
        => format!("`{attribute}` on `<{element}>` cannot be imported"),
        hint: "the tile language has no such feature; the rest is imported, with a note on the tile saying what was left out";
    /// A JCloisterZone location is not understood. Features name edges `N E S W`;
    /// fields name half edges `NL NR EL ER SL SR WL WR`, or `I` for an inner field:
    ///
    /// ```text
    /// <city>N E</city>
    /// <farm>NL NR</farm>
    /// ```
    E404 JczLocation { token: String, expected: &'static str }
        => format!("`{token}` is not {expected}"),
        hint: "features name edges N E S W; fields name half edges NL NR EL ER SL SR WL WR, or I for an inner field";
    /// A count is a whole number from 1 to 255:
    ///
    /// ```text
    /// <ref count="3" tile="CITY-CAP"/>
    /// ```
    E405 JczCount { text: String }
        => format!("count `{text}` is not a whole number from 1 to 255"),
        hint: "write a count such as `count=\"3\"`";
    /// The element needs this attribute to be imported and is skipped without it,
    /// such as a `<tile>` without `id`.
    ///
    /// ```text
    /// <tile>...</tile>          # wrong: no id
    /// <tile id="A">...</tile>   # right
    /// ```
    E406 JczMissingAttribute { attribute: &'static str, element: String }
        => format!("`<{element}>` has no `{attribute}`"),
        hint: "add the attribute; the element is skipped without it";
    /// Two `<tile>` elements have the same `id`, in one file or in two files
    /// imported together; the second one is skipped.
    ///
    /// ```text
    /// <tile id="A">...</tile>
    /// <tile id="A">...</tile>   # skipped
    /// ```
    E407 JczDuplicateTile { id: String }
        => format!("tile `{id}` is defined twice"),
        hint: "tile ids are unique among the files imported together; the second one is skipped";
    /// A `<ref>` or `<remove>` names a tile id that no `<tile>` of the files
    /// imported has. A tile-set may count tiles of another file (JCloisterZone's
    /// Winter edition counts the base game's `BA/...` tiles, defined in
    /// `basic.xml`): import both files in one command, and the tiles are copied
    /// into the set that counts them.
    ///
    /// ```text
    /// <tile id="A">...</tile>
    /// <ref count="2" tile="B"/>   # wrong: there is no tile B
    /// $ tilec import-jcz basic.xml winter.xml --out winter   # BA/... resolved
    /// ```
    E408 JczUnknownTile { id: String, file: Option<String> }
        => format!("no tile `{id}` in the files imported"),
        hint: match file {
            Some(f) => format!("JCloisterZone's `{f}` defines the tiles whose ids begin like this one: import it in the same command (`tilec import-jcz {f} ... --out DIR`)"),
            None => "name the `id` of a `<tile>`, or import the file that defines it in the same command (`tilec import-jcz A.xml B.xml --out DIR`)".into(),
        };
    /// A tile's count comes from its `count` attribute or a `<tile-set>` that refers
    /// to it; this tile has neither, so it is skipped:
    ///
    /// ```text
    /// <ref count="2" tile="ID"/>
    /// ```
    E409 JczNoCount { id: String }
        => format!("tile `{id}` has no count: no `count` and no tile-set refers to it"),
        hint: "add `<ref count=\"N\" tile=\"ID\"/>` to the tile-set; the tile is skipped without it";
    /// Each `<tile-set>` becomes a set whose id is the tile-set's id made a set id
    /// (`basic:1` is `basic-1`), and two tile-sets of this file give the same one;
    /// the second is not imported. Rename one of them in a copy of the file.
    ///
    /// ```text
    /// <tile-set id="ux:2"> ... </tile-set>   # set ux-2
    /// <tile-set id="ux/2"> ... </tile-set>   # wrong: also set ux-2
    /// ```
    E410 JczSetIdClash { id: String, first: String, set: String }
        => format!("tile-sets `{first}` and `{id}` both give the set id `{set}`; `{id}` is not imported"),
        hint: "rename one of the tile-sets in a copy of the file";
    /// A river ends on this tile, the tile has no city it could end at, and the
    /// file does not say whether the river starts at its spring or ends in its
    /// lake. Give the tile `group="river-spring"` or `group="river-lake"`, or add
    /// `end v at spring` (or `lake`) to the imported text. (A river ending on a
    /// plain `river` tile that has a city ends at the city, as River II's fork
    /// ends one branch.)
    ///
    /// ```text
    /// <tile id="RS" group="river-spring"><river>S</river></tile>
    /// ```
    E411 JczRiverEnd { tile: String }
        => format!("a river ends on tile `{tile}`, but the file does not say at its spring or its lake"),
        hint: "give the tile `group=\"river-spring\"` or `group=\"river-lake\"`, or add `end v at spring` (or `lake`) to the output";
    /// Text appears where only elements belong. Locations are the text of a feature
    /// element, such as `<city>N</city>`.
    ///
    /// ```text
    /// <tile id="A">city N</tile>            # wrong: bare text
    /// <tile id="A"><city>N</city></tile>    # right
    /// ```
    E412 JczText { parent: String }
        => format!("unexpected text in `<{parent}>`"),
        hint: "text belongs inside a feature element such as `<city>N</city>`";
    /// A `<tile-set>` both counts a tile (`<ref>`) and removes it (`<remove>`):
    /// JCloisterZone would leave the tile out of every game with the tile-set,
    /// so the ref says nothing. The tile is imported with its count; the removal
    /// is not (an imported set's `removes` names other sets' tiles).
    ///
    /// ```text
    /// <tile-set id="x"><ref tile="X/A"/><remove tile="X/A"/></tile-set>   # wrong
    /// ```
    E413 JczRemovesOwnTile { tile: String, set: String }
        => format!("tile-set `{set}` counts tile `{tile}` and also removes it"),
        hint: "drop the `<ref>` or the `<remove>`; the tile is imported, the removal is not";
    /// A JCloisterZone symbol or feature property has a value the tile language
    /// has no word for: a trade good other than wine, grain and cloth, a wells
    /// count outside 1 to 9, a watchtower bonus whose points are not the rules'
    /// own, a flag that is neither `true` nor `false`:
    ///
    /// ```text
    /// <city resource="wood">N</city>        # wrong: not a trade good
    /// <watchtower bonus="5/city" />         # wrong: a city scores 1
    /// ```
    E420 JczMarkValue { attribute: String, expected: String }
        => format!("`{attribute}` cannot be said in the tile language"),
        hint: format!("it takes {expected}");
    /// The file's own data for this tile does not describe a tile the tile
    /// language can say: two fields meet at an edge with nothing between them, a
    /// field runs across a road that runs on (and is no tunnel under it),
    /// `tunnel="true"` on a road that passes under no city or field, a field
    /// holds ports on both sides of a city that runs across the tile with no
    /// river beneath the city (only a river's banks pass under a city). Two
    /// cities crossing, a tunnel under a field and a river under a city are
    /// said (`over=`, `under=`). The tile is
    /// written as the file has it, with a note naming the defect, and does not
    /// check (the import's own check leaves it out: it is reported once, here):
    /// correct it by hand (the known cases of JCloisterZone's own files are
    /// listed in `docs/import-jcz.md`).
    ///
    /// ```text
    /// <city>N</city>
    /// <field city="N">WR WL SR</field>   # wrong: meets the other field at S,
    /// <field city="N">EL ER SL</field>   # with no road between them
    ///
    /// <city>W E</city>
    /// <road>N S</road>
    /// <field city="W">NR SL</field>      # wrong: north and south of the city,
    /// <field city="W">NL SR</field>      # with no river beneath it
    /// ```
    E421 JczDefect { tile: String, defect: String }
        => format!("tile `{tile}` is inconsistent: {defect}"),
        hint: "the tile is written as the file has it, with a note, and does not check; correct the file or the imported text (see docs/import-jcz.md)";
}
