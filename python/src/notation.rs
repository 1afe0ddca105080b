//! The text notation of moves: one line of space-separated words.
//!
//! ```text
//! draw                      town-hall
//! place X,Y DEG             the drawn tile at square X,Y turned DEG degrees clockwise
//! pass                      deploy FIGURE SEG          recall-abbot
//! return FIGURE X,Y SEG     free FIGURE X,Y            portal FIGURE X,Y SEG
//! add FIGURE X,Y SEG        (20th Anniversary add-next-to)
//! arrow KIND                decline       swap PLAYER X,Y SEG
//! hand-over                 lie-down      move X,Y SEG
//! ```
//!
//! FIGURE is a record name (`follower`, `abbot`, `mayor`, `messenger`,
//! `scarecrow`), KIND an arrow keyword (`add-next-to`, `portal`, `extra-turn`).

use crate::moves::Mv;
use std::fmt::{self, Write};
use tilec_runtime::{
    Action, ArrowKind, Catalog, Choice, FigureKind, Placement, Pos, Rotation, Spot,
};

/// The arrow kinds, for parsing their keywords.
const ARROWS: [ArrowKind; 3] = [
    ArrowKind::AddNextTo,
    ArrowKind::Portal,
    ArrowKind::ExtraTurn,
];

/// The notation of `mv` (tile ids from `cat`).
pub fn text(mv: Mv, cat: &Catalog) -> String {
    let _ = cat;
    let mut s = String::new();
    let _ = write(mv, &mut s);
    s
}

/// Writes `mv` in the notation.
pub fn write(mv: Mv, f: &mut impl Write) -> fmt::Result {
    match mv {
        Mv::Draw => f.write_str("draw"),
        Mv::TownHall => f.write_str("town-hall"),
        Mv::Place(p) => write!(f, "place {} {}", pos(p.pos), p.rotation.degrees()),
        Mv::Act(a) => write_action(a, f),
        Mv::Choose(c) => write_choice(c, f),
    }
}

fn pos(p: Pos) -> String {
    format!("{},{}", p.x, p.y)
}

fn spot(s: Spot) -> String {
    format!("{} {}", pos(s.pos), s.segment)
}

fn write_action(a: Action, f: &mut impl Write) -> fmt::Result {
    match a {
        Action::Pass => f.write_str("pass"),
        Action::Place { figure, segment } => write!(f, "deploy {figure} {segment}"),
        Action::RecallAbbot => f.write_str("recall-abbot"),
        Action::Return { at, figure } => write!(f, "return {figure} {}", spot(at)),
        Action::Free { at, figure } => write!(f, "free {figure} {}", pos(at)),
        Action::Portal { figure, at } => write!(f, "portal {figure} {}", spot(at)),
        Action::AddNextTo { figure, at } => write!(f, "add {figure} {}", spot(at)),
        other => write!(f, "{other}"),
    }
}

fn write_choice(c: Choice, f: &mut impl Write) -> fmt::Result {
    match c {
        Choice::Arrow(k) => write!(f, "arrow {}", k.name()),
        Choice::Decline => f.write_str("decline"),
        Choice::Swap { player, at } => write!(f, "swap {player} {}", spot(at)),
        Choice::HandOver => f.write_str("hand-over"),
        Choice::LieDown => f.write_str("lie-down"),
        Choice::Move { to } => write!(f, "move {}", spot(to)),
        other => write!(f, "{other}"),
    }
}

