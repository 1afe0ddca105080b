//! Messengers & Mayors: the town halls, the mayor, the scarecrow and the
//! messengers.
//!
//! Each player holds a town hall and may place it instead of drawing (or must,
//! once the pile is empty); its placement sends the mayors next to it home. A
//! mayor or scarecrow left surrounded by a placement acts (a mayor may swap
//! itself for an opponent's follower on its feature; a scarecrow hands over to
//! a follower or lies down), and a messenger whose road scored may move on to a
//! road or city joined to it at a junction.
//!
//! Rulings (each quoted from its rule page in `docs/game-record.md`):
//! - **mayor-when**: a surrounded mayor's swap is asked after the figure step,
//!   before scoring; **surround-when**: a mayor or scarecrow is "left
//!   surrounded" by a placement when its tile is the placed tile or
//!   orthogonally next to it and then has all four orthogonal neighbours (a
//!   town hall counts as a neighbour).
//! - **town-hall-points**: a town hall fills its square but brings no points
//!   (a monastery or garden does not count it); **mayor-zero**: strength 0 (a
//!   mayor, a standing scarecrow) wins nothing (`turn/scoring.rs`).
//! - **messenger-junction**: a messenger goes on to the roads ending at the
//!   same place as its scored road on one tile, whichever `end` statements
//!   name that place, and into the incomplete city whose gate it is; a
//!   completed city links nothing ([`junction_place`]).

use crate::catalog::KindId;
use crate::decide::{Choice, Decision, Pending};
use crate::draw::DrawError;
use crate::event::{Event, ReturnReason};
use crate::features::Node;
use crate::figure::{FigureKind, Player, Spot};
use crate::game::{Extra, Game, LogEntry, Phase, PlacedTile};
use crate::geom::{Pos, AROUND};
use crate::moves::Move;
use crate::tile::{EndKind, RoadEnd, SegmentKind, SegmentMask, TileKind};

impl Game {
    /// Every mayor orthogonally next to a town hall just placed goes home.
    pub(crate) fn town_hall_meeting(&mut self, at: Pos) {
        let mut i = 0;
        while i < self.figs.all.len() {
            let f = self.figs.all[i];
            if f.kind == FigureKind::Mayor && (0..4).any(|d| at.step(d) == f.pos) {
                self.send_home(i, ReturnReason::TownHall);
            } else {
                i += 1;
            }
        }
    }

    /// Which of the placed tile's square (bit 4) and its four neighbours' (bit
    /// `d` beyond side `d`) the placement of `tile` left surrounded, when a
    /// mayor or a standing scarecrow stands on one of them (0 otherwise, and
    /// always without Messengers & Mayors): most placements are near none,
    /// and then neither the squares nor the figures are looked at (inlined:
    /// the test is smaller than a call).
    #[inline]
    pub(crate) fn surrounded(&self, tile: PlacedTile) -> u8 {
        if self.figs.watched == 0 || !self.board.grid.watched_near(tile.pos) {
            return 0;
        }
        match self.board.grid.surrounded_near(tile.pos) {
            Some(mask) => mask,
            None => self.surrounded_slow(tile.pos),
        }
    }

    /// The mayors and the standing scarecrows on the squares `squares`
    /// ([`Game::surrounded`]), queued as decisions, in the order they stand
    /// (asked before the turn's scoring: rulings mayor-when, scarecrow-when).
    pub(crate) fn surround_triggers(&mut self, tile: PlacedTile, squares: u8) {
        // Most placements surround no square: then no figure is looked at.
        if squares == 0 {
            return;
        }
        for i in 0..self.figs.all.len() {
            let f = &self.figs.all[i];
            if !f.watched() {
                continue;
            }
            // The placed tile's square or one beyond a side, without a branch
            // per side.
            if !surround_bit(tile.pos, f.pos, squares) {
                continue;
            }
            let (player, at) = (f.player, f.spot());
            let decision = match f.kind {
                FigureKind::Mayor => crate::decide::Decision::Mayor { player, at },
                _ => crate::decide::Decision::Scarecrow { player, at },
            };
            let node = f.node;
            self.pending.push(Pending { decision, node });
        }
    }

    /// [`Grid::surrounded_near`](crate::grid::Grid) by lookups, for a square
    /// outside the grid's margin (never a placed tile's, in practice).
    #[cold]
    fn surrounded_slow(&self, pos: Pos) -> u8 {
        let filled = |p: Pos| self.board.grid.tile(p).is_some();
        let around = |p: Pos| filled(p) && (0..4).all(|d| filled(p.step(d)));
        let mut mask = u8::from(around(pos)) << 4;
        for d in 0..4 {
            mask |= u8::from(around(pos.step(d))) << d;
        }
        mask
    }

