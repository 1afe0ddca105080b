//! The trade goods: taken by the player who completes a city, scored at the
//! end by majority; and the pig's bonus in a field's final scoring.

use crate::event::{Cause, Event, Good, PointsReason};
use crate::features::Node;
use crate::figure::MAX_PLAYERS;
use crate::game::{Game, PlacedTile};
use crate::mark::MarkKind;
use crate::scoring::Tally;
use crate::tile::SegmentKind;

/// What the most tokens of a good score at the end.
const MAJORITY: i32 = 10;

impl Game {
    /// Ruling goods-completer: the current player takes the goods of every
    /// city the tile just placed completed, held by anyone or nobody.
    pub(super) fn take_goods(&mut self, tile: PlacedTile) {
        if !self.completed && self.scratch.touched.is_empty() {
            return;
        }
        let f = &self.board.features;
        let mut roots: Vec<Node> = Vec::new();
        let segs = self.cat.kinds[usize::from(tile.kind)].segs.len() as u16;
        let own = (0..segs).map(|s| tile.node_base + s);
        for n in own.chain(self.scratch.touched.iter().copied()) {
            let r = f.find(n);
            if f.kind(r) == SegmentKind::City && f.open(r) == 0 && !roots.contains(&r) {
                roots.push(r);
            }
        }
        for r in roots {
            let goods = self.city_goods(r);
            for good in Good::ALL {
                let count = goods[good as usize];
                if count == 0 {
                    continue;
                }
                let me = usize::from(self.current);
                let held = &mut self.exp.traders_builders.goods[me][good as usize];
                *held = held.saturating_add(count);
                self.log(Event::GoodsTaken {
                    turn: self.turn,
                    player: self.current,
                    good,
                    count,
                });
            }
        }
    }

    /// The trade-good symbols of the city rooted at `root`, per good.
    fn city_goods(&self, root: Node) -> [u8; 3] {
        let f = &self.board.features;
        let mut goods = [0u8; 3];
        for m in f.members(root) {
            let kind = self.board.tiles[usize::from(f.tile(m))].kind;
            let seg = f.seg(m);
            for mark in self.cat.kinds[usize::from(kind)].def.marks.iter() {
                if mark.kind == MarkKind::Resource && mark.segment == seg {
                    if let Some(n) = goods.get_mut(usize::from(mark.value)) {
                        *n = n.saturating_add(1);
                    }
                }
            }
        }
        goods
    }

    /// Ruling goods-tie: the most tokens of each good score 10, every tied
    /// player; nobody when nobody holds any.
    pub(super) fn goods_majorities(&mut self) {
        let players = usize::from(self.players);
        for good in Good::ALL {
            let goods = self.exp.traders_builders.goods;
            let held = |p: usize| goods[p][good as usize];
            let best = (0..players).map(held).max().unwrap_or(0);
            if best == 0 {
                continue;
            }
            for p in 0..players {
                if held(p) == best {
                    self.scores[p] += MAJORITY;
                    self.log(Event::Points {
                        turn: self.turn,
                        player: p as u8,
                        points: MAJORITY,
                        reason: PointsReason::Goods(good),
                    });
                }
            }
        }
    }

    /// Ruling pig-bonus: a field scored at the end with the pigs of `pigs`
    /// (bit per player) in it: each pig's owner among its winners scores 1
    /// more a completed city.
    pub(super) fn pig_bonus(&mut self, pigs: u8, tally: &Tally, strength: &[u32; MAX_PLAYERS]) {
        if tally.kind != SegmentKind::Field || tally.cause != Cause::EndOfGame || tally.cities == 0
        {
            return;
        }
        let best = strength.iter().copied().max().unwrap_or(0);
        let players = usize::from(self.players);
        for (p, &s) in strength.iter().enumerate().take(players) {
            if pigs >> p & 1 != 0 && best > 0 && s == best {
                let points = i32::from(tally.cities);
                self.scores[p] += points;
                self.log(Event::Points {
                    turn: self.turn,
                    player: p as u8,
                    points,
                    reason: PointsReason::Pig,
                });
            }
        }
    }
}
