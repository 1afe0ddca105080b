//! Replaying a checked record against the engine.

use super::{
    AnswerKind, DecisionReason, Record, ReplayError, ReplayErrorKind, Step, Turn, Waiting,
};
use crate::catalog::CatalogOptions;
use crate::{
    Action, Catalog, Choice, Decision, DrawError, Drawn, FigureKind, Game, KindId, Phase,
    Placement, Pos, Setup, Spot, TileSet, PORT_NAMES,
};
use std::sync::Arc;

/// Plays `record` with the sets it names (looked up in `available`, usually
/// `crate::tables::SETS`), then runs final scoring.
pub fn replay(record: &Record, available: &[&TileSet]) -> Result<Game, ReplayError> {
    replay_with(record, available, CatalogOptions::default())
}

/// [`replay`], building the catalog with `options` (to replay a game whose tiles
/// were played as plain topology).
pub fn replay_with(
    record: &Record,
    available: &[&TileSet],
    options: CatalogOptions,
) -> Result<Game, ReplayError> {
    replay_each(record, available, options, |_| {})
}

/// [`replay_with`], showing `each` the game before the first turn and after
/// every turn (before final scoring), so that a viewer can step through it.
///
/// ```
/// use tilec_runtime::{record, tables, catalog::CatalogOptions};
/// let text = "players = [\"a\", \"b\"]\nsets = [\"base\"]\nstart = { tile = \"base/D\" }\n\
///             [[turn]]\ntile = \"base/U\"\nat = [1, 0]\nrotation = 0\n";
/// let rec = record::parse(text).unwrap();
/// let mut tiles = Vec::new();
/// let end = record::replay_each(&rec, tables::SETS, CatalogOptions::default(), |g| {
///     tiles.push(g.placed_tiles().len())
/// })
/// .unwrap();
/// assert_eq!(tiles, [1, 2]); // the start, then after turn 1
/// assert!(end.is_over());
/// ```
pub fn replay_each(
    record: &Record,
    available: &[&TileSet],
    options: CatalogOptions,
    mut each: impl FnMut(&Game),
) -> Result<Game, ReplayError> {
    let game = setup(record, available, options, Setup::new(0).with_events())?;
    each(&game);
    let mut game = play_rest(record, game, &mut each)?;
    game.finish();
    Ok(game)
}

/// Plays `record` as [`replay_with`] does but leaves the game open after its
/// last turn (and its top-level `set_aside`), without final scoring, keeping
/// its history ([`Game::history`]) and no events: a game to continue (with
/// the record's `seed`, Python's `Game.from_record`). The game is at the next
/// player's draw, or over when nothing is left to draw.
///
/// ```
/// # use tilec_runtime::*;
/// let text = "players = [\"a\", \"b\"]\nsets = [\"base\"]\nstart = { tile = \"base/D\" }\n\
///             [[turn]]\ntile = \"base/U\"\nat = [1, 0]\nrotation = 0\n";
/// let game = record::resume(&record::parse(text).unwrap(), tables::SETS, CatalogOptions::default()).unwrap();
/// assert_eq!((game.phase(), game.current_player(), game.pile_len()), (Phase::Draw, 1, 70));
/// ```
pub fn resume(
    record: &Record,
    available: &[&TileSet],
    options: CatalogOptions,
) -> Result<Game, ReplayError> {
    play_turns(record, available, options, Setup::new(0).with_history())
}

/// [`resume`] with a catalog built already (it must hold the record's sets,
/// as [`Catalog::set_ids`] names them; its options are the game's).
pub fn resume_in(record: &Record, cat: Arc<Catalog>) -> Result<Game, ReplayError> {
    if cat.set_ids() != record.sets.as_slice() {
        return Err(ReplayError {
            turn: 0,
            tile: record.start.clone(),
            kind: ReplayErrorKind::OtherSets {
                record: record.sets.clone(),
                catalog: cat.set_ids().to_vec(),
            },
        });
    }
    let game = new_game(record, cat, Setup::new(0).with_history())?;
    play_rest(record, game, &mut |_| {})
}

