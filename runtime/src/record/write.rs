//! A game writes its own record: its history replayed on a fresh game, each
//! move turned into the keys a record uses, then the record as TOML.

use super::replay::{first_word, segment_name};
use super::{Answer, AnswerKind, Capture, Ransom, Record, Step, Turn, Waiting};
use crate::{Action, Choice, Decision, FigureKind, Game, KindId, LogEntry, Move, Pos, Setup, Spot};
use std::fmt::Write;

impl Game {
    /// This game as a record (the contract of `docs/game-record.md`), the
    /// players named `names` in seat order, with `[expect]` scores once the
    /// game is over. `None` when the game keeps no history
    /// ([`Setup::history`]) or `names` has not one name per player.
    ///
    /// ```
    /// # use tilec_runtime::*;
    /// let cat = std::sync::Arc::new(Catalog::shipped(&["base"]).unwrap());
    /// let mut game = Game::new(cat, Setup::new(2).with_history()).unwrap();
    /// RandomPlayer::new(0.3).play(&mut game, &mut Rng::new(1));
    /// let names = ["red".to_string(), "blue".to_string()];
    /// let text = game.to_record(&names).unwrap().to_toml();
    /// let again = record::replay(&record::parse(&text).unwrap(), tables::SETS).unwrap();
    /// assert_eq!(again.scores(), game.scores());
    /// ```
    pub fn to_record(&self, names: &[String]) -> Option<Record> {
        let history = self.history.as_ref()?;
        if names.len() != self.players() {
            return None;
        }
        let start = self.board.tiles.first()?.kind;
        let setup = Setup {
            start: Some(start),
            ..Setup::new(self.players())
        };
        let mut game = Game::new(self.cat.clone(), setup).ok()?;
        let mut writer = Writer {
            names,
            turns: Vec::new(),
            set_aside: Vec::new(),
            ransom: None,
        };
        for &entry in history {
            writer.step(&mut game, entry)?;
        }
        // Inside a turn: where it stands, so that the record reads back as
        // this position.
        let (drawn, waiting) = match (self.phase, self.decision()) {
            (crate::Phase::Place(kind), _) => (Some(self.id(kind)), None),
            (crate::Phase::Figure, _) => (None, Some(Waiting::Figure)),
            (crate::Phase::Decide, Some(Decision::Arrow { .. })) => (None, Some(Waiting::Arrow)),
            (crate::Phase::Decide, _) => (None, Some(Waiting::Answer)),
            _ => (None, None),
        };
        Some(Record {
            players: names.to_vec(),
            sets: self.cat.set_ids().to_vec(),
            start: self.id(start),
            turns: writer.turns,
            set_aside: writer.set_aside,
            expect_scores: self.is_over().then(|| self.scores().to_vec()),
            seed: None,
            drawn,
            waiting,
            ransom: writer.ransom,
        })
    }

    fn id(&self, kind: KindId) -> String {
        let id = &self.cat.kind(kind).id;
        // Abbey & Mayor's abbey as records name it: `abbey-mayor/abbey`.
        match (self.cat.pile_class(kind), id.split_once('/')) {
            (crate::PileClass::Abbey, Some((set, _))) => format!("{set}/abbey"),
            _ => id.to_string(),
        }
    }
}

/// The record being written, and the tiles set aside since the last turn.
struct Writer<'a> {
    names: &'a [String],
    turns: Vec<Turn>,
    set_aside: Vec<String>,
    /// The Tower: a ransom paid before the next turn's draw.
    ransom: Option<Ransom>,
}

