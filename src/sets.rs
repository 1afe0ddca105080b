//! Set selection, in one place for every front end (the CLI's `play` and
//! `simulate`, the Python package): which sets are available, choosing some by
//! id, and refusing a choice that leaves out a set a chosen one `requires`.
//!
//! The shipped sets are built into the library twice over: as engine tables
//! (`tilec_runtime::tables`) to play, and as their tile text and `sets.toml` (see
//! [`shipped_model`]), so that a designer's `sets.toml` may require a shipped set
//! (`requires = ["base"]`) without copying it: the checks then see the shipped
//! set's tiles (see [`crate::compile`]).

use crate::config::Config;
use crate::diagnostic::Sources;
use crate::model::Model;
use std::borrow::Cow;
use std::sync::OnceLock;
use tilec_runtime::{tables, TileSet};

/// The shipped `tiles/sets.toml`.
pub const SHIPPED_SETS_TOML: &str = include_str!("../tiles/sets.toml");

/// The shipped tile files: (path in a tilec checkout, text).
pub const SHIPPED_TILES: [(&str, &str); 11] = [
    ("tiles/base.tiles", include_str!("../tiles/base.tiles")),
    ("tiles/river.tiles", include_str!("../tiles/river.tiles")),
    (
        "tiles/anniversary.tiles",
        include_str!("../tiles/anniversary.tiles"),
    ),
    (
        "tiles/festival.tiles",
        include_str!("../tiles/festival.tiles"),
    ),
    ("tiles/promos.tiles", include_str!("../tiles/promos.tiles")),
    ("tiles/mm.tiles", include_str!("../tiles/mm.tiles")),
    (
        "tiles/inns-cathedrals.tiles",
        include_str!("../tiles/inns-cathedrals.tiles"),
    ),
    (
        "tiles/traders-builders.tiles",
        include_str!("../tiles/traders-builders.tiles"),
    ),
    // sets2: The Princess & the Dragon, The Tower, Abbey & Mayor.
    (
        "tiles/princess-dragon.tiles",
        include_str!("../tiles/princess-dragon.tiles"),
    ),
    ("tiles/tower.tiles", include_str!("../tiles/tower.tiles")),
    (
        "tiles/abbey-mayor.tiles",
        include_str!("../tiles/abbey-mayor.tiles"),
    ),
];

/// Per set id, the sets its `sets.toml` entry `requires`.
pub type Requires = Vec<(String, Vec<String>)>;

/// Per set id, the tiles (full ids) of other sets its `sets.toml` entry
/// `removes`: a game that plays the set leaves them out.
pub type Removes = Vec<(String, Vec<String>)>;

/// The removals a checked `sets.toml` states.
pub fn removes_of(config: &Config) -> Removes {
    let entry = |s: &crate::config::SetSpec| {
        (
            s.id.clone(),
            s.removes.iter().map(|r| r.0.clone()).collect(),
        )
    };
    config.sets.iter().map(entry).collect()
}

/// The requirements a checked `sets.toml` states.
pub fn requires_of(config: &Config) -> Requires {
    let entry = |s: &crate::config::SetSpec| {
        (
            s.id.clone(),
            s.requires.iter().map(|r| r.0.clone()).collect(),
        )
    };
    config.sets.iter().map(entry).collect()
}

/// The shipped sets compiled from their built-in text, with their `sets.toml`;
/// compiled once, on first use (a test holds them clean).
pub fn shipped_model() -> &'static crate::Compiled {
    static SHIPPED: OnceLock<crate::Compiled> = OnceLock::new();
    SHIPPED.get_or_init(|| {
        let mut sources = Sources::new();
        let files: Vec<_> = SHIPPED_TILES
            .iter()
            .map(|(name, text)| sources.add(name.to_string(), text.to_string()))
            .collect();
        let toml = sources.add("tiles/sets.toml".to_string(), SHIPPED_SETS_TOML.to_string());
        // Their own requirements are among them: this compiles nothing more.
        crate::compile(&sources, &files, Some(toml))
    })
}

/// The requirements of the shipped sets.
pub fn shipped_requires() -> Requires {
    requires_of(&shipped_model().config)
}

/// The shipped sets (by id) that the sets of `model` require but do not declare.
pub fn shipped_required<'a>(model: &Model, config: &Config) -> Vec<&'a crate::model::Set> {
    required(model, config, &[])
}

