//! Observations: the position from one player's point of view as bytes, the
//! board planes over the action frame first, then a vector of the rest.
//! Players are relative to the viewer (0 the viewer, 1 the next in turn
//! order, ...). What each part holds is in [`BOARD_PLANES`] and
//! [`VECTOR_FIELDS`]; a game's [`ObservationLayout`] has only the parts its
//! sets use, each with its offset and shape.

mod write;

use super::action::ActionSpace;
use crate::catalog::Catalog;
use crate::figure::FigureKind;

/// The board planes, in order: name and meaning. Each is `side × side`
/// bytes, row-major, row `y + radius`, column `x + radius`.
pub const BOARD_PLANES: &[(&str, &str)] = &[
    ("tile", "the tile's kind index + 1 (0: no tile); low byte"),
    (
        "tile_high",
        "the kind index + 1, high byte (only with 255 kinds or more)",
    ),
    ("rotation", "the tile's quarter turns clockwise, 0 to 3"),
    (
        "last",
        "1 on the tile placed last (the one a figure step is about)",
    ),
    (
        "feature",
        "one plane per segment of the tile (shape segments × side × side): the \
         segment's feature: road 1, city 2, field 3, monastery 4, garden 5, river 6, \
         hut 7, seam 8, plus 16 when the road, city or river is complete; 0: no segment",
    ),
    (
        "figure",
        "one plane per segment: the figures on it: 1 + owner · K + kind for one, \
         1 + P · K + owner · K · K + kind_a · K + kind_b (kind_a ≤ kind_b) for two of one \
         owner; owners relative, kinds in FigureKind::ALL order up to the kinds in play, \
         then a lying scarecrow (K kinds in all, P players); 255: figures of two \
         owners. When 1 + P · K + P · K · K reaches 255 (many kinds, many players), \
         the code has two bytes: this plane the low one, figure_high the high one, \
         and figures of two owners are 1 + P · K + P · K · K",
    ),
    (
        "figure_high",
        "only when the figure codes need two bytes (see figure): one plane per \
         segment, the code's high byte",
    ),
];

/// The vector fields after the planes, in order: name and meaning.
pub const VECTOR_FIELDS: &[(&str, &str)] = &[
    ("seat", "the viewer's seat, from 0"),
    (
        "to_move",
        "the player to move (at a chance node: drawn for), relative; P once over",
    ),
    (
        "phase",
        "draw (a town-hall choice) 0, place 1, figure 2, decide 3, over 4, chance 5",
    ),
    (
        "in_hand",
        "the tile to place: kind index + 1 (0: none), low byte",
    ),
    (
        "in_hand_high",
        "its high byte (only with 255 kinds or more)",
    ),
    (
        "scores",
        "per relative player, score + 256 as two bytes, low first",
    ),
    (
        "supply",
        "per relative player and figure kind in play, figures in supply",
    ),
    (
        "town_halls",
        "per relative player, 1 while holding a town hall (Messengers & Mayors)",
    ),
    ("pile", "per kind index, copies still in the pile"),
    (
        "decision",
        "the decision owed: kind (arrow 1, mayor 2, scarecrow 3, messenger 4, dragon 5, capture 6, wagon 7), player \
         (relative), row + 1, column + 1, segment + 1 of its figure (0s: none)",
    ),
    (
        "arrows",
        "20th Anniversary: the active arrow (add-next-to 1, portal 2, extra-turn 3), \
         the arrow kinds offered (bits 1, 2, 4), 1 in an extra turn",
    ),
    (
        "trapped",
        "Russian promos: per trapped figure, sorted: row + 1, column + 1 of its trap, \
         1 + owner · K + kind, 1 when it may be freed now (0s: no entry)",
    ),
    (
        "goods",
        "Traders & Builders: per relative player, the tokens of wine, grain, cloth",
    ),
    (
        "dragon",
        "The Princess & the Dragon: the dragon's row + 1, column + 1 (0s: not on the board); \
         the fairy's row + 1, column + 1, segment + 1, its follower's owner (relative) + 1, \
         1 while that follower stands there (0s: no fairy); the squares the dragon has been on \
         in its current movement, its start first, 7 times row + 1, column + 1 (0s: none)",
    ),
    (
        "towers",
        "The Tower: per foundation on the board, sorted: row + 1, column + 1, its height, \
         1 + owner · K + kind of the follower on top (0: none) (0s: no entry)",
    ),
    (
        "tower_pieces",
        "The Tower: per relative player, the tower pieces left",
    ),
    (
        "prisoners",
        "The Tower: per relative holder, per relative owner, per figure kind in play, \
         the prisoners held",
    ),
    (
        "ransomed",
        "The Tower: 1 when the player to move paid a ransom this turn",
    ),
    (
        "abbeys",
        "Abbey & Mayor: per relative player, 1 while holding an abbey",
    ),
];