    /// A surrounded mayor's swap (if `choice` is one), then the mayor goes home.
    pub(crate) fn mayor_acts(&mut self, player: Player, at: Spot, choice: Choice) {
        if self.figure_at(player, FigureKind::Mayor, at).is_none() {
            return;
        }
        if let Choice::Swap { player: other, at } = choice {
            if let Some(j) = self.figure_at(other, FigureKind::Follower, at) {
                let their = self.figs.all[j].node;
                self.send_home(j, ReturnReason::Swapped);
                self.put_figure(player, FigureKind::Follower, at, their);
            }
        }
        if let Some(i) = self.figure_at(player, FigureKind::Mayor, at) {
            self.send_home(i, ReturnReason::Surrounded);
        }
    }

    pub(crate) fn scarecrow_acts(&mut self, player: Player, at: Spot, choice: Choice) {
        let Some(i) = self.figure_at(player, FigureKind::Scarecrow, at) else {
            return;
        };
        match choice {
            Choice::LieDown => {
                self.figs.all[i].lying = true;
                self.figs.watched -= 1;
                self.board.grid.watch(at.pos, false);
                self.log(Event::LaidDown {
                    turn: self.turn,
                    player,
                    at,
                });
            }
            Choice::HandOver => {
                let node = self.figs.all[i].node;
                self.send_home(i, ReturnReason::Surrounded);
                self.put_figure(player, FigureKind::Follower, at, node);
            }
            _ => self.send_home(i, ReturnReason::Surrounded),
        }
    }

    pub(crate) fn messenger_moves(&mut self, player: Player, from: Spot, to: Spot) {
        let Some(t) = self.board.grid.tile(to.pos) else {
            return;
        };
        let node = self.board.tiles[usize::from(t)].node_base + u16::from(to.segment);
        if self.supply(player, FigureKind::Messenger) == 0 {
            return;
        }
        // The messenger left the board when its road scored; it comes back here.
        self.stand(player, FigureKind::Messenger, to, node);
        self.log(Event::Moved {
            turn: self.turn,
            player,
            figure: FigureKind::Messenger,
            from,
            to,
        });
        self.arrive_last();
    }

    /// Every spot a messenger may move to from the scored road of `road`: on
    /// each tile of the road, every incomplete road that ends at the same place
    /// as it, and every incomplete city whose gate is that place (ruling
    /// messenger-junction, [`junction_place`]).
    pub(crate) fn messenger_targets(&self, road: Node, out: &mut Vec<Choice>) {
        let features = &self.board.features;
        let root = features.find(road);
        let mut found: Vec<Node> = Vec::new();
        for m in features.members(root) {
            let tile = self.board.tiles[usize::from(features.tile(m))];
            let k = &self.cat.kinds[usize::from(tile.kind)];
            let seg = features.seg(m);
            let feature = |s: u32| features.find(tile.node_base + s as u16);
            let open = |s: u32| features.open(feature(s)) > 0;
            let mut others = junction_place(&k.def, seg, open) & !(1 << seg);
            while others != 0 {
                let s = others.trailing_zeros();
                others &= others - 1;
                let Some(info) = k.segs.get(s as usize) else {
                    continue;
                };
                if !matches!(info.kind, SegmentKind::Road | SegmentKind::City) {
                    continue;
                }
                let r = feature(s);
                if r != root && open(s) && !found.contains(&r) {
                    found.push(r);
                }
            }
        }
        for r in found {
            for m in features.members(r) {
                let tile = self.board.tiles[usize::from(features.tile(m))];
                out.push(Choice::Move {
                    to: Spot {
                        pos: tile.pos,
                        segment: features.seg(m),
                    },
                });
            }
        }
    }

    /// Town halls among the eight squares around `pos`: they fill their squares
    /// (a monastery can be completed by one) but bring no points (ruling
    /// town-hall-points).
    #[inline(never)]
    pub(crate) fn town_halls_around(&self, pos: Pos) -> u32 {
        let Some(hall) = self.cat.rules.town_hall else {
            return 0;
        };
        AROUND
            .iter()
            .filter_map(|&(dx, dy)| self.board.grid.tile(pos.offset(dx, dy)))
            .filter(|&t| self.board.tiles[usize::from(t)].kind == hall)
            .count() as u32
    }

    /// Messengers & Mayors: takes the current player's town hall to place instead
    /// of drawing a land tile. A town hall fits next to any placed tile.
    pub fn take_town_hall(&mut self) -> Result<(), DrawError> {
        self.take_hall()?;
        self.remember(LogEntry::Move(Move::TakeTownHall));
        Ok(())
    }

