//! The text notation of moves: one line per [`Move`], words separated by
//! spaces, tiles named by their id. Stable: a notation written by one version
//! is read by the later ones.
//!
//! | move | text |
//! |------|------|
//! | take the town hall | `town-hall` |
//! | place the drawn tile | `place base/U 1,0 r90` (tile id, square `x,y`, rotation `r0` `r90` `r180` `r270`) |
//! | figure step: no figure | `pass` |
//! | a figure on segment 2 of the tile just placed | `follower 2` (also `abbot`, `mayor`, `messenger`, `scarecrow`) |
//! | take the abbot back | `recall abbot` |
//! | festival: return an own figure | `return follower 1,0/2` (a spot is `x,y/segment`) |
//! | free an own trapped figure | `free follower 1,0` (the trap tile's square) |
//! | portal arrow | `portal follower 1,0/2` |
//! | add-next-to arrow | `add follower 1,0/2` |
//! | activate an arrow | `arrow portal` (`add-next-to`, `portal`, `extra-turn`) |
//! | decline a decision | `decline` |
//! | mayor's swap | `swap 1 1,0/2` (the opponent's seat, the spot) |
//! | scarecrow | `hand-over`, `lie-down` |
//! | messenger moves on | `move 1,0/2` |
//!
//! A [`Move`] holds its tile as a catalog index (so that it is `Copy` and
//! cheap to list), which only means something with the catalog of its game.
//! The text is catalog-free: a [`Notation`] is a move with its tile named by
//! id, and implements [`Display`](fmt::Display) and [`FromStr`] (text in,
//! text out, no catalog: a server, a log or a test can read and write moves
//! without one). [`Move::to_notation`] and [`Notation::resolve`] convert
//! between the two with the catalog; [`Move::display`] (print without
//! allocating) and [`Move::parse`] (text to move) are the two steps at once.
//! Why not `Display` on [`Move`] itself: its kind index cannot be printed as
//! a tile id without the catalog, and printing the index would give a text
//! that breaks when the sets in play change.
//!
//! ```
//! # use tilec_runtime::*;
//! let cat = Catalog::shipped(&["base"]).unwrap();
//! let text: notation::Notation = "place base/U 1,0 r90".parse()?; // no catalog
//! assert_eq!(text.tile(), Some("base/U"));
//! assert_eq!(text.to_string(), "place base/U 1,0 r90");
//! let m = text.resolve(&cat)?; // the tile id looked up
//! assert_eq!(m.to_notation(&cat), text);
//! # Ok::<(), ParseMoveError>(())
//! ```
//!
//! ```
//! # use tilec_runtime::*;
//! let cat = Catalog::shipped(&["base"]).unwrap();
//! let m = Move::parse("place base/U 1,0 r90", &cat)?;
//! let road = cat.kind_id("base/U").unwrap();
//! let placement = Placement { pos: Pos::new(1, 0), rotation: Rotation::new(1) };
//! assert_eq!(m, Move::Place { kind: road, placement });
//! assert_eq!(m.display(&cat).to_string(), "place base/U 1,0 r90");
//! assert_eq!(Move::parse("follower 2", &cat)?.display(&cat).to_string(), "follower 2");
//! # Ok::<(), ParseMoveError>(())
//! ```

use crate::catalog::Catalog;
use crate::decide::Choice;
use crate::figure::{Action, FigureKind, Spot};
use crate::geom::{Pos, Rotation};
use crate::moves::Move;
use crate::placement::Placement;
use crate::tile::ArrowKind;
use std::fmt;
use std::str::FromStr;

/// A move's text with the catalog that names its tile ([`Move::display`]).
#[derive(Clone, Copy, Debug)]
pub struct MoveText<'a> {
    m: Move,
    cat: &'a Catalog,
}

/// Why a text is not a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError {
    /// The text.
    pub text: String,
    /// What is wrong, with a hint.
    pub message: String,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (text, message) = (clip(&self.text, 80), clip(&self.message, 300));
        write!(f, "`{text}` is not a move: {message}")
    }
}

/// `text` cut to `max` characters, with `…` and the length when cut: what a
/// message echoes of its input (a move, a record's line) stays short however
/// long the input is.
pub fn clip(text: &str, max: usize) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(max) {
        Some((at, _)) => {
            let chars = text.chars().count();
            format!("{}… ({chars} characters)", &text[..at]).into()
        }
        None => text.into(),
    }
}