impl Writer<'_> {
    /// Writes one history entry, then plays it on `game`.
    fn step(&mut self, game: &mut Game, entry: LogEntry) -> Option<()> {
        let m = match entry {
            LogEntry::SetAside(kind) => {
                self.set_aside.push(game.id(kind));
                game.draw(kind).ok()?;
                return Some(());
            }
            LogEntry::Move(m) => m,
        };
        match m {
            Move::TakeTownHall | Move::TakeAbbey => {}
            Move::Ransom { holder, figure } => {
                self.ransom = Some(Ransom {
                    player: self.names.get(usize::from(holder))?.clone(),
                    kind: figure,
                });
            }
            Move::Place { kind, placement } => {
                if game.phase() == crate::Phase::Draw {
                    // A drawn tile, or the town hall handed over at the end of the pile.
                    game.draw(kind).ok()?;
                }
                self.turns.push(Turn {
                    tile: game.id(kind),
                    at: placement.pos,
                    rotation: placement.rotation,
                    arrow: None,
                    step: Step::Pass,
                    then: Vec::new(),
                    set_aside: std::mem::take(&mut self.set_aside),
                    dragon: Vec::new(),
                    ransom: self.ransom.take(),
                });
            }
            Move::Decide(Choice::Arrow(k)) => self.turns.last_mut()?.arrow = Some(k),
            Move::Decide(Choice::Dragon { dir }) => self.turns.last_mut()?.dragon.push(dir),
            Move::Figure(a) => {
                let turn = self.turns.last_mut()?;
                turn.step = step_of(game, turn.at, a);
            }
            Move::Decide(Choice::Decline)
                if matches!(game.decision(), Some(Decision::Capture { .. })) =>
            {
                if let Step::Tower { declined, .. } = &mut self.turns.last_mut()?.step {
                    *declined = true;
                }
            }
            Move::Decide(Choice::Capture { player, figure, at }) => {
                let on = match at.segment {
                    crate::NO_SEGMENT => "tower".to_string(),
                    _ => name(game, at),
                };
                let capture = Capture {
                    at: at.pos,
                    on,
                    kind: Some(figure),
                    of: Some(self.names.get(usize::from(player))?.clone()),
                };
                if let Step::Tower { capture: c, .. } = &mut self.turns.last_mut()?.step {
                    *c = Some(capture);
                }
            }
            Move::Decide(c) => {
                let answer = answer_of(game, self.names, game.decision()?, c)?;
                self.turns.last_mut()?.then.push(answer);
            }
        }
        game.play(m).ok()
    }
}

/// The record's name of a segment.
fn name(game: &Game, at: Spot) -> String {
    first_word(segment_name(game, at.pos, at.segment))
}

fn step_of(game: &Game, placed: Pos, action: Action) -> Step {
    let spot = |segment| Spot {
        pos: placed,
        segment,
    };
    match action {
        Action::Pass => Step::Pass,
        Action::Place {
            figure: FigureKind::Barn,
            segment,
        } => Step::Figure {
            kind: FigureKind::Barn,
            on: match game.barn_corner_of(placed, segment) {
                Some(c) => crate::CORNER_NAMES[c].to_string(),
                None => name(game, spot(segment)),
            },
            at: None,
            portal: false,
        },
        Action::Place { figure, segment } => Step::Figure {
            kind: figure,
            on: name(game, spot(segment)),
            at: None,
            portal: false,
        },
        Action::RecallAbbot => Step::RecallAbbot,
        Action::Return { at, figure } => Step::Return {
            kind: Some(figure),
            at: at.pos,
            on: name(game, at),
        },
        Action::Free { at, figure } => Step::Free { kind: figure, at },
        Action::Portal { figure, at } => Step::Figure {
            kind: figure,
            on: name(game, at),
            at: Some(at.pos),
            portal: at.pos == placed,
        },
        Action::AddNextTo { figure, at } => Step::Add {
            kind: figure,
            at: at.pos,
            on: name(game, at),
        },
        Action::Princess { at } => Step::Princess {
            at: at.pos,
            on: name(game, at),
        },
        Action::Fairy { at } => Step::Fairy {
            at: at.pos,
            on: name(game, at),
        },
        Action::TowerPiece { at } => Step::Tower {
            at,
            capture: None,
            declined: false,
        },
        Action::TowerFollower { figure, at } => Step::Figure {
            kind: figure,
            on: "tower".to_string(),
            at: Some(at),
            portal: false,
        },
    }
}

