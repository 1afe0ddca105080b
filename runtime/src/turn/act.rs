//! The figure step: deploy a figure on the tile just placed, take the abbot back,
//! or pass; then the placement's completed features score and the turn passes.

use crate::event::{Cause, Event, Scoring};
use crate::features::NODE_GROUP;
use crate::figure::{Action, FigureKind, Spot};
use crate::game::{Game, Phase, PlacedTile};
use crate::scoring::Tally;
use crate::tile::{ArrowKind, SegmentKind};
use std::fmt;
use std::hint::select_unpredictable;

/// Why a figure-step action is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum ActError {
    /// It is not the figure step.
    WrongPhase,
    /// The player has no such figure in supply.
    NoFigureLeft(FigureKind),
    /// The tile just placed has no such segment.
    NoSuchSegment(u8),
    /// This figure may not stand on this kind of segment.
    NotAllowed {
        /// The figure.
        figure: FigureKind,
        /// The segment's kind.
        kind: SegmentKind,
    },
    /// The segment's feature already holds a figure.
    Occupied {
        /// The segment.
        segment: u8,
    },
    /// The player's abbot is not on the board.
    NoAbbotOnBoard,
    /// A festival return off a festival tile's turn, or of a figure the player
    /// does not have standing there (a trapped one is returned by
    /// [`Action::Free`](crate::Action::Free)).
    NoFestivalReturn,
    /// No such trapped figure of the player's, caught on an earlier turn.
    NotTrapped,
    /// The turn activated no arrow of this kind.
    NoArrow(ArrowKind),
    /// A portal target that is occupied, complete, a special area, or no feature
    /// this figure may stand on.
    BadPortalTarget,
    /// Add-next-to: not exactly one own figure there, a figure that may not
    /// stand on its feature, or a monk and an abbot mixed.
    BadAddNextTo,
    /// A figure deployed on Vodyanoy's tile, which holds only trapped figures.
    OnTrap,
    /// Traders & Builders: a builder into a road or city, or a pig into a
    /// field, that holds no follower of the player's.
    NoOwnFollower(FigureKind),
    /// Traders & Builders: a builder into a road or city the placement
    /// completed.
    BuilderComplete,
    /// The Princess & the Dragon: a figure deployed on the dragon's square
    /// (a volcano just placed).
    DragonSquare,
    /// The Princess & the Dragon: a magic portal's figure onto the tile just
    /// placed (an ordinary deployment), the dragon's square, or an occupied or
    /// complete feature, or one the figure may not stand on.
    BadMagicPortal,
    /// The Princess & the Dragon: the tile just placed has no princess.
    NoPrincess,
    /// The Princess & the Dragon: no knight at that spot of the princess's
    /// city.
    BadPrincess,
    /// The Princess & the Dragon: no own follower there for the fairy (or the
    /// fairy stands beside it already).
    BadFairy,
    /// The Tower: the player has no tower piece left.
    NoTowerPiece,
    /// The Tower: no tower foundation at that square.
    NoTower,
    /// The Tower: a follower on top finished the tower.
    TowerFinished,
    /// The Tower: a follower goes only on top of a tower at least one piece
    /// high, never on a bare foundation.
    BareFoundation,
    /// The Tower: this figure may not go on top of a tower.
    NotOnTower(FigureKind),
    /// The Tower: no such prisoner of the player's held by that player.
    NoPrisoner,
    /// The Tower: a ransom was paid already this turn.
    RansomPaid,
    /// The Tower: a ransom costs 3 points, and the player has fewer.
    RansomPoints,
    /// Abbey & Mayor: a barn on no corner of the tile just placed where four
    /// tiles meet with field at all four corners.
    BarnCorner,
    /// Abbey & Mayor: a barn into a field that holds a barn already.
    BarnField,
}

