//! What the templates show, worked out from the model as plain strings: the
//! templates only lay text out.

use crate::model::{Set, Tile};
use tilec_runtime::{EndKind, Illustration, SegmentKind, EDGE_NAMES, NO_SEGMENT, PORT_NAMES};

/// One tile as the pages show it.
pub struct TileView {
    /// Full id (`base/D`).
    pub id: String,
    /// File-name-safe local part (`D`).
    pub stem: String,
    /// Display name.
    pub name: String,
    /// Copies.
    pub count: u8,
    /// Whether a copy is the start tile.
    pub start: bool,
    /// Edges at rotation 0, `N city, E road, …`.
    pub edges: String,
    /// Each edge's kind at rotation 0, N E S W.
    pub edge_kinds: [&'static str; 4],
    /// One line per segment.
    pub segments: Vec<String>,
    /// Fields and the cities they touch.
    pub adjacency: Vec<String>,
    /// Where roads and rivers end.
    pub ends: Vec<String>,
    /// The arrow, worded.
    pub arrow: Option<String>,
    /// Special marks.
    pub marks: Vec<String>,
    /// Distinct rotations.
    pub symmetry: u8,
    /// `sourced` or `reconstructed`.
    pub provenance: &'static str,
    /// Whether the data is reconstructed (shown as a warning badge).
    pub reconstructed: bool,
    /// Whether it is reconstructed with some aspects sourced.
    pub partly: bool,
    /// What a source gives and from where, and what is reconstructed.
    pub sourcing: Vec<String>,
    /// Illustrations per copy.
    pub copies: Vec<String>,
    /// Free-text notes.
    pub notes: Vec<String>,
}

impl TileView {
    /// The view of `tile`.
    pub fn new(tile: &Tile) -> TileView {
        let local = tile.id.split_once('/').map_or(tile.id.as_str(), |(_, l)| l);
        TileView {
            id: tile.id.clone(),
            stem: file_stem(local),
            name: tile.name.clone(),
            count: tile.count,
            start: tile.start,
            edges: edges(tile),
            edge_kinds: tile.edges.map(|e| e.name()),
            segments: tile
                .segments
                .iter()
                .map(|s| segment_line(tile, s))
                .collect(),
            adjacency: adjacency(tile),
            ends: tile.ends.iter().map(|e| end_line(tile, &e.end)).collect(),
            arrow: tile
                .arrow
                .map(|a| format!("{} pointing {}", a.kind.name(), edge_name(a.points))),
            marks: tile.marks.iter().map(|m| mark_line(tile, m)).collect(),
            symmetry: tile.symmetry,
            provenance: tile.provenance.name(),
            reconstructed: tile.provenance == tilec_runtime::Provenance::Reconstructed,
            partly: super::sourcing::partly(tile),
            sourcing: super::sourcing::tile_lines(tile),
            copies: copies(&tile.copies),
            notes: tile.notes.clone(),
        }
    }

    /// The edges' kinds, N E S W, after `rotation` clockwise quarter turns (what
    /// was north is east after one).
    pub fn rotated_edges(&self, rotation: u8) -> [&'static str; 4] {
        let r = usize::from(rotation % 4);
        [0, 1, 2, 3].map(|d| self.edge_kinds[(d + 4 - r) % 4])
    }

    /// The alt text of the preview at `rotation` clockwise quarter turns: the
    /// edges as that picture shows them.
    pub fn alt(&self, rotation: u8) -> String {
        let recon = match (self.reconstructed, self.partly) {
            (true, true) => " (partly sourced, partly reconstructed)",
            (true, false) => " (reconstructed layout)",
            _ => "",
        };
        let (id, name, turns) = (&self.id, &self.name, rotation % 4);
        if turns == 0 {
            return format!(
                "Preview of {id} “{name}”{recon}: edges at rotation 0 {}",
                self.edges
            );
        }
        let edges: Vec<String> = self
            .rotated_edges(rotation)
            .iter()
            .zip(EDGE_NAMES)
            .map(|(kind, edge)| format!("{edge} {kind}"))
            .collect();
        format!(
            "Preview of {id} “{name}”, turned {}° clockwise{recon}: edges {}",
            u32::from(turns) * 90,
            edges.join(", ")
        )
    }
}

/// The longest file-name stem [`file_stem`] gives, in bytes (a file name has
/// at most 255, and a stem gets an extension).
pub const MAX_STEM: usize = 100;

/// A file-name-safe form of an id part: the one function by which a name
/// becomes a file name (site pages, previews, add-on artwork). Letters,
/// digits, `-` and `_` are kept, anything else is `_`; a stem longer than
/// [`MAX_STEM`] is cut and ends with a hash of the whole id, so that a
/// 300-character id still names a file, and a file of its own.
pub fn file_stem(s: &str) -> String {
    let safe: String = s
        .chars()
        .map(
            |c| match c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                true => c,
                false => '_',
            },
        )
        .collect();
    if safe.len() <= MAX_STEM {
        return safe;
    }
    // FNV-1a: stable across runs and platforms, as the site's names must be.
    let hash = s.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{}-{hash:016x}", &safe[..MAX_STEM - 17])
}