fn answer_of(game: &Game, names: &[String], d: Decision, c: Choice) -> Option<Answer> {
    let what = match (d, c) {
        (Decision::Mayor { .. }, Choice::Decline) => AnswerKind::MayorDecline,
        (Decision::Mayor { .. }, Choice::Swap { player, at }) => AnswerKind::MayorSwap {
            at: at.pos,
            on: name(game, at),
            of: Some(names.get(usize::from(player))?.clone()),
        },
        (Decision::Scarecrow { .. }, Choice::Decline) => AnswerKind::ScarecrowReturn,
        (Decision::Scarecrow { .. }, Choice::HandOver) => AnswerKind::HandOver,
        (Decision::Scarecrow { .. }, Choice::LieDown) => AnswerKind::LieDown,
        (Decision::Messenger { .. }, Choice::Decline) => AnswerKind::MessengerReturn,
        (Decision::Wagon { .. }, Choice::Decline) => AnswerKind::WagonReturn,
        (Decision::Wagon { .. }, Choice::Move { to }) => AnswerKind::WagonMove {
            at: to.pos,
            on: name(game, to),
        },
        (Decision::Messenger { .. }, Choice::Move { to }) => AnswerKind::MessengerMove {
            at: to.pos,
            on: name(game, to),
        },
        _ => return None,
    };
    Some(Answer {
        player: Some(names.get(usize::from(d.player()))?.clone()),
        what,
    })
}