/// The `dragon` field's length: the dragon, the fairy, 7 squares.
const DRAGON_FIELD: usize = 2 + 5 + 2 * (1 + crate::expansion::princess_dragon::DRAGON_MOVES);

/// One part of an observation: `shape` bytes (row-major) from `start`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObservationPart {
    /// Its name in [`BOARD_PLANES`] or [`VECTOR_FIELDS`].
    pub name: &'static str,
    /// Its first byte.
    pub start: usize,
    /// Its shape.
    pub shape: Vec<usize>,
}

impl ObservationPart {
    /// Its length in bytes.
    pub fn len(&self) -> usize {
        self.shape.iter().product()
    }

    /// Whether it holds no byte.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The layout of a game's observations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ObservationLayout {
    side: usize,
    radius: i16,
    segments: usize,
    players: usize,
    figures: usize,
    /// The figure kinds in play (bit per kind in `FigureKind::ALL` order).
    in_play: u16,
    kinds: usize,
    wide: bool,
    /// The figure codes need two bytes (`figure_high` planes): the players'
    /// pairs of kinds do not fit below 255 (many kinds in play, many
    /// players).
    figure_wide: bool,
    /// A kind that can lie down is in play (the scarecrow): its lying
    /// figures have a code of their own.
    lying: bool,
    town_halls: bool,
    arrows: bool,
    traps: bool,
    decisions: bool,
    goods: bool,
    dragon: bool,
    /// The Tower's fields, with the foundations the sets hold.
    towers: bool,
    tower_slots: usize,
    abbeys: bool,
}

/// Planes before the segment planes: tile, (tile_high,) rotation, last.
const fn head(wide: bool) -> usize {
    3 + wide as usize
}

impl ObservationLayout {
    /// The layout for a game of `cat`'s sets and `space`'s frame.
    pub fn new(cat: &Catalog, space: &ActionSpace, players: usize) -> ObservationLayout {
        // The vector fields the expansions in play fill (their `OBSERVES`).
        let has = |name| cat.exp.observes(name);
        let lying = cat.figure_kinds().contains(&FigureKind::Scarecrow);
        let k = space.figures() + usize::from(lying);
        ObservationLayout {
            figure_wide: 1 + players * k + players * k * k >= 255,
            side: space.side(),
            radius: space.radius(),
            segments: space.segments(),
            players,
            figures: space.figures(),
            in_play: cat.exp.figures(),
            kinds: cat.len(),
            wide: cat.len() >= 255,
            lying,
            town_halls: has("town_halls"),
            arrows: has("arrows"),
            traps: has("trapped"),
            decisions: has("decision"),
            goods: has("goods"),
            dragon: has("dragon"),
            towers: has("towers"),
            tower_slots: cat
                .kinds
                .iter()
                .filter(|k| k.def.has_mark(crate::MarkKind::Tower))
                .map(|k| usize::from(k.def.count))
                .sum(),
            abbeys: has("abbeys"),
        }
    }

    /// Figure kinds in the figure codes: those in play, and a lying scarecrow.
    fn code_kinds(&self) -> usize {
        self.figures + usize::from(self.lying)
    }

    /// Board planes in all.
    fn planes(&self) -> usize {
        head(self.wide) + (2 + usize::from(self.figure_wide)) * self.segments
    }