/// The game of `record` after its turns and its top-level set-aside tiles;
/// `setup` says whether it keeps events or history (its players and start
/// are the record's).
fn play_turns(
    record: &Record,
    available: &[&TileSet],
    options: CatalogOptions,
    setup: Setup,
) -> Result<Game, ReplayError> {
    let game = self::setup(record, available, options, setup)?;
    play_rest(record, game, &mut |_| {})
}

/// Plays `record`'s turns and top-level set-aside tiles on `game`, showing
/// `each` the game after every turn.
pub(super) fn play_rest(
    record: &Record,
    mut game: Game,
    each: &mut impl FnMut(&Game),
) -> Result<Game, ReplayError> {
    let last = record.turns.len();
    for (i, turn) in record.turns.iter().enumerate() {
        let t = TurnReplay {
            n: i + 1,
            turn,
            players: &record.players,
            // `waiting` stops the last turn where it says (but a draw).
            stop: record
                .waiting
                .filter(|&w| i + 1 == last && w != Waiting::Draw),
        };
        t.play(&mut game)?;
        each(&game);
    }
    let n = last + 1;
    if let Some(r) = &record.ransom {
        pay_ransom(&mut game, &record.players, r).map_err(|kind| ReplayError {
            turn: n,
            tile: String::new(),
            kind,
        })?;
    }
    for id in &record.set_aside {
        let error = |kind| ReplayError {
            turn: n,
            tile: id.clone(),
            kind,
        };
        set_aside(&mut game, id, error)?;
    }
    if let Some(id) = &record.drawn {
        let error = |kind| ReplayError {
            turn: n,
            tile: id.clone(),
            kind,
        };
        draw_in_hand(&mut game, id, error)?;
    }
    if record.waiting == Some(Waiting::Draw) && !offers_draw(&game) {
        return Err(ReplayError {
            turn: n,
            tile: String::new(),
            kind: not_waiting(&game, record.waiting),
        });
    }
    Ok(game)
}

/// `drawn`: the tile drawn after the last turn, in hand (it must fit).
fn draw_in_hand(
    game: &mut Game,
    id: &str,
    error: impl Fn(ReplayErrorKind) -> ReplayError,
) -> Result<(), ReplayError> {
    if game.phase() != Phase::Draw {
        return Err(error(not_waiting(game, None)));
    }
    let kind = game
        .catalog()
        .kind_id(id)
        .ok_or_else(|| error(ReplayErrorKind::UnknownTile))?;
    match game.draw(kind) {
        Ok(Drawn::Place(_)) => Ok(()),
        // Drawn and set aside: it was no tile in hand.
        Ok(Drawn::SetAside(_)) => Err(error(ReplayErrorKind::DrawnFitsNowhere)),
        Err(e) => Err(draw_error(game, e, &error)),
    }
}

/// Whether the player to move may draw or place the town hall they hold.
fn offers_draw(game: &Game) -> bool {
    game.phase() == Phase::Draw
        && game.pile_len() > 0
        && (game.holds_tile(game.current_player()) || game.draw_alternatives())
}

/// The error of a `waiting` (`None`: `drawn`) that the game does not wait for.
fn not_waiting(game: &Game, waiting: Option<Waiting>) -> ReplayErrorKind {
    let found = match (game.phase(), game.decision()) {
        (Phase::Draw, _) if offers_draw(game) => "a held tile (town hall, abbey) or a draw",
        (Phase::Draw, _) if game.pile_len() > 0 => "the next draw",
        (Phase::Draw | Phase::Over, _) => "nothing: the pile is empty",
        (Phase::Place(_), _) => "the drawn tile's placement",
        (Phase::Figure, _) => "the figure step",
        (Phase::Decide, Some(Decision::Arrow { .. })) => "the choice of an arrow",
        (Phase::Decide, _) => "the answer to a decision",
    };
    ReplayErrorKind::NotWaiting { waiting, found }
}

/// A drawn tile that fits nowhere, set aside; `error` places the problem.
fn set_aside(
    game: &mut Game,
    id: &str,
    error: impl Fn(ReplayErrorKind) -> ReplayError,
) -> Result<(), ReplayError> {
    let kind = game
        .catalog()
        .kind_id(id)
        .ok_or_else(|| error(ReplayErrorKind::UnknownTile))?;
    // A dragon tile before the first volcano is held back, fitting or not.
    if game.can_place(kind) && !game.held_back(kind) {
        return Err(error(ReplayErrorKind::SetAsideFits { id: id.into() }));
    }
    game.draw(kind)
        .map(|_| ())
        .map_err(|e| draw_error(game, e, &error))
}