/// The move `text` writes (tile ids from `cat`), or what is wrong with it.
pub fn parse(text: &str, cat: &Catalog) -> Result<Mv, String> {
    let _ = cat;
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut w = Words {
        words: &words,
        at: 1,
        text,
    };
    let Some(&verb) = words.first() else {
        return Err("an empty move: expected a word such as `place` or `pass`".into());
    };
    let mv = match verb {
        "draw" => Mv::Draw,
        "town-hall" => Mv::TownHall,
        "place" => Mv::Place(Placement {
            pos: w.pos()?,
            rotation: w.rotation()?,
        }),
        "pass" => Mv::Act(Action::Pass),
        "deploy" => Mv::Act(Action::Place {
            figure: w.figure()?,
            segment: w.number("a segment number")?,
        }),
        "recall-abbot" => Mv::Act(Action::RecallAbbot),
        "return" => Mv::Act(Action::Return {
            figure: w.figure()?,
            at: w.spot()?,
        }),
        "free" => Mv::Act(Action::Free {
            figure: w.figure()?,
            at: w.pos()?,
        }),
        "portal" => Mv::Act(Action::Portal {
            figure: w.figure()?,
            at: w.spot()?,
        }),
        "add" => Mv::Act(Action::AddNextTo {
            figure: w.figure()?,
            at: w.spot()?,
        }),
        "arrow" => Mv::Choose(Choice::Arrow(w.arrow()?)),
        "decline" => Mv::Choose(Choice::Decline),
        "swap" => Mv::Choose(Choice::Swap {
            player: w.number("a player number")?,
            at: w.spot()?,
        }),
        "hand-over" => Mv::Choose(Choice::HandOver),
        "lie-down" => Mv::Choose(Choice::LieDown),
        "move" => Mv::Choose(Choice::Move { to: w.spot()? }),
        other => {
            return Err(format!(
                "`{text}`: unknown move `{other}` (expected draw, town-hall, place, pass, deploy, \
                 recall-abbot, return, free, portal, add, arrow, decline, swap, hand-over, \
                 lie-down or move)"
            ))
        }
    };
    w.end()?;
    Ok(mv)
}

/// The words after a move's verb, read in order.
struct Words<'a> {
    words: &'a [&'a str],
    at: usize,
    text: &'a str,
}

impl<'a> Words<'a> {
    fn next(&mut self, what: &str) -> Result<&'a str, String> {
        let w = self.words.get(self.at).ok_or_else(|| {
            format!(
                "`{}`: expected {what} after `{}`",
                self.text,
                self.words[self.at - 1]
            )
        })?;
        self.at += 1;
        Ok(w)
    }

    fn bad(&self, what: &str, word: &str) -> String {
        format!("`{}`: `{word}` is not {what}", self.text)
    }

    fn number<T: std::str::FromStr>(&mut self, what: &str) -> Result<T, String> {
        let w = self.next(what)?;
        w.parse().map_err(|_| self.bad(what, w))
    }

    fn pos(&mut self) -> Result<Pos, String> {
        let what = "a square `X,Y`";
        let w = self.next(what)?;
        let (x, y) = w.split_once(',').ok_or_else(|| self.bad(what, w))?;
        match (x.parse(), y.parse()) {
            (Ok(x), Ok(y)) => Ok(Pos::new(x, y)),
            _ => Err(self.bad(what, w)),
        }
    }

    fn spot(&mut self) -> Result<Spot, String> {
        Ok(Spot {
            pos: self.pos()?,
            segment: self.number("a segment number")?,
        })
    }

    fn rotation(&mut self) -> Result<Rotation, String> {
        let what = "a rotation (0, 90, 180 or 270)";
        let w = self.next(what)?;
        w.parse::<i64>()
            .ok()
            .and_then(Rotation::from_degrees)
            .ok_or_else(|| self.bad(what, w))
    }

    fn figure(&mut self) -> Result<FigureKind, String> {
        let what = "a figure (follower, abbot, mayor, messenger or scarecrow)";
        let w = self.next(what)?;
        FigureKind::from_name(w).ok_or_else(|| self.bad(what, w))
    }

    fn arrow(&mut self) -> Result<ArrowKind, String> {
        let what = "an arrow kind (add-next-to, portal or extra-turn)";
        let w = self.next(what)?;
        ARROWS
            .into_iter()
            .find(|k| k.name() == w)
            .ok_or_else(|| self.bad(what, w))
    }

    fn end(&self) -> Result<(), String> {
        match self.words.get(self.at) {
            None => Ok(()),
            Some(extra) => Err(format!("`{}`: unexpected `{extra}` at the end", self.text)),
        }
    }
}