impl std::error::Error for ParseMoveError {}

struct XY(Pos);

impl fmt::Display for XY {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.0.x, self.0.y)
    }
}

struct At(Spot);

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", XY(self.0.pos), self.0.segment)
    }
}

impl fmt::Display for MoveText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let id = match self.m {
            Move::Place { kind, .. } if usize::from(kind) < self.cat.len() => {
                self.cat.kind(kind).id.as_ref()
            }
            _ => "?",
        };
        write_move(f, self.m, id)
    }
}

/// Writes `m` in the notation, its tile (if a placement) named `id`.
fn write_move(f: &mut fmt::Formatter<'_>, m: Move, id: &str) -> fmt::Result {
    {
        match m {
            Move::TakeTownHall => f.write_str("town-hall"),
            Move::Ransom { holder, figure } => write!(f, "ransom {holder} {figure}"),
            Move::TakeAbbey => f.write_str("abbey"),
            Move::Place { placement, .. } => {
                write!(
                    f,
                    "place {id} {} r{}",
                    XY(placement.pos),
                    placement.rotation.degrees()
                )
            }
            Move::Figure(a) => match a {
                Action::Pass => f.write_str("pass"),
                Action::Place { figure, segment } => write!(f, "{figure} {segment}"),
                Action::RecallAbbot => f.write_str("recall abbot"),
                Action::Return { at, figure } => write!(f, "return {figure} {}", At(at)),
                Action::Free { at, figure } => write!(f, "free {figure} {}", XY(at)),
                Action::Portal { figure, at } => write!(f, "portal {figure} {}", At(at)),
                Action::AddNextTo { figure, at } => write!(f, "add {figure} {}", At(at)),
                Action::Princess { at } => write!(f, "princess {}", At(at)),
                Action::Fairy { at } => write!(f, "fairy {}", At(at)),
                Action::TowerPiece { at } => write!(f, "tower {}", XY(at)),
                Action::TowerFollower { figure, at } => write!(f, "top {figure} {}", XY(at)),
            },
            Move::Decide(c) => match c {
                Choice::Arrow(k) => write!(f, "arrow {}", k.name()),
                Choice::Decline => f.write_str("decline"),
                Choice::Swap { player, at } => write!(f, "swap {player} {}", At(at)),
                Choice::HandOver => f.write_str("hand-over"),
                Choice::LieDown => f.write_str("lie-down"),
                Choice::Move { to } => write!(f, "move {}", At(to)),
                Choice::Dragon { dir } => {
                    write!(f, "dragon {}", ["N", "E", "S", "W"][usize::from(dir & 3)])
                }
                Choice::Capture { player, figure, at } if at.segment == crate::NO_SEGMENT => {
                    write!(f, "capture {player} {figure} {}/top", XY(at.pos))
                }
                Choice::Capture { player, figure, at } => {
                    write!(f, "capture {player} {figure} {}", At(at))
                }
            },
        }
    }
}

impl Move {
    /// The move in the text notation, tiles named from `cat` (the catalog of
    /// the game it belongs to).
    pub fn display(self, cat: &Catalog) -> MoveText<'_> {
        MoveText { m: self, cat }
    }

    /// Reads a move in the text notation, tiles looked up in `cat`.
    pub fn parse(text: &str, cat: &Catalog) -> Result<Move, ParseMoveError> {
        text.parse::<Notation>()?.resolve(cat)
    }

    /// The move in the notation, its tile (if a placement) named by its id in
    /// `cat` (the catalog of the game it belongs to; a kind outside it is
    /// named `?`, which no notation reads back).
    pub fn to_notation(self, cat: &Catalog) -> Notation {
        match self {
            Move::Place { kind, placement } => Notation::place(
                match usize::from(kind) < cat.len() {
                    true => cat.kind(kind).id.to_string(),
                    false => "?".to_string(),
                },
                placement,
            ),
            m => Notation(Repr::Other(m)),
        }
    }
}

/// A move in the text notation: catalog-free, its tile named by id.
///
/// `Display` writes the notation and `FromStr` reads it, and they round-trip
/// (`text.parse::<Notation>()?.to_string()` is `text` for any text written
/// by `Display`; words may be separated by any whitespace on input).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Notation(Repr);