/// The sets (by id) that the sets of `model` require but do not declare: those
/// of `siblings` (the other files of a directory a file is checked in), else
/// the shipped ones.
pub fn required<'a>(
    model: &Model,
    config: &Config,
    siblings: &'a [crate::model::Set],
) -> Vec<&'a crate::model::Set> {
    let declared = |id: &str| model.sets.iter().any(|s| s.id == id);
    let wanted: Vec<&str> = config
        .sets
        .iter()
        .flat_map(|s| s.requires.iter().map(|r| r.0.as_str()))
        .filter(|id| !declared(id))
        .collect();
    if wanted.is_empty() {
        return Vec::new(); // the common case compiles nothing more
    }
    let own: Vec<&crate::model::Set> = siblings
        .iter()
        .filter(|s| wanted.contains(&s.id.as_str()))
        .collect();
    let shipped = &shipped_model().model;
    let theirs = shipped
        .sets
        .iter()
        .filter(|s| wanted.contains(&s.id.as_str()) && !own.iter().any(|o| o.id == s.id));
    own.iter().copied().chain(theirs).collect()
}

/// The sets available to a game: borrowed static tables or owned compiled sets.
pub enum Available {
    /// `tilec_runtime::tables::SETS`.
    Shipped,
    /// Sets compiled from a designer's directory, with its `sets.toml`'s
    /// requirements and removals.
    Compiled(Vec<TileSet>, Requires, Removes),
}

impl Available {
    /// A designer's compiled sets, with what their checked `sets.toml` says.
    pub fn compiled(sets: Vec<TileSet>, config: &Config) -> Available {
        Available::Compiled(sets, requires_of(config), removes_of(config))
    }

    /// Every available set, as the engine takes them. Compiled sets come first;
    /// a shipped set whose id they do not use stays available (so that a
    /// designer's expansion can be played with the shipped base game).
    pub fn sets(&self) -> Vec<&TileSet> {
        match self {
            Available::Shipped => tables::SETS.to_vec(),
            Available::Compiled(sets, ..) => {
                let mut all: Vec<&TileSet> = sets.iter().collect();
                let shipped = tables::SETS.iter().copied();
                all.extend(shipped.filter(|s| !sets.iter().any(|c| c.id == s.id)));
                all
            }
        }
    }

    /// The available sets with these ids, in the order given; an unknown id is an
    /// error naming the known ones.
    pub fn select(&self, ids: &[String]) -> Result<Vec<&TileSet>, String> {
        let all = self.sets();
        let mut out = Vec::new();
        for id in ids {
            let Some(&set) = all.iter().find(|s| s.id == id.as_str()) else {
                let known: Vec<&str> = all.iter().map(|s| &*s.id).collect();
                return Err(format!(
                    "unknown tile set `{id}` (known: {})",
                    known.join(", ")
                ));
            };
            out.push(set);
        }
        Ok(out)
    }

    /// The sets that set `id` requires: by the directory's `sets.toml` for a
    /// set it defines, else by the shipped one.
    pub fn requires(&self, id: &str) -> Vec<String> {
        let find = |r: &Requires| r.iter().find(|e| e.0 == id).map(|e| e.1.clone());
        let own = match self {
            Available::Compiled(sets, r, _) if sets.iter().any(|s| s.id == id) => find(r),
            _ => None,
        };
        own.or_else(|| find(&shipped_requires()))
            .unwrap_or_default()
    }

    /// The first set of `ids` that requires sets left out of `ids`, with the
    /// missing ones; `None` when every requirement is met.
    pub fn missing_requirement(&self, ids: &[String]) -> Option<(String, Vec<String>)> {
        ids.iter().find_map(|id| {
            let missing: Vec<String> = self
                .requires(id)
                .into_iter()
                .filter(|r| !ids.contains(r))
                .collect();
            (!missing.is_empty()).then(|| (id.clone(), missing))
        })
    }

    /// The tiles (full ids) that the sets `ids` remove from a game that plays
    /// them (their `removes` in `sets.toml`; the shipped sets remove none).
    pub fn removed(&self, ids: &[String]) -> Vec<&str> {
        let Available::Compiled(_, _, removes) = self else {
            return Vec::new();
        };
        let chosen = removes.iter().filter(|(id, _)| ids.contains(id));
        chosen
            .flat_map(|(_, tiles)| tiles.iter().map(String::as_str))
            .collect()
    }