fn draw_error(
    game: &Game,
    e: DrawError,
    error: impl Fn(ReplayErrorKind) -> ReplayError,
) -> ReplayError {
    match e {
        DrawError::OutOfOrder { waiting, .. } => {
            let waiting = game.catalog().kind(waiting).id.to_string();
            error(ReplayErrorKind::OutOfOrder { waiting })
        }
        e => error(ReplayErrorKind::Draw(e)),
    }
}

/// The game a record starts: its sets, players and start tile (events and
/// history as `with` has them).
pub(super) fn setup(
    record: &Record,
    available: &[&TileSet],
    options: CatalogOptions,
    with: Setup,
) -> Result<Game, ReplayError> {
    let setup_error = |kind| ReplayError {
        turn: 0,
        tile: record.start.clone(),
        kind,
    };
    let mut sets = Vec::new();
    for id in &record.sets {
        match available.iter().find(|s| s.id == id.as_str()) {
            Some(&s) => sets.push(s),
            None => {
                let known = available.iter().map(|s| s.id.to_string()).collect();
                return Err(setup_error(ReplayErrorKind::UnknownSet {
                    id: id.clone(),
                    known,
                }));
            }
        }
    }
    let cat = Catalog::with_options(&sets, options)
        .map_err(|e| setup_error(ReplayErrorKind::Catalog(e)))?;
    new_game(record, Arc::new(cat), with)
}

/// The game of `record`'s players and start tile with `cat`.
fn new_game(record: &Record, cat: Arc<Catalog>, with: Setup) -> Result<Game, ReplayError> {
    let setup_error = |kind| ReplayError {
        turn: 0,
        tile: record.start.clone(),
        kind,
    };
    let start = cat
        .kind_id(&record.start)
        .ok_or_else(|| setup_error(ReplayErrorKind::UnknownTile))?;
    let setup = Setup {
        start: Some(start),
        players: record.players.len(),
        ..with
    };
    Game::new(cat, setup).map_err(|e| setup_error(ReplayErrorKind::Setup(e)))
}

/// One `[[turn]]` being replayed: its steps in order (set-aside tiles, the
/// draw, the placement, the arrow, the figure step, the answers).
pub(super) struct TurnReplay<'a> {
    pub(super) n: usize,
    pub(super) turn: &'a Turn,
    pub(super) players: &'a [String],
    /// Where the turn stops (the last turn of a record written inside it).
    pub(super) stop: Option<Waiting>,
}