fn edge_name(e: u8) -> &'static str {
    EDGE_NAMES.get(usize::from(e)).copied().unwrap_or("?")
}

fn edges(tile: &Tile) -> String {
    let parts: Vec<String> = tile
        .edges
        .iter()
        .enumerate()
        .map(|(d, e)| format!("{} {}", EDGE_NAMES[d], e.name()))
        .collect();
    parts.join(", ")
}

fn ports(mask: u16) -> String {
    let names: Vec<&str> = (0..12)
        .filter(|p| mask & (1 << p) != 0)
        .map(|p| PORT_NAMES[p])
        .collect();
    if names.is_empty() {
        "no ports (inside the tile)".into()
    } else {
        names.join(" ")
    }
}

/// What segment `s` passes over and under, in words: `, on a bridge over r1`,
/// `, in a tunnel under c and f1`, `, over v`.
fn crossings(tile: &Tile, s: &crate::model::Segment) -> String {
    let i = tile
        .segments
        .iter()
        .position(|x| x.name == s.name)
        .unwrap_or(0);
    let under: u32 = (0..tile.segments.len())
        .filter(|&j| tile.segments[j].over & (1 << i) != 0)
        .fold(0, |m, j| m | 1 << j);
    let mut out = String::new();
    let phrases = [
        (s.over & s.bridges, "on a bridge over"),
        (s.over & !s.bridges, "over"),
        (under & s.bridges, "under the bridge of"),
        (
            under & !s.bridges,
            match s.kind {
                SegmentKind::Road => "in a tunnel under",
                _ => "under",
            },
        ),
    ];
    for (mask, words) in phrases.into_iter().filter(|(m, _)| *m != 0) {
        out += &format!(", {words} {}", mask_names(tile, mask));
    }
    out
}

fn segment_line(tile: &Tile, s: &crate::model::Segment) -> String {
    let mut line = format!("{} {}: {}", s.kind.name(), s.name, ports(s.edge_ports()));
    if s.reaches != 0 {
        line += &format!(
            ", reaching the middle of {} (a field edge there)",
            ports(s.reaches)
        );
    }
    if s.kind == SegmentKind::Seam {
        line += &format!(", {}", crate::vocab::SEAM_WHAT);
    }
    if s.pennants > 0 {
        line += &format!(
            ", {} coat{} of arms",
            s.pennants,
            if s.pennants == 1 { "" } else { "s" }
        );
    }
    line += &crossings(tile, s);
    if s.not_touching != 0 {
        line += &format!(", not touching {}", mask_names(tile, s.not_touching));
    }
    line
}

fn seg_name(tile: &Tile, i: usize) -> String {
    tile.segments
        .get(i)
        .map_or_else(|| format!("#{i}"), |s| s.name.clone())
}

fn mask_names(tile: &Tile, mask: u32) -> String {
    let names: Vec<String> = (0..32)
        .filter(|i| mask & (1 << i) != 0)
        .map(|i| seg_name(tile, i))
        .collect();
    names.join(", ")
}

fn adjacency(tile: &Tile) -> Vec<String> {
    tile.segments
        .iter()
        .filter(|s| s.kind == SegmentKind::Field)
        .map(|s| match s.cities {
            0 => format!("field {} touches no city", s.name),
            m => format!("field {} touches {}", s.name, mask_names(tile, m)),
        })
        .collect()
}

fn end_line(tile: &Tile, e: &tilec_runtime::RoadEnd) -> String {
    // "r ends", "r1, r2, r3 end".
    let verb = if e.segments.count_ones() == 1 {
        "ends"
    } else {
        "end"
    };
    let ending = format!("{} {verb}", mask_names(tile, e.segments));
    let touches = mask_names(tile, e.touches);
    match (e.kind, e.touches) {
        (EndKind::Segment, _) => format!("{ending} at {touches}"),
        (EndKind::Tunnel, _) => format!(
            "{ending} at a tunnel portal (the Tunnel expansion: carried, its rules not played)"
        ),
        (k, 0) => format!("{ending} at a {}", k.name()),
        (k, _) => format!("{ending} at a {}, which touches {touches}", k.name()),
    }
}