impl fmt::Display for ActError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActError::WrongPhase => f.write_str("it is not the figure step"),
            ActError::NoFigureLeft(k) => write!(f, "no {k} left in supply"),
            ActError::NoSuchSegment(s) => write!(f, "the tile has no segment {s}"),
            ActError::NotAllowed { figure, kind } => {
                write!(f, "{figure}s may not stand on a {}", kind.name())
            }
            ActError::Occupied { .. } => {
                f.write_str("the feature already holds a figure (occupied feature)")
            }
            ActError::NoAbbotOnBoard => f.write_str("the abbot is not on the board"),
            ActError::NoFestivalReturn => f.write_str(
                "a festival return needs a festival tile just placed and an own figure standing \
                 there (an own trapped figure is returned by freeing it)",
            ),
            ActError::NotTrapped => {
                f.write_str("no such trapped figure of the player's (caught on an earlier turn)")
            }
            ActError::NoArrow(k) => write!(f, "no {} arrow was activated this turn", k.name()),
            ActError::BadPortalTarget => f.write_str(
                "a portal places on an unoccupied, incomplete feature, never a special area",
            ),
            ActError::BadAddNextTo => f.write_str(
                "add-next-to joins exactly one own figure with one that may stand there \
                 (never a monk beside an abbot), and never makes a third",
            ),
            ActError::OnTrap => f.write_str(
                "no figure may be deployed on Vodyanoy's tile: it holds only trapped figures",
            ),
            ActError::NoOwnFollower(FigureKind::Pig) => f.write_str(
                "a pig goes only into a field where the player already has a farmer \
                 (pig-beside-farmer)",
            ),
            ActError::NoOwnFollower(k) => write!(
                f,
                "a {k} goes only into a road or city where the player already has a follower \
                 (builder-beside-follower)"
            ),
            ActError::BuilderComplete => f.write_str(
                "a builder goes only into a road or city that is not complete (builder-open)",
            ),
            ActError::DragonSquare => f.write_str(
                "no figure may be deployed on the dragon's square: the volcano just placed \
                 (volcano)",
            ),
            ActError::BadMagicPortal => f.write_str(
                "a magic portal puts a follower on an unoccupied, incomplete feature of another \
                 tile, never on the dragon's square (magic-portal)",
            ),
            ActError::NoPrincess => f.write_str("the tile just placed has no princess (princess)"),
            ActError::BadPrincess => f.write_str(
                "the princess sends home only a knight of the city her city part joined \
                 (princess)",
            ),
            ActError::BadFairy => f.write_str(
                "the fairy moves only beside one of the player's own followers, not the one it \
                 stands beside already (fairy)",
            ),
            ActError::NoTowerPiece => f.write_str("no tower piece left (pieces)"),
            ActError::NoTower => f.write_str("no tower foundation there (tower-anywhere)"),
            ActError::TowerFinished => f.write_str(
                "a follower on top finished that tower: no more pieces nor followers on it \
                 (tower-follower)",
            ),
            ActError::BareFoundation => f.write_str(
                "a follower goes only on top of a tower at least one piece high, never on a \
                 bare foundation (tower-follower)",
            ),
            ActError::NotOnTower(k) => write!(
                f,
                "a {k} may not go on top of a tower: only a follower or a big follower \
                 (tower-follower)"
            ),
            ActError::NoPrisoner => {
                f.write_str("that player holds no such prisoner of the player's (ransom)")
            }
            ActError::RansomPaid => f.write_str("a ransom is paid once a turn (ransom)"),
            ActError::RansomPoints => {
                f.write_str("a ransom costs 3 points, and the player has fewer (ransom)")
            }
            ActError::BarnCorner => f.write_str(
                "a barn goes only on a corner of the tile just placed where four tiles meet \
                 and all four corners are field (barn-corner)",
            ),
            ActError::BarnField => {
                f.write_str("a barn goes only into a field without a barn (barn-corner)")
            }
        }
    }
}

impl std::error::Error for ActError {}

impl Game {
    /// The tile placed this turn, during the figure step.
    pub fn last_placed(&self) -> Option<&PlacedTile> {
        (self.phase == Phase::Figure)
            .then(|| self.board.tiles.last())
            .flatten()
    }