impl TurnReplay<'_> {
    pub(super) fn play(&self, game: &mut Game) -> Result<(), ReplayError> {
        if let Some(r) = &self.turn.ransom {
            self.ransom(game, r)?;
        }
        for id in &self.turn.set_aside {
            self.set_aside(game, id)?;
        }
        self.draw(game)?;
        if self.stop == Some(Waiting::Arrow) {
            let arrow = matches!(game.decision(), Some(Decision::Arrow { .. }));
            return self.waits(game, arrow);
        }
        self.arrow(game)?;
        if self.stop == Some(Waiting::Figure) {
            return self.waits(game, game.phase() == Phase::Figure);
        }
        let action = self.action(game)?;
        if game.phase() == Phase::Figure {
            self.act(game, action)?;
        }
        if let Step::Tower {
            capture, declined, ..
        } = &self.turn.step
        {
            self.capture(game, capture.as_ref(), *declined)?;
        }
        self.answers(game)
    }

    /// The Tower: the ransom written before the draw.
    fn ransom(&self, game: &mut Game, r: &super::Ransom) -> Result<(), ReplayError> {
        pay_ransom(game, self.players, r).map_err(|k| self.error(k))
    }

    /// The Tower: the capture after the turn's tower piece (none when not
    /// written).
    fn capture(
        &self,
        game: &mut Game,
        capture: Option<&super::Capture>,
        declined: bool,
    ) -> Result<(), ReplayError> {
        let asked = matches!(game.decision(), Some(Decision::Capture { .. }));
        let Some(c) = capture else {
            // A turn written while the capture waits for its answer.
            if asked && (declined || self.stop != Some(Waiting::Answer)) {
                game.choose(Choice::Decline).map_err(|_| {
                    self.decision_error(DecisionReason::Unasked { index: 0 }, Vec::new())
                })?;
            }
            return Ok(());
        };
        let legal: Vec<Choice> = match asked {
            true => game.legal_choices(),
            false => vec![Choice::Decline],
        };
        let segment = match c.on.as_str() {
            "tower" => Some(crate::NO_SEGMENT),
            on => segment_named(game, c.at, on),
        };
        let owner =
            c.of.as_ref()
                .map(|of| self.players.iter().position(|p| p == of).map(|p| p as u8));
        let found: Vec<Choice> = legal
            .iter()
            .copied()
            .filter(|ch| match *ch {
                Choice::Capture { player, figure, at } => {
                    at.pos == c.at
                        && Some(at.segment) == segment
                        && c.kind.is_none_or(|k| k == figure)
                        && owner.is_none_or(|o| o == Some(player))
                }
                _ => false,
            })
            .collect();
        match found[..] {
            [choice] => {
                game.choose(choice).map_err(|_| {
                    self.decision_error(DecisionReason::Unasked { index: 0 }, Vec::new())
                })?;
                Ok(())
            }
            _ => {
                let legal = legal
                    .iter()
                    .map(|&ch| describe_choice(game, self.players, ch))
                    .collect();
                let reason = DecisionReason::NoCapture {
                    at: c.at,
                    on: c.on.clone(),
                };
                Err(self.decision_error(reason, legal))
            }
        }
    }

    /// The turn stops at `self.stop`, which the game must be waiting for.
    fn waits(&self, game: &Game, waiting: bool) -> Result<(), ReplayError> {
        match waiting {
            true => Ok(()),
            false => Err(self.error(not_waiting(game, self.stop))),
        }
    }

    fn error(&self, kind: ReplayErrorKind) -> ReplayError {
        ReplayError {
            turn: self.n,
            tile: self.turn.tile.clone(),
            kind,
        }
    }

    fn decision_error(&self, reason: DecisionReason, legal: Vec<String>) -> ReplayError {
        self.error(ReplayErrorKind::Decision { reason, legal })
    }

    fn kind(&self, game: &Game, id: &str) -> Result<KindId, ReplayError> {
        game.catalog()
            .kind_id(id)
            .ok_or_else(|| self.error(ReplayErrorKind::UnknownTile))
    }

    /// The turn's tiles set aside before its tile.
    fn set_aside(&self, game: &mut Game, id: &str) -> Result<(), ReplayError> {
        set_aside(game, id, |k| self.error(k))
    }

    /// The turn's tile drawn and placed.
    fn draw(&self, game: &mut Game) -> Result<(), ReplayError> {
        let kind = self.kind(game, &self.turn.tile)?;
        let drawn = game
            .draw(kind)
            .map_err(|e| draw_error(game, e, |k| self.error(k)))?;
        let at = Placement {
            pos: self.turn.at,
            rotation: self.turn.rotation,
        };
        if let Drawn::SetAside(kind) = drawn {
            // The tile fits nowhere: why not here.
            let e = game.check_placement_of(kind, at).err();
            return Err(self.error(ReplayErrorKind::Place {
                at,
                error: e.unwrap_or(crate::PlaceError::WrongPhase),
                legal: Vec::new(),
            }));
        }
        game.place(at).map_err(|e| {
            self.error(ReplayErrorKind::Place {
                at,
                error: e,
                legal: game.legal_placements(),
            })
        })
    }

    /// The arrow: a choice when several kinds were activated, else a check of
    /// the one named.
    fn arrow(&self, game: &mut Game) -> Result<(), ReplayError> {
        let arrow_names = |game: &Game| -> Vec<String> {
            game.legal_choices()
                .iter()
                .filter_map(|c| match c {
                    Choice::Arrow(k) => Some(format!("arrow = \"{}\"", k.name())),
                    _ => None,
                })
                .collect()
        };
        if let Some(Decision::Arrow { .. }) = game.decision() {
            let Some(k) = self.turn.arrow else {
                return Err(self.decision_error(DecisionReason::ArrowMissing, arrow_names(game)));
            };
            if game.choose(Choice::Arrow(k)).is_err() {
                return Err(self.decision_error(
                    DecisionReason::ArrowNotActivated { arrow: k },
                    arrow_names(game),
                ));
            }
        } else if let Some(k) = self.turn.arrow {
            let active = game.active_arrow();
            if active != Some(k) {
                return Err(self.decision_error(
                    DecisionReason::ArrowNotActive { arrow: k, active },
                    Vec::new(),
                ));
            }
        }
        Ok(())
    }

    fn spot(&self, game: &Game, pos: Pos, on: &str) -> Result<Spot, ReplayError> {
        match segment_named(game, pos, on) {
            Some(segment) => Ok(Spot { pos, segment }),
            None => Err(self.error(ReplayErrorKind::NoSegment {
                on: on.to_string(),
                names: segment_names(game, pos),
            })),
        }
    }

    /// The figure step as written, resolved against the board.
    fn action(&self, game: &Game) -> Result<Action, ReplayError> {
        let turn = self.turn;
        Ok(match &turn.step {
            Step::Pass => Action::Pass,
            Step::RecallAbbot => Action::RecallAbbot,
            Step::Figure {
                kind,
                on,
                at,
                portal,
            } => match at {
                Some(pos) if on == "tower" && !*portal => Action::TowerFollower {
                    figure: *kind,
                    at: *pos,
                },
                _ if *kind == FigureKind::Barn && crate::CORNER_NAMES.contains(&on.as_str()) => {
                    let c = crate::CORNER_NAMES
                        .iter()
                        .position(|n| n == on)
                        .unwrap_or(0);
                    game.barn_at_corner(c).map_err(|error| {
                        self.error(ReplayErrorKind::Figure {
                            step: format!("barn on {on}"),
                            error,
                            legal: game
                                .legal_actions()
                                .iter()
                                .map(|&a| describe(game, turn.at, a))
                                .collect(),
                        })
                    })?
                }
                Some(pos) if *pos != turn.at || *portal => Action::Portal {
                    figure: *kind,
                    at: self.spot(game, *pos, on)?,
                },
                _ => Action::Place {
                    figure: game.record_figure(*kind),
                    segment: self.spot(game, turn.at, on)?.segment,
                },
            },
            Step::Add { kind, at, on } => Action::AddNextTo {
                figure: *kind,
                at: self.spot(game, *at, on)?,
            },
            Step::Return { kind, at, on } => {
                let at = self.spot(game, *at, on)?;
                let me = game.current_player();
                let figure = kind.or_else(|| {
                    game.figures()
                        .iter()
                        .find(|f| f.player == me && f.spot() == at)
                        .map(|f| f.kind)
                });
                Action::Return {
                    at,
                    figure: figure.unwrap_or(FigureKind::Follower),
                }
            }
            Step::Free { kind, at } => Action::Free {
                at: *at,
                figure: *kind,
            },
            Step::Princess { at, on } => Action::Princess {
                at: self.spot(game, *at, on)?,
            },
            Step::Fairy { at, on } => Action::Fairy {
                at: self.spot(game, *at, on)?,
            },
            Step::Tower { at, .. } => Action::TowerPiece { at: *at },
        })
    }

    fn act(&self, game: &mut Game, action: Action) -> Result<(), ReplayError> {
        let at = self.turn.at;
        game.act(action).map_err(|e| {
            let legal = game
                .legal_actions()
                .iter()
                .map(|&a| describe(game, at, a))
                .collect();
            self.error(ReplayErrorKind::Figure {
                step: describe(game, at, action),
                error: e,
                legal,
            })
        })
    }

    /// Decisions after scoring, answered from `then` (declined when not
    /// named; in a turn that stops at an answer, the first not named waits).
    fn answers(&self, game: &mut Game) -> Result<(), ReplayError> {
        let mut used = vec![false; self.turn.then.len()];
        let open = self.stop == Some(Waiting::Answer);
        let mut moves = self.turn.dragon.iter();
        while let Some(d) = game.decision() {
            if let Decision::Dragon { player } = d {
                let name = self.players.get(usize::from(player)).cloned();
                let player = name.unwrap_or_default();
                let Some(&dir) = moves.next() else {
                    if open {
                        break;
                    }
                    let reason = DecisionReason::Dragon {
                        player,
                        written: None,
                    };
                    return Err(self.decision_error(reason, self.legal_text(game)));
                };
                if game.choose(Choice::Dragon { dir }).is_err() {
                    let written = Some(DIRS[usize::from(dir & 3)].to_string());
                    let reason = DecisionReason::Dragon { player, written };
                    return Err(self.decision_error(reason, self.legal_text(game)));
                }
                continue;
            }
            let Some(choice) = self.answer(game, d, &mut used, open)? else {
                break;
            };
            if let Err(e) = game.choose(choice) {
                let (player, figure) = self.asked(game, d);
                return Err(self.decision_error(
                    DecisionReason::NotPossible {
                        player,
                        figure,
                        choice: describe_choice(game, self.players, choice),
                        error: e,
                    },
                    self.legal_text(game),
                ));
            }
        }
        if let Some(i) = used.iter().position(|u| !u) {
            return Err(self.decision_error(DecisionReason::Unasked { index: i }, Vec::new()));
        }
        let left = moves.len();
        if left > 0 && !open {
            return Err(self.decision_error(DecisionReason::DragonUnasked { left }, Vec::new()));
        }
        match open {
            true => self.waits(game, game.decision().is_some()),
            false => Ok(()),
        }
    }

    fn legal_text(&self, game: &Game) -> Vec<String> {
        game.legal_choices()
            .iter()
            .map(|c| describe_choice(game, self.players, *c))
            .collect()
    }

    /// Who decides `d`, and about which figure (arrow choices were settled
    /// before the figure step).
    fn asked(&self, game: &Game, d: Decision) -> (String, FigureKind) {
        let (who, figure) = match d {
            Decision::Mayor { player, .. } => (player, FigureKind::Mayor),
            Decision::Scarecrow { player, .. } => (player, FigureKind::Scarecrow),
            Decision::Messenger { player, .. } => (player, FigureKind::Messenger),
            Decision::Wagon { player, .. } => (player, FigureKind::Wagon),
            _ => (game.current_player(), FigureKind::Follower),
        };
        let name = self.players.get(usize::from(who)).cloned();
        (name.unwrap_or_default(), figure)
    }

    /// The first unused answer of `then` for `d`, as a choice (a decline when
    /// none is written; `None` then when the turn is `open`: it waits there).
    fn answer(
        &self,
        game: &Game,
        d: Decision,
        used: &mut [bool],
        open: bool,
    ) -> Result<Option<Choice>, ReplayError> {
        let (name, figure) = self.asked(game, d);
        let found = self.turn.then.iter().enumerate().find(|(i, a)| {
            !used[*i] && a.player.as_ref().is_none_or(|p| *p == name) && a.what.figure() == figure
        });
        let Some((i, a)) = found else {
            return Ok((!open).then_some(Choice::Decline));
        };
        used[i] = true;
        Ok(Some(match &a.what {
            AnswerKind::MayorDecline
            | AnswerKind::ScarecrowReturn
            | AnswerKind::MessengerReturn
            | AnswerKind::WagonReturn => Choice::Decline,
            AnswerKind::HandOver => Choice::HandOver,
            AnswerKind::LieDown => Choice::LieDown,
            AnswerKind::MessengerMove { at, on } | AnswerKind::WagonMove { at, on } => {
                Choice::Move {
                    to: self.spot(game, *at, on)?,
                }
            }
            AnswerKind::MayorSwap { at, on, of } => {
                let at = self.spot(game, *at, on)?;
                let who = d.player();
                let owner = match of {
                    Some(of) => self.players.iter().position(|p| p == of).map(|p| p as u8),
                    None => game
                        .figures()
                        .iter()
                        .find(|f| {
                            f.spot() == at && f.player != who && f.kind == FigureKind::Follower
                        })
                        .map(|f| f.player),
                };
                let Some(owner) = owner else {
                    return Err(self.decision_error(
                        DecisionReason::NoSwap {
                            player: name,
                            at: at.pos,
                            on: on.clone(),
                        },
                        self.legal_text(game),
                    ));
                };
                Choice::Swap { player: owner, at }
            }
        }))
    }
}