/// A placement names its tile; every other move holds no tile at all.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Repr {
    Place { tile: String, placement: Placement },
    Other(Move),
}

impl Notation {
    /// The placement of tile `tile` (an id such as `base/U`) at `placement`.
    pub fn place(tile: impl Into<String>, placement: Placement) -> Notation {
        Notation(Repr::Place {
            tile: tile.into(),
            placement,
        })
    }

    /// The tile id, for a placement.
    pub fn tile(&self) -> Option<&str> {
        match &self.0 {
            Repr::Place { tile, .. } => Some(tile),
            Repr::Other(_) => None,
        }
    }

    /// The move in the game of catalog `cat`: a placement's tile id is looked
    /// up (an error when the sets in play have no such tile).
    pub fn resolve(&self, cat: &Catalog) -> Result<Move, ParseMoveError> {
        match &self.0 {
            Repr::Place { tile, placement } => match cat.kind_id(tile) {
                Some(kind) => Ok(Move::Place {
                    kind,
                    placement: *placement,
                }),
                None => Err(ParseMoveError {
                    text: self.to_string(),
                    message: format!("no tile `{tile}` in the sets in play"),
                }),
            },
            Repr::Other(m) => Ok(*m),
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Repr::Place { tile, placement } => write_move(
                f,
                Move::Place {
                    kind: 0,
                    placement: *placement,
                },
                tile,
            ),
            Repr::Other(m) => write_move(f, *m, "?"),
        }
    }
}

impl FromStr for Notation {
    type Err = ParseMoveError;

    fn from_str(text: &str) -> Result<Notation, ParseMoveError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        parse_words(&words).map_err(|message| ParseMoveError {
            text: text.to_string(),
            message,
        })
    }
}

type Parsed<T> = Result<T, String>;

fn parse_words(words: &[&str]) -> Parsed<Notation> {
    match words.first() {
        Some(&"place") => {
            let [_, id, at, rotation] = words else {
                return Err("write `place TILE X,Y rDEGREES`, as in `place base/U 1,0 r90`".into());
            };
            let placement = Placement {
                pos: pos(at)?,
                rotation: rotation_named(rotation)?,
            };
            Ok(Notation::place(*id, placement))
        }
        _ => parse_other(words).map(|m| Notation(Repr::Other(m))),
    }
}

