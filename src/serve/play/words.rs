//! The Play page's words for the options and questions of a turn.

use super::bot::Act;
use super::live::Live;
use super::log::segment_name;
use tilec_runtime::{Action, Choice, Decision, FigureKind, Game, Move, Phase, Spot, CORNER_NAMES};

/// An option's words, and the spot on the board it concerns (if any).
pub fn option(game: &Game, names: &[String], act: Act) -> (String, Option<Spot>) {
    let who = |p: u8| {
        names
            .get(usize::from(p))
            .map_or("?", String::as_str)
            .to_string()
    };
    let on = |s: Spot| segment_name(game, s);
    match act {
        Act::Draw => ("draw a tile".into(), None),
        Act::Move(Move::TakeTownHall) => ("take the town hall instead of drawing".into(), None),
        Act::Move(Move::Ransom { holder, figure }) => (
            format!(
                "pay {} 3 points to free your {figure} (a ransom)",
                who(holder)
            ),
            None,
        ),
        Act::Move(Move::TakeAbbey) => ("place the abbey instead of drawing".into(), None),
        Act::Move(Move::Figure(a)) => match a {
            Action::Pass => ("no figure".into(), None),
            Action::Place {
                figure: FigureKind::Barn,
                segment,
            } => {
                let spot = game.last_placed().map(|t| Spot {
                    pos: t.pos,
                    segment,
                });
                let corner = spot
                    .and_then(|s| game.barn_corner_of(s.pos, s.segment))
                    .map_or("?", |c| CORNER_NAMES[c]);
                (format!("barn on the {corner} corner"), spot)
            }
            Action::Place { figure, segment } => {
                let spot = game.last_placed().map(|t| Spot {
                    pos: t.pos,
                    segment,
                });
                let what = spot.map_or(String::new(), on);
                (format!("{figure} on {what}"), spot)
            }
            Action::RecallAbbot => ("take the abbot back (it scores now)".into(), None),
            Action::Return { at, figure } => {
                (format!("return the {figure} on {}", on(at)), Some(at))
            }
            Action::Free { at, figure } => {
                let spot = Spot {
                    pos: at,
                    segment: tilec_runtime::NO_SEGMENT,
                };
                (format!("free the {figure} trapped at {at}"), Some(spot))
            }
            Action::Portal { figure, at } => {
                (format!("portal: a {figure} on {}", on(at)), Some(at))
            }
            Action::AddNextTo { figure, at } => (
                format!("add a {figure} beside the one on {}", on(at)),
                Some(at),
            ),
            Action::Princess { at } => (
                format!("princess: send the knight on {} home", on(at)),
                Some(at),
            ),
            Action::Fairy { at } => (
                format!("move the fairy beside your follower on {}", on(at)),
                Some(at),
            ),
            Action::TowerPiece { at } => {
                (format!("a tower piece on the tower at {at}"), Some(top(at)))
            }
            Action::TowerFollower { figure, at } => (
                format!("a {figure} on top of the tower at {at} (finishing it)"),
                Some(top(at)),
            ),
            other => (other.to_string(), None),
        },
        Act::Move(Move::Decide(c)) => match c {
            Choice::Arrow(k) => (format!("activate the {} arrow", k.name()), None),
            Choice::Decline => (decline(game), None),
            Choice::Swap { player, at } => (
                format!("swap {}'s follower on {}", who(player), on(at)),
                Some(at),
            ),
            Choice::HandOver => ("hand over to a farmer".into(), None),
            Choice::LieDown => ("lie down".into(), None),
            Choice::Move { to } => (format!("move to {}", on(to)), Some(to)),
            Choice::Dragon { dir } => {
                let to = game.dragon().map(|p| p.step(usize::from(dir)));
                let spot = to.map(|pos| Spot {
                    pos,
                    segment: tilec_runtime::NO_SEGMENT,
                });
                let name = ["north", "east", "south", "west"][usize::from(dir & 3)];
                let whither = to.map_or(String::new(), |p| format!(" to {p}"));
                (format!("move the dragon {name}{whither}"), spot)
            }
            Choice::Capture { player, figure, at } => {
                let on = match at.segment {
                    tilec_runtime::NO_SEGMENT => format!("the top of the tower at {}", at.pos),
                    _ => on(at),
                };
                (
                    format!("capture {}'s {figure} on {on}", who(player)),
                    Some(at),
                )
            }
            other => (other.to_string(), None),
        },
        Act::Move(m) => (m.display(game.catalog()).to_string(), None),
    }
}

/// The top of the tower at `at` (no segment: the middle of its tile).
fn top(at: tilec_runtime::Pos) -> Spot {
    Spot {
        pos: at,
        segment: tilec_runtime::NO_SEGMENT,
    }
}

/// What declining means for the decision owed.
fn decline(game: &Game) -> String {
    match game.decision() {
        Some(Decision::Messenger { .. }) => "the messenger goes home".into(),
        Some(Decision::Mayor { .. }) => "no swap: the mayor goes home".into(),
        Some(Decision::Scarecrow { .. }) => "the scarecrow goes home".into(),
        Some(Decision::Capture { .. }) => "no capture".into(),
        Some(Decision::Wagon { .. }) => "the wagon goes home".into(),
        _ => "decline".into(),
    }
}

/// What the player to act is asked, in words.
pub fn question(live: &Live) -> String {
    let game = &live.game;
    let Some(p) = live.acting() else {
        return "the game is over".into();
    };
    let name = &live.names[usize::from(p)];
    let on = |s: Spot| segment_name(game, s);
    match game.phase() {
        Phase::Draw if game.holds_town_hall(p) => {
            format!("{name}: draw a tile, or take the town hall")
        }
        Phase::Draw if game.holds_abbey(p) => format!("{name}: draw a tile, or place the abbey"),
        Phase::Draw => format!("{name}: draw a tile, or pay a ransom first"),
        Phase::Place(kind) => format!("{name}: place {}", game.catalog().kind(kind).id),
        Phase::Figure => format!("{name}: a figure on the tile just placed?"),
        Phase::Decide => match game.decision() {
            Some(Decision::Arrow { .. }) => format!("{name}: which arrow takes effect?"),
            Some(Decision::Mayor { at, .. }) => {
                format!(
                    "{name}: your mayor on {} is surrounded: swap a follower?",
                    on(at)
                )
            }
            Some(Decision::Scarecrow { at, .. }) => {
                format!("{name}: your scarecrow on {} is surrounded", on(at))
            }
            Some(Decision::Messenger { from, .. }) => {
                format!("{name}: the road of your messenger on {} scored", on(from))
            }
            Some(Decision::Dragon { .. }) => {
                let made = game.dragon_visited().len().saturating_sub(1);
                format!("{name}: move the dragon (move {} of 6)", made + 1)
            }
            Some(Decision::Capture { at, .. }) => {
                format!("{name}: capture a follower in the reach of the tower at {at}?")
            }
            Some(Decision::Wagon { from, .. }) => {
                format!(
                    "{name}: the feature of your wagon on {} scored: move it on?",
                    on(from)
                )
            }
            _ => format!("{name}: decide"),
        },
        Phase::Over => "the game is over".into(),
    }
}