    /// The code of a segment holding figures of two owners (or more than
    /// two figures): past every pair's code.
    fn other_code(&self) -> usize {
        let (k, p) = (self.code_kinds(), self.players);
        match self.figure_wide {
            true => 1 + p * k + p * k * k,
            false => 255,
        }
    }

    /// Entries of the `trapped` list: every figure of every player.
    fn trap_slots(&self) -> usize {
        let per_player: usize = self
            .kinds_in_play()
            .map(|k| usize::from(k.per_player()))
            .sum();
        self.players * per_player
    }

    /// Every part, in order, with its offset and shape.
    pub fn parts(&self) -> Vec<ObservationPart> {
        let (s, p) = (self.side, self.players);
        let mut shapes: Vec<(&'static str, Vec<usize>)> = vec![("tile", vec![s, s])];
        if self.wide {
            shapes.push(("tile_high", vec![s, s]));
        }
        shapes.push(("rotation", vec![s, s]));
        shapes.push(("last", vec![s, s]));
        shapes.push(("feature", vec![self.segments, s, s]));
        shapes.push(("figure", vec![self.segments, s, s]));
        if self.figure_wide {
            shapes.push(("figure_high", vec![self.segments, s, s]));
        }
        for name in ["seat", "to_move", "phase", "in_hand"] {
            shapes.push((name, vec![1]));
        }
        if self.wide {
            shapes.push(("in_hand_high", vec![1]));
        }
        shapes.push(("scores", vec![p, 2]));
        shapes.push(("supply", vec![p, self.figures]));
        if self.town_halls {
            shapes.push(("town_halls", vec![p]));
        }
        shapes.push(("pile", vec![self.kinds]));
        if self.decisions {
            shapes.push(("decision", vec![5]));
        }
        if self.arrows {
            shapes.push(("arrows", vec![3]));
        }
        if self.traps {
            shapes.push(("trapped", vec![self.trap_slots(), 4]));
        }
        if self.goods {
            shapes.push(("goods", vec![p, 3]));
        }
        if self.dragon {
            shapes.push(("dragon", vec![DRAGON_FIELD]));
        }
        if self.towers {
            shapes.push(("towers", vec![self.tower_slots, 4]));
            shapes.push(("tower_pieces", vec![p]));
            shapes.push(("prisoners", vec![p, p, self.figures]));
            shapes.push(("ransomed", vec![1]));
        }
        if self.abbeys {
            shapes.push(("abbeys", vec![p]));
        }
        let mut start = 0;
        shapes
            .into_iter()
            .map(|(name, shape)| {
                let part = ObservationPart { name, start, shape };
                start += part.len();
                part
            })
            .collect()
    }

    /// The observation's length in bytes.
    pub fn size(&self) -> usize {
        let (p, w) = (self.players, usize::from(self.wide));
        self.vector()
            + 4
            + w
            + 2 * p
            + p * self.figures
            + if self.town_halls { p } else { 0 }
            + self.kinds
            + if self.decisions { 5 } else { 0 }
            + if self.arrows { 3 } else { 0 }
            + if self.traps { 4 * self.trap_slots() } else { 0 }
            + if self.goods { 3 * p } else { 0 }
            + if self.dragon { DRAGON_FIELD } else { 0 }
            + if self.towers {
                4 * self.tower_slots + p + p * p * self.figures + 1
            } else {
                0
            }
            + if self.abbeys { p } else { 0 }
    }

    /// The figure kinds in play, in [`FigureKind::ALL`] order.
    fn kinds_in_play(&self) -> impl Iterator<Item = FigureKind> + '_ {
        let in_play = self.in_play;
        FigureKind::ALL
            .into_iter()
            .filter(move |k| in_play >> k.index() & 1 != 0)
    }

    /// A figure kind's place among the kinds in play.
    fn figure_index(&self, k: FigureKind) -> usize {
        super::action::figure_slot(self.in_play, k)
    }

    /// Where the vector part starts.
    fn vector(&self) -> usize {
        self.planes() * self.side * self.side
    }
}
