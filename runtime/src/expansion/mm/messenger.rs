//! Messengers & Mayors: the messengers, who move on when their road scores
//! (ruling messenger-junction).

use crate::decide::{Choice, Decision, Pending};
use crate::event::Event;
use crate::features::Node;
use crate::figure::{FigureKind, Player, Spot};
use crate::game::Game;
use crate::tile::{EndKind, RoadEnd, SegmentKind, SegmentMask, TileKind};

impl Game {
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
}
