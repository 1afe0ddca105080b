//! Writing one observation: the board planes, the figures, the vector.

use super::{head, ObservationLayout};
use crate::decide::Decision;
use crate::figure::{FigureKind, Player};
use crate::game::Phase;
use crate::research::state::State;
use crate::tile::{ArrowKind, SegmentKind};

impl State {
    /// The layout of this game's observations.
    pub fn observation_layout(&self) -> ObservationLayout {
        ObservationLayout::new(self.game.catalog(), &self.space, self.game.players())
    }

    /// Writes the position as `viewer` sees it into `out` (every byte of it:
    /// `out` is cleared first). `None` if `viewer` is no player or `out` is
    /// not [`ObservationLayout::size`] long.
    pub fn observe(&self, viewer: Player, out: &mut [u8]) -> Option<()> {
        let layout = self.observation_layout();
        if usize::from(viewer) >= self.game.players() || out.len() != layout.size() {
            return None;
        }
        out.fill(0);
        let (board, vector) = out.split_at_mut(layout.vector());
        let w = Writer {
            state: self,
            layout: &layout,
            viewer: usize::from(viewer),
        };
        w.board(board);
        w.figures(board);
        w.vector(vector);
        Some(())
    }
}

/// Writes one observation.
struct Writer<'a> {
    state: &'a State,
    layout: &'a ObservationLayout,
    viewer: usize,
}