/// Any move but a placement.
fn parse_other(words: &[&str]) -> Parsed<Move> {
    let figure_at = |make: fn(FigureKind, Spot) -> Action| -> Parsed<Move> {
        let [_, figure, at] = words else {
            return Err(format!(
                "`{}` takes a figure and a spot, as in `{} follower 1,0/2`",
                words[0], words[0]
            ));
        };
        Ok(Move::Figure(make(figure_named(figure)?, spot(at)?)))
    };
    let Some(&first) = words.first() else {
        return Err("the text is empty".into());
    };
    let one = |m: Move| match words.len() {
        1 => Ok(m),
        _ => Err(format!("`{first}` takes nothing after it")),
    };
    match first {
        "town-hall" => one(Move::TakeTownHall),
        "abbey" => one(Move::TakeAbbey),
        "pass" => one(Move::Figure(Action::Pass)),
        "decline" => one(Move::Decide(Choice::Decline)),
        "hand-over" => one(Move::Decide(Choice::HandOver)),
        "lie-down" => one(Move::Decide(Choice::LieDown)),
        "recall" => match words {
            [_, "abbot"] => Ok(Move::Figure(Action::RecallAbbot)),
            _ => Err("write `recall abbot`".into()),
        },
        "return" => figure_at(|figure, at| Action::Return { at, figure }),
        "portal" => figure_at(|figure, at| Action::Portal { figure, at }),
        "add" => figure_at(|figure, at| Action::AddNextTo { figure, at }),
        "free" => {
            let [_, figure, at] = words else {
                return Err("write `free FIGURE X,Y`, as in `free follower 1,0`".into());
            };
            Ok(Move::Figure(Action::Free {
                at: pos(at)?,
                figure: figure_named(figure)?,
            }))
        }
        "arrow" => {
            let [_, name] = words else {
                return Err("write `arrow KIND`, as in `arrow portal`".into());
            };
            let kind = [
                ArrowKind::AddNextTo,
                ArrowKind::Portal,
                ArrowKind::ExtraTurn,
            ]
            .into_iter()
            .find(|k| k.name() == *name)
            .ok_or_else(|| format!("no arrow `{name}` (add-next-to, portal, extra-turn)"))?;
            Ok(Move::Decide(Choice::Arrow(kind)))
        }
        "swap" => {
            let [_, player, at] = words else {
                return Err("write `swap SEAT X,Y/SEGMENT`, as in `swap 1 1,0/2`".into());
            };
            let player = player
                .parse()
                .map_err(|_| format!("`{player}` is not a seat number (0 to 5)"))?;
            Ok(Move::Decide(Choice::Swap {
                player,
                at: spot(at)?,
            }))
        }
        "move" => {
            let [_, to] = words else {
                return Err("write `move X,Y/SEGMENT`, as in `move 1,0/2`".into());
            };
            Ok(Move::Decide(Choice::Move { to: spot(to)? }))
        }
        "princess" | "fairy" => {
            let [_, at] = words else {
                return Err(format!(
                    "write `{first} X,Y/SEGMENT`, as in `{first} 1,0/2`"
                ));
            };
            let at = spot(at)?;
            Ok(Move::Figure(match first {
                "princess" => Action::Princess { at },
                _ => Action::Fairy { at },
            }))
        }
        "dragon" => {
            let dir = match words {
                [_, d] => ["N", "E", "S", "W"].iter().position(|x| x == d),
                _ => None,
            };
            match dir {
                Some(dir) => Ok(Move::Decide(Choice::Dragon { dir: dir as u8 })),
                None => Err("write `dragon DIRECTION`, as in `dragon N` (N, E, S or W)".into()),
            }
        }
        "tower" => {
            let [_, at] = words else {
                return Err("write `tower X,Y`, as in `tower 1,0`".into());
            };
            Ok(Move::Figure(Action::TowerPiece { at: pos(at)? }))
        }
        "top" => {
            let [_, figure, at] = words else {
                return Err("write `top FIGURE X,Y`, as in `top follower 1,0`".into());
            };
            Ok(Move::Figure(Action::TowerFollower {
                figure: figure_named(figure)?,
                at: pos(at)?,
            }))
        }
        "capture" => {
            let [_, player, figure, at] = words else {
                return Err(
                    "write `capture SEAT FIGURE X,Y/SEGMENT` (or `X,Y/top` for the top of a \
                     tower), as in `capture 1 follower 1,0/2`"
                        .into(),
                );
            };
            let at = match at.strip_suffix("/top") {
                Some(xy) => Spot {
                    pos: pos(xy)?,
                    segment: crate::NO_SEGMENT,
                },
                None => spot(at)?,
            };
            Ok(Move::Decide(Choice::Capture {
                player: seat(player)?,
                figure: figure_named(figure)?,
                at,
            }))
        }
        "ransom" => {
            let [_, holder, figure] = words else {
                return Err("write `ransom SEAT FIGURE`, as in `ransom 1 follower`".into());
            };
            Ok(Move::Ransom {
                holder: seat(holder)?,
                figure: figure_named(figure)?,
            })
        }
        name => match FigureKind::from_name(name) {
            Some(figure) => {
                let [_, segment] = words else {
                    return Err(format!("write `{name} SEGMENT`, as in `{name} 2`"));
                };
                let segment = segment
                    .parse()
                    .map_err(|_| format!("`{segment}` is not a segment number"))?;
                Ok(Move::Figure(Action::Place { figure, segment }))
            }
            None => Err(format!(
                "unknown word `{name}` (moves start with place, pass, a figure's name, recall, \
                 return, free, portal, add, princess, fairy, town-hall, arrow, decline, swap, \
                 hand-over, lie-down, move, dragon, tower, top, capture or ransom)"
            )),
        },
    }
}

fn figure_named(name: &str) -> Parsed<FigureKind> {
    FigureKind::from_name(name)
        .ok_or_else(|| format!("no figure `{name}` (follower, abbot, mayor, messenger, scarecrow)"))
}

fn seat(text: &str) -> Parsed<u8> {
    text.parse()
        .map_err(|_| format!("`{text}` is not a seat number (0 to 5)"))
}

