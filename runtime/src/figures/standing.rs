//! Figures on the board: the bookkeeping of a figure coming onto the board or
//! leaving it (its feature's count, the supply, the cloister list, the count of
//! figures a surround can trigger), shared by every rule that moves figures.

use crate::event::{Event, ReturnReason};
use crate::features::Node;
use crate::figure::{Figure, FigureKind, Player, Spot};
use crate::game::Game;
use crate::scoring::is_cloister;

impl Game {
    /// Takes figure `i` off the board (its feature's count drops); returns it.
    pub(crate) fn lift(&mut self, i: usize) -> crate::figure::Figure {
        let f = self.figs.all.remove(i);
        self.scratch.lifted = true;
        self.drop_cloister(&f, i);
        self.unwatch(&f);
        let root = self.board.features.find(f.node);
        let n = self.board.features.figures(root);
        self.board.features.set_figures(root, n.saturating_sub(1));
        f
    }

    /// The index in `figures` of `player`'s figure of `kind` at `at`.
    pub(crate) fn figure_at(&self, player: Player, kind: FigureKind, at: Spot) -> Option<usize> {
        self.figs
            .all
            .iter()
            .position(|f| f.player == player && f.kind == kind && f.spot() == at)
    }

    /// Puts `player`'s `kind` from supply on node `node` at `at` (no checks);
    /// an expansion may take it at once (Vodyanoy's trap).
    // Always inlined: the base game's deployment is on the hot path.
    #[inline(always)]
    pub(crate) fn put_figure(&mut self, player: Player, kind: FigureKind, at: Spot, node: Node) {
        self.stand(player, kind, at, node);
        self.log(Event::FigurePlaced {
            turn: self.turn,
            player,
            figure: kind,
            pos: at.pos,
            segment: at.segment,
        });
        self.arrive_last();
    }

    /// The bookkeeping of a figure coming from supply onto node `node` at `at`:
    /// its feature's count, the supply, the cloister and surround counts.
    #[inline(always)]
    pub(crate) fn stand(&mut self, player: Player, kind: FigureKind, at: Spot, node: Node) {
        let root = self.board.features.find(node);
        let count = self.board.features.figures(root);
        self.board
            .features
            .set_figures(root, count.saturating_add(1));
        let stock = &mut self.figs.supply[usize::from(player)][kind.index()];
        *stock = stock.saturating_sub(1);
        let cloister = is_cloister(self.board.features.kind(node));
        if cloister {
            self.figs.cloisters.push((at.pos, node));
        }
        let watched = crate::figure::WATCHED >> kind.index() & 1 != 0;
        self.figs.watched += usize::from(watched);
        if watched {
            self.board.grid.watch(at.pos, true);
        }
        self.figs.all.push(Figure {
            player,
            kind,
            pos: at.pos,
            segment: at.segment,
            node,
            cloister,
            lying: false,
        });
    }

    /// The surround counts of figure `f`, leaving the board, if a surround
    /// could trigger it ([`Figure::watched`](crate::figure::Figure)).
    pub(crate) fn unwatch(&mut self, f: &Figure) {
        if f.watched() {
            self.figs.watched -= 1;
            self.board.grid.watch(f.pos, false);
        }
    }

    /// The expansions see the figure that just arrived (Vodyanoy takes it if
    /// it stands within reach).
    #[inline(always)]
    pub(crate) fn arrive_last(&mut self) {
        if self.cat.rules.any {
            self.arrived(self.figs.all.len() - 1);
        }
    }

    /// Sends figure `i` home without scoring.
    pub(crate) fn send_home(&mut self, i: usize, reason: ReturnReason) {
        let f = self.lift(i);
        self.figs.supply[usize::from(f.player)][f.kind.index()] += 1;
        self.log(Event::Returned {
            turn: self.turn,
            player: f.player,
            figure: f.kind,
            from: f.spot(),
            reason,
        });
    }

    /// Forgets `f`'s entry in the cloister list, if it stands on a cloister;
    /// `f` was figure `i` of the list of figures, just removed from it. A
    /// node may hold two figures (an add-next-to arrow's second): the entry
    /// dropped is the one of the same rank among that node's entries as `f`
    /// among its figures, so that the cloister list keeps the figures' order.
    pub(crate) fn drop_cloister(&mut self, f: &Figure, i: usize) {
        if f.cloister {
            let all = &self.figs.all;
            let rank = all[..i.min(all.len())]
                .iter()
                .filter(|g| g.cloister && g.node == f.node)
                .count();
            let at = self
                .figs
                .cloisters
                .iter()
                .enumerate()
                .filter(|(_, &(_, n))| n == f.node)
                .nth(rank)
                .map(|(k, _)| k);
            if let Some(k) = at {
                self.figs.cloisters.remove(k);
            }
        }
    }
}
