//! The event log as the Play page shows it: one line per event, players by
//! name, tiles by id.

use tilec_runtime::{Cause, Event, Game, PointsReason, Spot, NO_SEGMENT};

/// Every event of `game` as text, oldest first.
pub fn lines(game: &Game, names: &[String]) -> Vec<String> {
    game.events()
        .iter()
        .filter_map(|e| line(game, names, e))
        .collect()
}

fn line(game: &Game, names: &[String], event: &Event) -> Option<String> {
    let who = |p: &u8| names.get(usize::from(*p)).map_or("?", String::as_str);
    let tile = |k: &u16| game.catalog().kind(*k).id.to_string();
    let text = match event {
        Event::TilePlaced {
            turn,
            player,
            kind,
            pos,
            rotation,
        } => format!(
            "turn {turn}: {} places {} at {pos}, turned {}°",
            who(player),
            tile(kind),
            rotation.degrees()
        ),
        Event::SetAside { turn, kind } => {
            format!("turn {turn}: {} fits nowhere and is set aside", tile(kind))
        }
        Event::HeldBack { turn, player, kind } => format!(
            "turn {turn}: {} draws {}: held back until the first volcano",
            who(player),
            tile(kind)
        ),
        Event::FigurePlaced {
            turn,
            player,
            figure,
            pos,
            segment,
        } => format!(
            "turn {turn}: {} puts a {figure} on {}",
            who(player),
            segment_name(
                game,
                Spot {
                    pos: *pos,
                    segment: *segment
                }
            )
        ),
        Event::Scored(s) => {
            let winners: Vec<&str> = s.winners.iter().map(who).collect();
            let winners = match winners.is_empty() {
                true => "nobody".to_string(),
                false => winners.join(", "),
            };
            let end = s.cause == Cause::EndOfGame;
            format!("{}: {s} for {winners}", when(end, s.turn))
        }
        Event::Points {
            turn,
            player,
            points,
            reason,
        } => format!(
            "{}: {} {points:+} points ({})",
            when(
                matches!(
                    reason,
                    PointsReason::Vodyanoy
                        | PointsReason::Goods(_)
                        | PointsReason::Pig
                        | PointsReason::Barn
                ),
                *turn
            ),
            who(player),
            reason.name()
        ),
        Event::ArrowActivated {
            turn,
            player,
            arrow,
        } => format!(
            "turn {turn}: {} activates the {} arrow",
            who(player),
            arrow.name()
        ),
        Event::ExtraTurn { turn, player } => {
            format!("turn {turn}: {} takes an extra turn", who(player))
        }
        Event::Trapped {
            turn,
            player,
            figure,
            from,
            trap,
            ..
        } => format!(
            "turn {turn}: {}'s {figure} on {} is trapped by {}",
            who(player),
            segment_name(game, *from),
            trap.name()
        ),
        Event::Freed {
            turn,
            player,
            figure,
            at,
        } => format!(
            "turn {turn}: {} frees the {figure} trapped at {at}",
            who(player)
        ),
        Event::Returned {
            turn,
            player,
            figure,
            from,
            reason,
        } => format!(
            "turn {turn}: {}'s {figure} on {} goes home ({})",
            who(player),
            segment_name(game, *from),
            reason.name()
        ),
        Event::Moved {
            turn,
            player,
            figure,
            from,
            to,
        } => format!(
            "turn {turn}: {}'s {figure} moves from {} to {}",
            who(player),
            segment_name(game, *from),
            segment_name(game, *to)
        ),
        Event::LaidDown { turn, player, at } => format!(
            "turn {turn}: {}'s scarecrow on {} lies down",
            who(player),
            segment_name(game, *at)
        ),
        Event::GoodsTaken {
            turn,
            player,
            good,
            count,
        } => format!(
            "turn {turn}: {} completes a city and takes {count} {}",
            who(player),
            good.name()
        ),
        Event::BuilderTurn { turn, player, at } => format!(
            "turn {turn}: {} extends the road or city of their builder on {}: one more turn",
            who(player),
            segment_name(game, *at)
        ),
        Event::DragonMoved {
            turn,
            player,
            from: None,
            to,
        } => format!(
            "turn {turn}: {} places a volcano: the dragon enters at {to}",
            who(player)
        ),
        Event::DragonMoved {
            turn,
            player,
            from: Some(from),
            to,
        } => format!(
            "turn {turn}: {} moves the dragon from {from} to {to}",
            who(player)
        ),
        Event::ShuffledBack { turn, count, .. } => format!(
            "turn {turn}: the first volcano: {count} dragon tile(s) held back go back into the pile"
        ),
        Event::FairyMoved { turn, player, at } => format!(
            "turn {turn}: {} moves the fairy beside their follower on {}",
            who(player),
            segment_name(game, *at)
        ),
        Event::TowerPiece {
            turn,
            player,
            at,
            height,
        } => format!(
            "turn {turn}: {} puts a tower piece on the tower at {at} (height {height})",
            who(player)
        ),
        Event::TowerFollower {
            turn,
            player,
            figure,
            at,
        } => format!(
            "turn {turn}: {} puts a {figure} on top of the tower at {at}: finished",
            who(player)
        ),
        Event::Captured {
            turn,
            player,
            owner,
            figure,
            from,
        } => {
            let from = match from.segment {
                NO_SEGMENT => format!("the top of the tower at {}", from.pos),
                _ => segment_name(game, *from),
            };
            match owner == player {
                true => format!(
                    "turn {turn}: {} captures their own {figure} on {from}: back to supply",
                    who(player)
                ),
                false => format!(
                    "turn {turn}: {} captures {}'s {figure} on {from}: a prisoner",
                    who(player),
                    who(owner)
                ),
            }
        }
        Event::Exchanged {
            turn,
            players,
            figures,
        } => format!(
            "turn {turn}: {} and {} exchange prisoners: {}'s {} and {}'s {} go home",
            who(&players[0]),
            who(&players[1]),
            who(&players[0]),
            figures[0],
            who(&players[1]),
            figures[1]
        ),
        Event::Ransomed {
            turn,
            player,
            holder,
            figure,
        } => format!(
            "turn {turn}: {} pays {} a ransom of 3 points for their {figure}",
            who(player),
            who(holder)
        ),
        _ => return None,
    };
    Some(text)
}

/// `turn 5`, or `end` for final scoring.
fn when(end: bool, turn: u32) -> String {
    match end {
        true => "end".to_string(),
        false => format!("turn {turn}"),
    }
}

/// `the city of base/D at 1,0`: a segment by its kind, tile and square.
pub fn segment_name(game: &Game, spot: Spot) -> String {
    let Some(placed) = game.tile_at(spot.pos) else {
        return format!("{}", spot.pos);
    };
    let kind = game.catalog().kind(placed.kind);
    match kind.segments.get(usize::from(spot.segment)) {
        Some(seg) if spot.segment != NO_SEGMENT => {
            format!("the {} of {} at {}", seg.kind.name(), kind.id, spot.pos)
        }
        _ => format!("{} at {}", kind.id, spot.pos),
    }
}
