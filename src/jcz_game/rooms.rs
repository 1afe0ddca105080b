//! The expansions' share of the crossing, one room each: which of our sets a
//! room plays, which of JCloisterZone's tile-sets, game elements and rule
//! options it reads and writes, and which of its messages (meeple types,
//! `RETURN_MEEPLE` sources, other message types) it turns into a record's
//! figure step and back. The importer and the exporter ask the rooms of the
//! game's sets and nothing else; a room added here (with its tile table in
//! [`super::ids`]) is all an expansion needs (`docs/jcz-games.md`).

use super::save::Message;
use super::Problem;
use tilec_runtime::record::Step;
use tilec_runtime::FigureKind;

/// What a game element's configuration must be for tilec to play the game
/// as JCloisterZone did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Accept {
    /// A number of pieces: exactly this many (JCloisterZone lets a host
    /// choose; tilec plays the rule's count).
    Exactly(u8),
    /// A number of pieces: none or this many.
    NoneOr(u8),
    /// On or off.
    Flag,
}

/// A game element a room reads and writes.
#[derive(Clone, Copy, Debug)]
pub struct Element {
    /// JCloisterZone's key (`small-follower`, `festival`).
    pub key: &'static str,
    /// What tilec accepts.
    pub accept: Accept,
}

/// What a `RETURN_MEEPLE` source is in a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReturnAs {
    /// `recall = "abbot"`.
    Recall,
    /// `return = { at, on }` (the Festival).
    Festival,
    /// `free = { at }` (a figure trapped by the Russian promos).
    Free,
}

/// A handler of a message type no base rule knows: it turns the message
/// into the turn's figure step (an expansion's token, a neutral figure).
pub type Handler = fn(&Message) -> Result<Step, Problem>;

/// One expansion's share.
#[derive(Clone, Copy, Debug)]
pub struct Room {
    /// Its name in messages.
    pub title: &'static str,
    /// Our set ids it plays.
    pub sets: &'static [&'static str],
    /// JCloisterZone's tile-sets whose tiles are ours by `tiles`, with the
    /// set of ours each becomes.
    pub tile_sets: &'static [(&'static str, &'static str)],
    /// JCloisterZone's id of each tile of `tile_sets`, ours, and how many
    /// clockwise quarter turns bring our tile to lie as JCloisterZone's does
    /// unturned. Derived from JCloisterZone's XML (client 5.12.1) by matching
    /// every tile's features up to rotation; held to it by
    /// `tests/jcz_games.rs` when `TILEC_JCZ_DIR` names it.
    pub tiles: &'static [(&'static str, &'static str, u8)],
    /// Game elements: read, and written when a game has the room's sets.
    pub elements: &'static [Element],
    /// Rule options whose value it plays: (key, value).
    pub rules: &'static [(&'static str, &'static str)],
    /// Meeple types (as in meeple ids, `0.small.3`) and our figure.
    pub meeples: &'static [(&'static str, FigureKind)],
    /// `RETURN_MEEPLE` sources.
    pub returns: &'static [(&'static str, ReturnAs)],
    /// Other message types.
    pub messages: &'static [(&'static str, Handler)],
}

mod base;
mod festival;
mod inns;
mod promos;
mod river;
mod traders;

/// Every room, one module each; the base game's first.
pub const ROOMS: [&Room; 6] = [
    &base::ROOM,
    &river::ROOM,
    &festival::ROOM,
    &promos::ROOM,
    &inns::ROOM,
    &traders::ROOM,
];

/// Our sets JCloisterZone cannot play, and why.
pub const CANNOT: &[(&str, &str)] = &[
    (
        "anniversary",
        "the 20th Anniversary's arrows (add-next-to, portal, extra turn) are in neither JCloisterZone's tile XML nor its engine",
    ),
    (
        "mm",
        "Messengers & Mayors (town halls, the messenger, mayor and scarecrow of that box) is not in JCloisterZone",
    ),
];

/// JCloisterZone's rule options (`Rule.java`, engine 29a1561): a key outside
/// this list is no rule JCloisterZone knows.
pub const JCZ_RULES: &[&str] = &[
    "princess-action",
    "fairy-placement",
    "dragon-move",
    "wagon-move",
    "barn-placement",
    "bazaar-no-auction",
    "hill-tiebreaker",
    "espace-variant",
    "gq11-pig-herd",
    "tunnelize-other-expansions",
    "more-tunnel-tokens",
    "festival-return",
    "keep-monasteries",
    "labyrinth-variant",
    "little-buildings-scoring",
    "king-and-robber-scoring",
    "tiny-city-scoring",
    "coc-final-scoring",
    "count-move",
];

/// The room that plays our set `id`.
pub fn of_set(id: &str) -> Option<&'static Room> {
    ROOMS.into_iter().find(|r| r.sets.contains(&id))
}