/// The Tower: plays the ransom `r` (paid by the player to move to the player
/// `r` names), or says why not with the legal ransoms.
fn pay_ransom(
    game: &mut Game,
    players: &[String],
    r: &super::Ransom,
) -> Result<(), ReplayErrorKind> {
    let legal = |game: &Game| {
        let mut moves = Vec::new();
        if game.phase() == Phase::Draw {
            game.legal_moves_into(&mut moves);
        }
        moves
            .iter()
            .filter_map(|m| match *m {
                crate::Move::Ransom { holder, figure } => Some(format!(
                    "ransom = {{ player = \"{}\", kind = \"{figure}\" }}",
                    players.get(usize::from(holder)).map_or("?", String::as_str)
                )),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    let holder = players.iter().position(|p| *p == r.player);
    let m = crate::Move::Ransom {
        holder: holder.map_or(u8::MAX, |h| h as u8),
        figure: r.kind,
    };
    match game.play(m) {
        Ok(()) => Ok(()),
        Err(e) => {
            let error = match e {
                crate::MoveError::Ransom(e) => e,
                _ => crate::ActError::WrongPhase,
            };
            let reason = DecisionReason::Ransom {
                player: r.player.clone(),
                error,
            };
            Err(ReplayErrorKind::Decision {
                reason,
                legal: legal(game),
            })
        }
    }
}

/// A spot as a record writes it.
fn describe_spot(game: &Game, s: Spot) -> String {
    format!(
        "at = [{}, {}], on = \"{}\"",
        s.pos.x,
        s.pos.y,
        first_word(segment_name(game, s.pos, s.segment))
    )
}

/// A choice as a record writes it.
fn describe_choice(game: &Game, players: &[String], c: Choice) -> String {
    let spot = |s: Spot| describe_spot(game, s);
    match c {
        Choice::Arrow(k) => format!("arrow = \"{}\"", k.name()),
        Choice::Decline => "decline".to_string(),
        Choice::Swap { player, at } => format!(
            "{{ mayor = \"swap\", {}, of = \"{}\" }}",
            spot(at),
            players.get(usize::from(player)).map_or("?", String::as_str)
        ),
        Choice::HandOver => "{ scarecrow = \"hand-over\" }".to_string(),
        Choice::LieDown => "{ scarecrow = \"lie-down\" }".to_string(),
        Choice::Move { to } => match game.decision() {
            Some(Decision::Wagon { .. }) => format!("{{ wagon = \"move\", {} }}", spot(to)),
            _ => format!("{{ messenger = \"move\", {} }}", spot(to)),
        },
        Choice::Dragon { dir } => format!("\"{}\"", DIRS[usize::from(dir & 3)]),
        Choice::Capture { player, figure, at } => {
            let on = match at.segment {
                crate::NO_SEGMENT => "tower".to_string(),
                s => first_word(segment_name(game, at.pos, s)),
            };
            format!(
                "capture = {{ at = [{}, {}], on = \"{on}\", kind = \"{figure}\", of = \"{}\" }}",
                at.pos.x,
                at.pos.y,
                players.get(usize::from(player)).map_or("?", String::as_str)
            )
        }
    }
}

/// The segment of the tile at `pos` that `on` names: a board port, or the kind of
/// the one segment of that kind that touches no port, or (several such: the two
/// enclosed fields of `abbey-mayor/C`) the segment's name in the tile's
/// definition.
fn segment_named(game: &Game, pos: Pos, on: &str) -> Option<u8> {
    if let Some(port) = PORT_NAMES.iter().position(|&p| p == on) {
        return game.segment_at_port(pos, port);
    }
    let tile = game.tile_at(pos)?;
    let segs = &game.catalog().kind(tile.kind).segments;
    let mut named = segs
        .iter()
        .enumerate()
        .filter(|(_, s)| s.ports == 0 && s.kind.name() == on);
    match (named.next(), named.next()) {
        (Some((i, _)), None) => Some(i as u8),
        _ => segs
            .iter()
            .position(|s| s.ports == 0 && s.name == on)
            .map(|i| i as u8),
    }
}

/// The name a record uses for segment `seg` of the tile at `pos`: the first edge
/// middle (`N`, `E`, `S`, `W`) it holds as on the board, else its first port, or its
/// kind when it touches no port.
pub(super) fn segment_name(game: &Game, pos: Pos, seg: u8) -> String {
    let holds = |p: &usize| game.segment_at_port(pos, *p) == Some(seg);
    let port = [1, 4, 7, 10]
        .into_iter()
        .find(holds)
        .or_else(|| (0..12).find(holds));
    let segs = game
        .tile_at(pos)
        .map(|t| &game.catalog().kind(t.kind).segments[..])
        .unwrap_or_default();
    let this = segs.get(usize::from(seg));
    let kind = this.map_or("?", |s| s.kind.name());
    // A segment touching no port whose kind another such shares: its name.
    let alike = |s: &&crate::tile::Segment| this.is_some_and(|t| s.ports == 0 && s.kind == t.kind);
    match (port, this) {
        (Some(p), _) => format!("{} ({kind})", PORT_NAMES[p]),
        (None, Some(t)) if segs.iter().filter(alike).count() > 1 => t.name.to_string(),
        (None, _) => kind.to_string(),
    }
}

fn segment_names(game: &Game, pos: Pos) -> Vec<String> {
    let count = game
        .tile_at(pos)
        .map_or(0, |t| game.catalog().kind(t.kind).segments.len());
    (0..count as u8)
        .map(|s| segment_name(game, pos, s))
        .collect()
}

fn describe(game: &Game, pos: Pos, action: Action) -> String {
    match action {
        Action::Place {
            figure: FigureKind::Barn,
            segment,
        } => match game.barn_corner_of(pos, segment) {
            Some(c) => format!("barn on {}", crate::CORNER_NAMES[c]),
            None => format!("barn on {}", segment_name(game, pos, segment)),
        },
        Action::Place { figure, segment } => {
            format!("{figure} on {}", segment_name(game, pos, segment))
        }
        Action::RecallAbbot => "recall = \"abbot\"".to_string(),
        Action::Portal { figure, at } => format!(
            "figure = {{ kind = \"{figure}\", at = [{}, {}], on = \"{}\" }}",
            at.pos.x,
            at.pos.y,
            first_word(segment_name(game, at.pos, at.segment))
        ),
        Action::AddNextTo { figure, at } => format!(
            "add = {{ kind = \"{figure}\", at = [{}, {}], on = \"{}\" }}",
            at.pos.x,
            at.pos.y,
            first_word(segment_name(game, at.pos, at.segment))
        ),
        Action::Return { figure, at } => format!(
            "return = {{ kind = \"{figure}\", at = [{}, {}], on = \"{}\" }}",
            at.pos.x,
            at.pos.y,
            first_word(segment_name(game, at.pos, at.segment))
        ),
        Action::Free { figure, at } => {
            format!(
                "free = {{ kind = \"{figure}\", at = [{}, {}] }}",
                at.x, at.y
            )
        }
        Action::Princess { at } => format!("princess = {{ {} }}", describe_spot(game, at)),
        Action::Fairy { at } => format!("fairy = {{ {} }}", describe_spot(game, at)),
        Action::TowerPiece { at } => format!("tower = {{ at = [{}, {}] }}", at.x, at.y),
        Action::TowerFollower { figure, at } => format!(
            "figure = {{ kind = \"{figure}\", at = [{}, {}], on = \"tower\" }}",
            at.x, at.y
        ),
        Action::Pass => Action::Pass.to_string(),
    }
}

/// The dragon's directions as a record writes them.
pub(super) const DIRS: [&str; 4] = ["N", "E", "S", "W"];

pub(super) fn first_word(s: String) -> String {
    s.split(' ').next().unwrap_or("?").to_string()
}

/// Compares the final scores with `[expect]`, naming the first difference.
pub fn check_expect(record: &Record, game: &Game) -> Result<(), String> {
    let Some(expected) = &record.expect_scores else {
        return Ok(());
    };
    let scores = game.scores();
    let all = || {
        let parts: Vec<String> = record
            .players
            .iter()
            .zip(scores)
            .map(|(p, s)| format!("{p} {s}"))
            .collect();
        parts.join(", ")
    };
    for (i, (&want, &got)) in expected.iter().zip(scores).enumerate() {
        if want != got {
            let who = record.players.get(i).map_or("?", String::as_str);
            return Err(format!(
                "expect.scores[{i}] ({who}): expected {want}, got {got} (final scores: {})",
                all()
            ));
        }
    }
    Ok(())
}
