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
    /// JCloisterZone's tile-sets whose tiles are ours by the shipped table
    /// ([`super::ids::SHIPPED`]), with the set of ours each becomes.
    pub tile_sets: &'static [(&'static str, &'static str)],
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

/// The base game, the Abbot with its gardens (JCloisterZone's 2nd edition,
/// `basic:2`, is ours tile for tile).
pub const BASE: Room = Room {
    title: "the base game",
    sets: &["base"],
    tile_sets: &[("basic:2", "base")],
    elements: &[
        Element {
            key: "small-follower",
            accept: Accept::Exactly(7),
        },
        Element {
            key: "farmers",
            accept: Accept::Flag,
        },
        Element {
            key: "abbot",
            accept: Accept::NoneOr(1),
        },
        Element {
            key: "garden",
            accept: Accept::Flag,
        },
    ],
    // A city of two tiles scores 4, as the base rules have it (the other
    // choice, "2", is a later edition's).
    rules: &[("tiny-city-scoring", "4")],
    meeples: &[
        ("small", FigureKind::Follower),
        ("abbot", FigureKind::Abbot),
    ],
    returns: &[("ABBOT_RETURN", ReturnAs::Recall)],
    messages: &[],
};

/// The River: ours (the new edition, its spring with a road and its lake
/// with a monastery) is none of JCloisterZone's, so it crosses as the add-on's
/// tiles (`tilec/river/...`).
pub const RIVER: Room = Room {
    title: "the River",
    sets: &["river"],
    tile_sets: &[],
    elements: &[Element {
        key: "river",
        accept: Accept::Flag,
    }],
    rules: &[],
    meeples: &[],
    returns: &[],
    messages: &[],
};

/// The Festival.
pub const FESTIVAL: Room = Room {
    title: "the Festival",
    sets: &["festival"],
    tile_sets: &[("festival", "festival")],
    elements: &[Element {
        key: "festival",
        accept: Accept::Flag,
    }],
    // Any of the player's figures may go home (the rule page), not only
    // followers.
    rules: &[("festival-return", "meeple")],
    meeples: &[],
    returns: &[("FESTIVAL", ReturnAs::Festival)],
    messages: &[],
};

/// The Russian promos: Baba Yaga's hut, Bogatyr's choice, Solovei and
/// Vodyanoy.
pub const PROMOS: Room = Room {
    title: "the Russian promos",
    sets: &["promos"],
    tile_sets: &[
        ("russian-promos/2013", "promos"),
        ("russian-promos/2016", "promos"),
    ],
    elements: &[
        Element {
            key: "yaga",
            accept: Accept::Flag,
        },
        Element {
            key: "russian-trap",
            accept: Accept::Flag,
        },
    ],
    rules: &[],
    meeples: &[],
    returns: &[("TRAP", ReturnAs::Free)],
    messages: &[],
};

/// Every room.
pub const ROOMS: [&Room; 4] = [&BASE, &RIVER, &FESTIVAL, &PROMOS];

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