impl Writer<'_> {
    fn rel(&self, p: Player) -> usize {
        let n = self.layout.players;
        (usize::from(p) + n - self.viewer) % n
    }

    /// The byte of plane `plane` at `(row, column)`.
    fn at(&self, plane: usize, row: usize, column: usize) -> usize {
        (plane * self.layout.side + row) * self.layout.side + column
    }

    fn square(&self, pos: crate::Pos) -> Option<(usize, usize)> {
        let r = self.layout.radius;
        let inside = |v: i16| (-r..=r).contains(&v);
        (inside(pos.x) && inside(pos.y)).then(|| ((pos.y + r) as usize, (pos.x + r) as usize))
    }

    /// Tiles, rotations, the last tile and the segments' features.
    fn board(&self, out: &mut [u8]) {
        let game = &self.state.game;
        let wide = usize::from(self.layout.wide);
        let feature = head(self.layout.wide);
        let features = &game.board.features;
        for t in game.placed_tiles() {
            let Some((r, c)) = self.square(t.pos) else {
                continue;
            };
            let code = usize::from(t.kind) + 1;
            out[self.at(0, r, c)] = code as u8;
            if self.layout.wide {
                out[self.at(1, r, c)] = (code >> 8) as u8;
            }
            out[self.at(1 + wide, r, c)] = t.rotation.quarter_turns();
            let segs = game.cat.kind(t.kind).segments.len();
            for s in 0..segs.min(self.layout.segments) {
                let root = features.find(t.node_base + s as u16);
                let kind = features.kind(root);
                let closed = matches!(
                    kind,
                    SegmentKind::Road | SegmentKind::City | SegmentKind::River
                ) && features.open(root) == 0;
                out[self.at(feature + s, r, c)] = segment_code(kind) + 16 * u8::from(closed);
            }
        }
        if let Some((r, c)) = game.placed_tiles().last().and_then(|t| self.square(t.pos)) {
            out[self.at(2 + wide, r, c)] = 1;
        }
    }

    /// A figure's kind in the figure codes (a lying scarecrow last).
    fn code_kind(&self, kind: FigureKind, lying: bool) -> usize {
        match lying && kind == FigureKind::Scarecrow {
            true => self.layout.figures,
            false => self.layout.figure_index(kind),
        }
    }

    /// The figures, one code per segment.
    fn figures(&self, out: &mut [u8]) {
        let l = self.layout;
        let (k, p) = (l.code_kinds(), l.players);
        let plane = head(l.wide) + l.segments;
        let other = l.other_code();
        for f in self.state.game.figures() {
            let seg = usize::from(f.segment);
            let Some((r, c)) = self.square(f.pos).filter(|_| seg < l.segments) else {
                continue;
            };
            let i = self.at(plane + seg, r, c);
            let high = l
                .figure_wide
                .then(|| self.at(plane + l.segments + seg, r, c));
            let was = usize::from(out[i]) + high.map_or(0, |h| usize::from(out[h]) << 8);
            let (owner, kind) = (self.rel(f.player), self.code_kind(f.kind, f.lying));
            let code = match was {
                0 => 1 + owner * k + kind,
                single if single <= p * k => {
                    let (o, a) = ((single - 1) / k, (single - 1) % k);
                    let (a, b) = (a.min(kind), a.max(kind));
                    match o == owner {
                        true => 1 + p * k + owner * k * k + a * k + b,
                        false => other,
                    }
                }
                _ => other,
            };
            out[i] = (code & 255) as u8;
            if let Some(h) = high {
                out[h] = (code >> 8) as u8;
            }
        }
    }

    /// Everything that is not on a square.
    fn vector(&self, out: &mut [u8]) {
        let state = self.state;
        let game = &state.game;
        let l = self.layout;
        let mut v = VecWriter { out, at: 0 };
        v.put(self.viewer);
        v.put(state.current_player().map_or(l.players, |p| self.rel(p)));
        v.put(self.phase());
        let hand = match game.phase() {
            Phase::Place(kind) => usize::from(kind) + 1,
            _ => 0,
        };
        v.put(hand & 255);
        if l.wide {
            v.put(hand >> 8);
        }
        let players = l.players as u8;
        let seats = (0..players).map(|i| (self.viewer as u8 + i) % players);
        for seat in seats.clone() {
            let score = (game.scores()[usize::from(seat)] + 256).clamp(0, 65535) as usize;
            v.put(score & 255);
            v.put(score >> 8);
        }
        for seat in seats.clone() {
            for kind in l.kinds_in_play() {
                v.put(game.supply(seat, kind).into());
            }
        }
        if l.town_halls {
            for seat in seats.clone() {
                v.put(game.holds_town_hall(seat).into());
            }
        }
        game.pile.add_counts(&mut v.out[v.at..v.at + l.kinds]);
        v.at += l.kinds;
        if l.decisions {
            self.decision(&mut v);
        }
        if l.arrows {
            self.arrows(&mut v);
        }
        if l.traps {
            self.trapped(&mut v);
        }
        if l.goods {
            for seat in seats.clone() {
                for n in game.goods(seat) {
                    v.put(n.into());
                }
            }
        }
        if l.dragon {
            self.dragon(&mut v);
        }
        if l.towers {
            self.towers(&mut v);
            for seat in seats.clone() {
                v.put(game.tower_pieces(seat).into());
            }
            for holder in seats.clone() {
                for owner in seats.clone() {
                    for kind in l.kinds_in_play() {
                        v.put(game.prisoners(holder, owner, kind).into());
                    }
                }
            }
            v.put(game.ransom_paid().into());
        }
        if l.abbeys {
            for seat in seats {
                v.put(game.holds_abbey(seat).into());
            }
        }
    }

    /// The dragon, the fairy and the squares of the dragon's movement.
    fn dragon(&self, v: &mut VecWriter<'_>) {
        let game = &self.state.game;
        let square = |v: &mut VecWriter<'_>, pos: Option<crate::Pos>| match pos
            .and_then(|p| self.square(p))
        {
            Some((r, c)) => {
                v.put(r + 1);
                v.put(c + 1);
            }
            None => v.at += 2,
        };
        square(v, game.dragon());
        match game.fairy() {
            Some((at, owner, bound)) => {
                self.spot(v, at);
                v.put(self.rel(owner) + 1);
                v.put(bound.into());
            }
            None => v.at += 5,
        }
        let visited = game.dragon_visited();
        for i in 0..=crate::expansion::princess_dragon::DRAGON_MOVES {
            square(v, visited.get(i).copied());
        }
    }

    fn phase(&self) -> usize {
        if self.state.is_chance() {
            return 5;
        }
        match self.state.game.phase() {
            Phase::Draw => 0,
            Phase::Place(_) => 1,
            Phase::Figure => 2,
            Phase::Decide => 3,
            Phase::Over => 4,
        }
    }

    /// A spot as row + 1, column + 1, segment + 1 (0s outside the frame).
    fn spot(&self, v: &mut VecWriter<'_>, at: crate::Spot) {
        match self.square(at.pos) {
            Some((r, c)) => {
                v.put(r + 1);
                v.put(c + 1);
                v.put(usize::from(at.segment) + 1);
            }
            None => v.at += 3,
        }
    }

    fn decision(&self, v: &mut VecWriter<'_>) {
        let Some(d) = self.state.game.decision() else {
            v.at += 5;
            return;
        };
        let (code, at) = match d {
            Decision::Arrow { .. } => (1, None),
            Decision::Mayor { at, .. } => (2, Some(at)),
            Decision::Scarecrow { at, .. } => (3, Some(at)),
            Decision::Messenger { from, .. } => (4, Some(from)),
            Decision::Dragon { .. } => (5, None),
            Decision::Capture { at, .. } => (
                6,
                Some(crate::Spot {
                    pos: at,
                    segment: 0,
                }),
            ),
            Decision::Wagon { from, .. } => (7, Some(from)),
        };
        v.put(code);
        v.put(self.rel(d.player()));
        match at {
            Some(at) => self.spot(v, at),
            None => v.at += 3,
        }
    }

    fn arrows(&self, v: &mut VecWriter<'_>) {
        let game = &self.state.game;
        let code = |k: ArrowKind| match k {
            ArrowKind::AddNextTo => 1,
            ArrowKind::Portal => 2,
            ArrowKind::ExtraTurn => 3,
        };
        v.put(game.active_arrow().map_or(0, code));
        v.put(usize::from(game.arrow_choices()));
        v.put(usize::from(game.is_extra_turn()));
    }

    fn trapped(&self, v: &mut VecWriter<'_>) {
        let game = &self.state.game;
        let l = self.layout;
        let mut entries: Vec<[u8; 4]> = game
            .trapped()
            .iter()
            .map(|t| {
                let (r, c) = self.square(t.at).map_or((0, 0), |(r, c)| (r + 1, c + 1));
                let who = 1 + self.rel(t.player) * l.code_kinds() + l.figure_index(t.kind);
                let free = u8::from(t.turn < game.turn());
                [r.min(255) as u8, c.min(255) as u8, who as u8, free]
            })
            .collect();
        entries.sort_unstable();
        let end = v.at + 4 * l.trap_slots();
        for e in entries.iter().take(l.trap_slots()) {
            v.out[v.at..v.at + 4].copy_from_slice(e);
            v.at += 4;
        }
        v.at = end;
    }

    /// The Tower: the foundations on the board, sorted.
    fn towers(&self, v: &mut VecWriter<'_>) {
        let l = self.layout;
        let mut entries: Vec<[u8; 4]> = self
            .state
            .game
            .towers()
            .iter()
            .map(|t| {
                let (r, c) = self.square(t.at).map_or((0, 0), |(r, c)| (r + 1, c + 1));
                let top = t.follower.map_or(0, |(p, k)| {
                    1 + self.rel(p) * l.code_kinds() + l.figure_index(k)
                });
                [
                    r.min(255) as u8,
                    c.min(255) as u8,
                    t.height,
                    top.min(255) as u8,
                ]
            })
            .collect();
        entries.sort_unstable();
        let end = v.at + 4 * l.tower_slots;
        for e in entries.iter().take(l.tower_slots) {
            v.out[v.at..v.at + 4].copy_from_slice(e);
            v.at += 4;
        }
        v.at = end;
    }
}

/// The vector part being written, byte by byte.
struct VecWriter<'a> {
    out: &'a mut [u8],
    at: usize,
}

impl VecWriter<'_> {
    fn put(&mut self, value: usize) {
        self.out[self.at] = value.min(255) as u8;
        self.at += 1;
    }
}

/// A segment kind's code in the `feature` planes.
fn segment_code(kind: SegmentKind) -> u8 {
    match kind {
        SegmentKind::Road => 1,
        SegmentKind::City => 2,
        SegmentKind::Field => 3,
        SegmentKind::Monastery => 4,
        SegmentKind::Garden => 5,
        SegmentKind::River => 6,
        SegmentKind::Hut => 7,
        _ => 8,
    }
}