    /// Appends every legal figure-step action to `out`, [`Action::Pass`] first:
    /// figures on the tile just placed, then the alternatives (abbot recall,
    /// festival returns, freeing a trapped figure, an activated arrow's action).
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        let Some(tile) = self.last_placed() else {
            return;
        };
        out.push(Action::Pass);
        let supply = &self.figs.supply[usize::from(self.current)];
        // Only the kinds in play: the base game's two (a fixed-size array, so
        // the loop over the kinds unrolls) unless an expansion brings more
        // (then all, by masks).
        if !self.cat.rules.any || self.may_deploy(tile).is_ok() {
            match self.cat.rules.figures {
                2 => self.place_actions(tile, [FigureKind::Follower, FigureKind::Abbot], out),
                _ => self.place_actions_all(tile, out),
            }
        }
        // Every abbot in supply: none on the board, so no scan of the figures.
        let abbots = supply[FigureKind::Abbot.index()];
        if abbots < FigureKind::Abbot.per_player() && self.abbot_on_board().is_some() {
            out.push(Action::RecallAbbot);
        }
        if self.cat.rules.any {
            self.expansion_actions(tile, out);
        }
    }

    /// The deployments on the tile just placed, for the base game's figure
    /// kinds `kinds`.
    #[inline]
    fn place_actions<const N: usize>(
        &self,
        tile: &PlacedTile,
        kinds: [FigureKind; N],
        out: &mut Vec<Action>,
    ) {
        let supply = &self.figs.supply[usize::from(self.current)];
        let k = &self.cat.kinds[usize::from(tile.kind)];
        // The segments some figure in supply may stand on, lowest first; for
        // each, the figures in `FigureKind::ALL` order.
        let mut segs = 0;
        for figure in kinds {
            if supply[figure.index()] != 0 {
                segs |= k.stand[figure.index()];
            }
        }
        while segs != 0 {
            let segment = segs.trailing_zeros() as u8;
            segs &= segs - 1;
            let node = tile.node_base + u16::from(segment);
            let free = self.board.features.figures(self.board.features.find(node)) == 0;
            for figure in kinds {
                if supply[figure.index()] != 0
                    && k.stand[figure.index()] & 1 << segment != 0
                    && (free || figure.joins_occupied())
                {
                    out.push(Action::Place { figure, segment });
                }
            }
        }
    }

    /// [`Game::place_actions`] for every figure kind (an expansion's kinds in
    /// play), in the same order. With five kinds, which are in supply and
    /// which may stand on a segment are coin tosses: each segment's figures
    /// come from one mask (the node's, `Features::stand`) instead of a branch
    /// per kind.
    ///
    /// A tile of at most [`NODE_GROUP`] segments (nearly all) is looked at
    /// whole: each of the group's nodes gives its figures (its padding none,
    /// the tile being the last placed), five bits a segment in one word, and
    /// one loop over the word's bits lists them, instead of a loop per
    /// segment whose end a random game mispredicts.
    #[inline(never)]
    fn place_actions_all(&self, tile: &PlacedTile, out: &mut Vec<Action>) {
        let supply = &self.figs.supply[usize::from(self.current)];
        let k = &self.cat.kinds[usize::from(tile.kind)];
        let avail = in_supply(supply);
        let f = &self.board.features;
        if k.nodes.padded_len() == NODE_GROUP {
            let mut pairs = 0u128;
            for segment in 0..NODE_GROUP {
                let node = tile.node_base + segment as u16;
                let free = f.figures(f.find(node)) == 0;
                let may = select_unpredictable(free, u16::MAX, JOINERS);
                let figures = f.stand(node) & avail & may;
                pairs |= u128::from(figures) << (KINDS * segment);
            }
            while pairs != 0 {
                let bit = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                let (segment, figure) = ((bit / KINDS) as u8, FigureKind::ALL[bit % KINDS]);
                out.push(Action::Place { figure, segment });
            }
            return;
        }
        let mut segs = standable(&k.stand, avail);
        while segs != 0 {
            let segment = segs.trailing_zeros() as u8;
            segs &= segs - 1;
            let node = tile.node_base + u16::from(segment);
            let free = self.board.features.figures(self.board.features.find(node)) == 0;
            let may = match free {
                true => u16::MAX,
                false => JOINERS,
            };
            let mut figures = self.board.features.stand(node) & avail & may;
            while figures != 0 {
                let figure = FigureKind::ALL[figures.trailing_zeros() as usize];
                figures &= figures - 1;
                out.push(Action::Place { figure, segment });
            }
        }
    }

    /// Every legal figure-step action, [`Action::Pass`] first.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out
    }

    /// Why `action` is illegal now, if it is.
    pub fn check_action(&self, action: Action) -> Result<(), ActError> {
        let Some(tile) = self.last_placed() else {
            return Err(ActError::WrongPhase);
        };
        match action {
            Action::Pass => Ok(()),
            Action::Place { figure, segment } => self.check_place(tile, figure, segment),
            Action::RecallAbbot => self
                .abbot_on_board()
                .map(|_| ())
                .ok_or(ActError::NoAbbotOnBoard),
            // The expansions' alternatives: checked in their rooms.
            _ => self.check_expansion_action(tile, action),
        }
    }

    fn check_place(
        &self,
        tile: &PlacedTile,
        figure: FigureKind,
        segment: u8,
    ) -> Result<(), ActError> {
        if figure.spec().stands_on == 0 {
            // A kind its expansion places itself.
            let action = Action::Place { figure, segment };
            return self.check_expansion_action(tile, action);
        }
        let segs = &self.cat.kinds[usize::from(tile.kind)].segs;
        let seg = segs
            .get(usize::from(segment))
            .ok_or(ActError::NoSuchSegment(segment))?;
        if !figure.may_stand_on(seg.kind) {
            return Err(ActError::NotAllowed {
                figure,
                kind: seg.kind,
            });
        }
        if self.cat.rules.any {
            self.may_deploy(tile)?;
        }
        if self.supply(self.current, figure) == 0 {
            return Err(ActError::NoFigureLeft(figure));
        }
        let root = self
            .board
            .features
            .find(tile.node_base + u16::from(segment));
        if self.board.features.figures(root) > 0 && !figure.joins_occupied() {
            return Err(ActError::Occupied { segment });
        }
        Ok(())
    }

    fn abbot_on_board(&self) -> Option<usize> {
        self.figs
            .all
            .iter()
            .position(|f| f.player == self.current && f.kind == FigureKind::Abbot)
    }

    /// Takes the figure-step decision, if legal; then completed features score,
    /// and decisions may be owed ([`Game::decision`]) before the turn passes.
    pub fn act(&mut self, action: Action) -> Result<(), ActError> {
        self.check_action(action)?;
        self.act_unchecked(action);
        Ok(())
    }

    /// Takes the decision without checking it (the caller took it from
    /// [`Game::legal_actions`]). A debug build checks anyway and panics on an
    /// illegal action; a release build does nothing outside the figure step.
    ///
    /// Inlined: most random turns pass, and a pass that completes nothing is
    /// a few checks and the turn passing on.
    #[inline(always)]
    pub fn act_unchecked(&mut self, action: Action) {
        debug_assert_eq!(
            self.check_action(action),
            Ok(()),
            "act_unchecked({action:?})"
        );
        let Some(&tile) = self.last_placed() else {
            return;
        };
        self.remember(crate::game::LogEntry::Move(crate::moves::Move::Figure(
            action,
        )));
        if action != Action::Pass {
            self.apply_action(tile, action);
        }
        if self.cat.rules.any {
            self.after_figure_step(tile);
            return;
        }
        self.score_completed(tile);
        self.end_turn();
    }

    /// Step 3 of the turn with expansions in play: the placement's completed
    /// features score, the expansions' follow-ups, then the decisions owed
    /// after scoring are asked (the messengers whose roads scored).
    #[inline]
    pub(crate) fn expansion_scoring_step(&mut self, tile: PlacedTile) {
        self.score_completed(tile);
        self.after_scoring(tile);
        self.ask_owed(crate::decide::Next::End);
    }

    /// A figure-step action other than a pass, before anything scores.
    #[inline(never)]
    fn apply_action(&mut self, tile: PlacedTile, action: Action) {
        let player = self.current;
        match action {
            Action::Place { figure, segment } => {
                let at = Spot {
                    pos: tile.pos,
                    segment,
                };
                self.put_figure(player, figure, at, tile.node_base + u16::from(segment));
            }
            Action::RecallAbbot => self.recall_abbot(),
            Action::Pass => {}
            _ => self.apply_expansion_action(tile, action),
        }
    }

    fn recall_abbot(&mut self) {
        let Some(i) = self.abbot_on_board() else {
            return;
        };
        let abbot = self.lift(i);
        self.figs.supply[usize::from(abbot.player)][FigureKind::Abbot.index()] += 1;
        let root = self.board.features.find(abbot.node);
        let tally = Tally {
            root,
            kind: self.board.features.kind(root),
            cause: Cause::AbbotRecall,
            tiles: 1,
            pennants: 0,
            cities: 0,
            points: self.cloister_points(abbot.node),
            mark: None,
        };
        let points = self.counted(tally).points;
        self.scores[usize::from(abbot.player)] += points as i32;
        if self.events.is_none() {
            return; // the event's lists are not worth allocating
        }
        let scoring = Scoring {
            turn: self.turn,
            cause: Cause::AbbotRecall,
            feature: self.board.features.kind(abbot.node),
            tiles: vec![abbot.pos],
            pennants: 0,
            cities: 0,
            points,
            winners: vec![abbot.player],
            returned: vec![(abbot.player, FigureKind::Abbot)],
            mark: None,
        };
        self.log(Event::Scored(scoring));
    }
}