fn mark_line(tile: &Tile, m: &tilec_runtime::Mark) -> String {
    let row = crate::vocab::mark_row(m.kind);
    let label = match m.value_text() {
        Some(v) => format!("{} ({}: {v})", row.what, row.keyword),
        None => row.what.to_string(),
    };
    let label = match m.kind.played() {
        true => label,
        false => format!("{label}, carried only: the engine does not play its rules"),
    };
    if m.segment == NO_SEGMENT {
        label
    } else {
        format!("{label} on {}", seg_name(tile, usize::from(m.segment)))
    }
}

fn copies(copies: &[Vec<Illustration>]) -> Vec<String> {
    copies
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let names: Vec<&str> = c.iter().map(|x| x.name()).collect();
            let what = if names.is_empty() {
                "no illustration".into()
            } else {
                names.join(", ")
            };
            format!("copy {}: {what}", i + 1)
        })
        .collect()
}

/// One set as the pages show it.
pub struct SetView {
    /// Stable id.
    pub id: String,
    /// File-name-safe id.
    pub stem: String,
    /// Display name.
    pub name: String,
    /// Edition, if named.
    pub edition: Option<String>,
    /// Copies in the set.
    pub total: u32,
    /// Copies `sets.toml` expects, if it lists the set.
    pub expected: Option<u32>,
    /// Problems the check found in the set's file.
    pub problems: usize,
    /// How many tile kinds are reconstructed.
    pub reconstructed: usize,
    /// Free-text notes.
    pub notes: Vec<String>,
    /// The sources the set names, one line each.
    pub sources: Vec<String>,
    /// The rules in brief (the project's own summary).
    pub rules: &'static [&'static str],
    /// The tiles.
    pub tiles: Vec<TileView>,
}

impl SetView {
    /// The view of `set`.
    pub fn new(set: &Set, expected: Option<u32>, problems: usize) -> SetView {
        let tiles: Vec<TileView> = set.tiles.iter().map(TileView::new).collect();
        SetView {
            id: set.id.clone(),
            stem: file_stem(&set.id),
            name: set.name.clone(),
            edition: set.edition.clone(),
            total: set.total(),
            expected,
            problems,
            reconstructed: tiles.iter().filter(|t| t.reconstructed).count(),
            notes: set.notes.clone(),
            sources: super::sourcing::set_lines(set),
            rules: super::rules::in_brief(&set.id),
            tiles,
        }
    }

    /// `ok`, or what is wrong, for the index.
    pub fn status(&self) -> String {
        match (self.problems, self.expected) {
            (0, Some(e)) if e != self.total => {
                format!("{} tiles, sets.toml expects {e}", self.total)
            }
            (0, _) => "checked, no problems".into(),
            (1, _) => "1 problem".into(),
            (n, _) => format!("{n} problems"),
        }
    }

    /// Whether the status is clean.
    pub fn ok(&self) -> bool {
        self.problems == 0 && !matches!(self.expected, Some(e) if e != self.total)
    }
}

#[cfg(test)]
mod tests {
    use crate::diagnostic::Sources;

    #[test]
    fn a_turned_picture_is_described_as_turned() {
        let mut sources = Sources::new();
        let text = "set t \"T\" { provenance sourced }\n\
                    tile A \"Cap\" { count 2; city c N; road r E W; field f1 EL WR -> c; field f2 ER S WL }\n";
        let id = sources.add("t.tiles", text);
        let compiled = crate::compile(&sources, &[id], None);
        assert!(
            compiled.diagnostics.is_empty(),
            "{:?}",
            compiled.diagnostics
        );
        let view = super::TileView::new(&compiled.model.sets[0].tiles[0]);
        let at_zero = "Preview of t/A “Cap”: edges at rotation 0 N city, E road, S field, W road";
        assert_eq!(view.alt(0), at_zero);
        let turned =
            "Preview of t/A “Cap”, turned 90° clockwise: edges N road, E city, S road, W field";
        assert_eq!(view.alt(1), turned);
        assert_eq!(view.rotated_edges(2), ["field", "road", "city", "road"]);
    }

    #[test]
    fn several_roads_end_one_ends() {
        let mut sources = Sources::new();
        let text = "set t \"T\" { provenance sourced }\n\
                    tile A \"Village\" { count 2; road r1 E; road r2 S; road r3 W; end r1 r2 r3 at village; field f1 WR N EL; field f2 ER SL; field f3 SR WL }\n\
                    tile B \"Cloister\" { count 2; monastery m; road r S; end r at m; field f N E W SL SR }\n";
        let id = sources.add("t.tiles", text);
        let compiled = crate::compile(&sources, &[id], None);
        assert!(
            compiled.diagnostics.is_empty(),
            "{:?}",
            compiled.diagnostics
        );
        let line = |t: &crate::model::Tile| super::end_line(t, &t.ends[0].end);
        let tiles = &compiled.model.sets[0].tiles;
        assert_eq!(line(&tiles[0]), "r1, r2, r3 end at a village");
        assert_eq!(line(&tiles[1]), "r ends at m");
    }
}