fn pos(text: &str) -> Parsed<Pos> {
    let bad = || format!("`{text}` is not a square: write `X,Y`, as in `1,-2`");
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    Ok(Pos::new(
        x.parse().map_err(|_| bad())?,
        y.parse().map_err(|_| bad())?,
    ))
}

fn spot(text: &str) -> Parsed<Spot> {
    let bad = || format!("`{text}` is not a spot: write `X,Y/SEGMENT`, as in `1,0/2`");
    let (at, segment) = text.split_once('/').ok_or_else(bad)?;
    Ok(Spot {
        pos: pos(at)?,
        segment: segment.parse().map_err(|_| bad())?,
    })
}

fn rotation_named(text: &str) -> Parsed<Rotation> {
    text.strip_prefix('r')
        .and_then(|d| d.parse().ok())
        .and_then(Rotation::from_degrees)
        .ok_or_else(|| format!("`{text}` is not a rotation (r0, r90, r180 or r270)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_texts_say_what_is_wrong() {
        let cat = Catalog::shipped(&["base"]).expect("base");
        let err = |t: &str| Move::parse(t, &cat).expect_err(t).to_string();
        assert_eq!(
            err("place base/ZZ 1,0 r0"),
            "`place base/ZZ 1,0 r0` is not a move: no tile `base/ZZ` in the sets in play"
        );
        assert!(err("place base/U 1,0 r45").contains("r0, r90, r180 or r270"));
        assert!(err("follower").contains("write `follower SEGMENT`"));
        assert!(err("portal follower 1,0").contains("not a spot"));
        assert!(err("jump").contains("unknown word `jump`"));
        assert!(err("").contains("empty"));
        assert!(err("pass now").contains("takes nothing after it"));
        // Without a catalog the tile is only a name: the lookup is `resolve`'s.
        let unknown: Notation = "place base/ZZ 1,0 r0".parse().expect("well-formed");
        assert_eq!(unknown.tile(), Some("base/ZZ"));
        assert_eq!(
            unknown.resolve(&cat).expect_err("no such tile").to_string(),
            "`place base/ZZ 1,0 r0` is not a move: no tile `base/ZZ` in the sets in play"
        );
        let bad = |t: &str| t.parse::<Notation>().expect_err(t).to_string();
        assert_eq!(
            bad("place base/U 1;0 r0"),
            "`place base/U 1;0 r0` is not a move: `1;0` is not a square: write `X,Y`, as in `1,-2`"
        );
        assert!(bad("swap x 1,0/2").contains("`x` is not a seat number"));
        assert!(bad("arrow left").contains("no arrow `left`"));
        assert!(bad("free wizard 1,0").contains("no figure `wizard`"));
    }

    /// Every legal move of many random games of every set, as text and back:
    /// the text reads back to the same notation and resolves to the same move.
    #[test]
    fn every_legal_move_round_trips_through_its_text() {
        use crate::{Game, Phase, Rng, Setup};
        use std::sync::Arc;
        let sets = crate::testkit::played_sets();
        let cat = Arc::new(Catalog::shipped(&sets).expect("shipped sets"));
        let (mut moves, mut checked) = (Vec::new(), 0);
        for seed in 0..30u64 {
            let mut game =
                Game::new(cat.clone(), Setup::new(2 + seed as usize % 5)).expect("setup");
            let mut rng = Rng::new(seed);
            while !game.is_over() {
                moves.clear();
                game.legal_moves_into(&mut moves);
                for &m in &moves {
                    let text = m.to_notation(&cat).to_string();
                    assert_eq!(text, m.display(&cat).to_string());
                    let read: Notation = text.parse().expect(&text);
                    assert_eq!(read, m.to_notation(&cat), "{text}");
                    assert_eq!(read.to_string(), text);
                    assert_eq!(read.resolve(&cat), Ok(m), "{text}");
                    assert_eq!(Move::parse(&text, &cat), Ok(m), "{text}");
                    checked += 1;
                }
                // Draw (or now and then take the town hall listed instead);
                // otherwise play a random listed move.
                if game.phase() == Phase::Draw && (moves.is_empty() || rng.chance(0.7)) {
                    if game.draw_random(&mut rng).is_err() {
                        break;
                    }
                    continue;
                }
                let m = moves[rng.below(moves.len() as u32) as usize];
                game.play(m).expect("a listed move");
            }
        }
        assert!(checked > 10_000, "only {checked} moves checked");
    }
}