/// Figure kinds, the bits a segment takes in `place_actions_all`'s word.
const KINDS: usize = FigureKind::ALL.len();

/// The figure kinds that may join an occupied feature (bit per kind in
/// [`FigureKind::ALL`] order).
pub(crate) const JOINERS: u16 = {
    let mut mask = 0;
    let mut i = 0;
    while i < FigureKind::ALL.len() {
        if FigureKind::ALL[i].joins_occupied() {
            mask |= 1 << i;
        }
        i += 1;
    }
    mask
};

/// The figure kinds in `supply` (bit per kind in [`FigureKind::ALL`] order).
#[inline(always)]
pub(crate) fn in_supply(supply: &[u8; FigureKind::ALL.len()]) -> u16 {
    supply
        .iter()
        .enumerate()
        .fold(0, |m, (i, &n)| m | u16::from(n != 0) << i)
}

/// The segments that some figure kind of `avail` (bit per kind) may stand
/// on, from a kind's `stand` masks.
#[inline(always)]
pub(crate) fn standable(stand: &[u32; FigureKind::ALL.len()], avail: u16) -> u32 {
    stand.iter().enumerate().fold(0, |m, (i, &s)| {
        m | s & 0u32.wrapping_sub(u32::from(avail >> i & 1))
    })
}