/// A TOML string.
fn q(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

fn xy(p: Pos) -> String {
    format!("[{}, {}]", p.x, p.y)
}

fn list(items: impl IntoIterator<Item = String>) -> String {
    format!("[{}]", items.into_iter().collect::<Vec<_>>().join(", "))
}

impl Record {
    /// The record as TOML text that [`parse`](super::parse) reads back.
    pub fn to_toml(&self) -> String {
        let mut out = String::new();
        let strings = |v: &[String]| list(v.iter().map(|s| q(s)));
        let _ = writeln!(out, "players = {}", strings(&self.players));
        let _ = writeln!(out, "sets = {}", strings(&self.sets));
        let _ = writeln!(out, "start = {{ tile = {} }}", q(&self.start));
        if let Some(seed) = self.seed {
            let _ = writeln!(out, "seed = {}", seed as i64);
        }
        if !self.set_aside.is_empty() {
            let _ = writeln!(out, "set_aside = {}", strings(&self.set_aside));
        }
        if let Some(drawn) = &self.drawn {
            let _ = writeln!(out, "drawn = {}", q(drawn));
        }
        if let Some(waiting) = self.waiting {
            let _ = writeln!(out, "waiting = {}", q(waiting.name()));
        }
        if let Some(r) = &self.ransom {
            let _ = writeln!(
                out,
                "ransom = {{ player = {}, kind = {} }}",
                q(&r.player),
                q(r.kind.name())
            );
        }
        for t in &self.turns {
            write_turn(&mut out, t);
        }
        if let Some(scores) = &self.expect_scores {
            let _ = writeln!(out, "\n[expect]");
            let _ = writeln!(
                out,
                "scores = {}",
                list(scores.iter().map(|s| s.to_string()))
            );
        }
        out
    }
}

fn write_turn(out: &mut String, t: &Turn) {
    let _ = writeln!(out, "\n[[turn]]");
    let _ = writeln!(out, "tile = {}", q(&t.tile));
    let _ = writeln!(out, "at = {}", xy(t.at));
    let _ = writeln!(out, "rotation = {}", t.rotation.degrees());
    if let Some(r) = &t.ransom {
        let _ = writeln!(
            out,
            "ransom = {{ player = {}, kind = {} }}",
            q(&r.player),
            q(r.kind.name())
        );
    }
    if !t.set_aside.is_empty() {
        let _ = writeln!(
            out,
            "set_aside = {}",
            list(t.set_aside.iter().map(|s| q(s)))
        );
    }
    if let Some(a) = t.arrow {
        let _ = writeln!(out, "arrow = {}", q(a.name()));
    }
    let spot = |kind: &str, at: Pos, on: &str| {
        format!("{{ kind = {}, at = {}, on = {} }}", q(kind), xy(at), q(on))
    };
    let step = match &t.step {
        Step::Pass => None,
        Step::Figure {
            kind,
            on,
            at,
            portal,
        } => Some(match (at, portal) {
            (None, _) => format!("figure = {{ kind = {}, on = {} }}", q(kind.name()), q(on)),
            (Some(at), false) => format!("figure = {}", spot(kind.name(), *at, on)),
            (Some(at), true) => format!(
                "figure = {{ kind = {}, at = {}, on = {}, portal = true }}",
                q(kind.name()),
                xy(*at),
                q(on)
            ),
        }),
        Step::RecallAbbot => Some("recall = \"abbot\"".to_string()),
        Step::Add { kind, at, on } => Some(format!("add = {}", spot(kind.name(), *at, on))),
        Step::Return { kind, at, on } => {
            let kind = kind.map_or("follower", |k| k.name());
            Some(format!("return = {}", spot(kind, *at, on)))
        }
        Step::Free { kind, at } => Some(format!(
            "free = {{ kind = {}, at = {} }}",
            q(kind.name()),
            xy(*at)
        )),
        Step::Princess { at, on } => {
            Some(format!("princess = {{ at = {}, on = {} }}", xy(*at), q(on)))
        }
        Step::Fairy { at, on } => Some(format!("fairy = {{ at = {}, on = {} }}", xy(*at), q(on))),
        Step::Tower {
            at,
            capture,
            declined,
        } => {
            let mut s = format!("tower = {{ at = {} }}", xy(*at));
            if *declined {
                s.push_str("\ncapture = false");
            }
            if let Some(c) = capture {
                let _ = write!(s, "\ncapture = {{ at = {}, on = {}", xy(c.at), q(&c.on));
                if let Some(k) = c.kind {
                    let _ = write!(s, ", kind = {}", q(k.name()));
                }
                if let Some(of) = &c.of {
                    let _ = write!(s, ", of = {}", q(of));
                }
                s.push_str(" }");
            }
            Some(s)
        }
    };
    if let Some(step) = step {
        let _ = writeln!(out, "{step}");
    }
    if !t.dragon.is_empty() {
        let dirs = t
            .dragon
            .iter()
            .map(|&d| q(super::replay::DIRS[usize::from(d & 3)]));
        let _ = writeln!(out, "dragon = {}", list(dirs));
    }
    if !t.then.is_empty() {
        let _ = writeln!(out, "then = {}", list(t.then.iter().map(answer_text)));
    }
}

fn answer_text(a: &Answer) -> String {
    let mut parts = Vec::new();
    if let Some(p) = &a.player {
        parts.push(format!("player = {}", q(p)));
    }
    let spot = |at: &Pos, on: &str| format!("at = {}, on = {}", xy(*at), q(on));
    match &a.what {
        AnswerKind::MayorSwap { at, on, of } => {
            parts.push("mayor = \"swap\"".into());
            parts.push(spot(at, on));
            if let Some(of) = of {
                parts.push(format!("of = {}", q(of)));
            }
        }
        AnswerKind::MayorDecline => parts.push("mayor = \"decline\"".into()),
        AnswerKind::HandOver => parts.push("scarecrow = \"hand-over\"".into()),
        AnswerKind::LieDown => parts.push("scarecrow = \"lie-down\"".into()),
        AnswerKind::ScarecrowReturn => parts.push("scarecrow = \"return\"".into()),
        AnswerKind::MessengerMove { at, on } => {
            parts.push("messenger = \"move\"".into());
            parts.push(spot(at, on));
        }
        AnswerKind::MessengerReturn => parts.push("messenger = \"return\"".into()),
        AnswerKind::WagonMove { at, on } => {
            parts.push("wagon = \"move\"".into());
            parts.push(spot(at, on));
        }
        AnswerKind::WagonReturn => parts.push("wagon = \"return\"".into()),
    }
    format!("{{ {} }}", parts.join(", "))
}
