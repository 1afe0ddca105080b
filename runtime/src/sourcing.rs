//! Where each part of a tile's data comes from: the aspects of a tile, and which
//! of them a named source gives (the tile language's `source` and `sourced`).
//!
//! A tile is [`Provenance::Sourced`](crate::Provenance) when a source gives
//! every aspect of it. A reconstructed tile may still have some aspects sourced
//! (the 20th Anniversary tiles: their edges and illustrations are, their inner
//! layout is not): its [`TileKind::sources`](crate::TileKind) say which, and
//! from where; the aspects no source gives were designed to fit the rules.

use std::borrow::Cow;

/// One aspect of a tile's data that a source may give or leave open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Aspect {
    /// How many copies the set holds (and whether one is the start tile).
    Count,
    /// What each edge shows: city, road, field or river.
    Edges,
    /// Which edges each city, road and river joins, where roads end, and the
    /// features inside the tile (monasteries, gardens, ...): the inner joins.
    Layout,
    /// How the fields are split and which cities each touches.
    Fields,
    /// The cities' coats of arms.
    Pennants,
    /// The kind of the 20th Anniversary arrow (or that there is none).
    ArrowKind,
    /// The edge the arrow points at.
    ArrowDirection,
    /// The marks (symbols and properties) and what each stands on.
    Marks,
    /// The small illustrations, per copy.
    Illustrations,
}

impl Aspect {
    /// Every aspect, in the order the tile language lists them.
    pub const ALL: [Aspect; 9] = [
        Aspect::Count,
        Aspect::Edges,
        Aspect::Layout,
        Aspect::Fields,
        Aspect::Pennants,
        Aspect::ArrowKind,
        Aspect::ArrowDirection,
        Aspect::Marks,
        Aspect::Illustrations,
    ];

    /// The keyword used in the tile language and the JSON export.
    pub const fn name(self) -> &'static str {
        match self {
            Aspect::Count => "count",
            Aspect::Edges => "edges",
            Aspect::Layout => "layout",
            Aspect::Fields => "fields",
            Aspect::Pennants => "pennants",
            Aspect::ArrowKind => "arrow-kind",
            Aspect::ArrowDirection => "arrow-direction",
            Aspect::Marks => "marks",
            Aspect::Illustrations => "illustrations",
        }
    }

    /// What the aspect covers, in a few words (the site's legend, the docs).
    pub const fn what(self) -> &'static str {
        match self {
            Aspect::Count => "how many copies, and the start tile",
            Aspect::Edges => "what each edge shows",
            Aspect::Layout => {
                "which edges each city, road and river joins, where roads end, the features inside"
            }
            Aspect::Fields => "how the fields are split and which cities each touches",
            Aspect::Pennants => "the coats of arms",
            Aspect::ArrowKind => "the arrow's kind (or that there is none)",
            Aspect::ArrowDirection => "the edge the arrow points at",
            Aspect::Marks => "the marks and what each stands on",
            Aspect::Illustrations => "the illustrations, per copy",
        }
    }
}

/// A set of aspects: bit `aspect as u16` for each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Aspects(pub u16);

impl Aspects {
    /// No aspect.
    pub const NONE: Aspects = Aspects(0);
    /// Every aspect.
    pub const ALL: Aspects = Aspects((1 << Aspect::ALL.len()) - 1);

    /// The aspects listed (usable in a `const`: the generated tables).
    pub const fn of(list: &[Aspect]) -> Aspects {
        let mut bits = 0;
        let mut i = 0;
        while i < list.len() {
            bits |= 1 << list[i] as u16;
            i += 1;
        }
        Aspects(bits)
    }

    /// These aspects and `a`.
    pub const fn with(self, a: Aspect) -> Aspects {
        Aspects(self.0 | 1 << a as u16)
    }

    /// The aspects of both.
    pub const fn union(self, other: Aspects) -> Aspects {
        Aspects(self.0 | other.0)
    }

    /// Whether `a` is one of them.
    pub const fn contains(self, a: Aspect) -> bool {
        self.0 & (1 << a as u16) != 0
    }

    /// Whether there is none.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The aspects, in [`Aspect::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Aspect> {
        Aspect::ALL.into_iter().filter(move |&a| self.contains(a))
    }
}

/// A named source and the aspects of one tile it gives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sourcing {
    /// The source's id in the tile text (`geometry`).
    pub source: Cow<'static, str>,
    /// What and where the source is, as the tile text describes it.
    pub title: Cow<'static, str>,
    /// The aspects of the tile it gives.
    pub aspects: Aspects,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aspects_hold_what_is_added_in_list_order() {
        let a = Aspects::NONE
            .with(Aspect::Illustrations)
            .with(Aspect::Count);
        assert!(a.contains(Aspect::Count) && !a.contains(Aspect::Edges));
        let names: Vec<&str> = a.iter().map(Aspect::name).collect();
        assert_eq!(names, ["count", "illustrations"]);
        assert_eq!(Aspects::ALL.iter().count(), Aspect::ALL.len());
        assert_eq!(a.union(Aspects::ALL), Aspects::ALL);
        assert!(Aspects::NONE.is_empty());
        assert_eq!(Aspects::of(&[Aspect::Count, Aspect::Illustrations]), a);
    }
}