#[cfg(test)]
mod tests {
    use crate::catalog::Catalog;
    use crate::figure::{Action, FigureKind, Spot};
    use crate::game::{Game, Setup};
    use crate::rng::Rng;
    use crate::sim::RandomPlayer;
    use std::sync::Arc;

    /// The deployments and portal placements listed by masks are exactly the
    /// candidates that `check_action` accepts, in segment-then-kind order
    /// (tiles in placement order for the portal), through random games with
    /// every set, whatever the supplies and occupied features.
    #[test]
    fn listed_deployments_and_portal_placements_are_the_checked_ones() {
        let sets = [
            "base",
            "river",
            "anniversary",
            "festival",
            "promos",
            "mm",
            "abbey-mayor",
        ];
        let cat = Arc::new(Catalog::shipped(&sets).expect("shipped sets"));
        let mut player = RandomPlayer::new(0.6);
        let (mut steps, mut portals) = (0, 0);
        for seed in 0..12u64 {
            let mut game = Game::new(cat.clone(), Setup::new(4)).expect("setup");
            let mut rng = Rng::new(seed);
            while player.turn_until_figure_step(&mut game, &mut rng) {
                let listed = game.legal_actions();
                let places: Vec<Action> = listed
                    .iter()
                    .copied()
                    .filter(|a| matches!(a, Action::Place { .. }))
                    .collect();
                let tile = *game.last_placed().expect("figure step");
                let segs = cat.kinds[usize::from(tile.kind)].segs.len() as u8;
                let checked: Vec<Action> = (0..segs)
                    .flat_map(|segment| {
                        FigureKind::ALL.map(|figure| Action::Place { figure, segment })
                    })
                    .filter(|&a| game.check_action(a).is_ok())
                    .collect();
                // The base game's deployments in segment-then-kind order; the
                // kinds an expansion places itself (a barn) after them.
                let base = |a: &&Action| matches!(a, Action::Place { figure, .. } if figure.spec().stands_on != 0);
                let split = |v: &[Action]| {
                    let (b, mut own): (Vec<Action>, Vec<Action>) = v.iter().partition(base);
                    own.sort_by_key(|a| match a {
                        Action::Place { figure, segment } => (*segment, *figure),
                        _ => (0, FigureKind::Follower),
                    });
                    (b, own)
                };
                assert_eq!(
                    split(&places),
                    split(&checked),
                    "seed {seed} turn {}",
                    game.turn()
                );
                let portal: Vec<Action> = listed
                    .iter()
                    .copied()
                    .filter(|a| matches!(a, Action::Portal { .. }))
                    .collect();
                let mut want = Vec::new();
                for t in game.placed_tiles() {
                    for segment in 0..cat.kinds[usize::from(t.kind)].segs.len() as u8 {
                        let at = Spot {
                            pos: t.pos,
                            segment,
                        };
                        for figure in FigureKind::ALL {
                            let a = Action::Portal { figure, at };
                            if game.check_action(a).is_ok() {
                                want.push(a);
                            }
                        }
                    }
                }
                assert_eq!(portal, want, "seed {seed} turn {}", game.turn());
                steps += 1;
                portals += usize::from(!portal.is_empty());
                player.turn(&mut game, &mut rng);
            }
        }
        assert!(
            steps > 1000 && portals > 10,
            "{steps} figure steps, {portals} portals"
        );
    }
}
