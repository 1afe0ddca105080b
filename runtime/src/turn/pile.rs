//! The draw pile: the copies not yet drawn, in four groups drawn in order
//! (river forks, the other river tiles, then the lake, then land tiles).
//!
//! The pile is a multiset, not a shuffled deck: a draw picks a uniformly
//! random copy of the current group with the caller's [`Rng`], so a clone of
//! a game holds no future order to leak. The fast draw
//! ([`Pile::draw_random`], random play) takes the copy out by swapping, so
//! which copy an index names depends on the draws before; the canonical draw
//! ([`Pile::draw_canonical`], the research state's chance stream) picks the
//! copy at its index in kind order, so what it gives depends on the copies
//! left and the generator alone, and a game rebuilt from its record draws on
//! as the game did.

use crate::catalog::{Catalog, KindId, PileClass};
use crate::rng::Rng;

/// The groups, in draw order.
const GROUPS: usize = 4;

fn group(class: PileClass) -> usize {
    match class {
        PileClass::Fork => 0,
        PileClass::Spring | PileClass::River => 1,
        PileClass::Lake => 2,
        PileClass::Land | PileClass::TownHall | PileClass::Abbey | PileClass::Laid => 3,
    }
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Pile {
    groups: [Vec<KindId>; GROUPS],
}

impl Pile {
    /// Every copy of every kind, in kind order.
    pub fn full(cat: &Catalog) -> Pile {
        let mut groups: [Vec<KindId>; GROUPS] = Default::default();
        for id in cat.kind_ids() {
            let class = cat.pile_class(id);
            if matches!(
                class,
                PileClass::TownHall | PileClass::Abbey | PileClass::Laid
            ) {
                continue; // held by the players, or laid out at setup: never drawn
            }
            let count = usize::from(cat.kind(id).count);
            groups[group(cat.pile_class(id))].extend(std::iter::repeat_n(id, count));
        }
        Pile { groups }
    }

    /// Makes this pile a copy of `full` less one copy of `start`, keeping its
    /// allocations.
    pub fn reset(&mut self, cat: &Catalog, full: &Pile, start: KindId) {
        for (g, f) in self.groups.iter_mut().zip(&full.groups) {
            g.clone_from(f);
        }
        self.take(cat, start);
    }

    pub fn len(&self) -> usize {
        self.groups.iter().map(Vec::len).sum()
    }

    /// Every copy still in the pile, in no particular order.
    pub fn kinds(&self) -> Vec<KindId> {
        self.groups.iter().flatten().copied().collect()
    }

    /// Copies of `kind` still in the pile.
    pub fn count(&self, kind: KindId) -> usize {
        self.groups.iter().flatten().filter(|&&k| k == kind).count()
    }

    /// The group currently drawn from.
    fn current(&self) -> Option<usize> {
        self.groups.iter().position(|g| !g.is_empty())
    }

    /// Draws a uniformly random copy from the current group.
    #[inline(always)]
    pub fn draw_random(&mut self, rng: &mut Rng) -> Option<KindId> {
        let g = &mut self.groups[self.current()?];
        let i = rng.below(g.len() as u32) as usize;
        Some(g.swap_remove(i))
    }

    /// Draws the copy at a uniformly random index of the current group in
    /// kind order (the group is sorted first if a fast draw unsorted it, and
    /// stays sorted).
    pub fn draw_canonical(&mut self, rng: &mut Rng) -> Option<KindId> {
        let g = &mut self.groups[self.current()?];
        if !g.is_sorted() {
            g.sort_unstable();
        }
        let i = rng.below(g.len() as u32) as usize;
        Some(g.remove(i))
    }

    /// Each kind of the current group (the one the next draw comes from)
    /// with its copies, in kind order, and the group's size.
    pub fn current_counts(&self, out: &mut Vec<(KindId, usize)>) -> usize {
        out.clear();
        let Some(g) = self.current() else {
            return 0;
        };
        runs(&self.groups[g], out);
        self.groups[g].len()
    }

    /// Whether the current group holds a copy of `kind`.
    pub fn in_current(&self, kind: KindId) -> bool {
        self.current()
            .is_some_and(|g| self.groups[g].contains(&kind))
    }

    /// Adds each copy still in the pile to `out[kind]` (saturating).
    pub fn add_counts(&self, out: &mut [u8]) {
        for &k in self.groups.iter().flatten() {
            if let Some(n) = out.get_mut(usize::from(k)) {
                *n = n.saturating_add(1);
            }
        }
    }

    /// Each kind still in the pile with its copies, in kind order.
    pub fn counts(&self, out: &mut Vec<(KindId, usize)>) {
        out.clear();
        for g in &self.groups {
            runs(g, out);
        }
    }

    /// The kinds (with repeats) still waiting in groups drawn before `kind`'s.
    pub fn before(&self, cat: &Catalog, kind: KindId) -> Vec<KindId> {
        let g = group(cat.pile_class(kind));
        self.groups[..g].iter().flatten().copied().collect()
    }

    /// Puts one copy of `kind` back into the pile (a tile held back: the
    /// pile is a multiset, so back is shuffled in).
    pub fn put_back(&mut self, cat: &Catalog, kind: KindId) {
        self.groups[group(cat.pile_class(kind))].push(kind);
    }

    /// Takes one copy of `kind` out of the pile; false if none is left.
    pub fn take(&mut self, cat: &Catalog, kind: KindId) -> bool {
        let g = &mut self.groups[group(cat.pile_class(kind))];
        match g.iter().position(|&k| k == kind) {
            Some(i) => {
                g.swap_remove(i);
                true
            }
            None => false,
        }
    }
}

/// Merges each kind of `group` and its copies into `out`, sorted by kind.
fn runs(group: &[KindId], out: &mut Vec<(KindId, usize)>) {
    let mut sorted = group.to_vec();
    sorted.sort_unstable();
    let start = out.len();
    for k in sorted {
        match out.last_mut() {
            Some((last, n)) if *last == k => *n += 1,
            _ => out.push((k, 1)),
        }
    }
    // A kind lives in one group only: the groups' runs just need sorting.
    if start > 0 {
        out.sort_unstable();
    }
}