    /// [`Game::take_town_hall`], unlogged (the engine's hand-over at the end of
    /// the pile is no move of the player's).
    pub(crate) fn take_hall(&mut self) -> Result<(), DrawError> {
        self.check_draw_phase()?;
        let held = &mut self.exp.town_halls[usize::from(self.current)];
        match (self.cat.rules.town_hall, *held) {
            (Some(kind), true) => {
                *held = false;
                self.phase = Phase::Place(kind);
                // Counted once, not once for the count and again for the pick
                // (no blocks: the pick scans the frontier, as for a tile drawn
                // by name).
                self.scratch.blocks.clear();
                self.drawn_count = Some(self.count_for(kind));
                Ok(())
            }
            _ => Err(DrawError::NoTownHall),
        }
    }

    /// Whether `player` still holds a town hall to place.
    pub fn holds_town_hall(&self, player: Player) -> bool {
        self.exp
            .town_halls
            .get(usize::from(player))
            .copied()
            .unwrap_or(false)
    }

    /// With the pile empty: gives the turn to the next player (from the current
    /// one, in turn order) still holding a town hall, who takes it to place.
    pub(crate) fn next_town_hall(&mut self) -> Option<KindId> {
        let kind = self.cat.rules.town_hall?;
        let n = self.players;
        let p = (0..n)
            .map(|i| (self.current + i) % n)
            .find(|&p| self.exp.town_halls[usize::from(p)])?;
        if p != self.current {
            self.current = p;
            self.exp.extra = Extra::No;
        }
        self.take_hall().ok()?;
        Some(kind)
    }

    /// A surrounded mayor's answers: decline, or swap with an opponent's
    /// follower on the mayor's feature (`node`) when a follower is in supply.
    pub(crate) fn mayor_choices(&self, player: Player, node: Node, out: &mut Vec<Choice>) {
        out.push(Choice::Decline);
        if self.supply(player, FigureKind::Follower) == 0 {
            return;
        }
        let root = self.board.features.find(node);
        for f in &self.figs.all {
            let swap = Choice::Swap {
                player: f.player,
                at: f.spot(),
            };
            if f.player != player
                && f.kind == FigureKind::Follower
                && self.board.features.find(f.node) == root
                && !out.contains(&swap)
            {
                out.push(swap);
            }
        }
    }

    /// A surrounded scarecrow's answers: decline (it goes home), hand over to
    /// a follower from supply, or lie down.
    pub(crate) fn scarecrow_choices(&self, player: Player, out: &mut Vec<Choice>) {
        out.push(Choice::Decline);
        if self.supply(player, FigureKind::Follower) > 0 {
            out.push(Choice::HandOver);
        }
        out.push(Choice::LieDown);
    }

    /// A messenger whose road scored (it is off the board already) may move on
    /// once everything has scored: its decision is queued.
    pub(crate) fn messenger_scored(&mut self, player: Player, from: Spot, node: Node) {
        self.pending.push(Pending {
            decision: Decision::Messenger { player, from },
            node,
        });
    }
}

/// The segments at the place where road `seg` of `kind` ends, the road itself
/// included (0 when it ends nowhere a messenger may go on from): ruling
/// messenger-junction. A place is a junction, a village, Bogatyr's stone or a
/// segment of the tile (a monastery, a garden, a hut, a city's gate), whichever
/// `end` statements name it: two roads ending at one monastery in two
/// statements end at one place. A city links the roads ending at it only while
/// it is incomplete (`open_city(segment)`); a completed city, a field and a town
/// hall are no junction, and a place never spans tiles. A bank, a tunnel, a
/// spring or a lake is no place where roads meet.
pub(crate) fn junction_place(
    kind: &TileKind,
    seg: u8,
    open_city: impl Fn(u32) -> bool,
) -> SegmentMask {
    let bit: SegmentMask = 1 << seg;
    // The segments of `m` that can make a junction: all but completed cities.
    let hubs = |m: SegmentMask| {
        let mut out = m;
        let mut rest = m;
        while rest != 0 {
            let s = rest.trailing_zeros();
            rest &= rest - 1;
            let city = kind.segments.get(s as usize).map(|x| x.kind) == Some(SegmentKind::City);
            if city && !open_city(s) {
                out &= !(1 << s);
            }
        }
        out
    };
    // Whether an end point links the roads ending at it: a junction, a
    // village or a stone always; a segment while it is no completed city.
    let place_of = |e: &RoadEnd| match e.kind {
        EndKind::Junction | EndKind::Village | EndKind::Stone => true,
        EndKind::Segment => hubs(e.touches) != 0,
        _ => false,
    };
    // Bogatyr's stone joins the two roads both ways: a messenger may pass from
    // the road ending at the stone to the road it touches, and back (seed rule
    // page: "yes, between the 1-legged and the 3-legged road").
    let holds =
        |e: &RoadEnd| e.segments & bit != 0 || (e.kind == EndKind::Stone && e.touches & bit != 0);
    let mut place: SegmentMask = 0;
    let mut taken: u32 = 0;
    for (i, e) in kind.ends.iter().enumerate() {
        if holds(e) && place_of(e) {
            place |= e.segments | e.touches;
            taken |= 1 << i;
        } else if holds(e) && e.kind == EndKind::Segment {
            // The gate of a completed city: the city only, no other road.
            place |= bit | e.touches;
        }
    }
    // Grow the place by every other end point at it, until none joins: one that
    // reaches a segment already there (a city only while incomplete).
    loop {
        let at = hubs(place);
        let before = taken;
        for (i, e) in kind.ends.iter().enumerate() {
            if taken & (1 << i) == 0 && place_of(e) && (e.segments | e.touches) & at != 0 {
                place |= e.segments | e.touches;
                taken |= 1 << i;
            }
        }
        if taken == before {
            return place;
        }
    }
}