    /// Every available set ([`Available::sets`]) as a game of the sets `ids`
    /// has it: without the tiles those sets remove. A set that loses nothing is
    /// borrowed, not copied.
    pub fn sets_for(&self, ids: &[String]) -> Vec<Cow<'_, TileSet>> {
        let removed = self.removed(ids);
        let without = |set: &TileSet| TileSet {
            tiles: set
                .tiles
                .iter()
                .filter(|t| !removed.contains(&&*t.id))
                .cloned()
                .collect(),
            ..set.clone()
        };
        self.sets()
            .into_iter()
            .map(
                |set| match set.tiles.iter().any(|t| removed.contains(&&*t.id)) {
                    true => Cow::Owned(without(set)),
                    false => Cow::Borrowed(set),
                },
            )
            .collect()
    }

    /// The sets with these ids ([`Available::select`]) as a game of them plays
    /// them ([`Available::sets_for`]: without the tiles they remove).
    pub fn played(&self, ids: &[String]) -> Result<Vec<Cow<'_, TileSet>>, String> {
        self.select(ids)?;
        let mut all = self.sets_for(ids);
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            let at = all.iter().position(|s| s.id == id.as_str());
            // `select` found every id: each is there.
            out.extend(at.map(|i| all.swap_remove(i)));
        }
        if !ids.is_empty() && out.iter().all(|s| s.tiles.is_empty()) {
            return Err(self.nothing_left(ids));
        }
        Ok(out)
    }

    /// Why sets `ids` leave no tile to play: the `removes` that took them.
    fn nothing_left(&self, ids: &[String]) -> String {
        let Available::Compiled(_, _, removes) = self else {
            return format!("the sets {} hold no tile", ids.join(", "));
        };
        let how: Vec<String> = removes
            .iter()
            .filter(|(id, tiles)| ids.contains(id) && !tiles.is_empty())
            .map(|(id, tiles)| format!("`{id}` removes {}", tiles.join(", ")))
            .collect();
        format!(
            "the sets {} leave no tile to play: {} (their `removes` in sets.toml)",
            ids.join(", "),
            how.join("; ")
        )
    }

    /// The sets with these ids as a game plays them ([`Available::played`]),
    /// refused when one requires a set left out ([`requires_text`] says which).
    pub fn choose(&self, ids: &[String]) -> Result<Vec<Cow<'_, TileSet>>, String> {
        let sets = self.played(ids)?;
        match self.missing_requirement(ids) {
            Some((id, missing)) => Err(requires_text(&id, &missing)),
            None => Ok(sets),
        }
    }
}

/// "tile set `river` requires `base` (see its `requires` in sets.toml)".
pub fn requires_text(id: &str, missing: &[String]) -> String {
    let names: Vec<String> = missing.iter().map(|m| format!("`{m}`")).collect();
    format!(
        "tile set `{id}` requires {} (see its `requires` in sets.toml)",
        names.join(" and ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_shipped_sets_compile_clean() {
        let shipped = shipped_model();
        assert!(shipped.diagnostics.is_empty(), "{:?}", shipped.diagnostics);
        let ids: Vec<&str> = shipped.model.sets.iter().map(|s| s.id.as_str()).collect();
        let tables: Vec<&str> = tables::SETS.iter().map(|s| &*s.id).collect();
        assert_eq!(ids, tables);
    }

    #[test]
    fn a_game_of_a_set_lacks_the_tiles_it_removes_and_only_then() {
        let ids = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        // `keep` stands for River II: played with the base game it removes base/D.
        let keep = TileSet {
            id: "keep".into(),
            ..tables::RIVER.clone()
        };
        let available = Available::Compiled(
            vec![keep],
            vec![("keep".into(), vec!["base".into()])],
            vec![("keep".into(), vec!["base/D".into()])],
        );
        let has_d = |sets: &[Cow<'_, TileSet>]| {
            sets.iter()
                .any(|s| s.tiles.iter().any(|t| t.id == "base/D"))
        };
        let both = available.choose(&ids(&["base", "keep"])).unwrap();
        assert!(!has_d(&both), "removed when the remover is played");
        assert_eq!(
            both[0].total(),
            tables::BASE.total() - 4,
            "base/D's 4 copies"
        );
        assert!(
            matches!(both[1], Cow::Borrowed(_)),
            "a set that loses nothing is not copied"
        );
        let base = available.choose(&ids(&["base"])).unwrap();
        assert!(has_d(&base), "kept without it");
        assert!(Available::Shipped
            .removed(&ids(&["base", "river"]))
            .is_empty());
    }

    #[test]
    fn a_choice_without_what_it_requires_is_refused() {
        let ids = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let err = Available::Shipped.choose(&ids(&["river"])).err();
        assert_eq!(
            err.as_deref(),
            Some("tile set `river` requires `base` (see its `requires` in sets.toml)")
        );
        let ok = Available::Shipped.choose(&ids(&["base", "river"])).unwrap();
        assert_eq!(ok.len(), 2);
    }
}