/// For each square of the 3 x 3 block around a placed tile (row by row from
/// the north-west): its bit in a surround mask ([`Game::surrounded`]: the
/// square beyond side `d` is bit `d`, the tile's own bit 4), or 7 (never set)
/// for a corner.
const SURROUND_BITS: [u8; 9] = [7, 0, 7, 3, 4, 1, 7, 2, 7];

/// Whether the square `at` is among `squares`, the surround mask of the tile
/// placed at `placed` (its square or one beyond a side), without branches.
fn surround_bit(placed: Pos, at: Pos, squares: u8) -> bool {
    let dx = i32::from(at.x) - i32::from(placed.x);
    let dy = i32::from(at.y) - i32::from(placed.y);
    let near = (dx.unsigned_abs() <= 1) & (dy.unsigned_abs() <= 1);
    let cell = ((dy + 1) * 3 + (dx + 1)).clamp(0, 8) as usize;
    near & (squares >> SURROUND_BITS[cell] & 1 != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names of the segments at the place where road `road` of tile `id`
    /// ends, with every city open or every city complete.
    fn place(id: &str, road: &str, cities_open: bool) -> Vec<String> {
        let kind = crate::tables::SETS
            .iter()
            .find_map(|s| s.tile(id))
            .expect("shipped tile");
        let seg = kind
            .segments
            .iter()
            .position(|s| s.name == road)
            .expect("road");
        let mask = junction_place(kind, seg as u8, |_| cities_open);
        let mut names: Vec<String> = (0..kind.segments.len())
            .filter(|&s| mask & (1 << s) != 0)
            .map(|s| kind.segments[s].name.to_string())
            .collect();
        names.sort();
        names
    }

    /// mm/K ends its two roads at one incomplete city in two `end` statements:
    /// one place; once the city is complete, none.
    #[test]
    fn roads_ending_at_one_incomplete_city_meet_there() {
        assert_eq!(place("mm/K", "rn", true), ["c", "rn", "rs"]);
        assert_eq!(place("mm/K", "rs", true), ["c", "rn", "rs"]);
        assert_eq!(place("mm/K", "rn", false), ["c", "rn"]);
    }

    /// A monastery, a village, a junction and Bogatyr's stone link the roads
    /// ending there whether or not a city is complete; a bank links none.
    #[test]
    fn other_places_link_their_roads() {
        assert_eq!(place("mm/D", "rw", false), ["m", "re", "rn", "rs", "rw"]);
        assert_eq!(place("base/L", "re", true), ["re", "rs", "rw"]);
        assert_eq!(place("festival/5", "rw", false), ["cn", "cs", "re", "rw"]);
        assert_eq!(place("promos/bogatyr", "rn", true), ["r", "rn"]);
        assert_eq!(place("promos/bogatyr", "r", true), ["r", "rn"]);
        assert!(place("mm/L", "r", true).is_empty());
    }

    /// The branchless surround test agrees with the steps it stands for.
    #[test]
    fn surround_bits_agree_with_the_steps() {
        let placed = Pos::new(3, -2);
        for (dx, dy) in (-3..=3).flat_map(|dx| (-3..=3).map(move |dy| (dx, dy))) {
            let at = placed.offset(dx, dy);
            let bit = (0..4)
                .find(|&d| placed.step(d) == at)
                .or((at == placed).then_some(4));
            for squares in 0..32u8 {
                let want = bit.is_some_and(|b| squares & (1 << b) != 0);
                let got = surround_bit(placed, at, squares);
                assert_eq!(got, want, "{at} around {placed}, squares {squares:#b}");
            }
        }
    }
}
